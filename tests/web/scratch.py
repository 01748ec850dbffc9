"""A throw-away database on a PostgreSQL server: the web tests run each test in one, and the
load benchmark (``benchmarks/web_load_server.py``, from the repository) its run, so neither
sees another's tables nor leaves any behind. Test support: it is not shipped in the wheel."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


@contextmanager
def scratch_database(server_url: str, prefix: str = "pokernight") -> Iterator[str]:
    """Create a new database on the server that ``server_url`` reaches (any database of it,
    e.g. ``postgres``), yield its URL, and drop it afterwards with whatever is still
    connected to it."""
    url = make_url(server_url)
    name = f"{prefix}_{secrets.token_hex(6)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as db:
                db.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
