"""``pokernight sim GAME --sit-and-go`` (issue 42) through the command line: whole tournaments
between computer players, each bot's finishing places and prizes, the prize pool paid exactly,
the same totals however many workers play them, and the options it refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from pokernight.cli.main import build, main

BOTS = ("random", "checker", "hilo", "highrise")
STRUCTURE = ("--chips", "20", "--levels-every", "3")


def sim(*args: str) -> Any:
    """``pokernight sim ARGS --json``: its JSON."""
    done = CliRunner().invoke(build("sim"), ["sim", *args, "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line ``pokernight sim ARGS`` is refused with on standard error (exit code 2,
    nothing on standard output), before any tournament is played."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(["sim", *args])
    assert exited.value.code == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1, said
    assert said.err.startswith("pokernight: ")
    return said.err.removeprefix("pokernight: ").rstrip("\n")


def test_a_thousand_hurricane_sit_and_goes_pay_every_buy_in_by_place() -> None:
    run = sim(
        "hurricane", "--sit-and-go", "--bots", ",".join(BOTS), "--tournaments", "1000",
        *STRUCTURE,
    )  # fmt: skip
    assert (run["game"], run["tournaments"], run["seed"]) == ("hurricane", 1000, 0)
    assert (run["buy_in"], run["chips"], run["levels_every"]) == (100, 20, 3)
    assert run["payouts"] == [65, 35]
    assert run["prizes"] == 1000 * 4 * 100
    # 4 seats that each last a hand or more, 3 of them out: at least 3 hands a tournament
    assert run["hands"] >= 3 * 1000
    assert [b["bot"] for b in run["bots"]] == list(BOTS)
    for bot in run["bots"]:
        assert bot["entries"] == 1000
        assert len(bot["places"]) == 4
        assert sum(bot["places"]) == pytest.approx(1, abs=1e-4)  # each share rounded to 1e-5
        assert bot["net"] == pytest.approx(bot["prize"] - 100, abs=1e-3)
        low, high = bot["prize_ci95"]
        assert 0 <= low <= bot["prize"] <= high <= 400 * 0.65 + 1e-9
    # the mean prizes are the prizes paid, shared out: 1000 entries each
    assert sum(b["prize"] for b in run["bots"]) * 1000 == pytest.approx(run["prizes"])
    # every tournament has a winner (seats tied at a place share the best of theirs)
    assert sum(b["places"][0] for b in run["bots"]) >= 1 - 1e-4


def test_the_totals_are_the_same_with_one_worker_or_two() -> None:
    base = ("hurricane", "--sit-and-go", "--bots", ",".join(BOTS), "--tournaments", "60")
    one = sim(*base, *STRUCTURE, "--seed", "9", "--workers", "1")
    two = sim(*base, *STRUCTURE, "--seed", "9", "--workers", "2")
    assert one == two
    assert one["prizes"] == 60 * 4 * 100
    other = sim(*base, *STRUCTURE, "--seed", "10", "--workers", "1")
    assert other["bots"] != one["bots"]  # the seed decides the tournaments


def test_one_bot_in_every_seat_has_every_entry_and_the_pool_back() -> None:
    run = sim(
        "highlow", "--sit-and-go", "--bots", "random,random,random", "--tournaments", "30",
        "--chips", "5", "--levels-every", "2", "--payouts", "50/30/20", "--buy-in", "7",
    )  # fmt: skip
    (bot,) = run["bots"]
    assert bot["entries"] == 90 and len(bot["places"]) == 3
    assert sum(bot["places"]) == pytest.approx(1, abs=1e-4)
    assert run["prizes"] == 30 * 3 * 7 and bot["prize"] == pytest.approx(7)
    assert bot["net"] == pytest.approx(0, abs=1e-9)


def test_pai_gow_plays_the_hands_it_is_given() -> None:
    """Four house-way players, 200 chips each at a minimum of 20: nobody can go out in 3
    hands, so every tournament lasts exactly its ``--sit-and-go-hands``."""
    run = sim(
        "paigow", "--sit-and-go", "--bots", "house,house,house,house", "--tournaments", "20",
        "--chips", "200", "--sit-and-go-hands", "3", "--levels-every", "100",
    )  # fmt: skip
    assert run["hands"] == 20 * 3
    assert run["prizes"] == 20 * 4 * 100


def test_a_sit_and_go_of_no_hands_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "paigow", "--sit-and-go", "--sit-and-go-hands", "0") == (
        "Invalid value for '--sit-and-go-hands': give a whole number from 1 to 100,000 "
        "hands, not '0'"
    )


@pytest.mark.parametrize("flag", [("--records", "x.jsonl"), ("--plot", "x.png")])
def test_records_and_plots_are_for_hands_not_tournaments(
    flag: tuple[str, str],
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    if flag[0] == "--plot":
        pytest.importorskip("matplotlib")
    said = refused(capsys, "hurricane", "--sit-and-go", "--tournaments", "5", *flag)
    assert said == "--records and --plot are for hands, not --sit-and-go"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("payouts", "said"),
    [
        ("65-35", "payouts '65-35': percentages by place such as 65/35, or winner-takes-all"),
        ("60/30", "the payouts are whole positive percentages that sum to 100"),
        ("35/65", "a better place is paid no less than a worse one"),
    ],
)
def test_payouts_garbage_is_refused_by_the_option(
    payouts: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, "hurricane", "--sit-and-go", "--payouts", payouts)
    assert line == f"Invalid value for '--payouts': {said}"


def test_a_game_with_no_sit_and_go_is_refused(
    onecard: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The test-only game has none."""
    said = refused(capsys, onecard, "--sit-and-go", "--tournaments", "3")
    assert said == "One-card high-low has no sit-and-go"


def test_no_tournament_or_an_unknown_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "draw", "--sit-and-go", "--tournaments", "0") == (
        "Invalid value for '--tournaments': give a whole number from 1 to 10,000,000 "
        "tournaments, not '0'"
    )
    assert refused(capsys, "draw", "--sit-and-go", "--bots", "random,nobody") == (
        "unknown bot 'nobody': bots are random, computer"
    )
