"""Hurricane's table as the seed draws it, rendered from the events a seat may see.

One row per seat: ``#`` (computer) or ``ö`` (you), the seat number, ``=`` on the dealer, the
two cards (``--`` face down, blank once folded), then the action string: ``#`` check, ``+n``
bet or raise, ``=n`` call, ``x`` fold, ``±`` drew, ``-`` kept; at the showdown ``▲`` high
winner, ``▼`` low winner and ``$n`` won. Below: ``Pot: $n`` and your stake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokernight.cards import Card, Playable
from pokernight.engine.actions import Kind
from pokernight.engine.events import (
    Acted,
    Dealt,
    Drew,
    Event,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
    dollars,
)

LEGEND = (
    "ö your seat, # a computer's or another player's; = after the number: the dealer",
    "-- a card face down (blank once folded)",
    "# check · +n bet or raise n · =n call n · x fold",
    "± drew a card · - kept both",
    "▲ high winner · ▼ low winner · $n won",
)
"""The rows' shorthand in words, shown beside them."""
WATCHED = "# a player's seat; = after the number: the dealer"
"""The legend's first line beside a spectator's rows, where no seat is the reader's (no ö)."""


@dataclass
class SeatRow:
    cards: list[Playable | None] = field(default_factory=lambda: [None, None])
    rounds: list[list[str]] = field(default_factory=lambda: [[], []])
    drew: str = ""
    folded: bool = False
    high: bool = False
    low: bool = False
    won: int = 0


def _token(event: Acted) -> str:
    kind = event.action.kind
    if kind is Kind.CHECK:
        return "# "
    if kind in (Kind.BET, Kind.RAISE):
        return f"+{event.action.amount}"
    if kind is Kind.CALL:
        return f"={event.chips}"
    return "x "


class Board:
    """One viewer's rows built event by event: a seat's events only grow during a hand, so a
    server that shows every change feeds each new event once instead of walking the hand
    again."""

    def __init__(self, seats: int, viewer: int | None) -> None:
        self.rows = [SeatRow() for _ in range(seats)]
        self.viewer = viewer
        self.dealer: int | None = None
        self.betting_round = 0
        self._lines = [""] * seats
        """The rows as text; a row an event changed is empty until drawn again (an event
        changes one row, and the server draws the rows after every event)."""

    def add(self, event: Event) -> None:
        rows = self.rows
        seat = getattr(event, "seat", None)
        if isinstance(seat, int):
            self._lines[seat] = ""
        if isinstance(event, HandStarted):
            self.dealer = event.dealer
            self._lines = [""] * len(rows)
        elif isinstance(event, Dealt):
            rows[event.seat].cards = list(event.cards)
        elif isinstance(event, RoundStarted):
            self.betting_round = 1 if event.name == "trailing edge" else 0
        elif isinstance(event, Acted):
            rows[event.seat].rounds[self.betting_round].append(_token(event))
            if event.action.kind is Kind.FOLD:
                rows[event.seat].folded = True
        elif isinstance(event, Drew):
            row = rows[event.seat]
            row.drew = "±" if event.discarded else "-"
            for old, new in zip(event.discarded, event.received, strict=True):
                if old is not None and old in row.cards:
                    row.cards[row.cards.index(old)] = new
        elif isinstance(event, Showdown):
            rows[event.seat].cards = list(event.cards)
        elif isinstance(event, PotAwarded):
            row = rows[event.seat]
            row.won += event.amount
            row.high |= event.share == "high"
            row.low |= event.share == "low"

    @property
    def legend(self) -> tuple[str, ...]:
        """``LEGEND`` as this viewer's rows mark the seats: a spectator has none of their own."""
        return LEGEND if self.viewer is not None else (WATCHED, *LEGEND[1:])

    def lines(self) -> list[str]:
        lines = self._lines
        while "" in lines:
            seat = lines.index("")
            lines[seat] = _row(seat, self.rows[seat], seat == self.viewer, seat == self.dealer)
        return lines.copy()


def render(
    events: Sequence[Event],
    seats: int,
    viewer: int | None,
    pot_and_stake: tuple[int | None, int] | None,
) -> list[str]:
    """The table rows (and the pot and stake lines when given) for one viewer."""
    board = Board(seats, viewer)
    for event in events:
        board.add(event)
    lines = board.lines()
    if pot_and_stake is not None:
        pot, stake = pot_and_stake
        lines += [*([f" Pot: ${pot}"] if pot is not None else []), f" ö {dollars(stake)}"]
    return lines


def _cards_text(row: SeatRow) -> str:
    if row.folded:
        return "  "
    return "".join(c.rank.char if isinstance(c, Card) else "-" for c in row.cards)


def _row(seat: int, row: SeatRow, you: bool, dealer: bool) -> str:
    head = f"{'ö' if you else '#'}{seat + 1}"
    head += "=" if dealer else ""
    head += "▼" if row.low else ("" if dealer else " ")
    text = head + _cards_text(row) + ("▲" if row.high else "")
    first = ("".join(row.rounds[0]).rstrip() + row.drew).strip()
    second = "".join(row.rounds[1]).rstrip()
    for part in (first, second):
        if part:
            text += " " + part
    if row.won:
        text += f" ${row.won}"
    return text.rstrip()
