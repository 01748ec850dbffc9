"""Two-card rankings: Hurricane high and low (its rule sets' wild cards: the deuces) and the
Pai Gow low hand.

Suits never matter here. Keys: ``1 << 8`` marks the better class (a pair for high and Pai Gow;
a non-pair for Hurricane low), the low byte orders within it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import CARDS, AnyCard, Card, Joker, Suit
from pokernight.hands.five import RANK_PLURALS, RANK_WORDS
from pokernight.hands.rules import ACE, Family, HandRules, JokerMode
from pokernight.hands.value import HandValue


def _high_order(r: int) -> int:
    return r + 2


def _low_order(r: int) -> int:
    return 1 if r == ACE else r + 2


def _ranks(cards: Sequence[AnyCard]) -> list[int]:
    return [ACE if isinstance(c, Joker) else c.rank.index for c in cards]


def _wild(cards: Sequence[AnyCard], rules: HandRules) -> list[bool]:
    """Which cards are wild: the rule set's wild cards (Hurricane's deuces), and the joker
    where the rule set makes it wild."""
    joker_wild = rules.joker is JokerMode.WILD
    return [c.index in rules.wild if isinstance(c, Card) else joker_wild for c in cards]


def hurricane_high(cards: Sequence[AnyCard], rules: HandRules) -> tuple[int, list[int], bool]:
    """(key, ranks played, is pair): a wild card pairs its partner; two wild cards are a pair
    of aces."""
    (a, b), (wild_a, wild_b) = _ranks(cards), _wild(cards, rules)
    if wild_a or wild_b:
        paired = ACE if wild_a and wild_b else (b if wild_a else a)
        return (1 << 8) | _high_order(paired), [paired, paired], True
    a, b = sorted((a, b), key=_high_order, reverse=True)
    if a == b:
        return (1 << 8) | _high_order(a), [a, b], True
    return (_high_order(a) << 4) | _high_order(b), [a, b], False


def hurricane_low(cards: Sequence[AnyCard], rules: HandRules) -> tuple[int, list[int], bool]:
    """(key, ranks played, is pair): ace low; a wild card is its natural self (a 2) beside an
    ace, an ace beside anything else; two wild cards are a pair of aces, the best pair."""
    (a, b), (wild_a, wild_b) = _ranks(cards), _wild(cards, rules)
    if wild_a and wild_b:
        played = [ACE, ACE]
    elif wild_a or wild_b:
        other, natural = (b, a) if wild_a else (a, b)
        played = [other, natural] if other == ACE else [other, ACE]
    else:
        played = [a, b]
    hi, lo = sorted(played, key=_low_order, reverse=True)
    if hi == lo:
        return 15 - _low_order(hi), [hi, lo], True
    return (1 << 8) | (255 - ((_low_order(hi) << 4) | _low_order(lo))), [hi, lo], False


def paigow_low(cards: Sequence[AnyCard], rules: HandRules) -> tuple[int, list[int], bool]:
    """(key, ranks, is pair): pairs AA..22 above non-pairs A-K..3-2; the joker is an ace."""
    a, b = sorted(_ranks(cards), key=_high_order, reverse=True)
    if a == b:
        return (1 << 8) | _high_order(a), [a, b], True
    return (_high_order(a) << 4) | _high_order(b), [a, b], False


EVALUATORS = {
    Family.HURRICANE_HIGH: hurricane_high,
    Family.HURRICANE_LOW: hurricane_low,
    Family.PAIGOW_LOW: paigow_low,
}


def explain_two(cards: Sequence[AnyCard], rules: HandRules) -> HandValue:
    key, played, pair = EVALUATORS[rules.family](cards, rules)
    wild_as: list[tuple[AnyCard, Card]] = []
    pool = list(played)
    wild = [isinstance(c, Joker) or w for c, w in zip(cards, _wild(cards, rules), strict=True)]
    for card, is_wild in zip(cards, wild, strict=True):
        if not is_wild and isinstance(card, Card):
            pool.remove(card.rank.index)
    for card, is_wild in zip(cards, wild, strict=True):
        if not is_wild:
            continue
        target = pool.pop(0)
        if isinstance(card, Card) and card.rank.index == target:
            continue  # a wild card beside an ace plays as itself
        taken = {c.suit for c in cards if isinstance(c, Card) and c.rank.index == target}
        suit = next(
            s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s not in taken
        )
        wild_as.append((card, CARDS[target * 4 + suit]))
    hi, lo = played
    if pair:
        text = f"Pair of {RANK_PLURALS[hi]}"
    elif rules.family is Family.HURRICANE_LOW:
        text = f"{RANK_WORDS[hi]}-{RANK_WORDS[lo]} low"
    else:
        text = f"{RANK_WORDS[hi]}-{RANK_WORDS[lo]}"
    return HandValue(
        rules=rules.name,
        cards=tuple(cards),
        key=key,
        category="pair" if pair else "no_pair",
        best=tuple(cards),
        wild_as=tuple(wild_as),
        description=text,
    )
