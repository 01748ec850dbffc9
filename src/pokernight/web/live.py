"""One live table: its match played over the protocol, computer seats played by the game's
bots, people's seats waiting for their sockets. The table alone changes the hand; every change
is stored (seed + actions, the version, the turn's deadline) before it is announced, so a
restarted server resumes it with versions that keep growing and the time that was left.

A table is made of parts it alone changes: ``versions.Versioned`` (its row and its stored,
announced versions), ``chairs.Chairs`` (who sits where and who is there, its computers, and
whose hand it is), and here the match and its loop. Whatever changes them (a person's move,
a seat taken, the host's commands) is a method of the table.

A hand is dealt whenever at least the game's fewest seats (its spec's) can be dealt in, a
person among them: the seats nobody holds and the people sitting out are skipped
(``TableState.out``: no cards, no ante). A leaver's hand plays on without them: check, pass
or fold, else the game's own bot.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from pokernight.catalog import (
    Seating,
    check,
    computer,
    entry,
    games,
    preparations,
    seat_table,
)
from pokernight.engine.actions import CHECK, FOLD, PASS, Action, parse_action
from pokernight.engine.protocol import Game, HandState, Player, TableState, View, replayed
from pokernight.engine.table import Match
from pokernight.errors import PokernightError
from pokernight.seeds import derive_seed
from pokernight.web import choosing, hosting, rebuys, store
from pokernight.web.asking import SeatRequests
from pokernight.web.chairs import Chairs
from pokernight.web.outbox import Outbox
from pokernight.web.preparing import Preparer, Running
from pokernight.web.rebuys import Rebuys
from pokernight.web.results import Unit, entries_for, hand_result
from pokernight.web.versions import Notify, Versioned
from pokernight.web.writer import Writer


@dataclass(frozen=True)
class Pace:
    """How fast computer seats act and hands follow each other (0 in tests). A computer acts
    ``bot_delay`` after its turn came, however long it thought (within that time): a move
    that came sooner for a weak hand and later for a strong one told its hand (the Big Two
    search's time followed its hand's strength)."""

    bot_delay: float = 0.6
    hand_pause: float = 2.0


class LiveTable:
    """A table played live: the match, its computers and the loop that plays it."""

    def __init__(
        self,
        row: store.TableRow,
        engine: Engine,
        pace: Pace,
        bots_thread: Executor | None = None,
        writer: Writer | None = None,
        preparer: Preparer | None = None,
    ) -> None:
        seating = self._seating(row.match_seed, row)
        dealing = seating if row.practice else self._seating(row.dealing_seed, row)
        self.versions = Versioned(row, engine, writer)
        self.chairs = Chairs(self.versions, dict(dealing.bots), self.kick)
        self.state: HandState | None = None
        """The hand in play (None between hands)."""
        self.pace = pace
        self.bots_thread = bots_thread
        self.preparer = preparer or Preparer()
        self.preparing: Running | None = None
        """The computers' one-time work the table waits for, as it stands (None: none)."""
        self.match = Match(seating.game, [], dealing.seed, seating.table)
        self.stand_in = self._stand_in()
        self.fewest = entry(row.game).spec.seats[0]
        """The fewest seats a hand of the game is dealt to."""
        self.names: dict[int, str] = {}
        self.hand = store.HandKey()
        self.finished: tuple[HandState, list[int]] | None = None
        """The hand last finished and the accounts it was dealt to: shown until the next deal,
        so the table keeps its cards, stakes and log between hands."""
        self.seed = 0
        self.moved_at = 0
        """The version that showed the hand's latest change (a deal, a move, its end): an
        action or a question stamped with it or any version since is about the turn in play,
        whatever requests and settings bumped the version meanwhile."""
        self.playing_for = Unit(points=False)
        """What the hand in play is played for, as it was dealt (the host's settings change
        the next hand's, never this one's)."""
        self.ending: str | None = None
        """Why the table ends once the hand in play is over (the host ended it mid-hand)."""
        self.last: dict[str, Any] | None = None
        self.deadline: float | None = None
        self.outbox = Outbox()
        self.hosting = hosting.load(engine, row.id)
        self._driving = False
        self._armed: tuple[HandState, int] | None = None
        """The turn whose timer runs: its hand and how many actions it had."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.public_lines: dict[int, str] = {}
        """Each finished hand's public record, by the hand's id, made once (``records``)."""
        self._games: dict[tuple[str, tuple[tuple[str, str], ...]], Game] = {}
        """The games of hands played before the one in play, made once each."""
        self._resume()

    # its parts, read (only the table changes them)

    @property
    def row(self) -> store.TableRow:
        return self.versions.row

    @property
    def seq(self) -> int:
        """The table's version."""
        return self.versions.seq

    @property
    def engine(self) -> Engine:
        return self.versions.engine

    @property
    def unsaved(self) -> int:
        """Writes queued and not yet committed: the table announces nothing meanwhile."""
        return self.versions.unsaved

    @property
    def listeners(self) -> set[Notify]:
        """Called at each new version of the table, once it is stored."""
        return self.versions.listeners

    @property
    def seated(self) -> Mapping[int, int]:
        """Who sits where: seat → account."""
        return self.chairs.seated

    @property
    def holders(self) -> list[int] | None:
        return self.chairs.holders

    @property
    def bots(self) -> Mapping[int, Player]:
        return self.chairs.bots

    @property
    def house(self) -> int:
        return self.chairs.house

    @property
    def away(self) -> AbstractSet[int]:
        return self.chairs.away

    @property
    def removing(self) -> AbstractSet[int]:
        return self.chairs.removing

    @property
    def asking(self) -> SeatRequests:
        return self.chairs.asking

    @property
    def rebuys(self) -> Rebuys:
        """Chips asked for and approved, waiting for the host or the hand's end."""
        return self.chairs.rebuys

    @property
    def attended(self) -> int:
        return self.chairs.attended

    @property
    def sockets(self) -> Mapping[int, int]:
        return self.chairs.sockets

    def chair_of(self, account: int | None) -> int | None:
        return self.chairs.chair_of(account)

    def seat_of(self, account: int | None) -> int | None:
        return self.chairs.seat_of(account)

    def open_seats(self) -> list[int]:
        return self.chairs.open_seats()

    def sitting_out(self) -> list[int]:
        return self.chairs.sitting_out()

    def free_seat(self, asked: int | None) -> int:
        return self.chairs.free_seat(asked)

    # people come and go (``chairs.Chairs`` carries it out)

    def sit(self, account: int, seat: int, guest: bool) -> None:
        self.chairs.sit(account, seat, guest)

    def leave(self, account: int) -> None:
        self.chairs.leave(account)

    def ask(self, account: int, seat: int | None) -> None:
        self.chairs.ask(account, seat)

    def answer(self, account: int, approve: bool, seat: int | None) -> None:
        self.chairs.answer(account, approve, seat)

    def opened(self, account: int) -> None:
        self.chairs.opened(account)

    def closed(self, account: int) -> None:
        self.chairs.closed(account)

    def back(self, account: int, chosen: bool = True) -> None:
        self.chairs.back(account, chosen)

    def sit_out(self, account: int) -> None:
        self.chairs.sit_out(account)

    def changed(self) -> None:
        """Tell every page of the table that it changed (a request asked or answered)."""
        self.versions.changed()

    def _resume(self) -> None:
        """Replay the stored hand (seed + actions) with its players and its turn's deadline,
        or stand after the last finished one; either way show the last finished hand. The
        version continues past every one stored, so no client mistakes a new state for one
        it has seen."""
        self.last = store.last_result(self.engine, self.row.id)
        last = store.last_hand(self.engine, self.row.id)
        if last is None:
            self.versions.seq += 1
            self.match.table = hosting.with_topups(self.engine, self.row.id, self.match.table)
            return
        self.versions.seq = max(self.versions.seq, last.seq) + 1
        self.moved_at = self.versions.seq
        self.match.table = table_state(last.start)
        self.seed = last.seed
        state = self.game_of(last).new_hand(self.match.table, last.seed)
        if last.finished and last.result is not None:
            holders = last.holders or self.chairs.dealt()
            self.finished = (replayed(state, last.actions), holders)
            after = table_state(last.result["next"])
            self.match.table = hosting.with_topups(self.engine, self.row.id, after)
            return
        self.state = replayed(state, last.actions)
        self.playing_for = self.unit
        self.hand = store.HandKey(last.id)
        self.chairs.holders = last.holders or self.chairs.dealt()
        self.deadline = last.deadline

    def close(self, reason: str) -> None:
        """Close the table for good (nothing happened at it for too long, and nobody is
        there): a hand in play is played out at once, every seat by the timeout rule, and
        settled with the accounts it was dealt to; the table is stored closed, its hands and
        records kept."""
        while self.state is not None and (seat := self.state.to_act()) is not None:
            self.state.apply(self.timeout(seat))
        if self.state is not None:
            self._finish()
        reason = self.row.over or reason
        self.versions.write(store.mark_over, self.row.id, reason, self.seq + 1, closed=True)
        self.versions.row = dataclasses.replace(self.row, over=reason)
        self.versions.changed()

    # the host's commands (``routes.host`` checks who asks): each changes the next hand,
    # never the one in play

    def end(self, reason: str) -> bool:
        """End the table: at once between hands; during one, no hand is dealt after it (the
        table pauses, stored, so a restart deals nothing either) and the table ends once it
        is over, every seat's turns still its own under its timer. Whether it ended now."""
        if self.state is None:
            self.close(reason)
            return True
        self.ending = reason
        self.change_settings(paused=True)
        return False

    def change_settings(self, **chosen: Any) -> hosting.Hosting:
        """The host's settings with ``chosen`` changed, stored and shown, and the table run
        on: resuming deals (a paused table deals no new hand; the one in play finishes), and
        a game chosen may deal the next hand of a table that waited for it."""
        self.hosting = dataclasses.replace(self.hosting, **chosen)
        self.versions.record(hosting.save, self.row.id, self.hosting)
        self.kick()
        return self.hosting

    def set_away(self, seat: int, away: bool) -> None:
        """Set a person's seat away (it sits out from the next hand; its cards in the hand in
        play are its own, played by them or by its turn timer) or back."""
        self._person_at(seat)
        if away:
            self.chairs.away.add(seat)
        else:
            self.chairs.away.discard(seat)
        self.versions.changed()
        self.kick()

    def remove_player(self, seat: int) -> None:
        """The player stands up once the hand in play is over (at once between hands); their
        cards in play stay theirs to play, under their turn timer."""
        self._person_at(seat)
        self.chairs.removing.add(seat)
        self.chairs.away.add(seat)
        if self.state is None:
            self.chairs.unseat_removed()
        self.kick()

    def top_up(self, seat: int, amount: int, host: int) -> int:
        """Add ``amount`` chips to ``seat``'s stake between hands (the house's, for a
        computer seat), recorded with the ``host`` who did; the stake it comes to."""
        spec = entry(self.row.game).spec
        if spec.points:
            raise PokernightError(
                f"{spec.title} is played for points, not money: there is no stake to top up"
            )
        self._between_hands("stakes are topped up")
        if not 0 <= seat < self.row.seats:
            raise PokernightError(f"seat {seat + 1} is not at a table of {self.row.seats}")
        owner = self.chairs.house if seat in self.row.computers else self._person_at(seat)
        return self.add_chips(seat, owner, amount, host, asked=False)

    def add_chips(self, seat: int, owner: int, amount: int, by: int, asked: bool) -> int:
        """Add ``amount`` to ``seat``'s stake before the next hand (``owner`` sits there;
        ``by`` approved it; ``asked``: a rebuy the player asked for, else the host's top-up),
        stored with the table's other writes; the new stake."""
        now = self.match.table
        self.versions.record(
            hosting.add_topup, self.row.id, seat, owner, amount, by, now.hand, asked
        )
        stakes = [*now.stakes]
        stakes[seat] += amount
        self.match.table = dataclasses.replace(now, stakes=tuple(stakes))
        return stakes[seat]

    def set_rebuy_limit(self, limit: int) -> None:
        """The chips each player may take without asking the host (0: the host approves all)."""
        self.hosting = dataclasses.replace(self.hosting, rebuy_limit=limit)
        self.versions.record(hosting.save, self.row.id, self.hosting)

    def add_computer(self, seat: int, bot: str) -> dict[int, str]:
        """Seat the computer player ``bot`` between hands, seeded as the catalog seats one at
        this table; the computer seats it leaves."""
        self._between_hands("computer seats are added")
        if seat in self.chairs.seated or seat in self.row.computers:
            raise PokernightError(f"seat {seat + 1} is taken")
        self._set_computers({**self.row.computers, seat: bot})
        self.chairs.bots[seat] = computer(
            self.row.game, bot, self.row.dealing_seed, seat, self.match.game.options
        )
        self.kick()
        return self.row.computers

    def remove_computer(self, seat: int) -> dict[int, str]:
        """Empty a computer seat between hands; the computer seats it leaves."""
        self._between_hands("computer seats are removed")
        if seat not in self.row.computers:
            raise PokernightError(f"seat {seat + 1} is not a computer seat")
        self._set_computers({s: b for s, b in self.row.computers.items() if s != seat})
        del self.chairs.bots[seat]
        return self.row.computers

    def _set_computers(self, computers: dict[int, str]) -> None:
        """The same check as a new table's (a seat left for a person), then stored."""
        row = self.row
        check(row.game, row.seats, computers, row.options, people=1)
        self.versions.row = dataclasses.replace(row, computers=computers)
        self.versions.record(hosting.set_computers, row.id, computers, self.seq + 1)

    def _between_hands(self, what: str) -> None:
        if self.state is not None:
            raise PokernightError(
                f"{what} between hands: pause the table and the hand in play finishes first"
            )

    def _person_at(self, seat: int) -> int:
        """The account sitting at ``seat``."""
        if seat not in self.chairs.seated:
            raise PokernightError(f"nobody sits at seat {seat + 1}")
        return self.chairs.seated[seat]

    # actions

    def act(self, account: int, text: str, seat: int | None, seq: int | None) -> str | None:
        """A person's action; the error message if it is refused (then nothing changed)."""
        mine = self.chairs.seat_of(account)
        if mine is None and self.chairs.chair_of(account) is not None:
            return "you sit in from the next hand: this one was dealt before you sat down"
        if mine is None:
            return "you have no seat at this table: watch, or take a seat first"
        if seat is not None and seat != mine:
            return f"you sit at seat {mine + 1}: you cannot act for seat {seat + 1}"
        if self.state is not None and mine in self.match.table.out:
            self.chairs.back(account)
            return "you sit this hand out: you are dealt in again from the next hand"
        if (stale := self.stale(seq, "act on")) is not None:
            return stale
        if self.state is None or self.state.to_act() != mine:
            return "it is not your turn"
        try:
            self.state.apply(parse_action(text))
        except PokernightError as exc:
            return str(exc)
        self.chairs.missed.pop(mine, None)  # a move: here, whatever their pages
        self.chairs.gone.discard(account)
        self.chairs.attended += 1
        self._saved()
        self.kick()
        return None

    def stale(self, seq: int | None, what: str) -> str | None:
        """Why an action or a question stamped with version ``seq`` is not about the turn in
        play (None: it is, or it is unstamped). Judged against the hand's own moves: a
        version that requests, settings or pages opening bumped since shows the same turn,
        so nobody's flood of them makes another's action stale."""
        if seq is None or self.moved_at <= seq <= self.seq:
            return None
        return f"the table has moved on (now at {self.seq}): {what} the latest state"

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
        """One move of the table; False when it waits for a person, for players or for its
        computers' one-time work."""
        if self._preparing():
            return False
        if self.state is None:
            self.chairs.unseat_removed()
            rebuys.grant_waiting(self)
            if self.ending is not None and not self.row.over:
                self.close(self.ending)
            if self.row.over or self.waiting() is not None:
                return False
            self.match.table = dataclasses.replace(self.match.table, out=self.chairs.out_seats())
            chosen = choosing.due(self)
            if chosen is not None:
                self._switch(chosen)
            reason = self.match.over()  # of the seats to be dealt in
            if reason is not None and self.hosting.games:
                self.versions.changed()  # the game is over: the table waits for the next
                return False
            if reason is not None:
                self.versions.write(store.mark_over, self.row.id, reason, self.seq + 1)
                self.versions.row = dataclasses.replace(self.row, over=reason)
                self.versions.changed()
                return False
            self.chairs.holders = self.chairs.dealt()
            if self.row.practice and set(self.chairs.holders) - {self.chairs.house, self.row.owner}:
                self._share()
            self.state, self.seed = self.match.start_hand()
            self.playing_for = self.unit
            start = dataclasses.asdict(self.match.table)
            number = self.match.table.hand
            self.hand = store.HandKey()
            turn = self._turn()
            self.versions.write(
                store.start_hand,
                self.hand,
                self.row.id,
                number,
                self.seed,
                start,
                self.chairs.holders,
                turn,
                self.row.game,
                self.row.options,
            )
            self._moved()
            return True
        seat = self.state.to_act()
        if seat is None:
            self._finish()
            if self.pace.hand_pause:
                await asyncio.sleep(self.pace.hand_pause)
            return True
        if seat not in self.chairs.bots and not self.chairs.absent(seat):
            self._arm(seat)
            return False
        if seat not in self.chairs.bots:  # its player left or is away: played at once
            self.state.apply(self.timeout(seat))
            self._saved()
            return True
        state = self.state
        moves = len(state.actions)
        clock = asyncio.get_running_loop()
        began = clock.time()
        action = await self._think(self.chairs.bots[seat], state.view(seat))
        if self.pace.bot_delay:  # the rest of the delay: its time tells nothing of its cards
            await asyncio.sleep(max(0.0, self.pace.bot_delay - (clock.time() - began)))
        if self.state is not state or len(state.actions) != moves:
            return True  # the hand moved on while the computer thought: look again
        state.apply(action)
        self._saved()
        return True

    def _switch(self, chosen: hosting.NextGame) -> None:
        """Deal the next hand in the game ``chosen``: its computers the house's players, the
        button where it was, the hands numbered on, chip stakes carried (or brought back
        after a game of points, whose scores start at 0); stored with the table."""
        now = self.match.table
        computers = choosing.house_computers(chosen.game, self.row.computers)
        row = dataclasses.replace(
            self.row, game=chosen.game, options=chosen.options, computers=computers
        )
        seating = self._seating(row.match_seed, row)
        dealing = seating if row.practice else self._seating(row.dealing_seed, row)
        points = entry(chosen.game).spec.points
        if points:
            stakes = seating.table.stakes
        elif entry(self.row.game).spec.points:
            stakes = self._chips_kept(seating.table.stakes)
        else:
            stakes = now.stakes
        self.versions.row = row
        self.versions.write(store.set_game, row.id, row.game, row.options, computers, self.seq + 1)
        table = dataclasses.replace(
            seating.table, stakes=stakes, dealer=now.dealer, hand=now.hand, first=now.hand
        )
        self.match = Match(dealing.game, [], dealing.seed, dataclasses.replace(table, out=now.out))
        self.chairs.bots = dict(dealing.bots)
        self.stand_in = self._stand_in()
        self.fewest = entry(row.game).spec.seats[0]
        self.hosting = dataclasses.replace(self.hosting, next_game=None)
        self.versions.write(hosting.save, row.id, self.hosting)

    def _chips_kept(self, fresh: tuple[int, ...]) -> tuple[int, ...]:
        """The chip stakes the last hand of a game of chips left (with the chips added
        since), or ``fresh`` where the table has played none."""
        chips = [name for name in games() if not entry(name).spec.points]
        found = store.last_of_games(self.engine, self.row.id, chips)
        if found is None or found.result is None:
            return fresh
        after = table_state(found.result["next"])
        return hosting.with_topups(self.engine, self.row.id, after).stakes

    def game_of(self, hand: store.HandRow) -> Game:
        """The game a stored hand was dealt in (the one in play, or one played before)."""
        name, options = hand.game or self.row.game, hand.options or self.row.options
        if (name, options) == (self.row.game, self.row.options):
            return self.match.game
        key = (name, tuple(sorted(options.items())))
        if key not in self._games:
            self._games[key] = entry(name).spec.make(self.row.seats, options, random.Random(0))[0]
        return self._games[key]

    @staticmethod
    def _seating(seed: int, row: store.TableRow) -> Seating:
        """The catalog's seating of the table from ``seed``: its first table (dealer) from
        the host's seed, its deals and computers from ``row.dealing_seed``."""
        return seat_table(row.game, seed, row.seats, row.computers, row.options)

    def _stand_in(self) -> Player:
        """The game's own bot that plays a timed-out or absent seat's turns."""
        game = entry(self.row.game)
        rng = random.Random(derive_seed(self.row.dealing_seed, "stand-in"))
        return game.bots[game.lineup(self.row.options)[0]](rng, self.match.game.options)

    def _share(self) -> None:
        """Someone besides the host is dealt in at a practice table: from this hand on it
        deals, and its computers choose, from the server's secret, which no one knows."""
        self.versions.row = dataclasses.replace(self.row, shared=True)
        self.versions.write(store.mark_shared, self.row.id)
        dealing = self._seating(self.row.dealing_seed, self.row)
        self.match.seed = dealing.seed
        self.chairs.bots = dict(dealing.bots)
        self.stand_in = self._stand_in()

    def waiting(self) -> str | None:
        """Why no hand can be dealt now, in the page's words (None: one can): the host has
        not dealt yet or paused the table, no person to deal in, or fewer seats than the game
        deals to."""
        chosen = self.hosting.next_game
        if self.hosting.games and chosen is None and (over := self.match.over()) is not None:
            title = entry(self.row.game).spec.title
            return f"{title} is over ({over}): waiting for the next game to be chosen"
        if self.hosting.paused:
            if self.ending is not None:
                return "The host ended the table: it ends once this hand is over"
            if self.dealt:
                return "Paused by the host: no hand is dealt until they resume"
            return "Waiting for the host to deal"
        out = self.chairs.out_seats()
        if all(s in out for s in self.chairs.open_seats()):
            if any(s in self.chairs.seated for s in self.chairs.open_seats()):
                return "Waiting for a player to come back"
            return "Waiting for players to sit down"
        ready = self.row.seats - len(out)
        if ready < self.fewest:
            return (
                f"Waiting for players: a hand is dealt to {self.fewest} seats or more, "
                f"{ready} {'is' if ready == 1 else 'are'} ready"
            )
        return None

    @property
    def unit(self) -> Unit:
        """What the hand in play is played for (``results.Unit``)."""
        points = entry(self.row.game).spec.points
        return Unit(points, self.hosting.point_value, self.row.practice)

    @property
    def dealt(self) -> bool:
        """Whether the table has dealt a hand (before its first, the host's Resume deals)."""
        return self.state is not None or self.finished is not None

    def _preparing(self) -> bool:
        """Whether a computer's one-time work is still to be done (begun if it is not)."""
        work = preparations(self.chairs.bots.values())
        self.preparing = self.preparer.start(work[0], self._prepared) if work else None
        return bool(work)

    def _prepared(self) -> None:
        """The work moved on or ended: show it, and play on if it is done."""
        self.versions.changed()
        self.kick()

    async def _think(self, player: Player, view: View) -> Action:
        """A computer's move, on the bots' thread when there is one: a Monte Carlo move takes
        tens of milliseconds, and on the event loop it held up every other table that long.
        The player gets only its view; the hand is changed back on the loop."""
        if self.bots_thread is None:
            return player.act(view)
        return await asyncio.get_running_loop().run_in_executor(self.bots_thread, player.act, view)

    def _turn(self) -> store.Turn:
        """What the change being stored leaves: the table's next version, and the deadline of
        the person to act now (stored with it, so a restarted server gives them the time they
        had left rather than a new turn)."""
        seat = self.state.to_act() if self.state is not None else None
        person = seat is not None and seat not in self.chairs.bots and not self.chairs.absent(seat)
        seconds = self.row.turn_seconds
        self.deadline = time.time() + seconds if person and seconds else None
        return store.Turn(self.seq + 1, self.deadline)

    def _arm(self, seat: int) -> None:
        """Play the turn by ``timeout`` at its deadline, unless it was played by then; a
        missed turn counts towards sitting out (``missed_turn``). Armed once a turn, however
        often the table changes meanwhile (people come and go, the host changes settings)."""
        if self.deadline is None or self.state is None:
            return
        state, moves = self.state, len(self.state.actions)
        if self._armed == (state, moves):
            return
        self._armed = (state, moves)
        wait = max(0.0, self.deadline - time.time())

        async def expire() -> None:
            await asyncio.sleep(wait)
            if self.state is state and len(state.actions) == moves:
                self.chairs.missed_turn(seat)
                state.apply(self.timeout(seat))
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
        actions = [str(a) for a in self.state.actions]
        self.versions.write(store.save_actions, self.hand, actions, self._turn())
        self._moved()

    def _finish(self) -> None:
        assert self.state is not None
        outcome = self.state.outcome()
        assert outcome is not None
        before = self.match.table
        self.match.finish_hand(self.state, self.seed)
        holders = self.chairs.holders or self.chairs.dealt()
        players = [self._player(s, holders[s], before.out) for s in range(self.row.seats)]
        self.last = hand_result(before.hand, self.state, players, self.match.table)
        entries = entries_for(holders, outcome, self.chairs.house, before.out, self.playing_for)
        actions = [str(a) for a in self.state.actions]
        self.versions.write(store.finish_hand, self.hand, actions, self.last, entries, self.seq + 1)
        self.finished = (self.state, holders)
        self.state = None
        self.chairs.holders = None
        self.deadline = time.time() + self.pace.hand_pause if self.pace.hand_pause else None
        self._moved()

    def _moved(self) -> None:
        """The hand changed: a new version, the first of its new turn (``moved_at``)."""
        self.versions.changed()
        self.moved_at = self.seq

    def _player(self, seat: int, account: int, out: tuple[int, ...]) -> str:
        """Who played ``seat`` as the table shows it: the person's name, or the computer's
        strategy where its game shows it (never an account id); a seat ``out`` of the hand,
        who sat it out (nobody where the seat was empty)."""
        if seat in self.row.computers:
            shown = entry(self.row.game).shown(self.row.computers[seat], over=False)
            return "computer" if shown is None else f"{shown} (computer)"
        if seat in out and account == self.chairs.house:
            return "nobody"
        if account not in self.names:
            self.names.update(store.account_names(self.engine, {account}))
        return f"{self.names[account]} (sat out)" if seat in out else self.names[account]


def table_state(data: dict[str, Any]) -> TableState:
    return TableState(
        **{**data, "stakes": tuple(data["stakes"]), "out": tuple(data.get("out", ()))}
    )
