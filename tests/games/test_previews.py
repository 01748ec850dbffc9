"""What a front end shows before a move is taken, from the games themselves (GameSpec's
``preview`` and ``suggestion``): a Pai Gow setting's two hands and its foul, as the showdown
then judges it, and the house way offered to a player; High-Low's high and low for an
orientation, in the words its showdown then uses; Hurricane's shorthand explained."""

from __future__ import annotations

import random

import pytest

from pokernight.bots.generic import RandomBot
from pokernight.cards import parse_cards
from pokernight.catalog import entry
from pokernight.engine.actions import Kind, parse_action
from pokernight.engine.events import Showdown
from pokernight.engine.protocol import TableState
from pokernight.games.highlow.game import HighLow
from pokernight.games.hurricane.display import LEGEND, Board
from pokernight.games.paigow.events import Revealed
from pokernight.games.paigow.game import PaiGowHand
from pokernight.games.paigow.options import PaiGowOptions
from pokernight.games.paigow.preview import FOUL
from pokernight.games.paigow.way import house_way

SEVEN = "As Ad Kc Kd 7h 3s 2c"


def paigow_hand() -> tuple[PaiGowOptions, PaiGowHand]:
    options = PaiGowOptions(seats=1)
    dealer = parse_cards("9s 9h 5h 4c 3h Jk 8d")
    hand = PaiGowHand(options, TableState((1000,), 0), 1, [parse_cards(SEVEN), dealer])
    hand.apply(parse_action("bet 20"))
    return options, hand


@pytest.mark.parametrize(
    ("front", "words", "fouled"),
    [
        ("As Ad", "back: Pair of kings · front: Pair of aces", True),
        ("Kc Kd", "back: Pair of aces · front: Pair of kings", False),
        ("7h 3s", "back: Two pair, aces and kings · front: 7-3", False),
    ],
)
def test_a_pai_gow_setting_is_said_and_its_foul_warned_of_before_it_is_set(
    front: str, words: str, fouled: bool
) -> None:
    options, hand = paigow_hand()
    spec = entry("paigow").spec
    assert spec.preview is not None
    said = spec.preview(options, hand.view(0), parse_action(f"set {front}"))
    assert said is not None and said.words == words
    assert said.warning == (FOUL if fouled else None)
    assert spec.preview(options, hand.view(0), parse_action("bet 20")) is None
    hand.apply(parse_action(f"set {front}"))
    revealed = next(e for e in hand.view(0).events if isinstance(e, Revealed) and e.seat == 0)
    assert revealed.fouled is fouled  # as the showdown then judged it


def test_the_house_way_is_offered_to_a_player_setting_their_hand() -> None:
    options, hand = paigow_hand()
    suggestion = entry("paigow").spec.suggestion
    assert suggestion is not None and (suggestion.label, suggestion.phase) == ("House way", "set")
    move = suggestion.move(options, hand.view(0))
    assert move is not None and move.kind is Kind.SET
    assert set(move.cards) == set(house_way(parse_cards(SEVEN), options.two_pair).front)
    assert move in hand.legal_actions()
    assert entry("paigow").spec.set_as == (("front", 2), ("back", 5))


@pytest.mark.parametrize("seed", range(6))
def test_high_lows_preview_is_what_its_showdown_says(seed: int) -> None:
    """Each orientation previewed, then committed: the showdown's words for that seat."""
    spec = entry("highlow").spec
    game = spec.game(spec.configure(spec.options, 3, {}))
    assert isinstance(game, HighLow)
    hand = game.new_hand(game.new_table(0), seed)
    rng = random.Random(seed)
    bots = [RandomBot(rng) for _ in range(3)]
    previews: dict[int, str] = {}
    while (seat := hand.to_act()) is not None:
        view = hand.view(seat)
        legal = hand.legal_actions()
        if legal[0].kind is Kind.ORIENT:
            action = legal[rng.randrange(len(legal))]
            assert spec.preview is not None
            said = spec.preview(game.options, view, action)
            assert said is not None and said.warning is None
            previews[seat] = said.words
        else:
            calm = [a for a in legal if a.kind in (Kind.CHECK, Kind.CALL, Kind.KEEP)]
            action = calm[0] if calm else bots[seat].act(view)
        hand.apply(action)
    shown = {
        e.seat: f"high: {e.high} · low: {e.low}"
        for e in hand.view(None).events
        if isinstance(e, Showdown)
    }
    assert shown and shown == {s: previews[s] for s in shown}


def test_hurricanes_rows_come_with_their_legend() -> None:
    assert Board(2, 0).legend == LEGEND
    assert LEGEND[0].startswith("ö your seat, ")  # a seat's own rows mark it ö
    assert Board(2, None).legend == (
        "# a player's seat; = after the number: the dealer",
        *LEGEND[1:],
    )
    assert LEGEND[2] == "# check · +n bet or raise n · =n call n · x fold"
