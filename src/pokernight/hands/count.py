"""Full-deck enumeration: every hand of N cards from a deck, tallied by category.

Five-card rule sets run in the numba kernel (parallel, in chunks so a caller can show progress);
two-card and Big Two sets are small enough for the per-hand path.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import numpy as np

from pokernight.cards import Card, DualCard, Joker, deck_by_name, holds_joker
from pokernight.errors import InvalidCards
from pokernight.hands.climb import Combo
from pokernight.hands.evaluate import evaluate
from pokernight.hands.rules import Family, HandRules, JokerMode
from pokernight.hands.value import Category

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class CountResult:
    rules: str
    deck: str
    cards: int
    total: int
    categories: dict[str, int]
    distinct: int
    seconds: float
    by_top: dict[str, dict[int, int]] = field(default_factory=dict, compare=False)
    """Five-card sets: per category, counts by the first rank nibble (order value; straights:
    strength index). This is how lowball tables are published ("8-high: ...")."""

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "deck": self.deck,
            "cards": self.cards,
            "total": self.total,
            "categories": self.categories,
            "distinct": self.distinct,
            "seconds": round(self.seconds, 3),
        }


def count(
    rules: HandRules,
    deck: str | None = None,
    cards: int | None = None,
    progress: Progress | None = None,
) -> CountResult:
    """Enumerate every hand of ``cards`` cards from ``deck`` (defaults: the preset's)."""
    deck_name = deck or rules.deck
    size = cards if cards is not None else rules.cards
    pack = deck_by_name(deck_name)
    _check_deck(rules, deck_name, pack, size)
    start = time.perf_counter()
    by_top: dict[str, dict[int, int]] = {}
    if rules.family is Family.FIVE:
        categories, distinct, by_top = _count_five(rules, pack, size, progress)
    else:
        categories, distinct = _count_small(rules, pack, size, progress)
    return CountResult(
        rules=rules.name,
        deck=deck_name,
        cards=size,
        total=comb(len(pack), size),
        categories=categories,
        distinct=distinct,
        seconds=time.perf_counter() - start,
        by_top=by_top,
    )


def _check_deck(rules: HandRules, name: str, pack: Sequence[object], size: int) -> None:
    dual = any(isinstance(c, DualCard) for c in pack)
    if rules.dual != dual:
        need = (
            "a dual-value deck (dual641 or a deck file)" if rules.dual else "a deck of single cards"
        )
        raise InvalidCards(f"{rules.name} needs {need}, not {name}")
    if any(isinstance(c, Joker) for c in pack) and not rules.has_joker:
        raise InvalidCards(f"{rules.name} is played without a joker: use a deck without one")
    if size not in rules.sizes:
        raise InvalidCards(f"{rules.name} counts hands of {rules.sizes_said} cards, not {size}")


def five_categories(rules: HandRules) -> list[Category]:
    """The categories a five-card rule set can produce, best first."""
    ranking = rules.ranking
    wild = (
        bool(rules.wild)
        or rules.dual
        or rules.joker is JokerMode.WILD
        or (rules.joker is JokerMode.BUG and rules.low is None)
    )
    out = []
    for category in sorted(Category, reverse=True):
        if category is Category.FIVE_OF_A_KIND and not wild:
            continue
        if category is Category.STRAIGHT and not ranking.straights:
            continue
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH) and not ranking.flushes:
            continue
        if category is Category.STRAIGHT_FLUSH and not ranking.straights:
            continue
        if category is Category.ROYAL_FLUSH and not (ranking.flushes and ranking.royal):
            continue
        out.append(category)
    return out


def warm(
    rules: HandRules,
    deck: str | None = None,
    cards: int | None = None,
    told: Progress | None = None,
) -> None:
    """Compile (or read from numba's disk cache) the kernels ``count`` runs for these rules,
    each by a call with no work, telling ``told(done, total)`` after each. The first time it
    takes tens of seconds (20 to 30 here), so a front end says so before counting starts."""
    if rules.family is not Family.FIVE:
        return  # the per-hand path: nothing to compile
    deck_name = deck or rules.deck
    size = cards if cards is not None else rules.cards
    pack = deck_by_name(deck_name)
    _check_deck(rules, deck_name, pack, size)
    total = 2 if _reachable(rules, pack) else 1
    if told is not None:
        told(0, total)
    _FiveCount(rules, pack, size).run([])
    if told is not None:
        told(1, total)
    if total == 2:
        from pokernight.hands.dualcount import count_words

        count_words([], 1)
        if told is not None:
            told(2, total)


class _FiveCount:
    """The five-card kernel's arguments for one rule set and deck; ``run`` counts the hands
    whose first card is in ``firsts`` into its tallies (none: it only compiles)."""

    def __init__(self, rules: HandRules, pack: Sequence[object], size: int) -> None:
        import numba

        from pokernight.hands.packing import kernel_args, packed

        ends = [
            (c.top.index, c.bottom.index) if isinstance(c, DualCard) else (_index(c), _index(c))
            for c in pack
        ]
        self.rules, self.size = rules, size
        self.deck = np.array(ends, dtype=np.int64)
        p = self.packed = packed(rules, size)
        self.args = kernel_args(p)
        self.lanes = numba.get_num_threads()
        self.hist = np.zeros((self.lanes, 16, 16), dtype=np.int64)
        key_space = int(max(p.ranks.max(), p.suited.max(), p.nf5.max(), p.fl5.max())) + 1
        self.seen = np.zeros(key_space, dtype=np.uint8)

    def run(self, firsts: list[int]) -> None:
        from pokernight.hands import kernels

        kernels.count_all(
            self.deck,
            self.size,
            self.rules.dual,
            self.packed.invert,
            self.packed.nbw,
            self.lanes,
            np.array(firsts, dtype=np.int64),
            self.hist,
            self.seen,
            *self.args,
        )


def _reachable(rules: HandRules, pack: Sequence[object]) -> bool:
    """Dual-high decks without a joker are counted by reachability too (``dualcount``)."""
    return rules.dual and rules.low is None and not holds_joker(pack)  # type: ignore[arg-type]


def _count_five(
    rules: HandRules, pack: Sequence[object], size: int, progress: Progress | None
) -> tuple[dict[str, int], int, dict[str, dict[int, int]]]:
    five = _FiveCount(rules, pack, size)
    firsts = list(range(len(pack) - size + 1))
    total, done = comb(len(pack), size), 0
    chunk = max(1, len(firsts) // 16)
    if progress is not None:
        progress(0, total)
    for at in range(0, len(firsts), chunk):
        part = firsts[at : at + chunk]
        five.run(part)
        done += sum(comb(len(pack) - 1 - f, size - 1) for f in part)
        if progress is not None:
            progress(done, total)
    tally = five.hist.sum(axis=0)
    kinds = five_categories(rules)
    categories = {c.json_name: int(tally[c].sum()) for c in kinds}
    if _reachable(rules, pack):
        categories = _reachable_categories(pack, kinds)
    by_top = {c.json_name: {top: int(n) for top, n in enumerate(tally[c]) if n} for c in kinds}
    return categories, int(five.seen.sum()), by_top


def _reachable_categories(pack: Sequence[object], kinds: list[Category]) -> dict[str, int]:
    """The dual-high table by reachability words (hands.dualcount), standard ranking: the same
    counts as the key kernel's, by a different road, and what the deck fit uses."""
    from numba import get_num_threads

    from pokernight.hands.dualcount import count_words
    from pokernight.hands.dualrankings import RANKINGS, RankingName, categories_of

    words = count_words([c for c in pack if isinstance(c, DualCard)], get_num_threads())
    per_category = np.bincount(
        categories_of(RANKINGS[RankingName.STANDARD]), weights=words, minlength=11
    )
    return {c.json_name: int(per_category[c]) for c in kinds}


def _index(card: object) -> int:
    if isinstance(card, Card | Joker):
        return card.index
    raise InvalidCards(f"{card} is not a single card")


def _count_small(
    rules: HandRules, pack: Sequence[object], size: int, progress: Progress | None
) -> tuple[dict[str, int], int]:
    plain = [c for c in pack if isinstance(c, Card | Joker)]
    tally: Counter[str] = Counter()
    keys: set[int] = set()
    total = comb(len(plain), size)
    for done, hand in enumerate(combinations(plain, size), start=1):
        try:
            value = evaluate(list(hand), rules)
        except InvalidCards:
            tally["not_a_play"] += 1
        else:
            tally[value.category] += 1
            keys.add(value.key)
        if progress is not None and done % 65536 == 0:
            progress(done, total)
    if progress is not None:
        progress(total, total)
    order = _small_order(rules)
    return {name: tally[name] for name in order if name in tally or name != "not_a_play"}, len(keys)


def _small_order(rules: HandRules) -> list[str]:
    if rules.family is Family.BIGTWO:
        return [c.json_name for c in sorted(Combo, reverse=True)] + ["not_a_play"]
    if rules.family is Family.HURRICANE_LOW:
        return ["no_pair", "pair"]
    return ["pair", "no_pair"]
