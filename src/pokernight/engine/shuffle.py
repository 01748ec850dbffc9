"""Dealing from a seed: the deck a hand deals from, the order cards are dealt in, and a fast
seeded sample for a game that deals once from a fresh deck. A hand being played (``engine.play``,
``engine.dealt``) deals with these; nothing here knows a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

from pokernight.cards import Playable

C = TypeVar("C", bound=Playable)


def shuffled(cards: Sequence[C], seed: int, stacked: Sequence[C] | None = None) -> list[C]:
    """The deck for a hand, dealt from the end: shuffled by the seed, or with ``stacked`` on
    top in that order (lessons and tests)."""
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    if stacked is not None:
        on_top = set(stacked)
        deck = [c for c in deck if c not in on_top] + list(reversed(stacked))
    return deck


def dealing_order(hands: Sequence[Sequence[C]]) -> list[C]:
    """The cards in the order ``DealtHand.deal_holes`` deals them, one at a time around the
    table, to ``hands`` (listed in the order dealt, the dealer's left first): stacked on top
    of the deck this way, they deal exactly these hands (determinized hands for search)."""
    return [hand[i] for i in range(len(hands[0])) for hand in hands]


def seeded_sample(cards: Sequence[C], count: int, seed: int) -> list[C]:
    """``count`` cards drawn from ``cards`` by the seed, every ordered draw equally likely, for
    a game that deals once from a fresh deck (Pai Gow). Seeding a ``random.Random`` costs
    about 4 µs, twice the whole draw: here the random bytes are BLAKE2b of the seed and a block
    counter, and each draw takes one byte, skipping the few above the largest multiple of the
    cards left (rejection sampling, so no card is favoured)."""
    deck = list(cards)
    if len(deck) > 256:
        raise ValueError("a byte per draw: at most 256 cards")
    key = seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)
    data, block, used = b"", 0, 64
    for left in range(len(deck), len(deck) - count, -1):
        limit = 256 - 256 % left
        while True:
            if used == 64:
                data, used = blake2b(key + block.to_bytes(4, "little")).digest(), 0
                block += 1
            byte = data[used]
            used += 1
            if byte < limit:
                break
        pick = byte % left
        deck[pick], deck[left - 1] = deck[left - 1], deck[pick]
    return deck[::-1][:count]  # each draw went to the end of what was left
