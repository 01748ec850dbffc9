"""A table's hand as the engine plays it, rebuilt from what the server stored: the tests'
own copy, so a check of what the server sends or a page shows never reads the live table it
checks."""

from __future__ import annotations

from sqlalchemy import Engine

from pokernight.catalog import seat_table
from pokernight.engine.protocol import HandState, replayed
from pokernight.web import store
from pokernight.web.play import table_state


def dealt_hand(engine: Engine, table: int, number: int) -> tuple[HandState, list[str]]:
    """Hand ``number`` of ``table`` as dealt, rebuilt through the catalog from its stored seed
    and starting table, and the actions stored for it so far (finished or in play)."""
    row = store.load_table(engine, table)
    assert row is not None
    last = store.last_hand(engine, table)
    hands = [*store.finished_hands(engine, table), *([last] if last else [])]
    stored = next(h for h in hands if h.number == number)
    game = seat_table(row.game, row.match_seed, row.seats, row.computers, row.options).game
    return game.new_hand(table_state(stored.start), stored.seed), stored.actions


def stored_hand(engine: Engine, table: int, number: int) -> tuple[HandState, list[str]]:
    """Hand ``number`` of ``table`` with its stored actions applied, and those actions."""
    hand, actions = dealt_hand(engine, table, number)
    return replayed(hand, actions), actions
