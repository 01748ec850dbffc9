"""Seed 002's sentences about the computer's draw, one test each, with the words the seed
tells it in: "Most times, this will say Dealer takes 3, but now and then it will say "Dealer
takes 2" or "1" or even the dreaded message "Dealer Pat!" [...] If the computer doesn't take
three cards, that means it has three of a kind or better. Anything straight or above will be
considered a "Pat" hand"."""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter

import pytest
from tests.games.test_draw import deal, play

from pokernight.bots.draw import DrawComputer
from pokernight.cards import Card, parse_cards
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.engine.actions import CALL, KEEP, bet
from pokernight.games.draw.events import DealerDrew
from pokernight.games.draw.game import COMPUTER, HUMAN, DrawHand
from pokernight.hands import evaluate, preset

RULES = preset("draw-ti")
ABOVE_A_STRAIGHT = {
    # The seed's list from 4 (Straight) up; its Straight Flush includes the royal one.
    "9s Td Jh Qc Kd": "straight",
    "2h 7h 9h Jh Kh": "flush",
    "9s 9d 9h 4c 4d": "full_house",
    "9s 9d 9h 9c 2d": "four_of_a_kind",
    "5c 6c 7c 8c 9c": "straight_flush",
    "Ts Js Qs Ks As": "royal_flush",
}


def computers_draw(cards: str) -> tuple[DrawHand, str]:
    """The computer, holding ``cards``, draws after you stand pat; its draw as you read it."""
    hand = deal("2c 3d 4h 6s 8c", cards, draws="Ah Ad Ac")
    play(hand, bet(1), CALL, KEEP)
    hand.apply(DrawComputer(random.Random(0)).act(hand.view(COMPUTER)))
    seen = hand.view(HUMAN).events
    told = [e.words(str) for e in seen if isinstance(e, DealerDrew) and e.seat == COMPUTER]
    assert len(told) == 1 and told[0] is not None
    return hand, told[0]


def every_kind_of_hand() -> list[list[Card]]:
    """One hand of every rank pattern (suits mixed), and each five different ranks suited
    too: every category and every way the computer's rule can read five cards."""
    hands = []
    for ranks in itertools.combinations_with_replacement("23456789TJQKA", 5):
        if max(Counter(ranks).values()) > 4:
            continue
        suits = ["shdc"[i % 4] for i in range(5)]  # a rank's copies sit side by side
        hands.append(" ".join(r + s for r, s in zip(ranks, suits, strict=True)))
        if len(set(ranks)) == 5:
            hands.append(" ".join(r + "s" for r in ranks))
    return [[c for c in parse_cards(h) if isinstance(c, Card)] for h in hands]


@pytest.mark.parametrize(("cards", "category"), ABOVE_A_STRAIGHT.items())
def test_anything_straight_or_above_is_a_pat_hand(cards: str, category: str) -> None:
    assert evaluate(parse_cards(cards), RULES).category == category
    hand, told = computers_draw(cards)
    assert told == "Dealer Pat!"
    assert hand.hole[COMPUTER] == parse_cards(cards)


def test_four_of_a_kind_stands_pat_and_keeps_its_kicker() -> None:
    """The deal of ``play draw --seed 552``: the computer holds four 10s and a 7 (about one
    deal in 4,165), stands pat, and shows the 7 it kept."""
    out = io.StringIO()
    answers = io.StringIO("1\ny\nn\nn\n1\ny\nn\nn\nn\n")  # bet, see, no raise, no cards, ...
    run_plain("draw", Asked(552), Console(answers, out))
    lines = out.getvalue().splitlines()
    assert "  Dealer Pat!" in lines
    assert not any("Dealer takes" in line for line in lines)
    assert "  The computer shows 7♠ 10♣ 10♥ 10♠ 10♦: Four 10s, 7 kicker" in lines


def test_three_of_a_kind_takes_2_and_anything_less_takes_3() -> None:
    assert computers_draw("9s 9d 9h Kc 2d")[1] == "Dealer takes 2"
    assert computers_draw("9s 9d 4h 4c 2d")[1] == "Dealer takes 3"
    assert computers_draw("As Jd 4h 8c 2d")[1] == "Dealer takes 3"


def test_not_taking_three_means_three_of_a_kind_or_better() -> None:
    """Every kind of hand: pat exactly from a straight up, 2 exactly with three of a kind,
    3 with anything less; so "Dealer takes 1" never comes from the seed's computer."""
    computer = DrawComputer(random.Random(0))
    taken: dict[str, set[int]] = {}
    for cards in every_kind_of_hand():
        action = computer.draw(cards)
        taken.setdefault(evaluate(cards, RULES).category, set()).add(len(action.cards))
    assert taken == {
        "high_card": {3},
        "one_pair": {3},
        "two_pair": {3},
        "three_of_a_kind": {2},
        **{category: {0} for category in ABOVE_A_STRAIGHT.values()},
    }
