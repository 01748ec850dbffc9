"""PHH (the poker hand history format, TOML) for the draw games, written from a replayed hand.

PHH names variants only for hold'em, Omaha, stud, razz, deuce-to-seven lowball draws and
badugi. Hurricane (two cards, deuces wild, high/low), five-card draw against the computer (ace
high only, bets $1 to $10) and High-Low (dual-value cards) are none of them, so they get the
``X-`` codes below; Pai Gow and Big Two have no betting or no PHH shape at all and get none.

The standard fields say what PHH can: antes, the betting structure, stacks, every card dealt,
each draw (``pN sd`` the discards, ``d dh pN`` the new cards), bets as ``cbr`` the round's
total, ``cc``, ``f``, and the showdown's ``sm``. PHH's cards are two characters, so a card it
cannot name (a dual-value card, a joker) is ``??``, as is a card the reader of a seat's file
never saw (PHH's unknown card: two unseen hole cards are ``????``). Each action's comment names
the cards PHH cannot, so a High-Low seat's file still shows its own. The ``_pokernight_`` fields
carry what PHH cannot say and what rebuilds the hand exactly: seed, options, table, the action
words; and what the referee decided (awards, the showdown's words, chips carried to the next
hand).

Players p1..pN are in PHH's order, first to act from the dealer's left and the dealer last:
the order the game collected its antes in (its ``Anted`` event), so no rule is restated here.
Every field is derived from the events of the hand rebuilt from its record, so reading a PHH
file back can compare each field with the rebuilt hand's (``phh_read``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from pokernight.cards import Card, Playable, format_cards
from pokernight.catalog import CATALOG
from pokernight.engine.actions import Kind
from pokernight.engine.events import (
    WHOLE,
    Acted,
    Anted,
    Dealt,
    Drew,
    Event,
    RoundStarted,
    Showdown,
)
from pokernight.engine.protocol import Game, HandState
from pokernight.history.options import options_json
from pokernight.history.record import GameRecord, InvalidRecord, check, deal, steps
from pokernight.history.toml_write import Value, dumps

VARIANTS = {
    name: game.spec.machines.phh.variant for name, game in CATALOG.items() if game.spec.machines.phh
}
"""The games PHH can describe (their specs say how), and their variant codes."""
FORMAT = 1
"""``_pokernight_format``: the version of the ``_pokernight_`` fields."""
TOML_INT = range(-(2**63), 2**63)


@dataclass(frozen=True)
class PhhHand:
    """A hand's PHH fields, and a note per action for the person reading the file."""

    document: dict[str, Value]
    notes: tuple[str, ...]

    def text(self, header: Sequence[str] = ()) -> str:
        return dumps(self.document, header=header, comments={"actions": self.notes})


def has_phh(game: Game) -> bool:
    return game.name in VARIANTS


def no_phh_form(games: str) -> str:
    """Why hands of these games are not written as PHH (the catalog says which have none)."""
    others = " or ".join(name for name, game in CATALOG.items() if game.spec.machines.phh is None)
    return (
        f"{games} hands have no PHH form: PHH describes the draw games with betting "
        f"({', '.join(VARIANTS)}), not {others}"
    )


def phh_hand(record: GameRecord, viewer: int | None = WHOLE) -> PhhHand:
    """Replay ``record`` (checking its outcome) and write what happened as PHH fields: all of
    it, or what the seat ``viewer`` saw (None: a spectator), each card it never saw ``??``
    and without the fields that would deal the hand again (its seed, its actions' words)."""
    if not has_phh(game := record.game):
        raise InvalidRecord(f"{record.where}: {no_phh_form(game.name)}")
    state = deal(record)
    for _ in steps(record, state):
        pass
    outcome = check(record, state)
    events = referee_events(state) if viewer == WHOLE else list(state.view(viewer).events)
    anted = next(e for e in events if isinstance(e, Anted))
    order = anted.seats
    player = {seat: i + 1 for i, seat in enumerate(order)}
    actions, notes = phh_actions(events, player, record.seats)
    won = dict.fromkeys(order, 0)
    for award in outcome.awards:
        won[award.seat] += award.amount
    table = record.table
    where = {"dealer_seat": table.dealer + 1, "carry": table.carry, "deck": table.deck}
    if table.leader is not None:
        where["leader_seat"] = table.leader + 1
    document: dict[str, Value] = {
        "variant": VARIANTS[game.name],
        "antes": [anted.amount] * len(order),
        "blinds_or_straddles": [0] * len(order),
        **betting_fields(game),
        "starting_stacks": [table.stakes[s] for s in order],
        "actions": actions,
        "hand": table.hand,
        "seats": [s + 1 for s in order],
        "seat_count": table.seats,
        "players": [record.seats[s] for s in order],
        "finishing_stacks": [outcome.stakes[s] for s in order],
        "winnings": [won[s] for s in order],
        "_pokernight_format": FORMAT,
        "_pokernight_seed": record.seed,
        "_pokernight_table": where,
        "_pokernight_actions": [str(a) for a in record.actions],
        "_pokernight_carry": outcome.carry,
        "_pokernight_awards": [
            {"seat": a.seat + 1, "amount": a.amount, "share": a.share, "reason": a.reason}
            for a in outcome.awards
        ],
        "_pokernight_showdown": [
            {"seat": e.seat + 1, "cards": format_cards(e.cards), "high": e.high, "low": e.low}
            for e in events
            if isinstance(e, Showdown)
        ],
        "_pokernight_options": cast(dict[str, Value], options_json(game.options)),
    }
    if viewer != WHOLE:
        del document["_pokernight_seed"], document["_pokernight_actions"]
    for key, value in document.items():
        for number in _integers(value):
            if number not in TOML_INT:
                raise InvalidRecord(
                    f"{record.where}: {key} holds {number}: PHH's TOML holds "
                    "whole numbers of 64 bits"
                )
    return PhhHand(document, notes)


def _integers(value: Value) -> Iterator[int]:
    """Every whole number inside a field's value."""
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _integers(item)
    elif not isinstance(value, str):
        for item in value:
            yield from _integers(item)


def betting_fields(game: Game) -> dict[str, Value]:
    """PHH's betting structure, as the game's spec gives it from its options."""
    form = CATALOG[game.name].spec.machines.phh
    assert form is not None
    return dict(form.betting(game.options))


def phh_actions(
    events: Sequence[Event], player: dict[int, int], names: Sequence[str]
) -> tuple[list[str], tuple[str, ...]]:
    """PHH's action notation of a hand's events (seen whole), with a note on each: the
    round it opens, the seat and the action's own words."""
    actions: list[str] = []
    notes: list[str] = []
    committed: dict[int, int] = {}
    round_name = ""

    def add(text: str, note: str) -> None:
        nonlocal round_name
        actions.append(text)
        notes.append(f"{round_name}: {note}" if round_name else note)
        round_name = ""

    for event in events:
        if isinstance(event, RoundStarted):
            committed, round_name = {}, event.name
        elif isinstance(event, Dealt):
            who = f"seat {event.seat + 1} ({names[event.seat]})"
            add(f"d dh p{player[event.seat]} {phh_cards(event.cards)}", named(who, event.cards))
        elif isinstance(event, Acted) and event.action.kind is not Kind.ORIENT:
            p, kind = player[event.seat], event.action.kind
            committed[event.seat] = committed.get(event.seat, 0) + event.chips
            if kind in (Kind.BET, Kind.RAISE):
                add(f"p{p} cbr {committed[event.seat]}", str(event.action))
            else:
                add(f"p{p} f" if kind is Kind.FOLD else f"p{p} cc", str(event.action))
        elif isinstance(event, Drew):
            p = player[event.seat]
            if not event.discarded:
                add(f"p{p} sd", "keep")
                continue
            add(f"p{p} sd {phh_cards(event.discarded)}", f"discard {noted(event.discarded)}")
            add(f"d dh p{p} {phh_cards(event.received)}", f"draws {noted(event.received)}")
        elif isinstance(event, Showdown):
            words = f"{event.high} / {event.low}" if event.low else event.high
            add(f"p{player[event.seat]} sm {phh_cards(event.cards)}", named(words, event.cards))
    return actions, tuple(notes)


def phh_cards(cards: Sequence[Playable | None]) -> str:
    """PHH card notation: two characters a card, run together; ``??`` for a card PHH cannot
    name (unknown, a joker, a dual-value card)."""
    return "".join(str(c) if isinstance(c, Card) else "??" for c in cards)


def named(note: str, cards: Sequence[Playable | None]) -> str:
    """``note``, and the cards PHH wrote as ``??`` though they were seen (a dual-value card, a
    joker), so the file still shows them."""
    if all(c is None or isinstance(c, Card) for c in cards):
        return note
    return f"{note}: {noted(cards)}"


def noted(cards: Sequence[Playable | None]) -> str:
    """Cards in pokernight's notation for an action's comment, ``??`` for a card the reader
    never saw (PHH's unknown card: a comment never says ``None``)."""
    return " ".join("??" if c is None else str(c) for c in cards)


def referee_events(state: HandState) -> list[Event]:
    """Every event of the hand whole, as the referee saw it: each private event (a deal, a
    draw) as its owner's view shows it, the rest as everyone sees them."""
    public = state.view(None).events
    views: dict[int, Sequence[Event]] = {}
    whole = []
    for index, event in enumerate(public):
        owner = event.owner
        if owner is not None:
            if owner not in views:
                views[owner] = state.view(owner).events
            event = views[owner][index]
        whole.append(event)
    return whole
