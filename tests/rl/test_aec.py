"""The PettingZoo environment of every game passes PettingZoo's API test and its seed test;
observations never carry a hidden card; the mask is exactly the legal actions."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from pettingzoo.test import api_test, seed_test

from pokernight.rl.aec import PokerEnv
from pokernight.rl.driver import HandDriver
from pokernight.sim.batches import tally_batch
from pokernight.sim.runner import lineup


def test_pettingzoo_api_test_passes(every_game: str) -> None:
    api_test(PokerEnv(every_game), num_cycles=60)


def test_pettingzoo_seed_test_passes(every_game: str) -> None:
    seed_test(lambda: PokerEnv(every_game), num_cycles=60)


def test_the_mask_is_the_legal_actions_and_hidden_cards_stay_hidden(every_game: str) -> None:
    driver = HandDriver(every_game)
    rng = random.Random(5)
    driver.deal(5)
    state = driver.hand()
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


def test_an_episode_is_the_first_hand_of_the_simulated_batch_with_that_seed(
    every_game: str,
) -> None:
    """Episode k after ``reset(seed=s)`` deals what batch k of ``sim --seed s`` deals first:
    the same table and the same hand seed (``seeds.table_seed``), so one seed is one hand
    whether a program learns on it or simulates it."""
    env = PokerEnv(every_game)
    bots = lineup(every_game, None, {})
    env.reset(seed=11)
    for batch in (0, 1, 2):
        if batch:
            env.reset()
        (line,) = tally_batch(every_game, bots, 11, batch, 1, {}, records=True).records
        record = json.loads(line)
        hand = env.driver.hand()
        table = hand.table  # type: ignore[attr-defined]
        assert record["seed"] == hand.seed  # type: ignore[attr-defined]
        assert (record["table"]["dealer"], record["table"]["stakes"]) == (
            table.dealer,
            list(table.stakes),
        )
