"""The host's controls over the seats and stakes of a live table (``routes.host`` checks who
asks; ``live.LiveTable`` carries each out as a command). Each changes the next hand, never
the one in play: a seat set away or removed keeps its cards, its turn and its turn timer."""

from __future__ import annotations

import dataclasses

from pokernight.catalog import check, computer, entry
from pokernight.errors import PokernightError
from pokernight.web import hosting, rebuys
from pokernight.web.play import Play


def set_away(play: Play, seat: int, away: bool) -> None:
    """Set a person's seat away (it sits out from the next hand; its cards in the hand in
    play are its own, played by them or by its turn timer) or back."""
    person_at(play, seat)
    if away:
        play.chairs.away.add(seat)
    else:
        play.chairs.away.discard(seat)
    play.versions.changed()


def remove_player(play: Play, seat: int) -> None:
    """The player stands up once the hand in play is over (at once between hands); their
    cards in play stay theirs to play, under their turn timer."""
    person_at(play, seat)
    play.chairs.removing.add(seat)
    play.chairs.away.add(seat)
    play.versions.changed()
    if play.state is None:
        play.chairs.unseat_removed()


def top_up(play: Play, seat: int, amount: int, host: int) -> int:
    """Add ``amount`` chips to ``seat``'s stake between hands (the house's, for a computer
    seat), recorded with the ``host`` who did; the stake it comes to."""
    spec = entry(play.row.game).spec
    if spec.points:
        raise PokernightError(
            f"{spec.title} is played for points, not money: there is no stake to top up"
        )
    between_hands(play, "stakes are topped up")
    if not 0 <= seat < play.row.seats:
        raise PokernightError(f"seat {seat + 1} is not at a table of {play.row.seats}")
    owner = play.chairs.house if seat in play.row.computers else person_at(play, seat)
    return rebuys.add_chips(play, seat, owner, amount, host, asked=False)


def add_computer(play: Play, seat: int, bot: str) -> dict[int, str]:
    """Seat the computer player ``bot`` between hands, seeded as the catalog seats one at
    this table; the computer seats it leaves."""
    between_hands(play, "computer seats are added")
    row = play.row
    if seat in play.chairs.seated or seat in row.computers:
        raise PokernightError(f"seat {seat + 1} is taken")
    _set_computers(play, {**row.computers, seat: bot})
    options = play.match.game.options
    play.chairs.bots[seat] = computer(row.game, bot, row.dealing_seed, seat, options)
    return play.row.computers


def remove_computer(play: Play, seat: int) -> dict[int, str]:
    """Empty a computer seat between hands; the computer seats it leaves."""
    between_hands(play, "computer seats are removed")
    if seat not in play.row.computers:
        raise PokernightError(f"seat {seat + 1} is not a computer seat")
    _set_computers(play, {s: b for s, b in play.row.computers.items() if s != seat})
    del play.chairs.bots[seat]
    return play.row.computers


def _set_computers(play: Play, computers: dict[int, str]) -> None:
    """The same check as a new table's (a seat left for a person), then stored."""
    row = play.row
    check(row.game, row.seats, computers, row.options, people=1)
    play.versions.row = dataclasses.replace(row, computers=computers)
    play.versions.record(hosting.set_computers, row.id, computers, play.versions.seq + 1)


def between_hands(play: Play, what: str) -> None:
    if play.state is not None:
        raise PokernightError(
            f"{what} between hands: pause the table and the hand in play finishes first"
        )


def person_at(play: Play, seat: int) -> int:
    """The account sitting at ``seat``."""
    if seat not in play.chairs.seated:
        raise PokernightError(f"nobody sits at seat {seat + 1}")
    return play.chairs.seated[seat]
