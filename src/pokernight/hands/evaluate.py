"""One entry point for every rule set: check the cards, evaluate, compare and say why."""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import AnyCard, Card, DualCard, Joker, parse_cards, parse_duals
from pokernight.errors import InvalidCards
from pokernight.hands.climb import classify_play, describe_play, play_key
from pokernight.hands.five import (
    RANK_WORDS,
    best_orientation,
    explain,
    key_function,
    raw_value,
    value_ranks,
)
from pokernight.hands.rules import Family, HandRules
from pokernight.hands.twocard import EVALUATORS, explain_two
from pokernight.hands.value import Category, Comparison, HandValue, unpack

Hand = Sequence[AnyCard] | Sequence[DualCard]


def parse_hand(text: str | Sequence[str], rules: HandRules) -> list[AnyCard] | list[DualCard]:
    """Parse a hand in the notation the rule set uses (dual-value cards for dual presets)."""
    if rules.dual:
        return parse_duals(text)
    return parse_cards(text)


def check(cards: Hand, rules: HandRules) -> None:
    """InvalidCards, with what is wrong and what is allowed, unless this is a hand of ``rules``."""
    if len(cards) not in rules.sizes:
        raise InvalidCards(f"{rules.name} hands have {rules.sizes_said} cards, got {len(cards)}")
    ends: list[object] = []
    for card in cards:
        if isinstance(card, DualCard):
            ends.extend((card.top, card.bottom))
        else:
            if rules.dual:
                raise InvalidCards(f"{card} is not a dual-value card: write top/bottom, e.g. As/7d")
            ends.append(card)
    if not rules.dual and any(isinstance(c, DualCard) for c in cards):
        raise InvalidCards(f"{rules.name} takes standard cards, not dual-value cards")
    if any(isinstance(e, Joker) for e in ends) and not rules.has_joker:
        raise InvalidCards(f"{rules.name} is played without a joker: remove Jk")


def evaluate(cards: Hand, rules: HandRules) -> HandValue:
    """Evaluate a hand once; the value carries its key and the explanation."""
    check(cards, rules)
    if rules.dual:
        duals = [c for c in cards if isinstance(c, DualCard)]
        key, flips, ends = best_orientation(duals, rules)
        value = explain(ends, rules, key)
        return HandValue(
            rules=rules.name,
            cards=tuple(duals),
            key=key,
            category=value.category,
            best=value.best,
            wild_as=value.wild_as,
            description=value.description,
            orientation=flips,
        )
    plain = [c for c in cards if isinstance(c, Card | Joker)]
    if rules.family is Family.FIVE:
        key = key_function(rules, len(plain))([c.index for c in plain])
        return explain(plain, rules, key)
    if rules.family is Family.BIGTWO:
        if any(isinstance(c, Joker) for c in plain):
            raise InvalidCards("bigtwo is played without a joker: remove Jk")
        naturals = [c for c in plain if isinstance(c, Card)]
        combo, key = classify_play(naturals)
        return HandValue(
            rules=rules.name,
            cards=tuple(plain),
            key=play_key(combo, key),
            category=combo.json_name,
            best=tuple(plain),
            description=describe_play(combo, naturals),
        )
    return explain_two(plain, rules)


def evaluate_key(cards: Hand, rules: HandRules) -> int:
    """Only the key (no explanation): what a showdown compares."""
    check(cards, rules)
    if rules.family is Family.FIVE and not rules.dual:
        return key_function(rules, len(cards))(
            [c.index for c in cards if not isinstance(c, DualCard)]
        )
    if rules.family in EVALUATORS:
        return EVALUATORS[rules.family]([c for c in cards if not isinstance(c, DualCard)], rules)[0]
    return evaluate(cards, rules).key


def compare(hands: Sequence[Hand], rules: HandRules) -> Comparison:
    """Evaluate each hand on its own (hands may share cards) and say who wins and why."""
    if len(hands) < 2:
        raise InvalidCards("compare needs at least two hands")
    values = tuple(evaluate(hand, rules) for hand in hands)
    if rules.family is Family.BIGTWO and len({len(v.cards) for v in values}) > 1:
        raise InvalidCards("Big Two compares plays of the same number of cards only")
    top = max(v.key for v in values)
    winners = tuple(i for i, v in enumerate(values) if v.key == top)
    notes = [_wild_note(v, rules) for v in values if v.wild_as]
    if len(winners) == len(values):
        reason = f"Tie: {values[0].description}"
    else:
        loser = max((v for v in values if v.key != top), key=lambda v: v.key)
        reason = _decide(values[winners[0]], loser, rules)
        if len(winners) > 1:
            reason = f"Split between hands {', '.join(map(str, winners))}: {reason}"
    if notes:
        reason = f"{reason} ({'; '.join(notes)})"
    return Comparison(rules.name, values, winners, reason)


def _wild_note(value: HandValue, rules: HandRules) -> str:
    if rules.family in (Family.HURRICANE_HIGH, Family.HURRICANE_LOW):
        played = dict((str(w), c) for w, c in value.wild_as)
        before = "".join(_rank_char(c) for c in value.cards)
        after = "".join(
            _rank_char(played[str(c)]) if str(c) in played else _rank_char(c) for c in value.cards
        )
        return f"{before} plays as {after}"
    return ", ".join(f"{w} plays as {c}" for w, c in value.wild_as)


def _rank_char(card: object) -> str:
    return card.rank.char if isinstance(card, Card) else "Jk"


def _decide(winner: HandValue, loser: HandValue, rules: HandRules) -> str:
    """The deciding step between the winner and the best losing hand."""
    if rules.family is Family.BIGTWO:
        if winner.category != loser.category:
            return f"{_label(winner.category)} beats {_label(loser.category).lower()}"
        return f"{winner.description} beats {loser.description}"
    if rules.family is not Family.FIVE:
        if winner.category != loser.category:
            kind = "pair" if winner.category == "pair" else "non-pair"
            other = "non-pair" if kind == "pair" else "pair"
            return f"Any {kind} beats any {other}"
        return _first_difference(_played(winner, rules), _played(loser, rules))
    win_raw, lose_raw = raw_value(winner.key, rules), raw_value(loser.key, rules)
    if win_raw == lose_raw:
        return "Natural beats wild: fewer wild cards in the same hand"
    win_cat, _ = unpack(win_raw)
    lose_cat, _ = unpack(lose_raw)
    if win_cat != lose_cat:
        return f"{_label(win_cat.json_name)} beats {_label(lose_cat.json_name).lower()}"
    _, win_ranks = value_ranks(winner.key, rules)
    _, lose_ranks = value_ranks(loser.key, rules)
    if win_cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{RANK_WORDS[win_ranks[0]]}-high beats {RANK_WORDS[lose_ranks[0]]}-high"
    return _first_difference(win_ranks, lose_ranks)


def _played(value: HandValue, rules: HandRules) -> list[int]:
    return EVALUATORS[rules.family](list(value.cards), rules)[1]  # type: ignore[arg-type]


def _first_difference(win: Sequence[int], lose: Sequence[int]) -> str:
    for a, b in zip(win, lose, strict=True):
        if a != b:
            return f"{RANK_WORDS[a]} beats {RANK_WORDS[b]}"
    return "Equal hands"


def _label(category: str) -> str:
    return category.replace("_", " ").capitalize().replace("One pair", "Pair")
