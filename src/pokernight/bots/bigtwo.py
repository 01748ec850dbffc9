"""Mount Holyoke Poker computer players: greedy, and a search player that plays rounds out.

The greedy player keeps structure: it leads the lowest single, pair or triple that does not
break a bigger group, follows with the cheapest play that beats the table, saves 2s and
five-card hands for later, and blocks (plays big) when an opponent is down to three cards.
The search player deals the unseen cards at random (``determinize``) and plays each candidate
out with greedy players at every seat, choosing the best average score; it never sees the
state, only its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokernight.cards import Card
from pokernight.engine.actions import PASS, Action
from pokernight.engine.protocol import View
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.bigtwo.position import board_play, determinize
from pokernight.games.bigtwo.round import OPEN, WARN_AT, BigTwoHand, allowed, play_action
from pokernight.hands.climb import tables
from pokernight.hands.climb_moves import Play

DEUCE = 12  # the climb rank of a 2


def greedy_pick(hand: Sequence[int], moves: list[Play], leading: bool, fewest: int) -> Play | None:
    """The greedy choice among ``moves`` (as generated: by size, then strength); None passes.
    ``fewest``: the fewest cards an opponent holds."""
    if not moves:
        return None
    for move in moves:
        if len(move[1]) == len(hand):
            return move  # the last cards: the round is won
    counts = [0] * 13
    for v in hand:
        counts[v >> 2] += 1

    def keeps_shape(move: Play) -> bool:
        """A single, pair or triple of a whole rank group, and no 2s."""
        cards = move[1]
        rank = cards[0] >> 2
        return len(cards) < 5 and counts[rank] == len(cards) and rank != DEUCE

    block = fewest <= WARN_AT
    if not leading:
        if block:
            return moves[-1]  # the strongest: keep the run away from them
        if len(moves[0][1]) == 5:
            return moves[0]
        kept = [m for m in moves if keeps_shape(m)]
        if kept:
            return kept[0]
        return moves[0] if len(hand) <= 5 else None
    if block:
        big = [m for m in moves if len(m[1]) > fewest]
        if big:
            return min(big, key=lambda m: (len(m[1]) < 5 and not keeps_shape(m), m[0]))
        return moves[len(hand) - 1]  # singles come first: this is the highest one
    kept = [m for m in moves if keeps_shape(m)]
    if kept:
        return min(kept, key=lambda m: (m[1][0], -len(m[1])))
    fives = [m for m in moves if len(m[1]) == 5]
    if fives:
        return fives[0]
    return min(moves, key=lambda m: (m[1][0], -len(m[1])))


def rollout(world: BigTwoHand, seat: int) -> int:
    """Play the round out with greedy players everywhere; ``seat``'s net."""
    held = world.held
    while (turn := world.to_act()) is not None:
        fewest = min(len(h) for s, h in enumerate(held) if s != turn)
        world.step(greedy_pick(held[turn], world.moves(), world.beat is None, fewest))
    outcome = world.outcome()
    assert outcome is not None
    return outcome.net[seat]


class GreedyBot:
    name = "greedy"

    def __init__(self, rng: random.Random, options: BigTwoOptions | None = None) -> None:
        self.rng, self.options = rng, options or BigTwoOptions()

    def act(self, view: View) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        order = self.options.order
        value_of = tables(order).value_of
        hand = sorted(value_of[c.index] for c in view.hole if isinstance(c, Card))
        beat = board_play(view, self.options)
        opening = hand[0] if view.phase == OPEN else None
        moves = allowed(hand, beat, opening, self.options.open_with_any_play, order)
        fewest = min(len(c) for s, c in enumerate(view.cards) if s != view.seat and view.live[s])
        pick = greedy_pick(hand, moves, beat is None, fewest)
        return PASS if pick is None else play_action(pick[1], order)


class SearchBot:
    """Determinized Monte Carlo: ``samples`` deals of the unseen cards, the same deals for
    every candidate (so candidates differ by play, not by luck of the deal)."""

    name = "search"

    def __init__(
        self,
        rng: random.Random,
        options: BigTwoOptions | None = None,
        samples: int = 12,
        width: int = 6,
    ) -> None:
        self.rng, self.options = rng, options or BigTwoOptions()
        self.samples, self.width = samples, width

    def act(self, view: View) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        seat = view.seat
        assert seat is not None
        worlds = [determinize(self.options, view, self.rng) for _ in range(self.samples)]
        best: tuple[float, Play | None] | None = None
        for move in self.candidates(worlds[0]):
            total = 0
            for world in worlds:
                twin = world.fork()
                twin.step(move)
                total += rollout(twin, seat)
            if best is None or total > best[0]:
                best = (total, move)
        assert best is not None
        return PASS if best[1] is None else play_action(best[1][1], self.options.order)

    def candidates(self, world: BigTwoHand) -> list[Play | None]:
        """The greedy choice, and a spread of others: when following, the cheapest plays, the
        strongest and a pass; when leading, the lowest play of every kind."""
        turn = world.to_act()
        assert turn is not None
        moves, hand = world.moves(), world.held[turn]
        fewest = min(len(h) for s, h in enumerate(world.held) if s != turn)
        found: list[Play | None] = [greedy_pick(hand, moves, world.beat is None, fewest)]
        if world.beat is not None:
            found += [*moves[: self.width - 2], moves[-1], None] if moves else [None]
        else:
            kinds: set[int] = set()
            for move in moves:
                if move[0] >> 24 not in kinds:
                    kinds.add(move[0] >> 24)
                    found.append(move)
        return list(dict.fromkeys(found))
