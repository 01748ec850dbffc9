"""One hand driven by numbered actions: what both environments share.

The table comes from the catalog (how each game is seated and which bots it has), each
episode is the first hand of a table seated for a seed exactly as a simulation seats its
batches (``sim.batches.seated``: the same dealer, stakes, hand seed and seeded bots), and a
decision arrives as a number of the game's ``ActionSpace``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from pokernight.catalog import Seating, check, entry, seat_bankrolled
from pokernight.engine.actions import Action
from pokernight.engine.observe import Observer
from pokernight.engine.protocol import HandState
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

    def observe(self, seat: int) -> dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]:
        state = self.hand()
        view = state.view(seat)
        if state.to_act() == seat:
            mask, _ = self.space.legal(view.legal, view.hole)
        else:
            mask = np.zeros(len(self.space), dtype=np.int8)
        return {"observation": self.observer.encode(view), "action_mask": mask}

    def act(self, number: int) -> Action:
        """Apply the legal action numbered ``number`` for the seat to act."""
        state = self.hand()
        seat = state.to_act()
        if seat is None:
            raise IllegalAction("the hand is over: no action can be taken")
        view = state.view(seat)
        _, legal = self.space.legal(view.legal, view.hole)
        action = legal.get(int(number))
        if action is None:
            raise IllegalAction(
                f"action {number} is not legal now (legal: {sorted(legal)}; see action_mask)"
            )
        state.apply(action)
        return action
