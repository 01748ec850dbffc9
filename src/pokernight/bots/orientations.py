"""The 32 ways to turn a five-card dual-value hand end for end, in the order the house's
High-Low players break ties between equal values: one list, read by the player in Python
(``highlow``) and by its valuation in NumPy (``highlow_values``), which must agree."""

from __future__ import annotations

from itertools import product

FLIPS = list(product((0, 1), repeat=5))
