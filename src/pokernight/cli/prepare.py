"""One-time work a computer player needs before it plays (``catalog.preparations``: a solve
on first use), shown with a bar on standard error so a command never sits silent for minutes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokernight.engine.protocol import Preparation

if TYPE_CHECKING:
    from rich.console import Console


def show_preparations(
    work: Sequence[Preparation], say: Callable[[str], None] | None = None
) -> None:
    """Run each piece under a bar; ``say`` (the prompt mode's output) is also told what is
    being done and where it ended."""
    if not work:
        return
    from rich.console import Console

    console = Console(stderr=True)
    tell = say or console.print
    for piece in work:
        tell(piece.title)
        tell(f"Done: {_under_a_bar(piece, console)}")


def _under_a_bar(piece: Preparation, console: Console) -> str:
    """Run one piece with a bar; its last line of progress."""
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

    last = [""]
    columns = (
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[line]}"),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(piece.title, total=1.0, line="")

        def update(done: float, line: str) -> None:
            last[0] = line
            bar.update(task, completed=done, line=line)

        piece.run(update)
    return last[0]
