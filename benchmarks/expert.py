"""The Hurricane expert against today's expert and the seven seed strategies, heads-up and at
a full table, and what its rollouts cost per decision.

Why: at three seats or more the expert decides by rollouts, and a decision's rollouts are what
a player waits for. Today's expert (``dfbd7b3``) plays 24 samples of every legal decision,
a fold included; this one plays a fold out once (a seat that folds has put in all it will:
every deal gives it the same result) and the other decisions 24 times each. Heads-up both
play a solved strategy: this one the shipped file, today's the strategy of today's first use
(``--today-strategy``: solved until under 0.005 chips a hand, a strategy file of this layout;
``solve.cache.study`` makes one).

Today's expert is rebuilt here as it was (``Today``: the same player with its 24 flat samples
and the given strategy) and seated by name (``today``) beside the catalog's bots, so the
tournaments are ``pokernight tournament``'s own: every bot plays every seat equally often,
the same seed the same deals.

``--edge`` judges a variant of the expert's three-to-eight-seat choice (``--me``: how its
rollouts play its own hand on after the decision) against the expert's on true hands, paired.

Run::

    .venv/bin/python benchmarks/expert.py --today-strategy today.npz [--heads-up 20000] \\
        [--full 1500 --tables expert,today,"head to head"] [--cost 40] [--quality 200] \\
        [--edge 3000 --me foldout [--seats 3,8] [--after expert]]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any, ClassVar

from pokernight.bots.hurricane import STRATEGIES, HurricaneBot
from pokernight.bots.hurricane_expert import LEVELS, ExpertBot, _table_at_start
from pokernight.bots.rollout_advice import advise_position, choose_position
from pokernight.bots.worlds import advice_position
from pokernight.catalog import entry
from pokernight.engine.actions import Action, parse_action
from pokernight.engine.protocol import Player, View
from pokernight.engine.table import Match
from pokernight.games.hurricane.game import Hurricane, HurricaneOptions
from pokernight.games.hurricane.solve.strategy import Strategy
from pokernight.seeds import derive_seed
from pokernight.sim.tournament import tournament

TODAY_SAMPLES = 24


class Today(ExpertBot):
    """Today's expert: 24 rollouts of every legal decision at three seats or more, and the
    strategy today's solver found heads-up."""

    name = "today"
    strategy_file: ClassVar[Path | None] = None
    _loaded: ClassVar[dict[Path, Strategy]] = {}

    def strategy(self) -> Strategy:
        if self.strategy_file is None:
            return super().strategy()
        if self.strategy_file not in self._loaded:
            self._loaded[self.strategy_file] = Strategy.load(self.strategy_file)
        return self._loaded[self.strategy_file]

    def _rollouts(self, view: View) -> Action:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        position = advice_position(view, self.options, _table_at_start(view))
        seed = self.rng.getrandbits(63)
        best = advise_position(position, samples=TODAY_SAMPLES, seed=seed)[0]
        self.rollouts += TODAY_SAMPLES * len(legal)
        chosen = parse_action(best.action)
        return next(a for a in legal if a == chosen)


def _standings(result: Any) -> list[dict[str, Any]]:
    return [
        {"bot": s.result.bot, "net": s.result.net_per_hand, "ci95": list(s.result.ci95)}
        for s in result.standings
    ]


def heads_up(hands: int, seed: int, against: list[str]) -> list[dict[str, Any]]:
    """The expert alone against each of ``against`` (seed strategies, ``today``)."""
    rows = []
    for other in against:
        result = tournament("hurricane", ["expert", other], hands, seed)
        mine = next(s for s in result.standings if s.result.bot == "expert").result
        rows.append({"against": other, "net": mine.net_per_hand, "ci95": list(mine.ci95)})
    return rows


TABLES = {
    "expert": ["expert", *STRATEGIES],
    "today": ["today", *STRATEGIES],
    "head to head": ["expert", "today"] * 4,
}
"""The eight-seat tables: each expert with the seven seed strategies (the same seed: the same
deals), and the two experts four seats each."""


def full_table(hands: int, seed: int, tables: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Eight seats: the named ``TABLES``, each a tournament of ``hands`` a rotation."""
    return {name: _standings(tournament("hurricane", TABLES[name], hands, seed)) for name in tables}


def cost(hands: int, seats: int, seed: int) -> dict[str, dict[str, float]]:
    """Rollouts and CPU milliseconds per decision with more than one legal action, each
    expert in seat 0 against the seed strategies, on the same deals (the same seed)."""
    options = HurricaneOptions(seats=seats)
    out = {}
    for make in (ExpertBot, Today):
        timed: list[float] = []
        player = _timed(make, timed)(random.Random(seed), options)
        others = [
            HurricaneBot(STRATEGIES[i % 7], random.Random(seed + i)) for i in range(seats - 1)
        ]
        game = Hurricane(options)
        match = Match(game, [player, *others], seed, game.new_table(0), keep_records=False)
        for _ in range(hands):
            if match.over() is not None:
                break
            match.play_hand()
        n = max(len(timed), 1)
        out[make.name] = {
            "decisions": len(timed),
            "rollouts": player.rollouts / n,
            "cpu_ms": 1000 * sum(timed) / n,
        }
    return out


def _timed(make: type[ExpertBot], timed: list[float]) -> type[ExpertBot]:
    """``make`` with each decision at a full table (more than one legal action) timed."""

    class Timed(make):  # type: ignore[valid-type, misc]
        def _rollouts(self, view: View) -> Action:
            start = time.process_time()
            try:
                action: Action = super()._rollouts(view)  # Any: the base is a variable
                return action
            finally:
                if len(view.legal) > 1:
                    timed.append(time.process_time() - start)

    return Timed


def quality(positions: int, seats: int, seed: int, reference: int) -> dict[str, float]:
    """How much each expert's full-table decisions lose, in chips, against the values of
    ``reference`` samples (the same rollouts, many more of them), over positions met by
    the seed strategies playing each other; and what each decision cost."""
    options = HurricaneOptions(seats=seats)
    game = Hurricane(options)
    rng = random.Random(seed)
    loss = {"expert": 0.0, "today": 0.0}
    rollouts = {"expert": 0, "today": 0}
    agree = {"expert": 0, "today": 0}
    met = 0
    while met < positions:
        table = game.new_table(rng.randrange(seats))
        hand = game.new_hand(table, rng.getrandbits(32))
        bots = [
            HurricaneBot(STRATEGIES[rng.randrange(7)], random.Random(rng.random()))
            for _ in range(seats)
        ]
        while (turn := hand.to_act()) is not None and met < positions:
            view = hand.view(turn)
            if len(view.legal) > 1 and rng.random() < 0.3:
                met += 1
                position = advice_position(view, options, _table_at_start(view))
                truth = {
                    c.action: c.value
                    for c in advise_position(position, samples=reference, seed=rng.getrandbits(63))
                }
                best = max(truth.values())
                chosen, spent = choose_position(
                    position, LEVELS["hard"].samples, rng.getrandbits(63)
                )
                today = advise_position(position, samples=TODAY_SAMPLES, seed=rng.getrandbits(63))[
                    0
                ].action
                for name, action, cost_ in (
                    ("expert", str(chosen), spent),
                    ("today", today, TODAY_SAMPLES * len(view.legal)),
                ):
                    loss[name] += best - truth[action]
                    agree[name] += truth[action] == best
                    rollouts[name] += cost_
            hand.apply(bots[turn].act(view))
    return {
        **{f"{n} loss": loss[n] / met for n in loss},
        **{f"{n} agrees": agree[n] / met for n in agree},
        **{f"{n} rollouts": rollouts[n] / met for n in rollouts},
        "positions": met,
    }


def edge(
    positions: int, seats: int, seed: int, truth: int, me: str, samples: int, after: str
) -> dict[str, Any]:
    """What a variant of the expert's choice gains a decision, in chips, at positions the seed
    strategies reach playing each other (each seat one of the seven, drawn at random, as the
    house seats them). The variant (its own play after its decision modelled by ``me``, its
    ``samples`` of each decision) and the expert choose on the seat's view from the same seed;
    where they differ each choice is valued on the true hand (the true cards, the deck as it
    lies, the true strategies) by ``truth`` seeded playouts, the same for both, in which the
    seat plays on as ``after`` says: ``expert`` (the expert itself, deciding by its rollouts:
    what the choice is worth to the expert as it plays, so a variant is not judged by the
    model it assumes) or a seed strategy. Paired: where the two choose alike the gain is
    exactly 0, so this resolves what a tournament's deals drown."""
    options = HurricaneOptions(seats=seats)
    game = Hurricane(options)
    rng = random.Random(seed)
    hard = LEVELS["hard"].samples
    gains: list[float] = []
    spent = {"variant": 0, "expert": 0}
    started = time.process_time()
    while len(gains) < positions:
        table = game.new_table(rng.randrange(seats))
        hand = game.new_hand(table, rng.getrandbits(32))
        cast = [STRATEGIES[rng.randrange(7)] for _ in range(seats)]
        bots = [HurricaneBot(name, random.Random(rng.random())) for name in cast]
        while (turn := hand.to_act()) is not None and len(gains) < positions:
            view = hand.view(turn)
            if len(view.legal) > 1 and rng.random() < 0.3:
                position = advice_position(view, options, _table_at_start(view))
                seed_ = rng.getrandbits(63)
                mine, cost_ = choose_position(position, samples, seed_, me)
                blind, cost_blind = choose_position(position, hard, seed_)
                spent["variant"] += cost_
                spent["expert"] += cost_blind
                if mine == blind:
                    gains.append(0.0)
                else:
                    worth = dict.fromkeys((mine, blind), 0.0)
                    for r in range(truth):
                        for action in worth:
                            twin = hand.clone()
                            twin.apply(action)
                            players: list[Player] = [
                                HurricaneBot(name, random.Random(derive_seed(seed_, r, s)))
                                for s, name in enumerate(cast)
                            ]
                            own = random.Random(derive_seed(seed_, r, turn))
                            players[turn] = (
                                ExpertBot(own, options)
                                if after == "expert"
                                else HurricaneBot(after, own)
                            )
                            while (who := twin.to_act()) is not None:
                                twin.apply(players[who].act(twin.view(who)))
                            outcome = twin.outcome()
                            assert outcome is not None
                            worth[action] += outcome.net[turn] / truth
                    gains.append(worth[mine] - worth[blind])
            hand.apply(bots[turn].act(view))
    n = len(gains)
    mean = sum(gains) / n
    sd = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5
    return {
        "positions": n,
        "differ": sum(g != 0.0 for g in gains) / n,
        "gain": mean,
        "ci95": [mean - 1.96 * sd / n**0.5, mean + 1.96 * sd / n**0.5],
        "variant rollouts": spent["variant"] / n,
        "expert rollouts": spent["expert"] / n,
        "cpu_s": time.process_time() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--today-strategy", type=Path, help="today's heads-up strategy file")
    parser.add_argument("--heads-up", type=int, default=0, help="hands a rotation, heads-up")
    parser.add_argument(
        "--against", default=",".join([*STRATEGIES, "today"]), help="heads-up opponents"
    )
    parser.add_argument("--full", type=int, default=0, help="hands a rotation at eight seats")
    parser.add_argument(
        "--tables", default=",".join(TABLES), help="which eight-seat tables (one process each)"
    )
    parser.add_argument("--cost", type=int, default=0, help="hands per expert to time")
    parser.add_argument("--quality", type=int, default=0, help="positions to judge")
    parser.add_argument("--reference", type=int, default=400, help="samples of the truth")
    parser.add_argument("--edge", type=int, default=0, help="positions to judge on true hands")
    parser.add_argument("--seats", default="3,8", help="table sizes --edge judges")
    parser.add_argument("--truth", type=int, default=8, help="playouts of a true hand")
    parser.add_argument("--me", default="hilo", help="the variant's model of its own play")
    parser.add_argument("--samples", type=int, default=24, help="the variant's samples (--edge)")
    parser.add_argument("--after", default="expert", help="how the seat plays on in truth")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    Today.strategy_file = args.today_strategy
    entry("hurricane").bots["today"] = Today  # type: ignore[index]
    result: dict[str, Any] = {}
    if args.cost:
        result["cost"] = {seats: cost(args.cost, seats, args.seed) for seats in (3, 8)}
        print(json.dumps({"cost": result["cost"]}), flush=True)
    if args.quality:
        result["quality"] = {
            seats: quality(args.quality, seats, args.seed, args.reference) for seats in (3, 8)
        }
        print(json.dumps({"quality": result["quality"]}), flush=True)
    if args.edge:
        result["edge"] = {
            seats: edge(
                args.edge, int(seats), args.seed, args.truth, args.me, args.samples, args.after
            )
            for seats in args.seats.split(",")
        }
        print(json.dumps({"edge": result["edge"]}), flush=True)
    if args.heads_up:
        result["heads_up"] = heads_up(args.heads_up, args.seed, args.against.split(","))
        print(json.dumps({"heads_up": result["heads_up"]}), flush=True)
    if args.full:
        result["full"] = full_table(args.full, args.seed, args.tables.split(","))
        print(json.dumps({"full": result["full"]}), flush=True)


if __name__ == "__main__":
    main()
