"""Every catalog game as an OpenSpiel game, registered on import as ``pokernight_<game>``.

``pyspiel.load_game("pokernight_hurricane(players=2,ranks=3)")`` after ``import
pokernight.openspiel``: chance deals every card (Hurricane by rank, its suits never matter),
the parameters are the players, the dealer (-1: drawn by chance), the game's text options and
the whole-number and yes/no fields of its options dataclass. OpenSpiel's C++ algorithms
(``pyspiel.CFRSolver``, ``pyspiel.exploitability``) run on these as on its own games.
Needs the ``openspiel`` extra.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from pokernight.catalog import CATALOG, Entry
from pokernight.openspiel.deals import MODELS
from pokernight.openspiel.game import PokernightGame, _parameters

PREFIX = "pokernight_"


def _register(entry: Entry) -> None:
    low, high = entry.spec.seats
    model = MODELS[entry.name]
    game_type = pyspiel.GameType(
        short_name=PREFIX + entry.name,
        long_name=f"pokernight {entry.spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if model.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(entry),
    )

    class Registered(PokernightGame):
        """OpenSpiel makes games from a class (a function here crashes at exit)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, entry, model, dict(params or {}))

    pyspiel.register_game(game_type, Registered)


def names() -> tuple[str, ...]:
    """The registered names, in the catalog's order."""
    return tuple(PREFIX + name for name in CATALOG)


for _entry in CATALOG.values():
    if PREFIX + _entry.name not in pyspiel.registered_names():
        _register(_entry)
