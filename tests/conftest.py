"""Shared helpers: evaluate from text, in the notation of the command line."""

from __future__ import annotations

from pokernight.hands import HandValue, compare, evaluate, preset
from pokernight.hands.evaluate import parse_hand


def ev(cards: str, rules: str) -> HandValue:
    rule_set = preset(rules)
    return evaluate(parse_hand(cards, rule_set), rule_set)


def winners(rules: str, *hands: str) -> tuple[int, ...]:
    rule_set = preset(rules)
    return compare([parse_hand(h, rule_set) for h in hands], rule_set).winners


def beats(rules: str, better: str, worse: str) -> bool:
    return winners(rules, better, worse) == (0,)


def ties(rules: str, a: str, b: str) -> bool:
    return winners(rules, a, b) == (0, 1)
