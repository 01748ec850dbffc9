"""Runs the code blocks of the site's pages as a reader would type them.

A page's fenced blocks are of two kinds:

- ``console``: ``$ pokernight ARGS`` lines, each followed by exactly what the command prints.
  The command runs in this process through the console script's own ``main``; when it asks
  for input, the answer is read off the transcript (the text after the prompt, up to the end of
  that line) and echoed, as a terminal shows what you type. The whole output must then be the
  transcript, line for line; an answer missing from the transcript is end of input.
- ``sh``: commands that install or start something that runs until stopped. Installs must be
  the README's own (which CI runs) or install extras that exist; ``pokernight play`` without
  ``--plain`` opens the terminal table (started headless, its first screen read back);
  ``pokernight serve`` starts the server (its first line read, ``/healthz`` asked, stopped).
"""

from __future__ import annotations

import io
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).parents[2]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """Every fenced code block of a page, with the line it starts on."""
    text = page.read_text(encoding="utf-8")
    return [
        Block(page, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2))
        for m in FENCE.finditer(text)
    ]


@dataclass(frozen=True)
class Command:
    args: list[str]
    transcript: str
    """What the command prints, answers typed at its prompts included."""


def console_commands(block: Block) -> list[Command]:
    """The ``$ pokernight ...`` commands of a console block, each with its transcript."""
    commands: list[Command] = []
    args: list[str] | None = None
    output: list[str] = []
    for line in [*block.text.splitlines(), "$ "]:
        if not line.startswith("$ "):
            output.append(line)
            continue
        if args is not None:
            commands.append(Command(args, "".join(f"{o}\n" for o in output)))
        words = shlex.split(line[2:], comments=True)
        if words and words[0] != "pokernight":
            raise AssertionError(f"{block}: a console block runs pokernight, not {line!r}")
        args, output = words[1:], []
    return commands


END = "End of input."
"""What the prompt mode prints when its input runs out: in a transcript, the end of input."""


def tidy(text: str) -> str:
    """Text as a page keeps it: no spaces at the ends of lines (a prompt's trailing space
    included) and no blank lines at the end."""
    return re.sub(r" +(?=\n|$)", "", text).rstrip("\n")


class TypedAnswers(io.TextIOBase):
    """Standard input that answers each prompt with what the transcript shows typed after it,
    echoing it to the output as a terminal does."""

    def __init__(self, transcript: str, out: io.StringIO) -> None:
        self.transcript, self.out = tidy(transcript), out

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        shown = tidy(self.out.getvalue())
        if not self.transcript.startswith(shown):
            raise Diverged(self.out.getvalue())
        rest = self.transcript[len(shown) :]
        if not rest or rest.startswith(f"\n{END}"):
            return ""  # the prompt mode says so on a line of its own
        answer = rest.split("\n", 1)[0].strip() + "\n"
        self.out.write(answer)
        return answer


class Diverged(AssertionError):
    """The command's output left the transcript before it asked for input."""

    def __init__(self, shown: str) -> None:
        super().__init__("the output left the transcript")
        self.shown = shown


class Terminal(io.StringIO):
    """Standard output that says it is a terminal (the terminal table's door)."""

    def isatty(self) -> bool:
        return True


def run(args: list[str], transcript: str) -> tuple[int, str]:
    """Run ``pokernight ARGS`` here, answering from the transcript: (exit code, output)."""
    from pokernight.cli.main import main

    out = io.StringIO()
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = TypedAnswers(transcript, out), out  # type: ignore[assignment]
    try:
        main(args)
    except Diverged as exc:
        return -1, exc.shown
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    finally:
        sys.stdin, sys.stdout = saved
    return 0, out.getvalue()


def shell_lines(block: Block) -> Iterator[list[str]]:
    """Each command of an sh block (``&&`` chains split), as words; comments dropped."""
    for line in block.text.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        part: list[str] = []
        for word in [*words, "&&"]:
            if word == "&&":
                if part:
                    yield part
                part = []
            else:
                part.append(word)
