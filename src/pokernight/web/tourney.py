"""A table played as a sit-and-go: its structure as the lobby's form sends it and the table
stores it, the match it plays (``engine.sit_and_go.SitAndGo``), how far it has come as stored
with each hand (so a restart resumes it), and what it writes to the ledger.

Money moves twice and never in between: at the first hand every seat buys in (each entrant's
account pays the buy-in into the house's pool; a computer's seat is the house's own), and at
the last the pool is paid out by place to the accounts that bought in. The hands between move
tournament chips only, so nothing is written for them; each hand's entries sum to zero as
every hand's do. A person who leaves keeps their seat: it is played by the timeout rule until
it is out, and a prize it wins is still theirs.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pokernight.catalog import Seating, entry, house_computers, seat_table, stage
from pokernight.engine.protocol import Game, TableState
from pokernight.engine.sit_and_go import SitAndGo, Stage
from pokernight.engine.structure import Payouts, Schedule, Structure, ordinal
from pokernight.engine.table import Match
from pokernight.errors import InvalidRules, PokernightError
from pokernight.web.commands import (
    AddComputer,
    AskChips,
    AskSeat,
    ChooseGame,
    Command,
    RebuyLimit,
    RemoveComputer,
    Settings,
    Sit,
    TopUp,
)
from pokernight.web.messages import PlaceInfo, TournamentInfo
from pokernight.web.store import TableRow

LEVEL = "sit_and_go_level"
"""The key under which a sit-and-go's stored hand keeps the level it was dealt at, beside the
table's options: the hand is replayed (records, history, a restart) under that level's game."""


class SitAndGoRequest(BaseModel):
    """``POST /api/tables``'s ``sit_and_go``: the buy-in each seat pays once, the chips each
    starts with, the hands (or minutes, ``minutes``) a level lasts, the payouts by place
    (``65/35``, ``winner-takes-all``) and, for a game decided by hands (Pai Gow), how many."""

    model_config = ConfigDict(extra="forbid")
    buy_in: int = Field(default=100, ge=0, le=1_000_000_000)
    chips: int = Field(default=100, ge=1, le=1_000_000_000)
    levels_every: int = Field(default=10, ge=1, le=10_000)
    minutes: bool = False
    payouts: str = Field(default="65/35", max_length=60)
    hands: int = Field(default=30, ge=1, le=10_000)

    def structure(self) -> Structure:
        """The structure (its payouts checked: ``InvalidRules`` when they do not parse)."""
        schedule = Schedule(self.levels_every, self.minutes)
        return Structure(self.buy_in, self.chips, schedule, Payouts.parse(self.payouts), self.hands)


MIX = "mix"
"""The key under which a mixed sit-and-go's stored structure keeps its games in turn, a level
each: every game's name, options and computers (seat → bot), the first the table's own."""

Mix = list[tuple[str, dict[str, str], dict[int, str]]]


def mix_of(game: str, options: dict[str, str], computers: dict[int, str], games: list[str]) -> Mix:
    """The games a sit-and-go plays in turn: the table's, then the others of its list (each
    under its own defaults, its computers the house's players)."""
    others = [name for name in dict.fromkeys(games) if name != game]
    return [(game, options, computers)] + [
        (name, {}, house_computers(name, computers)) for name in others
    ]


def check(
    game: str,
    seats: int,
    computers: dict[int, str],
    options: dict[str, str],
    request: SitAndGoRequest,
    games: list[str],
) -> None:
    """A sit-and-go of games that have one, of two seats or more; with a list of games, a
    mixed one of games of chips (a game of points has no stakes to rise or chips to carry),
    each game's first level seated as it would be played."""
    if seats < 2:
        raise InvalidRules("a sit-and-go needs two seats or more")
    structure = request.structure()
    mix = mix_of(game, options, computers, games)
    for name, choices, bots in mix:
        spec = entry(name).spec
        form = spec.rules.sit_and_go
        if form is None:
            raise InvalidRules(f"{spec.title} has no sit-and-go")
        if len(mix) > 1 and form.level is None:
            raise InvalidRules(
                f"a mixed sit-and-go plays games of chips, their stakes rising: not {spec.title}"
            )
        seat_table(name, 0, seats, bots, choices, structure)


def stored(
    request: SitAndGoRequest, game: str, options: dict[str, str], computers: dict[int, str],
    games: list[str],
) -> dict[str, Any]:  # fmt: skip
    """What the table keeps of its sit-and-go: the request, and a mixed one's games."""
    kept = request.model_dump()
    mix = mix_of(game, options, computers, games)
    if len(mix) > 1:
        kept[MIX] = [
            [name, choices, {str(seat): bot for seat, bot in bots.items()}]
            for name, choices, bots in mix
        ]
    return kept


def stages(
    seating: Seating, stored: dict[str, Any], structure: Structure
) -> list[Stage]:  # fmt: skip
    """The games the sit-and-go plays in turn (one, unless it is mixed), at their first
    levels."""
    if MIX not in stored:
        return [stage(seating.game)]
    seats = seating.table.seats
    rng = random.Random(0)  # the options alone are wanted: a game's are not drawn
    return [
        stage(entry(name).spec.make(seats, choices, rng, structure.chips)[0])
        for name, choices, _ in stored[MIX]
    ]


def stage_row(row: TableRow, match: Match) -> TableRow | None:
    """The table as it plays the game of the level in play of a mixed sit-and-go, where
    that is not the game it played last (None: the same game)."""
    if not isinstance(match, SitAndGo) or row.tournament is None or MIX not in row.tournament:
        return None
    if match.over() is not None:  # no hand is dealt at the level it ended at
        return None
    mix = row.tournament[MIX]
    name, options, computers = mix[match.level % len(mix)]
    if name == row.game:
        return None
    # the computers' seats are the table's (fixed once it began, not as it was made): each
    # plays the game's house player, or the one the table was made with for its own game
    named = {int(seat): bot for seat, bot in computers.items()}
    house = house_computers(name, row.computers)
    bots = {seat: named.get(seat, house[seat]) for seat in sorted(row.computers)}
    return replace(row, game=name, options=options, computers=bots)


def info(match: Match) -> TournamentInfo | None:
    """What every page shows of a sit-and-go (None: a cash table): its structure, its level,
    and the places, those of the seats out as they went, every seat's once it is over."""
    if not isinstance(match, SitAndGo):
        return None
    if match.over() is not None:
        places = [
            PlaceInfo(seat=row.seat, place=ordinal(row.place), prize=row.prize)
            for row in match.standings()
        ]
    else:
        places, worse = [], 0
        for group in match.finished:  # the earliest out, the worst place, first
            place = ordinal(match.table.seats - worse - len(group) + 1)
            places = [PlaceInfo(seat=s, place=place) for s in group] + places
            worse += len(group)
    level = match.level_words() if match.over() is None else None  # over: nothing is next
    return TournamentInfo(words=match.words(), level=level, places=places)


def refuse(command: Command, sit_and_go: bool, begun: bool) -> None:
    """Refuse what a sit-and-go does not take (``PokernightError``): every seat buys in
    once, so no chips are added; a seat is taken, by a person or a computer, before the
    first hand (``begun``) or not at all, and a computer's stays; nobody chooses its games
    or puts a value on its points. Anything at a cash table goes on."""
    if not sit_and_go:
        return
    if isinstance(command, AskChips | TopUp | RebuyLimit):
        raise PokernightError("a sit-and-go has no rebuys or top-ups: every seat bought in once")
    if isinstance(command, Settings) and {"games", "chooser", "point_value"} & set(command.chosen):
        raise PokernightError(
            "a sit-and-go's games and prizes are its own: no dealer's choice, no point value"
        )
    if isinstance(command, ChooseGame):
        raise PokernightError("a sit-and-go plays its games on its schedule: none is chosen")
    if begun and isinstance(command, Sit | AskSeat):
        raise PokernightError("the sit-and-go has begun: watch it, or sit at the next one")
    if begun and isinstance(command, AddComputer | RemoveComputer):
        raise PokernightError("the sit-and-go has begun: its seats stay as they are to its end")


def structure_of(stored: dict[str, Any] | None) -> Structure | None:
    if stored is None:
        return None
    return SitAndGoRequest(**{k: v for k, v in stored.items() if k != MIX}).structure()


def match_of(seating: Seating, seed: int, stored: dict[str, Any] | None) -> Match:
    """The match a table plays (no players: the live table asks each seat itself), its hands
    dealt from ``seed``: a sit-and-go where ``stored`` says so, its clock the wall's (a
    schedule by minutes outlives a restart: the start is stored)."""
    structure = structure_of(stored)
    if structure is None or stored is None:
        return Match(seating.game, [], seed, seating.table)
    return SitAndGo(
        stages(seating, stored, structure), structure, seating.table, [], seed, clock=time.time
    )


def resume(match: Match, standing: dict[str, Any] | None) -> None:
    """Where a sit-and-go had come to, as stored with its last finished hand."""
    if standing is None or not isinstance(match, SitAndGo):
        return
    match.started = float(standing["started"])
    match.finished = [tuple(group) for group in standing["finished"]]
    level = int(standing["level"])
    if level != match.level:
        match.play_at(level)


def standing_of(match: SitAndGo, entrants: list[int]) -> dict[str, Any]:
    """How far the sit-and-go has come, to store with the hand just finished (once it is
    over, its places and prizes too: a league's standings read them)."""
    standing: dict[str, Any] = {
        "started": match.started,
        "level": match.level,
        "finished": [list(group) for group in match.finished],
        "entrants": entrants,
    }
    if match.over() is not None:
        standing["places"] = [[r.seat, ordinal(r.place), r.prize] for r in match.standings()]
    return standing


def hand_options(options: dict[str, str], match: Match) -> dict[str, str]:
    """A hand's stored options: the table's, and a sit-and-go's level it is dealt at."""
    return {**options, LEVEL: str(match.level)} if isinstance(match, SitAndGo) else options


def level_game(match: Match, options: dict[str, str]) -> tuple[dict[str, str], Game | None]:
    """A stored hand's table options, and the game of the sit-and-go level it was dealt at
    (None: a cash table's hand)."""
    if LEVEL not in options or not isinstance(match, SitAndGo):
        return options, None
    rest = {k: v for k, v in options.items() if k != LEVEL}
    return rest, match.game_at(int(options[LEVEL]))


def settled(
    match: Match, entrants: list[int], holders: list[int], house: int
) -> tuple[dict[int, int] | None, dict[str, Any] | None]:
    """A sit-and-go hand's ledger entries and the standing to store with it (None, None: a
    cash table's hand). The buy-ins go with its first hand (every seat's account as it was
    dealt: ``entrants`` is filled with them, kept for the prizes), the prizes with its last,
    nothing between."""
    if not isinstance(match, SitAndGo):
        return None, None
    parts = []
    if not entrants:
        entrants.extend(holders)
        parts.append(buy_ins(entrants, house, match.structure.buy_in))
    if match.over() is not None:
        parts.append(prizes(match, entrants, house))
    return merged(*parts), standing_of(match, entrants)


def buy_ins(entrants: list[int], house: int, buy_in: int) -> dict[int, int]:
    """Every seat's buy-in into the house's pool, by account (a computer's seat is the
    house's: it pays itself)."""
    entries: dict[int, int] = {}
    for account in entrants:
        entries[account] = entries.get(account, 0) - buy_in
    entries[house] = entries.get(house, 0) + buy_in * len(entrants)
    return entries


def prizes(match: SitAndGo, entrants: list[int], house: int) -> dict[int, int]:
    """The pool paid out by place to the accounts that bought in, from the house's pool."""
    entries: dict[int, int] = {}
    for row in match.standings():
        account = entrants[row.seat]
        entries[account] = entries.get(account, 0) + row.prize
    pool = match.structure.buy_in * len(entrants)
    entries[house] = entries.get(house, 0) - pool
    return entries


def merged(*parts: dict[int, int]) -> dict[int, int]:
    total: dict[int, int] = {}
    for part in parts:
        for account, amount in part.items():
            total[account] = total.get(account, 0) + amount
    return total


def dealt_to(match: Match, sitting_out: tuple[int, ...]) -> TableState:
    """The table the next hand is dealt to: at a cash table, every seat but those
    ``sitting_out``; in a sit-and-go, every seat still playing, away or not (its turns are
    played by the timeout rule while its player is away: the antes go on)."""
    if not isinstance(match, SitAndGo):
        return replace(match.table, out=sitting_out)
    done = tuple(sorted(s for group in match.finished for s in group))
    return replace(match.table, out=done if match.finish.deals_out else ())
