"""The trailing edge's end values by card-removal moments equal the dense chance and showdown
products they replace, for every pair of spaces, seat and precision."""

from __future__ import annotations

import numpy as np
import pytest

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve.cards import Deck, Floats
from pokernight.games.hurricane.solve.cfr import Solver
from pokernight.games.hurricane.solve.ends import Pairing
from pokernight.games.hurricane.solve.kernels import round_reach


@pytest.mark.parametrize("ranks", [4, 6])
def test_moments_equal_the_dense_products(ranks: int) -> None:
    deck = Deck(HurricaneOptions(seats=2, ranks=ranks))
    spaces = (deck.kept, deck.drew)
    rng = np.random.default_rng(7)
    for mine in spaces:
        for theirs in spaces:
            pairing = Pairing(deck, mine, theirs)
            chance = deck.chance(mine, theirs)
            halves = chance * deck.showdown(mine, theirs)
            columns = 300  # more than two of the kernels' column blocks
            for kind, close in ((np.float64, 1e-12), (np.float32, 1e-5)):
                # Floats, as the kernels take them: float32 runs through them the same way
                x: Floats = rng.random((theirs.keys, columns)).astype(kind)
                scale: Floats = rng.normal(size=columns).astype(kind)
                folds: Floats = np.empty((mine.keys, columns), kind)
                shows: Floats = np.empty((mine.keys, columns), kind)
                pairing.fold(x, scale, folds)
                pairing.show(x, scale, shows)
                for found, matrix in ((folds, chance), (shows, halves)):
                    dense = (matrix @ x.astype(np.float64)) * scale
                    assert np.abs(found - dense).max() <= close * np.abs(dense).max()


def test_a_key_sharing_every_card_left_has_no_chance() -> None:
    """Three ranks: a seat holding both deuces it kept and drawing a third leaves one deuce,
    so the other seat's two-deuce hand weighs nothing against it."""
    deck = Deck(HurricaneOptions(seats=2, ranks=3))
    drew, kept = deck.drew, deck.kept
    deuces = deck.index[(0, 0)]
    three = next(k for k in range(drew.keys) if drew.used[k][0] == 3)
    pairing = Pairing(deck, drew, kept)
    x = np.zeros((kept.keys, 1))
    x[deuces] = 1.0
    out = np.empty((drew.keys, 1))
    pairing.fold(x, np.ones(1), out)
    assert out[three, 0] == pytest.approx(0.0, abs=1e-15)
    assert deck.chance(drew, kept)[three, deuces] == 0.0


@pytest.mark.parametrize("kind", [np.float64, np.float32])
def test_rows_with_nothing_are_skipped_to_the_same_values(kind: type) -> None:
    """Where ``some`` says the other seat's row has nothing, whatever ``x`` holds (NaN here,
    as ``round_reach`` writes nothing there) counts as zeros: the values are exactly those
    of every row read with zeros there, all-zero blocks of columns included."""
    deck = Deck(HurricaneOptions(seats=2, ranks=4))
    rng = np.random.default_rng(3)
    span, spans = 20, 20  # spans across the kernels' column blocks, some blocks all zero
    for mine in (deck.kept, deck.drew):
        for theirs in (deck.kept, deck.drew):
            pairing = Pairing(deck, mine, theirs)
            some = rng.random((theirs.keys, spans)) < 0.3
            some[:, 7:14] = False
            some[::3] = False
            x: Floats = rng.random((theirs.keys, span * spans)).astype(kind)
            nothing = ~np.repeat(some, span, axis=1)
            x[nothing] = 0
            read = x.copy()
            scale: Floats = rng.normal(size=span * spans).astype(kind)
            for name in ("fold", "show"):
                x[nothing] = np.nan
                skipped: Floats = np.empty((mine.keys, span * spans), kind)
                every: Floats = np.empty((mine.keys, span * spans), kind)
                getattr(pairing, name)(x, scale, skipped, some=some)
                getattr(pairing, name)(read, scale, every)
                assert np.array_equal(skipped, every)
                assert not skipped[:, 7 * span : 14 * span].any()


def test_the_round_says_where_the_other_seat_reaches_something() -> None:
    """``round_reach``'s ``some`` is exactly where an end's reach has more than zeros; it
    writes no end below a node its reach is nothing at."""
    solver = Solver(HurricaneOptions(seats=2, ranks=4), discounted=True)
    for _ in range(3):
        solver.iterate()
    lay, group = solver.layout, (1, 1)
    their_regret, _ = solver.learned[group][1]
    theirs = np.ones((solver.spaces[1].keys, solver.width), np.float32)
    theirs[::2, ::3] = 0
    theirs[:, len(solver.ends) :] = 0  # the batch's padding, reached by neither seat
    reach = np.full((len(theirs), lay.ends * theirs.shape[1]), np.nan, np.float32)
    some = np.zeros((len(theirs), lay.ends), np.bool_)
    round_reach(their_regret, theirs, *lay.tree, 1, reach, some)
    by_end = reach.reshape(len(theirs), lay.ends, -1)
    nothing = by_end[~some]  # not written, or zeros where the other seat's strategy is
    assert (np.isnan(nothing) | (nothing == 0)).all() and np.isnan(nothing).any()
    written = by_end[some]
    assert not np.isnan(written).any() and (written != 0).any(axis=1).all()
    assert 0 < some.mean() < 1
