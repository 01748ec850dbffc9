"""``eval``, ``compare`` and ``count``: the hand rankings from the command line."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pokernight.cards import DECKS, format_cards
from pokernight.cli.bars import LazyBar, compiling
from pokernight.cli.params import Whole
from pokernight.hands import PRESETS, compare, evaluate, preset
from pokernight.hands.evaluate import parse_hand
from pokernight.hands.value import HandValue

RULES_HELP = f"rule preset: {', '.join(PRESETS)}"


def _line(value: HandValue) -> str:
    """One hand in words. Styled by click (which typer already loaded) rather than Rich, whose
    console costs eval and compare a fifth of their start-up; colour only on a terminal."""
    wild = ", ".join(f"{w} as {c}" for w, c in value.wild_as)
    line = f"{typer.style(value.description, bold=True)}  {format_cards(value.best, pretty=True)}"
    if wild:
        line += f"  ({wild})"
    if value.orientation is not None:
        line += f"  flips {''.join(map(str, value.orientation))}"
    return line


RulesOption = Annotated[str, typer.Option("--rules", help=RULES_HELP)]
CARDS = Whole(1, 53, " cards")
"""Any hand a deck can deal (the joker deck's 53 at most): whether the preset counts hands of
that size is its own to say, naming its sizes, once ``--rules`` is known."""


def _cards_help() -> str:
    """``--cards``'s help, from the presets so that a new one is said too: each one's sizes,
    the presets that share them together, the commonest last as the others'."""
    by_sizes: dict[str, list[str]] = {}
    for name, rules in PRESETS.items():
        by_sizes.setdefault(rules.sizes_said, []).append(name)
    *rare, common = sorted(by_sizes.items(), key=lambda group: len(group[1]))
    named = [f"{sizes} for {', '.join(names)}" for sizes, names in rare]
    return f"cards per hand (default: the preset's): {'; '.join(named)}; {common[0]} for the others"


JsonOption = Annotated[bool, typer.Option("--json", help="print JSON")]


def eval_command(
    cards: Annotated[list[str], typer.Argument(help="the cards, e.g. As Kd 10h 2c Jk")],
    rules: RulesOption = "high",
    as_json: JsonOption = False,
) -> None:
    """Evaluate one hand: its category, best five, wild designations and key."""
    rule_set = preset(rules)
    value = evaluate(parse_hand(cards, rule_set), rule_set)
    if as_json:
        print(json.dumps(value.to_json()))
    else:
        typer.echo(_line(value))


def compare_command(
    hands: Annotated[list[str], typer.Argument(help="two or more hands, each one quoted string")],
    rules: RulesOption = "high",
    as_json: JsonOption = False,
) -> None:
    """Compare hands (each checked on its own, so they may share cards) and say why."""
    rule_set = preset(rules)
    result = compare([parse_hand(h, rule_set) for h in hands], rule_set)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    for i, value in enumerate(result.hands):
        mark = typer.style("wins", fg="green") if i in result.winners else "    "
        typer.echo(f"{i}: {mark} {_line(value)}")
    typer.echo(result.reason)


def count_command(
    rules: RulesOption,
    cards: Annotated[
        int | None,
        typer.Option("--cards", parser=CARDS, help=_cards_help()),
    ] = None,
    deck: Annotated[
        str | None, typer.Option("--deck", help=f"{', '.join(DECKS)} or a deck file")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Enumerate every hand of a deck and tally the categories."""
    from rich.console import Console
    from rich.table import Table

    from pokernight.hands.count import count, warm  # NumPy: loaded only when counting

    rule_set = preset(rules)
    with compiling("the counting kernels") as bar:
        warm(rule_set, deck, cards, bar)
    with LazyBar() as bar:
        result = count(rule_set, deck=deck, cards=cards, progress=bar)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    table = Table(title=f"{result.rules}: {result.cards} cards from {result.deck}")
    table.add_column("category")
    table.add_column("hands", justify="right")
    table.add_column("share", justify="right")
    for name, n in result.categories.items():
        table.add_row(name, f"{n:,}", f"{n / result.total:.6%}")
    table.add_row("total", f"{result.total:,}", "", end_section=True)
    console = Console()
    console.print(table)
    console.print(f"{result.distinct:,} distinct values, {result.seconds:.2f} s")
