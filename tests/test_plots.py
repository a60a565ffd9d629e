from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # tests only; notebooks keep the inline backend

import matplotlib.pyplot as plt
import pytest

from ratingkit.core.expected import formula_gap, logistic, table_pd
from ratingkit.notebook.plots import plot_expected_curves, plot_formula_error


def test_expected_curves_draw_table_and_both_formulas():
    ax = plot_expected_curves(up_to=800)
    lines = ax.get_lines()
    assert len(lines) == 3
    step = lines[0]
    xs, ys = step.get_xdata(), step.get_ydata()
    assert xs[0] == -800 and xs[-1] == 800
    assert ys[list(xs).index(227)] == table_pd(227)
    assert lines[1].get_ydata()[list(xs).index(400)] == pytest.approx(logistic(400))
    plt.close("all")


def test_formula_error_marks_the_largest_gap():
    ax = plot_formula_error(up_to=800)
    texts = [t.get_text() for t in ax.texts]
    gap = formula_gap("logistic", 800)
    assert f"logistic: {gap.largest_gap:.4f} at D={gap.at_difference}" in texts
    error_line = ax.get_lines()[0]
    assert error_line.get_ydata()[300] == pytest.approx(logistic(300) - table_pd(300))
    plt.close("all")
