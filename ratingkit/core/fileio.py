"""Small file helpers: reading text and CSV tables with clear errors, writing all-or-nothing.

Encodings.  A file is read as UTF-8 when it decodes as UTF-8 (with or without a byte-order
mark, which is dropped).  Otherwise its code page is detected with charset-normalizer among
the code pages rating offices save in: Windows-1251 and KOI8-R or DOS 866 (Russian),
Windows-1254 (Turkish), Windows-1252 (Western Europe, a superset of the Latin-1 of old TRF
files); where charset-normalizer cannot tell them apart (short files), a decoding that mixes
scripts inside a word ("Mьller") or turns whole words into accented Latin ("Èâàíîâ") loses,
and Windows-1254 wins over Windows-1252 when the two decode differently (Turkish ı ş ğ rather
than Icelandic ý þ ð).  A given ``encoding`` overrides the detection.  :func:`read_text_as`
says which encoding was used and how, for the report's notes.

CSV tables are separated by ``;``, ``,`` or a tab: the header line tells which (Excel in
Russia and Turkey saves ``;`` with decimal commas).
"""

from __future__ import annotations

import codecs
import csv
import io
import os
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.i18n import N_, _, tr
from .errors import InputError, Location, MalformedLineError, shown
from .fastbuild import build
from .model import EventOrigin, ReadNote
from .output import atomic_write, unprotect_cell

#: Code pages tried when a file is not UTF-8, in order of preference when nothing else decides.
CODE_PAGES = ("cp1251", "cp1254", "cp1252", "koi8_r", "cp866")

_NAMES = {
    "utf_8": "UTF-8",
    "utf_8_sig": "UTF-8",
    "cp1251": "Windows-1251",
    "cp1254": "Windows-1254",
    "cp1252": "Windows-1252",
    "cp1250": "Windows-1250",
    "latin_1": "Latin-1",
    "iso8859_1": "Latin-1",
    "iso8859_9": "ISO 8859-9",
    "iso8859_5": "ISO 8859-5",
    "koi8_r": "KOI8-R",
    "cp866": "DOS 866",
}


def encoding_name(encoding: str) -> str:
    """The usual name of a codec: ``cp1251`` is "Windows-1251"."""
    codec = codecs.lookup(encoding).name.replace("-", "_")
    return _NAMES.get(codec, encoding)


@dataclass(frozen=True)
class DecodedText:
    """A file's text and how it was decoded: ``encoding`` is the codec used (``utf-8``,
    ``cp1251`` ...), ``how`` is ``"detected"`` or ``"given"``."""

    text: str
    encoding: str
    how: str = N_("detected")
    bom: bool = False

    @property
    def is_utf8(self) -> bool:
        return codecs.lookup(self.encoding).name in ("utf-8", "utf-8-sig")

    def note(self, source: str) -> str | None:
        """The report's note on the encoding ("x.csv: read as Windows-1251 (detected)"); none
        for a UTF-8 file that was not given an encoding (the default says nothing)."""
        if self.is_utf8 and self.how == "detected":
            return None
        return tr(
            "{source}: read as {encoding} ({how})",
            source=source,
            encoding=encoding_name(self.encoding),
            how=_(self.how),
        )


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    file = Path(path)
    try:
        return file.read_bytes()
    except FileNotFoundError:
        raise InputError(tr("file not found"), Location(str(path)), str(path)) from None
    except IsADirectoryError:
        raise InputError(tr("is a directory, not a file"), Location(str(path)), str(path)) from None
    except OSError as exc:
        raise InputError(
            tr("cannot read: {strerror}", strerror=exc.strerror), Location(str(path)), str(path)
        ) from None


def read_text(path: str | os.PathLike[str], encoding: str | None = None) -> str:
    """A text file's content, newlines normalised to ``\\n`` and a byte-order mark dropped:
    UTF-8, else the code page detected (see the module's notes), or ``encoding`` if given."""
    return read_text_as(path, encoding).text


def read_text_as(path: str | os.PathLike[str], encoding: str | None = None) -> DecodedText:
    """:func:`read_text` with the encoding used and how it was chosen."""
    return decode_text(_read_bytes(path), str(path), encoding)


#: What a reader read: (file, how it was decoded), for :func:`encoding_notes`.
Reads = list[tuple[str, DecodedText]]


def read_text_into(
    path: str | os.PathLike[str], encoding: str | None = None, reads: Reads | None = None
) -> str:
    """:func:`read_text`, recording the file and its decoding in ``reads`` (when given)."""
    decoded = read_text_as(path, encoding)
    if reads is not None:
        reads.append((str(path), decoded))
    return decoded.text


def files_read(reads: Reads) -> tuple[str, ...]:
    """Every file a reader read (``Event.origin.files``): a CSV pair given by its games file
    reads its players and event files too, and ``--output`` must not overwrite any of them."""
    return tuple(dict.fromkeys(source for source, _decoded in reads))


def main_encoding(reads: Reads) -> str:
    """The encoding of a reader's files for ``Event.origin.encoding``: the first one that
    is not UTF-8 (an all-ASCII file reads as UTF-8 whatever it was saved in), else UTF-8."""
    for _source, decoded in reads:
        if not decoded.is_utf8:
            return decoded.encoding
    return reads[0][1].encoding if reads else "utf-8"


def encoding_notes(reads: Reads) -> tuple[ReadNote, ...]:
    """The report's notes on the encodings of the files read: one note per encoding that is
    not the default UTF-8 (``games.csv, players.csv: read as Windows-1251 (detected)``), as
    :class:`~ratingkit.core.model.ReadNote` values (notes of kind ``READ`` that are their
    text)."""
    groups: dict[tuple[str, str], list[str]] = {}
    codecs_of: dict[tuple[str, str], str] = {}
    for source, decoded in reads:
        if decoded.note(source) is None:
            continue
        group = (encoding_name(decoded.encoding), decoded.how)
        groups.setdefault(group, []).append(source)
        codecs_of.setdefault(group, decoded.encoding)
    notes = []
    for (name, how), sources in groups.items():
        files = tuple(dict.fromkeys(sources))
        notes.append(
            ReadNote(
                tr(
                    "{source}: read as {encoding} ({how})",
                    source=", ".join(files),
                    encoding=name,
                    how=_(how),
                ),
                files=files,
                encoding=codecs_of[(name, how)],
            )
        )
    return tuple(notes)


def reads_origin(reads: Reads) -> EventOrigin:
    """What a reader records in ``Event.origin`` about the files it read: the ``files``
    (:func:`files_read`), their ``encoding`` (:func:`main_encoding`) and, when a file was not
    read as UTF-8 or was given an encoding, ``read_notes`` (:func:`encoding_notes`)."""
    return EventOrigin(
        files=files_read(reads), encoding=main_encoding(reads), read_notes=encoding_notes(reads)
    )


def decode_text(data: bytes, source: str, encoding: str | None = None) -> DecodedText:
    """Decode a file's bytes (see :func:`read_text`); ``source`` names the file in errors."""
    if encoding is not None:
        decoded = _decode_given(data, source, encoding)
    else:
        require_text(data, source)
        decoded = _detect(data)
    text = decoded.text
    if text.startswith("\ufeff"):
        text = text[1:]
        decoded = DecodedText(text, decoded.encoding, decoded.how, True)
    if "\r" in text:  # one quick look (most files have no CR), not two replacing scans
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return DecodedText(text, decoded.encoding, decoded.how, decoded.bom)


def check_encoding(encoding: str, source: str | None = None) -> codecs.CodecInfo:
    """The codec of an encoding name given by the user (``cp1251``, ``windows-1254``,
    ``utf-8``); an unknown name, or a codec that does not decode bytes to text (``rot13``,
    ``base64``), is an :class:`~ratingkit.core.errors.InputError` (naming ``source`` if given)."""
    where = Location(source) if source is not None else None
    try:
        codec = codecs.lookup(encoding)
    except (LookupError, TypeError, ValueError):
        codec = None
    if codec is None:
        problem = tr("unknown encoding {encoding!r}", encoding=encoding)
    elif not getattr(codec, "_is_text_encoding", True):
        problem = tr("{encoding!r} is not a text encoding", encoding=encoding)
    else:
        return codec
    raise InputError(
        tr("{problem} (for example utf-8, cp1251, cp1254, cp1252)", problem=problem),
        where,
        encoding,
    )


def _decode_given(data: bytes, source: str, encoding: str) -> DecodedText:
    codec = check_encoding(encoding, source)
    if not codec.name.startswith(("utf-16", "utf-32")):
        require_text(data, source)
    try:
        text = data.decode(codec.name)
    except UnicodeError as exc:
        start = getattr(exc, "start", 0)
        end = getattr(exc, "end", start + 1)
        line = data.count(b"\n", 0, start) + 1
        raise InputError(
            tr(
                ("not valid {encoding} (the encoding given): byte(s) {data!r} cannot be decoded"),
                encoding=encoding_name(encoding),
                data=data[start:end],
            ),
            Location(source, line),
            data[start:end],
        ) from None
    return DecodedText(text, encoding, N_("given"), False)


def _detect(data: bytes) -> DecodedText:
    try:
        return DecodedText(
            data.decode("utf-8-sig"), "utf-8", "detected", data[:3] == codecs.BOM_UTF8
        )
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data, cp_isolation=list(CODE_PAGES)))
    if not matches:
        # No code page decodes it all (bytes undefined everywhere): Latin-1 decodes anything,
        # and the note says so.
        return DecodedText(data.decode("latin-1"), "latin-1", "no code page fits", False)
    texts = {m.encoding: str(m) for m in matches}

    keys: dict[str, tuple[int, float, float, int]] = {}

    def key(match: Any) -> tuple[int, float, float, int]:
        if match.encoding in keys:
            return keys[match.encoding]
        preference = CODE_PAGES.index(match.encoding) if match.encoding in CODE_PAGES else 99
        keys[match.encoding] = (
            _implausible_words(texts[match.encoding]),
            match.chaos,
            -match.coherence,
            preference,
        )
        return keys[match.encoding]

    best = min(matches, key=key)
    encoding = best.encoding
    if encoding == "cp1252" and "cp1254" in texts and texts["cp1254"] != texts["cp1252"]:
        # The two code pages differ only where Windows-1254 has Turkish ğ ı ş Ğ İ Ş and
        # Windows-1252 Icelandic ð ý þ Ð Ý Þ.  On a short file charset-normalizer's scores
        # cannot tell them apart; ratingkit's users write Turkish far more often than
        # Icelandic, so Turkish wins unless it reads worse.
        turkish = next(m for m in matches if m.encoding == "cp1254")
        if key(turkish)[0] <= key(best)[0]:
            encoding = "cp1254"
    return DecodedText(texts[encoding], encoding, "detected", False)


#: A word: letters (and the signs that a wrong code page puts among them) between spaces,
#: digits and punctuation.  The pattern is linear (no nested or adjacent open repeats).
_WORD = re.compile(r"[^\s\d,;.\"'()\[\]/\-]+")


def _implausible_words(text: str, limit: int = 2000) -> int:
    """How many words mix two scripts ("Mьller") or are accented Latin letters only, at least
    three of them ("Èâàíîâ"): the marks of a wrong code page."""
    count = seen = 0
    for match in _WORD.finditer(text):
        word = match.group()
        if word.isascii():
            continue
        seen += 1
        if seen > limit:
            break
        scripts = {unicodedata.name(ch, "?").split(" ")[0] for ch in word}
        if len(scripts) > 1 or (
            scripts == {"LATIN"} and len(word) >= 3 and all(ord(ch) > 127 for ch in word)
        ):
            count += 1
    return count


#: Byte-order marks of UTF-16 and UTF-32 (UTF-32 LE starts like UTF-16 LE).
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def require_text(data: bytes, path: str | os.PathLike[str], lines_before: int = 0) -> None:
    """Refuse bytes that are not text in UTF-8 or a one-byte code page: a UTF-16/32
    byte-order mark or a NUL byte (UTF-16 text saved by a spreadsheet, a binary file).  Read
    as a code page they would give garbage and a misleading error further on.  ``data`` may
    be a piece of a file read as a stream, after ``lines_before`` lines."""
    if data.startswith(_WIDE_BOMS) and not lines_before:
        what = _("a UTF-16 or UTF-32 byte-order mark")
    elif b"\x00" in data:
        line = lines_before + data.count(b"\n", 0, data.index(b"\x00")) + 1
        what = tr("NUL bytes, the first on line {line}", line=line)
    else:
        return
    raise InputError(
        tr(
            (
                "cannot read {path}: not a text file in UTF-8 or Latin-1 (it has "
                "{what}; save it as UTF-8 text)"
            ),
            path=path,
            what=what,
        ),
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
    :func:`ratingkit.core.output.atomic_write`."""
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


#: The separators a header line may use, in order of preference on a tie.
DELIMITERS = (",", ";", "\t")


def detect_delimiter(header: str) -> str:
    """The separator of a CSV table from its header line: the one of ``,``, ``;`` and tab
    that occurs most often outside quotes (``,`` when none does)."""
    outside = re.sub(r'"[^"]*"', "", header.lstrip("\ufeff"))
    counts = {d: outside.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def header_cells(line: str) -> list[str]:
    """The lower-case, stripped column names of a header line, whatever its separator."""
    line = line.lstrip("\ufeff")
    try:
        row = next(csv.reader([line], delimiter=detect_delimiter(line)), [])
    except csv.Error:
        row = line.split(detect_delimiter(line))
    return [c.strip().lower() for c in row]


#: Python's csv module refuses a cell longer than this (its default ``field_size_limit``).
FIELD_LIMIT = csv.field_size_limit()
_DECIMAL_COLUMNS = ("points", "hours_per_day", "value")
_DECIMAL_PARTS = re.compile(r"^\s*[+-]?\d+$"), re.compile(r"^\d+\s*$")


def _decimal_comma_hint(row: list[str], header: list[str], delimiter: str) -> str:
    """For a comma-separated row one cell too long: the ``7,5`` that split it, if any."""
    if delimiter != "," or len(row) != len(header) + 1:
        return ""
    splits = [
        index
        for index in range(len(row) - 1)
        if _DECIMAL_PARTS[0].match(row[index]) and _DECIMAL_PARTS[1].match(row[index + 1])
    ]
    if splits:
        # The split in a column that holds fractions (points), else the last one.
        index = next((i for i in splits if header[i] in _DECIMAL_COLUMNS), splits[-1])
        number = f"{row[index].strip()},{row[index + 1].strip()}"
        dotted = number.replace(",", ".")
        return tr(
            (
                '; if {number!r} is one number with a decimal comma, quote it ("{number}") '
                "or write {dotted} (this file is separated by commas)"
            ),
            number=number,
            dotted=dotted,
        )
    return ""


def _line_at(text: str, number: int) -> str:
    """The ``number``-th line (1-based) of ``text``, as an error message quotes it."""
    lines = text.splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""


def read_csv_table(
    text: str,
    source: str,
    what: str,
    required: Sequence[str] = (),
    *,
    delimiter: str | None = None,
    first_line: int = 1,
) -> tuple[list[str], list[CsvRow]]:
    """The header (lower case) and the non-blank rows of a CSV table with a header line.

    ``what`` names the file in messages ("the games file"); a missing ``required`` column,
    an empty file, a row with the wrong number of fields, a cell longer than
    :data:`FIELD_LIMIT` characters or a quote left open is a
    :class:`~ratingkit.core.errors.MalformedLineError` naming the line.  The separator (``,``,
    ``;`` or tab) is taken from the header line unless ``delimiter`` is given;
    ``first_line`` is the file's line number of the text's first line (when the table
    follows other lines, as in a score table).
    """
    text = text.lstrip("\ufeff")
    if delimiter is None:
        delimiter = detect_delimiter(text.split("\n", 1)[0])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    offset = first_line - 1

    def line_of() -> int:
        return offset + max(reader.line_num, 1)

    def rows_of() -> Iterator[list[str]]:
        while True:
            try:
                started[0] = offset + reader.line_num + 1
                yield next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
                message = str(exc)
                if "field larger than field limit" in message:
                    message = tr(
                        (
                            "a cell is longer than {limit:,} characters (a quote left "
                            "open, or not a CSV table)"
                        ),
                        limit=FIELD_LIMIT,
                    )
                raise MalformedLineError(
                    tr("{what} cannot be read as CSV: {message}", what=what, message=message),
                    Location(source, line_of()),
                    "",
                ) from None

    #: The file's line the row now read began on (a quoted cell may run over several lines).
    started = [first_line]
    rows_iter = rows_of()
    first = next(rows_iter, None)
    if first is None:
        raise MalformedLineError(tr("{what} is empty", what=what), Location(source, first_line), "")
    if any("\n" in cell or "\r" in cell for cell in first):
        raise MalformedLineError(
            tr(
                "a quote opened on this line is not closed (its cell runs on to line {end}): "
                "{start}",
                end=line_of(),
                start=shown(_line_at(text, 1)),
            ),
            Location(source, first_line),
            "",
        )
    header = [unprotect_cell(h.strip()).lower() for h in first]
    where: dict[str, int] = {}
    for index, name in enumerate(header, start=1):
        if name and name in where:
            # Which of the two would count is anybody's guess: the last one did, silently.
            raise MalformedLineError(
                tr(
                    "{what} names column {name!r} twice (columns {first} and {second})",
                    what=what,
                    name=name,
                    first=where[name],
                    second=index,
                ),
                Location(source, first_line, name),
                name,
            )
        where[name] = index
    missing = [c for c in required if c not in header]
    if missing:
        raise MalformedLineError(
            tr(
                "the header lacks column(s) {missing} (needs {required})",
                missing=", ".join(missing),
                required=",".join(required),
            ),
            Location(source, first_line),
            delimiter.join(header),
        )
    plain = _plain_rows(text, header, delimiter, first_line)
    if plain is not None:
        return header, plain
    rows = []
    for row in rows_iter:
        if not any(cell.strip() for cell in row):
            continue
        raw = delimiter.join(row)
        if len(row) != len(header):
            if "\n" in raw or "\r" in raw:
                # A quote left open swallows the lines after it into one cell: the row is
                # named by the line the quote opened on, not quoted whole (it can be the
                # rest of the file).
                raise MalformedLineError(
                    tr(
                        (
                            "a quote opened on this line is not closed (its cell runs on to "
                            "line {end}): {start}"
                        ),
                        end=line_of(),
                        start=shown(_line_at(text, started[0] - offset)),
                    ),
                    Location(source, started[0]),
                    raw,
                )
            hint = _decimal_comma_hint(row, header, delimiter)
            raise MalformedLineError(
                tr(
                    "expected {header_count} fields ({header}), got {row_count}: {raw}{hint}",
                    header_count=len(header),
                    header=",".join(header),
                    row_count=len(row),
                    raw=shown(raw, 200),
                    hint=hint,
                ),
                Location(source, line_of()),
                raw,
            )
        # unprotect_cell: the apostrophe ratingkit's own writers put before a cell that a
        # spreadsheet would run as a formula (ratingkit.core.output.protect_cell).
        if "'" in raw:
            cells = {h: unprotect_cell(c.strip()) for h, c in zip(header, row, strict=True)}
        else:  # no apostrophe, nothing to unprotect (most rows: a FIDE month is millions)
            cells = dict(zip(header, [c.strip() for c in row], strict=True))
        rows.append(CsvRow(line_of(), cells, raw))
    return header, rows


#: What sends a table to the csv module's reader: a quote, a NUL, a lone CR (CRLF is looked
#: for apart).
_NOT_PLAIN = ('"', "\x00")


def _plain_rows(
    text: str, header: list[str], delimiter: str, first_line: int
) -> list[CsvRow] | None:
    """The data rows of a table without quotes, NUL or CR, each line split at its delimiters
    (what the csv module reads from such a line): a player file of a FIDE month is 200,000
    rows.  None (the csv module's turn, and its messages) where the table is not plain or a
    row has not the header's number of cells."""
    if "\r" in text or any(mark in text for mark in _NOT_PLAIN):
        return None
    lines = text.split("\n")
    if len(text) > FIELD_LIMIT and max(map(len, lines)) > FIELD_LIMIT:
        return None  # a cell the csv module refuses: its message
    width = len(header)
    rows = []
    for number, line in enumerate(lines[1:], start=first_line + 1):
        row = line.split(delimiter)
        stripped = [cell.strip() for cell in row]
        if not any(stripped):
            continue  # a blank row, as the reader skips it
        if len(row) != width:
            return None
        if "'" in line:  # the apostrophe of a protected cell (as read_csv_table's rows)
            stripped = [unprotect_cell(cell) for cell in stripped]
        cells = dict(zip(header, stripped, strict=True))
        rows.append(build(CsvRow, {"line": number, "cells": cells, "raw": line}))
    return rows
