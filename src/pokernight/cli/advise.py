"""``pokernight advise GAME``: the legal decisions of a position, ranked by estimated value.

The game's advisor comes from the catalog and says what it advises on: the cards a seat
holds (``--state 'As Kd ...'``), a position as text (``--state``, the form
``cli/advise_state.py`` reads), or a point in a hand record (``--record FILE --hand I --at K``:
the position after K actions, advised for the seat to act from that seat's view only).
``--option`` sets the game's options for a position given as text or cards; a recorded hand
keeps the options it was played under.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import Annotated

import typer

from pokernight.cards import parse_cards
from pokernight.catalog import CATALOG, Entry
from pokernight.cli.advise_state import parse_position
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import HAND, SEED, Whole, game_options, option_help
from pokernight.engine.advice import Advisor, Ask, Choice
from pokernight.engine.protocol import HandState
from pokernight.engine.spec import Choices
from pokernight.errors import InvalidRules
from pokernight.history.record import GameRecord, deal, load_records, steps

AT = Whole(0, 1_000_000, " actions")
SAMPLES = Whole(0, 100_000, " samples")
"""Pai Gow's sampled dealer hands take 15 µs each; a rollout sample a few milliseconds, so
100,000 of them run for minutes, under a progress bar."""


def _recorded(record: Path | None, hand: int, at: int, game: str) -> tuple[GameRecord, HandState]:
    """The record's hand after ``at`` actions, a seat to act."""
    if record is None:
        raise InvalidRules(f"{game} advice needs a position: --record FILE --hand I --at K")
    records = load_records(record)
    if not 1 <= hand <= len(records):
        raise InvalidRules(f"--hand must be 1 to {len(records)}")
    chosen = records[hand - 1]
    if chosen.game.name != game:
        raise InvalidRules(f"{chosen.where} is a {chosen.game.name} hand, not {game}")
    if not 0 <= at < len(chosen.actions):
        raise InvalidRules(f"--at must be 0 to {len(chosen.actions) - 1} for {chosen.where}")
    state = deal(chosen)
    for _ in islice(steps(chosen, state), at):
        pass
    if state.to_act() is None:
        raise InvalidRules(f"{chosen.where}: the hand is over after {at} actions: no one to advise")
    return chosen, state


def advisor_of(game: str) -> tuple[Entry, Advisor]:
    """The game and its advisor; an unknown game or one with no advisor is refused alike."""
    found = CATALOG.get(game)
    advisor = None if found is None else found.advisor
    if found is None or advisor is None:
        offered = ", ".join(name for name, e in CATALOG.items() if e.advisor is not None)
        raise InvalidRules(f"advice is available for {offered}, not {game!r}")
    return found, advisor


def advice(
    game: Entry,
    advisor: Advisor,
    state: str | None,
    choices: Choices,
    where: tuple[Path | None, int, int],
) -> Callable[[Ask], list[Choice]]:
    """The advisor's work on the position ``--state`` gives, else on the recorded point
    ``where`` (file, hand, actions): checked and read now, run when asked."""
    spec = game.spec
    if state is not None and (from_cards := advisor.from_cards) is not None:
        options = spec.configure(spec.options, spec.default_seats, choices)
        cards = parse_cards(state)
        return lambda ask: from_cards(cards, options, ask)
    if state is not None and (from_position := advisor.from_position) is not None:
        position = parse_position(game.name, state, choices)
        return lambda ask: from_position(position, ask)
    if (from_view := advisor.from_view) is None:
        raise InvalidRules(f"{game.name} advice needs the cards: --state 'As Kd ...'")
    if state is not None:
        raise InvalidRules(
            f"{game.name} advice takes a recorded position: --record FILE --hand I --at K"
        )
    if choices:
        raise InvalidRules("--option sets a new position's options: a recorded hand keeps its own")
    chosen, dealt = _recorded(*where, game.name)
    seat = dealt.to_act()
    assert seat is not None
    view = dealt.view(seat)
    return lambda ask: from_view(view, chosen.game.options, chosen.table, ask)


def advise_command(
    game: Annotated[str, typer.Argument(help=", ".join(CATALOG))],
    state: Annotated[
        str | None,
        typer.Option(
            "--state",
            help="the cards held (e.g. 'As Kd 7h 7c 2s') where the game is advised from cards, "
            "else a position, e.g. 'seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1, "
            "call' (every field: docs/programs/advisor.md)",
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="hand records, for a recorded position")
    ] = None,
    hand: Annotated[int, typer.Option("--hand", parser=HAND, help="the record (1 = first)")] = 1,
    at: Annotated[
        int, typer.Option("--at", parser=AT, help="the position after this many actions")
    ] = 0,
    samples: Annotated[
        int,
        typer.Option("--samples", parser=SAMPLES, help="samples (0: the game's advisor's own)"),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="seed of the samples")] = 0,
    opponents: Annotated[
        str | None,
        typer.Option(
            "--opponents",
            help="rollouts: how the other seats play, one of the game's models or one per "
            "other seat (the models: docs/programs/advisor.md)",
        ),
    ] = None,
    me: Annotated[
        str | None,
        typer.Option("--self", help="rollouts: how your seat plays on after the decision"),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help=option_help(CATALOG))] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Rank the legal decisions of a position by estimated value, with 95% intervals.

    A position as text (--state), fields separated by ';' (seats from 0):
    seats N; dealer D; seat S (yours); cards (yours now);
    history: every action since the deal in turn order, comma-separated;
    yours name your cards ('discard Kd'), others' draws 'discard ?' (a ? a card),
    their orientations 'orient'; drew: the cards your draw brought;
    optional stakes (one per seat) and carry.
    """
    found, advisor = advisor_of(game)
    choices = game_options(option)
    found.spec.check_choices(choices)
    work = advice(found, advisor, state, choices, (record, hand, at))
    if advisor.warm is not None:
        what, warm = advisor.warm
        with compiling(what) as bar:
            warm(bar)
    with LazyBar("advising", advisor.unit) as bar:
        choices_ranked = work(Ask(samples or advisor.samples, seed, opponents, me, bar))
    if as_json:
        rows = [c.to_json() for c in choices_ranked]
        print(json.dumps({"game": game, "method": advisor.method, "choices": rows}))
        return
    print(advisor.method)
    width = max(24, *(len(c.action) for c in choices_ranked))
    for i, c in enumerate(choices_ranked, start=1):
        half = (c.ci95[1] - c.ci95[0]) / 2
        print(f"{i:>3}. {c.action:<{width}} {c.value:+.4f} ± {half:.4f}")
