"""Why a live table deals no hand now, in its pages' words: shown on the felt, the TV and
the lobby, so nobody wonders whether the table is stuck."""

from __future__ import annotations

from pokernight.catalog import entry
from pokernight.web.play import Play


def waiting(play: Play) -> str | None:
    """Why no hand can be dealt now, in the page's words (None: one can): the host has
    not dealt yet or paused the table, no person to deal in, or fewer seats than the game
    deals to. A game played in rounds (Mount Holyoke) deals rounds, and says so."""
    spec = entry(play.row.game).spec
    deal = "hand" if spec.rounds is None else "round"
    chosen = play.hosting.next_game
    if play.hosting.games and chosen is None and (over := play.match.over()) is not None:
        return f"{spec.title} is over ({play.named(over)}): waiting for the next game to be chosen"
    if play.hosting.paused:
        if play.ending is not None:
            return f"The host ended the table: it ends once this {deal} is over"
        if play.dealt:
            return f"Paused by the host: no {deal} is dealt until they resume"
        return "Waiting for the host to deal"
    chairs = play.chairs
    if play.row.tournament is not None:  # every seat dealt in from its first hand to its end
        empty = [s for s in chairs.open_seats() if s not in chairs.seated]
        if empty and not play.dealt:
            seats = f"{len(empty)} empty"
            return f"Waiting for players: the sit-and-go starts when every seat is taken ({seats})"
        return None
    out = chairs.out_seats()
    if all(s in out for s in chairs.open_seats()):
        if any(s in chairs.seated for s in chairs.open_seats()):
            return "Waiting for a player to come back"
        return "Waiting for players to sit down"
    ready, fewest = play.row.seats - len(out), spec.seats[0]
    if ready < fewest:
        return (
            f"Waiting for players: a {deal} is dealt to {fewest} seats or more, "
            f"{ready} {'is' if ready == 1 else 'are'} ready"
        )
    return None
