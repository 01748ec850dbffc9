"""``VectorPokerEnv``'s tables play the engine's hands: each table's trajectory (its seeds,
in the order it was dealt them, and the actions it took) replayed through the game's state
gives the observations, masks, seats and rewards the vector showed, auto-reset included;
tables split among processes show the same arrays as one process; an illegal action is
refused before any table moves."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from tests.rl.replay import Step, replay

from pokernight.errors import IllegalAction
from pokernight.rl.driver import HandDriver
from pokernight.rl.vector import Batch, VectorPokerEnv, sample_legal
from pokernight.seeds import table_seed


def copied(batch: Batch) -> Batch:
    b = batch
    return Batch(
        b.observation.copy(), b.action_mask.copy(), b.seat.copy(), b.reward.copy(), b.done.copy()
    )


def same(one: Batch, other: Batch) -> bool:
    return all(np.array_equal(getattr(one, f), getattr(other, f)) for f in Batch._fields)


def run(env: VectorPokerEnv, seed: int, steps: int) -> Iterator[tuple[Batch, Batch]]:
    """(what the tables showed, the actions taken there, as a batch) for ``steps`` steps."""
    rng = np.random.default_rng(seed)
    shown = copied(env.reset(seed=seed))
    for _ in range(steps):
        actions = sample_legal(shown.action_mask, rng)
        after = copied(env.step(actions))
        yield shown, Batch(after.observation, after.action_mask, actions, after.reward, after.done)
        shown = after


def test_every_table_plays_the_engines_hands(every_game: str) -> None:
    tables, seed = 3, 23
    env = VectorPokerEnv(every_game, tables=tables)
    driver = HandDriver(every_game)
    hands: list[list[list[Step]]] = [[[]] for _ in range(tables)]  # per table, as dealt
    for shown, taken in run(env, seed, 90):
        for t in range(tables):
            seat, action = int(shown.seat[t]), int(taken.seat[t])
            net = tuple(int(n) for n in taken.reward[t]) if taken.done[t] else None
            hands[t][-1].append(Step(seat, shown.observation[t], shown.action_mask[t], action, net))
            if taken.done[t]:
                hands[t].append([])
            else:
                assert not taken.reward[t].any()
    for t in range(tables):
        assert len(hands[t]) > 1, "no hand finished: play more steps"
        for k, hand in enumerate(hands[t][:-1]):  # the last one may be unfinished
            truth = list(replay(driver, table_seed(seed, t + k * tables), [s.action for s in hand]))
            assert len(hand) == len(truth)
            for seen, step in zip(hand, truth, strict=True):
                assert seen.seat == step.seat and seen.net == step.net
                assert np.array_equal(seen.observation, step.observation)
                assert np.array_equal(seen.mask, step.mask)


def test_tables_split_among_processes_show_the_same_arrays() -> None:
    with VectorPokerEnv("hurricane", tables=5, seats=3, processes=2) as split:
        one = VectorPokerEnv("hurricane", tables=5, seats=3)
        for (a, x), (b, y) in zip(run(split, 8, 30), run(one, 8, 30), strict=True):
            assert same(a, b) and same(x, y)


def test_an_illegal_action_is_refused_before_any_table_moves() -> None:
    env = VectorPokerEnv("hurricane", tables=2, seats=2)
    shown = copied(env.reset(seed=3))
    actions = sample_legal(shown.action_mask, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(shown.action_mask[1] == 0)[0])
    with pytest.raises(IllegalAction, match="table 1: action"):
        env.step(actions)
    again = env.step(sample_legal(shown.action_mask, np.random.default_rng(0)))
    assert again.observation.shape == (2, env.observation_size)


def test_sample_legal_takes_only_legal_actions() -> None:
    mask = np.zeros((200, 9), dtype=np.int8)
    rng = np.random.default_rng(1)
    for row in mask:
        row[rng.choice(9, size=rng.integers(1, 10), replace=False)] = 1
    for _ in range(5):
        picked = sample_legal(mask, rng)
        assert mask[np.arange(200), picked].all()
