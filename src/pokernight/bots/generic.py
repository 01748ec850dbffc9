"""Bots that play any game through the protocol alone."""

from __future__ import annotations

import random

from pokernight.engine.actions import Action
from pokernight.engine.protocol import View


class RandomBot:
    """A uniformly random legal action: the baseline every strategy should beat."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal)
