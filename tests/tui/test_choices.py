"""The action bar's logic: kinds and amounts read from the legal list, actions built from a
selection and checked against it, and the seats placed around the table."""

from __future__ import annotations

import pytest

from pokernight.cards import parse_cards
from pokernight.engine.actions import (
    CALL,
    FOLD,
    KEEP,
    Action,
    bet,
    discard,
    parse_action,
    raise_,
)
from pokernight.errors import IllegalAction
from pokernight.games.highlow.game import orientations
from pokernight.tui.choices import build, read_choices
from pokernight.tui.seats_layout import place


def test_kinds_and_amounts_come_from_the_legal_list() -> None:
    choices = read_choices([FOLD, CALL, raise_(1), raise_(2), raise_(3)])
    assert [str(k) for k in choices.kinds] == ["fold", "call", "raise"]
    assert choices.amounts == (1, 2, 3)
    assert choices.step(1, up=True) == 2 and choices.step(1, up=False) == 1
    assert build(choices, parse_action("raise 1").kind, (), (), 3) == raise_(3)
    with pytest.raises(IllegalAction, match="from 1 to 3"):
        build(choices, parse_action("raise 1").kind, (), (), 5)


def test_card_choices_match_the_selection_in_any_order() -> None:
    hole = tuple(parse_cards("2c 7d Qs"))
    legal = [KEEP, discard(hole[2], hole[0]), discard(hole[1])]
    choices = read_choices(legal)
    assert build(choices, discard().kind, hole, [0, 2], None) == legal[1]
    with pytest.raises(IllegalAction, match="select other cards"):
        build(choices, discard().kind, hole, [0, 1], None)
    asked: list[Action] = []

    def referee(action: Action) -> str:
        asked.append(action)
        return "the game's reason"

    with pytest.raises(IllegalAction, match="discard 2c 7d is not allowed now: the game's reason"):
        build(choices, discard().kind, hole, [0, 1], None, referee)
    assert asked == [discard(hole[0], hole[1])]
    with pytest.raises(IllegalAction, match="not allowed"):
        build(choices, bet(1).kind, hole, [], 1)


def test_an_orientation_turns_the_selected_cards() -> None:
    choices = read_choices(orientations(5))
    action = build(choices, parse_action("orient 0").kind, (None,) * 5, [1, 4], None)
    assert action.flips == (0, 1, 0, 0, 1)


@pytest.mark.parametrize("seats", range(1, 11))
def test_every_seat_has_one_place_and_you_sit_at_the_bottom(seats: int) -> None:
    for you in range(seats):
        spots = place(seats, you)
        sides = [s for s in (spots.left, spots.right) if s is not None]
        everyone = [*spots.top, *sides, *spots.bottom]
        assert sorted(everyone) == list(range(seats))
        assert you in spots.bottom and len(spots.top) <= 3
