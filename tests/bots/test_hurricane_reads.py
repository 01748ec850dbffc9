"""The expert's reading of who each other seat is: each hand's chance of each strategy exact
(counted by hand here from the unseen cards), a posterior that singles out a strategy's
signature, the floor and the fresh start of a seat newly dealt in, the reading playing at a
table, from its views alone, and the rollouts' hard inference keeping only deals that fit."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.bots.hurricane_expert import ExpertBot, _table_at_start
from pokernight.bots.hurricane_reads import Bet, Reads, hand_chance, unseen_values
from pokernight.bots.rollout_advice import _fits, _Unfit
from pokernight.bots.worlds import advice_position, stacker_of
from pokernight.cards import Card, parse_cards
from pokernight.engine.actions import CALL, CHECK, KEEP, Action, bet
from pokernight.engine.dealt import DealtHand
from pokernight.engine.protocol import TableState, View
from pokernight.engine.shuffle import dealing_order
from pokernight.engine.table import Match
from pokernight.engine.worlds import Worlds
from pokernight.games.hurricane.game import Hurricane, HurricaneHand, HurricaneOptions

THREE = HurricaneOptions(seats=3)
PAIRS = math.comb(50, 2)
"""Pairs another seat may hold when the expert holds two cards of a 52-card deck."""


def _hand(cards: dict[int, str], hand: int = 0, out: tuple[int, ...] = ()) -> HurricaneHand:
    """Three seats, dealer 0 (seat 1 acts first, the expert at seat 0 last), these cards."""
    table = TableState((100, 100, 100), dealer=0, hand=hand, out=out)
    order = [s for s in (1, 2, 0) if s not in out]
    stacked = dealing_order([parse_cards(cards[s]) for s in order])
    return HurricaneHand(THREE, table, 0, stacked)


def _play(hand: HurricaneHand, actions: list[Action]) -> View:
    """Apply ``actions`` in turn; the view of seat 0, whose turn it then is."""
    for action in actions:
        hand.apply(action)
    assert hand.to_act() == 0
    return hand.view(0)


def _observe(reads: Reads, view: View) -> None:
    reads.observe(view, advice_position(view, THREE, _table_at_start(view)))


def _at(name: str) -> int:
    return STRATEGIES.index(name)


def test_one_hand_chances_are_the_unseen_pairs_each_strategy_explains() -> None:
    """First to act, a bet of 3: ``lowdown`` only with ace-deuce (4 x 4 of the 1,225 pairs
    when the expert holds two kings), ``random`` one time in five, ``checker`` never."""
    view = _play(_hand({0: "Ks Kh", 1: "As 2d", 2: "9c 8c"}), [bet(3), CALL])
    position = advice_position(view, THREE, _table_at_start(view))
    counts = unseen_values(position, THREE)
    assert sum(counts.values()) == 50 and counts[13] == 2 and counts[14] == 4
    raised = [Bet(True, 0, frozenset({("raise", 3)}))]
    assert hand_chance("lowdown", raised, counts) == pytest.approx(16 / PAIRS)
    assert hand_chance("random", raised, counts) == pytest.approx(1 / 5)
    assert hand_chance("checker", raised, counts) == 0.0


def test_a_low_hand_bet_and_kept_reads_as_lowdown() -> None:
    """Bet 1, keep both, bet 1 again: of the seven only ``lowdown`` plays a hand so (both
    cards 6 or lower: C(20, 2) of 1,225 pairs), ``random`` by chance (1/5 * 1/3 * 1/5); the
    other five are floored at 0.02 of the best."""
    hand = _hand({0: "Ks Kh", 1: "5s 3d", 2: "9c 8c"})
    view = _play(hand, [bet(1), CALL, CALL, KEEP, KEEP, KEEP, bet(1), CALL])
    reads = Reads(THREE)
    _observe(reads, view)
    low = math.comb(20, 2) / PAIRS
    total = low + 1 / 75 + 5 * 0.02 * low
    posterior = reads.posterior(1)
    assert posterior[_at("lowdown")] == pytest.approx(low / total)
    assert posterior[_at("random")] == pytest.approx(1 / 75 / total)
    assert posterior[_at("checker")] == pytest.approx(0.02 * low / total)
    assert max(range(7), key=posterior.__getitem__) == _at("lowdown")


def test_checker_is_read_after_hands_of_checks_and_calls() -> None:
    """Two seats that check and call and keep, hand after hand: after ten hands (each read
    at the expert's last decision) both are ``checker`` beyond doubt."""
    reads = Reads(THREE)
    for number in range(10):
        hand = _hand({0: "Ks Kh", 1: "Qs 4d", 2: "9c 8c"}, hand=number)
        _observe(reads, _play(hand, [CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK]))
    for seat in (1, 2):
        assert reads.posterior(seat)[_at("checker")] > 0.999
    assert reads.beliefs(0, 3).keys() == {1, 2}


def test_a_seat_dealt_in_again_is_read_afresh() -> None:
    """Seat 2 sits a hand out: when it is dealt in again it may be someone new, so what was
    read of it is forgotten (seat 1's reading stays)."""
    reads = Reads(THREE)
    for number in range(3):
        hand = _hand({0: "Ks Kh", 1: "Qs 4d", 2: "9c 8c"}, hand=number)
        _observe(reads, _play(hand, [CHECK, CHECK, CHECK, KEEP, KEEP, KEEP, CHECK, CHECK]))
    _observe(reads, _play(_hand({0: "Ks Kh", 1: "Qs 4d"}, 3, (2,)), [CHECK]))
    _observe(reads, _play(_hand({0: "Ks Kh", 1: "Qs 4d", 2: "9c 8c"}, 4), [CHECK, CHECK]))
    after_one_check = reads.posterior(2)
    fresh = Reads(THREE)
    _observe(fresh, _play(_hand({0: "Ks Kh", 1: "Qs 4d", 2: "9c 8c"}, 4), [CHECK, CHECK]))
    assert after_one_check == pytest.approx(fresh.posterior(2))
    assert reads.posterior(1)[_at("checker")] > fresh.posterior(1)[_at("checker")]


def test_the_reading_expert_plays_a_table_and_reads_it() -> None:
    """At a three-seat table of ``lowdown`` and ``checker``, twelve hands: every action legal
    (the match checks), each seat's most likely strategy its own."""

    class Reading(ExpertBot):
        identifies = True

    reader = Reading(random.Random(1), THREE)
    cast = ["lowdown", "checker"]
    others = [HurricaneBot(name, random.Random(seat)) for seat, name in enumerate(cast)]
    game = Hurricane(THREE)
    match = Match(game, [reader, *others], 3, game.new_table(0), keep_records=False)
    for _ in range(12):
        match.play_hand()
    assert reader.reads is not None
    for seat, name in enumerate(cast, start=1):
        posterior = reader.reads.posterior(seat)
        assert max(range(7), key=posterior.__getitem__) == STRATEGIES.index(name)


def test_unseen_values_leave_out_the_seats_own_cards() -> None:
    view = _play(_hand({0: "Ks Kh", 1: "As 2d", 2: "9c 8c"}), [bet(3), CALL])
    position = advice_position(view, THREE, _table_at_start(view))
    full = Counter(c.value for c in THREE.deck)
    assert full - unseen_values(position, THREE) == Counter({13: 2})


def test_inference_keeps_only_deals_the_strategies_fit() -> None:
    """Seat 1 bet 3 first: told it is ``lowdown``, a deal fits only when it holds ace-deuce;
    told it is ``checker`` (which never bets), no deal fits."""
    view = _play(_hand({0: "Ks Kh", 1: "As 2d", 2: "9c 8c"}), [bet(3), CALL])
    position = advice_position(view, THREE, _table_at_start(view))
    worlds = Worlds(position, stacker_of(THREE))
    fits = 0
    for seed in range(400):
        try:
            world = worlds.deal(
                random.Random(seed), _first, _fits(position, ["hilo", "lowdown", "random"])
            )
        except _Unfit:
            continue
        fits += 1
        assert sorted(c.value for c in world.view(1).hole if isinstance(c, Card)) == [2, 14]
    assert fits == 5  # of 400: ace-deuce is 16 of the 1,225 pairs (5.2 expected)
    for seed in range(20):
        with pytest.raises(_Unfit):
            worlds.deal(random.Random(seed), _first, _fits(position, ["hilo", "checker", "random"]))


def _first(seat: int, hand: DealtHand[Any]) -> Action:
    return hand.legal_actions()[0]
