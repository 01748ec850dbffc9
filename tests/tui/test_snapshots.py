"""The table's look, pinned: each scene's SVG export must equal the committed file.

Textual is pinned exactly in pyproject.toml, so a difference is a change in this package.
To accept a deliberate change: ``POKERNIGHT_UPDATE_SNAPSHOTS=1 pytest tests/tui``.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from tests.tui.scenes import SCENES, scene

SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.mark.parametrize("name", list(SCENES))
def test_table_matches_its_snapshot(name: str, tmp_path: Path) -> None:
    svg = asyncio.run(scene(name))
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("POKERNIGHT_UPDATE_SNAPSHOTS") == "1":
        path.write_text(svg, encoding="utf-8")
    if svg != path.read_text(encoding="utf-8"):
        (tmp_path / path.name).write_text(svg, encoding="utf-8")
        pytest.fail(f"{name} differs from {path}: the new picture is {tmp_path / path.name}")
