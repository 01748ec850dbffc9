"""The table manager run in the test's own event loop, whose clock the test moves on: a turn
timer runs out without waiting for it, and each call returns once every table has come to
rest and all it did is stored. For the tests that play whole nights against the manager
(what every route and socket calls) rather than over HTTP."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sized
from typing import Any

import pytest
from sqlalchemy import Engine
from tests.web.conftest import FAST

from pokernight.web import live, play
from pokernight.web.manager import Manager
from pokernight.web.pace import Pace
from pokernight.web.policy import Policy


class ClockLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock only the test moves on (``skew``): a turn timer's sleep
    ends when the test says its time has passed, never because the machine was slow (a
    30 s turn timer ran out in the middle of a long example under load, and a refused move
    was seen to change the table)."""

    skew = 0.0
    start: float | None = None

    def time(self) -> float:
        if self.start is None:
            self.start = super().time()
        return self.start + self.skew

    def due(self) -> bool:
        """Whether a callback is ready to run or a timer is due: a table posting a command
        ``_later(0)`` (a turn armed past its deadline) is not busy while its task sleeps, and
        a rest declared then let the command land in the next step, a refused move's (the
        table's version moved under it). Asyncio keeps both queues private, hence the reach."""
        ready: Sized = self._ready  # type: ignore[attr-defined]
        scheduled: list[asyncio.TimerHandle] = self._scheduled  # type: ignore[attr-defined]
        now = self.time()
        return bool(len(ready)) or any(not h.cancelled() and h.when() <= now for h in scheduled)


class LoopWall:
    """The wall clock the tables under test read (``time.time``: a turn's deadline, stored so
    a restart gives the time that was left), moving only as the loop's clock does: a deadline
    set now runs out when the test moves the clock past it, never because the machine was
    slow (a long example under load restarted a table more than a turn's seconds after its
    turn began, by the machine's clock, and the turn ran out in the middle of a refused
    move). Everything else is the ``time`` module's."""

    def __init__(self, loop: ClockLoop) -> None:
        self.loop, self.origin = loop, time.time()

    def time(self) -> float:
        return self.origin + self.loop.skew

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


class Clocked:
    """A server's table manager on a ``ClockLoop``; computers act inline, at once."""

    def __init__(self, engine: Engine, policy: Policy, pace: Pace = FAST) -> None:
        self.engine, self.policy, self.pace = engine, policy, pace
        self.loop = ClockLoop()
        self._wall = pytest.MonkeyPatch()
        for module in (live, play):  # the modules that set and read the turns' deadlines
            self._wall.setattr(module, "time", LoopWall(self.loop))
        self.start()

    def start(self) -> None:
        """Start (or restart) the server: every stored table resumed."""
        self.manager = Manager(self.engine, self.pace, self.policy)
        self.manager.bots_thread.shutdown()
        self.manager.bots_thread = None  # type: ignore[assignment]  # computers act inline
        self.run(self.manager.resume_all)

    def run(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``call`` on the loop, then the loop until every table waits and all is stored."""

        async def go() -> Any:
            result = call(*args, **kwargs)
            for _ in range(10_000):
                await asyncio.sleep(0)
                await self.manager.writer.flush()
                tables = self.manager.tables.values()
                if not any(t.busy or t.unsaved for t in tables) and not self.loop.due():
                    return result
            raise AssertionError("the tables did not come to rest")

        return self.loop.run_until_complete(go())

    def later(self, seconds: float) -> None:
        """Move the clock on: every turn timer due by then runs out."""
        self.loop.skew += seconds
        self.run(lambda: None)

    def stop(self) -> None:
        """Like a killed server, after its last commit: every task dropped."""

        async def drop() -> None:
            tasks = asyncio.all_tasks() - {asyncio.current_task()}
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        self.loop.run_until_complete(drop())
        self.manager.writer.close()

    def close(self) -> None:
        self.stop()
        self.loop.close()
        self._wall.undo()
