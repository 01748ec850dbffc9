"""The conformance oracle: what a front end showed and did, checked against the engine.

A driver plays a front end as a person would and keeps, for each of the person's decisions,
the action chosen on the screen and the screen's text; the engine's record of the hand (its
seed and actions) is the truth. ``Oracle.hand`` replays the record and checks, decision by
decision:

1. the action the engine recorded is the one chosen on the screen (``same_choice``);
2. the screen showed what the person's view holds that a player needs: the own cards, every
   event since the person last acted told in the events' own words (``Event.words``: the
   others' actions, draws, plays), the pot or your wager, every seat's stake and the phase
   (whenever they changed since the screen last showed them), whose turn it is where the
   screen shows other seats' turns; at the end
   every event that tells the result (hands shown, each winner with amount and reason);
3. no card the view hides (another seat's hidden cards, the dealer's face-down hand) appears
   in the text shown since the hand was dealt.

The API, for the drivers of every front end (prompt, terminal, browser):

- ``Style``: how one screen writes names, money and phases (the screen's vocabulary);
- ``Step``: one decision as the driver saw it; ``HandSeen``: one hand's steps and its end;
- ``Oracle(style, you).hand(record, seen)``: raises ``AssertionError`` naming the decision
  and what is missing, wrong or leaked (the oracle keeps what the screen last showed, so
  check a person's hands through one oracle, in order);
- ``same_choice(chosen, recorded)``, ``canonical(action)``; ``card_texts(card)``;
- ``pot``, ``wager``, ``stakes``, ``hole``: the view's fields as the oracle reads them (one place to
  follow changes of ``View``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, is_dataclass

from pokernight.cards import Card, DualCard, Joker, Playable
from pokernight.engine.actions import Action, Kind
from pokernight.engine.events import face
from pokernight.engine.protocol import HandState, View
from pokernight.history.record import GameRecord, deal

Who = Callable[[int], str]
Wanted = str | re.Pattern[str]
"""Text a screen must show: as is, or a pattern where the screen puts marks between (a
seat's name, its dealer button, its stake)."""


# -- the view, read in one place --------------------------------------------------------------


def pot(view: View) -> int | None:
    """The pot a player sees (None: the game has no pot)."""
    return view.pot


def wager(view: View) -> int | None:
    """The viewer's wager against the bank (None: the game has no bank, or a spectator)."""
    return None if view.wagers is None or view.seat is None else view.wagers[view.seat]


def stakes(view: View) -> tuple[int, ...]:
    return view.stakes


def hole(view: View) -> tuple[Playable, ...]:
    return tuple(c for c in view.hole if c is not None)


# -- how a screen writes things -----------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """One screen's vocabulary. ``who`` names a seat as the screen's narration does (the
    argument to ``Event.words``); ``pot``/``stake`` the text that shows the pot and one seat's
    stake (None: the screen shows none, which the oracle accepts only for a view without a
    pot); ``phase`` the text that shows a phase."""

    who: Who
    pot: Callable[[int], str] | None
    stake: Callable[[int, int], Wanted] | None
    phase: Callable[[str], str]
    turn: Callable[[int], str] | None = None
    """The text that marks whose turn it is (None: the screen asks only at your turn)."""
    wager: Callable[[int], Wanted] | None = None
    """The text that shows your wager against a bank, once you have wagered."""
    points: bool = False
    """The game scores points (``GameSpec.points``): no money and no pot may be shown, and
    the running scores start at zero, so they need not be shown before they change."""


@dataclass
class Step:
    """One decision: the action chosen on the screen, everything the screen showed since the
    person's previous decision (``text``), and the part of it shown since the hand was dealt
    (``fresh``: where another seat's hidden card must never appear)."""

    chosen: Action
    text: str
    fresh: str
    offered: frozenset[str] | None = None
    """Every choice the screen offered for this decision (``canonical`` forms; None: not
    read, or too many to list): the whole-game harness checks it is the legal set."""


@dataclass
class HandSeen:
    """One hand as a driver saw it: its decisions and the text from the last one to the
    hand's end (the showdown, the results)."""

    steps: list[Step] = field(default_factory=list)
    end: str = ""


# -- the checks ---------------------------------------------------------------------------


def canonical(action: Action) -> str:
    """An action's text with the cards it names in one order (a screen may list them as they
    lie, the engine as dealt); an orientation's named cards keep theirs (one per joker)."""
    if action.kind is Kind.ORIENT or not action.cards:
        return str(action)
    return " ".join([action.kind.value, *sorted(map(str, action.cards))])


def same_choice(chosen: Action, recorded: Action) -> bool:
    """The recorded action is the chosen one: the same kind, amount and flips, the same
    cards in any order."""
    return canonical(chosen) == canonical(recorded)


def card_texts(card: Playable) -> tuple[str, ...]:
    """Every way a screen may write a card: its text form, its pretty form (the terminal's
    card faces) and its face in words (``face``: tens as ``10``, a two-way card's ends so
    too), a two-way card as it lies (turned, it reads as another card of the deck)."""
    if isinstance(card, DualCard):
        return (str(card), card.pretty(), face(card))
    if isinstance(card, Joker):
        return (str(card),)
    assert isinstance(card, Card)
    forms = (str(card), card.pretty())
    return forms + tuple(f.replace("T", "10", 1) for f in forms if f.startswith("T"))


def shows_card(text: str, card: Playable) -> bool:
    """The card is on the screen, either way up if it has two ends."""
    turned = card_texts(card.flipped()) if isinstance(card, DualCard) else ()
    return any(_appears(text, form) for form in (*card_texts(card), *turned))


def leaks_card(text: str, card: Playable) -> bool:
    """A hidden card written on the screen: as ``shows_card``, except a spade's text form,
    which is also a plural ("Three 3s", "Pair of Ks")."""
    forms = [f for f in card_texts(card) if not (len(f) <= 3 and f.endswith("s"))]
    return any(_appears(text, form) for form in forms)


def _appears(text: str, form: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z/]){re.escape(form)}(?![0-9A-Za-z/])", text) is not None


@dataclass
class Replay:
    """The recorded hand replayed: the person's view at each decision, the recorded action,
    every card each seat held at that moment, and the final view."""

    views: list[View]
    actions: list[Action]
    held: list[set[Playable]]
    final: View
    cards: set[Playable]
    """Every card any seat held during the hand, or that its events name."""


def replay(record: GameRecord, you: int) -> Replay:
    """The hand replayed for the seat ``you``. What every seat holds is read as dealt, after
    each draw and at each of your decisions: a hand gains cards in no other way between two
    of your decisions (all seats' views at every action would cost most of a whole game's
    checks)."""
    state: HandState = deal(record)
    seats = record.table.seats
    views: list[View] = []
    actions: list[Action] = []
    held: list[set[Playable]] = []
    every = _all_held(state, seats)
    for action in record.actions:
        if state.to_act() == you:
            now = _all_held(state, seats)
            every |= now
            views.append(state.view(you))
            actions.append(action)
            held.append(now)
        state.apply(action)
        if action.kind is Kind.DISCARD:
            every |= _all_held(state, seats)
    final = state.view(you)
    every |= _all_held(state, seats) | set(_cards_in(final.events))
    return Replay(views, actions, held, final, every)


def _all_held(state: HandState, seats: int) -> set[Playable]:
    return {c for s in range(seats) for c in state.view(s).hole if c is not None}


def _cards_in(values: Iterable[object]) -> Iterator[Playable]:
    """Every card named in events (or any nested values of them)."""
    for value in values:
        if isinstance(value, Card | DualCard | Joker):
            yield value
        elif isinstance(value, tuple | list):
            yield from _cards_in(value)
        elif is_dataclass(value) and not isinstance(value, type):
            yield from _cards_in(getattr(value, f.name) for f in fields(value))


def known(view: View) -> set[Playable]:
    """Every card this view shows its viewer."""
    cards = {c for seat in view.cards for c in seat if c is not None}
    return cards | set(view.board) | set(_cards_in(view.events))


class Oracle:
    """Checks one person's hands at one screen, in order: what the screen last showed (pot,
    stakes, phase) carries from decision to decision and from hand to hand, so each need
    only be shown again when it changes."""

    def __init__(self, style: Style, you: int) -> None:
        self.style, self.you = style, you
        self.shown: dict[str, object] = {}

    def hand(self, record: GameRecord, seen: HandSeen, replayed: Replay | None = None) -> None:
        """Raise AssertionError at the first decision where the screen and the engine
        disagree, naming it and what is missing, wrong or leaked (``replayed``: the record
        replayed for this seat already)."""
        style, hand = self.style, replayed or replay(record, self.you)
        where = f"hand {record.table.hand} (seed {record.seed})"
        chosen = [str(s.chosen) for s in seen.steps]
        taken = [str(a) for a in hand.actions]
        assert len(chosen) == len(taken), f"{where}: chosen {chosen}, recorded {taken}"
        if record.table.hand == 1:  # a new game: what an earlier one showed is gone
            self.shown = {"stakes": record.table.stakes} if style.points else {}
        told = 0
        steps = zip(seen.steps, hand.views, hand.actions, strict=True)
        for k, (step, view, action) in enumerate(steps):
            at = f"{where}, decision {k + 1} ({view.phase})"
            assert same_choice(step.chosen, action), (
                f"{at}: chose {step.chosen}, engine did {action}"
            )
            _check_events(step.text, view.events[told:], style, at)
            told = len(view.events)
            for card in hole(view):
                assert shows_card(step.text, card), f"{at}: own card {card} not shown\n{step.text}"
            self._facts(step.text, view, at)
            for card in sorted(hand.cards - known(view), key=str):
                leak = leaks_card(step.fresh, card)
                assert not leak, f"{at}: hidden card {card} shown\n{step.fresh}"
        _check_events(seen.end, hand.final.events[told:], style, f"{where}, end")

    def _facts(self, text: str, view: View, at: str) -> None:
        """The pot, every stake and the phase, wherever they changed since last shown."""
        style = self.style
        amount = pot(view)
        if style.points:
            assert "$" not in text, f"{at}: money shown in a game of points\n{text}"
        elif amount is not None and self._changed("pot", amount):
            assert style.pot is not None, f"{at}: the screen shows no pot"
            _has(text, style.pot(amount), at)
        staked = wager(view)
        if staked and self._changed("wager", staked):
            assert style.wager is not None, f"{at}: the screen shows no wager"
            _has(text, style.wager(staked), at)
        if self._changed("stakes", stakes(view)):
            assert style.stake is not None, f"{at}: the screen shows no stakes"
            for seat, value in enumerate(stakes(view)):
                _has(text, style.stake(seat, value), at)
        if self._changed("phase", view.phase):
            _has(text, style.phase(view.phase), at)
        if style.turn is not None and view.to_act is not None:
            _has(text, style.turn(view.to_act), at)

    def _changed(self, name: str, value: object) -> bool:
        changed = self.shown.get(name, None) != value or name not in self.shown
        self.shown[name] = value
        return changed


def _check_events(text: str, events: Sequence[object], style: Style, at: str) -> None:
    for event in events:
        words = event.words(style.who)  # type: ignore[attr-defined]
        if words:
            _has(text, words, at)


def _has(text: str, wanted: Wanted, at: str) -> None:
    """``wanted`` on the screen, wherever a line wraps (runs of white space read as one)."""
    flat = " ".join(text.split())
    found = (
        wanted.search(flat) if isinstance(wanted, re.Pattern) else " ".join(wanted.split()) in flat
    )
    assert found, f"{at}: the screen does not show {wanted!r}\n--- screen ---\n{text}"
