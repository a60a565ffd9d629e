"""FIDE's Rating Regulations since 2014: the 2014 text (section 8), the 2022 text (FIDE
Handbook B.02 of 1 January 2022), the 2024 text and its October 2025 amendment, and the
vectorised rating period.

The package's skeleton: :mod:`~ratingkit.fide.formula` (K, Ru), :mod:`~ratingkit.fide.state`
(the player state and its one codec, :data:`FIDE_STATE`), :mod:`~ratingkit.fide.event` (one
event, in the steps the rules name), :mod:`~ratingkit.fide.publication` (7.1, 7.14, the rating
period), :mod:`~ratingkit.fide.checks`, :mod:`~ratingkit.fide.rulesets` (the rule sets and
their named instances), :mod:`~ratingkit.fide.outcome` (the typed details),
:mod:`~ratingkit.fide.views` (the reports), :mod:`~ratingkit.services.versions` (the texts side
by side) and :mod:`~ratingkit.fide.engine` (the numpy engine, imported on demand: it needs
numpy), with :func:`rate_period` its adapter for pandas frames.  ``rules2014``,
``rules2022`` and ``rules2024`` re-export each text's names.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RatingkitError
from ..core.i18n import tr
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


def rate_period(
    games: Any, players: Any, rules: str | Fide2014 = "fide-2014", **options: Any
) -> Any:
    """Rate one FIDE 2014 rating period from pandas frames with the numpy engine
    (:func:`ratingkit.fide.engine.frames.rate_frames`, which says what the frames hold):
    ``rules`` is ``"fide-2014"`` or the rule set ``FIDE_2014``; ``on=``, ``title=`` go to the
    engine.  Another rule set is refused, naming the way to rate it."""
    if isinstance(rules, str):
        if rules != FIDE_2014.name:
            raise _not_fide_2014(rules)
        rules = FIDE_2014
    elif type(rules) is not Fide2014:
        # Another system, or a later FIDE text (fide-2022, fide-2024 ...) that changes clauses
        # the engine does not know (the 400-point rule once per tournament, floors, initial
        # ratings).
        raise _not_fide_2014(getattr(rules, "name", type(rules).__name__))
    from .engine.frames import rate_frames

    return rate_frames(games, players, rules, **options)


def _not_fide_2014(name: str) -> RatingkitError:
    """The one refusal of :func:`rate_period` for a rule set other than fide-2014."""
    return RatingkitError(
        tr(
            "rate_period rates FIDE 2014 periods only (rules='fide-2014'), got {name!r}; rate "
            "it with get_rule_set({name!r}).rate_events(events, players)",
            name=name,
        )
    )
