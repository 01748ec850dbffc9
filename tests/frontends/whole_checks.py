"""What every whole game must show, whatever front end played it, read from the engine's
records of its hands: the money and the legal sets.

- ``ledger``: one game's hands replayed in order. Each hand starts from the table the last one
  left (the same stakes, the same chips in the pot); no chip is made or lost (the stakes, the
  pot carried and the house's take sum to what they did before the hand, in every game played
  for chips); no stake is ever below 0, at any moment of any hand (but where the game's rules
  let a player go into debt to finish a hand: ``debts``); each replayed outcome is the
  recorded one.
- ``offered_is_legal``: at each of the person's decisions the screen offered exactly the
  engine's legal set (read by the front end's driver).
- ``Edges``: what the drivers reached, counted by kind: a stake of exactly the ante (Pai Gow's
  table minimum) at a deal, all in (live with nothing left while the hand goes on), a decision
  where only check and fold are left, and the ways games end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tests.frontends.oracle import HandSeen, Replay, canonical

from pokernight.catalog import entry
from pokernight.engine.actions import CARD_KINDS, Kind
from pokernight.engine.phases.script import Bet
from pokernight.engine.protocol import HandState, TableState
from pokernight.engine.table import after_hand
from pokernight.history.record import GameRecord, check, deal

CHECK_OR_FOLD = frozenset({Kind.CHECK, Kind.FOLD})

Edges = Counter[str]
"""Each edge kind the drivers reached, with how often."""


def debts(game: str) -> bool:
    """A player may go into debt to finish a hand: one of the game's betting rounds is not
    played at table stakes (seed 000's rule)."""
    rules = entry(game).spec.rules
    return any(isinstance(p, Bet) and not p.table_stakes for p in rules.script(rules.options()))


def split_games(records: Sequence[GameRecord]) -> list[list[GameRecord]]:
    """A run's records, one list per game (each game's first hand is hand 1)."""
    games: list[list[GameRecord]] = []
    for record in records:
        if record.table.hand == 1 or not games:
            games.append([])
        games[-1].append(record)
    return games


def ante(record: GameRecord) -> int | None:
    """What a seat must put up to be dealt in: the ante, or a banking game's table minimum
    (None: a game of points)."""
    options = record.game.options
    found = getattr(options, "ante", getattr(options, "min_bet", None))
    return found if isinstance(found, int) else None


def ledger(
    game: str,
    start: TableState,
    records: Sequence[GameRecord],
    you: int,
    edges: Edges,
    points: bool,
) -> TableState:
    """Check one whole game's money hand by hand (``points``: a game of points, whose stakes
    are scores, not chips) and count the edges it reached; the table it ended at."""
    table = start
    for record in records:
        where = f"{game} hand {record.table.hand} (seed {record.seed})"
        assert (record.table.stakes, record.table.carry) == (table.stakes, table.carry), (
            f"{where}: dealt at {record.table.stakes} + {record.table.carry}, "
            f"the last hand left {table.stakes} + {table.carry}"
        )
        if record.table.stakes[you] == ante(record) and not points:
            edges["stake of exactly the ante"] += 1
        state = deal(record)
        reached = _watch(game, state, you, where, points)
        for action in record.actions:
            if state.to_act() == you:
                kinds = {a.kind for a in state.view(you).legal}
                if kinds <= CHECK_OR_FOLD:
                    reached.add("only check or fold offered")
            state.apply(action)
            reached |= _watch(game, state, you, where, points)
        edges.update(reached)
        outcome = check(record, state)
        before = sum(record.table.stakes) + record.table.carry
        after = sum(outcome.stakes) + outcome.carry + outcome.house
        assert points or before == after, f"{where}: {before} chips before the hand, {after} after"
        table = after_hand(record.table, outcome)
    return table


def _watch(game: str, state: HandState, you: int, where: str, points: bool) -> set[str]:
    """No stake below 0 (but in a game of debts or points); the person all in."""
    view = state.view(None)
    if not points and not debts(game):
        assert min(view.stakes) >= 0, f"{where}: a stake below 0: {view.stakes}"
    if not points and view.to_act is not None and view.live[you] and view.stakes[you] == 0:
        return {"all in"}
    return set()


SELECTING = frozenset(k.value for k in (*CARD_KINDS, Kind.ORIENT))


def offered_is_legal(record: GameRecord, seen: HandSeen, replayed: Replay) -> None:
    """At each decision the screen offered exactly the legal actions (where it read them): a
    screen that offers a kind of card choice as one key (the terminal table's bar) offered
    every legal choice of that kind."""
    for k, (step, view) in enumerate(zip(seen.steps, replayed.views, strict=True)):
        if step.offered is None:
            continue
        keys = step.offered & SELECTING
        legal = {a.kind.value if a.kind.value in keys else canonical(a) for a in view.legal}
        assert step.offered == legal, (
            f"hand {record.table.hand} (seed {record.seed}), decision {k + 1} ({view.phase}): "
            f"offered {sorted(step.offered - legal)} not legal, "
            f"legal {sorted(legal - step.offered)} not offered"
        )
