"""A finished hand as the table keeps it: its result (what the page shows as the last hand,
stored with the hand) and its ledger entries, which always sum to zero. Each game keeps its
unit: chips move bankrolls; points (Mount Holyoke's) never do, unless the table set a chip
value per point; a practice hand moves nothing."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokernight.catalog import entry
from pokernight.engine.protocol import HandState, Outcome, TableState
from pokernight.web.views import plain, seat_label


def hand_result(
    hand: int, state: HandState, players: list[str], after: TableState
) -> dict[str, Any]:
    """The result of hand ``hand`` (``state``, finished); ``after`` is the table the next hand
    starts from. ``players`` names who played each seat (a person's name, a computer's
    strategy): the result is sent to every socket, so it names no account id; ``points``:
    its nets are points, not chips (the next hand may be another game's); and ``said``
    tells it in the words of the events that tell how the hand ended, in the form a spectator
    sees them (the hands shown, the dealer's hand and its reason, who won what and why), the
    same words the terminal table's showdown uses."""
    outcome = state.outcome()
    assert outcome is not None, "a result is made of a finished hand"
    seen = state.view(None)
    events = seen.events
    return {
        "hand": hand,
        "points": entry(seen.game).spec.points,
        "net": list(outcome.net),
        "awards": plain(outcome.awards),
        "shown": plain(dict(outcome.shown)),
        "said": [t for e in events if e.tells_result and (t := e.words(seat_label))],
        "high_winners": list(outcome.high_winners),
        "low_winners": list(outcome.low_winners),
        "house": outcome.house,
        "players": players,
        "next": dataclasses.asdict(after),
    }


def named(text: str, names: Mapping[int, str]) -> str:
    """A game's words that name seats as every front does ("Seat 2 has no money for the
    ante"), told to every page at a table at once: a seat with a name in ``names`` (by seat
    from 0) is called by it, so nobody's page reads "you" or a stranger's seat for a person;
    a seat without one (a computer's, an empty chair) keeps its number."""
    return re.sub(r"\bSeat (\d+)\b", lambda seat: names.get(int(seat[1]) - 1, seat[0]), text)


def entries_for(
    holders: list[int], outcome: Outcome, house: int, out: tuple[int, ...], unit: Unit
) -> dict[int, int]:
    """The hand's ledger entries in chips, as ``unit`` says the table plays it: none for a
    practice hand (it is the host's own rehearsal), the points settled at the table's chip
    value per point (none at 0: points are standings, never money), else the chips."""
    if unit.practice:
        return {}
    if unit.points:
        return points_entries(holders, outcome.net, out, unit.point_value)
    return ledger_entries(holders, outcome, house)


@dataclass(frozen=True)
class Unit:
    """What a hand at the table is played for: ``points`` (a climbing game's score) or chips,
    ``point_value`` the chips a point is worth there (0: points only), ``practice`` nothing."""

    points: bool
    point_value: int = 0
    practice: bool = False


def points_entries(
    holders: list[int], net: tuple[int, ...], out: tuple[int, ...], value: int
) -> dict[int, int]:
    """A points round settled in chips, ``value`` a point, among the seats that played it
    (a seat out settles nothing): every two players settle the difference of their points,
    so each seat gets ``value`` times the sum of its lead over each other player, and the
    entries sum to zero. Nothing at ``value`` 0."""
    played = [s for s in range(len(net)) if s not in out]
    entries: dict[int, int] = {}
    if not value:
        return entries
    for seat in played:
        chips = value * sum(net[seat] - net[other] for other in played)
        entries[holders[seat]] = entries.get(holders[seat], 0) + chips
    return entries


def ledger_entries(holders: list[int], outcome: Outcome, house: int) -> dict[int, int]:
    """Who gained what in one hand, by account: each seat's net goes to the account the hand
    was dealt to (``holders``; the house account for computer seats). The house account takes
    the rest, so the entries always sum to zero: the bank's result and commission, what stays
    in the pot for the next hand, and what a game scored in points took off the seats."""
    entries: dict[int, int] = {}
    for holder, net in zip(holders, outcome.net, strict=True):
        entries[holder] = entries.get(holder, 0) + net
    entries[house] = entries.get(house, 0) - sum(entries.values())
    return entries
