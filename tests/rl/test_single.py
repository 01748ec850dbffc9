"""The one-seat Gymnasium wrapper: observations lie in the declared space, bots take the other
turns, the same seed plays the same hand, and the reward is the learner's net for the hand.
(Gymnasium's ``check_env`` steps with unmasked random numbers, which this environment refuses
as illegal, so the checks are made here.)"""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from pokernight.catalog import entry
from pokernight.engine.actions import parse_action
from pokernight.errors import InvalidRules
from pokernight.rl.single import SingleSeatEnv
from pokernight.sim.runner import simulate


def others(game: str) -> tuple[str, ...]:
    """The bots beside the learner: the game's default line-up, the learner in its first
    seat."""
    return entry(game).lineup({})[1:]


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


def test_seeded_episodes_in_the_declared_spaces(every_game: str) -> None:
    env = SingleSeatEnv(every_game, others(every_game))
    first, second = play(env, 7), play(env, 7)
    assert first == second
    outcome = env.driver.hand().outcome()
    assert outcome is not None and second[1] == outcome.net[env.seat]


def test_unknown_bots_are_named() -> None:
    with pytest.raises(InvalidRules, match="unknown bot 'shark': bots are"):
        SingleSeatEnv("draw", ("shark",))


def test_a_learner_playing_as_the_simulated_bot_plays_the_simulated_hand(every_game: str) -> None:
    """``reset(seed=s)`` seats the bots as ``sim --seed s`` does, with their random choices
    from the same seeds: a learner taking the actions the simulated bot of its seat took
    plays the same hand to the same outcome."""
    bots = entry(every_game).lineup({})
    lines: list[str] = []
    simulate(every_game, 1, bots, seed=23, sink=lines.append)
    record = json.loads(lines[0])
    env = SingleSeatEnv(every_game, bots[1:])
    env.reset(seed=23)
    hand = env.driver.hand()
    over = hand.outcome() is not None
    while not over:
        taken = len(hand.actions)
        action = parse_action(record["actions"][taken])
        number = env.driver.space.index(action, hand.view(env.seat).hole)
        _, _, over, _, _ = env.step(number)
    assert [str(a) for a in hand.actions] == record["actions"]
    assert list(hand.outcome().net) == record["outcome"]["net"]  # type: ignore[union-attr]
