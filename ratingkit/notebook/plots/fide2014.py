"""FIDE 2014 plots: the 400-point cap of 8.54 on one player's games."""

from __future__ import annotations

from ...core.expected import table_pd
from ...core.report import Report
from ._axes import axes
from ._text import literal


def plot_cap(report: Report, player_id: str, ax=None, cap: int = 400, up_to: int = 800):
    """PD against the real rating difference: table 8.1b (dotted) and what 8.54 uses (solid,
    flat beyond +-400), with the player's rated games as points at their real difference.
    Games beyond the cap are drawn as crosses: their PD is the one at 400."""
    ax = axes(ax)
    differences = list(range(-up_to, up_to + 1))
    ax.step(
        differences,
        [table_pd(d) for d in differences],
        where="mid",
        linestyle=":",
        color="grey",
        label="table 8.1b without the cap",
    )
    ax.step(
        differences,
        [table_pd(max(-cap, min(cap, d))) for d in differences],
        where="mid",
        color="black",
        linewidth=1.2,
        label=f"PD used: |D| > {cap} counts as {cap} (8.54)",
    )
    ax.axvspan(cap, up_to, color="tab:orange", alpha=0.12)
    ax.axvspan(-up_to, -cap, color="tab:orange", alpha=0.12)
    games = [g for g in report.games.rows if g["id"] == player_id and g["rated"] and "D" in g]
    plain = [g for g in games if not g.get("capped")]
    capped = [g for g in games if g.get("capped")]
    ax.plot(
        [g["D uncapped"] for g in plain],
        [float(g["PD"]) for g in plain],
        "o",
        color="tab:blue",
        label="games within 400",
    )
    ax.plot(
        [g["D uncapped"] for g in capped],
        [float(g["PD"]) for g in capped],
        "X",
        color="tab:red",
        markersize=9,
        label="games beyond 400 (capped)",
    )
    row = report.row(player_id)
    ax.set_xlabel(literal(f"real rating difference D = {row['rating_before']} - opponent"))
    ax.set_ylabel("expected score PD")
    ax.set_title(literal(f"8.54 for {row['name']}: {len(capped)} of {len(games)} games capped"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    return ax
