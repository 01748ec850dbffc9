"""Rates: a token bucket (socket messages, table creation) and a failure backoff (sign-ins).
In memory, per server process: they slow down one client, and a restart forgets them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second. ``refused`` counts the
    refusals since the last accepted take (a client that keeps pushing is flooding)."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0
    refused: int = 0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            self.refused += 1
            return False
        self.tokens -= 1
        self.refused = 0
        return True

    def wait(self) -> float:
        """Seconds until the next take can succeed."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate else float("inf")
