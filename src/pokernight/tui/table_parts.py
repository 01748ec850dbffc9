"""The pieces of the table drawn from one view: a seat's panel, the middle of the felt and
the action bar. Each is a pure function of what the person may see, so a redraw (a new
event, a resize) is always the same picture."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from pokernight.cards import Playable
from pokernight.engine.events import dollars
from pokernight.engine.protocol import View
from pokernight.engine.shapes import Amount, Cards, Orient, Shape
from pokernight.tui.card_faces import face, hidden_count, row
from pokernight.tui.choices import Choices

SetAs = tuple[tuple[str, int], ...]
"""The named hands a finished hand's cards are set into (``GameSpec.set_as``)."""


def seat_name(seat: int, you: int) -> str:
    return "You" if seat == you else f"Seat {seat + 1}"


def points(stake: int) -> str:
    """A seat's running score in a game of points (its stake is minus its points)."""
    return f"{-stake} point{'s' * (stake != -1)}"


def seat_panel(
    view: View,
    seat: int,
    you: int,
    last: str,
    four_colour: bool,
    scored: bool = False,
    set_as: SetAs = (),
) -> Text:
    """Name, dealer button, stake and chips in (its points in a game that ``scored``), the
    cards (backs where hidden; set apart into the named hands of ``set_as``) and the seat's
    last move, whole; the seat to act is marked ▶, a seat out of the hand dimmed."""
    text = Text()
    turn = "▶ " if view.to_act == seat else "  "
    text.append(turn, style="bold yellow")
    text.append(seat_name(seat, you), style="bold cyan" if seat == you else "bold")
    if seat == view.dealer:
        text.append(" (D)", style="bold yellow")
    text.append(f"\n{points(view.stakes[seat])}" if scored else f"\n{dollars(view.stakes[seat])}")
    chips_in = view.in_front
    if chips_in is not None and chips_in[seat] and not scored:
        text.append(f"  in ${chips_in[seat]}", style="green")
    text.append("\n")
    if view.live[seat]:
        text.append_text(set_apart(view.cards[seat], set_as, four_colour))
    else:
        text.append("out", style="dim")
    text.append(f"\n{last}", style="italic")
    if not view.live[seat]:
        text.stylize("dim")
    return text


def set_apart(
    cards: Sequence[Playable | None], set_as: SetAs, four_colour: bool, fits: int = 5
) -> Text:
    """A hand set into named hands (Pai Gow's front and back), one named row each, when its
    cards are listed that way; else the cards as dealt (``fits``: as ``hidden_count``). The
    cards one space apart (nothing is selected in a set hand), so a five-card back fits a
    seat's panel at three seats on an 80-column screen."""
    if not set_as or len(cards) != sum(size for _, size in set_as):
        return hidden_count(cards, four_colour, fits)
    text, start = Text(), 0
    for name, size in set_as:
        text.append("\n" if start else "")
        text.append(name, style="dim")
        for card in cards[start : start + size]:
            text.append(" ")
            text.append_text(face(card, four_colour))
        start += size
    return text


def brief(said: str, width: int) -> str:
    """A seat's last words in one line ``width`` wide: whole where they fit, else their first
    clause ("wins $23 high" of "wins $23 high: Pair of jacks"), ended with "…" where even
    that is longer. For a showdown too crowded for whole words in every panel: the results
    below tell them whole."""
    if cell_len(said) <= width:
        return said
    clause = Text(said.split(": ", 1)[0])
    clause.truncate(width, overflow="ellipsis")
    return clause.plain


def felt_middle(view: View, you: int, four_colour: bool, set_as: SetAs = ()) -> Text:
    """The pot (where the game has one), the phase, the face-up cards everyone sees (set
    apart into the named hands of ``set_as``), and what you owe."""
    text = Text("" if view.pot is None else f"Pot ${view.pot}\n", style="bold bright_white")
    text.append(view.phase, style="italic")
    if view.board:
        text.append("\n")
        text.append_text(set_apart(view.board, set_as, four_colour, fits=len(view.board)))
    if view.to_act == you and view.to_call:
        text.append(f"\nto call ${view.to_call}", style="bold")
    return text


def your_hand(
    view: View, cursor: int, selected: Sequence[int], choices: Choices | None, four: bool
) -> Text:
    text = Text("Your cards ", style="bold cyan")
    picking = choices is not None and choices.selects_cards
    text.append_text(row(view.hole, four, cursor if picking else None, selected))
    if picking:
        text.append(" ←→ space", style="dim")
    return text


def action_bar(choices: Choices, amount: int | None, typed: str) -> Text:
    """Exactly the legal decisions, a shape at a time with its key; an amount field where
    the amount may vary."""
    text = Text()
    for shape in choices.shapes:
        text.append(f"[{shape.key}]", style="bold reverse yellow")
        text.append(f" {_label(shape, amount)}  ")
    if len(choices.amounts) > 1:
        shown = typed or (str(amount) if amount is not None else "")
        text.append(f"\namount ${choices.amounts[0]}-{choices.amounts[-1]}: ")
        text.append(f" {shown:>4} ", style="reverse")
        text.append("  type digits or +/-", style="dim")
    return text


def _label(shape: Shape, amount: int | None) -> str:
    if isinstance(shape, Amount):
        return str(shape.action(amount if amount is not None else shape.amounts[0]))
    if isinstance(shape, Orient):
        return f"{shape.verb} (selected cards turned)"
    if isinstance(shape, Cards):
        return f"{shape.verb} {_how_many(shape.sizes)} selected{shape.aside}"
    return str(shape.action)


def _how_many(sizes: Sequence[int]) -> str:
    """How many cards a choice names, from the legal list: "2", "1-3" or "1, 2, 3 or 5"
    (nothing said for a list too long to read)."""
    if not sizes:
        return "the"
    low, high = sizes[0], sizes[-1]
    if len(sizes) == 1:
        return str(low)
    if len(sizes) > 2 and list(sizes) == list(range(low, high + 1)):
        return f"{low}-{high}"
    return ", ".join(map(str, sizes[:-1])) + f" or {high}"


def showdown_text(net: int, over: str | None, scored: bool = False, paged: bool = False) -> Text:
    """The showdown's key line: your net (the points you took, in a game that ``scored``
    them) and what ``n`` does next, kept apart from the results so it is never pushed off;
    the keys that page through the results when they are ``paged`` (more than their box)."""
    result = f"{points(net)} this round" if scored else f"{net:+d} this hand"
    text = Text(f"You {result}. ", style="bold")
    text.append("[n] " + ("standings" if over else "next hand"), style="bold reverse yellow")
    if paged:
        text.append("  ")
        text.append("[↑↓] more results", style="bold reverse yellow")
    return text
