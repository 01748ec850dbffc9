"""A solved heads-up Hurricane strategy, kept apart from the solver's working arrays: the
average strategy of every decision a seat can reach by its own play, in whole 255ths, saved to
and loaded from one compressed file, and looked up by what a seat knows (its role, the public
actions, its cards as dealt and drawn).

Why so compact: the 13-rank strategy has 48 million probabilities, 51 MB even as compressed
float16, too much to ship. Most of them sit where the seat's own earlier choices never take it
(a pair of aces that never checks has no decisions after its check). Those are not stored: a
seat's own reach is a function of its earlier probabilities, so the loader walks the tree, marks
each decision the stored probabilities reach, and reads the values in that order. Where a seat
never goes it plays uniformly, as CFR's average strategy does where a seat was never seen; the
exploitability is the same either way (the other seat's best response never meets it there).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pokernight.engine.actions import Action
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve.cards import HI, LO, Deck, Floats
from pokernight.games.hurricane.solve.rounds import DEALER, FIRST, Round, betting_rounds

Weights = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.bool_]
WHOLE = 255
"""A decision's probabilities are whole 255ths summing to 255: one byte each."""
FORMAT = 2
"""The file's layout; a file of another layout is not read (``StrategyFileError``)."""
KEEP = 0


class StrategyFileError(ValueError):
    """The file is no strategy this code can read."""


def quantise(p: Floats) -> Weights:
    """Probabilities ``[actions, ...]`` in whole 255ths summing to 255 at each decision, by
    the largest remainders (each off by less than one 255th)."""
    total = p.sum(axis=0, keepdims=True)
    shares = np.where(total > 0, p / np.where(total > 0, total, 1), 1 / len(p)) * WHOLE
    whole = np.floor(shares)
    short = (WHOLE - whole.sum(axis=0)).astype(np.int64)  # 0 to actions-1 per decision
    rank = np.argsort(np.argsort(-(shares - whole), axis=0, kind="stable"), axis=0)
    whole += rank < short[None]
    out: Weights = whole.astype(np.uint8)
    return out


def uniform(actions: int, *shape: int) -> Weights:
    """Equal weights over ``actions`` at every decision of ``shape``, in whole 255ths."""
    equal = quantise(np.ones((actions, 1))).reshape(actions, *(1 for _ in shape))
    return np.ascontiguousarray(np.broadcast_to(equal, (actions, *shape)))


@dataclass
class Strategy:
    """The average strategy of ``options``'s heads-up game in 255ths: ``first[node]``
    ``[actions, pair]``, ``draw[i]`` ``[keep/low/high, pair, end]`` (i: the first seat, the
    dealer after a keep, after a draw), ``second[(f, d)][node]`` ``[actions, key, end]``
    (f, d: whether the first seat and the dealer drew). Decisions a seat's own play never
    reaches hold equal weights (uniform)."""

    options: HurricaneOptions
    first: dict[int, Weights]
    draw: list[Weights]
    second: dict[tuple[int, int], dict[int, Weights]]
    iterations: int = 0
    exploitability: float = float("nan")

    def __post_init__(self) -> None:
        self.deck = Deck(self.options)
        self.leading, self.trailing = betting_rounds(self.options)
        self.ends = [i for i in self.leading.ends if self.leading.nodes[i].folded is None]

    @classmethod
    def of(
        cls,
        options: HurricaneOptions,
        first: dict[int, Weights],
        draw: list[Weights],
        second: dict[tuple[int, int], dict[int, Weights]],
        iterations: int,
        exploitability: float = float("nan"),
    ) -> Strategy:
        """A strategy from quantised probabilities (``quantise``, shaped as the fields), the
        decisions its own play never reaches made uniform (as a saved file reads back)."""
        found = cls(options, first, draw, second, iterations, exploitability)
        for table, reached in found._tables():
            table[:, ~reached] = uniform(len(table), 1)
        return found

    # -- where a seat's own play goes ------------------------------------------------------
    def _tables(self) -> Iterator[tuple[Weights, Mask]]:
        """Every table with the decisions (all axes but the first) its seat's own play
        reaches, in a fixed order: the order of the file. A table's mask reads only tables
        before it, so a loader fills each before it needs it."""
        h = self.deck.holdings
        lead = self.leading.nodes
        reach: dict[int, list[Mask]] = {0: [np.ones(h, bool), np.ones(h, bool)]}
        for i in self.leading.decisions:  # parents before children
            node, table = lead[i], self.first[i]
            actor = node.actor
            assert actor is not None
            yield table, reach[i][actor]
            for a, child in enumerate(node.children):
                both = list(reach[i])
                both[actor] = both[actor] & (table[a] > 0)
                reach[child] = both
        at_end = [np.stack([reach[e][seat] for e in self.ends], axis=1) for seat in (0, 1)]
        drawn: list[tuple[Mask, Mask]] = []  # each draw table: own reach of kept, drawn keys
        for i, seat in enumerate((FIRST, DEALER, DEALER)):
            yield self.draw[i], at_end[seat]
            drawn.append(self._drawn(self.draw[i], at_end[seat]))
        trail = self.trailing.nodes
        for f, d in sorted(self.second):
            tables = self.second[(f, d)]
            own: dict[int, list[Mask]] = {0: [drawn[0][f], drawn[1 + f][d]]}
            for i in self.trailing.decisions:
                node, table = trail[i], tables[i]
                actor = node.actor
                assert actor is not None
                yield table, own[i][actor]
                for a, child in enumerate(node.children):
                    both = list(own[i])
                    both[actor] = both[actor] & (table[a] > 0)
                    own[child] = both

    def _drawn(self, table: Weights, before: Mask) -> tuple[Mask, Mask]:
        """Own reach after a draw decision ``[keep/low/high, pair, end]``: of each kept pair
        and of each drawn key (hand held, rank thrown), from the reach ``before`` it."""
        deck = self.deck
        kept = before & (table[KEEP] > 0)
        thrown = before[:, None] & (table[1:] > 0).transpose(1, 0, 2)  # [pair, low/high, end]
        states = np.repeat(thrown[:, :, None], deck.k, axis=2).reshape(len(deck.drew.key), -1)
        drew = np.zeros((deck.drew.keys, states.shape[1]), bool)
        np.logical_or.at(drew, deck.drew.key, states)
        return kept, drew

    # -- files ---------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """The reached decisions' weights, table after table, in one compressed array: each
        decision's weights together, the last left out (255 less the others), which
        compresses to a third less than the tables' own order."""
        parts = [table[:-1][:, reached].T.ravel() for table, reached in self._tables()]
        meta = {
            "format": FORMAT,
            "options": asdict(self.options),
            "iterations": self.iterations,
            "exploitability": self.exploitability,
        }
        with path.open("wb") as out:
            np.savez_compressed(out, meta=np.array(json.dumps(meta)), weights=np.concatenate(parts))

    @classmethod
    def load(cls, path: Path) -> Strategy:
        """Read a saved strategy: the tables made whole, walked in the order they were
        saved, each reached decision's weights read from the next stored bytes."""
        try:
            with np.load(path) as data:
                meta = json.loads(str(data["meta"]))
                weights = data["weights"]
            if meta.get("format") != FORMAT or weights.dtype != np.uint8:
                raise StrategyFileError(f"{path} is a strategy of another layout")
            options = HurricaneOptions(**meta["options"])
        except (OSError, KeyError, ValueError, TypeError) as exc:
            if isinstance(exc, StrategyFileError):
                raise
            raise StrategyFileError(f"{path} is not a saved strategy") from None
        found = cls.blank(options, meta["iterations"], meta["exploitability"])
        at = 0
        for table, reached in found._tables():
            size = (len(table) - 1) * int(reached.sum())
            if at + size > len(weights):
                raise StrategyFileError(f"{path} is cut short")
            stored = weights[at : at + size].reshape(-1, len(table) - 1).T
            last = WHOLE - stored.sum(axis=0, dtype=np.int64)
            if (last < 0).any():
                raise StrategyFileError(f"{path} holds weights over 255 at a decision")
            table[:-1][:, reached] = stored
            table[-1][reached] = last
            at += size
        if at != len(weights):
            raise StrategyFileError(f"{path} holds more than its strategy")
        return found

    @classmethod
    def blank(
        cls, options: HurricaneOptions, iterations: int = 0, exploitability: float = float("nan")
    ) -> Strategy:
        """Every decision uniform, shaped for ``options``."""
        found = cls(options, {}, [], {}, iterations, exploitability)
        deck, lead, trail = found.deck, found.leading.nodes, found.trailing.nodes
        sizes = (deck.holdings, deck.drew.keys)

        c = len(found.ends)
        found.first = {
            n: uniform(len(lead[n].actions), deck.holdings) for n in found.leading.decisions
        }
        found.draw = [uniform(3, deck.holdings, c) for _ in range(3)]
        for f, d in ((0, 0), (0, 1), (1, 0), (1, 1)):
            found.second[(f, d)] = {
                n: uniform(len(trail[n].actions), sizes[(f, d)[trail[n].actor or 0]], c)
                for n in found.trailing.decisions
            }
        return found

    # -- look-ups ------------------------------------------------------------------------------
    def pair(self, ranks: tuple[int, int]) -> int:
        return self.deck.index[(min(ranks), max(ranks))]

    def drawn_key(self, dealt: tuple[int, int], thrown: int, new: int) -> int:
        """The key of a seat that was dealt ``dealt``, threw a ``thrown`` and got a ``new``."""
        throw = LO if thrown == min(dealt) else HI
        state = (self.pair(dealt) * 2 + throw) * self.deck.k + new
        return int(self.deck.drew.key[state])


def follow(rnd: Round, actions: list[Action]) -> int:
    """The node a round's public actions lead to."""
    node = 0
    for action in actions:
        at = rnd.nodes[node]
        node = at.children[at.actions.index(action)]
    return node


def probabilities(table: npt.NDArray[Any], *column: int) -> list[float]:
    """One decision's probabilities from a strategy table (weights), normalised."""
    p = np.maximum(table[(slice(None), *column)], 0).astype(np.float64)  # type: ignore[arg-type]
    total = float(p.sum())
    return [float(x) / total for x in p] if total > 0 else [1 / len(p)] * len(p)
