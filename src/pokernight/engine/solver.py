"""What ``pokernight solve`` asks of a game's heads-up solver (``GameSpec.solver`` loads it,
only to solve: a solver brings NumPy and compiled kernels no table needs).

The command line checks the options, shows the compile and the falling exploitability, and
writes what was asked for; the solver works and owns its formats: the strategy it saves, the
decisions an OpenSpiel policy is written from, and the picture of its curve. Typed here, so a
front end calls a solver without importing or naming a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from pokernight.engine.actions import Action
from pokernight.engine.protocol import HandState

Told = Callable[[int, int], None]
"""Told ``(done, total)`` as the kernels compile."""
Decision = tuple[HandState, int, Mapping[Action, float]]
"""A hand at a decision, the seat to act, and its probability of each action."""


class Step(Protocol):
    """Where a solve stands, told after every iteration: ``exploitability`` is the last
    measured (nan before the first measurement)."""

    @property
    def iterations(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def exploitability(self) -> float: ...


Progress = Callable[[Step], None]


class Solution(Protocol):
    """A finished solve: its options (the deck's ``ranks`` among them), its iterations and
    seconds, the exploitability of its average strategy (chips per hand) and the first seat's
    value under it."""

    @property
    def options(self) -> Any: ...
    @property
    def iterations(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def exploitability(self) -> float: ...
    @property
    def value(self) -> float: ...
    def to_json(self) -> dict[str, float | int]: ...


class Solver(Protocol):
    """A heads-up solver: ``warm`` compiles what it runs on (a front end shows that wait on its
    own), ``solve`` iterates under ``options`` (they take ``ranks``, the deck's ranks) for
    ``iterations`` or for ``seconds`` (one of them None), by discounted CFR or CFR+, telling
    ``progress`` each step. Given the solution its ``solve`` returned (each solver reads its
    own kind: hence ``Any``), ``save`` writes the strategy, ``decisions`` gives it decision by
    decision for ``openspiel.export`` and ``plot`` draws the exploitability against time
    (matplotlib: the ``plot`` extra)."""

    def warm(self, told: Told) -> None: ...
    def solve(
        self,
        options: Any,
        iterations: int | None,
        seconds: float | None,
        progress: Progress,
        discounted: bool,
    ) -> Solution: ...
    def save(self, solution: Any, path: Path) -> None: ...
    def decisions(self, solution: Any) -> Iterable[Decision]: ...
    def plot(self, solution: Any, path: Path) -> None: ...
