"""Asking before acting, over the table socket: whether an action would be taken (the game's
own reason when not: Big Two's "the first lead must hold 3♦"), what it would make of the
seat's hand (the spec's ``preview``: High-Low's high and low, a Pai Gow setting's hands and
foul), and the move the game names for the seat (its ``suggestion``: Pai Gow's house way).
Nothing changes: a refusal is found on a copy of the hand, and everything said comes from the
seat's own view or the game's own words about its own move."""

from __future__ import annotations

from pokernight.catalog import entry
from pokernight.engine.actions import Action, parse_action
from pokernight.engine.protocol import HandState
from pokernight.errors import PokernightError
from pokernight.web.messages import Suggested, Tried
from pokernight.web.play import Play


def _turn(play: Play, account: int, seq: int | None) -> tuple[HandState, int] | str:
    """The hand and the seat, when it is ``account``'s turn at version ``seq`` (None: any);
    else why not. A question asked about a turn that has passed is not answered from a newer
    one: the answer would describe cards its page has not been sent yet."""
    if (stale := play.stale(seq, "ask about")) is not None:
        return stale
    seat, state = play.chairs.seat_of(account), play.state
    if state is None or seat is None or state.to_act() != seat:
        return "it is not your turn"
    return state, seat


def tried(play: Play, account: int, text: str, seq: int | None) -> Tried:
    """Would ``text`` be taken from ``account`` now (at version ``seq``), and what would it
    make of their hand."""
    turn = _turn(play, account, seq)
    if isinstance(turn, str):
        return Tried(seq=play.versions.seq, action=text, problem=turn)
    state, seat = turn
    try:
        action = parse_action(text)
        if action not in state.legal_actions():
            _refuse(play, state, action)
    except PokernightError as exc:
        return Tried(seq=play.versions.seq, action=text, problem=str(exc))
    preview = entry(play.row.game).spec.preview
    said = preview(play.match.game.options, state.view(seat), action) if preview else None
    return Tried(
        seq=play.versions.seq,
        action=text,
        preview=None if said is None else said.words,
        warning=None if said is None else said.warning,
    )


def _refuse(play: Play, state: HandState, action: Action) -> None:
    """Raise the game's reason for refusing ``action``, found on a copy of the hand made
    once a turn (``Play.probe``): a copy replays the hand, and a copy for every question let
    one account's sockets asking ``try`` all day keep the server replaying hands. A refused
    move changes nothing (the table's own moves rely on it), so the copy serves the turn's
    every question; a move taken after all moves it on, and the next question makes another."""
    turn = (play.number, len(state.actions))
    if play.probe is None or play.probe[0] != turn:
        play.probe = (turn, state.clone())
    play.probe[1].apply(action)
    play.probe = None


def suggested(play: Play, account: int, seq: int | None) -> Suggested:
    """The game's move for ``account``'s seat now (at version ``seq``), if it names one."""
    turn = _turn(play, account, seq)
    if isinstance(turn, str):
        return Suggested(seq=play.versions.seq, problem=turn)
    state, seat = turn
    suggestion = entry(play.row.game).spec.suggestion
    view = state.view(seat)
    if suggestion is None or view.phase != suggestion.phase:
        return Suggested(seq=play.versions.seq, problem="the game suggests no move here")
    move = suggestion.move(play.match.game.options, view)
    if move is None or move not in state.legal_actions():
        return Suggested(
            seq=play.versions.seq, label=suggestion.label, problem="no move to suggest"
        )
    return Suggested(seq=play.versions.seq, label=suggestion.label, action=str(move))
