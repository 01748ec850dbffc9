"""A Gymnasium environment for one seat, the other seats played by named bots.

``SingleSeatEnv("hurricane", bots=("checker", "hilo"))`` seats the learner at ``seat`` (0 by
default) and the bots around it, in order; bot names are the catalog's.
One episode is one hand; the reward is the learner's net chips when it ends. The table, the
hand and the bots' choices come from the seed as ``sim`` derives them: ``reset(seed=s)`` with
the learner playing as the simulated bot of its seat would, plays batch 0's first hand of
``sim --seed s``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pokernight.catalog import check
from pokernight.engine.protocol import Player
from pokernight.errors import InvalidRules
from pokernight.extras import install
from pokernight.rl.driver import HandDriver
from pokernight.seeds import table_seed

try:
    import gymnasium
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(f"pokernight.rl needs the rl extra: {install('rl')}") from exc

from pokernight.rl.aec import spaces_of

Observation = dict[str, Any]


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """One learner among bots: ``step`` takes an action number, plays the bots' turns."""

    def __init__(
        self,
        game: str,
        bots: Sequence[str],
        seat: int = 0,
        options: Mapping[str, str] | None = None,
    ) -> None:
        if not 0 <= seat <= len(bots):
            raise InvalidRules(f"seat must be 0 to {len(bots)}")
        others = [s for s in range(len(bots) + 1) if s != seat]
        check(game, len(bots) + 1, dict(zip(others, bots, strict=True)), options or {})
        self.driver = HandDriver(game, len(bots) + 1, options)
        self.seat, self.computers = seat, dict(zip(others, bots, strict=True))
        self.observation_space, self.action_space = spaces_of(self.driver)
        self.seed = random.Random().getrandbits(63)  # unseeded: the system's entropy
        self.episode = -1
        self.bots: Mapping[int, Player] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.seed, self.episode = seed, -1
        self.episode += 1
        self.bots = self.driver.deal(table_seed(self.seed, self.episode), self.computers).bots
        return self._play_bots()[0], {}

    def step(self, action: int | np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        self.driver.act(int(action))
        observation, reward, over = self._play_bots()
        return observation, reward, over, False, {}

    def _play_bots(self) -> tuple[Observation, float, bool]:
        """Let the bots act until the learner must decide or the hand is over."""
        state = self.driver.hand()
        while (seat := state.to_act()) is not None and seat != self.seat:
            state.apply(self.bots[seat].act(state.view(seat)))
        outcome = state.outcome()
        reward = 0.0 if outcome is None else float(outcome.net[self.seat])
        return self.driver.observe(self.seat), reward, outcome is not None
