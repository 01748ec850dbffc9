"""A person's move at a live table: whose turn it is, whose seat, and whether the move was
chosen at a version that still shows the turn in play (``Play.stale``)."""

from __future__ import annotations

from pokernight.engine.actions import parse_action
from pokernight.web.commands import Act, Refused
from pokernight.web.play import Play


def act(play: Play, act: Act) -> Refused | None:
    """A person's move, carried out; why not, if it is refused (then nothing changed but
    a player sitting out who acts is back from the next hand). The hand itself refuses an
    illegal move (``PokernightError``, the game's reason)."""
    chairs = play.chairs
    mine = chairs.seat_of(act.account)
    if mine is None and chairs.chair_of(act.account) is not None:
        return Refused("you sit in from the next hand: this one was dealt before you sat down")
    if mine is None:
        return Refused("you have no seat at this table: watch, or take a seat first")
    if act.seat is not None and act.seat != mine:
        return Refused(f"you sit at seat {mine + 1}: you cannot act for seat {act.seat + 1}")
    if play.state is not None and mine in play.match.table.out:
        chairs.back(act.account)
        return Refused("you sit this hand out: you are dealt in again from the next hand")
    if (stale := play.stale(act.seq, "act on")) is not None:
        return Refused(stale)
    if play.state is None or play.state.to_act() != mine:
        return Refused("it is not your turn")
    play.apply(parse_action(act.text))
    chairs.missed.pop(mine, None)  # a move: here, whatever their pages
    chairs.gone.discard(act.account)
    chairs.attended += 1
    return None
