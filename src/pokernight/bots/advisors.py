"""Each game's advisor, as the catalog lists it beside the game's computer players: how it
values the legal decisions of a position, and what it takes (the cards held, a position, or a
seat's view at a point of a recorded hand). ``pokernight advise`` asks the catalog for a game's
advisor and names no game; a game without one of its own is advised by determinized rollouts
where it can deal the cards a seat has not seen (its spec's ``determinize``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokernight.bots.bigtwo_advice import advise_bigtwo
from pokernight.bots.generic import RandomBot
from pokernight.bots.ranking import best_first, estimate
from pokernight.bots.rollout_advice import MAX_DECISIONS, advise_position
from pokernight.bots.worlds import advice_position
from pokernight.cards import AnyCard
from pokernight.engine.actions import Action, Kind
from pokernight.engine.advice import Advisor, Ask, Choice, Progress
from pokernight.engine.protocol import TableState, View
from pokernight.engine.spec import GameSpec
from pokernight.engine.table import play_out
from pokernight.engine.worlds import Position
from pokernight.errors import InvalidCards, InvalidRules
from pokernight.games.paigow.advice import advise as advise_paigow
from pokernight.seeds import derive_seed


def _draw_cards(cards: Sequence[AnyCard], options: Any, ask: Ask) -> list[Choice]:
    from pokernight.bots.advice import advise_draw  # NumPy: only when advice is asked

    return advise_draw(cards, options.max_discards, ask.progress)


def _warm_draw(progress: Progress) -> None:
    from pokernight.bots.advice import DRAW_RULES
    from pokernight.hands.batch import warm

    warm(DRAW_RULES, progress)


DRAW = Advisor(
    "exact: every draw from the 47 unseen cards; value = share of all five-card hands "
    "beaten after the draw (ties half)",
    "discards",
    0,
    from_cards=_draw_cards,
    warm=("the hand-ranking kernel", _warm_draw),
)


def _paigow_cards(cards: Sequence[AnyCard], options: Any, ask: Ask) -> list[Choice]:
    if len(cards) != 7 or len(set(cards)) != 7:
        raise InvalidCards("Pai Gow advice needs seven different cards")
    advice = advise_paigow(
        cards,
        samples=ask.samples,
        seed=ask.seed,
        commission=options.commission,
        table=options.two_pair,
        wheel=options.wheel,
    )
    return [
        Choice(str(Action(Kind.SET, cards=front)), mean, (mean - half, mean + half))
        for front, mean, half in advice.ranked
    ]


PAIGOW = Advisor(
    "sampled dealer hands set by the house way (the same sample for every setting); "
    "value = expected result per unit wagered",
    "dealer hands",
    4000,
    from_cards=_paigow_cards,
)


def _bigtwo_view(view: View, options: Any, table: TableState, ask: Ask) -> list[Choice]:
    return advise_bigtwo(view, options, ask.samples, ask.seed, ask.progress)


BIGTWO = Advisor(
    "determinized rollouts: unseen cards dealt at random, played out by greedy players; "
    "value = net for the seat to act (minus the cards left)",
    "rollouts",
    200,
    from_view=_bigtwo_view,
)


def _position(position: Position, ask: Ask) -> list[Choice]:
    return advise_position(position, ask.opponents, ask.me, ask.samples, ask.seed, ask.progress)


def _position_view(view: View, options: Any, table: TableState, ask: Ask) -> list[Choice]:
    return _position(advice_position(view, options, table), ask)


def draw_game(players: str) -> Advisor:
    """A draw game's rollouts over a position, the other seats played by ``players``."""
    return Advisor(
        "determinized rollouts: unseen cards dealt at random, every decision played out on "
        f"the same deals by the assumed {players}; value = the seat's net chips for the hand",
        "samples",
        200,
        from_position=_position,
        from_view=_position_view,
    )


def rollouts(spec: GameSpec) -> Advisor | None:
    """Any game that can deal what a seat has not seen (``spec.determinize``), advised by
    determinized rollouts with random players; None for a game that cannot."""
    determinize = spec.determinize
    if determinize is None:
        return None

    def from_view(view: View, options: Any, table: TableState, ask: Ask) -> list[Choice]:
        seat = view.seat
        if seat is None or view.to_act != seat:
            raise InvalidRules("advice is for the seat to act")
        legal = list(view.legal)
        if len(legal) > MAX_DECISIONS:
            raise InvalidRules(f"{len(legal)} legal decisions are too many to rank by rollouts")
        if ask.samples < 2:
            raise InvalidRules("--samples must be at least 2 (an interval needs two)")
        rng = random.Random(ask.seed)
        values: list[list[float]] = [[] for _ in legal]
        for done in range(1, ask.samples + 1):
            world = determinize(options, view, table, rng)
            for tally, action in zip(values, legal, strict=True):
                twin = world.clone()
                twin.apply(action)
                players = _random_players(len(view.stakes), ask.seed, done)
                tally.append(play_out(twin, players).net[seat])
            if ask.progress is not None:
                ask.progress(done, ask.samples)
        return best_first(estimate(str(a), v) for a, v in zip(legal, values, strict=True))

    return Advisor(
        "determinized rollouts: unseen cards dealt at random, every decision played out on "
        "the same deals by random players; value = the seat's net chips for the hand",
        "samples",
        200,
        from_view=from_view,
    )


def _random_players(seats: int, seed: int, sample: int) -> list[RandomBot]:
    """Random players seeded alike for every decision of one sample (common random numbers:
    the decisions differ by what they are, not by the dice)."""
    return [RandomBot(random.Random(derive_seed(seed, "rollout", sample, s))) for s in range(seats)]
