"""``pokernight advise GAME``: the legal decisions of a position, ranked by estimated value.

Five-card draw and Pai Gow take the cards (``--state``); Hurricane and High-Low take a
position as text (``--state``, the form ``cli/advise_state.py`` reads) or a point in a hand
record; Big Two takes a point in a hand record (``--record FILE --hand I --at K``: the position
after K actions). A recorded position is advised for the seat to act from that seat's view
only.
"""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import Annotated

import typer

from pokernight.bots.advice import DRAW_RULES, advise_draw
from pokernight.bots.bigtwo_advice import advise_bigtwo
from pokernight.bots.paigow import advise as advise_paigow
from pokernight.bots.ranking import Choice
from pokernight.bots.rollout_advice import advise_position
from pokernight.bots.worlds import advice_position
from pokernight.cards import parse_cards
from pokernight.cli.advise_state import parse_position
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import HAND, SEED, Whole
from pokernight.engine.actions import Action, Kind
from pokernight.engine.protocol import HandState
from pokernight.engine.worlds import Position
from pokernight.errors import InvalidRules
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.highlow.game import HighLowOptions
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.hands.batch import warm
from pokernight.history.record import GameRecord, deal, load_records, steps

METHODS = {
    "draw": "exact: every draw from the 47 unseen cards; value = share of all five-card hands "
    "beaten after the draw (ties half)",
    "paigow": "sampled dealer hands set by the house way (the same sample for every setting); "
    "value = expected result per unit wagered",
    "bigtwo": "determinized rollouts: unseen cards dealt at random, played out by greedy "
    "players; value = net for the seat to act (minus the cards left)",
    "hurricane": "determinized rollouts: unseen cards dealt at random, every decision played out "
    "on the same deals by the assumed strategies; value = the seat's net chips for the hand",
    "highlow": "determinized rollouts: unseen cards dealt at random, every decision played out "
    "on the same deals by the assumed players; value = the seat's net chips for the hand",
}
ROLLOUTS = ("hurricane", "highlow")
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


def _bigtwo(
    record: Path | None, hand: int, at: int, samples: int, seed: int, bar: LazyBar
) -> list[Choice]:
    chosen, state = _recorded(record, hand, at, "bigtwo")
    assert isinstance(chosen.game.options, BigTwoOptions)
    seat = state.to_act()
    assert seat is not None
    return advise_bigtwo(state.view(seat), chosen.game.options, samples, seed, bar)


def _position(game: str, state: str | None, record: Path | None, hand: int, at: int) -> Position:
    """The position to advise: the text given, else the recorded seat's view."""
    if state is not None:
        return parse_position(game, state)
    chosen, dealt = _recorded(record, hand, at, game)
    options = chosen.game.options
    assert isinstance(options, (HurricaneOptions, HighLowOptions))
    seat = dealt.to_act()
    assert seat is not None
    return advice_position(dealt.view(seat), options, chosen.table)


def advise_command(
    game: Annotated[str, typer.Argument(help="draw, paigow, bigtwo, hurricane or highlow")],
    state: Annotated[
        str | None,
        typer.Option(
            "--state",
            help="draw: 5 cards; paigow: 7 cards; hurricane/highlow: a position, e.g. "
            "'seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1, call' (README: advise)",
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="bigtwo/hurricane/highlow: hand records")
    ] = None,
    hand: Annotated[int, typer.Option("--hand", parser=HAND, help="the record (1 = first)")] = 1,
    at: Annotated[
        int, typer.Option("--at", parser=AT, help="the position after this many actions")
    ] = 0,
    samples: Annotated[
        int,
        typer.Option("--samples", parser=SAMPLES, help="samples (0: paigow 4,000, others 200)"),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", parser=SEED, help="seed of the samples")] = 0,
    opponents: Annotated[
        str | None,
        typer.Option(
            "--opponents",
            help="hurricane: mix (default: a strategy drawn per sample) or one of the seven; "
            "highlow: pat (default), value or random; one name, or one per other seat",
        ),
    ] = None,
    me: Annotated[
        str | None,
        typer.Option("--self", help="how your seat plays on after the decision (hilo; pat)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Rank the legal decisions of a position by estimated value, with 95% intervals.

    Hurricane/High-Low --state, fields separated by ';' (seats from 0):
    seats N; dealer D; seat S (yours); cards (yours now);
    history: every action since the deal in turn order, comma-separated;
    yours name your cards ('discard Kd'), others' draws 'discard ?' (a ? a card),
    their orientations 'orient'; drew: the cards your draw brought;
    optional stakes (one per seat) and carry.
    """
    if game not in METHODS:
        raise InvalidRules(f"advice is available for {', '.join(METHODS)}, not {game!r}")
    if game == "bigtwo":
        with LazyBar("advising", "rollouts") as bar:
            choices = _bigtwo(record, hand, at, samples or 200, seed, bar)
    elif game in ROLLOUTS:
        position = _position(game, state, record, hand, at)
        with LazyBar("advising", "samples") as bar:
            choices = advise_position(position, opponents, me, samples or 200, seed, bar)
    elif state is None:
        raise InvalidRules(f"{game} advice needs the cards: --state 'As Kd ...'")
    elif game == "draw":
        held = parse_cards(state)
        with compiling("the hand-ranking kernel") as bar:
            warm(DRAW_RULES, bar)
        with LazyBar("advising", "discards") as bar:
            choices = advise_draw(held)
    else:
        cards = parse_cards(state)
        if len(cards) != 7 or len(set(cards)) != 7:
            raise InvalidRules("Pai Gow advice needs seven different cards")
        advice = advise_paigow(cards, samples=samples or 4000, seed=seed)
        choices = [
            Choice(str(Action(Kind.SET, cards=front)), mean, (mean - half, mean + half))
            for front, mean, half in advice.ranked
        ]
    if as_json:
        rows = [c.to_json() for c in choices]
        print(json.dumps({"game": game, "method": METHODS[game], "choices": rows}))
        return
    print(METHODS[game])
    width = max(24, *(len(c.action) for c in choices))
    for i, c in enumerate(choices, start=1):
        half = (c.ci95[1] - c.ci95[0]) / 2
        print(f"{i:>3}. {c.action:<{width}} {c.value:+.4f} ± {half:.4f}")
