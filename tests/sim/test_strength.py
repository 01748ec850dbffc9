"""The strength tables of the game pages (``benchmarks/strength.py``): a tournament orders
bots the right way round where the difference is plain even in a few hands, every bot plays
every seat for the same hands, and the script rewrites only the part of a page between its
markers. Exact results of fixed seeds; no timing is asserted."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pokernight.sim.batches import SeatResult
from pokernight.sim.runner import BATCH, play
from pokernight.sim.tournament import Standing, tournament

sys.path.append(str(Path(__file__).parents[2] / "benchmarks"))  # the script, run by name
import strength


@pytest.mark.parametrize(
    ("game", "strong", "hands", "zero_sum"),
    [
        ("hurricane", "foldout", 200, True),
        ("draw", "computer", 100, True),
        ("highlow", "value", 6, True),
        ("paigow", "house", 100, False),  # both play the dealer, who keeps the edge
        ("bigtwo", "greedy", 40, False),  # points lost: the best a round can do is 0
    ],
)
def test_the_house_player_beats_random_in_a_few_hands(
    game: str, strong: str, hands: int, zero_sum: bool
) -> None:
    assert {strong, "random"} <= set(strength.runs(game)[-1].bots)  # the pair the page ranks
    result = tournament(game, [strong, "random"], hands, seed=1)
    first, second = result.standings
    assert (first.result.bot, second.result.bot) == (strong, "random")
    assert first.clear_of_next  # its whole interval above random's
    assert first.result.net > second.result.net
    if zero_sum:  # heads-up, what one wins the other loses
        assert first.result.net > 0 > second.result.net
        assert first.result.net == -second.result.net


def test_every_bot_plays_every_seat_for_the_same_hands() -> None:
    """The tournament's totals are those of the seatings turned one place each rotation, so
    every bot sat every seat once, for the same hands."""
    bots, hands, seed = ("checker", "foldout", "random"), 120, 5
    result = tournament("hurricane", bots, hands, seed)
    sat = {bot: [0] * len(bots) for bot in bots}
    nets = dict.fromkeys(bots, 0)
    for k in range(len(bots)):
        seats = bots[k:] + bots[:k]
        first_batch = k * -(-hands // BATCH)  # each rotation plays batches of its own
        tally, _ = play(None, "hurricane", seats, hands, seed, first_batch, {})
        for seat, bot in enumerate(seats):
            sat[bot][seat] += tally.sums[seat][0]
            nets[bot] += tally.sums[seat][1]
    assert sat == {bot: [hands] * len(bots) for bot in bots}
    assert {s.result.bot: s.result.net for s in result.standings} == nets


def _standing(rank: int, bot: str, low: float, high: float, clear: bool) -> Standing:
    mid = (low + high) / 2
    return Standing(rank, SeatResult(bot, 0, mid, (low, high), (0.0, 0.0, 0.0)), clear)


def test_the_reading_names_the_strongest_and_the_overlaps() -> None:
    clear = [_standing(1, "a", 2, 3, True), _standing(2, "b", 0, 1, False)]
    assert (
        strength.reading(clear) == "`a` is the strongest: its interval lies wholly above the rest."
    )
    mixed = [
        _standing(1, "a", 2, 4, False),
        _standing(2, "b", 1, 3, True),
        _standing(3, "c", -1, 0.5, False),
        _standing(4, "d", -2, 0, False),
    ]
    assert strength.reading(mixed) == (
        "`a` ranks first, but its interval overlaps `b`'s, so this run does not say it is the"
        " strongest. Neighbours whose intervals overlap, not ordered by this run: `a` and `b`;"
        " `c` and `d`. Every other step of the ranking is clear."
    )


PAGE = """# A game

Rules.

## How strong each computer player is

Words before.

<!-- strength:begin -->
an old table
<!-- strength:end -->

Words after.
"""


def test_the_table_goes_between_the_markers_and_nothing_else_moves(tmp_path: Path) -> None:
    page = tmp_path / "game.md"
    page.write_text(PAGE, encoding="utf-8")
    strength.write(page, "| a |\n|---|")
    head, tail = PAGE.split("an old table\n")
    assert page.read_text(encoding="utf-8") == head + "| a |\n|---|\n" + tail
    strength.write(page, "| a |\n|---|")  # again: the same page
    assert page.read_text(encoding="utf-8") == head + "| a |\n|---|\n" + tail


@pytest.mark.parametrize(
    "text", ["# A game\n", "# A game\n<!-- strength:end -->\n<!-- strength:begin -->\n"]
)
def test_a_page_without_markers_in_order_is_refused_and_left_alone(
    tmp_path: Path, text: str
) -> None:
    page = tmp_path / "game.md"
    page.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"no {strength.BEGIN} ... {strength.END}")):
        strength.write(page, "| a |")
    assert page.read_text(encoding="utf-8") == text


def test_the_section_says_how_it_was_made() -> None:
    run = strength.Run(("random", "computer"), 30)
    result = tournament("draw", run.bots, run.hands, seed=3)
    played = strength.Played(run, result, 30.0)
    text = strength.section(strength.Measured("draw", 3, 1, (played,), "2026-01-02", (1.5, 2.5)))
    flat = " ".join(text.split())
    assert "`.venv/bin/python benchmarks/strength.py draw --seed 3 --workers 1`" in flat
    assert "on 2026-01-02: 0.5 minutes on 1 worker, load average 1.5 at the start and 2.5" in flat
    assert (
        "`random` and `computer`, one seat each: 2 rotations of 30 hands, 60 hands in all, seed 3,"
        " in 0.5 minutes (2 hands a second)." in flat
    )
    assert strength.table(result, "chips", "hand") in text
