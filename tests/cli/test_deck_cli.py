"""The shipped dual-value deck against seed 001's table, as ``pokernight count`` reports it."""

from __future__ import annotations

import json

from pokernight.cards import DUAL641_PATH
from tests.cli.test_commands import run

TARGET = DUAL641_PATH.with_name("seed001_table.json")
# The shipped deck's rows minus the seed's, standard ranking (royal flushes with straight
# flushes, as the seed counts them).
SHIPPED_MINUS_SEED = {
    "five_of_a_kind": 0,
    "straight_flush": 109,
    "four_of_a_kind": -121,
    "full_house": 1033,
    "flush": -165,
    "straight": 65,
    "three_of_a_kind": -139,
    "two_pair": 18,
    "one_pair": -122,
    "high_card": -678,
}


def shipped_table() -> dict[str, int]:
    out = run("count", "--rules", "dual-high", "--deck", "dual641", "--json")
    assert out.returncode == 0, out.stderr
    categories: dict[str, int] = json.loads(out.stdout)["categories"]
    categories["straight_flush"] += categories.pop("royal_flush")
    return categories


def test_the_shipped_deck_is_2450_hands_from_the_seeds_table_row_by_row() -> None:
    table = shipped_table()
    seed = json.loads(TARGET.read_text())
    assert {name: table[name] - seed[name] for name in seed} == SHIPPED_MINUS_SEED
    assert sum(abs(table[name] - seed[name]) for name in seed) == 2450
    header = [line.split() for line in DUAL641_PATH.read_text().splitlines() if "  seed " in line]
    assert {row[1]: int(row[2].replace(",", "")) for row in header} == table  # the header is true
