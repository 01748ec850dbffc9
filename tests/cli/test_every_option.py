"""Every option a game's page documents (the table in ``docs/games/GAME.md``) is set from the
command line, ``play`` and ``sim`` alike, and played as set; a value not offered is refused
with the ones that are; a row that is not an option to set says why (the seats' own flag, the
solver's deck, a deck file read from the machine that plays). Issue 38: the pages promised
``stake``, ``rounds`` and ``jokers``, and ``--option`` refused them."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_every_game_cli import command
from tests.frontends.prompt_driver import PromptDriver, run_play

from pokernight.catalog import entry
from pokernight.errors import InvalidRules
from pokernight.history.record import read_records

DOCS = Path(__file__).parents[2] / "docs" / "games"
GAMES = ("hurricane", "draw", "highlow", "paigow", "bigtwo")
SEATS = {"hurricane": 3, "draw": 2, "highlow": 2, "paigow": 2, "bigtwo": 2}
"""A table each game's every option fits (a player banks only beside another)."""
NOT_SET_BY_OPTION = {
    "seats": "(`--seats`)",
    "ranks": "(`solve --ranks` only)",
    "deck": "(Python only)",
}
"""The rows that are not ``--option``s, and what their row says instead."""


def documented(game: str) -> dict[str, str]:
    """Each option the game's page lists, with the first cell of its row."""
    page = (DOCS / f"{game}.md").read_text()
    table = page[page.index("| option | default | what it changes |") :].split("\n\n")[0]
    found = {}
    for row in table.splitlines()[2:]:
        first = row.split("|")[1].strip()
        for name in re.findall(r"^`(\w+)`|, `(\w+)`", first):
            found[next(n for n in name if n)] = first
    return found


def played(game: str) -> dict[str, str]:
    """A value other than the default for every option of ``game``, all at once (Pai Gow's
    bank passing around, so the first hand is the house's and the prompt's driver wagers)."""
    chosen = {key: values[1] for key, values in entry(game).spec.choices.items()}
    return chosen | ({"bank": "rotate"} if game == "paigow" else {})


def expected(game: str, key: str, chosen: dict[str, str]) -> Any:
    """The options field ``key`` of a table made with the ``chosen`` options."""
    spec = entry(game).spec
    return getattr(spec.configure(spec.options, SEATS[game], chosen), key)


def alone(game: str, key: str) -> str:
    """The first value of ``key`` other than its default that the game takes with every other
    option at its default (draw's ``win_above=99`` is below its $200 stake: refused)."""
    spec = entry(game).spec
    for value in spec.choices[key][1:]:
        try:
            spec.configure(spec.options, SEATS[game], {key: value})
        except InvalidRules:
            continue
        return value
    raise AssertionError(f"{game}: no value of {key} is taken alone")


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_option_is_an_option_or_says_why_not(game: str) -> None:
    rows = documented(game)
    choices = set(entry(game).spec.choices)
    assert choices <= set(rows), f"{game}: options its page does not list"
    for name in set(rows) - choices:
        assert name in NOT_SET_BY_OPTION and NOT_SET_BY_OPTION[name] in rows[name], name


@pytest.mark.parametrize("game", GAMES)
def test_play_plays_every_option_as_set(game: str, tmp_path: Path) -> None:
    """At the prompt, with every option away from its default at once, each hand is dealt
    under them all (its record says so, field by field)."""
    chosen = played(game)
    records = tmp_path / "hands.jsonl"
    args = ["play", game, "--plain", "--seed", "5", "--seats", str(SEATS[game])]
    for key, value in chosen.items():
        args += ["--option", f"{key}={value}"]
    run_play(PromptDriver(random.Random(5), 1), args, records)
    first = next(read_records(records))
    for key in chosen:
        spec = entry(game).spec
        assert getattr(first.game.options, key) == expected(game, key, chosen), key
        default = getattr(spec.configure(spec.options, SEATS[game], {}), key)
        assert getattr(first.game.options, key) != default, key


CASES = [(g, k) for g in GAMES for k in entry(g).spec.choices]


@pytest.mark.parametrize(("game", "key"), CASES)
def test_sim_plays_each_option_and_refuses_a_value_not_offered(
    game: str, key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values = entry(game).spec.choices[key]
    value = alone(game, key)
    records = tmp_path / "hands.jsonl"
    house = entry(game).house
    bots = ",".join(house[i % len(house)] for i in range(SEATS[game]))
    code, _, err = command(
        capsys, "sim", game, "--bots", bots, "--hands", "1", "--option", f"{key}={value}",
        "--records", str(records),
    )  # fmt: skip
    assert code == 0, err
    played_as = getattr(next(read_records(records)).game.options, key)
    assert played_as == expected(game, key, {key: value})
    for command_name in ("sim", "play"):
        code, out, err = command(capsys, command_name, game, "--option", f"{key}=nonsense")
        assert (code, out) == (2, "")
        assert err == (
            f"pokernight: {key}='nonsense' is not offered for {game}: {key} must be one of "
            f"{', '.join(values)}\n"
        )
