"""Round three of the flood (issue 37), against the real ``pokernight serve`` while two people
play: one after another, each bounded in count and time, anonymous sockets by the hundred,
64 MB bodies, 15 MB frames, one account's sockets asking ``try`` as fast as they may, clients
downloading a table's records in a loop, and a stranger's wrong passwords for a player's
name. Each is refused the way the server promises (``docs/hosting.md``), ``/healthz`` answers
200 throughout, the players' hands go on, the server stays under 400 MB, and the owner of the
name signs in.

The suite floods lightly (a hundred sockets, two bodies, two frames, 20 sockets asking, a few
seconds each); ``POKERNIGHT_FLOOD=full`` floods as the probe did (1,000 sockets, twelve
bodies, fifteen frames, 100 sockets) and prints each flood's ``/healthz`` and round-trip p99
beside the 200 ms the issue names. No wall time is asserted."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx
from tests.web.test_flood import FULL, Seen, night, p99, page_headers, serving, setup
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin

from pokernight.web.accounts import COOKIE
from pokernight.web.socket_caps import SocketCaps

SOCKETS = 1000 if FULL else 100
BODIES = 12 if FULL else 2
FRAMES = 15 if FULL else 2
ASKING = 100 if FULL else 20
DOWNLOADERS = 6
GUESSES = 60 if FULL else 20
SECONDS = 10.0 if FULL else 2.0
"""How long the floods that last (sockets held, questions asked, downloads) go on."""
BODY = 64 * 2**20
FRAME = 15 * 2**20
MEMORY = 400 * 2**20


@dataclass
class Told:
    """What each flood was answered, by kind."""

    counts: dict[str, Counter[str]] = field(default_factory=dict)
    windows: list[tuple[str, float, float]] = field(default_factory=list)
    memory: list[int] = field(default_factory=list)
    """The server's resident memory, sampled through the floods (bytes)."""

    def count(self, flood: str, what: str) -> None:
        self.counts.setdefault(flood, Counter())[what] += 1


def _ws(base: str) -> str:
    return base.replace("http", "ws")


async def _closed_or_admitted(ws: ClientConnection) -> str:
    """``admitted`` when the socket is sent the table, else how it was closed."""
    try:
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
    except ConnectionClosed as exc:
        return f"closed {exc.rcvd.code if exc.rcvd else None}"
    return "admitted" if message["type"] == "state" else message["type"]


async def anonymous_sockets(base: str, table: int, told: Told) -> None:
    """Sockets with no account from one address, all opened at once and held a while."""
    held = []

    async def one() -> None:
        try:
            ws = await connect(f"{_ws(base)}/ws/tables/{table}", origin=Origin(base), proxy=None)
        except (OSError, InvalidHandshake) as exc:
            told.count("anonymous sockets", f"not opened: {type(exc).__name__}")
            return
        held.append(ws)
        told.count("anonymous sockets", await _closed_or_admitted(ws))

    await asyncio.gather(*(one() for _ in range(SOCKETS)))
    await asyncio.sleep(SECONDS)
    await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)


async def bodies(base: str, told: Told) -> None:
    """Sign-ups announcing 64 MB bodies and sending them, four at a time."""
    port = int(base.rsplit(":", 1)[1])
    gate = asyncio.Semaphore(4)

    async def one() -> None:
        async with gate:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            head = (
                f"POST /api/signup HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {BODY}\r\n\r\n"
            )
            writer.write(head.encode())
            answer = asyncio.create_task(reader.readline())
            chunk, sent = b"x" * 2**20, 0
            try:
                while sent < BODY and not answer.done():
                    writer.write(chunk)
                    await asyncio.wait_for(writer.drain(), 5)
                    sent += len(chunk)
            except (OSError, TimeoutError):
                pass
            try:
                status = (await asyncio.wait_for(answer, 10)).decode().strip() or "closed"
            except ConnectionResetError:  # answered and closed while the body still came
                status = "reset"
            told.count("64 MB bodies", status)
            told.count("64 MB bodies", f"sent {sent // 2**20} MB before the answer or close")
            writer.close()

    await asyncio.gather(*(one() for _ in range(BODIES)))


async def frames(base: str, table: int, told: Told) -> None:
    """15 MB frames on spectators' sockets, one socket each."""
    for _ in range(FRAMES):
        async with connect(
            f"{_ws(base)}/ws/tables/{table}", origin=Origin(base), proxy=None, max_size=None
        ) as ws:
            try:
                await ws.send("x" * FRAME)
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed as exc:
                told.count("15 MB frames", f"closed {exc.rcvd.code if exc.rcvd else None}")


async def asking(base: str, session: str, table: int, told: Told) -> None:
    """One account's sockets at its own table, each asking ``try`` as fast as it may."""
    headers = {"cookie": f"{COOKIE}={session}"}
    # each asks until the server closes it (its strikes), however long a busy machine takes to
    # answer enough of them; a bound only so that a server that never closes fails, not hangs
    stop = time.monotonic() + 10 * SECONDS

    async def one() -> None:
        url = f"{_ws(base)}/ws/tables/{table}"
        async with connect(url, origin=Origin(base), additional_headers=headers, proxy=None) as ws:
            first = await _closed_or_admitted(ws)
            told.count("sockets asking try", first)
            if first != "admitted":
                return
            try:
                while time.monotonic() < stop:
                    await ws.send(json.dumps({"type": "try", "action": "raise 99999"}))
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    told.count("sockets asking try", reply["type"])
            except ConnectionClosed as exc:
                told.count("sockets asking try", f"closed {exc.rcvd.code if exc.rcvd else None}")

    await asyncio.gather(*(one() for _ in range(ASKING)), return_exceptions=True)


async def downloads(base: str, table: int, told: Told) -> None:
    """Clients downloading the table's records in a loop."""
    stop = time.monotonic() + SECONDS
    async with httpx.AsyncClient(timeout=30) as client:

        async def one() -> None:
            while time.monotonic() < stop:
                answer = await client.get(f"{base}/api/tables/{table}/records")
                told.count("record downloads", str(answer.status_code))

        await asyncio.gather(*(one() for _ in range(DOWNLOADERS)))


async def lockout(base: str, told: Told) -> None:
    """A stranger's wrong passwords for ``north`` from another address; then its owner."""
    async with httpx.AsyncClient(timeout=30) as client:
        stranger = {**page_headers(base, None), "x-forwarded-for": "10.66.0.1"}
        for _ in range(GUESSES):
            body = {"name": "north", "password": "not-the-password"}
            answer = await client.post(f"{base}/api/signin", json=body, headers=stranger)
            told.count("a stranger's wrong passwords", str(answer.status_code))
        owner = await client.post(
            f"{base}/api/signin",
            json={"name": "north", "password": "flood-pass"},
            headers=page_headers(base, None),
        )
        told.count("a stranger's wrong passwords", f"the owner: {owner.status_code}")


def memory(pid: int, told: Told, stop: threading.Event) -> None:
    while not stop.is_set():
        status = Path(f"/proc/{pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        if found:
            told.memory.append(int(found.group(1)) * 1024)
        time.sleep(0.05)


async def floods(base: str, asker: str, own: int, table: int, told: Told) -> None:
    """Each flood in turn, its window noted, a moment's calm between them."""
    steps: list[tuple[str, Callable[[], Awaitable[None]]]] = [
        ("anonymous sockets", lambda: anonymous_sockets(base, table, told)),
        ("64 MB bodies", lambda: bodies(base, told)),
        ("15 MB frames", lambda: frames(base, table, told)),
        ("sockets asking try", lambda: asking(base, asker, own, told)),
        ("record downloads", lambda: downloads(base, table, told)),
        ("a stranger's wrong passwords", lambda: lockout(base, told)),
    ]
    for name, flood in steps:
        start = time.perf_counter()
        await flood()
        told.windows.append((name, start, time.perf_counter()))
        await asyncio.sleep(0.5)


def _own_table(base: str) -> tuple[str, int]:
    """A third account, at a table of its own against a computer (dealt once it sits)."""
    body = {"name": "east", "password": "flood-pass"}
    answer = httpx.post(f"{base}/api/signup", json=body, headers=page_headers(base, None))
    session = answer.cookies[COOKIE]
    kind = {"game": "hurricane", "seats": 2, "computers": {"1": "checker"}, "turn_seconds": 0}
    made = httpx.post(f"{base}/api/tables", json=kind, headers=page_headers(base, session))
    table = int(made.json()["id"])
    sat = httpx.post(
        f"{base}/api/tables/{table}/sit", json={"seat": 0}, headers=page_headers(base, session)
    )
    assert sat.is_success, sat.text
    return session, table


def test_no_one_account_or_address_stalls_the_house(tmp_path: Path) -> None:
    caps = SocketCaps()
    told = Told()
    with serving(tmp_path, ("--proxy", "127.0.0.1")) as (base, pid):
        sessions, table = setup(base)
        asker, own = _own_table(base)
        sampling = threading.Event()
        sampler = threading.Thread(target=memory, args=(pid, told, sampling))
        sampler.start()
        try:

            async def flooding(_: Seen) -> None:
                await floods(base, asker, own, table, told)

            seen, _, _ = asyncio.run(night(base, sessions, table, flooding))
        finally:
            sampling.set()
            sampler.join()
    lines = []
    for name, start, end in told.windows:
        health = [d for t, d, _ in seen.health if start <= t <= end]
        actions = [d for t, d in seen.actions if start <= t <= end]
        lines.append(
            f"{name}: {dict(told.counts.get(name, {}))}; /healthz {len(health)} probes, p99 "
            f"{1000 * p99(health):.1f} ms; {len(actions)} actions, p99 "
            f"{1000 * p99(actions):.1f} ms (the issue's bound: 200 ms each)"
        )
    lines.append(f"memory at most {max(told.memory) / 2**20:.0f} MB")
    figures = "\n".join(lines)
    print(figures)
    counts = told.counts
    assert seen.health and all(s == 200 for _, _, s in seen.health), figures
    assert not seen.errors, figures
    assert told.memory and max(told.memory) < MEMORY, figures
    anonymous = counts["anonymous sockets"]
    assert anonymous["admitted"] == caps.anonymous, figures
    refused = anonymous.total() - anonymous["admitted"]
    assert refused == SOCKETS - caps.anonymous and anonymous["closed 1008"] > 0, figures
    bodied = counts["64 MB bodies"]
    too_large = bodied["HTTP/1.1 413 Content Too Large"]
    assert too_large > 0 and too_large + bodied["reset"] == BODIES, figures
    assert counts["15 MB frames"]["closed 1009"] == FRAMES, figures
    asked = counts["sockets asking try"]
    assert asked["admitted"] == caps.per_table, figures
    assert asked["tried"] > 0 and asked["error"] > 0, figures  # answered, then slowed down
    assert asked["closed 1008"] > ASKING - caps.per_table, figures  # and then closed
    downloaded = counts["record downloads"]
    assert downloaded["200"] > 0 and downloaded["429"] > 0, figures
    guessed = counts["a stranger's wrong passwords"]
    assert guessed["400"] + guessed["429"] == GUESSES and guessed["429"] > 0, figures
    assert guessed["the owner: 200"] == 1, figures
    for name, start, end in told.windows:
        assert any(start <= t <= end for t, _ in seen.actions) or end - start < 1, name
