"""Tournaments over rotating seats, the cumulative curve behind ``--plot``, and backends:
results never depend on worker count or backend; optional extras are named when missing."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.errors import InvalidRules
from pokernight.sim.backends import optional_module
from pokernight.sim.runner import simulate
from pokernight.sim.tournament import tournament


def test_the_curve_ends_at_the_totals_with_the_interval_scaled_to_the_run() -> None:
    result = simulate("hurricane", 1_200, seed=3)
    assert [c.hands for c in result.curve] == [500, 1000, 1200]
    last = result.curve[-1]
    for i, row in enumerate(result.by_bot.values()):
        assert last.nets[i] == row.net
        half_per_hand = (row.ci95[1] - row.ci95[0]) / 2
        assert math.isclose(last.halves[i], half_per_hand * 1_200, rel_tol=1e-9)


def test_a_tournament_rotates_every_bot_through_every_seat() -> None:
    one = tournament("hurricane", ["checker", "foldout", "random"], 600, seed=2)
    two = tournament("hurricane", ["checker", "foldout", "random"], 600, seed=2, workers=2)
    assert one.to_json() == two.to_json()
    assert one.rotations == 3
    means = [s.result.net_per_hand for s in one.standings]
    assert means == sorted(means, reverse=True)
    for s in one.standings:  # 3 rotations x 600 hands, every bot seated in each
        won, even, lost = s.result.rates
        assert s.result.net == round(s.result.net_per_hand * 1_800)
        assert math.isclose(won + even + lost, 1.0)
    assert [s.rank for s in one.standings] == [1, 2, 3]


def test_a_tournament_needs_two_different_bots() -> None:
    with pytest.raises(InvalidRules, match="at least two different bots"):
        tournament("hurricane", ["random", "random"], 10)


def test_missing_extras_and_unknown_backends_are_named() -> None:
    with pytest.raises(
        InvalidRules,
        match=r"no_such_lib is not installed: pip install -e '\.\[plot\]' in a clone, or pip "
        r"install 'pokernight\[plot\]'",
    ):
        optional_module("no_such_lib", "plot")
    out = run("sim", "draw", "--hands", "10", "--backend", "spark")
    assert out.returncode == 2
    assert out.stderr == "pokernight: unknown backend 'spark': backends are process, dask, ray\n"


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip(
        "matplotlib", reason="the plot extra is not installed: pip install '.[plot]'"
    )
    path = tmp_path / "run.png"
    out = run("sim", "draw", "--hands", "1200", "--seed", "1", "--plot", str(path), "--json")
    assert out.returncode == 0, out.stderr
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("backend", "module"), [("dask", "distributed"), ("ray", "ray")])
def test_a_cluster_backend_gives_the_process_pool_result(backend: str, module: str) -> None:
    pytest.importorskip(module, reason=f"the {backend} extra is not installed")
    base = ("sim", "hurricane", "--hands", "1200", "--seed", "5", "--json")
    local = json.loads(run(*base, "--workers", "2").stdout)
    cluster = run(*base, "--workers", "2", "--backend", backend)
    assert cluster.returncode == 0, cluster.stderr
    remote = json.loads(cluster.stdout)
    local.pop("seconds")
    remote.pop("seconds")
    assert remote == local
