"""The WebSocket messages, as pydantic models: the server validates what clients send with
them, and ``docs/websocket-schema.json`` is their JSON Schema (``write_schema``).

Every server message carries ``seq``, the table's version: it grows by one with each change, so
a client that reconnects gets a ``state`` snapshot and continues from its ``seq``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_MESSAGE = 2048
"""Bytes: a client message longer than this is refused unread."""


class Act(BaseModel):
    """Take an action (its text form, e.g. ``raise 2``). ``seat`` and ``seq``, if given, must be
    the sender's seat and the table's current version: a stale click changes nothing."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["act"]
    action: str = Field(max_length=200)
    seat: int | None = None
    seq: int | None = None


class Sync(BaseModel):
    """Ask for a fresh ``state`` snapshot."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["sync"]


class Back(BaseModel):
    """I am back: deal me in again from the next hand (after sitting out, ``sitting_out``)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["back"]


class Try(BaseModel):
    """Before acting: would this action be taken, and what would it make of my hand? Answered
    by ``Tried``; nothing changes. ``seq``, if given, is the version asked about: once the
    table has moved on the answer says so, rather than describe a hand the asker has not seen
    yet."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["try"]
    action: str = Field(max_length=200)
    seq: int | None = None


class Suggest(BaseModel):
    """The move the game names for my seat now (Pai Gow: the house way), answered by
    ``Suggested``; nothing changes. ``seq`` as for ``Try``."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["suggest"]
    seq: int | None = None


ClientMessage = Annotated[Act | Sync | Back | Try | Suggest, Field(discriminator="type")]
client_message: TypeAdapter[Act | Sync | Back | Try | Suggest] = TypeAdapter(ClientMessage)


class ChoiceShape(BaseModel):
    """One action taken as it is: a button with ``label`` on it that sends ``action``."""

    shape: Literal["choice"]
    action: str
    label: str
    key: str


class AmountShape(BaseModel):
    """A wager: ``verb`` and an amount, each of ``amounts`` a button when they are listed (None:
    any whole amount from ``low`` to ``high``, typed)."""

    shape: Literal["amount"]
    verb: str
    key: str
    low: int
    high: int
    amounts: list[int] | None


class CardsShape(BaseModel):
    """Some of your cards, chosen: ``verb`` and the cards; ``actions``, the listed choices
    (any order of their cards names one; None: too many to list, the server judges)."""

    shape: Literal["cards"]
    verb: str
    key: str
    sizes: list[int]
    actions: list[str] | None
    aside: str


class OrientShape(BaseModel):
    """A flip per card, ``verb`` then one 0 (as dealt) or 1 (turned) per card, commas between."""

    shape: Literal["orient"]
    verb: str
    key: str
    named: int


Shape = Annotated[
    ChoiceShape | AmountShape | CardsShape | OrientShape, Field(discriminator="shape")
]


class Legal(BaseModel):
    """The legal actions: listed whole when short; a long list (wagers, orientations, Pai Gow
    settings) as its count, first and last action and a summary. ``shapes``: the same
    decisions as families to draw (``engine.shapes``), which is all a client needs to render
    the turn."""

    kind: str
    count: int
    actions: list[str] | None
    first: str
    last: str
    summary: str
    shapes: list[Shape]


class ViewModel(BaseModel):
    """One seat's view (docs/architecture.md): ``None`` for each card the viewer may not see.
    ``events`` are the hand's events from index ``events_from`` on: after the first state of a
    hand a socket gets only the events it has not had (the client keeps the earlier ones of
    the same hand); a new socket, a ``sync`` and a new hand start again from 0.
    ``points``: the game is played for points (each stake is minus the seat's points, fewer
    is better; ``pot`` is None);
    ``board_is`` says what the face-up ``board`` cards are (the catalog's words)."""

    game: str
    seat: int | None
    phase: str
    hand: int
    dealer: int | None
    """None: the house deals (a banking game)."""
    to_act: int | None
    pot: int | None
    """None: the game has no pot (a game played for points, or wagers against a bank)."""
    points: bool
    stakes: list[int]
    live: list[bool]
    cards: list[list[str | None]]
    committed: list[int] | None
    """Each seat's chips in this betting round, or its wager against the bank; None where
    the moment or the game has neither."""
    to_call: int
    board: list[str]
    board_is: str
    legal: Legal | None
    events: list[dict[str, Any]]
    events_from: int = 0
    rows: list[str] | None = None
    legend: list[str] | None = None
    """What the ``rows``' shorthand means, line by line."""


HIDDEN = "hidden"
"""A computer seat's player while its game keeps the strategies hidden (Hurricane's, until the
game is over)."""


class SeatInfo(BaseModel):
    seat: int
    computer: str | None
    """The computer player at the seat (``HIDDEN`` while its game hides it); None: a person's."""
    player: str | None


class Preparing(BaseModel):
    """A computer's one-time work the table waits for: what, how much is done (0 to 1),
    where it stands, and why it failed if it did."""

    title: str
    done: float
    line: str
    failed: str | None = None


class NextGameInfo(BaseModel):
    game: str
    options: dict[str, str]
    by: str


class RoundInfo(BaseModel):
    """Where a game of points played in rounds stands: the round in play (between rounds
    the one whose result the table shows; once the game is over, its last), of how many its
    options play (None: it plays to a points threshold instead)."""

    number: int
    of: int | None


class PlaceInfo(BaseModel):
    """A seat's finish in a sit-and-go: its place in words (``2nd``), and its prize once the
    sit-and-go is over (None before: only the seats out have a place)."""

    seat: int
    place: str
    prize: int | None = None


class TournamentInfo(BaseModel):
    """A sit-and-go: its structure in words, its level and what is left of it (None where
    nothing rises, as in a game of points, and once it is over), and the places so far, best
    first."""

    words: str
    level: str | None
    places: list[PlaceInfo]


class TableInfo(BaseModel):
    id: int
    game: str
    options: dict[str, str]
    seats: list[SeatInfo]
    hand: int
    over: str | None
    turn_seconds: int
    host: str | None = None
    """The name of the table's host (its creator)."""
    stakes: list[int] = []
    """Each seat's stake for the next hand (the lobby's cards)."""
    paused: bool = False
    away: list[int] = []
    """Seats the host set away: they sit out from the next hand until they are back (the hand
    in play is still theirs to play)."""
    approve_seats: bool = False
    preparing: Preparing | None = None
    practice: bool = False
    """Dealt from a seed its host chose: the host's practice with computers (once anyone else
    is dealt in, the table deals from the server's secret)."""
    commitment: str | None = None
    """A verifiable table's SHA-256 of the secret it deals from, published before the first
    hand; ``secret`` is that secret, revealed once the table is over."""
    secret: str | None = None
    sitting_out: list[int] = []
    """People's seats the next hand is not dealt to: every page of theirs at the table closed,
    two turns in a row missed, or set away by the host, until they are back."""
    waiting: str | None = None
    """Why no hand is dealt now, in words (None: the table is not waiting for players)."""
    requests: int = 0
    """Seat requests waiting for the host's answer."""
    rebuys: int = 0
    """Chip requests waiting for the host's answer."""
    games: list[str] = []
    """Dealer's choice: the games the next may be chosen from (none: the table plays one)."""
    chooser: str | None = None
    """Who may choose the next game now, by name (None: nobody, the game goes on)."""
    next_game: NextGameInfo | None = None
    """The game chosen for the next deal, and who chose it."""
    round: RoundInfo | None = None
    """The round of a game played in rounds (Mount Holyoke's); None for a game of hands."""
    tournament: TournamentInfo | None = None
    """A sit-and-go's level and places (None: a cash table)."""


class State(BaseModel):
    """The table as this socket may see it; ``last`` is the previous hand's result (``said``
    tells it in the events' words, as a spectator may read them: ``results.hand_result``).
    Between hands ``view`` is the hand just finished, as this seat saw it at the end (a
    spectator's view for whoever sat down after it was dealt), until the next is dealt.
    ``deadline`` (epoch seconds): when the turn of the seat to act runs out, or between hands
    when the next hand is dealt (if enough players are there by then). ``you``: the seat
    this socket's account sits at; ``view.seat`` differs (None) while a hand dealt before
    they sat down is played: they are dealt in from the next."""

    type: Literal["state"] = "state"
    seq: int
    you: int | None
    table: TableInfo
    view: ViewModel | None
    last: dict[str, Any] | None
    deadline: float | None


class Error(BaseModel):
    """A refused message: nothing changed."""

    type: Literal["error"] = "error"
    seq: int
    message: str


class SeatRequest(BaseModel):
    """This socket's account asked the host for a seat: sent when it asks and when the host
    answers, so the page says at once that it waits, or that it was approved or refused."""

    type: Literal["request"] = "request"
    seq: int
    status: Literal["waiting", "approved", "refused"]
    seat: int | None
    """The seat asked for (None: any open one), or the one given."""
    message: str


class Tried(BaseModel):
    """The answer to ``Try``: why the action would be refused (the game's own words), or what
    it would make of the seat's hand (``preview``) and what it would cost beyond the usual
    (``warning``: a fouled hand)."""

    type: Literal["tried"] = "tried"
    seq: int
    action: str
    problem: str | None = None
    preview: str | None = None
    warning: str | None = None


class Suggested(BaseModel):
    """The answer to ``Suggest``: the game's move for the seat (``label`` names it), or why
    there is none (``problem``)."""

    type: Literal["suggested"] = "suggested"
    seq: int
    label: str | None = None
    action: str | None = None
    problem: str | None = None


class Chat(BaseModel):
    """A chat line, pushed to each socket whose reader may read the table's chat as soon as it
    is said (``outbox.ChatRoom``)."""

    type: Literal["chat"] = "chat"
    id: int
    name: str
    text: str
    at: float


Served = State | Error | SeatRequest | Tried | Suggested | Chat
ServerMessage = Annotated[Served, Field(discriminator="type")]
server_message: TypeAdapter[Served] = TypeAdapter(ServerMessage)
"""What the server sends: the tests check every received message against it."""


def whole(before: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """A received state with its hand's events whole, as a client keeps it (``before``: the
    previous state so made). For Python clients and tests; ``static/table.js`` does the same."""
    view = message.get("view")
    if not view or not view["events_from"]:
        return message
    held = before["view"] if before and before.get("view") else None
    if held is None or held["hand"] != view["hand"]:
        raise ValueError(f"events of hand {view['hand']} from {view['events_from']}: none held")
    if len(held["events"]) < view["events_from"]:
        raise ValueError(f"events from {view['events_from']}: only {len(held['events'])} held")
    events = held["events"][: view["events_from"]] + view["events"]
    return {**message, "view": {**view, "events": events, "events_from": 0}}


def schema() -> dict[str, Any]:
    return {
        "title": "pokernight WebSocket messages",
        "client": TypeAdapter(ClientMessage).json_schema(),
        "server": server_message.json_schema(),
    }


def write_schema(path: Path) -> None:
    path.write_text(json.dumps(schema(), indent=2) + "\n")
