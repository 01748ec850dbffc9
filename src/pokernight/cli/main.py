"""The ``pokernight`` command: one Typer app, every error as one line and exit code 2."""

from __future__ import annotations

import sys

import typer

from pokernight.cli import (
    advise,
    bigtwo_moves,
    export_phh,
    hands,
    paigow,
    play,
    replay,
    serve,
    sim,
    tournament,
)
from pokernight.cli.deck import deck_app
from pokernight.errors import PokernightError

app = typer.Typer(
    name="pokernight",
    help="A poker house in one package: play, evaluate, count and simulate.",
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("play")(play.play)
app.command("eval")(hands.eval_command)
app.command("compare")(hands.compare_command)
app.command("count")(hands.count_command)
app.command("sim")(sim.sim_command)
app.command("replay")(replay.replay_command)
app.command("export-phh")(export_phh.export_phh_command)
app.command("tournament")(tournament.tournament_command)
app.command("advise")(advise.advise_command)
app.command("paigow-set")(paigow.paigow_set_command)
app.command("bigtwo-moves")(bigtwo_moves.bigtwo_moves_command)
app.command("serve")(serve.serve_command)
app.add_typer(deck_app, name="deck")


def fail(message: str) -> None:
    """Bad input: one clear line on standard error, exit code 2, nothing else."""
    sys.stderr.write(f"pokernight: {message}\n")
    raise SystemExit(2)


def main() -> None:
    """Console-script entry point."""
    args = sys.argv[1:] or ["--help"]
    try:
        code = app(args=args, standalone_mode=False)
    except PokernightError as exc:
        fail(str(exc))
    except typer.TyperException as exc:
        fail(exc.format_message())
    except (typer.Abort, KeyboardInterrupt):
        fail("interrupted")
    raise SystemExit(code if isinstance(code, int) else 0)
