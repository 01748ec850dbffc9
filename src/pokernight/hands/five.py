"""The five-card family, per hand: a fast integer key, and the explained ``HandValue``.

``key_function(rules, n)`` returns a closure over the cached tables; a five-card call is two
table lookups, six and seven cards add a suit check, so a game's showdown never loops over
subsets. ``explain`` is for people: it finds the five cards that make the key, what each wild
card stood for, and says it in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, product

from pokernight.cards import CARDS, AnyCard, Card, DualCard, Suit
from pokernight.hands.rules import ACE, HandRules
from pokernight.hands.tables import (
    FLUSH_FIELDS,
    J_SHIFT,
    SEVEN_RANKS,
    SEVEN_SHIFT,
    W_SHIFT,
    SevenTables,
    card_keys,
    card_sum_keys,
    flat_tables,
    seven_tables,
    tables_for,
)
from pokernight.hands.value import LOW_CEILING, Category, HandValue, unpack

KeyFunction = Callable[[Sequence[int]], int]


@cache
def key_function(rules: HandRules, size: int) -> KeyFunction:
    """The per-hand key of ``size`` (5..7) card indexes under a five-card rule set."""
    rk, sb = card_keys(rules)
    if size == 5 and not rules.has_joker and not rules.wild and not rules.dual:
        # No wild card can be held: suits by arithmetic, ranks by one addition per card.
        sk = card_sum_keys(rules)
        flat_nf, flat_fl = flat_tables(rules)

        def key5_natural(cards: Sequence[int]) -> int:
            a, b, c, d, e = cards
            if (a ^ b | a ^ c | a ^ d | a ^ e) & 3:
                return flat_nf[sk[a] + sk[b] + sk[c] + sk[d] + sk[e]]
            return flat_fl[sk[a] + sk[b] + sk[c] + sk[d] + sk[e]]

        return key5_natural
    tables = tables_for(rules, size)
    nf, flh = tables.nf, tables.flh
    if size == 5:

        def key5(cards: Sequence[int]) -> int:
            a, b, c, d, e = cards
            s = sb[a] | sb[b] | sb[c] | sb[d] | sb[e]
            k = rk[a] + rk[b] + rk[c] + rk[d] + rk[e]
            if s & (s - 1):
                return nf[k]
            return flh[k]

        return key5

    ranking = rules.ranking
    high = not ranking.invert
    flushes_hurt = ranking.flushes and ranking.invert
    five = key_function(rules, 5)
    # A suit's cards plus the wilds may be fewer than the hand: index flush tables by that count.
    fl_by_count = {m: tables_for(rules, m).fl for m in range(5, size + 1)}

    def key_n(cards: Sequence[int]) -> int:
        k = 0
        per_suit = [0, 0, 0, 0]
        for c in cards:
            k += rk[c]
            bit = sb[c]
            if bit:
                per_suit[bit.bit_length() - 1] += 1
        best = nf[k]
        wild = ((k >> W_SHIFT) & 7) + ((k >> J_SHIFT) & 3)
        if high:
            for suit, n in enumerate(per_suit):
                if n + wild >= 5:
                    bit = 1 << suit
                    ks = sum(rk[c] for c in cards if sb[c] in (bit, 0))
                    best = max(best, fl_by_count[n + wild][ks])
        elif flushes_hurt and max(per_suit) >= 5:
            # A low hand with five of one suit: only here can the best ranks be a flush.
            best = max(five(sub) for sub in combinations(cards, 5))
        return best

    if size == 7 and not rules.dual:
        return _key7(seven_tables(rules), key_n)
    return key_n


def _key7(tables: SevenTables, general: KeyFunction) -> KeyFunction:
    """Seven cards as one sum of per-card integers and one table read: a game's showdown or a
    simulation calls this once per hand, so every step of Python saved counts (eval7's C
    evaluator is the rate to meet). A hand whose suits may make a flush counts them exactly; a
    low's flush (no flush table) takes ``general``, and so does a hand no table holds."""
    weights, plain, flushes, suits = tables.weights, tables.plain, tables.flushes, tables.suits

    def key7(cards: Sequence[int]) -> int:
        a, b, c, d, e, f, g = cards
        s = weights[a] + weights[b] + weights[c] + weights[d] + weights[e] + weights[f]
        s += weights[g]
        code = s >> SEVEN_SHIFT
        table = plain[code]
        if table is not None:
            return table[s & SEVEN_RANKS]
        flushing = flushes[code]
        if flushing is None:
            return general(cards)
        table, suited = flushing
        v = suits[a] + suits[b] + suits[c] + suits[d] + suits[e] + suits[f] + suits[g]
        overflow = (v + 0x3333) & 0x8888  # the top bit of each count nibble of five or more
        if overflow and not suited:
            return general(cards)
        best = table[s & SEVEN_RANKS]
        while overflow:  # more than one suit only with wild cards or jokers
            bit = overflow & -overflow
            overflow ^= bit
            best = max(best, suited[(v >> FLUSH_FIELDS[bit]) & 0x1FFF])
        return best

    return key7


def raw_value(key: int, rules: HandRules) -> int:
    """The uninverted, untagged value behind a key (for decoding)."""
    value = key >> 3 if rules.natural_beats_wild else key
    return LOW_CEILING - value if rules.ranking.invert else value


def value_ranks(key: int, rules: HandRules) -> tuple[Category, list[int]]:
    """Category and the rank indexes of the five cards, in significance order."""
    category, nibbles = unpack(raw_value(key, rules))
    straights = rules.ranking.straights
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        return category, list(straights[len(straights) - nibbles[0]][1])
    return category, [ACE if v in (1, 14) else v - 2 for v in nibbles]


RANK_WORDS = [str(r) for r in range(2, 11)] + ["J", "Q", "K", "A"]
RANK_PLURALS = [f"{r}s" for r in range(2, 11)] + ["jacks", "queens", "kings", "aces"]


def describe(category: Category, ranks: Sequence[int], low: bool) -> str:
    """A sentence for people: "Five aces", "Pair of 10s", "K high", "8-6-4-2-A"."""
    words = [RANK_WORDS[r] for r in ranks]
    plural = [RANK_PLURALS[r] for r in ranks]
    match category:
        case Category.FIVE_OF_A_KIND:
            return f"Five {plural[0]}"
        case Category.ROYAL_FLUSH:
            return "Royal flush"
        case Category.STRAIGHT_FLUSH:
            return f"{words[0]}-high straight flush"
        case Category.FOUR_OF_A_KIND:
            return f"Four {plural[0]}, {words[4]} kicker"
        case Category.FULL_HOUSE:
            return f"Full house, {plural[0]} over {plural[3]}"
        case Category.FLUSH:
            return f"Flush, {'-'.join(words)}"
        case Category.STRAIGHT:
            return f"{words[0]}-high straight"
        case Category.THREE_OF_A_KIND:
            return f"Three {plural[0]}"
        case Category.TWO_PAIR:
            return f"Two pair, {plural[0]} and {plural[2]}"
        case Category.ONE_PAIR:
            return f"Pair of {plural[0]}"
    return "-".join(words) if low else f"{words[0]} high"


_SUIT_PREFERENCE = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def explain(cards: Sequence[AnyCard], rules: HandRules, key: int) -> HandValue:
    """The HandValue of standard cards and jokers whose key is already known."""
    indexes = [c.index for c in cards]
    five = key_function(rules, 5)
    chosen = next(
        sub for sub in combinations(range(len(cards)), 5) if five([indexes[i] for i in sub]) == key
    )
    picked = [cards[i] for i in chosen]
    category, ranks = value_ranks(key, rules)
    naturals = [c for c in picked if isinstance(c, Card) and c.index not in rules.wild]
    wilds = [c for c in picked if not (isinstance(c, Card) and c.index not in rules.wild)]
    flushy = category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
    natural_suits = {c.suit for c in naturals}
    slots: list[AnyCard | None] = []
    pool = list(naturals)
    for r in ranks:
        match = next((c for c in pool if c.rank.index == r), None)
        if match is not None:
            pool.remove(match)
        slots.append(match)
    best: list[AnyCard] = []
    wild_as: list[tuple[AnyCard, Card]] = []
    used = {(c.rank.index, c.suit) for c in naturals}
    wild_iter = iter(wilds)
    for r, slot in zip(ranks, slots, strict=True):
        if slot is not None:
            best.append(slot)
            continue
        wild = next(wild_iter)
        suit = _designated_suit(r, flushy, natural_suits, used)
        used.add((r, suit))
        best.append(wild)
        wild_as.append((wild, CARDS[r * 4 + suit]))
    return HandValue(
        rules=rules.name,
        cards=tuple(cards),
        key=key,
        category=category.json_name,
        best=tuple(best),
        wild_as=tuple(wild_as),
        description=describe(category, ranks, rules.low is not None),
    )


def _designated_suit(
    rank: int, flushy: bool, natural_suits: set[Suit], used: set[tuple[int, Suit]]
) -> Suit:
    if flushy:
        return next(iter(natural_suits)) if natural_suits else Suit.SPADES
    avoid = next(iter(natural_suits)) if len(natural_suits) == 1 else None
    free = [s for s in _SUIT_PREFERENCE if (rank, s) not in used]
    unflushed = [s for s in free if s != avoid]
    return (unflushed or free or [Suit.SPADES])[0]


def best_orientation(
    duals: Sequence[DualCard], rules: HandRules
) -> tuple[int, tuple[int, ...], list[AnyCard]]:
    """Best key over the 32 orientations of five dual-value cards; flips (1 = flipped) and
    the ends that play. High plays the top ends, low the bottom ends."""
    five = key_function(rules, 5)
    playing_top = rules.low is None
    best: tuple[int, tuple[int, ...], list[AnyCard]] | None = None
    for flips in product((0, 1), repeat=len(duals)):
        ends = [
            (d.top if (flip == 0) == playing_top else d.bottom)
            for d, flip in zip(duals, flips, strict=True)
        ]
        key = five([e.index for e in ends])
        if best is None or key > best[0]:
            best = (key, flips, ends)
    assert best is not None
    return best
