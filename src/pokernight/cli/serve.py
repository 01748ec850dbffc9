"""``pokernight serve``: the browser table (needs the ``web`` extra)."""

from __future__ import annotations

from typing import Annotated

import typer

from pokernight.errors import PokernightError


def serve_command(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="database URL (default: SQLite in the data folder)")
    ] = None,
) -> None:
    """Serve the lobby and the tables to browsers."""
    try:
        import uvicorn

        from pokernight.web.app import create_app
        from pokernight.web.store import default_url
    except ImportError as exc:
        raise PokernightError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'pokernight[web]'"
        ) from None
    try:
        app = create_app(db or default_url())
    except ImportError as exc:
        raise PokernightError(
            f"the database driver is missing ({exc.name}): for PostgreSQL "
            "pip install 'pokernight[postgres]'"
        ) from None
    uvicorn.run(app, host=host, port=port, log_level="warning")
