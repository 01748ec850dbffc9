"""A computer's move comes a fixed time after its turn, however long it thought: its timing
tells nothing of its cards (issue 37: the Big Two search's time followed its hand's
strength). Measured on the test's own clock (``clocked.ClockLoop``), which the computer's
thinking moves on by as long as the test says: no wall time is read."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from tests.web.clocked import Clocked
from tests.web.conftest import NIGHT_POLICY

from pokernight.engine.actions import Action
from pokernight.engine.protocol import View
from pokernight.web import accounts, store
from pokernight.web.commands import Act, Done, Sit
from pokernight.web.live import LiveTable
from pokernight.web.manager import NewTable
from pokernight.web.pace import Pace

DELAY = 5.0
THOUGHT = [0.1, 2.0, 4.5, 0.0]
"""How long the computer thinks at each of its turns, in turn: any time within the delay."""


class Thinker:
    """A computer that thinks a while (the clock moves on by it) and checks or calls."""

    name = "thinker"

    def __init__(self, night: Clocked) -> None:
        self.night, self.turns, self.thought = night, 0, 0.0

    def act(self, view: View) -> Action:
        self.thought = THOUGHT[self.turns % len(THOUGHT)]
        self.night.loop.skew += self.thought
        self.turns += 1
        assert view.legal is not None
        return next(a for a in view.legal if str(a) in ("check", "call", "keep"))


@pytest.fixture
def slow_night(database: str, cheap_scrypt: None) -> Iterator[Clocked]:
    engine = store.open_engine(database)
    night = Clocked(engine, NIGHT_POLICY, Pace(bot_delay=DELAY, hand_pause=1.0))
    try:
        yield night
    finally:
        night.close()
        engine.dispose()


def test_a_computer_moves_the_same_time_after_its_turn_however_long_it_thought(
    slow_night: Clocked,
) -> None:
    night = slow_night
    person = accounts.sign_up(night.engine, "pia", "a-password")
    kind = NewTable(game="hurricane", seats=2, computers={1: "checker"}, turn_seconds=0)
    live: LiveTable = night.run(night.manager.create, kind, person)
    thinker = Thinker(night)
    live.chairs.bots[1] = thinker
    waits = night.loop.run_until_complete(_play(night, live, person, thinker))
    assert max(t for _, t in waits) - min(t for _, t in waits) >= 2.0  # short and long thoughts
    for wait, _ in waits:
        assert DELAY <= wait < DELAY + 0.2, waits  # before: the delay, then the thinking


async def _play(
    night: Clocked, live: LiveTable, person: int, thinker: Thinker
) -> list[tuple[float, float]]:
    """Sit down and play the person's turns (checking or calling); each computer turn that
    follows one of them, how long after it the computer moved, and how long it thought."""
    clock = asyncio.get_running_loop()
    live.submit(Sit(person, 0, False))
    waits: list[tuple[float, float]] = []
    began: float | None = None
    moves, watched = 0, live.play.state
    for _ in range(100_000):
        await asyncio.sleep(0)
        state = live.play.state
        if began is not None:
            assert watched is not None  # set with began
            if state is not watched or len(watched.actions) != moves:
                waits.append((clock.time() - began, thinker.thought))
                began = None
                if len(waits) == 12:
                    return waits
        if state is not None and state.to_act() == 0:
            legal = [str(a) for a in state.legal_actions()]
            calm = next(a for a in legal if a in ("check", "call", "keep"))
            assert live.submit(Act(person, calm, None, None)) == Done()
            if state.to_act() == 1:  # the computer's turn begins now
                began, moves, watched = clock.time(), len(state.actions), state
            continue
        night.loop.skew += 0.01  # time goes by
    raise AssertionError(f"the computer moved only {len(waits)} times after the person")
