"""A whole sit-and-go at the prompt (issue 42): ``pokernight play GAME --plain --sit-and-go
--chips 20 --levels-every 3 --seed S`` played as a person by the ``PromptDriver`` (at random,
odd answers now and then, which must be refused) from the first deal to the tournament's end.

What the screen must show: the structure before the first hand; "The stakes rise: Level k"
after every third hand the person played, between that hand and the next; each "Seat N
finished Kth" line at the place the standings give that seat, the worst first, and every seat
out accounted for (or the computers' playing it out said); the final places with their prizes,
summing to the pool; the game-over line naming the winner (the draw: its own last words). The
records file holds every hand the person played, and replays.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.frontends.edge_drivers import RANDOM
from tests.frontends.prompt_driver import Answer, PromptDriver, run_play

from pokernight.bots.generic import RandomBot
from pokernight.catalog import Seating, seat_person
from pokernight.engine.actions import Action, parse_action
from pokernight.engine.sit_and_go import SitAndGo
from pokernight.engine.structure import LEVELS, Structure, ordinal
from pokernight.games.draw.game import DrawOptions
from pokernight.history.record import GameRecord, read_records, replay

STRUCTURE = ("--chips", "20", "--levels-every", "3")
EVERY = 3
BUY_IN = 100
SEEDS = {"hurricane": 4, "highlow": 2, "draw": 10, "bigtwo": 2}
"""A seed a game whose run shows what is checked: the stakes rising at least once before the
person is out, and (Hurricane, High-Low) the person out before the end, the computers left to
play it out."""
MARK = re.compile(r"── (?:Hand|Round) (\d+),")
"""How each screen opens a hand (Big Two's a round)."""


class WholeSitAndGo(PromptDriver):
    """Plays one tournament to its end: never starts another (the draw's "Start over?"); and
    answers a menu of wagers too long to number, summarised ("'check', or 'bet' 1 to 12"):
    the stakes rise past the twelve amounts a numbered menu holds."""

    def start_over(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        return Answer("n")

    def menu(self, question: str, text: str, now: int) -> Answer:
        line = question.splitlines()[0]
        if re.search(r"\d+\) ", line) or "'discard'" in line or "orient one" in line:
            return super().menu(question, text, now)
        self.ensure_hand()
        offers: list[Action] = []
        for word, low, high in re.findall(r"'([^']+)'(?: (\d+) to (\d+))?", line):
            if low:
                offers += [parse_action(f"{word} {n}") for n in range(int(low), int(high) + 1)]
            else:
                offers.append(parse_action(word))
        assert offers, f"a menu the driver does not know: {line!r}"
        most = max(a.amount for a in offers)
        if (odd := self.odd("banana", "bet 0", f"+{most + 1}", "13)", "")) is not None:
            return odd
        action = self.driver.choose(offers, self.rng)
        return Answer(str(action), action, offers=offers)


@dataclass
class Run:
    game: str
    seed: int
    text: str
    records: list[GameRecord]
    seating: Seating
    driver: PromptDriver

    @property
    def you(self) -> int:
        return self.seating.you

    def hands(self) -> dict[int, int]:
        """Where each hand begins on the screen, by its number."""
        return {int(m.group(1)): m.start() for m in MARK.finditer(self.text)}


RUNS: dict[tuple[str, int], Run] = {}


def run(game: str, folder: Path, seed: int | None = None) -> Run:
    """The game's sit-and-go (at its seed of ``SEEDS``) played once for every test here."""
    seed = SEEDS[game] if seed is None else seed
    if (game, seed) not in RUNS:
        args = ["play", game, "--plain", "--sit-and-go", *STRUCTURE, "--seed", str(seed)]
        driver = WholeSitAndGo(random.Random(seed), None, RANDOM)
        records = folder / f"{game}-{seed}.jsonl"
        run_play(driver, args, records)
        assert not driver.left, f"the driver left ({driver.left}) before the end"
        seating = seat_person(game, seed, structure=Structure(BUY_IN, 20))
        RUNS[game, seed] = Run(
            game, seed, driver.screen, list(read_records(records)), seating, driver
        )
    return RUNS[game, seed]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sit-and-go")


def named(seat: int, you: int) -> str:
    return f"Seat {seat + 1}{' (you)' if seat == you else ''}"


def standings(r: Run) -> list[tuple[int, int, int, int]]:
    """The final places as the screen lists them: (place, seat, prize, net), best first."""
    found = re.findall(
        r"(?:^|> )(\d+)(?:st|nd|rd|th): Seat (\d+)(?: \(you\))?, prize (\d+) \(([+-]\d+)\)$",
        r.text,
        re.MULTILINE,
    )
    return [(int(p), int(s) - 1, int(prize), int(net)) for p, s, prize, net in found]


@pytest.mark.parametrize("game", list(SEEDS))
def test_a_whole_sit_and_go_at_the_prompt(game: str, folder: Path) -> None:
    r = run(game, folder)
    text, you, seats = r.text, r.you, r.seating.table.seats
    assert "Traceback" not in text
    hands = r.hands()
    played = sorted(hands)
    assert played == list(range(1, len(played) + 1)) and len(played) >= EVERY
    assert [rec.table.hand for rec in r.records] == played  # every hand the person saw

    # The structure, before the first hand.
    rising = game != "bigtwo"
    structure = "Sit-and-go: buy-in 100, pays 65/35; to 30 points, the last under them winning"
    if rising:
        structure = (
            "Sit-and-go: buy-in 100, 20 chips each, pays 65/35; the stakes rise every 3 hands"
        )
    lines = text.splitlines()
    assert structure in lines[:2] and text.index(structure) < hands[1]
    assert text.count("Sit-and-go: ") == 1

    # The stakes rise after every third hand the person played, between it and the next.
    match = r.seating.match(RandomBot(random.Random(0)))  # its top level, as seated
    assert isinstance(match, SitAndGo)
    rises = [(m.start(), m.group()) for m in re.finditer(r"The stakes rise: .*", text)]
    wanted = []
    for hand in played:
        level = hand // EVERY
        if not rising or hand % EVERY or level > match.top:
            continue
        ahead = "" if level == match.top else f" · 3 hands to level {level + 2}"
        wanted.append(
            (hand, f"The stakes rise: Level {level + 1} (stakes ×{LEVELS[level]}){ahead}")
        )
    assert [line for _, line in rises] == [line for _, line in wanted]
    if rising:
        assert wanted, "the stakes never rose while the person played: a seed that shows it"
    for (at, _), (hand, _) in zip(rises, wanted, strict=True):
        assert hands[hand] < at < hands.get(hand + 1, len(text)), f"the rise after hand {hand}"

    # The places and prizes: every seat once, places 1 to n (ties share the best), the pool.
    rows = standings(r)
    assert sorted(seat for _, seat, _, _ in rows) == list(range(seats))
    places = [p for p, _, _, _ in rows]
    assert places == sorted(places) and places[0] == 1
    assert all(
        min(q for q in places if q > p) == p + places.count(p)
        for p in places[:-1]
        if p < places[-1]
    )
    assert sum(prize for _, _, prize, _ in rows) == BUY_IN * seats
    assert all(net == prize - BUY_IN for _, _, prize, net in rows)
    assert [prize for p, _, prize, _ in rows if p == 1] and rows[0][2] > 0
    place = {seat: p for p, seat, _, _ in rows}
    for p, seat, _, _ in rows:  # listed by place, each named as the screen names it
        assert f"{ordinal(p)}: {named(seat, you)}, prize" in text

    # Each seat out said at its place, the worst first; the seats the computers played out
    # alone are in the places (and only there).
    finished = [
        (m.start(), int(m.group(1)) - 1, m.group(2))
        for m in re.finditer(
            r"(?:^|> )Seat (\d+)(?: \(you\))? finished (\d+(?:st|nd|rd|th))$", text, re.MULTILINE
        )
    ]
    for _, seat, said in finished:
        assert said == ordinal(place[seat]), f"seat {seat + 1} finished {said}"
    assert [place[s] for _, s, _ in finished] == sorted(
        (place[s] for _, s, _ in finished), reverse=True
    )
    assert len({s for _, s, _ in finished}) == len(finished)
    winners = {s for s, p in place.items() if p == 1}
    told = {s for _, s, _ in finished}
    playout = list(
        re.finditer(r"The computers played it out: (\d+) hands? more$", text, re.MULTILINE)
    )
    if playout:
        assert game in ("hurricane", "highlow") and you in told
        assert int(playout[0].group(1)) >= 1 and len(playout) == 1
        later = set(range(seats)) - told - winners
        assert all(place[s] < place[you] for s in later | winners)
        assert playout[0].start() > max(at for at, _, _ in finished)
    else:
        assert told == set(range(seats)) - winners
    # each seat out after the hand it went out in (the person's: their last hand)
    for at, seat, _ in finished:
        hand = max(h for h, start in hands.items() if start < at)
        later_records = [rec for rec in r.records if rec.table.hand > hand]
        if game != "bigtwo":
            assert all(seat in rec.table.out for rec in later_records)
            assert all(seat not in rec.table.out for rec in r.records if rec.table.hand <= hand)
        if seat == you and game != "bigtwo":
            assert hand == played[-1]

    # The end: the winner named, or the draw's own last words for the final table.
    names = " and ".join(named(s, you) for s in sorted(winners))
    if game == "draw":
        draw_last_words(r, place[you] == 1)
        assert "Game over" not in text
    else:
        assert f"Game over: {names} won the sit-and-go." in text


@pytest.mark.parametrize("game", list(SEEDS))
def test_the_records_file_replays(game: str, folder: Path) -> None:
    r = run(game, folder)
    assert r.records
    for record in r.records:
        replay(record)


def draw_last_words(r: Run, you_won: bool) -> None:
    """Seed 002's last words for the final table, under the stakes of the level the next
    hand would have been dealt at: all the computer's money taken, the computer short of
    that ante, or you short of it."""
    final = r.records[-1].stakes
    match = r.seating.match(RandomBot(random.Random(0)))
    assert isinstance(match, SitAndGo)
    level = min(len(r.records) // EVERY, match.top)
    first = r.seating.game.options
    assert isinstance(first, DrawOptions)
    ante = first.ante * LEVELS[level]
    assert sum(final) == 40 and (final[0] < ante) != (final[1] < ante)
    if final[0] == 40:
        said = "You win! You have taken all of the computer's money: $40."
    elif final[1] < ante:
        said = f"You win! The computer cannot put up the ante: you have ${final[0]}."
    else:
        said = f"The computer wins: you have ${final[0]}, not enough for the ante."
    assert said.startswith("You win") == you_won
    assert said in r.text, f"not {said!r}"


def test_the_draw_says_who_won_at_a_risen_ante(folder: Path) -> None:
    r = run("draw", folder, seed=178)
    assert [rec.stakes for rec in r.records][-1] == (36, 4) and len(r.records) == 6
    draw_last_words(r, you_won=True)
