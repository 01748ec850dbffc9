"""``bigtwo-moves``, ``play bigtwo --plain`` and ``sim bigtwo`` through the real command."""

from __future__ import annotations

import json
from itertools import combinations

from tests.cli.test_play_and_sim import run

from pokernight.cards import Card, parse_cards
from pokernight.errors import InvalidCards
from pokernight.hands.climb import classify_play, climb_value, play_key


def brute_moves(hand: str, last: str | None) -> list[list[str]]:
    cards = sorted((c for c in parse_cards(hand) if isinstance(c, Card)), key=climb_value)
    beat = None
    if last:
        played = [c for c in parse_cards(last) if isinstance(c, Card)]
        beat = (len(played), play_key(*classify_play(played)))
    found = []
    for n in (1, 2, 3, 5):
        for combo in combinations(cards, n):
            try:
                key = play_key(*classify_play(combo))
            except InvalidCards:
                continue
            if beat is None or (n == beat[0] and key > beat[1]):
                found.append((n, key, [climb_value(c) for c in combo], [str(c) for c in combo]))
    return [m[3] for m in sorted(found)] + ([[]] if last else [])


def test_moves_json_lists_every_play_lowest_first() -> None:
    hand = "3d 3c 4h 5s 6d 7c 7d Kd Qd 9d 2s 2h 2d"
    out = run("bigtwo-moves", "--hand", hand, "--json")
    assert out.returncode == 0, out.stderr
    moves = json.loads(out.stdout)["moves"]
    assert moves[:3] == [["3d"], ["3c"], ["4h"]]
    assert moves == brute_moves(hand, None)


def test_moves_against_a_play_end_with_pass() -> None:
    out = run("bigtwo-moves", "--hand", "3d 3c 7h 7s 2s", "--last", "5d 5h", "--json")
    assert json.loads(out.stdout) == {"moves": [["7h", "7s"], []]}
    full = run("bigtwo-moves", "--hand", "8d 8c 8h 3c 3h Ks", "--last", "7d 7c 7h Td Tc")
    assert full.stdout.splitlines() == ["play 3c 3h 8d 8c 8h", "pass"]


def test_moves_reject_bad_input_with_one_line() -> None:
    for args in (
        ("--hand", "3d Zz"),
        ("--hand", "3d 4d", "--last", "3d"),
        ("--hand", "3d", "--last", "4d 5d"),
    ):
        out = run("bigtwo-moves", *args)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and out.stdout == ""


def test_a_scripted_game_is_played_and_explains_a_bad_play() -> None:
    script = "d\nplay Zz\npass\n" + "1\n" * 60
    out = run("play", "bigtwo", "--plain", "--seed", "3", stdin=script)
    assert out.returncode == 0, out.stderr
    assert "Mount Holyoke Poker: you are Seat 1" in out.stdout
    assert "'Zz' has an unknown rank" in out.stdout
    assert "Points (low is good):" in out.stdout


def test_sim_bigtwo_reports_net_as_minus_points() -> None:
    out = run(
        "sim", "bigtwo", "--hands", "15", "--bots", "greedy,search,random", "--seed", "2", "--json"
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [s["bot"] for s in data["seats"]] == ["greedy", "search", "random"]
    assert all(s["net"] <= 0 for s in data["seats"])
