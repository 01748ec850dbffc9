"""Mechanics every game shares: the protocol, a hand being played (``play``, ``dealt``), its
phases (``phases``), shuffling, pots and the table."""
