"""A small TOML writer: Python 3.11 reads TOML (``tomllib``) but cannot write it.

Only what PHH files need, so no dependency is added: strings (escaped), integers, booleans,
arrays, inline tables inside arrays, and top-level tables as ``[sections]`` after the plain
keys. An array may carry one comment per element (a PHH file says who acted beside each
action); it is then written one element per line. Anything else (floats, dates, None) is a
``TypeError``, an integer beyond 64 bits a ``ValueError``: the caller's bug, not the user's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

Value = str | int | bool | Sequence["Value"] | Mapping[str, "Value"]
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
ESCAPES = {'"': '\\"', "\\": "\\\\"}
ESCAPES.update({c: "\\" + e for c, e in zip("\b\t\n\f\r", "btnfr", strict=True)})


def dumps(
    document: Mapping[str, Value],
    *,
    header: Sequence[str] = (),
    comments: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The TOML text of ``document``: ``header`` lines as leading comments; ``comments[key]``
    one comment per element of the array ``document[key]`` ('' for none)."""
    comments = comments or {}
    lines = [f"# {_one_line(h)}".rstrip() for h in header]
    tables: list[tuple[str, Mapping[str, Value]]] = []
    for key, value in document.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
        elif key in comments:
            lines.extend(_commented_array(key, value, comments[key]))
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, table in tables:
        lines.extend(["", f"[{_key(key)}]"])
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


def _commented_array(key: str, value: Value, notes: Sequence[str]) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(notes) != len(value):
        raise TypeError(f"{key}: one comment per element of an array")
    lines = [f"{_key(key)} = ["]
    for item, note in zip(value, notes, strict=True):
        comment = f"  # {_one_line(note)}" if note else ""
        lines.append(f"  {_value(item)},{comment}")
    lines.append("]")
    return lines


def _value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise ValueError(f"{value} does not fit in a TOML integer (64 bits)")
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        items = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        return f"{{ {items} }}" if items else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML here")


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in ESCAPES:
            out.append(ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else _string(key)


def _one_line(text: str) -> str:
    """A comment runs to the end of its line: newlines (and other controls) become spaces."""
    return "".join(" " if ord(c) < 0x20 or ord(c) == 0x7F else c for c in text)
