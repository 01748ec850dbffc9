"""Chip requests at a live table, as its pages see them: every request is kept, one approved
stays approved whatever the player asks next, and a player has at most one request waiting
for the host (asking again while it waits changes its amount; the same amount changes
nothing). Requests and grants waiting for the hand's end are kept in memory, like seat
requests: a person asking now, who asks again after a restart."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["waiting", "approved", "added", "refused"]


@dataclass(frozen=True)
class Rebuy:
    """One request: how many chips, for which seat, where it stands, and who approved it (an
    account; the asker itself when the table's limit allowed it)."""

    seat: int
    amount: int
    status: Status
    by: int | None = None


@dataclass
class Rebuys:
    asked: dict[int, list[Rebuy]] = field(default_factory=dict)
    """Each account's requests since the last hand ended, oldest first (between hands the
    latest alone is kept, for its page to say how it ended)."""
    taken: dict[int, int] = field(default_factory=dict)
    """The chips each account took within the table's limit (read from the store once, then
    counted here as they are granted, so a grant not yet committed counts at once)."""

    def waiting(self) -> dict[int, Rebuy]:
        """The requests the host has not answered, by account (one each at most)."""
        return {a: rs[-1] for a, rs in self.asked.items() if rs and rs[-1].status == "waiting"}

    def latest(self, account: int) -> Rebuy | None:
        found = self.asked.get(account)
        return found[-1] if found else None

    def coming(self, account: int) -> int:
        """The chips approved for ``account`` that join its stake once the hand is over."""
        return sum(r.amount for r in self.asked.get(account, ()) if r.status == "approved")

    def put(self, account: int, rebuy: Rebuy) -> None:
        """``rebuy`` as ``account``'s latest: in place of its request waiting, if one is."""
        mine = self.asked.setdefault(account, [])
        if mine and mine[-1].status == "waiting":
            mine[-1] = rebuy
        else:
            mine.append(rebuy)


def words(rebuy: Rebuy, host: str, approver: str, coming: int) -> str:
    """What the asker's page says of their latest request (``coming``: every chip approved
    for them that joins their stake when the hand is over, this request's included)."""
    chips = f"{rebuy.amount} chips"
    more = coming - (rebuy.amount if rebuy.status == "approved" else 0)
    also = f" {more} chips approved before join it too." if more else ""
    if rebuy.status == "waiting":
        return f"You asked {host}, the host, for {chips}: waiting for their answer.{also}"
    if rebuy.status == "refused":
        return f"{host}, the host, refused your request for {chips}.{also}"
    who = "the table's limit" if approver == "" else approver
    if rebuy.status == "approved":
        return f"{chips} approved by {who}: they join your stake when this hand is over.{also}"
    return f"{chips} approved by {who} joined your stake."
