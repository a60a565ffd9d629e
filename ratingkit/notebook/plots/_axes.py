"""The one axes helper every plot uses: the caller's axes, or a new figure of the given size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def axes(ax: Any = None, size: tuple[float, float] = (8, 4.5)) -> Any:
    """``ax`` if given, else the axes of a new figure of ``size`` inches."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=size)
    return ax


#: Where a point's label may go, in points from the point: right-up first, then around it.
_OFFSETS = ((5, 5), (5, -11), (-5, 5), (-5, -11), (8, -3), (-8, -3), (0, 9), (0, -15))


def label_points(
    ax: Any,
    points: list[tuple[float, float, str]],
    fontsize: int = 8,
    others: Sequence[tuple[float, float]] = (),
) -> None:
    """Label each (x, y, text) point where its label overlaps neither an earlier label nor a
    marker (of ``points`` and of ``others``, the axes' other points): the first free place of
    :data:`_OFFSETS`, else the first."""
    ax.autoscale_view()
    to_pixels = ax.transData.transform
    dpi = ax.figure.dpi / 72
    taken: list[tuple[float, float, float, float]] = []
    own = [to_pixels((x, y)) for x, y, _ in points]
    markers = own + [to_pixels(point) for point in others]
    for (x, y, text), (px, py) in zip(points, own, strict=True):
        width = 0.6 * fontsize * len(text) * dpi
        height = fontsize * dpi
        chosen = _OFFSETS[0]
        for dx, dy in _OFFSETS:
            left = px + dx * dpi - (width if dx < 0 else 0)
            box = (left, py + dy * dpi, left + width, py + dy * dpi + height)
            clash = any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken
            ) or any(
                box[0] - 4 < mx < box[2] + 4 and box[1] - 4 < my < box[3] + 4 for mx, my in markers
            )
            if not clash:
                chosen = (dx, dy)
                taken.append(box)
                break
        ax.annotate(
            text,
            (x, y),
            textcoords="offset points",
            xytext=chosen,
            fontsize=fontsize,
            ha="right" if chosen[0] < 0 else "left",
        )
