"""One-time work a computer player needs before it plays (``catalog.preparations``: a solve
on first use), shown with a bar on standard error so a command never sits silent for minutes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokernight.cli.bars import LazyBar
from pokernight.engine.protocol import Preparation


def show_preparations(
    work: Sequence[Preparation], say: Callable[[str], None] | None = None
) -> None:
    """Run each piece under a bar; ``say`` (the prompt mode's output) is also told what is
    being done and where it ended."""
    if not work:
        return
    from rich.console import Console

    tell = say or Console(stderr=True).print
    for piece in work:
        tell(piece.title)
        tell(f"Done: {_under_a_bar(piece)}")


def _under_a_bar(piece: Preparation) -> str:
    """Run one piece under a bar that shows at once (plain lines when standard error is no
    terminal); its last line of progress."""
    last = [""]
    with LazyBar("preparing", "", after=0) as bar:

        def update(done: float, line: str) -> None:
            last[0] = line
            bar(done, 1.0, line)

        piece.run(update)
    return last[0]
