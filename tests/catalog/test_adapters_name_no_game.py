"""The adapters and services learn every game from the catalog: ``openspiel``, ``rl``,
``sim`` and ``history`` import no game's or computer player's module, and no name, string or
attribute of their code names a game (their docstrings may show one in an example)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pokernight.catalog import CATALOG

SRC = Path(__file__).resolve().parents[2] / "src" / "pokernight"
PACKAGES = ("openspiel", "rl", "sim", "history")
PHASES = {phase for game in CATALOG.values() for phase in game.spec.phases}
"""Words of the games' own (a phase called "draw"): a game so named is named by its string."""
TITLES = [g.spec.title.removesuffix(" Poker") for g in CATALOG.values()]
NAMED = re.compile(
    rf"\b({'|'.join([*(n for n in CATALOG if n not in PHASES), *TITLES, 'big two'])})\b",
    re.IGNORECASE,
)
""" A game's name or title (without "Poker"), in a word, or Big Two as people write it."""


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, a class, a
    function, or an attribute: a string standing alone as a statement)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", ())
        for child in body if isinstance(body, list) else ():
            if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                found.add(id(child.value))
    return found


def named(words: str, text: bool) -> str | None:
    """The game ``words`` names: a game's name as the whole of a string (``text``), or a
    name or title as a word of a string or identifier."""
    if text and words in CATALOG:
        return words
    found = NAMED.search(words.replace("_", " "))
    return None if found is None else found.group()


def offences(path: Path) -> list[str]:
    """Each import of a game or bot module, and each name of a game in the code."""
    tree = ast.parse(path.read_text(), str(path))
    docs = _docstrings(tree)
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        out += [
            (node.lineno, f"{path.name}:{node.lineno} imports {m}")
            for m in modules
            if m.startswith(("pokernight.games", "pokernight.bots"))
        ]
        game = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            game = named(node.value, text=True)
        elif isinstance(node, ast.Name):
            game = named(node.id, text=False)
        elif isinstance(node, ast.Attribute):
            game = named(node.attr, text=False)
        if game is not None:
            out.append((node.lineno, f"{path.name}:{node.lineno} names {game!r}"))
    return [text for _, text in sorted(out)]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_imports_no_game_and_names_none(package: str) -> None:
    assert [o for p in sorted((SRC / package).rglob("*.py")) for o in offences(p)] == []


def test_the_check_finds_an_import_and_a_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        '"""Docstrings may say hurricane."""\n'
        "from pokernight.games.paigow.game import DECK\n"
        "import pokernight.bots.draw\n"
        "LONGEST = 400 if name == 'bigtwo' else 60\n"
        "highlow_deck = 1\n"
        "phase = 'draw'\n"
        "deal(pai_gow)\n"
    )
    assert offences(bad) == [
        "bad.py:2 imports pokernight.games.paigow.game",
        "bad.py:3 imports pokernight.bots.draw",
        "bad.py:4 names 'bigtwo'",
        "bad.py:5 names 'highlow'",
        "bad.py:6 names 'draw'",
        "bad.py:7 names 'pai gow'",
    ]
