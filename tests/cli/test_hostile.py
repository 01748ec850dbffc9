"""Every command ``pokernight --help`` lists, walked with hostile input: each file it reads
(binary, empty, truncated, the wrong format, a folder, missing, unreadable, an endless line,
garbage TOML, records of the wrong shape or with illegal actions), each file it writes, each
number it takes (huge, negative, outside its range by one, not a number) and each optional
extra it needs. Every case must exit 2 with one line on standard error naming what is at
fault, and no traceback.

The commands and their parameters are read from the Typer app itself, so a new command or a
new option is walked without a word here, or the structure test fails until it says how to
reach it (a numbers' range, which file a path holds, the arguments that get past the rest).
Only hostile values are fed: every number lies outside its range, so no case starts the work a
valid one would (a sim of 10,000 hands, a solve, a server).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer

from pokernight.cards import DUAL641_PATH
from pokernight.cli.main import COMMANDS, build, game_commands, main
from pokernight.cli.params import Amount, Whole, output_file, output_folder
from pokernight.extras import install
from pokernight.history.phh import phh_hand
from pokernight.history.record import parse_record
from pokernight.sim.runner import simulate

TARGET = DUAL641_PATH.with_name("seed001_table.json")

BASE: dict[tuple[str, ...], list[str]] = {
    ("play",): ["hurricane", "--plain"],
    ("count",): ["--rules", "dual-high"],
    ("sim",): ["hurricane", "--hands", "1"],
    ("replay",): ["{file}", "--all"],
    ("export-phh",): ["{file}", "-o", "{folder}"],
    ("tournament",): ["hurricane", "--bots", "random,checker", "--hands", "1"],
    ("advise",): ["bigtwo", "--record", "{bigtwo}"],
    ("paigow-set",): ["As", "Ah", "Kd", "9c", "7h", "5s", "Jk", "--way", "best"],
    ("serve",): [],
    ("solve",): ["hurricane", "--ranks", "3", "--iterations", "1"],
    ("deck", "fit"): ["--target", str(TARGET), "--minutes", "0.01"],
    ("deck", "table"): [],
    ("deck", "bound"): [],
}
"""Arguments that take each command past everything but the parameter under test."""

INPUTS: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {
    ("replay",): {"file": ("records", "phh")},
    ("export-phh",): {"file": ("records",)},
    ("advise",): {"record": ("records",)},
    ("count",): {"deck": ("deck",)},  # a deck's name or a deck file: a str, named here
    ("deck", "fit"): {"target": ("target",), "start": ("deck",)},
    ("deck", "table"): {"target": ("target",), "deck": ("deck",)},
    ("deck", "bound"): {"target": ("target",), "deck": ("deck",)},
}
"""The files each command reads, by parameter, and what they hold."""

EXTRAS = [
    (("sim",), ["--plot", "{folder}/x.png"], "matplotlib", "plot", "pokernight.cli.sim.simulate"),
    (("sim",), ["--backend", "dask"], "distributed", "dask", "pokernight.cli.sim.simulate"),
    (("sim",), ["--backend", "ray"], "ray", "ray", "pokernight.cli.sim.simulate"),
    (
        ("tournament",),
        ["--backend", "ray"],
        "ray",
        "ray",
        "pokernight.cli.tournament.tournament",
    ),
    (
        ("solve",),
        ["--plot", "{folder}/x.png"],
        "matplotlib",
        "plot",
        "pokernight.games.hurricane.solve.heads_up.solve",
    ),
    (
        ("solve",),
        ["--export-openspiel", "{folder}/x.json"],
        "pyspiel",
        "openspiel",
        "pokernight.games.hurricane.solve.heads_up.solve",
    ),
    (("serve",), [], "uvicorn", "web", "pokernight.web.app.create_app"),
]
"""Options that need an extra: the module it installs, its name, and the work that must not
start before the extra is found missing."""


def leaves() -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command the app offers (a group's subcommands in its place)."""
    for name in (*COMMANDS, *game_commands()):  # the built-in ones and the games' own
        command = typer.main.get_command(build(name)).commands[name]  # type: ignore[attr-defined]
        stack: list[tuple[tuple[str, ...], Any]] = [((name,), command)]
        while stack:
            path, command = stack.pop()
            if hasattr(command, "commands"):
                stack += [((*path, sub), c) for sub, c in command.commands.items()]
            else:
                yield path, command


def checker(param: Any) -> object:
    """The parser a parameter was given (None: click's own type)."""
    return getattr(param.type, "func", None)


@dataclass(frozen=True)
class Case:
    args: list[str]
    names: str
    """Text the one error line must contain: it names the parameter or the file at fault."""

    def __str__(self) -> str:
        return " ".join(self.args)[:120]


def hostile_numbers(check: Whole | Amount) -> list[str]:
    low, high = check.low, check.high
    values = [str(low - 1), str(high + 1), "99999999999999999999999", "-1e999", "x", "", "½"]
    if isinstance(check, Whole):
        return [*values, "1e3", "３", "0x10", "1_0", "9" * 5000]
    return [*values, "nan", "inf", "-inf", "1e999", "0x1p3"]


def records_lines(game: str, hands: int) -> list[str]:
    lines: list[str] = []
    simulate(game, hands, seed=1, sink=lines.append)
    return lines


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Good files to get past the other parameters, and hostile ones of every kind."""
    root = tmp_path_factory.mktemp("hostile")
    hurricane = records_lines("hurricane", 2)
    bigtwo = records_lines("bigtwo", 1)
    good = {"file": root / "good.jsonl", "bigtwo": root / "bigtwo.jsonl", "folder": root / "out"}
    good["file"].write_text("".join(hurricane))
    good["bigtwo"].write_text("".join(bigtwo))
    good["folder"].mkdir()
    record = json.loads(hurricane[0])
    phh = phh_hand(parse_record(hurricane[0])).text()

    def edited(**changes: Any) -> str:
        return json.dumps(record | changes) + "\n"

    generic: dict[str, bytes | str | Path] = {
        "missing": root / "no such file",
        "folder": root,
        "unreadable": Path("/proc/self/mem"),  # opens, but every read fails (even for root)
        "empty": "",
        "blank": "\n \n\t\n",
        "binary": bytes(range(255, -1, -1)),
        "endless line": "a" * (1 << 20 | 1),
        "nested": "[" * 100_000,
        "5,000 digits": "9" * 5000,
        "nul bytes": "\0" * 64,
    }
    kinds: dict[str, dict[str, bytes | str | Path]] = {
        "records": {
            "truncated": hurricane[0][: len(hurricane[0]) // 2],
            "a PHH file": phh,
            "a PNG": b"\x89PNG\r\n\x1a\n" + bytes(64),
            "a list": "[]\n",
            "wrong shape": edited(table=[1, 2], outcome="won"),
            "wrong game": edited(game=5),
            "seed of 5,000 digits": hurricane[0].replace('"seed":', '"seed":' + "9" * 5000 + ","),
            "illegal action": edited(actions=["raise 99", *record["actions"][1:]]),
            "unknown action": edited(actions=["shove", *record["actions"][1:]]),
            "superscript amount": edited(actions=["bet ²", *record["actions"][1:]]),
            "fullwidth amount": edited(actions=["bet ３", *record["actions"][1:]]),
            "an action after the end": edited(actions=[*record["actions"], "call"]),
            "beyond 64 bits": edited(table=record["table"] | {"hand": 2**70}),
        },
        "phh": {
            "garbage TOML": "variant = [\n",
            "TOML of the wrong shape": 'variant = "X-HURRICANE"\nstarting_stacks = "x"\n',
            "a records file": "".join(hurricane),
            "an edited action": phh.replace("p1 cbr", "p1 cbr 9", 1),
            "nested tables": "a = " + "[" * 5000 + "]" * 5000 + "\n",
        },
        "deck": {
            "a records file": "".join(hurricane),
            "51 cards": "\n".join(DUAL641_PATH.read_text().splitlines()[:-1]),
            "a bad card": "Zz/Qq\n",
        },
        "target": {
            "a number": "5",
            "a list": "[1, 2]",
            "counts as text": json.dumps(dict.fromkeys(["five_of_a_kind", "flush"], "x")),
            "a deck file": DUAL641_PATH.read_text(),
        },
    }
    hostile: dict[str, list[tuple[str, Path]]] = {}
    for kind, specific in kinds.items():
        suffix = ".phh" if kind == "phh" else ".jsonl" if kind == "records" else ".txt"
        hostile[kind] = []
        for i, (label, content) in enumerate({**generic, **specific}.items()):
            if isinstance(content, Path):
                path = content
            else:
                path = root / f"{kind}-{i}{suffix}"
                data = content.encode() if isinstance(content, str) else content
                path.write_bytes(data)
            hostile[kind].append((label, path))
    a_file = root / "a-file"
    a_file.write_text("x")
    outputs = {
        output_file: [root, root / "missing" / "x.png", a_file / "x.png"],
        output_folder: [a_file, a_file / "sub"],
    }
    return {"good": good, "hostile": hostile, "outputs": outputs}


def base(path: tuple[str, ...], good: dict[str, Path], **given: str) -> list[str]:
    values = {k: str(v) for k, v in good.items()} | given
    return [*path, *(arg.format(**values) for arg in BASE[path])]


def cases(path: tuple[str, ...], command: Any, files: dict[str, Any]) -> Iterator[Case]:
    """The hostile cases of one command: every file, output and number it takes."""
    good = files["good"]
    for param in command.params:
        check = checker(param)
        opt = param.opts[-1] if param.param_type_name == "option" else None
        kinds = INPUTS.get(path, {}).get(param.name)
        if kinds is not None:
            for kind in kinds:
                for label, bad in files["hostile"][kind]:
                    if opt is None:
                        args = base(path, good, **{param.name: str(bad)})
                    else:
                        args = [*base(path, good), opt, str(bad)]
                    yield Case(args, str(bad) if label != "unreadable" else "/proc/self/mem")
        elif isinstance(check, (Whole, Amount)):
            for value in hostile_numbers(check):
                yield Case([*base(path, good), f"{opt}={value}"], f"'{opt}'")
        elif check in files["outputs"]:
            assert opt is not None  # an output is always an option's
            for bad in files["outputs"][check]:
                yield Case([*base(path, good), opt, str(bad)], f"'{opt}'")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    """The command run in this process through the console script's own entry point."""
    with pytest.raises(SystemExit) as exit:
        main(args)
    out, err = capsys.readouterr()
    return exit.value.code, out, err


def test_every_file_and_number_parameter_is_known() -> None:
    """A new command or option must say how to reach it: a number needs a range, a path what
    it holds (read) or a check (written), a command with either its base arguments."""
    numbers = ("integer", "float", "integer range", "float range")
    for path, command in leaves():
        for param in command.params:
            check, kind = checker(param), param.type.name
            where = f"{' '.join(path)} {param.name}"
            if kind == "path":
                assert param.name in INPUTS.get(path, {}), f"{where}: what file does it read?"
            assert check is not None or kind not in numbers, f"{where}: a number with no range"
            walked = isinstance(check, (Whole, Amount)) or check in (output_file, output_folder)
            if walked or param.name in INPUTS.get(path, {}):
                assert path in BASE, f"{' '.join(path)}: which arguments get past the rest?"
    known = {path for path, _ in leaves()}
    assert set(BASE) <= known and set(INPUTS) <= known
    for path, params in INPUTS.items():
        command = dict(leaves())[path]
        assert set(params) <= {p.name for p in command.params}, path


def test_every_command_refuses_hostile_files_and_numbers_with_one_line(
    files: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", open("/dev/null"))  # noqa: SIM115 (pytest closes it)
    walked: dict[str, int] = {}
    failures = []
    for path, command in leaves():
        for case in cases(path, command, files):
            code, out, err = run(case.args, capsys)
            lines = (out + err).splitlines()
            walked[" ".join(path)] = walked.get(" ".join(path), 0) + 1
            if (
                code != 2
                or out
                or len(lines) != 1
                or not err.startswith("pokernight: ")
                or case.names not in err
                or "Traceback" in err
            ):
                failures.append(f"{case}\n  exit {code}: {(out + err)[:300]!r}")
    assert not failures, f"{len(failures)} cases:\n" + "\n".join(failures)
    assert set(walked) == {" ".join(p) for p in BASE}  # each command with a file or a number


@pytest.mark.parametrize(("path", "extra", "module", "name", "work"), EXTRAS)
def test_a_missing_extra_is_named_before_the_work_starts(
    path: tuple[str, ...],
    extra: list[str],
    module: str,
    name: str,
    work: str,
    files: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    owner, attribute = work.rsplit(".", 1)
    __import__(owner)

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"{work} started before the missing {module} was found")

    monkeypatch.setattr(sys.modules[owner], attribute, started)
    monkeypatch.setitem(sys.modules, module, None)  # an import of it now fails
    good = {k: str(v) for k, v in files["good"].items()}
    args = base(path, files["good"]) + [a.format(**good) for a in extra]
    code, out, err = run(args, capsys)
    assert (code, out) == (2, "")
    assert err == f"pokernight: {module} is not installed: {install(name)}\n"
