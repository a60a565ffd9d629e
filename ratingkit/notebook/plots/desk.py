"""The officer's desk's plot: a player's rating from the old value to the new one, one bar a
step (each game's contribution, then what no single game gives: a bonus, the rounding)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.i18n import _, number
from ._axes import axes

#: Colours of a rise, a fall and the two end bars.
UP, DOWN, END = "#2e7d32", "#c62828", "#546e7a"


def plot_rating_waterfall(
    start: float,
    steps: Sequence[tuple[str, float]],
    end: float,
    ax: Any = None,
    title: str = "",
) -> Any:
    """A waterfall from ``start`` (the rating before) through ``steps`` ((label, change), each
    bar starting where the last ended) to ``end`` (the rating after).  The end bars are drawn
    from the lowest level reached minus a margin, so the steps are visible; every bar is
    labelled with its value below the axis (labels rotated, so they never overlap)."""
    ax = axes(ax, (max(6.0, 0.5 * (len(steps) + 2) + 2), 4.0))
    levels = [start]
    for _label, change in steps:
        levels.append(levels[-1] + change)
    low, high = min([*levels, end]), max([*levels, end])
    margin = max(5.0, (high - low) * 0.3)
    floor = low - margin
    labels = [_("before"), *(label for label, _change in steps), _("after")]
    ax.bar(0, start - floor, bottom=floor, color=END, width=0.6)
    for index, (_label, change) in enumerate(steps, start=1):
        base = levels[index - 1]
        ax.bar(
            index,
            abs(change),
            bottom=min(base, base + change),
            color=UP if change >= 0 else DOWN,
            width=0.6,
        )
    ax.bar(len(steps) + 1, end - floor, bottom=floor, color=END, width=0.6)
    for index, level in enumerate(levels):  # a dotted line from each bar's end to the next
        ax.plot([index + 0.3, index + 0.7], [level, level], "k:", lw=0.8)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_ylim(floor, high + margin * 0.5)
    ax.set_ylabel(_("rating"))
    ax.text(0, start, number(start, 2), ha="center", va="bottom", fontsize=8)
    ax.text(len(steps) + 1, end, number(end, 2), ha="center", va="bottom", fontsize=8)
    if title:
        ax.set_title(title, fontsize=10)
    ax.figure.tight_layout()
    return ax


__all__ = ["plot_rating_waterfall"]
