"""The shared draw phase with two equal cards in a hand (High-Low's deck with two jokers)."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokernight.cards import DualCard, parse_dual
from pokernight.engine.actions import discard
from pokernight.engine.phases.draw import DrawPhase
from pokernight.errors import IllegalAction


def two_jokers() -> list[DualCard]:
    return [parse_dual(t) for t in ("Jk", "As/7d", "Jk", "Kh/2c", "9s/9d")]


def test_each_discard_is_offered_once_and_both_jokers_may_go() -> None:
    hand = two_jokers()
    legal = DrawPhase([0], 3).legal(hand)
    kinds = {tuple(sorted(map(str, c))) for size in (1, 2, 3) for c in combinations(hand, size)}
    assert len(legal) == len(set(legal)) == 1 + len(kinds) == 1 + 4 + 7 + 7
    assert discard(hand[0], hand[2]) in legal


@pytest.mark.parametrize("jokers", [1, 2])
def test_discarding_jokers_takes_as_many_as_named(jokers: int) -> None:
    hand = two_jokers()
    phase = DrawPhase([0], 3)
    new = [parse_dual("Qs/3h"), parse_dual("8c/5d")][:jokers]
    thrown, received = phase.apply(hand, discard(*[hand[0]] * jokers), lambda n: new[:n])
    assert [str(c) for c in thrown] == ["Jk/Jk"] * jokers
    assert received == tuple(new)
    assert [str(c) for c in hand].count("Jk/Jk") == 2 - jokers
    assert phase.to_act() is None


def test_three_jokers_from_a_hand_of_two_is_refused_and_nothing_changes() -> None:
    hand = two_jokers()
    phase = DrawPhase([0], 3)
    with pytest.raises(IllegalAction, match="discard up to 3 of your own"):
        phase.apply(hand, discard(*[hand[0]] * 3), lambda n: [])
    assert hand == two_jokers()
    assert phase.to_act() == 0
