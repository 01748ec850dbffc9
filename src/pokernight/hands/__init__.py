"""Hand evaluation: one family of evaluators, many rule sets (see ``rules.PRESETS``)."""

from pokernight.hands.evaluate import compare, evaluate, evaluate_key
from pokernight.hands.rules import PRESETS, HandRules, preset
from pokernight.hands.value import Comparison, HandValue

__all__ = [
    "PRESETS",
    "Comparison",
    "HandRules",
    "HandValue",
    "compare",
    "evaluate",
    "evaluate_key",
    "preset",
]
