"""``pokernight serve``: the browser table (needs the ``web`` extra)."""

from __future__ import annotations

import ipaddress
import os
import resource
import socket
from functools import partial
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer

from pokernight.cli.params import Amount, Whole
from pokernight.errors import PokernightError
from pokernight.extras import install
from pokernight.sim.backends import optional_module

PROFILE = "POKERNIGHT_PROFILE"
"""A file name: the server runs under cProfile and writes its stats there when it stops (how
the load benchmark's hot spots were found; off unless set)."""
PORT = Whole(1, 65_535)
PAUSE = Amount(0, 60, " seconds")
IDLE = Amount(1, 10_080, " minutes")
KEEP_ALIVE = Whole(1, 3_600, " seconds")
REQUEST_TIME = Amount(0.1, 3_600, " seconds")
CONNECTIONS = Whole(10, 1_000_000, " connections")
"""A table left a week is closed whatever the setting."""


def serve_command(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", parser=PORT, help="port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="database URL (default: SQLite in the data folder)")
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option("--bot-delay", parser=PAUSE, help="seconds a computer player waits to act"),
    ] = 0.6,
    hand_pause: Annotated[
        float,
        typer.Option("--hand-pause", parser=PAUSE, help="seconds between one hand and the next"),
    ] = 2.0,
    idle_minutes: Annotated[
        float, typer.Option("--idle-minutes", parser=IDLE, help="close a table idle this long")
    ] = 30.0,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="the address people reach the server at (invite links, QR codes, the origin "
            "requests must come from); default: the address it listens on",
        ),
    ] = None,
    proxy: Annotated[
        str | None,
        typer.Option(
            "--proxy",
            help="ADDR,...: reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are "
            "believed (Uvicorn's forwarded_allow_ips); none unless given",
        ),
    ] = None,
    timeout_keep_alive: Annotated[
        int,
        typer.Option(
            "--timeout-keep-alive",
            parser=KEEP_ALIVE,
            help="seconds a connection may stay idle between requests (Uvicorn's "
            "timeout_keep_alive)",
        ),
    ] = 5,
    timeout_request: Annotated[
        float,
        typer.Option(
            "--timeout-request",
            parser=REQUEST_TIME,
            help="seconds a client has to send a whole request, headers (64 KiB at most) and "
            "body, before its connection is closed",
        ),
    ] = 10.0,
    limit_concurrency: Annotated[
        int,
        typer.Option(
            "--limit-concurrency",
            parser=CONNECTIONS,
            help="most connections at once (Uvicorn's limit_concurrency: 503 beyond); a new "
            "one closes the oldest still sending its request",
        ),
    ] = 1000,
) -> None:
    """Serve the lobby and the tables to browsers."""
    uvicorn = optional_module("uvicorn", "web")
    optional_module("pokernight.web.app", "web")  # FastAPI, SQLAlchemy, ...
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pokernight.web.app import create_app
    from pokernight.web.pace import Pace
    from pokernight.web.policy import Policy
    from pokernight.web.store import default_url

    url = db or default_url()
    public = checked_url(public_url) if public_url else listening_url(host, port)
    proxies = [checked_address(a) for a in proxy.split(",")] if proxy else []
    try:
        shown = repr(make_url(url))  # the database that holds the money, its password hidden
    except ArgumentError:
        raise PokernightError(
            "--db is not a database URL: e.g. sqlite:////srv/pokernight.db or "
            "postgresql+psycopg://user@host/pokernight"
        ) from None
    _check_address(host, port)
    try:
        pace = Pace(bot_delay=bot_delay, hand_pause=hand_pause)
        policy = Policy(idle_seconds=60 * idle_minutes)
        app = create_app(url, pace, policy=policy, public_url=public, hosts=hosts_of(public))
    except ImportError as exc:
        raise PokernightError(
            f"the database driver is missing ({exc.name}): for PostgreSQL {install('postgres')}"
        ) from None
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise PokernightError(f"cannot open the database {shown}: {reason}: check --db") from None
    # Where to point a browser, and which database holds the money (its password hidden).
    typer.echo(f"pokernight serves {public}/ from {shown}")
    files_for(limit_concurrency)
    settings = edge_settings(timeout_request, timeout_keep_alive, limit_concurrency, proxies)
    run = partial(uvicorn.run, app, host=host, port=port, log_level="warning", **settings)
    profile = os.environ.get(PROFILE)
    if not profile:
        run()
        return
    import cProfile

    with cProfile.Profile() as profiler:
        run()
    profiler.dump_stats(profile)


def hosts_of(public: str) -> list[str]:
    """The names a request may be addressed to: the public address's, and this machine's
    own loopback names (no hostile name can stand for those)."""
    from urllib.parse import urlsplit

    name = urlsplit(public).hostname or ""
    return list(dict.fromkeys([name, "127.0.0.1", "localhost"]))


def _check_address(host: str, port: int) -> None:
    """Refuse an address this machine cannot listen on (a mistyped host, a port in use) with
    one line, before the database is opened, rather than with the server's log after it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        socket.create_server((host, port), family=family).close()
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (while attempting")[0]
        raise PokernightError(
            f"cannot listen on {host} port {port}: {reason}: choose another --host or --port"
        ) from None


def edge_settings(
    timeout_request: float, timeout_keep_alive: int, limit_concurrency: int, proxies: list[str]
) -> dict[str, Any]:
    """Uvicorn's settings for the edge (``web.edge``): no per-message deflate (a state
    message is a few hundred bytes to 2 KB, and compressing each one for each socket cost a
    tenth of the server's time under load), a client's frame at most twice the longest
    message read (Uvicorn takes 16 MiB frames by default, and a flood of them held every
    table up before the message check refused them), the timeouts, the connection limit,
    and forwarded headers believed only from the given proxies (Uvicorn believes 127.0.0.1's
    by default)."""
    from pokernight.web.edge import edge
    from pokernight.web.messages import MAX_MESSAGE

    return {
        "ws_per_message_deflate": False,
        "ws_max_size": 2 * MAX_MESSAGE,
        "http": edge(timeout_request),
        "timeout_keep_alive": timeout_keep_alive,
        "limit_concurrency": limit_concurrency,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies or None,
    }


def listening_url(host: str, port: int) -> str:
    """The address the server listens on, as a browser would write it; for every address
    (``0.0.0.0``, ``::``) the one this machine reaches its network by (no packet is sent)."""
    if host in ("0.0.0.0", "::", ""):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks a route
                host = str(probe.getsockname()[0])
            except OSError:
                host = "127.0.0.1"
    address = f"[{host}]" if ":" in host else host
    return f"http://{address}:{port}"


def checked_url(url: str) -> str:
    """``--public-url``: an http(s) address with a host and nothing after it but a path."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
        raise PokernightError(
            f"--public-url {url!r} is not an address people reach the server at, "
            "e.g. https://poker.example.org"
        )
    return url.rstrip("/")


def checked_address(text: str) -> str:
    """One ``--proxy`` address (or network, ``10.0.0.0/8``)."""
    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise PokernightError(
            f"--proxy {text!r} is not an IP address or network: e.g. --proxy 127.0.0.1"
        ) from None


def files_for(connections: int) -> None:
    """Let the process open a file for each connection and some to spare, as far as its
    hard limit allows: at 1,024 files, 1,100 half-open connections kept everyone out."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))
