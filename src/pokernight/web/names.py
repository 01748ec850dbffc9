"""Account names as people read them: two names that look alike are one name.

A name is kept as typed (NFKC-normalised, so a full-width ``Ａｄａ`` is ``Ada``) and is unique
by its key and by its look (``look``: the skeleton before case-folding, so ``aIice`` with a
capital I is ``alice``). Its key is its confusable skeleton (Unicode TR39, through ICU's spoof
checker), case-folded before and after, so ``ɑlice`` (IPA alpha), ``alıce`` (dotless i),
``aǀice`` (a click letter), Cherokee ``ᎪᏞᎥᏟᎬ`` and Cyrillic ``аlice`` all take the key of
``alice``. ICU keeps the table of look-alikes with each Unicode version; a table of our own
would be behind. A name that mixes scripts (``аlice`` with a Cyrillic ``а``) is refused
outright: no one writes their name that way but to pass for someone else. So is a name with an
invisible character (a Hangul filler is a letter to Unicode, and alone it named an account no
one could see), and one that looks like the house's or a guest's.
"""

from __future__ import annotations

import unicodedata

import icu

MAX_NAME = 40
KEY_LENGTH = 160
"""The stored key's most characters (``schema.accounts.key``): a skeleton may be longer than
its name (``m`` is ``rn``)."""

SPOOF = icu.SpoofChecker()

SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK"}
"""Scripts written together (Japanese mixes kana and Han, Korean Hangul and Han)."""


class BadName(ValueError):
    """A name that cannot be an account's; the message says why."""


def normal(name: str) -> str:
    """The name as kept and shown (NFKC)."""
    return unicodedata.normalize("NFKC", name)


def skeleton(text: str) -> str:
    """TR39's skeleton: each character replaced by the one it is drawn like."""
    return str(SPOOF.getSkeleton(0, text))


def key(name: str) -> str:
    """What makes two names the same: the skeleton of the NFKC name case-folded, folded and
    taken again (a skeleton may be upper-case: Cherokee ``Ꭺ`` is drawn like ``A``)."""
    return skeleton(skeleton(normal(name).casefold()).casefold())


def look(name: str) -> str:
    """How the name looks, case and all: its skeleton taken before any case-folding, so a
    capital I drawn like an l counts as one (``aIice`` looks like ``alice``, though as
    letters it is ``aiice``). A name is refused when its key or its look is another name's
    key or look."""
    return skeleton(skeleton(normal(name)).casefold()).casefold()


def _script(char: str) -> str | None:
    """The script of a letter from its Unicode name (``CYRILLIC SMALL LETTER A``); None for
    digits, '-' and '_', which any script may use."""
    if char in "-_" or (char.isdigit() and char.isascii()):
        return None
    first = unicodedata.name(char, "UNKNOWN").split()[0]
    first = "CJK" if first.startswith("CJK") else first
    return SCRIPT_FAMILIES.get(first, first)


RESERVED = ("the_house", "guest-")
"""The house's name (``the house``, which sign-up's rules keep anyone from typing, but not a
look-alike of it) and the start of guests' names: names no person may take."""


def _invisible(char: str) -> bool:
    """A character that shows nothing: a filler (Hangul's, U+3164 and its kin) or one of
    Unicode's default-ignorable format characters."""
    return "FILLER" in unicodedata.name(char, "") or unicodedata.category(char) == "Cf"


def check(name: str) -> str:
    """The name to keep, or ``BadName`` saying what is wrong with it."""
    shown = normal(name)
    if not 1 <= len(shown) <= MAX_NAME:
        raise BadName(f"a name is 1 to {MAX_NAME} characters")
    if any(map(_invisible, shown)):
        raise BadName("a name shows every character it has: no invisible or filler characters")
    found = key(shown)
    if found == key(RESERVED[0]) or found.startswith(key(RESERVED[1])):
        raise BadName("that name is kept for the house and its guests: choose another")
    if not shown.replace("_", "").replace("-", "").isalnum():
        raise BadName("a name is letters, digits, '-' or '_'")
    scripts = {s for s in map(_script, shown) if s is not None}
    if len(scripts) > 1:
        found = ", ".join(sorted(s.title() for s in scripts))
        raise BadName(f"a name is written in one script, not a mix ({found})")
    if len(key(shown)) > KEY_LENGTH:
        raise BadName("that name is too long once its look-alike letters are spelled out")
    return shown
