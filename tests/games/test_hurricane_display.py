"""The seed's table display, rendered from events only."""

from __future__ import annotations

from pokernight.cards import parse_cards
from pokernight.engine.actions import CALL, CHECK, FOLD, bet, raise_
from pokernight.engine.events import (
    Acted,
    Dealt,
    Drew,
    Event,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
)
from pokernight.games.hurricane.display import Board, render

Q2 = tuple(parse_cards("Qs 2d"))
FIVE_FOUR = tuple(parse_cards("5c 4h"))
DEAL: list[Event] = [
    HandStarted(1, 2, (0, 1, 2)),
    Dealt(0, (None, None)),
    Dealt(1, Q2),
    Dealt(2, (None, None)),
    RoundStarted("leading edge"),
]
BETTING: list[Event] = [
    Acted(0, CHECK, 0),
    Acted(1, bet(2), 2),
    Acted(2, CALL, 2),
    Acted(0, raise_(1), 3),
    Acted(1, CALL, 1),
    Acted(2, CALL, 1),
    RoundStarted("eye of the storm"),
    Drew(0, (None,), (None,)),
    Drew(1, (), ()),
    Drew(2, (None,), (None,)),
    RoundStarted("trailing edge"),
    Acted(0, CHECK, 0),
    Acted(1, bet(3), 3),
    Acted(2, FOLD, 0),
    Acted(0, CALL, 3),
]
SHOWDOWN: list[Event] = [
    Showdown(0, FIVE_FOUR, "", "5-4 low"),
    Showdown(1, Q2, "Pair of queens", ""),
    PotAwarded(0, 4, "low", ""),
    PotAwarded(1, 5, "high", ""),
]


def test_after_the_deal() -> None:
    assert render(DEAL, 3, 1, (3, 99)) == ["#1 --", "ö2 Q2", "#3=--", " Pot: $3", " ö $99"]


def test_the_betting_example_read_top_to_bottom_left_to_right() -> None:
    assert render(DEAL + BETTING, 3, 1, None) == [
        "#1 -- # +1± # =3",
        "ö2 Q2 +2=1- +3",
        "#3=   =2=1± x",
    ]


def test_the_showdown_example() -> None:
    assert render(DEAL + BETTING + SHOWDOWN, 3, 1, None) == [
        "#1▼54 # +1± # =3 $4",
        "ö2 Q2▲ +2=1- +3 $5",
        "#3=   =2=1± x",
    ]


def test_a_live_hand_shows_only_your_cards() -> None:
    from pokernight.engine.protocol import TableState
    from pokernight.games.hurricane.game import Hurricane, HurricaneOptions

    hand = Hurricane(HurricaneOptions(seats=4)).new_hand(TableState((100,) * 4, 0), seed=9)
    view = hand.view(2)
    rows = render(view.events, 4, 2, (view.pot, view.stakes[2]))
    mine = "".join(c.rank.char for c in hand.hole[2])  # type: ignore[union-attr]
    assert rows[2].startswith(f"ö3 {mine}")
    assert [row for i, row in enumerate(rows[:4]) if i != 2] == ["#1=--", "#2 --", "#4 --"]
    assert rows[4:] == [" Pot: $4", " ö $99"]


def test_rows_built_event_by_event_match_the_whole_render() -> None:
    """The web server feeds a Board one event at a time and asks for its lines after each:
    every answer must be the render of the events so far (no row's text kept stale)."""
    events = [*DEAL, *BETTING, *SHOWDOWN]
    for viewer in (None, 0, 1):
        board = Board(3, viewer)
        for count, event in enumerate(events, start=1):
            board.add(event)
            assert board.lines() == render(events[:count], 3, viewer, None), count
