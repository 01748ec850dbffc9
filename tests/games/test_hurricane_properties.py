"""Over thousands of seeded hands: chips are conserved, someone to act always has a choice,
a hand replays exactly from its seed and actions, and no seat ever sees another's hidden card."""

from __future__ import annotations

import random

from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.cards import Card
from pokernight.engine.events import Dealt, Drew, Showdown
from pokernight.engine.protocol import TableState, View
from pokernight.games.hurricane.game import OVER, Hurricane, HurricaneHand, HurricaneOptions


def random_hands(count: int, seed: int) -> list[HurricaneHand]:
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        seats = rng.randint(2, 8)
        game = Hurricane(HurricaneOptions(seats=seats, end_when_one_left=rng.random() < 0.3))
        stakes = tuple(rng.randint(-20, 150) for _ in range(seats))
        table = TableState(stakes, dealer=rng.randrange(seats), carry=rng.randint(0, 5))
        hand = game.new_hand(table, seed=rng.getrandbits(32))
        bots = [
            HurricaneBot(rng.choice(STRATEGIES), random.Random(i * 10 + s)) for s in range(seats)
        ]
        views: list[View] = []
        while (seat := hand.to_act()) is not None:
            assert hand.legal_actions(), "someone must act but has no choice"
            view = hand.view(seat)
            views.append(view)
            assert_no_leak(hand, view)
            hand.apply(bots[seat].act(view))
        for viewer in [*range(seats), None]:
            assert_no_leak(hand, hand.view(viewer))
        hands.append(hand)
    return hands


def assert_no_leak(hand: HurricaneHand, view: View) -> None:
    over = hand.phase == OVER
    shown = (
        {s for s, live in enumerate(hand.live) if live} if over and sum(hand.live) > 1 else set()
    )
    for seat, cards in enumerate(view.cards):
        if seat != view.seat and seat not in shown:
            assert cards == (None, None), f"seat {view.seat} sees seat {seat}'s cards"
    for event in view.events:
        if isinstance(event, Dealt | Drew) and event.seat != view.seat:
            hidden = event.cards if isinstance(event, Dealt) else event.discarded + event.received
            assert all(c is None for c in hidden), f"{event} leaked to {view.seat}"
        if isinstance(event, Showdown):
            assert event.seat in shown


def test_chips_are_conserved_and_replay_is_exact() -> None:
    for hand in random_hands(1500, seed=11):
        outcome = hand.outcome()
        assert outcome is not None
        before = sum(hand.table.stakes) + hand.table.carry
        assert sum(outcome.stakes) + outcome.carry == before
        assert sum(outcome.net) == hand.table.carry - outcome.carry
        again = HurricaneHand(hand.options, hand.table, hand.seed)
        for action in hand.actions:
            again.apply(action)
        assert again.log.events == hand.log.events
        assert hand.clone().log.events == hand.log.events


def test_revealed_cards_are_real_cards_of_survivors_only() -> None:
    for hand in random_hands(300, seed=12):
        outcome = hand.outcome()
        assert outcome is not None
        for seat, cards in outcome.shown.items():
            assert hand.live[seat] and all(isinstance(c, Card) for c in cards)
