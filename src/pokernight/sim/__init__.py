"""Simulations: many seeded hands between computer players, in batches over a process pool."""
