"""Progress on standard error for work that takes a while, so no command sits silent.

A bar appears once the work has taken a second (or at once if asked), whether or not the work
reports meanwhile: a watcher thread brings it up, so a start that blocks (numba compiling a
kernel) is shown too. On a terminal it is a Rich bar that disappears when done; anywhere else
(a pipe, a log file, a test) it is plain lines: one when it appears, one every
``PLAIN_EVERY`` seconds, one when done. Standard output is never touched (``--json`` goes
there). The fraction shown is what the work last reported, and the work reports as it goes,
so the clock and the fraction move together.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # eval and compare start without the progress bar's modules
    from rich.progress import Progress, TaskID

PLAIN_EVERY = 10.0
"""Seconds between two plain progress lines (when standard error is no terminal)."""
SLOW = 1.0
"""Seconds of work before a bar appears."""


class LazyBar:
    """A progress bar on standard error: ``bar(done, total, note)`` reports; ``after``
    seconds of work bring it up (``SLOW`` unless told; also at once for very large work;
    ``after=0``: at the first report, so its first line says where the work stands)."""

    def __init__(
        self, what: str = "counting", unit: str = "hands", after: float | None = None
    ) -> None:
        self.what, self.unit = what, unit  # no unit: a fraction alone
        self.after = SLOW if after is None else after
        self.start = time.perf_counter()
        self.done: float = 0
        self.total: float | None = None
        self.note = ""
        self.progress: Progress | None = None
        self.task: TaskID | None = None
        self.plain = False  # shown as lines
        self._said = 0.0  # when the last line was
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, daemon=True)

    def __call__(self, done: float, total: float | None, note: str = "") -> None:
        with self._lock:
            self.done, self.total, self.note = done, total, note
            at_once = self.after == 0 or (done == 0 and (total or 0) > 5_000_000)
            if not self.shown and at_once:
                self._show()
            if self.progress is not None and self.task is not None:
                self.progress.update(self.task, completed=done, total=total, note=note)

    @property
    def shown(self) -> bool:
        return self.progress is not None or self.plain

    def __enter__(self) -> LazyBar:
        self.start = time.perf_counter()
        self._watcher.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._watcher.join()
        with self._lock:
            if self.progress is not None:
                self.progress.stop()
            elif self.plain:
                elapsed = time.perf_counter() - self.start
                note = f": {self.note}" if self.note else ""
                _say(f"{self.what}: done in {elapsed:.1f} s{note}")

    def _watch(self) -> None:
        """Bring the bar up when the work has taken ``after`` (or ``SLOW``), then, as plain
        lines, say where it stands every ``PLAIN_EVERY`` seconds until it is done (looking
        ten times a second: a report may have brought it up meanwhile)."""
        appear = self.start + (self.after or SLOW)
        while not self._stop.wait(0.1):
            with self._lock:
                if not self.shown:
                    if time.perf_counter() >= appear:
                        self._show()
                elif not self.plain:
                    return  # a terminal's bar refreshes itself
                elif time.perf_counter() - self._said >= PLAIN_EVERY:
                    self._line()

    def _show(self) -> None:
        if not sys.stderr.isatty():
            self.plain = True
            self._line()
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        counts = (MofNCompleteColumn(), TextColumn(self.unit)) if self.unit else ()
        self.progress = Progress(
            TextColumn(self.what),
            BarColumn(),
            TaskProgressColumn(),
            *counts,
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[note]}"),
            console=Console(file=sys.stderr),
            transient=True,
        )
        self.progress.start()
        self.task = self.progress.add_task(self.what, total=self.total, note=self.note)
        self.progress.update(self.task, completed=self.done)

    def _line(self) -> None:
        self._said = time.perf_counter()
        elapsed = self._said - self.start
        parts = [f"{elapsed:.0f} s"]
        if self.total:
            parts.insert(0, f"{self.done / self.total:.0%}")
            if self.unit:
                parts.insert(0, f"{self.done:,.0f}/{self.total:,.0f} {self.unit}")
        if self.note:
            parts.append(self.note)
        _say(f"{self.what}: {', '.join(parts)}")


def compiling(what: str) -> LazyBar:
    """A bar for numba compiling ``what``: no fraction (a kernel compiles in one piece, its
    time unknown), the clock and how many kernels are done; nothing shown when they come
    from numba's disk cache in under a second."""
    return _Compiling(f"compiling {what} (once: numba keeps the result on disk)", "kernels")


class _Compiling(LazyBar):
    def __call__(self, done: float, total: float | None, note: str = "") -> None:
        super().__call__(done, None, f"{done:.0f} of {total:.0f} ready")


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
