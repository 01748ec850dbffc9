"""``play hurricane --plain`` driven by a script on standard input, and ``sim``."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from pokernight.cli.main import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The console script's entry point run in this process, with ``stdin`` as its standard
    input and its standard output and error captured (as a subprocess would see them, without
    the interpreter's start-up each time)."""
    with CliRunner().isolation(input=stdin) as (out, err, _):
        try:
            main(list(args))
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        else:
            code = 0
        sys.stdout.flush()
        sys.stderr.flush()
        return subprocess.CompletedProcess(
            args, code, out.getvalue().decode(), err.getvalue().decode()
        )


def test_a_scripted_game_deals_shows_players_and_exits_with_standings() -> None:
    # Answer every question with the first choice (check/call/keep) for a few hands.
    script = "d\n" + "1\n" * 40 + "p\nn\ne\ny\n"
    out = run("play", "hurricane", "--plain", "--seed", "4", stdin=script)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "leading edge:" in text and "eye of the storm:" in text
    assert "Pot: $" in text and "seat  stake  high  low" in text
    assert "A new deck is opened and shuffled." in text
    assert "Really exit?" in text
    assert "Won" in text and "In Debt" in text and "Hands played:" in text
    # the strategies are revealed at the end, and the human is marked ö
    assert "human" in text and "ö" in text


def test_the_same_seed_and_input_replay_the_same_game() -> None:
    script = "d\n" + "1\n" * 30 + "e\ny\n"
    a = run("play", "hurricane", "--plain", "--seed", "8", stdin=script)
    b = run("play", "hurricane", "--plain", "--seed", "8", stdin=script)
    assert a.stdout == b.stdout


def test_bad_input_is_explained_and_asked_again() -> None:
    out = run("play", "hurricane", "--plain", "--seed", "4", stdin="d\nshove\nraise 9\n")
    assert "'shove' is not one of the choices now: 1) " in out.stdout
    assert "not allowed now. Choose one of:" in out.stdout
    assert out.returncode == 0 and "End of input." in out.stdout


def test_end_of_input_at_the_menu_ends_cleanly() -> None:
    out = run("play", "hurricane", "--plain", "--seed", "2", stdin="")
    assert out.returncode == 0 and "Hands played: 0" in out.stdout


def test_exit_needs_confirmation() -> None:
    out = run("play", "hurricane", "--plain", "--seed", "2", stdin="e\nn\ne\ny\n")
    assert out.stdout.count("Really exit?") == 2


def test_sim_json_is_reproducible_across_worker_counts() -> None:
    base = ("sim", "hurricane", "--hands", "1200", "--seed", "5", "--json")
    one = json.loads(run(*base).stdout)
    two = json.loads(run(*base, "--workers", "2").stdout)
    for data in (one, two):
        data.pop("seconds")
    assert one == two
    assert [s["bot"] for s in one["seats"]] == [
        "random",
        "checker",
        "pairwise",
        "highrise",
        "lowdown",
        "hilo",
        "foldout",
    ]
    seat = one["seats"][0]
    assert set(seat) == {"bot", "net", "net_per_hand", "ci95", "won", "even", "lost"}
    assert seat["ci95"][0] <= seat["net_per_hand"] <= seat["ci95"][1]
    assert abs(seat["won"] + seat["even"] + seat["lost"] - 1) < 1e-4


def test_sim_rejects_unknown_bots_and_games() -> None:
    out = run("sim", "hurricane", "--bots", "random,genius")
    assert out.returncode == 2 and "unknown bot 'genius'" in out.stderr
    out = run("sim", "yahtzee")
    assert out.returncode == 2 and "unknown game 'yahtzee': games are hurricane" in out.stderr


def test_play_menu_lists_games() -> None:
    out = run("play")
    assert "hurricane" in out.stdout


def test_play_names_the_computer_seats_with_bots() -> None:
    out = run(
        "play",
        "hurricane",
        "--plain",
        "--seats",
        "3",
        "--bots",
        "checker,foldout",
        "--seed",
        "1",
        stdin="e\ny\n",
    )
    assert "checker" in out.stdout and "foldout" in out.stdout
    bad = run("play", "hurricane", "--plain", "--bots", "genius", stdin="")
    assert bad.returncode == 2 and "unknown bot 'genius'" in bad.stderr


def test_a_scripted_draw_game_with_the_original_prompts() -> None:
    # bet $5, see the raise (if any) without raising back, draw nothing, bet $1, then quit
    script = "5\ny\n\nn\n1\ny\n\nn\nn\n"
    out = run("play", "draw", "--plain", "--seed", "3", stdin=script)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Your bet? (1-9, = for $10, 0 folds)" in text
    assert "Need cards?" in text and ("Dealer takes" in text or "Dealer Pat!" in text)
    assert "Your hand:" in text and "Computer $" in text


def test_draw_quit_message_depends_on_200() -> None:
    out = run("play", "draw", "--plain", "--seed", "3", stdin="0\nn\nn\n")
    assert "You leave a loser with $198." in out.stdout
    assert "Start over?" in out.stdout


def test_draw_zero_folds_without_a_reveal() -> None:
    out = run("play", "draw", "--plain", "--seed", "3", stdin="0\n")
    assert "The computer wins $4: the other side folded" in out.stdout
    assert "Computer's hand" not in out.stdout


def test_sim_draw() -> None:
    data = json.loads(run("sim", "draw", "--hands", "600", "--seed", "1", "--json").stdout)
    assert [s["bot"] for s in data["seats"]] == ["random", "computer"]
    assert data["seats"][0]["net"] + data["seats"][1]["net"] == 0
    bad = run("sim", "draw", "--bots", "random,random,random")
    assert bad.returncode == 2 and "draw seats 2 players, not 3" in bad.stderr


def test_sim_highlow_with_value_and_random_bots() -> None:
    data = json.loads(
        run("sim", "highlow", "--hands", "12", "--bots", "value,random,random", "--json").stdout
    )
    assert [s["bot"] for s in data["seats"]] == ["value", "random", "random"]
    assert sum(s["net"] for s in data["seats"]) == 0


def test_play_highlow_plain_orients_and_shows_the_split() -> None:
    script = "d\n1\nkeep\norient 0,0,0,0,0\n1\n1\n1\n1\ne\n"
    out = run("play", "highlow", "--plain", "--seats", "2", "--seed", "2", stdin=script)
    assert out.returncode == 0, out.stderr
    assert "orient one 0 (as dealt) or 1 (turned) per card" in out.stdout
    assert "Stakes:" in out.stdout


def test_draw_start_over_deals_a_new_game() -> None:
    out = run("play", "draw", "--plain", "--seed", "3", stdin="0\nn\ny\n0\nn\nn\n")
    assert out.stdout.count("Five-card draw against the computer") == 1
    assert out.stdout.count("Start over?") == 2
    assert out.stdout.count("You leave a loser") == 2
