"""Pool plots: the drift checks of FIDE 1982 12.3 over the simulated years."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.i18n import _, tr
from ...services.pools import PoolRun
from ._axes import axes
from ._text import literal


def plot_drift(
    runs: Mapping[str, PoolRun],
    measure: str = "cohort drift",
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """One line per run: a column of the runs' history (``cohort drift``, ``cohort mean``,
    ``top mean``, ``median``, ``mean``, ``bonus paid``) year by year."""
    ax = axes(ax)
    for name, run in runs.items():
        years = [stats.year for stats in run.years]
        ax.plot(years, run.series(measure), marker="o", label=literal(name))
    if "drift" in measure:
        ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel(_("year"))
    ax.set_ylabel(literal(_(measure)))
    ax.set_title(literal(title or tr("{measure} (FIDE 1982 12.3)", measure=_(measure))))
    ax.legend(fontsize=8)
    return ax


def plot_distribution(
    run: PoolRun, years: Sequence[int] | None = None, ax: Any = None, bins: int = 20
) -> Any:
    """The pool's rating distribution (12.3's third check) at a few years, as step
    histograms on common bins."""
    ax = axes(ax)
    last = len(run.snapshots) - 1
    shown = list(years) if years is not None else sorted({0, last // 2, last})
    everything = [r for y in shown for r in run.ratings(y)]
    low, high = min(everything), max(everything)
    edges = [low + (high - low) * i / bins for i in range(bins + 1)]
    for year in shown:
        ax.hist(
            run.ratings(year),
            bins=edges,
            histtype="step",
            linewidth=1.5,
            label=tr("year {year}", year=year),
        )
    ax.set_xlabel(_("rating"))
    ax.set_ylabel(_("players"))
    ax.set_title(literal(tr("{rules}: the pool's distribution", rules=run.rules.name)))
    ax.legend(fontsize=8)
    return ax
