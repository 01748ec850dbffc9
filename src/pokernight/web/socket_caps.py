"""How many table sockets may be open at once, so that no one client can hold the house: a
thousand anonymous sockets from one address once filled every connection the server had.

- a client address may hold ``anonymous`` sockets of no account (spectators: the page before
  signing in, a TV), the way a flood comes;
- an account may hold ``per_account`` sockets in all, and ``per_table`` at any one table (a
  phone, a laptop and a TV, each page reconnecting, stay well within it).

Signing up and in is limited per address already, so accounts cannot be made fast enough to
go round the account limits. A socket past a limit is accepted and closed at once (1008) with
the reason, so the page can say it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

Key = tuple[str, str | int, int]


@dataclass
class SocketCaps:
    anonymous: int = 20
    per_account: int = 30
    per_table: int = 8
    held: Counter[Key] = field(default_factory=Counter)

    def keys(self, address: str, account: int | None, table: int) -> list[Key]:
        """What a socket of ``account`` (None: anonymous) from ``address`` at ``table``
        counts against."""
        if account is None:
            return [("address", address, 0)]
        return [("account", account, 0), ("table", account, table)]

    def admit(self, keys: list[Key]) -> str | None:
        """Why a socket counting against ``keys`` may not open (None: it may, and counts)."""
        limits = {"address": self.anonymous, "account": self.per_account, "table": self.per_table}
        words = {
            "address": f"too many sockets from here without an account (at most {self.anonymous}):"
            " sign in, or close some pages",
            "account": f"too many sockets of your account (at most {self.per_account}): close"
            " some pages",
            "table": f"too many pages of this table open (at most {self.per_table}): close some",
        }
        for key in keys:
            if self.held[key] >= limits[key[0]]:
                return words[key[0]]
        self.held.update(keys)
        return None

    def release(self, keys: list[Key]) -> None:
        self.held.subtract(keys)
        for key in keys:
            if self.held[key] <= 0:
                del self.held[key]
