"""Tables as Excel workbooks (XLSX, each sheet streamed row by row as SpreadsheetML).

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
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape

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
    buffer = io.BytesIO()
    _write_workbook(_tables_of(tables), buffer)
    return buffer.getvalue()


def _tables_of(tables: Table | Sequence[Table]) -> list[Table]:
    items = [tables] if isinstance(tables, Table) else list(tables)
    if not items:
        raise RatingkitError(tr("no table to write"))
    return items


# The workbook's parts, written by hand (ECMA-376, SpreadsheetML) so that a sheet is streamed
# row by row into the ZIP: openpyxl held a cell object per value (8.6 s and its memory for a
# list of 100,000 players; issue 28).
_MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
# Cell styles (cellXfs' indices): 0 plain, 1 the header's bold, 2 a date, 3 a date and time.
_BOLD, _DATE, _DATETIME = 1, 2, 3
_STYLES = (
    _XML_HEAD + f'<styleSheet xmlns="{_MAIN_NS}">'
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>'
    '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
    "</cellStyles></styleSheet>"
)
#: Day 0 of a worksheet's date numbers (the 1900 date system, Lotus's leap day included).
_EPOCH = datetime(1899, 12, 30)
_ROWS_A_CHUNK = 2_000


def _write_workbook(tables: list[Table], handle: IO[bytes]) -> None:
    used: set[str] = set()
    names = [_unique(sheet_title(table.title), used) for table in tables]
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as package:
        package.writestr("[Content_Types].xml", _content_types(len(tables)))
        package.writestr(
            "_rels/.rels",
            _XML_HEAD + f'<Relationships xmlns="{_PACKAGE_RELS}">'
            f'<Relationship Id="rId1" Type="{_REL_NS}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>",
        )
        package.writestr("xl/workbook.xml", _workbook(names))
        package.writestr("xl/_rels/workbook.xml.rels", _workbook_rels(len(tables)))
        package.writestr("xl/styles.xml", _STYLES)
        for number, table in enumerate(tables, start=1):
            with package.open(f"xl/worksheets/sheet{number}.xml", "w") as sheet:
                for chunk in _sheet_chunks(table):
                    sheet.write(chunk.encode("utf-8"))


def _content_types(sheets: int) -> str:
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{kind}.worksheet+xml"/>'
        for n in range(1, sheets + 1)
    )
    return (
        _XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{kind}.styles+xml"/>'
        f"{overrides}</Types>"
    )


def _workbook(names: list[str]) -> str:
    sheets = "".join(
        f'<sheet name="{escape(name, _QUOTE)}" sheetId="{n}" r:id="rId{n}"/>'
        for n, name in enumerate(names, start=1)
    )
    return (
        _XML_HEAD + f'<workbook xmlns="{_MAIN_NS}" xmlns:r="{_REL_NS}">'
        f"<sheets>{sheets}</sheets></workbook>"
    )


def _workbook_rels(sheets: int) -> str:
    links = "".join(
        f'<Relationship Id="rId{n}" Type="{_REL_NS}/worksheet" Target="worksheets/sheet{n}.xml"/>'
        for n in range(1, sheets + 1)
    )
    styles = f'<Relationship Id="rId{sheets + 1}" Type="{_REL_NS}/styles" Target="styles.xml"/>'
    return _XML_HEAD + f'<Relationships xmlns="{_PACKAGE_RELS}">{links}{styles}</Relationships>'


_QUOTE = {'"': "&quot;"}


def _sheet_chunks(table: Table) -> Iterator[str]:
    """The worksheet's XML in pieces of a few thousand rows: its frozen header row, the
    columns' widths, then every row."""
    letters = [_column_letter(index) for index in range(len(table.columns))]
    widths = "".join(
        f'<col min="{n}" max="{n}" width="{width}" customWidth="1"/>'
        for n, width in enumerate(_widths(table), start=1)
    )
    header = "".join(
        _text_cell(f"{letter}1", _text(column), _BOLD)
        for letter, column in zip(letters, table.columns, strict=True)
    )
    yield (
        _XML_HEAD + f'<worksheet xmlns="{_MAIN_NS}" xmlns:r="{_REL_NS}"><sheetViews>'
        '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft"'
        ' state="frozen"/></sheetView></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15"/><cols>{widths}</cols>'
        f'<sheetData><row r="1">{header}</row>'
    )
    pieces: list[str] = []
    columns = list(zip(table.columns, letters, strict=True))
    for number, row in enumerate(table.rows, start=2):
        suffix = str(number)
        cells = [
            _cell(letter + suffix, value)
            for column, letter in columns
            if (value := row.get(column)) is not None
        ]
        pieces.append(f'<row r="{suffix}">{"".join(cells)}</row>')
        if len(pieces) == _ROWS_A_CHUNK:
            yield "".join(pieces)
            pieces = []
    yield "".join(pieces) + "</sheetData></worksheet>"


def _cell(reference: str, value: object) -> str:
    # The common cells of a list first, by their exact type (what xlsx_value gives them: a
    # text its text, a whole number within Excel's 15 digits a number, a boolean yes/no);
    # every other value through xlsx_value.
    kind = type(value)
    if kind is str:
        return _text_cell(reference, _text(value), 0)  # type: ignore[arg-type]
    if kind is int and -EXACT_INTEGER <= value <= EXACT_INTEGER:  # type: ignore[operator]
        return f'<c r="{reference}"><v>{value}</v></c>'
    if kind is bool:
        return _text_cell(reference, "yes" if value else "no", 0)
    written = xlsx_value(value)
    if written is None:
        return ""
    if isinstance(written, str):
        # An inline string is text, never a formula ("=..." stays a name).
        return _text_cell(reference, written, 0)
    if isinstance(written, datetime):
        return _number_cell(reference, repr((written - _EPOCH) / timedelta(days=1)), _DATETIME)
    if isinstance(written, date):
        return _number_cell(reference, str((written - _EPOCH.date()).days), _DATE)
    return f'<c r="{reference}"><v>{written!r}</v></c>'


def _number_cell(reference: str, number: str, style: int) -> str:
    return f'<c r="{reference}" s="{style}"><v>{number}</v></c>'


def _text_cell(reference: str, text: str, style: int) -> str:
    styled = f' s="{style}"' if style else ""
    # Spaces at either end are kept only where the element says so (XML 1.0, xml:space).
    space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() else ""
    if "&" in text or "<" in text or ">" in text:
        text = escape(text)
    return f'<c r="{reference}"{styled} t="inlineStr"><is><t{space}>{text}</t></is></c>'


def _column_letter(index: int) -> str:
    """The letters of the column at 0-based ``index`` (A, ..., Z, AA, ...)."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _unique(name: str, used: set[str]) -> str:
    candidate, number = name, 1
    while candidate.lower() in used:
        number += 1
        suffix = f" ({number})"
        candidate = name[: 31 - len(suffix)] + suffix
    used.add(candidate.lower())
    return candidate


def _widths(table: Table) -> list[int]:
    """Each column's width: its longest value among the first 200 rows, at most 60."""
    found = []
    for column in table.columns:
        cells: Iterable[object] = (xlsx_value(r.get(column)) for r in table.rows[:200])
        longest = max([len(column), *(len(str(v)) for v in cells if v is not None)])
        found.append(min(60, longest + 2))
    return found


def write_table_xlsx(
    table: Table | Sequence[Table], path_or_file: str | os.PathLike[str] | IO[bytes]
) -> None:
    """Write ``table`` (or several tables, one worksheet each) as an XLSX workbook to a path
    (all or nothing: a temporary file renamed over it) or to a binary file object."""
    tables = _tables_of(table)
    if isinstance(path_or_file, str | os.PathLike):
        target = check_output(path_or_file)
        try:
            _replace_streamed(target, tables)
        except OSError as exc:
            raise RatingkitError(
                tr(
                    "{file}: cannot write: {reason}",
                    file=path_or_file,
                    reason=exc.strerror or exc,
                )
            ) from None
        return
    _write_workbook(tables, path_or_file)


def _replace_streamed(target: Path, tables: list[Table]) -> None:
    """Write the workbook to ``target`` all at once: streamed into a temporary file beside it,
    renamed over it (an existing file keeps its permission bits)."""
    try:
        mode: int | None = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    if mode is not None and not os.access(target, os.W_OK):
        raise PermissionError(13, "Permission denied", str(target))
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            _write_workbook(tables, handle)
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
