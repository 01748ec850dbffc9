"""The terminal table played as a person would, through Textual's Pilot: keys in, the
rendered widgets' text out (the seats, the felt, your cards, the action bar, the log).

At each of the person's turns the driver reads the action bar's hotkeys and amount range
and the row of cards, and picks at random, seeded: a kind of action from the bar, an amount
anywhere in the range, cards selected in random order. Now and then it presses a key the
bar does not offer or types an amount out of range, which must be refused with a message
and change nothing. A chosen selection the game does not take (the bar cannot say which
plays beat the last one) must be refused the same way; the driver then chooses again.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from rich.text import Text
from tests.frontends.oracle import HandSeen, Step
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind, parse_action
from pokernight.tui.app import PokernightApp
from pokernight.tui.choices import HOTKEYS
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen

ODD = 0.1
CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣](?:/(?:10|[2-9TJQKA])[♠♥♦♣])?|Jk"
SIZE = (80, 24)


def _plain(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


class TableDriver:
    """Plays hands at one terminal table; ``seen`` holds every finished hand."""

    def __init__(self, pilot: Pilot[None], screen: TableScreen, rng: random.Random) -> None:
        self.pilot, self.screen, self.rng = pilot, screen, rng
        self.seen: list[HandSeen] = []
        self.current = HandSeen()
        self.hand_log = self.step_log = 0

    # -- reading the screen ------------------------------------------------------------

    def part(self, name: str) -> str:
        return _plain(self.screen.query_one(f"#{name}", Static))

    def log_lines(self) -> list[str]:
        return [strip.text for strip in self.screen.query_one("#log", RichLog).lines]

    def widgets(self) -> str:
        """Every widget but the log, one line per seat panel."""
        seats = [_plain(w).replace("\n", " ") for w in self.screen.query(".seat").results(Static)]
        parts = [self.part("title"), *seats, self.part("middle"), self.part("hand")]
        if self.screen.query("#shorthand"):
            parts.append(self.part("shorthand"))
        return "\n".join([*parts, self.part("bar")])

    def text(self, since: int) -> str:
        return self.widgets() + "\n" + "\n".join(self.log_lines()[since:])

    def hotkeys(self) -> dict[str, str]:
        """The bar's offers: hotkey -> the action's word."""
        return {k: w for k, w in re.findall(r"\[(\w)\] (\w+)", self.part("bar")) if k != "n"}

    def amounts(self) -> tuple[int, int] | None:
        found = re.search(r"amount \$(\d+)-(\d+)", self.part("bar"))
        return (int(found.group(1)), int(found.group(2))) if found else None

    def cards(self) -> list[str]:
        return re.findall(CARD, self.part("hand").removeprefix("Your cards"))

    def marks(self) -> list[tuple[bool, bool]]:
        """Each card of the row: (under the cursor, selected), read from the marks shown."""
        row = self.part("hand").removeprefix("Your cards")
        return [(c == "[", s == "*") for c, s, _ in re.findall(rf"(\[?)(\*?)({CARD})", row)]

    def cursor(self) -> int:
        return next((i for i, (here, _) in enumerate(self.marks()) if here), 0)

    def selected(self) -> list[int]:
        return [i for i, (_, chosen) in enumerate(self.marks()) if chosen]

    # -- playing -----------------------------------------------------------------------

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    async def play(self, hands: int) -> bool:
        """Play until ``hands`` hands are seen; False if the game ended first."""
        while len(self.seen) < hands:
            bar = self.part("bar")
            if "[n] next hand" in bar or "[n] standings" in bar:
                self.current.end = self.text(self.step_log)
                self.seen.append(self.current)
                self.current = HandSeen()
                if "[n] standings" in bar:
                    return False
                self.hand_log = self.step_log = len(self.log_lines())
                await self.press("n")
                continue
            assert self.hotkeys(), f"neither your turn nor a hand's end:\n{self.widgets()}"
            await self.decide()
        return True

    async def decide(self) -> None:
        """One decision: odd keys now and then, then a choice the bar offers; a selection
        the game refuses is unselected and the driver chooses again."""
        text, fresh = self.text(self.step_log), self.text(self.hand_log)
        tries = 0
        while True:
            if self.rng.random() < ODD:
                await self.odd()
                continue
            action = await self.choose(tries)
            before = len(self.log_lines())
            await self.press(HOTKEYS[action.kind])
            bar = self.part("bar")
            if self.hotkeys() and "not allowed" in bar and len(self.log_lines()) == before:
                assert action.kind in CARD_KINDS, f"{action} refused: {bar}"
                await self.clear()
                tries += 1
                continue
            self.current.steps.append(Step(action, text, fresh))
            self.step_log = before
            return

    async def choose(self, tries: int) -> Action:
        """A choice the bar offers (a pass, where it offers one, after refused plays)."""
        offered = self.hotkeys()
        passing = [k for k, word in offered.items() if word == Kind.PASS.value]
        key = passing[0] if tries >= 3 and passing else self.rng.choice(sorted(offered))
        kind = Kind(offered[key])
        if kind in AMOUNT_KINDS:
            span = self.amounts()
            if span is None:  # one amount: the bar names it
                found = re.search(rf"\[{key}\] (\w+ \d+)", self.part("bar"))
                assert found is not None
                return parse_action(found.group(1))
            amount = self.rng.randint(*span)
            await self.press(*str(amount))
            return Action(kind, amount=amount)
        if kind not in CARD_KINDS and kind is not Kind.ORIENT:
            return Action(kind)
        cards = self.cards()
        picks = self.pick(kind, len(cards), tries)
        await self.select(picks)
        if kind is Kind.ORIENT:
            return parse_action(
                "orient " + ",".join(str(int(i in picks)) for i in range(len(cards)))
            )
        return parse_action(" ".join([kind.value, *(cards[i] for i in picks)]))

    def pick(self, kind: Kind, held: int, tries: int) -> list[int]:
        """Which cards to select, in a random order: any number to turn; for a play, as many
        as the face-up play to beat (else 1, 2, 3 or 5), and the lowest card alone after
        refusals (a lead or an opening takes it); else one to three."""
        if kind is Kind.ORIENT:
            count = self.rng.randint(0, held)
        elif kind is Kind.PLAY and tries >= 2:
            return [0]
        elif kind is Kind.PLAY:
            count = len(re.findall(CARD, self.part("middle"))) or self.rng.choice([1, 1, 1, 2, 5])
        else:
            count = self.rng.randint(1, 3)
        return self.rng.sample(range(held), min(held, count))

    async def toggle(self, picks: list[int]) -> int:
        """Move to each card in turn and press space (one batch of keys; the cursor wraps,
        so the shorter way round); the cursor's place after."""
        keys, cursor, held = [], self.cursor(), len(self.cards())
        for index in picks:
            right = (index - cursor) % held  # the cursor wraps: the shorter way round
            keys += ["right"] * right if right <= held - right else ["left"] * (held - right)
            keys.append("space")
            cursor = index
        await self.press(*keys)
        return cursor

    async def select(self, picks: list[int]) -> None:
        """Select the cards, then read the marks: every chosen card marked, the cursor on
        the last."""
        cursor = await self.toggle(picks)
        shown, row = self.selected(), self.part("hand")
        assert sorted(shown) == sorted(picks), f"selected {picks}, marked {shown}: {row}"
        assert not picks or self.cursor() == cursor, f"cursor not at {cursor}: {row}"

    async def clear(self) -> None:
        """Unselect every card (space again)."""
        await self.toggle(self.selected())
        assert not self.selected(), f"still selected: {self.part('hand')}"

    async def odd(self) -> None:
        """A key the bar does not offer, or an amount out of range: refused, nothing done."""
        before = (len(self.log_lines()), self.part("middle"))
        span = self.amounts()
        offered = self.hotkeys()
        if span is not None and self.rng.random() < 0.5:
            key = next(k for k, w in offered.items() if Kind(w) in AMOUNT_KINDS)
            await self.press(*str(span[1] + self.rng.randint(1, 50)), key)
            expected = f"amounts run from {span[0]} to {span[1]}"
        else:
            key = self.rng.choice(sorted(set(HOTKEYS.values()) - set(offered) - {"n"}))
            await self.press(key)
            expected = "is not allowed now"
        assert expected in self.part("bar"), f"no refusal for {key!r}:\n{self.part('bar')}"
        assert (len(self.log_lines()), self.part("middle")) == before, "a refused key acted"
        await self.press(*["backspace"] * 6)


async def play_table(game: str, seed: int, hands: int, records: Path) -> list[HandSeen]:
    """``hands`` hands of ``game`` at the terminal table (more games if one ends first)."""
    rng = random.Random(seed)
    seen: list[HandSeen] = []
    games = 0
    while len(seen) < hands:
        assert games < hands, f"{game}: {len(seen)} hands in {games} games"
        with records.open("a", encoding="utf-8") as out:
            app = PokernightApp(game, seed + 1000 * games, settings=Settings(pace=0), records=out)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, TableScreen)
                driver = TableDriver(pilot, screen, rng)
                await driver.play(hands - len(seen))
                seen += driver.seen
        games += 1
    return seen
