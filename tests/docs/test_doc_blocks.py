"""Every code block of the getting-started and game pages runs as written, with the output the
page shows, so the pages cannot drift from what the program does (see blocks.py)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from tests.docs.blocks import ROOT, Block, blocks, console_commands, run, tidy

PAGES = [ROOT / "docs" / "getting-started.md", *sorted((ROOT / "docs" / "games").glob("*.md"))]
CONSOLE = [b for page in PAGES for b in blocks(page) if b.kind == "console"]


def test_the_pages_hold_only_blocks_the_tests_run() -> None:
    kinds = {str(b): b.kind for page in PAGES for b in blocks(page)}
    assert {where: kind for where, kind in kinds.items() if kind not in ("console", "sh")} == {}
    assert len(CONSOLE) >= 10


@pytest.mark.parametrize("block", CONSOLE, ids=str)
def test_console_blocks_print_what_the_page_shows(
    block: Block, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    for command in console_commands(block):
        code, output = run(command.args, command.transcript)
        if tidy(output) != tidy(command.transcript):
            diff = difflib.unified_diff(
                tidy(command.transcript).splitlines(),
                tidy(output).splitlines(),
                "the page",
                "the program",
                lineterm="",
            )
            pytest.fail(f"{block}: pokernight {' '.join(command.args)}\n" + "\n".join(diff))
        assert code == 0, f"{block}: pokernight {' '.join(command.args)} exited {code}"
