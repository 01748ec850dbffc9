"""What a spec derives rather than each game writing it: the first table (drawn, unless the
game seats its own dealer) and the search's worlds (the engine's replay of the dealing, unless
the game brings its own)."""

from __future__ import annotations

import random

import pytest

from pokernight.catalog import entry, games
from pokernight.engine.spec import drawn_dealer, fixed_dealer
from pokernight.games.paigow.determinize import determinize as paigow_worlds

SEATED = {"draw": 1, "paigow": 0}
"""The games whose rules seat the dealer: the computer deals Five-card draw (seat 2), the house
deals Pai Gow (its first seat)."""


@pytest.mark.parametrize("name", games())
def test_the_first_dealer_is_drawn_unless_the_game_seats_it(name: str) -> None:
    spec = entry(name).spec
    seats = spec.rules.default_seats
    dealers = [spec.make(seats, {}, random.Random(seed))[1].dealer for seed in range(8)]
    if name in SEATED:
        assert spec.rules.first_table is fixed_dealer
        assert dealers == [SEATED[name]] * 8
    else:
        assert spec.rules.first_table is drawn_dealer
        assert dealers == [random.Random(seed).randrange(seats) for seed in range(8)]


def test_a_game_brings_its_own_worlds_only_where_replay_cannot_rebuild_its_hand() -> None:
    own = {name for name in games() if (dealing := entry(name).spec.dealing) and dealing.worlds}
    assert own == {"bigtwo", "paigow"}
    assert entry("paigow").spec.determinize is paigow_worlds
