"""Comparison plots: each rule set's change against score minus expectation."""

from __future__ import annotations

from typing import Any

from ...core.i18n import _, tr
from ...services.compare import Comparison, surprise
from ._axes import axes, label_points
from ._text import literal

MARKERS = "osD^v<>ph*"


def change_points(comparison: Comparison, rules: str) -> list[tuple[float, float, str]]:
    """(score - expected, change, id) of every player the rule set gives both numbers for
    (LNMO reports no expectation: it rates by the grade table)."""
    points = []
    for player in comparison.outcome(rules).players:
        diff = surprise(player)
        if diff is None or player.change is None:
            continue
        points.append((float(diff), float(player.change), player.id))
    return points


def plot_change_vs_surprise(
    comparison: Comparison, ax: Any = None, label_players: bool = True
) -> Any:
    """One marker per player and rule set: x = score - expected score, y = the unrounded
    change.  A rule set with a single K lies on a line through 0 of slope K; bonuses lift
    points above it, caps and upset rules bend it.  Rule sets without an expectation are
    named in the legend."""
    ax = axes(ax, size=(8, 5))
    labelled: list[tuple[float, float, str]] = []
    drawn: list[tuple[float, float]] = []
    for index, rules in enumerate(comparison.reports):
        points = change_points(comparison, rules)
        if not points:
            ax.plot(
                [],
                [],
                " ",
                label=literal(tr("{rules}: no expected score (not drawn)", rules=rules)),
            )
            continue
        xs, ys, _ids = zip(*points, strict=True)
        drawn += [(x, y) for x, y, _ in points]
        ax.scatter(xs, ys, marker=MARKERS[index % len(MARKERS)], label=literal(rules), alpha=0.8)
        if label_players and not labelled:
            labelled = [(x, y, literal(pid)) for x, y, pid in points]
    ax.legend(fontsize=8)
    if labelled:
        label_points(ax, labelled, others=drawn)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel(_("score - expected score"))
    ax.set_ylabel(_("rating change (unrounded)"))
    ax.set_title(
        literal(tr("{event}: change against surprise, per rule set", event=comparison.event.name))
    )
    return ax
