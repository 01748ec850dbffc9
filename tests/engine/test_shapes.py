"""A turn's legal list described as shapes, and a game's own decisions named by their words."""

from __future__ import annotations

import pytest
from tests.catalog.onecard import BOTH, DECLARATIONS, HIGH

from pokernight.cards import parse_cards
from pokernight.engine.actions import KEEP, Kind, discard, own, parse_action
from pokernight.engine.shapes import Cards, Choice, describe
from pokernight.errors import IllegalAction


def test_a_draw_is_a_keep_button_and_cards_drawn_again() -> None:
    hole = tuple(parse_cards("2c 7d Qs"))
    legal = [KEEP, discard(hole[0]), discard(hole[2], hole[1]), discard(*hole)]
    assert describe(legal) == (
        Choice(KEEP, "h", "keep"),
        Cards(Kind.DISCARD, "d", (1, 2, 3), tuple(legal[1:]), replaces=True),
    )
    drawn = describe(legal)[1]
    assert isinstance(drawn, Cards)
    assert drawn.action([hole[1], hole[2]]) is legal[2]
    assert drawn.action([hole[1]]) == discard(hole[1])


def test_a_games_own_words_are_its_actions_text_form() -> None:
    assert [str(a) for a in DECLARATIONS] == ["declare high", "declare low", "declare both"]
    assert parse_action("  Declare   BOTH ") is BOTH and own("declare high") is HIGH
    assert describe(DECLARATIONS)[0] == Choice(HIGH, "h", "declare high")
    with pytest.raises(IllegalAction, match=r"^unknown action 'declare': actions are check, "):
        parse_action("declare nothing")
    with pytest.raises(ValueError, match="cannot start with 'bet'"):
        own("bet everything")
