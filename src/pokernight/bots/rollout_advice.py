"""Hurricane and High-Low advice: every legal decision ranked by determinized rollouts.

Each sample deals the cards the seat has not seen at random (``Worlds``), then plays every
legal decision out to the end of the hand on that same deal, with the same seeded players
(common random numbers: the differences between decisions are not lost in the deals' noise).
A decision's value is the seat's mean net chips for the hand (antes and bets included), with a
95% interval over the samples. Other seats play by assumed strategies (their models); the seat
itself plays on by its own model after the decision.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import PatBot, ValueBot
from pokernight.bots.hurricane import STRATEGIES, HurricaneBot, to_action
from pokernight.bots.ranking import best_first, estimate
from pokernight.bots.worlds import stacker_of
from pokernight.cards import DualCard
from pokernight.engine.actions import KEEP, Action, Kind
from pokernight.engine.advice import Choice, Progress
from pokernight.engine.dealt import DealtHand
from pokernight.engine.protocol import Player
from pokernight.engine.worlds import Orienter, Position, Step, Watch, Worlds
from pokernight.errors import InvalidRules
from pokernight.games.hurricane.game import EYE, HurricaneOptions
from pokernight.seeds import derive_seed

MIX = "mix"
HURRICANE_MODELS = (MIX, *STRATEGIES)
HIGHLOW_MODELS = ("pat", "value", "random")
Beliefs = Mapping[int, Sequence[float]]
"""Seats whose strategy is uncertain, each with the chance of each of ``STRATEGIES``."""
MAX_DECISIONS = 64
"""More legal decisions than this (High-Low orientations naming jokers) are not ranked."""


@dataclass(frozen=True)
class Models:
    """Who plays each seat in the rollouts, by model name (the advised seat's after its
    decision); ``mix`` draws one of Hurricane's seven strategies per sample, as the house
    seats its computer players."""

    names: tuple[str, ...]

    @staticmethod
    def of(position: Position, opponents: str | None, me: str | None) -> Models:
        """``opponents``: one model for every other seat, or one per other seat in seat order.
        Defaults: Hurricane opponents ``mix`` and the seat ``hilo``; High-Low ``pat``."""
        hurricane = isinstance(position.options, HurricaneOptions)
        known = HURRICANE_MODELS if hurricane else HIGHLOW_MODELS
        others = (opponents or (MIX if hurricane else "pat")).split(",")
        mine = me or ("hilo" if hurricane else "pat")
        for name in [*others, mine]:
            if name.strip() not in known:
                raise InvalidRules(
                    f"unknown model {name.strip()!r}: choose from {', '.join(known)}"
                )
        seats = position.table.seats
        if mine == MIX:
            raise InvalidRules("--self names one strategy, not mix")
        if len(others) not in (1, seats - 1):
            raise InvalidRules(
                f"--opponents names one model or {seats - 1} (one per other seat), "
                f"not {len(others)}"
            )
        it = iter(o.strip() for o in others * (seats - 1 if len(others) == 1 else 1))
        return Models(tuple(mine if s == position.seat else next(it) for s in range(seats)))

    def players(self, position: Position, cast: Sequence[str], seed: int) -> list[Player]:
        """Fresh seeded players for one sample (the same for every decision)."""
        out: list[Player] = []
        for seat, name in enumerate(cast):
            rng = random.Random(derive_seed(seed, seat))
            if isinstance(position.options, HurricaneOptions):
                out.append(HurricaneBot(name, rng))
                continue
            deck = [c for c in position.deck if isinstance(c, DualCard)]
            if name == "pat":
                out.append(PatBot(rng, deck))
            elif name == "value":
                out.append(ValueBot(rng, deck))
            else:
                out.append(RandomBot(rng))
        return out


def advise_position(
    position: Position,
    opponents: str | None = None,
    me: str | None = None,
    samples: int = 200,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Choice]:
    """Every legal decision of the seat to act, best first (same seed, same answer)."""
    if samples < 2:
        raise InvalidRules("--samples must be at least 2 (an interval needs two)")
    worlds = Worlds(position, stacker_of(position.options))
    models = Models.of(position, opponents, me)
    legal = list(worlds.probe.legal_actions())
    if len(legal) > MAX_DECISIONS:
        raise InvalidRules(f"{len(legal)} legal decisions are too many to rank by rollouts")
    values: list[list[float]] = [[] for _ in legal]
    draws = _Draws(position, worlds, models, seed)
    for done in range(1, samples + 1):
        for tally, value in zip(values, draws.next(legal), strict=True):
            tally.append(value)
        if progress is not None:
            progress(done, samples)
    return best_first(estimate(str(a), v) for a, v in zip(legal, values, strict=True))


def choose_position(
    position: Position,
    samples: int,
    seed: int = 0,
    me: str | None = None,
    opponents: str | None = None,
    beliefs: Beliefs | None = None,
    infer: int = 0,
) -> tuple[Action, int]:
    """The best legal decision of the seat to act, and how many rollouts it took. As
    ``advise_position`` (every decision played out on the same sampled deals, the seat playing
    on by ``me``) but a fold is played out once: a seat that folds has put in all it will, so
    every deal gives it the same result, and its samples are not spent. ``opponents`` as
    ``advise_position``'s; ``beliefs``: a seat named there is played in each sample by a
    strategy drawn by its chances instead of as its model says. ``infer``: a deal where a seat's
    strategy would not have taken the seat's actions with the cards dealt it is dealt again,
    up to ``infer`` times (the last taken if none fits)."""
    worlds = Worlds(position, stacker_of(position.options))
    models = Models.of(position, opponents, me)
    legal = list(worlds.probe.legal_actions())
    fixed = [a for a in legal if a.kind is Kind.FOLD]
    open_ = [a for a in legal if a.kind is not Kind.FOLD]
    draws = _Draws(position, worlds, models, seed, beliefs, infer)
    totals = dict(zip(fixed, draws.next(fixed), strict=True))
    for _ in range(samples if open_ else 0):
        for action, value in zip(open_, draws.next(open_), strict=True):
            totals[action] = totals.get(action, 0.0) + value / samples
    return max(legal, key=lambda a: totals[a]), len(fixed) + samples * len(open_)


class _Draws:
    """The sampled deals of one piece of advice: each ``next(decisions)`` deals the unseen
    cards at random and plays each decision out on that deal with the same seeded players,
    giving the seat's net chips for the hand under each."""

    def __init__(
        self,
        position: Position,
        worlds: Worlds,
        models: Models,
        seed: int,
        beliefs: Beliefs | None = None,
        infer: int = 0,
    ) -> None:
        self.position, self.worlds, self.models = position, worlds, models
        self.beliefs = beliefs or {}
        self.infer = infer
        self.rng = random.Random(seed)

    def _deal(self, sample: random.Random, orient: Orienter, cast: Sequence[str]) -> DealtHand[Any]:
        if self.infer and isinstance(self.position.options, HurricaneOptions):
            watch = _fits(self.position, cast)
            for _ in range(self.infer):
                try:
                    return self.worlds.deal(sample, orient, watch)
                except _Unfit:
                    continue
        return self.worlds.deal(sample, orient)

    def next(self, decisions: Sequence[Action]) -> list[float]:
        position, models = self.position, self.models
        key = self.rng.getrandbits(64)
        sample = random.Random(key)
        cast = [sample.choice(STRATEGIES) if n == MIX else n for n in models.names]
        if self.beliefs:  # drawn on a side source: the deals stay those of the plain mix
            side = random.Random(derive_seed(key, "beliefs"))
            for seat, weights in sorted(self.beliefs.items()):
                cast[seat] = side.choices(STRATEGIES, weights)[0]
        bots_seed = sample.getrandbits(64)
        orient = _orienter(models.players(position, cast, bots_seed))
        world = self._deal(sample, orient, cast)
        out: list[float] = []
        for decision in decisions:
            twin = world.clone()
            twin.apply(decision)
            bots = models.players(position, cast, bots_seed)
            while (turn := twin.to_act()) is not None:
                twin.apply(bots[turn].act(twin.view(turn)))
            outcome = twin.outcome()
            assert outcome is not None
            out.append(outcome.net[position.seat])
        return out


class _Unfit(Exception):
    """A dealt seat's strategy would not have taken its action with its cards."""


def _fits(position: Position, cast: Sequence[str]) -> Watch:
    """A watch of a replayed history that rejects a deal (``_Unfit``) as soon as a seat's
    strategy, with the cards dealt it there, would not have taken its action (``random``
    seats and the seat itself always fit)."""
    readers = {
        s: HurricaneBot(name, random.Random(0))
        for s, name in enumerate(cast)
        if s != position.seat and name != "random"
    }

    def watch(hand: DealtHand[Any], seat: int, step: Step) -> None:
        reader = readers.get(seat)
        if reader is None:
            return
        view = hand.view(seat)
        intent = reader.intent(view)
        if view.phase == EYE:
            fit = (intent == ("keep", 0)) == (step == KEEP)
        else:
            fit = to_action(intent, view) == step
        if not fit:
            raise _Unfit

    return watch


def _orienter(players: Sequence[Player]) -> Orienter:
    """Hidden orientations in the history, chosen by each seat's model from its view."""
    return lambda seat, hand: players[seat].act(hand.view(seat))
