"""How to install an optional part of pokernight, said the same way wherever one is missing:
most people run it from a clone (``pip install -e``), some from a package index."""

from __future__ import annotations


def install(extra: str) -> str:
    """The commands that install ``extra``."""
    return f"pip install -e '.[{extra}]' in a clone, or pip install 'pokernight[{extra}]'"
