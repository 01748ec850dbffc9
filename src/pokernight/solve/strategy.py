"""A solved heads-up Hurricane strategy, kept apart from the solver's working arrays: the
average strategy of every decision, saved to and loaded from one compressed file, and looked
up by what a seat knows (its role, the public actions, its cards as dealt and drawn).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pokernight.engine.actions import Action
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.solve.cards import HI, LO, Deck, Floats
from pokernight.solve.cfr import Solver
from pokernight.solve.rounds import Round, betting_rounds

STORED = np.float16  # probabilities to three digits: a fifth of the float64 file


@dataclass
class Strategy:
    """The average strategy of ``options``'s heads-up game: ``first[node]`` ``[actions,
    pair]``, ``draw[i]`` ``[keep/low/high, pair, end]`` (i: the first seat, the dealer after a
    keep, after a draw), ``second[(f, d)][node]`` ``[actions, key, end]``."""

    options: HurricaneOptions
    first: dict[int, np.ndarray]
    draw: list[np.ndarray]
    second: dict[tuple[int, int], dict[int, np.ndarray]]
    iterations: int = 0
    exploitability: float = float("nan")

    def __post_init__(self) -> None:
        self.deck = Deck(self.options)
        self.leading, self.trailing = betting_rounds(self.options)
        self.ends = [i for i in self.leading.ends if self.leading.nodes[i].folded is None]

    @classmethod
    def of(cls, solver: Solver, exploitability: float = float("nan")) -> Strategy:
        return cls(
            solver.options,
            {n: t.average()[:, :, 0] for n, t in solver.first.items()},
            [t.average() for t in solver.draw],
            {g: {n: t.average() for n, t in ts.items()} for g, ts in solver.second.items()},
            solver.iterations,
            exploitability,
        )

    # -- files ---------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        arrays: dict[str, Any] = {f"first_{n}": a for n, a in self.first.items()}
        arrays |= {f"draw_{i}": a for i, a in enumerate(self.draw)}
        for (f, d), tables in self.second.items():
            arrays |= {f"second_{f}{d}_{n}": a for n, a in tables.items()}
        arrays = {k: np.asarray(v, STORED) for k, v in arrays.items()}
        meta = {
            "options": asdict(self.options),
            "iterations": self.iterations,
            "exploitability": self.exploitability,
        }
        with path.open("wb") as out:
            np.savez_compressed(out, meta=np.array(json.dumps(meta)), **arrays)

    @classmethod
    def load(cls, path: Path) -> Strategy:
        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            first: dict[int, np.ndarray] = {}
            draw: list[tuple[int, np.ndarray]] = []
            second: dict[tuple[int, int], dict[int, np.ndarray]] = {}
            for name in (n for n in data.files if n != "meta"):
                part = name.split("_")
                table = data[name].astype(np.float64)
                if part[0] == "first":
                    first[int(part[1])] = table
                elif part[0] == "draw":
                    draw.append((int(part[1]), table))
                elif part[0] == "second":
                    group = (int(part[1][0]), int(part[1][1]))
                    second.setdefault(group, {})[int(part[2])] = table
        options = HurricaneOptions(**meta["options"])
        ordered = [t for _, t in sorted(draw, key=lambda item: item[0])]
        return cls(options, first, ordered, second, meta["iterations"], meta["exploitability"])

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


def probabilities(table: Floats, *column: int) -> list[float]:
    """One decision's probabilities from a strategy table, renormalised (stored rounded)."""
    p = np.maximum(table[(slice(None), *column)], 0)  # type: ignore[arg-type]
    total = float(p.sum())
    return [float(x) / total for x in p] if total > 0 else [1 / len(p)] * len(p)
