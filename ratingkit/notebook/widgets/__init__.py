"""Interactive widgets the notebooks display, one module per area.

Each widget keeps its computation in ratingkit functions and exposes its current values as a
plain dict or report (``values``, ``report``), so tests drive the controls from Python and
check the result.
"""

from .expected import ExpectedScoreExplorer, expected_score_values

__all__ = ["ExpectedScoreExplorer", "expected_score_values"]
