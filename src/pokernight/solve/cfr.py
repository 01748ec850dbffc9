"""Heads-up Hurricane solved by vectorised CFR+ over the public tree, with an exact best
response.

The public tree is the leading edge, the draw (each seat's keep or draw is public, which card
it threw and what it got are not) and the trailing edge after each of the four public draws.
Every public node holds arrays over the private states of the seat to act; the trailing edge
of all the leading edge's ends is one batch (the last axis, ``C``). Chance lives only in the
end values: a seat's counterfactual value at an end is a chance matrix (``Deck.chance``, the
showdown's halves folded in) times the other seat's reach, folded into keys (``Space``).

CFR+ (Tammelin 2014): regrets floored at zero, alternating updates, the average strategy
weighted by the iteration. The best response maximises at every node of its seat over the
same arrays, so exploitability is exact for the tree as the game deals it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.solve.cards import Deck, Floats
from pokernight.solve.rounds import DEALER, FIRST, Round, betting_rounds
from pokernight.solve.strategy import Strategy

CFR, BEST, PLAY = "cfr", "best", "play"
"""Traversal modes: update regrets; best-respond; just play the average strategies."""
KEEP, THROW_LO, THROW_HI = 0, 1, 2
STORE = np.float32  # regrets and strategy sums: half the memory of float64, enough for both


@dataclass
class Table:
    """Regrets and strategy sums of one decision node: ``[actions, private states, C]``;
    ``legal`` masks actions a state may not take (a pair has one discard)."""

    regret: np.ndarray
    total: np.ndarray
    legal: np.ndarray | None = None

    def current(self) -> Floats:
        """Regret matching: positive regrets normalised, uniform over the legal where none
        (only positive regrets count)."""
        return self._normalised(np.maximum(self.regret, 0))

    def _normalised(self, weights: np.ndarray) -> Floats:
        shaped = weights.astype(np.float64)
        if self.legal is not None:
            shaped *= self.legal
        norm = shaped.sum(axis=0, keepdims=True)
        empty = norm <= 0
        if empty.any():
            legal = np.ones((len(shaped), 1, 1)) if self.legal is None else self.legal
            shaped += empty * (legal / legal.sum(axis=0, keepdims=True))
            norm = np.where(empty, 1.0, norm)
        shaped /= norm
        return shaped

    def average(self) -> Floats:
        """The average strategy: the strategy sums normalised."""
        return self._normalised(self.total)


def _table(actions: int, states: int, batch: int, legal: np.ndarray | None = None) -> Table:
    shape = (actions, states, batch)
    return Table(np.zeros(shape, STORE), np.zeros(shape, STORE), legal)


class Solver:
    """Heads-up Hurricane under ``options`` (its seats ignored), one hand, seat 0 first to
    act and seat 1 the dealer."""

    def __init__(self, options: HurricaneOptions, discounted: bool = False) -> None:
        self.options = replace(options, seats=2)
        self.discounted = discounted
        deck = self.deck = Deck(self.options)
        self.leading, self.trailing = betting_rounds(self.options)
        self.ante = self.options.ante
        kept, drew = deck.kept, deck.drew
        self.spaces = (kept, drew)
        self.pre = deck.chance(kept, kept)
        self.groups = [(f, d) for f in (0, 1) for d in (0, 1)]  # 0 kept, 1 drew
        # per group and seat: the fold and showdown matrices, in float64 to value strategies
        # exactly and in float32 for the iterations (half the time of the products)
        self.fold_m: dict[tuple[int, int, int, bool], Floats] = {}
        self.show_m: dict[tuple[int, int, int, bool], Floats] = {}
        for f, d in self.groups:
            chance = deck.chance(self.spaces[f], self.spaces[d])
            showdown = chance * deck.showdown(self.spaces[f], self.spaces[d])
            for fast in (False, True):
                kind = np.float32 if fast else np.float64
                for me, fold, show in ((FIRST, chance, showdown), (DEALER, chance.T, -showdown.T)):
                    self.fold_m[(f, d, me, fast)] = np.ascontiguousarray(fold, kind)
                    self.show_m[(f, d, me, fast)] = np.ascontiguousarray(show, kind)
        self.ends = [i for i in self.leading.ends if self.leading.nodes[i].folded is None]
        self.put = np.array([self.leading.nodes[i].chips[0] for i in self.ends], np.float64)
        h, c = deck.holdings, len(self.ends)
        self.first = {n: self._betting(self.leading, n, (0, 0), 1) for n in self.leading.decisions}
        legal = np.ones((3, h, 1))
        legal[THROW_HI, [i for i, (a, b) in enumerate(deck.pairs) if a == b]] = 0
        self.draw = [_table(3, h, c, legal) for _ in range(3)]  # first seat; dealer after keep/draw
        self.second = {
            g: {n: self._betting(self.trailing, n, g, c) for n in self.trailing.decisions}
            for g in self.groups
        }
        self.iterations = 0

    def _betting(self, rnd: Round, node: int, group: tuple[int, int], batch: int) -> Table:
        actor = rnd.nodes[node].actor
        assert actor is not None
        return _table(len(rnd.nodes[node].actions), self.spaces[group[actor]].keys, batch)

    # -- one traversal -------------------------------------------------------------------------
    @staticmethod
    def _policy(table: Table, mode: str) -> Floats:
        """CFR plays the current strategies; a best response and a plain evaluation face the
        average ones."""
        return table.current() if mode == CFR else table.average()

    def _round(
        self,
        rnd: Round,
        tables: dict[int, Table],
        me: int,
        mine: Floats,
        theirs: Floats,
        ends: Callable[[list[int], list[Floats], list[Floats]], list[Floats]],
        mode: str,
    ) -> Floats:
        """My values at the round's root, given both seats' reach there; ``ends`` values the
        round's ends from the reaches that arrive there."""
        nodes = rnd.nodes
        reach: dict[int, tuple[Floats, Floats]] = {0: (mine, theirs)}
        policy: dict[int, Floats] = {}
        for i in rnd.decisions:  # parents before children
            node, (r_me, r_them) = nodes[i], reach[i]
            sigma = policy[i] = self._policy(tables[i], mode)
            for a, child in enumerate(node.children):
                if node.actor == me:
                    reach[child] = (r_me * sigma[a], r_them)
                else:
                    reach[child] = (r_me, r_them * sigma[a])
        leaves = rnd.ends
        found = ends(leaves, [reach[i][0] for i in leaves], [reach[i][1] for i in leaves])
        value: dict[int, Floats] = dict(zip(leaves, found, strict=True))
        for i in reversed(rnd.decisions):
            node, table, sigma = nodes[i], tables[i], policy[i]
            values = np.stack([value[c] for c in node.children])
            if node.actor != me:
                value[i] = values.sum(axis=0)
            elif mode == BEST:
                if table.legal is not None:
                    values = np.where(table.legal > 0, values, -np.inf)
                value[i] = values.max(axis=0)
            else:
                value[i] = (sigma * values).sum(axis=0)
                if mode == CFR:
                    self._learn(table, values - value[i], reach[i][0] * sigma)
        return value[0]

    def _draw_round(self, me: int, mine: Floats, theirs: Floats, mode: str) -> Floats:
        """The draw and the trailing edge for every leading-edge end at once (``[H, C]``)."""
        tables = self.draw
        first, after_keep, after_draw = (self._policy(t, mode) for t in tables)
        reach_first = mine if me == FIRST else theirs
        reach_dealer = theirs if me == FIRST else mine
        first_kept = reach_first * first[KEEP]
        first_drew = self._expand(reach_first, first)
        results: dict[tuple[int, int], Floats] = {}
        for f, d in self.groups:
            r_first = first_kept if f == 0 else first_drew
            choice = after_keep if f == 0 else after_draw
            r_dealer = reach_dealer * choice[KEEP] if d == 0 else self._expand(reach_dealer, choice)
            me_reach, them_reach = (r_first, r_dealer) if me == FIRST else (r_dealer, r_first)
            mine_space = self.spaces[(f, d)[me]]
            their_space = self.spaces[(f, d)[1 - me]]
            keyed = self._round(
                self.trailing,
                self.second[(f, d)],
                me,
                mine_space.fold(me_reach),
                their_space.fold(them_reach),
                self._ends_second((f, d), me, mode == CFR),
                mode,
            )
            results[(f, d)] = mine_space.unfold(keyed)
        if me == FIRST:
            keep_value = results[(0, 0)] + results[(0, 1)]
            draw_value = self._collapse(results[(1, 0)] + results[(1, 1)])
            return self._decide(tables[0], first, mine, keep_value, draw_value, mode)
        total = np.zeros_like(mine)
        for f, table, sigma in ((0, tables[1], after_keep), (1, tables[2], after_draw)):
            keep_value = results[(f, 0)]
            draw_value = self._collapse(results[(f, 1)])
            total += self._decide(table, sigma, mine, keep_value, draw_value, mode)
        return total

    def _decide(
        self, table: Table, sigma: Floats, mine: Floats, keep: Floats, drew: Floats, mode: str
    ) -> Floats:
        """My value at a draw decision from the values of keeping and of each discard."""
        values = np.concatenate([keep[None], drew])
        if mode == BEST:
            assert table.legal is not None
            return np.where(table.legal > 0, values, -np.inf).max(axis=0)  # type: ignore[no-any-return]
        value: Floats = (sigma * values).sum(axis=0)
        if mode == CFR:
            self._learn(table, values - value, mine * sigma)
        return value

    def _learn(self, table: Table, regrets: Floats, played: Floats) -> None:
        """Add one iteration's regrets and strategy to a table. CFR+: regrets floored at
        zero, strategies weighted by the iteration. Discounted CFR (Brown and Sandholm 2019,
        alpha 1.5, beta 0, gamma 2): positive regrets kept by t^1.5 / (t^1.5 + 1), negative
        halved, past strategies by (t / (t + 1))^2."""
        t = float(self.iterations + 1)
        if self.discounted:
            keep = t**1.5 / (t**1.5 + 1)
            table.regret *= np.where(table.regret > 0, keep, 0.5).astype(STORE)
            table.regret += regrets.astype(STORE)
            table.total *= STORE((t / (t + 1)) ** 2)
            table.total += played.astype(STORE)
        else:
            table.regret += regrets.astype(STORE)
            np.maximum(table.regret, 0, out=table.regret)
            table.total += (t * played).astype(STORE)

    def _expand(self, reach: Floats, sigma: Floats) -> Floats:
        """Reach of drawn states (pair, discard, new rank) from the pair's reach and discards."""
        k = self.deck.k
        both = reach[None] * sigma[THROW_LO:]  # [2, H, C]
        out = np.repeat(both.transpose(1, 0, 2)[:, :, None, :], k, axis=2)
        return out.reshape(-1, reach.shape[1])

    def _collapse(self, values: Floats) -> Floats:
        """Each discard's value to the pair: the drawn states' values summed over new ranks."""
        h, k = self.deck.holdings, self.deck.k
        return values.reshape(h, 2, k, -1).sum(axis=2).transpose(1, 0, 2)  # type: ignore[no-any-return]

    def _ends_second(
        self, group: tuple[int, int], me: int, fast: bool
    ) -> Callable[[list[int], list[Floats], list[Floats]], list[Floats]]:
        fold = self.fold_m[(*group, me, fast)]
        show = self.show_m[(*group, me, fast)]
        nodes, before = self.trailing.nodes, self.put + self.ante

        def ends(leaves: list[int], _: list[Floats], theirs: list[Floats]) -> list[Floats]:
            folds = [i for i, leaf in enumerate(leaves) if nodes[leaf].folded is not None]
            shows = [i for i, leaf in enumerate(leaves) if nodes[leaf].folded is None]
            out: list[Floats] = [np.empty(0)] * len(leaves)
            for chosen, matrix in ((folds, fold), (shows, show)):
                if not chosen:
                    continue
                reach = np.concatenate([theirs[i] for i in chosen], axis=1)
                their_values = matrix @ reach.astype(matrix.dtype)
                width = len(before)
                for j, i in enumerate(chosen):
                    node = nodes[leaves[i]]
                    block = their_values[:, j * width : (j + 1) * width]
                    if node.folded is None:
                        scale = (before + node.chips[0]) / 2  # pot / 4: both put in the same
                    elif node.folded == me:
                        scale = -(before + node.chips[me])
                    else:
                        scale = before + node.chips[1 - me]
                    out[i] = block * scale[None, :]
            return out

        return ends

    def _ends_first(
        self, me: int, mode: str
    ) -> Callable[[list[int], list[Floats], list[Floats]], list[Floats]]:
        kept = self.spaces[0]
        nodes = self.leading.nodes

        def ends(leaves: list[int], mine: list[Floats], theirs: list[Floats]) -> list[Floats]:
            out: dict[int, Floats] = {}
            for i, leaf in enumerate(leaves):
                node = nodes[leaf]
                if node.folded is None:
                    continue
                sign = -1.0 if node.folded == me else 1.0
                amount = self.ante + node.chips[node.folded]
                out[i] = sign * amount * kept.unfold(self.pre @ kept.fold(theirs[i]))
            going = [i for i, leaf in enumerate(leaves) if nodes[leaf].folded is None]
            later = self._draw_round(
                me,
                np.concatenate([mine[i] for i in going], axis=1),
                np.concatenate([theirs[i] for i in going], axis=1),
                mode,
            )
            for j, i in enumerate(going):
                out[i] = later[:, j : j + 1]
            return [out[i] for i in range(len(leaves))]

        return ends

    def _traverse(self, me: int, mode: str) -> float:
        """My expected value (chips) over the whole hand under ``mode``."""
        h = self.deck.holdings
        ones = np.ones((h, 1))
        root = self._round(
            self.leading, self.first, me, ones, ones, self._ends_first(me, mode), mode
        )
        return float(root.sum())

    # -- the public interface --------------------------------------------------------------------
    def iterate(self) -> None:
        """One CFR+ iteration: each seat's regrets updated in turn."""
        for me in (FIRST, DEALER):
            self._traverse(me, CFR)
        self.iterations += 1

    def value(self) -> float:
        """The first seat's expected result when both play the average strategies."""
        return self._traverse(FIRST, PLAY)

    def strategy(self, exploitability: float = float("nan")) -> Strategy:
        """The average strategies, quantised as a saved file keeps them."""
        return Strategy.of(
            self.options,
            {n: t.average()[:, :, 0] for n, t in self.first.items()},
            [t.average() for t in self.draw],
            {g: {n: t.average() for n, t in ts.items()} for g, ts in self.second.items()},
            self.iterations,
            exploitability,
        )

    def play(self, strategy: Strategy) -> None:
        """Take ``strategy`` as the average strategies, to value it or measure its
        exploitability (a strategy read from a file, as it plays)."""
        for n, weights in strategy.first.items():
            self.first[n].total[...] = weights[:, :, None]
        for table, weights in zip(self.draw, strategy.draw, strict=True):
            table.total[...] = weights
        for g, tables in self.second.items():
            for n, table in tables.items():
                table.total[...] = strategy.second[g][n]

    def exploitability(self) -> float:
        """The mean of the two best responses' gains against the average strategies (chips
        per hand, as OpenSpiel defines it)."""
        return (self._traverse(FIRST, BEST) + self._traverse(DEALER, BEST)) / 2
