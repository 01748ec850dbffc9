"""Every package but the games and their computer players asks the catalog: none imports a
game or computer player's module, and none but the hand rankings names a game.

The packages are found, not listed, so a new one (or the engine, whose solver protocol the
command line calls) is held to the rule from its first file. Each package's source is read, not
run: every import (at the top, inside a function or under ``TYPE_CHECKING``), every string
literal that is a module path (what ``importlib`` would import) and every string literal that
is not documentation. A literal names a game when it holds a catalog game's name as a word, in
any case (``"hurricane"``, ``f"{x} paigow"``, ``"bigtwo-moves"``); a name the games themselves
use as an ordinary word (``draw``: "two-card draw" in Hurricane's own words) names the game
only as the whole literal.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import pokernight
from pokernight.catalog import CATALOG

SOURCE = Path(pokernight.__file__).parent
FORBIDDEN = ("pokernight.games", "pokernight.bots")
"""A game's module, or a computer player's or advisor's: the catalog offers them (DESIGN.md)."""
PACKAGES = sorted(
    p.parent.name
    for p in SOURCE.glob("*/__init__.py")
    if f"pokernight.{p.parent.name}" not in FORBIDDEN
)
RANKINGS = "hands"
"""The hand rankings, named after the games whose rules they are (``hurricane-high``): they
may name a game, never import one."""


def ordinary(name: str) -> bool:
    """A game's name another game's own words use as a plain word."""
    words = " ".join(
        f"{e.spec.title} {e.spec.about}" for n, e in CATALOG.items() if n != name
    ).lower()
    return re.search(rf"\b{name}\b", words) is not None


def names_a_game(text: str) -> str | None:
    for name in CATALOG:
        if text.strip().lower() == name:
            return name
        if not ordinary(name) and re.search(rf"(?<![a-z0-9_]){name}(?![a-z0-9_])", text.lower()):
            return name
    return None


def documentation(tree: ast.Module) -> set[int]:
    """The string statements: docstrings of modules, classes and functions, and the strings
    under an attribute or a constant that say what it holds."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def forbidden(module: str) -> bool:
    return any(module == p or module.startswith(f"{p}.") for p in FORBIDDEN)


def offences(folder: Path, names: bool = True) -> Iterator[str]:
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = documentation(tree)
        where = path.relative_to(folder.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                modules = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                )
                for module in modules:
                    if forbidden(module):
                        yield f"{where}:{node.lineno} imports {module}"
            text = node.value if isinstance(node, ast.Constant) else None
            if not isinstance(node, ast.Constant) or not isinstance(text, str) or id(node) in docs:
                continue
            if forbidden(text.partition(":")[0]):
                yield f"{where}:{node.lineno} names module {text[:60]}"
            elif names and (name := names_a_game(text)):
                yield f"{where}:{node.lineno} names {name}: {text[:60]!r}"


def test_every_package_but_the_games_and_their_players_is_checked() -> None:
    assert {"cli", "engine", "hands", "openspiel", "rl", "sim", "tui", "web"} <= set(PACKAGES)
    assert {"games", "bots"} & set(PACKAGES) == set()


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_imports_no_game_and_names_none(package: str) -> None:
    assert list(offences(SOURCE / package, names=package != RANKINGS)) == []


def test_the_check_finds_a_game_named_or_imported(tmp_path: Path) -> None:
    """The rule itself: what it catches and what it lets by."""
    assert names_a_game("hurricane") == "hurricane"
    assert names_a_game("Hurricane heads-up") == "hurricane"
    assert names_a_game("see bigtwo-moves") == "bigtwo"
    assert names_a_game("draw") == "draw"
    assert names_a_game("draw cumulative results (.png)") is None
    assert names_a_game("a game of cards") is None
    assert ordinary("draw") and not ordinary("paigow")
    package = tmp_path / "front"
    package.mkdir()
    (package / "screen.py").write_text(
        '"""Hurricane is named here, in words only."""\n'
        "def show() -> str:\n"
        "    from pokernight.games.paigow.hands import describe\n"
        "    from pokernight.bots.advisors import DRAW\n"
        '    load("pokernight.bots.draw:DrawComputer")\n'
        '    return "paigow"\n'
    )
    assert sorted(offences(package)) == [
        "front/screen.py:3 imports pokernight.games.paigow.hands",
        "front/screen.py:4 imports pokernight.bots.advisors",
        "front/screen.py:5 names module pokernight.bots.draw:DrawComputer",
        "front/screen.py:6 names paigow: 'paigow'",
    ]
    assert sorted(offences(package, names=False)) == [
        "front/screen.py:3 imports pokernight.games.paigow.hands",
        "front/screen.py:4 imports pokernight.bots.advisors",
        "front/screen.py:5 names module pokernight.bots.draw:DrawComputer",
    ]
