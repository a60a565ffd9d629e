"""Simulated pools, explored: the pool's size, the years, the K rules compared, the random draw.

The widget calls :func:`ratingkit.services.pools.simulate` with a :class:`PoolConfig` made of
its controls and shows :func:`drift_summary` and the drift plot of
:func:`ratingkit.notebook.plots.pools.plot_drift` (FIDE 1982 rule 12.3's fixed cohort, the top
players, or the median); a value the simulation refuses is shown as its message."""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.errors import RatingkitError
from ...core.i18n import N_, _, tr
from ...services.pools import POOL_RULES, PoolConfig, PoolRun, drift_summary, simulate
from ..plots.pools import plot_drift
from .base import Widget

#: What the plot can show (columns of a run's history), as the plot names them.
MEASURES = (N_("cohort drift"), N_("top mean"), N_("median"), N_("mean"))


class PoolExplorer(Widget):
    """Sliders for the pool's players and years, a choice of the K rules compared (the pool
    rule sets of :data:`POOL_RULES`), the random draw and the measure plotted.  ``values`` gives
    what is shown as data: ``config``, ``rules``, ``summary`` (the rows of drift_summary),
    ``error``."""

    def __init__(
        self,
        rules: Sequence[str] = ("fide-1982", "fide-2014"),
        config: PoolConfig | None = None,
        measure: str = "cohort drift",
    ) -> None:
        base = config or PoolConfig()
        self.base = base
        self.players = w.IntSlider(
            value=base.players, min=20, max=400, step=10, description=_("players")
        )
        self.years = w.IntSlider(value=base.years, min=1, max=30, description=_("years"))
        self.rules = w.SelectMultiple(
            options=list(POOL_RULES),
            value=tuple(rules),
            description=_("K rules"),
            rows=len(POOL_RULES),
        )
        self.seed = w.IntText(value=base.seed, description=_("seed"))
        self.measure = w.Dropdown(
            options=[(_(m), m) for m in MEASURES], value=measure, description=_("plot")
        )
        self.output = w.HTML()
        self.plot = w.HTML()
        self.error: str | None = None
        self.runs: dict[str, PoolRun] = {}
        self._values: dict[str, Any] = {}
        for control in (self.players, self.years, self.rules, self.seed, self.measure):
            control.observe(self._update, names="value")
        controls = w.VBox([self.players, self.years, self.seed, self.measure])
        self.view = w.VBox([w.HBox([controls, self.rules]), self.output, self.plot])
        self._update()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self._values)

    def choose(self, **settings: Any) -> None:
        """Set several controls at once (``players``, ``years``, ``rules``, ``seed``,
        ``measure``), then one update."""
        with self.busy():
            for name, value in settings.items():
                getattr(self, name).value = tuple(value) if name == "rules" else value
        self._update()

    def _update(self, _change: object = None) -> None:
        if self.is_busy:
            return
        self.error = None
        self.plot.value = ""
        values: dict[str, Any] = {
            "config": None,
            "rules": tuple(self.rules.value),
            "summary": [],
            "error": None,
        }
        try:
            if not self.rules.value:
                raise RatingkitError(tr("choose at least one of the K rules to simulate"))
            config = replace(
                self.base,
                players=int(self.players.value),
                years=int(self.years.value),
                seed=int(self.seed.value),
            )
            values["config"] = config
            self.runs = {name: simulate(name, config) for name in self.rules.value}
            summary = drift_summary(self.runs)
            values["summary"] = [dict(r) for r in summary.rows]
            self.output.value = summary.to_html()
            self._draw(str(self.measure.value))
        except RatingkitError as exc:
            self.error = values["error"] = str(exc)
            self.runs = {}
            self.output.value = f"<p style='color:#b00'>{html.escape(str(exc))}</p>"
        self._values = values

    def _draw(self, measure: str) -> None:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(7, 3.5))
        plot_drift(self.runs, measure, ax=figure.subplots())
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
        self.plot.value = buffer.getvalue()
