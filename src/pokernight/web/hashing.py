"""Password hashing off the event loop and within bounds: scrypt costs 16 MiB and tens of
milliseconds, so a flood of sign-ups or sign-ins run on the server's common threads filled
them (every other blocking route waited behind it, ``/healthz`` for 11 s) and the memory.
Here it has a few threads of its own, a short queue, and beyond that a quick refusal."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

from fastapi import HTTPException

T = TypeVar("T")


class Hashing:
    def __init__(self, workers: int, waiting: int) -> None:
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="hashing")
        self.most = workers + waiting
        self.taken = 0
        """Calls running or queued now."""

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` on the hashing threads; 503 at once when they have enough to do."""
        if self.taken >= self.most:
            raise HTTPException(
                503, "too many sign-ins at once: try again in a second", {"Retry-After": "1"}
            )
        self.taken += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, partial(work, *args))
        finally:
            self.taken -= 1

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)
