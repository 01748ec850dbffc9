"""Compile numba's kernels once, before the suite: the solver's, the evaluators' for every
preset (on all threads and on the calling one, and each preset's count), and the dual-deck
search's (``decks``: its recount and the walk ``pokernight deck fit`` runs), into numba's
cache beside the sources, where the suite's workers read them rather than each compiling them
at once (two workers compiled the dual deck's, half a minute each). CI runs it beside the
linters, in two processes (``solver`` and ``evaluators decks``, each about half of the work),
on the cores the linters leave idle; with no argument, it compiles all of them in turn."""

import sys

import numpy as np

from pokernight.decks import fit
from pokernight.errors import InvalidRules
from pokernight.games.hurricane.solve.kernels import warm
from pokernight.hands import batch, count
from pokernight.hands.dualcount import count_words
from pokernight.hands.rules import PRESETS

parts = sys.argv[1:] or ["solver", "evaluators", "decks"]
if "solver" in parts:
    warm()
if "evaluators" in parts:
    for rules in PRESETS.values():
        try:
            batch.warm(rules)
            batch.keys(np.zeros((0, 5), np.int64), rules, threads=False)
        except InvalidRules:  # not a five-card ranking: no kernel of its own
            pass
        count.warm(rules)  # its count's (none for the small hands, counted one by one)
if "decks" in parts:
    fit.warm(lambda done, total: None)
    count_words([], 1)
