"""The load benchmark's players: each is one person's browser reduced to its protocol, a
WebSocket on the real server that answers its own seat's turns with a legal action.

Why a client keeps what it saw last: after ``--kill`` it reconnects (same session, so the
same seat) and its first state must continue that hand, never repeat or lose any of it.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from pokernight.web.accounts import COOKIE
from pokernight.web.messages import whole

CALM = ("check", "call", "keep")
WAGERS = ("bet", "raise")


@dataclass
class Stats:
    """What every client saw, counted from ``reset`` on (set-up messages do not count)."""

    messages: int = 0
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    resumed: Counter[str] = field(default_factory=Counter)
    """After a restart: how many sockets found the same hand, and how many the next."""

    def reset(self) -> None:
        self.messages, self.actions = 0, 0
        self.latencies.clear()
        self.errors.clear()

    def percentile(self, p: float) -> float:
        """Milliseconds; nearest rank on the sorted round trips."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


@dataclass(frozen=True)
class Seat:
    token: str
    table: int
    seat: int


def choose(legal: dict[str, Any], rng: random.Random) -> str:
    """Mostly the calm action (check, call, keep); now and then another listed one without
    a wager (a discard, a fold), so hands differ. No bets or raises: they move chips fast
    enough that a seat goes broke within the run, which ends its table."""
    actions = legal["actions"] or [legal["first"], legal["last"]]
    calm = [a for a in actions if a in CALM]
    other = [a for a in actions if a.split()[0] not in WAGERS]
    if calm and (rng.random() < 0.9 or not other):
        return str(calm[0])
    return str(rng.choice(other or actions))


class Client:
    def __init__(self, seat: Seat, url: str, stats: Stats, think: float, seed: int) -> None:
        self.seat, self.url, self.stats, self.think = seat, url, stats, think
        self.rng = random.Random(seed)
        self.last: dict[str, Any] | None = None
        self.before_kill: dict[str, Any] | None = None
        self._killed = self._resuming = False
        self.back_at: float | None = None
        self.moved_at: float | None = None
        self._back_seq = 0
        self._acted = -1
        self._pending: tuple[int, float] | None = None
        self.connected = asyncio.Event()

    def killed(self) -> None:
        """The server is gone: the last state the old socket delivers (it may still hold a few
        sent before the kill) is checked against the first one of the next socket."""
        self._killed, self.back_at, self.moved_at = True, None, None

    async def run(self) -> None:
        """Play until cancelled; reconnect whenever the socket drops (a killed server)."""
        headers = {"Cookie": f"{COOKIE}={self.seat.token}"}
        while True:
            try:
                async with connect(self.url, additional_headers=headers, proxy=None) as ws:
                    if self._killed:
                        self.before_kill, self._killed, self._resuming = self.last, False, True
                    self._acted, self._pending, self.last = -1, None, None
                    self.connected.set()
                    async for text in ws:
                        await self._on(ws, json.loads(text))
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidStatus, TimeoutError):
                pass
            self._pending = None
            await asyncio.sleep(0.1)

    async def _on(self, ws: Any, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        if message["type"] == "error":
            # Refused (the server's rate limit: ten messages a second, twenty at once): ask
            # again for the state after a pause, as a person would click again.
            self.stats.errors.append(message["message"])
            self._pending, self._acted = None, -1
            await asyncio.sleep(0.2)
            await ws.send(json.dumps({"type": "sync"}))
            return
        self.stats.messages += 1
        message = self.last = whole(self.last, message)
        if self._pending is not None and message["seq"] > self._pending[0]:
            self.stats.latencies.append(now - self._pending[1])
            self._pending = None
        if self._resuming:
            self._resuming, self.back_at, self._back_seq = False, now, message["seq"]
            before = self.before_kill or {"view": None}
            problem = resumed_problem(before, message)
            old, new = before["view"], message["view"]
            same = old is not None and new is not None and old["hand"] == new["hand"]
            self.stats.resumed["same hand" if same else "next hand"] += 1
            if problem:
                where = f"table {self.seat.table} seat {self.seat.seat}"
                self.stats.problems.append(f"{where}: {problem}")
        elif self.back_at is not None and self.moved_at is None and message["seq"] > self._back_seq:
            self.moved_at = now
        view = message["view"]
        if view and view["to_act"] == message["you"] and view["legal"]:
            if message["seq"] == self._acted:
                return
            self._acted = message["seq"]
            if self.think:
                await asyncio.sleep(self.think)
            action = choose(view["legal"], self.rng)
            self._pending = (message["seq"], time.perf_counter())
            await ws.send(json.dumps({"type": "act", "action": action, "seq": message["seq"]}))
            self.stats.actions += 1


def resumed_problem(before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """Why the first state after a restart does not continue the last one seen before it.
    Same hand: everything seen before (the seat's events) comes again, in order. The next
    hand: the old one had finished (stored with its ledger) before the kill."""
    old, new = before["view"], after["view"]
    if old is None:
        return None
    if new is None:
        return f"hand {old['hand']} was not resumed"
    if new["hand"] == old["hand"]:
        seen = old["events"]
        if new["events"][: len(seen)] != seen:
            return f"hand {old['hand']} resumed with different events"
        if new["cards"][after["you"]] != old["cards"][before["you"]] and len(seen) == len(
            new["events"]
        ):
            return f"hand {old['hand']} resumed with different cards"
        return None
    if new["hand"] == old["hand"] + 1:
        return None
    return f"hand {old['hand']} seen before the kill, hand {new['hand']} after"
