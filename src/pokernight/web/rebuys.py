"""Chips added to a seat's stake: the host's top-up, and a rebuy a player asks for, as the
table carries them out (the requests themselves are ``chip_requests``).

A player asks for chips; the table grants them at once while the player's rebuys stay within
the table's limit (``Hosting.rebuy_limit``), else the host approves or refuses. Chips join the
stake between hands: granted during a hand, they wait until it is over (``grant_waiting``,
run by the table before its next deal), so no hand in play changes its stakes. Every grant is
stored with who approved it (``hosting.add_topup``), so the ledger lists each.
"""

from __future__ import annotations

import dataclasses

from pokernight.errors import PokernightError
from pokernight.web import hosting
from pokernight.web.chip_requests import Rebuy
from pokernight.web.commands import AnswerChips
from pokernight.web.play import Play


def ask(play: Play, account: int, seat: int, amount: int) -> bool:
    """``account`` at ``seat`` asks for ``amount`` chips: granted at once to the host or
    within the table's limit, else waiting for the host (in place of a request of theirs
    that waits). Whether anything changed: the same request again changes nothing."""
    waiting = play.chairs.rebuys.waiting().get(account)
    if waiting is not None and waiting.amount == amount:
        return False
    asked = Rebuy(seat, amount, "waiting")
    if play.row.owner == account or within_limit(play, account, amount):
        grant(play, account, asked, account)
    else:
        play.chairs.rebuys.put(account, asked)
        play.versions.changed()
    return True


def answer(play: Play, answered: AnswerChips) -> None:
    """The host approves or refuses a request waiting, as it stands: if the asker changed
    its amount since the host saw it, nothing is answered and the host is told."""
    account = answered.account
    asked = play.chairs.rebuys.waiting().get(account)
    if asked is None:
        raise PokernightError(f"no chip request from account {account} waits for an answer")
    if answered.amount is not None and answered.amount != asked.amount:
        raise PokernightError(
            f"the request changed: {asked.amount} chips now, not {answered.amount}"
        )
    if play.chairs.seated.get(asked.seat) != account:
        play.chairs.rebuys.asked[account].pop()
        raise PokernightError("the player left their seat: nothing to approve")
    if answered.approve:
        grant(play, account, asked, answered.by)
    else:
        play.chairs.rebuys.put(account, dataclasses.replace(asked, status="refused"))
        play.versions.changed()


def within_limit(play: Play, account: int, amount: int) -> bool:
    """Whether the table's limit allows ``account`` ``amount`` more chips without the host:
    the chips it took within the limit so far (those the host approved do not count) and
    these, at most the limit. Counted as granted."""
    taken = play.chairs.rebuys.taken
    if account not in taken:
        taken[account] = hosting.taken_within_limit(play.engine, play.row.id, account)
    if taken[account] + amount > play.hosting.rebuy_limit:
        return False
    taken[account] += amount
    return True


def grant(play: Play, account: int, rebuy: Rebuy, by: int) -> None:
    """Approve ``rebuy`` (``by`` the host, or ``account`` itself within the limit): added at
    once between hands, else once the hand in play is over."""
    if play.state is None:
        add_chips(play, rebuy.seat, account, rebuy.amount, by, _asked(play, account, by))
        done = Rebuy(rebuy.seat, rebuy.amount, "added", by)
    else:
        done = Rebuy(rebuy.seat, rebuy.amount, "approved", by)
    play.chairs.rebuys.put(account, done)
    play.versions.changed()


def grant_waiting(play: Play) -> None:
    """Between hands: add every chip approved during the hand, to the players still seated
    where they asked (a player who left takes no chips), and keep each account's latest
    request alone, for its page."""
    for account, mine in list(play.chairs.rebuys.asked.items()):
        for i, rebuy in enumerate(mine):
            if rebuy.status != "approved" or rebuy.by is None:
                continue
            if play.chairs.seated.get(rebuy.seat) != account:
                del play.chairs.rebuys.asked[account]
                break
            asked = _asked(play, account, rebuy.by)
            add_chips(play, rebuy.seat, account, rebuy.amount, rebuy.by, asked)
            mine[i] = dataclasses.replace(rebuy, status="added")
        else:
            del mine[:-1]


def _asked(play: Play, account: int, by: int) -> bool:
    """Whether chips approved ``by`` are stored as a rebuy ``account`` asked for: always but
    the host's own, which is the host topping up their own seat (the ledger names them)."""
    return not by == account == play.row.owner


def add_chips(play: Play, seat: int, owner: int, amount: int, by: int, asked: bool) -> int:
    """Add ``amount`` to ``seat``'s stake before the next hand (``owner`` sits there;
    ``by`` approved it; ``asked``: a rebuy the player asked for, else the host's top-up),
    stored with the table's other writes; the new stake."""
    now = play.match.table
    play.versions.record(hosting.add_topup, play.row.id, seat, owner, amount, by, now.hand, asked)
    stakes = [*now.stakes]
    stakes[seat] += amount
    play.match.table = dataclasses.replace(now, stakes=tuple(stakes))
    return stakes[seat]
