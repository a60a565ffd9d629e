"""The FIDE 1982 round robin explorer: change a player's rating or score and watch every
column of the 10.68 table move.

The computation is :class:`ratingkit.fide1982.Fide1982.rate`; the widget only edits the event
and shows the report.  Its state is readable from Python (``event``, ``report``, ``values``),
so tests drive it by setting the controls.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as w

from ...core.model import Event
from ...core.report import Report, format_cell
from ...fide1982 import FIDE_1982, Fide1982, with_points, with_rating
from ...formats.scorecsv import points_of

SHOWN = (
    "rating_before",
    "score",
    "p",
    "dp",
    "Rc",
    "Rc2",
    "Ru",
    "Ru2",
    "D",
    "PD",
    "We",
    "K",
    "DR",
    "rating_after",
)
SUMMARY = ("Rar", "dpa", "Ra")


class BergerExplorer:
    """Controls: the player, his rating (or unrated), his points, and the player who gives or
    takes the difference in points (a round robin's points always add up to the same total).
    Below: Rar, dpa, Ra and the 10.68 columns of every player; cells that differ from the
    starting event are shown in bold with the starting value beside them."""

    def __init__(self, event: Event, rules: Fide1982 = FIDE_1982):
        self.rules = rules
        self.original = event
        self.event = event
        self.base = rules.rate(event)
        self.report: Report = self.base
        ids = [p.id for p in event.players]
        self.games = len(ids) - 1
        self.player = w.Dropdown(options=ids, value=ids[0], description="player")
        self.unrated = w.Checkbox(value=False, description="unrated")
        self.rating = w.IntSlider(
            value=2400, min=1800, max=2800, step=10, description="rating", continuous_update=False
        )
        self.points = w.FloatSlider(
            value=0,
            min=0,
            max=self.games * int(event.extra.get("cycles", 1)),
            step=0.5,
            description="points",
            continuous_update=False,
        )
        self.balance = w.Dropdown(options=ids, value=ids[-1], description="balanced by")
        self.reset = w.Button(description="reset")
        self.message = w.HTML()
        self.output = w.HTML()
        self._syncing = False
        self._load_player()
        self.player.observe(lambda _: self._load_player(), names="value")
        self.rating.observe(lambda _: self._set_rating(), names="value")
        self.unrated.observe(lambda _: self._set_rating(), names="value")
        self.points.observe(lambda _: self._set_points(), names="value")
        self.reset.on_click(lambda _: self._reset())
        self.view = w.VBox(
            [
                w.HBox([self.player, self.unrated, self.rating]),
                w.HBox([self.points, self.balance, self.reset]),
                self.message,
                self.output,
            ]
        )
        self._render()

    # -- state ---------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, dict[str, object]]:
        """Each player's row of the current report (id -> column -> value)."""
        return {row["id"]: dict(row) for row in self.report.players.rows}

    @property
    def summary(self) -> dict[str, object]:
        return {k: self.report.summary.get(k) for k in SUMMARY}

    def _load_player(self) -> None:
        self._syncing = True
        try:
            player = self.event.player(self.player.value)
            self.unrated.value = player.rating is None
            if player.rating is not None:
                self.rating.value = player.rating
            self.points.value = float(points_of(player))
            if self.balance.value == self.player.value:
                others = [p.id for p in self.event.players if p.id != self.player.value]
                self.balance.value = others[-1]
        finally:
            self._syncing = False

    def _set_rating(self) -> None:
        if self._syncing:
            return
        rating = None if self.unrated.value else self.rating.value
        self._apply(with_rating(self.event, self.player.value, rating))

    def _set_points(self) -> None:
        if self._syncing:
            return
        pid, other = self.player.value, self.balance.value
        old = points_of(self.event.player(pid))
        new = self.points.value
        if other == pid:
            self.message.value = "<b>choose another player to balance the points</b>"
            self._load_player()
            return
        given = points_of(self.event.player(other)) - (Fraction(str(new)) - old)
        most = self.points.max
        if given < 0 or given > most:
            self.message.value = (
                f"<b>{html.escape(other)} cannot give or take that many points "
                f"(would have {float(given):g} of {most:g})</b>"
            )
            self._load_player()
            return
        self._apply(with_points(with_points(self.event, pid, new), other, given))

    def _apply(self, event: Event) -> None:
        self.message.value = ""
        self.event = event
        self.report = self.rules.rate(event)
        self._render()

    def _reset(self) -> None:
        self.event = self.original
        self.report = self.base
        self.message.value = ""
        self._load_player()
        self._render()

    # -- display -------------------------------------------------------------------------
    def _render(self) -> None:
        base = {row["id"]: row for row in self.base.players.rows}
        formats = self.report.players.formats

        def cell(value, before, column) -> str:
            text = html.escape(format_cell(value, formats.get(column)))
            if value != before:
                old = html.escape(format_cell(before, formats.get(column)))
                return f"<td style='text-align:right'><b>{text}</b> <small>({old})</small></td>"
            return f"<td style='text-align:right'>{text}</td>"

        summary = "".join(
            f"<th>{k}</th>{cell(self.report.summary.get(k), self.base.summary.get(k), k)}"
            for k in SUMMARY
        )
        head = "".join(f"<th>{html.escape(c)}</th>" for c in ("id", *SHOWN))
        body = []
        for row in self.report.players.rows:
            start = base.get(row["id"], {})
            cells = "".join(cell(row.get(c), start.get(c), c) for c in SHOWN)
            body.append(f"<tr><th>{html.escape(row['id'])}</th>{cells}</tr>")
        self.output.value = (
            f"<table><tr>{summary}</tr></table>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)
