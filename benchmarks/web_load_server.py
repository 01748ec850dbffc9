"""The load benchmark's server side: the real ``pokernight serve`` as a subprocess, a fresh
database for it, the accounts, tables and seats made through the HTTP API, and the ledger
read back from the database at the end.

Why a subprocess: the benchmark must measure the server a user runs (its event loop, its
database settings), and ``--kill`` needs a process to SIGKILL.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from pokernight.cli.serve import PROFILE
from pokernight.web.accounts import COOKIE
from pokernight.web.forgery import HEADER, NONCE, token_for
from pokernight.web.schema import hands, ledger
from pokernight.web.schema import tables as stored_tables
from web_load_clients import Seat

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the repository: its tests' helpers
from tests.web.scratch import scratch_database

GAME = "hurricane"
SEATS = (2, 8)
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""No proxy: the server is on loopback, whatever the environment says."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(self, url: str, profile: str | None) -> None:
        self.url, self.profile = url, profile
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.dialect = make_url(url).get_backend_name()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """``pokernight serve`` without human pacing; returns once it answers."""
        command = [sys.executable, "-c", "from pokernight.cli.main import main; main()", "serve"]
        command += ["--port", str(self.port), "--db", self.url]
        command += ["--bot-delay", "0", "--hand-pause", "0"]
        # The clients all come from loopback: they say which player each is through a proxy
        # header (``player_address``), or the server's per-address limits would refuse them.
        command += ["--proxy", "127.0.0.1"]
        env = {**os.environ, **({PROFILE: self.profile} if self.profile else {})}
        self.process = subprocess.Popen(command, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited with {self.process.returncode}")
            try:
                call(self.base, "GET", "/healthz")
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("the server did not answer within 60 s")

    def cpu(self) -> float:
        """CPU seconds the server process has used (user + system, from /proc)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """SIGINT, as Ctrl-C: Uvicorn shuts down cleanly (and a profile is written)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def player_address(player: int) -> str:
    """The address the benchmark's player number ``player`` stands for (TEST-NET ranges)."""
    return f"198.18.{player // 250}.{player % 250 + 1}"


def call(
    base: str,
    method: str,
    path: str,
    body: object = None,
    token: str | None = None,
    player: int = 0,
) -> tuple[Any, str | None]:
    """One HTTP request, with the origin and token the server's pages send (before any
    sign-in, the token of a cookie of the benchmark's own); the JSON answer and the session
    cookie it set, if any."""
    cookie = f"{COOKIE}={token}" if token else f"{NONCE}=web-load"
    headers = {"content-type": "application/json", "origin": base, "cookie": cookie}
    headers[HEADER] = token_for(token or "web-load")
    headers["x-forwarded-for"] = player_address(player)
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers, method=method)
    with OPENER.open(request, timeout=60) as response:
        jar = SimpleCookie(response.headers.get("set-cookie") or "")
        answer = json.loads(response.read())
    return answer, jar[COOKIE].value if COOKIE in jar else None


def setup(base: str, clients: int, tables: int, say: Callable[[str], None]) -> list[Seat]:
    """Sign every client up (guests may only play the computer), make the tables (every seat
    for a person), seat everyone, and each table's host deals."""
    sizes = [clients // tables + (1 if t < clients % tables else 0) for t in range(tables)]
    if not all(SEATS[0] <= n <= SEATS[1] for n in sizes):
        raise SystemExit(f"{clients} clients on {tables} tables: {GAME} seats 2 to 8 a table")

    def sign_up(i: int) -> str:
        body = {"name": f"load{i}", "password": "load-pass"}
        _, token = call(base, "POST", "/api/signup", body, player=i)
        assert token is not None
        return token

    say(f"signing up {clients} players")
    with ThreadPoolExecutor(4) as pool:
        tokens = list(pool.map(sign_up, range(clients)))
    seats: list[Seat] = []
    for t, size in enumerate(sizes):
        owner = tokens[len(seats)]
        body = {"game": GAME, "seats": size, "turn_seconds": 0}
        table, _ = call(base, "POST", "/api/tables", body, owner, player=len(seats))
        for s in range(size):
            token = tokens[len(seats)]
            call(base, "POST", f"/api/tables/{table['id']}/sit", {"seat": s}, token)
            seats.append(Seat(token, int(table["id"]), s))
        call(
            base, "POST", f"/api/tables/{table['id']}/resume", None, owner, player=len(seats) - size
        )
        if (t + 1) % 5 == 0 or t + 1 == tables:
            say(f"  {t + 1}/{tables} tables made and seated")
    return seats


@contextmanager
def fresh_database(server_url: str | None, folder: Path) -> Iterator[str]:
    """A SQLite file in ``folder``; or, given a PostgreSQL server URL, a scratch database on
    that server, dropped afterwards."""
    if server_url is None:
        yield f"sqlite:///{folder / 'web_load.db'}"
        return
    with scratch_database(server_url, "web_load") as url:
        yield url


def ledger_problems(url: str) -> list[str]:
    """Every table's ledger must sum to zero (no chip made or lost, killed server or not), and
    only a table's latest hand may be unfinished (a restart never drops a hand)."""
    engine = create_engine(url)
    with engine.connect() as db:
        sums = db.execute(
            select(hands.c.table_id, func.sum(ledger.c.amount), func.count(ledger.c.id))
            .select_from(ledger.join(hands, ledger.c.hand_id == hands.c.id))
            .group_by(hands.c.table_id)
        ).all()
        finished = db.execute(
            select(func.count()).select_from(hands).where(hands.c.finished.is_(True))
        ).scalar_one()
        latest = select(hands.c.table_id, func.max(hands.c.id).label("last")).group_by(
            hands.c.table_id
        )
        abandoned = db.execute(
            select(hands.c.table_id, hands.c.number)
            .join(latest.subquery("latest"), hands.c.table_id == text("latest.table_id"))
            .where(hands.c.finished.is_(False), hands.c.id != text("latest.last"))
        ).all()
        over = db.execute(
            select(func.count()).select_from(stored_tables).where(stored_tables.c.over.is_not(None))
        ).scalar_one()
    engine.dispose()
    unbalanced = [f"table {t} sums to {total}" for t, total, _ in sums if total != 0]
    dropped = [f"table {t} left hand {n} unfinished and dealt another" for t, n in abandoned]
    entries = sum(n for _, _, n in sums)
    print(
        f"ledger: {finished} finished hands on {len(sums)} tables, {entries} entries, "
        f"every table sums to zero: {'no' if unbalanced else 'yes'}, hands left unfinished: "
        f"{len(dropped)}, tables over: {over}"
    )
    return unbalanced + dropped
