"""The import graph of ``src/pokernight``: no game reaches up to a front end, OpenSpiel's
adapter does not lean on the learning environments, and no module imports itself round a
circle.

Each module's source is read, not run (``ast``). Every import counts: at the top, under
``TYPE_CHECKING`` and inside a function. An import inside a function only delays the arrow, so a
circle held apart by function-local imports (the dual-deck search's once was, by fourteen) is
still a circle. ``from a import b`` is an arrow to the module ``a.b`` when there is one, else to
``a``. A module imported by name at run time (``importlib.import_module`` of a spec's string,
such as a game's tool or prompt screen) is not an arrow.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pokernight

SOURCE = Path(pokernight.__file__).parent

FRONT_ENDS = ("pokernight.cli", "pokernight.tui", "pokernight.web", "typer")
"""What a game never imports: the front ends and the command line's own library (a game's tool
declares its parameters with ``engine.tools``)."""


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by its dotted name."""
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def imported(name: str, path: Path, known: Mapping[str, Path]) -> Iterator[str]:
    """What one module imports, as dotted names, wherever in it the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base


def graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and everything it imports."""
    known = modules(root)
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def reaching(arrows: Mapping[str, set[str]], source: str, targets: tuple[str, ...]) -> list[str]:
    """The arrows from the modules under ``source`` to any under ``targets``."""
    return sorted(
        f"{module} imports {target}"
        for module, imports in arrows.items()
        if within(module, source)
        for target in imports
        if any(within(target, t) for t in targets)
    )


def circles(arrows: Mapping[str, set[str]]) -> list[list[str]]:
    """The circles a depth-first walk over the package's own modules closes, each as the
    modules round it, the first again at the end."""
    found: list[list[str]] = []
    walking: list[str] = []
    done: set[str] = set()

    def visit(module: str) -> None:
        walking.append(module)
        for target in sorted(arrows[module] & arrows.keys()):
            if target in walking:
                found.append([*walking[walking.index(target) :], target])
            elif target not in done:
                visit(target)
        walking.pop()
        done.add(module)

    for module in sorted(arrows):
        if module not in done:
            visit(module)
    return found


ARROWS = graph(SOURCE)


def test_no_game_imports_a_front_end_or_typer() -> None:
    assert reaching(ARROWS, "pokernight.games", FRONT_ENDS) == []


def test_openspiel_imports_nothing_of_the_learning_environments() -> None:
    assert reaching(ARROWS, "pokernight.openspiel", ("pokernight.rl",)) == []


def test_no_module_imports_itself_round_a_circle() -> None:
    assert circles(ARROWS) == []


def test_the_checks_find_what_they_forbid(tmp_path: Path) -> None:
    """The rules themselves, on a package made for them: a circle closed only by an import
    inside a function, one under ``TYPE_CHECKING``, relative imports, a game importing typer."""
    root = tmp_path / "house"
    (root / "games").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "search.py": "def walk() -> None:\n    from house.suits import shaken\n",
        "suits.py": "from house.search import walk\n",
        "games/__init__.py": "",
        "games/tool.py": "import typer\nfrom .. import search\nfrom ..cli.params import SEED\n",
        "games/round.py": "if TYPE_CHECKING:\n    from house.games.game import Options\n",
        "games/game.py": "from house.games import round\n",
        "cli/__init__.py": "",
        "cli/params.py": "",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text)
    arrows = graph(root)
    assert arrows["house.games.tool"] == {"typer", "house.search", "house.cli.params"}
    assert reaching(arrows, "house.games", ("house.cli", "typer")) == [
        "house.games.tool imports house.cli.params",
        "house.games.tool imports typer",
    ]
    assert circles(arrows) == [
        ["house.games.game", "house.games.round", "house.games.game"],
        ["house.search", "house.suits", "house.search"],
    ]
