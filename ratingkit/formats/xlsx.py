"""Tables as Excel workbooks (XLSX, written with openpyxl).

:func:`write_table_xlsx` writes a :class:`~ratingkit.core.report.Table` as one worksheet
named after the table's title (:func:`sheet_title`: Excel's 31 characters, without the
characters it forbids): row 1 its column names, so that a spreadsheet or
``pandas.read_excel`` with its defaults reads the header, then one row per table row.  Values keep
their type as :meth:`Table.to_csv <ratingkit.core.report.Table.to_csv>` writes them, but
typed: a whole number is a number cell, a fraction or a float a number cell, ``None`` (and a
float NaN) an empty cell, a boolean the words ``yes`` or ``no`` (as in the CSV, text and HTML
views), a date a date cell, a list its items separated by spaces, an enum its value, any other
value its text.  Text is always written as text, never as a formula (a name beginning with
``=`` stays a name; the CSV's apostrophe is not needed in XLSX); characters a workbook cannot
hold (control characters other than tab and line breaks) are dropped.  A whole number beyond
Excel's 15 significant digits is written as text, so that no digit is lost.
"""

from __future__ import annotations

import io
import math
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import IO, Any

from ..core.errors import RatingkitError
from ..core.i18n import tr
from ..core.output import check_output, plain
from ..core.report import Table

#: The largest whole number a spreadsheet holds exactly (Excel keeps 15 significant digits).
EXACT_INTEGER = 10**15 - 1
#: Characters no worksheet cell may hold (openpyxl's ILLEGAL_CHARACTERS_RE, XML 1.0).
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def xlsx_value(value: object) -> object:
    """A table value as a worksheet cell holds it (see the module's notes)."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return value
    value = plain(value)
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value if abs(value) <= EXACT_INTEGER else str(value)
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, list):
        return _text(" ".join(str(v) for v in value))
    return _text(str(value))


def _text(text: str) -> str:
    return _ILLEGAL.sub("", text)


def sheet_title(title: str) -> str:
    """A worksheet name for a table's title: at most 31 characters, without ``[]:*?/\\``."""
    name = _SHEET_FORBIDDEN.sub(" ", _text(title)).strip().strip("'")[:31].strip()
    return name or "table"


def table_workbook_bytes(tables: Table | Sequence[Table]) -> bytes:
    """The XLSX file of one table, or of several (one worksheet each, in order)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    items = [tables] if isinstance(tables, Table) else list(tables)
    if not items:
        raise RatingkitError(tr("no table to write"))
    book = Workbook(write_only=False)
    first = book.active
    assert first is not None
    book.remove(first)
    used: set[str] = set()
    for table in items:
        name = _unique(sheet_title(table.title), used)
        sheet = book.create_sheet(name)
        # The header is the first row (the title is the sheet's name).
        sheet.append([_text(c) for c in table.columns])
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        # Row numbers counted here: the sheet's ``max_row`` walks every cell (quadratic).
        for number, row in enumerate(table.rows, start=2):
            for index, column in enumerate(table.columns, start=1):
                _put(sheet.cell(row=number, column=index), row.get(column))
        sheet.freeze_panes = "A2"
        _widths(sheet, table)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _put(cell: Any, value: object) -> None:
    written = xlsx_value(value)
    if written is None:
        return
    if isinstance(written, str):
        cell.value = written
        cell.data_type = "s"  # text, never a formula (openpyxl takes "=..." for one)
        return
    cell.value = written
    if isinstance(written, datetime):
        cell.number_format = "yyyy-mm-dd hh:mm:ss"
    elif isinstance(written, date):
        cell.number_format = "yyyy-mm-dd"


def _unique(name: str, used: set[str]) -> str:
    candidate, number = name, 1
    while candidate.lower() in used:
        number += 1
        suffix = f" ({number})"
        candidate = name[: 31 - len(suffix)] + suffix
    used.add(candidate.lower())
    return candidate


def _widths(sheet: Any, table: Table) -> None:
    from openpyxl.utils import get_column_letter

    for index, column in enumerate(table.columns, start=1):
        cells: Iterable[object] = (xlsx_value(r.get(column)) for r in table.rows[:200])
        longest = max([len(column), *(len(str(v)) for v in cells if v is not None)])
        sheet.column_dimensions[get_column_letter(index)].width = min(60, longest + 2)


def write_table_xlsx(
    table: Table | Sequence[Table], path_or_file: str | os.PathLike[str] | IO[bytes]
) -> None:
    """Write ``table`` (or several tables, one worksheet each) as an XLSX workbook to a path
    (all or nothing: a temporary file renamed over it) or to a binary file object."""
    data = table_workbook_bytes(table)
    if isinstance(path_or_file, str | os.PathLike):
        target = check_output(path_or_file)
        try:
            _replace_bytes(target, data)
        except OSError as exc:
            raise RatingkitError(
                tr(
                    "{file}: cannot write: {reason}",
                    file=path_or_file,
                    reason=exc.strerror or exc,
                )
            ) from None
        return
    path_or_file.write(data)


def _replace_bytes(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` all at once: a temporary file beside it, renamed over it
    (an existing file keeps its permission bits)."""
    try:
        mode: int | None = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    if mode is not None and not os.access(target, os.W_OK):
        raise PermissionError(13, "Permission denied", str(target))
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if mode is not None:
            os.chmod(temp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


__all__ = ["EXACT_INTEGER", "sheet_title", "table_workbook_bytes", "write_table_xlsx", "xlsx_value"]
