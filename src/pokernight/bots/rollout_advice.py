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
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.bots.generic import RandomBot
from pokernight.bots.highlow import PatBot, ValueBot
from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.bots.ranking import best_first, estimate
from pokernight.bots.worlds import stacker_of
from pokernight.cards import DualCard
from pokernight.engine.actions import Action, Kind
from pokernight.engine.advice import Choice, Progress
from pokernight.engine.protocol import Player
from pokernight.engine.worlds import Orienter, Position, Worlds
from pokernight.errors import InvalidRules
from pokernight.games.hurricane.game import HurricaneOptions
from pokernight.seeds import derive_seed

MIX = "mix"
HURRICANE_MODELS = (MIX, *STRATEGIES)
HIGHLOW_MODELS = ("pat", "value", "random")
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
    position: Position, samples: int, seed: int = 0, me: str | None = None
) -> tuple[Action, int]:
    """The best legal decision of the seat to act, and how many rollouts it took. As
    ``advise_position`` (every decision played out on the same sampled deals, the seat playing
    on by ``me``) but a fold is played out once: a seat that folds has put in all it will, so
    every deal gives it the same result, and its samples are not spent."""
    worlds = Worlds(position, stacker_of(position.options))
    models = Models.of(position, None, me)
    legal = list(worlds.probe.legal_actions())
    fixed = [a for a in legal if a.kind is Kind.FOLD]
    open_ = [a for a in legal if a.kind is not Kind.FOLD]
    draws = _Draws(position, worlds, models, seed)
    totals = dict(zip(fixed, draws.next(fixed), strict=True))
    for _ in range(samples if open_ else 0):
        for action, value in zip(open_, draws.next(open_), strict=True):
            totals[action] = totals.get(action, 0.0) + value / samples
    return max(legal, key=lambda a: totals[a]), len(fixed) + samples * len(open_)


class _Draws:
    """The sampled deals of one piece of advice: each ``next(decisions)`` deals the unseen
    cards at random and plays each decision out on that deal with the same seeded players,
    giving the seat's net chips for the hand under each."""

    def __init__(self, position: Position, worlds: Worlds, models: Models, seed: int) -> None:
        self.position, self.worlds, self.models = position, worlds, models
        self.rng = random.Random(seed)

    def next(self, decisions: Sequence[Action]) -> list[float]:
        position, models = self.position, self.models
        sample = random.Random(self.rng.getrandbits(64))
        cast = [sample.choice(STRATEGIES) if n == MIX else n for n in models.names]
        bots_seed = sample.getrandbits(64)
        world = self.worlds.deal(sample, _orienter(models.players(position, cast, bots_seed)))
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


def _orienter(players: Sequence[Player]) -> Orienter:
    """Hidden orientations in the history, chosen by each seat's model from its view."""
    return lambda seat, hand: players[seat].act(hand.view(seat))
