"""Runs the code blocks of the site's pages as a reader would type them.

A page's fenced blocks that the tests run are of three kinds:

- ``console``: ``$ COMMAND`` lines, each followed by exactly what the command prints on
  standard output (standard error, where progress bars and first-use notes go, is not shown).
  ``pokernight ARGS`` runs in this process through the console script's own ``main``; when it
  asks for input, the answer is read off the transcript (the text after the prompt, up to the
  end of that line) and echoed, as a terminal shows what you type. Any other command (``head``
  to show a file a command wrote) runs as a process in the same folder, this virtualenv's
  programs first on its path. The whole output must then be the transcript, line for line; an
  answer missing from the transcript is end of input. ``...`` in a transcript stands for any
  text, within a line or across lines, as in doctest: what varies from run to run (a timing)
  or what the page leaves out (the rest of a long ranking). Answers are read off the
  transcript before its first ``...``.
- ``sh``: commands that install or start something that runs until stopped. Installs must be
  the README's own (which CI runs) or install extras that exist; ``pokernight play`` without
  ``--plain`` opens the terminal table (started headless, its first screen read back);
  ``pokernight serve`` starts the server (its first line read, ``/healthz`` asked, stopped).
- ``pycon``: Python at ``>>>`` prompts, each followed by what it prints, run by doctest (its
  ``...`` is the same ellipsis).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
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
    words: list[str]
    """The command line as the shell splits it, the program first."""
    transcript: str
    """What the command prints, answers typed at its prompts included."""

    def __str__(self) -> str:
        return shlex.join(self.words)


def console_commands(block: Block) -> list[Command]:
    """The ``$ ...`` commands of a console block, each with its transcript. A command line
    ending in ``\\`` goes on in the next line, as in the shell: a long command wrapped stays
    clear of the site's copy button."""
    commands: list[Command] = []
    words: list[str] | None = None
    output: list[str] = []
    lines = iter([*block.text.splitlines(), "$ "])
    for line in lines:
        if not line.startswith("$ "):
            output.append(line)
            continue
        if words is not None:
            commands.append(Command(words, "".join(f"{o}\n" for o in output)))
        while line.endswith("\\"):
            line = line[:-1] + next(lines)
        words, output = shlex.split(line[2:], comments=True), []
    return commands


END = "End of input."
"""What the prompt mode prints when its input runs out: in a transcript, the end of input."""


def tidy(text: str) -> str:
    """Text as a page keeps it: no spaces at the ends of lines (a prompt's trailing space
    included) and no blank lines at the end."""
    return re.sub(r" +(?=\n|$)", "", text).rstrip("\n")


ELLIPSIS = "..."
"""In a transcript, any text (doctest's ellipsis): a timing, or lines the page leaves out."""


def shows(transcript: str, output: str) -> bool:
    """Whether the output is what the transcript shows, each ``...`` standing for any text."""
    pattern = "(?s:.*?)".join(re.escape(part) for part in tidy(transcript).split(ELLIPSIS))
    return re.fullmatch(pattern, tidy(output)) is not None


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


def run(command: Command) -> tuple[int, str]:
    """Run a transcript's command in the current folder: (exit code, standard output).
    ``pokernight`` runs here, answering its prompts from the transcript."""
    if command.words[0] != "pokernight":
        path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
        done = subprocess.run(
            command.words,
            env={**os.environ, "PATH": path},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.returncode, done.stdout
    from pokernight.cli.main import main

    out = io.StringIO()
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = TypedAnswers(command.transcript, out), out
    try:
        main(command.words[1:])
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
