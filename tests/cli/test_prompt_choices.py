"""What a person chooses at the prompt is what the engine does: read from the prompt's own
output after typing at its own input (regressions found by playing as a new user)."""

from __future__ import annotations

import re

import pytest
from tests.cli.test_play_and_sim import run

CARD = r"[2-9TJQKA][♠♥♦♣]"


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_the_draw_throws_the_cards_you_discard(seed: int) -> None:
    """Enter at each card discards it (three at most): none of them is in the hand after the
    draw. The prompt listed the cards lowest first while the legal draws hold them in the
    order dealt, and the draw silently became "keep"."""
    out = run("play", "draw", "--plain", "--seed", str(seed), stdin="1\n" + "\n" * 12).stdout
    before, _, after = out.partition("Dealer ")
    thrown = re.findall(rf"({CARD}): Enter discards", before)
    assert len(thrown) == 3
    held = re.search(rf"Your hand: .*?((?:{CARD} ?){{5}})", after)
    assert held is not None
    now = held.group(1).split()
    assert len(now) == 5 and not set(thrown) & set(now)


def test_a_discard_may_name_its_cards_in_any_order() -> None:
    """Hurricane's prompt takes ``discard`` with the card named; High-Low's names several:
    the order of the names never matters (the legal list's order is the hand's)."""
    from pokernight.cards import parse_cards
    from pokernight.cli.plain import read_action
    from pokernight.engine.actions import KEEP, discard

    hand = parse_cards("As Kd 7c 5h 2s")
    legal = [KEEP, discard(hand[0], hand[2]), discard(hand[1])]
    assert read_action("discard 7c As", legal, hand) is legal[1]
    assert read_action("discard As 7c", legal, hand) is legal[1]


def test_an_answer_outside_the_menu_names_only_this_turns_choices() -> None:
    out = run("play", "hurricane", "--plain", "--seed", "7", stdin="d\n6\n+9\n").stdout
    refusals = [line for line in out.splitlines() if "is not one of the choices now" in line]
    assert len(refusals) == 2
    for line in refusals:
        assert "1) call  2) raise 1  3) raise 2  4) raise 3  5) fold" in line
        assert not any(verb in line for verb in ("set", "play", "pass", "orient"))


def test_commands_refuse_what_they_cannot_do_and_default_what_they_can() -> None:
    royal = run("eval", "As", "Ks", "Qs", "Js", "Ts")
    assert royal.returncode == 0 and "Royal flush" in royal.stdout  # --rules high by default
    both = run("compare", "As Ks Qs Js Ts", "Qs Qd Qc 2h 2d", "--json")
    assert both.returncode == 0 and '"winners": [0]' in both.stdout
    none = run("sim", "draw", "--workers", "0")
    assert none.returncode == 2 and none.stderr == (
        "pokernight: Invalid value for '--workers': give a whole number from 1 to 64 processes, "
        "not '0'\n"
    )
    three = run("play", "draw", "--seats", "3", "--plain")
    assert three.returncode == 2 and three.stderr == "pokernight: draw seats 2 players, not 3\n"


def test_high_low_tells_every_seat_and_takes_only_what_it_shows() -> None:
    script = "x\nd\n1\n3\nkeep\norient 0,1\n1\norient 0,0,0,0,0\n" + "1\n" * 12 + "e\n"
    out = run("play", "highlow", "--plain", "--seats", "3", "--seed", "2", stdin=script).stdout
    assert "Choose d (Deal) or e (Exit)." in out  # "x" deals nothing
    assert "── Hand 1, dealer: Seat " in out
    assert re.search(r"Seat [23]: (check|bet 1)", out)  # the others' actions, in words
    assert re.search(r"Seat [23] (draws \d|stands pat)", out)
    assert "'3' is not one of the choices now: 'keep', or 'discard' 1 to 3" in out
    refused = next(line for line in out.splitlines() if "orient 0,1 is not allowed" in line)
    assert "orient one 0 (as dealt) or 1 (turned) per card" in refused
    assert refused.count("orient") == 3  # no list of 32 orientations
    assert re.search(r"Seat \d( \(you\))? wins \$\d+ (high|low)", out)  # how it ended


def test_the_draw_screen_says_tens_as_its_summaries_do() -> None:
    out = "".join(
        run("play", "draw", "--plain", "--seed", str(seed), stdin="0\nn\nn\n").stdout
        for seed in range(1, 25)
    )
    assert "10♠" in out or "10♥" in out or "10♦" in out or "10♣" in out
    assert not re.search(r"T[♠♥♦♣]", out)


def test_big_two_names_each_computer_seat_and_keeps_score_between_rounds() -> None:
    script = "d\n" + "pass\n1\n" * 40 + "d\n" + "pass\n1\n" * 40 + "e\n"
    out = run("play", "bigtwo", "--plain", "--seats", "3", "--seed", "3", stdin=script).stdout
    assert "you are Seat 1; Seat 2: greedy, Seat 3: greedy." in out
    assert "seats 2-" not in out and "(Pair of As)" not in out
    assert re.search(r"Points after round 1 \(low is good\): Seat 1 \(you\): \d+  Seat 2: \d+", out)


def test_sim_big_two_counts_each_rounds_winner_as_won() -> None:
    import json

    data = json.loads(run("sim", "bigtwo", "--hands", "300", "--seed", "1", "--json").stdout)
    won = [seat["won"] for seat in data["seats"]]
    assert all(w > 0 for w in won) and abs(sum(won) - 1) < 5e-5  # one a round (JSON rounds to 5)
    assert all(seat["even"] == 0 for seat in data["seats"])


def test_sim_tables_fit_eighty_columns_with_their_headers() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80"}
    for game, extra in (("paigow", ["--option", "bank=player"]), ("hurricane", [])):
        out = subprocess.run(
            [
                sys.executable,
                "-c",
                "from pokernight.cli.main import main; main()",
                "sim",
                game,
                "--hands",
                "600",
                "--seed",
                "1",
                *extra,
            ],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        assert "…" not in out and max(map(len, out.splitlines())) <= 80
        assert re.search(r"seat +bot +net +per hand ± +won +even +lost", out)


def test_big_two_deals_only_when_asked() -> None:
    """Found by the conformance harness: any answer but ``e`` to "Deal or Exit?" dealt."""
    out = run("play", "bigtwo", "--plain", "--seed", "3", stdin="z\ne\n").stdout
    assert "  Choose d (Deal) or e (Exit)." in out
    assert "Hand 1" not in out and "Your cards" not in out


def test_the_draw_prompt_offers_only_the_bets_the_table_can_cover() -> None:
    """Found by the conformance harness: with $3 left to cover, the prompt still offered
    "1-9, = for $10" and refused '=' with "Press a number key 0-9 or ="."""
    import io

    from pokernight.cli.plain import Console
    from pokernight.engine.actions import FOLD, bet
    from pokernight.games.draw.prompt import DrawPrompter

    out = io.StringIO()
    legal = [bet(1), bet(2), bet(3), FOLD]
    chosen = DrawPrompter(Console(io.StringIO("=\n3\n"), out)).open(legal)
    assert chosen == bet(3)
    assert out.getvalue().count("Your bet? (1-3, 0 folds)") == 2
    assert "  Press 0 to fold or a key of 1-3." in out.getvalue()
