"""Compile numba's kernels once, before the suite: the solver's, and the evaluators' for every
preset (on all threads and on the calling one), into numba's cache beside the sources, where
the suite's workers read them rather than each compiling them at once. CI runs it beside the
linters, in two processes (``solver`` and ``evaluators``, each about half of the work), on the
cores the linters leave idle; with no argument, it compiles both in turn."""

import sys

import numpy as np

from pokernight.errors import InvalidRules
from pokernight.games.hurricane.solve.kernels import warm
from pokernight.hands import batch
from pokernight.hands.rules import PRESETS

parts = sys.argv[1:] or ["solver", "evaluators"]
if "solver" in parts:
    warm()
if "evaluators" in parts:
    for rules in PRESETS.values():
        try:
            batch.warm(rules)
            batch.keys(np.zeros((0, 5), np.int64), rules, threads=False)
        except InvalidRules:  # not a five-card ranking: no kernel of its own
            pass
