"""Big Two advice: the search bot's candidate plays ranked by determinized rollouts.

The same ``samples`` deals of the unseen cards serve every candidate (common random numbers),
each played out by greedy players; a play's value is the mean net (minus the cards left) for
the seat to act, with a 95% interval over the deals.
"""

from __future__ import annotations

import random

from pokernight.bots.bigtwo import SearchBot, rollout
from pokernight.bots.ranking import best_first, estimate
from pokernight.engine.actions import PASS
from pokernight.engine.advice import Choice, Progress
from pokernight.engine.protocol import View
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.bigtwo.position import determinize
from pokernight.games.bigtwo.round import play_action


def advise_bigtwo(
    view: View,
    options: BigTwoOptions,
    samples: int = 200,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Choice]:
    seat = view.seat
    if seat is None or view.to_act != seat:
        raise ValueError("advice is for the seat to act")
    rng = random.Random(seed)
    worlds = [determinize(options, view, rng) for _ in range(samples)]
    choices: list[Choice] = []
    moves = SearchBot(rng, options).candidates(worlds[0])
    for done, move in enumerate(moves, start=1):
        results = []
        for world in worlds:
            twin = world.fork()
            twin.step(move)
            results.append(rollout(twin, seat))
        action = PASS if move is None else play_action(move[1], options.order)
        choices.append(estimate(str(action), results))
        if progress is not None:  # the rollouts done: samples for every move so far
            progress(done * samples, len(moves) * samples)
    return best_first(choices)
