"""Plots the notebooks show, one module per area.  Each function draws on ``ax`` (a new figure
when omitted) and returns the axes, so tests can check what was drawn."""

from .expected import plot_expected_curves, plot_formula_error

__all__ = ["plot_expected_curves", "plot_formula_error"]
