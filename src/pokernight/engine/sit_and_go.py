"""A sit-and-go: hands at one table under a tournament's structure.

Every seat buys in once for equal chips; the stakes rise level by level on a schedule (by
hands, or by minutes of play); a seat that can no longer be dealt in goes out, and its place
is the order it went out in; the prize pool (every buy-in) is paid by finishing place, so
the buy-ins and prizes sum to zero. It is a ``Match`` with these rules around it, and it
knows no game: each game says how it plays as a sit-and-go in its spec (``SitAndGoForm``):
how its stakes rise, when a seat is out, and how the tournament is decided (the last seat
left, or, for a game of points, the last under the threshold, the seed's own format). A mixed
sit-and-go plays several games of chips (``Stage``), the next at each level, in turn: the
chips carry from game to game, and each game's own ante decides who is out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from pokernight.engine.protocol import Game, HandState, Player, TableState
from pokernight.engine.structure import Structure, ordinal
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
    which for a game played against the house may be too few to play one); ``goal``: the
    end its options set, in words."""

    finish: Finish
    start: Callable[[Any, int], Any]
    level: Callable[[Any, int], Any] | None
    out: Callable[[Any, int], bool]
    seats: int = 0
    goal: Callable[[Any], str] | None = None
    """Where its options set its end, that end in words (a threshold of points)."""


@dataclass(frozen=True)
class Stage:
    """One game a sit-and-go plays: its name and title (what the level's words call it), how
    it plays as one (``form``), how its game is made from its options, and its options at
    the first level (``form.start``'s)."""

    name: str
    title: str
    form: SitAndGoForm
    make_game: Callable[[Any], Game]
    first: Any

    def at(self, multiple: int) -> Any:
        """Its options at ``multiple`` times the first level's stakes."""
        if multiple == 1 or self.form.level is None:
            return self.first
        return self.form.level(self.first, multiple)


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
    hands (at a mixed sit-and-go, the next game of its ``stages``), the seats out after each
    hand, and the finishing order. Every front end drives it as it drives any match;
    ``news`` is what it has to tell after each hand (a level reached, a seat out), and
    ``over`` says who won."""

    def __init__(
        self,
        stages: Sequence[Stage],
        structure: Structure,
        table: TableState,
        players: Sequence[Player],
        seed: int,
        clock: Callable[[], float] = time.monotonic,
        *,
        keep_records: bool = True,
        people: frozenset[int] = frozenset(),
    ) -> None:
        """``stages``: the game it plays, or the games a mixed one plays in turn, a level
        each (games of chips whose stakes rise, every seat's chips carried to the next);
        ``table``: the first game's first table; ``clock``: seconds, read for a schedule by
        minutes; ``people``: the seats people play (once they are all out of an
        elimination, the computers play the rest out at once: nobody waits to watch them)."""
        if len(stages) > 1 and any(stage.form.level is None for stage in stages):
            raise InvalidRules("a mixed sit-and-go plays games of chips, whose stakes rise")
        first = stages[0]
        game = first.make_game(first.first)
        super().__init__(game, players, seed, table, keep_records=keep_records)
        self.stages, self.structure, self.clock = tuple(stages), structure, clock
        self.started = clock()
        self.level = 0
        self.options = first.first
        multiples = structure.schedule.multiples
        self.top = min(_top(stage, multiples) for stage in stages)
        """The highest multiple's level every game's limits allow (its bets have a most)."""
        self.last = self.top if len(stages) == 1 else _ROTATING
        """The last level: the top's, where one game plays; none, where the games rotate
        (the stakes stop rising at the top, the games go on in turn)."""
        self.finished: list[tuple[int, ...]] = []
        """The seats that finished, in groups that finished together, the earliest first."""
        self.people = people

    @property
    def stage(self) -> Stage:
        """The game of the level in play."""
        return self.stage_at(self.level)

    def stage_at(self, level: int) -> Stage:
        return self.stages[level % len(self.stages)]

    @property
    def form(self) -> SitAndGoForm:
        return self.stage.form

    @property
    def finish(self) -> Finish:
        """How it is decided: the one game's way, or, mixed, by elimination."""
        return self.form.finish if len(self.stages) == 1 else Finish.ELIMINATION

    @property
    def mixed(self) -> bool:
        return len(self.stages) > 1

    def game_at(self, level: int) -> Game:
        """The game a hand of ``level`` is dealt in."""
        stage = self.stage_at(level)
        if level == self.level:
            return self.game
        return stage.make_game(stage.at(self.multiple_at(level)))

    def play_at(self, level: int) -> None:
        """Deal the next hands at ``level``: its game, at its stakes."""
        self.level = level
        self.options = self.stage.at(self.multiple)
        self.game = self.stage.make_game(self.options)

    def multiple_at(self, level: int) -> int:
        return self.structure.schedule.multiples[min(level, self.top)]

    @property
    def hands(self) -> int:
        """Hands played so far."""
        return self.table.round - 1

    @property
    def multiple(self) -> int:
        return self.multiple_at(self.level)

    def elapsed(self) -> float:
        return self.clock() - self.started

    def words(self) -> str:
        """Its structure in words, as every front end opens it (a mixed one's games too)."""
        if not self.mixed:
            return form_words(self.structure, self.form, self.options)
        titles = ", ".join(stage.title for stage in self.stages)  # games of chips, eliminated
        return f"{self.structure.words()}; mixed: {titles} in turn, a level each"

    def level_words(self) -> str | None:
        """``Level 2 (stakes ×2) · 7 hands to level 3`` (None where nothing rises); mixed,
        with the games: ``Level 2: High And Low Poker (stakes ×2) · 7 hands to level 3:
        Pai Gow Poker``; decided by hands, with those left: ``… · 12 hands left``."""
        if self.form.level is None:
            return None
        schedule = self.structure.schedule
        ahead = schedule.to_next(self.hands, self.elapsed(), self.last, self.level)
        by_hands = self.finish is Finish.HANDS
        if (
            by_hands
            and not schedule.minutes
            and (self.level + 1) * schedule.every >= self.structure.hands
        ):
            ahead = None  # the hands run out first: no next level to count down to
        playing = f": {self.stage.title}" if self.mixed else ""
        words = f"Level {self.level + 1}{playing} (stakes ×{self.multiple})"
        if ahead is not None:
            coming = f": {self.stage_at(self.level + 1).title}" if self.mixed else ""
            words += f" · {ahead}{coming}"
        if by_hands:
            left = max(0, self.structure.hands - self.hands)
            words += f" · {left} hand{'s' * (left != 1)} left"
        return words

    def playing(self) -> tuple[int, ...]:
        """The seats that have not finished."""
        done = {s for group in self.finished for s in group}
        return tuple(s for s in range(self.table.seats) if s not in done)

    def over(self) -> str | None:
        """Over when one seat is left, or at the game's own end for the seats still in it (a
        game of points: all but one at the threshold; seats tied at the last that cannot
        put up the ante): the winner named, in the words of a game-over reason."""
        lasted = self.finish is Finish.HANDS and self.hands >= self.structure.hands
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
        rose: levels change between hands; told unless no hand is dealt at it, the sit-and-go
        over), and the seats that cannot play it. Seats out
        together rank by the chips they began the hand with (more is better), then by what
        they hold now; in a game of points, by their points (fewer is better)."""
        before = self.table.stakes
        record = super().finish_hand(state, seed)
        self.news = []
        level = self.structure.schedule.level(self.hands, self.elapsed(), self.last)
        rise = None
        if level != self.level and self.form.level is not None:
            changed = self.stage_at(level) != self.stage
            self.play_at(level)
            told = "The game changes" if changed else "The stakes rise"
            rise = f"{told}: {self.level_words()}"
        stakes = self.table.stakes
        out = [s for s in self.playing() if self.form.out(self.options, stakes[s])]
        if len(out) == len(self.playing()):  # nobody left: the best of them stay to win it
            best = max(stakes[s] for s in out)
            out = [s for s in out if stakes[s] < best]
        # chips games rank seats out together by what they began the hand with; a game of
        # points by the points they have now (a seat playing on keeps scoring)
        points = self.finish is Finish.POINTS
        rank = {s: (stakes[s],) if points else (before[s], stakes[s]) for s in out}
        for key in sorted(set(rank.values())):  # the worst first
            together = tuple(s for s in out if rank[s] == key)
            place = ordinal(len(self.playing()) - len(together) + 1)
            self.finished.append(together)
            self.news += [f"Seat {s + 1} finished {place}" for s in together]
        if out and self.finish.deals_out:
            self.table = replace(self.table, out=tuple(sorted({*self.table.out, *out})))
        if rise is not None and self.over() is None:  # over: no hand is dealt at it
            self.news.insert(0, rise)
        gone = self.finish.deals_out and not self.people & set(self.playing())
        if self.people and gone and self.over() is None:
            news, start = self.news, self.hands
            self.people = frozenset()  # played out by the computers alone, at once
            while self.over() is None:
                self.play_hand()
            played = self.hands - start
            more = f"{played} hand{'s' * (played != 1)} more"
            self.news = [*news, f"The computers played it out: {more}"]
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


_ROTATING = 10**9
"""The last level of a mixed sit-and-go: far past any it reaches (a hand a level, a billion
hands), so its games rotate for as long as it lasts."""


def _top(stage: Stage, multiples: Sequence[int]) -> int:
    """The last of ``multiples`` whose level the game accepts (its options raise
    ``InvalidRules`` above its limits, as for any table)."""
    top = 0
    for i, multiple in enumerate(multiples[1:], start=1):
        if stage.form.level is None:
            break
        try:
            stage.at(multiple)
        except InvalidRules:
            break
        top = i
    return top


def form_words(structure: Structure, form: SitAndGoForm, options: Any | None = None) -> str:
    """A game's sit-and-go under ``structure`` in words, with the end its ``options`` set
    where the game has one (``form.goal``)."""
    words = structure.words(form.level is not None, form.finish is Finish.HANDS)
    if form.goal is not None and options is not None:
        words += f"; {form.goal(options)}"
    return words


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
