"""The view as JSON: only the notation changes, never what is known, and nothing in it
depends on where the server keeps its objects."""

from __future__ import annotations

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
