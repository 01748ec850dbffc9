"""Whole games at the prompt: ``pokernight play GAME --plain`` from the first deal to the game's
own end (a bust-out, the rounds played, a quit, a start-over, the end of input), a person played
by an ``EdgeDriver``, and everything checked when it is over:

- no traceback, and every answer the driver typed either taken or refused with a reason and
  the question asked again (the ``PromptDriver``'s own check);
- each hand by the oracle (what was chosen is what the engine did, the screen showed the view,
  no hidden card), and at each decision the screen offered exactly the legal set;
- each game's money by ``whole_checks.ledger``;
- each game's end in the seed's own words: "Game over: REASON." with the reason the game's rule
  gives for the final table, the final standings (Hurricane's Won / Even / Lost / In Debt
  against the original $100, the hands played), and seed 002's messages for the stake you
  leave with.

A failure names the game, the driver and the command with every answer typed
(``WholeRun.reproduction``): piped into ``pokernight``, it plays the same game again.
"""

from __future__ import annotations

import random
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from tests.frontends.edge_drivers import EdgeDriver
from tests.frontends.oracle import Oracle, replay
from tests.frontends.prompt_driver import PromptDriver, run_play
from tests.frontends.test_prompt import style
from tests.frontends.whole_checks import Edges, ledger, offered_is_legal, split_games

from pokernight.catalog import Seating, entry, seat_person
from pokernight.engine.events import dollars
from pokernight.engine.protocol import Game, TableState
from pokernight.games.draw.game import DrawOptions
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.games.paigow.options import PaiGowOptions
from pokernight.history.record import GameRecord, read_records

CRASHED = "crashed: "
"""How a failure says the command itself raised (a traceback a person would have seen)."""
DRAW_ENDS = (
    r"You win! You have taken all of the computer's money: \$\d+\.",
    r"You win! The computer cannot put up the ante: you have \$\d+\.",
    r"The computer wins: you have \$\d+, not enough for the ante\.",
    r"Quitting while you're ahead, are you\? You leave with \$\d+",
    r"You leave a loser with \$\d+\.",
    r"End of input\.",
)
"""Seed 002's words at the end of each game: its three endings, its two quit messages, and
the end of input."""


@dataclass
class WholeRun:
    """One ``play`` command run to its end: what was typed, printed and recorded."""

    game: str
    driver_name: str
    args: list[str]
    driver: PromptDriver
    records: list[GameRecord] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.driver.screen

    def reproduction(self) -> str:
        """The command with every answer typed, as a shell line that plays it again."""
        answers = " ".join(_shell_word(line) for line in self.driver.typed)
        command = shlex.join(["pokernight", *self.args])
        return f"{self.game}, driver {self.driver_name}: printf '%s\\n' {answers} | {command}"


def _shell_word(line: str) -> str:
    """One answer as a shell word: a long run of one character as a printf, odd characters
    in bash's $'...' escapes."""
    if len(line) > 40 and len(set(line)) == 1:
        return f'"$(printf "%{len(line)}s" | tr " " {shlex.quote(line[0])})"'
    if line.isprintable() and line.isascii():
        return shlex.quote(line)
    escaped = "".join(
        c if c.isascii() and c.isprintable() and c not in "'\\" else f"\\U{ord(c):08x}"
        for c in line
    )
    return f"$'{escaped}'"


def play_whole(
    game: str, seed: int, edge: EdgeDriver, seats: int, bots: tuple[str, ...], folder: Path
) -> WholeRun:
    """One ``play GAME --plain`` run to its end, answered by ``edge``."""
    args = ["play", game, "--plain", "--seed", str(seed), "--seats", str(seats)]
    args += ["--bots", ",".join(bots)] if bots else []
    records = folder / f"{game}-{seed}.jsonl"
    run = WholeRun(game, edge.name, args, PromptDriver(random.Random(seed), None, edge))
    try:
        run_play(run.driver, args, records)
        run.records = list(read_records(records)) if records.exists() else []
    except AssertionError as exc:  # the driver's own checks: an answer refused or taken
        raise AssertionError(f"{run.reproduction()}\n{exc}") from exc
    except Exception as exc:
        raise AssertionError(f"{run.reproduction()}\n{CRASHED}{type(exc).__name__}: {exc}") from exc
    return run


def check_whole(run: WholeRun, seed: int, seats: int, bots: tuple[str, ...], edges: Edges) -> None:
    """Every check of a finished run (see the module's docstring); ``edges`` counts what it
    reached. A failure says how to play the run again."""
    try:
        _check(run, seat_person(run.game, seed, seats, bots), edges)
    except AssertionError as exc:
        raise AssertionError(f"{run.reproduction()}\n{exc}") from None


def _check(run: WholeRun, seating: Seating, edges: Edges) -> None:
    text, driver, game = run.text, run.driver, run.game
    assert "Traceback" not in text
    you = seating.you
    replays = [replay(record, you) for record in run.records]
    for record, replayed in zip(run.records, replays, strict=True):
        assert replayed.views, (
            f"hand {record.table.hand} was dealt without you (stake "
            f"${record.table.stakes[you]}), and nothing said so"
        )
    assert len(run.records) == len(driver.seen), (
        f"{len(run.records)} hands recorded, {len(driver.seen)} seen"
    )
    for record, seen, replayed in zip(run.records, driver.seen, replays, strict=True):
        if record.table.hand == 1:
            oracle = Oracle(style(game, you), you)
        oracle.hand(record, seen, replayed)
        offered_is_legal(record, seen, replayed)
    points = entry(game).spec.points
    played = split_games(run.records)
    finals = []
    for hands in played:
        first = hands[0].table
        assert (first.stakes, first.carry) == (seating.table.stakes, 0), f"a game from {first}"
        finals.append(ledger(game, seating.table, hands, you, edges, points))
    edges["answers refused"] += driver.refused
    if game == "draw":
        _draw_ends(run, seating, finals, edges)
        return
    assert len(played) <= 1, f"{len(played)} games in one run"
    final = finals[0] if finals else seating.table
    _one_end(run, seating, final, edges)
    _standings(run, seating, final, len(run.records))


OptionsT = TypeVar("OptionsT")


def _options(game: Game, kind: type[OptionsT]) -> OptionsT:
    """The game's options, which the caller knows are ``kind``'s (its game's options class)."""
    options = game.options
    assert isinstance(options, kind), options
    return options


def _one_end(run: WholeRun, seating: Seating, final: TableState, edges: Edges) -> None:
    """The game's own end where the driver stayed (at Pai Gow's prompt also your own: a
    stake below the table minimum); else the way it left, and no game over."""
    game, left = seating.game, run.driver.left
    reason = game.game_over(final)
    short = (
        run.game == "paigow" and final.stakes[seating.you] < _options(game, PaiGowOptions).min_bet
    )
    if not left and short:
        minimum = _options(game, PaiGowOptions).min_bet
        said = f"You cannot cover the table minimum of ${minimum}: you are out."
        assert said in run.text, f"no {said!r}"
        edges["ended: bust-out"] += 1
        return
    if not left:
        assert reason is not None, f"the game stopped at {final} with nothing to end it"
        mine = f"Seat {seating.you + 1}"
        told = re.sub(rf"\b{mine}\b", f"{mine} (you)", reason)  # your seat named yours
        assert f"Game over: {told}." in run.text, f"no 'Game over: {told}.'"
        edges["ended: " + ("rounds played" if "rounds played" in reason else "bust-out")] += 1
        return
    assert reason is None, f"asked on after the game was over ({reason})"
    assert "Game over" not in run.text
    _left(run, edges)


def _left(run: WholeRun, edges: Edges) -> None:
    way = run.driver.left[-1]
    if way == "end of input":
        assert run.text.rstrip().count("End of input.") == 1, "no 'End of input.'"
        edges["ended: end of input"] += 1
    else:
        edges["ended: quit"] += 1


def _standings(run: WholeRun, seating: Seating, final: TableState, hands: int) -> None:
    """The last lines: each game's own standings at the final table."""
    game, stakes, you = run.game, final.stakes, seating.you
    tail = run.text.rstrip().rsplit("\n", 1)[-1].rsplit("] ", 1)[-1]  # after the question
    if game == "hurricane":
        _hurricane_final(run.text, seating, stakes, hands)
    elif game == "paigow":
        net = stakes[you] - _options(seating.game, PaiGowOptions).stake
        said = f"Hands played: {hands}. You {'won' if net >= 0 else 'lost'} ${abs(net)}."
        assert tail == said, f"the last line is {tail!r}, not {said!r}"
    elif entry(game).spec.points:
        said = "Points (low is good): " + "  ".join(
            f"Seat {s + 1}{' (you)' if s == you else ''}: {-v}" for s, v in enumerate(stakes)
        )
        assert tail == said, f"the last line is {tail!r}, not {said!r}"
    else:
        who = style(game, you).who
        said = "Stakes: " + "  ".join(f"{who(s)} {dollars(v)}" for s, v in enumerate(stakes))
        assert tail == said, f"the last line is {tail!r}, not {said!r}"


COLUMNS = ("Won", "Even", "Lost", "In Debt")


def _hurricane_final(text: str, seating: Seating, stakes: tuple[int, ...], hands: int) -> None:
    """The seed's final screen: one row per seat with the one column its stake belongs in
    against the original $100, its strategy revealed; then the hands played."""
    start = _options(seating.game, HurricaneOptions).stake
    lines = text.splitlines()
    top = max(i for i, line in enumerate(lines) if "seat      Won" in line)
    header = lines[top][lines[top].index("seat      Won") :]  # after the last question
    rows = lines[top + 1 : top + 1 + len(stakes)]
    ends = {name: header.index(name) + len(name) for name in COLUMNS}
    for seat, (row, stake) in enumerate(zip(rows, stakes, strict=True)):
        mark = "ö" if seat == seating.you else "#"
        assert row.startswith(f"{mark}{seat + 1} "), f"row {seat + 1}: {row!r}"
        number = re.search(r"\d+", row[len(f"{mark}{seat + 1}") :])
        assert number is not None, f"row {seat + 1} shows no amount: {row!r}"
        at = number.end() + len(f"{mark}{seat + 1}")
        column = min(COLUMNS, key=lambda name: abs(ends[name] - at))
        if stake > start:
            wanted = ("Won", stake - start)
        elif stake == start:
            wanted = ("Even", 0)
        else:
            wanted = ("Lost", start - stake) if stake >= 0 else ("In Debt", -stake)
        assert (column, int(number.group())) == wanted, f"row {seat + 1} {row!r}: {wanted}"
        name = seating.names[seat] or "human"
        assert name in row, f"row {seat + 1} does not reveal {name}: {row!r}"
    assert lines[top + 1 + len(stakes)] == f"Hands played: {hands}"


def _draw_ends(run: WholeRun, seating: Seating, finals: list[TableState], edges: Edges) -> None:
    """Seed 002: each game ends in one of its messages, which names the stake you leave
    with and fits the final table (a quit message only where you quit); "Start over?"
    follows each, and a yes begins the next game."""
    game, options, left = seating.game, _options(seating.game, DrawOptions), run.driver.left
    pattern = "|".join(f"({p})" for p in DRAW_ENDS)
    found = [(m.lastindex or 0, m.group()) for m in re.finditer(pattern, run.text)]
    games = run.driver.restarts + 1
    assert len(found) == games, f"{len(found)} endings for {games} games: {found}"
    assert sum("Another hand" in way for way in left) == sum(k in (4, 5) for k, _ in found)
    for number, (kind, said) in enumerate(found, start=1):
        if kind == len(DRAW_ENDS):
            assert number == games and left[-1] == "end of input", f"{said} in game {number}"
            edges["ended: end of input"] += 1
            continue
        final = finals[number - 1]
        you, reason = final.stakes[0], game.game_over(final)
        assert int(re.findall(r"\d+", said)[-1]) == you, f"{said!r}: you left with ${you}"
        if kind in (4, 5):
            assert reason is None, f"a quit message after the game was over ({reason})"
            assert (kind == 4) == (you > options.stake), f"{said!r} at ${you}"
            edges["ended: quit"] += 1
            continue
        wanted = (
            you > options.win_above,
            you <= options.win_above and final.stakes[1] < options.ante,
            you < options.lose_below,
        )
        assert reason is not None and wanted[kind - 1], f"{said!r} at {final.stakes}"
        edges["ended: bust-out"] += 1
    edges["ended: start over"] += run.driver.restarts
