"""The widgets, driven from Python as a user would drive them."""

from __future__ import annotations

import math

import pytest

from ratingkit.notebook.widgets import ExpectedScoreExplorer, expected_score_values


def _independent_normal(difference: float) -> float:
    # Phi(D / (200 * sqrt 2)) computed here, not through ratingkit.
    return 0.5 * math.erfc(-difference / (200 * math.sqrt(2)) / math.sqrt(2))


def test_moving_the_slider_updates_the_values_and_the_page():
    explorer = ExpectedScoreExplorer(difference=0)
    assert explorer.values["table"] == 0.5
    explorer.slider.value = 227
    # Table 8.1b: 226-235 -> H 0.79.
    assert explorer.values["table"] == 0.79
    assert explorer.values["logistic"] == pytest.approx(1 / (1 + 10 ** (-227 / 400)))
    assert explorer.values["normal"] == pytest.approx(_independent_normal(227))
    assert "227 points above" in explorer.output.value
    assert "0.7900" in explorer.output.value
    explorer.slider.value = -227
    assert explorer.values["table"] == pytest.approx(0.21)
    assert "227 points below" in explorer.output.value.replace("-227", "227")
    assert "0.2100" in explorer.output.value


def test_differences_are_formula_minus_table():
    values = expected_score_values(400)
    assert values["logistic - table"] == pytest.approx(values["logistic"] - 0.92)
    assert values["normal - table"] == pytest.approx(values["normal"] - 0.92)


def test_slider_range_covers_the_table():
    explorer = ExpectedScoreExplorer()
    assert (explorer.slider.min, explorer.slider.max) == (-800, 800)


def test_an_error_in_an_update_leaves_the_explorer_responsive(monkeypatch):
    """The busy flag is reset in ``finally``: after one update fails, the next one runs."""
    from ratingkit.notebook.widgets import expected

    explorer = ExpectedScoreExplorer(difference=0)

    def broken(_scores):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(expected, "render", broken)
    with pytest.raises(RuntimeError, match="drawing failed"):
        explorer.slider.value = 100
    assert not explorer.is_busy
    monkeypatch.undo()
    explorer.slider.value = 227
    assert "227 points above" in explorer.output.value
    assert "0.7900" in explorer.output.value


def test_the_explorer_is_a_widget_with_a_short_repr():
    from ratingkit.notebook.widgets.base import Widget

    explorer = ExpectedScoreExplorer()
    assert isinstance(explorer, Widget)
    assert repr(explorer) == "<ExpectedScoreExplorer>"
    assert explorer.scores.difference == 100
    assert explorer.scores.normal_gap == explorer.values["normal - table"]
