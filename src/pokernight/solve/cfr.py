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
from pokernight.solve.cards import Deck, Floats, Space
from pokernight.solve.rounds import DEALER, FIRST, Round, betting_rounds

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
        """Regret matching: positive regrets normalised, uniform over the legal where none."""
        positive = np.maximum(self.regret, 0).astype(np.float64)
        if self.legal is not None:
            positive *= self.legal
        norm = positive.sum(axis=0, keepdims=True)
        uniform = np.ones_like(positive) if self.legal is None else np.broadcast_to(
            self.legal, positive.shape
        ).astype(np.float64)
        uniform = uniform / uniform.sum(axis=0, keepdims=True)
        out: Floats = np.where(norm > 0, positive / np.where(norm > 0, norm, 1), uniform)
        return out

    def average(self) -> Floats:
        total = self.total.astype(np.float64)
        if self.legal is not None:
            total = total * self.legal
        norm = total.sum(axis=0, keepdims=True)
        if self.legal is None:
            uniform = np.full_like(total, 1.0 / len(total))
        else:
            shaped = np.broadcast_to(self.legal, total.shape).astype(np.float64)
            uniform = shaped / shaped.sum(axis=0, keepdims=True)
        out: Floats = np.where(norm > 0, total / np.where(norm > 0, norm, 1), uniform)
        return out


def _table(actions: int, states: int, batch: int, legal: np.ndarray | None = None) -> Table:
    shape = (actions, states, batch)
    return Table(np.zeros(shape, STORE), np.zeros(shape, STORE), legal)


class Solver:
    """Heads-up Hurricane under ``options`` (its seats ignored), one hand, seat 0 first to
    act and seat 1 the dealer."""

    def __init__(self, options: HurricaneOptions) -> None:
        self.options = replace(options, seats=2)
        deck = self.deck = Deck(self.options)
        self.leading, self.trailing = betting_rounds(self.options)
        self.ante = self.options.ante
        kept, drew = deck.kept, deck.drew
        self.spaces = (kept, drew)
        self.pre = deck.chance(kept, kept)
        self.groups = [(f, d) for f in (0, 1) for d in (0, 1)]  # 0 kept, 1 drew
        self.fold_m, self.show_m = {}, {}
        for f, d in self.groups:
            chance = deck.chance(self.spaces[f], self.spaces[d])
            showdown = chance * deck.showdown(self.spaces[f], self.spaces[d])
            self.fold_m[(f, d)] = (chance, np.ascontiguousarray(chance.T))
            self.show_m[(f, d)] = (showdown, np.ascontiguousarray(-showdown.T))
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
        return _table(len(rnd.nodes[node].actions), self.spaces[group[actor]].size, batch)

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
        weight = float(self.iterations + 1)
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
                    table.regret += (values - value[i]).astype(STORE)
                    np.maximum(table.regret, 0, out=table.regret)
                    table.total += (weight * reach[i][0] * sigma).astype(STORE)
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
            results[(f, d)] = self._round(
                self.trailing,
                self.second[(f, d)],
                me,
                me_reach,
                them_reach,
                self._ends_second((f, d), me),
                mode,
            )
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
            table.regret += (values - value).astype(STORE)
            np.maximum(table.regret, 0, out=table.regret)
            table.total += (float(self.iterations + 1) * mine * sigma).astype(STORE)
        return value

    def _expand(self, reach: Floats, sigma: Floats) -> Floats:
        """Reach of drawn states (pair, discard, new rank) from the pair's reach and discards."""
        k = self.deck.k
        both = reach[None] * sigma[THROW_LO:]  # [2, H, C]
        out = np.repeat(both.transpose(1, 0, 2)[:, :, None, :], k, axis=2)
        return out.reshape(-1, reach.shape[1])  # type: ignore[no-any-return]

    def _collapse(self, values: Floats) -> Floats:
        """Each discard's value to the pair: the drawn states' values summed over new ranks."""
        h, k = self.deck.holdings, self.deck.k
        return values.reshape(h, 2, k, -1).sum(axis=2).transpose(1, 0, 2)  # type: ignore[no-any-return]

    def _ends_second(
        self, group: tuple[int, int], me: int
    ) -> Callable[[list[int], list[Floats], list[Floats]], list[Floats]]:
        mine_space, their_space = self.spaces[group[me]], self.spaces[group[1 - me]]
        fold = self.fold_m[group][me]
        show = self.show_m[group][me]
        nodes, before = self.trailing.nodes, self.put + self.ante

        def ends(leaves: list[int], _: list[Floats], theirs: list[Floats]) -> list[Floats]:
            folds = [i for i, leaf in enumerate(leaves) if nodes[leaf].folded is not None]
            shows = [i for i, leaf in enumerate(leaves) if nodes[leaf].folded is None]
            out: list[Floats] = [np.empty(0)] * len(leaves)
            for chosen, matrix in ((folds, fold), (shows, show)):
                if not chosen:
                    continue
                folded = np.concatenate([their_space.fold(theirs[i]) for i in chosen], axis=1)
                their_values = matrix @ folded
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
                    out[i] = mine_space.unfold(block * scale[None, :])
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
        root = self._round(self.leading, self.first, me, ones, ones, self._ends_first(me, mode), mode)
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

    def exploitability(self) -> float:
        """The mean of the two best responses' gains against the average strategies (chips
        per hand, as OpenSpiel defines it)."""
        return (self._traverse(FIRST, BEST) + self._traverse(DEALER, BEST)) / 2
