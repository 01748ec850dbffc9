"""Cards in words: one way to write a card in every line of text (``events.face``), a ten as
``10`` as the pages' card faces draw it and the hands' names say it, a dual-value card as its
two faces, never the codes typed at the prompt; and a game of rounds says "Round"."""

from __future__ import annotations

import io

from tests.games.bigtwo_helpers import deal

from pokernight.cards import JOKER, parse_card, parse_cards, parse_dual
from pokernight.engine.events import Drew, Showdown, face, shown
from pokernight.engine.prompt import Narrator, game_over
from pokernight.engine.protocol import TableState
from pokernight.games.bigtwo.game import BigTwoOptions, MountHolyoke
from pokernight.web.views import seat_label


def test_a_card_in_words_is_its_face_and_a_ten_is_10() -> None:
    assert [face(c) for c in parse_cards("Ts 9h Ad")] == ["10♠", "9♥", "A♦"]
    assert face(parse_dual("Td/6h")) == "10♦/6♥"
    assert face(JOKER) == "Jk"
    assert shown([parse_card("Th"), None, parse_card("Tc")]) == "10♥ 10♣"


def test_the_events_write_tens_as_the_hands_names_do() -> None:
    cards = tuple(parse_cards("3h Th Kc Jd Tc"))
    said = Showdown(0, cards, "Pair of 10s", "").words(seat_label)
    assert said == "Seat 1 shows 3♥ 10♥ K♣ J♦ 10♣: Pair of 10s"
    drew = Drew(2, (parse_dual("3d/8h"),), (parse_dual("Td/6h"),))
    assert drew.words(seat_label) == "Seat 3 throws 3♦/8♥, draws 10♦/6♥"


class _Console:
    def __init__(self) -> None:
        self.out = io.StringIO()

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")


def test_the_prompts_status_shows_the_cards_as_the_events_do() -> None:
    """High-Low's cards: faces beside faces, not ``6s/5s`` beside ``6♠/5♠``."""
    hand = deal("3d 2s Th", "4c 5c 6c")
    line = Narrator(_Console(), 0).status(hand.view(0))  # type: ignore[arg-type]
    assert line.startswith("Your cards: 3♦ 10♥ 2♠   Stakes: Seat 1 (you) $0  Seat 2 $0")


def test_the_prompt_marks_its_own_seat_in_the_game_over_line() -> None:
    reason = "Seat 1 has taken all of the computer's money"
    assert game_over(reason, 0) == (
        "Game over: Seat 1 (you) has taken all of the computer's money."
    )
    assert game_over(reason, 1) == "Game over: Seat 1 has taken all of the computer's money."


def test_mount_holyoke_deals_rounds_counted_from_its_first() -> None:
    """At a night table that changed games, the table's hand 6 is the game's round 2."""
    table = TableState((0, 0), dealer=1, hand=6, first=5)
    hand = deal("3d 2s", "4c 5c", table=table)
    assert hand.view(None).events[0].words(seat_label) == "── Round 2, dealer: Seat 2"
    game = MountHolyoke(BigTwoOptions(seats=2, rounds=2))
    assert table.round == 2 and game.game_over(table) is None
    assert game.game_over(TableState((0, -4), 0, hand=7, first=5)) == (
        "2 rounds played: fewest points Seat 1"
    )
