"""Pai Gow choices and money: a seat's legal wagers and settings, and the settlement.

Settlement (docs/games/paigow.md): win both hands and win the wager less the commission; lose both
and lose it; otherwise push. Copies, exact ties of a hand, go to the banker. A fouled hand loses.
The commission is a whole number of chips, the percentage of the win rounded down; a banking
player pays it on the bank's net win of the hand. The house collects every commission. A banking
player covers the wagers with the chips it holds, in the order of play, and no more: the part
of a wager it cannot cover is no action and comes back, so it never owes more than it has.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from pokernight.cards import AnyCard
from pokernight.engine.actions import Action, Kind, LazyActions, bet
from pokernight.engine.events import PotAwarded
from pokernight.games.paigow.events import Settled
from pokernight.games.paigow.hands import SPLITS, Setting

WIN, PUSH, LOSS = 1, 0, -1


class Wagers(LazyActions):
    """``bet low`` .. ``bet high`` without building them all (table limits may span hundreds)."""

    __slots__ = ("high", "low")

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def __len__(self) -> int:
        return max(0, self.high - self.low + 1)

    def action(self, index: int) -> Action:
        return bet(self.low + index)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind is Kind.BET
            and self.low <= action.amount <= self.high
        )

    def __iter__(self) -> Iterator[Action]:
        return (bet(amount) for amount in range(self.low, self.high + 1))

    def __str__(self) -> str:
        return f"bet {self.low} to {self.high}"


class SetChoices(LazyActions):
    """The 21 ``set`` actions of seven cards (front two by position), built only if read."""

    __slots__ = ("hole",)

    def __init__(self, hole: tuple[AnyCard, ...]) -> None:
        self.hole = hole

    def __len__(self) -> int:
        return len(SPLITS)

    def action(self, index: int) -> Action:
        i, j = SPLITS[index]
        return Action(Kind.SET, cards=(self.hole[i], self.hole[j]))

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind is Kind.SET
            and len(action.cards) == 2
            and action.cards[0] != action.cards[1]
            and all(c in self.hole for c in action.cards)
        )

    def __str__(self) -> str:
        return "set two of " + " ".join(map(str, self.hole))


def result(player: Setting, bank: Setting) -> tuple[int, str]:
    """WIN, PUSH or LOSS for the player, and why."""
    if player.fouled:
        return LOSS, "fouled: the back hand must outrank the front"
    if bank.fouled:
        return WIN, "the banker's hand fouled"
    high, low = player.high > bank.high, player.low > bank.low
    if high and low:
        return WIN, "won both hands"
    if high or low:
        return (
            PUSH,
            f"won the {'back' if high else 'front'}, lost the {'front' if high else 'back'}",
        )
    copies = [
        name
        for name, mine, theirs in (
            ("back", player.high, bank.high),
            ("front", player.low, bank.low),
        )
        if mine == theirs
    ]
    if copies:
        return LOSS, f"lost both hands (a copy of the {' and '.join(copies)} goes to the banker)"
    return LOSS, "lost both hands"


def commission(win: int, percent: int) -> int:
    return win * percent // 100 if win > 0 else 0


def settle(
    percent: int,
    banker: int | None,
    bank: Setting,
    played: Mapping[int, Setting],
    wagers: Sequence[int],
    cover: int | None = None,
) -> list[PotAwarded]:
    """What comes back to each seat: a player's wager and winnings, and a banking seat's
    result (negative when the bank pays out more than it takes). ``cover``: the chips a
    banking seat holds (None: the house's bank, which covers anything). They cover the
    wagers in the order of ``played`` (the order of play) while they last, set aside before
    any hand is compared, so what is in action does not hang on who wins; the bank's net
    loss is at most ``cover``."""
    awards: list[PotAwarded] = []
    bank_net = 0
    left = cover
    for seat, setting in played.items():
        wager = wagers[seat]
        action = wager if left is None else min(wager, left)
        if left is not None:
            left -= action
        if action == 0:
            note = "the bank has no chips left to cover it: no action, the wager comes back"
            awards.append(Settled(seat, wager, "push", note))
            continue
        back = f"; the {wager - action} the bank cannot cover comes back" if action < wager else ""
        outcome, why = result(setting, bank)
        if outcome == WIN:
            fee = commission(action, percent)
            bank_net -= action
            note = f"{why}: paid {action}" + (f" less {fee} commission" if fee else "")
            awards.append(Settled(seat, wager + action - fee, "win", note + back))
        elif outcome == PUSH:
            awards.append(Settled(seat, wager, "push", f"{why}: push, the wager comes back"))
        else:
            bank_net += action
            note = f"{why}: the wager of {action} is lost"
            awards.append(Settled(seat, wager - action, "loss", note + back))
    if banker is not None:
        fee = commission(bank_net, percent)
        note = f"the bank {'took' if bank_net >= 0 else 'paid'} {abs(bank_net)} net"
        awards.append(
            Settled(
                banker, bank_net - fee, "bank", note + (f", less {fee} commission" if fee else "")
            )
        )
    return awards
