"""Plots of the FIDE 1982 workbook: the 14.3 convergence simulation, the 14.1 logistic
approximation against table 10.1b, and the effect of one player's rating on the unrated
players' Ru (the 10.68 remark on F).  Each function draws on ``ax`` (a new figure when
omitted) and returns the axes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...core.expected import logistic, table_pd
from ...core.i18n import _, tr
from ...core.model import Event
from ...fide1982 import FIDE_1982, Fide1982, convergence_games, with_rating
from ._axes import axes
from ._text import literal

CLAIM_14_3 = {10: 75, 15: 50, 25: 30}


def plot_convergence(runs: Sequence[Mapping[str, Any]] | None = None, ax: Any = None) -> Any:
    """The mean gap between rating and true strength game after game for K = 10, 15, 25
    (:func:`ratingkit.fide1982.convergence_games`), the 1/e level, and the game counts 14.3
    gives marked on each curve."""
    ax = axes(ax)
    runs = list(runs) if runs is not None else [convergence_games(k) for k in CLAIM_14_3]
    for run in runs:
        gaps = run["gaps"]
        claim = CLAIM_14_3.get(run["k"])
        # 14.3's count goes into the legend, not beside the marker: the markers sit close
        # together on the 1/e line, where labels overlapped each other and the curves.
        label = f"K = {run['k']}" + (
            tr(" (14.3: ~{games} games)", games=claim) if claim is not None else ""
        )
        line = ax.plot(range(len(gaps)), gaps, label=label)[0]
        if claim is not None and claim < len(gaps):
            ax.plot([claim], [gaps[claim]], "o", color=line.get_color())
    if runs:
        ax.axhline(runs[0]["target"], color="black", linewidth=0.8, linestyle=":")
        ax.annotate(
            _("1/e of the starting gap"),
            (0, runs[0]["target"]),
            textcoords="offset points",
            xytext=(4, -12),
            fontsize=8,
        )
    ax.set_xlabel(_("games played"))
    ax.set_ylabel(_("mean gap: true strength - rating"))
    ax.set_title(_("How fast the rating reaches the performance (14.3), simulated"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right")
    return ax


def plot_logistic_against_table(ax: Any = None, up_to: int = 800) -> Any:
    """14.1: P = 1/(1 + 10^(-D/400)) against table 10.1b (H side), with the difference."""
    ax = axes(ax)
    differences = list(range(up_to + 1))
    table = [table_pd(d) for d in differences]
    approx = [logistic(d) for d in differences]
    ax.step(differences, table, where="mid", color="black", label=_("table 10.1b (used)"))
    ax.plot(differences, approx, linestyle="--", label=_("14.1: 1/(1+10^(-D/400))"))
    twin = ax.twinx()
    twin.plot(
        differences,
        [a - t for a, t in zip(approx, table, strict=True)],
        color="tab:red",
        linewidth=0.8,
        label=_("formula - table"),
    )
    twin.axhline(0, color="tab:red", linewidth=0.5, linestyle=":")
    twin.set_ylabel(_("formula - table"), color="tab:red")
    ax.set_xlabel(_("rating difference D"))
    ax.set_ylabel(_("expected score PD of the higher rated"))
    ax.set_title(_("14.1: the logistic formula against table 10.1b"))
    ax.grid(alpha=0.3)
    lines = ax.get_legend_handles_labels()
    twin_lines = twin.get_legend_handles_labels()
    # Below the axes: inside, the legend lay over the curves wherever it was put.
    ax.legend(
        lines[0] + twin_lines[0],
        lines[1] + twin_lines[1],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.15),
        ncol=3,
        fontsize=8,
    )
    return ax


def plot_replacement(
    event: Event,
    player_id: str,
    ratings: Iterable[int],
    ax: Any = None,
    rules: Fide1982 = FIDE_1982,
) -> Any:
    """The unrated players' final Ru (Ru2) had ``player_id`` been rated each of ``ratings``
    (same scores; the values :func:`ratingkit.fide1982.replacement_effect` tabulates), read
    from each outcome's typed detail."""
    ax = axes(ax)
    xs = list(ratings)
    unrated = [p.id for p in event.players if p.rating is None and p.id != player_id]
    outcomes = [rules.outcome(with_rating(event, player_id, rating)) for rating in xs]
    for pid in unrated:
        ys = [outcome.player(pid).detail.Ru2 for outcome in outcomes]
        ax.plot(xs, ys, marker="o", markersize=3, label=literal(f"Ru2 {pid}"))
    original = event.player(player_id).rating
    if original is not None:
        ax.axvline(original, color="black", linewidth=0.8, linestyle=":")
        ax.annotate(
            literal(tr("{player} as entered: {rating}", player=player_id, rating=original)),
            (original, ax.get_ylim()[0]),
            textcoords="offset points",
            xytext=(4, 6),
            fontsize=8,
        )
    ax.set_xlabel(literal(tr("rating of {player}", player=player_id)))
    ax.set_ylabel(_("Ru2 of the unrated players"))
    ax.set_title(
        literal(
            tr(
                "The unrated players' ratings depend on {player}'s rating (10.68)",
                player=player_id,
            )
        )
    )
    ax.grid(alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=4)
    return ax
