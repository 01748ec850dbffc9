"""How fast a server's tables move: set once for the server (``pokernight serve``), 0 in
tests."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """How fast computer seats act and hands follow each other (0 in tests). A computer acts
    ``bot_delay`` after its turn came, however long it thought (within that time): a move
    that came sooner for a weak hand and later for a strong one told its hand (the Big Two
    search's time followed its hand's strength)."""

    bot_delay: float = 0.6
    hand_pause: float = 2.0
