"""The examples of docs/rl.md run as written, and its table of action spaces is true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

from pokernight.rl.driver import HandDriver

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


def test_the_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})


def test_the_table_of_action_spaces() -> None:
    rows = re.findall(r"^\| `(\w+)` \| [^|]+\| ([\d,]+):", DOC.read_text(), re.M)
    assert len(rows) == 5
    for game, size in rows:
        assert len(HandDriver(game).space) == int(size.replace(",", ""))
