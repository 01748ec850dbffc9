"""One hand driven by numbered actions: what both environments share.

The table comes from the catalog (how each game is seated and which bots it has), each
episode is the first hand of a table seated for a seed exactly as a simulation seats its
batches (``sim.batches.seated``: the same dealer, stakes, hand seed and seeded bots), and a
decision arrives as a number of the game's ``ActionSpace``.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokernight.catalog import Seating, check, entry, seat_bankrolled
from pokernight.engine.actions import Action
from pokernight.engine.observe import Observer
from pokernight.engine.protocol import HandState, View
from pokernight.engine.spaces import ActionSpace
from pokernight.engine.table import hand_seed
from pokernight.errors import IllegalAction, InvalidRules


class HandDriver:
    """A game seated ``seats`` times (default: the catalog's line-up) and its current hand."""

    def __init__(
        self, game: str, seats: int | None = None, options: Mapping[str, str] | None = None
    ) -> None:
        self.entry, self.options = entry(game), dict(options or {})
        self.seats = seats or len(self.entry.lineup(self.options))
        check(game, self.seats, {}, self.options)
        spec = self.entry.spec
        options = spec.configure(spec.options, self.seats, self.options)
        self.space = ActionSpace.of(spec, options)
        self.observer = Observer(self.seats, self.space.slots, spec.dual_cards, spec.phases)
        self.state: HandState | None = None
        self._decision: Decision | None = None

    def twin(self) -> HandDriver:
        """Another table of the same game with no hand dealt, sharing this one's action space
        and observer (both fixed by the game and its options): a vector of many tables
        numbers and encodes with one of each."""
        twin = copy(self)
        twin.state = twin._decision = None
        return twin

    def deal(self, seed: int, computers: Mapping[int, str] | None = None) -> Seating:
        """A new hand: the first of the table seated for ``seed`` with these computer
        players (by seat), as ``sim`` seats it."""
        seating = seat_bankrolled(
            self.entry.name, seed, self.seats, dict(computers or {}), self.options
        )
        self.state = seating.game.new_hand(seating.table, hand_seed(seating.seed, seating.table))
        return seating

    def hand(self) -> HandState:
        if self.state is None:
            raise InvalidRules("no hand dealt yet: call reset() first")
        return self.state

    def decision(self) -> Decision:
        """The decision the hand waits for (its seat None once the hand is over), made once
        however often it is asked: an environment reads it to observe the seat to act, then
        again to take its action, and a view and its numbered legal actions are the dearest
        part of a step. A hand moved on by anyone (a bot's action applied to it directly) is
        a new decision: it is known by the hand and the number of actions taken."""
        state = self.hand()
        taken = len(state.actions)
        known = self._decision
        if known is not None and known.state is state and known.taken == taken:
            return known
        seat = state.to_act()
        legal: Mapping[int, Action] = {}
        if seat is None:
            mask, view = np.zeros(len(self.space), dtype=np.int8), None
        else:
            view = state.view(seat)
            mask, legal = self.space.legal(view.legal, view.hole)
        known = self._decision = Decision(state, taken, seat, view, mask, legal)
        return known

    def observe(self, seat: int) -> dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]:
        decision = self.decision()
        if seat == decision.seat and decision.view is not None:
            view, mask = decision.view, decision.mask.copy()
        else:
            view, mask = self.hand().view(seat), np.zeros(len(self.space), dtype=np.int8)
        return {"observation": self.observer.encode(view), "action_mask": mask}

    def act(self, number: int) -> Action:
        """Apply the legal action numbered ``number`` for the seat to act."""
        decision = self.decision()
        if decision.seat is None:
            raise IllegalAction("the hand is over: no action can be taken")
        action = decision.legal.get(int(number))
        if action is None:
            raise IllegalAction(
                f"action {number} is not legal now (legal: {sorted(decision.legal)}; "
                "see action_mask)"
            )
        decision.state.apply(action)
        return action


class Decision(NamedTuple):
    """What a hand waits for: ``seat``'s decision (None: the hand is over), with its view,
    the mask over the action space and the legal action of each set number; ``taken``: the
    actions the hand had taken then."""

    state: HandState
    taken: int
    seat: int | None
    view: View | None
    mask: npt.NDArray[np.int8]
    legal: Mapping[int, Action]
