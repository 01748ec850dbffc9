"""Rates: a token bucket (socket messages, table creation) and a failure backoff (sign-ins).
In memory, per server process: they slow down one client, and a restart forgets them."""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.errors import PokernightError


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


@dataclass
class _Failures:
    count: int = 0
    until: float = 0.0
    last: float = 0.0


class Backoff:
    """Failures per key (a name, a client address): ``free`` of them cost nothing, then each
    one locks the key for twice as long as the one before (``first`` seconds, at most
    ``most``). A key that fails no more for ``forget`` seconds starts over. Keys are pruned
    once there are ``keep`` of them, so guessing many names cannot fill the memory."""

    def __init__(
        self, free: int, first: float, most: float, forget: float, keep: int = 10_000
    ) -> None:
        self.free, self.first, self.most, self.forget, self.keep = free, first, most, forget, keep
        self._keys: dict[str, _Failures] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        found = self._keys.get(key)
        return 0.0 if found is None else max(0.0, found.until - now)

    def failed(self, key: str, now: float) -> None:
        found = self._keys.get(key)
        if found is None or now - found.last > self.forget:
            if len(self._keys) >= self.keep:
                self._prune(now)
            found = self._keys[key] = _Failures()
        found.count += 1
        found.last = now
        if found.count > self.free:
            found.until = now + min(self.most, self.first * 2 ** (found.count - self.free - 1))

    def succeeded(self, key: str) -> None:
        self._keys.pop(key, None)

    def _prune(self, now: float) -> None:
        """Forget the quiet keys; if none is, the oldest half (their locks lapse early)."""
        quiet = [k for k, f in self._keys.items() if now - f.last > self.forget]
        if not quiet:
            quiet = sorted(self._keys, key=lambda k: self._keys[k].last)[: self.keep // 2]
        for k in quiet:
            del self._keys[k]


class Buckets:
    """A token bucket per key (an account, a client address). A bucket full again is the same
    as none, so full ones are forgotten once there are ``keep`` keys."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str, now: float) -> float:
        """0 if ``key`` may go ahead now (and it is counted); else the seconds to wait."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.keep:
                self._forget_full(now)
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
        return 0.0 if bucket.take(now) else bucket.wait()

    def _forget_full(self, now: float) -> None:
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * self.rate >= self.burst:
                del self._buckets[key]


class TooMany(PokernightError):
    """A request refused for its rate: answered 429 with ``Retry-After``."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
