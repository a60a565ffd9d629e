"""Plots of the LNMO club system: the change table of rule 2 and the bonus
threshold of rule 2b."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...lnmo.formula import LNMO_KYU, bonus_threshold, change_for
from ._axes import axes


def plot_change_heatmap(ax: Any = None, kyus: Sequence[int] = tuple(LNMO_KYU)) -> Any:
    """Rule 2 over both grades: the points the winner gains (the loser loses as many), with
    the winner's grade down the side and the loser's across the top."""
    ax = axes(ax, size=(8, 6.5))
    grades = list(kyus)
    values = [[change_for(abs(w - lo), stronger_won=w <= lo) for lo in grades] for w in grades]
    image = ax.imshow(values, cmap="viridis", vmin=0, vmax=32)
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            ax.text(
                j,
                i,
                str(value),
                ha="center",
                va="center",
                fontsize=7,
                color="white" if value < 18 else "black",
            )
    labels = [f"{k}" for k in grades]
    ax.set_xticks(range(len(grades)), labels)
    ax.set_yticks(range(len(grades)), labels)
    ax.set_xlabel("loser's grade (kyu)")
    ax.set_ylabel("winner's grade (kyu)")
    ax.set_title("LNMO rule 2: rating points won (and lost) by grade difference")
    ax.figure.colorbar(image, ax=ax, shrink=0.8, label="points")
    return ax


def plot_bonus_threshold(ax: Any = None, rounds: Sequence[int] = range(1, 10)) -> Any:
    """Rule 2b: the event gain above which it is doubled, for each number of rounds."""
    ax = axes(ax, size=(7, 4))
    lengths = list(rounds)
    thresholds = [bonus_threshold(n) for n in lengths]
    bars = ax.bar(lengths, thresholds, color="tab:blue")
    ax.bar_label(bars, labels=[str(t) for t in thresholds])
    ax.set_xticks(lengths)
    ax.set_xlabel("rounds in the event")
    ax.set_ylabel("20 + 3 * rounds")
    ax.set_title("LNMO rule 2b: a total gain above this is doubled")
    return ax
