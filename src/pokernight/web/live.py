"""One live table: its match played over the protocol, computer seats played by the game's
bots, people's seats waiting for their sockets. The table alone changes the hand; every change
is stored (seed + actions) before it is announced, so a restarted server resumes it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from pokernight.catalog import entry, seat_table
from pokernight.engine.actions import CHECK, FOLD, PASS, Action, parse_action
from pokernight.engine.protocol import HandState, Player, TableState, View
from pokernight.engine.table import Match
from pokernight.errors import PokernightError
from pokernight.seeds import derive_seed
from pokernight.web import store
from pokernight.web.outbox import Outbox
from pokernight.web.results import hand_result, ledger_entries

Notify = Callable[[], None]


@dataclass(frozen=True)
class Pace:
    """How fast computer seats act and hands follow each other (0 in tests)."""

    bot_delay: float = 0.6
    hand_pause: float = 2.0


class LiveTable:
    def __init__(
        self,
        row: store.TableRow,
        engine: Engine,
        pace: Pace,
        bots_thread: Executor | None = None,
    ) -> None:
        self.row, self.engine, self.pace = row, engine, pace
        self.bots_thread = bots_thread
        seating = seat_table(row.game, row.match_seed, row.seats, row.computers, row.options)
        self.match = Match(seating.game, [], seating.seed, seating.table)
        self.bots: dict[int, Player] = dict(seating.bots)
        game = entry(row.game)
        stand_in = random.Random(derive_seed(row.match_seed, "stand-in"))
        self.stand_in = game.bots[game.lineup(row.options)[0]](stand_in, seating.game.options)
        self.seated: dict[int, int] = store.load_seatings(engine, row.id)
        self.state: HandState | None = None
        self.hand_id = 0
        self.seed = 0
        self.last: dict[str, Any] | None = None
        self.seq = 0
        self.deadline: float | None = None
        self.listeners: set[Notify] = set()
        self.outbox = Outbox()
        self._driving = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._resume()

    def _resume(self) -> None:
        """Replay the stored hand (seed + actions), or stand after the last finished one."""
        last = store.last_hand(self.engine, self.row.id)
        if last is None:
            return
        if last.finished and last.result is not None:
            self.last = last.result
            self.match.table = table_state(last.result["next"])
            return
        self.match.table = table_state(last.start)
        self.state, self.seed = self.match.start_hand()
        self.hand_id = last.id
        for text in last.actions:
            self.state.apply(parse_action(text))

    # who sits where

    def seat_of(self, account: int | None) -> int | None:
        return next((s for s, a in self.seated.items() if a == account), None)

    def open_seats(self) -> list[int]:
        return [s for s in range(self.row.seats) if s not in self.row.computers]

    def sit(self, account: int, seat: int, guest: bool) -> None:
        if self.row.over:
            raise PokernightError(f"the table is over: {self.row.over}")
        if seat not in self.open_seats():
            raise PokernightError(f"seat {seat + 1} is not open to people")
        if seat in self.seated:
            raise PokernightError(f"seat {seat + 1} is taken")
        if self.seat_of(account) is not None:
            raise PokernightError("you already sit at this table")
        if guest and len(self.open_seats()) > 1:
            raise PokernightError("guests play the computer alone: sign up to sit with people")
        store.set_seating(self.engine, self.row.id, seat, account)
        self.seated[seat] = account
        self.changed()
        self.kick()

    def leave(self, account: int) -> None:
        seat = self.seat_of(account)
        if seat is None:
            raise PokernightError("you have no seat at this table")
        store.set_seating(self.engine, self.row.id, seat, None)
        del self.seated[seat]
        self.changed()

    # actions

    def act(self, account: int, text: str, seat: int | None, seq: int | None) -> str | None:
        """A person's action; the error message if it is refused (then nothing changed)."""
        mine = self.seat_of(account)
        if mine is None:
            return "you have no seat at this table: watch, or take a seat first"
        if seat is not None and seat != mine:
            return f"you sit at seat {mine + 1}: you cannot act for seat {seat + 1}"
        if seq is not None and seq != self.seq:
            return f"the table has moved on (now at {self.seq}): act on the latest state"
        if self.state is None or self.state.to_act() != mine:
            return "it is not your turn"
        try:
            self.state.apply(parse_action(text))
        except PokernightError as exc:
            return str(exc)
        except ValueError:  # a digit int() cannot read, e.g. "bet ²"
            return f"{text!r} is not an action: amounts are written with the digits 0-9"
        self._saved()
        self.kick()
        return None

    def timeout(self, seat: int) -> Action:
        """On expiry: check if free, else pass or fold; otherwise the game's stand-in bot."""
        assert self.state is not None
        legal = self.state.legal_actions()
        for action in (CHECK, PASS, FOLD):
            if action in legal:
                return action
        return self.stand_in.act(self.state.view(seat))

    # the loop

    def kick(self) -> None:
        """Run the table forward in the background (computer seats, next hands)."""
        task = asyncio.get_running_loop().create_task(self.drive())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drive(self) -> None:
        if self._driving:
            return
        self._driving = True
        try:
            while await self._step():
                pass
        finally:
            self._driving = False

    async def _step(self) -> bool:
        """One move of the table; False when it waits for a person or for players."""
        if self.state is None:
            if self.row.over or len(self.seated) < len(self.open_seats()):
                return False
            reason = self.match.over()
            if reason is not None:
                store.mark_over(self.engine, self.row.id, reason)
                self.row = dataclasses.replace(self.row, over=reason)
                self.changed()
                return False
            self.state, self.seed = self.match.start_hand()
            start = dataclasses.asdict(self.match.table)
            self.hand_id = store.start_hand(
                self.engine, self.row.id, self.match.table.hand, self.seed, start
            )
            self.changed()
            return True
        seat = self.state.to_act()
        if seat is None:
            self._finish()
            if self.pace.hand_pause:
                await asyncio.sleep(self.pace.hand_pause)
            return True
        if seat not in self.bots:
            self._arm(seat)
            return False
        if self.pace.bot_delay:
            await asyncio.sleep(self.pace.bot_delay)
        state = self.state
        if state is None or state.to_act() != seat:
            return True
        moves = len(state.actions)
        action = await self._think(self.bots[seat], state.view(seat))
        if self.state is not state or len(state.actions) != moves:
            return True  # the hand moved on while the computer thought: look again
        state.apply(action)
        self._saved()
        return True

    async def _think(self, player: Player, view: View) -> Action:
        """A computer's move, on the bots' thread when there is one: a Monte Carlo move takes
        tens of milliseconds, and on the event loop it held up every other table that long.
        The player gets only its view; the hand is changed back on the loop."""
        if self.bots_thread is None:
            return player.act(view)
        return await asyncio.get_running_loop().run_in_executor(self.bots_thread, player.act, view)

    def _arm(self, seat: int) -> None:
        seconds = self.row.turn_seconds
        if not seconds:
            self.deadline = None
            return
        self.deadline = time.time() + seconds
        seq = self.seq

        async def expire() -> None:
            await asyncio.sleep(seconds)
            if self.seq == seq and self.state is not None and self.state.to_act() == seat:
                self.state.apply(self.timeout(seat))
                self._saved()
                await self.drive()

        task = asyncio.get_running_loop().create_task(expire())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _saved(self) -> None:
        """Store the hand's actions, then announce them. Not the hand's last action: ``drive``
        finishes the hand next, and ``_finish`` stores it with the result and the ledger in
        one transaction and announces it once. Storing and announcing it alone as well cost a
        write and a message for every socket at the table at each hand's end; under load the
        tables end their hands together, and that burst was the slowest round trips."""
        assert self.state is not None
        if self.state.to_act() is None:
            return
        store.save_actions(self.engine, self.hand_id, [str(a) for a in self.state.actions])
        self.changed()

    def _finish(self) -> None:
        assert self.state is not None
        outcome = self.state.outcome()
        assert outcome is not None
        before = self.match.table
        self.match.finish_hand(self.state, self.seed)
        holders = [
            f"account:{self.seated[s]}" if s in self.seated else f"seat:{self.row.id}:{s}"
            for s in range(self.row.seats)
        ]
        self.last = hand_result(before.hand, outcome, holders, self.match.table)
        entries = ledger_entries(self.row.id, holders, outcome, before.carry)
        actions = [str(a) for a in self.state.actions]
        store.finish_hand(self.engine, self.hand_id, actions, self.last, entries)
        self.state = None
        self.deadline = None
        self.changed()

    def changed(self) -> None:
        self.seq += 1
        for notify in list(self.listeners):
            notify()


def table_state(data: dict[str, Any]) -> TableState:
    return TableState(**{**data, "stakes": tuple(data["stakes"])})
