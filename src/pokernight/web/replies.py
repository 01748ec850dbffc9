"""What the table's routes answer, declared: each route names its reply's shape, so what a
page or a script gets back is written down in one place, and a field a route forgot, or one
it should not send, fails the route rather than reaching a page. A reply
that has two forms (the host's panel once the table is over, a chip request not yet made)
leaves the other form's fields unset, and the route sends the set ones alone."""

from __future__ import annotations

from pydantic import BaseModel

from pokernight.web.hosting import Hosting


class ChosenGame(BaseModel):
    game: str
    options: dict[str, str]
    by: int


class HostSettings(BaseModel):
    """A table's host settings (``hosting.Hosting``)."""

    approve_seats: bool
    spectator_chat: bool
    paused: bool
    rebuy_limit: int
    point_value: int
    chooser: str
    games: list[str]
    next_game: ChosenGame | None

    @classmethod
    def of(cls, settings: Hosting) -> HostSettings:
        chosen = settings.next_game
        return cls(
            approve_seats=settings.approve_seats,
            spectator_chat=settings.spectator_chat,
            paused=settings.paused,
            rebuy_limit=settings.rebuy_limit,
            point_value=settings.point_value,
            chooser=settings.chooser,
            games=list(settings.games),
            next_game=None
            if chosen is None
            else ChosenGame(game=chosen.game, options=chosen.options, by=chosen.by),
        )


class Asking(BaseModel):
    """A seat request waiting for the host."""

    account: int
    name: str
    seat: int | None


class Panel(BaseModel):
    """The host's panel: the settings and the seats' states, or once the table is over only
    ``over`` and ``ledger`` (sent alone)."""

    over: str | None
    ledger: str
    approve_seats: bool | None = None
    spectator_chat: bool | None = None
    paused: bool | None = None
    rebuy_limit: int | None = None
    point_value: int | None = None
    chooser: str | None = None
    games: list[str] | None = None
    next_game: ChosenGame | None = None
    away: list[int] | None = None
    removing: list[int] | None = None
    sitting_out: list[int] | None = None
    requests: list[Asking] | None = None
    bots: list[str] | None = None
    in_hand: bool | None = None
    dealt: bool | None = None
    ending: str | None = None
    top_ups: bool | None = None
    """Chips may be added to a seat (not in a game of points, nor in a sit-and-go)."""
    seats_fixed: bool | None = None
    """A sit-and-go under way: no computer comes or goes until it ends."""
    invite: str | None = None


class Answered(BaseModel):
    answered: str


class AwaySeats(BaseModel):
    away: list[int]


class Removing(BaseModel):
    removing: list[int]


class Stake(BaseModel):
    seat: int
    stake: int


class Computers(BaseModel):
    computers: dict[int, str]


class Ending(BaseModel):
    """``over``: the table ended now; else ``ending``: it ends once the hand in play is."""

    over: str | None
    ending: str | None


class ChipNews(BaseModel):
    """Where the asker's latest chip request stands (``status`` None: none made, and the
    other fields but ``limit`` are not sent)."""

    status: str | None
    limit: int
    amount: int | None = None
    coming: int | None = None
    message: str | None = None


class ChipAsked(BaseModel):
    account: int
    name: str
    seat: int
    amount: int


class ChipRequests(BaseModel):
    limit: int
    requests: list[ChipAsked]


class Limit(BaseModel):
    limit: int


class NextGame(BaseModel):
    game: str
    options: dict[str, str]


class SittingOut(BaseModel):
    seat: int
    out: bool


class Seating(BaseModel):
    """A seat taken at once (``seated``), or a request the host sees (``requested``: the
    seat asked for, None for any); the other is not sent."""

    seated: int | None = None
    requested: int | None = None


class Dealing(BaseModel):
    """What a table is dealt from (``routes.tables.deal``)."""

    practice: bool
    verifiable: bool
    commitment: str | None
    secret: str | None
