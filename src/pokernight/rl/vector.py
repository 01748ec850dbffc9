"""Many tables of one game stepped at once: a learner's batch of decisions as NumPy arrays.

``VectorPokerEnv("hurricane", tables=512, processes=2)`` holds 512 tables; each waits for one
seat's decision. ``reset(seed=s)`` and ``step(actions)`` return a ``Batch``: per table the
observation and action mask of the seat to act (as ``PokerEnv`` observes it), that seat, and
the hand's nets per seat on the step its hand ended (``done``), when the table has already
been dealt its next hand (auto-reset) and the observation is that hand's first decision.

Seeds are ``PokerEnv``'s: table ``i`` of ``N`` plays the hands ``i``, ``i + N``, ``i + 2N``, ...
of ``PokerEnv(game).reset(seed=s)`` and its resets (``seeds.table_seed``), so every hand of a
vector is one episode of the environment with that seed, and so of ``sim --seed s``.

Why processes, and not threads: a step is the engine's Python (the hand's rules, its view, the
numbering of its legal actions), which holds the interpreter's lock, so threads would take
turns on one core. ``processes=k`` splits the tables into k slices; the calling process steps
the first itself and each other is stepped by a worker process of its own, all writing into
one block of shared memory, so a step costs a message to each worker and no copying; the
caller's slice is stepped while the workers step theirs. One process (the default) starts
nothing and suits a single core and tests.
"""

from __future__ import annotations

import ctypes
import multiprocessing as mp
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pokernight.errors import IllegalAction, InvalidRules
from pokernight.rl.driver import HandDriver
from pokernight.seeds import table_seed

Floats = npt.NDArray[np.float32]
Bytes = npt.NDArray[np.int8]
Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]


CONTEXT = (
    mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context("spawn")
)
"""How workers start: forked where the system can (at once, with the game already imported,
and no ``if __name__ == "__main__"`` needed in the caller's script; a worker takes no lock
of the caller's, it only steps hands), else a fresh interpreter."""


class Batch(NamedTuple):
    """One step of every table (row i: table i). The arrays are the vector's own and the next
    step overwrites them: copy what you keep."""

    observation: Floats
    """(tables, size): the seat to act's observation, ``PokerEnv``'s for that seat."""
    action_mask: Bytes
    """(tables, actions): 1 for each legal action of the seat to act."""
    seat: Ints
    """(tables,): the seat to act."""
    reward: Floats
    """(tables, seats): each seat's net for the hand that ended at this step, else 0."""
    done: Flags
    """(tables,): the table's hand ended at this step (and its next hand is dealt)."""


FIELDS: tuple[tuple[str, type[np.generic]], ...] = (
    ("observation", np.float32),
    ("action_mask", np.int8),
    ("seat", np.int64),
    ("reward", np.float32),
    ("done", np.bool_),
    ("action", np.int64),
)
"""Each array of a vector, in shared memory when the tables are split among processes."""


def shapes(tables: int, driver: HandDriver) -> dict[str, tuple[int, ...]]:
    row = {
        "observation": (driver.observer.size,),
        "action_mask": (len(driver.space),),
        "reward": (driver.seats,),
    }
    return {name: (tables, *row.get(name, ())) for name, _ in FIELDS}


def nbytes(shape: tuple[int, ...], dtype: type[np.generic]) -> int:
    return int(np.prod(shape)) * np.dtype(dtype).itemsize


def arrays(
    buffers: Mapping[str, Any], shape: Mapping[str, tuple[int, ...]]
) -> dict[str, np.ndarray[Any, Any]]:
    """The vector's arrays over ``buffers`` (shared memory, or a process's own)."""
    return {
        name: np.frombuffer(buffers[name], dtype=dtype).reshape(shape[name])
        for name, dtype in FIELDS
    }


class Tables:
    """A slice of a vector's tables, ``first`` to ``first + count`` of ``total``, stepped in
    one process, writing into its rows of the vector's arrays."""

    def __init__(
        self, template: HandDriver, first: int, count: int, total: int, rows: Mapping[str, Any]
    ) -> None:
        self.drivers = [template.twin() for _ in range(count)]
        self.observer = template.observer
        self.first, self.total = first, total
        self.seed = 0
        self.dealt = [0] * count
        """Each table's hands dealt since the reset."""
        part = slice(first, first + count)
        self.observation: Floats = rows["observation"][part]
        self.action_mask: Bytes = rows["action_mask"][part]
        self.seat: Ints = rows["seat"][part]
        self.reward: Floats = rows["reward"][part]
        self.done: Flags = rows["done"][part]
        self.action: Ints = rows["action"][part]

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.dealt = [0] * len(self.drivers)
        self.observation.fill(0)
        self.reward.fill(0)
        self.done.fill(False)
        for k in range(len(self.drivers)):
            self._deal(k)
            self._show(k)

    def step(self) -> None:
        """Apply each table's action (checked legal by the vector), deal a finished table its
        next hand, and write every row."""
        self.observation.fill(0)
        self.reward.fill(0)
        self.done.fill(False)
        drivers = self.drivers
        for k, number in enumerate(self.action.tolist()):
            driver = drivers[k]
            driver.act(number)
            outcome = driver.hand().outcome()
            if outcome is not None:
                self.reward[k] = outcome.net
                self.done[k] = True
                self._deal(k)
            self._show(k)

    def _deal(self, k: int) -> None:
        index = self.first + k + self.dealt[k] * self.total
        self.drivers[k].deal(table_seed(self.seed, index))
        self.dealt[k] += 1

    def _show(self, k: int) -> None:
        decision = self.drivers[k].decision()
        view, seat = decision.view, decision.seat
        assert view is not None and seat is not None  # a hand dealt waits for a decision
        self.observer.write(view, self.observation[k])
        self.action_mask[k] = decision.mask
        self.seat[k] = seat


def serve(
    connection: Connection,
    game: str,
    seats: int,
    options: Mapping[str, str],
    part: tuple[int, int, int],
    buffers: Mapping[str, Any],
) -> None:
    """A worker process: steps its slice of tables on each message (a seed: reset), answers
    None or the error raised, and ends on None."""
    template = HandDriver(game, seats, options)
    tables = Tables(template, *part, arrays(buffers, shapes(part[2], template)))
    while (message := connection.recv()) is not None:
        try:
            tables.step() if message == "step" else tables.reset(message)
        except Exception as exc:
            connection.send(exc)
        else:
            connection.send(None)


class VectorPokerEnv:
    """``tables`` tables of ``game`` (the catalog's, as ``PokerEnv`` seats them) stepped
    together, split among ``processes`` processes (the caller's included)."""

    def __init__(
        self,
        game: str,
        tables: int,
        seats: int | None = None,
        options: Mapping[str, str] | None = None,
        processes: int = 1,
    ) -> None:
        if tables < 1 or not 1 <= processes <= tables:
            raise InvalidRules(f"{tables} tables in {processes} processes: give 1 to {tables}")
        template = HandDriver(game, seats, options)
        self.tables, self.seats = tables, template.seats
        self.observation_size, self.actions = template.observer.size, len(template.space)
        self.seed = random.Random().getrandbits(63)  # unseeded: the system's entropy
        shape = shapes(tables, template)
        context = CONTEXT
        if processes == 1:
            buffers: dict[str, Any] = {
                name: bytearray(nbytes(shape[name], dtype)) for name, dtype in FIELDS
            }
        else:
            buffers = {
                name: context.RawArray(ctypes.c_byte, nbytes(shape[name], dtype))
                for name, dtype in FIELDS
            }
        self._arrays = arrays(buffers, shape)
        bounds = np.linspace(0, tables, processes + 1).astype(int).tolist()
        parts = [(lo, hi - lo, tables) for lo, hi in pairwise(bounds)]
        self._own = Tables(template, *parts[0], self._arrays)
        self._workers: list[tuple[BaseProcess, Connection]] = []
        for part in parts[1:]:
            mine, theirs = context.Pipe()
            worker = context.Process(
                target=serve,
                args=(theirs, game, self.seats, dict(options or {}), part, buffers),
                daemon=True,
            )
            worker.start()
            self._workers.append((worker, mine))
        self._rows = np.arange(tables)

    def reset(self, seed: int | None = None) -> Batch:
        """Deal every table its first hand (``seed`` None: the next seed of the system's
        entropy)."""
        self.seed = random.Random().getrandbits(63) if seed is None else seed
        self._run(self.seed, lambda: self._own.reset(self.seed))
        return self._batch()

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Batch:
        """Each table's seat to act takes its action (by number); an action whose mask
        entry is 0 is refused (``IllegalAction``, naming the table) before any table moves."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.tables,):
            raise IllegalAction(f"give one action per table: {self.tables}, not {chosen.shape}")
        mask = self._arrays["action_mask"]
        inside = (chosen >= 0) & (chosen < self.actions)
        legal = inside & (mask[self._rows, np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            table = int(np.flatnonzero(~legal)[0])
            allowed = np.flatnonzero(mask[table]).tolist()
            raise IllegalAction(
                f"table {table}: action {chosen[table]} is not legal now (legal: {allowed})"
            )
        self._arrays["action"][:] = chosen
        self._run("step", self._own.step)
        return self._batch()

    def close(self) -> None:
        """End the worker processes (a vector of one process has none)."""
        for worker, connection in self._workers:
            connection.send(None)
            worker.join()
        self._workers = []

    def __enter__(self) -> VectorPokerEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, message: int | str, own: Callable[[], None]) -> None:
        """Tell every worker, step the caller's own slice meanwhile, then wait for each."""
        for _, connection in self._workers:
            connection.send(message)
        own()
        failures = [connection.recv() for _, connection in self._workers]
        for failure in failures:
            if failure is not None:
                raise failure

    def _batch(self) -> Batch:
        a = self._arrays
        return Batch(a["observation"], a["action_mask"], a["seat"], a["reward"], a["done"])


def sample_legal(mask: Bytes, rng: np.random.Generator) -> Ints:
    """A uniformly random legal action per row of ``mask`` (every row holds one): the random
    player of a whole vector in three array operations, whatever the size of the space."""
    rows, columns = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    picks = starts + (rng.random(len(mask)) * counts).astype(np.int64)
    chosen: Ints = columns[picks].astype(np.int64)
    return chosen
