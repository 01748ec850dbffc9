"""The prompt mode played as a person would: ``pokernight play GAME --plain --records FILE``
run in this process, its standard input answered line by line from what it has printed.

Each question is recognised by its words (the screens' own questions: a numbered menu, the
draw game's keys, Pai Gow's wager and front cards, the deal menus); the answer is one of the
choices the question offers, picked by an ``EdgeDriver`` (at random by default), sometimes in
another form (a menu item's number or its text, cards named in any order), and now and then an
odd answer (a number off the menu, garbage, an amount out of range) that must be refused with a
message and the same question asked again. A driver that leaves does so where a person would:
the quit the question offers, else the end of input. The driver keeps each decision's chosen
action, what the screen offered for it and the screen's text for the oracle, and every line it
typed (``typed``: what reproduces the game); the records file holds what the engine did.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import pytest
from tests.frontends.edge_drivers import GARBAGE_LINES, RANDOM, EdgeDriver
from tests.frontends.oracle import HandSeen, Step, canonical

from pokernight.cards import parse_card
from pokernight.cli.main import build
from pokernight.engine.actions import (
    CALL,
    CHECK,
    FOLD,
    KEEP,
    Action,
    bet,
    parse_action,
    raise_,
)

CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣cdhs](?:/(?:10|[2-9TJQKA])[♠♥♦♣cdhs])?|Jk"
DEAL_MENU = r"Deal, Players, New Deck or Exit\?|Deal or Exit\?"
LEAVING = (
    (DEAL_MENU, "e"),
    (r"Really exit\?", "y"),
    (r"Another hand\?", "n"),
    (r"Start over\?", "n"),
)
"""The questions that offer a way out, and the answer that takes it."""
PATIENCE = 150
"""Hands after which a whole game's person leaves at the next way out."""
MOST_PROMPTS = 50_000
"""A game still asking after this many answers never ends."""


@dataclass
class Answer:
    """A line to type, the action it completes or starts (``pending``), and whether it is
    one of the choices offered (an odd answer must be refused). ``offers``: the actions the
    question offered toward the decision (None: too many to list)."""

    line: str
    pending: Action | None = None
    offered: bool = True
    cancels: bool = False
    """The pending decision is dropped (a fouled setting not confirmed)."""
    offers: Iterable[Action] | None = ()


class PromptDriver:
    """Plays at one prompt screen until ``hands`` hands are dealt (None: until the game ends
    or the driver leaves); ``seen`` is every finished hand as it was seen."""

    def __init__(self, rng: random.Random, hands: int | None, driver: EdgeDriver = RANDOM) -> None:
        self.rng, self.target, self.driver = rng, hands, driver
        self.out = io.StringIO()
        self.screen = ""
        """The text printed so far, as read at the last answer (or the end)."""
        self.read_to = self.mark = self.hand_start = 0
        self.dealt = 0
        self.seen: list[HandSeen] = []
        self.current: HandSeen | None = None
        self.pending: Action | None = None
        self.pending_at = 0
        self.offers: set[str] | None = set()
        self.last: tuple[str, Answer] | None = None
        self.again = False
        """The last answer was refused: the same question is asked again."""
        self.draw_thrown: list[str] = []
        self.draw_plan: Action = KEEP
        self.typed: list[str] = []
        self.prompts = self.refused = 0
        self.quit_at = driver.quits_at(rng)
        self.by_way_out = rng.random() < 0.5
        """Leave by the next question that offers a way out (else at the drawn prompt,
        by the end of input if it offers none)."""
        self.deals = 0
        """Hands asked for (deal menus and "Another hand?" answered yes)."""
        self.restarts = 0
        """Games started over (seed 002's "Start over?" answered yes)."""
        self.left: list[str] = []
        """Where the driver left: the question's words, or "end of input"."""

    # -- the keyboard ------------------------------------------------------------------

    def readline(self, size: int = -1) -> str:
        text = self.screen = self.out.getvalue()
        new, now = text[self.read_to :], len(text)
        question = _question(new)
        self.again = False
        if self.last is not None:
            asked, answer = self.last
            said = new[: len(new) - len(question)]
            again = question == asked and new.endswith(question)
            refused = again and said.startswith("  ") and said.count("\n") == 1
            assert refused != answer.offered, (
                f"{answer.line[:80]!r} at {asked!r}: "
                + ("an offered answer refused" if refused else "an odd answer taken")
                + f"\n{new}"
            )
            if refused:
                self.refused += 1
                self.again = True
            else:
                self.settle(question)
        self.prompts += 1
        assert self.prompts < MOST_PROMPTS, f"no end after {self.prompts} answers"
        if self.leaving(question):
            answer = self.leave(question, now)
        else:
            answer = self.answer(question, text)
        self.last = (question, answer)
        if answer.offered:
            if answer.cancels:
                self.pending = None
            elif answer.pending is not None:
                self.pending = answer.pending
            self.pending_at = now
            self.offer(answer.offers)
        self.read_to = now
        if self.left and self.left[-1] == "end of input":
            return ""
        self.typed.append(answer.line)
        return answer.line + "\n"

    def offer(self, offers: Iterable[Action] | None) -> None:
        if offers is None:
            self.offers = None
        elif self.offers is not None:
            self.offers |= {canonical(a) for a in offers}

    def settle(self, question: str) -> None:
        """The previous answer stood: the decision it completed is kept, unless this
        question follows it up (the draw's next card, a raise back, the house way)."""
        if self.pending is None or _follows_up(question):
            return
        assert self.current is not None, f"a decision outside a hand: {self.pending}"
        text, at = self.screen, self.pending_at
        fresh = text[max(self.mark, self.hand_start) : at]
        offered = None if self.offers is None else frozenset(self.offers)
        self.current.steps.append(Step(self.pending, text[self.mark : at], fresh, offered))
        self.mark, self.pending, self.offers = at, None, set()

    def begin(self, at: int) -> None:
        self.current, self.hand_start = HandSeen(), at
        self.dealt += 1

    def finish(self, at: int) -> None:
        if self.current is not None:
            self.current.end = self.screen[self.mark : at]
            self.seen.append(self.current)
            self.current = None

    def close(self) -> None:
        self.finish(len(self.screen))

    def leaving(self, question: str) -> bool:
        """The driver's moment to leave has come; or a whole game has gone on past
        ``PATIENCE`` hands (a game two passive players never finish): leave by its way out."""
        way_out = any(re.search(pattern, question) for pattern, _ in LEAVING)
        if self.target is None and self.deals >= PATIENCE and way_out:
            return True
        if self.quit_at is None or self.prompts < self.quit_at:
            return False
        return way_out or not self.by_way_out

    def leave(self, question: str, now: int) -> Answer:
        """The way out this question offers; else the end of input, the hand in play left
        unfinished (it has no record)."""
        for pattern, line in LEAVING:
            if re.search(pattern, question):
                self.finish(now)
                self.left.append(re.sub(r"\s+", " ", question.strip()))
                return Answer(line)
        self.left.append("end of input")
        self.current, self.pending = None, None
        return Answer("")

    # -- the answers -------------------------------------------------------------------

    def answer(self, question: str, text: str) -> Answer:
        now = len(text)
        for pattern, handler in self.handlers():
            if re.search(pattern, question):
                return handler(question, text, now)
        raise AssertionError(f"a question the driver does not know:\n{question!r}")

    def handlers(self) -> list[tuple[str, Callable[[str, str, int], Answer]]]:
        return [
            (DEAL_MENU, self.deal_menu),
            (r"Really exit\?", lambda q, t, n: Answer("y")),
            (r"Another hand\?", self.another),
            (r"Start over\?", self.start_over),
            (r"\n> $", self.menu),
            (r"Your bet\? \(Enter checks", self.draw_check),
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
        """An odd answer, as often as the driver types one: the question's own (``lines``),
        and for a garbage driver also ``GARBAGE_LINES``, once before each real answer."""
        driver = self.driver
        if driver.garbage:
            if self.again:
                return None
            lines = (*lines, *GARBAGE_LINES)
        elif self.rng.random() >= driver.odd:
            return None
        return Answer(self.rng.choice(lines), offered=False)

    def done(self) -> bool:
        return self.target is not None and self.dealt >= self.target

    def deal_menu(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        if (odd := self.odd("z", "dd", "deal me", "e e")) is not None:
            return odd
        if self.done():
            return Answer("e")
        if "Players" in question and self.driver is RANDOM and self.rng.random() < 0.1:
            return Answer(self.rng.choice(["p", "n"]))
        self.begin(now)
        self.deals += 1
        return Answer(self.rng.choice(["d", ""]))

    def another(self, question: str, text: str, now: int) -> Answer:
        self.finish(now)
        self.deals += 1
        return Answer("n" if self.done() else "")

    def start_over(self, question: str, text: str, now: int) -> Answer:
        """Another game while hands are wanted; a whole-game run starts over now and then."""
        self.finish(now)
        again = self.rng.random() < 0.3 if self.target is None else self.dealt < self.target
        self.restarts += again
        return Answer("y" if again else "n")

    def ensure_hand(self) -> None:
        if self.current is None:
            self.begin(self.read_to)

    def menu(self, question: str, text: str, now: int) -> Answer:
        """A numbered menu, or the summary of a long one (draws, orientations)."""
        self.ensure_hand()
        line = question.splitlines()[0]
        items = re.findall(r"(\d+)\) (.+?)(?=  \d+\) |$)", line)
        odd = ["banana", str(len(items) + 1), "0", "bet 0", "discard Zz", "+99", "play", ""]
        if (found := self.odd(*odd)) is not None:
            if "discard" in line and found.line == "±":
                return Answer("±1 ±2", offered=False)  # Hurricane's ± draws: a word of its own
            return found
        if items:
            actions = [parse_action(item) for _, item in items]
            action = self.driver.choose(actions, self.rng)
            number = str(actions.index(action) + 1)
            if action.cards and self.rng.random() < 0.5:
                cards = [str(c) for c in action.cards]
                self.rng.shuffle(cards)
                return Answer(" ".join([action.kind.value, *cards]), action, offers=actions)
            return Answer(self.rng.choice([number, str(action)]), action, offers=actions)
        mine = _own_cards(text)
        if "orient one 0" in line:
            flips = ",".join(self.rng.choice("01") for _ in mine)
            named = "then the card each joker plays" in line
            every = None if named else _orientations(len(mine))
            return Answer(f"orient {flips}", parse_action(f"orient {flips}"), offers=every)
        most = int(re.search(r"'discard' 1 to (\d+)", line).group(1))  # type: ignore[union-attr]
        draws = _draws(mine, most)
        action = self.driver.choose(draws, self.rng)
        return Answer(str(action), action, offers=draws)

    # seed 002's keys

    def draw_bet(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        keys = _amount_keys(question)
        if (odd := self.odd("", "11", "x", "-3", str(len(keys) + 1))) is not None:
            return odd
        offers = {"0": FOLD} | {k: bet(10 if k == "=" else int(k)) for k in keys}
        key, action = _pick(self.driver, offers, self.rng)
        return Answer(key, action, offers=offers.values())

    def draw_check(self, question: str, text: str, now: int) -> Answer:
        """Nobody has a dollar left to bet: check (Enter) or fold (0)."""
        self.ensure_hand()
        if (odd := self.odd("1", "=", "x", "00", "y")) is not None:
            return odd
        action = self.driver.choose([CHECK, FOLD], self.rng)
        return Answer("" if action is CHECK else "0", action, offers=[CHECK, FOLD])

    def see_raise(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        if (odd := self.odd("maybe", "7")) is not None:
            return odd
        choice = self.driver.choose([CALL, FOLD], self.rng)
        if choice is FOLD:  # the raises back are offered after a yes: not read
            return Answer("n", FOLD, offers=None)
        return Answer(self.rng.choice(["", "y", "yes"]), CALL, offers=[CALL, FOLD])

    def raise_back(self, question: str, text: str, now: int) -> Answer:
        if (odd := self.odd("0", "maybe", "11")) is not None:
            return odd
        raises = {k: raise_(10 if k == "=" else int(k)) for k in _amount_keys(question)}
        key, action = _pick(self.driver, {self.rng.choice(["", "n"]): CALL} | raises, self.rng)
        return Answer(key, action, offers=[CALL, *raises.values()])

    def need_cards(self, question: str, text: str, now: int) -> Answer:
        """The draw decided whole (keep, or which cards), then asked card by card."""
        self.ensure_hand()
        draws = _draws(_draw_hand(text), 3)
        self.draw_plan = self.driver.choose(draws, self.rng)
        self.draw_thrown = []
        if self.draw_plan is KEEP and self.rng.random() < 0.7:
            return Answer("n", KEEP, offers=draws)
        return Answer("", KEEP, offers=draws)

    def card_question(self, question: str, text: str, now: int) -> Answer:
        card = str(parse_card(question.strip().split(":")[0]))
        if card not in map(str, self.draw_plan.cards):
            return Answer(self.rng.choice(["y", "Y", "yes"]))
        self.draw_thrown.append(card)
        return Answer("", parse_action("discard " + " ".join(self.draw_thrown)))

    # Pai Gow

    def wager(self, question: str, text: str, now: int) -> Answer:
        self.ensure_hand()
        found = re.search(r"\[(\d+)-(\d+), Enter = (\d+)\]", question)
        assert found is not None
        low, high, default = map(int, found.groups())
        odd = (str(low - 1), str(high + 1), "abc", "-5", "2.5")
        if (found_odd := self.odd(*odd)) is not None:
            return found_odd
        offers = [bet(n) for n in range(low, high + 1)]
        action = self.driver.choose(offers, self.rng)
        typed = "" if action.amount == default and self.rng.random() < 0.5 else str(action.amount)
        return Answer(typed, action, offers=offers)

    def front(self, question: str, text: str, now: int) -> Answer:
        mine = _own_cards(text)
        if (odd := self.odd(mine[0], " ".join(mine[:3]), "zz", "h h", "")) is not None:
            return odd
        settings = [parse_action(f"set {a} {b}") for a, b in combinations(mine, 2)]
        if self.rng.random() < 0.2:
            return Answer("h", offers=settings)
        action = self.driver.choose(settings, self.rng)
        cards = [str(c) for c in action.cards]
        self.rng.shuffle(cards)
        return Answer(" ".join(cards), action, offers=settings)

    def take_house_way(self, question: str, text: str, now: int) -> Answer:
        found = re.findall(rf"House way: front ({CARD}) ({CARD})", text[self.read_to :])
        assert found, "the house way was not shown"
        if self.rng.random() < 0.3:
            return Answer("n")
        return Answer("", parse_action("set " + " ".join(found[-1])))


def _pick(driver: EdgeDriver, keys: dict[str, Action], rng: random.Random) -> tuple[str, Action]:
    """A key and the action it stands for, chosen by the driver among the keys offered."""
    action = driver.choose(list(keys.values()), rng)
    return next(k for k, a in keys.items() if a == action), action


def _draws(cards: Sequence[str], most: int) -> list[Action]:
    """Keep, or discard any 1 to ``most`` of these cards."""
    throws = [c for n in range(1, most + 1) for c in combinations(cards, n)]
    return [KEEP, *(parse_action("discard " + " ".join(t)) for t in throws)]


def _orientations(cards: int) -> list[Action]:
    flips = [format(n, f"0{cards}b") for n in range(2**cards)]
    return [parse_action("orient " + ",".join(f)) for f in flips]


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
    shown = _last_line(text, "Your cards:").split("   Pot")[0]
    return [str(parse_card(c)) if "/" not in c else c for c in re.findall(CARD, shown)]


def _draw_hand(text: str) -> list[str]:
    """The cards of seed 002's last 'Your hand:' line, as text forms (its summary names
    ranks only: "Three 7s")."""
    cards = re.findall(r"(?:10|[2-9TJQKA])[♠♥♦♣]", _last_line(text, "Your hand:"))
    return [str(parse_card(c)) for c in cards]


def _last_line(text: str, label: str) -> str:
    """The rest of the last line that has ``label`` on it, after the label."""
    at = text.rfind(label)
    assert at >= 0, f"no {label!r} line on the screen"
    return text[at + len(label) :].split("\n", 1)[0]


def run_play(driver: PromptDriver, args: Sequence[str], records: Path) -> None:
    """``pokernight play ARGS --records RECORDS`` with the driver as standard input and
    output."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", driver)
        patch.setattr("sys.stdout", driver.out)
        build("play")(args=[*args, "--records", str(records)], standalone_mode=False)
    driver.screen = driver.out.getvalue()
    driver.settle("")
    driver.close()
    driver.last = None
    driver.read_to = driver.mark = len(driver.screen)  # a next game's screen starts here


def play_prompt(game: str, seed: int, hands: int, records: Path) -> PromptDriver:
    """Play ``hands`` hands of ``game`` at the prompt (more games if one ends first), the
    driver standing in for standard input and output."""
    driver = PromptDriver(random.Random(seed), hands)
    games = 0
    while driver.dealt < hands:
        assert games < hands, f"{game}: {driver.dealt} hands in {games} games"
        run_play(driver, ["play", game, "--plain", "--seed", str(seed + 1000 * games)], records)
        games += 1
    return driver
