"""The shipped dual-value deck against seed 001's table, as ``pokernight count`` reports it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from tests.cli.test_commands import run

from pokernight.cards import DUAL641_PATH

TARGET = DUAL641_PATH.with_name("seed001_table.json")
# The shipped deck's rows minus the seed's, standard ranking (royal flushes with straight
# flushes, as the seed counts them).
SHIPPED_MINUS_SEED = {
    "five_of_a_kind": 0,
    "straight_flush": 8,
    "four_of_a_kind": -146,
    "full_house": 29,
    "flush": 20,
    "straight": 8,
    "three_of_a_kind": 0,
    "two_pair": 23,
    "one_pair": 5,
    "high_card": 53,
}


@cache
def shipped_table() -> dict[str, int]:
    """The shipped deck's rows from ``pokernight count`` (counted once for the module)."""
    out = run("count", "--rules", "dual-high", "--deck", "dual641", "--json")
    assert out.returncode == 0, out.stderr
    categories: dict[str, int] = json.loads(out.stdout)["categories"]
    categories["straight_flush"] += categories.pop("royal_flush")
    return categories


def test_the_shipped_deck_is_292_hands_from_the_seeds_table_row_by_row() -> None:
    table = dict(shipped_table())
    seed = json.loads(TARGET.read_text())
    assert {name: table[name] - seed[name] for name in seed} == SHIPPED_MINUS_SEED
    assert sum(abs(table[name] - seed[name]) for name in seed) == 292
    header = [line.split() for line in DUAL641_PATH.read_text().splitlines() if "  seed " in line]
    assert {row[1]: int(row[2].replace(",", "")) for row in header} == table  # the header is true


def test_deck_fit_shows_progress_and_writes_the_deck_it_reports(tmp_path: Path) -> None:
    """Two workers from the shipped deck under another convention: every line of progress is
    on standard error, the best never worsens, and the deck written is the one reported."""
    out = tmp_path / "fit.txt"
    ranking = "flush-over-full-house"
    args = ("--minutes", "0.05", "--workers", "2", "--ranking", ranking, "--seed", "3")
    result = run("deck", "fit", "--start", str(DUAL641_PATH), "--out", str(out), *args, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    bests = [int(line.split("best L1 ")[1].split()[0].rstrip(",").replace(",", ""))
             for line in result.stderr.splitlines() if "best L1" in line]  # fmt: skip
    said = [line for line in result.stderr.splitlines() if line.startswith("deck fit: ")]
    assert said[0] == "deck fit: 2 workers, 0.05 minutes, ranking " + ranking
    before = run("deck", "table", "--ranking", ranking, "--json")  # the start's distance
    assert bests[0] == json.loads(before.stdout)["distance"]
    assert bests == sorted(bests, reverse=True)
    assert bests[-1] == data["distance"] and data["moves"] > 0
    shown = run("deck", "table", "--deck", str(out), "--ranking", ranking, "--json")
    assert json.loads(shown.stdout)["table"] == data["table"]
    assert json.loads(shown.stdout)["distance"] == data["distance"]
    header = [line.split() for line in out.read_text().splitlines() if "  seed " in line]
    assert {row[1]: int(row[2].replace(",", "")) for row in header} == data["table"]
    assert f"Counted under the {ranking} ranking" in out.read_text()


def test_deck_fit_keeping_the_ranks_writes_a_deck_on_the_starts_rank_pairs(tmp_path: Path) -> None:
    """From the rank certificate's cards (random suits on ranks whose floor is 22): only
    suits move, and the first deck heard is the start."""
    start = Path(__file__).parents[1] / "hands" / "rank-floor-22.txt"
    out = tmp_path / "suits.txt"
    args = ("--minutes", "0.03", "--workers", "1", "--keep-ranks", "--out", str(out), "--json")
    result = run("deck", "fit", "--start", str(start), *args)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    first = result.stderr.split("best L1 ")[1].split()[0]
    assert first == "97,994" and data["keep_ranks"] and data["distance"] < 97_994
    shown = run("deck", "table", "--deck", str(out), "--json")
    assert json.loads(shown.stdout)["distance"] == data["distance"]

    def pairs(path: Path) -> list[list[str]]:
        cards = [line for line in path.read_text().splitlines() if not line.startswith("#")]
        return sorted(sorted(end[:-1] for end in card.split("/")) for card in cards)

    assert pairs(out) == pairs(start)
    assert "deck fit --ranking standard --keep-ranks of rank-floor-22.txt" in out.read_text()


def test_deck_table_under_the_standard_ranking_is_the_count_commands() -> None:
    shown = json.loads(run("deck", "table", "--json").stdout)
    assert shown["table"] == shipped_table() and shown["distance"] == 292


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("deck", "fit", "--ranking", "nope"), "'--ranking'"),
        (("deck", "fit", "--structure", "six"), "'--structure'"),
        (("deck", "fit", "--start", str(DUAL641_PATH), "--structure", "four"),
         "does not keep the structure four"),
        (("deck", "table", "--deck", "standard"), "not a dual-value deck"),
        (("deck", "fit", "--target", str(DUAL641_PATH)), "cannot read target"),
        (("deck", "fit", "--keep-ranks"), "give it with --start FILE"),
    ],
)  # fmt: skip
def test_deck_refusals_are_one_line(args: tuple[str, ...], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2 and not out.stdout
    assert len(out.stderr.splitlines()) == 1 and message in out.stderr, out.stderr


def test_the_flush_over_full_house_deck_header_is_its_table() -> None:
    path = DUAL641_PATH.with_name("dual641-flush-over-full-house.txt")
    shown = run(
        "deck", "table", "--deck", str(path), "--ranking", "flush-over-full-house", "--json"
    )
    data = json.loads(shown.stdout)
    text = path.read_text()
    header = [line.split() for line in text.splitlines() if "  seed " in line]
    assert {row[1]: int(row[2].replace(",", "")) for row in header} == data["table"]
    assert f"L1 distance {data['distance']:,} hands" in " ".join(text.split())
    assert "Counted under the flush-over-full-house ranking" in text


def test_deck_bound_gives_each_conventions_floor_beside_the_decks_distance() -> None:
    """The shipped deck's ranks: four of a kind 146 short, which no suits can add."""
    data = json.loads(run("deck", "bound", "--json").stdout)
    got = {row["ranking"]: (row["floor"], row["distance"]) for row in data}
    assert got == {
        "standard": (292, 292),
        "flush-over-full-house": (292, 8_484),
        "straight-flush-over-five": (292, 292),
        "straight-over-flush": (18_230, 18_392),
    }
    standard = data[0]["suitless"]
    assert standard["four_of_a_kind"] == 36_839 and standard["flush"] == 0
    shown = run("deck", "bound", "--ranking", "straight-over-flush").stdout.splitlines()
    assert "18,230" in shown[0] and len(shown) == 12
    assert shown[6].split()[:2] == ["straight", "190,443"] and "too many" in shown[6]
