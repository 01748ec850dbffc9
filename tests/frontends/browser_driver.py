"""The browser driver of the conformance harness (issue 16): a person in Chromium who clicks
at random, seeded, among what the page offers, and an oracle that checks every step against
the engine's own copy of the hand (rebuilt from what the server stored, never the live table):

1. the action the engine records is exactly the one clicked (``oracle.same_choice``), and an
   odd input (a selection the page must not accept, an amount out of range) is refused with
   a message and records nothing;
2. the page shows what the seat's view holds: its cards and everyone's (backs where hidden),
   stakes or points, the pot, whose turn, the phase, the hand log in the events' words, the
   choices offered (exactly the legal ones), and at each hand's end the result: every hand
   shown, each winner with the amount and the reason, each seat's net;
3. every WebSocket frame the page receives holds the seat's view and nothing more (its view is
   the engine's view of that seat at that point of the hand, its last result only what a
   spectator saw), and no card appears in the page that its frame did not hold.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine
from tests.frontends.edge_drivers import RANDOM, EdgeDriver
from tests.frontends.oracle import same_choice
from tests.web.chromium import created, lobby, sync_api
from tests.web.replays import dealt_hand

from pokernight.catalog import entry
from pokernight.engine.actions import Action, Kind, parse_action
from pokernight.engine.protocol import HandState
from pokernight.errors import InvalidRules
from pokernight.web.messages import whole
from pokernight.web.views import seat_label, view_model

CARD_KINDS = ("discard", "play", "set")
"""The actions named by selecting cards (the page has one button per kind)."""
PLAIN = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk)$")
PRETTY = re.compile(r"(10|[2-9TJQKA])([♠♥♦♣])")
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}

SNAPSHOT = """() => {
  const text = (node) => (node ? node.innerText : null);
  const panel = document.querySelector('.your-turn');
  const amount = document.getElementById('amount');
  return {
    seq: Number(document.querySelector('.oval')?.dataset.seq ?? -1),
    pot: text(document.getElementById('pot')),
    phase: text(document.querySelector('.phase')),
    board: [...document.querySelectorAll('#board .card')].map((c) => c.dataset.card),
    seats: [...document.querySelectorAll('.seat')].map((box) => ({
      seat: Number(box.dataset.seat),
      stake: text(box.querySelector('.stake')),
      toAct: box.classList.contains('to-act'),
      cards: [...box.querySelectorAll('.card')].map((c) => c.dataset.card ?? null),
    })),
    log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
    said: [...document.querySelectorAll('#showdown .said li')].map((li) => li.innerText),
    nets: [...document.querySelectorAll('#nets li')].map((li) => li.innerText),
    shownHand: Number(document.getElementById('showdown')?.dataset.hand ?? 0),
    turn: panel ? Number(panel.dataset.seq) : null,
    buttons: [...(panel?.querySelectorAll('button[data-action]') ?? [])]
      .map((b) => b.dataset.action),
    flips: panel ? panel.querySelectorAll('button.flip').length : 0,
    amount: amount ? [Number(amount.min), Number(amount.max)] : null,
    problem: text(document.getElementById('problem')),
    status: text(document.getElementById('status')),
    cardsShown: [...document.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
    words: document.querySelector('main').innerText,
  };
}"""


def spaced(text: str) -> str:
    """Text as a page shows it: runs of spaces as one."""
    return " ".join(text.split())


def card_halves(text: str) -> Iterator[str]:
    """Each card a string names, in the plain notation: whole cards and each end of a dual
    card ("As/7d"), the words of an action ("discard Qs 7d"), and pretty faces in running
    text ("Seat 2 shows 9♦ 4♦")."""
    for word in text.split():
        for half in word.split("/"):
            if PLAIN.match(half):
                yield half
    yield from pretty_faces(text)


def pretty_faces(text: str) -> Iterator[str]:
    """Each card running text names by its face ("Seat 2 shows 9♦ 4♦"). Running text that
    is not an action names ranks too, in words a plain reading mistakes for cards: "Pair of
    7s" is sevens, not the seven of spades."""
    for rank, suit in PRETTY.findall(text):
        yield ("T" if rank == "10" else rank) + SUITS[suit]


def cards_in(value: object) -> set[str]:
    """Every card named anywhere in a message (or part of one)."""
    if isinstance(value, str):
        return set(card_halves(value))
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value))
    return set()


@dataclass
class Replay:
    """One hand as the engine plays it, advanced through the stored actions: the seat's view
    (as the page's messages carry it) at each number of events."""

    engine: Engine
    table: int
    number: int
    seat: int
    state: HandState
    actions: list[str]
    applied: int = 0
    at: dict[int, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def of(cls, engine: Engine, table: int, number: int, seat: int) -> Replay:
        state, actions = dealt_hand(engine, table, number)
        replay = cls(engine, table, number, seat, state, actions)
        replay._record()
        return replay

    def _record(self) -> None:
        events = len(self.state.view(None).events)
        self.at[events] = view_model(self.state.view(self.seat))

    def view(self, events: int) -> dict[str, Any]:
        """The seat's view when the hand had ``events`` events (the stored actions are read again
        while the hand goes on: a message is sent only after what it shows is stored)."""
        deadline = time.monotonic() + 10
        while events not in self.at:
            if self.applied == len(self.actions):
                assert time.monotonic() < deadline, f"no point of the hand has {events} events"
                self.actions = dealt_hand(self.engine, self.table, self.number)[1]
                time.sleep(0.01 * (self.applied == len(self.actions)))
                continue
            self.state.apply(parse_action(self.actions[self.applied]))
            self.applied += 1
            self._record()
        return self.at[events]

    def final(self) -> HandState:
        """The finished hand (all its stored actions applied)."""
        self.actions = dealt_hand(self.engine, self.table, self.number)[1]
        while self.applied < len(self.actions):
            self.state.apply(parse_action(self.actions[self.applied]))
            self.applied += 1
            self._record()
        assert self.state.outcome() is not None, f"hand {self.number} is not over"
        return self.state


WAIT = """([handled, ended]) => {
  const panel = document.querySelector('.your-turn');
  if (panel && Number(panel.dataset.seq) !== handled) return true;
  const result = document.getElementById('showdown');
  if (result && Number(result.dataset.hand) > ended) return true;
  const status = document.getElementById('status');
  return Boolean(status && status.innerText.startsWith('Over'));
}"""
"""Until it is your turn again (a state not yet answered), another hand has ended (a seat
that cannot cover the minimum sits hands out) or the table is over."""
ODD = 0.35
"""How often a turn begins with an odd input."""
MOST_SEATS = 5
"""The largest table opened (Hurricane seats 8: five keep a run short)."""


class Person:
    """One person in Chromium, at one table after another of a game: what the page received,
    what it shows, and the choices made by clicking. ``turns``, ``odd`` and ``checked``
    count the turns taken, odd inputs refused and pages checked."""

    def __init__(
        self,
        page: sync_api.Page,
        engine: Engine,
        rng: random.Random,
        driver: EdgeDriver = RANDOM,
    ) -> None:
        """``driver``: how the person chooses among what the page offers (at random by
        default, an odd input beginning a turn ``ODD`` of the time; else as often as the
        driver types one)."""
        self.page, self.engine, self.rng, self.driver = page, engine, rng, driver
        self.odd_rate = ODD if driver is RANDOM else driver.odd
        self.table = 0
        self.frames: list[tuple[str, str | bytes]] = []
        self.turns = self.odd = self.checked = 0
        self._fresh()
        page.on("websocket", self._listen)

    def _listen(self, socket: sync_api.WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append((socket.url, payload)))

    def _fresh(self) -> None:
        self.held: dict[str, Any] | None = None
        self.by_seq: dict[int, dict[str, Any]] = {}
        self.replays: dict[int, Replay] = {}
        self.results: set[int] = set()
        self.errors: list[str] = []
        self.shown_cards: set[str] = set()
        """Every card this table's frames have shown the seat."""

    def sit(self, server: str, game: str, spec: tuple[int, int], options: bool = True) -> None:
        """Open a table of ``game`` in the lobby, every choice of its form at random (seats
        in ``spec``'s range, each computer seat's player, each option, ``options`` chosen at
        all: drawn again until the game takes the mix, as its form's refusal would ask), a
        seed from the run's (the same run deals the same cards), no turn timer (a check takes
        its time), and sit in the first seat."""
        lobby(self.page, server)
        self.page.select_option("#new-game", game)
        seats = self.rng.randint(spec[0], min(spec[1], MOST_SEATS))
        self.page.fill("#new-seats", str(seats))
        self.page.dispatch_event("#new-seats", "change")
        selects = self.page.locator("#new-options select").all() if options else []
        offered = {
            s.get_attribute("data-option") or "": s.locator("option").evaluate_all(
                "(os) => os.map((o) => o.value)"
            )
            for s in selects
        }
        for _ in range(100):
            chosen = {key: self.rng.choice(values) for key, values in offered.items()}
            try:
                entry(game).spec.make(seats, chosen, random.Random(0))
                break
            except InvalidRules:
                continue
        for select, value in zip(selects, chosen.values(), strict=True):
            select.select_option(value)
        for select in self.page.locator("#new-seat-choices select[data-seat]").all()[1:]:
            values = select.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
            select.select_option(self.rng.choice([v for v in values if v]))
        self.page.fill("#new-turn", "0")
        self.page.fill("#new-seed", str(self.rng.randrange(10**9)))
        self.table = created(self.page)
        self._fresh()

    def play(self, hands: int) -> int:
        """Take every turn until ``hands`` hands of this table are over or the table is; the
        hands finished here."""
        handled = None
        while True:
            ended = max(self.results, default=0)
            self.page.wait_for_function(WAIT, arg=[handled, ended], timeout=120_000)
            shown = self.snapshot()
            self.check_page(shown)
            over = (shown["status"] or "").startswith("Over")
            if len(self.results) >= hands or over:
                return len(self.results)
            if shown["turn"] is not None and shown["turn"] != handled:
                handled = shown["turn"]
                self.take_turn(shown)

    # oracle 3: every frame holds the seat's view and nothing more

    def read_frames(self) -> None:
        while self.frames:
            url, payload = self.frames.pop(0)
            if not url.endswith(f"/ws/tables/{self.table}"):
                continue  # the last table's socket, closing
            frame = json.loads(payload)
            if frame["type"] == "error":
                self.errors.append(frame["message"])
                continue
            if frame["type"] in ("tried", "suggested"):  # about a choice of the seat's own
                # (a refusal's words are checked where the page shows them, as any error's;
                # an answer may come after the next hand's first frame: any card shown counts)
                # (its preview and warning are running text: "high: Pair of 7s" names no
                # card, so only faces are read there)
                said = cards_in(frame.get("action") or "").union(
                    *(pretty_faces(frame.get(k) or "") for k in ("preview", "warning"))
                )
                hidden = said - self.shown_cards
                assert not hidden, f"a hidden card in an answer: {sorted(hidden)} in {frame}"
                continue
            self.held = frame = whole(self.held, frame)
            self.shown_cards |= cards_in(frame.get("view")) | cards_in(frame.get("last"))
            self.by_seq[frame["seq"]] = frame
            self.check_frame(frame)

    def replay(self, number: int, seat: int) -> Replay:
        if number not in self.replays:
            self.replays[number] = Replay.of(self.engine, self.table, number, seat)
        return self.replays[number]

    def check_frame(self, frame: dict[str, Any]) -> None:
        view, you, last = frame["view"], frame["you"], frame["last"]
        assert you == 0, "the person sits in the first seat throughout"
        if view is not None:
            mine = self.replay(view["hand"], you).view(len(view["events"]))
            wrong = {k: (view[k], mine.get(k)) for k in view if view[k] != mine.get(k)}
            assert not wrong, f"frame {frame['seq']} is not the seat's view: {wrong}"
        if last is not None and last["hand"] not in self.results:
            self.check_result(last, you)

    def check_result(self, last: dict[str, Any], you: int) -> None:
        """A hand's result as sent: the engine's nets, its ending in the events' own words
        (a spectator's form), and no card a spectator did not see at its end."""
        hand = self.replay(last["hand"], you).final()
        outcome = hand.outcome()
        assert outcome is not None
        public = hand.view(None)
        said = [t for e in public.events if e.tells_result and (t := e.words(seat_label))]
        assert last["said"] == said and said, f"hand {last['hand']}'s result in words"
        for award in outcome.awards:  # each in the game's own words, with its reason
            words = award.words(seat_label)
            assert words in said and award.reason in words
        assert last["net"] == list(outcome.net)  # what each seat won or lost: the nets line
        assert cards_in(last) <= cards_in(view_model(public)), "a result shows a hidden card"
        self.results.add(last["hand"])

    # oracle 2: the page shows the view

    def snapshot(self) -> dict[str, Any]:
        """The page as drawn (one atomic read), with the frame it was drawn from."""
        for _ in range(200):
            shown = dict(self.page.evaluate(SNAPSHOT))
            self.read_frames()
            if shown["seq"] in self.by_seq:
                return shown
            self.page.wait_for_timeout(10)
        raise AssertionError(f"the page shows version {shown['seq']}, which it never received")

    def check_page(self, shown: dict[str, Any]) -> None:
        frame = self.by_seq[shown["seq"]]
        view, last = frame["view"], frame["last"]
        self.checked += 1
        allowed = cards_in(view) | cards_in(last)
        assert cards_in(shown["cardsShown"]) | cards_in(shown["words"]) <= allowed, "a hidden card"
        if view is None:
            return
        counted, round_ = f"Hand {view['hand']}", frame["table"].get("round")
        if view["points"] and round_:  # a game of points counts its rounds, of how many
            counted = f"Round {round_['number']}" + (f" of {round_['of']}" if round_["of"] else "")
        assert shown["phase"] == f"{counted} · {view['phase']}"
        assert shown["pot"] == (None if view["pot"] is None else f"Pot {view['pot']}")
        assert shown["board"] == view["board"]
        for box in shown["seats"]:
            seat = box["seat"]
            assert box["cards"] == view["cards"][seat]
            assert box["toAct"] == (view["to_act"] == seat)
            stake = view["stakes"][seat]
            label = f"{-stake} points" if view["points"] else f"stake {stake}"
            assert box["stake"].startswith(label), (box["stake"], label)
        logged = [spaced(e["text"]) for e in view["events"] if e["text"]]
        drawn = [spaced(t) for t in shown["log"]]
        assert drawn == logged, f"version {shown['seq']}'s log: {drawn} drawn, {logged} sent"
        if last is not None:
            assert shown["shownHand"] == last["hand"]
            assert [spaced(t) for t in shown["said"]] == [spaced(t) for t in last["said"]]
            players = last["players"]
            for seat, (net, text) in enumerate(zip(last["net"], shown["nets"], strict=True)):
                said = f"{-net} points" if view["points"] else f"{'+' if net > 0 else ''}{net}"
                name = players[seat]  # by name, "you" to its own seat, a shared name by seat
                if seat == frame["you"]:
                    name = "you"
                elif players.count(name) > 1:
                    name = f"{name} at seat {seat + 1}"
                assert text == f"{name}: {said}", text
        legal = view["legal"]
        assert (shown["turn"] is not None) == (legal is not None), "the turn is offered"
        if legal is not None:
            self.check_offered(shown, legal)

    def check_offered(self, shown: dict[str, Any], legal: dict[str, Any]) -> None:
        """The panel offers exactly the legal actions: a button for each that names no
        cards, a button per kind that does; an amount in the legal range; a flip per card."""
        buttons = shown["buttons"]
        if legal["actions"] is not None:
            kinds = {a.split()[0] for a in legal["actions"] if a.split()[0] in CARD_KINDS}
            plain = [a for a in legal["actions"] if a.split()[0] not in CARD_KINDS]
            assert sorted(buttons) == sorted(plain + list(kinds))
        elif legal["kind"] == "bet":
            low, high = (int(legal[end].split()[1]) for end in ("first", "last"))
            assert shown["amount"] == [low, high] and buttons == ["bet"]
        elif legal["kind"] == "orient":
            own = next(b for b in shown["seats"] if b["seat"] == 0)
            assert shown["flips"] == len(own["cards"]) and buttons == ["orient"]
        else:
            assert buttons == [legal["kind"]]

    # oracle 1: a turn, clicked at random; the engine records exactly the choice

    def stored(self, number: int) -> list[str]:
        return dealt_hand(self.engine, self.table, number)[1]

    def take_turn(self, shown: dict[str, Any]) -> None:
        """Click one of the choices offered, at random: a button; cards (in random order) for
        a kind of action that names them; an amount anywhere in the range; cards to turn.
        Now and then an odd input first. Then the engine must record exactly that choice."""
        view = self.by_seq[shown["seq"]]["view"]
        legal, number = view["legal"], view["hand"]
        replay = self.replay(number, 0)
        replay.view(len(view["events"]))
        before = len(self.stored(number))
        assert replay.applied == before, "the hand waits for this seat"
        own = [c for c in view["cards"][0] if c is not None]
        if self.rng.random() < self.odd_rate:
            self.odd_input(shown, legal, own, replay.state.legal_actions(), before, number)
        picked = self.driver.choose(self.offered(shown), self.rng)
        choice = picked.kind.value if picked.kind.value in shown["buttons"] else str(picked)
        panel = self.page.locator(".your-turn")
        if legal["actions"] is not None and choice in CARD_KINDS:
            clicked = self.rng.choice([a for a in legal["actions"] if a.split()[0] == choice])
            self.select(clicked.split()[1:])
            assert panel.locator(f'button[data-action="{choice}"]').is_enabled()
        elif legal["actions"] is not None:
            clicked = choice
        elif legal["kind"] == "bet":
            self.page.fill("#amount", str(picked.amount))
            clicked = str(picked)
        elif legal["kind"] == "orient":
            flips = [self.rng.randint(0, 1) for _ in own]
            for i in self.rng.sample(range(len(flips)), len(flips)):
                if flips[i]:  # by its button or on the card itself, either way
                    target = "button.flip" if self.rng.random() < 0.5 else ".seat.you .card"
                    self.page.locator(target).nth(i).click()
            clicked = "orient " + ",".join(map(str, flips))
        else:  # too many to list: the engine's complete list is what the page offers
            every = replay.state.legal_actions()
            clicked = str(every[self.rng.randrange(len(every))])
            self.select(clicked.split()[1:])
        errors = len(self.errors)
        button = panel.locator(f'button[data-action="{choice}"]')
        double = self.rng.random() < ODD  # a double click sends the action once
        if double:
            button.dblclick()
        else:
            button.click()
        self.turns += 1
        self.expect_recorded(number, before, clicked)
        if double:
            self.page.wait_for_timeout(100)
            self.read_frames()
            assert len(self.errors) == errors, f"a double click was refused: {self.errors[-1]}"
            self.odd += 1

    def offered(self, shown: dict[str, Any]) -> list[Action]:
        """What the panel offers, for the driver to choose from: each button's action (a
        button of cards, or of flips, stands for its kind), a bet of each amount in range."""
        if shown["amount"] is not None:
            low, high = shown["amount"]
            return [Action(Kind.BET, amount=n) for n in range(low, high + 1)]
        return [
            Action(Kind(button)) if button in (*CARD_KINDS, "orient") else parse_action(button)
            for button in shown["buttons"]
        ]

    def play_to_end(self, patience: int) -> str | None:
        """Take every turn of this table until it is over (its reason, as the page says it)
        or the driver leaves: at its drawn turn, or once ``patience`` hands are over (None)."""
        quit_at = self.driver.quits_at(self.rng)
        handled = None
        while True:
            ended = max(self.results, default=0)
            self.page.wait_for_function(WAIT, arg=[handled, ended], timeout=120_000)
            shown = self.snapshot()
            self.check_page(shown)
            status = shown["status"] or ""
            if status.startswith("Over: "):
                return status.removeprefix("Over: ")
            mine = shown["turn"] is not None and shown["turn"] != handled
            leaving = quit_at is not None and mine and self.turns + 1 >= quit_at
            if len(self.results) >= patience or leaving:
                if not self.page.locator("#table-menu[open]").count():
                    self.page.click("#table-menu summary")  # Leave is in the table's menu
                self.page.click("#leave")
                self.page.wait_for_selector("#new-game, #leave-confirm")
                if self.page.locator("#leave-confirm").count():  # in the middle of a hand
                    self.page.click("#leave-confirm")
                self.page.wait_for_selector("#new-game")
                return None
            if mine:
                handled = shown["turn"]
                self.take_turn(shown)

    def select(self, cards: list[str]) -> None:
        """Click these of your cards, in random order."""
        for text in self.rng.sample(cards, len(cards)):
            self.page.locator(f'.seat.you .card[data-card="{text}"]').click()

    def odd_input(
        self,
        shown: dict[str, Any],
        legal: dict[str, Any],
        own: list[str],
        every: Sequence[Action],
        before: int,
        number: int,
    ) -> None:
        """An input the game must not take, where the page allows one: cards that make no
        legal action (a listed kind's button must stay disabled; where the list is too long
        to send, the server refuses them), or an amount typed out of range (refused). The
        refusal comes with a message, nothing is recorded, and the page is as it was."""
        kinds = [b for b in shown["buttons"] if b in CARD_KINDS]
        if shown["amount"] is not None:
            high = shown["amount"][1]
            typed = self.rng.choice([str(high + self.rng.randint(1, 50)), "0", "-3", "2.5", "1e9"])
            self.page.fill("#amount", typed)
            self.page.locator('.your-turn button[data-action="bet"]').click()
            self.expect_refused(before, number)
            return
        if not kinds:
            return
        kind = self.rng.choice(kinds)
        picked = self.rng.sample(own, self.rng.randint(1, len(own)))
        if any(same_choice(parse_action(f"{kind} {' '.join(picked)}"), a) for a in every):
            return
        self.select(picked)
        button = self.page.locator(f'.your-turn button[data-action="{kind}"]')
        if legal["actions"] is not None:
            assert button.is_disabled(), f"{kind} {' '.join(picked)} was offered"
            assert len(self.stored(number)) == before
            self.odd += 1
        else:
            button.click()
            self.expect_refused(before, number)
        self.select(picked)

    def expect_refused(self, before: int, number: int) -> None:
        """The server refused the last click with a message the page shows; nothing was
        recorded."""
        errors = len(self.errors)
        deadline = time.monotonic() + 10
        while len(self.errors) == errors:
            taken = self.stored(number)[before:]
            assert not taken, f"an odd input was taken as {taken[0]!r}"
            assert time.monotonic() < deadline, "no refusal reached the page"
            self.page.wait_for_timeout(10)
            self.read_frames()
        self.page.wait_for_function("() => document.getElementById('problem').innerText")
        assert self.page.inner_text("#problem") == self.errors[-1]
        assert len(self.stored(number)) == before
        self.odd += 1

    def expect_recorded(self, number: int, before: int, clicked: str) -> None:
        deadline = time.monotonic() + 10
        while len(actions := self.stored(number)) == before:
            assert time.monotonic() < deadline, f"{clicked!r} was never recorded"
            time.sleep(0.02)
        recorded = parse_action(actions[before])
        assert same_choice(parse_action(clicked), recorded), (clicked, actions[before])
