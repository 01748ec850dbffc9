"""Account names as people read them: two names that look alike are one name.

A name is kept as typed (NFKC-normalised, so a full-width ``Ａｄａ`` is ``Ada``) and is unique by
its key: NFKC and case-folded, with the Cyrillic and Greek letters that are drawn like Latin
ones read as those Latin letters. A name that mixes scripts (``аlice`` with a Cyrillic ``а``)
is refused outright: no one writes their name that way but to pass for someone else.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40

LOOK_ALIKES = str.maketrans(
    # Cyrillic
    "аеорсухіјѕԁһӏԛԝкмтвн"
    # Greek
    "αεοριυνκτχηβζ",
    "aeopcyxijsdhlqwkmtbhaeopiuvktxhbz",
)
"""Lower-case (case-folded) Cyrillic and Greek letters drawn like a Latin letter, and that
letter: an all-Cyrillic ``сое`` takes the key of ``coe``."""

SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK"}
"""Scripts written together (Japanese mixes kana and Han, Korean Hangul and Han)."""


class BadName(ValueError):
    """A name that cannot be an account's; the message says why."""


def normal(name: str) -> str:
    """The name as kept and shown (NFKC)."""
    return unicodedata.normalize("NFKC", name)


def key(name: str) -> str:
    """What makes two names the same: NFKC, case-folded, look-alike letters read as Latin."""
    folded = unicodedata.normalize("NFKC", normal(name).casefold())
    return folded.translate(LOOK_ALIKES)


def _script(char: str) -> str | None:
    """The script of a letter from its Unicode name (``CYRILLIC SMALL LETTER A``); None for
    digits, '-' and '_', which any script may use."""
    if char in "-_" or (char.isdigit() and char.isascii()):
        return None
    first = unicodedata.name(char, "UNKNOWN").split()[0]
    first = "CJK" if first.startswith("CJK") else first
    return SCRIPT_FAMILIES.get(first, first)


def check(name: str) -> str:
    """The name to keep, or ``BadName`` saying what is wrong with it."""
    shown = normal(name)
    if not 1 <= len(shown) <= MAX_NAME:
        raise BadName(f"a name is 1 to {MAX_NAME} characters")
    if not shown.replace("_", "").replace("-", "").isalnum():
        raise BadName("a name is letters, digits, '-' or '_'")
    scripts = {s for s in map(_script, shown) if s is not None}
    if len(scripts) > 1:
        found = ", ".join(sorted(s.title() for s in scripts))
        raise BadName(f"a name is written in one script, not a mix ({found})")
    return shown
