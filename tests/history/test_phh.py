"""PHH for the draw games: record -> PHH -> tomllib -> the same record, the same events on
replay, and standard fields that say what happened; files that do not match are refused."""

from __future__ import annotations

import random
import re
import tomllib
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokernight.bots.draw import DrawComputer
from pokernight.bots.generic import RandomBot
from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.engine.actions import Kind
from pokernight.engine.protocol import Game, Player, TableState
from pokernight.engine.table import Match
from pokernight.games.draw.game import DrawOptions, FiveCardDraw
from pokernight.games.highlow.game import HighLow, HighLowOptions
from pokernight.games.hurricane.game import Hurricane, HurricaneOptions
from pokernight.history.phh import phh_hand, referee_events
from pokernight.history.phh_read import parse_phh
from pokernight.history.record import (
    GameRecord,
    InvalidRecord,
    deal,
    parse_record,
    record_line,
    steps,
)
from pokernight.sim.runner import simulate


@st.composite
def hands(draw: st.DrawFn) -> str:
    """One finished hand of a draw game as its JSON record line: random options, table
    (stakes, button, hand number, chips carried in) and seed, played by the game's bots."""
    game_name = draw(st.sampled_from(["hurricane", "draw", "highlow"]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    game: Game
    players: list[Player]
    if game_name == "hurricane":
        n = draw(st.integers(2, 8))
        game = Hurricane(HurricaneOptions(seats=n, end_when_one_left=draw(st.booleans())))
        players = [HurricaneBot(draw(st.sampled_from(STRATEGIES)), rng) for _ in range(n)]
    elif game_name == "draw":
        n = 2
        game = FiveCardDraw(DrawOptions(max_discards=draw(st.integers(0, 5))))
        players = [RandomBot(rng), DrawComputer(rng)]
    else:
        n = draw(st.integers(2, 10))
        jokers, same = draw(st.integers(0, 2)), draw(st.booleans())
        game = HighLow(HighLowOptions(seats=n, jokers=jokers, joker_same_both_ends=same))
        players = [RandomBot(rng) for _ in range(n)]
    table = TableState(
        stakes=tuple(draw(st.lists(st.integers(1, 300), min_size=n, max_size=n))),
        dealer=1 if game_name == "draw" else draw(st.integers(0, n - 1)),
        hand=draw(st.integers(1, 99)),
        carry=draw(st.integers(0, 3)) if game_name == "hurricane" else 0,
        deck=draw(st.integers(1, 3)),
    )
    match = Match(game, players, draw(st.integers(0, 2**63 - 1)), table)
    names = [f"{getattr(p, 'name', 'bot')} {i}" for i, p in enumerate(players)]
    return record_line(game, names, match.play_hand())


def same(a: GameRecord, b: GameRecord) -> None:
    assert (a.game.name, a.game.options) == (b.game.name, b.game.options)
    assert (a.seats, a.table, a.seed, a.actions) == (b.seats, b.table, b.seed, b.actions)
    assert (a.net, a.stakes, a.carry) == (b.net, b.stakes, b.carry)


def events_of(record: GameRecord) -> list[object]:
    state = deal(record)
    for _ in steps(record, state):
        pass
    return list(referee_events(state))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_record_to_phh_and_back_is_the_same_hand(line: str) -> None:
    record = parse_record(line, "hands.jsonl:1")
    text = phh_hand(record).text(["a header"])
    back = parse_phh(text, "hand.phh")
    same(record, back)
    assert events_of(back) == events_of(record)
    standard_fields_say_what_happened(record, tomllib.loads(text))


def standard_fields_say_what_happened(record: GameRecord, phh: dict[str, object]) -> None:
    n = record.table.seats
    seats = [s - 1 for s in phh["seats"]]  # type: ignore[attr-defined]
    assert sorted(seats) == list(range(n)) and seats[-1] == record.table.dealer
    assert phh["starting_stacks"] == [record.table.stakes[s] for s in seats]
    assert phh["finishing_stacks"] == [record.stakes[s] for s in seats]
    assert phh["antes"] == [record.game.options.ante] * n  # type: ignore[attr-defined]
    assert phh["players"] == [record.seats[s] for s in seats]
    actions: list[str] = phh["actions"]  # type: ignore[assignment]
    dual = record.game.name == "highlow"
    held = 2 if record.game.name == "hurricane" else 5
    dealt = [a.split() for a in actions if a.startswith("d dh")]
    assert [d[2] for d in dealt[:n]] == [f"p{i}" for i in range(1, n + 1)]
    assert all(len(d[3]) == 2 * held for d in dealt[:n])
    cards = "".join(d[3] for d in dealt)
    assert ("?" in cards) == dual or not cards.strip("?")
    if not dual:
        known = [cards[i : i + 2] for i in range(0, len(cards), 2)]
        assert len(set(known)) == len(known)  # one deck, no restock at these table sizes
    said = Counter(a.split()[1] for a in actions if a.startswith("p"))
    kinds = Counter(a.kind for a in record.actions)
    assert said["f"] == kinds[Kind.FOLD]
    assert said["cbr"] == kinds[Kind.BET] + kinds[Kind.RAISE]
    assert said["sd"] == kinds[Kind.KEEP] + kinds[Kind.DISCARD]
    assert said["cc"] == kinds[Kind.CHECK] + kinds[Kind.CALL]
    for i, action in enumerate(actions):
        if re.fullmatch(r"p\d+ sd \S+", action):  # a discard: its cards come next
            player, thrown = action.split()[0], action.split()[2]
            assert actions[i + 1] == f"d dh {player} " + actions[i + 1].split()[3]
            assert len(actions[i + 1].split()[3]) == len(thrown)
    bets_said_as_round_totals(
        record, [a for a in actions if re.fullmatch(r"p\d+ (cbr \d+|cc|f)", a)]
    )
    shown = [a for a in actions if " sm " in a]
    assert len(shown) == len(phh["_pokernight_showdown"])  # type: ignore[arg-type]


def bets_said_as_round_totals(record: GameRecord, betting: list[str]) -> None:
    """PHH's ``cbr`` is "raise to": the bettor's total in the round, not the increment; a
    draw (or orientation) ends a round."""
    level = 0
    said = iter(betting)
    for action in record.actions:
        if action.kind in (Kind.KEEP, Kind.DISCARD, Kind.ORIENT):
            level = 0
            continue
        phh = next(said).split(maxsplit=1)[1]
        if action.kind in (Kind.BET, Kind.RAISE):
            level += action.amount
            assert phh == f"cbr {level}"
        else:
            assert phh == ("f" if action.kind is Kind.FOLD else "cc")
    assert next(said, None) is None


def test_draw_games_only() -> None:
    lines: list[str] = []
    simulate("bigtwo", 1, seed=1, sink=lines.append)
    with pytest.raises(InvalidRecord, match="bigtwo hands have no PHH form"):
        phh_hand(parse_record(lines[0], "b.jsonl:1"))


def a_phh_file() -> str:
    lines: list[str] = []
    simulate("hurricane", 2, seed=7, sink=lines.append)
    return phh_hand(parse_record(lines[1])).text()


def edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t + "[x\n", r"^f\.phh: not TOML \("),
        (lambda t: edit(t, 'variant = "X-HURRICANE"\n', ""), "missing field 'variant'"),
        (lambda t: edit(t, "X-HURRICANE", "NT"), "unknown variant 'NT': pokernight replays"),
        (lambda t: re.sub(r"_pokernight_seed = \d+\n", "", t), "missing field '_pokernight_seed'"),
        (lambda t: re.sub(r"_pokernight_seed = \d+", "_pokernight_seed = 1", t), "action"),
        (lambda t: edit(t, "seats = [", "seats = [9, "), "seats has 8 entries for 7 players"),
        (lambda t: edit(t, "max_bet = 3", "max_bet = 0"), "stake and bets must be positive"),
        (lambda t: re.sub(r"(?m)^hand = (\d+)", r'hand = "\1"', t), "hand must be a whole"),
        (
            lambda t: edit(t, '_pokernight_actions = ["', '_pokernight_actions = ["shove", "'),
            "action 1: unknown action 'shove'",
        ),
        (
            lambda t: re.sub(r'"(p\d+) f"', r'"\1 cc"', t, count=1),
            r"action \d+ is 'p\d+ cc' in the file",
        ),
        (
            lambda t: re.sub(r'  "[^"\n]*",[^\n]*\n(\]\n)', r"\1", t, count=1),
            "the file's actions stop after",
        ),
        (lambda t: edit(t, "actions = [\n", 'actions = [\n  "p1 f",\n'), "action 1 is 'p1 f'"),
        (lambda t: re.sub(r"winnings = \[", "winnings = [1, ", t), "winnings is "),
        (
            lambda t: re.sub(
                r"(finishing_stacks = \[)(\d+)", lambda m: m[1] + str(int(m[2]) + 1), t
            ),
            "the replay ends with net",
        ),
    ],
)
def test_a_phh_file_that_does_not_match_says_what_is_wrong(change: object, message: str) -> None:
    text = change(a_phh_file())  # type: ignore[operator]
    with pytest.raises(InvalidRecord, match=message):
        parse_phh(text, "f.phh")


def test_commentary_and_spacing_in_actions_are_ignored() -> None:
    text = re.sub(r'"(p\d+) (cc|f)"', r'"  \1   \2 # a comment"', a_phh_file())
    parse_phh(edit(text, "actions = [\n", 'actions = [\n  "# a no-op",\n  "",\n'), "f.phh")
