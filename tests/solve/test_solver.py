"""The heads-up solver's parts: the betting trees read off the game, the chance and showdown
weights, convergence, the saved strategy, and the command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pokernight.catalog import entry
from pokernight.cli.main import build
from pokernight.engine.actions import CALL, CHECK, FOLD, bet, raise_
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.hurricane.solve import Step, cfr, reaches, solve
from pokernight.games.hurricane.solve.cards import Deck
from pokernight.games.hurricane.solve.cfr import Solver
from pokernight.games.hurricane.solve.rounds import betting_rounds
from pokernight.games.hurricane.solve.strategy import Strategy, StrategyFileError, follow, quantise

SMALL = HurricaneOptions(seats=2, ranks=3)


def test_betting_rounds_are_the_games() -> None:
    """1 bet and 2 raises of 1 to 3: 157 ways a round ends, 79 with both still in."""
    for rnd in betting_rounds(HurricaneOptions(seats=2)):
        ends = [rnd.nodes[i] for i in rnd.ends]
        assert len(ends) == 157
        assert sum(e.folded is None for e in ends) == 79
        assert rnd.nodes[0].actions == [CHECK, bet(1), bet(2), bet(3)]
    leading, _ = betting_rounds(HurricaneOptions(seats=2))
    node = follow(leading, [bet(3), raise_(3), raise_(3)])
    assert leading.nodes[node].actions == [CALL, FOLD]  # capped
    called = leading.nodes[leading.nodes[node].children[0]]
    assert called.chips == (9, 9) and called.folded is None


def test_chance_weights_are_probabilities() -> None:
    deck = Deck(SMALL)
    kept, drew = deck.kept, deck.drew
    deal = deck.chance(kept, kept) * np.outer(kept.ways, kept.ways)  # kept: a key per state
    assert deal.sum() == pytest.approx(1.0)
    # two deuces and two aces dealt, in order, from four of each of 2, K, A
    two_two = deck.index[(0, 0)]
    ace_ace = deck.index[(2, 2)]
    assert deal[two_two, ace_ace] == pytest.approx((4 * 3 * 4 * 3) / (12 * 11 * 10 * 9))
    # one seat keeps, the other throws its lower card: every deal and draw, once each
    threw_low = (np.arange(drew.size) // deck.k) % 2 == 0
    both = deck.chance(kept, drew)[:, drew.key[threw_low]]
    weighted = both * np.outer(kept.ways, drew.ways[threw_low])
    assert weighted.sum() == pytest.approx(1.0)


def test_showdown_halves() -> None:
    """22 is a pair of aces high and the best pair low; A2 is the best low."""
    deck = Deck(SMALL)
    kept = deck.kept
    halves = deck.showdown(kept, kept)
    two_two, two_ace, king_ace = deck.index[(0, 0)], deck.index[(0, 2)], deck.index[(1, 2)]
    assert halves[two_ace, king_ace] == 2  # a pair of aces (high) and A2 (low) both win
    assert halves[two_two, two_ace] == -1  # pairs of aces tie high; any non-pair wins low
    assert halves[king_ace, king_ace] == 0
    assert np.array_equal(halves, -halves.T)


def test_solving_lowers_exploitability_to_a_small_figure() -> None:
    _, first = solve(SMALL, iterations=2)
    solver, result = solve(SMALL, iterations=60)
    assert result.iterations == 60 == solver.iterations
    gaps = [g for _, _, g in result.curve]
    assert gaps[0] == first.curve[0][2]  # deterministic
    assert result.exploitability == gaps[-1] < gaps[0] / 10
    assert result.exploitability < 0.02
    assert result.value == pytest.approx(solver.value())
    uniform = Solver(SMALL)
    assert uniform.exploitability() > 1.0  # playing at random gives away over a chip a hand


def test_padding_the_trailing_batch_changes_nothing_but_float_noise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trailing edge's batch padded to whole cache lines (79 contexts to 80) solves as
    unpadded but for float32's rounding (a row's last contexts are a vector's rather than a
    scalar loop's): the same regrets to a few units in the last place after two iterations
    (later, a regret at a tie may fall either side of zero), the same exploitability, and
    nothing of the padding in the strategy."""
    solvers = {}
    for line in (1, 16):
        monkeypatch.setattr(cfr, "LINE", line)
        solver = solvers[line] = Solver(SMALL, discounted=True)
        assert solver.width == (79 if line == 1 else 80)
        for _ in range(2):
            solver.iterate()
        assert all(
            table.shape[-1] == 79
            for tables in solver.strategy().second.values()
            for table in tables.values()
        )
    plain, padded = solvers[1], solvers[16]
    for group in plain.groups:
        for seat in (0, 1):
            regret, padded_regret = plain.learned[group][seat][0], padded.learned[group][seat][0]
            assert not padded_regret[..., 79:].any()
            np.testing.assert_allclose(padded_regret[..., :79], regret, rtol=0, atol=1e-7)
    assert padded.exploitability() == pytest.approx(plain.exploitability(), rel=1e-8)


def test_progress_is_told_after_every_iteration() -> None:
    """A bar moves with its clock: told after each iteration, not only when measuring."""
    told: list[Step] = []
    _, result = solve(SMALL, iterations=10, progress=told.append)
    assert sorted({s.iterations for s in told}) == list(range(1, 11))
    assert all(s.expected == 10 for s in told)
    assert math.isnan(told[0].exploitability)  # not yet measured
    assert told[-1].exploitability == result.exploitability
    measured = [i for i, _, _ in result.curve]
    assert measured == [1, 2, 4, 8, 10]  # twice the last each time, and the end


def test_a_target_is_measured_where_the_curve_says() -> None:
    assert reaches([(10, 1.0, 0.04), (20, 2.0, 0.01)], 0.0025) == pytest.approx(40.0)  # 1/T^2
    assert reaches([(10, 1.0, 0.04)], 0.0025) is None  # one point says nothing
    _, result = solve(SMALL, 400, target=0.005)
    assert result.exploitability < 0.005
    assert result.curve[0][0] == 8 and len(result.curve) <= 10


def _tables(strategy: Strategy) -> list[np.ndarray]:
    return [
        *strategy.first.values(),
        *strategy.draw,
        *(t for g in sorted(strategy.second) for t in strategy.second[g].values()),
    ]


def test_strategy_file_round_trip(tmp_path: Path) -> None:
    """The file keeps each reached decision's 255ths exactly and reads the rest as uniform,
    as the strategy held them before saving."""
    solver, result = solve(SMALL, iterations=5)
    strategy = solver.strategy(result.exploitability)
    path = tmp_path / "s.npz"
    strategy.save(path)
    loaded = Strategy.load(path)
    assert loaded.options == solver.options
    assert loaded.iterations == 5 and loaded.exploitability == result.exploitability
    for mine, theirs in zip(_tables(strategy), _tables(loaded), strict=True):
        assert mine.dtype == theirs.dtype == np.uint8
        assert np.array_equal(mine, theirs)
    average = solver.first[0].average()[:, :, 0]
    assert np.abs(strategy.first[0] / 255 - average).max() < 1 / 255


def test_quantised_decisions_sum_to_255() -> None:
    p = np.array([[0.5, 1 / 3, 0.0, 0.2], [0.25, 1 / 3, 0.0, 0.7], [0.25, 1 / 3, 0.0, 0.1]])
    whole = quantise(p)  # 127.5/63.75/63.75: the two 0.75 remainders round up
    assert whole.tolist() == [[127, 85, 85, 51], [64, 85, 85, 179], [64, 85, 85, 25]]


def test_file_keeps_only_what_a_seat_can_reach(tmp_path: Path) -> None:
    """A pair the first seat always checks has no stored decisions after its bet: they read
    back uniform, and the file holds only the decisions reached."""
    strategy = Strategy.blank(SMALL)
    leading = strategy.leading
    aces = strategy.pair((2, 2))
    strategy.first[0][:, aces] = [255, 0, 0, 0]  # check, never bet
    raised = follow(leading, [bet(1), raise_(1)])  # the dealer raised: the first seat again
    assert leading.nodes[raised].actor == 0
    actions = len(leading.nodes[raised].actions)
    assert actions == 5  # call, fold, raise 1 to 3
    strategy.first[raised][:, aces] = [255, 0, 0, 0, 0]
    strategy.first[raised][:, aces - 1] = [255, 0, 0, 0, 0]
    path = tmp_path / "s.npz"
    strategy.save(path)
    loaded = Strategy.load(path)
    assert loaded.first[raised][:, aces].tolist() == [51] * 5  # never reached: uniform
    assert loaded.first[raised][:, aces - 1].tolist() == [255, 0, 0, 0, 0]
    reached = {id(t): int(m.sum()) for t, m in loaded._tables()}
    assert reached[id(loaded.first[raised])] == strategy.deck.holdings - 1
    with np.load(path) as data:
        stored = data["weights"].size
    assert stored == sum((len(t) - 1) * int(m.sum()) for t, m in loaded._tables())
    assert stored < sum(t.size for t in _tables(loaded))


def test_strategy_file_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "s.npz"
    path.write_bytes(b"not a strategy")
    with pytest.raises(StrategyFileError, match="is not a saved strategy"):
        Strategy.load(path)
    solver, _ = solve(SMALL, iterations=2)
    solver.strategy().save(path)
    with np.load(path) as data:
        meta, weights = str(data["meta"]), data["weights"]
    np.savez_compressed(path, meta=np.array(meta), weights=weights[:-1])
    with pytest.raises(StrategyFileError, match="is cut short"):
        Strategy.load(path)
    np.savez_compressed(
        path, meta=np.array(meta.replace('"format": 2', '"format": 1')), weights=weights
    )
    with pytest.raises(StrategyFileError, match="of another layout"):
        Strategy.load(path)


def test_a_loaded_strategy_measures_as_the_solver_did(tmp_path: Path) -> None:
    """Quantised to 255ths, the strategy is about as exploitable as the solver's (6% less
    here: rounding drops the smallest probabilities); what a seat never reaches costs
    nothing, whatever it holds."""
    solver, result = solve(SMALL, iterations=60)
    path = tmp_path / "s.npz"
    solver.strategy().save(path)
    loaded = Strategy.load(path)
    judge = Solver(SMALL)
    judge.play(loaded)
    measured = judge.exploitability()
    assert abs(measured - result.exploitability) < 0.1 * result.exploitability
    for table, reached in loaded._tables():
        table[:, ~reached] = 0
        table[0, ~reached] = 255  # the first action wherever the seat never goes
    judge.play(loaded)
    assert judge.exploitability() == pytest.approx(measured, abs=1e-12)


def test_command_json_and_errors() -> None:
    runner = CliRunner()
    app = build("solve")
    done = runner.invoke(app, ["solve", "hurricane", "--ranks", "3", "--iterations", "6", "--json"])
    assert done.exit_code == 0, done.output
    printed = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(printed) == {"ranks", "iterations", "seconds", "exploitability", "value"}
    _, result = solve(SMALL, iterations=6)
    assert (printed["ranks"], printed["iterations"]) == (3, 6)
    assert printed["exploitability"] == result.exploitability
    assert printed["value"] == result.value
    wrong = runner.invoke(app, ["solve", "draw"])
    assert wrong.exit_code != 0


def test_the_command_saves_exports_and_plots_through_the_specs_solver(tmp_path: Path) -> None:
    """``solve`` reaches the strategy file, the OpenSpiel policy and the curve only through the
    spec's ``Solver``: each is what the solver's own parts write for the same solve."""
    pytest.importorskip("pyspiel")
    pytest.importorskip("matplotlib")
    from pokernight.games.hurricane.solve.decisions import decisions
    from pokernight.openspiel.export import export_policy

    out, policy, curve = tmp_path / "s.npz", tmp_path / "p.json", tmp_path / "c.png"
    files = ["--out", str(out), "--export-openspiel", str(policy), "--plot", str(curve)]
    # one chip a bet and no raise: the export walks every information set, which at the
    # default bets and raises is minutes of work for a check of the same lines of code
    reduced = ["--option", "max_bet=1", "--option", "raises=0", "--option", "end_when_one_left=on"]
    args = ["solve", "hurricane", "--ranks", "3", "--iterations", "6", *reduced, *files]
    done = CliRunner().invoke(build("solve"), args)
    assert done.exit_code == 0, done.output
    options = HurricaneOptions(seats=2, ranks=3, max_bet=1, raises=0, end_when_one_left=True)
    solver, result = solve(options, iterations=6)
    saved, expected = Strategy.load(out), solver.strategy(result.exploitability)
    assert (saved.iterations, saved.exploitability) == (6, result.exploitability)
    assert all(np.array_equal(saved.first[n], t) for n, t in expected.first.items())
    written = export_policy(entry("hurricane").spec, solver.options, decisions(solver))
    assert json.loads(policy.read_text()) == {k: [list(p) for p in v] for k, v in written.items()}
    assert curve.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
