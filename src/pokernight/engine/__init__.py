"""Mechanics every game shares: the protocol, betting rounds, pots and the table."""
