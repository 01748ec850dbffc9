"""The ``expert`` Hurricane player: the solved strategy heads-up, rollouts at a fuller table.

Heads-up it plays the average strategy ``pokernight solve`` finds, looked up by what its view
shows: its role (the dealer or the dealer's left), the public actions, its cards as dealt and
what it threw and drew. The strategy is read from the user's cache folder and solved there on
first use (``solve.cache``), which a front end runs beforehand with its progress shown
(``preparation``). At three seats or more no solved strategy exists; there it ranks
every legal decision by determinized rollouts (``choose_position``: the unseen cards dealt at
random, the other seats playing the seven strategies, drawn per sample, every decision played
out on each deal; a fold once, its result the same on every deal) and plays the best. It only
ever reads its view.

It plays at a level (``LEVELS``): the weaker levels sometimes play a legal action drawn at
random instead of their choice, and roll out fewer samples at a fuller table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokernight.bots.rollout_advice import choose_position
from pokernight.bots.worlds import advice_position
from pokernight.cards import Card
from pokernight.engine.actions import KEEP, Action, discard
from pokernight.engine.events import Acted, Anted, Dealt, Drew, HandStarted, RoundStarted
from pokernight.engine.protocol import Preparation, Progress, TableState, View
from pokernight.games.hurricane.game import EYE, LEADING, HurricaneOptions

if TYPE_CHECKING:  # the solver's modules load NumPy: only when a heads-up hand needs them
    from pokernight.games.hurricane.solve.strategy import Strategy


@dataclass(frozen=True)
class Level:
    """How well the expert plays: the chance that a decision is a mistake (a legal action drawn
    at random in place of its choice, heads-up or not) and its samples of each decision at
    three seats or more."""

    mistakes: float
    samples: int


LEVELS = {"easy": Level(0.3, 8), "medium": Level(0.1, 16), "hard": Level(0.0, 24)}
"""The levels a person may choose, weakest first."""
DEFAULT_LEVEL = "hard"
"""The level of a plain ``expert``: its best play."""


class ExpertBot:
    """The solved strategy heads-up; rollouts over determinized deals at more seats."""

    name = "expert"

    def __init__(
        self, rng: random.Random, options: HurricaneOptions, level: str = DEFAULT_LEVEL
    ) -> None:
        self.rng, self.options, self.level = rng, options, LEVELS[level]
        self.rollouts = 0
        """Hands it has played out to decide at a full table (what its decisions cost)."""

    def preparation(self) -> Preparation | None:
        """Heads-up, the first use of these options solves the game: minutes at 13 ranks."""
        from pokernight.games.hurricane.solve.cache import is_cached, strategy_path

        if self.options.seats != 2 or is_cached(self.options):
            return None

        def run(progress: Progress) -> None:
            from pokernight.games.hurricane.solve.cache import strategy_for

            strategy_for(self.options, progress)

        where = strategy_path(self.options)
        title = f"The expert solves heads-up Hurricane once (kept in {where})"
        return Preparation(str(where), title, run)

    def act(self, view: View) -> Action:
        # No draw at all without mistakes: the best level replays as the expert always played.
        if self.level.mistakes and self.rng.random() < self.level.mistakes:
            return self.rng.choice(list(view.legal))
        if len(view.stakes) == 2:
            return self._heads_up(view)
        return self._rollouts(view)

    # -- heads-up: the solved strategy ------------------------------------------------------
    def strategy(self) -> Strategy:
        """The solved heads-up strategy it plays: shipped, cached, or solved now."""
        from pokernight.games.hurricane.solve.cache import strategy_for

        return strategy_for(self.options)

    def _heads_up(self, view: View) -> Action:
        from pokernight.games.hurricane.solve.strategy import follow, probabilities

        strategy = self.strategy()
        seen = _Seen(view, strategy)
        role = 1 if view.seat == view.dealer else 0
        if view.phase == LEADING:
            node = follow(strategy.leading, seen.leading)
            menu = strategy.leading.nodes[node].actions
            return self._pick(menu, probabilities(strategy.first[node], seen.pair()))
        end = follow(strategy.leading, seen.leading)
        if end not in strategy.ends:  # the other seat folded: this draw decides nothing
            return KEEP
        context = strategy.ends.index(end)
        if view.phase == EYE:
            table = strategy.draw[0 if role == 0 else (2 if seen.other_drew else 1)]
            p = probabilities(table, seen.pair(), context)
            return self._pick(seen.draw_menu(), p)
        mine_drew = seen.thrown is not None
        group = (int(mine_drew), int(seen.other_drew))[:: 1 if role == 0 else -1]
        key = seen.key()
        node = follow(strategy.trailing, seen.trailing)
        menu = strategy.trailing.nodes[node].actions
        p = probabilities(strategy.second[(group[0], group[1])][node], key, context)
        return self._pick(menu, p)

    def _pick(self, menu: list[Action], p: Sequence[float]) -> Action:
        """One action drawn by the strategy's probabilities (the bot's own seeded source)."""
        return self.rng.choices(menu, [float(w) for w in p])[0]

    # -- three seats or more: rollouts -------------------------------------------------------
    def _rollouts(self, view: View) -> Action:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        position = advice_position(view, self.options, _table_at_start(view))
        seed = self.rng.getrandbits(63)
        chosen, spent = choose_position(position, self.level.samples, seed)
        self.rollouts += spent
        return next(a for a in legal if a == chosen)


class _Seen:
    """What a heads-up view has shown: cards dealt, each round's actions, the draws."""

    def __init__(self, view: View, strategy: Strategy) -> None:
        self.strategy = strategy
        self.dealt: tuple[Card, ...] = ()
        self.leading: list[Action] = []
        self.trailing: list[Action] = []
        self.thrown: Card | None = None
        self.new: Card | None = None
        self.other_drew = False
        current = self.leading
        for event in view.events:
            if isinstance(event, Dealt) and event.seat == view.seat:
                self.dealt = tuple(c for c in event.cards if isinstance(c, Card))
            elif isinstance(event, RoundStarted) and event.name not in (LEADING, EYE):
                current = self.trailing
            elif isinstance(event, Acted):
                current.append(event.action)
            elif isinstance(event, Drew) and event.discarded:
                if event.seat == view.seat:
                    self.thrown, self.new = event.discarded[0], event.received[0]  # type: ignore[assignment]
                else:
                    self.other_drew = True

    def _rank(self, card: Card) -> int:
        return self.strategy.deck.ranks.index(card.rank)

    def pair(self) -> int:
        a, b = (self._rank(c) for c in self.dealt)
        return self.strategy.pair((a, b))

    def key(self) -> int:
        if self.thrown is None or self.new is None:
            return self.pair()
        a, b = (self._rank(c) for c in self.dealt)
        return self.strategy.drawn_key((a, b), self._rank(self.thrown), self._rank(self.new))

    def draw_menu(self) -> list[Action]:
        """Keep, throw the lower-ranked card, throw the higher (a pair: either, the first)."""
        low, high = sorted(self.dealt, key=self._rank)
        return [KEEP, discard(low), discard(high)]


def _table_at_start(view: View) -> TableState:
    """The table this hand was dealt at, as the view shows it: each stake before its ante and
    bets, what the pot held from the last hand and the seats it was not dealt to."""
    put = [0] * len(view.stakes)
    out: tuple[int, ...] = ()
    for event in view.events:
        if isinstance(event, HandStarted):
            out = tuple(s for s in range(len(view.stakes)) if s not in event.seats)
        elif isinstance(event, Anted):
            for seat in event.seats:
                put[seat] += event.amount
        elif isinstance(event, Acted):
            put[event.seat] += event.chips
    stakes = tuple(s + p for s, p in zip(view.stakes, put, strict=True))
    assert view.dealer is not None and view.pot is not None  # Hurricane has both
    return TableState(stakes, view.dealer, view.hand, carry=view.pot - sum(put), out=out)
