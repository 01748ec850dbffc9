"""Heads-up Hurricane's public betting trees, read off the game itself.

A betting round's menus, caps and chips do not depend on the cards, so each round is walked
once on a hand the game deals (``HurricaneHand`` with any cards stacked): every legal action,
the chips it puts in, and where the round ends. The first seat to act (the dealer's left) is
seat 0 here; the dealer is seat 1. Nothing about betting is written twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokernight.engine.actions import KEEP, Action, Kind
from pokernight.engine.events import Acted
from pokernight.engine.protocol import TableState
from pokernight.games.hurricane.game import HurricaneHand, HurricaneOptions

FIRST, DEALER = 0, 1


@dataclass
class Node:
    """A decision (``actor`` 0 or 1, ``actions`` and ``children`` indexes) or an end of the
    round: ``folded`` the seat that folded, or None when both are still in; ``chips`` what
    each seat has put in this round."""

    actor: int | None
    chips: tuple[int, int]
    actions: list[Action] = field(default_factory=list)
    children: list[int] = field(default_factory=list)
    folded: int | None = None

    @property
    def leaf(self) -> bool:
        return self.actor is None


@dataclass
class Round:
    """One betting round's tree (node 0 the root), with its decisions and its ends listed."""

    nodes: list[Node]

    @property
    def decisions(self) -> list[int]:
        return [i for i, n in enumerate(self.nodes) if not n.leaf]

    @property
    def ends(self) -> list[int]:
        return [i for i, n in enumerate(self.nodes) if n.leaf]


def first_hand(options: HurricaneOptions) -> HurricaneHand:
    """A hand dealt with the first cards of the deck, seat 1 the dealer."""
    table = TableState(stakes=(options.stake,) * 2, dealer=DEALER)
    return HurricaneHand(options, table, 0, list(options.deck[:4]))


def _walk(hand: HurricaneHand, phase: str) -> Round:
    nodes: list[Node] = []

    def visit(state: HurricaneHand, chips: tuple[int, int]) -> int:
        at = len(nodes)
        seat = state.to_act()
        nodes.append(Node(seat, chips))
        for action in state.legal_actions():
            child = _clone(state)
            put = list(chips)
            for event in child.apply(action):
                if isinstance(event, Acted):
                    put[event.seat] += event.chips
            after = (put[0], put[1])
            if action.kind is Kind.FOLD:
                index = len(nodes)
                nodes.append(Node(None, after, folded=seat))
            elif child.phase != phase:
                index = len(nodes)
                nodes.append(Node(None, after))
            else:
                index = visit(child, after)
            nodes[at].actions.append(action)
            nodes[at].children.append(index)
        return at

    visit(hand, (0, 0))
    return Round(nodes)


def _clone(hand: HurricaneHand) -> HurricaneHand:
    copy = hand.clone()
    assert isinstance(copy, HurricaneHand)
    return copy


def betting_rounds(options: HurricaneOptions) -> tuple[Round, Round]:
    """The leading edge and the trailing edge (after both kept: the second round's menus
    are the same whatever was drawn)."""
    hand = first_hand(options)
    leading = _walk(hand, hand.phase)
    later = _clone(hand)
    for action in leading.nodes[0].actions[:1] * 2 + [KEEP, KEEP]:  # check, check, keep, keep
        later.apply(action)
    return leading, _walk(later, later.phase)
