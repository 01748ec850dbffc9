"""The view as JSON: only the notation changes, never what is known, and nothing in it
depends on where the server keeps its objects."""

from __future__ import annotations

from tests.catalog.onecard import DECLARATIONS

from pokernight.engine.actions import CALL, FOLD, raise_
from pokernight.games.highlow.game import Orientations
from pokernight.web.views import legal


def test_a_long_list_is_summed_up_in_words() -> None:
    """High-Low's orientations were summed up as their object's repr, with its address."""
    sent = legal(Orientations(5, 0))
    assert sent is not None
    assert sent["summary"] == "32 choices, orient 0,0,0,0,0 to orient 1,1,1,1,1"
    assert (sent["count"], sent["first"], sent["last"]) == (
        32,
        "orient 0,0,0,0,0",
        "orient 1,1,1,1,1",
    )


def test_the_legal_list_is_sent_as_shapes_to_draw() -> None:
    """The client draws the shapes, never the verbs: a call says what it costs, a game's own
    decisions arrive as buttons with their words and keys."""
    sent = legal([CALL, FOLD, raise_(1), raise_(2)], to_call=2)
    assert sent is not None and sent["shapes"] == [
        {"shape": "choice", "action": "call", "label": "call 2", "key": "c"},
        {"shape": "choice", "action": "fold", "label": "fold", "key": "f"},
        {"shape": "amount", "verb": "raise", "key": "r", "low": 1, "high": 2, "amounts": [1, 2]},
    ]
    turned = legal(Orientations(5, 0))
    assert turned is not None
    assert turned["shapes"] == [{"shape": "orient", "verb": "orient", "key": "o", "named": 0}]
    declared = legal(DECLARATIONS)
    assert declared is not None and declared["shapes"] == [
        {"shape": "choice", "action": f"declare {half}", "label": f"declare {half}", "key": key}
        for half, key in (("high", "h"), ("low", "l"), ("both", "b"))
    ]
