"""A Pai Gow settlement in words: a push returns the wager and wins nothing, a loss wins
nothing, a banking seat's result is its net (they read "wins $100 push", "wins $0 loss")."""

from __future__ import annotations

from pokernight.games.paigow.events import Settled


def who(seat: int) -> str:
    return f"Seat {seat + 1}"


def test_each_settlement_says_what_the_seat_got() -> None:
    push = Settled(0, 100, "push", "won the back, lost the front: push, the wager comes back")
    assert (
        push.words(who) == "Seat 1 pushes: won the back, lost the front: push, the wager comes back"
    )
    loss = Settled(1, 0, "loss", "lost both hands: the wager of 40 is lost")
    assert loss.words(who) == "Seat 2 loses: lost both hands: the wager of 40 is lost"
    win = Settled(0, 78, "win", "won both hands: paid 40 less 2 commission")
    assert win.words(who) == "Seat 1 wins: won both hands: paid 40 less 2 commission"
    bank = Settled(2, -40, "bank", "the bank paid 40 net")
    assert bank.words(who) == "Seat 3, banking: the bank paid 40 net"
    assert all("$" not in str(e.words(who)) for e in (push, loss, win, bank))
