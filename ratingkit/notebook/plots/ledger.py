"""Plots of a ledger's published lists."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.i18n import _, tr
from ...services.ledger import Ledger
from ._axes import axes
from ._text import literal


def plot_rating_history(ledger: Ledger, players: Iterable[str], ax: Any = None) -> Any:
    """Each chosen player's published rating, period by period (a gap where he was not on
    the ledger yet)."""
    ax = axes(ax)
    history = ledger.rating_history(players)
    periods = sorted({p for series in history.values() for p, _rating in series})
    for name, series in history.items():
        ratings = dict(series)
        ax.plot(periods, [ratings.get(p) for p in periods], marker="o", label=literal(name))
    ax.set_xlabel(_("rating period"))
    ax.set_ylabel(_("published rating"))
    ax.set_title(literal(tr("Rating history ({rules})", rules=ledger.rules.name)))
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    return ax
