"""One live table, run as one writer: every change is a command (``web.commands``) handled
one at a time from the table's queue, and answered ``Done`` or ``Refused``. Its parts are
``versions.Versioned`` (its row, its stored and announced versions), ``chairs.Chairs`` (who
sits where and who is there) and ``play.Play`` (the match, the hand in play, the host's
settings); nothing else changes them.

Why one writer: five directions changed the table (socket moves, routes, turn timers, the
computers' thread, the idle sweep), each reaching into its parts, with re-entrancy held off
by hand. Now the timers, the computers and the sweep post commands like everyone else, each
command's writes are stored and then published as one version (``Versioned.held``), and a
computer's move or an expired timer about a turn that has passed is simply not taken.

A hand is dealt whenever at least the game's fewest seats (its spec's) can be dealt in, a
person among them: the seats nobody holds and the people sitting out are skipped
(``TableState.out``: no cards, no ante). A leaver's hand plays on without them: check, pass
or fold, else the game's own bot.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Coroutine
from concurrent.futures import Executor
from typing import Any

from sqlalchemy import Engine

from pokernight.catalog import preparations
from pokernight.engine.actions import Action, parse_action
from pokernight.engine.protocol import Player, View
from pokernight.errors import PokernightError
from pokernight.web import acting, choosing, controls, rebuys, store, tourney
from pokernight.web.commands import (
    Act,
    AddComputer,
    Answer,
    AnswerChips,
    AnswerSeat,
    AskChips,
    AskSeat,
    Away,
    Back,
    ChooseGame,
    Close,
    Closed,
    Command,
    ComputerMoved,
    Done,
    End,
    Leave,
    NextHand,
    Opened,
    Prepared,
    RebuyLimit,
    Refused,
    Remove,
    RemoveComputer,
    Settings,
    Sit,
    SitOut,
    TopUp,
    TurnExpired,
)
from pokernight.web.outbox import Outbox, Snapshot
from pokernight.web.pace import Pace
from pokernight.web.play import Play
from pokernight.web.preparing import Preparer, Running
from pokernight.web.versions import Notify, Versioned
from pokernight.web.waiting import waiting
from pokernight.web.writer import Writer

Turn = tuple[int, int]
"""A turn of the table: the hand's number and how many actions it had."""


class LiveTable:
    """A table played live: its parts, its queue of commands, its timers and computers."""

    def __init__(
        self,
        row: store.TableRow,
        engine: Engine,
        pace: Pace,
        bots_thread: Executor | None = None,
        writer: Writer | None = None,
        preparer: Preparer | None = None,
    ) -> None:
        self.versions = Versioned(row, engine, writer)
        self.play = Play(self.versions, pace.hand_pause)
        self.chairs = self.play.chairs
        self.pace = pace
        self.bots_thread = bots_thread
        self.preparer = preparer or Preparer()
        self.preparing: Running | None = None
        """The computers' one-time work the table waits for, as it stands (None: none)."""
        self.outbox = Outbox()
        self._queue: deque[Command] = deque()
        self._handling = False
        self._armed: Turn | None = None
        """The turn whose timer runs."""
        self._thinking: Turn | None = None
        """The turn a computer is thinking about."""
        self._resting = False
        """The pause after a hand, before the next is dealt."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._snapshot: Snapshot | None = None

    @property
    def row(self) -> store.TableRow:
        return self.versions.row

    @property
    def seq(self) -> int:
        """The table's version."""
        return self.versions.seq

    @property
    def unsaved(self) -> int:
        """Writes queued and not yet committed: the table announces nothing meanwhile."""
        return self.versions.unsaved

    @property
    def listeners(self) -> set[Notify]:
        """Called at each new version of the table, once it is stored."""
        return self.versions.listeners

    @property
    def busy(self) -> bool:
        """Whether the table has work in hand: commands queued, or a computer thinking."""
        return bool(self._queue) or self._handling or self._thinking is not None

    def snapshot(self) -> Snapshot:
        """What the table shows at its version, for every page's message (``Outbox``)."""
        play, key = self.play, (self.seq, self.play.deadline)
        if self._snapshot is None or (self._snapshot.seq, self._snapshot.deadline) != key:
            seated = dict(self.chairs.seated)
            self._snapshot = Snapshot(key[0], key[1], play.state, play.finished, seated, play.last)
        return self._snapshot

    # the queue

    def submit(self, command: Command) -> Answer:
        """Carry out ``command`` after any queued before it, then run the table on (deal,
        computers' turns, timers) as far as it goes; the answer. Handlers never submit: what
        the table does of itself later (a timer, a computer's move) is posted."""
        if self._handling:
            raise RuntimeError(f"{command} submitted while the table handles a command")
        self._queue.append(command)
        answer: Answer = Done()
        self._handling = True
        try:
            while self._queue:
                handled = self._queue.popleft()
                with self.versions.held():
                    said = self._handle(handled)
                    self._advance()
                if handled is command:
                    answer = said
        finally:
            self._handling = False
        return answer

    def post(self, command: Command) -> None:
        """A command of the table's own (a timer, a computer, the idle sweep, the server's
        start): handled now, or after the one being handled."""
        if self._handling:
            self._queue.append(command)
        else:
            self.submit(command)

    def _handle(self, command: Command) -> Answer:
        try:
            value = self._carry_out(command)
        except PokernightError as exc:
            return Refused(str(exc))
        return value if isinstance(value, Refused) else Done(value)

    def _carry_out(self, command: Command) -> Any:
        """What ``command`` does, in the part that does it; what it made, if anything."""
        play, chairs = self.play, self.chairs
        tourney.refuse(command, play.row.tournament is not None, play.dealt)
        match command:
            case Act():
                return acting.act(play, command)
            case Sit(account, seat, guest):
                chairs.sit(account, seat, guest)
            case Leave(account):
                chairs.leave(account)
            case AskSeat(account, seat):
                chairs.ask(account, seat)
            case AnswerSeat(account, approve, seat):
                chairs.answer(account, approve, seat)
            case SitOut(account):
                chairs.sit_out(account)
            case Back(account, chosen):
                chairs.back(account, chosen)
            case Opened(account):
                chairs.opened(account)
            case Closed(account):
                chairs.closed(account)
            case AskChips(account, seat, amount):
                return rebuys.ask(play, account, seat, amount)
            case AnswerChips():
                return rebuys.answer(play, command)
            case ChooseGame(account, game, options):
                return choosing.choose(play, account, game, options)
            case Settings(chosen):
                return play.settle(**chosen)
            case RebuyLimit(limit):
                return play.settle(rebuy_limit=limit)
            case Away(seat, away):
                controls.set_away(play, seat, away)
            case Remove(seat):
                controls.remove_player(play, seat)
            case TopUp(seat, amount, host):
                return controls.top_up(play, seat, amount, host)
            case AddComputer(seat, bot):
                return controls.add_computer(play, seat, bot)
            case RemoveComputer(seat):
                return controls.remove_computer(play, seat)
            case End(reason):
                return self._end(reason)
            case Close(reason):
                self._close(reason)
            case TurnExpired(hand, moves) if self._turn() == (hand, moves):
                seat = play.state.to_act() if play.state else None
                if seat is not None:  # the turn is the one the timer was armed for
                    chairs.missed_turn(seat)
                    play.apply(play.timeout(seat))
            case ComputerMoved(hand, moves, action) if self._turn() == (hand, moves):
                play.apply(parse_action(action))
            case NextHand():
                self._resting = False
            case Prepared():
                play.versions.changed()
        return None

    # the table's end

    def _end(self, reason: str) -> bool:
        """End the table: at once between hands; during one, no hand is dealt after it (the
        table pauses, stored, so a restart deals nothing either) and the table ends once it
        is over, every seat's turns still its own under its timer. Whether it ended now."""
        if self.play.state is None:
            self._close(reason)
            return True
        self.play.settle(paused=True, ending=reason)
        return False

    def _close(self, reason: str) -> None:
        """Close the table for good (by its host between hands, or by the idle sweep when
        nothing happened at it for too long and nobody is there): a hand in play is played
        out at once, every seat by the timeout rule, and settled with the accounts it was
        dealt to; the table is stored closed, its hands and records kept."""
        self.play.play_out()
        self.play.mark_over(self.row.over or reason, closed=True)

    # the table runs on

    def _advance(self) -> None:
        """Run the table as far as it goes now: deal, play the turns of seats whose people
        left, finish hands; then wait for a person (their turn timer armed), a computer
        (thinking), the pause after a hand, or players."""
        play, chairs = self.play, self.chairs
        while not self._preparing():
            if play.state is None:
                if self._resting or not self._deal():
                    return
                continue
            seat = play.state.to_act()
            if seat is None:
                play.finish()
                if play.ending is not None:  # ended mid-hand: over with it, not a pause later
                    self._close(play.ending)
                    return
                if self.pace.hand_pause:
                    self._resting = True
                    self._later(self.pace.hand_pause, NextHand())
                continue
            if seat in chairs.bots:
                self._think(seat)
                return
            if not chairs.absent(seat):
                self._arm()
                return
            play.apply(play.timeout(seat))  # its player left or is resting: played at once

    def _deal(self) -> bool:
        """Between hands: seats removed stand up, chips approved join their stakes, a table
        ended closes, a game chosen takes its turn; then the next hand is dealt if one can
        be. Whether one was."""
        play, chairs = self.play, self.chairs
        chairs.unseat_removed()
        rebuys.grant_waiting(play)
        if play.ending is not None and not play.row.over:
            self._close(play.ending)
        if play.row.over or waiting(play) is not None:
            return False
        play.ready(chairs.out_seats())
        chosen = choosing.due(play)
        if chosen is not None:
            choosing.switch(play, chosen)
        reason = play.match.over()  # of the seats to be dealt in
        if reason is not None and play.hosting.games:
            play.versions.changed()  # the game is over: the table waits for the next
            return False
        if reason is not None:
            play.mark_over(reason)
            return False
        play.deal()
        return True

    def _turn(self) -> Turn | None:
        state = self.play.state
        return None if state is None else (self.play.number, len(state.actions))

    def _arm(self) -> None:
        """Post ``TurnExpired`` at the turn's deadline (taken only if the turn is still to
        be played then); armed once a turn, however often the table changes meanwhile."""
        turn = self._turn()
        if self.play.deadline is None or turn is None or self._armed == turn:
            return
        self._armed = turn
        self._later(max(0.0, self.play.deadline - time.time()), TurnExpired(*turn))

    def _think(self, seat: int) -> None:
        """Ask the computer at ``seat`` for its move, once a turn."""
        turn, state = self._turn(), self.play.state
        if turn is None or state is None or self._thinking == turn:
            return
        self._thinking = turn
        self._spawn(self._thought(self.chairs.bots[seat], state.view(seat), turn))

    async def _thought(self, player: Player, view: View, turn: Turn) -> None:
        """A computer's move, posted ``bot_delay`` after its turn came. On the bots' thread
        when there is one: a Monte Carlo move takes tens of milliseconds, and on the event
        loop it held up every other table that long. The player gets only its view."""
        clock = asyncio.get_running_loop()
        began = clock.time()
        try:
            action = await self._ask(player, view)
            if self.pace.bot_delay:  # the rest of the delay: its time tells nothing of its cards
                await asyncio.sleep(max(0.0, self.pace.bot_delay - (clock.time() - began)))
        finally:
            self._thinking = None
        self.post(ComputerMoved(*turn, str(action)))

    async def _ask(self, player: Player, view: View) -> Action:
        if self.bots_thread is None:
            return player.act(view)
        return await asyncio.get_running_loop().run_in_executor(self.bots_thread, player.act, view)

    def _preparing(self) -> bool:
        """Whether a computer's one-time work is still to be done (begun if it is not)."""
        work = preparations(self.chairs.bots.values())
        self.preparing = self.preparer.start(work[0], self._prepared) if work else None
        return bool(work)

    def _prepared(self) -> None:
        """The work moved on or ended: show it, and play on if it is done."""
        self.post(Prepared())

    def _later(self, seconds: float, command: Command) -> None:
        """Post ``command`` in ``seconds``."""

        async def wait() -> None:
            await asyncio.sleep(seconds)
            self.post(command)

        self._spawn(wait())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
