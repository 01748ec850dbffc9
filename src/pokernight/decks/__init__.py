"""The dual-deck search behind ``pokernight deck``: fitting a dual-value deck to seed 001's
category table by annealing (``fit``, ``suits``), the closed forms and proved floors that judge
and bound it (``bound``, ``floor``) and its exact incremental recount (``moves``).

Research code, kept out of the evaluators' package: it reads how ``hands`` counts a dual deck
(``hands.dualcount``, ``hands.dualrankings``), and only the command line reads it. ``plan``
holds what the command needs before a search starts, without numba; the rest loads numba.
"""
