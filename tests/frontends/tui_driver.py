"""The terminal table played as a person would, through Textual's Pilot: keys in, the
rendered widgets' text out (the seats, the felt, your cards, the action bar, the log).

At each of the person's turns the driver reads the action bar's hotkeys and amount range
and the row of cards, and an ``EdgeDriver`` picks (at random by default, seeded): a kind of
action from the bar, an amount anywhere in the range, cards selected in random order. Now and
then (before every decision, for the garbage driver) it presses a key the bar does not offer,
an odd key the table does not know, or types an amount out of range, which must be refused
with a message and change nothing. A chosen selection the game does not take (the bar cannot
say which plays beat the last one) must be refused the same way; the driver then chooses
again. A whole game is played until the standings close it: the game's own end, or the
driver leaving (``q``, then ``y``) at a drawn decision or after ``patience`` hands.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import textual._wait
import textual.screen
from rich.console import Console
from rich.text import Text
from tests.frontends.edge_drivers import GARBAGE_KEYS, RANDOM, EdgeDriver
from tests.frontends.oracle import HandSeen, Step, canonical
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind, parse_action
from pokernight.engine.shapes import HOTKEYS
from pokernight.tui.app import PokernightApp
from pokernight.tui.dialogs import Standings
from pokernight.tui.settings import Settings
from pokernight.tui.table_screen import TableScreen

CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣](?:/(?:10|[2-9TJQKA])[♠♥♦♣])?|Jk"
SIZE = (80, 24)
SELECTING = CARD_KINDS | {Kind.ORIENT}


def _plain(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


@contextmanager
def quick_keys() -> Iterator[None]:
    """Tables opened inside play fast: Pilot's keys without its idle sleeps of 20 ms (two a
    key), and a screen redrawn twice a second rather than 60 times. Each press still waits
    until the screen has handled every event it caused (``Pilot._wait_for_screen``), and the
    driver reads what the handlers put in the widgets, so only dead time and frames nobody
    looks at go: a game takes a third of the time. (Textual's own knobs, read when a wait
    or a screen begins: Textual is pinned exactly.)"""
    saved = (
        textual._wait.SLEEP_GRANULARITY,
        textual._wait.SLEEP_IDLE,
        textual.screen.UPDATE_PERIOD,
    )
    textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = 0.002, 0.0001
    # UPDATE_PERIOD is Final to Textual's types: set (and put back) through the module's dict
    vars(textual.screen)["UPDATE_PERIOD"] = 0.5
    try:
        yield
    finally:
        (
            textual._wait.SLEEP_GRANULARITY,
            textual._wait.SLEEP_IDLE,
            vars(textual.screen)["UPDATE_PERIOD"],
        ) = saved


@dataclass
class Ending:
    """How a game at the table ended: the standings' heading and rows as drawn, and whether
    the driver left (``q``) or the game ended itself."""

    heading: str
    rows: list[str]
    left: bool


class TableDriver:
    """Plays hands at one terminal table; ``seen`` holds every finished hand."""

    def __init__(
        self,
        pilot: Pilot[None],
        screen: TableScreen,
        rng: random.Random,
        driver: EdgeDriver = RANDOM,
    ) -> None:
        self.pilot, self.screen, self.rng, self.driver = pilot, screen, rng, driver
        self.seen: list[HandSeen] = []
        self.current = HandSeen()
        self.hand_log = self.step_log = 0
        self.decisions = self.refused = 0
        self.quit_at = driver.quits_at(rng)
        self.keys: list[str] = []
        """Every key pressed, in order: what plays the game again."""

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
        """The bar's offers, on its first line (not "press [s] again": a warning's
        confirmation, below): hotkey -> the words after it."""
        first = self.part("bar").split("\n")[0]
        found = re.findall(r"\[(\w)\] (.+?)(?=  \[|\s*$)", first)
        return {k: words for k, words in found if k != "n"}

    def amounts(self) -> tuple[int, int] | None:
        found = re.search(r"amount \$(\d+)-(\d+)", self.part("bar"))
        return (int(found.group(1)), int(found.group(2))) if found else None

    def offered(self) -> list[Action]:
        """What the bar offers, one action per amount in its range; a choice of cards or
        flips ("... selected ...") stands for its verb (the bar cannot list every
        selection); anything else is the action its words name, whoever's words they are."""
        offers: list[Action] = []
        span = self.amounts()
        for words in self.hotkeys().values():
            if "selected" in words:
                offers.append(Action(Kind(words.split()[0])))
                continue
            action = parse_action(words)
            if action.kind in AMOUNT_KINDS and span is not None:
                offers += [Action(action.kind, amount=n) for n in range(span[0], span[1] + 1)]
            else:
                offers.append(action)
        return offers

    def key_for(self, action: Action) -> str:
        """The bar's key for ``action``: the one its words name, else its verb's."""
        keys = self.hotkeys()
        named = [k for k, words in keys.items() if words == str(action)]
        return (named or [k for k, w in keys.items() if w.split()[0] == action.kind.value])[0]

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
        """The keys, each handled before the next (the widgets read after hold what the
        handlers drew: no frame need be rendered)."""
        self.keys += keys
        await self.pilot.press(*keys)

    def hand_over(self) -> str | None:
        """The bar's key after a hand (``next hand`` or ``standings``), or None."""
        found = re.search(r"\[n\] (next hand|standings)", self.part("bar"))
        return found.group(1) if found else None

    def end_hand(self) -> None:
        self.current.end = self.text(self.step_log)
        self.seen.append(self.current)
        self.current = HandSeen()

    async def play(self, hands: int) -> bool:
        """Play until ``hands`` hands are seen; False if the game ended first."""
        while len(self.seen) < hands:
            over = self.hand_over()
            if over is not None:
                self.end_hand()
                if over == "standings":
                    return False
                self.hand_log = self.step_log = len(self.log_lines())
                await self.press("n")
                continue
            assert self.hotkeys(), f"neither your turn nor a hand's end:\n{self.widgets()}"
            await self.decide()
        return True

    async def play_to_end(self, patience: int) -> Ending:
        """Play a whole game: to the standings its end shows, or until the driver leaves (at
        its drawn decision, or after ``patience`` hands, at the next hand's start)."""
        while not isinstance(self.pilot.app.screen, Standings):
            over = self.hand_over()
            if over is not None:
                self.end_hand()
                self.hand_log = self.step_log = len(self.log_lines())
                if over == "next hand" and len(self.seen) >= patience:
                    return await self.leave()
                await self.press("n")
                continue
            assert self.hotkeys(), f"neither your turn nor a hand's end:\n{self.widgets()}"
            if self.quit_at is not None and self.decisions + 1 >= self.quit_at:
                self.current = HandSeen()  # left unfinished: the hand has no record
                return await self.leave()
            await self.decide()
        return await self.standings(left=False)

    async def leave(self) -> Ending:
        await self.press("q")
        await self.press("y")
        return await self.standings(left=True)

    async def standings(self, left: bool) -> Ending:
        """The standings as drawn (the heading, then one line per row), closed by a key."""
        dialog = self.pilot.app.screen
        assert isinstance(dialog, Standings), f"no standings: {dialog}"
        console = Console(width=SIZE[0], record=True, file=io.StringIO())
        console.print(dialog.query(Static).first().content)
        lines = [line.strip() for line in console.export_text().splitlines() if line.strip()]
        await self.press("space")
        return Ending(lines[0], [line for line in lines if line.startswith("│")], left)

    async def decide(self) -> None:
        """One decision: odd keys now and then (one first, for the garbage driver), then a
        choice the bar offers; a selection the game refuses is unselected and the driver
        chooses again."""
        text, fresh = self.text(self.step_log), self.text(self.hand_log)
        offered = frozenset(
            canonical(a) if a.kind not in SELECTING else a.kind.value for a in self.offered()
        )
        tries = 0
        if self.driver.garbage:
            await self.odd()
        while True:
            if not self.driver.garbage and self.rng.random() < self.driver.odd:
                await self.odd()
                continue
            action = await self.choose(tries)
            before, key = len(self.log_lines()), self.key_for(action)
            await self.press(key)
            if "again to do it anyway" in self.part("bar") and len(self.log_lines()) == before:
                await self.press(key)  # a warned choice (a foul), taken anyway
            bar = self.part("bar")
            if self.hotkeys() and "not allowed" in bar and len(self.log_lines()) == before:
                assert action.kind in CARD_KINDS, f"{action} refused: {bar}"
                await self.clear()
                tries += 1
                continue
            self.current.steps.append(Step(action, text, fresh, offered))
            self.step_log = before
            self.decisions += 1
            return

    async def choose(self, tries: int) -> Action:
        """A choice the bar offers, the driver's pick (a pass, where offered, after refused
        plays): an amount typed, cards selected."""
        offers = self.offered()
        passing = [a for a in offers if a.kind is Kind.PASS]
        action = passing[0] if tries >= 3 and passing else self.driver.choose(offers, self.rng)
        kind = action.kind
        if kind in AMOUNT_KINDS:
            if self.amounts() is not None:
                await self.press(*str(action.amount))
            return action
        if kind not in SELECTING:
            return action
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
        """A key the bar does not offer, a key the table does not know, or an amount out of
        range: refused with its reason, nothing done."""
        before = (len(self.log_lines()), self.part("middle"))
        span = self.amounts()
        offered = self.hotkeys()
        way = self.rng.random()
        if span is not None and way < 0.4:  # refused as it is typed, before any key acts
            key = str(span[1] + self.rng.randint(1, 50))
            expected = f"is not allowed: amounts run from {span[0]} to {span[1]}"
            for digit in key:  # the first digit no amount in range goes on with is refused
                await self.press(digit)
                if expected in self.part("bar"):
                    break
        elif way < 0.7:
            key = self.rng.choice(sorted(set(HOTKEYS.values()) - set(offered) - {"n"}))
            await self.press(key)
            expected = "is not allowed now"
        else:
            key = self.rng.choice(GARBAGE_KEYS)
            await self.press(key)
            expected = f"{key} is no key here"
        assert expected in self.part("bar"), f"no refusal for {key!r}:\n{self.part('bar')}"
        assert (len(self.log_lines()), self.part("middle")) == before, "a refused key acted"
        self.refused += 1
        await self.press(*["backspace"] * 6)


@asynccontextmanager
async def table_at(
    game: str, seed: int, records: Path, seats: int | None = None, bots: tuple[str, ...] = ()
) -> AsyncIterator[tuple[Pilot[None], TableScreen]]:
    """A terminal table of ``game`` dealt from ``seed``, its records appended to ``records``."""
    with records.open("a", encoding="utf-8") as out:
        app = PokernightApp(game, seed, seats, bots, settings=Settings(pace=0), records=out)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            yield pilot, screen


async def play_table(game: str, seed: int, hands: int, records: Path) -> list[HandSeen]:
    """``hands`` hands of ``game`` at the terminal table (more games if one ends first)."""
    rng = random.Random(seed)
    seen: list[HandSeen] = []
    games = 0
    while len(seen) < hands:
        assert games < hands, f"{game}: {len(seen)} hands in {games} games"
        with quick_keys():
            async with table_at(game, seed + 1000 * games, records) as (pilot, screen):
                driver = TableDriver(pilot, screen, rng)
                await driver.play(hands - len(seen))
                seen += driver.seen
        games += 1
    return seen


@dataclass
class TableRun:
    """One whole game at the table: what was seen, pressed and how it ended."""

    game: str
    seed: int
    seats: int
    bots: tuple[str, ...]
    driver: str
    seen: list[HandSeen] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    refused: int = 0
    ending: Ending | None = None

    def reproduction(self) -> str:
        return (
            f"{self.game} at the terminal table (PokernightApp({self.game!r}, {self.seed}, "
            f"{self.seats}, {self.bots!r})), driver {self.driver}: keys {self.keys!r}"
        )


async def play_whole_table(
    game: str,
    seed: int,
    seats: int,
    bots: tuple[str, ...],
    driver: EdgeDriver,
    patience: int,
    records: Path,
) -> TableRun:
    """One whole game of ``game`` at the table, played by ``driver``."""
    run = TableRun(game, seed, seats, bots, driver.name)
    with quick_keys():
        async with table_at(game, seed, records, seats, bots) as (pilot, screen):
            player = TableDriver(pilot, screen, random.Random(seed), driver)
            try:
                run.ending = await player.play_to_end(patience)
            finally:
                run.seen, run.keys, run.refused = player.seen, player.keys, player.refused
    return run
