"""A ledger's published lists, browsed: pick a rated period and a player.

The widget reads the ledger through its methods only (``period_rows``, ``event_rows``,
``list_rows``, ``find_player``, ``player_history``, ``rating_history``: typed rows, read by
attribute; the tables shown are built from them by ``services.ledger.views``); what the
ledger refuses (an unknown player, a name two players share) is shown as the ledger's own
message."""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.errors import RatingkitError
from ...core.i18n import N_, _, tr
from ...core.report import Table, format_cell
from ...services.ledger import Ledger, LedgerError, views
from ...services.ledger.common import state_list_columns
from ..plots.ledger import plot_rating_history
from .base import Widget

#: The columns of the period's events shown under the list (no file paths or timestamps).
EVENT_COLUMNS = (
    N_("event"),
    N_("name"),
    N_("start"),
    N_("end"),
    N_("type"),
    N_("players"),
    N_("games"),
)
_HIGHLIGHT = "background:#fff3b0;font-weight:bold"


class LedgerBrowser(Widget):
    """A dropdown of the ledger's rated periods and a player picker (type a FIDE id, the
    player's own id or his name, or pick a name).  It shows the list published for the
    period with the player's row highlighted, the period's events, the player's history
    and his published rating period by period.  ``values`` gives what is shown as data."""

    def __init__(self, ledger: Ledger, period: str | None = None, player: str = "") -> None:
        self.ledger = ledger
        rated = [r.period for r in ledger.period_rows() if r.rated]
        self.period = w.Dropdown(
            options=rated,
            value=(period if period is not None else (rated[-1] if rated else None)),
            description=_("period"),
        )
        self.player = w.Combobox(
            options=_player_names(ledger, rated),
            value=player,
            placeholder="FIDE id, own id or name",
            ensure_option=False,
            description=_("player"),
        )
        self.output = w.HTML()
        self.plot = w.HTML()
        self.error: str | None = None
        self.figure: Any = None
        self._values: dict[str, Any] = {}
        for control in (self.period, self.player):
            control.observe(self._update, names="value")
        self.view = w.VBox([w.HBox([self.period, self.player]), self.output, self.plot])
        self._update()

    @property
    def values(self) -> dict[str, Any]:
        """What the widget shows: ``period``, ``player`` (the name, or None), ``list`` (the
        published rows), ``highlighted`` (the player's row, or None: not listed that
        period), ``events`` (the period's), ``history`` (the player's rows), ``ratings``
        (period -> published rating) and ``error`` (the ledger's message, or None)."""
        return dict(self._values)

    def choose(self, period: str | None = None, player: str | None = None) -> None:
        """Set the period and the player at once (one update)."""
        with self.busy():
            if period is not None:
                self.period.value = period
            if player is not None:
                self.player.value = player
        self._update()

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        self.error = None
        self.figure = None
        self.plot.value = ""
        period = self.period.value
        text = self.player.value.strip()
        values: dict[str, Any] = {
            "period": period,
            "player": None,
            "list": [],
            "highlighted": None,
            "events": [],
            "history": [],
            "ratings": {},
            "error": None,
        }
        listed: Table | None = None
        highlighted: int | None = None
        history: Table | None = None
        try:
            if period is None:
                raise LedgerError(tr("no period of this ledger is rated yet; nothing is published"))
            rows = self.ledger.list_rows(period)
            listed = views.list_table(
                rows,
                period,
                self.ledger.rules.name,
                state_columns=state_list_columns(self.ledger.rules),
                ledger_ids=True,
            )
            values["list"] = [_without_ledger_id(r) for r in listed.rows]
            values["events"] = [
                {c: r[c] for c in EVENT_COLUMNS} for r in events_table(self.ledger, period).rows
            ]
            if text:
                number = self.ledger.find_player(text)
                history = views.history_table(self.ledger.player_history(text))
                ((name, series),) = self.ledger.rating_history([text]).items()
                values["player"] = name
                values["history"] = [dict(r) for r in history.rows]
                values["ratings"] = dict(series)
                mine = [i for i, row in enumerate(rows) if row.ledger_id == number]
                highlighted = mine[0] if mine else None
                if highlighted is not None:
                    values["highlighted"] = _without_ledger_id(listed.rows[highlighted])
                self._draw(text)
        except RatingkitError as exc:
            self.error = values["error"] = str(exc)
            highlighted = None
            history = None
        self._values = values
        parts: list[str] = []
        if self.error is not None:
            parts.append(f"<p style='color:#b00'>{html.escape(self.error)}</p>")
        if values["player"] is not None and values["highlighted"] is None:
            parts.append(
                "<p>"
                + html.escape(
                    tr(
                        "{player} is not on the list of {period}.",
                        player=values["player"],
                        period=period,
                    )
                )
                + "</p>"
            )
        if listed is not None:
            parts.append(_table_html(listed, highlighted))
            title = tr("events of {period}", period=period)
            parts.append(Table(title, EVENT_COLUMNS, values["events"]).to_html())
        if history is not None:
            parts.append(history.to_html())
        self.output.value = "".join(parts)

    def _draw(self, text: str) -> None:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(7, 3.5))
        plot_rating_history(self.ledger, [text], ax=figure.subplots())
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
        self.figure = figure
        self.plot.value = buffer.getvalue()


def events_table(ledger: Ledger, period: str | None = None) -> Table:
    """The ledger's imported events (of ``period``, or all) as :meth:`Ledger.events` lists
    them, without the times of import and rating: event, period, name, dates, type, players,
    games, file, and whether the period is rated."""
    events = ledger.event_rows()
    table = views.events_table(events)
    rows = [
        {
            **{c: shown[c] for c in EVENT_COLUMNS},
            "period": row.period,
            "file": shown["file"],
            "rated": row.rated,
        }
        for row, shown in zip(events, table.rows, strict=True)
        if period is None or row.period == period
    ]
    columns = ("event", N_("period"), *EVENT_COLUMNS[1:], N_("file"), N_("rated"))
    title = _("events") if period is None else tr("events of {period}", period=period)
    return Table(title, columns, rows)


def periods_table(ledger: Ledger) -> Table:
    """The ledger's periods as :meth:`Ledger.periods` lists them, with whether each is rated
    instead of the time it was rated."""
    return Table(
        _("periods"),
        ("period", N_("events"), "rated"),
        [{"period": r.period, "events": r.events, "rated": r.rated} for r in ledger.period_rows()],
    )


def _player_names(ledger: Ledger, periods: Sequence[str]) -> list[str]:
    """Every name on the ledger's published lists (listed or not), for the picker."""
    names: set[str] = set()
    for period in periods:
        for row in ledger.list_rows(period, everyone=True):
            if row.name:
                names.add(row.name)
    return sorted(names)


def _without_ledger_id(row: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in row.items() if k != "ledger id"}


def _table_html(table: Table, highlight: int | None) -> str:
    """The published list as HTML without the ledger's own numbers, its row number
    ``highlight`` (from 0) marked."""
    columns = [c for c in table.columns if c != "ledger id"]
    head = "".join(f"<th>{html.escape(_(c))}</th>" for c in columns)
    body = []
    for index, row in enumerate(table.rows):
        style = f" style='{_HIGHLIGHT}'" if index == highlight else ""
        cells = "".join(
            f"<td>{html.escape(format_cell(row.get(c), table.formats.get(c), c))}</td>"
            for c in columns
        )
        body.append(f"<tr{style}>{cells}</tr>")
    return (
        f'<table class="ratingkit-table"><caption>{html.escape(table.title)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


__all__ = ["EVENT_COLUMNS", "LedgerBrowser", "events_table", "periods_table"]
