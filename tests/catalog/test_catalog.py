"""The catalog is the one answer to "what are the games?".

A game registered in the tests only plays through every front end and service with no change
to any of them; every front end lists exactly the catalog's games; one seed seats one table in
the prompt mode, ``sim`` and the browser.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from pettingzoo.test import api_test
from tests.web.conftest import FAST, UNLIMITED, page_client, sign_up
from textual.widgets import OptionList
from typer.testing import CliRunner

from pokernight.cards import Card
from pokernight.catalog import CATALOG, games, seat_person
from pokernight.cli.main import build
from pokernight.errors import InvalidRules
from pokernight.history.record import read_records, replay
from pokernight.rl.aec import PokerEnv
from pokernight.sim.runner import simulate
from pokernight.tui.app import PokernightApp
from pokernight.web.app import create_app

FIVE = ("hurricane", "draw", "highlow", "paigow", "bigtwo")


def invoke(*args: str, stdin: str = "") -> str:
    result = CliRunner().invoke(build(args[0]), list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_catalog_holds_the_five_games_of_the_seeds() -> None:
    assert games() == FIVE


def test_a_new_game_plays_in_the_prompt_mode(onecard: str) -> None:
    out = invoke("play", onecard, "--plain", "--seed", "4", stdin="d\n1\n1\n1\n1\nd\n1\n1\n1\n1\n")
    assert "One-card high-low: you sit at seat" in out
    assert out.count("── Hand ") == 2 and "── bets" in out
    assert re.search(r"wins \$\d+ (high|low): (higher|lower) card", out)
    final = out.strip().splitlines()[-1]
    assert final.startswith("Stakes: Seat ")
    assert sum(int(x) for x in re.findall(r"\$(-?\d+)", final)) == 40  # two stakes of 20


def test_a_new_game_simulates_the_same_on_two_workers(onecard: str) -> None:
    one = simulate(onecard, 1200, seed=9, workers=1)
    two = simulate(onecard, 1200, seed=9, workers=2)
    assert [s.net for s in one.seats] == [s.net for s in two.seats]
    assert sum(s.net for s in one.seats) == 0
    assert one.seats[0].net != 0 or one.seats[0].rates != (0.0, 1.0, 0.0)


def test_a_new_game_is_a_pettingzoo_environment(onecard: str) -> None:
    api_test(PokerEnv(onecard), num_cycles=40)


def test_a_new_game_records_and_replays(onecard: str, tmp_path: Path) -> None:
    path = tmp_path / "onecard.jsonl"
    invoke("sim", onecard, "--hands", "30", "--seed", "2", "--records", str(path))
    records = list(read_records(path))
    assert len(records) == 30 and {r.game.name for r in records} == {onecard}
    for record in records:
        assert sum(replay(record).net) == 0
    out = invoke("replay", str(path), "--hand", "3")
    assert "onecard" in out or "One-card" in out or "seat" in out


def test_every_front_end_lists_exactly_the_catalog(onecard: str, tmp_path: Path) -> None:
    names = set(CATALOG)
    assert onecard in names
    menu = invoke("play", "--plain")
    assert set(re.findall(r"^  (\w+) ", menu, re.M)) == names
    sim_help = invoke("sim", "--help")
    assert all(name in sim_help for name in names)
    with pytest.raises(InvalidRules, match="games are " + ", ".join(CATALOG)):
        simulate("nosuch", 10)
    with page_client(create_app(f"sqlite:///{tmp_path / 'lobby.db'}", FAST, UNLIMITED)) as web:
        assert set(web.get("/api/games").json()) == names
    for name in names:
        assert PokerEnv(name).possible_agents
    with pytest.raises(InvalidRules, match="games are " + ", ".join(CATALOG)):
        PokerEnv("nosuch")


def test_the_terminal_menu_lists_exactly_the_catalog(onecard: str) -> None:
    ids: list[str | None] = []

    async def run() -> None:
        tui = PokernightApp(None, 1)
        async with tui.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            options = tui.screen.query_one(OptionList)
            ids.extend(options.get_option_at_index(i).id for i in range(options.option_count))

    asyncio.run(run())
    assert ids == list(CATALOG)


def _first_hand_seed(records: Path) -> tuple[int, int]:
    first = json.loads(records.read_text().splitlines()[0])
    return first["seed"], first["table"]["dealer"]


def test_one_seed_seats_one_table_in_the_prompt_mode_sim_and_the_web(tmp_path: Path) -> None:
    seed = 31
    seating = seat_person("hurricane", seed)
    you = seating.you
    computers = {s: n for s, n in enumerate(seating.names) if n is not None}
    # sim: the same line-up, a computer ("checker") in the person's seat
    bots = ",".join(n or "checker" for n in seating.names)
    path = tmp_path / "sim.jsonl"
    invoke(
        "sim",
        "hurricane",
        "--hands",
        "1",
        "--seed",
        str(seed),
        "--bots",
        bots,
        "--records",
        str(path),
    )
    sim_seed, sim_dealer = _first_hand_seed(path)
    record = next(read_records(path))
    state = record.game.new_hand(record.table, record.seed)
    yours = state.view(you).hole
    # the prompt mode: the same dealer mark and your cards in the first hand
    out = invoke("play", "hurricane", "--plain", "--seed", str(seed), stdin="d\n")
    dealer_row = next(line for line in out.splitlines() if re.match(r"^[#ö]\d=", line))
    assert dealer_row[1] == str(sim_dealer + 1)
    your_row = next(line for line in out.splitlines() if line.startswith(f"ö{you + 1}"))
    mine = [c for c in yours if c is not None]
    assert all(isinstance(c, Card) for c in mine)  # Hurricane deals no jokers
    assert "".join(c.rank.char for c in mine if isinstance(c, Card)) in your_row.replace(" ", "")
    assert "strategy" in out and all(n in out for n in computers.values())
    # the web: a table made with that seed and line-up deals you the same cards
    with page_client(create_app(f"sqlite:///{tmp_path / 'web.db'}", FAST, UNLIMITED)) as web:
        sign_up(web, "ann")
        body = {
            "game": "hurricane",
            "seats": 8,
            "computers": computers,
            "turn_seconds": 0,
            "seed": seed,
        }
        table = web.post("/api/tables", json=body).json()["id"]
        assert web.post(f"/api/tables/{table}/sit", json={"seat": you}).status_code == 200
        with web.websocket_connect(f"/ws/tables/{table}") as ws:
            while True:
                message = ws.receive_json()
                view = message.get("view")
                if view and view["hand"] == 1 and view["cards"][you][0] is not None:
                    break
        assert view["dealer"] == sim_dealer
        assert view["cards"][you] == [str(c) for c in yours]
    live = web.app.state.manager.tables[table]  # type: ignore[attr-defined]
    assert live.play.match.seed == seating.seed and sim_seed == record.seed
