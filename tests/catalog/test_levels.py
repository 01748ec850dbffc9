"""A computer player that plays at a level is named ``bot:level`` wherever bot names are taken
(the catalog's check and seating, the house's line-up, ``play``, ``sim``, ``tournament``, the
one-seat environment); its plain name plays the default level, and a bad level is refused with
the levels it may take."""

from __future__ import annotations

import json

import pytest
from tests.cli.test_play_and_sim import run

from pokernight.bots.hurricane_expert import LEVELS, ExpertBot
from pokernight.catalog import check, entry, seat_person, seat_table
from pokernight.errors import InvalidRules


def test_the_catalog_seats_each_level_and_the_plain_name_plays_hard() -> None:
    seating = seat_table("hurricane", 1, 4, {1: "expert:easy", 2: "expert:medium", 3: "expert"})
    assert seating.names == (None, "expert:easy", "expert:medium", "expert")
    levels = [bot.level for bot in seating.bots.values() if isinstance(bot, ExpertBot)]
    assert levels == [LEVELS["easy"], LEVELS["medium"], LEVELS["hard"]]
    assert entry("hurricane").levelled == ("expert:easy", "expert:medium", "expert:hard")
    assert entry("draw").levelled == ()


def test_the_house_seats_the_named_level_beside_you() -> None:
    seating = seat_person("hurricane", 5, 4, ("expert:easy",) * 3)
    assert sorted(n for n in seating.names if n) == ["expert:easy"] * 3


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        ("expert:wild", "unknown level 'wild' of expert: levels are easy, medium, hard"),
        ("expert:", "levels are easy, medium, hard"),
        ("checker:easy", "bot 'checker' takes no level"),
        ("genius:easy", "unknown bot 'genius': bots are random, checker"),
    ],
)
def test_a_bad_level_is_refused_with_the_levels(bot: str, words: str) -> None:
    with pytest.raises(InvalidRules, match=words):
        check("hurricane", 3, {1: bot}, {})


def test_the_command_line_takes_levels() -> None:
    out = run("tournament", "hurricane", "--bots", "expert:easy,checker,hilo", "--hands", "4")
    assert out.returncode == 0 and "expert:easy" in out.stdout, out.stderr
    out = run("sim", "hurricane", "--bots", "expert:easy,checker,hilo", "--hands", "6", "--json")
    assert [s["bot"] for s in json.loads(out.stdout)["seats"]] == ["expert:easy", "checker", "hilo"]
    seats = ("--seats", "3", "--seed", "1")
    played = run("play", "hurricane", "--plain", *seats, "--bots", "expert:easy", stdin="e\ny\n")
    assert played.returncode == 0 and "expert:easy" in played.stdout
    bad = run("sim", "hurricane", "--bots", "checker,expert:wild")
    assert bad.returncode == 2 and "levels are easy, medium, hard" in bad.stderr


def test_the_one_seat_environment_takes_levels() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install '.[rl]'")
    from pokernight.rl.single import SingleSeatEnv

    env = SingleSeatEnv("hurricane", ("expert:easy", "checker"))
    env.reset(seed=3)
    assert [type(b).__name__ for b in env.bots.values()] == ["ExpertBot", "HurricaneBot"]
    with pytest.raises(InvalidRules, match="levels are easy, medium, hard"):
        SingleSeatEnv("hurricane", ("expert:wild", "checker"))
