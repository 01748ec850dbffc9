"""Everything that changes a live table, as plain data: a command for each thing a person,
the host or the table's own clock and computers may do. ``live.LiveTable.submit`` handles
them one at a time from the table's queue and answers each with ``Done`` or ``Refused``.

Why plain data: the table is one writer, so whoever changes it (a socket's move, a route, a
turn timer, the computers' thread, the idle sweep) says what it wants and waits for the
answer rather than reaching into its parts; and a command that is only data could be sent to
a table run by another process (``docs/architecture.md``, scale-out)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# a person at the table


@dataclass(frozen=True)
class Act:
    """A move (``text``, e.g. ``"call"``) for ``seat`` (None: the account's), stamped with
    the table version it was chosen at (None: unstamped)."""

    account: int
    text: str
    seat: int | None = None
    seq: int | None = None


@dataclass(frozen=True)
class Sit:
    account: int
    seat: int
    guest: bool = False


@dataclass(frozen=True)
class Leave:
    account: int


@dataclass(frozen=True)
class AskSeat:
    """A seat request for the host (``seat`` None: any)."""

    account: int
    seat: int | None


@dataclass(frozen=True)
class SitOut:
    account: int


@dataclass(frozen=True)
class Back:
    """The account is back (``chosen``: they said so, not only a page opened)."""

    account: int
    chosen: bool = True


@dataclass(frozen=True)
class Opened:
    """A page of the table opened for ``account``."""

    account: int


@dataclass(frozen=True)
class Closed:
    account: int


@dataclass(frozen=True)
class AskChips:
    account: int
    seat: int
    amount: int


@dataclass(frozen=True)
class ChooseGame:
    """The chooser's next game, with its options."""

    account: int
    game: str
    options: dict[str, str] = field(default_factory=dict)


# the host's (``routes.host`` checks who asks)


@dataclass(frozen=True)
class AnswerSeat:
    account: int
    approve: bool
    seat: int | None = None


@dataclass(frozen=True)
class AnswerChips:
    """The host ``by`` answers ``account``'s chip request of ``amount`` (None: whatever it
    is now)."""

    account: int
    approve: bool
    by: int
    amount: int | None = None


@dataclass(frozen=True)
class Settings:
    """The host's settings changed (``hosting.Hosting``'s fields): pausing, dealing (resume),
    seat approval, the games allowed and who chooses."""

    chosen: dict[str, Any]


@dataclass(frozen=True)
class RebuyLimit:
    limit: int


@dataclass(frozen=True)
class Away:
    seat: int
    away: bool


@dataclass(frozen=True)
class Remove:
    seat: int


@dataclass(frozen=True)
class TopUp:
    seat: int
    amount: int
    host: int


@dataclass(frozen=True)
class AddComputer:
    seat: int
    bot: str


@dataclass(frozen=True)
class RemoveComputer:
    seat: int


@dataclass(frozen=True)
class End:
    """The host ends the table: now between hands, else once the hand in play is over."""

    reason: str


# the table's own


@dataclass(frozen=True)
class Close:
    """The idle sweep closes the table: its hand played out by the timeout rule."""

    reason: str


@dataclass(frozen=True)
class TurnExpired:
    """The turn timer of hand ``hand`` after ``moves`` actions ran out."""

    hand: int
    moves: int


@dataclass(frozen=True)
class ComputerMoved:
    """A computer chose ``action`` for hand ``hand`` after ``moves`` actions."""

    hand: int
    moves: int
    action: str


@dataclass(frozen=True)
class NextHand:
    """Run the table on: the pause after a hand is over, the server started, a computer's
    one-time work moved on."""


@dataclass(frozen=True)
class Prepared:
    """A computer's one-time work moved on or ended: shown, and the table runs on if done."""


Command = (
    Act
    | Sit
    | Leave
    | AskSeat
    | SitOut
    | Back
    | Opened
    | Closed
    | AskChips
    | ChooseGame
    | AnswerSeat
    | AnswerChips
    | Settings
    | RebuyLimit
    | Away
    | Remove
    | TopUp
    | AddComputer
    | RemoveComputer
    | End
    | Close
    | TurnExpired
    | ComputerMoved
    | NextHand
    | Prepared
)


@dataclass(frozen=True)
class Done:
    """The command was carried out; ``value`` is what it made (a stake, the settings)."""

    value: Any = None


@dataclass(frozen=True)
class Refused:
    """Nothing changed, and why, in the asker's words."""

    reason: str


Answer = Done | Refused
