"""Lookup tables kept on disk between runs, so a short command does not build them again.

Building a rule set's five-card tables takes about 0.2 s of pure Python, longer than the rest
of ``pokernight eval``. A built table is pickled under the user's cache folder
(``$POKERNIGHT_CACHE``, else ``$XDG_CACHE_HOME/pokernight``, else ``~/.cache/pokernight``),
named by a hash of what it is, the rule set with the ranking it derives (its rank order and
straights, which a change to the presets may move without renaming them), and the source of the
module that builds it, so a change to the rules or the builder never reads a stale table. A
cache that cannot be read or written is passed over: the table is built as before.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from collections.abc import Callable
from hashlib import blake2b
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def cache_folder() -> Path:
    named = os.environ.get("POKERNIGHT_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "pokernight"


def on_disk(kind: str, key: object, builder: Path, build: Callable[[], T]) -> T:
    """The value ``build`` makes for ``key``, read from the cache when an earlier run kept it.
    ``builder``: the source file whose code makes it (part of the name)."""
    digest = blake2b(repr(key).encode(), digest_size=16)
    try:
        digest.update(builder.read_bytes())
    except OSError:
        return build()
    path = cache_folder() / f"{kind}-{digest.hexdigest()}.pickle"
    try:
        with path.open("rb") as stored:
            value: T = pickle.load(stored)
            return value
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        pass
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as out:
            pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(out.name, path)  # whole or not at all, even with two runs at once
    except OSError:
        pass
    return value
