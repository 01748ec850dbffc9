"""The ``pokernight`` command: one Typer app, every error as one line and exit code 2.

A subcommand's module is imported only when that subcommand runs: the others stand in the
help listing as placeholders with their one line of help, so ``pokernight --help``, ``eval``
and ``compare`` start without NumPy, numba, Textual, FastAPI or any game they do not use.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import typer

from pokernight.cli.params import tool_command
from pokernight.errors import PokernightError

COMMANDS = {
    "play": (
        "play:play",
        "Sit down at a table against computer players: the terminal table on a terminal, "
        "the prompt mode with --plain or when standard output is not a terminal.",
    ),
    "eval": (
        "hands:eval_command",
        "Evaluate one hand: its category, best five, wild designations and key.",
    ),
    "compare": (
        "hands:compare_command",
        "Compare hands (each checked on its own, so they may share cards) and say why.",
    ),
    "count": ("hands:count_command", "Enumerate every hand of a deck and tally the categories."),
    "sim": (
        "sim:sim_command",
        "Simulate hands between computer players; net per seat and per bot with 95% intervals.",
    ),
    "replay": (
        "replay:replay_command",
        "Replay recorded hands action by action and check that each ends as recorded.",
    ),
    "export-phh": (
        "export_phh:export_phh_command",
        "Write each hand of a game PHH can describe as a PHH file.",
    ),
    "tournament": (
        "tournament:tournament_command",
        "Every bot plays every seat equally often; rank them by net per hand.",
    ),
    "advise": (
        "advise:advise_command",
        "Rank the legal decisions of a position by estimated value, with 95% intervals.",
    ),
    "serve": ("serve:serve_command", "Serve the lobby and the tables to browsers."),
    "solve": (
        "solve:solve_command",
        "Solve a heads-up game: the exploitability as it falls, the strategy saved.",
    ),
    "deck": (
        "deck:deck_app",
        "Dual-value decks: fit a deck to a category table, read a deck's table, bound how "
        "close its ranks can come.",
    ),
    "tools": ("tools:tools_command", "List the commands the games bring, with their help."),
}
"""Each subcommand: where it lives (module in ``pokernight.cli``, attribute) and its help line."""
TOOLS_EPILOG = "Games bring commands of their own: pokernight tools lists them."


def game_commands() -> dict[str, tuple[str, str]]:
    """The commands the games bring (each spec's ``commands``): where each lives
    (``module:attribute``) and its help line. It imports every game, so only a command that is
    not built in asks for it: ``pokernight --help`` starts without them."""
    from pokernight.catalog import CATALOG

    return {
        command.name: (command.target, command.about)
        for game in CATALOG.values()
        for command in game.spec.machines.commands
    }


def _placeholder() -> None:
    """Stands in the help listing for a subcommand that is not loaded (never runs)."""


def build(wanted: str | None) -> typer.Typer:
    """The app with ``wanted`` loaded (a built-in command, or one a game brings) and every
    other built-in command as a placeholder."""
    app = typer.Typer(
        name="pokernight",
        help="A poker house in one package: play, evaluate, count and simulate.",
        epilog=TOOLS_EPILOG,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    commands = {
        name: (f"pokernight.cli.{target}", about) for name, (target, about) in COMMANDS.items()
    }
    if wanted is not None and wanted not in COMMANDS:
        commands |= {n: c for n, c in game_commands().items() if n == wanted}
    for name, (target, about) in commands.items():
        if name != wanted:
            app.command(name, help=about)(_placeholder)
            continue
        module, attribute = target.split(":")
        loaded = getattr(importlib.import_module(module), attribute)
        if isinstance(loaded, typer.Typer):
            app.add_typer(loaded, name=name)
        elif name in COMMANDS:
            app.command(name)(loaded)
        else:  # a game's tool declares its parameters without typer
            app.command(name)(tool_command(loaded))
    return app


def fail(message: str) -> None:
    """Bad input: one clear line on standard error, exit code 2, nothing else."""
    sys.stderr.write(f"pokernight: {message}\n")
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point (``argv``: the arguments, else the process's own)."""
    args = list(sys.argv[1:] if argv is None else argv) or ["--help"]
    try:
        wanted = None if args[0].startswith("-") else args[0]
        code = build(wanted)(args=args, standalone_mode=False)
    except PokernightError as exc:
        fail(str(exc))
    except typer.TyperException as exc:
        fail(exc.format_message())
    except (typer.Abort, KeyboardInterrupt):
        fail("interrupted")
    raise SystemExit(code if isinstance(code, int) else 0)
