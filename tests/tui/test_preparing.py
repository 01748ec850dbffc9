"""A table whose computer needs one-time work first (the expert's first-use solve) shows the
work, a bar and where it stands, deals only once it is done, and lets the person quit."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from tests.studious import Studious, Study
from tests.tui.keyboard import table_app
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static

from pokernight.tui.app import PokernightApp
from pokernight.tui.preparing import Preparing
from pokernight.tui.table_screen import TableScreen


def with_studious(app: PokernightApp) -> Study:
    study = Study()
    other = next(iter(app.seating.bots))
    app.seating = replace(app.seating, bots={other: Studious(study)})
    return study


async def until(pilot: Pilot[None], test: object) -> None:
    for _ in range(200):
        if callable(test) and test():
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen never got there")


def shown(pilot: Pilot[None]) -> str:
    return " ".join(str(w.render()) for w in pilot.app.screen.query(Static))


def test_the_table_waits_for_the_work_and_shows_it() -> None:
    app = table_app("hurricane", seats=2)
    study = with_studious(app)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "a quarter of the way" in shown(pilot))
            assert isinstance(pilot.app.screen, Preparing)
            assert "Studious studies once" in shown(pilot)
            assert pilot.app.screen.query_one(ProgressBar).percentage == 0.25
            table = pilot.app.screen_stack[-2]
            assert isinstance(table, TableScreen) and table.state is None  # nothing dealt
            study.release.set()
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            await until(pilot, lambda: table.state is not None)
            view = table.view()
            assert view.hand == 1 and view.hole  # dealt: your cards are on the table

    asyncio.run(run())


@pytest.mark.parametrize("key", ["q", "ctrl+q", "ctrl+c"])
def test_q_or_ctrl_q_or_ctrl_c_quits_while_the_work_runs(key: str) -> None:
    app = table_app("hurricane", seats=2)
    study = with_studious(app)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "a quarter of the way" in shown(pilot))
            await pilot.press(key)
            await until(pilot, lambda: not pilot.app.is_running)
        assert not study.done  # the app closed without waiting for the work
        study.release.set()

    asyncio.run(run())
