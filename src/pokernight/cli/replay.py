"""``pokernight replay FILE``: step through recorded hands in plain text.

Each hand is dealt again from its seed and its recorded actions are applied one by one (Enter
shows the next; ``--all`` shows them all); the replayed outcome must be the recorded one. A
``.phh`` file (``pokernight export-phh``) is one hand, checked against its PHH fields first.
Every hand is checked before any is shown, so a bad record is one line, not half a hand.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pokernight.cards import format_cards
from pokernight.cli.params import HAND
from pokernight.history.phh_read import read_phh
from pokernight.history.record import GameRecord, check, deal, load_records, replay, steps


def pick_hands(records: list[GameRecord], hand: int | None) -> list[tuple[int, GameRecord]]:
    """The records ``--hand`` names (all when None), each with its place in the file."""
    if hand is None:
        return list(enumerate(records, start=1))
    if not 1 <= hand <= len(records):
        raise typer.BadParameter(f"--hand must be 1 to {len(records)}")
    return [(hand, records[hand - 1])]


def replay_command(
    file: Annotated[Path, typer.Argument(help="a JSON-lines file of hand records, or a .phh file")],
    hand: Annotated[
        int | None,
        typer.Option("--hand", parser=HAND, help="only this record (1 = the first line)"),
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="no pauses: print every action")] = False,
) -> None:
    """Replay recorded hands action by action and check that each ends as recorded."""
    read = [read_phh(file)] if file.suffix.lower() == ".phh" else load_records(file)
    records = [record for _, record in pick_hands(read, hand)]
    for record in records:  # a bad hand is one line before anything is shown, not a half hand
        replay(record)
    pause = not show_all
    if pause:
        print("(Enter shows the next action; end of input shows the rest)")
    for record in records:
        state = deal(record)
        seats = record.table.seats
        print(f"{record.where}: {record.game.name}, hand {record.table.hand}, seed {record.seed}")
        for seat in range(seats):
            cards = [c for c in state.view(seat).hole if c is not None]
            print(f"  seat {seat + 1} ({record.seats[seat]}): {format_cards(cards)}")
        for seat, action in steps(record, state):
            pause = pause and sys.stdin.readline() != ""
            print(f"  seat {seat + 1} ({record.seats[seat]}): {action}")
        outcome = check(record, state)
        for award in outcome.awards:
            print(f"  seat {award.seat + 1} takes {award.amount} ({award.share}: {award.reason})")
        nets = " ".join(f"{n:+d}" for n in outcome.net)
        print(f"  net {nets}: as recorded")
