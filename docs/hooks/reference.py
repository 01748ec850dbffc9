"""The site's two generated references, made at build time so they cannot drift from the code.

- ``reference/commands.md``: every command and subcommand of the ``pokernight`` Typer app, its
  usage, help and each argument and option, read from the app itself (the same app the console
  script runs, each command loaded as it is when it runs).
- ``reference/api/*.md``: one page per package of ``src/pokernight`` listing every public module
  (no part of its dotted name starting with ``_``) for mkdocstrings to render from its
  docstrings, so a new module appears without anyone editing the site.

The page makers are plain functions (``commands_page``, ``api_pages``) so the test suite can
check them without MkDocs installed; ``on_files`` is the MkDocs hook that adds them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "pokernight"


def command_leaves() -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command the app offers, in ``pokernight --help`` order, a group before its
    subcommands: (path of names, click command)."""
    import typer

    from pokernight.cli.main import COMMANDS, build

    for name in COMMANDS:
        group = typer.main.get_command(build(name))
        stack: list[tuple[tuple[str, ...], Any]] = [((name,), group.commands[name])]  # type: ignore[attr-defined]
        while stack:
            path, command = stack.pop(0)
            yield path, command
            subcommands = getattr(command, "commands", {})
            stack[:0] = [((*path, sub), c) for sub, c in subcommands.items()]


def _cell(text: str) -> str:
    """One line of a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _help(command: Any) -> str:
    """A command's help as prose: Typer keeps the docstring's line breaks, Markdown joins them."""
    return "\n\n".join(" ".join(p.split()) for p in (command.help or "").split("\n\n"))


def _parameters(command: Any, context: Any) -> list[str]:
    """A table row per argument and option: names, value, help, default."""
    rows = ["| parameter | value | what it is | default |", "|---|---|---|---|"]
    for param in command.params:
        if param.param_type_name == "argument":
            names = f"`{param.human_readable_name}`"
            about = getattr(param, "help", None) or ""
        else:
            names = ", ".join(f"`{n}`" for n in (*param.opts, *param.secondary_opts))
            about = param.help or ""
        value = "" if getattr(param, "is_flag", False) else (param.make_metavar(context) or "")
        default = param.default
        shown = "" if default in (None, False, (), []) or param.required else f"`{default}`"
        if param.required:
            shown = "required"
        rows.append(
            f"| {names} | `{_cell(value)}` | {_cell(about)} | {shown} |"
            if value
            else f"| {names} | | {_cell(about)} | {shown} |"
        )
    return rows


def commands_page() -> str:
    """The command reference: a section per command, as ``--help`` shows it, in Markdown."""
    import click

    lines = [
        "# Command reference",
        "",
        "Generated from the `pokernight` app when the site is built: every command of",
        "`pokernight --help` and every subcommand, with each argument and option as the",
        "command line reads it. `pokernight COMMAND --help` prints the same on a terminal.",
        "",
    ]
    for path, command in command_leaves():
        full = " ".join(("pokernight", *path))
        context = click.Context(command, info_name=full)
        lines += [f"## `{full}`", "", "```text", command.get_usage(context), "```", ""]
        lines += [_help(command), ""]
        if getattr(command, "commands", None):
            lines += [
                "Subcommands: "
                + ", ".join(
                    f"[`{name}`](#{_anchor(f'{full} {name}')})" for name in command.commands
                )
                + ".",
                "",
            ]
        elif command.params:
            lines += [*_parameters(command, context), ""]
    return "\n".join(lines)


def _anchor(heading: str) -> str:
    """The id the toc extension gives a heading (code marks dropped, words joined by ``-``)."""
    return re.sub(r"[^\w\- ]", "", heading).strip().lower().replace(" ", "-")


def public_modules() -> list[str]:
    """Every public module of the package, dotted, from the files under ``src`` (a package
    by its ``__init__``): no part of the name starts with ``_`` and every part is a name
    Python can import (Alembic's ``0001_initial`` revisions are scripts, not modules)."""
    found = []
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if all(p.isidentifier() and not p.startswith("_") for p in parts):
            found.append(".".join(parts))
    return found


def api_pages() -> dict[str, str]:
    """Page path → Markdown: an index, then one page per top-level module or package, each
    module of a package a section rendered by mkdocstrings."""
    modules = public_modules()
    tops: dict[str, list[str]] = {}
    for module in modules[1:]:  # [0] is the package itself
        tops.setdefault(module.split(".")[1], []).append(module)
    pages = {}
    index = [
        "# API reference",
        "",
        "Generated from the docstrings when the site is built: every public module of",
        "`pokernight`, grouped by the folder it lives in (see",
        "[Architecture](../../architecture.md) for how the folders depend on each other).",
        "",
        "| page | modules |",
        "|---|---|",
    ]
    for top, members in tops.items():
        body = [f"# `{PACKAGE}.{top}`", ""]
        for module in members:
            level = 1 if module == f"{PACKAGE}.{top}" else 2
            body += [
                f"::: {module}",
                "    options:",
                f"      heading_level: {level + 1}",
                "      show_root_heading: true",
                "      show_root_full_path: true",
                "      members_order: source",
                "      show_submodules: false",
                "",
            ]
        pages[f"reference/api/{top}.md"] = "\n".join(body)
        listed = ", ".join(f"`{m}`" for m in members)
        index.append(f"| [`{PACKAGE}.{top}`]({top}.md) | {listed} |")
    pages["reference/api/index.md"] = "\n".join([*index, ""])
    return pages


def on_files(files: Any, config: Any) -> Any:
    """MkDocs hook: add the generated pages to the site's files."""
    from mkdocs.structure.files import File

    generated = {"reference/commands.md": commands_page(), **api_pages()}
    for uri, content in generated.items():
        files.append(File.generated(config, uri, content=content))
    return files
