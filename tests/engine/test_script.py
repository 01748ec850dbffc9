"""A hand walks its script: each phase in order, a decided hand straight to the showdown, the
one award-and-settle paying and carrying exactly; every game's spec lists its script's names."""

from __future__ import annotations

import random

import pytest

from pokernight.cards import CARDS, AnyCard, parse_cards
from pokernight.catalog import entry, games
from pokernight.engine.actions import CALL, CHECK, FOLD, KEEP, Action, bet, discard
from pokernight.engine.dealt import DealtHand
from pokernight.engine.events import Carried, PotAwarded, RoundStarted
from pokernight.engine.phases import script as phases
from pokernight.engine.phases.betting import Limits
from pokernight.engine.play import HandBase
from pokernight.engine.protocol import TableState, View

LIMITS = Limits((1, 2, 3), raises=1)
SCRIPT: phases.Script = (
    phases.Bet("one", LIMITS),
    phases.Draw("swap", discards=1),
    phases.Bet("two", LIMITS, led_by_opener=True),
    phases.Showdown("end"),
)


class Walker(DealtHand[AnyCard]):
    """Three seats, one card each, the script above; at the showdown the live seats split
    the pot evenly and what cannot be divided stays in it."""

    game = "walker"
    script = SCRIPT

    def __init__(self, table: TableState, cards: str) -> None:
        super().__init__(table, 0, CARDS, parse_cards(cards))
        self.deal_holes(1)
        self.start()

    def fresh(self) -> Walker:
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        return self.view_with(seat, tuple(tuple(h) for h in self.hole))

    def showdown(self) -> None:
        live = self.live_in_order()
        each = self.pot // len(live)
        awards = [PotAwarded(s, each, "pot", "split") for s in live]
        self.settle(awards, shown={s: tuple(self.hole[s]) for s in live}, carry=self.pot % each)


def play(hand: Walker, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def started(hand: Walker) -> list[str]:
    return [e.name for e in hand.log.seen(None) if isinstance(e, RoundStarted)]


def test_each_phase_in_order_then_the_showdown_settles_and_carries() -> None:
    hand = Walker(TableState((10, 10, 10), dealer=0), "As Kd 7c 2h")  # seats 1, 2, 0
    assert (hand.phase, hand.to_act(), started(hand)) == ("one", 1, ["one"])
    play(hand, CHECK, bet(1), CALL, CALL)
    assert (hand.phase, hand.to_act()) == ("swap", 1)
    assert hand.legal_actions() == (KEEP, discard(*parse_cards("As")))
    play(hand, KEEP, discard(*parse_cards("Kd")), KEEP)
    assert hand.hole[2] == parse_cards("2h")
    # the second round is led by the first round's opener, seat 2
    assert (hand.phase, hand.to_act(), started(hand)) == ("two", 2, ["one", "swap", "two"])
    play(hand, bet(2), CALL, FOLD)
    outcome = hand.outcome()
    assert outcome is not None and hand.phase == "end"
    # a pot of 7 between seats 2 and 0: 3 each, 1 stays in the pot
    assert outcome.awards == (PotAwarded(2, 3, "pot", "split"), PotAwarded(0, 3, "pot", "split"))
    assert (outcome.carry, hand.pot, outcome.stakes, outcome.net) == (1, 1, (10, 9, 10), (0, -1, 0))
    assert hand.log.seen(None)[-1] == Carried(1)
    assert hand.to_act() is None and hand.betting is None and hand.drawing is None


def test_a_hand_decided_early_goes_straight_to_the_showdown() -> None:
    hand = Walker(TableState((10, 10, 10), dealer=2), "As Kd 7c")
    play(hand, bet(3), FOLD, FOLD)
    outcome = hand.outcome()
    assert outcome is not None and started(hand) == ["one"] and hand.phase == "end"
    assert outcome.awards == (PotAwarded(0, 3, "pot", "split"),)
    assert (outcome.carry, outcome.stakes) == (0, (10, 10, 10))
    assert not any(isinstance(e, Carried) for e in hand.log.seen(None))


def test_table_stakes_cap_a_bet_at_what_every_live_seat_can_put_in() -> None:
    capped = (phases.Bet("one", LIMITS, table_stakes=True), phases.Showdown("end"))

    class Capped(Walker):
        script = capped

    hand = Capped(TableState((10, 2, 10), dealer=2), "As Kd 7c")
    assert hand.legal_actions() == (CHECK, bet(1), bet(2))
    play(hand, bet(2))
    assert hand.legal_actions() == (CALL, FOLD)  # seat 1 has nothing left to raise with


def test_big_twos_stages_are_one_play_phase() -> None:
    assert phases.phase_names(
        (phases.Play("open", shows=("lead", "follow")), phases.Showdown("over"))
    ) == ("open", "lead", "follow", "over")


@pytest.mark.parametrize("name", games())
def test_every_spec_lists_the_phases_its_hands_walk(name: str) -> None:
    spec = entry(name).spec
    game, table = spec.make(spec.default_seats, {}, random.Random(0))
    hand = game.new_hand(table, 1)
    assert isinstance(hand, HandBase)  # every game's hand walks a script
    assert spec.phases == phases.phase_names(hand.script)
    seen = [hand.view(None).phase]
    rng = random.Random(2)
    while (seat := hand.to_act()) is not None:
        hand.apply(rng.choice(list(hand.legal_actions())))
        seen.append(hand.view(seat).phase)
    assert set(seen) <= set(spec.phases) and seen[-1] == spec.phases[-1]
