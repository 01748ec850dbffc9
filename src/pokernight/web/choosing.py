"""Dealer's choice: one table plays game after game through the night.

The host allows games besides the one in play (``Hosting.games``; none: the table plays its
one game) and says who chooses the next: the host, or the dealer. The dealer's choice is made
once an orbit: the person who holds the button for the first hand of the next orbit (a game's
hands counted from its first, one orbit a seat) chooses its game, and a computer or an empty
seat there keeps the game going (the host chooses when a game has ended and the dealer is
not a person). A choice is one of the allowed games that seats the table, with its options,
checked as a new table's are; it waits (``Hosting.next_game``) and is dealt from the next
hand, or the next orbit's first hand at the dealer's choice. A game of points plays to its own
end first (Mount Holyoke's rounds); a game whose own end came (its rounds, a bust-out) leaves
the table waiting for the next choice, where a table of one game is over. Seats, approvals,
the ledger and chip stakes carry over; a game of points starts every score at 0, and chip
stakes kept while it is played come back after it.
"""

from __future__ import annotations

import dataclasses
from typing import NoReturn

from pokernight.catalog import check, entry, games, house_computers
from pokernight.errors import PokernightError
from pokernight.web import hosting, store
from pokernight.web.hosting import Hosting, NextGame
from pokernight.web.play import Play, seating_of, table_state


def fits(name: str, seats: int) -> bool:
    low, high = entry(name).spec.seats
    return low <= seats <= high


def allowed(game: str, seats: int, settings: Hosting) -> list[str]:
    """The games a chooser may pick at a table of ``seats`` playing ``game``: it and those the
    host allowed, that seat the table (none at a table of one game)."""
    if not settings.games:
        return []
    return [name for name in dict.fromkeys([game, *settings.games]) if fits(name, seats)]


def check_allowed(game: str, names: list[str], seats: int) -> tuple[str, ...]:
    """The games a table of ``seats`` playing ``game`` may play when its host allows
    ``names``: those and ``game`` itself, which stays allowed when another is chosen (none:
    the host allows no other, and the table plays its one game); or why not."""
    if not names:
        return ()
    known = games()
    for name in names:
        if name not in known:
            raise PokernightError(f"unknown game {name!r} (games: {', '.join(known)})")
        if not fits(name, seats):
            low, high = entry(name).spec.seats
            raise PokernightError(
                f"{entry(name).spec.title} seats {low} to {high} players: not a table of {seats}"
            )
    return tuple(dict.fromkeys([game, *names]))


def next_orbit(play: Play) -> tuple[int, int]:
    """The number of the first hand of the next orbit of the game in play, and the seat
    that holds the button then (the next hand's, when it starts one)."""
    now = play.match.table  # during a hand, the one in play
    playing = int(play.state is not None)
    upcoming, dealer = now.hand + playing, now.dealer + playing
    ahead = -(upcoming - now.first) % now.seats
    return upcoming + ahead, (dealer + ahead) % now.seats


def chooser(play: Play) -> int | None:
    """The account that may choose the next game now (None: nobody, the game goes on)."""
    settings, row = play.hosting, play.row
    if not settings.games or row.over:
        return None
    if settings.chooser == "dealer":
        dealer = play.chairs.seated.get(next_orbit(play)[1])
        if dealer is not None:
            return dealer
        if play.match.over() is None:
            return None  # a computer or an empty seat deals: the game goes on
    return row.owner


def choose(play: Play, account: int, game: str, options: dict[str, str]) -> NextGame:
    """``account`` chooses ``game`` under ``options`` for the next deal: refused unless they
    are the chooser and the game is allowed and seats the table with these options."""
    row = play.row
    names = allowed(row.game, row.seats, play.hosting)
    if not names:
        raise PokernightError("this table plays one game: its host allows no other")
    if chooser(play) != account:
        _not_yours(play)
    if game not in names:
        raise PokernightError(f"choose one of the games the host allows: {', '.join(names)}")
    check(game, row.seats, house_computers(game, row.computers), options, people=1)
    chosen = NextGame(game, dict(options), account)
    play.settle(next_game=chosen)
    return chosen


def _not_yours(play: Play) -> NoReturn:
    if play.hosting.chooser == "host":
        raise PokernightError("the host chooses the next game at this table")
    raise PokernightError("the dealer of the next orbit chooses its game: you do not deal it")


def due(play: Play) -> NextGame | None:
    """The choice to deal the next hand in, if its time has come: at once before a game's
    first hand or after its end; a game of points only then; at the dealer's choice, from
    the first hand of an orbit."""
    chosen = play.hosting.next_game
    if chosen is None:
        return None
    now = play.match.table
    if now.hand == now.first or play.match.over() is not None:
        return chosen
    if entry(play.row.game).spec.points:
        return None
    if play.hosting.chooser == "dealer" and next_orbit(play)[0] != now.hand:
        return None
    return chosen


def switch(play: Play, chosen: NextGame) -> None:
    """Deal the next hand in the game ``chosen``: its computers the house's players, chip
    stakes carried (or brought back after a game of points, whose scores start at 0). The
    game in play chosen again, as it is and not over, goes on: the same game, not a new one."""
    play.hosting = dataclasses.replace(play.hosting, next_game=None)
    play.versions.write(hosting.save, play.row.id, play.hosting)
    same = (chosen.game, chosen.options) == (play.row.game, play.row.options)
    if same and play.match.over() is None:
        return
    computers = house_computers(chosen.game, play.row.computers)
    row = dataclasses.replace(
        play.row, game=chosen.game, options=chosen.options, computers=computers
    )
    if entry(chosen.game).spec.points:
        stakes = None
    elif entry(play.row.game).spec.points:
        stakes = _chips_kept(play) or seating_of(row.match_seed, row).table.stakes
    else:
        stakes = play.match.table.stakes
    play.seat_game(row, stakes)


def _chips_kept(play: Play) -> tuple[int, ...] | None:
    """The chip stakes the last hand of a game of chips left (with the chips added since;
    None where the table has played none)."""
    chips = [name for name in games() if not entry(name).spec.points]
    found = store.last_of_games(play.engine, play.row.id, chips)
    if found is None or found.result is None:
        return None
    after = table_state(found.result["next"])
    return hosting.with_topups(play.engine, play.row.id, after).stakes
