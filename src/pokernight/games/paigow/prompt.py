"""Pai Gow Poker in prompt mode: you wager and set each hand; ``h`` shows the house way.

Your seat is 1; any other seats are computer players who set by the house way; the house
dealer banks, or a player (``bank=player``, ``bank=rotate``, ``bank=players``). After each hand
every hand is turned up with what it made and how it settled. A sit-and-go (``--sit-and-go``)
is played the same way, its stakes rising between hands.
"""

from __future__ import annotations

from collections.abc import Callable

from pokernight.cards import AnyCard, parse_cards
from pokernight.engine.actions import Action, Kind, bet, whole_number
from pokernight.engine.events import shown
from pokernight.engine.prompt import (
    Console,
    EndOfInput,
    Narrator,
    PromptTable,
    game_over,
    yes_or_no,
)
from pokernight.engine.protocol import View
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.table import play_out
from pokernight.errors import PokernightError
from pokernight.games.paigow.events import Revealed
from pokernight.games.paigow.game import WAGER
from pokernight.games.paigow.hands import PAIR_VALUES, describe, make_setting, own_cards
from pokernight.games.paigow.options import PaiGowOptions, bank_words
from pokernight.games.paigow.way import house_way

YOU = 0


def cards_text(cards: tuple[AnyCard, ...] | list[AnyCard]) -> str:
    """Highest first, as a dealer lays a hand out."""
    return shown(sorted(cards, key=lambda c: -PAIR_VALUES[c.index]))


class PaiGowPrompter:
    """Your seat: asks for the wager and the two front cards, re-asking after a bad answer."""

    name = "you"

    def __init__(
        self, console: Console, options: PaiGowOptions, show: Callable[[View], None]
    ) -> None:
        self.console, self.options, self.show = console, options, show

    def act(self, view: View) -> Action:
        self.show(view)
        if view.phase == WAGER:
            return self._wager(view)
        return self._set(view.phase, list(own_cards(view)))

    def _wager(self, view: View) -> Action:
        """A wager within the legal ones: the limits of the hand's own level (a sit-and-go's
        rise), within your chips and what a banking player covers."""
        low, high = view.legal[0].amount, view.legal[-1].amount
        while True:
            answer = self.console.ask(
                f"{view.phase}: your stake ${view.stakes[YOU]}. Bet? [{low}-{high}, Enter = {low}] "
            )
            amount = low if answer == "" else whole_number(answer.removeprefix("bet ").strip())
            if amount is not None and low <= amount <= high:
                return bet(amount)
            self.console.say(f"  Bet a whole number from {low} to {high} ('{low}' or 'bet {low}').")

    def _set(self, phase: str, hand: list[AnyCard]) -> Action:
        self.console.say(f"Your cards: {cards_text(hand)}")
        example = " ".join(str(c) for c in hand[-2:])  # two of your own: no other card named
        while True:
            answer = self.console.ask(
                f"{phase}: front two cards (e.g. '{example}'), h = house way: "
            )
            if answer.lower() == "h":
                way = house_way(hand)
                back, front = describe(way)
                self.console.say(
                    f"  House way: front {cards_text(way.front)} ({front}), "
                    f"back {cards_text(way.back)} ({back}). {way.reason}."
                )
                if yes_or_no(self.console, "  Take it? [Enter = yes, n = no] ", default=True):
                    return Action(Kind.SET, cards=way.front)
                continue
            ask = f"name two of your own cards for the front, e.g. '{example}'"
            try:
                chosen = parse_cards(answer.replace("set", ""))
            except PokernightError as exc:  # its own examples could name anyone's cards
                self.console.say(f"  {str(exc).split(':')[0]}: {ask}")
                continue
            if len(chosen) != 2 or not all(c in hand for c in chosen):
                self.console.say(f"  {ask}")
                continue
            setting = make_setting(hand, chosen, "")
            if setting.fouled:
                back, front_words = describe(setting)
                self.console.say(
                    f"  That fouls: the back ({back}) must outrank the front ({front_words}), "
                    "and a fouled hand loses."
                )
                if not yes_or_no(self.console, "  Set it anyway? [y = yes, Enter = no] ", False):
                    continue
            return Action(Kind.SET, cards=setting.front)


def play_paigow(asked: PromptTable) -> None:
    """Hand after hand against the bank, until you stop, cannot cover the minimum, or the
    sit-and-go is over."""
    console = asked.console
    seating = asked.seat()
    options = seating.game.options
    assert isinstance(options, PaiGowOptions)
    seats = seating.table.seats
    narrator = Narrator(console, YOU)

    def show(view: View) -> None:
        narrator.tell(view)
        console.say(narrator.status(view))

    players = seating.players(PaiGowPrompter(console, options, show))
    match = seating.match(players[YOU])
    fee = f" less {options.commission}% commission" if options.commission else ""
    console.say(
        f"Pai Gow Poker: you sit at seat 1 of {seats}; {bank_words(options)}. Wins pay 1:1"
        f"{fee}; copies go to the bank."
    )
    if isinstance(match, SitAndGo):  # decided by hands: the structure's line does not say so
        console.say(
            f"It lasts {match.structure.hands} hands, the most chips winning, unless all but "
            "one seat are out first."
        )
    try:
        while (reason := match.over()) is None:
            narrator.told = 0
            state, hand_seed = match.start_hand()
            play_out(state, players)
            record = match.finish_hand(state, hand_seed)
            for event in state.view(YOU).events[narrator.told :]:
                if words := event.words(narrator.who):
                    console.say(f"  {words}")
                if isinstance(event, Revealed):
                    setting = make_setting(event.front + event.back, event.front, "")
                    back, front = describe(setting)
                    console.say(f"      back: {back}; front: {front}")
            console.keep(match, seating.names, record)  # after the hand: what follows from it
            stake = record.outcome.stakes[YOU]
            console.say(f"Your stake: ${stake}")
            if isinstance(match, SitAndGo) and match.over() is not None:
                continue  # its places are said; the loop's end says who won
            level = match.game.options  # the next hand's (a sit-and-go's stakes rise)
            assert isinstance(level, PaiGowOptions)
            minimum = level.min_bet
            if stake < minimum:  # the game would deal on without you: your game ends
                console.say(f"You cannot cover the table minimum of ${minimum}: you are out.")
                break
            if not yes_or_no(console, "Another hand? [Enter = yes, n = no] ", default=True):
                break
        else:
            console.say(game_over(reason, YOU))
    except EndOfInput:
        console.say("End of input.")
    if isinstance(match, SitAndGo):  # chips are no money: the places and prizes said it
        console.say(f"Hands played: {match.hands}.")
        return
    net = match.table.stakes[YOU] - options.stake
    console.say(
        f"Hands played: {len(match.records)}. You {'won' if net >= 0 else 'lost'} ${abs(net)}."
    )
