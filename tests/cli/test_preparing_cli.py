"""One-time work of a computer player (the expert's first-use solve) on the command line: the
prompt mode says what it is doing and where it ended before the first hand, and ``sim`` and
``tournament`` run it once, in the parent, before any batch (not once per worker)."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import pytest
from tests.studious import Studious, Study

from pokernight.catalog import entry, prepare_quietly
from pokernight.cli.plain import Asked, Console, run_plain
from pokernight.engine.protocol import Preparation
from pokernight.sim.runner import simulate
from pokernight.sim.tournament import tournament


@pytest.fixture()
def study(monkeypatch: pytest.MonkeyPatch) -> Study:
    shared = Study(released=True)

    def make(rng: random.Random, options: Any) -> Studious:
        return Studious(shared, rng)

    monkeypatch.setitem(entry("hurricane").bots, "studious", make)
    return shared


def test_the_prompt_says_what_it_prepares_then_deals(study: Study) -> None:
    out = io.StringIO()
    run_plain(
        "hurricane",
        Asked(5, 2, ("studious",)),
        Console(io.StringIO("d\n" + "1\n" * 12 + "e\ny\n"), out),
    )
    text = out.getvalue()
    said = text.index("Studious studies once")
    assert text.index("Done: all the way") > said
    assert text.index("leading edge:") > text.index("Done: all the way")
    assert study.runs == 1 and study.done


def test_sim_and_tournament_run_it_once_before_the_batches(study: Study) -> None:
    ran: list[list[Preparation]] = []

    def run(work: Sequence[Preparation]) -> None:
        ran.append([*work])
        prepare_quietly(work)

    simulate("hurricane", 30, ["studious", "checker", "studious"], run=run)
    assert [[w.key for w in work] for work in ran] == [["study"]] and study.runs == 1
    ran.clear()
    result = tournament("hurricane", ["studious", "checker"], 20, run=run)
    assert ran == [] and result.rotations == 2  # done already: nothing to run
