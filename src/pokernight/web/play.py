"""What a live table plays: its match and the hand in play, its host's settings, and the hand
last finished. A part of ``live.LiveTable``, which alone changes it, one command at a time;
every other module reads it (the host's controls, chip requests, the next game's choice, the
records) or is handed what it needs.

Every change is stored (seed + actions, the version, the turn's deadline) before it is
announced, so a restarted server resumes the hand with versions that keep growing and the
time that was left (``resume``)."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

from sqlalchemy import Engine

from pokernight.catalog import Seating, entry, seat_table
from pokernight.engine.actions import CHECK, FOLD, PASS, Action
from pokernight.engine.protocol import Game, HandState, Player, TableState, replayed
from pokernight.engine.table import Match
from pokernight.seeds import derive_seed
from pokernight.web import hosting, store, tourney
from pokernight.web.chairs import Chairs
from pokernight.web.messages import RoundInfo
from pokernight.web.results import Unit, entries_for, hand_result, named
from pokernight.web.versions import Versioned


class Play:
    """The match, the hand in play (``state``, None between hands) and the host's settings."""

    def __init__(self, versions: Versioned, hand_pause: float) -> None:
        row = versions.row
        self.versions = versions
        self.hand_pause = hand_pause
        seating = seating_of(row.match_seed, row)
        dealing = seating if row.practice else seating_of(row.dealing_seed, row)
        self.chairs = Chairs(versions, dict(dealing.bots))
        self.match = tourney.match_of(seating, dealing.seed, row.tournament)
        tourney.resume(self.match, row.standing)  # its level's game, before its stand-in
        self.entrants: list[int] = [] if row.standing is None else row.standing["entrants"]
        """A sit-and-go's accounts by seat, as they bought in at its first hand."""
        self.stand_in = self._stand_in()
        self.state: HandState | None = None
        self.hosting = hosting.load(versions.engine, row.id)
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
        self.last: dict[str, Any] | None = None
        self.deadline: float | None = None
        self.probe: tuple[tuple[int, int], HandState] | None = None
        """A copy of the hand in play at one turn (its number, its actions), that questions
        about a move the hand would refuse are tried on (``trying``)."""
        self.public_lines: dict[int, str] = {}
        """Each finished hand's public record, by the hand's id, made once (``records``)."""
        self._games: dict[tuple[str, tuple[tuple[str, str], ...]], Game] = {}
        """The games of hands played before the one in play, made once each."""
        self._resume()

    @property
    def row(self) -> store.TableRow:
        return self.versions.row

    @property
    def engine(self) -> Engine:
        return self.versions.engine

    @property
    def ending(self) -> str | None:
        """Why the table ends once the hand in play is over (its host ended it mid-hand);
        stored with the settings, so a restart during that hand ends it too."""
        return self.hosting.ending

    @property
    def number(self) -> int:
        """The number of the hand in play (the next one's between hands)."""
        return self.match.table.hand

    def _resume(self) -> None:
        """Replay the stored hand (seed + actions) with its players and its turn's deadline,
        or stand after the last finished one; either way show the last finished hand. The
        version continues past every one stored, so no client mistakes a new state for one
        it has seen."""
        self.last = store.last_result(self.engine, self.row.id)
        last = store.last_hand(self.engine, self.row.id)
        versions = self.versions
        if last is None:
            versions.seq += 1
            self.match.table = hosting.with_topups(self.engine, self.row.id, self.match.table)
            return
        versions.seq = max(versions.seq, last.seq) + 1
        self.moved_at = versions.seq
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

    def deal(self) -> None:
        """Deal the next hand to the seats in, stored with its seed and table."""
        chairs = self.chairs
        chairs.holders = chairs.dealt()
        if self.row.practice and set(chairs.holders) - {chairs.house, self.row.owner}:
            self._share()
        self.state, self.seed = self.match.start_hand()
        self.playing_for = self.unit
        self.hand = store.HandKey()
        row = self.row
        options = tourney.hand_options(row.options, self.match)
        self.versions.write(
            store.start_hand,
            self.hand,
            row.id,
            self.match.table.hand,
            self.seed,
            dataclasses.asdict(self.match.table),
            chairs.holders,
            self.turn(),
            row.game,
            options,
        )
        self.moved()

    def apply(self, action: Action) -> None:
        """Play ``action`` in the hand and store the hand's actions, then announce them. Not
        the hand's last action: ``finish`` stores it with the result and the ledger in one
        transaction and announces it once. Storing and announcing it alone as well cost a
        write and a message for every socket at the table at each hand's end; under load the
        tables end their hands together, and that burst was the slowest round trips."""
        assert self.state is not None
        self.state.apply(action)
        if self.state.to_act() is None:
            return
        actions = [str(a) for a in self.state.actions]
        self.versions.write(store.save_actions, self.hand, actions, self.turn())
        self.moved()

    def finish(self) -> None:
        """Settle the hand that is over: its result, the ledger's entries in its unit."""
        assert self.state is not None
        outcome = self.state.outcome()
        assert outcome is not None
        before = self.match.table
        self.match.finish_hand(self.state, self.seed)
        chairs = self.chairs
        holders = chairs.holders or chairs.dealt()
        players = [player_named(self, s, holders[s], before.out) for s in range(self.row.seats)]
        self.last = hand_result(before.hand, self.state, players, self.match.table)
        entries, standing = tourney.settled(self.match, self.entrants, holders, chairs.house)
        if entries is None:  # a cash table's hand (a sit-and-go moves money twice, see there)
            entries = entries_for(holders, outcome, chairs.house, before.out, self.playing_for)
        actions = [str(a) for a in self.state.actions]
        seq = self.versions.seq + 1
        self.versions.write(
            store.finish_hand, self.hand, actions, self.last, entries, seq, standing
        )
        self.finished = (self.state, holders)
        self.state = None
        chairs.holders = None
        self.deadline = time.time() + self.hand_pause if self.hand_pause else None
        self.moved()

    def play_out(self) -> None:
        """Play the hand in play to its end at once, every seat by the timeout rule."""
        while self.state is not None and (seat := self.state.to_act()) is not None:
            self.state.apply(self.timeout(seat))
        if self.state is not None:
            self.finish()

    def mark_over(self, reason: str, closed: bool = False) -> None:
        """The table is over (``closed``: for good, by the idle sweep or its host), said as
        every page reads it (``named``)."""
        reason = self.named(reason)
        self.versions.write(
            store.mark_over, self.row.id, reason, self.versions.seq + 1, closed=closed
        )
        self.versions.row = dataclasses.replace(self.row, over=reason)
        self.versions.changed()

    def timeout(self, seat: int) -> Action:
        """On expiry: check if free, else pass or fold; otherwise the game's stand-in bot."""
        assert self.state is not None
        legal = self.state.legal_actions()
        for action in (CHECK, PASS, FOLD):
            if action in legal:
                return action
        return self.stand_in.act(self.state.view(seat))

    def stale(self, seq: int | None, what: str) -> str | None:
        """Why an action or a question stamped with version ``seq`` is not about the turn in
        play (None: it is, or it is unstamped). Judged against the hand's own moves: a
        version that requests, settings or pages opening bumped since shows the same turn,
        so nobody's flood of them makes another's action stale."""
        if seq is None or self.moved_at <= seq <= self.versions.seq:
            return None
        return f"the table has moved on (now at {self.versions.seq}): {what} the latest state"

    def settle(self, **chosen: Any) -> hosting.Hosting:
        """The host's settings with ``chosen`` changed, stored and shown."""
        self.hosting = dataclasses.replace(self.hosting, **chosen)
        self.versions.record(hosting.save, self.row.id, self.hosting)
        return self.hosting

    def seat_game(self, row: store.TableRow, stakes: tuple[int, ...] | None) -> None:
        """Play ``row``'s game from the next hand (a game chosen at dealer's choice): its
        computers, the button where it was, the hands numbered on, the ``stakes`` carried
        (None: the new game's own, a game of points starting at 0)."""
        now = self.match.table
        seating = seating_of(row.match_seed, row)
        dealing = seating if row.practice else seating_of(row.dealing_seed, row)
        table = dataclasses.replace(
            seating.table,
            stakes=seating.table.stakes if stakes is None else stakes,
            dealer=now.dealer,
            hand=now.hand,
            first=now.hand,
            out=now.out,
        )
        self.match = Match(dealing.game, [], dealing.seed, table)
        self._seat(row, dealing)

    def ready(self, sitting_out: tuple[int, ...]) -> None:
        """Between hands, the table the next is dealt to (``tourney.dealt_to``); at a mixed
        sit-and-go, in its level's game, which the table then plays as its own (its pages,
        its computers, its stand-in) while the match goes on."""
        self.match.table = tourney.dealt_to(self.match, sitting_out)
        row = tourney.stage_row(self.row, self.match)
        if row is not None:
            self._seat(row, seating_of(row.dealing_seed, row))

    def _seat(self, row: store.TableRow, dealing: Seating) -> None:
        """The table plays ``row``'s game now, its computers ``dealing``'s: stored, seated."""
        self.versions.row = row
        self.versions.write(
            store.set_game, row.id, row.game, row.options, row.computers, self.versions.seq + 1
        )
        self.chairs.bots = dict(dealing.bots)
        self.stand_in = self._stand_in()

    def game_of(self, hand: store.HandRow) -> Game:
        """The game a stored hand was dealt in (the one in play, or one played before)."""
        name, options = hand.game or self.row.game, hand.options or self.row.options
        options, game = tourney.level_game(self.match, options)
        if game is not None:  # a sit-and-go's hand, dealt at its level
            return game
        if (name, options) == (self.row.game, self.row.options):
            return self.match.game
        key = (name, tuple(sorted(options.items())))
        if key not in self._games:
            self._games[key] = entry(name).spec.make(self.row.seats, options, random.Random(0))[0]
        return self._games[key]

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
        dealing = seating_of(self.row.dealing_seed, self.row)
        self.match.seed = dealing.seed
        self.chairs.bots = dict(dealing.bots)
        self.stand_in = self._stand_in()

    @property
    def unit(self) -> Unit:
        """What the hand in play is played for (``results.Unit``)."""
        points = entry(self.row.game).spec.points
        return Unit(points, self.hosting.point_value, self.row.practice)

    @property
    def dealt(self) -> bool:
        """Whether the table has dealt a hand (before its first, the host's Resume deals)."""
        return self.state is not None or self.finished is not None

    def turn(self) -> store.Turn:
        """What the change being stored leaves: the table's next version, and the deadline of
        the person to act now (stored with it, so a restarted server gives them the time they
        had left rather than a new turn)."""
        seat = self.state.to_act() if self.state is not None else None
        chairs = self.chairs
        person = seat is not None and seat not in chairs.bots and not chairs.absent(seat)
        seconds = self.row.turn_seconds
        self.deadline = time.time() + seconds if person and seconds else None
        return store.Turn(self.versions.seq + 1, self.deadline)

    def moved(self) -> None:
        """The hand changed: a new version, the first of its new turn (``moved_at``)."""
        self.versions.changed()
        self.moved_at = self.versions.seq

    def named(self, text: str) -> str:
        """A game's words of the table, which name its seats ("Seat 2"), for every page at
        once: each seat a person sits at by their name (``results.named``)."""
        seated = self.chairs.seated
        return named(text, {seat: self.name_of(account) for seat, account in seated.items()})

    def name_of(self, account: int) -> str:
        if account not in self.names:
            self.names.update(store.account_names(self.engine, {account}))
        return self.names[account]


def player_named(play: Play, seat: int, account: int, out: tuple[int, ...]) -> str:
    """Who played ``seat`` as the table shows it: the person's name, or the computer's
    strategy where its game shows it (never an account id); a seat ``out`` of the hand,
    who sat it out (nobody where the seat was empty). A strategy called "computer" (the
    draw game's) is not said twice."""
    row = play.row
    if seat in row.computers:
        shown = entry(row.game).shown(row.computers[seat], over=False)
        return "computer" if shown in (None, "computer") else f"{shown} (computer)"
    if seat in out and account == play.chairs.house:
        return "nobody"
    name = play.name_of(account)
    return f"{name} (sat out)" if seat in out else name


def round_of(play: Play) -> RoundInfo | None:
    """Where a game played in rounds stands (None: a game of hands): the round in play,
    or between rounds the one last played, whose result the table shows (once the game
    is over, its last); the first before any is dealt."""
    rounds = entry(play.row.game).spec.rounds
    if rounds is None:
        return None
    table = play.match.table  # between rounds: the next one's
    number = table.round if play.state is not None else max(table.round - 1, 1)
    return RoundInfo(number=number, of=rounds(play.match.game.options))


def seating_of(seed: int, row: store.TableRow) -> Seating:
    """The catalog's seating of the table from ``seed``: its first table (dealer) from the
    host's seed, its deals and computers from ``row.dealing_seed``."""
    structure = tourney.structure_of(row.tournament)
    return seat_table(row.game, seed, row.seats, row.computers, row.options, structure)


def table_state(data: dict[str, Any]) -> TableState:
    return TableState(
        **{**data, "stakes": tuple(data["stakes"]), "out": tuple(data.get("out", ()))}
    )
