"""FIDE 2014 plots: the 400-point cap of 8.54 on one player's games."""

from __future__ import annotations

from typing import Any

from ...core.expected import table_pd
from ...core.i18n import _, tr
from ...core.report import Report
from ._axes import axes
from ._text import literal


def plot_cap(
    report: Report, player_id: str, ax: Any = None, cap: int = 400, up_to: int = 800
) -> Any:
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
        label=_("table 8.1b without the cap"),
    )
    ax.step(
        differences,
        [table_pd(max(-cap, min(cap, d))) for d in differences],
        where="mid",
        color="black",
        linewidth=1.2,
        label=tr("PD used: |D| > {cap} counts as {cap} (8.54)", cap=cap),
    )
    ax.axvspan(cap, up_to, color="tab:orange", alpha=0.12)
    ax.axvspan(-up_to, -cap, color="tab:orange", alpha=0.12)
    outcome = report.outcome
    games = [
        g.detail
        for g in outcome.games_of(player_id)
        if g.rated and g.detail.d is not None and g.detail.pd is not None
    ]
    plain = [g for g in games if g.capped is None]
    capped = [g for g in games if g.capped is not None]
    ax.plot(
        [g.d_uncapped for g in plain],
        [float(g.pd) for g in plain],
        "o",
        color="tab:blue",
        label=_("games within 400"),
    )
    ax.plot(
        [g.d_uncapped for g in capped],
        [float(g.pd) for g in capped],
        "X",
        color="tab:red",
        markersize=9,
        label=_("games beyond 400 (capped)"),
    )
    player = outcome.player(player_id)
    ax.set_xlabel(
        literal(tr("real rating difference D = {rating} - opponent", rating=player.rating_before))
    )
    ax.set_ylabel(_("expected score PD"))
    ax.set_title(
        literal(
            tr(
                "8.54 for {player}: {capped} of {games} games capped",
                player=player.name,
                capped=len(capped),
                games=len(games),
            )
        )
    )
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    return ax
