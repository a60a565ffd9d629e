"""Plots of the LNMO club system: the change table of rule 2, the bonus threshold of rule 2b,
and a season's gains and bonuses (read from the typed outcome)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.i18n import _
from ...core.outcome import Outcome
from ...lnmo.formula import LNMO_KYU, bonus_threshold, change_for
from ...lnmo.outcome import LnmoGame, LnmoPlayer, LnmoSeason
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
    ax.set_xlabel(_("loser's grade (kyu)"))
    ax.set_ylabel(_("winner's grade (kyu)"))
    ax.set_title(_("LNMO rule 2: rating points won (and lost) by grade difference"))
    ax.figure.colorbar(image, ax=ax, shrink=0.8, label=_("points"))
    return ax


def plot_bonus_threshold(ax: Any = None, rounds: Sequence[int] = range(1, 10)) -> Any:
    """Rule 2b: the event gain above which it is doubled, for each number of rounds."""
    ax = axes(ax, size=(7, 4))
    lengths = list(rounds)
    thresholds = [bonus_threshold(n) for n in lengths]
    bars = ax.bar(lengths, thresholds, color="tab:blue")
    ax.bar_label(bars, labels=[str(t) for t in thresholds])
    ax.set_xticks(lengths)
    ax.set_xlabel(_("rounds in the event"))
    ax.set_ylabel(_("20 + 3 * rounds"))
    ax.set_title(_("LNMO rule 2b: a total gain above this is doubled"))
    return ax


def plot_event_gains(outcome: Outcome[LnmoPlayer, LnmoGame], ax: Any = None) -> Any:
    """Each player's gain in each event (rule 2) and the bonus rule 2b added, stacked, with the
    event's threshold (20 + 3 * rounds) marked; read from ``report.outcome``."""
    season = outcome.detail
    if not isinstance(season, LnmoSeason):
        raise TypeError("plot_event_gains needs an LNMO outcome (report.outcome of lnmo)")
    ax = axes(ax, size=(9, 4.5))
    bonuses = season.bonuses
    labels = [f"{b.player}\n{b.event}" for b in bonuses]
    positions = range(len(bonuses))
    gains = [b.gain for b in bonuses]
    ax.bar(positions, gains, color="tab:blue", label=_("gain (rule 2)"))
    ax.bar(positions, [b.bonus for b in bonuses], bottom=gains, color="tab:orange",
           label=_("bonus (rule 2b)"))  # fmt: skip
    ax.scatter(positions, [b.threshold for b in bonuses], marker="_", s=300, color="black",
               label=_("20 + 3 * rounds"), zorder=3)  # fmt: skip
    ax.set_xticks(positions, labels, fontsize=7)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_ylabel(_("rating points"))
    ax.set_title(_("LNMO: each player's gain per event and the bonus of rule 2b"))
    ax.legend()
    return ax
