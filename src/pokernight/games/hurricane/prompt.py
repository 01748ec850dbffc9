"""Hurricane at the prompt, as seed 000 shows it: the seed's rows of the hand (``ö`` your seat,
``=`` the dealer), the Deal / Players / New Deck / Exit menu, and at the end every seat's
strategy revealed with the original's Won / Even / Lost / In Debt columns."""

from __future__ import annotations

from pokernight.engine.events import dollars
from pokernight.engine.prompt import EndOfInput, Narrator, PromptTable, game_over
from pokernight.engine.protocol import View
from pokernight.engine.table import Match, play_out
from pokernight.games.hurricane.display import render
from pokernight.games.hurricane.game import HurricaneOptions


def play_hurricane(asked: PromptTable) -> None:
    """Hands from the menu until the game is over, you exit or the input ends."""
    console = asked.console
    seating = asked.seat()
    seats = seating.table.seats
    you = seating.you
    narrator = Narrator(console, you)

    def show(view: View) -> None:
        console.say("\n".join(render(view.events, seats, you, (view.pot, view.stakes[you]))))
        narrator.tell(view)
        console.say(narrator.status(view))

    players = seating.players(asked.player(show))
    match = seating.match(players[you])
    wins = {"high": [0] * seats, "low": [0] * seats}
    console.say(f"Hurricane: you sit at seat {you + 1} (ö); the dealer holds the deck (=).")
    try:
        while (reason := match.over()) is None:
            choice = console.ask("Deal, Players, New Deck or Exit? [d/p/n/e] ").lower()
            if choice in ("d", "deal", ""):
                narrator.told = 0
                state, hand_seed = match.start_hand()
                play_out(state, players)
                record = match.finish_hand(state, hand_seed)
                final = state.view(you)
                console.say("\n".join(render(final.events, seats, you, None)))
                narrator.tell(final)
                console.keep(match, seating.names, record)  # after the hand: what follows
                for seat in record.outcome.high_winners:
                    wins["high"][seat] += 1
                for seat in record.outcome.low_winners:
                    wins["low"][seat] += 1
                console.say(f" Pot: ${match.table.carry}\n ö {dollars(match.table.stakes[you])}")
            elif choice in ("p", "players"):
                console.say(players_table(match, you, wins))
            elif choice in ("n", "new deck"):
                match.new_deck()
                console.say("A new deck is opened and shuffled.")
            elif choice in ("e", "exit"):
                if console.ask("Really exit? [y/n] ").lower() in ("y", "yes"):
                    break
            else:
                console.say("  Choose d (Deal), p (Players), n (New Deck) or e (Exit).")
        else:
            console.say(game_over(reason, you))
    except EndOfInput:
        console.say("End of input.")
    options = seating.game.options
    assert isinstance(options, HurricaneOptions)
    about = [
        "That's for YOU to decide!" if name is None else asked.about_bot(name.partition(":")[0])
        for name in seating.names
    ]
    console.say(final_screen(match, seating.names, you, options.stake, about))


def players_table(match: Match, you: int, wins: dict[str, list[int]]) -> str:
    lines = [f"Hand {match.table.hand}", "seat  stake  high  low"]
    for seat, stake in enumerate(match.table.stakes):
        mark = "ö" if seat == you else "#"
        lines.append(
            f"{mark}{seat + 1:<4} {stake:>5}  {wins['high'][seat]:>4} {wins['low'][seat]:>4}"
        )
    return "\n".join(lines)


def final_screen(
    match: Match, names: tuple[str | None, ...], you: int, start: int, about: list[str]
) -> str:
    """Won / Even / Lost / In Debt against the original stake, the hand count, and every
    seat's strategy, revealed (a levelled one with its level: ``expert:easy``) with ``about``
    it, in columns as wide as the longest name."""
    named = [name or "human" for name in names]
    width = max(9, *map(len, named))
    lines = ["seat      Won   Even   Lost  In Debt  strategy"]
    for seat, stake in enumerate(match.table.stakes):
        won = f"{stake - start}" if stake > start else ""
        even = "0" if stake == start else ""
        lost = f"{start - stake}" if 0 <= stake < start else ""
        debt = f"{-stake}" if stake < 0 else ""
        mark = "ö" if seat == you else "#"
        lines.append(
            f"{mark}{seat + 1:<4} {won:>6} {even:>6} {lost:>6} {debt:>8}  "
            f"{named[seat]:<{width}} {about[seat]}"
        )
    lines.append(f"Hands played: {match.table.hand - 1}")
    return "\n".join(lines)
