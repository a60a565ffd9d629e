"""The expected-score explorer: a rating difference D and its expected score from FIDE's table
8.1b (the law), the logistic curve and the normal curve the table was computed from.

The computation is :mod:`ratingkit.core.expected`; the widget keeps the current values as a
typed :class:`ExpectedScores` (``scores``) and as a plain dict (``values``), so tests drive the
slider from Python and check the result.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.expected import logistic, normal, table_pd
from ...core.i18n import N_, _, tr
from .base import Widget


@dataclass(frozen=True)
class ExpectedScores:
    """PD for a rating difference D (own - opponent) from each source."""

    difference: int
    #: FIDE table 8.1b.
    table: float
    logistic: float
    normal: float

    @classmethod
    def of(cls, difference: int) -> ExpectedScores:
        return cls(difference, table_pd(difference), logistic(difference), normal(difference))

    @property
    def logistic_gap(self) -> float:
        """logistic - table."""
        return self.logistic - self.table

    @property
    def normal_gap(self) -> float:
        """normal - table."""
        return self.normal - self.table

    def as_dict(self) -> dict[str, float]:
        return {
            "difference": self.difference,
            "table": self.table,
            "logistic": self.logistic,
            "normal": self.normal,
            "logistic - table": self.logistic_gap,
            "normal - table": self.normal_gap,
        }


def expected_score_values(difference: int) -> dict[str, float]:
    """PD for a rating difference from table 8.1b, the logistic and the normal curve, and each
    formula's gap to the table."""
    return ExpectedScores.of(difference).as_dict()


def render(scores: ExpectedScores) -> str:
    """The expected scores as HTML: the three values, then the two gaps (signed)."""
    values = (
        (N_("table"), scores.table),
        (N_("logistic"), scores.logistic),
        (N_("normal"), scores.normal),
    )
    gaps = (
        (N_("logistic - table"), scores.logistic_gap),
        (N_("normal - table"), scores.normal_gap),
    )
    rows = "".join(
        f"<tr><th style='text-align:left'>{html.escape(_(label))}</th>"
        f"<td style='text-align:right'>{value:{fmt}}</td></tr>"
        for fmt, pairs in ((".4f", values), ("+.4f", gaps))
        for label, value in pairs
    )
    if scores.difference >= 0:
        text = tr(
            "Expected score of a player {points} points above his opponent",
            points=scores.difference,
        )
    else:
        text = tr(
            "Expected score of a player {points} points below his opponent",
            points=scores.difference,
        )
    return f"<p>{html.escape(text)}</p><table>{rows}</table>"


class ExpectedScoreExplorer(Widget):
    """A slider for the rating difference D and a table of PD from each source."""

    def __init__(self, difference: int = 100, limit: int = 800) -> None:
        self.slider = w.IntSlider(
            value=difference,
            min=-limit,
            max=limit,
            step=1,
            description=_("D"),
            continuous_update=True,
            layout=w.Layout(width="500px"),
        )
        self.output = w.HTML()
        self.slider.observe(self._update, names="value")
        self.view = w.VBox([self.slider, self.output])
        self._update()

    @property
    def scores(self) -> ExpectedScores:
        return ExpectedScores.of(self.slider.value)

    @property
    def values(self) -> dict[str, float]:
        return self.scores.as_dict()

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        with self.busy():
            self.output.value = render(self.scores)
