"""A live table's versions: every change is stored through the writer, in order with the
table's other writes, and announced to its sockets only once every write before it has been
committed, so no client is ever shown a state the database could lose."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine

from pokernight.web import store
from pokernight.web.writer import Writer

Notify = Callable[[], None]


class Versioned:
    """A live table's row, its version (``seq``, which a restart continues) and the writes
    not yet committed: a part of ``live.LiveTable``, which alone changes them."""

    def __init__(self, row: store.TableRow, engine: Engine, writer: Writer | None) -> None:
        self.row, self.engine = row, engine
        self.writer = writer or Writer(engine, threaded=False)
        self.unsaved = 0
        """Writes queued and not yet committed: the table announces nothing meanwhile."""
        self.seq = row.seq
        self.listeners: set[Notify] = set()
        self._holding = False
        self._pending = False
        """Inside ``held``: an announcement is owed once the command is handled (its new
        version, or one before it whose writes were committed meanwhile)."""
        self._bumped = False
        """Inside ``held``: the command's version is made (the changes after join it)."""

    def write(self, job: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """Store a change (``job(db, *args)``) through the writer, in order with the others."""
        self.unsaved += 1
        self.writer.write(self._written, job, *args, **kwargs)

    def record(self, job: Callable[..., None], *args: Any) -> None:
        """A change stored in order with the table's other writes and shown as a version."""
        self.write(job, *args)
        self.changed()

    def _written(self) -> None:
        self.unsaved -= 1
        if self._holding:
            self._pending = True
        elif not self.unsaved:
            self._announce()

    def changed(self) -> None:
        """A new version; announced at once if it is stored, else once its writes commit.
        Inside ``held``, the first change makes the new version and the rest join it."""
        if self._holding:
            if not self._bumped:
                self.seq += 1
            self._bumped = self._pending = True
            return
        self.seq += 1
        if not self.unsaved:
            self._announce()

    @contextmanager
    def held(self) -> Iterator[None]:
        """One command's changes as one version, announced once when it is handled: a page
        never sees half a command (a seat taken and the hand not yet dealt to it)."""
        self._holding, self._pending, self._bumped = True, False, False
        try:
            yield
        finally:
            self._holding = False
            if self._pending and not self.unsaved:
                self._announce()
            self._pending = self._bumped = False

    def _announce(self) -> None:
        for notify in list(self.listeners):
            notify()
