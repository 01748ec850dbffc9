"""The night's money under random sequences (issue 36): at a table of three people, Hypothesis
mixes moves, the host's controls (away and back, pause, deal, the chip limit) and chip
requests (asked, asked again, approved, refused) in any order, in and between hands. After
every step: no host control changed the hand in play (no move made for anyone, least of all
a fold); and once the table rests between hands, every chip approved was added to the stake
it was asked for and stored with who approved it, each stake is what it started at plus its
hands' nets plus its chips, and the ledger sums to zero."""

from __future__ import annotations

import os
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from tests.web.clocked import Clocked
from tests.web.conftest import NIGHT_POLICY
from tests.web.test_custody import bankrolls_balance

from pokernight.errors import PokernightError
from pokernight.web import accounts, store
from pokernight.web.commands import (
    Act,
    AnswerChips,
    AskChips,
    Away,
    Done,
    RebuyLimit,
    Settings,
    Sit,
)
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.schema import topups

EXAMPLES = int(os.environ.get("POKERNIGHT_STATEFUL_EXAMPLES", "60"))
SEAT = st.integers(0, 2)
FRIEND = st.integers(1, 2)
"""A friend's seat: the host's own chips are granted at once, a friend's may wait."""
STEP = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 1000)),
    st.tuples(st.just("away"), SEAT),
    st.tuples(st.just("back"), SEAT),
    st.tuples(st.just("pause"), st.booleans()),
    st.tuples(st.just("limit"), st.sampled_from([0, 30, 100])),
    st.tuples(st.just("ask"), SEAT, st.sampled_from([10, 20, 50])),
    st.tuples(st.just("ask"), FRIEND, st.sampled_from([10, 20])),
    st.tuples(st.just("answer"), FRIEND, st.booleans()),
    st.tuples(st.just("answer"), FRIEND, st.just(True)),
)


class Night:
    """One table of three people on a fresh database, and what the test expects of it."""

    def __init__(self, folder: str) -> None:
        self.engine = store.open_engine(f"sqlite:///{Path(folder) / 'night.db'}")
        self.server = Clocked(self.engine, NIGHT_POLICY)
        self.people = [accounts.sign_up(self.engine, n, "a-password") for n in ("h", "i", "j")]
        kind = NewTable(game="hurricane", seats=3, turn_seconds=0)
        self.live: LiveTable = self.server.run(self.server.manager.create, kind, self.people[0])
        for seat, account in enumerate(self.people):
            self.server.run(self.live.submit, Sit(account, seat, False))
        self.server.run(self.live.submit, Settings({"paused": False}))
        self.approved: dict[int, list[tuple[int, int]]] = {a: [] for a in self.people}
        """Each account's chips approved so far: (amount, by whom)."""
        self.start = list(self.live.play.match.table.stakes)

    def step(self, step: tuple[Any, ...]) -> None:
        live, run = self.live, self.server.run
        state = live.play.state
        moves = len(state.actions) if state is not None else 0
        kind, *args = step
        host = self.people[0]
        if kind == "move":
            self.move(args[0])
            return
        with_seat = self.people[args[0]] if kind in ("ask", "answer") else None
        try:
            if kind == "away":
                run(live.submit, Away(args[0], True))
            elif kind == "back":
                run(live.submit, Away(args[0], False))
            elif kind == "pause":
                run(live.submit, Settings({"paused": args[0]}))
            elif kind == "limit":
                run(live.submit, RebuyLimit(args[0]))
            elif kind == "ask" and with_seat is not None:
                self.ask(with_seat, args[0], args[1])
            elif kind == "answer" and with_seat in live.chairs.rebuys.waiting():
                asked = live.chairs.rebuys.waiting()[with_seat]
                run(live.submit, AnswerChips(with_seat, args[1], host))
                if args[1]:
                    self.approved[with_seat].append((asked.amount, host))
        except PokernightError:
            pass
        if state is not None:  # the host's control, or a request, touched no card of the hand
            assert live.play.state is state and len(state.actions) == moves, step

    def ask(self, account: int, seat: int, amount: int) -> None:
        live = self.live
        waiting = live.chairs.rebuys.waiting().get(account)
        granted_before = len(live.chairs.rebuys.asked.get(account, []))
        limit, taken = live.play.hosting.rebuy_limit, live.chairs.rebuys.taken.get(account)
        self.server.run(live.submit, AskChips(account, seat, amount))
        latest = live.chairs.rebuys.latest(account)
        assert latest is not None
        if waiting is not None and waiting.amount == amount:
            assert len(live.chairs.rebuys.asked[account]) == granted_before  # the same: nothing new
        elif latest.status in ("approved", "added"):
            assert account == self.people[0] or (taken or 0) + amount <= limit
            self.approved[account].append((amount, account))

    def move(self, pick: int) -> None:
        """Whoever is to act plays one of their legal moves."""
        live = self.live
        if live.play.state is None or (seat := live.play.state.to_act()) is None:
            return
        legal = [str(a) for a in live.play.state.legal_actions()]
        assert live.chairs.holders is not None
        done = self.server.run(
            live.submit, Act(live.chairs.holders[seat], legal[pick % len(legal)], None, None)
        )
        assert done == Done()

    def settle(self) -> None:
        """Play the hand in play out with the table paused, then check every chip."""
        self.server.run(self.live.submit, Settings({"paused": True}))
        while self.live.play.state is not None:
            self.move(0)
        with self.engine.connect() as db:
            rows = db.execute(select(topups.c.account_id, topups.c.amount, topups.c.by_account))
            stored: dict[int, list[tuple[int, int]]] = {a: [] for a in self.people}
            for account, amount, by in rows:
                stored[account].append((amount, by))
        for account in self.people:
            assert sorted(stored[account]) == sorted(self.approved[account]), account
        nets = [0, 0, 0]
        for hand in store.finished_hands(self.engine, self.live.row.id):
            for seat, net in enumerate((hand.result or {})["net"]):
                nets[seat] += net
        for seat, account in enumerate(self.people):
            added = sum(amount for amount, _ in stored[account])
            assert self.live.play.match.table.stakes[seat] == self.start[seat] + nets[seat] + added
        bankrolls_balance(self.engine)

    def close(self) -> None:
        self.server.close()
        self.engine.dispose()


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SCRYPT", {"n": 2, "r": 1, "p": 1})


@given(steps=st.lists(STEP, max_size=40))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
def test_host_controls_and_chip_requests_never_touch_a_hand_or_lose_a_chip(
    cheap: None, steps: list[tuple[Any, ...]]
) -> None:
    with TemporaryDirectory() as folder:
        night = Night(folder)
        try:
            for step in steps:
                night.step(step)
            night.settle()
        finally:
            night.close()
