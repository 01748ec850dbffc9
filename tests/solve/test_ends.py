"""The trailing edge's end values by card-removal moments equal the dense chance and showdown
products they replace, for every pair of spaces, seat and precision."""

from __future__ import annotations

import numpy as np
import pytest

from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve.cards import Deck
from pokernight.games.hurricane.solve.ends import Pairing


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
                x = rng.random((theirs.keys, columns)).astype(kind)
                scale = rng.normal(size=columns).astype(kind)
                folds = np.empty((mine.keys, columns), kind)
                shows = np.empty((mine.keys, columns), kind)
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
