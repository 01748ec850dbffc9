"""Reading a text file a person named: hand records, PHH files, deck files, target tables.

Whatever the file turns out to be (missing, a folder, unreadable, binary, empty, one endless
line such as ``/dev/zero``), the reader raises one ``InvalidFile`` whose message says what is
wrong and which file is wanted, so no reader meets a ``UnicodeDecodeError`` or loads a
gigabyte looking for a newline. Lines are read with a size limit; a whole file is read only
up to the same limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from pathlib import Path

from pokernight.errors import InvalidFile

LIMIT = 1 << 20
"""Bytes in one line of a records file, or in a whole PHH, deck or target file (1 MiB: a
record of the longest hand is a few kilobytes)."""


def read_text(path: Path, wanted: str, limit: int = LIMIT) -> str:
    """The whole file as text, when it is UTF-8, not blank and at most ``limit`` bytes;
    ``wanted`` names what the file should be (``give ...``)."""
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise _unreadable(path, exc, wanted) from None
    if len(data) > limit:
        raise InvalidFile(f"{path} is larger than {limit:,} bytes: give {wanted}")
    text = _decoded(data, str(path), 0, wanted)
    if not text.strip():
        raise InvalidFile(f"{path} is empty: give {wanted}")
    return text


def text_lines(path: Path, wanted: str, limit: int = LIMIT) -> Iterator[tuple[int, str]]:
    """Each line of the file (numbered from 1, without its newline), read one at a time;
    a line over ``limit`` bytes or not UTF-8 stops the reading with its line number."""
    try:
        with path.open("rb") as file:
            offset = 0
            for number in count(1):
                data = file.readline(limit + 1)
                if not data:
                    return
                if len(data) > limit:
                    raise InvalidFile(
                        f"{path}:{number}: a line longer than {limit:,} bytes: give {wanted}"
                    )
                yield number, _decoded(data, f"{path}:{number}", offset, wanted).rstrip("\r\n")
                offset += len(data)
    except OSError as exc:
        raise _unreadable(path, exc, wanted) from None


def _decoded(data: bytes, where: str, offset: int, wanted: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        raise InvalidFile(
            f"{where}: not text (byte 0x{byte:02x} at offset {offset + exc.start:,} is not "
            f"UTF-8): give {wanted}"
        ) from None


def _unreadable(path: Path, exc: OSError, wanted: str) -> InvalidFile:
    return InvalidFile(f"cannot read {path}: {exc.strerror or exc}: give {wanted}")
