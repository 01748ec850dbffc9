"""Betting rounds: who acts, what is legal, and when the round is over.

Limits are data (allowed increments, how many raises may follow the opening bet). A fold is
offered only when facing a bet; asked for with nothing owed, it is a check. Stakes may go
below zero (a player may go into debt to finish a hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from pokernight.engine.actions import CALL, CHECK, FOLD, Action, Kind, bet, raise_
from pokernight.errors import IllegalAction, InvalidRules


@dataclass(frozen=True)
class Limits:
    """Allowed bet and raise increments, the number of raises after the opening bet, and
    whether the opener must bet or fold (no check: seed 002's "betting 0 means you've folded").
    """

    amounts: tuple[int, ...]
    raises: int
    must_open: bool = False

    @cached_property
    def menus(self) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
        """The legal actions with no bet yet and facing a bet below the cap, built once per
        limits rather than once per round."""
        bets = tuple(bet(a) for a in self.amounts)
        opening = (*bets, FOLD) if self.must_open else (CHECK, *bets)
        return opening, (CALL, *(raise_(a) for a in self.amounts), FOLD)


MOST_AMOUNTS = 100
"""A limit game's menu lists every amount from 1 to its maximum bet, so the maximum stays at a
size a menu (and a person reading it) can hold: a record or a web table asking for a billion
would otherwise build a billion actions."""


def amounts_to(max_bet: int) -> tuple[int, ...]:
    """The amounts 1 to ``max_bet`` a betting menu offers (refused beyond ``MOST_AMOUNTS``)."""
    if not 1 <= max_bet <= MOST_AMOUNTS:
        raise InvalidRules(f"the maximum bet must be 1 to {MOST_AMOUNTS}, not {max_bet}")
    return tuple(range(1, max_bet + 1))


ONLY_CHECK = (CHECK,)
CAPPED = (CALL, FOLD)


class BettingRound:
    """One round of betting among the live seats, first to act first in ``order``."""

    def __init__(
        self,
        order: Sequence[int],
        limits: Limits,
        seats: int | None = None,
        cap: Callable[[int], int] | None = None,
    ) -> None:
        """``seats``: how many seats the table has (default: enough for ``order``). ``cap``:
        table stakes, the most a seat may bet or raise now (None: the limits alone)."""
        self.limits = limits
        self.cap = cap
        self.order = list(order)
        self.live = set(order)
        self.committed = [0] * (seats if seats is not None else max(order) + 1)
        self.level = 0
        self.raises_made = -1  # the opening bet makes it 0
        self.pending = list(order)
        self._opening, self._facing = limits.menus

    def to_act(self) -> int | None:
        if len(self.live) <= 1 or not self.pending:
            return None
        return self.pending[0]

    def owed(self, seat: int) -> int:
        return self.level - self.committed[seat]

    @property
    def raises_left(self) -> int:
        return self.limits.raises - self.raises_made if self.level else self.limits.raises + 1

    def legal(self) -> tuple[Action, ...]:
        seat = self.pending[0]
        if self.level == self.committed[seat]:
            menu = self._opening if self.level == 0 else ONLY_CHECK
        else:
            menu = self._facing if self.raises_made < self.limits.raises else CAPPED
        return menu if self.cap is None else self._within(menu, self.cap(seat))

    def _within(self, menu: tuple[Action, ...], room: int) -> tuple[Action, ...]:
        """The menu without the bets and raises beyond ``room``; a seat that must open but
        can bet nothing more may check (it holds no more chips to put in)."""
        kept = tuple(a for a in menu if a.kind not in (Kind.BET, Kind.RAISE) or a.amount <= room)
        if menu is self._opening and not any(a.kind is Kind.BET for a in kept):
            return (CHECK, *(a for a in kept if a is not CHECK))
        return kept

    def apply(self, action: Action) -> tuple[Action, int]:
        """Apply the pending seat's action; returns the action as taken (the legal list's own
        object, so the kind is told by identity) and chips put in."""
        seat = self.pending[0]
        owed = self.level - self.committed[seat]
        if owed == 0 and action.kind is Kind.FOLD and not self.limits.must_open:
            action = CHECK
        action = self._pick(action)
        self.pending.pop(0)
        chips = 0
        if action is FOLD:
            self.live.discard(seat)
        elif action is CALL:
            chips = owed
        elif action is not CHECK:  # a bet or a raise
            chips = owed + action.amount
            self.level += action.amount
            self.raises_made += 1
            at = self.order.index(seat)
            after = self.order[at + 1 :] + self.order[:at]
            self.pending = [s for s in after if s in self.live]
        self.committed[seat] += chips
        return action, chips

    def _pick(self, action: Action) -> Action:
        """The legal list's own copy of ``action`` (bots hand back these very objects, so
        identity settles it without comparing fields); IllegalAction if it is not there."""
        legal = self.legal()
        for allowed in legal:
            if allowed is action:
                return action
        for allowed in legal:
            if allowed == action:
                return allowed
        raise IllegalAction(self.explain(action))

    def explain(self, action: Action) -> str:
        """Why an action is not legal now, and what is."""
        choices = ", ".join(str(a) for a in self.legal())
        seat = self.pending[0]
        if action.kind is Kind.RAISE and self.owed(seat) and self.raises_made >= self.limits.raises:
            why = f"the round is capped at 1 bet and {self.limits.raises} raises"
        elif action.kind in (Kind.BET, Kind.RAISE) and action.amount not in self.limits.amounts:
            why = f"amounts are {', '.join(map(str, self.limits.amounts))}"
        elif action.kind is Kind.CHECK and self.limits.must_open and not self.level:
            why = "you must bet or fold"
        elif action.kind is Kind.CHECK:
            why = f"you owe {self.owed(seat)}"
        elif action.kind is Kind.BET and self.level:
            why = "there is a bet already: raise instead"
        elif action.kind in (Kind.CALL, Kind.RAISE) and not self.level:
            why = "there is no bet to call or raise: bet instead"
        else:
            why = f"{action} is not a betting action here"
        return f"cannot {action}: {why}. Choose one of: {choices}"
