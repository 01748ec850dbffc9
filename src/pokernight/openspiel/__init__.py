"""Every catalog game as an OpenSpiel game, registered on import as ``pokernight_<game>``.

``pyspiel.load_game("pokernight_hurricane(players=2,ranks=3)")`` after ``import
pokernight.openspiel``: chance deals every card (by rank where the game's suits never matter),
the parameters are the players, the dealer (-1: drawn by chance), the game's text options and
the whole-number and yes/no fields of its options dataclass. OpenSpiel's C++ algorithms
(``pyspiel.CFRSolver``, ``pyspiel.exploitability``) run on these as on its own games. A game
is registered from its spec alone (its ``dealing``); one the spec gives no dealing is left
out rather than break the import, and a game joining the catalog later is registered by
``register``. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from pokernight.catalog import CATALOG, entry
from pokernight.engine.chance import Dealing
from pokernight.errors import InvalidRules
from pokernight.openspiel.game import PokernightGame, _parameters

PREFIX = "pokernight_"


def _register(name: str, model: Dealing) -> None:
    game = entry(name)
    low, high = game.spec.seats
    game_type = pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"pokernight {game.spec.title}",
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
        parameter_specification=_parameters(game),
    )

    class Registered(PokernightGame):
        """OpenSpiel makes games from a class (a function here crashes at exit)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, game, model, dict(params or {}))

    pyspiel.register_game(game_type, Registered)


def register(name: str) -> str:
    """The OpenSpiel name of the catalog game ``name``, registered now if it is not yet (a
    game added to the catalog after this module was imported)."""
    model = entry(name).spec.dealing
    if model is None:
        raise InvalidRules(f"{name} has no dealing: OpenSpiel cannot deal it")
    if PREFIX + name not in pyspiel.registered_names():
        _register(name, model)
    return PREFIX + name


def names() -> tuple[str, ...]:
    """The registered names of the catalog's games that have a dealing, in its order."""
    return tuple(register(name) for name, game in CATALOG.items() if game.spec.dealing)


names()
