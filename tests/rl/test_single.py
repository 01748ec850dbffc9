"""The one-seat Gymnasium wrapper: observations lie in the declared space, bots take the other
turns, the same seed plays the same hand, and the reward is the learner's net for the hand.
(Gymnasium's ``check_env`` steps with unmasked random numbers, which this environment refuses
as illegal, so the checks are made here.)"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from pokernight.errors import InvalidRules
from pokernight.rl.single import SingleSeatEnv

LINEUPS = {
    "hurricane": ("checker", "hilo", "foldout"),
    "draw": ("computer",),
    "highlow": ("random", "random"),
    "paigow": ("house",),
    "bigtwo": ("greedy", "greedy", "greedy"),
}


def play(env: SingleSeatEnv, seed: int) -> tuple[list[int], float]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    while True:
        assert env.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        observation, reward, over, truncated, _ = env.step(action)
        assert not truncated
        if over:
            return taken, reward


@pytest.mark.parametrize("game", list(LINEUPS))
def test_seeded_episodes_in_the_declared_spaces(game: str) -> None:
    env = SingleSeatEnv(game, LINEUPS[game])
    first, second = play(env, 7), play(env, 7)
    assert first == second
    outcome = env.driver.hand().outcome()
    assert outcome is not None and second[1] == outcome.net[env.seat]


def test_unknown_bots_are_named() -> None:
    with pytest.raises(InvalidRules, match="unknown bot 'shark': bots are"):
        SingleSeatEnv("draw", ("shark",))
