"""``advise``: the draw advisor's ranking is exact enumeration (checked against an independent
brute force through the per-hand evaluator); Pai Gow ranks all 21 settings; Big Two ranks
the search bot's candidates at a recorded position."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.bots.advice import DRAW_RULES, advise_draw, strength
from pokernight.cards import CARDS, parse_cards
from pokernight.games.paigow.advice import advise
from pokernight.hands.evaluate import evaluate

HANDS = ["Ks Kd 7h 4c 2s", "9s Ts Js Qs 2d", "Ah Kh Qh Jh 3c", "5c 6d 7h 8s Kc", "2c 2d 2h 9s 9d"]


def brute_force(text: str, max_discards: int) -> dict[str, float]:
    hand = parse_cards(text)
    unseen = [c for c in CARDS if c not in hand]
    values = {}
    for size in range(max_discards + 1):
        for thrown in combinations(hand, size):
            kept = [c for c in hand if c not in thrown]
            draws = list(combinations(unseen, size))
            total = sum(strength(evaluate([*kept, *d], DRAW_RULES).key) for d in draws)
            name = "discard " + " ".join(map(str, thrown)) if thrown else "keep"
            values[name] = total / len(draws)
    return values


@pytest.mark.parametrize("text", HANDS)
def test_draw_advice_is_exact_enumeration(text: str) -> None:
    choices = advise_draw(parse_cards(text), max_discards=2)
    exact = brute_force(text, 2)
    assert len(choices) == len(exact) == 16
    assert choices[0].action == max(exact, key=lambda k: exact[k])
    for c in choices:
        assert c.value == pytest.approx(exact[c.action], abs=1e-12)
        assert c.ci95 == (c.value, c.value)


def test_draw_advice_tells_its_progress_discard_by_discard() -> None:
    heard: list[tuple[float, float | None]] = []
    ranked = advise_draw(
        parse_cards("As Kd 7h 7c 2s"), 2, lambda done, total: heard.append((done, total))
    )
    assert len(ranked) == 16  # keep, 5 singles, 10 pairs
    assert heard == [(n, 16) for n in range(17)]


def test_strength_is_a_share_of_all_hands() -> None:
    royal = evaluate(parse_cards("As Ks Qs Js Ts"), DRAW_RULES).key
    worst = evaluate(parse_cards("7c 5d 4h 3s 2c"), DRAW_RULES).key
    assert strength(royal) == pytest.approx(1 - 2 / 2_598_960)  # four royals tie at the top
    assert strength(worst) < 0.001


def test_paigow_ranks_all_21_settings_best_first() -> None:
    result = advise(parse_cards("Js Jd 4c 4h As 3d 9c"), samples=500, seed=1)
    assert len(result.ranked) == 21
    means = [m for _, m, _ in result.ranked]
    assert means == sorted(means, reverse=True) and means[0] == result.ev
    assert set(result.ranked[0][0]) == set(result.best.front)


def test_advise_cli(tmp_path: Path) -> None:
    out = run("advise", "draw", "--state", "9s Ts Js Qs 2d", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["choices"][0]["action"] == "discard 2d"
    path = tmp_path / "b.jsonl"
    run("sim", "bigtwo", "--hands", "1", "--seed", "3", "--records", str(path))
    first = run("advise", "bigtwo", "--record", str(path), "--at", "0", "--samples", "20", "--json")
    assert first.returncode == 0, first.stderr
    plays = json.loads(first.stdout)["choices"]
    assert len(plays) >= 1 and all("3d" in p["action"] for p in plays)  # 3d opens
    again = run("advise", "bigtwo", "--record", str(path), "--at", "0", "--samples", "20", "--json")
    assert again.stdout == first.stdout
    bad = run("advise", "holdem", "--state", "As 2d")
    assert bad.returncode == 2 and bad.stderr.startswith("pokernight: advice is available for")


def test_advise_hurricane_and_highlow_cli(tmp_path: Path) -> None:
    state = "seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1"
    args = ("advise", "hurricane", "--state", state, "--samples", "30", "--json")
    first, again = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    out = json.loads(first.stdout)
    assert out["method"].startswith("determinized rollouts")
    assert {c["action"] for c in out["choices"]} == {
        "call",
        "raise 1",
        "raise 2",
        "raise 3",
        "fold",
    }
    path = tmp_path / "h.jsonl"
    run("sim", "hurricane", "--hands", "1", "--seed", "3", "--records", str(path))
    recorded = run("advise", "hurricane", "--record", str(path), "--at", "3", "--samples", "20")
    assert recorded.returncode == 0, recorded.stderr
    assert recorded.stdout.splitlines()[1].startswith("  1. ")
    wrong = run("advise", "highlow", "--record", str(path), "--samples", "20")
    assert wrong.returncode == 2
    assert wrong.stderr == f"pokernight: {path}:1 is a hurricane hand, not highlow\n"
    for bad_state, message in (
        ("seats 4; dealer 2; seat 0; cards 7h 2s 9d", "cards: a hurricane hand holds 2 cards"),
        ("seats 4; dealer 2; seat 0; cards 7h 2s; history bet 1, check", "history: action 2"),
        ("seats 4; dealer 5; seat 0; cards 7h 2s", "dealer 5 is out of range"),
    ):
        refused = run("advise", "hurricane", "--state", bad_state)
        assert refused.returncode == 2
        assert refused.stderr.startswith(f"pokernight: {message}")
        assert refused.stderr.count("\n") == 1 and not refused.stdout
    mix = run(
        "advise",
        "highlow",
        "--state",
        "seats 2; dealer 0; seat 1; cards 2c/4c 2d/7d 2h/4s 2s/Qc 3c/8d",
        "--opponents",
        "value,pat",
    )
    assert mix.returncode == 2 and "--opponents names one model or 1" in mix.stderr
