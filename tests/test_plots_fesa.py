"""The FESA plots draw what they say."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

from ratingkit.fesa import PromotionCounters, promotion_trace
from ratingkit.notebook.plots.fesa import (
    plot_bonus,
    plot_grade_ladder,
    plot_promotion_trace,
    plot_upset_thresholds,
)


def test_upset_plot_marks_the_crossing_near_103():
    ax = plot_upset_thresholds(ks=(24,))
    crossing = ax.lines[-1].get_xdata()[0]
    assert 103 < crossing < 104
    d, d_upset = ax.lines[0], ax.lines[1]
    x = list(d.get_xdata()).index(200)
    assert d.get_ydata()[x] == pytest.approx(24 * (1 - 1 / (1 + 10 ** (200 / 400))))
    assert d_upset.get_ydata()[x] == pytest.approx(24 * 200 / 160)


def test_bonus_plot():
    ax = plot_bonus()
    line = ax.lines[0]
    x = list(line.get_xdata()).index(1000)
    assert line.get_ydata()[x] == (1800 - 1000) / 200
    assert line.get_ydata()[list(line.get_xdata()).index(1900)] == 0


def test_grade_ladder_has_every_grade():
    ax = plot_grade_ladder()
    assert len(ax.patches) == 26  # 20 kyu .. 1 kyu and 1 dan .. 6 dan
    assert ax.patches[-1].get_x() == 2440 and ax.patches[-1].get_width() == 2640 - 2440


def test_promotion_trace_plot():
    _, trace, _ = promotion_trace(1700, 40, 6, 30, PromotionCounters(14, 8))
    ax = plot_promotion_trace(trace)
    assert list(ax.lines[0].get_ydata()) == pytest.approx([1700 + r * 40 / 6 for r in range(1, 7)])
    assert any(t.get_text() == "1 dan" for t in ax.texts)
