"""A catalog game as an OpenSpiel game: chance deals every card, players act by the numbers
of the game's fixed action space, and every string and tensor is read from a seat's view.

The state keeps the cards chance chose, the protocol actions taken and the protocol hand
itself; legal actions, turns and results are the hand's (docs/architecture.md: a rule lives in one
place). A discard waits for its replacement cards from chance, then the hand is dealt again
with them stacked and its actions replayed, so the game's own draw deals them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np
import pyspiel

from pokernight.cards import Card, Playable, Suit
from pokernight.catalog import Entry
from pokernight.engine import chance
from pokernight.engine.actions import Action, Kind
from pokernight.engine.events import Acted
from pokernight.engine.observe import Observer
from pokernight.engine.protocol import HandState, TableState, View
from pokernight.engine.spaces import ActionSpace
from pokernight.errors import InvalidRules

SUITS = re.compile("[♣♦♥♠]")
Who = "p{}".format


def _rank_card(card: Playable | None) -> Playable | None:
    """A card with its suit forgotten (the games dealt by rank show ranks only)."""
    return Card(card.rank, Suit(0)) if isinstance(card, Card) else card


class PokernightGame(pyspiel.Game):  # type: ignore[misc]
    """One catalog game under its options; ``dealer`` -1 lets chance seat the dealer."""

    def __init__(
        self,
        game_type: Any,
        entry: Entry,
        model: chance.Dealing,
        params: dict[str, Any],
    ) -> None:
        spec = entry.spec
        merged = {**_parameters(entry), **(params or {})}
        players = int(merged["players"])
        choices = {k: as_text(merged[k]) for k in spec.choices}
        configured = spec.configure(spec.options, players, choices)
        numbers = {
            f.name: merged[f.name]
            for f in fields(configured)
            if f.name in merged and f.name not in spec.choices
        }
        options = replace(configured, **numbers)
        space = ActionSpace.of(spec, options)
        deck = tuple(model.deck(options))
        ranks = tuple(dict.fromkeys(c.rank for c in deck if isinstance(c, Card)))
        longest = model.longest(options)
        most = model.most(options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=max(len(ranks) if model.by_rank else len(deck), players),
            num_players=players,
            min_utility=-most,
            max_utility=most,
            utility_sum=0.0 if model.zero_sum else None,
            max_game_length=longest,
        )
        super().__init__(game_type, info, merged)
        # set after the base's __init__: pybind11 objects take attributes only once made
        self.entry, self.model, self.players, self.options = entry, model, players, options
        self.rules = spec.game(options)
        self.dealer = int(merged["dealer"])
        self.space, self.deck, self.ranks, self.longest = space, deck, ranks, longest
        self.observer = Observer(players, space.slots, spec.dual_cards, spec.phases)
        self._seated: dict[int, tuple[TableState, int]] = {}

    def seated(self, dealer: int) -> tuple[TableState, int]:
        """The first table with this dealer and how many cards it deals before play (made
        once: OpenSpiel makes a fresh state for every clone)."""
        found = self._seated.get(dealer)
        if found is None:
            table = self.entry.spec.first_table(self.rules, _FixedDealer(dealer))
            found = self._seated[dealer] = (table, self.model.initial(self.options, table))
        return found

    def new_initial_state(self) -> PokernightState:
        return PokernightState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(self, recall)


class _FixedDealer(random.Random):
    """A random source for ``first_table`` that draws the dealer it is given (chance chose
    it), so the game's own first table is laid."""

    def __init__(self, dealer: int) -> None:
        super().__init__(0)
        self.dealer = dealer

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self.dealer % start if stop is None else start + self.dealer % (stop - start)


def as_text(value: object) -> str:
    """A parameter as the option's text reads it: a yes/no parameter (a whole-number or
    yes/no field stays typed for OpenSpiel) is ``on`` or ``off``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _parameters(entry: Entry) -> dict[str, Any]:
    """The game's parameters: players, the dealer (-1: chance), each text option and each
    whole-number or yes/no field of its options dataclass."""
    spec = entry.spec
    out: dict[str, Any] = {"players": spec.default_seats, "dealer": -1}
    out |= {k: values[0] for k, values in spec.choices.items()}
    base = spec.configure(spec.options, spec.default_seats, {})
    for f in fields(base):
        value = getattr(base, f.name)
        if f.name != "seats" and type(value) in (int, bool):
            out[f.name] = value
    return out


@dataclass
class Dealing:
    """Everything a state holds: the dealer, the table, how many cards chance owes, the cards
    it dealt, the protocol actions taken, a discard waiting for its cards, and the hand.
    OpenSpiel clones a Python state by deep-copying each field, and a deep copy of a hand
    would break the identity the engine tells actions by (``action is FOLD``) and cost more
    than a replay: this one field copies its lists and clones the hand the protocol's way."""

    dealer: int | None
    table: TableState | None = None
    needed: int = 0
    cards: list[Playable] = field(default_factory=list)
    moves: list[Action] = field(default_factory=list)
    waiting: Action | None = None
    hand: HandState | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Dealing:
        hand = self.hand.clone() if self.hand is not None else None
        return replace(self, cards=list(self.cards), moves=list(self.moves), hand=hand)


class PokernightState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: chance's cards, the actions taken, and the protocol hand."""

    def __init__(self, game: PokernightGame) -> None:
        super().__init__(game)
        self.dealing = Dealing(None)
        if game.dealer >= 0:
            self._seat(game.dealer)

    @property
    def hand(self) -> HandState | None:
        return self.dealing.hand

    @property
    def game(self) -> PokernightGame:
        """The game, asked of the base each time (kept out of the state's pickled fields)."""
        game: PokernightGame = self.get_game()
        return game

    def _seat(self, dealer: int) -> None:
        table, needed = self.game.seated(dealer)
        self.dealing = Dealing(dealer, table, needed)

    # -- whose turn, and what they may do --------------------------------------------------
    def current_player(self) -> int:
        dealing = self.dealing
        if dealing.hand is None or dealing.waiting is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = dealing.hand.to_act()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal(self) -> dict[int, Action]:
        hand = self.dealing.hand
        assert hand is not None
        view = hand.view(hand.to_act())
        return self.game.space.legal(view.legal, view.hole)[1]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal())

    def _left(self) -> list[Playable]:
        left = list(self.game.deck)
        for card in self.dealing.cards:
            left.remove(card)
        return left

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self.game
        if self.dealing.dealer is None:
            return [(s, 1.0 / game.players) for s in range(game.players)]
        left = self._left()
        if not game.model.by_rank:
            index = {c: i for i, c in enumerate(game.deck)}
            return [(index[c], 1.0 / len(left)) for c in dict.fromkeys(left)]
        counts = Counter(c.rank for c in left if isinstance(c, Card))
        return [(i, counts[r] / len(left)) for i, r in enumerate(game.ranks) if counts[r]]

    def _card(self, outcome: int) -> Playable:
        if not self.game.model.by_rank:
            return self.game.deck[outcome]
        rank = self.game.ranks[outcome]
        return next(c for c in self._left() if isinstance(c, Card) and c.rank == rank)

    def _apply_action(self, action: int) -> None:
        dealing = self.dealing
        if dealing.dealer is None:
            self._seat(action)
        elif len(dealing.cards) < dealing.needed:
            dealing.cards.append(self._card(action))
            if len(dealing.cards) == dealing.needed:
                self._deal()
        else:
            chosen = self._legal()[action]
            if chosen.kind is Kind.DISCARD:
                dealing.waiting = chosen
                dealing.needed += len(chosen.cards)
            else:
                assert dealing.hand is not None
                dealing.hand.apply(chosen)
                dealing.moves.append(chosen)

    def _deal(self) -> None:
        """All the cards chance owes are dealt: the hand with them, the waiting draw made."""
        game, dealing = self.game, self.dealing
        assert dealing.table is not None
        hand = dealing.hand
        if hand is None or dealing.waiting is not None:
            hand = game.model.build(game.options, dealing.table, dealing.cards)
            for move in dealing.moves:
                hand.apply(move)
        if dealing.waiting is not None:
            hand.apply(dealing.waiting)
            dealing.moves.append(dealing.waiting)
            dealing.waiting = None
        dealing.hand = hand

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self.dealing.dealer is None:
                return f"dealer {action}"
            if self.game.model.by_rank:
                return f"deal {self.game.ranks[action].char}"
            return f"deal {self.game.deck[action]}"
        kind = self.game.space.keys[action]
        return " ".join(str(part) for part in kind)

    def is_terminal(self) -> bool:
        return self.current_player() == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        """Each seat's net; what carries over to the next pot is shared by every seat (it
        goes to the next hand, whose seats are these)."""
        outcome = self.hand.outcome() if self.hand is not None else None
        if outcome is None:
            return [0.0] * self.game.players
        share = outcome.carry / self.game.players
        return [net + share for net in outcome.net]

    def view_of(self, seat: int | None) -> View | None:
        if self.hand is None:
            return None
        view = self.hand.view(seat)
        if not self.game.model.by_rank:
            return view
        cards = tuple(tuple(_rank_card(c) for c in row) for row in view.cards)
        return view._replace(cards=cards)

    def __str__(self) -> str:
        return information_string(self, None)


def information_string(state: PokernightState, seat: int | None) -> str:
    """Everything ``seat`` has seen (``seat_history``); empty before the cards are dealt."""
    if state.hand is None:
        return ""
    return seat_history(state.hand.view(seat), state.game.model.by_rank)


def seat_history(view: View, by_rank: bool) -> str:
    """A seat's information state: its view's events (its own cards, every public action,
    its draws) in the game's own words, one to a line, suits dropped where they never
    matter."""
    lines = [f"seat {view.seat}"]
    for event in view.events:
        said = event.words(Who)
        if said:
            lines.append(said)
    text = "\n".join(lines)
    return SUITS.sub("", text) if by_rank else text


def observation_string(state: PokernightState, seat: int | None) -> str:
    """What ``seat`` sees now: its cards, the pot, bets and who is live (not how it came)."""
    view = state.view_of(seat)
    if view is None:
        return ""
    mine = " ".join(
        str(c.rank.char if state.game.model.by_rank and isinstance(c, Card) else c)
        for c in view.hole
        if c is not None
    )
    live = "".join("1" if alive else "0" for alive in view.live)
    return (
        f"seat {seat} {view.phase}: {mine} | pot {view.pot} committed "
        f"{list(view.in_front or ())} to call {view.to_call} live {live}"
    )


class ViewObserver:
    """OpenSpiel's observer: strings and tensors of a seat's view. With perfect recall, the
    string is the seat's whole history (``information_string``) and the tensor adds the
    betting actions seen, by number, to the view's encoding."""

    def __init__(self, game: PokernightGame, recall: bool) -> None:
        self.game, self.recall = game, recall
        self.history = game.longest if recall else 0
        width = game.observer.size + self.history
        self.tensor = np.zeros(width, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PokernightState, player: int) -> None:
        self.tensor.fill(0)
        view = state.view_of(player)
        if view is None:
            return
        size = self.game.observer.size
        self.tensor[:size] = self.game.observer.encode(view)
        if self.recall:
            acted = [e.action for e in view.events if isinstance(e, Acted)]
            for i, action in enumerate(acted[: self.history]):
                self.tensor[size + i] = self._number(action)

    def _number(self, action: Action) -> int:
        """1 + the action's number; -1 for one the viewer may not see (an orientation)."""
        try:
            return 1 + self.game.space.index(action, ())
        except InvalidRules:
            return -1

    def string_from(self, state: PokernightState, player: int) -> str:
        if self.recall:
            return information_string(state, player)
        return observation_string(state, player)
