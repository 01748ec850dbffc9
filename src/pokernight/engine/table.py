"""Hand after hand: antes and stakes carried over, the button moving left, the game-over
rule, and each seat's player asked for an action from its own view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokernight.engine.actions import Action
from pokernight.engine.protocol import Game, HandState, Outcome, Player, TableState
from pokernight.seeds import derive_seed


def hand_seed(match_seed: int, table: TableState) -> int:
    """The seed of the next hand: a function of the match seed, the hand number and the deck,
    so a whole match replays from its seed and its actions. A 63-bit hash of the three (a
    string-seeded ``random.Random`` would cost five times as much, once per hand)."""
    return derive_seed(match_seed, table.hand, table.deck)


@dataclass(frozen=True)
class HandRecord:
    """A hand is its seed plus its actions (and the table it started from, and the game that
    dealt it: a sit-and-go remakes its game as the stakes rise, before the hand is written)."""

    table: TableState
    seed: int
    actions: tuple[Action, ...]
    outcome: Outcome
    game: Game


def after_hand(table: TableState, outcome: Outcome) -> TableState:
    """The table for the next hand: new stakes, carried chips, the button one seat left, the
    same seats sitting out (until whoever runs the match says otherwise). Every field is
    named here, what carries and what changes (built directly: ``replace`` costs twice as
    much, once per hand)."""
    return TableState(
        stakes=outcome.stakes,
        dealer=(table.dealer + 1) % table.seats,
        hand=table.hand + 1,
        carry=outcome.carry,
        deck=table.deck,
        leader=outcome.leader,
        out=table.out,
        first=table.first,
    )


def play_out(state: HandState, players: Sequence[Player]) -> Outcome:
    """Ask each seat's player until the hand is over."""
    while (seat := state.to_act()) is not None:
        state.apply(players[seat].act(state.view(seat)))
    outcome = state.outcome()
    assert outcome is not None
    return outcome


class Match:
    """A sequence of hands at one table."""

    def __init__(
        self,
        game: Game,
        players: Sequence[Player],
        seed: int,
        table: TableState,
        *,
        keep_records: bool = True,
    ) -> None:
        """``keep_records``: keep every hand's record in ``records`` (history, replays). A
        simulation that needs only each outcome turns it off: thousands of kept records cost
        memory and make every full garbage collection walk them (about 4% of its time)."""
        self.game = game
        self.players = list(players)
        self.seed = seed
        self.table = table
        self.keep_records = keep_records
        self.records: list[HandRecord] = []
        self.news: list[str] = []
        """What the match has to tell after its last hand beyond the hand itself, in words
        (a sit-and-go's levels, the seats out, the places): every front end says it."""

    def over(self) -> str | None:
        return self.game.game_over(self.table)

    def new_deck(self) -> None:
        """Open a fresh deck: later hands deal from it (the seed still decides every shuffle)."""
        self.table = replace(self.table, deck=self.table.deck + 1)

    def start_hand(self) -> tuple[HandState, int]:
        seed = hand_seed(self.seed, self.table)
        return self.game.new_hand(self.table, seed), seed

    def finish_hand(self, state: HandState, seed: int) -> HandRecord:
        outcome = state.outcome()
        if outcome is None:
            raise RuntimeError("the hand is not over yet")
        record = HandRecord(self.table, seed, state.actions, outcome, self.game)
        if self.keep_records:
            self.records.append(record)
        self.table = after_hand(self.table, outcome)
        return record

    def play_hand(self) -> HandRecord:
        state, seed = self.start_hand()
        play_out(state, self.players)
        return self.finish_hand(state, seed)
