"""A sit-and-go: hands at one table under a tournament's structure.

Every seat buys in once for equal chips; the stakes rise level by level on a schedule (by
hands, or by minutes of play); a seat that can no longer be dealt in goes out, and its place
is the order it went out in; the prize pool (every buy-in) is paid by finishing place, so
the buy-ins and prizes sum to zero. It is a ``Match`` with these rules around it, and it
knows no game: each game says how it plays as a sit-and-go in its spec (``SitAndGoForm``):
how its stakes rise, when a seat is out, and how the tournament is decided (the last seat
left, or, for a game of points, the last under the threshold, the seed's own format).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from pokernight.engine.protocol import Game, HandState, Player, TableState
from pokernight.engine.table import HandRecord, Match
from pokernight.errors import InvalidRules


class Finish(StrEnum):
    """How a game's sit-and-go is decided."""

    ELIMINATION = "elimination"
    """A seat that cannot be dealt in is out of the game; the last seat left wins."""
    POINTS = "points"
    """Played to a points threshold: a seat reaching it has finished (it plays on, as the
    seed's format has it), and the last under it wins."""
    HANDS = "hands"
    """A fixed number of hands (``Structure.hands``), the most chips winning; a seat that
    cannot be dealt in before then is out, as in an elimination."""

    @property
    def deals_out(self) -> bool:
        """A seat that has finished is dealt no more hands."""
        return self is not Finish.POINTS


@dataclass(frozen=True)
class SitAndGoForm:
    """How a game plays as a sit-and-go, given by the game: ``start`` makes its options for
    a tournament where each seat starts with ``chips``; ``level`` the options at ``multiple``
    times the first level's stakes (its antes and bet limits; None: nothing rises, as in a
    game of points); ``out`` whether a seat with ``stake`` under these options has finished;
    ``seats``: how many a sit-and-go seats when none are named (0: the game's default table,
    which for a game played against the house may be too few to play one)."""

    finish: Finish
    start: Callable[[Any, int], Any]
    level: Callable[[Any, int], Any] | None
    out: Callable[[Any, int], bool]
    seats: int = 0


LEVELS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
"""The stakes of each level as multiples of the first: near doubling every two levels, the
usual shape of a home game's blind clock."""


@dataclass(frozen=True)
class Schedule:
    """When the stakes rise: every ``every`` hands, or every ``every`` minutes of play."""

    every: int = 10
    minutes: bool = False
    multiples: tuple[int, ...] = LEVELS

    def __post_init__(self) -> None:
        if self.every < 1:
            raise InvalidRules("a level lasts at least one hand or one minute")
        if (
            not self.multiples
            or self.multiples[0] != 1
            or list(self.multiples) != sorted(set(self.multiples))
        ):
            raise InvalidRules("the levels start at 1 and rise")

    def level(self, hands: int, seconds: float, top: int) -> int:
        """The level (from 0) after ``hands`` hands played and ``seconds`` of play, the
        highest ``top``."""
        done = int(seconds // 60) if self.minutes else hands
        return min(done // self.every, top)

    def to_next(self, hands: int, seconds: float, top: int, level: int | None = None) -> str | None:
        """What is left of this level, in words (None at the ``top`` level); ``level``: the
        level in play, where the clock may have passed its end (levels change between hands:
        "0:00 to level 3" until the hand in play is over)."""
        level = self.level(hands, seconds, top) if level is None else level
        if level >= top:
            return None
        if self.minutes:
            left = max(0, round((level + 1) * self.every * 60 - seconds))
            return f"{left // 60}:{left % 60:02d} to level {level + 2}"
        left = (level + 1) * self.every - hands
        return f"{left} hand{'s' if left != 1 else ''} to level {level + 2}"


@dataclass(frozen=True)
class Payouts:
    """The prize pool's shares by finishing place, in percent, best first."""

    shares: tuple[int, ...] = (65, 35)

    def __post_init__(self) -> None:
        if sum(self.shares) != 100 or any(s <= 0 for s in self.shares):
            raise InvalidRules("the payouts are whole positive percentages that sum to 100")
        if list(self.shares) != sorted(self.shares, reverse=True):
            raise InvalidRules("a better place is paid no less than a worse one")

    @classmethod
    def parse(cls, text: str) -> Payouts:
        """``65/35``, ``50/30/20``, or ``winner-takes-all``."""
        if text.strip() == "winner-takes-all":
            return cls((100,))
        try:
            return cls(tuple(int(part) for part in text.split("/")))
        except ValueError:
            raise InvalidRules(
                f"payouts {text!r}: percentages by place such as 65/35, or winner-takes-all"
            ) from None

    def prizes(self, pool: int, places: Sequence[Sequence[int]]) -> dict[int, int]:
        """Each seat's prize: ``places`` are the seats of each finishing place, best first
        (seats that finished together share their places' prizes evenly, the odd chips to
        the lower seat numbers). Places beyond the seats are dropped and the rest scaled up
        (50/30/20 heads-up pays 62.5/37.5). Whole chips, summing to ``pool`` exactly (the
        odd chips of the rounding go to the winner)."""
        seats = sum(len(together) for together in places)
        shares = self.shares[:seats]
        paid = [pool * share // sum(shares) for share in shares]
        paid[0] += pool - sum(paid)
        prizes: dict[int, int] = {}
        place = 0
        for together in places:
            share = sum(paid[place : place + len(together)])
            each, odd = divmod(share, len(together))
            for i, seat in enumerate(sorted(together)):
                prizes[seat] = each + (1 if i < odd else 0)
            place += len(together)
        return prizes


@dataclass(frozen=True)
class Structure:
    """A sit-and-go's structure: the buy-in each seat pays once, the chips each starts with,
    when the stakes rise, and the payouts."""

    buy_in: int = 100
    chips: int = 100
    schedule: Schedule = Schedule()
    payouts: Payouts = Payouts()
    hands: int = 30
    """How many hands a game decided by hands (``Finish.HANDS``) plays."""

    def __post_init__(self) -> None:
        if self.buy_in < 0 or self.chips < 1 or self.hands < 1:
            raise InvalidRules(
                "a buy-in is 0 or more, every seat starts with chips and plays a hand or more"
            )

    def words(self, rising: bool = True) -> str:
        """``Sit-and-go: buy-in 100, 100 chips each, pays 65/35; the stakes rise every 10
        hands`` (``rising``: the game's stakes rise at all)."""
        shares = self.payouts.shares
        pays = "winner takes all" if len(shares) == 1 else "pays " + "/".join(map(str, shares))
        if not rising:  # a game of points: chips mean nothing
            return f"Sit-and-go: buy-in {self.buy_in}, {pays}"
        line = f"Sit-and-go: buy-in {self.buy_in}, {self.chips} chips each, {pays}"
        unit = "minutes" if self.schedule.minutes else "hands"
        return f"{line}; the stakes rise every {self.schedule.every} {unit}"


@dataclass(frozen=True)
class Standing:
    """One seat's finish: its place (1 is the winner; seats that finished together share
    the best of their places), its prize, and its net (the prize less the buy-in)."""

    seat: int
    place: int
    prize: int
    net: int


class SitAndGo(Match):
    """A ``Match`` under a structure: the game remade with each level's stakes between
    hands, the seats out after each hand, and the finishing order. Every front end drives it
    as it drives any match; ``news`` is what it has to tell after each hand (a level
    reached, a seat out), and ``over`` says who won."""

    def __init__(
        self,
        form: SitAndGoForm,
        make_game: Callable[[Any], Game],
        options: Any,
        structure: Structure,
        table: TableState,
        players: Sequence[Player],
        seed: int,
        clock: Callable[[], float] = time.monotonic,
        *,
        keep_records: bool = True,
        people: frozenset[int] = frozenset(),
    ) -> None:
        """``options``: the game's options for level 1 (``form.start``'s), whose first
        table is ``table``; ``clock``: seconds, read for a schedule by minutes; ``people``:
        the seats people play (once they are all out of an elimination, the computers play
        the rest out at once: nobody waits to watch them)."""
        super().__init__(make_game(options), players, seed, table, keep_records=keep_records)
        self.form, self.make_game, self.first = form, make_game, options
        self.structure, self.clock = structure, clock
        self.started = clock()
        self.level = 0
        self.options = options
        self.top = _top(form, options, structure.schedule.multiples)
        """The highest level the game's limits allow (its bets have a most): the last."""
        self.finished: list[tuple[int, ...]] = []
        """The seats that finished, in groups that finished together, the earliest first."""
        self.people = people

    @property
    def hands(self) -> int:
        """Hands played so far."""
        return self.table.round - 1

    @property
    def multiple(self) -> int:
        return self.structure.schedule.multiples[self.level]

    def elapsed(self) -> float:
        return self.clock() - self.started

    def level_words(self) -> str | None:
        """``Level 2 (stakes ×2) · 7 hands to level 3`` (None where nothing rises)."""
        if self.form.level is None:
            return None
        schedule = self.structure.schedule
        ahead = schedule.to_next(self.hands, self.elapsed(), self.top, self.level)
        level = f"Level {self.level + 1} (stakes ×{self.multiple})"
        return level if ahead is None else f"{level} · {ahead}"

    def playing(self) -> tuple[int, ...]:
        """The seats that have not finished."""
        done = {s for group in self.finished for s in group}
        return tuple(s for s in range(self.table.seats) if s not in done)

    def over(self) -> str | None:
        """Over when one seat is left, or at the game's own end for the seats still in it (a
        game of points: all but one at the threshold; seats tied at the last that cannot
        put up the ante): the winner named, in the words of a game-over reason."""
        lasted = self.form.finish is Finish.HANDS and self.hands >= self.structure.hands
        if len(self.playing()) > 1 and super().over() is None and not lasted:
            return None
        first = " and ".join(f"Seat {s + 1}" for s in self.places()[0])
        return f"{first} won the sit-and-go"

    def start_hand(self) -> tuple[HandState, int]:
        if self.over() is not None:
            raise InvalidRules("the sit-and-go is over")
        return super().start_hand()

    def finish_hand(self, state: HandState, seed: int) -> HandRecord:
        """Settle the hand; then the level the next hand is played at (the game remade if it
        rose: levels change between hands), and the seats that cannot play it. Seats out
        together rank by the chips they began the hand with (more is better), then by what
        they hold now; in a game of points, by their points (fewer is better)."""
        before = self.table.stakes
        record = super().finish_hand(state, seed)
        self.news = []
        level = self.structure.schedule.level(self.hands, self.elapsed(), self.top)
        if level != self.level and self.form.level is not None:
            self.level = level
            self.options = self.form.level(self.first, self.multiple)
            self.game = self.make_game(self.options)
            self.news.append(f"The stakes rise: {self.level_words()}")
        stakes = self.table.stakes
        out = [s for s in self.playing() if self.form.out(self.options, stakes[s])]
        if len(out) == len(self.playing()):  # nobody left: the best of them stay to win it
            best = max(stakes[s] for s in out)
            out = [s for s in out if stakes[s] < best]
        # chips games rank seats out together by what they began the hand with; a game of
        # points by the points they have now (a seat playing on keeps scoring)
        points = self.form.finish is Finish.POINTS
        rank = {s: (stakes[s],) if points else (before[s], stakes[s]) for s in out}
        for key in sorted(set(rank.values())):  # the worst first
            together = tuple(s for s in out if rank[s] == key)
            place = ordinal(len(self.playing()) - len(together) + 1)
            self.finished.append(together)
            self.news += [f"Seat {s + 1} finished {place}" for s in together]
        if out and self.form.finish.deals_out:
            self.table = replace(self.table, out=tuple(sorted({*self.table.out, *out})))
        gone = self.form.finish.deals_out and not self.people & set(self.playing())
        if self.people and gone and self.over() is None:
            news, start = self.news, self.hands
            self.people = frozenset()  # played out by the computers alone, at once
            while self.over() is None:
                self.play_hand()
            played = self.hands - start
            self.news = [*news, f"The computers played it out: {played} hands more"]
        if self.over() is not None:
            self.news += [
                f"{ordinal(row.place)}: Seat {row.seat + 1}, prize {row.prize} ({row.net:+})"
                for row in self.standings()
            ]
        return record

    def places(self) -> list[tuple[int, ...]]:
        """The seats of each place, best first: those still playing (the winner when it is
        over; by chips while it is not), then the finished, the last to finish first."""
        stakes = self.table.stakes
        live = sorted({stakes[s] for s in self.playing()}, reverse=True)
        groups = [tuple(s for s in self.playing() if stakes[s] == v) for v in live]
        return groups + list(reversed(self.finished))

    def standings(self) -> list[Standing]:
        """Every seat's place, prize and net, by place (meaningful once it is ``over``)."""
        structure = self.structure
        places = self.places()
        prizes = structure.payouts.prizes(structure.buy_in * self.table.seats, places)
        rows: list[Standing] = []
        place = 1
        for group in places:
            rows += [Standing(s, place, prizes[s], prizes[s] - structure.buy_in) for s in group]
            place += len(group)
        return rows


def _top(form: SitAndGoForm, options: Any, multiples: Sequence[int]) -> int:
    """The last of ``multiples`` whose level the game accepts (its options raise
    ``InvalidRules`` above its limits, as for any table)."""
    top = 0
    for i, multiple in enumerate(multiples[1:], start=1):
        if form.level is None:
            break
        try:
            form.level(options, multiple)
        except InvalidRules:
            break
        top = i
    return top


def staked(options: Any, chips: int) -> Any:
    """A chips game's options with every seat starting with ``chips``."""
    return replace(options, stake=chips)


def scaled(*fields: str) -> Callable[[Any, int], Any]:
    """A level's options: these fields (the antes and bet limits) times the multiple."""

    def level(options: Any, multiple: int) -> Any:
        return replace(options, **{f: getattr(options, f) * multiple for f in fields})

    return level


def short_of(field: str) -> Callable[[Any, int], bool]:
    """Out when a seat holds less than this field (the ante), or nothing at all."""
    return lambda options, stake: stake < max(getattr(options, field), 1)


def ordinal(place: int) -> str:
    """A finishing place in words every front end writes the same: 1st, 2nd, 3rd, 4th, 11th."""
    tens = place % 100
    suffix = "th" if 11 <= tens <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
