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


def test_drift_plot_reads_the_years_typed_values():
    """plot_drift draws YearStats fields by their history column's name; an unknown name is an
    error naming it."""
    from ratingkit.core.errors import InvalidValueError
    from ratingkit.notebook.plots.pools import plot_drift
    from ratingkit.services.pools import PoolConfig, simulate

    run = simulate("fesa", PoolConfig(players=20, years=2, rounds=2, newcomers=0, seed=5))
    ax = plot_drift({"fesa": run}, "bonus paid")
    line = ax.get_lines()[0]
    assert list(line.get_xdata()) == [0, 1, 2]
    assert list(line.get_ydata()) == [float(paid) for paid in run.bonus_paid]
    with pytest.raises(InvalidValueError, match="'strength'"):
        plot_drift({"fesa": run}, "strength")
    plt.close("all")
