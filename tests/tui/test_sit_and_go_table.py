"""A sit-and-go at the terminal table (issue 42), played by keys under Textual's pilot to its
end: the title bar says the level and the hands left of it, rising every two hands; the log
tells each seat out at its place; and the standings the app leaves on the terminal have the
place and prize columns, the prizes the whole pool."""

from __future__ import annotations

import re

import pytest
from tests.tui.keyboard import play_hand
from tests.tui.test_table_ends import drive
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from pokernight.engine.prompt import yours
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.structure import LEVELS, Schedule, Structure, ordinal
from pokernight.tui.app import PokernightApp
from pokernight.tui.dialogs import Standings
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen

pytestmark = pytest.mark.slow  # the terminal table under the pilot, as tui/test_table_*.py
SEED = 3
MOST_HANDS = 200


def title(screen: TableScreen) -> str:
    return str(screen.query_one("#title", Static).render())


def log(screen: TableScreen) -> str:
    """The log's text, its lines as wrapped to the panel joined again."""
    lines = screen.query_one("#log", RichLog).lines
    return " ".join(" ".join(line.text.split()) for line in lines)


def level_words(hands: int, top: int, every: int = 2, lasts: int | None = None) -> str:
    """The level after ``hands`` hands at ``every`` a level (here two), and what is left of
    it; for a sit-and-go that ``lasts`` so many hands (Pai Gow), the hands left, and no
    next level once the hands run out before it."""
    level = min(hands // every, top)
    words = f"Level {level + 1} (stakes ×{LEVELS[level]})"
    if level != top and (lasts is None or every * (level + 1) < lasts):
        left = every * (level + 1) - hands
        words += f" · {left} hand{'s' * (left != 1)} to level {level + 2}"
    if lasts is not None:
        words += f" · {lasts - hands} hand{'s' * (lasts - hands != 1)} left"
    return words


def test_a_sit_and_go_at_the_terminal_table_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    structure = Structure(100, 10, Schedule(2))
    app = PokernightApp("hurricane", SEED, 4, (), Settings(0, False), None, {}, structure)
    titles: list[tuple[int, str]] = []
    logged: list[tuple[int, str]] = []
    """Each hand the person played, and what the log told during it."""
    played: list[SitAndGo] = []

    async def steps(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.match, SitAndGo)
        match = screen.match
        played.append(match)
        before = log(screen)
        assert "Level 1 (stakes ×1) · 2 hands to level 2" in title(screen)
        while not isinstance(pilot.app.screen, Standings):
            assert match.hands < MOST_HANDS
            await play_hand(pilot, screen)
            await pilot.pause()
            titles.append((match.hands, title(screen)))
            told = log(screen)
            logged.append((screen.view().hand, told[len(before) :]))
            before = told
            await pilot.press("n")
            await pilot.pause()
        await pilot.press("space")
        await pilot.pause()

    drive(app, steps, (100, 40))
    (match,) = played
    top = match.top
    *playing, (_, last) = titles
    for hands, words in playing:
        assert level_words(hands, top) in words, (hands, words)
    assert "Level" not in last, "over: no level is next"
    # the stakes rise after every second hand, told in the log during that hand
    assert [h for h, _ in logged] == list(range(1, len(logged) + 1))
    for hand, told in logged:
        rises = re.findall(r"The stakes rise: .*?(?=$| ── |  )", told)
        if hand % 2 == 0 and hand // 2 <= top:
            assert f"The stakes rise: {level_words(hand, top)}" in told, (hand, told)
            assert told.count("The stakes rise") == 1
        else:
            assert "The stakes rise" not in told, (hand, rises)
    # the standings left on the terminal: place and prize columns, the prizes the pool
    text = capsys.readouterr().err  # what the app left on the terminal as it closed
    reason = match.over()
    assert reason is not None
    assert text.splitlines()[0] == f"Game over: {yours(reason, app.seating.you)}."
    assert re.search(r"\bplace\b", text) and re.search(r"\bprize\b", text)
    rows = re.findall(r"(\d+(?:st|nd|rd|th)) │\s+(\d+) \(([+-]\d+)\) │", text)
    assert len(rows) == 4
    assert sum(int(prize) for _, prize, _ in rows) == 400
    assert all(int(net) == int(prize) - 100 for _, prize, net in rows)
    shown = sorted((p, int(prize), int(net)) for p, prize, net in rows)
    assert shown == sorted((ordinal(r.place), r.prize, r.net) for r in match.standings())
    # each seat out told in the log at its place, the person's among them (the computers then
    # play the rest out at once, and the log says so)
    everything = " ".join(told for _, told in logged)
    outs = re.findall(r"Seat (\d)( \(you\))? finished (\d+(?:st|nd|rd|th))", everything)
    assert any(you for _, you, _ in outs), "the person's finish is told"
    assert "The computers played it out" in everything or len(outs) == 3
    place = {r.seat: ordinal(r.place) for r in match.standings()}
    for seat, you, said in outs:
        assert place[int(seat) - 1] == said
        assert bool(you) == (int(seat) - 1 == app.seating.you)
    assert len({seat for seat, _, _ in outs}) == len(outs)
