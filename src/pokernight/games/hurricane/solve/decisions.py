"""The solved average strategy as decisions a hand can show: each of the solver's information
sets (a seat, a public path, its private cards) as a hand dealt to that point, the seat to act
and its probability of each protocol action, for ``pokernight.openspiel.export`` to write as
an OpenSpiel policy.

A hand is dealt with the seat's cards and any other cards the deck still holds for the other
seat, and the public actions are replayed through the protocol, so the information-state
string OpenSpiel reads off the view is the registered game's own. Cards dealt in either order
are two OpenSpiel states with one strategy. A survivor's draw after a fold decides nothing: it
keeps.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from pokernight.cards import Card
from pokernight.engine.actions import KEEP, Action, Kind, discard
from pokernight.engine.protocol import TableState
from pokernight.games.hurricane.game import HurricaneHand, HurricaneOptions
from pokernight.games.hurricane.solve.cards import HI, LO, Deck, Floats
from pokernight.games.hurricane.solve.cfr import THROW_HI, THROW_LO, Solver
from pokernight.games.hurricane.solve.rounds import DEALER, FIRST, Node

Decision = tuple[HurricaneHand, int, dict[Action, float]]
"""A hand at a decision, the seat to act, and its probability of each action."""


@dataclass(frozen=True)
class Spot:
    """One decision to write: the public actions before it (protocol actions, the other
    seat's draws as ``discard`` of its first card), the seat to act, its cards as dealt, what
    it drew (``(thrown rank, new rank)``), and its probabilities: for each action the solver
    names, or for keep/LO/HI at a draw."""

    actions: tuple[Action, ...]
    seat_role: int
    dealt: tuple[int, int]
    drew: tuple[int, int] | None
    other_drew: bool
    probabilities: Floats | Sequence[float]
    menu: Sequence[Action] | None  # None: a draw (keep, throw the low card, throw the high)


class Decisions:
    """The solver's average strategy, decision by decision."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.deck = solver.deck
        self.first = {n: t.average() for n, t in solver.first.items()}
        self.draws = [t.average() for t in solver.draw]
        self.second = {
            g: {n: t.average() for n, t in tables.items()} for g, tables in solver.second.items()
        }

    def each(self, dealers: Sequence[int]) -> Iterator[Decision]:
        for dealer in dealers:
            for spot in self._spots():
                yield self._decision(spot, dealer)

    # -- the decisions -------------------------------------------------------------------
    def _spots(self) -> Iterator[Spot]:
        s, deck = self.solver, self.deck
        k = deck.k
        ordered = [(a, b) for a in range(k) for b in range(k)]
        lead, trail = s.leading.nodes, s.trailing.nodes
        for path, node in paths(s.leading.nodes):
            n = lead[node]
            if n.leaf:
                if n.folded is not None and not s.options.end_when_one_left:
                    survivor = 1 - n.folded
                    for dealt in ordered:
                        yield Spot(path, survivor, dealt, None, False, [1.0, 0.0, 0.0], None)
                continue
            sigma = self.first[node]
            for dealt in ordered:
                h = deck.index[(min(dealt), max(dealt))]
                yield Spot(path, n.actor or 0, dealt, None, False, sigma[:, h, 0], n.actions)
        draws = self.draws
        for ctx, end in enumerate(s.ends):
            path = path_to(lead, end)
            for dealt in ordered:
                h = deck.index[(min(dealt), max(dealt))]
                yield Spot(path, FIRST, dealt, None, False, draws[0][:, h, ctx], None)
                for first_drew in (False, True):
                    before = (*path, THREW if first_drew else KEEP)
                    sigma = draws[2 if first_drew else 1][:, h, ctx]
                    yield Spot(before, DEALER, dealt, None, first_drew, sigma, None)
            for f, d in s.groups:
                tables = self.second[(f, d)]
                for tail, node in paths(trail):
                    n = trail[node]
                    if n.leaf:
                        continue
                    role = n.actor or 0
                    mine_drew = (f, d)[role] == 1
                    other_drew = (f, d)[1 - role] == 1
                    sigma = tables[node]
                    for dealt in ordered:
                        for spot_drew, state in self._private(dealt, mine_drew):
                            yield Spot(
                                (*path, *draw_actions(role, mine_drew, other_drew), *tail),
                                role,
                                dealt,
                                spot_drew,
                                other_drew,
                                sigma[:, state, ctx],
                                n.actions,
                            )

    def _private(
        self, dealt: tuple[int, int], drew: bool
    ) -> Iterator[tuple[tuple[int, int] | None, int]]:
        """The seat's private states with these cards dealt: kept, or each discard and rank."""
        lo, hi = sorted(dealt)
        h = self.deck.index[(lo, hi)]
        if not drew:
            yield None, h
            return
        for throw in (LO,) if lo == hi else (LO, HI):
            for new in range(self.deck.k):
                thrown = lo if throw == LO else hi
                if self._count(dealt, thrown, new) > self.deck.counts[new]:
                    continue
                yield (thrown, new), int(self.deck.drew.key[(h * 2 + throw) * self.deck.k + new])

    @staticmethod
    def _count(dealt: tuple[int, int], thrown: int, new: int) -> int:
        return sum(1 for r in dealt if r == new) + 1

    # -- one decision as a hand shows it ----------------------------------------------------
    def _decision(self, spot: Spot, dealer: int) -> Decision:
        seat = (dealer + 1) % 2 if spot.seat_role == FIRST else dealer
        hand = deal(self.deck, self.solver.options, spot, dealer, seat)
        probs = np.asarray(spot.probabilities, dtype=float)
        chosen: dict[Action, float] = {}
        if spot.menu is not None:
            for action, p in zip(spot.menu, probs, strict=True):
                chosen[action] = chosen.get(action, 0.0) + float(p)
        else:
            cards = [c for c in hand.hole[seat] if isinstance(c, Card)]
            ranks = [self.deck.ranks.index(c.rank) for c in cards]
            low_slot = 0 if ranks[0] <= ranks[1] else 1
            for action, p in (
                (KEEP, probs[0]),
                (discard(cards[low_slot]), probs[THROW_LO]),
                (discard(cards[1 - low_slot]), probs[THROW_HI]),
            ):
                chosen[action] = chosen.get(action, 0.0) + float(p)
        return hand, seat, chosen


THREW = Action(Kind.DISCARD)
"""A public draw in a path: the seat threw one card (which, only it knows)."""


def deal(
    deck: Deck, options: HurricaneOptions, spot: Spot, dealer: int, seat: int
) -> HurricaneHand:
    """A hand at the spot, ``seat`` to act (the dealer's left if ``spot.seat_role`` is
    ``FIRST``): the seat's cards, the other seat's from what is left (also how
    ``exploit`` shows a computer player each decision)."""
    left = [list(cards) for cards in deck.examples]

    def take(rank: int) -> Card:
        return left[rank].pop()

    mine = [take(r) for r in spot.dealt]
    new_mine = None
    if spot.drew is not None:
        new_mine = take(spot.drew[1])
    spare = sorted(range(deck.k), key=lambda r: -len(left[r]))
    theirs = [take(spare[0]), take(spare[0] if len(left[spare[0]]) else spare[1])]
    other_new = take(max(range(deck.k), key=lambda r: len(left[r])))
    order = [(dealer + 1) % 2, dealer]
    holes = {seat: mine, 1 - seat: theirs}
    stacked = [holes[s][i] for i in range(2) for s in order]
    draws = {seat: new_mine, 1 - seat: other_new if spot.other_drew else None}
    stacked += [c for s in order if (c := draws[s]) is not None]
    table = TableState(stakes=(options.stake,) * 2, dealer=dealer)
    hand = HurricaneHand(options, table, 0, stacked)
    for action in spot.actions:
        actor = hand.to_act()
        assert actor is not None
        if action is THREW:
            if actor == seat:
                assert spot.drew is not None
                ranks = [c.rank if isinstance(c, Card) else None for c in hand.hole[seat]]
                thrown = hand.hole[seat][ranks.index(deck.ranks[spot.drew[0]])]
                hand.apply(discard(thrown))
            else:
                hand.apply(discard(hand.hole[actor][0]))
        else:
            hand.apply(action)
    return hand


def draw_actions(role: int, mine: bool, other: bool) -> tuple[Action, ...]:
    """The draw's public actions, first seat then dealer, from the drawing of the seat of
    ``role`` and of the other."""
    first, dealer = (mine, other) if role == FIRST else (other, mine)
    return (THREW if first else KEEP, THREW if dealer else KEEP)


def paths(nodes: Sequence[Node]) -> Iterator[tuple[tuple[Action, ...], int]]:
    """Every node of a round with the actions that lead to it."""
    stack: list[tuple[tuple[Action, ...], int]] = [((), 0)]
    while stack:
        path, i = stack.pop()
        yield path, i
        node = nodes[i]
        for action, child in zip(node.actions, node.children, strict=True):
            stack.append(((*path, action), child))


def path_to(nodes: Sequence[Node], target: int) -> tuple[Action, ...]:
    return next(path for path, i in paths(nodes) if i == target)


def decisions(solver: Solver, dealer: int = -1) -> Iterator[Decision]:
    """Every decision of heads-up Hurricane under the solver's options, ``dealer`` as the
    OpenSpiel game's parameter (-1: both seats deal, by chance)."""
    return Decisions(solver).each((0, 1) if dealer < 0 else (dealer,))
