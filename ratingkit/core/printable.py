"""The printable report: a rating outcome as one standalone HTML page that prints one event a
page, in the shape FIDE's and FESA's published rating reports have.

Each event gets its page (CSS ``@page`` and ``page-break-before``/``break-before: page``): the
event's name, dates and the rule set with the document it implements, then one row per player
(name, rating before, games, score, expected, change, rating after, K or category and the
system's own calculation columns, as the outcome's detail names them with ``shown_as``), then
each player's games (the individual calculations), then the notes.  The page has no script, no
web font and nothing fetched from elsewhere: it prints offline, to paper or to PDF.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .i18n import N_, _, current_language, tr
from .outcome import (
    EventOutcome,
    GameOutcome,
    Outcome,
    PlayerOutcome,
    detail_cells,
    event_facts,
    player_row,
)
from .report import COMMON_COLUMNS, format_cell

if TYPE_CHECKING:
    from .report import Report

#: The print styles: A4 landscape, one event a page, system fonts only.
PRINT_CSS = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 9pt; color: #000; }
section.event { page-break-before: always; break-before: page; }
section.event:first-of-type { page-break-before: auto; break-before: auto; }
h1 { font-size: 14pt; margin: 0 0 2mm 0; }
h2 { font-size: 11pt; margin: 4mm 0 1mm 0; }
h3 { font-size: 9.5pt; margin: 3mm 0 1mm 0; page-break-after: avoid; break-after: avoid; }
p.rules, p.facts { margin: 0 0 1mm 0; }
table { border-collapse: collapse; margin-bottom: 2mm; }
th, td { border: 0.5pt solid #555; padding: 0.5mm 1.5mm; vertical-align: top; }
th { background: #eee; text-align: left; }
th.word { white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.players td:nth-child(2) { white-space: nowrap; }
table.games { font-size: 8pt; }
tr { page-break-inside: avoid; break-inside: avoid; }
thead { display: table-header-group; }
ul.notes { margin: 1mm 0; padding-left: 5mm; }
@media print {
  body { font-size: 7pt; }
  th, td { padding: 0.3mm 0.8mm; }
  table.games { font-size: 6.5pt; }
}
@media screen { body { max-width: 297mm; margin: 1em auto; } section.event { margin-bottom: 2em; } }
"""

#: The printed names of the common columns (as the published reports head them).
HEADINGS: Mapping[str, str] = {
    "id": N_("No."),
    "name": N_("Name"),
    "rating_before": N_("Rating before"),
    "games": N_("Games"),
    "score": N_("Score"),
    "expected": N_("Expected"),
    "change": N_("Change"),
    "rating_after": N_("Rating after"),
}


def heading(column: str) -> str:
    """A column's printed name in the language now in force: the published reports' heading
    of a common column, the catalog's name of a system's column (``K``, ``Rc``), else the
    column's key with spaces for underscores."""
    if column in HEADINGS:
        return _(HEADINGS[column])
    shown = _(column)
    return shown if shown != column else column.replace("_", " ")


def _cell(value: object, fmt: str | None = None) -> str:
    text = html.escape(format_cell(value, fmt))
    numeric = isinstance(value, int | float) and not isinstance(value, bool)
    numeric = numeric or type(value).__name__ in ("Fraction", "Decimal")
    return f'<td class="n">{text}</td>' if numeric else f"<td>{text}</td>"


#: The width a printed table may take, in pixels of the screen's 9pt text: the page's
#: ``max-width`` (297 mm, 1122 px at 96 dpi) less room for the borders.  A4 landscape prints
#: 273 mm at 7pt, narrower still, so a table that fits here fits the paper.
PAGE_WIDTH_PX = 1080
#: Estimated pixels a character of 9pt DejaVu Sans takes, and a cell's padding and borders.
CHAR_PX = 7.2
CELL_PX = 14
#: A text cell wraps at its words: its column needs about this many characters at most.
TEXT_WRAP_CHARS = 24
#: The leading columns each part of a split table repeats (the player, or the game's round
#: and opponent), at most this many.
KEY_COLUMNS = ("id", "name", "round", "opponent")
KEYS_KEPT = 2


def _column_px(heading_text: str, cells: Sequence[str], numeric: bool) -> float:
    """A column's estimated width: its widest number (numbers do not wrap), or its text
    wrapped at words (no word of the heading or of a cell broken: "правило для K" keeps
    its words whole), at most :data:`TEXT_WRAP_CHARS` characters where words allow."""
    words = [w for text in (heading_text, *cells) for w in text.split()]
    longest_word = max((len(w) for w in words), default=1)
    if numeric:
        chars = max([longest_word, *(len(c) for c in cells)])
    else:
        widest = max([len(heading_text), *(len(c) for c in cells)])
        chars = max(longest_word, min(widest, TEXT_WRAP_CHARS))
    return chars * CHAR_PX + CELL_PX


def _parts(columns: Sequence[str], widths: Sequence[float]) -> list[list[int]]:
    """The columns in parts that each fit :data:`PAGE_WIDTH_PX`, every part starting with
    the table's key columns (the player's number and name) so that its rows name him."""
    keys: list[int] = []
    for index, column in enumerate(columns[:KEYS_KEPT]):
        if column not in KEY_COLUMNS:
            break
        keys.append(index)
    rest = [i for i in range(len(columns)) if i not in keys]
    parts: list[list[int]] = []
    current, used = list(keys), sum(widths[i] for i in keys)
    for index in rest:
        if len(current) > len(keys) and used + widths[index] > PAGE_WIDTH_PX:
            parts.append(current)
            current, used = list(keys), sum(widths[i] for i in keys)
        current.append(index)
        used += widths[index]
    if len(current) > len(keys) or not parts:
        parts.append(current)
    return parts


def _heading_cell(text: str) -> str:
    one_word = ' class="word"' if " " not in text else ""
    return f"<th{one_word}>{html.escape(text)}</th>"


def _table(
    columns: Sequence[str],
    rows: Sequence[Mapping[str, object]],
    formats: Mapping[str, str] | None = None,
    kind: str = "players",
) -> str:
    """A printed table; ``formats`` are the report's own number formats (``{:+.2f}`` ...).
    A table too wide for the page (1200 px, A4 landscape) is printed in parts, each
    repeating the key columns (:func:`_parts`)."""
    formats = formats or {}
    headings = [heading(c) for c in columns]
    cells = [[_cell(r.get(c), formats.get(c)) for c in columns] for r in rows]
    texts = [[format_cell(r.get(c), formats.get(c)) for c in columns] for r in rows]
    widths = [
        _column_px(
            headings[i],
            [row[i] for row in texts],
            all(row[i].startswith('<td class="n">') for row in cells) if cells else False,
        )
        for i in range(len(columns))
    ]
    tables = []
    for part in _parts(columns, widths):
        # a header of one word ("score-PD", "K*(w-We)") is not broken at its hyphen
        head = "".join(_heading_cell(headings[i]) for i in part)
        body = "".join("<tr>" + "".join(row[i] for i in part) + "</tr>" for row in cells)
        tables.append(
            f'<table class="{kind}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        )
    return "".join(tables)


#: The game table's columns a player's own games leave out (they name him).
OWN_COLUMNS = frozenset({"event", "id", "name", "player"})


def _player_columns(
    players: Sequence[PlayerOutcome[Any]],
) -> tuple[list[str], list[dict[str, object]]]:
    """The player table's columns and rows; an ``event`` column is left out (the page is the
    event's)."""
    rows = [player_row(p) for p in players]
    columns = list(COMMON_COLUMNS)
    for row in rows:
        columns += [c for c in row if c not in columns and c != "event"]
    return columns, rows


def _games_of(
    report: Report, outcome: Outcome[Any, Any], event: EventOutcome[Any, Any], player_id: str
) -> tuple[list[str], list[Mapping[str, object]]]:
    """The columns and rows of one player's games in one event: the report's game rows (laid
    out from ``outcome.games`` in order, one row per game side), or where the report has no
    game table of its own (several FESA tables rated one after the other) the typed game
    outcomes' values."""
    table = report.games
    if table is not None and len(table) == len(outcome.games):
        rows = [
            row
            for game, row in zip(outcome.games, table.rows, strict=True)
            if _same_event(game, event) and game.player == player_id
        ]
        return [c for c in table.columns if c not in OWN_COLUMNS], rows
    games = [g for g in (event.games or outcome.games) if _same_event(g, event)]
    rows = [
        {
            "round": g.round,
            "opponent": g.opponent,
            "score": g.score,
            "rated": g.rated,
            "rule": str(g.reason) if g.reason is not None else None,
            "change": g.change,
            **detail_cells(g.detail),
        }
        for g in games
        if g.player == player_id
    ]
    columns = [N_("round"), N_("opponent"), N_("score"), N_("rated"), N_("rule"), N_("change")]
    for row in rows:
        columns += [c for c in row if c not in columns]
    return columns, rows


def _same_event(game: GameOutcome[Any], event: EventOutcome[Any, Any]) -> bool:
    return game.event == event.key


def _facts(report: Report, event: EventOutcome[Any, Any], single: bool) -> str:
    """The event's facts: the report's summary for a single event, else what its detail says
    of it (:class:`~ratingkit.core.outcome.EventFacts`: its type, dates and players)."""
    if single and report.summary:
        items = [f"{_(str(k))}: {format_cell(v)}" for k, v in report.summary.items()]
    else:
        items = [
            f"{_(label)}: {format_cell(value)}"
            for label, value in event_facts(event.detail).labelled()
        ]
    return f'<p class="facts">{html.escape("; ".join(items))}</p>' if items else ""


def printable_html(report: Report, document: str = "") -> str:
    """The report as a standalone printable HTML page, one event a page; ``document`` is the
    text the rule set implements (its ``document``), printed under the title."""
    outcome = report.outcome
    title = html.escape(report.title)
    rules = html.escape(report.rules + (f": {document}" if document else ""))
    sections: list[str] = []
    if not outcome.events:
        columns = list(report.players.columns)
        sections.append(
            f'<section class="event"><h1>{title}</h1><p class="rules">{rules}</p>'
            + _table(columns, list(report.players.rows), report.players.formats)
            + "</section>"
        )
    else:
        single = len(outcome.events) == 1
        for event in outcome.events:
            players = event.players or (outcome.players if single else ())
            columns, rows = _player_columns(players)
            games = []
            for player in players:
                shown, own = _games_of(report, outcome, event, player.id)
                if not own:
                    continue
                formats = report.games.formats if report.games is not None else {}
                before = tr(
                    "{id} {name}: rating before {rating}",
                    id=player.id,
                    name=player.name,
                    rating=format_cell(player.rating_before) or _("unrated"),
                )
                games.append(
                    f"<h3>{html.escape(before)}</h3>" + _table(shown, own, formats, "games")
                )
            # a single event's notes are the report's, printed once at the end
            notes = (
                "" if single else "".join(f"<li>{html.escape(str(n))}</li>" for n in event.notes)
            )
            sections.append(
                '<section class="event">'
                f"<h1>{html.escape(event.key.name)}</h1>"
                f'<p class="rules">{rules}</p>'
                + _facts(report, event, single)
                + f"<h2>{html.escape(_('Players'))}</h2>"
                + _table(columns, rows, report.players.formats)
                + (f"<h2>{_('Individual calculations')}</h2>" + "".join(games) if games else "")
                + (f'<h2>{_("Notes")}</h2><ul class="notes">{notes}</ul>' if notes else "")
                + "</section>"
            )
        if len(outcome.events) > 1:
            columns, rows = _player_columns(outcome.players)
            sections.append(
                '<section class="event"><h1>'
                + title
                + f'</h1><p class="rules">{rules}</p><h2>{_("Result of the period")}</h2>'
                + _table(columns, rows, report.players.formats)
                + "</section>"
            )
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in report.notes)
    if notes:
        sections[-1] = sections[-1].removesuffix("</section>") + (
            f'<h2>{_("Notes of the report")}</h2><ul class="notes">{notes}</ul></section>'
        )
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f"<title>{title}</title><style>{PRINT_CSS}</style></head>\n<body>\n"
        + "\n".join(sections)
        + "\n</body></html>\n"
    )


__all__ = ["PRINT_CSS", "printable_html"]
