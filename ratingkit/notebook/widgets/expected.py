"""Interactive widgets the notebooks display.

Each widget keeps its computation in ratingkit functions and exposes its current values as a
plain dict (``values``), so tests can drive the controls from Python and check the result.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ...core.expected import logistic, normal, table_pd


def expected_score_values(difference: int) -> dict[str, float]:
    """PD for a rating difference from table 8.1b, the logistic and the normal curve."""
    table = table_pd(difference)
    logistic_value = logistic(difference)
    normal_value = normal(difference)
    return {
        "difference": difference,
        "table": table,
        "logistic": logistic_value,
        "normal": normal_value,
        "logistic - table": logistic_value - table,
        "normal - table": normal_value - table,
    }


class ExpectedScoreExplorer:
    """A slider for the rating difference D and a table of PD from each source."""

    def __init__(self, difference: int = 100, limit: int = 800):
        self.slider = w.IntSlider(
            value=difference,
            min=-limit,
            max=limit,
            step=1,
            description="D",
            continuous_update=True,
            layout=w.Layout(width="500px"),
        )
        self.output = w.HTML()
        self.slider.observe(self._update, names="value")
        self.view = w.VBox([self.slider, self.output])
        self._update()

    @property
    def values(self) -> dict[str, float]:
        return expected_score_values(self.slider.value)

    def _update(self, _change=None) -> None:
        values = self.values
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
            f"<td style='text-align:right'>{v:+.4f}</td></tr>"
            if "-" in k
            else f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
            f"<td style='text-align:right'>{v:.4f}</td></tr>"
            for k, v in values.items()
            if k != "difference"
        )
        self.output.value = (
            f"<p>Expected score of a player {values['difference']} points "
            f"{'above' if values['difference'] >= 0 else 'below'} his opponent"
            f"</p><table>{rows}</table>"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)
