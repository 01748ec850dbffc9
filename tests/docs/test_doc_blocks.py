"""Every console and pycon block of the site runs as written and prints what the page shows,
so no page can drift from what the program does: a change that moves a figure fails here until
the page is updated (see blocks.py). The getting-started and game pages hold only console and
sh blocks (test_doc_commands.py runs the sh ones); elsewhere an sh block lists commands without
showing their output, and is not run.

A transcript's ``...`` stands for what varies from run to run (a timing: ``0.06 s, ... hands/s``)
or what the page leaves out (the rest of a long ranking); everything else must match."""

from __future__ import annotations

import difflib
import doctest
import io
from pathlib import Path

import pytest
from tests.docs.blocks import ROOT, Block, blocks, console_commands, run, shows, tidy

PAGES = [ROOT / "docs" / "getting-started.md", *sorted((ROOT / "docs" / "games").glob("*.md"))]
SITE = sorted((ROOT / "docs").rglob("*.md"))

NOT_IN_CI = {
    (
        "docs/programs/solver.md",
        "python -m pokernight.games.hurricane.solve.ship --out "
        "src/pokernight/data/hurricane-heads-up-13r-1a-3b-2x-v2.npz",
    ): "solves the default table for ten minutes, rewrites the shipped strategy and prints its "
    "line on standard error",
    (
        "docs/programs/solver.md",
        "POKERNIGHT_CACHE=/tmp/firstuse python first_use.py",
    ): "solves a heads-up table for 44 s on a quiet machine, after a 31-s compile",
}
"""Console blocks too slow for CI, each with why: run by hand when their figures change."""


def key(block: Block, command: str) -> tuple[str, str]:
    """A command as NOT_IN_CI names it: its page, and the words as the shell reads them."""
    return str(block.page.relative_to(ROOT)), command


CONSOLE = [
    b
    for page in SITE
    for b in blocks(page)
    if b.kind == "console" and not any(key(b, str(c)) in NOT_IN_CI for c in console_commands(b))
]

PYCON = [b for page in SITE for b in blocks(page) if b.kind == "pycon"]


def test_the_pages_hold_only_blocks_the_tests_run() -> None:
    kinds = {str(b): b.kind for page in PAGES for b in blocks(page)}
    assert {where: kind for where, kind in kinds.items() if kind not in ("console", "sh")} == {}
    assert {"hands.md", "simulation.md", "advisor.md", "records.md"} <= {
        b.page.name for b in CONSOLE
    }
    assert "hands.md" in {b.page.name for b in PYCON}


def test_every_console_block_left_out_of_ci_is_on_its_page() -> None:
    found = {key(b, str(c)) for p in SITE for b in blocks(p) for c in console_commands(b)}
    assert set(NOT_IN_CI) - found == set()


@pytest.mark.parametrize("block", CONSOLE, ids=str)
def test_console_blocks_print_what_the_page_shows(
    block: Block, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each block in a folder of its own, 80 columns wide. What varies from run to run is
    marked ``...`` on the page: the timing line a ``sim`` ends with (``0.06 s, 79 hands/s``),
    elided with its table where a page runs ``sim`` only to write records. Every other ``...``
    leaves out lines that are the same every run (a ranking's tail, a replayed hand's middle)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    for command in console_commands(block):
        code, output = run(command)
        if not shows(command.transcript, output):
            diff = difflib.unified_diff(
                tidy(command.transcript).splitlines(),
                tidy(output).splitlines(),
                "the page",
                "the program",
                lineterm="",
            )
            pytest.fail(f"{block}: {command}\n" + "\n".join(diff))
        assert code == 0, f"{block}: {command} exited {code}"


@pytest.mark.parametrize("block", PYCON, ids=str)
def test_pycon_blocks_print_what_the_page_shows(block: Block) -> None:
    example = doctest.DocTestParser().get_doctest(
        block.text, {}, str(block), str(block.page), block.line
    )
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(example, out=report.write)
    assert runner.failures == 0, report.getvalue()
