"""The PettingZoo environment of every game passes PettingZoo's API test and its seed test;
observations never carry a hidden card; the mask is exactly the legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from pettingzoo.test import api_test, seed_test

from pokernight.rl.aec import PokerEnv
from pokernight.rl.driver import HandDriver

GAMES = ("hurricane", "draw", "highlow", "paigow", "bigtwo")


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game: str) -> None:
    api_test(PokerEnv(game), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(lambda: PokerEnv(game), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_the_mask_is_the_legal_actions_and_hidden_cards_stay_hidden(game: str) -> None:
    driver = HandDriver(game)
    rng = random.Random(5)
    state = driver.deal(rng)
    while (seat := state.to_act()) is not None:
        view = state.view(seat)
        seen = driver.observe(seat)
        assert int(seen["action_mask"].sum()) == len(view.legal)
        assert np.array_equal(seen["observation"], driver.observer.encode(view))
        width = driver.observer.width
        others = slice(
            (driver.space.slots + 2) * width, (driver.space.slots + 1 + driver.seats) * width
        )
        assert not seen["observation"][others].any()  # no other seat's card before showdown
        legal = np.flatnonzero(seen["action_mask"])
        driver.act(int(rng.choice(list(legal))))
    assert state.outcome() is not None


def test_an_illegal_number_is_refused_with_the_mask_named() -> None:
    env = PokerEnv("draw")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(Exception, match="not legal now"):
        env.step(illegal)
