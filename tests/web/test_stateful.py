"""The house under random play: Hypothesis runs random sequences of sign-ups, table creation,
sitting, acting (legal and not), leaving, signing out and in, turn timers running out, idle
tables closing and server restarts against the table manager on a real database (SQLite, and
PostgreSQL when ``POKERNIGHT_TEST_PG`` is set), and after every step checks, on what is
committed:

- the ledger sums to zero, each finished hand's entries do, and each person is charged or paid
  exactly the seats the hand was dealt to them (a leaver too);
- no account's message shows a card of a hand it was not dealt: a seat's cards are seen only
  by the account holding that seat's hand, everything else as a spectator sees it;
- no hand is left unsettled: a table has at most its latest hand unfinished, a running table's
  hand in memory is the stored one, a closed table has none.

Why the table manager rather than HTTP: it is what every route and socket calls, and run on
an event loop whose clock the test moves, a turn timer runs out without waiting for it.
``POKERNIGHT_STATEFUL_EXAMPLES`` sets the number of examples (a few seconds by default).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Callable
from contextlib import suppress
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

from pokernight.errors import PokernightError
from pokernight.web import accounts, schema, store
from pokernight.web.commands import Act, Back, Done, Leave, Refused, Settings, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import Manager, NewTable
from pokernight.web.policy import Policy
from pokernight.web.schema import chat, hands, hosting, ledger, seatings, sessions, tables, topups

EXAMPLES = int(os.environ.get("POKERNIGHT_STATEFUL_EXAMPLES", "25"))
POLICY = Policy(open_tables=1000, creation_burst=1e9, idle_seconds=60)
PICK = st.integers(0, 20)
TABLES = [
    NewTable(game="hurricane", seats=2, turn_seconds=0),
    NewTable(game="hurricane", seats=3, computers={2: "random"}, turn_seconds=30),
    NewTable(game="draw", seats=2, turn_seconds=30),
    NewTable(game="draw", seats=2, computers={1: "computer"}, turn_seconds=0),
]


def _wipe(engine: Engine) -> None:
    """Every row but the house account: each example starts with an empty house."""
    house = store.house_account(engine)
    with engine.begin() as db:
        for table in (ledger, hands, seatings, sessions, hosting, topups, chat, tables):
            db.execute(delete(table))
        db.execute(delete(schema.accounts).where(schema.accounts.c.id != house))


def machine(engine: Engine) -> type[RuleBasedStateMachine]:
    class House(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            _wipe(engine)
            self.house = store.house_account(engine)
            self.server = Clocked(engine, POLICY)
            self.tokens: dict[int, str | None] = {}
            self.names: dict[int, str] = {}

        # running the server

        @property
        def manager(self) -> Manager:
            return self.server.manager

        def _run(self, call: Callable[..., Any], *args: Any) -> Any:
            return self.server.run(call, *args)

        def teardown(self) -> None:
            self.server.close()

        # rules: people and tables are picked by index among those there are

        def _person(self, pick: int) -> int:
            return sorted(self.names)[pick % len(self.names)]

        def _table(self, pick: int) -> LiveTable | None:
            live = sorted(self.manager.tables)
            return self.manager.tables[live[pick % len(live)]] if live else None

        @initialize()
        def open_the_house(self) -> None:
            """Three people, one playing the computer, two playing each other: every example
            starts with hands in play."""
            for _ in range(3):
                self.sign_up()
            self.create(0, TABLES[3])
            self.create(1, TABLES[0])
            self.sit(2, 1, 0)

        @rule()
        def sign_up(self) -> None:
            name = f"p{len(self.names)}"
            account = accounts.sign_up(engine, name, "a-password")
            self.names[account] = name
            self.tokens[account] = accounts.new_session(engine, account, 3600)

        @rule(person=PICK, kind=st.sampled_from(TABLES))
        def create(self, person: int, kind: NewTable) -> None:
            """A table, its maker sitting down at its first seat as the lobby does."""
            account = self._person(person)
            live = self._run(self.manager.create, kind, account)
            if live.play.hosting.paused:  # a table for friends: its host deals at once
                self.server.run(live.submit, Settings({"paused": False}))
            self._run(live.submit, Sit(account, 0, False))

        @rule(person=PICK, table=PICK, seat=PICK)
        def sit(self, person: int, table: int, seat: int) -> None:
            """Sit at a free seat (after a leaver, often in the middle of their hand)."""
            live, account = self._table(table), self._person(person)
            if live is None or self.tokens[account] is None:
                return
            free = [s for s in live.chairs.open_seats() if s not in live.chairs.seated] or [0]
            with suppress(PokernightError):  # the table is over, already seated there
                self._run(live.submit, Sit(account, free[seat % len(free)], False))

        @rule(person=PICK, table=PICK)
        def leave(self, person: int, table: int) -> None:
            live, account = self._table(table), self._person(person)
            if live is not None and live.chairs.chair_of(account) is not None:
                self._run(live.submit, Leave(account))

        @rule(table=PICK, pick=PICK, person=PICK)
        def hand_over_a_seat(self, table: int, pick: int, person: int) -> None:
            """Someone leaves during a hand and someone else sits down in that seat at once."""
            live, account = self._table(table), self._person(person)
            if live is None or not live.chairs.seated or self.tokens[account] is None:
                return
            seat = sorted(live.chairs.seated)[pick % len(live.chairs.seated)]
            leaver = live.chairs.seated[seat]
            if leaver == account or live.chairs.chair_of(account) is not None:
                return
            self._run(live.submit, Leave(leaver))
            with suppress(PokernightError):  # the table is over
                self._run(live.submit, Sit(account, seat, False))

        @rule(table=PICK, picks=st.lists(st.integers(0, 1000), min_size=1, max_size=12))
        def play(self, table: int, picks: list[int]) -> None:
            """The people to act play legal actions, one a pick, while their sessions live."""
            live = self._table(table)
            for pick in picks:
                if live is None or live.play.state is None or live.play.state.to_act() is None:
                    return
                seat = live.play.state.to_act()
                assert seat is not None and live.chairs.holders is not None
                found = accounts.who(engine, self.tokens.get(live.chairs.holders[seat]))
                if found is None:
                    return  # signed out (or the house): no socket of theirs can act
                legal = live.play.state.legal_actions()
                action = str(legal[pick % len(legal)])
                assert self._run(live.submit, Act(found[0], action, None, None)) == Done()

        @rule(table=PICK, person=PICK, pick=st.integers(0, 1000))
        def act_out_of_turn(self, table: int, person: int, pick: int) -> None:
            """Anyone but the account to act: refused, and nothing changes."""
            live, account = self._table(table), self._person(person)
            if live is None or live.play.state is None or live.play.state.to_act() is None:
                return
            seat = live.play.state.to_act()
            assert seat is not None and live.chairs.holders is not None
            if account == live.chairs.holders[seat] and live.chairs.seated.get(seat) == account:
                return
            legal = live.play.state.legal_actions()
            seq = live.seq
            refused = self._run(
                live.submit, Act(account, str(legal[pick % len(legal)]), None, None)
            )
            assert isinstance(refused, Refused) and live.seq == seq

        @rule(person=PICK)
        def sign_out_everywhere(self, person: int) -> None:
            account = self._person(person)
            accounts.end_sessions(engine, account)
            self.manager.signed_out(account)
            self.tokens[account] = None

        @rule(person=PICK)
        def sign_in(self, person: int) -> None:
            account = self._person(person)
            assert accounts.sign_in(engine, self.names[account], "a-password") == account
            self.tokens[account] = accounts.new_session(engine, account, 3600)

        @rule()
        def timers_run_out(self) -> None:
            self.server.later(601)

        @rule(chance=st.integers(0, 4))
        def idle_tables_close(self, chance: int) -> None:
            """Every table closes (nothing happens between the two sweeps): one time in five,
            or the examples would close their tables before anyone played."""
            if chance:
                return
            now = 1e6 + self.server.loop.skew
            self._run(self.manager.sweep, now)
            closed = self._run(self.manager.sweep, now + POLICY.idle_seconds)
            assert not self.manager.tables and len(closed) == len(set(closed))

        @rule()
        def restart(self) -> None:
            """A restarted server deals nobody in until they are back: here each seated
            person says so at once ("I'm back"), so their tables play on."""
            self.server.stop()
            self.server.start()
            for live in list(self.manager.tables.values()):
                for account in list(live.chairs.seated.values()):
                    self._run(live.submit, Back(account))

        # invariants, on what is committed

        @invariant()
        def ledger_balances(self) -> None:
            with engine.connect() as db:
                rows = db.execute(select(ledger.c.hand_id, ledger.c.account_id, ledger.c.amount))
                entries: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
                for hand, account, amount in rows:
                    entries[hand][account] += amount
                finished = db.execute(select(hands).where(hands.c.finished.is_(True))).all()
            assert store.balance(engine) == 0
            for hand in finished:
                assert sum(entries[hand.id].values()) == 0
                owed: dict[int, int] = defaultdict(int)
                nets = json.loads(hand.result)["net"]
                for holder, net in zip(json.loads(hand.holders), nets, strict=True):
                    owed[holder] += net
                for account, net in owed.items():
                    if account != self.house:
                        assert entries[hand.id].get(account, 0) == net

        @invariant()
        def no_one_sees_a_hand_not_dealt_to_them(self) -> None:
            for live in self.manager.tables.values():
                _, spectator = self._seen(live, None)
                for account, token in self.tokens.items():
                    found = accounts.who(engine, token)
                    you, cards = self._seen(live, found[0] if found else None)
                    for seat, shown in enumerate(cards):
                        if seat != you:
                            assert shown == spectator[seat]
                        elif live.play.state is not None and shown != spectator[seat]:
                            assert (
                                live.chairs.holders is not None
                                and live.chairs.holders[you] == account
                            )

        def _seen(self, live: LiveTable, account: int | None) -> tuple[int | None, list[Any]]:
            message = json.loads(self.manager.message(live, account, None)[0])
            view = message["view"]
            return message["you"], view["cards"] if view else []

        @invariant()
        def no_hand_is_left_unsettled(self) -> None:
            with engine.connect() as db:
                stored = db.execute(select(tables.c.id, tables.c.closed)).all()
                open_hands = db.execute(select(hands).where(hands.c.finished.is_(False))).all()
            unfinished = {h.table_id: h for h in open_hands}
            assert len(unfinished) == len(open_hands)
            for table, closed in stored:
                live = self.manager.tables.get(table)
                last = store.last_hand(engine, table)
                if closed is not None or live is None:
                    assert table not in unfinished
                    continue
                if live.play.state is None:
                    assert table not in unfinished
                else:
                    assert last is not None and not last.finished
                    assert unfinished[table].id == last.id == live.play.hand.id
                    assert last.actions == [str(a) for a in live.play.state.actions]

    return House


def test_the_house_under_random_play(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A cheap scrypt: the property is about money and cards, and a real one is 40 ms a call.
    monkeypatch.setattr(accounts, "SCRYPT", {"n": 2, "r": 1, "p": 1})
    engine = store.open_engine(database)
    try:
        run_state_machine_as_test(
            machine(engine),
            settings=settings(
                max_examples=EXAMPLES,
                stateful_step_count=40,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
    finally:
        engine.dispose()
