"""How a person plays a whole game, chosen to reach the edges rather than only at random: the
same few drivers for every front end (prompt, terminal, browser), each a rule for picking among
the actions a screen offers, when to leave, and whether to type garbage first.

- ``random``: any offered choice, with an odd answer now and then (the hand harness's person);
- ``allin``: the most chips every time: the largest bet and every raise, a call rather than a
  fold (all in wherever table stakes let the stake run out);
- ``smallest``: the fewest chips without folding: a check, a call, else the smallest bet;
- ``fold``: fold everything, else check, pass or keep (the stake bleeds down to the ante);
- ``quit``: random choices, then leave at a prompt drawn at the start (the quit the prompt offers
  there, else the end of input);
- ``garbage``: random choices, each preceded by an answer no screen may take (odd Unicode
  digits, control characters, an empty or very long line), which must be refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokernight.engine.actions import AMOUNT_KINDS, Action, Kind

Rank = Callable[[Action], float]
"""A driver's preference: the offered action with the highest rank is chosen (ties at
random, so the cards a driver throws or plays are drawn)."""


def _chips(action: Action) -> float:
    """The chips an action puts in: a bet or raise its amount above a call, a fold nothing."""
    if action.kind in AMOUNT_KINDS:
        return 2 + action.amount
    return {Kind.CALL: 1.0, Kind.FOLD: -1.0}.get(action.kind, 0.0)


def _fewest(action: Action) -> float:
    if action.kind is Kind.FOLD:
        return -1000.0
    if action.kind in AMOUNT_KINDS:
        return -2.0 - action.amount / 1000
    return {Kind.CALL: -1.0}.get(action.kind, 0.0)


def _folding(action: Action) -> float:
    order = (Kind.FOLD, Kind.CHECK, Kind.PASS, Kind.KEEP, Kind.CALL)
    if action.kind in order:
        return 10.0 - order.index(action.kind)
    return -action.amount / 1000 if action.kind in AMOUNT_KINDS else 0.0


@dataclass(frozen=True)
class EdgeDriver:
    """One way to play: ``rank`` orders the offered actions (None: at random);
    ``odd`` the chance of an odd answer before a choice (1: before every one, from
    ``GARBAGE`` as well as the screen's own odd answers); ``quit_within``: leave at a prompt
    drawn from the first so many (None: play to the game's own end)."""

    name: str
    rank: Rank | None = None
    odd: float = 0.0
    quit_within: int | None = None

    def choose(self, offered: Sequence[Action], rng: random.Random) -> Action:
        """The driver's pick among ``offered``; at random: any kind offered, then any
        choice of that kind (so a long list of amounts or cards does not drown a fold)."""
        if self.rank is None:
            kind = rng.choice(sorted({a.kind for a in offered}))
            return rng.choice([a for a in offered if a.kind is kind])
        best = max(map(self.rank, offered))
        return rng.choice([a for a in offered if self.rank(a) == best])

    @property
    def garbage(self) -> bool:
        """Garbage before every answer: each must be refused before the real one."""
        return self.odd >= 1

    def quits_at(self, rng: random.Random) -> int | None:
        """The prompt (counted from 1) this driver leaves at, drawn once a game."""
        return None if self.quit_within is None else rng.randint(1, self.quit_within)


RANDOM = EdgeDriver("random", odd=0.1)
ALL_IN = EdgeDriver("allin", _chips)
SMALLEST = EdgeDriver("smallest", _fewest)
FOLD = EdgeDriver("fold", _folding)
QUIT = EdgeDriver("quit", quit_within=30)
GARBAGE = EdgeDriver("garbage", odd=1.0)
DRIVERS = (RANDOM, ALL_IN, SMALLEST, FOLD, QUIT, GARBAGE)

GARBAGE_LINES = (
    "bet ²",
    "bet ３",
    "²",
    "３",
    "±",
    "\x1b[A",
    "d\x00",
    "\x07\x08",
    "\u202eteb",
    "🂡 🂱",
    "ｄ",
    "9" * 5000,
    "bet " + "9" * 4400,
    "x" * 3000,
    "bet 1 2",
    "raise -1",
    "bet 00",
)
"""Answers no question of any screen takes: digits that are not ASCII, control characters,
right-to-left marks, card glyphs, fullwidth letters, very long lines, malformed actions. (An
empty line is garbage only where Enter has no meaning: the screens add it there.)"""
GARBAGE_KEYS = ("²", "３", "ö", "ｄ", "z", "é")
"""Keys no table takes: odd digits, letters of no action (symbols such as ± reach a Pilot's
table as a key name with no character)."""
