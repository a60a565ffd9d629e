"""Expected-score plots: FIDE's table 8.1b against the logistic and normal curves
(:mod:`ratingkit.core.expected`).  Each function draws on ``ax`` (a new figure when omitted)
and returns the axes, so tests can check what was drawn."""

from __future__ import annotations

from typing import Any

from ...core.expected import formula_gap, logistic, normal, table_pd
from ...core.i18n import N_, _, number, tr
from ._axes import axes


def plot_expected_curves(ax: Any = None, up_to: int = 800) -> Any:
    """Table 8.1b as a step curve (H above 0, L below) against the logistic and normal curves."""
    ax = axes(ax)
    differences = list(range(-up_to, up_to + 1))
    ax.step(
        differences,
        [table_pd(d) for d in differences],
        where="mid",
        label=_("FIDE table 8.1b (the law)"),
        color="black",
        linewidth=1.2,
    )
    ax.plot(
        differences,
        [logistic(d) for d in differences],
        label=_("logistic 1/(1+10^(-D/400))"),
        linestyle="--",
    )
    ax.plot(
        differences,
        [normal(d) for d in differences],
        label=_("normal, sigma = 200*sqrt(2)"),
        linestyle=":",
    )
    ax.set_xlabel(_("rating difference D (own - opponent)"))
    ax.set_ylabel(_("expected score PD"))
    ax.set_title(_("Expected score: FIDE's table against the formulas"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    return ax


def plot_formula_error(ax: Any = None, up_to: int = 800) -> Any:
    """formula - table for D = 0..up_to, with the largest gap of each formula marked."""
    ax = axes(ax)
    differences = list(range(up_to + 1))
    for name, function in ((N_("logistic"), logistic), (N_("normal"), normal)):
        errors = [function(d) - table_pd(d) for d in differences]
        line = ax.plot(differences, errors, label=tr("{formula} - table", formula=_(name)))[0]
        gap = formula_gap(name, up_to)
        ax.plot([gap.at_difference], [errors[gap.at_difference]], "o", color=line.get_color())
        ax.annotate(
            tr(
                "{formula}: {gap} at D={difference}",
                formula=_(name),
                gap=number(gap.largest_gap, 4),
                difference=gap.at_difference,
            ),
            (gap.at_difference, errors[gap.at_difference]),
            textcoords="offset points",
            xytext=(8, 6),
            fontsize=8,
        )
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel(_("rating difference D"))
    ax.set_ylabel(_("formula - table 8.1b"))
    ax.set_title(_("Error of the formulas against the printed table"))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left")
    return ax
