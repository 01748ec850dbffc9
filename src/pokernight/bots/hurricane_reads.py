"""Who the other seats are: the Hurricane expert's reading of each seat's strategy.

At a table the computer seats keep their strategy hand after hand, and the expert acts hand
after hand at its seat, so what its own views show adds up: every action another seat took
before one of the expert's decisions, with its public context (the round, the bet level, what
was owed and legal, whether it drew). Each of the seven strategies is a function of the seat's
two cards and that context (``random`` a draw), so the chance a strategy gives a seat's
actions in one hand is exact: its share of the pairs of cards the seat may hold (the cards the
expert has not seen, weighed by how many of each rank are left), each played through the
hand's actions, a draw's new card drawn from what is left. The hands multiply into a
posterior per seat; the rollouts then draw each seat's strategy from it instead of uniformly.

Two things keep one odd hand from deciding: a hand's chance of a strategy is never below
``floor`` times the best strategy's (a seat no strategy explains lowers one, never zeroes
it), and older hands count less (``memory``: their weight of evidence shrinks that much a
hand), so a new player in a seat is learned again. A seat not dealt in last hand that is dealt
in now may be someone new: its reading starts over. Only the view is read: no hidden card.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pokernight.bots.hurricane import (
    KEEPS,
    RANDOM_BETS,
    STRATEGIES,
    Intent,
    chances,
    facts_of,
    to_action,
)
from pokernight.bots.worlds import stacker_of
from pokernight.cards import Card
from pokernight.engine.actions import KEEP
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import HandStarted
from pokernight.engine.protocol import View
from pokernight.engine.worlds import Hidden, Position, Step, Worlds
from pokernight.games.hurricane.game import EYE, LEADING, HurricaneOptions


@dataclass(frozen=True)
class Bet:
    """A betting action of another seat: its round, the bet level and the intentions that
    would have made it (a raise at the cap is a call: both intentions make it)."""

    before_draw: bool
    level: int
    made_by: frozenset[Intent]


@dataclass(frozen=True)
class Draw:
    """Another seat's draw: whether it kept both cards (which one it threw is unseen)."""

    kept: bool


Seen = Bet | Draw


class Reads:
    """Per other seat, the evidence for each of the seven strategies (``STRATEGIES`` order)."""

    def __init__(self, options: HurricaneOptions, memory: float = 0.99, floor: float = 0.02):
        self.options, self.memory, self.floor = options, memory, floor
        self.evidence: dict[int, list[float]] = {}
        """Log chances of each seat's finished hands, older ones shrunk by ``memory``."""
        self.current: dict[int, tuple[int, list[float]]] = {}
        """This hand's chances per seat, with how many of its actions they cover."""
        self.hand: int | None = None
        self.dealt_in: tuple[int, ...] = ()

    def observe(self, view: View, position: Position) -> None:
        """Read the hand so far (``position``: the view's, as the rollouts use it)."""
        started = next(e for e in view.events if isinstance(e, HandStarted))
        if view.hand != self.hand:
            for seat, (_, chance) in self.current.items():
                old = self.evidence.get(seat, [0.0] * len(STRATEGIES))
                self.evidence[seat] = [
                    self.memory * e + math.log(c) for e, c in zip(old, chance, strict=True)
                ]
            self.current = {}
            for seat in started.seats:
                if seat not in self.dealt_in:
                    self.evidence.pop(seat, None)
            self.hand, self.dealt_in = view.hand, started.seats
        steps = seen_steps(position, self.options)
        counts: Counter[int] | None = None
        for seat, seen in steps.items():
            if seat in self.current and self.current[seat][0] == len(seen):
                continue
            if counts is None:
                counts = unseen_values(position, self.options)
            raw = [hand_chance(name, seen, counts) for name in STRATEGIES]
            least = self.floor * max(raw)
            self.current[seat] = (len(seen), [max(r, least) for r in raw])

    def posterior(self, seat: int) -> tuple[float, ...]:
        """The chance of each strategy at ``seat`` (uniform before any evidence)."""
        logs = list(self.evidence.get(seat, [0.0] * len(STRATEGIES)))
        if seat in self.current:
            logs = [e + math.log(c) for e, c in zip(logs, self.current[seat][1], strict=True)]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def beliefs(self, me: int, seats: int) -> dict[int, tuple[float, ...]]:
        """Every other seat's posterior, for the rollouts to draw its strategy from."""
        return {s: self.posterior(s) for s in range(seats) if s != me}


def seen_steps(position: Position, options: HurricaneOptions) -> dict[int, list[Seen]]:
    """Each other seat's actions in the position's history, with their public context: the
    history replayed once on any deal (the context of an action is public, so any deal
    consistent with the history gives the same)."""
    steps: dict[int, list[Seen]] = {}

    def watch(hand: DealtHand[Any], seat: int, step: Step) -> None:
        if seat == position.seat:
            return
        view = hand.view(seat)
        mine = steps.setdefault(seat, [])
        if view.phase == EYE:
            mine.append(Draw(kept=step == KEEP))
        elif not isinstance(step, Hidden):
            level = view.betting.level if view.betting is not None else 0
            made_by = frozenset(i for i in RANDOM_BETS if to_action(i, view) == step)
            mine.append(Bet(view.phase == LEADING, level, made_by))

    worlds = Worlds(position, stacker_of(options))
    worlds.deal(random.Random(0), lambda seat, hand: hand.legal_actions()[0], watch)
    return steps


def unseen_values(position: Position, options: HurricaneOptions) -> Counter[int]:
    """How many cards of each value the seat has not seen (the deck less its own cards)."""
    counts = Counter(c.value for c in options.deck)
    for card in (*position.dealt, *position.received):
        if isinstance(card, Card):
            counts[card.value] -= 1
    return counts


def hand_chance(strategy: str, seen: Sequence[Seen], counts: Counter[int]) -> float:
    """The chance ``strategy`` takes the actions ``seen`` in one hand, over every pair of
    cards the seat may hold (each as likely as the unseen cards make it) and, after a draw,
    every card it may have drawn (as likely as what is left makes it)."""
    cut = next((i for i, step in enumerate(seen) if isinstance(step, Draw)), len(seen))
    before, after = seen[:cut], seen[cut + 1 :]
    draw = seen[cut] if cut < len(seen) else None
    assert draw is None or isinstance(draw, Draw)
    trailing: dict[tuple[int, int], float] = {}  # the chance of ``after`` by the cards held

    def later(kept: int, new: int) -> float:
        if (kept, new) not in trailing:
            trailing[kept, new] = _bets(strategy, after, kept, new)
        return trailing[kept, new]

    values = sorted(v for v, n in counts.items() if n > 0)
    total = weight = 0.0
    for i, a in enumerate(values):
        for b in values[i:]:
            w = counts[a] * (counts[b] if a != b else (counts[a] - 1) / 2)
            if w <= 0:
                continue
            weight += w
            p = _bets(strategy, before, a, b)
            if p == 0.0 or draw is None:
                total += w * p
                continue
            for intent, c in chances(strategy, facts_of(a, b, False, 0), True):
                if (intent == KEEPS) != draw.kept:
                    continue
                if intent == KEEPS:
                    total += w * p * c * (later(a, b) if after else 1.0)
                    continue
                if not after:
                    total += w * p * c
                    continue
                kept = min(a, b) if intent[1] == 1 else max(a, b)  # C1 is the higher card
                rest = counts.copy()
                rest[a] -= 1
                rest[b] -= 1
                left = sum(rest.values())
                drawn = sum(n * later(kept, v) for v, n in rest.items() if n > 0) / left
                total += w * p * c * drawn
    return total / weight


def _bets(strategy: str, bets: Sequence[Seen], a: int, b: int) -> float:
    """The chance ``strategy`` holding ``a`` and ``b`` makes these bets (no draw among them)."""
    p = 1.0
    for step in bets:
        assert isinstance(step, Bet)
        p *= _bet_chance(strategy, step, a, b)
        if p == 0.0:
            return 0.0
    return p


@cache
def _bet_chance(strategy: str, step: Bet, a: int, b: int) -> float:
    """The chance of one bet by the cards held (kept: the same bets recur hand after hand)."""
    f = facts_of(a, b, step.before_draw, step.level)
    return sum(c for intent, c in chances(strategy, f, False) if intent in step.made_by)
