"""One exception family, so a front end can catch every rule violation in one place.

Each message says what was wrong and what is allowed: it is shown to a person as is.
"""


class PokernightError(Exception):
    """Base of every error pokernight raises on purpose."""


class InvalidCards(PokernightError):
    """Card text that does not parse, duplicates, wrong counts, or cards a deck does not hold."""


class InvalidRules(PokernightError):
    """A rule preset or option combination that does not exist or cannot be played."""


class IllegalAction(PokernightError):
    """An action that is not legal in the current state of a hand."""


class InvalidFile(PokernightError):
    """A file that cannot be read as what it should hold: missing, a folder, unreadable,
    binary, empty, or larger than any such file."""
