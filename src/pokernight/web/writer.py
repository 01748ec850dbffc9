"""The tables' writes, off the event loop: one thread, one kept connection, and everything
queued since the last commit committed together (group commit).

Why: on PostgreSQL every stored action was a round trip that the event loop waited through
while the database got a core (under load, the worst round trips); now the loop queues the
write and goes on serving other tables. What the tables must keep holds: writes are made in
the order they were queued (one thread), a batch commits whole or not at all, and a table
announces a change only once everything it queued is committed (``LiveTable`` counts its
writes in flight), so a killed server never showed anyone a move it had not stored.

On SQLite a write is a call into the same process, cheaper than handing it to a thread:
``Writer(threaded=False)`` runs each at once, in its own transaction.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.engine import Connection

Job = Callable[..., None]
Done = Callable[[], None]
Write = tuple[Done, Job, tuple[Any, ...], dict[str, Any]]

ANSWERED: set[Job] = set()
"""Writes that read the database's answer (``answered``: the id of a row they insert). On
PostgreSQL the others are sent in a pipeline, all of a batch at once without waiting for each
answer: a batch costs about one round trip however many writes it holds."""


def answered(job: Job) -> Job:
    ANSWERED.add(job)
    return job


def _nothing(db: Connection) -> None:
    """What ``flush`` queues: done once everything queued before it is."""


BATCH = 500
"""At most this many writes in one transaction."""

log = logging.getLogger("pokernight.web")


class Writer:
    def __init__(self, engine: Engine, *, threaded: bool) -> None:
        self.engine = engine
        self.failed: BaseException | None = None
        """The error that stopped the writer: nothing more is written or announced (the
        server must be restarted, and resumes from what was committed)."""
        self._queue: queue.SimpleQueue[Write | None] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
            self._thread.start()

    def write(self, done: Done, job: Job, *args: Any, **kwargs: Any) -> None:
        """Queue ``job(db, *args, **kwargs)``; ``done`` is called on the event loop once it
        is committed."""
        if self.failed is not None:
            return
        if self._thread is None:
            try:
                with self.engine.begin() as db:
                    job(db, *args, **kwargs)
            except Exception as exc:
                self._stop(exc)
                raise
            done()
            return
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        self._queue.put((done, job, args, kwargs))

    async def flush(self) -> None:
        """Wait (without blocking the loop) until everything queued so far is committed."""
        if self._thread is None or self.failed is not None:
            return
        committed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def done() -> None:
            if not committed.done():
                committed.set_result(None)

        self.write(done, _nothing)
        await committed

    def close(self) -> None:
        """Commit what is queued and stop the thread (the server is stopping)."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()

    def _run(self) -> None:
        with self.engine.connect() as db:
            while True:
                batch: list[Write] = []
                item = self._queue.get()
                while item is not None:
                    batch.append(item)
                    if len(batch) >= BATCH or self._queue.empty():
                        break
                    item = self._queue.get()
                if batch and not self._commit(db, batch):
                    return
                if item is None:
                    return

    def _commit(self, db: Connection, batch: list[Write]) -> bool:
        try:
            with db.begin():
                run: list[Write] = []
                for write in batch:
                    if write[1] in ANSWERED:
                        _pipelined(db, run)
                        run = []
                        _, job, args, kwargs = write
                        job(db, *args, **kwargs)
                    else:
                        run.append(write)
                _pipelined(db, run)
        except Exception as exc:  # the database refused or went away: stop, loudly
            assert self._loop is not None
            self._loop.call_soon_threadsafe(self._stop, exc)
            return False
        assert self._loop is not None
        self._loop.call_soon_threadsafe(_call_all, [done for done, _, _, _ in batch])
        return True

    def _stop(self, exc: BaseException) -> None:
        if self.failed is None:
            log.error("the database refused a write; no more moves are announced", exc_info=exc)
        self.failed = exc


def _pipelined(db: Connection, writes: list[Write]) -> None:
    """Run ``writes`` in a psycopg pipeline: sent together, their answers read at the end."""
    if not writes:
        return
    raw = db.connection.dbapi_connection
    assert raw is not None
    with raw.pipeline() if hasattr(raw, "pipeline") else nullcontext():
        for _, job, args, kwargs in writes:
            job(db, *args, **kwargs)


def _call_all(calls: list[Done]) -> None:
    for call in calls:
        call()
