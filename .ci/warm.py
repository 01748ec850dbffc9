"""Compile numba's kernels once, before the suite: the solver's, and the evaluators' for every
preset (on all threads and on the calling one), into numba's cache beside the sources, where
the suite's workers read them rather than each compiling them at once. CI runs it beside the
linters, on the core they leave idle."""

import numpy as np

from pokernight.errors import InvalidRules
from pokernight.games.hurricane.solve.kernels import warm
from pokernight.hands import batch
from pokernight.hands.rules import PRESETS

warm()
for rules in PRESETS.values():
    try:
        batch.warm(rules)
        batch.keys(np.zeros((0, 5), np.int64), rules, threads=False)
    except InvalidRules:  # not a five-card ranking: no kernel of its own
        pass
