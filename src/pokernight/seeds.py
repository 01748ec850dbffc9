"""The one seed derivation: every random choice of a table, a match, a bot or a batch is a
seed derived from the one the user gave, so one ``--seed`` gives one table everywhere (the
prompt mode, the terminal table, ``sim`` and the browser) and any hand can be replayed.
"""

from __future__ import annotations

from hashlib import blake2b


def derive_seed(seed: int, *path: object) -> int:
    """A 63-bit seed for the choice ``path`` names under ``seed``: BLAKE2b of the seed and the
    path's parts joined by colons (a string-seeded ``random.Random`` costs five times as
    much, and the match's hand seeds are derived once a hand)."""
    key = ":".join(map(str, (seed, *path))).encode()
    return int.from_bytes(blake2b(key, digest_size=8).digest()) >> 1


def table_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th table of a run seeded ``seed``: ``seed`` itself first (the
    table a person gets with that seed), then one derived for each. A simulation's batches
    and a learning environment's episodes are such tables, so episode k of an environment
    seeded s deals the first hand of batch k of ``sim --seed s``."""
    return seed if index == 0 else derive_seed(seed, "batch", index)
