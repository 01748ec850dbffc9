"""The sh blocks of the getting-started and game pages: installs are the README's own or name
extras that exist; ``pokernight play`` opens the terminal table the page describes;
``pokernight serve`` serves (see blocks.py)."""

from __future__ import annotations

import asyncio
import io
import os
import re
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest
from tests.docs.blocks import ROOT, Block, Terminal, blocks, shell_lines
from tests.docs.test_doc_blocks import PAGES

SH = [b for page in PAGES for b in blocks(page) if b.kind == "sh"]
EXTRAS = set(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
)
CI = (ROOT / ".ci" / "run").read_text()


def commands(kind: str) -> list[tuple[Block, list[str]]]:
    """(block, words) of every command of that kind in the sh blocks."""
    found = []
    for block in SH:
        for words in shell_lines(block):
            name = Path(words[0]).name
            what = "install" if name in ("python3", "pip") else (words[1] if len(words) > 1 else "")
            if words == [".venv/bin/python", "-m", "pytest"]:
                what = "install"  # the README's test command, which CI runs as it stands
            elif name == "python" or (name == "pokernight" and what not in ("play", "serve")):
                what = "other"
            if what == kind:
                found.append((block, words))
    return found


def test_every_sh_command_is_one_the_tests_run() -> None:
    every = [(str(b), w) for b in SH for w in shell_lines(b)]
    known = {(str(b), tuple(w)) for k in ("install", "play", "serve") for b, w in commands(k)}
    assert [(where, w) for where, w in every if (where, tuple(w)) not in known] == []


def test_installs_are_the_readmes_or_name_extras_that_exist() -> None:
    for block, words in commands("install"):
        line = " ".join(words)
        if (
            words[:3] == ["python3", "-m", "venv"]
            or words[-2:] == ["--upgrade", "pip"]
            or (words[-2:] == ["-m", "pytest"])
        ):
            assert line in CI or line == "python3 -m venv .venv", f"{block}: {line}"
            continue
        target = words[-1]
        extras = re.fullmatch(r"\.(?:\[([\w,]+)\])?", target)
        assert extras, f"{block}: installs {target!r}, not this project"
        assert set(filter(None, (extras.group(1) or "").split(","))) <= EXTRAS, f"{block}: {line}"


@pytest.mark.parametrize("args", [w[1:] for _, w in commands("play")], ids=" ".join)
def test_play_on_a_terminal_opens_the_table_it_names(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokernight.catalog import CATALOG
    from pokernight.cli.main import main
    from pokernight.tui.app import PokernightApp
    from pokernight.tui.menu_screen import MenuScreen
    from pokernight.tui.table_screen import TableScreen

    if "--plain" in args:  # the install line's first game: the prompt mode, input at its end
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        monkeypatch.setattr(sys, "stdout", io.StringIO())
        with pytest.raises(SystemExit) as ended:
            main(args)
        title = CATALOG[args[1]].spec.title
        assert isinstance(sys.stdout, io.StringIO)  # the one set above
        assert sys.stdout.getvalue().startswith(f"{title}: you sit at seat ")
        assert ended.value.code == 0
        return
    seen: list[object] = []

    def headless(app: PokernightApp) -> None:
        async def look() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen.append(pilot.app.screen)

        asyncio.run(look())

    monkeypatch.setattr(PokernightApp, "run", headless)
    monkeypatch.setattr(sys, "stdout", Terminal())
    with pytest.raises(SystemExit) as ended:
        main(args)
    assert ended.value.code == 0
    [screen] = seen
    game = next((a for a in args if a in CATALOG), None)
    if game is None:
        assert isinstance(screen, MenuScreen)
    else:
        assert isinstance(screen, TableScreen)
        assert screen.title_text == CATALOG[game].spec.title


@pytest.mark.parametrize("args", [w[1:] for _, w in commands("serve")], ids=" ".join)
def test_serve_serves(args: list[str], tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PYTHONPATH": str(ROOT / "src")}
    code = "from pokernight.cli.main import main; main()"
    server = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = server.stdout.readline() if server.stdout else ""
        if "in use" in first or server.poll() == 2:
            pytest.skip(f"the page's port is taken on this machine: {first.strip()}")
        assert first.startswith("pokernight serves http://127.0.0.1:8000/ from "), first
        for _ in range(100):
            try:
                with urllib.request.urlopen("http://127.0.0.1:8000/healthz", timeout=1) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                asyncio.run(asyncio.sleep(0.1))
        else:
            pytest.fail("the server never answered /healthz")
    finally:
        server.terminate()
        server.wait(10)
