"""What the house allows: how sign-ins back off, how long a session lasts, how many tables an
account may hold open and make, and when an idle table closes. One value, handed to
``create_app``, so a test can tighten or loosen any of it and the server runs on defaults."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    name_free_failures: int = 5
    """Wrong passwords for one name from one client address before that pair backs off (1 s,
    2 s, 4 s ... locked): a stranger's wrong passwords lock the stranger, not the owner."""
    name_everywhere_free_failures: int = 50
    """Wrong passwords for one name from anywhere before the name backs off everywhere: the
    slower limit on guessing one account's password from many addresses."""
    address_free_failures: int = 20
    """Failed sign-ins from one client address (any names) before it backs off."""
    backoff_first: float = 1.0
    backoff_most: float = 900.0
    backoff_forget: float = 3600.0
    """A name or address that fails no more for this long starts over."""
    session_seconds: float = 30 * 24 * 3600.0
    """A session's life: the cookie's Max-Age, and checked by the server."""
    open_tables: int = 5
    """Tables one account may have open (not over or closed) at once."""
    creation_burst: float = 5.0
    creation_rate: float = 1 / 60
    """Tables one account may make at once, then a second."""
    guest_burst: float = 10.0
    guest_rate: float = 1 / 60
    """Guest accounts one client address may make at once, then a second: without it the
    limits of an account were a click away from starting over."""
    signup_burst: float = 10.0
    signup_rate: float = 1 / 60
    """Accounts one client address may sign up at once, then one a minute: without it a flood
    of sign-ups filled the memory and, one scrypt each, the server's time."""
    address_open_tables: int = 10
    """Tables the accounts made from one client address may have open at once, all together:
    an account's own limit was a sign-up away from starting over."""
    hashing_workers: int = 2
    hashing_waiting: int = 16
    """Passwords hashed at once (scrypt: 16 MiB and tens of milliseconds each) and sign-ups or
    sign-ins waiting for them; past that a sign-in is answered 503 at once. Hashing has its
    threads to itself, so a flood of them never holds up the tables or ``/healthz``."""
    chat_burst: float = 5.0
    chat_rate: float = 1.0
    """Chat lines one account may send at once, then one a second."""
    asking_burst: float = 10.0
    asking_rate: float = 0.5
    """Seat requests, sit-out toggles and chip requests one account may make at once, then
    one every two seconds: each is news for the table's pages, and a flood of them was a
    flood of versions."""
    download_burst: float = 10.0
    download_rate: float = 0.5
    """Hand-record downloads one client address may make at once, then one every two
    seconds: a download of a long night is large, and six clients in a loop slowed every
    table."""
    idle_seconds: float = 1800.0
    """A table where nothing happened for this long is closed (its records are kept)."""
    clock: Callable[[], float] = time.monotonic
    """For the throttles (backoff, creation rate): tests move it on instead of waiting."""
