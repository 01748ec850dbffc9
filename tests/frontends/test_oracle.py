"""The oracle fails where a screen and the engine disagree: a hand seen honestly at the
prompt passes, and the same hand with a substituted action, a missing event, a missing
stake or a hidden card shown does not."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from tests.frontends.oracle import HandSeen, Oracle, Step, card_texts, replay
from tests.frontends.prompt_driver import play_prompt
from tests.frontends.test_prompt import style

from pokernight.engine.actions import FOLD
from pokernight.history.record import GameRecord, read_records


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameRecord, HandSeen, int]:
    records = tmp_path_factory.mktemp("oracle") / "hands.jsonl"
    driver = play_prompt("hurricane", 3, 1, records)
    record = next(read_records(Path(records)))
    return record, driver.seen[0], record.seats.index("you")


def check(hand: tuple[GameRecord, HandSeen, int], seen: HandSeen) -> None:
    record, _, you = hand
    Oracle(style("hurricane", you), you).hand(record, seen)


def test_an_honest_hand_passes(hand: tuple[GameRecord, HandSeen, int]) -> None:
    check(hand, hand[1])


def test_a_substituted_action_fails(hand: tuple[GameRecord, HandSeen, int]) -> None:
    seen = copy.deepcopy(hand[1])
    first = seen.steps[0]
    other = FOLD if str(first.chosen) != "fold" else replay(hand[0], hand[2]).views[0].legal[0]
    seen.steps[0] = Step(other, first.text, first.fresh)
    with pytest.raises(AssertionError, match="engine did"):
        check(hand, seen)


def test_a_missing_event_or_stake_fails(hand: tuple[GameRecord, HandSeen, int]) -> None:
    record, honest, you = hand
    view = replay(record, you).views[0]
    words = next(w for e in view.events if (w := e.words(style("hurricane", you).who)))
    for gone in (words, f"Seat {you + 1} (you) ${view.stakes[you]}"):
        seen = copy.deepcopy(honest)
        first = seen.steps[0]
        seen.steps[0] = Step(first.chosen, first.text.replace(gone, ""), first.fresh)
        with pytest.raises(AssertionError, match="does not show"):
            check(hand, seen)


def test_a_hidden_card_on_the_screen_fails(hand: tuple[GameRecord, HandSeen, int]) -> None:
    record, honest, you = hand
    hidden = replay(record, you).held[0] - {c for c in replay(record, you).views[0].hole}
    card = sorted(hidden, key=str)[0]
    seen = copy.deepcopy(honest)
    first = seen.steps[0]
    shown = f"{first.fresh}\nSeat 9 holds {card_texts(card)[-1]}"
    seen.steps[0] = Step(first.chosen, first.text, shown)
    with pytest.raises(AssertionError, match="hidden card"):
        check(hand, seen)
