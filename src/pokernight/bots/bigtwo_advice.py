"""Big Two advice: the search bot's candidate plays ranked by determinized rollouts.

The same ``samples`` deals of the unseen cards serve every candidate (common random numbers),
each played out by greedy players; a play's value is the mean net (minus the cards left) for
the seat to act, with a 95% interval over the deals.
"""

from __future__ import annotations

import math
import random

from pokernight.bots.advice import Choice
from pokernight.bots.bigtwo import SearchBot, rollout
from pokernight.engine.actions import PASS
from pokernight.engine.protocol import View
from pokernight.games.bigtwo import BigTwoOptions
from pokernight.games.bigtwo_position import determinize
from pokernight.games.bigtwo_round import play_action


def advise_bigtwo(
    view: View, options: BigTwoOptions, samples: int = 200, seed: int = 0
) -> list[Choice]:
    seat = view.seat
    if seat is None or view.to_act != seat:
        raise ValueError("advice is for the seat to act")
    rng = random.Random(seed)
    worlds = [determinize(options, view, rng) for _ in range(samples)]
    choices: list[Choice] = []
    for move in SearchBot(rng, options).candidates(worlds[0]):
        results = []
        for world in worlds:
            twin = world.fork()
            twin.step(move)
            results.append(rollout(twin, seat))
        mean = sum(results) / samples
        var = sum((r - mean) ** 2 for r in results) / max(samples - 1, 1)
        half = 1.96 * math.sqrt(var / samples)
        action = PASS if move is None else play_action(move[1], options.order)
        choices.append(Choice(str(action), mean, (mean - half, mean + half)))
    return sorted(choices, key=lambda c: -c.value)
