"""Whole games at the terminal table: ``TableDriver.play_to_end`` through Textual's Pilot, a
person played by an ``EdgeDriver``, everything checked when the standings close the game:

- each hand by the oracle (in the table's words, ``test_terminal.style``), every hand dealt
  with you in it, and at each decision the bar offered exactly the legal set (a kind of card
  choice as its key);
- the game's money by ``whole_checks.ledger``;
- the standings' heading in the game's own words: the game's last words where it has them
  (``GameSpec.farewell``: seed 002's), else "Game over: REASON" for the reason its rule gives
  at the final table, "You left the table", or that the next hand would be dealt without you;
  and each row's stake and change (points in a game of points) at the final table.
"""

from __future__ import annotations

import re

from tests.frontends.oracle import Oracle, replay
from tests.frontends.test_terminal import style
from tests.frontends.tui_driver import Ending, TableRun
from tests.frontends.whole_checks import Edges, ledger, offered_is_legal, split_games

from pokernight.catalog import Seating, entry
from pokernight.engine.events import dollars
from pokernight.engine.protocol import TableState
from pokernight.history.record import GameRecord


def check_table_run(
    run: TableRun, seating: Seating, records: list[GameRecord], edges: Edges
) -> None:
    """Every check of a finished game at the table; a failure says how to play it again."""
    try:
        _check(run, seating, records, edges)
    except AssertionError as exc:
        raise AssertionError(f"{run.reproduction()}\n{exc}") from None


def _check(run: TableRun, seating: Seating, records: list[GameRecord], edges: Edges) -> None:
    you, game = seating.you, run.game
    replays = [replay(record, you) for record in records]
    for record, replayed in zip(records, replays, strict=True):
        assert replayed.views, f"hand {record.table.hand} was dealt without you"
    assert len(records) == len(run.seen), f"{len(records)} hands recorded, {len(run.seen)} seen"
    oracle = Oracle(style(game, you), you)
    for record, seen, replayed in zip(records, run.seen, replays, strict=True):
        oracle.hand(record, seen, replayed)
        offered_is_legal(record, seen, replayed)
    assert len(split_games(records)) <= 1, "one table, one game"
    points = entry(game).spec.points
    final = ledger(game, seating.table, records, you, edges, points)
    edges["answers refused"] += run.refused
    assert run.ending is not None
    _heading(run.ending, seating, final, edges)
    _rows(run.ending, seating, final, points)


def _heading(ending: Ending, seating: Seating, final: TableState, edges: Edges) -> None:
    game, you = seating.game, seating.you
    farewell = entry(game.name).spec.farewell
    reason = game.game_over(final)
    if ending.left:
        said = "You left the table" if farewell is None else farewell(game.options, final, True)
        edges["ended: quit"] += 1
    elif reason is not None:
        told = re.sub(rf"\bSeat {you + 1}\b", f"Seat {you + 1} (you)", reason)  # yours named yours
        said = f"Game over: {told}." if farewell is None else farewell(game.options, final, False)
        edges["ended: " + ("rounds played" if "rounds played" in reason else "bust-out")] += 1
    else:
        dealt = game.new_hand(final, 0).view(you)
        assert not dealt.live[you], f"the game stopped at {final} with nothing to end it"
        said = f"You are out: hand {final.hand} would be dealt without you at "
        said += dollars(final.stakes[you])
        edges["ended: bust-out"] += 1
    assert ending.heading == said, f"the standings say {ending.heading!r}, not {said!r}"


def _rows(ending: Ending, seating: Seating, final: TableState, points: bool) -> None:
    """One row a seat, in order: its name, its player, its stake and change (its points)."""
    assert len(ending.rows) == len(final.stakes), ending.rows
    for seat, (row, stake) in enumerate(zip(ending.rows, final.stakes, strict=True)):
        cells = [cell.strip() for cell in row.strip("│").split("│")]
        name = "You" if seat == seating.you else f"Seat {seat + 1}"
        change = stake - seating.table.stakes[seat]
        wanted = [str(-stake)] if points else [str(stake), f"{change:+d}"]
        assert cells[0] == name and cells[2:] == wanted, f"row {seat + 1}: {cells}, not {wanted}"
        assert re.fullmatch(r"[\w:-]+", cells[1]), f"row {seat + 1} names no player: {cells}"
