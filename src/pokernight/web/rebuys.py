"""Chips added to a seat's stake: the host's top-up, and a rebuy a player asks for.

A player asks for chips; the table grants them at once while the player's rebuys stay within
the table's limit (``Hosting.rebuy_limit``), else the host approves or refuses. Chips join the
stake between hands: granted during a hand, they wait here until it is over (``grant_waiting``,
run by the table before its next deal), so no hand in play changes its stakes. Every request
is kept: one approved stays approved whatever the player asks next, and every grant is stored
with who approved it (``hosting.add_topup``), so the ledger lists each. A player has at most one
request waiting for the host: asking again while it waits changes its amount (the same amount
changes nothing). Requests and grants waiting for the hand's end are kept in memory, like seat
requests: a person asking now, who asks again after a restart.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pokernight.errors import PokernightError
from pokernight.web import hosting

if TYPE_CHECKING:
    from pokernight.web.live import LiveTable

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


def ask(table: LiveTable, account: int, seat: int, amount: int) -> bool:
    """``account`` at ``seat`` asks for ``amount`` chips: granted at once to the host or
    within the table's limit, else waiting for the host (in place of a request of theirs
    that waits). Whether anything changed: the same request again changes nothing."""
    waiting = table.rebuys.waiting().get(account)
    if waiting is not None and waiting.amount == amount:
        return False
    asked = Rebuy(seat, amount, "waiting")
    if table.row.owner == account or within_limit(table, account, amount):
        grant(table, account, asked, account)
    else:
        table.rebuys.put(account, asked)
        table.changed()
    return True


def answer(table: LiveTable, account: int, approve: bool, by: int) -> None:
    """The host ``by`` approves or refuses ``account``'s request waiting."""
    asked = table.rebuys.waiting()[account]
    if table.seated.get(asked.seat) != account:
        table.rebuys.asked[account].pop()
        raise PokernightError("the player left their seat: nothing to approve")
    if approve:
        grant(table, account, asked, by)
    else:
        table.rebuys.put(account, dataclasses.replace(asked, status="refused"))
        table.changed()


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


def grant(table: LiveTable, account: int, rebuy: Rebuy, by: int) -> None:
    """Approve ``rebuy`` (``by`` the host, or ``account`` itself within the limit): added at
    once between hands, else once the hand in play is over."""
    if table.state is None:
        table.add_chips(rebuy.seat, account, rebuy.amount, by, _asked(table, account, by))
        done = Rebuy(rebuy.seat, rebuy.amount, "added", by)
    else:
        done = Rebuy(rebuy.seat, rebuy.amount, "approved", by)
    table.rebuys.put(account, done)
    table.changed()


def grant_waiting(table: LiveTable) -> None:
    """Between hands: add every chip approved during the hand, to the players still seated
    where they asked (a player who left takes no chips), and keep each account's latest
    request alone, for its page."""
    for account, mine in list(table.rebuys.asked.items()):
        for i, rebuy in enumerate(mine):
            if rebuy.status != "approved" or rebuy.by is None:
                continue
            if table.seated.get(rebuy.seat) != account:
                del table.rebuys.asked[account]
                break
            asked = _asked(table, account, rebuy.by)
            table.add_chips(rebuy.seat, account, rebuy.amount, rebuy.by, asked)
            mine[i] = dataclasses.replace(rebuy, status="added")
        else:
            del mine[:-1]


def _asked(table: LiveTable, account: int, by: int) -> bool:
    """Whether chips approved ``by`` are stored as a rebuy ``account`` asked for: always but
    the host's own, which is the host topping up their own seat (the ledger names them)."""
    return not by == account == table.row.owner


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
