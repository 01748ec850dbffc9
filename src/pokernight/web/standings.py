"""The night's standings: each game the table played, in order, and how each player stands in
it, in that game's unit. A game of chips says each player's net; a game of points (Mount
Holyoke) says each player's points round by round, their total and how many rounds they
played, ranked by total (fewer is better), never mixed with the chips. A game here is a run of
the table's hands of one game from its first hand (``TableState.first``): two Mount Holyoke
games back to back are two games. Read from the stored hands' results, which every seat may
see: nothing hidden is in them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from pokernight.catalog import entry
from pokernight.web import store


@dataclass
class _Line:
    """One player's standing in one game."""

    name: str
    net: int = 0
    rounds: list[int | None] = field(default_factory=list)
    """Points each round (None: a round before they sat down), for a game of points."""
    played: int = 0


def standings(engine: Engine, table_id: int, table_game: str) -> list[dict[str, Any]]:
    """Each game played at the table, oldest first: its name, title, unit, first and last
    hand, and each player's line (``name``, ``net`` or ``points`` round by round with
    ``total``, and ``played``: the hands or rounds they were dealt in), the best first."""
    runs: list[dict[str, Any]] = []
    for hand in store.finished_hands(engine, table_id):
        game = hand.game or table_game
        first = hand.start.get("first", 1)
        if not runs or (runs[-1]["game"], runs[-1]["first"]) != (game, first):
            runs.append({"game": game, "first": first, "last": hand.number, "lines": {}})
        run = runs[-1]
        run["last"] = hand.number
        result = hand.result or {}
        out = hand.start.get("out", [])
        points = entry(game).spec.points
        for seat, (who, net) in enumerate(
            zip(result.get("players", []), result.get("net", []), strict=False)
        ):
            if who == "nobody":
                continue
            name = who.removesuffix(" (sat out)")
            if name.endswith("computer") or name.endswith("(computer)"):
                name = f"Seat {seat + 1}: {name}"  # computers are told apart by their seats
            line = run["lines"].setdefault(name, _Line(name))
            if points:
                rounds = hand.number - run["first"] + 1
                line.rounds.extend([None] * (rounds - 1 - len(line.rounds)))
                line.rounds.append(-net)
            else:
                line.net += net
            if seat not in out:
                line.played += 1
    return [_told(run) for run in runs]


def _told(run: dict[str, Any]) -> dict[str, Any]:
    game = entry(run["game"]).spec
    rows = list(run["lines"].values())
    if game.points:
        told = [
            {
                "name": r.name,
                "points": r.rounds,
                "total": sum(p for p in r.rounds if p is not None),
                "played": r.played,
            }
            for r in rows
        ]
        told.sort(key=lambda r: (r["total"], -r["played"], r["name"]))
    else:
        told = [{"name": r.name, "net": r.net, "played": r.played} for r in rows]
        told.sort(key=lambda r: (-r["net"], r["name"]))
    return {
        "game": run["game"],
        "title": game.title,
        "unit": "points" if game.points else "chips",
        "hands": [run["first"], run["last"]],
        "lines": told,
    }
