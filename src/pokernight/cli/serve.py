"""``pokernight serve``: the browser table (needs the ``web`` extra)."""

from __future__ import annotations

import os
from functools import partial
from typing import Annotated

import typer

from pokernight.errors import PokernightError

PROFILE = "POKERNIGHT_PROFILE"
"""A file name: the server runs under cProfile and writes its stats there when it stops (how
the load benchmark's hot spots were found; off unless set)."""


def serve_command(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="database URL (default: SQLite in the data folder)")
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0, help="seconds a computer player waits to act")
    ] = 0.6,
    hand_pause: Annotated[
        float, typer.Option("--hand-pause", min=0, help="seconds between one hand and the next")
    ] = 2.0,
    idle_minutes: Annotated[
        float, typer.Option("--idle-minutes", min=1, help="close a table idle this long")
    ] = 30.0,
) -> None:
    """Serve the lobby and the tables to browsers."""
    try:
        import uvicorn

        from pokernight.web.app import create_app
        from pokernight.web.live import Pace
        from pokernight.web.policy import Policy
        from pokernight.web.store import default_url
    except ImportError as exc:
        raise PokernightError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'pokernight[web]'"
        ) from None
    url = db or default_url()
    try:
        pace = Pace(bot_delay=bot_delay, hand_pause=hand_pause)
        app = create_app(url, pace, policy=Policy(idle_seconds=60 * idle_minutes))
    except ImportError as exc:
        raise PokernightError(
            f"the database driver is missing ({exc.name}): for PostgreSQL "
            "pip install 'pokernight[postgres]'"
        ) from None
    from sqlalchemy.engine import make_url

    # Where to point a browser, and which database holds the money (its password hidden).
    address = f"[{host}]" if ":" in host else host
    typer.echo(f"pokernight serves http://{address}:{port}/ from {make_url(url)!r}")
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
