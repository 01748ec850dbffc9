"""One-time work of a table's computer players (the expert's first-use solve), run off the
event loop so no table, and no other table's computers, waits on it: each piece once however
many tables need it, in a daemon thread (a stopping server never waits for it; a piece cut
short is begun again next time), its progress told to every table waiting on it."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

from pokernight.engine.protocol import Preparation
from pokernight.web.versions import Notify


@dataclass
class Running:
    """A piece of work as the tables show it: how much is done and where it stands, or why
    it failed (the table then waits: its host can take the computer away)."""

    title: str
    done: float = 0.0
    line: str = "starting"
    failed: str | None = None
    waiting: set[Notify] = field(default_factory=set)


class Preparer:
    def __init__(self) -> None:
        self.running: dict[str, Running] = {}

    def start(self, piece: Preparation, notify: Notify) -> Running:
        """The piece as it runs, begun now unless it already is; ``notify`` is called on the
        event loop at each report and when it ends (the piece then offers no more work)."""
        found = self.running.get(piece.key)
        if found is None:
            found = self.running[piece.key] = Running(piece.title)
            loop = asyncio.get_running_loop()
            threading.Thread(
                target=self._run, args=(piece, found, loop), name="preparing", daemon=True
            ).start()
        found.waiting.add(notify)
        return found

    def _run(self, piece: Preparation, running: Running, loop: asyncio.AbstractEventLoop) -> None:
        def progress(done: float, line: str) -> None:
            running.done, running.line = done, line
            loop.call_soon_threadsafe(self._tell, running)

        try:
            piece.run(progress)
        except Exception as exc:  # shown on the table, which cannot deal without it
            running.failed = f"{type(exc).__name__}: {exc}"
            loop.call_soon_threadsafe(self._tell, running)
            return
        loop.call_soon_threadsafe(self._ended, piece.key, running)

    def _tell(self, running: Running) -> None:
        for notify in list(running.waiting):
            notify()

    def _ended(self, key: str, running: Running) -> None:
        del self.running[key]
        self._tell(running)
