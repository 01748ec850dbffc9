"""Betting rounds and pot splitting, the pieces every game reuses."""

from __future__ import annotations

import pytest

from pokernight.cards import parse_cards
from pokernight.engine.actions import (
    CALL,
    CHECK,
    FOLD,
    KEEP,
    Action,
    Kind,
    bet,
    discard,
    parse_action,
    raise_,
)
from pokernight.engine.phases.betting import BettingRound, Limits
from pokernight.engine.pots import divide_floor, divide_odd_chips
from pokernight.errors import IllegalAction

HURRICANE = Limits((1, 2, 3), 2)


def test_action_text_forms_round_trip() -> None:
    for text in (
        "check",
        "bet 2",
        "call",
        "raise 3",
        "fold",
        "keep",
        "discard Qs 7d",
        "orient 1,0,1,1,0",
        "set 2h 2d",
        "play 3d 3c",
        "pass",
    ):
        assert str(parse_action(text)) == text
    assert parse_action("discard Qs") == discard(*parse_cards("Qs"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action"),
        ("shove", "unknown action"),
        ("bet", "whole amount"),
        ("raise -1", "whole amount"),
        ("check 2", "takes nothing"),
        ("discard Zz", "unknown rank"),
        ("orient 1,2", "0 or 1"),
    ],
)
def test_malformed_actions_say_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        parse_action(text)


def test_opening_facing_and_capped_legal_sets() -> None:
    r = BettingRound([0, 1, 2], HURRICANE)
    assert r.legal() == (CHECK, bet(1), bet(2), bet(3))
    r.apply(bet(2))
    assert r.to_act() == 1 and r.legal() == (CALL, raise_(1), raise_(2), raise_(3), FOLD)
    r.apply(raise_(1))
    r.apply(raise_(3))  # 1 bet + 2 raises: capped
    assert r.to_act() == 0 and r.legal() == (CALL, FOLD)
    assert r.owed(0) == 4


def test_round_ends_when_everyone_called_the_last_bet() -> None:
    r = BettingRound([0, 1, 2], HURRICANE)
    for action in (CHECK, bet(2), CALL, raise_(1), CALL, CALL):
        r.apply(action)
    assert r.to_act() is None
    assert r.committed == [3, 3, 3]


def test_round_ends_when_checked_around_or_one_left() -> None:
    r = BettingRound([0, 1], HURRICANE)
    r.apply(CHECK)
    r.apply(CHECK)
    assert r.to_act() is None
    r = BettingRound([0, 1, 2], HURRICANE)
    r.apply(bet(1))
    r.apply(FOLD)
    r.apply(FOLD)
    assert r.to_act() is None and r.live == {0}


def test_fold_with_nothing_owed_is_a_check() -> None:
    r = BettingRound([0, 1], HURRICANE)
    taken, chips = r.apply(FOLD)
    assert taken == CHECK and chips == 0 and r.live == {0, 1}


@pytest.mark.parametrize(
    ("history", "action", "message"),
    [
        ((), raise_(1), "no bet to call or raise"),
        ((), bet(4), "amounts are 1, 2, 3"),
        ((bet(1),), CHECK, "you owe 1"),
        ((bet(1), raise_(1), raise_(1)), raise_(1), "capped at 1 bet and 2 raises"),
        ((bet(1),), bet(2), "raise instead"),
        ((), KEEP, "not a betting action"),
    ],
)
def test_illegal_betting_is_refused_and_changes_nothing(
    history: tuple[Action, ...], action: Action, message: str
) -> None:
    r = BettingRound([0, 1, 2], HURRICANE)
    for h in history:
        r.apply(h)
    before = (r.to_act(), list(r.committed), r.level, list(r.pending))
    with pytest.raises(IllegalAction, match=message):
        r.apply(action)
    assert (r.to_act(), list(r.committed), r.level, list(r.pending)) == before


def test_divide_helpers() -> None:
    assert divide_floor(7, [1, 2]) == ({1: 3, 2: 3}, 1)
    assert divide_odd_chips(7, [2, 0, 1]) == {2: 3, 0: 2, 1: 2}
    assert divide_floor(5, []) == ({}, 5)
    assert Kind.CHECK in {a.kind for a in (CHECK,)}
