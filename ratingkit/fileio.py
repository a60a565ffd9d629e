"""Small file helpers: reading text and CSV tables with clear errors, writing all-or-nothing."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError, Location, MalformedLineError
from .output import atomic_write, unprotect_cell


def read_text(path: str | os.PathLike[str]) -> str:
    """A text file's content (UTF-8, falling back to Latin-1 as old TRF files use it)."""
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", Location(str(path)), str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", Location(str(path)), str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", Location(str(path)), str(path)) from None
    require_text(data, path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


#: Byte-order marks of UTF-16 and UTF-32 (UTF-32 LE starts like UTF-16 LE).
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def require_text(data: bytes, path: str | os.PathLike[str]) -> None:
    """Refuse bytes that are not text in UTF-8 or Latin-1: a UTF-16/32 byte-order mark or a
    NUL byte (UTF-16 text saved by a spreadsheet, a binary file).  Read as Latin-1 they would
    give garbage and a misleading error further on."""
    if data.startswith(_WIDE_BOMS) or b"\x00" in data:
        what = "a UTF-16 or UTF-32 byte-order mark" if data.startswith(_WIDE_BOMS) else "NUL bytes"
        raise InputError(
            f"cannot read {path}: not a text file in UTF-8 or Latin-1 (it has {what}; save it "
            "as UTF-8 text)",
            None,
            str(path),
        )


def check_text_file(path: str | os.PathLike[str]) -> None:
    """:func:`require_text` on a file's bytes; directories and unreadable paths are left to
    the reader, which names the problem."""
    file = Path(path)
    if not file.is_file():
        return
    try:
        data = file.read_bytes()
    except OSError:
        return
    require_text(data, path)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either wholly new or untouched (a
    symbolic link's target is replaced and the link kept; a device or FIFO is written into):
    :func:`ratingkit.output.atomic_write`."""
    atomic_write(path, text)


@dataclass(frozen=True)
class CsvRow:
    """One data row of a CSV table: its 1-based line, its cells by lower-case header name
    (stripped), and the raw text for messages."""

    line: int
    cells: dict[str, str]
    raw: str

    def at(self, source: str, column: str) -> Location:
        return Location(source, self.line, column)


def read_csv_table(
    text: str, source: str, what: str, required: Sequence[str] = ()
) -> tuple[list[str], list[CsvRow]]:
    """The header (lower case) and the non-blank rows of a CSV table with a header line.

    ``what`` names the file in messages ("the games file"); a missing ``required`` column,
    an empty file or a row with the wrong number of fields is a
    :class:`~ratingkit.errors.MalformedLineError` naming the line.
    """
    reader = csv.reader(io.StringIO(text))
    try:
        header = [unprotect_cell(h.strip()).lower() for h in next(reader)]
    except StopIteration:
        raise MalformedLineError(f"{what} is empty", Location(source, 1), "") from None
    missing = [c for c in required if c not in header]
    if missing:
        raise MalformedLineError(
            f"the header lacks column(s) {', '.join(missing)} (needs {','.join(required)})",
            Location(source, 1),
            ",".join(header),
        )
    rows = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        raw = ",".join(row)
        if len(row) != len(header):
            raise MalformedLineError(
                f"expected {len(header)} fields ({','.join(header)}), got {len(row)}: {raw!r}",
                Location(source, reader.line_num),
                raw,
            )
        # unprotect_cell: the apostrophe ratingkit's own writers put before a cell that a
        # spreadsheet would run as a formula (ratingkit.output.protect_cell).
        cells = {h: unprotect_cell(c.strip()) for h, c in zip(header, row, strict=True)}
        rows.append(CsvRow(reader.line_num, cells, raw))
    return header, rows
