"""The computer of seed 002: it never reads your hand, bets by its own hand's strength, bluffs
at random on weak hands, is stricter after the draw (and may fold then), and draws by the
seed's rule: "Anything straight or above will be considered a Pat hand" (the seed's list puts
the flush, the full house, four of a kind and the straight flush above the straight), three
of a kind takes 2, anything else keeps its pair (or its two highest cards) and takes 3: so
taking fewer than three tells you it holds three of a kind or better, as the seed says."""

from __future__ import annotations

import random
from collections import Counter

from pokernight.cards import Card
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, Kind, discard, raise_
from pokernight.engine.protocol import View
from pokernight.games.draw.game import DRAW, FIRST
from pokernight.hands.evaluate import evaluate
from pokernight.hands.rules import preset
from pokernight.hands.value import Category

RULES = preset("draw-ti")
STRENGTH = {c.json_name: int(c) for c in Category}


class DrawComputer:
    """Seeded, so a game replays; ``bluff`` is the chance of raising on a weak hand."""

    name = "computer"

    def __init__(
        self, rng: random.Random, bluff: float = 0.15, sensible_draw: bool = False
    ) -> None:
        self.rng = rng
        self.bluff = bluff
        self.sensible_draw = sensible_draw

    def act(self, view: View) -> Action:
        cards = [c for c in view.hole if isinstance(c, Card)]
        if view.phase == DRAW:
            return self.draw(cards, max(len(a.cards) for a in view.legal))
        return self.bet(view, STRENGTH[evaluate(cards, RULES).category])

    def draw(self, cards: list[Card], limit: int = 3) -> Action:
        """The seed's rule. ``sensible_draw`` keeps two pair and takes 1: better play, but off by
        default, since then taking fewer than three no longer means three of a kind or better.
        Where the table allows fewer discards than the rule asks for (``limit``), the highest of
        the cards it would throw are kept."""
        category = evaluate(cards, RULES).category
        if STRENGTH[category] >= Category.STRAIGHT:  # by the ranking, so nothing above is missed
            return KEEP
        counts = Counter(c.rank for c in cards)
        if category == "three_of_a_kind":
            keep = [c for c in cards if counts[c.rank] == 3]
        elif category == "two_pair" and self.sensible_draw:
            keep = [c for c in cards if counts[c.rank] == 2]
        elif category in ("two_pair", "one_pair"):
            top = max(r for r, n in counts.items() if n == 2)
            keep = [c for c in cards if c.rank == top]
        else:
            keep = sorted(cards, key=lambda c: c.rank, reverse=True)[:2]
        thrown = [c for c in cards if c not in keep]
        if len(thrown) > limit:
            lowest = sorted(thrown, key=lambda c: c.rank)[:limit]
            thrown = [c for c in thrown if c in lowest]
        return discard(*thrown) if thrown else KEEP

    def bet(self, view: View, strength: int) -> Action:
        """Its decision as the seat facing your bet; seated first (two computers at one
        table) it opens instead: a raise becomes that bet and a call the smallest bet. When
        the table stakes leave nothing to bet (check or fold), it checks."""
        action = self._facing(view, strength)
        legal = view.legal
        if action in legal:
            return action
        if action.kind is Kind.RAISE:  # the largest the table stakes leave, up to its amount
            kind = Kind.RAISE if any(a.kind is Kind.RAISE for a in legal) else Kind.BET
            sized = [a for a in legal if a.kind is kind and a.amount <= action.amount]
            if sized:
                return max(sized, key=lambda a: a.amount)
            action = CALL
        if action in legal:
            return action
        bets = [a for a in legal if a.kind is Kind.BET]
        if action == CALL and bets:
            return min(bets, key=lambda a: a.amount)
        return CHECK if CHECK in legal else FOLD  # nothing left to bet: never fold for free

    def _facing(self, view: View, strength: int) -> Action:
        legal = view.legal
        first = view.phase == FIRST
        can_raise = any(a.kind in (Kind.RAISE, Kind.BET) for a in legal)
        bluffing = self.rng.random() < self.bluff
        strong = strength >= (Category.TWO_PAIR if first else Category.THREE_OF_A_KIND)
        decent = strength >= Category.ONE_PAIR
        if can_raise and (strong or bluffing) and self.rng.random() < (0.6 if strong else 1.0):
            amount = self.rng.randint(1, 10 if strong else 5)
            return raise_(amount)  # you always open, so the computer only ever faces a bet
        if first and (decent or (view.betting is not None and view.betting.raises_left > 0)):
            return CALL  # before the draw it sees almost everything
        if strength >= Category.TWO_PAIR or (decent and view.to_call <= 5) or bluffing:
            return CALL
        return FOLD if self.rng.random() < (0.7 if not decent else 0.5) else CALL
