"""``pokernight tools``: the commands the games bring (each spec's ``commands``), listed from
the catalog so the top-level help need not import every game."""

from __future__ import annotations

from pokernight.catalog import CATALOG


def tools_command() -> None:
    """List the commands the games bring, with their help."""
    for game in CATALOG.values():
        for command in game.spec.machines.commands:
            print(f"  {command.name:<14} {game.spec.title}: {command.about}")
    print("Each takes --help: pokernight COMMAND --help")
