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
from pokernight.web.play import Play, table_state
from pokernight.web.views import plain


def public_records(table: Play, engine: Engine) -> str:
    """One JSON line per finished hand: game, hand number, starting table, events, result.
    A finished hand's line never changes: each is made once (its hand replayed once) and
    kept with the table, so a download costs no replay (before, every download replayed
    every hand: half a second of the server's time for a table of 400 hands)."""
    lines = []
    for hand in store.finished_hands(engine, table.row.id):
        line = table.public_lines.get(hand.id)
        if line is None:
            line = table.public_lines[hand.id] = _line(table, hand)
        lines.append(line)
    return "".join(lines)


def _line(table: Play, hand: store.HandRow) -> str:
    """The public record of one finished hand."""
    game = table.game_of(hand)
    state = replayed(game.new_hand(table_state(hand.start), hand.seed), hand.actions)
    record = {
        "game": game.name,
        "hand": hand.number,
        "start": hand.start,
        "events": [plain(e) for e in state.view(None).events],
        "result": hand.result,
    }
    return json.dumps(record) + "\n"
