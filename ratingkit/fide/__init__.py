"""FIDE's Rating Regulations since 2014: the 2014 text (section 8), the 2022 text (FIDE
Handbook B.02 of 1 January 2022), the 2024 text and its October 2025 amendment, and the
vectorised rating period.

The package's skeleton: :mod:`~ratingkit.fide.formula` (K, Ru), :mod:`~ratingkit.fide.state`
(the player state and its one codec, :data:`FIDE_STATE`), :mod:`~ratingkit.fide.event` (one
event, in the steps the rules name), :mod:`~ratingkit.fide.publication` (7.1, 7.14, the rating
period), :mod:`~ratingkit.fide.checks`, :mod:`~ratingkit.fide.rulesets` (the rule sets and
their named instances), :mod:`~ratingkit.fide.outcome` (the typed details),
:mod:`~ratingkit.fide.views` (the reports), :mod:`~ratingkit.services.versions` (the texts side
by side) and :mod:`~ratingkit.fide.vectorised_period` (the fast path, imported on demand:
it needs numpy).  ``rules2014``, ``rules2022`` and ``rules2024`` re-export each text's names.
"""

from __future__ import annotations

from typing import Any

from .formula import KChoice, k_factor, limit_k
from .outcome import FideEvent, FideGame, FidePeriod, FidePlayer, VectorisedPeriod
from .rulesets import (
    FIDE_2014,
    FIDE_2022,
    FIDE_2024,
    FIDE_2025,
    GAP_2017,
    Fide2014,
    Fide2022,
    Fide2024,
)
from .state import FIDE_STATE, FideState, PlayerState
from .views import calculation_table, games_table

__all__ = [
    "FIDE_2014",
    "FIDE_2022",
    "FIDE_2024",
    "FIDE_2025",
    "FIDE_STATE",
    "GAP_2017",
    "Fide2014",
    "Fide2022",
    "Fide2024",
    "FideEvent",
    "FideGame",
    "FidePeriod",
    "FidePlayer",
    "FideState",
    "KChoice",
    "PlayerState",
    "VectorisedPeriod",
    "calculation_table",
    "games_table",
    "k_factor",
    "limit_k",
    "rate_period",
]


def __getattr__(name: str) -> Any:
    """``rate_period`` (the vectorised period) is imported on first use: it needs numpy."""
    if name == "rate_period":
        from .vectorised_period import rate_period

        return rate_period
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
