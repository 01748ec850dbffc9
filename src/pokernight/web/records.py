"""A table's hand records as anyone may download them: what a spectator saw of each finished
hand (the public events and the cards shown at the showdown) and its result.

Never the seed or the actions: a hand is its seed plus its actions, so with them anyone could
replay the hand and turn up folded cards and private discards that were never shown.
"""

from __future__ import annotations

import json

from sqlalchemy import Engine

from pokernight.engine.protocol import replayed
from pokernight.web import store
from pokernight.web.live import LiveTable, table_state
from pokernight.web.views import plain


def public_records(table: LiveTable, engine: Engine) -> str:
    """One JSON line per finished hand: game, hand number, starting table, events, result."""
    lines = []
    for hand in store.finished_hands(engine, table.row.id):
        game = table.game_of(hand)
        state = replayed(game.new_hand(table_state(hand.start), hand.seed), hand.actions)
        record = {
            "game": game.name,
            "hand": hand.number,
            "start": hand.start,
            "events": [plain(e) for e in state.view(None).events],
            "result": hand.result,
        }
        lines.append(json.dumps(record) + "\n")
    return "".join(lines)
