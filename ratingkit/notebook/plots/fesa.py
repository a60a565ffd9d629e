"""FESA plots.  Each function draws on ``ax`` (a new figure when omitted) and returns the axes,
so tests can check what was drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.i18n import _, number, tr
from ...core.shogi import GRADES
from ...fesa import bonus, expected_score, k_factor, upset_crossing
from ...fesa.promotion import TraceStep, TraceTable
from ._axes import axes
from ._text import literal


def plot_upset_thresholds(
    ax: Any = None, ks: tuple[int, ...] = (16, 24, 40), up_to: int = 300
) -> Any:
    """For a win: d = k(1 - E) of formula (1) and d' = k(or - tr)/160 of rule (A) against
    or - tr, for each k, with the crossing (the same for every k) marked."""
    ax = axes(ax)
    diffs = list(range(-100, up_to + 1))
    for k in ks:
        line = ax.plot(diffs, [k * (1 - expected_score(x)) for x in diffs], label=f"d, k={k}")[0]
        ax.plot(
            diffs,
            [k * x / 160 for x in diffs],
            linestyle="--",
            color=line.get_color(),
            label=f"d', k={k}",
        )
    crossing = upset_crossing()
    ax.axvline(
        crossing,
        color="grey",
        linestyle=":",
        label=tr("crossing {crossing}", crossing=number(crossing, 2)),
    )
    ax.set_xlabel(_("or - tr (opponent above the player)"))
    ax.set_ylabel(_("rating change for a win"))
    ax.set_title(_("FESA rule (A): d' replaces d above the crossing"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return ax


def plot_bonus(ax: Any = None, low: int = 0, high: int = 2000) -> Any:
    """Rule 9: the bonus (1800 - tr)/200 per game, against the rating tr, with k for scale."""
    ax = axes(ax)
    ratings = list(range(low, high + 1, 5))
    ax.plot(ratings, [float(bonus(r, 0)) for r in ratings], label=_("bonus per game (rule 9)"))
    ax.step(
        ratings,
        [k_factor(r) / 10 for r in ratings],
        where="post",
        linestyle=":",
        label=_("k / 10 (for scale)"),
    )
    ax.set_xlabel(_("rating tr before the game"))
    ax.set_ylabel(_("points per game"))
    ax.set_title(_("The bonus of rule 9: players under 1800 with fewer than 100 games"))
    ax.grid(alpha=0.3)
    ax.legend()
    return ax


def plot_grade_ladder(ax: Any = None) -> Any:
    """Rule 2: each grade from LB to UB, its MP marked."""
    ax = axes(ax, size=(8, 7))
    for i, grade in enumerate(GRADES):
        ax.barh(i, grade.ub - grade.lb, left=grade.lb, color="#9ecae1", edgecolor="black")
        ax.plot([grade.mp, grade.mp], [i - 0.4, i + 0.4], color="black")
    ax.set_yticks(range(len(GRADES)), [g.name for g in GRADES])
    ax.set_xlabel(_("rating (bar: LB to UB; tick: MP)"))
    ax.set_title(_("FESA grades (rule 2)"))
    ax.grid(axis="x", alpha=0.3)
    return ax


def plot_promotion_trace(trace: TraceTable, ax: Any = None) -> Any:
    """A promotion trace (:func:`ratingkit.fesa.promotion_trace`): the tested rating of each
    game against LB, MP and UB of the grade tested for (its typed steps)."""
    ax = axes(ax)
    steps = [s for s in trace.steps if s.game is not None]
    games = [s.game for s in steps]
    ax.plot(games, [float(s.tested_rating) for s in steps], marker="o", label=_("tested rating"))
    bounds: tuple[tuple[str, str, Callable[[TraceStep], int | None]], ...] = (
        ("LB", ":", lambda s: s.lb),
        ("MP", "--", lambda s: s.mp),
        ("UB", "-.", lambda s: s.ub),
    )
    for key, style, bound in bounds:
        ax.step(games, [bound(s) for s in steps], where="mid", linestyle=style, label=key)
    for s in steps:
        if s.promoted_to:
            ax.annotate(
                literal(s.promoted_to),
                (s.game, float(s.tested_rating)),
                textcoords="offset points",
                xytext=(5, 8),
            )
    ax.set_xlabel(_("game of the event"))
    ax.set_ylabel(_("rating"))
    ax.set_title(_("Rule 10: each game against the next grade"))
    ax.grid(alpha=0.3)
    ax.legend()
    return ax
