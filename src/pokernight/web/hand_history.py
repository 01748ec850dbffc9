"""The night's hands in the page: each finished hand's result, opened to its actions and
showdown, replayed step by step from the stored record by the command line's replay
(``history.record``: dealt from its seed, its actions applied one by one, its outcome checked
against the stored one), and downloaded as PHH where the game has a PHH form.

Hidden cards stay hidden: every step is the view of the seat the asker was dealt at that hand
(a spectator's view for anyone else), the same view the live table sent them, and nothing is
sent that would deal the hand again (its seed, its actions' words: ``web.records`` says why).
The routes that serve it: ``web.routes.hands``."""

from __future__ import annotations

from typing import Any

from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import Game
from pokernight.history.phh import has_phh
from pokernight.history.record import GameRecord, check, deal, steps
from pokernight.web import store
from pokernight.web.play import Play, table_state
from pokernight.web.views import SeatLog, view_model


def summary(hand: store.HandRow, account: int | None, game: Game) -> dict[str, Any]:
    """One finished hand in the list: its number and game, its result in words, who won what,
    each seat's net (``points``: in points) and player, the seat the asker played (None: they
    watched) and whether it has a PHH form."""
    result = hand.result or {}
    return {
        "hand": hand.number,
        "game": game.name,
        "phh": has_phh(game),
        "said": result.get("said", []),
        "winners": winners(result),
        "points": bool(result.get("points")),
        "net": result.get("net", []),
        "players": result.get("players", []),
        "seat": viewer_of(hand, account),
    }


NO_WIN = ("push", "loss")
"""The shares of a wager settled against the bank that win nothing (Pai Gow's)."""


def winners(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Who won what in a finished hand, each with its ``seat`` (None: the dealer, a house
    that banks), ``name``, ``won`` and ``share``: every share of a pot (high, low, the whole
    pot) as awarded; a wager won against the bank by what it gained (its award gives the
    wager back too); a banking seat's or the dealer's take; else, in a game without awards
    (points), its winners by their points. All from the stored result, which every socket was
    sent when the hand ended: no card in it that anyone may not see."""
    players, net, awards = result["players"], result["net"], result.get("awards", [])
    found = [
        {
            "seat": a["seat"],
            "name": players[a["seat"]],
            "won": net[a["seat"]] if a["share"] == "win" else a["amount"],
            "share": a["share"],
        }
        for a in awards
        if a["amount"] > 0 and a["share"] not in NO_WIN
    ]
    house = result.get("house", 0)
    if house > 0 and not any(a["share"] == "bank" for a in awards):
        found.append({"seat": None, "name": "the dealer", "won": house, "share": "bank"})
    if not awards:
        for seat in [*result.get("high_winners", []), *result.get("low_winners", [])]:
            found.append({"seat": seat, "name": players[seat], "won": net[seat], "share": ""})
    return found


def viewer_of(hand: store.HandRow, account: int | None) -> int | None:
    """The seat ``account`` was dealt at in ``hand`` (None: not dealt in, or not signed in)."""
    out = hand.start.get("out", [])
    holders = hand.holders or []
    return next((s for s, a in enumerate(holders) if a == account and s not in out), None)


def record_of(table: Play, hand: store.HandRow) -> GameRecord:
    """The stored hand as a record the command line replays."""
    result = hand.result or {}
    after = result["next"]
    return GameRecord(
        game=table.game_of(hand),
        seats=tuple(result.get("players", [])),
        table=table_state(hand.start),
        seed=hand.seed,
        actions=tuple(parse_action(a) for a in hand.actions),
        net=tuple(result["net"]),
        stakes=tuple(after["stakes"]),
        where=f"table {table.row.id}, hand {hand.number}",
        carry=after.get("carry", 0),
    )


def replay(table: Play, hand: store.HandRow, viewer: int | None) -> dict[str, Any]:
    """The hand step by step as ``viewer`` saw it: its view as dealt and after each action,
    each with the events that step added (in the shape of the table socket's views, without
    the choices a seat had), the outcome checked against the stored one."""
    record = record_of(table, hand)
    state = deal(record)
    log = SeatLog(record.game.name, len(record.table.stakes), viewer)
    frames: list[dict[str, Any]] = []

    def frame() -> None:
        view = view_model(state.view(viewer), log, frames[-1]["upto"] if frames else 0)
        view.pop("legal")
        frames.append({**view, "upto": len(log.dicts)})

    frame()
    for _ in steps(record, state):
        frame()
    check(record, state)
    return {
        "hand": hand.number,
        "seat": viewer,
        "players": list(record.seats),
        "said": (hand.result or {}).get("said", []),
        "net": list(record.net),
        "phh": has_phh(record.game),
        "steps": frames,
    }
