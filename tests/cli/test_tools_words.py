"""Issue 38's tools, through their own output: ``count --cards`` takes each preset's own sizes
and names them when it refuses one; ``deck table`` and ``deck bound`` say they compile; and
the help says what is true (``advise`` names a page that exists, ``solve`` only the games it
solves, ``deck`` lists each command in one whole sentence). Run in this process through the
console script's entry point, with a help as wide as its longest line."""

from __future__ import annotations

import json
import re
from math import comb

import pytest
from tests.cli.test_every_game_cli import command
from tests.cli.test_hostile import leaves
from tests.cli.test_waits import ONCE
from tests.docs.blocks import ROOT

from pokernight.catalog import CATALOG
from pokernight.cli import bars
from pokernight.hands import PRESETS

POKER: tuple[str, ...] = (
    "high",
    "deuces-wild",
    "joker-wild",
    "joker-bug",
    "ace-to-five",
    "deuce-to-seven",
)
POKER += ("ace-to-six", "draw-ti", "paigow-high")
SIZES = {
    **dict.fromkeys(POKER, "5, 6 or 7"),
    **dict.fromkeys(("hurricane-high", "hurricane-low", "paigow-low"), "2"),
    **dict.fromkeys(("dual-high", "dual-low"), "5"),
    "bigtwo": "1, 2, 3 or 5",
}
"""Every preset's hand sizes as its refusal says them (a new preset must be added here)."""
DECK_SIZE = {"standard": 52, "hurricane": 52, "joker": 53, "dual641": 52}


@pytest.fixture()
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Help at 200 columns: no line Rich wraps, so a break in it is the text's own."""
    monkeypatch.setenv("COLUMNS", "200")


def test_every_preset_is_listed() -> None:
    assert set(SIZES) == set(PRESETS)


@pytest.mark.parametrize("rules", SIZES)
def test_count_takes_the_smallest_size_of_each_preset(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every hand of that size counted: Hurricane's 2 as well as poker's 5."""
    size = int(re.split(r"\D", SIZES[rules])[0])
    code, out, err = command(capsys, "count", "--rules", rules, "--cards", str(size), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["rules"], data["cards"]) == (rules, size)
    assert data["total"] == comb(DECK_SIZE[data["deck"]], size)
    assert sum(data["categories"].values()) == data["total"]


def test_the_issues_hurricane_count(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--rules", "hurricane-high", "--deck", "hurricane", "--cards", "2", "--json")
    code, out, err = command(capsys, "count", *args)
    assert (code, err) == (0, "")
    assert json.loads(out)["categories"] == {"pair": 270, "no_pair": 1056}


@pytest.mark.parametrize(
    ("size", "plays"),
    [
        ("1", {"single": 52}),
        ("2", {"pair": 78, "not_a_play": 1_248}),
        ("3", {"triple": 52, "not_a_play": 22_048}),
    ],
)
def test_count_takes_big_twos_plays(
    size: str, plays: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = command(capsys, "count", "--rules", "bigtwo", "--cards", size, "--json")
    assert code == 0, err
    counted = {name: n for name, n in json.loads(out)["categories"].items() if n}
    assert counted == plays


@pytest.mark.parametrize("rules", SIZES)
def test_count_refuses_a_size_naming_the_presets_own(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """4 cards: a size no preset counts."""
    code, out, err = command(capsys, "count", "--rules", rules, "--cards", "4")
    assert (code, out) == (2, "")
    assert err == f"pokernight: {rules} counts hands of {SIZES[rules]} cards, not 4\n"


def test_count_help_names_each_presets_sizes(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = command(capsys, "count", "--help")
    assert code == 0
    assert (
        "cards per hand (default: the preset's): 1, 2, 3 or 5 for bigtwo; 5 for dual-high, "
        "dual-low; 2 for hurricane-high, hurricane-low, paigow-low; 5, 6 or 7 for the others"
    ) in out


@pytest.mark.parametrize("command_name", ["table", "bound"])
def test_deck_table_and_bound_say_they_compile(
    command_name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bar shown at once, as a first use (twenty-odd seconds of numba) would show it:
    the compiling first, on standard error, the result alone on standard output."""
    monkeypatch.setattr(bars, "SLOW", 0.0)
    code, out, err = command(capsys, "deck", command_name, "--json")
    assert code == 0, err
    data = json.loads(out)  # the result alone: the shipped deck, 292 hands from the seed's
    assert (data if command_name == "table" else data[0])["distance"] == 292
    lines = err.splitlines()
    compiling = f"compiling the dual-deck counting kernels {ONCE}: "
    assert lines[0].startswith(compiling)
    compiled = next(i for i, line in enumerate(lines) if line.startswith(f"{compiling}done in "))
    assert all(line.startswith(compiling) for line in lines[:compiled])
    assert lines[compiled].endswith(": 1 of 1 ready")
    assert all(line.startswith("counting: ") for line in lines[compiled + 1 :])


def test_advise_help_names_the_advisor_page(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = command(capsys, "advise", "--help")
    assert code == 0
    assert out.count("docs/programs/advisor.md") == 2  # the position's fields, the models


def test_every_page_a_help_names_exists(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's help: each file it points to is in the repository, and it points to
    no section of the README (the README has none by a command's name)."""
    named: dict[str, tuple[str, ...]] = {}
    for path, _ in leaves():
        code, out, _ = command(capsys, *path, "--help")
        assert code == 0, path
        assert "README:" not in out, path
        named |= {page: path for page in re.findall(r"\bdocs/[\w/.-]+\.md\b", out)}
    assert "docs/programs/advisor.md" in named
    assert [page for page in named if not (ROOT / page).is_file()] == []


def test_solve_help_names_only_the_games_it_solves(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = command(capsys, "solve", "--help")
    assert code == 0
    solved = [name for name, game in CATALOG.items() if game.spec.machines.solver]
    assert solved == ["hurricane"]
    others = [name for name in CATALOG if name not in solved]
    assert [name for name in others if re.search(rf"\b{name}\b", out)] == []
    option = out.split("--option")[1].split("--json")[0]
    assert "hurricane:" in option


def test_deck_help_lists_each_command_in_one_whole_sentence(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = command(capsys, "deck", "--help")
    assert code == 0
    panel = out.split("─ Commands ")[1].split("╰")[0].splitlines()[1:]
    rows = [line.strip("│ ").split(maxsplit=1) for line in panel]
    assert [name for name, _ in rows] == ["fit", "table", "bound"]
    assert all(text.endswith(".") for _, text in rows), rows
