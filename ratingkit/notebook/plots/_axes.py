"""The one axes helper every plot uses: the caller's axes, or a new figure of the given size."""

from __future__ import annotations

from typing import Any


def axes(ax: Any = None, size: tuple[float, float] = (8, 4.5)) -> Any:
    """``ax`` if given, else the axes of a new figure of ``size`` inches."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=size)
    return ax
