"""Plots for FIDE's current regulations: the initial rating, 2014 against 2024."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.i18n import _, tr
from ...services.versions import initial_ratings
from ._axes import axes
from ._text import literal


def plot_initial_rating(
    opponents: Sequence[int], rules: Sequence[str] = ("fide-2014", "fide-2024"), ax: Any = None
) -> Any:
    """The published initial rating against the score (0 to n by half points) against the
    given rated opponents, one line per rule set (the numbers of
    :func:`ratingkit.services.versions.initial_ratings`, which
    :func:`~ratingkit.services.versions.initial_rating_table` shows); a score whose rating is not
    published (8.21, the 1400 floor) has no point."""
    ax = axes(ax)
    lines = initial_ratings(opponents, rules)
    points = [float(line[0].points) for line in lines]
    for index, (name, marker) in enumerate(zip(rules, "os^D", strict=False)):
        values = [line[index].published for line in lines]
        ax.plot(
            [x for x, v in zip(points, values, strict=True) if v is not None],
            [v for v in values if v is not None],
            marker=marker,
            label=literal(name),
        )
    average = sum(opponents) / len(opponents)
    ax.axhline(
        average,
        color="grey",
        linestyle=":",
        label=tr("average opponent {rating}", rating=f"{average:.0f}"),
    )
    ax.set_xlabel(tr("points out of {games}", games=len(opponents)))
    ax.set_ylabel(_("initial rating published"))
    ax.set_title(literal(_("initial rating of an unrated player: ") + _(" vs ").join(rules)))
    ax.legend()
    return ax
