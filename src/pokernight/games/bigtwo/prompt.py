"""Mount Holyoke Poker in prompt mode: you at seat 1 against computer players.

Each turn shows your cards (lowest first), the play to beat and everyone's card count, then
the numbered legal moves. Answer with a number, ``play`` and the cards in any order, or
``pass``; a wrong play is explained by the referee and the question asked again.
"""

from __future__ import annotations

from pokernight.cards import Card
from pokernight.engine.actions import PASS, Action, Kind, parse_action, whole_number
from pokernight.engine.events import shown
from pokernight.engine.prompt import Console, EndOfInput, Narrator, PromptTable, game_over
from pokernight.engine.protocol import View
from pokernight.errors import IllegalAction
from pokernight.games.bigtwo.game import BigTwoOptions
from pokernight.games.bigtwo.position import board_play
from pokernight.games.bigtwo.referee import check_play
from pokernight.games.bigtwo.round import OPEN, play_action
from pokernight.hands.climb import tables

YOU = 0


class BigTwoPrompter:
    """The person at the keyboard."""

    name = "human"

    def __init__(self, console: Console, options: BigTwoOptions) -> None:
        self.console, self.options = console, options

    def act(self, view: View) -> Action:
        hole = [c for c in view.hole if isinstance(c, Card)]
        counts = "  ".join(
            f"Seat {s + 1}: {len(c)} cards" for s, c in enumerate(view.cards) if s != YOU
        )
        self.console.say(f"\n  Your cards: {shown(hole)}   ({counts})")
        board = shown(view.board)
        self.console.say(f"  To beat: {board}" if board else "  You lead.")
        choices = "  ".join(f"{i}) {a}" for i, a in enumerate(view.legal, start=1))
        while True:
            answer = self.console.ask(f"{view.phase}: {choices}\n> ")
            try:
                return self.read(answer, view, hole)
            except IllegalAction as exc:
                self.console.say(f"  {exc}")

    def read(self, answer: str, view: View, hole: list[Card]) -> Action:
        number = whole_number(answer)
        if number is not None and 1 <= number <= len(view.legal):
            return view.legal[number - 1]
        if number is not None:
            raise IllegalAction(f"{number} is not on the menu: choose 1 to {len(view.legal)}")
        order = self.options.order
        value_of = tables(order).value_of
        held = sorted(value_of[c.index] for c in hole)
        opening = held[0] if view.phase == OPEN else None
        beat = board_play(view, self.options)
        if answer.split()[:1] not in (["play"], ["pass"]):  # not every game's actions
            raise IllegalAction(
                f"{answer!r} is not a choice: a number 1 to {len(view.legal)}, "
                f"'play' and your cards, or 'pass'"
            )
        action = parse_action(answer)
        if action.kind is Kind.PLAY and not action.cards:  # the example names your own card
            raise IllegalAction(f"play which cards? e.g. 'play {hole[0]}', or 'pass'")
        play = check_play(action, held, beat, opening, self.options.open_with_any_play, order)
        return PASS if play is None else play_action(play[1], order)


def play_bigtwo(asked: PromptTable) -> None:
    """Round after round, your plays chosen from the menu or named, until you stop."""
    console = asked.console
    seating = asked.seat()
    options = seating.game.options
    assert isinstance(options, BigTwoOptions)
    players = seating.players(BigTwoPrompter(console, options))
    match = seating.match(players[YOU])
    names = [n for n in seating.names if n is not None]
    others = ", ".join(f"Seat {s}: {name}" for s, name in enumerate(names, start=2))
    console.say(f"Mount Holyoke Poker: you are Seat 1; {others}.")
    narrator = Narrator(console, YOU)
    try:
        while (reason := match.over()) is None:
            answer = console.ask(f"Round {match.table.round}: Deal or Exit? [d/e] ")
            if answer.lower() in ("e", "exit"):
                break
            if answer.lower() not in ("", "d", "deal"):
                console.say("  Choose d (Deal) or e (Exit).")
                continue
            state, hand_seed = match.start_hand()
            narrator.told = 0
            while (seat := state.to_act()) is not None:
                narrator.tell(state.view(YOU))
                state.apply(players[seat].act(state.view(seat)))
            narrator.tell(state.view(YOU))
            console.keep(match, seating.names, match.finish_hand(state, hand_seed))
            running = points(narrator, match.table.stakes)
            console.say(f"  Points after round {match.table.round - 1} (low is good): {running}")
        else:
            console.say(game_over(reason, YOU))
    except EndOfInput:
        console.say("End of input.")
    console.say(f"Points (low is good): {points(narrator, match.table.stakes)}")


def points(narrator: Narrator, stakes: tuple[int, ...]) -> str:
    """Each seat's points, yours named as yours (a stake is minus the points)."""
    return "  ".join(f"{narrator.seat_name(s)}: {-v}" for s, v in enumerate(stakes))
