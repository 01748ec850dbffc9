"""A whole sit-and-go of every other game at the terminal table (issue 42), played by keys
under Textual's pilot until the standings, as ``test_sit_and_go_table`` plays Hurricane's:
High-Low to the last seat left, the draw heads-up against the computer, Pai Gow for a fixed
number of hands with the bank passing among the players, and Mount Holyoke to a points
threshold, the last under it winning.

What the screen must show, read from it: the tournament's terms opening the log; the level
and what is left of it in the title bar where the stakes rise (nothing once it is over, and
none at all where they do not), each rise told after the hand that reached it and dealt at
in the next; each seat out told at the place the standings give it, after the hand's own
events; and the standings the app leaves on the terminal: a place and a prize for every
seat, the prizes the whole pool, each net the prize less the buy-in, the winner named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from tests.tui.keyboard import play_hand
from tests.tui.test_sit_and_go_table import level_words, log, title
from tests.tui.test_table_ends import drive
from textual.pilot import Pilot
from textual.widgets import Static

from pokernight.engine.prompt import yours
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.spec import NO_CHOICES, Choices
from pokernight.engine.structure import LEVELS, Schedule, Structure, ordinal
from pokernight.games.draw.game import DrawOptions
from pokernight.games.highlow.game import HighLowOptions
from pokernight.games.paigow.options import PaiGowOptions
from pokernight.tui.app import PokernightApp
from pokernight.tui.dialogs import Standings
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen

pytestmark = pytest.mark.slow  # the terminal table under the pilot, as tui/test_table_*.py
BUY_IN = 100
MOST_HANDS = 40
"""More hands than any of these runs plays: a tournament that never ends fails, not hangs."""
NEWS = re.compile(
    r"The stakes rise: |Seat \d+(?: \(you\))? finished \d|The computers played it out"
    r"|\d+(?:st|nd|rd|th): Seat \d"
)
"""How each line a sit-and-go tells after a hand begins."""
HEADER = re.compile(r"── (?:Hand|Round) \d+,")
"""How the log opens each hand (Mount Holyoke's a round)."""
FINISHED = re.compile(r"Seat (\d+)( \(you\))? finished (\d+(?:st|nd|rd|th))")
PAI_GOW = PaiGowOptions()
"""Pai Gow's first level: its wagers' least and most, times each level's multiple."""
PRIZE = re.compile(r"(\d+) \(([+-]\d+)\)")
"""A standings prize cell: ``260 (+160)``, the prize and its net."""


@dataclass
class Hand:
    """One hand the person played, as the screen showed it once the hand was over."""

    number: int
    title: str
    told: str
    """What the log told during the hand: its events, then the sit-and-go's news."""
    last: str
    """The hand's last event, in the log's words: the news must come after it."""
    panels: str
    """The seats' panels, each seat's last words in them."""


@dataclass
class Tournament:
    """A sit-and-go played by keys to its end, and what the screen showed of it."""

    match: SitAndGo
    you: int
    seats: int
    first_title: str
    opening: str
    """The log before the first hand was played."""
    hands: list[Hand]
    left: str
    """What the app left on the terminal as it closed."""

    @property
    def told(self) -> str:
        return " ".join(hand.told for hand in self.hands)


def play(
    game: str,
    seed: int,
    structure: Structure,
    capsys: pytest.CaptureFixture[str],
    choices: Choices = NO_CHOICES,
    seats: int | None = None,
) -> Tournament:
    """``game``'s sit-and-go at the terminal table, played by keys until the standings come
    up (n after every hand), and closed with a key; what the screen showed of each hand (the
    log cut at each hand's opening line: a hand is dealt, and logged up to the person's
    first turn, as the one before is left)."""
    app = PokernightApp(game, seed, seats, (), Settings(0, False), None, choices, structure)
    hands: list[Hand] = []
    seen: list[tuple[SitAndGo, str, str]] = []

    async def steps(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.match, SitAndGo)
        first_title = title(screen)
        while not isinstance(pilot.app.screen, Standings):
            assert len(hands) < MOST_HANDS, "the sit-and-go never ended"
            await play_hand(pilot, screen)
            await pilot.pause()
            said = [w for e in screen.view().events if (w := e.words(screen.who))]
            last = " ".join(said[-1].split())
            panels = (str(panel.render()) for panel in screen.query(".seat").results(Static))
            shown = " ".join(" ".join(panel.split()) for panel in panels)
            hands.append(Hand(screen.view().hand, title(screen), "", last, shown))
            await pilot.press("n")
            await pilot.pause()
        seen.append((screen.match, first_title, log(screen)))
        await pilot.press("space")
        await pilot.pause()

    drive(app, steps, (100, 40))
    ((match, first_title, logged),) = seen
    starts = [m.start() for m in HEADER.finditer(logged)]
    assert len(starts) == len(hands), "a hand the log does not open"
    for hand, start, end in zip(hands, starts, [*starts[1:], len(logged)], strict=True):
        hand.told = logged[start:end].strip()
    opening = logged[: starts[0]].strip()
    left = capsys.readouterr().err
    seats = match.table.seats
    return Tournament(match, app.seating.you, seats, first_title, opening, hands, left)


def seat_named(seat: int, you: int) -> str:
    """A seat as the log names it."""
    return f"Seat {seat + 1}{' (you)' if seat == you else ''}"


def check_hands(t: Tournament) -> None:
    """Every hand the person played in turn, each told from its opening line, and the news
    (a level, a seat out, the places) after the hand's own last event, never amid them."""
    assert [hand.number for hand in t.hands] == list(range(1, len(t.hands) + 1))
    for hand in t.hands:
        assert re.match(rf"── (?:Hand|Round) {hand.number},", hand.told), hand.told[:80]
        assert hand.last in hand.told
        if (news := NEWS.search(hand.told)) is not None:
            assert hand.told.rindex(hand.last) < news.start(), (hand.number, hand.told)
    assert "Traceback" not in t.told


def dealt_at(t: Tournament, hand: int, every: int) -> int:
    """The stakes' multiple hand ``hand`` is dealt at: a level every ``every`` hands."""
    return LEVELS[min((hand - 1) // every, t.match.top)]


def check_levels(t: Tournament, every: int, lasts: int | None = None) -> None:
    """The title bar's level and the hands left of it after every hand the person played,
    none once the sit-and-go is over (no hand is dealt at the level it moved to); each rise
    told after the hand that reached it, unless that hand ended the sit-and-go."""
    top = t.match.top
    assert f"Level 1 (stakes ×1) · {every} hands to level 2" in t.first_title
    *playing, last = t.hands
    for hand in playing:
        words = level_words(hand.number, top, every, lasts)
        assert f" · {words} · " in hand.title, (hand.number, hand.title)
    assert f"hand {last.number} ·" in last.title and "Level" not in last.title, last.title
    played_out = "The computers played it out" in last.told
    for hand in t.hands:
        rises = hand.told.count("The stakes rise")
        number = hand.number
        if number % every == 0 and number // every <= top and (hand is not last or played_out):
            assert f"The stakes rise: {level_words(number, top, every, lasts)}" in hand.told
            assert rises == 1, (number, hand.told)
        else:
            assert rises == 0, (number, hand.told)
    assert "The stakes rise" in t.told, "a seed whose run shows the stakes rising"


def printed(t: Tournament) -> dict[int, dict[str, str]]:
    """The standings table the app left on the terminal, each seat's row by column name."""
    lines = t.left.splitlines()
    head = next(line for line in lines if line.startswith("┃"))
    columns = [cell.strip() for cell in head.strip("┃").split("┃")]
    rows: dict[int, dict[str, str]] = {}
    for line in lines:
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            row = dict(zip(columns, cells, strict=True))
            name = row["seat"]
            seat = t.you if name == "You" else int(name.removeprefix("Seat ")) - 1
            assert seat not in rows
            rows[seat] = row
    return rows


def check_standings(t: Tournament, scored: bool = False) -> dict[int, str]:
    """The standings at exit: a place and a prize (with its net) for every seat, the prizes
    the pool, the places the sit-and-go's; each seat's stake (its points where ``scored``) as
    the table left it; the same places and prizes the log's last lines; each seat's place."""
    rows = printed(t)
    assert sorted(rows) == list(range(t.seats))
    assert list(rows[t.you])[-2:] == ["place", "prize"]
    standing = {row.seat: row for row in t.match.standings()}
    stakes = t.match.table.stakes
    prizes = 0
    for seat, row in rows.items():
        prize = PRIZE.fullmatch(row["prize"])
        assert prize is not None, row
        won, net = int(prize.group(1)), int(prize.group(2))
        assert net == won - BUY_IN
        assert (row["place"], won) == (ordinal(standing[seat].place), standing[seat].prize)
        if scored:
            assert "stake" not in row and row["points"] == str(-stakes[seat])
        else:
            assert "points" not in row and row["stake"] == str(stakes[seat])
        said = f"{row['place']}: {seat_named(seat, t.you)}, prize {won} ({net:+})"
        assert said in t.hands[-1].told
        prizes += won
    assert prizes == BUY_IN * t.seats
    return {seat: row["place"] for seat, row in rows.items()}


def check_game_over(t: Tournament, place: dict[int, str]) -> None:
    """The line above the standings names the winner: the seats placed first."""
    winners = " and ".join(f"Seat {s + 1}" for s in sorted(place) if place[s] == "1st")
    assert winners
    assert t.left.splitlines()[0] == f"Game over: {yours(f'{winners} won the sit-and-go', t.you)}."


def check_finishes(t: Tournament, place: dict[int, str], told: set[int]) -> dict[int, int]:
    """Each seat out told once, at the place the standings give it, the worst first; the
    seats ``told`` exactly. The hand each seat was told out after."""
    outs: dict[int, int] = {}
    for hand in t.hands:
        for number, you, said in FINISHED.findall(hand.told):
            seat = int(number) - 1
            assert place[seat] == said, f"Seat {number} finished {said}"
            assert bool(you) == (seat == t.you)
            assert seat not in outs, f"Seat {number} told out twice"
            outs[seat] = hand.number
    assert set(outs) == told
    ranks = [int(place[seat][:-2]) for seat in outs]  # in the order told
    assert ranks == sorted(ranks, reverse=True)
    return outs


def test_high_low_to_the_last_seat_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 3, 20 chips, a level every 2 hands: the seats go out one by one (the person
    second to last, at the hand that ends it), each hand dealt to the seats left at the
    ante of its level."""
    t = play("highlow", 3, Structure(BUY_IN, 20, Schedule(2)), capsys)
    assert t.seats == 4
    words = "Sit-and-go: buy-in 100, 20 chips each, pays 65/35; the stakes rise every 2 hands"
    assert t.opening == words
    check_hands(t)
    check_levels(t, every=2)
    place = check_standings(t)
    check_game_over(t, place)
    told = check_finishes(t, place, told={s for s in place if place[s] != "1st"})
    assert place[t.you] == "2nd" and "The computers played it out" not in t.told
    for hand in t.hands:  # the ante of its level, to the seats not yet out
        dealt = re.search(r"(\d) seats ante \$(\d+)", hand.told)
        assert dealt is not None, hand.told[:120]
        out = sum(number < hand.number for number in told.values())
        assert int(dealt.group(1)) == t.seats - out
        assert int(dealt.group(2)) == HighLowOptions().ante * dealt_at(t, hand.number, 2)


def test_the_draw_heads_up_against_the_computer(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 3, 20 chips each, a level every 2 hands: the antes rise hand after hand until
    one side cannot put up its level's ante; the game's own last words above the standings
    (who won, and the person's money), the prizes 130 and 70."""
    t = play("draw", 3, Structure(BUY_IN, 20, Schedule(2)), capsys)
    assert t.seats == 2
    words = "Sit-and-go: buy-in 100, 20 chips each, pays 65/35; the stakes rise every 2 hands"
    assert t.opening == words
    check_hands(t)
    check_levels(t, every=2)
    place = check_standings(t)
    check_finishes(t, place, told={s for s in place if place[s] != "1st"})
    assert sorted(int(row["prize"].split()[0]) for row in printed(t).values()) == [70, 130]
    for hand in t.hands:
        ante = re.search(r"2 seats ante \$(\d+)", hand.told)
        assert ante is not None
        assert int(ante.group(1)) == DrawOptions().ante * dealt_at(t, hand.number, 2)
    last_words = t.left.splitlines()[0]
    stake = printed(t)[t.you]["stake"]
    assert last_words.startswith("You win!") == (place[t.you] == "1st"), last_words
    assert f"${stake}" in last_words and "Game over" not in t.left


def test_pai_gow_for_a_fixed_number_of_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 3, 200 chips, a level every 2 hands, 5 hands: the bank passes from player to
    player with no house; the wagers rise with the levels; it ends after the fifth hand,
    the person out at it, the others placed by their chips."""
    t = play("paigow", 3, Structure(BUY_IN, 200, Schedule(2), hands=5), capsys)
    assert t.seats == 4 and t.match.hands == 5
    words = (
        "Sit-and-go: buy-in 100, 200 chips each, pays 65/35; 5 hands, the most chips winning;"
        " the stakes rise every 2 hands"
    )
    assert t.opening == words
    check_hands(t)
    assert len(t.hands) == 5  # every hand the person played: no computer played it out
    check_levels(t, every=2, lasts=5)  # the hands left counted down
    place = check_standings(t)
    check_game_over(t, place)
    out = {s for group in t.match.finished for s in group}
    check_finishes(t, place, told=out)
    assert out == {t.you} and place[t.you] == "4th"  # the only seat out, at the last hand
    rows = printed(t)
    left = sorted((s for s in rows if s not in out), key=lambda s: int(rows[s]["stake"]))
    assert [place[s] for s in reversed(left)] == ["1st", "2nd", "3rd"]  # most chips first
    bankers = []
    for hand in t.hands:
        banking = re.findall(r"(Seat \d+(?: \(you\))?), banking:", hand.told)
        assert len(banking) == 1 and "house" not in hand.told.lower(), hand.told
        bankers.append(banking[0])
        # the banker's panel says it banked, in its words without its name
        assert "banking: the bank" in hand.panels and ", banking" not in hand.panels
        multiple = dealt_at(t, hand.number, every=2)
        least, most = PAI_GOW.min_bet * multiple, PAI_GOW.max_bet * multiple
        wagers = [int(w) for w in re.findall(r"bet (\d+)", hand.told)]
        assert len(wagers) == 3 and all(least <= w <= most for w in wagers), wagers
    assert bankers == [seat_named(n % 4, t.you) for n in range(5)]


def test_mount_holyoke_to_a_points_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 105, 3 seats, to 10 points: nothing rises (no level in the title or the log);
    a seat reaching the threshold has finished but plays on (the person, here, after the
    first round); the last under it wins."""
    structure = Structure(BUY_IN, 20, Schedule(2))
    t = play("bigtwo", 105, structure, capsys, {"threshold": "10"}, seats=3)
    assert t.seats == 3
    assert t.opening == (
        "Sit-and-go: buy-in 100, pays 65/35; to 10 points, the last under them winning"
    )
    check_hands(t)
    assert all("Level" not in hand.title for hand in t.hands) and "Level" not in t.first_title
    assert "stakes" not in t.told
    place = check_standings(t, scored=True)
    check_game_over(t, place)
    told = check_finishes(t, place, told={s for s in place if place[s] != "1st"})
    points = {seat: int(row["points"]) for seat, row in printed(t).items()}
    (winner,) = (s for s in place if place[s] == "1st")
    assert points[winner] < 10 <= min(p for s, p in points.items() if s != winner)
    assert told[t.you] < t.hands[-1].number, "the person, finished, was dealt in again"
