"""Heads-up Hurricane solved by vectorised discounted CFR (or CFR+) over the public tree, with
an exact best response.

The public tree is the leading edge, the draw (each seat's keep or draw is public, which card
it threw and what it got are not) and the trailing edge after each of the four public draws.
Every public node holds arrays over the private states of the seat to act; the trailing edge
of all the leading edge's ends is one batch (the last axis, ``C``). Chance lives only in the
end values: at the trailing edge's ends ``ends.Pairing`` sums the other seat's reach, folded
into keys (``Space``), by card-removal moments and hand-strength sweeps; at the leading edge's
folds a small chance matrix does it.

Iterations run in float32 (reaches, strategies and values; regrets and sums are kept so), with
the update of each decision fused in one kernel pass (``kernels.decide``); a best response and
a plain evaluation run in float64, so exploitability is exact for the tree as the game deals
it. Discounted CFR (Brown and Sandholm 2019) by default; CFR+ (Tammelin 2014) if asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import kernels
from pokernight.games.hurricane.solve.cards import Deck, Floats
from pokernight.games.hurricane.solve.ends import Pairing
from pokernight.games.hurricane.solve.kernels import decide, normalise, round_reach, round_values
from pokernight.games.hurricane.solve.rounds import DEALER, FIRST, Round, betting_rounds
from pokernight.games.hurricane.solve.strategy import Strategy, quantise

CFR, BEST, PLAY = "cfr", "best", "play"
"""Traversal modes: update regrets; best-respond; just play the average strategies."""
MODES = {CFR: kernels.CFR, BEST: kernels.BEST, PLAY: kernels.PLAY}
KEEP, THROW_LO, THROW_HI = 0, 1, 2
STORE = np.float32  # regrets and strategy sums: half the memory of float64, enough for both
ALPHA, BETA, GAMMA = 1.5, 0.5, 3.0
"""Discounted CFR's weights: positive regrets kept by t^a/(t^a+1), negative ones by
t^b/(t^b+1), the strategy sums by (t/(t+1))^g. Measured against the paper's 1.5, 0, 2 (the
default before) with alternating updates, iterations to 0.005 and to 0.001 chips a hand: at 6
ranks 125 and 322 against 135 and 406, at 9 ranks 121 and 296 against 125 and 331."""
FAST, EXACT = np.float32, np.float64
"""An iteration's arrays; a best response's and an evaluation's."""
LINE = 16
"""The trailing edge's contexts are padded to a multiple of this (16 float32, a cache line;
79 contexts to 80 at 13 ranks), the padding reached by neither seat: every row the round
kernels walk is then whole lines with no scalar remainder (measured at iteration 121 on one
core, the same inputs: ``round_values`` 0.187 to 0.170 s, ``round_reach`` 0.080 to 0.072)."""


Ends = Callable[[list[int], list[Floats], list[Floats]], list[Floats]]
"""How the leading edge's ends are valued: ``ends(leaves, mine, theirs)`` from the reaches
that arrive there."""


@dataclass
class Table:
    """Regrets and strategy sums of one decision node: ``[actions, private states, C]``;
    ``legal[a, s]`` masks actions a state may not take (a pair has one discard)."""

    regret: np.ndarray
    total: np.ndarray
    legal: np.ndarray

    def current(self) -> Floats:
        """Regret matching: positive regrets normalised, uniform over the legal where none
        (float32, as an iteration plays it; made afresh rather than kept, a sixth of a
        gigabyte at 13 ranks)."""
        out: Floats = np.empty_like(self.regret, FAST)
        normalise(self.regret, self.legal, out)
        return out

    def average(self) -> Floats:
        """The average strategy: the strategy sums normalised (float64; a trailing-edge
        table's sums are a view across the round's, copied to be read in order)."""
        out = np.empty_like(self.total, EXACT)
        normalise(np.ascontiguousarray(self.total), self.legal, out)
        return out


@dataclass(frozen=True)
class Layout:
    """The trailing edge as ``kernels.round_reach`` and ``round_values`` walk it: each
    decision's ``node`` and ``actor`` (parents first), its first action among its actor's
    (``offset``) and its children (``kids[kids_ptr[d]:kids_ptr[d + 1]]``); each end's
    ``column`` block among the ends (folds first, then showdowns; -1 for a decision).
    ``actions[seat]``: every action of the seat's decisions, the width of its tables."""

    node: np.ndarray
    actor: np.ndarray
    offset: np.ndarray
    kids_ptr: np.ndarray
    kids: np.ndarray
    column: np.ndarray
    folds: int
    actions: tuple[int, int]

    @classmethod
    def of(cls, rnd: Round) -> Layout:
        nodes, decisions = rnd.nodes, rnd.decisions
        folds = [e for e in rnd.ends if nodes[e].folded is not None]
        shows = [e for e in rnd.ends if nodes[e].folded is None]
        column = np.full(len(nodes), -1, np.int64)
        column[folds + shows] = np.arange(len(folds) + len(shows))
        offset, actions = [], [0, 0]
        for i in decisions:
            seat = nodes[i].actor
            assert seat is not None
            offset.append(actions[seat])
            actions[seat] += len(nodes[i].children)
        ints = np.int64
        return cls(
            np.array(decisions, ints),
            np.array([nodes[i].actor for i in decisions], ints),
            np.array(offset, ints),
            np.cumsum([0] + [len(nodes[i].children) for i in decisions]).astype(ints),
            np.array([c for i in decisions for c in nodes[i].children], ints),
            column,
            len(folds),
            (actions[0], actions[1]),
        )

    @property
    def tree(
        self,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The kernels' arguments, in their order."""
        return self.node, self.actor, self.offset, self.kids_ptr, self.kids, self.column

    @property
    def ends(self) -> int:
        return len(self.column) - len(self.node)


def _table(actions: int, states: int, batch: int, legal: np.ndarray | None = None) -> Table:
    shape = (actions, states, batch)
    mask = np.ones((actions, states), STORE) if legal is None else legal
    return Table(np.zeros(shape, STORE), np.zeros(shape, STORE), mask)


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
        pre = deck.chance(kept, kept)
        self.pre: dict[type, Floats] = {kind: pre.astype(kind) for kind in (FAST, EXACT)}
        self.groups = [(f, d) for f in (0, 1) for d in (0, 1)]  # 0 kept, 1 drew
        # per group and seat to value: my keys against the other seat's
        self.pairings = {
            (f, d, me): Pairing(deck, self.spaces[(f, d)[me]], self.spaces[(f, d)[1 - me]])
            for f, d in self.groups
            for me in (FIRST, DEALER)
        }
        self.ends = [i for i in self.leading.ends if self.leading.nodes[i].folded is None]
        self.put = np.array([self.leading.nodes[i].chips[0] for i in self.ends], np.float64)
        h, c = deck.holdings, len(self.ends)
        self.width = -(-c // LINE) * LINE  # the trailing edge's batch: contexts then padding
        self.scales = self._scales()
        self.first = {n: self._betting(self.leading, n, (0, 0), 1) for n in self.leading.decisions}
        legal = np.ones((3, h), STORE)
        legal[THROW_HI, [i for i, (a, b) in enumerate(deck.pairs) if a == b]] = 0
        self.draw = [_table(3, h, c, legal) for _ in range(3)]  # first seat; dealer after keep/draw
        self.layout = Layout.of(self.trailing)
        # per group and seat: its trailing-edge regrets and sums, [its keys, its actions, width]
        # (the padding's regrets stay zero, its sums never grow: neither seat reaches it)
        self.learned = {
            g: tuple(
                (np.zeros(shape, STORE), np.zeros(shape, STORE))
                for seat in (FIRST, DEALER)
                for shape in [(self.spaces[g[seat]].keys, self.layout.actions[seat], self.width)]
            )
            for g in self.groups
        }
        self.second = {g: self._trailing_tables(g) for g in self.groups}
        self.iterations = 0
        self._scratch: dict[str, np.ndarray] = {}

    def _buffer(self, name: str, kind: type, rows: int, columns: int) -> Floats:
        """A C-ordered ``[rows, columns]`` array kept between calls (by name, as large as
        asked so far, in bytes: float32 iterations and float64 measurements share it): the
        ends' reaches and values, tens of megabytes each, written again each traversal
        rather than mapped and faulted in afresh."""
        size = rows * columns * np.dtype(kind).itemsize
        pool = self._scratch.get(name)
        if pool is None or pool.size < size:
            pool = self._scratch[name] = np.empty(size, np.uint8)
        out: Floats = pool[:size].view(kind).reshape(rows, columns)
        return out

    def _betting(self, rnd: Round, node: int, group: tuple[int, int], batch: int) -> Table:
        actor = rnd.nodes[node].actor
        assert actor is not None
        return _table(len(rnd.nodes[node].actions), self.spaces[group[actor]].keys, batch)

    def _trailing_tables(self, group: tuple[int, int]) -> dict[int, Table]:
        """Each trailing-edge decision's table: views of its actor's regrets and sums in the
        group (``[actions, keys, C]``, every action legal; the padding left out)."""
        lay, out, c = self.layout, {}, len(self.ends)
        for d, (node, seat, first) in enumerate(zip(lay.node, lay.actor, lay.offset, strict=True)):
            count = int(lay.kids_ptr[d + 1] - lay.kids_ptr[d])
            regret, total = self.learned[group][seat]
            part = slice(int(first), int(first) + count)
            legal = np.ones((count, len(regret)), STORE)
            view = (
                regret[:, part, :c].transpose(1, 0, 2),
                total[:, part, :c].transpose(1, 0, 2),
            )
            out[int(node)] = Table(*view, legal)
        return out

    def _scales(self) -> dict[tuple[int, bool, type], Floats]:
        """What each trailing end pays me per unit of its chance-weighted sum, for each
        leading-edge context, its ends side by side: (me, showdowns?, dtype) ->
        ``[ends * width]`` (nothing in the padding). A showdown pays a quarter of the pot per
        half won (both put in the same); a fold, what the folder put in."""
        nodes = self.trailing.nodes
        before = np.zeros(self.width)
        before[: len(self.put)] = self.put + self.ante
        out: dict[tuple[int, bool, type], Floats] = {}
        for me in (FIRST, DEALER):
            for shows in (False, True):
                parts = []
                for leaf in self.trailing.ends:
                    node = nodes[leaf]
                    if (node.folded is None) != shows:
                        continue
                    if node.folded is None:
                        paid = (before + node.chips[0]) / 2
                    elif node.folded == me:
                        paid = -(before + node.chips[me])
                    else:
                        paid = before + node.chips[1 - me]
                    paid[len(self.put) :] = 0
                    parts.append(paid)
                for kind in (FAST, EXACT):
                    out[(me, shows, kind)] = np.concatenate(parts).astype(kind)
        return out

    # -- one traversal -------------------------------------------------------------------------
    @staticmethod
    def _policy(table: Table, mode: str) -> Floats:
        """CFR plays the current strategies; a best response and a plain evaluation face the
        average ones."""
        return table.current() if mode == CFR else table.average()

    def _round(
        self, rnd: Round, tables: dict[int, Table], me: int, mine: Floats, theirs: Floats,
        ends: Ends, mode: str,
    ) -> Floats:  # fmt: skip
        """My values at the leading edge's root, given both seats' reach there; ``ends``
        values the round's ends from the reaches that arrive there. Each node's value is
        written where its parent reads it (my decision's actions side by side)."""
        nodes = rnd.nodes
        reach: dict[int, tuple[Floats, Floats]] = {0: (mine, theirs)}
        policy: dict[int, Floats] = {}
        for i in rnd.decisions:  # parents before children
            node, (r_me, r_them) = nodes[i], reach[i]
            mine_acts = node.actor == me
            if mode != BEST or not mine_acts:  # a best response reads none of its own
                policy[i] = self._policy(tables[i], mode)
            for a, child in enumerate(node.children):
                if not mine_acts:
                    reach[child] = (r_me, r_them * policy[i][a])
                elif mode == BEST:
                    reach[child] = (r_me, r_them)  # its own reach never read: its shape alone
                else:
                    reach[child] = (r_me * policy[i][a], r_them)
        leaves = rnd.ends
        found = ends(leaves, [reach[i][0] for i in leaves], [reach[i][1] for i in leaves])
        value = dict(zip(leaves, found, strict=True))
        for i in reversed(rnd.decisions):
            node, table = nodes[i], tables[i]
            children = [value.pop(c) for c in node.children]
            if node.actor != me:
                value[i] = np.sum(children, axis=0)
            else:
                sigma, r_me = policy.get(i), reach[i][0]
                value[i] = self._decide(table, sigma, r_me, np.stack(children), mode)
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
            keyed = self._trailing(
                (f, d), me, mine_space.fold(me_reach), their_space.fold(them_reach), mode
            )
            results[(f, d)] = mine_space.unfold(keyed)
        if me == FIRST:
            keep_value = results[(0, 0)] + results[(0, 1)]
            draw_value = self._collapse(results[(1, 0)] + results[(1, 1)])
            values = np.concatenate([keep_value[None], draw_value])
            return self._decide(tables[0], first, mine, values, mode)
        total = np.zeros_like(mine)
        for f, table, sigma in ((0, tables[1], after_keep), (1, tables[2], after_draw)):
            values = np.concatenate([results[(f, 0)][None], self._collapse(results[(f, 1)])])
            total += self._decide(table, sigma, mine, values, mode)
        return total

    def _decide(
        self, table: Table, sigma: Floats | None, mine: Floats | None, values: Floats, mode: str,
        out: Floats | None = None,
    ) -> Floats:  # fmt: skip
        """My value at one of my decisions (into ``out`` if given) from each action's
        (``values``): the best legal one's for a best response, else the strategy's,
        learning from it in CFR."""
        value = np.empty(values.shape[1:], values.dtype) if out is None else out
        if mode == BEST:
            legal = table.legal[:, :, None] > 0
            best = values if legal.all() else np.where(legal, values, -np.inf)
            np.max(best, axis=0, out=value)
            return value
        assert sigma is not None and mine is not None
        if mode != CFR:
            np.sum(sigma * values, axis=0, out=value)
            return value
        keep, drop, decay, weight = self._discounts()
        decide(
            np.ascontiguousarray(values), np.ascontiguousarray(mine),
            np.ascontiguousarray(sigma), table.regret, table.total, keep, drop, decay, weight,
            not self.discounted, value,
        )  # fmt: skip
        return value

    def _discounts(self) -> tuple[float, float, float, float]:
        """This iteration's (keep, drop, decay, weight): what a positive regret is kept by,
        a negative one, what the strategy sums are kept by, and what the iteration's strategy
        is added with. Sums kept by (t/(t+1))^g each iteration are, but for one factor common
        to them all, (t+1)^g times each iteration's added and none kept by less: the same
        average, and a sum a state does not reach is not touched."""
        t = float(self.iterations + 1)
        if self.discounted:
            a, b = t**ALPHA, t**BETA
            return a / (a + 1), b / (b + 1), 1.0, (t + 1) ** GAMMA
        return 1.0, 1.0, 1.0, t  # CFR+: regrets floored at zero, strategies weighted by t

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

    def _trailing(
        self, group: tuple[int, int], me: int, mine: Floats, theirs: Floats, mode: str
    ) -> Floats:
        """My values (by key) at the trailing edge's root in ``group``, from both seats' reach
        there (by key): the other seat's reach at every end in one kernel pass, the ends
        valued by ``Pairing`` (folds, then showdowns, side by side), and my decisions in one
        more pass, learning in CFR; the kernels' batch padded to ``width`` with no reach."""
        kind, width, lay, c = mine.dtype.type, self.width, self.layout, mine.shape[1]
        mine, theirs = (np.pad(x, ((0, 0), (0, width - c))) for x in (mine, theirs))
        (regret, total), (their_regret, their_total) = (
            self.learned[group][seat] for seat in (me, 1 - me)
        )
        reach = self._buffer("reach", kind, len(theirs), lay.ends * width)
        some = np.empty((len(theirs), lay.ends), np.bool_)  # which ends' reach was written
        with kernels.threads(reach.size):
            weights = their_regret if mode == CFR else their_total
            round_reach(weights, theirs, *lay.tree, 1 - me, reach, some)
        found = self._buffer("value", kind, len(mine), lay.ends * width)
        pairing = self.pairings[(*group, me)]
        pairing.fold(reach, self.scales[(me, False, kind)], found, some=some)
        pairing.show(reach, self.scales[(me, True, kind)], found, lay.folds * width, some)
        out: Floats = np.empty_like(mine)
        keep, drop, decay, weight = self._discounts()
        with kernels.threads(found.size):
            round_values(
                regret, total, mine, found, *lay.tree, me, MODES[mode],
                keep, drop, decay, weight, not self.discounted, out,
            )  # fmt: skip
        return out[:, :c]

    def _ends_first(self, me: int, mode: str) -> Ends:
        """The leading edge's ends: a fold's value by the small chance matrix; the others go
        on to the draw, all at once."""
        kept = self.spaces[0]
        nodes = self.leading.nodes

        def value(leaves: list[int], mine: list[Floats], theirs: list[Floats]) -> list[Floats]:
            out: dict[int, Floats] = {}
            for i, leaf in enumerate(leaves):
                node = nodes[leaf]
                if node.folded is None:
                    continue
                sign = -1.0 if node.folded == me else 1.0
                amount = self.ante + node.chips[node.folded]
                folded: Floats = self.pre[theirs[i].dtype.type] @ kept.fold(theirs[i])
                out[i] = kept.unfold(folded) * theirs[i].dtype.type(sign * amount)
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

        return value

    def _traverse(self, me: int, mode: str) -> float:
        """My expected value (chips) over the whole hand under ``mode``."""
        h = self.deck.holdings
        ones = np.ones((h, 1), FAST if mode == CFR else EXACT)
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
        """The average strategies, quantised as a saved file keeps them (one table at a
        time: all of them in float64 at once would be a third of a gigabyte more)."""
        return Strategy.of(
            self.options,
            {n: quantise(t.average()[:, :, 0]) for n, t in self.first.items()},
            [quantise(t.average()) for t in self.draw],
            {g: {n: quantise(t.average()) for n, t in ts.items()} for g, ts in self.second.items()},
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

    def best_responses(self) -> tuple[float, float]:
        """What a best response wins (chips a hand) against the average strategies as the
        first seat and as the dealer: the two halves of the exploitability, apart (a fixed
        strategy, ``exploit``'s, may be far weaker in one seat than in the other)."""
        return self._traverse(FIRST, BEST), self._traverse(DEALER, BEST)

    def exploitability(self) -> float:
        """The mean of the two best responses' gains against the average strategies (chips
        per hand, as OpenSpiel defines it)."""
        return sum(self.best_responses()) / 2
