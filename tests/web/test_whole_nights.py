"""Whole nights at the web tables: Hypothesis runs people sitting down, leaving, opening and
closing their pages, saying they are back, playing or letting the turn timer play for them,
the idle sweep and server restarts, over many hands at short-handed tables (SQLite, and
PostgreSQL when ``POKERNIGHT_TEST_PG`` is set). A model kept by the test alone says who is
there: a seated person is away while every page of theirs is closed (and they have not sat
down since; everyone after a restart) or after two turns in a row played without them, until
they open a page or say they are back. After every step, on what is committed:

- each hand was dealt to exactly the seats the model expects: an empty seat and an absent
  person sit out (no cards, no ante, a net of 0), everyone present is dealt in;
- a table that can deal (the game's fewest seats ready, a person among them) has a hand in
  play: a short-handed table deals;
- the sweep closes exactly the tables nobody was connected to or did anything at for the
  idle time (turn timers are no one), each hand settled and kept;
- the ledger sums to zero, each hand's entries do, and each person is charged exactly the
  seats dealt to them.

The edges (a short-handed deal, sitting out for closed pages and for missed turns, coming
back, an abandoned table closing, a watched one staying) are each reached in the run, or the
test fails. ``POKERNIGHT_NIGHTS=N`` plays N examples drawn afresh (by default the same 15,
a few seconds).
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import Engine, delete, select
from tests.web.clocked import Clocked

from pokernight.catalog import entry
from pokernight.engine.actions import parse_action
from pokernight.engine.protocol import Game, HandState
from pokernight.web import accounts, schema, store
from pokernight.web.commands import Act, Back, Closed, Done, Leave, Opened, Settings, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.play import table_state
from pokernight.web.policy import Policy
from pokernight.web.schema import chat, hands, hosting, ledger, seatings, sessions, tables, topups

LONG = os.environ.get("POKERNIGHT_NIGHTS")
EXAMPLES = int(LONG or "15")
"""By default the same 15 examples each run (the edges are reached in them); a longer run
draws its examples afresh."""
POLICY = Policy(open_tables=1000, creation_burst=1e9, idle_seconds=60)
PICK = st.integers(0, 20)
KINDS = [
    NewTable(game="hurricane", seats=3, turn_seconds=30),
    NewTable(game="bigtwo", seats=3, computers={2: "greedy"}, turn_seconds=30),
    NewTable(game="paigow", seats=3, turn_seconds=30),
]
"""Three people's seats at each (two beside a computer at Big Two): fewer people than seats."""
PEOPLE = 4
MISSES = 2
EDGES = (
    "a short-handed hand dealt",
    "sat out: every page closed",
    "sat out: turns missed",
    "dealt in again after sitting out",
    "an abandoned table closed",
    "a watched table kept open",
)
reached: Counter[str] = Counter()


def _wipe(engine: Engine) -> None:
    """Every row but the house account: each example starts with an empty house."""
    house = store.house_account(engine)
    with engine.begin() as db:
        for table in (ledger, hands, seatings, sessions, hosting, topups, chat, tables):
            db.execute(delete(table))
        db.execute(delete(schema.accounts).where(schema.accounts.c.id != house))


class Followed:
    """The hand of a table the model has caught up with: its replay and how many of its
    actions were counted."""

    def __init__(self, row: Any, game: Game) -> None:
        self.id = row.id
        self.state: HandState = game.new_hand(table_state(json.loads(row.start)), row.seed)
        self.holders: list[int] = json.loads(row.holders)
        self.counted = 0


def machine(engine: Engine) -> type[RuleBasedStateMachine]:
    class Nights(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            _wipe(engine)
            self.server = Clocked(engine, POLICY)
            self.people: list[int] = []
            self.kinds: dict[int, NewTable] = {}
            self.games: dict[int, Game] = {}
            self.seating: dict[int, dict[int, int]] = {}
            """Each table's people by seat, as the model has them."""
            self.tabs: Counter[tuple[int, int]] = Counter()
            """(table, account) → the pages of the table open in that account's browsers."""
            self.gone: set[tuple[int, int]] = set()
            """Seated people whose every page closed (or whose server restarted) since they
            were last here."""
            self.misses: Counter[tuple[int, int]] = Counter()
            """Turns in a row the timer played for each seated person."""
            self.moves: set[tuple[int, int]] = set()
            """(hand id, action index) of every move a person made (not the timer)."""
            self.followed: dict[int, Followed] = {}
            self.dealt: set[int] = set()
            """Hands whose deal was checked."""
            self.sat_out: set[tuple[int, int]] = set()
            """People who came back after sitting out, not yet dealt in again."""
            self.now = 0.0
            """The idle sweep's clock."""
            self.seen: dict[int, float] = {}
            self.touched: set[int] = set()
            """When the sweep last saw each table attended, and the tables attended since."""

        def teardown(self) -> None:
            self.server.close()

        # helpers

        def _run(self, call: Any, *args: Any) -> Any:
            return self.server.run(call, *args)

        def _live(self, pick: int) -> LiveTable | None:
            live = sorted(self.server.manager.tables)
            return self.server.manager.tables[live[pick % len(live)]] if live else None

        def _person(self, pick: int) -> int:
            return self.people[pick % len(self.people)]

        def _seated(self, table: int, account: int) -> int | None:
            return next((s for s, a in self.seating[table].items() if a == account), None)

        def _here_again(self, table: int, account: int) -> None:
            """What coming back does to the model: present, no turns missed."""
            self.gone.discard((table, account))
            self.misses[table, account] = 0

        def _expected_out(self, table: int) -> tuple[int, ...]:
            kind = self.kinds[table]
            out = []
            for seat in range(kind.seats):
                if seat in kind.computers:
                    continue
                account = self.seating[table].get(seat)
                if (
                    account is None
                    or (table, account) in self.gone
                    or self.misses[table, account] >= MISSES
                ):
                    out.append(seat)
            return tuple(out)

        def _dealable(self, table: int) -> bool:
            kind, out = self.kinds[table], self._expected_out(table)
            people = kind.seats - len(kind.computers) - len(out)
            return people > 0 and kind.seats - len(out) >= entry(kind.game).spec.seats[0]

        # rules

        @initialize()
        def open_the_night(self) -> None:
            """Four people, a table of each kind, their maker sitting at each; a second and
            third person at Hurricane, a second at Pai Gow, their pages open: every table
            deals short-handed from the start, and one of them can lose a player and play
            on."""
            for n in range(PEOPLE):
                self.people.append(accounts.sign_up(engine, f"n{n}", "a-password"))
            for table, kind in enumerate(KINDS):
                self.new_table(kind, table)
            for person, table in ((1, 0), (3, 0), (0, 2)):
                self.sit(person, table, 0)
            assert all(t.play.state is not None for t in self.server.manager.tables.values())

        @rule(kind=st.sampled_from(KINDS), person=PICK)
        def new_table(self, kind: NewTable, person: int) -> None:
            """A table made from the lobby, its maker sitting at it."""
            account = self._person(person)
            live = self._run(self.server.manager.create, kind, account)
            if live.play.hosting.paused:  # a table for friends: its host deals at once
                self.server.run(live.submit, Settings({"paused": False}))
            self.kinds[live.row.id] = kind
            self.games[live.row.id] = live.play.match.game
            self.seating[live.row.id] = {}
            self.sit(person, sorted(self.server.manager.tables).index(live.row.id), 0)

        @rule(person=PICK, table=PICK, seat=PICK)
        def sit(self, person: int, table: int, seat: int) -> None:
            """Sit down from the lobby, which then opens the table's page."""
            live, account = self._live(table), self._person(person)
            if live is None or live.row.over or self._seated(live.row.id, account) is not None:
                return
            free = [s for s in live.chairs.open_seats() if s not in live.chairs.seated]
            if not free:
                return
            chair = free[seat % len(free)]
            self._run(live.submit, Sit(account, chair, False))
            self.seating[live.row.id][chair] = account
            self._here_again(live.row.id, account)
            self.touched.add(live.row.id)
            self._catch_up()
            self.open_page(person, table)

        @rule(person=PICK, table=PICK)
        def leave(self, person: int, table: int) -> None:
            live, account = self._live(table), self._person(person)
            if live is None or (chair := self._seated(live.row.id, account)) is None:
                return
            self._run(live.submit, Leave(account))
            del self.seating[live.row.id][chair]
            self._here_again(live.row.id, account)
            self.touched.add(live.row.id)
            self._catch_up()

        @rule(person=PICK, table=PICK)
        def open_page(self, person: int, table: int) -> None:
            live, account = self._live(table), self._person(person)
            if live is None:
                return
            key = (live.row.id, account)
            if key in self.gone or self.misses[key] >= MISSES:
                self.sat_out.add(key)
            self._run(live.submit, Opened(account))
            self.tabs[key] += 1
            if self._seated(*key) is not None:
                self._here_again(*key)
            self.touched.add(live.row.id)
            self._catch_up()

        def _open_pages(self) -> list[tuple[int, int]]:
            """(table, account) of every open page at a running table."""
            running = self.server.manager.tables
            return sorted(k for k, n in self.tabs.items() if n and k[0] in running)

        @rule(pick=PICK)
        def close_page(self, pick: int) -> None:
            pages = self._open_pages()
            if not pages:
                return
            key = pages[pick % len(pages)]
            live, account = self.server.manager.tables[key[0]], key[1]
            self._run(live.submit, Closed(account))
            self.tabs[key] -= 1
            if not self.tabs[key] and self._seated(*key) is not None:
                self.gone.add(key)
            self.touched.add(live.row.id)
            self._catch_up()

        @rule(pick=PICK)
        def im_back(self, pick: int) -> None:
            """The page's "I'm back" (a page of the table must be open to press it)."""
            pages = self._open_pages()
            if not pages:
                return
            key = pages[pick % len(pages)]
            live, account = self.server.manager.tables[key[0]], key[1]
            if key in self.gone or self.misses[key] >= MISSES:
                self.sat_out.add(key)
            self._run(live.submit, Back(account))
            if self._seated(*key) is not None:
                self._here_again(*key)
            self.touched.add(live.row.id)
            self._catch_up()

        @rule(table=PICK, picks=st.lists(st.integers(0, 1000), min_size=1, max_size=10))
        def play(self, table: int, picks: list[int]) -> None:
            """The person to act plays, one pick a turn, if a page of theirs is open."""
            live = self._live(table)
            for pick in picks:
                if (
                    live is None
                    or live.play.state is None
                    or (seat := live.play.state.to_act()) is None
                ):
                    return
                assert live.chairs.holders is not None
                account = live.chairs.holders[seat]
                key = (live.row.id, account)
                if not self.tabs[key] or self.seating[live.row.id].get(seat) != account:
                    return
                legal = live.play.state.legal_actions()
                move = (live.play.hand.id, len(live.play.state.actions))
                self.moves.add(move)
                assert (
                    self._run(live.submit, Act(account, str(legal[pick % len(legal)]), None, None))
                    == Done()
                )
                self.touched.add(live.row.id)
                self._catch_up()

        @rule(table=PICK)
        def a_hand_is_played_out(self, table: int) -> None:
            """The hand in play to its end: the people there play (the first legal action),
            the timer plays for the others."""
            live = self._live(table)
            if live is None or live.play.state is None:
                return
            number = live.play.match.table.hand
            for _ in range(500):
                if live.play.state is None or live.play.match.table.hand != number:
                    return
                seat = live.play.state.to_act()
                assert seat is not None and live.chairs.holders is not None
                account = live.chairs.holders[seat]
                if (
                    self.tabs[live.row.id, account]
                    and self.seating[live.row.id].get(seat) == account
                ):
                    self.play(table, [0])
                else:
                    self.timers_run_out()
            raise AssertionError(f"hand {number} of table {live.row.id} did not end")

        @rule(pick=PICK)
        def walks_out(self, pick: int) -> None:
            """A seated person closes every page of theirs, and the hand is played out."""
            pages = [k for k in self._open_pages() if self._seated(*k) is not None]
            if not pages:
                return
            table, account = pages[pick % len(pages)]
            while self.tabs[table, account]:
                self.close_page(self._open_pages().index((table, account)))
            self.a_hand_is_played_out(sorted(self.server.manager.tables).index(table))

        @rule(pick=PICK)
        def comes_back(self, pick: int) -> None:
            """A person sitting out opens the table's page again, and the hand is played
            out."""
            running = self.server.manager.tables
            away = sorted(
                (t, a)
                for t, seats in self.seating.items()
                for a in seats.values()
                if t in running and ((t, a) in self.gone or self.misses[t, a] >= MISSES)
            )
            if not away:
                return
            table, account = away[pick % len(away)]
            index = sorted(running).index(table)
            self.open_page(self.people.index(account), index)
            self.a_hand_is_played_out(index)

        @rule()
        def timers_run_out(self) -> None:
            self.server.later(31)
            self._catch_up()

        @rule(step=st.integers(10, 70))
        def sweep(self, step: int) -> None:
            self._sweep(self.now + step)

        @rule(table=PICK)
        def everyone_goes_home(self, table: int) -> None:
            """Every page of the table closes; the sweep closes it after the idle time."""
            live = self._live(table)
            if live is None:
                return
            while pages := [k for k in self._open_pages() if k[0] == live.row.id]:
                self.close_page(self._open_pages().index(pages[0]))
            self._sweep(self.now + 1)
            self._sweep(self.now + POLICY.idle_seconds)
            assert live.row.id not in self.server.manager.tables

        @rule()
        def restart(self) -> None:
            """Sockets drop; the restarted server deals nobody in until they are back."""
            self._catch_up()
            self.server.stop()
            self.server.start()
            self.tabs.clear()
            self.seen.clear()
            self.touched.clear()
            for table, seats in self.seating.items():
                for account in seats.values():
                    self.gone.add((table, account))
                    self.misses[table, account] = 0

        def _sweep(self, now: float) -> None:
            """The idle sweep at ``now``, closing exactly the tables the model says."""
            self.now = now
            expected = []
            for table in sorted(self.server.manager.tables):
                watched = any(n for (t, _), n in self.tabs.items() if t == table)
                if watched or table not in self.seen or table in self.touched:
                    if watched and table in self.seen and now - self.seen[table] >= 60:
                        reached["a watched table kept open"] += 1
                    self.seen[table] = now
                    self.touched.discard(table)
                elif now - self.seen[table] >= POLICY.idle_seconds:
                    expected.append(table)
            closed = self._run(self.server.manager.sweep, now)
            assert closed == expected
            self._catch_up()
            for table in closed:
                reached["an abandoned table closed"] += 1
                stored = store.load_table(engine, table)
                assert stored is not None and stored.over is not None

        # invariants

        @invariant()
        def each_hand_is_dealt_to_who_is_there(self) -> None:
            self._catch_up()

        def _catch_up(self) -> None:
            """Catch up with every hand stored since the last step, in order: each deal
            checked against the model's seats, each move counted as a person's or the
            timer's."""
            with engine.connect() as db:
                rows = db.execute(select(hands).order_by(hands.c.id)).all()
            for row in rows:
                table = row.table_id
                followed = self.followed.get(table)
                if followed is not None and row.id < followed.id:
                    continue  # counted whole already
                if followed is None or followed.id < row.id:
                    followed = self.followed[table] = Followed(row, self.games[table])
                if row.id not in self.dealt:
                    self._check_deal(table, row)
                actions = row.actions.split("\n") if row.actions else []
                for index in range(followed.counted, len(actions)):
                    seat = followed.state.to_act()
                    assert seat is not None
                    holder = followed.holders[seat]
                    if self.seating[table].get(seat) == holder:
                        key = (table, holder)
                        if (row.id, index) in self.moves:
                            self.misses[key] = 0
                        else:
                            self.misses[key] += 1
                            if self.misses[key] == MISSES:
                                reached["sat out: turns missed"] += 1
                    followed.state.apply(parse_action(actions[index]))
                followed.counted = len(actions)

        def _check_deal(self, table: int, row: Any) -> None:
            self.dealt.add(row.id)
            reached["hands dealt"] += 1
            out = tuple(json.loads(row.start)["out"])
            assert out == self._expected_out(table), (row.number, self.seating[table])
            holders = json.loads(row.holders)
            for seat, account in self.seating[table].items():
                assert holders[seat] == account
                if (table, account) in self.gone and seat in out:
                    reached["sat out: every page closed"] += 1
            for key in list(self.sat_out):
                if key[0] == table and self._seated(*key) not in (None, *out):
                    reached["dealt in again after sitting out"] += 1
                    self.sat_out.discard(key)
            if out:
                reached["a short-handed hand dealt"] += 1

        @invariant()
        def a_table_that_can_deal_has_a_hand_in_play(self) -> None:
            self._catch_up()  # the turns missed so far
            for table, live in self.server.manager.tables.items():
                if live.row.over:
                    continue
                if self._dealable(table):
                    assert live.play.state is not None, self.server.manager.info(live).waiting
                elif live.play.state is None:
                    assert self.server.manager.info(live).waiting is not None

        @invariant()
        def the_ledger_balances_and_charges_only_who_was_dealt(self) -> None:
            with engine.connect() as db:
                rows = db.execute(select(ledger.c.hand_id, ledger.c.account_id, ledger.c.amount))
                entries: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
                for hand, account, amount in rows:
                    entries[hand][account] += amount
                finished = db.execute(select(hands).where(hands.c.finished.is_(True))).all()
            assert store.balance(engine) == 0
            for hand in finished:
                assert sum(entries[hand.id].values()) == 0
                nets = json.loads(hand.result)["net"]
                out = json.loads(hand.start)["out"]
                points = entry(hand.game).spec.points  # never money at these tables
                owed: dict[int, int] = defaultdict(int)
                for seat, (holder, net) in enumerate(
                    zip(json.loads(hand.holders), nets, strict=True)
                ):
                    if seat in out:
                        assert net < 0 if points else net == 0  # a round sat out never wins
                    elif not points:
                        owed[holder] += net
                for account in self.people:
                    assert entries[hand.id].get(account, 0) == owed.get(account, 0)

        @invariant()
        def a_closed_table_has_no_hand_unsettled(self) -> None:
            with engine.connect() as db:
                open_hands = db.execute(
                    select(hands.c.table_id).where(hands.c.finished.is_(False))
                ).scalars()
                unsettled = set(open_hands)
            assert unsettled <= set(self.server.manager.tables)

    return Nights


def test_whole_nights_at_short_handed_tables(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cheap scrypt: the property is about seats and money, and a real one is 40 ms a call.
    monkeypatch.setattr(accounts, "SCRYPT", {"n": 2, "r": 1, "p": 1})
    reached.clear()
    engine = store.open_engine(database)
    try:
        run_state_machine_as_test(
            machine(engine),
            settings=settings(
                max_examples=EXAMPLES,
                stateful_step_count=60,
                deadline=None,
                derandomize=LONG is None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
    finally:
        engine.dispose()
    assert [edge for edge in EDGES if not reached[edge]] == []
