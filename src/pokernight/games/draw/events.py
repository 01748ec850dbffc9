"""Seed 002's own words for the computer's draw: "Dealer takes 3", or "Dealer Pat!".

The computer always deals, and the seed tells its draw only this way, so the game's draw event
says it so for every front end (the prompt, the terminal table's log, the browser's hand log).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.engine.events import Drew, Event, Who

COMPUTER = 1
"""The computer's seat: it always deals."""


@dataclass(frozen=True, slots=True)
class DealerDrew(Drew):
    """A draw in seed 002: the computer's told as the seed tells it, yours as any draw."""

    def public(self) -> Event:
        hidden = (None,) * len(self.discarded)
        return DealerDrew(self.seat, hidden, hidden)

    def words(self, who: Who) -> str | None:
        if self.seat != COMPUTER:
            return Drew.words(self, who)
        taken = len(self.discarded)
        return f"Dealer takes {taken}" if taken else "Dealer Pat!"
