"""No silent wait: a command whose work takes time says what it does on standard error (plain
lines when that is no terminal, as here), compiling included, and leaves standard output to
its result. ``bars.SLOW`` set to zero makes every bar appear, so short work shows the lines a
slow run would."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from tests.studious import Studious, Study
from typer.testing import CliRunner

from pokernight.bots import advice
from pokernight.catalog import entry
from pokernight.cli import bars
from pokernight.cli.main import build
from pokernight.hands.dualrankings import ROWS

ONCE = "(once: numba keeps the result on disk)"


@pytest.fixture()
def eager(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bars, "SLOW", 0.0)


def test_count_says_it_compiles_then_counts(eager: None) -> None:
    done = CliRunner().invoke(build("count"), ["count", "--rules", "deuces-wild", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["total"] == 2_598_960  # standard output: the result alone
    lines = done.stderr.splitlines()
    compiling = f"compiling the counting kernels {ONCE}: "
    assert lines[0].startswith(compiling)
    compiled = next(i for i, line in enumerate(lines) if line.startswith(f"{compiling}done in "))
    assert lines[compiled].endswith(": 1 of 1 ready")
    assert lines[compiled + 1].startswith("counting: ")  # once compiled, the count
    assert lines[-1].startswith("counting: done in ") and len(lines) == compiled + 3


def test_solve_shows_its_bar_with_json(eager: None) -> None:
    args = ["solve", "hurricane", "--ranks", "3", "--iterations", "12", "--json"]
    done = CliRunner().invoke(build("solve"), args)
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["iterations"] == 12
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"compiling the solver's kernels {ONCE}")
    solving = [line for line in lines if line.startswith("solving: ")]
    assert solving[0].startswith("solving: ") and solving[-1].startswith("solving: done in ")
    assert solving[-1].endswith(f"exploitability {json.loads(done.stdout)['exploitability']:.6f}")


def test_draw_advice_says_it_compiles_then_advises(eager: None) -> None:
    advice._all_keys.cache_clear()  # the first asking in a process: the table is built
    args = ["advise", "draw", "--state", "As Kd 7h 7c 2s", "--json"]
    done = CliRunner().invoke(build("advise"), args)
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["game"] == "draw"
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"compiling the hand-ranking kernel {ONCE}: ")
    assert lines[-1].startswith("advising: done in ")


def test_deck_fit_says_it_compiles(eager: None, tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    target.write_text(json.dumps(dict.fromkeys(ROWS, 0)))
    args = ["deck", "fit", "--target", str(target), "--minutes", "0.01", "--workers", "1"]
    args += ["--out", str(tmp_path / "deck.txt"), "--json"]
    done = CliRunner().invoke(build("deck"), args)
    assert done.exit_code == 0, done.output
    lines = done.stderr.splitlines()
    compiling = f"compiling the deck-fitting kernels {ONCE}: "
    assert lines[0].startswith(compiling)  # then a line every ten seconds while it compiles
    compiled = next(i for i, line in enumerate(lines) if line.startswith(f"{compiling}done in "))
    assert all(line.startswith(compiling) for line in lines[:compiled])
    assert lines[compiled].endswith(": 2 of 2 ready")
    assert lines[compiled + 1] == "deck fit: 1 workers, 0.01 minutes, ranking standard"


def test_a_first_use_shows_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player's one-time work (the expert's first-use solve) through ``tournament``:
    its title, then plain progress lines with the fraction and where it stands, while it waits
    (a terminal would get a bar), then where it ended; the results on standard output."""
    monkeypatch.setattr(bars, "PLAIN_EVERY", 0.2)
    study = Study()
    threading.Timer(0.7, study.release.set).start()
    monkeypatch.setitem(
        entry("hurricane").bots,
        "studious",
        lambda rng, options: Studious(study, rng),
    )
    args = ["tournament", "hurricane", "--bots", "studious,checker", "--hands", "10", "--json"]
    done = CliRunner().invoke(build("tournament"), args)
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["rotations"] == 2
    lines = done.stderr.splitlines()
    assert lines[0] == "Studious studies once"
    assert lines[1].startswith("preparing: 25%, 0 s, a quarter of the way")
    assert lines[2].startswith("preparing: 25%, ")  # still waiting: another line
    assert lines[-2].startswith("preparing: done in ") and lines[-2].endswith(": all the way")
    assert lines[-1] == "Done: all the way"


def test_a_blocked_start_still_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second of work that reports nothing (numba compiling) still brings the bar up, and
    plain lines keep coming while it lasts."""
    monkeypatch.setattr(bars, "PLAIN_EVERY", 0.3)
    said: list[str] = []
    monkeypatch.setattr(bars, "_say", said.append)
    with bars.compiling("the test's kernels") as bar:
        time.sleep(1.8)
        bar(1, 1)
    assert said[0].startswith(f"compiling the test's kernels {ONCE}: 1 s")
    assert len(said) >= 4  # appeared, two or more while waiting, done
    assert said[-1].endswith("1 of 1 ready")


def test_quick_work_shows_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(bars, "_say", said.append)
    with bars.LazyBar() as bar:
        bar(10, 10)
    assert said == []
