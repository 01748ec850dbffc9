"""A seat sitting a hand out (``TableState.out``): in every catalog game that deals fewer seats
than it has, the seats out are dealt nothing, charged nothing (in a game of points, charged
no less than any seat that played: absence never wins), never asked to act and shown
nowhere in the hand, while the others play it as a table of their own, every computer player
of the game among them. The web table sits out empty chairs and absent people this way."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from tests.catalog.test_determinize import seen

from pokernight.catalog import entry, games
from pokernight.engine.events import Anted, HandStarted
from pokernight.engine.protocol import HandState, TableState
from pokernight.engine.table import hand_seed
from pokernight.seeds import derive_seed

SHORT = [name for name in games() if entry(name).spec.seats[0] < entry(name).spec.seats[1]]
"""The games a table may deal short-handed (five-card draw seats exactly two)."""


def _play(name: str, options: object, state: HandState, table: TableState, seed: int) -> None:
    """Each seat to act played by one of the game's computer players (each seat its own, in
    turn among every bot the game offers) or at random, checking that no seat out is ever to
    act."""
    game = entry(name)
    names = [*game.bots, *game.levelled]
    rng = random.Random(seed)
    bots = {
        s: game.bot(names[(seed + s) % len(names)])(random.Random(derive_seed(seed, s)), options)
        for s in table.dealt_in
    }
    while (seat := state.to_act()) is not None:
        assert seat not in table.out
        if rng.random() < 0.5:
            state.apply(bots[seat].act(state.view(seat)))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", SHORT)
def test_a_seat_out_is_dealt_nothing_charged_nothing_and_never_acts(name: str) -> None:
    spec = entry(name).spec
    low, high = spec.seats
    dealt_short = 0
    for seed in range(8):
        rng = random.Random(seed)
        seats = rng.randint(low + 1, min(high, 4))
        game, first = spec.make(seats, {}, rng)
        out = tuple(sorted(rng.sample(range(seats), rng.randint(1, seats - low))))
        table = replace(first, out=out, hand=1 + seed)
        state = game.new_hand(table, hand_seed(seed, table))
        started = state.view(None).events[0]
        assert isinstance(started, HandStarted) and set(started.seats) <= set(table.dealt_in)
        seat = state.to_act()
        assert seat is not None and spec.determinize is not None
        view = state.view(seat)
        world = spec.determinize(game.options, view, table, random.Random(seed))
        assert seen(world.view(seat)) == seen(view)  # a search deals no card to a seat out
        _play(name, game.options, state, table, seed)
        outcome = state.outcome()
        assert outcome is not None
        for viewer in [None, *range(seats)]:
            view = state.view(viewer)
            for seat in out:
                assert view.cards[seat] == () and not view.live[seat]
            for event in view.events:
                assert getattr(event, "seat", None) not in out
                if isinstance(event, Anted):
                    assert not set(event.seats) & set(out)
        for seat in out:
            assert outcome.stakes[seat] == table.stakes[seat] + outcome.net[seat]
            if spec.points:  # a round sat out scores no better than any round played
                assert outcome.net[seat] < 0
                assert outcome.net[seat] <= min(outcome.net[s] for s in table.dealt_in)
            else:
                assert outcome.net[seat] == 0
        dealt_short += 1
    assert dealt_short == 8


def test_a_banking_seat_out_leaves_the_bank_to_the_house() -> None:
    """Pai Gow with a player banking: when the banker sits out, the house banks that hand."""
    spec = entry("paigow").spec
    game, first = spec.make(3, {"bank": "player"}, random.Random(1))
    banked = game.new_hand(first, 5).view(None)
    assert banked.dealer == 0  # seat 1 banks while it plays
    table = replace(first, out=(0,))
    state = game.new_hand(table, 5)
    assert state.view(None).dealer is None
    _play("paigow", game.options, state, table, 5)
    outcome = state.outcome()
    assert outcome is not None and outcome.net[0] == 0
    assert sum(outcome.net) + outcome.house == 0


@pytest.mark.parametrize("name", ["hurricane", "highlow", "paigow"])
def test_the_seats_dealt_in_decide_whether_the_match_is_over(name: str) -> None:
    """A seat with no chips sitting out ends nothing (an empty chair at a web table keeps
    its last stake); seats dealt in that cannot play end the match, whatever a seat out
    holds."""
    game, first = entry(name).spec.make(3, {}, random.Random(2))
    rich = first.stakes[0]
    assert game.game_over(replace(first, stakes=(rich, rich, 0), out=(2,))) is None
    assert game.game_over(replace(first, stakes=(0, 0, rich), out=(2,))) is not None
