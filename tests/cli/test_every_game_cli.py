"""The command line for every catalog game and the test-only sixth, learnt from the catalog:
``play`` seats what ``--seats`` and ``--bots`` ask or says why not, and ``advise`` ranks exactly
the decisions a recorded seat had. Run in process through the command's own entry point
(``main``), so the sixth game joined to the catalog for the test is seen."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

import pytest
from tests.frontends.prompt_driver import PromptDriver, run_play

from pokernight.catalog import entry
from pokernight.cli.main import main
from pokernight.history.record import deal, read_records, steps


def command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``pokernight ARGS``: its exit code, standard output and standard error."""
    with pytest.raises(SystemExit) as ended:
        main(list(args))
    out, err = capsys.readouterr()
    return int(ended.value.code or 0), out, err


def lineup(game: str) -> tuple[int, str]:
    """A table other than the default for ``game`` where it seats more than one, and a
    computer player the house would not seat by itself where the game has one."""
    found = entry(game)
    low, high = found.spec.seats
    seats = max(low, 2) if found.spec.default_seats != max(low, 2) else min(high, 3)
    others = [b for b in found.bots if b not in found.house]
    return seats, (others or list(found.bots))[0]


def test_play_seats_the_seats_and_bots_asked_for(every_game: str, tmp_path: Path) -> None:
    seats, bot = lineup(every_game)
    records = tmp_path / "hands.jsonl"
    driver = PromptDriver(random.Random(3), 1)
    bots = ",".join([bot] * (seats - 1))
    run_play(
        driver,
        ["play", every_game, "--plain", "--seed", "5", "--seats", str(seats), "--bots", bots],
        records,
    )
    first = next(read_records(records))
    assert first.table.seats == seats
    assert sorted(first.seats) == sorted(["you"] + [bot] * (seats - 1))


def test_play_says_why_it_cannot_seat_a_table(
    every_game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    low, high = entry(every_game).spec.seats
    span = f"{low} to {high}" if low != high else str(low)
    code, out, err = command(capsys, "play", every_game, "--plain", "--seats", str(high + 1))
    assert (code, out) == (2, "")
    assert err == f"pokernight: {every_game} seats {span} players, not {high + 1}\n"
    code, out, err = command(
        capsys,
        "play",
        every_game,
        "--plain",
        "--seats",
        str(low),
        "--bots",
        ",".join(["random"] * low),
    )
    assert (code, out) == (2, "")
    assert err == f"pokernight: {low} computer players do not fit beside you at {low} seats\n"
    seats = str(lineup(every_game)[0])
    code, out, err = command(capsys, "play", every_game, "--plain", "--seats", seats, "--bots", "x")
    assert (code, out) == (2, "")
    assert err.startswith("pokernight: unknown bot 'x': bots are ") and err.count("\n") == 1


def test_advice_ranks_exactly_the_decisions_the_seat_had(
    every_game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From a point of a recorded hand, or from the cards the recorded seat held where the
    game is advised from cards: every legal decision of that point ranked, no other."""
    records = tmp_path / "hands.jsonl"
    code, _, err = command(
        capsys, "sim", every_game, "--hands", "1", "--seed", "4", "--records", str(records)
    )
    assert code == 0, err
    record = next(read_records(records))
    points = []
    for at in range(len(record.actions)):
        state = deal(record)
        for _ in islice(steps(record, state), at):
            pass
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        points.append((at, tuple(view.hole), {str(a) for a in view.legal}))
    advisor = entry(every_game).advisor
    assert advisor is not None
    if advisor.from_cards is None:
        at, _, legal = points[0]
        where = ["--record", str(records), "--at", str(at)]
    else:
        held = max(points, key=lambda p: sum(c is not None for c in p[1]))[1]
        where = ["--state", " ".join(str(c) for c in held)]
    code, out, err = command(
        capsys, "advise", every_game, *where, "--samples", "20", "--seed", "1", "--json"
    )
    assert code == 0, err
    advised = {c["action"] for c in json.loads(out)["choices"]}
    if advisor.from_cards is None:
        assert advised == legal
    else:
        assert any(hole == held and legal == advised for _, hole, legal in points)
