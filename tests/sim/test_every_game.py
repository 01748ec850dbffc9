"""Every catalog game, and the test-only sixth, simulates from the catalog alone: the seats'
totals are the sums of the hands' recorded outcomes, and one seed gives one result."""

from __future__ import annotations

import json

from pokernight.sim.runner import simulate


def test_the_totals_are_the_recorded_hands_and_the_seed_repeats_them(every_game: str) -> None:
    lines: list[str] = []
    result = simulate(every_game, 30, seed=5, sink=lines.append)
    records = [json.loads(line) for line in lines]
    assert len(records) == 30 and {r["game"] for r in records} == {every_game}
    sums = [sum(r["outcome"]["net"][s] for r in records) for s in range(len(result.seats))]
    assert [seat.net for seat in result.seats] == sums
    again = simulate(every_game, 30, seed=5)
    assert again.to_json() | {"seconds": 0} == result.to_json() | {"seconds": 0}
