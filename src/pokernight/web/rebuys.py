"""Chips added to a seat's stake: the host's top-up, and a rebuy a player asks for.

A player asks for chips; the table grants them at once while the player's rebuys stay within
the table's limit (``Hosting.rebuy_limit``), else the host approves or refuses. Chips join the
stake between hands: granted during a hand, they wait here until it is over (``grant_waiting``,
run by the table before its next deal), so no hand in play changes its stakes. Every grant is
stored with who approved it (``hosting.add_topup``). Requests and grants waiting for the hand's
end are kept in memory, like seat requests: a person asking now, who asks again after a
restart.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pokernight.web import hosting

if TYPE_CHECKING:
    from pokernight.web.live import LiveTable

Status = Literal["waiting", "approved", "added", "refused"]


@dataclass(frozen=True)
class Rebuy:
    """One account's latest request: how many chips, for which seat, where it stands, and who
    approved it (an account; itself when the table's limit allowed it)."""

    seat: int
    amount: int
    status: Status
    by: int | None = None


@dataclass
class Rebuys:
    asked: dict[int, Rebuy] = field(default_factory=dict)
    """Each account's latest request, by account."""
    taken: dict[int, int] = field(default_factory=dict)
    """The chips each account took within the table's limit (read from the store once, then
    counted here as they are granted, so a grant not yet committed counts at once)."""

    def waiting(self) -> dict[int, Rebuy]:
        """The requests the host has not answered, by account."""
        return {a: r for a, r in self.asked.items() if r.status == "waiting"}


def within_limit(table: LiveTable, account: int, amount: int) -> bool:
    """Whether the table's limit allows ``account`` ``amount`` more chips without the host:
    the chips it took within the limit so far (those the host approved do not count) and
    these, at most the limit. Counted as granted."""
    taken = table.rebuys.taken
    if account not in taken:
        taken[account] = hosting.taken_within_limit(table.engine, table.row.id, account)
    if taken[account] + amount > table.hosting.rebuy_limit:
        return False
    taken[account] += amount
    return True


def grant(table: LiveTable, account: int, rebuy: Rebuy, by: int) -> Rebuy:
    """Approve ``rebuy`` (``by`` the host, or ``account`` itself within the limit): added at
    once between hands, else once the hand in play is over."""
    if table.state is None:
        table.add_chips(rebuy.seat, account, rebuy.amount, by, _asked(table, account, by))
        done = Rebuy(rebuy.seat, rebuy.amount, "added", by)
    else:
        done = Rebuy(rebuy.seat, rebuy.amount, "approved", by)
    table.rebuys.asked[account] = done
    table.changed()
    return done


def grant_waiting(table: LiveTable) -> None:
    """Between hands: add the chips approved during the hand, to the players still seated
    where they asked (a player who left takes no chips)."""
    for account, rebuy in list(table.rebuys.asked.items()):
        if rebuy.status != "approved" or rebuy.by is None:
            continue
        if table.seated.get(rebuy.seat) == account:
            asked = _asked(table, account, rebuy.by)
            table.add_chips(rebuy.seat, account, rebuy.amount, rebuy.by, asked)
            table.rebuys.asked[account] = dataclasses.replace(rebuy, status="added")
        else:
            del table.rebuys.asked[account]


def _asked(table: LiveTable, account: int, by: int) -> bool:
    """Whether chips approved ``by`` are stored as a rebuy ``account`` asked for: always but
    the host's own, which is the host topping up their own seat (the ledger names them)."""
    return not by == account == table.row.owner


def words(rebuy: Rebuy, host: str, approver: str) -> str:
    """What the asker's page says of their request."""
    chips = f"{rebuy.amount} chips"
    if rebuy.status == "waiting":
        return f"You asked {host}, the host, for {chips}: waiting for their answer."
    if rebuy.status == "refused":
        return f"{host}, the host, refused your request for {chips}."
    who = "the table's limit" if approver == "" else approver
    if rebuy.status == "approved":
        return f"{chips} approved by {who}: they join your stake when this hand is over."
    return f"{chips} approved by {who} joined your stake."
