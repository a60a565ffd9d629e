"""The FIDE 1982 round robin explorer: change a player's rating or score and watch every
column of the 10.68 table move.

The computation is :class:`ratingkit.fide1982.Fide1982.rate`; the widget only edits the event
and shows the typed outcome of the report (``report.outcome``).  Its state is readable from
Python (``event``, ``report``, ``values``), so tests drive it by setting the controls.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.i18n import N_, _
from ...core.model import Event
from ...core.outcome import PlayerOutcome
from ...core.report import Report, format_cell
from ...fide1982 import FIDE_1982, FORMATS, Fide1982, with_points, with_rating
from ...fide1982.checks import cycles_of
from ...fide1982.outcome import Fide1982Event, Fide1982Player
from ...formats.scorecsv import points_of
from .base import Widget

Player1982 = PlayerOutcome[Fide1982Player]

#: The columns shown, each with the typed value it shows.
SHOWN: tuple[tuple[str, Callable[[Player1982], object]], ...] = (
    (N_("rating_before"), lambda p: p.rating_before),
    ("score", lambda p: p.score),
    ("p", lambda p: p.detail.p),
    ("dp", lambda p: p.detail.dp),
    ("Rc", lambda p: p.detail.Rc),
    ("Rc2", lambda p: p.detail.Rc2),
    ("Ru", lambda p: p.detail.Ru),
    ("Ru2", lambda p: p.detail.Ru2),
    ("D", lambda p: p.detail.D),
    ("PD", lambda p: p.detail.PD),
    ("We", lambda p: p.detail.We),
    ("K", lambda p: p.detail.K),
    ("DR", lambda p: p.detail.DR),
    (N_("rating_after"), lambda p: p.rating_after),
)
#: The event values shown (10.21), each with its typed value.
SUMMARY: tuple[tuple[str, Callable[[Fide1982Event], object]], ...] = (
    ("Rar", lambda e: e.Rar),
    ("dpa", lambda e: e.dpa),
    ("Ra", lambda e: e.Ra),
)


def _players(report: Report) -> dict[str, Player1982]:
    return {p.id: p for p in report.outcome.players}


def _event(report: Report) -> Fide1982Event | None:
    detail = report.outcome.detail
    return detail if isinstance(detail, Fide1982Event) else None


def _values(report: Report) -> dict[str, dict[str, object]]:
    return {pid: {c: get(p) for c, get in SHOWN} for pid, p in _players(report).items()}


def _summary(report: Report) -> dict[str, object]:
    event = _event(report)
    return {name: get(event) if event is not None else None for name, get in SUMMARY}


class BergerExplorer(Widget):
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
        self.player = w.Dropdown(options=ids, value=ids[0], description=_("player"))
        self.unrated = w.Checkbox(value=False, description=_("unrated"))
        self.rating = w.IntSlider(
            value=2400,
            min=1800,
            max=2800,
            step=10,
            description=_("rating"),
            continuous_update=False,
        )
        self.points = w.FloatSlider(
            value=0,
            min=0,
            max=self.games * cycles_of(event),
            step=0.5,
            description=_("points"),
            continuous_update=False,
        )
        self.balance = w.Dropdown(options=ids, value=ids[-1], description=_("balanced by"))
        self.reset = w.Button(description=_("reset"))
        self.message = w.HTML()
        self.output = w.HTML()
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
        """Each player's shown values in the current outcome (id -> column -> value)."""
        return _values(self.report)

    @property
    def summary(self) -> dict[str, object]:
        """Rar, dpa and Ra of the current outcome (10.21)."""
        return _summary(self.report)

    def _load_player(self) -> None:
        with self.busy():
            player = self.event.player(self.player.value)
            self.unrated.value = player.rating is None
            if player.rating is not None:
                self.rating.value = player.rating
            self.points.value = float(points_of(player))
            if self.balance.value == self.player.value:
                others = [p.id for p in self.event.players if p.id != self.player.value]
                self.balance.value = others[-1]

    def _set_rating(self) -> None:
        if self.is_busy:
            return
        rating = None if self.unrated.value else self.rating.value
        self._apply(with_rating(self.event, self.player.value, rating))

    def _set_points(self) -> None:
        if self.is_busy:
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
        base = _values(self.base)
        base_summary = _summary(self.base)

        def cell(value: object, before: object, column: str) -> str:
            text = html.escape(format_cell(value, FORMATS.get(column), column))
            if value != before:
                old = html.escape(format_cell(before, FORMATS.get(column), column))
                return f"<td style='text-align:right'><b>{text}</b> <small>({old})</small></td>"
            return f"<td style='text-align:right'>{text}</td>"

        summary = "".join(
            f"<th>{k}</th>{cell(v, base_summary.get(k), k)}" for k, v in self.summary.items()
        )
        head = "".join(f"<th>{html.escape(_(c))}</th>" for c in ("id", *(c for c, _f in SHOWN)))
        body = []
        for pid, values in self.values.items():
            start = base.get(pid, {})
            cells = "".join(cell(values[c], start.get(c), c) for c, _ in SHOWN)
            body.append(f"<tr><th>{html.escape(pid)}</th>{cells}</tr>")
        self.output.value = (
            f"<table><tr>{summary}</tr></table>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )
