"""The prompt mode played as a person would: ``pokernight play GAME --plain --records FILE``
run in this process, its standard input answered line by line from what it has printed.

Each question is recognised by its words (the screens' own questions: a numbered menu, the
draw game's keys, Pai Gow's wager and front cards, the deal menus); the answer is drawn at
random, seeded, among the choices the question offers, sometimes in another form (a menu
item's number or its text, cards named in any order), and now and then an odd answer (a
number off the menu, garbage, an amount out of range) that must be refused with a message
and the same question asked again. The driver keeps each decision's chosen action and the
screen's text for the oracle; the records file holds what the engine did.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.frontends.oracle import HandSeen, Step

from pokernight.cards import parse_card
from pokernight.cli.main import build
from pokernight.engine.actions import CALL, FOLD, KEEP, Action, bet, parse_action, raise_

ODD = 0.1
"""How often an answer is an odd one."""
CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣cdhs](?:/(?:10|[2-9TJQKA])[♠♥♦♣cdhs])?|Jk"


@dataclass
class Answer:
    """A line to type, the action it completes or starts (``pending``), and whether it is
    one of the choices offered (an odd answer must be refused)."""

    line: str
    pending: Action | None = None
    offered: bool = True
    cancels: bool = False
    """The pending decision is dropped (a fouled setting not confirmed)."""


class PromptDriver:
    """Plays ``hands`` hands at one prompt screen; ``seen`` is every hand as it was seen."""

    def __init__(self, rng: random.Random, hands: int) -> None:
        self.rng, self.target = rng, hands
        self.out = io.StringIO()
        self.read_to = self.mark = self.hand_start = 0
        self.dealt = 0
        self.seen: list[HandSeen] = []
        self.current: HandSeen | None = None
        self.pending: Action | None = None
        self.pending_at = 0
        self.last: tuple[str, Answer] | None = None
        self.draw_thrown: list[str] = []

    # -- the keyboard ------------------------------------------------------------------

    def readline(self, size: int = -1) -> str:
        text = self.out.getvalue()
        new, now = text[self.read_to :], len(text)
        question = _question(new)
        if self.last is not None:
            asked, answer = self.last
            said = new[: len(new) - len(question)]
            again = question == asked and new.endswith(question)
            refused = again and said.startswith("  ") and said.count("\n") == 1
            assert refused != answer.offered, (
                f"{answer.line!r} at {asked!r}: "
                + ("an offered answer refused" if refused else "an odd answer taken")
                + f"\n{new}"
            )
            if not refused:
                self.settle(question)
        answer = self.answer(question, text)
        self.last = (question, answer)
        if answer.offered:
            if answer.cancels:
                self.pending = None
            elif answer.pending is not None:
                self.pending = answer.pending
            self.pending_at = now
        self.read_to = now
        return answer.line + "\n"

    def settle(self, question: str) -> None:
        """The previous answer stood: the decision it completed is kept, unless this
        question follows it up (the draw's next card, a raise back, the house way)."""
        if self.pending is None or _follows_up(question):
            return
        assert self.current is not None, f"a decision outside a hand: {self.pending}"
        text, at = self.out.getvalue(), self.pending_at
        fresh = text[max(self.mark, self.hand_start) : at]
        self.current.steps.append(Step(self.pending, text[self.mark : at], fresh))
        self.mark, self.pending = at, None

    def begin(self, at: int) -> None:
        self.current, self.hand_start = HandSeen(), at
        self.dealt += 1

    def finish(self, at: int) -> None:
        if self.current is not None:
            self.current.end = self.out.getvalue()[self.mark : at]
            self.seen.append(self.current)
            self.current = None

    def close(self) -> None:
        self.finish(len(self.out.getvalue()))

    # -- the answers -------------------------------------------------------------------

    def answer(self, question: str, text: str) -> Answer:
        now = len(text)
        for pattern, handler in self.handlers():
            if re.search(pattern, question):
                return handler(question, text, now)
        raise AssertionError(f"a question the driver does not know:\n{question!r}")

    def handlers(self) -> list[tuple[str, Callable[[str, str, int], Answer]]]:
        return [
            (r"Deal, Players, New Deck or Exit\?|Deal or Exit\?", self.deal_menu),
            (r"Really exit\?", lambda q, t, n: Answer("y")),
            (r"Another hand\?", self.another),
            (r"Start over\?", self.start_over),
            (r"\n> $", self.menu),
            (r"Your bet\? \(", self.draw_bet),
            (r"See my raise\?", self.see_raise),
            (r"Raise the computer\?", self.raise_back),
            (r"Need cards\?", self.need_cards),
            (r": Enter discards, Y keeps", self.card_question),
            (r"Bet\? \[\d+-\d+", self.wager),
            (r"front two cards", self.front),
            (r"Take it\?", self.take_house_way),
            (
                r"Set it anyway\?",
                lambda q, t, n: (
                    Answer("y") if self.rng.random() < 0.5 else Answer("", cancels=True)
                ),
            ),
        ]

    def odd(self, *lines: str) -> Answer | None:
        if self.rng.random() < ODD:
            return Answer(self.rng.choice(lines), offered=False)
        return None

    def deal_menu(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        if (odd := self.odd("z", "dd", "deal me")) is not None:
            return odd
        if self.dealt >= self.target:
            return Answer("e")
        if "Players" in question and self.rng.random() < 0.1:
            return Answer("p")
        self.begin(now)
        return Answer(self.rng.choice(["d", ""]))

    def another(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        if self.dealt >= self.target:
            return Answer("n")
        return Answer("")

    def start_over(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        return Answer("y" if self.dealt < self.target else "n")

    def ensure_hand(self) -> None:
        if self.current is None:
            self.begin(self.read_to)

    def menu(self, question: str, text: str, now: int) -> Answer:
        """A numbered menu, or the summary of a long one (draws, orientations)."""
        self.ensure_hand()
        line = question.splitlines()[0]
        items = re.findall(r"(\d+)\) (.+?)(?=  \d+\) |$)", line)
        if (
            odd := self.odd(
                "banana", str(len(items) + 1), "0", "bet 0", "discard Zz", "+99", "play"
            )
        ) is not None:
            return odd
        if items:
            number, item = self.rng.choice(items)
            action = parse_action(item)
            if action.cards and self.rng.random() < 0.5:
                cards = [str(c) for c in action.cards]
                self.rng.shuffle(cards)
                return Answer(" ".join([action.kind.value, *cards]), action)
            return Answer(self.rng.choice([number, item]), action)
        mine = _own_cards(text)
        if "orient one 0" in line:
            flips = ",".join(self.rng.choice("01") for _ in mine)
            return Answer(f"orient {flips}", parse_action(f"orient {flips}"))
        most = int(re.search(r"'discard' 1 to (\d+)", line).group(1))  # type: ignore[union-attr]
        count = self.rng.randint(0, most)
        if count == 0:
            return Answer("keep", KEEP)
        thrown = self.rng.sample(mine, count)
        return Answer("discard " + " ".join(thrown), parse_action("discard " + " ".join(thrown)))

    # seed 002's keys

    def draw_bet(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        keys = _amount_keys(question)
        if (odd := self.odd("", "11", "x", "-3", str(len(keys) + 1))) is not None:
            return odd
        key = self.rng.choice(["0", *keys])
        action = FOLD if key == "0" else bet(10 if key == "=" else int(key))
        return Answer(key, action)

    def see_raise(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        if (odd := self.odd("maybe", "7")) is not None:
            return odd
        key = self.rng.choice(["", "y", "y", "n"])
        return Answer(key, FOLD if key == "n" else CALL)

    def raise_back(self, question: str, text: str, now: int) -> Answer:
        key = self.rng.choice(["", "n", "n", *_amount_keys(question)])
        if key in ("", "n"):
            return Answer(key, CALL)
        return Answer(key, raise_(10 if key == "=" else int(key)))

    def need_cards(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        if self.rng.random() < 0.2:
            return Answer("n", KEEP)
        self.draw_thrown = []
        return Answer("", KEEP)

    def card_question(self, question: str, text: str, now: int) -> Answer:
        card = question.strip().split(":")[0].replace("10", "T")
        if self.rng.random() < 0.5:
            return Answer("y")
        self.draw_thrown.append(card)
        return Answer("", parse_action("discard " + " ".join(self.draw_thrown)))

    # Pai Gow

    def wager(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        found = re.search(r"\[(\d+)-(\d+), Enter = (\d+)\]", question)
        assert found is not None
        low, high, default = map(int, found.groups())
        if (odd := self.odd(str(low - 1), str(high + 1), "abc", "-5", "2.5")) is not None:
            return odd
        if self.rng.random() < 0.2:
            return Answer("", bet(default))
        amount = self.rng.randint(low, high)
        return Answer(str(amount), bet(amount))

    def front(self, question: str, text: str, now: int) -> Answer:
        mine = _own_cards(text)
        if (odd := self.odd(mine[0], " ".join(mine[:3]), "zz", "h h")) is not None:
            return odd
        if self.rng.random() < 0.2:
            return Answer("h")
        two = self.rng.sample(mine, 2)
        return Answer(" ".join(two), parse_action("set " + " ".join(two)))

    def take_house_way(self, question: str, text: str, now: int) -> Answer:
        found = re.findall(rf"House way: front ({CARD}) ({CARD})", text[self.read_to :])
        assert found, "the house way was not shown"
        if self.rng.random() < 0.3:
            return Answer("n")
        return Answer("", parse_action("set " + " ".join(found[-1])))


def _question(new: str) -> str:
    """The question waiting for an answer, from the text printed since the last answer:
    its last line (the answers are not echoed, so a question may follow the one before it
    on the same line), with the menu above a bare '> '."""
    lines = new.split("\n")
    return "\n".join(lines[-2:]) if lines[-1] == "> " else lines[-1]


def _amount_keys(question: str) -> list[str]:
    """The draw game's amount keys a question offers: "1-9, = for $10" or fewer."""
    found = re.search(r"1(?:-(\d))?(, = for \$10)?", question)
    assert found is not None, question
    keys = [str(n) for n in range(1, int(found.group(1) or 1) + 1)]
    return keys + ["="] * bool(found.group(2))


def _follows_up(question: str) -> bool:
    return bool(
        re.search(
            r"Raise the computer\?|Enter discards, Y keeps|Take it\?|Set it anyway\?", question
        )
    )


def _own_cards(text: str) -> list[str]:
    """The cards of the last 'Your cards:' line, as text forms."""
    lines = [line for line in text.splitlines() if "Your cards:" in line]
    assert lines, "no 'Your cards:' line on the screen"
    shown = lines[-1].split("Your cards:")[1].split("   Pot")[0]
    return [str(parse_card(c)) if "/" not in c else c for c in re.findall(CARD, shown)]


def play_prompt(game: str, seed: int, hands: int, records: Path) -> PromptDriver:
    """Play ``hands`` hands of ``game`` at the prompt (more games if one ends first), the
    driver standing in for standard input and output."""
    driver = PromptDriver(random.Random(seed), hands)
    games = 0
    while driver.dealt < hands:
        assert games < hands, f"{game}: {driver.dealt} hands in {games} games"
        args = ["play", game, "--plain", "--seed", str(seed + 1000 * games)]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", driver)
            patch.setattr("sys.stdout", driver.out)
            build("play")(args=[*args, "--records", str(records)], standalone_mode=False)
        driver.settle("")
        driver.close()
        driver.last = None
        driver.read_to = driver.mark = len(driver.out.getvalue())  # the next game's screen
        games += 1
    return driver
