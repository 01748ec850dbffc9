"""The lobby's difficulty for a computer player that plays at a level, in Chromium at a
phone's size: choosing the expert shows a labelled difficulty beside it (hard unless changed),
the table is made with the chosen level, the lobby's card says it, and the form keeps 44 px
controls, no sideways scroll and no serious accessibility violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from tests.web.chromium import SHOTS, chromium, created, lobby, serving, sign_up, sync_api
from tests.web.test_night_browser import SIZES, no_sideways_scroll, serious

from pokernight.bots.hurricane import STRATEGIES
from pokernight.bots.hurricane_expert import LEVELS, ExpertBot
from pokernight.catalog import entry
from pokernight.web.pace import Pace


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('levels') / 'web.db'}"
    with serving(url, Pace(bot_delay=0.05, hand_pause=0.3)) as running:
        yield running


def controls_fit(page: sync_api.Page) -> None:
    heights = page.evaluate(
        """() => [...document.querySelectorAll("main button, main select")]
            .map(b => b.getBoundingClientRect()).filter(r => r.width > 0).map(r => r.height)"""
    )
    assert heights and min(heights) >= 44, heights
    no_sideways_scroll(page)


def test_the_expert_is_made_at_the_difficulty_chosen(served: tuple[str, FastAPI]) -> None:
    server, app = served
    with chromium() as browser:
        page = browser.new_context(viewport=SIZES["phone"]).new_page()
        sign_up(page, server, "levels")
        lobby(page, server)
        page.select_option("#new-game", "hurricane")
        page.fill("#new-seats", "3")
        page.dispatch_event("#new-seats", "change")
        difficulty = page.get_by_label("difficulty of seat 2")
        assert difficulty.count() == 0  # the house's strategies take no level
        page.select_option('select[data-seat="1"]', "expert")
        assert difficulty.input_value() == "hard"
        assert [o.strip() for o in difficulty.locator("option").all_inner_texts()] == [
            "easy",
            "medium",
            "hard",
        ]
        difficulty.select_option("easy")
        controls_fit(page)
        assert serious(page) == []
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "lobby-difficulty.png"), full_page=True)
        page.select_option('select[data-seat="2"]', "")  # a person's: the table waits
        table = app.state.manager.tables[created(page)]
        assert table.row.computers == {1: "expert:easy"}
        bot = table.chairs.bots[1]
        assert isinstance(bot, ExpertBot) and bot.level == LEVELS["easy"]
        lobby(page, server)
        card = page.locator(f'.table-card[data-table="{table.row.id}"]')
        assert "2: computer (expert, easy)" in card.inner_text()


@pytest.mark.parametrize(
    ("game", "seats", "computers"),
    [
        ("highlow", 4, {1: "value", 2: "value", 3: "value"}),
        ("bigtwo", 4, {1: "greedy", 2: "greedy", 3: "greedy"}),
        ("hurricane", 8, dict(enumerate(STRATEGIES, start=1))),
    ],
)
def test_a_new_tables_computers_are_those_the_house_seats_beside_people(
    served: tuple[str, FastAPI], game: str, seats: int, computers: dict[int, str]
) -> None:
    """Left as the lobby shows them, the computer seats are the game's house players, as at
    the prompt and the terminal table (High-Low's value player, not its random one)."""
    server, app = served
    with chromium() as browser:
        page = browser.new_context(viewport=SIZES["laptop"]).new_page()
        sign_up(page, server, f"usual-{game}")
        lobby(page, server)
        page.select_option("#new-game", game)
        page.fill("#new-seats", str(seats))
        page.dispatch_event("#new-seats", "change")
        shown = {s: page.input_value(f'select[data-seat="{s}"]') for s in range(1, seats)}
        assert shown == computers
        table = app.state.manager.tables[created(page)]
        assert table.row.computers == computers


@pytest.mark.parametrize("game", ["hurricane", "draw", "highlow", "paigow", "bigtwo"])
def test_the_new_table_form_sets_every_option_the_game_offers(
    served: tuple[str, FastAPI], game: str
) -> None:
    """Each option the game's page documents is a choice in the form, its default shown
    first; a table made with every one changed plays them all, and the lobby lists what the
    table changed (only that: a default chosen is not news)."""
    server, app = served
    spec = entry(game).spec
    with chromium() as browser:
        page = browser.new_context(viewport=SIZES["laptop"]).new_page()
        sign_up(page, server, f"options-{game}")
        lobby(page, server)
        page.select_option("#new-game", game)
        seats = 2 if spec.seats[0] <= 2 <= spec.seats[1] else spec.seats[0]
        page.fill("#new-seats", str(seats))
        page.dispatch_event("#new-seats", "change")
        chosen = {}
        for key, values in spec.choices.items():
            select = page.locator(f'#new-options select[data-option="{key}"]')
            assert select.input_value() == values[0], key  # the default, shown first
            assert [o.strip() for o in select.locator("option").all_inner_texts()] == list(values)
            said = select.evaluate("s => s.closest('label').title")
            assert said == spec.choice_help[key], key
            chosen[key] = "rotate" if key == "bank" else values[1]
            select.select_option(chosen[key])
        table = app.state.manager.tables[created(page)]
        assert table.row.options == chosen
        options = table.play.match.game.options
        made = spec.configure(spec.options, seats, chosen)
        assert all(getattr(options, k) == getattr(made, k) for k in chosen)
        lobby(page, server)
        facts = page.locator(f'.table-card[data-table="{table.row.id}"] .facts')
        assert " ".join(f"{k}={v}" for k, v in chosen.items()) in facts.all_inner_texts()
