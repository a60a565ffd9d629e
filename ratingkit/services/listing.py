"""The published list in the forms federations exchange: a text table, CSV, JSON, HTML, XLSX
and the fixed-width layout of FIDE's own TXT download (which ``db import-list`` reads back).

Every form is a view of :meth:`ratingkit.services.ledger.Ledger.published_list` (and, for
FIDE's layout, of the players' FIDE ids, sex and birth years the ledger keeps)."""

from __future__ import annotations

import html
import io
import json
import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import RatingkitError
from ..core.i18n import tr
from ..core.output import check_output, write_output
from ..core.report import Table, format_cell

if TYPE_CHECKING:
    from .ledger import Ledger

#: The forms ``db list --format`` writes.
LIST_FORMATS: tuple[str, ...] = ("table", "csv", "json", "html", "xlsx", "fide-txt")


def render_list(
    ledger: Ledger,
    period: str,
    form: str,
    *,
    everyone: bool = False,
    ledger_ids: bool = False,
    width: int | None = None,
) -> str | bytes:
    """The list of ``period`` in ``form`` (one of :data:`LIST_FORMATS`): text (the table
    fitting ``width`` columns where given), or the bytes of an XLSX workbook."""
    if form not in LIST_FORMATS:
        raise RatingkitError(
            tr(
                "unknown list format {format!r}; known: {known}",
                format=form,
                known=", ".join(LIST_FORMATS),
            )
        )
    if form == "fide-txt":
        from ..formats.fidelist import format_rating_list_txt

        players = ledger.fide_list(period)
        return format_rating_list_txt(players, month_label=_month_label(period))
    table = ledger.published_list(period, everyone=everyone, ledger_ids=ledger_ids)
    if form == "csv":
        return table.to_csv()
    if form == "json":
        return json.dumps(table.to_records(), indent=2, ensure_ascii=False) + "\n"
    if form == "xlsx":
        from ..formats.xlsx import write_table_xlsx

        buffer = io.BytesIO()
        write_table_xlsx(table, buffer)
        return buffer.getvalue()
    # The forms a person reads mark a rating that is not published (``--everyone``: a player
    # not listed yet, with the rating carried into his next event) with a "*", as FESA's
    # tables mark a performance rating; the machine forms above say it in ``listed``.
    shown, legend = _carried_marked(table)
    if form == "html":
        body = shown.to_html() + (f"\n<p>{html.escape(legend)}</p>" if legend else "")
        return _html_page(table.title, body)
    return shown.to_text(width) + "\n" + (legend + "\n" if legend else "")


def _carried_marked(table: Table) -> tuple[Table, str]:
    """The list with each rating that is not published (a row not listed) shown as
    ``1473*``, and the legend of the mark ("" where no rating is marked)."""
    if "listed" not in table.columns:
        return table, ""
    marked = 0
    rows = []
    for row in table.rows:
        if not row["listed"] and row.get("rating") is not None:
            row = {**row, "rating": format_cell(row["rating"], None, "rating") + "*"}
            marked += 1
        rows.append(row)
    if not marked:
        return table, ""
    legend = tr("* not published: the rating a player not listed yet carries into his next event")
    return replace(table, rows=tuple(rows)), legend


def write_list(
    ledger: Ledger,
    period: str,
    form: str,
    path: str | os.PathLike[str],
    *,
    everyone: bool = False,
    ledger_ids: bool = False,
) -> str:
    """Write the list to ``path`` (all at once: a temporary file renamed over it); returns
    the message saying what was written."""
    rendered = render_list(ledger, period, form, everyone=everyone, ledger_ids=ledger_ids)
    if isinstance(rendered, str):
        write_output(path, rendered, [ledger.path])
    else:
        target = check_output(path, [ledger.path])
        _write_bytes(target, rendered, path)
    done = tr("wrote the {period} list ({format}) to {path}", period=period, format=form, path=path)
    if form == "fide-txt":
        left_out = len(ledger.published_list(period)) - len(ledger.fide_list(period))
        if left_out:
            done += "; " + tr(
                "{left_out} listed player(s) without a FIDE id are not in FIDE's layout",
                left_out=left_out,
            )
    return done + "\n"


def _write_bytes(target: Path, data: bytes, given: str | os.PathLike[str]) -> None:
    try:
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, target)
    except OSError as exc:
        raise RatingkitError(
            tr(
                "--output {given}: cannot write: {strerror}",
                given=given,
                strerror=exc.strerror or exc,
            )
        ) from None


def _month_label(period: str) -> str:
    """FIDE's column label for a list month: ``MAR24`` for 2024-03."""
    months = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
    year, month = period.split("-")
    return f"{months[int(month) - 1]}{year[2:]}"


def _html_page(title: str, body: str) -> str:
    """A page that stands alone (no script, no font or style from the internet)."""
    escaped = html.escape(title)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{escaped}</title>"
        "<style>body{font-family:sans-serif}table{border-collapse:collapse}"
        "td,th{border:1px solid #999;padding:2px 6px}td{text-align:right}"
        "@media print{a{display:none}}</style></head><body>"
        f"<h1>{escaped}</h1>\n{body}\n</body></html>\n"
    )
