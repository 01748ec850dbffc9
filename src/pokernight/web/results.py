"""A finished hand as the table keeps it: its result (what the page shows as the last hand,
stored with the hand) and its ledger entries, which always sum to zero."""

from __future__ import annotations

import dataclasses
from typing import Any

from pokernight.engine.protocol import Outcome, TableState
from pokernight.web.views import plain


def hand_result(
    hand: int, outcome: Outcome, holders: list[str], after: TableState
) -> dict[str, Any]:
    """The result of hand ``hand``; ``after`` is the table the next hand starts from."""
    return {
        "hand": hand,
        "net": list(outcome.net),
        "awards": plain(outcome.awards),
        "shown": plain(dict(outcome.shown)),
        "high_winners": list(outcome.high_winners),
        "low_winners": list(outcome.low_winners),
        "house": outcome.house,
        "holders": holders,
        "next": dataclasses.asdict(after),
    }


def ledger_entries(
    table_id: int, holders: list[str], outcome: Outcome, carry_before: int
) -> dict[str, int]:
    """Who gained what in one hand: the seats, the house, the pot's carry-over, and what a game
    scored in points took off the seats (``scored``), so the entries always sum to zero."""
    entries: dict[str, int] = {}
    for holder, net in zip(holders, outcome.net, strict=True):
        entries[holder] = entries.get(holder, 0) + net
    entries["house"] = outcome.house
    entries[f"pot:{table_id}"] = outcome.carry - carry_before
    entries[f"scored:{table_id}"] = -sum(entries.values())
    return entries
