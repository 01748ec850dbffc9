"""Seed 002's prompts: one key per answer (typed as a line), the computer always deals.

Bets: 1-9 bet that many dollars, ``=`` bets $10, 0 folds (fewer keys when the table's stakes
cap the bet: the prompt names the keys it takes). "See my raise?" (Enter or Y yes,
N folds), then one chance to raise back. "Need cards?" (Enter yes), then for each card from
the lowest: Enter discards it, Y keeps it, three discards at most. "Another hand?" (Enter yes).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count

from pokernight.cards import Card, Playable, Suit
from pokernight.engine.actions import (
    CALL,
    CHECK,
    FOLD,
    KEEP,
    Action,
    Kind,
    bet,
    discard,
    legal_match,
    raise_,
    whole_number,
)
from pokernight.engine.events import Showdown, face, shown
from pokernight.engine.prompt import Console, EndOfInput, Narrator, PromptTable
from pokernight.engine.protocol import View
from pokernight.engine.table import Match
from pokernight.errors import IllegalAction
from pokernight.games.draw.game import COMPUTER, DRAW, HUMAN, DrawOptions, farewell, summary
from pokernight.seeds import derive_seed

DISPLAY_SUITS = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}


def sorted_hand(cards: Sequence[Playable | None]) -> list[Card]:
    """Lowest on the left; equal values in the order spades, clubs, hearts, diamonds."""
    plain = [c for c in cards if isinstance(c, Card)]
    return sorted(plain, key=lambda c: (c.value, DISPLAY_SUITS[c.suit]))


def show_hand(cards: Sequence[Playable | None]) -> str:
    hand = sorted_hand(cards)
    return f"{summary(hand):<22} {shown(hand)}"


def amount_key(text: str) -> int | None:
    """1-9 -> that many dollars, '=' -> 10, '0' -> 0 (fold); None if not a bet key."""
    if text == "=":
        return 10
    return whole_number(text) if len(text) == 1 else None


def amount_keys(legal: Sequence[Action], kind: Kind) -> str:
    """The amount keys this turn takes, as the prompt offers them: "1-9, = for $10" at full
    stakes, fewer when the table's stakes cap the bet ("1-3")."""
    amounts = {a.amount for a in legal if a.kind is kind}
    top = min(max(amounts), 9)
    digits = f"1-{top}" if top > 1 else "1"
    return digits + (", = for $10" if 10 in amounts else "")


class DrawPrompter:
    """The person at the keyboard, asked the original's questions."""

    name = "human"

    def __init__(self, console: Console) -> None:
        self.console = console

    def act(self, view: View) -> Action:
        hole = view.hole
        self.console.say(f"\n  Your hand: {show_hand(hole)}")
        self.console.say(
            f"  You ${view.stakes[HUMAN]}   Computer ${view.stakes[COMPUTER]}   Pot ${view.pot}"
        )
        if view.phase == DRAW:
            return self.draw(hole, view.legal)
        if view.to_call == 0 and not any(a.kind is Kind.BET for a in view.legal):
            return self.check(view)
        if view.to_call == 0:
            return self.open(view.legal)
        return self.see(view)

    def open(self, legal: Sequence[Action]) -> Action:
        keys = amount_keys(legal, Kind.BET)
        while True:
            amount = amount_key(self.console.ask(f"  Your bet? ({keys}, 0 folds) "))
            if amount == 0:
                return FOLD
            if amount is not None and bet(amount) in legal:
                return bet(amount)
            self.console.say(f"  Press 0 to fold or a key of {keys}.")

    def check(self, view: View) -> Action:
        """When neither side has a dollar left to bet (table stakes) the engine offers check
        or fold: Enter checks."""
        broke = "You have" if view.stakes[HUMAN] == 0 else "The computer has"
        self.console.say(f"  {broke} no money left to bet: the hand is played for the pot.")
        while True:
            answer = self.console.ask("  Your bet? (Enter checks, 0 folds) ")
            if answer == "0":
                return FOLD
            if answer == "":
                return CHECK
            self.console.say("  Press Enter to check or 0 to fold.")

    def see(self, view: View) -> Action:
        self.console.say(f"  The computer raises you ${view.to_call}.")
        while True:
            answer = self.console.ask("  See my raise? (Enter or Y = yes, N = no) ").lower()
            if answer in ("n", "no"):
                return FOLD
            if answer in ("", "y", "yes"):
                break
            self.console.say("  Answer Y or N.")
        if not any(a.kind is Kind.RAISE for a in view.legal):
            return CALL
        keys = amount_keys(view.legal, Kind.RAISE)
        while True:
            answer = self.console.ask(f"  Raise the computer? (Enter or N = no, {keys}) ")
            if answer.lower() in ("", "n", "no"):
                return CALL
            amount = amount_key(answer)
            if amount and raise_(amount) in view.legal:
                return raise_(amount)
            self.console.say(f"  Press Enter or N, or a key of {keys}.")

    def draw(self, hole: Sequence[Playable | None], legal: Sequence[Action]) -> Action:
        # The most cards a draw may throw: the game's (``max_discards``), read from its legal
        # draws rather than the seed's 3, so a table that allows none asks nothing.
        most = max((len(a.cards) for a in legal if a.kind is Kind.DISCARD), default=0)
        if most == 0:
            return KEEP
        answer = self.console.ask("  Need cards? (Enter = yes, N = no) ").lower()
        if answer in ("n", "no"):
            return KEEP
        thrown: list[Playable] = []
        for card in sorted_hand(hole):
            if len(thrown) == most:
                break
            if self.console.ask(f"  {face(card)}: Enter discards, Y keeps ").lower() not in (
                "y",
                "yes",
            ):
                thrown.append(card)
        if not thrown:
            return KEEP
        action = legal_match(legal, discard(*thrown))
        if action is None:  # never substitute a choice: the engine says why it is refused
            raise IllegalAction(f"{discard(*thrown)} is not a draw you may make now")
        return action


def play_draw(asked: PromptTable) -> None:
    """Game after game against the computer until you decline to start over. When the input
    ends during a game, what you leave with is said after "End of input.", as every other
    screen ends on its standings (between games the game's own last words have said it)."""
    console = asked.console
    games = count()
    console.say("Five-card draw against the computer. The computer deals; you bet first.")
    playing: Match | None = None
    try:
        while True:
            game = next(games)  # a new game after "start over" is seated for a seed of its own
            again = asked.seed if game == 0 else derive_seed(asked.seed, "game", game)
            seating = asked.seat(again)
            match = playing = seating.match(DrawPrompter(console))
            quit_now = play_rounds(match, seating.names, console)
            playing = None
            options = match.game.options  # a sit-and-go's last level: its ante ended it
            assert isinstance(options, DrawOptions)
            console.say(farewell(options, match.table, quit_now))
            if console.ask("Start over? (Y = yes, any other key exits) ").lower() not in (
                "y",
                "yes",
            ):
                return
    except EndOfInput:
        console.say("End of input.")
        if playing is not None:
            you, computer = playing.table.stakes[HUMAN], playing.table.stakes[COMPUTER]
            console.say(f"You leave with ${you}; the computer has ${computer}.")


def draw_name(seat: int) -> str:
    """How this screen's narration names the two seats."""
    return "The computer" if seat == COMPUTER else "Seat 1 (you)"


def play_rounds(match: Match, names: Sequence[str | None], console: Console) -> bool:
    """Hands until the game is over (False) or you decline another hand (True). Every event
    is told in its own words (the computer's draw as the seed says it: "Dealer takes 3"),
    and the computer's hand shown sorted with its summary, as the seed shows it."""
    while match.over() is None:
        state, seed = match.start_hand()
        narrator = Narrator(console, HUMAN, draw_name)
        while (seat := state.to_act()) is not None:
            narrator.tell(state.view(HUMAN))
            state.apply(match.players[seat].act(state.view(seat)))
        narrator.tell(state.view(HUMAN))
        record = match.finish_hand(state, seed)
        for event in state.view(HUMAN).events:
            if isinstance(event, Showdown) and event.seat == COMPUTER:
                console.say(f"  Computer's hand: {show_hand(event.cards)}")
        console.keep(match, names, record)  # after the hand: what follows from it
        if match.over() is not None:
            return False
        if console.ask("Another hand? (Enter = yes, N = no) ").lower() in ("n", "no"):
            return True
    return False
