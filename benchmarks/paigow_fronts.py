"""The dealer's weakest front hands by our house way, against the Wizard of Odds' exact counts.

The Wizard of Odds' "Pai Gow Poker Power Ratings" (wizardofodds.com/games/pai-gow-poker/
appendix/1/) count, over all 154,143,080 seven-card hands, how often the dealer setting by the
Trump Plaza house way ends with each two-card front. Fronts of 9-high or less come mostly from
hands with a straight or flush kept behind, the rest from the no-pair, one-pair, trips and
four-of-a-kind rules, so these rows check when a straight or flush stays in back, which RULES.md
and the Trump Plaza share (their two-pair tables never leave such a front).

This samples dealer hands, sets each by the house way, and prints, row by row, the count the
exact table predicts for the sample, ours, and the difference in standard errors, with the
chi-square over all rows (22 rows: about 22 when they agree, 34 is the 95% point). Run it:
``.venv/bin/python benchmarks/paigow_fronts.py [--hands 2000000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from pokernight.cards import joker_deck
from pokernight.games.paigow.hands import PAIR_VALUES
from pokernight.games.paigow.way import TRUMP_PLAZA, house_way

ALL_HANDS = 154_143_080
PUBLISHED = {
    (3, 2): 221_460,
    (4, 2): 203_436,
    (4, 3): 188_708,
    (5, 2): 183_192,
    (5, 3): 170_756,
    (5, 4): 163_256,
    (6, 2): 165_882,
    (6, 3): 153_212,
    (6, 4): 147_932,
    (6, 5): 146_594,
    (7, 2): 157_212,
    (7, 3): 153_030,
    (7, 4): 148_574,
    (7, 5): 187_184,
    (7, 6): 272_000,
    (8, 2): 148_254,
    (8, 3): 138_024,
    (8, 4): 142_064,
    (8, 5): 181_434,
    (8, 6): 306_278,
    (8, 7): 842_290,
    (9, 2): 149_448,
}
"""Dealer fronts (high card, low card) and how many of all seven-card hands end with them."""


def fronts(hands: int, seed: int) -> Counter[tuple[int, int]]:
    """How often each front comes up over ``hands`` dealer hands, progress on stderr."""
    rng = random.Random(seed)
    deck = joker_deck()
    counts: Counter[tuple[int, int]] = Counter()
    step = max(1, hands // 20)
    for done in range(hands):
        setting = house_way(rng.sample(deck, 7), TRUMP_PLAZA)
        a, b = (PAIR_VALUES[card.index] for card in setting.front)
        counts[max(a, b), min(a, b)] += 1
        if done % step == 0:
            print(f"\r{done:,} of {hands:,} dealer hands", end="", file=sys.stderr)
    print(file=sys.stderr)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = fronts(args.hands, args.seed)
    chi2 = 0.0
    print(f"{'front':>6} {'exact':>9} {'ours':>7} {'z':>6}")
    for (high, low), combos in PUBLISHED.items():
        expected = combos / ALL_HANDS * args.hands
        ours = counts[high, low]
        z = (ours - expected) / expected**0.5
        chi2 += z * z
        print(f"{high:>3},{low:<2} {expected:9.0f} {ours:7d} {z:+6.1f}")
    print(f"chi-square {chi2:.1f} over {len(PUBLISHED)} rows ({args.hands:,} dealer hands)")


if __name__ == "__main__":
    main()
