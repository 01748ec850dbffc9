"""Whole games in the browser: a person in Chromium (``browser_driver.Person``) plays a table
from its first deal until the page says it is over or the person clicks Leave, every page and
frame checked on the way by the browser oracle (the panel offers exactly the legal set), and
the game checked when it ends:

- its money by ``whole_checks.ledger``, over the hands as the server stored them (each one's
  starting table, seed, actions and result), so what the server kept is what was played;
- its end: "Over: REASON" with the reason the game's rule gives at the final table, the
  person's seat called by their name, or a person who left and a table that dealt them no
  further hand; a game of points over ends on its points table (``check_points_table``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine
from tests.frontends.whole_checks import Edges, ledger

from pokernight.catalog import entry, seat_table
from pokernight.engine.actions import parse_action
from pokernight.history.record import GameRecord
from pokernight.web import store
from pokernight.web.play import table_state
from pokernight.web.results import named
from pokernight.web.standings import standings


def stored_records(engine: Engine, table: int) -> list[GameRecord]:
    """The table's finished hands as records: what the server stored of each."""
    row = store.load_table(engine, table)
    assert row is not None
    game = seat_table(row.game, row.match_seed, row.seats, row.computers, row.options).game
    records = []
    for hand in store.finished_hands(engine, table):
        assert hand.result is not None, f"hand {hand.number} finished without a result"
        after = hand.result["next"]
        records.append(
            GameRecord(
                game=game,
                seats=tuple(hand.result["players"]),
                table=table_state(hand.start),
                seed=hand.seed,
                actions=tuple(parse_action(a) for a in hand.actions),
                net=tuple(hand.result["net"]),
                stakes=tuple(after["stakes"]),
                where=f"table {table} hand {hand.number}",
                carry=after["carry"],
            )
        )
    return records


def check_browser_game(
    engine: Engine,
    table: int,
    game: str,
    over: str | None,
    seen: int,
    refused: int,
    edges: Edges,
) -> None:
    """The money and the end of one table played by a person in the first seat, who saw
    ``seen`` hands end on the page."""
    records = stored_records(engine, table)
    assert records, f"table {table} finished no hand"
    points = entry(game).spec.points
    final = ledger(game, records[0].table, records, 0, edges, points)
    edges["answers refused"] += refused
    reason = records[0].game.game_over(final)
    if over is None:
        # Left between hands, or in the middle of one, which the server then plays out: that
        # hand may end the table (the last of Big Two's rounds), but none is dealt after it.
        assert len(records) in (seen, seen + 1), (
            f"{len(records)} hands were played at table {table}: the person saw {seen} end"
        )
        dealt_at = records[-1].game.game_over(records[-1].table)
        assert dealt_at is None, f"a hand was dealt at a table that was over ({dealt_at})"
        if len(records) == seen:
            assert reason is None, f"the table was over ({reason}) and the page did not say so"
        edges["ended: quit"] += 1
        return
    said = None if reason is None else named(reason, {0: records[-1].seats[0]})
    assert over == said, f"the page says 'Over: {over}', the rule says {said!r}"
    edges["ended: " + ("rounds played" if "rounds played" in over else "bust-out")] += 1


POINTS_TABLE = """() => [...document.querySelectorAll('#points-table tbody tr')].map(
    (tr) => [...tr.children].map((cell) => cell.textContent))"""
"""The page's points table: a row per player, its name, each round's points and the total."""


def check_points_table(page: Any, engine: Engine, table: int, game: str) -> None:
    """A game of points that ended shows, on its last result, each player's points round by
    round and in total: the night's standings of that game, the rounds not played a dash."""
    page.wait_for_selector("#points-table")
    shown = page.evaluate(POINTS_TABLE)
    played = standings(engine, table, game)[-1]
    rounds = max(len(line["points"]) for line in played["lines"])
    expected = [
        [
            line["name"],
            *("–" if p is None else str(p) for p in line["points"]),
            *["–"] * (rounds - len(line["points"])),
            str(line["total"]),
        ]
        for line in played["lines"]
    ]
    assert shown == expected, f"the points table shows {shown}, the standings say {expected}"
