"""A PettingZoo AEC environment for every game: one episode is one hand.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats); observations are dicts of
``observation`` (``engine.observe``, from the seat's own view) and ``action_mask`` over the game's
fixed ``Discrete`` action space (``engine.spaces``). Rewards are the hand's net chips per seat
(Big Two: minus the cards left), given when the hand ends. ``reset(seed=s)`` then ``reset()``
k times deals the first hand of batch k of ``sim --seed s`` (``seeds.table_seed``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pokernight.extras import install
from pokernight.rl.driver import HandDriver
from pokernight.seeds import table_seed

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(f"pokernight.rl needs the rl extra: {install('rl')}") from exc

import numpy as np


def spaces_of(driver: HandDriver) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation and action spaces of one seat."""
    observation = spaces.Dict(
        {
            "observation": spaces.Box(
                -np.inf, np.inf, shape=(driver.observer.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(len(driver.space),), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(len(driver.space))


class PokerEnv(AECEnv):  # type: ignore[misc]
    """``PokerEnv("hurricane")``, ``PokerEnv("bigtwo", seats=3)``, ``PokerEnv("paigow",
    seats=2, options={"bank": "player"})``: the catalog's tables."""

    metadata: ClassVar[dict[str, object]] = {
        "name": "pokernight_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }
    agent_selection: str

    def __init__(
        self, game: str, seats: int | None = None, options: Mapping[str, str] | None = None
    ) -> None:
        super().__init__()
        self.driver = HandDriver(game, seats, options)
        self.possible_agents = [f"player_{s}" for s in range(self.driver.seats)]
        observation, action = spaces_of(self.driver)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.seed = random.Random().getrandbits(63)  # unseeded: the system's entropy
        self.episode = -1
        self.render_mode = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seed, self.episode = seed, -1
        self.episode += 1
        self.driver.deal(table_seed(self.seed, self.episode))
        state = self.driver.hand()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select(state.to_act())

    def observe(self, agent: str) -> dict[str, Any]:
        return self.driver.observe(self._seat_of[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action number (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.driver.act(int(action))
        state = self.driver.hand()
        outcome, seat = state.outcome(), state.to_act()
        if seat is not None:  # no reward before the hand ends: every one is still 0.0
            self.agent_selection = self.possible_agents[seat]
            return
        assert outcome is not None  # nobody to act: the hand is over
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] = float(outcome.net[seat])
            self.terminations[a] = True
        self._select(None)
        self._accumulate_rewards()

    def _select(self, seat: int | None) -> None:
        """The seat to act, or once the hand is over the first seat still to be retired."""
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.agents[0]

    def render(self) -> None:
        """Nothing to draw: ``pokernight replay`` shows hands as text."""

    def close(self) -> None:
        """Nothing to release."""
