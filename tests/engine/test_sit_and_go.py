"""The sit-and-go (issue 42): its payouts, its schedule and its words, then whole tournaments of
each game's computer players played to their end and checked against the hands they played.

A tournament is checked from what happened, never from the module's own helpers: the options
of each hand against the first level's times the schedule's multiple (capped where the game's
own options refuse the next), each seat out against the ante of the hand it could not play,
the places against the order the seats went out in, the prizes against the pool.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokernight.catalog import entry, seat_table, stage
from pokernight.engine.actions import CHECK, FOLD, Action
from pokernight.engine.phases.betting import MOST_AMOUNTS
from pokernight.engine.protocol import Player, TableState, View
from pokernight.engine.sit_and_go import SitAndGo, Standing
from pokernight.engine.structure import LEVELS, Payouts, Schedule, Structure, ordinal
from pokernight.engine.table import play_out
from pokernight.errors import InvalidRules
from pokernight.games.hurricane.game import HurricaneOptions

# -- payouts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shares"),
    [
        ("65/35", (65, 35)),
        ("50/30/20", (50, 30, 20)),
        ("winner-takes-all", (100,)),
        ("100", (100,)),
        ("50/50", (50, 50)),
        (" 40/30/20/10 ", (40, 30, 20, 10)),
    ],
)
def test_payouts_parse_percentages_by_place(text: str, shares: tuple[int, ...]) -> None:
    assert Payouts.parse(text).shares == shares


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "percentages by place such as 65/35, or winner-takes-all"),
        ("abc", "percentages by place such as 65/35, or winner-takes-all"),
        ("winner takes all", "percentages by place such as 65/35, or winner-takes-all"),
        ("65-35", "percentages by place such as 65/35, or winner-takes-all"),
        ("62.5/37.5", "percentages by place such as 65/35, or winner-takes-all"),
        ("65//35", "percentages by place such as 65/35, or winner-takes-all"),
        ("65/30", "whole positive percentages that sum to 100"),
        ("65/35/0", "whole positive percentages that sum to 100"),
        ("110/-10", "whole positive percentages that sum to 100"),
        ("35/65", "a better place is paid no less than a worse one"),
        ("50/20/30", "a better place is paid no less than a worse one"),
    ],
)
def test_payouts_refuse_garbage_with_the_reason(text: str, said: str) -> None:
    with pytest.raises(InvalidRules, match=re.escape(said)):
        Payouts.parse(text)


def test_prizes_by_hand_worked_examples() -> None:
    """Worked by hand: 65/35 of 400; 50/30/20 heads-up pays 62.5/37.5 (the third share
    dropped and the rest scaled); the odd chip of the rounding to the winner; tied seats
    share their places' prizes, the odd chip to the lower seat number."""
    assert Payouts((65, 35)).prizes(400, [(2,), (0,), (1,), (3,)]) == {2: 260, 0: 140, 1: 0, 3: 0}
    assert Payouts((50, 30, 20)).prizes(200, [(1,), (0,)]) == {1: 125, 0: 75}
    assert Payouts((50, 30, 20)).prizes(101, [(0,), (1,), (2,)]) == {0: 51, 1: 30, 2: 20}
    assert Payouts((65, 35)).prizes(400, [(0,), (1, 2), (3,)]) == {0: 260, 1: 70, 2: 70, 3: 0}
    # 301 at 65/35: 195 and 105 and the odd chip to 1st; seats 1 and 3 tie for both.
    assert Payouts((65, 35)).prizes(301, [(3, 1), (0,), (2,)]) == {1: 151, 3: 150, 0: 0, 2: 0}
    assert Payouts((100,)).prizes(7, [(0, 1, 2)]) == {0: 3, 1: 2, 2: 2}
    assert Payouts((50, 30, 20)).prizes(0, [(0,), (1,)]) == {0: 0, 1: 0}


@st.composite
def payouts(draw: st.DrawFn) -> Payouts:
    """Any payouts: 100 cut into 1 to 6 whole positive shares, the largest first."""
    cuts = draw(st.sets(st.integers(1, 99), max_size=5))
    edges = [0, *sorted(cuts), 100]
    shares = sorted((b - a for a, b in pairwise(edges)), reverse=True)
    return Payouts(tuple(shares))


@st.composite
def finishing(draw: st.DrawFn) -> list[tuple[int, ...]]:
    """Any finishing order of 1 to 10 seats, best first, in groups that finished together."""
    seats = draw(st.permutations(range(draw(st.integers(1, 10)))))
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(seats) - 1)))) - {len(seats)})
    edges = [0, *cuts, len(seats)]
    return [tuple(seats[a:b]) for a, b in pairwise(edges) if b > a]


@settings(max_examples=300, deadline=None)
@given(payouts(), st.integers(0, 10**7), finishing())
def test_prizes_sum_to_the_pool_and_tied_seats_share_their_places(
    pays: Payouts, pool: int, places: list[tuple[int, ...]]
) -> None:
    prizes = pays.prizes(pool, places)
    seats = sorted(s for group in places for s in group)
    assert sorted(prizes) == seats
    assert sum(prizes.values()) == pool
    assert all(p >= 0 for p in prizes.values())
    # Untied, each place beyond the first is its share of the shares that seats are left
    # for, rounded down (the shares beyond the seats dropped and the rest scaled up), and the
    # first takes the rest.
    order = [s for group in places for s in group]
    alone = pays.prizes(pool, [(s,) for s in order])
    kept = pays.shares[: len(order)]
    exact = [Fraction(pool * share, sum(kept)) for share in kept]
    for place, seat in enumerate(order):
        if place >= len(kept):
            assert alone[seat] == 0
        elif place > 0:
            assert 0 <= exact[place] - alone[seat] < 1
    assert alone[order[0]] == pool - sum(alone[s] for s in order[1:])
    assert all(alone[a] >= alone[b] for a, b in pairwise(order))
    # Tied: a group shares exactly the prizes of the places it spans, evenly, the odd chips
    # to its lower seat numbers.
    at = 0
    for group in places:
        spanned = [alone[s] for s in order[at : at + len(group)]]
        shared = [prizes[s] for s in sorted(group)]
        assert sum(shared) == sum(spanned)
        assert max(shared) - min(shared) <= 1
        assert shared == sorted(shared, reverse=True)
        at += len(group)


# -- the schedule and the words ------------------------------------------------------------


def test_a_schedule_by_hands_says_the_hands_left_in_words() -> None:
    every3 = Schedule(3)
    assert [every3.level(h, 10_000.0, 13) for h in range(10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    assert every3.level(100, 0.0, 5) == 5  # capped at the game's top level
    assert every3.to_next(0, 0.0, 13) == "3 hands to level 2"
    assert every3.to_next(1, 0.0, 13) == "2 hands to level 2"
    assert every3.to_next(2, 0.0, 13) == "1 hand to level 2"
    assert every3.to_next(3, 0.0, 13) == "3 hands to level 3"
    assert every3.to_next(14, 0.0, 5) == "1 hand to level 6"
    assert every3.to_next(15, 0.0, 5) is None  # the top level: nothing left to rise
    assert every3.to_next(99, 0.0, 0) is None
    assert Schedule(1).to_next(4, 0.0, 13) == "1 hand to level 6"


def test_a_schedule_by_minutes_reads_the_clock_not_the_hands() -> None:
    every5 = Schedule(5, minutes=True)
    assert [every5.level(99, s, 13) for s in (0, 299.9, 300, 599, 600, 3600)] == [
        0,
        0,
        1,
        1,
        2,
        12,
    ]
    assert every5.level(0, 10**6, 4) == 4
    assert every5.to_next(99, 0.0, 13) == "5:00 to level 2"
    assert every5.to_next(0, 61.0, 13) == "3:59 to level 2"
    assert every5.to_next(0, 299.6, 13) == "0:00 to level 2"
    assert every5.to_next(0, 300.0, 13) == "5:00 to level 3"
    assert every5.to_next(0, 1190.0, 13) == "0:10 to level 5"
    assert every5.to_next(0, 1200.0, 4) is None
    assert every5.to_next(0, 400.0, 13, level=0) == "0:00 to level 2"  # run past, in play


@pytest.mark.parametrize(
    "make",
    [
        lambda: Schedule(0),
        lambda: Schedule(3, multiples=()),
        lambda: Schedule(3, multiples=(2, 4)),
        lambda: Schedule(3, multiples=(1, 3, 2)),
        lambda: Schedule(3, multiples=(1, 1, 2)),
        lambda: Structure(chips=0),
        lambda: Structure(buy_in=-1),
        lambda: Structure(hands=0),
    ],
)
def test_a_schedule_or_structure_that_cannot_be_played_is_refused(make: Any) -> None:
    with pytest.raises(InvalidRules):
        make()


def test_the_structure_in_words() -> None:
    assert Structure(100, 20, Schedule(3)).words() == (
        "Sit-and-go: buy-in 100, 20 chips each, pays 65/35; the stakes rise every 3 hands"
    )
    tournament = Structure(5, 50, Schedule(10, minutes=True), Payouts((100,)))
    assert tournament.words() == (
        "Sit-and-go: buy-in 5, 50 chips each, winner takes all; the stakes rise every 10 minutes"
    )
    assert Structure(100, 20, Schedule(1)).words().endswith("the stakes rise every hand")
    by_the_minute = Structure(100, 20, Schedule(1, minutes=True))
    assert by_the_minute.words().endswith("the stakes rise every minute")
    assert Structure(10, 1, Schedule(2), Payouts((50, 30, 20))).words(rising=False) == (
        "Sit-and-go: buy-in 10, pays 50/30/20"
    )


@pytest.mark.parametrize(
    ("place", "said"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
        (1013, "1013th"),
    ],
)
def test_ordinal(place: int, said: str) -> None:
    assert ordinal(place) == said


def test_the_level_by_the_clock_rises_between_hands_and_says_what_is_left() -> None:
    """A fake clock: the title's words tick down; a level rises only when a hand ends, and
    while the hand in play outlasts the level the words say none of it is left (not the
    time to a level beyond the next)."""
    now = [0.0]
    structure = Structure(100, 200, Schedule(2, minutes=True))  # chips for the last level
    seating = seat_table("hurricane", 3, 4, dict.fromkeys(range(4), "checker"), {}, structure)
    match = SitAndGo(
        [stage(seating.game)],
        structure,
        seating.table,
        seating.players(),
        seating.seed,
        clock=lambda: now[0],
    )

    def stakes() -> tuple[int, int]:
        options = match.game.options
        assert isinstance(options, HurricaneOptions)
        return options.ante, options.max_bet

    assert match.level_words() == "Level 1 (stakes ×1) · 2:00 to level 2"
    now[0] = 30.0
    assert match.level_words() == "Level 1 (stakes ×1) · 1:30 to level 2"
    now[0] = 119.0
    match.play_hand()
    assert match.news == [] and stakes() == (1, 3)
    state, seed = match.start_hand()
    now[0] = 130.0  # the level's time runs out during the hand: the hand ends at ×1
    assert match.level_words() == "Level 1 (stakes ×1) · 0:00 to level 2"
    play_out(state, match.players)
    match.finish_hand(state, seed)
    assert match.news[0] == "The stakes rise: Level 2 (stakes ×2) · 1:50 to level 3"
    assert stakes() == (2, 6)
    now[0] = 250.0
    assert match.level_words() == "Level 2 (stakes ×2) · 0:00 to level 3"
    now[0] = 1000.0  # 16:40 in, a long hand: the levels it outlasted are skipped at its end
    match.play_hand()
    assert match.news[0] == "The stakes rise: Level 9 (stakes ×24) · 1:20 to level 10"
    assert stakes() == (24, 72)


# -- whole tournaments ---------------------------------------------------------------------

BOTS = {
    "hurricane": ("random", "checker", "pairwise", "highrise", "lowdown", "hilo", "foldout"),
    "highlow": ("random",),
    "draw": ("random", "computer"),
    "bigtwo": ("greedy", "random"),
}
"""Each game's computer players a tournament draws from: every one of ``entry(game).bots``
but Hurricane's expert (a solve on first use), Big Two's search (seconds a hand) and High-Low's
value (a fifth of a second a tournament: it plays one seat of some High-Low tournaments)."""
SEATS = {"hurricane": (2, 8), "highlow": (2, 6), "draw": (2, 2), "bigtwo": (2, 4)}
SCALED = {
    "hurricane": ("ante", "max_bet"),
    "highlow": ("ante", "first_limit", "second_limit"),
    "draw": ("ante", "max_bet", "lose_below"),
    "paigow": ("min_bet", "max_bet"),
}
"""The options each game's stakes rise by (its ante and its bets, Pai Gow's table limits);
Big Two's do not rise."""
MOST_HANDS = 3000
"""A tournament still going after this many hands never ends."""


def top_level(game: str, first: Any) -> int:
    """The last level whose stakes the game's own options allow: bets of at most
    ``MOST_AMOUNTS`` (Hurricane, the draw), and the draw's ante no more than a starting stake
    (its floor is the ante); High-Low has no most."""

    def fits(multiple: int) -> bool:
        if game == "hurricane":
            return bool(first.max_bet * multiple <= MOST_AMOUNTS)
        if game == "draw":
            return bool(
                first.max_bet * multiple <= MOST_AMOUNTS and first.ante * multiple <= first.stake
            )
        return game == "highlow"

    return max(i for i, m in enumerate(LEVELS) if i == 0 or fits(m))


@dataclass(frozen=True)
class Hand:
    """One hand of a tournament as played: the options it was dealt under, the table it
    began with, the seats finished after it (in order) and the news told after it."""

    options: Any
    table: TableState
    finished: tuple[tuple[int, ...], ...]
    news: tuple[str, ...]


@dataclass(frozen=True)
class Tournament:
    game: str
    seats: int
    bots: tuple[str, ...]
    seed: int
    structure: Structure
    choices: dict[str, str]


@st.composite
def tournaments(draw: st.DrawFn, game: str) -> Tournament:
    low, high = SEATS[game]
    seats = draw(st.integers(low, high))
    bots = draw(st.lists(st.sampled_from(BOTS[game]), min_size=seats, max_size=seats))
    if game == "highlow" and draw(st.booleans()):
        bots[draw(st.integers(0, seats - 1))] = "value"
    chips = draw(st.integers(2 if game == "draw" else 1, 40))
    schedule = Schedule(draw(st.integers(1, 6)))
    pays = draw(st.sampled_from([(100,), (65, 35), (50, 30, 20), (50, 25, 15, 10)]))
    buy_in = draw(st.integers(0, 1000))
    choices = {}
    if game == "bigtwo":
        choices = {"threshold": draw(st.sampled_from(["0", "10", "25"]))}
    structure = Structure(buy_in, chips, schedule, Payouts(pays))
    seed = draw(st.integers(0, 2**32))
    return Tournament(game, seats, tuple(bots), seed, structure, choices)


def play(t: Tournament) -> tuple[SitAndGo, list[Hand]]:
    """The tournament played hand by hand to its end, each hand's options and news kept."""
    seating = seat_table(t.game, t.seed, t.seats, dict(enumerate(t.bots)), t.choices, t.structure)
    match = seating.match()
    assert isinstance(match, SitAndGo)
    hands: list[Hand] = []
    while match.over() is None:
        assert len(hands) < MOST_HANDS, f"{t}: no end after {MOST_HANDS} hands"
        state, seed = match.start_hand()
        options, table = match.game.options, match.table
        play_out(state, match.players)
        match.finish_hand(state, seed)
        hands.append(Hand(options, table, tuple(match.finished), tuple(match.news)))
    return match, hands


def check_tournament(t: Tournament) -> None:
    match, hands = play(t)
    game, n, structure = t.game, t.seats, t.structure
    first = hands[0].options
    eliminates = game != "bigtwo"
    assert match.hands == len(hands) == len(match.records)
    assert [r.table for r in match.records] == [h.table for h in hands]

    rows = match.standings()
    check_places(rows, n)
    place = {row.seat: row.place for row in rows}
    assert sum(row.prize for row in rows) == structure.buy_in * n
    assert all(row.net == row.prize - structure.buy_in for row in rows)
    assert sum(row.net for row in rows) == 0
    winners = sorted(s for s, p in place.items() if p == 1)
    said = " and ".join(f"Seat {s + 1}" for s in winners)
    assert match.over() == f"{said} won the sit-and-go"
    prize = {row.seat: row.prize for row in rows}
    groups = [tuple(s for s in range(n) if place[s] == p) for p in sorted(set(place.values()))]
    assert prize == structure.payouts.prizes(structure.buy_in * n, groups)

    # Each hand's options: the first level's stakes times the schedule's multiple.
    top = top_level(game, first) if eliminates else 0
    every = structure.schedule.every
    for k, hand in enumerate(hands, start=1):
        level = min((k - 1) // every, top)
        assert hand.options == scaled(game, first, LEVELS[level]), f"hand {k}"
        rose = k % every == 0 and k // every <= top and k < len(hands)  # over: nothing rises
        rises = [line for line in hand.news if line.startswith("The stakes rise")]
        if rose:
            after = k // every
            ahead = (
                "" if after == top else f" · {every} hand{'s' * (every != 1)} to level {after + 2}"
            )
            assert rises == [f"The stakes rise: Level {after + 1} (stakes ×{LEVELS[after]}){ahead}"]
            assert hand.news[0] == rises[0]
        else:
            assert rises == []

    # The money: chips kept (a chips game), points only ever added (Big Two).
    for hand, record in zip(hands, match.records, strict=True):
        if eliminates:
            assert sum(hand.table.stakes) + hand.table.carry == n * structure.chips
        else:
            assert all(
                a >= b for a, b in zip(hand.table.stakes, record.outcome.stakes, strict=True)
            )
    if eliminates:
        assert hands[0].table.stakes == (structure.chips,) * n
        assert sum(match.table.stakes) + match.table.carry == n * structure.chips

    # The finishing order is the hands': who went out after each hand, and why.
    done: list[tuple[int, ...]] = []
    for k, (hand, record) in enumerate(zip(hands, match.records, strict=True), start=1):
        new = list(hand.finished[len(done) :])
        assert list(hand.finished[: len(done)]) == done, "a finish was changed"
        out = {s for group in new for s in group}
        finished = {s for group in hand.finished for s in group}
        stakes, before = record.outcome.stakes, hand.table.stakes
        nxt = (
            hands[k].options
            if k < len(hands)
            else scaled(game, first, LEVELS[min(k // every, top)])
        )
        over = k == len(hands)
        for s in range(n):
            if s in finished - out:
                continue  # out before this hand
            short = cannot_play(game, nxt, stakes[s])
            if s in out:
                assert short, f"seat {s + 1} out after hand {k} at {stakes[s]} under {nxt}"
            elif not over:
                assert not short, f"seat {s + 1} kept after hand {k} at {stakes[s]} under {nxt}"
            else:  # the last hand: nobody left but the best, who stay to win it
                assert not short or stakes[s] == max(stakes[x] for x in out | {s})
        # Out together: ranked by the chips they began the hand with, then by what they hold
        # (a game of points: by the points they have now, fewer the better).
        key = {s: (before[s], stakes[s]) if eliminates else (stakes[s],) for s in out}
        for a in out:
            for b in out:
                assert (place[a] < place[b]) == (key[a] > key[b])
        for group in new:
            assert len({key[s] for s in group}) == 1
        finished_lines = [line for line in hand.news if " finished " in line]
        wanted = [f"Seat {s + 1} finished {ordinal(place[s])}" for group in new for s in group]
        assert finished_lines == wanted
        # Seats out earlier place behind every seat out later or still in.
        earlier = {s for group in done for s in group}
        assert all(place[a] > place[b] for a in earlier for b in range(n) if b not in earlier)
        if eliminates:  # dealt no later hand: sitting out, a net of 0
            assert set(hand.table.out) == earlier
            assert all(record.outcome.net[s] == 0 for s in earlier)
        else:  # Big Two: the finished play on
            assert hand.table.out == ()
        done = list(hand.finished)
    standings_lines = [line for line in hands[-1].news if ": Seat " in line]
    assert standings_lines == [
        f"{ordinal(r.place)}: Seat {r.seat + 1}, prize {r.prize} ({r.net:+})" for r in rows
    ]


def check_places(rows: Sequence[Standing], n: int) -> None:
    """Every seat once; places 1 to n, seats that finished together sharing the best of
    theirs: each place taken by k seats is followed by the place k further on."""
    assert sorted(row.seat for row in rows) == list(range(n))
    places = [row.place for row in rows]
    assert places == sorted(places) and places[0] == 1
    for p in set(places):
        later = [q for q in places if q > p]
        assert not later or min(later) == p + places.count(p)
    assert max(places) + places.count(max(places)) - 1 == n


def scaled(game: str, first: Any, multiple: int) -> Any:
    fields = SCALED.get(game, ())
    return replace(first, **{f: getattr(first, f) * multiple for f in fields})


def cannot_play(game: str, options: Any, stake: int) -> bool:
    """A seat that cannot play the next hand: short of its ante (at least a chip), or at
    Big Two's threshold of points."""
    if game == "bigtwo":
        return bool(-stake >= options.threshold)
    return bool(stake < max(options.ante, 1))


EXAMPLES = {"hurricane": 30, "highlow": 12, "draw": 30, "bigtwo": 12}


@pytest.mark.parametrize("game", list(BOTS))
def test_a_whole_sit_and_go_of_computers_is_refereed_exactly(game: str) -> None:
    @settings(
        max_examples=EXAMPLES[game],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(tournaments(game))
    def run(t: Tournament) -> None:
        check_tournament(t)

    run()


# -- people --------------------------------------------------------------------------------


class Folder:
    """A person who folds whatever they hold (else checks): their stake bleeds to the antes."""

    name = "folder"

    def act(self, view: View) -> Action:
        for action in (FOLD, CHECK):
            if action in view.legal:
                return action
        return view.legal[0]


@pytest.mark.parametrize(("game", "seats"), [("hurricane", 5), ("highlow", 4)])
def test_a_person_out_leaves_the_computers_to_play_it_out_at_once(game: str, seats: int) -> None:
    played_out = 0
    for seed in range(6):
        structure = Structure(100, 10, Schedule(2))
        bots = {s: "random" for s in range(1, seats)}
        seating = seat_table(game, seed, seats, bots, {}, structure)
        assert seating.people == (0,)
        match = seating.match(Folder())
        assert isinstance(match, SitAndGo) and match.people == frozenset({0})
        while match.over() is None:
            hand = match.hands + 1
            match.play_hand()
            finished = {s for group in match.finished for s in group}
            if 0 not in finished:
                continue
            assert match.over() is not None, "a person out, and the match waits on"
            you = next(r for r in match.standings() if r.seat == 0)
            line = f"Seat 1 finished {ordinal(you.place)}"
            assert line in match.news
            if match.hands == hand:  # out in the hand that ended it: nothing to play out
                assert not any("played it out" in n for n in match.news)
                break
            played_out += 1
            more = match.hands - hand
            at = match.news.index(f"The computers played it out: {more} hands more")
            assert match.news.index(line) < at
            assert match.news[at + 1 :] == [
                f"{ordinal(r.place)}: Seat {r.seat + 1}, prize {r.prize} ({r.net:+})"
                for r in match.standings()
            ]
            later = match.records[hand:]
            assert len(later) == more and all(0 in r.table.out for r in later)
            assert all(r.outcome.net[0] == 0 for r in later)
    assert played_out >= 2, "too few seeds left the person out before the end"


class Counted:
    """A player, counting the decisions it was asked for."""

    def __init__(self, player: Player) -> None:
        self.player, self.name, self.asked = player, player.name, 0

    def act(self, view: View) -> Action:
        self.asked += 1
        return self.player.act(view)


def test_a_person_finished_at_big_two_plays_on() -> None:
    """A game of points: a seat that reached the threshold still plays (the seed's format),
    so nothing is played out without the person."""
    structure = Structure(100, 1, Schedule(2))
    played_on = 0
    for seed in range(8):
        seating = seat_table("bigtwo", seed, 3, {1: "greedy", 2: "greedy"}, {}, structure)
        player = Counted(entry("bigtwo").bots["random"](random.Random(seed), seating.game.options))
        match = seating.match(player)
        assert isinstance(match, SitAndGo) and match.people == frozenset({0})
        while match.over() is None:
            was_finished = any(0 in group for group in match.finished)
            asked = player.asked
            match.play_hand()
            assert not any("played it out" in n for n in match.news)
            if was_finished:  # dealt in, and played: points added to its own
                played_on += 1
                record = match.records[-1]
                assert 0 not in record.table.out and player.asked > asked
    assert played_on >= 1, "the person never finished before the end: no seed shows it"
