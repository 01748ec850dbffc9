"""The engine's own account of a hand, as the oracle of the environments' trajectories: a
hand seated from its seed through the catalog, its actions applied to the game's state
directly, and at each decision the observation and the mask made the plain way (one array
write per card, each legal action numbered on its own by ``hole.index``), nothing cached."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokernight.cards import DualCard, Playable
from pokernight.catalog import seat_bankrolled
from pokernight.engine.actions import AMOUNT_KINDS, CARD_KINDS, Action, Kind
from pokernight.engine.observe import CARD, PER_SEAT
from pokernight.engine.protocol import View
from pokernight.engine.spec import Key
from pokernight.engine.table import hand_seed
from pokernight.rl.driver import HandDriver


@dataclass(frozen=True)
class Step:
    """One decision of a hand: the seat to act, its observation and mask, the action taken
    (by number); ``net`` the hand's nets once this action ended it (else None)."""

    seat: int
    observation: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    action: int
    net: tuple[int, ...] | None


def encode(driver: HandDriver, view: View) -> npt.NDArray[np.float32]:
    """The observation's layout (``engine.observe``'s docstring), written out card by card."""
    observer = driver.observer
    seats, slots, width = observer.seats, observer.slots, observer.width
    out = np.zeros(observer.size, dtype=np.float32)

    def card(at: int, c: Playable) -> None:
        if isinstance(c, DualCard):
            out[at + c.top.index] = out[at + CARD + c.bottom.index] = 1
        else:
            out[at + c.index] = 1

    me = view.seat or 0
    order = [(me + k) % seats for k in range(seats)]
    for slot, c in enumerate(view.hole[:slots]):
        if c is not None:
            card(slot * width, c)
    at = slots * width
    for c in view.board:
        card(at, c)
    at += width
    for seat in order:
        for c in view.cards[seat]:
            if c is not None:
                card(at, c)
        at += width
    if view.phase in observer.phases:
        out[at + observer.phases.index(view.phase)] = 1
    at += len(observer.phases)
    out[at] = view.pot or 0
    if view.betting is not None:
        out[at + 1 : at + 4] = (view.betting.to_call, view.betting.level, view.betting.raises_left)
    at += 4
    for seat in order:
        front = 0 if view.in_front is None else view.in_front[seat]
        count = len(view.cards[seat])
        out[at : at + PER_SEAT] = (
            view.stakes[seat], front, view.live[seat], count, view.to_act == seat,
        )  # fmt: skip
        at += PER_SEAT
    return out


def key(action: Action, hole: Sequence[object]) -> Key:
    if action.kind in AMOUNT_KINDS:
        return (action.kind, action.amount)
    if action.kind in CARD_KINDS:
        return (action.kind, tuple(sorted(hole.index(c) for c in action.cards)))
    if action.kind is Kind.ORIENT:
        return (action.kind, action.flips)
    if action.kind is Kind.OWN:
        return (action.kind, action.words)
    return (action.kind,)


def numbered(driver: HandDriver, view: View) -> dict[int, Action]:
    number = {k: i for i, k in enumerate(driver.space.keys)}
    return {number[key(a, view.hole)]: a for a in view.legal}


def replay(driver: HandDriver, seed: int, actions: Sequence[int]) -> Iterator[Step]:
    """The hand ``PokerEnv`` deals for ``seed`` (a ``table_seed``), played by the engine."""
    seating = seat_bankrolled(driver.entry.name, seed, driver.seats, {}, driver.options)
    state = seating.game.new_hand(seating.table, hand_seed(seating.seed, seating.table))
    for number in actions:
        seat = state.to_act()
        assert seat is not None, "the environment took an action after the hand ended"
        view = state.view(seat)
        legal = numbered(driver, view)
        mask = np.zeros(len(driver.space), dtype=np.int8)
        mask[list(legal)] = 1
        state.apply(legal[number])
        outcome = state.outcome()
        net = None if outcome is None else outcome.net
        yield Step(seat, encode(driver, view), mask, number, net)
    assert state.to_act() is None, "the environment left the hand before it ended"
