"""Cards as coloured text: faces in their suit's colour on white, backs for every card the
viewer may not see, and a four-colour deck for those who prefer it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from pokernight.cards import Card, DualCard, Joker, Playable, Suit

TWO_COLOURS = {
    Suit.SPADES: "black",
    Suit.CLUBS: "black",
    Suit.HEARTS: "red3",
    Suit.DIAMONDS: "red3",
}
FOUR_COLOURS = {
    Suit.SPADES: "black",
    Suit.CLUBS: "green4",
    Suit.HEARTS: "red3",
    Suit.DIAMONDS: "blue3",
}
BACK = "▒▒"
BACK_STYLE = "bright_white on dark_blue"


def face(card: Playable | None, four_colour: bool = False) -> Text:
    """One card, its back when ``card`` is None (hidden from this viewer)."""
    if card is None:
        return Text(BACK, style=BACK_STYLE)
    if isinstance(card, DualCard):
        text = face(card.top, four_colour)
        text.append("/", style="grey30 on white")
        text.append_text(face(card.bottom, four_colour))
        return text
    if isinstance(card, Joker):
        return Text("Jk", style="bold magenta on white")
    assert isinstance(card, Card)
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    return Text(card.pretty(), style=f"bold {colours[card.suit]} on white")


def row(
    cards: Sequence[Playable | None],
    four_colour: bool = False,
    cursor: int | None = None,
    selected: Sequence[int] = (),
) -> Text:
    """Cards side by side: the selected ones on gold and marked ``*``, the cursor in
    brackets (``[*A♠]`` on a selected card), so a choice reads in plain text too (snapshots,
    screen readers)."""
    text = Text()
    for i, card in enumerate(cards):
        mark = "*" if i in selected else ""
        text.append(f"[{mark}" if i == cursor else (mark or " "), style="bold yellow")
        card_text = face(card, four_colour)
        if i in selected:
            card_text.stylize("on gold1")
        text.append_text(card_text)
        text.append("]" if i == cursor else " ", style="bold yellow")
    return text


def hidden_count(cards: Sequence[Playable | None], four_colour: bool, fits: int = 5) -> Text:
    """A seat's cards; long hidden hands shown as one back and a count."""
    if len(cards) > fits and all(c is None for c in cards):
        text = face(None)
        text.append(f" ×{len(cards)}")
        return text
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(face(card, four_colour))
    return text
