"""``PokerEnv``'s trajectories are the engine's: replaying each episode's seed and actions
through the game's state gives the same observations, masks and rewards, decision by decision,
for every game (``replay``: the engine's account, nothing cached). The environment keeps a
decision's view and numbered actions between observing and acting, and numbers a betting
round's menu once; these tests hold it to a hand moved on behind its back and to callers that
write into what they are given."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from tests.rl.replay import Step, encode, numbered, replay

from pokernight.rl.aec import PokerEnv
from pokernight.rl.driver import HandDriver
from pokernight.seeds import table_seed

Episode = tuple[list[Step], tuple[float, ...]]
"""An episode's decisions as observed, and the rewards each seat was given at its end."""


def episodes(env: PokerEnv, seed: int, count: int) -> list[Episode]:
    """``count`` episodes from ``reset(seed=seed)`` with random legal actions, as observed."""
    rng = random.Random(seed)
    played: list[Episode] = []
    for episode in range(count):
        env.reset(seed=seed if episode == 0 else None)
        steps: list[Step] = []
        rewards: dict[str, float] = {}
        for agent in env.agent_iter():
            observation, reward, over, truncated, _ = env.last()
            if over or truncated:
                rewards[agent] = reward
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            number = int(legal[rng.randrange(len(legal))])
            seat = env.possible_agents.index(agent)
            steps.append(
                Step(seat, observation["observation"], observation["action_mask"], number, None)
            )
            env.step(number)
        played.append((steps, tuple(rewards[a] for a in env.possible_agents)))
    return played


def test_every_episode_is_the_engines_hand(every_game: str) -> None:
    env = PokerEnv(every_game)
    for index, (steps, rewards) in enumerate(episodes(env, 19, 4)):
        engine = list(replay(env.driver, table_seed(19, index), [s.action for s in steps]))
        assert len(engine) == len(steps)
        for seen, truth in zip(steps, engine, strict=True):
            assert seen.seat == truth.seat
            assert np.array_equal(seen.observation, truth.observation)
            assert np.array_equal(seen.mask, truth.mask)
        assert rewards == engine[-1].net


def test_a_hand_moved_on_behind_the_drivers_back_is_a_new_decision() -> None:
    """``SingleSeatEnv`` applies its bots' actions to the hand itself: the next observation
    is of the position they left, not of the one the driver saw last."""
    driver = HandDriver("hurricane", 3)
    driver.deal(4)
    state = driver.hand()
    before = driver.observe(state.to_act() or 0)
    state.apply(state.legal_actions()[0])
    seat = state.to_act()
    assert seat is not None
    view = state.view(seat)
    after = driver.observe(seat)
    assert np.array_equal(after["observation"], encode(driver, view))
    assert not np.array_equal(after["observation"], before["observation"])
    assert set(np.flatnonzero(after["action_mask"])) == set(numbered(driver, view))


def test_what_a_caller_is_given_is_its_own() -> None:
    """Masks of a betting menu are numbered once and shared inside: a caller writing into the
    mask (or observation) it was given changes nothing the next decision shows."""
    driver = HandDriver("hurricane", 4)
    driver.deal(2)
    state = driver.hand()
    first = driver.observe(state.to_act() or 0)
    first["action_mask"][:] = 1
    first["observation"][:] = 7
    again = driver.observe(state.to_act() or 0)
    view = state.view(state.to_act())
    assert set(np.flatnonzero(again["action_mask"])) == set(numbered(driver, view))
    assert np.array_equal(again["observation"], encode(driver, view))
