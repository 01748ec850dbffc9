"""``pokernight export-phh RECORDS``: the draw-game hands of a record file as PHH files.

One ``.phh`` file per hand, named after the record file and the hand's place in it
(``hands-3.phh`` is ``--hand 3``), each checked by replaying its record first. Pai Gow and
Big Two hands have no PHH form: they are skipped with one line saying so, and a file with no
draw-game hand at all (or ``--hand`` naming one that is not) exits 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pokernight.cli.params import HAND, output_folder
from pokernight.cli.replay import pick_hands
from pokernight.history.phh import VARIANTS, has_phh, no_phh_form, phh_hand
from pokernight.history.record import InvalidRecord, load_records


def export_phh_command(
    file: Annotated[Path, typer.Argument(help="a JSON-lines file of hand records")],
    hand: Annotated[
        int | None,
        typer.Option("--hand", parser=HAND, help="only this record (1 = the first line)"),
    ] = None,
    out: Annotated[
        Path,
        typer.Option(
            "-o",
            "--out",
            parser=output_folder,
            metavar="DIR",
            help="the folder to write the .phh files in",
        ),
    ] = Path("."),
) -> None:
    """Write each draw-game hand (Hurricane, five-card draw, High-Low) as a PHH file."""
    numbered = pick_hands(load_records(file), hand)
    skipped = sorted({r.game.name for _, r in numbered if not has_phh(r.game)})
    exportable = [(i, r) for i, r in numbered if has_phh(r.game)]
    if not exportable:
        raise InvalidRecord(f"{file}: nothing to export: {no_phh_form(' and '.join(skipped))}")
    if skipped:
        left = len(numbered) - len(exportable)
        sys.stderr.write(f"skipped {left} hand(s): {no_phh_form(' and '.join(skipped))}\n")
    try:
        out.mkdir(parents=True, exist_ok=True)
        for number, record in exportable:
            path = out / f"{file.stem}-{number}.phh"
            header = [
                f"pokernight {record.game.name}, hand {record.table.hand}, from {record.where}",
                f"replay: pokernight replay {path.name}",
            ]
            path.write_text(phh_hand(record).text(header), encoding="utf-8")
            print(f"{path}: {VARIANTS[record.game.name]}, {len(record.actions)} actions")
    except OSError as exc:
        raise InvalidRecord(f"cannot write to {out}: {exc.strerror}") from None
