"""Hurricane and High-Low advice by determinized rollouts: certain answers come out certain,
the estimates agree with exact enumeration of every opponent holding within their stated
intervals, and the advice depends only on what the seat may see."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from tests.games.test_hurricane import deal

from pokernight.bots.highlow import PatBot
from pokernight.bots.rollout_advice import advise_position, choose_position
from pokernight.bots.worlds import advice_position, stacker_of
from pokernight.cards import parse_cards, parse_duals
from pokernight.cli.advise_state import parse_position
from pokernight.engine.actions import Action, Kind, parse_action
from pokernight.engine.advice import Choice
from pokernight.engine.protocol import TableState
from pokernight.engine.worlds import Hidden, Position, Worlds, position_from_view
from pokernight.errors import PokernightError
from pokernight.games.highlow.game import SECOND, HighLowHand, HighLowOptions, plays, rankings
from pokernight.games.hurricane.game import HurricaneHand, HurricaneOptions
from pokernight.hands.five import key_function


def values(choices: list[Choice]) -> dict[str, float]:
    return {c.action: c.value for c in choices}


def test_a_hand_that_cannot_lose_bets_the_most_against_callers() -> None:
    # A2 wins both halves (or ties a high with AA/22, a low with A2): more chips in is more won
    position = parse_position(
        "hurricane", "seats 2; dealer 1; seat 0; cards As 2d; history check, check, keep, keep"
    )
    choices = advise_position(position, "checker", "checker", samples=100, seed=3)
    assert [c.action for c in choices] == ["bet 3", "bet 2", "bet 1", "check"]
    assert all(c.ci95[0] > 0 for c in choices)


def test_folding_costs_exactly_what_is_in_and_acey_deucy_never_folds() -> None:
    position = parse_position(
        "hurricane", "seats 3; dealer 0; seat 0; cards Ah 2c; history bet 2, raise 3"
    )
    choices = advise_position(position, samples=60, seed=1)
    fold = next(c for c in choices if c.action == "fold")
    assert fold.value == -1 and fold.ci95 == (-1, -1)  # the ante: nothing else was put in
    assert choices[-1].action == "fold"


HISTORY = ["check", "check", "keep", "discard Kd", "bet 2"]


def exact_hurricane(decision: str) -> float:
    """Seat 0's mean net over every two cards seat 1 may hold (seat 1 kept; it calls)."""
    mine = parse_cards("Qh Kd")
    unseen = [c for c in parse_cards(" ".join(_all())) if c not in [*mine, parse_cards("5c")[0]]]
    total, count = 0, 0
    for a, b in combinations(unseen, 2):
        hand = deal(["Qh Kd", f"{a} {b}"], dealer=0, draws="5c")
        for text in [*HISTORY, decision]:
            hand.apply(parse_action(text))
        while hand.to_act() is not None:  # both play on as checkers: call or check
            hand.apply(hand.legal_actions()[0])
        outcome = hand.outcome()
        assert outcome is not None
        total += outcome.net[0]
        count += 1
    assert count == 1176
    return total / count


def _all() -> list[str]:
    return [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_hurricane_rollouts_agree_with_exact_enumeration_of_the_opponents_cards() -> None:
    position = parse_position(
        "hurricane",
        "seats 2; dealer 0; seat 0; cards Qh 5c; drew 5c; history " + ", ".join(HISTORY),
    )
    choices = advise_position(position, "checker", "checker", samples=400, seed=7)
    assert {c.action for c in choices} == {"call", "raise 1", "raise 2", "raise 3", "fold"}
    for c in choices:
        exact = exact_hurricane(c.action)
        assert c.ci95[0] - 1e-9 <= exact <= c.ci95[1] + 1e-9, (c, exact)


SMALL = parse_duals("2c/9h 3d/Kc 4h/Ts 5s/Jd 6c/Qh 7d/As 8h/2d 9s/3h Tc/4s Jd/5c Qh/6d Ks/7h Ac/8s")
MINE = SMALL[:5]


def small_position() -> Position:
    """Heads-up on a 13-card deck: both checked and stood pat, seat 1 oriented (hidden):
    seat 0 orients."""
    taken = ("check", "check", "keep", "keep")
    history: tuple[Action | Hidden, ...] = (*(parse_action(t) for t in taken), Hidden(Kind.ORIENT))
    table = TableState((100, 100), 0)
    return Position(HighLowOptions(seats=2), tuple(SMALL), table, 0, tuple(MINE), (), history)


def exact_highlow(flips: Action) -> float:
    total, count = 0, 0
    rest = SMALL[5:]
    for theirs in combinations(rest, 5):
        unused = [c for c in rest if c not in theirs]
        stacked = [c for pair in zip(theirs, MINE, strict=True) for c in pair] + unused
        hand = HighLowHand(HighLowOptions(seats=2), SMALL, TableState((100, 100), 0), 0, stacked)
        bots = [PatBot(random.Random(0), SMALL), PatBot(random.Random(1), SMALL)]
        for text in ("check", "check", "keep", "keep"):
            hand.apply(parse_action(text))
        hand.apply(bots[1].act(hand.view(1)))
        hand.apply(flips)
        while (turn := hand.to_act()) is not None:
            hand.apply(bots[turn].act(hand.view(turn)))
        outcome = hand.outcome()
        assert outcome is not None
        total += outcome.net[0]
        count += 1
    assert count == 56
    return total / count


def test_highlow_rollouts_agree_with_exact_enumeration_of_the_opponents_cards() -> None:
    choices = advise_position(small_position(), samples=300, seed=2)
    assert len(choices) == 32
    exact = {c.action: exact_highlow(parse_action(c.action)) for c in choices}
    covered = [c.ci95[0] - 1e-9 <= exact[c.action] <= c.ci95[1] + 1e-9 for c in choices]
    assert all(covered), [
        (c, exact[c.action]) for c, ok in zip(choices, covered, strict=True) if not ok
    ]
    best = max(exact.values())
    assert exact[choices[0].action] == best


def test_dominated_orientations_rank_below_those_that_dominate_them() -> None:
    """Against players who only check and call, an orientation whose high and low hands are
    both at least as good never does worse on any deal: its estimate is never lower."""
    world = Worlds(small_position(), stacker_of(small_position().options)).probe
    high, low = rankings(HighLowOptions(seats=2))
    high_key, low_key = key_function(high, 5), key_function(low, 5)
    keys = {}
    for action in world.legal_actions():
        ends = [plays(c, f) for c, f in zip(MINE, action.flips, strict=True)]
        keys[str(action)] = (
            high_key([h.index for h, _ in ends]),
            low_key([lo.index for _, lo in ends]),
        )
    result = values(advise_position(small_position(), samples=80, seed=5))
    pairs = 0
    for a, (ha, la) in keys.items():
        for b, (hb, lb) in keys.items():
            if ha >= hb and la >= lb:
                pairs += 1
                assert result[a] >= result[b] - 1e-9, (a, b)
    assert pairs > 32


def hurricane_hand(opponents: list[str], draw: str) -> HurricaneHand:
    """Three seats; seat 0 holds 9h 3c; the others' cards (and seat 2's draw) vary."""
    return deal(["9h 3c", *opponents], dealer=2, draws=draw)


def test_advice_is_blind_to_the_cards_the_seat_cannot_see() -> None:
    views = []
    for opponents, draw, thrown in (
        (["Ah 2s", "Kd Kc"], "4d", "2s"),
        (["7c 7d", "5s Jh"], "Qs", "7d"),
    ):
        hand = hurricane_hand(opponents, draw)
        for text in ["bet 1", "call", "call", "keep", f"discard {thrown}", "keep"]:
            hand.apply(parse_action(text))
        assert hand.to_act() == 0
        views.append(hand.view(0))
    table = TableState((100, 100, 100), 2)
    first, second = (advice_position(v, HurricaneOptions(seats=3), table) for v in views)
    assert first == second
    advice = [advise_position(p, samples=40, seed=9) for p in (first, second)]
    assert advice[0] == advice[1]
    assert "Ah" not in repr(first) and "Kc" not in repr(first)


def test_highlow_advice_is_blind_to_hidden_orientations_and_cards() -> None:
    positions = []
    for theirs, flips in ((SMALL[5:10], "orient 1,1,1,1,1"), (SMALL[8:13], "orient 0,0,0,0,0")):
        stacked = [c for pair in zip(theirs, MINE, strict=True) for c in pair]
        table = TableState((100, 100), 0)
        hand = HighLowHand(HighLowOptions(seats=2), SMALL, table, 0, stacked)
        for text in ("check", "check", "keep", "keep", flips):
            hand.apply(parse_action(text))
        positions.append(advice_position(hand.view(0), HighLowOptions(seats=2), table))
    assert positions[0].history == positions[1].history
    small = [Position(p.options, tuple(SMALL), *list(p.__dict__.values())[2:]) for p in positions]
    assert small[0] == small[1] == small_position()


def test_highlow_advice_reaches_the_second_round_with_the_seats_own_orientation() -> None:
    """The log keeps orientations face down, even from their owner; the seat's cards as it
    holds them show its own (a turned card shows its other end on top)."""
    table = TableState((100, 100), 0)
    stacked = [c for pair in zip(SMALL[5:10], MINE, strict=True) for c in pair]
    hand = HighLowHand(HighLowOptions(seats=2), SMALL, table, 0, stacked)
    for text in ("check", "check", "keep", "keep", "orient 1,1,1,1,1", "orient 1,0,1,0,0"):
        hand.apply(parse_action(text))
    assert hand.phase == SECOND and hand.to_act() == 1
    hand.apply(parse_action("check"))
    position = position_from_view(hand.view(0), HighLowOptions(seats=2), SMALL, table)
    assert str(position.history[-2]) == "orient 1,0,1,0,0"  # ours; seat 1's stays hidden
    assert isinstance(position.history[-3], Hidden)
    world = Worlds(position, stacker_of(position.options)).probe
    assert world.view(0).hole == hand.view(0).hole
    choices = advise_position(position, samples=20, seed=3)
    assert sorted(c.action for c in choices) == sorted(str(a) for a in hand.legal_actions())


def test_same_seed_same_answer_and_the_seed_matters() -> None:
    position = parse_position("hurricane", "seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1")
    a = advise_position(position, samples=30, seed=1)
    assert a == advise_position(position, samples=30, seed=1)
    assert a != advise_position(position, samples=30, seed=2)


@pytest.mark.parametrize(
    ("game", "state", "message"),
    [
        ("hurricane", "seats 4; dealer 2; seat 0; cards 7x 2s", "cards: '7x' has an unknown suit"),
        ("hurricane", "seats 4; dealer 2; seat 0; cards 7h 7h", "cards: 7h appears twice"),
        ("hurricane", "seats 4; dealer 2; seat 0; cards 7h 2s 3d", "a hurricane hand holds 2"),
        ("hurricane", "seats 4; dealer 2; seat 4; cards 7h 2s", "seat 4 is out of range"),
        ("hurricane", "seats 9; dealer 2; seat 0; cards 7h 2s", "seats 2 to 8 players"),
        ("hurricane", "seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1, check", "action 2"),
        ("hurricane", "seats 4; dealer 2; seat 1; cards 7h 2s", "it is seat 3's turn"),
        (
            "hurricane",
            "seats 2; dealer 1; seat 0; cards 7h 2s; history check, check, keep, keep, check, "
            "check",
            "the hand is over",
        ),
        ("hurricane", "seats 2; dealer 0; seat 0; cards 7h 2s; drew 2s; history check, check, "
         "discard Kd", "others' cards are hidden"),
        ("hurricane", "seats 2; dealer 0; seat 0; cards 7h 2s; drew 2s; history check, check",
         "drew: you threw 0 card(s) and name 1 drawn"),
        ("highlow", "seats 2; dealer 0; seat 0; cards 2c/4c 2d/7d", "a highlow hand holds 5"),
        ("highlow", "seats 2; dealer 0; seat 0; cards As Kd Qh Jc Ts", "not a dual-value card"),
        ("hurricane", "seats 4; dealer 2; seat 0; cards 7h 2s; tempo 3", "unknown field 'tempo'"),
    ],
)  # fmt: skip
def test_malformed_states_are_refused_naming_what_is_wrong(
    game: str, state: str, message: str
) -> None:
    with pytest.raises(PokernightError, match=re.escape(message)):
        advise_position(parse_position(game, state), samples=4)


def test_the_expert_plays_a_fold_out_once() -> None:
    """A seat that folds has put in all it will: its result is the same on every deal, so
    ``choose_position`` plays it out once and spends its samples on the other decisions."""
    position = parse_position(
        "hurricane", "seats 3; dealer 2; seat 0; cards 7s 4d; history bet 3, raise 3, raise 3"
    )
    legal = [str(a) for a in Worlds(position, stacker_of(position.options)).probe.legal_actions()]
    assert legal == ["call", "fold"]  # the raises are capped
    advised = {c.action: c for c in advise_position(position, samples=30, seed=5)}
    assert advised["fold"].ci95[0] == advised["fold"].ci95[1] == -4.0  # the ante and 3 bet
    chosen, rollouts = choose_position(position, 30, seed=5)
    assert rollouts == 1 + 30  # the fold once, the call on every sample
    assert str(chosen) in legal


def test_the_chosen_decision_follows_how_the_seat_plays_on() -> None:
    """First to act with J7 at three seats: played on as ``foldout`` plays (J7 folds to a bet),
    a check is worth -0.885 chips and a bet of 1 -1.663 (400 samples); played on as ``hilo``
    (which bets it on) a bet of 1 looks best. Seed after seed, each choice follows its model."""
    position = parse_position("hurricane", "seats 3; dealer 0; seat 1; cards Js 7h")
    check, bet1 = parse_action("check"), parse_action("bet 1")
    assert [choose_position(position, 24, s, "foldout")[0] for s in range(4)] == [check] * 4
    assert [choose_position(position, 24, s)[0] for s in range(4)] == [bet1] * 4  # hilo
