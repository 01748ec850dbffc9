"""A strategy as an OpenSpiel policy of a registered game: each decision written under the
information-state string the game gives it, with the number of each action.

A strategy comes as decisions a hand can show (a hand at the decision, the seat to act, its
probability of each protocol action: a solver deals them, ``engine.solver.Solver.decisions``).
The string and the numbers are read off the seat's view the way the registered game reads them
(``seat_history``, the game's ``ActionSpace``), so the policy and the game always agree; an
action the seat may take and the strategy never plays gets 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from pokernight.engine.solver import Decision
from pokernight.engine.spaces import ActionSpace
from pokernight.engine.spec import GameSpec
from pokernight.openspiel.game import seat_history

Policy = dict[str, list[tuple[int, float]]]
"""OpenSpiel's tabular policy: information-state string to (action number, probability)."""


def export_policy(
    spec: GameSpec,
    options: object,
    decisions: Iterable[Decision],
) -> Policy:
    """The policy of these decisions in the game of ``spec`` under ``options``."""
    space = ActionSpace.of(spec, options)
    by_rank = spec.dealing is not None and spec.dealing.by_rank
    out: Policy = {}
    for hand, seat, probabilities in decisions:
        view = hand.view(seat)
        legal = {a: i for i, a in space.legal(view.legal, view.hole)[1].items()}
        entry = dict.fromkeys(legal.values(), 0.0)
        for action, p in probabilities.items():
            entry[legal[action]] += p
        out[seat_history(view, by_rank)] = sorted(entry.items())
    return out
