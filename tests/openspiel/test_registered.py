"""Every catalog game is an OpenSpiel game: OpenSpiel's own random simulation and
serialisation checks, chance dealing the reduced Hurricane deck, and strings that show a seat
only what it may know."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pokernight.catalog import CATALOG  # noqa: E402
from pokernight.errors import InvalidRules  # noqa: E402
from pokernight.openspiel import names, register  # noqa: E402

SMALL = "pokernight_hurricane(players=2,ranks=3,dealer=1)"


def test_every_catalog_game_is_registered() -> None:
    assert names() == tuple(f"pokernight_{name}" for name in CATALOG)
    assert set(names()) <= set(pyspiel.registered_names())


def test_openspiel_random_simulation_and_serialisation(every_game: str) -> None:
    """OpenSpiel's own checks of a game made from its spec alone: random play, legal actions,
    chance outcomes summing to 1, clones and serialisation (fewer runs of a long hand)."""
    game = pyspiel.load_game(register(every_game))
    sims = 1 if game.max_game_length() > 100 else 4
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_a_game_joining_the_catalog_later_is_registered_then(onecard: str) -> None:
    assert register(onecard) == "pokernight_onecard" and "pokernight_onecard" in names()
    game = pyspiel.load_game("pokernight_onecard(dealer=0)")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 52) for i in range(52)]
    state.apply_action(51)  # seat 1, the dealer's left, is dealt first: the ace of spades
    state.apply_action(0)  # seat 0: the two of clubs
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["check", "bet 1", "bet 2"]
    assert (game.min_utility(), game.max_utility()) == (-5.0, 5.0)


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("pokernight_hurricane(players=3,max_bet=2,ranks=5)")
    params = game.get_parameters()
    assert (params["players"], params["max_bet"], params["ranks"], params["dealer"]) == (
        3,
        2,
        5,
        -1,
    )
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # the dealer
    state.apply_action(2)
    assert [p for _, p in state.chance_outcomes()] == [0.2] * 5  # 2, J, Q, K, A: four each
    with pytest.raises(InvalidRules, match="ranks must be 3 to 13"):
        pyspiel.load_game("pokernight_hurricane(players=8,ranks=3)")  # 16 cards from 12


def test_reduced_deck_is_dealt_by_rank() -> None:
    state = pyspiel.load_game(SMALL).new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # 2, K, A
    for rank in (2, 2, 2):  # three aces: one is left of four
        state.apply_action(rank)
    assert state.chance_outcomes() == [(0, 4 / 9), (1, 4 / 9), (2, 1 / 9)]
    state.apply_action(1)
    assert state.current_player() == 0  # the dealer is seat 1: seat 0 acts first
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "check",
        "bet 1",
        "bet 2",
        "bet 3",
    ]


def test_strings_show_a_seat_only_what_it_may_know() -> None:
    state = pyspiel.load_game(SMALL).new_initial_state()
    for action in (2, 0, 2, 1):  # seat 0 is dealt A A, seat 1 2 K
        state.apply_action(action)
    state.apply_action(0)  # check
    state.apply_action(0)  # check
    state.apply_action(10)  # seat 0 throws its first ace
    state.apply_action(0)  # and draws a deuce
    assert state.information_state_string(0) == (
        "seat 0\n── Hand 1, dealer: p1\n2 seats ante $1\np0 dealt A A\n── leading edge\n"
        "p0: check\np1: check\n── eye of the storm\np0 throws A, draws 2"
    )
    assert state.information_state_string(1) == (
        "seat 1\n── Hand 1, dealer: p1\n2 seats ante $1\np1 dealt 2 K\n── leading edge\n"
        "p0: check\np1: check\n── eye of the storm\np0 draws 1"
    )
    assert state.observation_string(0).startswith("seat 0 eye of the storm: 2 A |")
    tensor = state.information_state_tensor(1)
    assert len(tensor) == game_tensor_size(state) and any(tensor)


def game_tensor_size(state: object) -> int:
    game = state.get_game()  # type: ignore[attr-defined]
    return int(game.information_state_tensor_size())


def test_returns_are_zero_sum_with_the_carry_shared() -> None:
    """Both seats tie high and low on a pot of 6: each half of 3 leaves $1 over, so each seat
    nets -1 while $2 carries to the next pot, which the returns share."""
    state = pyspiel.load_game(SMALL).new_initial_state()
    for action in (1, 1, 2, 2):  # K A each: the same high and the same low
        state.apply_action(action)
    for text in ("bet 2", "call", "keep", "keep", "check", "check"):
        legal = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(legal[text])
    assert state.is_terminal()
    outcome = state.hand.outcome()
    assert (outcome.net, outcome.carry) == ((-1, -1), 2)
    assert state.returns() == [0.0, 0.0]
