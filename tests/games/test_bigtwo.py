"""Mount Holyoke Poker rounds: the referee, the options, hidden cards, clone and determinize."""

from __future__ import annotations

import random
import re
from dataclasses import fields

import pytest
from tests.games.bigtwo_helpers import deal, run

from pokernight.bots.generic import RandomBot
from pokernight.cards import CARDS, Card, parse_cards
from pokernight.engine.actions import PASS, Action, Kind, parse_action
from pokernight.engine.protocol import TableState
from pokernight.engine.table import after_hand
from pokernight.errors import IllegalAction
from pokernight.games.bigtwo.events import FewCardsLeft, Played
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.games.bigtwo.position import determinize
from pokernight.games.bigtwo.round import BigTwoHand
from pokernight.hands.climb import climb_value


def random_round(seed: int, seats: int = 4) -> BigTwoHand:
    game = MountHolyoke(BigTwoOptions(seats=seats))
    return game.new_hand(game.new_table(seed % seats), seed)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play 5c 5d", "wrong size: the play to beat (9 of clubs) has 1 card"),
        ("play 5c", "5 of clubs does not beat 9 of clubs"),
        ("play As", "As not in your hand"),
        ("play 5c Kh", "is not a play: a pair needs cards of one rank"),
        ("play Kh Kh", "named twice"),
        ("bet 2", "bet is not a move here"),
        ("play Jk", "standard cards only"),
    ],
)
def test_an_illegal_play_is_explained_and_changes_nothing(text: str, message: str) -> None:
    hand = deal("3d 9c 4h", "5c 5d Kh Ks", "6h 7h 8h", "Ts Js Qs")
    run(hand, "play 3d", "pass", "pass", "pass", "play 9c")
    before = (hand.view(1), list(hand.legal_actions()), hand.actions)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        hand.apply(
            parse_action(text)
            if text != "play Jk"
            else Action(Kind.PLAY, cards=(parse_cards("Jk")[0],))
        )
    assert (hand.view(1), list(hand.legal_actions()), hand.actions) == before


def test_the_leader_cannot_pass() -> None:
    hand = deal("3d 9c", "5c", "6h", "Ts")
    run(hand, "play 3d", "pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="you lead, so you cannot pass"):
        hand.apply(PASS)


def test_legal_actions_are_exactly_what_the_referee_accepts() -> None:
    rng = random.Random(5)
    for seed in range(6):
        hand = random_round(seed, seats=2 + seed % 3)
        while (seat := hand.to_act()) is not None:
            legal = list(hand.legal_actions())
            held = [c for c in hand.view(seat).hole if c is not None]  # all seen: its own
            tries = [
                Action(Kind.PLAY, cards=tuple(rng.sample(held, min(len(held), n))))
                for n in (1, 2, 3, 5)
            ]
            for action in [*tries, PASS]:
                ordered = hand.clone()
                try:
                    ordered.apply(action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                key = tuple(sorted(action.cards, key=lambda c: climb_value(c, hand.order)))  # type: ignore[arg-type]
                assert accepted == (Action(action.kind, cards=key) in legal)
            hand.apply(rng.choice(legal))


def test_a_seat_down_to_three_cards_is_announced_to_everyone() -> None:
    hand = deal("3d 4d 5d 6d 7d 9h 9s Kd", "3c 4c", "3h 4h", "3s 4s")
    run(hand, "play 3d", "pass", "pass", "pass", "play 4d 5d 6d 7d Kd")
    warning = FewCardsLeft(0, 2)
    assert list(hand.view(2).events)[-1] == warning
    assert "FewCardsLeft(seat=0, count=2)" in repr(hand.view(None).events)


def test_no_view_or_event_shows_a_card_of_another_hand() -> None:
    for seed in range(8):
        hand = random_round(seed)
        bots = [RandomBot(random.Random(s)) for s in range(4)]
        while (seat := hand.to_act()) is not None:
            for viewer in range(4):
                view = hand.view(viewer)
                own = set(hand.dealt[viewer])
                played = {c for e in view.events if isinstance(e, Played) for c in e.cards}
                for other, cards in enumerate(view.cards):
                    assert other == viewer or set(cards) == {None}
                for event in view.events:
                    for f in fields(event):
                        value = getattr(event, f.name)
                        shown = value if isinstance(value, tuple) else (value,)
                        assert {c for c in shown if isinstance(c, Card)} <= own | played
                assert set(view.board) <= played
            hand.apply(bots[seat].act(hand.view(seat)))


def test_standard_options_open_with_any_play_holding_3d_winner_leads_and_frying() -> None:
    options = BigTwoOptions.standard()
    hand = deal(
        "3d 3c 2s",
        "4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
        "4h",
        "4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2c 2d",
        options=options,
    )
    assert "play 3d 3c" in [str(a) for a in hand.legal_actions()]
    run(hand, "play 3d 3c", "pass", "pass", "pass", "play 2s")
    outcome = hand.outcome()
    assert outcome is not None
    assert outcome.net == (0, -20, -1, -39)  # 10 cards double, 13 triple
    game = MountHolyoke(options)
    next_round = game.new_hand(after_hand(TableState((0,) * 4, 0), outcome), 3)
    assert next_round.to_act() == 0 and PASS not in next_round.legal_actions()
    assert len(next_round.legal_actions()) > 1


def test_the_lowest_card_leads_every_round_by_default() -> None:
    game = MountHolyoke()
    table = TableState((0,) * 4, 0, hand=2, leader=2)  # a last winner, ignored by default
    hand = game.new_hand(table, 9)
    seat = hand.to_act()
    assert seat is not None and [str(a) for a in hand.legal_actions()] == ["play 3d"]


def test_a_seeded_deal_replays_and_clone_copies_the_round() -> None:
    a, b = random_round(21), random_round(21)
    bot = RandomBot(random.Random(1))
    for _ in range(12):
        seat = a.to_act()
        assert seat is not None
        action = bot.act(a.view(seat))
        a.apply(action)
        b.apply(action)
    copy = a.clone()
    assert (
        [copy.view(s) for s in range(4)]
        == [a.view(s) for s in range(4)]
        == [b.view(s) for s in range(4)]
    )


def test_determinize_keeps_the_viewers_cards_and_every_count() -> None:
    hand = random_round(33, seats=3)
    bot = RandomBot(random.Random(2))
    for _ in range(10):
        seat = hand.to_act()
        assert seat is not None
        hand.apply(bot.act(hand.view(seat)))
    seat = hand.to_act()
    assert seat is not None
    view = hand.view(seat)
    played = {c for e in view.events if isinstance(e, Played) for c in e.cards}
    assert isinstance(hand.options, BigTwoOptions)
    world = determinize(hand.options, view, random.Random(4))
    assert world.view(seat).hole == view.hole and world.to_act() == seat
    assert world.legal_actions() == view.legal
    for other in range(3):
        cards = world.view(other).hole
        assert len(cards) == len(view.cards[other])
        if other != seat:
            assert not set(cards) & (played | set(view.hole))
    assert len({c for s in range(3) for c in world.view(s).hole}) == sum(len(c) for c in view.cards)
    assert set(CARDS) >= played


def test_a_forked_round_played_out_leaves_the_original_scores_alone() -> None:
    """Search plays rollouts on forks: the round a fork finishes scores the fork only."""
    table = TableState((-3, -5), dealer=0)
    hand = BigTwoHand(BigTwoOptions(seats=2), table, 7)
    twin = hand.fork()
    while twin.to_act() is not None:
        moves = twin.moves()
        twin.step(moves[0] if moves else None)
    outcome = twin.outcome()
    assert outcome is not None and twin.view(None).stakes == outcome.stakes != (-3, -5)
    assert hand.view(None).stakes == (-3, -5) and hand.outcome() is None


@pytest.mark.parametrize(
    ("options", "charged"), [(BigTwoOptions(3), 13), (BigTwoOptions.standard(3), 39)]
)
def test_a_round_sat_out_scores_the_most_a_round_can_so_absence_never_wins(
    options: BigTwoOptions, charged: int
) -> None:
    """Seat 3 sits out every round of a three-round game: each round costs it all 13 cards
    (tripled with frying), and at the end it has at least as many points as anyone who
    played, so the game never names it alone with the fewest."""
    game = MountHolyoke(options)
    table = TableState((0,) * 3, 0, out=(2,))
    while game.game_over(table) is None:
        hand = game.new_hand(table, table.hand)
        bots = [RandomBot(random.Random(table.hand * 10 + s)) for s in range(3)]
        while (seat := hand.to_act()) is not None:
            assert seat != 2
            hand.apply(bots[seat].act(hand.view(seat)))
        outcome = hand.outcome()
        assert outcome is not None and outcome.net[2] == -charged
        assert min(outcome.net[:2]) >= -charged and max(outcome.net[:2]) == 0
        table = after_hand(table, outcome)
    assert table.stakes[2] == -3 * charged
    assert table.stakes[2] <= min(table.stakes[:2])
    over = game.game_over(table)
    assert over is not None and not over.endswith("fewest points Seat 3")
