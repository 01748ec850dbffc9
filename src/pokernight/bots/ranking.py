"""Ranked decisions with 95% intervals: the one place every advisor turns values into choices.

A ``Choice`` (``engine.advice``) is one legal decision in its text form with its estimated
value and 95% interval (an exact value has a zero-width interval). Sampled advisors give each
decision the values it got on the same samples (common random numbers) and ``estimate`` makes
the choice;
``best_first`` orders them (stable: equal values keep the order the decisions were given in).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokernight.engine.advice import Choice, half_width


def estimate(action: str, values: Sequence[float]) -> Choice:
    """A decision's mean value over its samples, with the 95% interval of that mean (the
    sample variance, n - 1)."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    half = half_width(variance, n)
    return Choice(action, mean, (mean - half, mean + half))


def best_first(choices: Iterable[Choice]) -> list[Choice]:
    return sorted(choices, key=lambda c: -c.value)
