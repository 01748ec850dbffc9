"""A flood from one address against the real ``pokernight serve`` while two people play:
sign-ups by the hundred and half-sent requests by the thousand. The server keeps answering
``/healthz`` (on the event loop, never behind the hashing threads or the file limit), refuses
the sign-ups past the address's allowance at once, closes the unfinished requests, and the
players' hands go on.

The test suite floods lightly (30 sign-ups, 150 half-open connections, a few seconds);
``POKERNIGHT_FLOOD=full`` floods as the attack did (300 and 1,500) and prints the figures:
``/healthz`` and the players' round trips before and during the flood. No wall time is asserted
here; the full run's figures are in the README."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from tests.web.conftest import choose
from tests.web.threaded import free_port
from websockets.asyncio.client import ClientConnection, connect

from pokernight.web.accounts import COOKIE
from pokernight.web.forgery import HEADER, NONCE, token_for

FULL = os.environ.get("POKERNIGHT_FLOOD") == "full"
SIGNUPS, HALF_OPEN = (300, 1500) if FULL else (30, 150)
REQUEST_SECONDS = 2.0
"""``serve --timeout-request`` here: the half-sent requests must be closed within the run."""


@contextmanager
def serving(tmp_path: Path, extra: tuple[str, ...] = ()) -> Iterator[tuple[str, int]]:
    """``pokernight serve`` as a user runs it (a subprocess, loopback, a fresh SQLite file,
    with ``extra`` options): its address and its process id."""
    port = free_port()
    command = [sys.executable, "-c", "from pokernight.cli.main import main; main()", "serve"]
    command += ["--port", str(port), "--db", f"sqlite:///{tmp_path / 'flood.db'}"]
    command += ["--bot-delay", "0", "--hand-pause", "0", "--timeout-request", str(REQUEST_SECONDS)]
    command += extra
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None and time.monotonic() < deadline, "serve did not start"
            try:
                httpx.get(f"{base}/healthz")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(30)


def page_headers(base: str, session: str | None) -> dict[str, str]:
    """What the server's pages send with a request that changes something."""
    secret = session or "flood-test"
    cookie = f"{COOKIE}={session}" if session else f"{NONCE}={secret}"
    return {"origin": base, HEADER: token_for(secret), "cookie": cookie}


@dataclass
class Seen:
    health: list[tuple[float, float, int]] = field(default_factory=list)
    """Each probe of ``/healthz``: when, how long, its status (0: no answer)."""
    actions: list[tuple[float, float]] = field(default_factory=list)
    """Each action of the players: when, and its round trip to the next state."""
    errors: list[str] = field(default_factory=list)
    signups: dict[int, int] = field(default_factory=dict)
    closed: int = 0
    """Half-sent requests the server had closed by the end."""


async def player(base: str, session: str, table: int, seen: Seen, stop: asyncio.Event) -> None:
    headers = {"cookie": f"{COOKIE}={session}"}
    url = base.replace("http", "ws") + f"/ws/tables/{table}"
    async with connect(url, origin=base, additional_headers=headers, proxy=None) as ws:  # type: ignore[arg-type]
        acted: tuple[int, float] | None = None
        while not stop.is_set():
            message = json.loads(await ws.recv())
            now = time.perf_counter()
            if message["type"] == "error":
                seen.errors.append(message["message"])
                acted = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if acted is not None and message["seq"] > acted[0]:
                seen.actions.append((now, now - acted[1]))
                acted = None
            view = message["view"]
            if view and view["to_act"] == message["you"] and view["legal"] and acted is None:
                acted = (message["seq"], time.perf_counter() + 0.05)
                await act(ws, message)


async def act(ws: ClientConnection, message: dict[str, Any]) -> None:
    """A legal action, after a moment's thought (a person's pace, within the socket's rate)."""
    await asyncio.sleep(0.05)
    action = choose(message["view"]["legal"])
    await ws.send(json.dumps({"type": "act", "action": action, "seq": message["seq"]}))


def probe(base: str, seen: Seen, stop: threading.Event) -> None:
    """``/healthz`` every 20 ms, each on a new connection (as a monitor would), from a
    thread of its own: the flood's own work here does not count in its times."""
    port = int(base.rsplit(":", 1)[1])
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    while not stop.is_set():
        start = time.perf_counter()
        answer = b""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
                connection.sendall(request)
                while chunk := connection.recv(4096):
                    answer += chunk
        except OSError as exc:
            seen.errors.append(f"/healthz: {exc!r}")
        ok = answer.startswith(b"HTTP/1.1 200") and answer.endswith(b'{"ok":true}')
        if answer and not ok:
            seen.errors.append(f"/healthz: {answer[:80]!r}")
        seen.health.append((start, time.perf_counter() - start, 200 if ok else 0))
        time.sleep(0.02)


async def sign_ups(base: str, seen: Seen) -> None:
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def one(n: int) -> int:
            body = {"name": f"flood{n}", "password": "flood-pass"}
            answer = await client.post(
                f"{base}/api/signup", json=body, headers=page_headers(base, None)
            )
            return answer.status_code

        for status in await asyncio.gather(*(one(n) for n in range(SIGNUPS))):
            seen.signups[status] = seen.signups.get(status, 0) + 1


async def half_open(base: str, seen: Seen, stop: asyncio.Event) -> None:
    """Requests begun and never finished, held until the server closes them or ``stop``."""
    port = int(base.rsplit(":", 1)[1])
    held = []
    for _ in range(HALF_OPEN):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            continue
        writer.write(b"POST /api/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n")
        held.append((reader, writer))
    await stop.wait()
    for reader, writer in held:
        try:
            gone = await asyncio.wait_for(reader.read(1), 0.01) == b""
        except (TimeoutError, ConnectionError):
            gone = False
        seen.closed += gone
        writer.close()


def setup(base: str) -> tuple[list[str], int]:
    """Two people sign up; one makes a Hurricane table; both sit; its host deals."""
    sessions = []
    for name in ("north", "south"):
        body: dict[str, object] = {"name": name, "password": "flood-pass"}
        answer = httpx.post(f"{base}/api/signup", json=body, headers=page_headers(base, None))
        sessions.append(answer.cookies[COOKIE])
    body = {"game": "hurricane", "seats": 2, "turn_seconds": 0}
    made = httpx.post(f"{base}/api/tables", json=body, headers=page_headers(base, sessions[0]))
    table = int(made.json()["id"])
    for seat, session in enumerate(sessions):
        url = f"{base}/api/tables/{table}/sit"
        assert httpx.post(url, json={"seat": seat}, headers=page_headers(base, session)).is_success
    deal = f"{base}/api/tables/{table}/resume"
    assert httpx.post(deal, headers=page_headers(base, sessions[0])).is_success
    return sessions, table


async def flood(base: str, seen: Seen) -> None:
    """The sign-ups and the half-sent requests, held until their time has run out."""
    done = asyncio.Event()
    holder = asyncio.create_task(half_open(base, seen, done))
    await sign_ups(base, seen)
    await asyncio.sleep(REQUEST_SECONDS + 1.5)
    done.set()
    await holder


async def night(
    base: str,
    sessions: list[str],
    table: int,
    flooding: Callable[[Seen], Coroutine[Any, Any, None]] | None = None,
) -> tuple[Seen, float, float]:
    """The players at ``table`` alone a while, then ``flooding`` (the sign-ups and the
    half-sent requests by default) on a loop of its own while they play and ``/healthz`` is
    probed: what was seen, and when the flood began and ended."""
    seen, stop = Seen(), asyncio.Event()
    watchers = [asyncio.create_task(player(base, s, table, seen, stop)) for s in sessions]
    probing = threading.Event()
    prober = threading.Thread(target=probe, args=(base, seen, probing))
    prober.start()
    await asyncio.sleep(2)  # the players alone
    start = time.perf_counter()
    work = flood(base, seen) if flooding is None else flooding(seen)
    await asyncio.to_thread(asyncio.run, work)  # a loop of its own
    end = time.perf_counter()
    stop.set()
    probing.set()
    prober.join()
    for task in watchers:
        task.cancel()
    for ended in await asyncio.gather(*watchers, return_exceptions=True):
        if ended is not None and not isinstance(ended, asyncio.CancelledError):
            seen.errors.append(repr(ended))
    return seen, start, end


def p99(values: list[float]) -> float:
    if len(values) < 2:
        return sum(values)
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def test_a_flood_from_one_address_keeps_nobody_out(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, HALF_OPEN + 512)), hard))
    with serving(tmp_path) as (base, _):
        sessions, table = setup(base)
        seen, start, end = asyncio.run(night(base, sessions, table))
    health = [(t, d, s) for t, d, s in seen.health if start <= t <= end]
    before = [d for t, d in seen.actions if t < start]
    during = [d for t, d in seen.actions if start <= t <= end]
    times = [d for _, d, _ in health]
    figures = (
        f"{SIGNUPS} sign-ups {seen.signups}, {seen.closed}/{HALF_OPEN} half-sent requests "
        f"closed; /healthz during: {len(health)} probes, p50 {1000 * statistics.median(times):.1f}"
        f" ms, p99 {1000 * p99(times):.1f} ms, max {1000 * max(times):.1f} ms; actions before: "
        f"{len(before)}, p99 {1000 * p99(before):.1f} ms; during: {len(during)}, p99 "
        f"{1000 * p99(during):.1f} ms"
    )
    print(figures)
    assert health and all(s == 200 for _, _, s in health), figures
    assert seen.signups.get(200, 0) <= 8 and sum(seen.signups.values()) == SIGNUPS, figures
    assert set(seen.signups) <= {200, 429, 503}, figures
    assert seen.closed == HALF_OPEN, figures
    assert before and during and not seen.errors, figures
