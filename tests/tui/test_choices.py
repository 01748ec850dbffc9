"""The action bar's logic: shapes and amounts read from the legal list, actions built from a
key and a selection and checked against it, and the seats placed around the table."""

from __future__ import annotations

import pytest

from pokernight.cards import parse_cards
from pokernight.engine.actions import (
    CALL,
    FOLD,
    KEEP,
    Action,
    discard,
    own,
    raise_,
)
from pokernight.errors import IllegalAction
from pokernight.games.highlow.game import orientations
from pokernight.tui.choices import build, read_choices
from pokernight.tui.seats_layout import place


def test_kinds_and_amounts_come_from_the_legal_list() -> None:
    choices = read_choices([FOLD, CALL, raise_(1), raise_(2), raise_(3)])
    assert list(choices.keys) == ["f", "c", "r"]
    assert choices.amounts == (1, 2, 3)
    assert choices.step(1, up=True) == 2 and choices.step(1, up=False) == 1
    assert build(choices, "r", (), (), 3) == raise_(3)
    with pytest.raises(IllegalAction, match="from 1 to 3"):
        build(choices, "r", (), (), 5)
    with pytest.raises(IllegalAction, match=r"^check is not allowed now$"):
        build(choices, "k", (), (), None)


def test_card_choices_match_the_selection_in_any_order() -> None:
    hole = tuple(parse_cards("2c 7d Qs"))
    legal = [KEEP, discard(hole[2], hole[0]), discard(hole[1])]
    choices = read_choices(legal)
    assert build(choices, "d", hole, [0, 2], None) == legal[1]
    with pytest.raises(IllegalAction, match="select other cards"):
        build(choices, "d", hole, [0, 1], None)
    asked: list[Action] = []

    def referee(action: Action) -> str:
        asked.append(action)
        return "the game's reason"

    with pytest.raises(IllegalAction, match="discard 2c 7d is not allowed now: the game's reason"):
        build(choices, "d", hole, [0, 1], None, referee)
    assert asked == [discard(hole[0], hole[1])]
    with pytest.raises(IllegalAction, match=r"^bet is not allowed now$"):
        build(choices, "b", hole, [], 1)


def test_an_orientation_turns_the_selected_cards() -> None:
    choices = read_choices(orientations(5))
    action = build(choices, "o", (None,) * 5, [1, 4], None)
    assert action.flips == (0, 1, 0, 0, 1)


def test_a_games_own_decision_is_a_button_with_a_key_of_its_words() -> None:
    """Its last word's first letter, else the next letter of its words no other choice of
    the turn has (here keep's h)."""
    high, low, both = (own(f"declare {half}") for half in ("high", "low", "both"))
    assert list(read_choices([high, low, both]).keys) == ["h", "l", "b"]
    choices = read_choices([high, low, both, KEEP])
    assert list(choices.keys) == ["d", "l", "b", "h"]
    assert [build(choices, key, (), (), None) for key in "dlbh"] == [high, low, both, KEEP]
    assert not choices.selects_cards and choices.amounts == ()


@pytest.mark.parametrize("seats", range(1, 11))
def test_every_seat_has_one_place_and_you_sit_at_the_bottom(seats: int) -> None:
    for you in range(seats):
        spots = place(seats, you)
        sides = [s for s in (spots.left, spots.right) if s is not None]
        everyone = [*spots.top, *sides, *spots.bottom]
        assert sorted(everyone) == list(range(seats))
        assert you in spots.bottom and len(spots.top) <= 3
