"""``pokernight serve``: the browser table (needs the ``web`` extra)."""

from __future__ import annotations

import os
import socket
from functools import partial
from typing import Annotated

import typer

from pokernight.cli.params import Amount, Whole
from pokernight.errors import PokernightError
from pokernight.sim.backends import optional_module

PROFILE = "POKERNIGHT_PROFILE"
"""A file name: the server runs under cProfile and writes its stats there when it stops (how
the load benchmark's hot spots were found; off unless set)."""
PORT = Whole(1, 65_535)
PAUSE = Amount(0, 60, " seconds")
IDLE = Amount(1, 10_080, " minutes")
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
) -> None:
    """Serve the lobby and the tables to browsers."""
    uvicorn = optional_module("uvicorn", "web")
    optional_module("pokernight.web.app", "web")  # FastAPI, SQLAlchemy, ...
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pokernight.web.app import create_app
    from pokernight.web.live import Pace
    from pokernight.web.policy import Policy
    from pokernight.web.store import default_url

    url = db or default_url()
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
        app = create_app(url, pace, policy=Policy(idle_seconds=60 * idle_minutes))
    except ImportError as exc:
        raise PokernightError(
            f"the database driver is missing ({exc.name}): for PostgreSQL "
            "pip install 'pokernight[postgres]'"
        ) from None
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise PokernightError(f"cannot open the database {shown}: {reason}: check --db") from None
    address = f"[{host}]" if ":" in host else host  # where to point a browser
    typer.echo(f"pokernight serves http://{address}:{port}/ from {shown}")
    # No per-message deflate: a state message is a few hundred bytes to 2 KB (only new events
    # are sent), and compressing each one for each socket cost about a tenth of the server's
    # time under load.
    run = partial(uvicorn.run, app, host=host, port=port, log_level="warning")
    profile = os.environ.get(PROFILE)
    if not profile:
        run(ws_per_message_deflate=False)
        return
    import cProfile

    with cProfile.Profile() as profiler:
        run(ws_per_message_deflate=False)
    profiler.dump_stats(profile)


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
