"""The command-line contract of DESIGN.md section 4, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from pokernight.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_eval_json_fields() -> None:
    out = run("eval", "Qs", "Qh", "4d", "3c", "Jk", "--rules", "joker-bug", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"rules", "cards", "category", "key", "best", "wild_as", "description"}
    assert data["category"] == "one_pair" and data["wild_as"] == {"Jk": "As"}
    assert data["description"] == "Pair of queens"


def test_eval_accepts_one_quoted_string_and_10() -> None:
    out = run("eval", "10h Jh Qh Kh Ah", "--rules", "high", "--json")
    assert json.loads(out.stdout)["category"] == "royal_flush"


def test_compare_json_with_shared_cards() -> None:
    out = run("compare", "Qs Qh Qd Ac Kc", "Qs Qh Qd Ac 7c", "--rules", "high", "--json")
    data = json.loads(out.stdout)
    assert data["winners"] == [0] and data["reason"] == "K beats 7"
    assert len(data["hands"]) == 2


def test_compare_hurricane_reason_names_the_wild() -> None:
    out = run("compare", "2s 3c", "As 3d", "--rules", "hurricane-low", "--json")
    data = json.loads(out.stdout)
    assert data["winners"] == [0, 1] and "23 plays as A3" in data["reason"]


def test_count_json() -> None:
    out = run("count", "--rules", "deuces-wild", "--json")
    data = json.loads(out.stdout)
    assert set(data) == {"rules", "deck", "cards", "total", "categories", "distinct", "seconds"}
    assert data["categories"]["five_of_a_kind"] == 672 and data["total"] == 2598960


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("eval", "As", "Ks", "--rules", "high"), "have 5, 6 or 7 cards, got 2"),
        (("eval", "As", "As", "Qs", "Js", "Ts", "--rules", "high"), "As appears twice"),
        (("eval", "Zs", "Ks", "Qs", "Js", "Ts", "--rules", "high"), "unknown rank"),
        (("eval", "As", "Ks", "Qs", "Js", "Jk", "--rules", "high"), "without a joker"),
        (("eval", "As", "Jk", "--rules", "hurricane-high"), "without a joker"),
        (("eval", "As", "Ks", "Qs", "Js", "Jk", "--rules", "draw-ti"), "without a joker"),
        (("eval", "As", "Ks", "Qs", "Js", "Ts", "--rules", "nope"), "unknown rules"),
        (("eval", "--rules", "high"), "Missing argument"),
        (("compare", "As Ks Qs Js Ts", "--rules", "high"), "at least two hands"),
        (("count", "--rules", "high", "--deck", "joker"), "without a joker"),
        (("count", "--rules", "high", "--cards", "9"), "high counts hands of 5, 6 or 7 cards"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], out.stderr


def test_count_dual_high_on_the_shipped_deck() -> None:
    data = json.loads(run("count", "--rules", "dual-high", "--deck", "dual641", "--json").stdout)
    assert data["categories"]["five_of_a_kind"] == 658 and data["total"] == 2598960
