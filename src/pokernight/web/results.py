"""A finished hand as the table keeps it: its result (what the page shows as the last hand,
stored with the hand) and its ledger entries, which always sum to zero."""

from __future__ import annotations

import dataclasses
from typing import Any

from pokernight.engine.protocol import HandState, Outcome, TableState
from pokernight.web.views import plain, seat_label


def hand_result(
    hand: int, state: HandState, players: list[str], after: TableState
) -> dict[str, Any]:
    """The result of hand ``hand`` (``state``, finished); ``after`` is the table the next hand
    starts from. ``players`` names who played each seat (a person's name, a computer's
    strategy): the result is sent to every socket, so it names no account id, and ``said``
    tells it in the words of the events that tell how the hand ended, in the form a spectator
    sees them (the hands shown, the dealer's hand and its reason, who won what and why), the
    same words the terminal table's showdown uses."""
    outcome = state.outcome()
    assert outcome is not None, "a result is made of a finished hand"
    events = state.view(None).events
    return {
        "hand": hand,
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
