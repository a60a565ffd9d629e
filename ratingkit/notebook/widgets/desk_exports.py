"""The officer's desk's downloads (:mod:`ratingkit.notebook.widgets.desk`): the report's
tables as CSV and XLSX, the printable HTML, the event as a FESA table or TRF, the players' new
state, each a file the page links to."""

from __future__ import annotations

import base64
import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import RatingkitError
from ...core.i18n import (
    N_,
    _,
    tr,
)
from ...core.outcome import GameKind
from ...core.output import csv_cell, protect_cell
from ...core.players import carry_forward, write_player_csv
from ...core.printable import printable_html
from ...core.report import Report, Table
from ...core.ruleset import (
    event_game,
)
from ...formats import write_event
from ...formats.fesatable import write_fesa_table
from ...formats.xlsx import table_workbook_bytes
from ...registry import get_rule_set

# -- exports ---------------------------------------------------------------------------------------
from .desk_loading import Loaded


def table_csv(table: Table, separator: str = ";", decimal: str = ",") -> str:
    """A table as CSV with the separator and the decimal mark a spreadsheet of the user's
    locale reads; text a spreadsheet would run as a formula gets a leading apostrophe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\n")
    writer.writerow([protect_cell(c) for c in table.columns])
    for row in table.rows:
        cells: list[object] = []
        for column in table.columns:
            value = csv_cell(row.get(column))
            if isinstance(value, float | int) and not isinstance(value, bool):
                cells.append(str(value).replace(".", decimal))
            else:
                cells.append(protect_cell(value))
        writer.writerow(cells)
    return buffer.getvalue()


@dataclass(frozen=True)
class Export:
    """One download: its file name, media type and bytes."""

    filename: str
    media_type: str
    data: bytes

    def link(self) -> str:
        encoded = base64.b64encode(self.data).decode("ascii")
        return (
            f'<a class="ratingkit-download" download="{html.escape(self.filename)}" '
            f'href="data:{self.media_type};base64,{encoded}" target="_blank" '
            f'style="{LINK_STYLE}">&#x2B07; {html.escape(self.filename)}</a>'
        )


#: A download link drawn as a button.
LINK_STYLE = (
    "display:inline-block;margin:2px 6px 2px 0;padding:4px 10px;border:1px solid #90a4ae;"
    "border-radius:3px;background:#eceff1;color:#1a237e;text-decoration:none"
)


def _stem(name: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.strip())
    return "-".join(filter(None, keep.split("-")))[:60] or "event"


#: The downloads the desk offers, in the order it shows them.
EXPORT_KINDS = ("csv", "xlsx", "html", "fesa", "trf", "players")


def exports(
    loaded: Loaded,
    report: Report,
    separator: str = ";",
    decimal: str = ",",
    kinds: Sequence[str] = EXPORT_KINDS,
) -> tuple[dict[str, Export], dict[str, str]]:
    """The downloads of a rated event, by kind (only the ``kinds`` asked for are made), and
    the kinds not offered with the reason."""
    stem = _stem(loaded.event.name)
    found: dict[str, Export] = {}
    missing: dict[str, str] = {}
    if "csv" in kinds:
        found["csv"] = Export(
            f"{stem}-report.csv",
            "text/csv",
            table_csv(report.players, separator, decimal).encode(),
        )
    if "xlsx" in kinds:
        tables = [report.players, *report.sections]
        if report.games is not None and len(report.games):
            tables.append(report.games)
        found["xlsx"] = Export(
            f"{stem}-report.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            table_workbook_bytes(tables),
        )
    if "html" in kinds:
        # The printable report (one event a page; the browser prints it to PDF).
        document = getattr(get_rule_set(report.rules), "document", "")
        found["html"] = Export(
            f"{stem}-report.html", "text/html", printable_html(report, str(document)).encode()
        )
    game, _evidence = event_game(loaded.event, loaded.players)
    written = get_rule_set(report.rules).written_formats
    if game is GameKind.SHOGI and "fesa" not in written:
        missing["fesa"] = tr(
            "a rated FESA table is written for FESA's rule sets, not {rules}", rules=report.rules
        )
        missing["trf"] = _("a TRF is FIDE's chess format; this event is shogi")
    elif game is GameKind.SHOGI:
        if "fesa" in kinds:
            try:
                text = write_fesa_table(loaded.event, report)
                found["fesa"] = Export(f"{stem}-rated.txt", "text/plain", text.encode())
            except RatingkitError as exc:
                missing["fesa"] = str(exc)
        missing.setdefault("trf", _("a TRF is FIDE's chess format; this event is shogi"))
    elif "trf" in kinds:
        try:
            found["trf"] = Export(
                f"{stem}.trf", "text/plain", write_event(loaded.event, "trf").encode()
            )
        except RatingkitError as exc:
            missing["trf"] = str(exc)
    if report.new_state is None:
        missing["players"] = _("the rule set gives no player file after the event")
    elif "players" in kinds:
        # As --save-state writes it: the player file carried forward (core.players).
        after = carry_forward(loaded.players, report.new_state)
        found["players"] = Export(
            f"{stem}-players-after.csv", "text/csv", write_player_csv(after).encode()
        )
    return found, missing


def offered_exports(loaded: Loaded, report: Report) -> tuple[str, ...]:
    """The kinds of download the event can have (the rule set and the game decide; what
    :func:`exports` leaves out with a reason is not offered)."""
    game, _evidence = event_game(loaded.event, loaded.players)
    kinds = ["csv", "xlsx", "html"]
    if game is GameKind.SHOGI:
        if "fesa" in get_rule_set(report.rules).written_formats:
            kinds.append("fesa")
    else:
        kinds.append("trf")
    if report.new_state is not None:
        kinds.append("players")
    return tuple(kinds)


def report_rows(report: Report) -> int:
    """The rows a report lays out: its players and its game sides (what its downloads and
    its tables cost)."""
    return len(report.players) + (len(report.games) if report.games is not None else 0)


#: The buttons' words for each download made when asked.
EXPORT_LABELS = {
    "csv": N_("report as CSV"),
    "xlsx": N_("report as XLSX"),
    "html": N_("printable report"),
    "fesa": N_("rated FESA table"),
    "trf": N_("event as TRF"),
    "players": N_("player file after the event"),
}
