"""Every action word of every game typed at every step of whole games at the prompt (issue 38):
``pokernight play GAME --plain --seed S`` run in this process, and at each question words typed
one after another until one is taken. Each word is either taken (an action, or the answer that
question takes) or refused on one line of words and the same question, its choices and all,
asked again; anything the command raises (a traceback for a person) fails the run. Once no
word is left, the ``PromptDriver`` answers with one of the choices offered (which must be
taken), so each game goes on to its own end, or leaves by its way out or the end of input, and
ends on its standings.

A taken word ends its step, so at each question the words that kind of question has had least
are typed first: every word reaches every kind of question (each numbered menu's phase, each
key question) asked at least as often as there are words. ``POKERNIGHT_GAMES`` sets the games a
game (50 unless set, as CI runs it); run with ``-s`` to see what each game's runs reached."""

from __future__ import annotations

import io
import os
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.frontends.edge_drivers import GARBAGE_LINES, EdgeDriver
from tests.frontends.prompt_driver import (
    CARD,
    DEAL_MENU,
    LEAVING,
    PromptDriver,
    _draw_hand,
    _own_cards,
    _question,
    run_play,
)
from tests.frontends.test_whole_prompt import SLOW_HOUSE
from tests.frontends.whole_prompt import WholeRun

from pokernight.cards import CARD_TEXTS
from pokernight.catalog import entry, games
from pokernight.seeds import derive_seed

GAMES = int(os.environ.get("POKERNIGHT_GAMES", "50"))
Cards = list[str]
FIXED = (
    *("x", "f", "k", "c", "#", "=", "-", "±", "±1", "±2", "±3", "+3", "+1"),
    *("fold", "check", "call", "raise 2", "bet 1", "keep", "discard", "set", "pass", "play"),
    *("0", "1", "99", ""),
)
"""The words typed as they are: each game's shorthand and actions, menu numbers on and off
every menu, and the empty line."""


def absent(mine: Cards) -> str:
    """A card to name that is not yours: the lowest you do not hold."""
    return next(card for card in CARD_TEXTS if card not in mine)


WITH_CARDS: dict[str, Callable[[Cards, random.Random], str]] = {
    "discard MINE": lambda mine, rng: f"discard {mine[0]}",
    "discard MINE MINE": lambda mine, rng: f"discard {mine[-1]} {mine[0]}",
    "discard ABSENT": lambda mine, rng: f"discard {absent(mine)}",
    "play MINE": lambda mine, rng: f"play {mine[0]}",
    "play MINE MINE": lambda mine, rng: f"play {mine[1]} {mine[0]}",
    "play ABSENT": lambda mine, rng: f"play {absent(mine)}",
    "set MINE MINE": lambda mine, rng: f"set {mine[0]} {mine[-1]}",
    "set MINE ABSENT": lambda mine, rng: f"set {mine[0]} {absent(mine)}",
    "MINE MINE": lambda mine, rng: f"{mine[-1]} {mine[1]}",
    "garbage": lambda mine, rng: rng.choice(("banana", *GARBAGE_LINES)),
}
"""The words made at each step, by what they name: your own cards (from the last line that
showed two or more), a card you do not hold; and garbage (``GARBAGE_LINES``, drawn)."""
WORDS = (*FIXED, *WITH_CARDS)
DEALS = rf"{DEAL_MENU}|Another hand\?"
"""The questions that deal the next hand when answered yes."""
PATIENCE = 40
"""Hands after which a game that has not ended leaves at its next way out."""
REFUSAL = re.compile(r"  \S+ \S+ \S+.*\n")
"""A refusal: one indented line of words (no bare value, no empty message)."""


class Screen(io.StringIO):
    """Standard output that also hands over what was written since it was last asked
    (``fresh``), so a long game is not read from its start at every answer."""

    def __init__(self) -> None:
        super().__init__()
        self.since: list[str] = []

    def write(self, text: str) -> int:
        self.since.append(text)
        return super().write(text)

    def fresh(self) -> str:
        text = "".join(self.since)
        self.since.clear()
        return text


def kind_of(game: str, question: str) -> str:
    """A question by kind: a numbered menu by its phase, any other by its words, the cards
    and amounts in it left out."""
    if question.endswith("\n> "):
        return f"{game} menu: {question.split(':', 1)[0]}"
    return f"{game}: " + re.sub(r"\d+", "N", re.sub(CARD, "C", question)).strip()


class WordDriver(PromptDriver):
    """Types the words at each question, those that kind of question has had least first,
    then ``PromptDriver``'s answer; leaves after ``hands`` hands at the next way out, or where
    ``by_way_out`` is off at the next question (by the end of input if it offers no way out).
    ``typed_at`` counts each word typed at each kind of question, ``visits`` each kind asked
    with every word to type, ``taken`` each word taken, ``refused`` the refusals."""

    def __init__(self, game: str, rng: random.Random, hands: int) -> None:
        super().__init__(rng, None, EdgeDriver("words"))
        self.game, self.hands = game, hands
        self.out: Screen = Screen()
        self.step = ""
        """What was printed since the last answer taken: what the question is about."""
        self.asked = self.kind = ""
        self.word: str | None = None
        """The word typed last (None: the driver's own answer), to be judged."""
        self.to_type: list[str] = []
        """The words still to type at this question, the next last."""
        self.mine: Cards = []
        self.typed_at: Counter[tuple[str, str]] = Counter()
        self.visits: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()

    def readline(self, size: int | None = -1) -> str:
        new = self.out.fresh()
        question = _question(new)
        said = new[: len(new) - len(question)]
        refused = question == self.asked and said.startswith("  ") and said.count("\n") == 1
        if self.word is None:
            assert not refused, f"an offered answer refused at {self.asked!r}:\n{said}"
        elif refused:
            assert REFUSAL.fullmatch(said), f"{self.word!r} at {self.asked!r}: {said!r}"
            self.refused += 1
        else:
            self.taken[self.word] += 1
        if refused:
            self.step += new
        else:
            self.deals += bool(re.search(DEALS, self.asked))
            self.step = new
            self.next_question(question)
        self.asked = question
        line = self.next_line(question)
        if self.left and self.left[-1] == "end of input":
            return ""
        self.typed.append(line)
        return line + "\n"

    def next_question(self, question: str) -> None:
        """A new question: every word to type, the least typed at its kind first."""
        shown = _draw_hand if "Your hand:" in self.step else _own_cards
        if re.search("Your (hand|cards):", self.step) and len(cards := shown(self.step)) > 1:
            self.mine = cards
        self.kind = kind_of(self.game, question)
        words = list(WORDS if self.mine else FIXED)
        self.rng.shuffle(words)
        words.sort(key=lambda word: self.typed_at[self.kind, word], reverse=True)
        self.to_type = words

    def next_line(self, question: str) -> str:
        """The next word for this question; else the way out, or the driver's answer."""
        way_out = any(re.search(pattern, question) for pattern, _ in LEAVING)
        self.word = None
        if self.deals >= self.hands and (way_out or not self.by_way_out):
            return self.leave(question, 0).line
        if self.to_type and not self.left:
            self.visits[self.kind] += len(self.to_type) == len(WORDS)
            self.word = self.to_type.pop()
            self.typed_at[self.kind, self.word] += 1
            make = WITH_CARDS.get(self.word)
            return self.word if make is None else make(self.mine, self.rng)
        if re.search(DEALS, question):
            return "d" if re.search(DEAL_MENU, question) else ""
        return self.answer(question, self.step).line


def play_words(game: str, number: int, folder: Path) -> WholeRun:
    """Whole game ``number`` of ``game`` with every word typed: its seed, seats and length
    drawn from the two (the computers at random where the house thinks long)."""
    rng = random.Random(derive_seed(38, game, number))
    driver = WordDriver(game, rng, rng.choice([2, 5, PATIENCE]))
    low, high = entry(game).spec.seats
    seats = rng.randint(low, high)
    args = ["play", game, "--plain", "--seed", str(rng.randrange(10**6)), "--seats", str(seats)]
    args += ["--bots", ",".join(["random"] * (seats - 1))] if game in SLOW_HOUSE else []
    run = WholeRun(game, "words", args, driver)
    try:
        run_play(driver, args, folder / f"{number}.jsonl")
    except Exception as exc:  # a refusal not as it should be, or the command raised
        raise AssertionError(f"{run.reproduction()}\n{type(exc).__name__}: {exc}") from exc
    return run


OWN_END = {
    "hurricane": r"Game over: ",
    "highlow": r"Game over: ",
    "draw": r"You win! |The computer wins: ",
    "paigow": r"Game over: |You cannot cover the table minimum",
    "bigtwo": r"Game over: ",
}
"""How each game says it has come to its own end (seed 002's and Pai Gow's own words)."""
STANDINGS = {
    "hurricane": r"\nHands played: \d+\n$",
    "highlow": r"Stakes: Seat 1 (\(you\) )?-?\$\d+(  Seat \d+ (\(you\) )?-?\$\d+)+\n$",
    "draw": (
        r"(You win!|The computer wins:|Quitting while|You leave a loser)[^\n]*\n"
        r"Start over\? \(Y = yes, any other key exits\) (\nEnd of input\.\n)?$"
        r"|\nEnd of input\.\nYou leave with \$\d+; the computer has \$\d+\.\n$"
    ),
    "paigow": r"Hands played: \d+\. You (won|lost) \$\d+\.\n$",
    "bigtwo": r"Points \(low is good\): Seat 1 \(you\): \d+(  Seat \d: \d+)+\n$",
}
"""Each game's last lines, whichever way it ended: its standings (seed 002: its last words,
or at the end of input what you leave with)."""


@pytest.mark.parametrize("game", games())
def test_every_word_is_taken_or_refused_at_every_step(game: str, tmp_path: Path) -> None:
    typed_at: Counter[tuple[str, str]] = Counter()
    visits: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    for number in range(GAMES):
        run = play_words(game, number, tmp_path)
        driver, left = run.driver, run.driver.left
        assert isinstance(driver, WordDriver)
        typed_at.update(driver.typed_at)
        visits.update(driver.visits)
        taken.update(driver.taken)
        own = re.search(OWN_END[game], run.text) is not None
        assert own or left, f"{run.reproduction()}\nstopped with no end:\n{run.text[-1500:]}"
        assert re.search(STANDINGS[game], run.text), f"{run.reproduction()}\n{run.text[-1500:]}"
        how = "own end" if own else "end of input" if left[-1] == "end of input" else "quit"
        reached[how] += 1
        reached["refused"] += driver.refused
    for kind, times in visits.items():
        missing = [word for word in WORDS if typed_at[kind, word] == 0]
        assert times < len(WORDS) or not missing, f"{kind}: {missing} never typed"
    print(f"\n{game}: {sum(typed_at.values())} words typed, taken {dict(taken)}; {dict(reached)}")
    assert reached["own end"] and reached["quit"] and reached["end of input"], reached
