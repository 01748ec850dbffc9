"""``paigow-set``, ``play paigow --plain`` and ``sim paigow`` from the command line."""

from __future__ import annotations

import json

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.sim.runner import simulate


def test_paigow_set_json_gives_the_house_way() -> None:
    out = run("paigow-set", "Js", "Jd", "4c", "4h", "As", "3d", "9c", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert sorted(data["low"]) == ["4c", "4h"]
    assert sorted(data["high"]) == sorted(["Js", "Jd", "As", "3d", "9c"])
    assert data["fouled"] is False and "split" in data["reason"]


def test_paigow_set_best_reports_its_estimate() -> None:
    out = run("paigow-set", "9s 9d 4c 4h Ks 3d 2c", "--way", "best", "--samples", "300", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["ci95"][0] <= data["ev"] <= data["ci95"][1]
    assert data["ev"] >= data["house_way_ev"] and data["samples"] == 300


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Ah Kd 9c 7h 5s", "exactly 7 cards, got 6"),
        ("As Ah Kd 9c 7h 5s As", "As appears twice"),
        ("As Ah Kd 9c 7h Jk Jk", "Jk appears twice"),
        ("As Ah Kd 9c 7h 5s Zz", "unknown rank"),
    ],
)
def test_paigow_set_bad_input_is_one_line_and_exit_2(cards: str, message: str) -> None:
    out = run("paigow-set", *cards.split())
    assert out.returncode == 2 and message in out.stderr
    assert out.stderr.count("\n") == 1 and out.stdout == ""


def test_play_paigow_plain_sets_with_the_house_way_and_settles() -> None:
    out = run("play", "paigow", "--plain", "--seed", "3", stdin="\nAs Kd\nh\n\nn\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Your cards:" in text and "name two of your own cards" in text
    assert "House way: front" in text and "Dealer: back" in text and "Seat 1 (you): back" in text
    assert "Hands played: 1." in text


def test_sim_paigow_json_reports_rates_and_edge_per_unit() -> None:
    out = run("sim", "paigow", "--hands", "1000", "--json", "--option", "bank=player")
    assert out.returncode == 0, out.stderr
    seats = json.loads(out.stdout)["seats"]
    assert len(seats) == 2 and all("per_unit" in s for s in seats)
    out = run("sim", "hurricane", "--hands", "10", "--option", "bank=player")
    assert out.returncode == 2 and "has no option 'bank'" in out.stderr


def test_house_way_against_house_way_agrees_with_the_published_rates() -> None:
    """Published (Wizard of Odds, house way against house way): the player wins 28.6%, pushes
    41.5%, loses 29.9%. 40,000 hands give each rate a standard error near 0.25%: the
    published figures must lie within 4 of them."""
    result = simulate("paigow", 40_000, seed=11)
    won, even, lost = result.seats[0].rates
    n = result.hands
    for measured, published in ((won, 0.286), (even, 0.415), (lost, 0.299)):
        error = (published * (1 - published) / n) ** 0.5
        assert abs(measured - published) < 4 * error


def test_paigow_set_and_sim_take_the_trump_plaza_two_pair_table() -> None:
    out = run("paigow-set", "Js Jd 4c 4h As 3d 9c", "--two-pair", "trump-plaza", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert sorted(data["low"]) == ["9c", "As"] and "kept together" in data["reason"]
    out = run("paigow-set", "Js Jd 4c 4h As 3d 9c", "--two-pair", "foxwoods")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "pokernight: --two-pair is rules or trump-plaza, not 'foxwoods'\n"
    out = run("sim", "paigow", "--hands", "500", "--json", "--option", "two_pair=trump-plaza")
    assert out.returncode == 0, out.stderr
    assert [s["bot"] for s in json.loads(out.stdout)["seats"]] == ["trump-plaza"]
    out = run("sim", "paigow", "--hands", "500", "--option", "two_pair=foxwoods")
    assert out.returncode == 2 and "two_pair must be one of rules, trump-plaza" in out.stderr
