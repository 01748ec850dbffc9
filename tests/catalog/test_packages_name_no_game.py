"""The front ends and services ask the catalog: none imports a game or computer player's module
or names a game.

Each package's source is read, not run: every import (at the top, inside a function or under
``TYPE_CHECKING``) and every string literal that is not documentation. A literal names a game
when it holds a catalog game's name as a word, in any case (``"hurricane"``, ``f"{x} paigow"``,
``"bigtwo-moves"``); a name the games themselves use as an ordinary word (``draw``: "two-card
draw" in Hurricane's own words) names the game only as the whole literal.
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
PACKAGES = ["cli", "tui", "web", "openspiel", "rl", "sim", "history"]


FORBIDDEN = ("pokernight.games", "pokernight.bots")
"""A game's module, or a computer player's or advisor's: the catalog offers them (DESIGN.md)."""


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


def offences(folder: Path) -> Iterator[str]:
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
                    if any(module == p or module.startswith(f"{p}.") for p in FORBIDDEN):
                        yield f"{where}:{node.lineno} imports {module}"
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docs and (name := names_a_game(text)):
                yield f"{where}:{node.lineno} names {name}: {text[:60]!r}"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_imports_no_game_and_names_none(package: str) -> None:
    assert list(offences(SOURCE / package)) == []


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
        '    return "paigow"\n'
    )
    assert list(offences(package)) == [
        "front/screen.py:3 imports pokernight.games.paigow.hands",
        "front/screen.py:4 imports pokernight.bots.advisors",
        "front/screen.py:5 names paigow: 'paigow'",
    ]
