"""FESA widgets: the handicap converter (rule 12) and the promotion explorer (rules 10-11).

Each widget keeps its computation in ratingkit functions and exposes its current values as a
plain dict (``values``), so tests can drive the controls from Python and check the result.
Both derive from :class:`~ratingkit.notebook.widgets.base.Widget`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.i18n import N_, _
from ...core.shogi import GRADES, HANDICAP_NAMES, NO_GRADE, grade_name, handicap_conversion
from ...fesa import PromotionCounters, promotion_trace
from .base import Widget


def _fmt(value: object) -> str:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return html.escape(str(value))
    return f"{number:.2f}".rstrip("0").rstrip(".")


class HandicapConverter(Widget):
    """Rule 12: a giver's rating and a handicap -> the rating he plays at."""

    def __init__(self, rating: int = 1862, handicap: str = "rook", values: str = "current") -> None:
        self.rating = w.BoundedIntText(value=rating, min=0, max=3000, description=_("rating"))
        self.handicap = w.Dropdown(
            options=list(HANDICAP_NAMES), value=handicap, description=_("handicap")
        )
        self.era = w.Dropdown(
            options=["current", "pre-2005"], value=values, description=_("values")
        )
        self.output = w.HTML()
        for control in (self.rating, self.handicap, self.era):
            control.observe(self._update, names="value")
        self.view = w.VBox([w.HBox([self.rating, self.handicap, self.era]), self.output])
        self._update()

    @property
    def values(self) -> dict[str, Any]:
        return dict(handicap_conversion(self.rating.value, self.handicap.value, self.era.value))

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        v = self.values
        rows = [
            ("giver's rating", v["rating"]),
            ("as a grade (interpolated between LBs)", v["grade"]),
            (f"{v['handicap']} ({v['values']} values), grades", v["handicap_grades"]),
            ("grade he plays at", v["effective_grade"]),
            ("rating he plays at", v["effective_rating"]),
            ("drop", v["drop"]),
        ]
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
            f"<td style='text-align:right'>{_fmt(x)}</td></tr>"
            for k, x in rows
        )
        self.output.value = f"<table>{body}</table>"


class PromotionExplorer(Widget):
    """Rules 10-11: an event's change spread over its games, each game tested against LB, MP
    and UB of the next grade, with the counters carried in and out."""

    def __init__(
        self,
        rating: int = 1700,
        change: int = 40,
        games: int = 6,
        games_before: int = 30,
        grade: str = "1 kyu",
        lb_run: int = 8,
        mp_run: int = 0,
        lookahead: bool = True,
    ) -> None:
        names = ["no grade"] + [g.name for g in GRADES]
        self.rating = w.BoundedIntText(value=rating, min=0, max=3000, description=_("rating"))
        self.change = w.IntSlider(value=change, min=-150, max=250, description=_("change"))
        self.games = w.IntSlider(value=games, min=1, max=15, description=_("games"))
        self.games_before = w.BoundedIntText(
            value=games_before, min=0, max=2000, description=_("before")
        )
        self.grade = w.Dropdown(options=names, value=grade, description=_("grade"))
        self.lb_run = w.BoundedIntText(value=lb_run, min=0, max=50, description=_("LB run"))
        self.mp_run = w.BoundedIntText(value=mp_run, min=0, max=50, description=_("MP run"))
        self.lb_run_mp = w.Checkbox(value=mp_run > 0, description=_("MP seen in LB run"))
        self.lookahead = w.Checkbox(value=lookahead, description=_("FESA look-ahead"))
        self.output = w.HTML()
        controls = (
            self.rating,
            self.change,
            self.games,
            self.games_before,
            self.grade,
            self.lb_run,
            self.mp_run,
            self.lb_run_mp,
            self.lookahead,
        )
        for control in controls:
            control.observe(self._update, names="value")
        self.view = w.VBox(
            [
                w.HBox([self.rating, self.change, self.games]),
                w.HBox([self.games_before, self.grade]),
                w.HBox([self.lb_run, self.mp_run, self.lb_run_mp, self.lookahead]),
                self.output,
            ]
        )
        self._update()

    def _grade_number(self) -> int:
        if self.grade.value == "no grade":
            return NO_GRADE
        return next(g.number for g in GRADES if g.name == self.grade.value)

    @property
    def values(self) -> dict[str, Any]:
        counters = PromotionCounters(
            self._grade_number(), self.lb_run.value, self.mp_run.value, self.lb_run_mp.value
        )
        after, trace, found = promotion_trace(
            self.rating.value,
            self.change.value,
            self.games.value,
            self.games_before.value,
            counters,
            lookahead=self.lookahead.value,
        )
        return {
            "trace": trace,
            "promotions": [
                (grade_name(p.from_grade), grade_name(p.to_grade), p.path) for p in found
            ],
            "grade_after": grade_name(after.grade),
            "lb_run": after.lb_run,
            "mp_run": after.mp_run,
            "lb_run_mp": after.lb_run_mp,
        }

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        v = self.values
        template = (
            N_("After the event: {grade}, LB run {lb_run}, MP run {mp_run} (MP seen).")
            if v["lb_run_mp"]
            else N_("After the event: {grade}, LB run {lb_run}, MP run {mp_run}.")
        )
        summary = "<p>{}</p>".format(
            _(template).format(
                grade=f"<b>{html.escape(v['grade_after'])}</b>",
                lb_run=v["lb_run"],
                mp_run=v["mp_run"],
            )
        )
        self.output.value = summary + v["trace"].to_html()
