"""Every catalog game's ``determinize`` (DESIGN.md section 2): from a seat's view alone, a full
hand in which that seat sees exactly what it saw, with the cards it could not see dealt anew."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokernight.catalog import entry, games
from pokernight.engine.protocol import View


def seen(view: View) -> tuple[Any, ...]:
    """What a seat sees of a hand but its log (a world rebuilt from a position may hold only
    the log from there on): cards, turn, phase, chips, the play to beat, its legal actions."""
    return (
        view.seat,
        view.phase,
        view.hand,
        view.dealer,
        view.to_act,
        view.stakes,
        view.live,
        view.cards,
        view.board,
        view.pot,
        view.wagers,
        view.betting,
        [str(a) for a in view.legal],
    )


@pytest.mark.parametrize("name", games())
def test_a_world_shows_the_seat_what_it_saw_and_deals_the_rest_anew(name: str) -> None:
    spec = entry(name).spec
    assert spec.determinize is not None
    checked = varied = 0
    for seed in range(12):
        rng = random.Random(seed)
        seats = min(max(spec.default_seats, 3), spec.seats[1])  # others to deal to
        game, table = spec.make(seats, {}, rng)
        state = game.new_hand(table, seed)
        while (seat := state.to_act()) is not None:
            if rng.random() < 0.4:
                view = state.view(seat)
                others: set[tuple[object, ...]] = set()
                for sample in range(6):
                    world = spec.determinize(game.options, view, table, random.Random(sample))
                    assert seen(world.view(seat)) == seen(view)
                    others.add(tuple(world.view(s).hole for s in range(table.seats) if s != seat))
                checked += 1
                varied += len(others) > 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked >= 10
    assert varied >= checked // 2  # the unseen cards are dealt anew, not copied from the hand
