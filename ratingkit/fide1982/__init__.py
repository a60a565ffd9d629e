"""FIDE Rating Rules 1982-2000 (Turkish translation).

The old FIDE system rates an event by the **average method** of rule 10.6, not game by game:
the player's opponents are averaged (Rc, each opponent counted within 350 points of the
player's own rating), D = R - Rc gives PD from table 10.1b, We = PD * n, and the change is
DR = K * (W - We).  Unrated players get a performance Ru (10.2): from the tournament average
Ra of a round robin (10.21), plus 12.5 per half point above 50% (10.23) or dp below (10.24,
10.25).  In a round robin the rated players' Rc comes from the same Ra: Rc = (Ra(n+1) - R)/n
(10.61), and a second pass corrects both Rc and Ru for the 350-point rule, as the worked
example 10.68 shows.  Intermediate values are rounded to integers as the example prints them.

Two named rule sets differ in one point only (see :class:`Fide1982`):

* ``fide-1982``: as the worked example 10.68 computes (Ru below 50% in a round robin is
  Rc + dp, the example's H and I);
* ``fide-1982-literal``: rule 10.25 as written (Ru = Rc + dp * n/(n+1)).

Also here: the event check (validity rules 1.x-6.x, :meth:`Fide1982.check`; under 2.1, the
FIDE Laws of Chess, a game of shogi data with a handicap or a shogi result such as sennichite
is not rated), the rating of new players Rn (10.3-10.32), the Olympiad rule 10.4, the list
rules 9.x (quarterly lists, 9 games pooled over up to 8 periods, removal below 2001,
inactivity) and the 14.3 convergence simulation.  The tables 10.1a and 10.1b are those of
:mod:`ratingkit.core.tables` (the 1982 text prints the same numbers; tests/test_fide1982.py checks
it against the printed text).

The package: :mod:`.formula` (Ru, the 350-point rule, K, Rn, 10.4, the lists, 14.3),
:mod:`.state` (a player's state and its one codec), :mod:`.checks` (the validity rules),
:mod:`.event` (rating an event and a period, step by step), :mod:`.outcome` (the typed
results), :mod:`.views` (the reports built from them), :mod:`.rulesets` (the parameters and
the two named rule sets) and :mod:`.workbook` (the tables the notebook displays).
"""

from __future__ import annotations

from .checks import RULE_TEXTS, Assessment, assess, game_label, minimum_minutes
from .event import (
    BergerResult,
    Computed,
    berger,
    rate_event,
    rate_period,
    score_event,
    swiss,
    with_points,
    with_rating,
)
from .formula import (
    KChoice,
    NewRating,
    activity,
    choose_k,
    clamp_to,
    convergence_games,
    is_inactive,
    k_factor,
    leaves_list,
    list_for_event,
    list_period,
    new_player_rating,
    olympiad_rating,
    performance,
    pool_new_player_results,
    round_int,
    unrated_performance,
)
from .outcome import (
    Clamp,
    Fide1982Event,
    Fide1982Game,
    Fide1982Outcome,
    Fide1982PeriodOutcome,
    Fide1982PeriodPlayer,
    Fide1982Player,
    Method,
    NewPlayer,
)
from .rulesets import DOCUMENT, FIDE_1982, FIDE_1982_LITERAL, Fide1982
from .state import STATE_CODEC, Fide1982Codec, Fide1982State
from .views import CLAMP_COLUMNS, FORMATS, GAME_COLUMNS, PLAYER_COLUMNS
from .workbook import (
    columns,
    convergence_table,
    replacement_effect,
    summary_table,
    variant_table,
)

__all__ = [
    "CLAMP_COLUMNS",
    "DOCUMENT",
    "FIDE_1982",
    "FIDE_1982_LITERAL",
    "FORMATS",
    "GAME_COLUMNS",
    "PLAYER_COLUMNS",
    "RULE_TEXTS",
    "STATE_CODEC",
    "Assessment",
    "BergerResult",
    "Clamp",
    "Computed",
    "Fide1982",
    "Fide1982Codec",
    "Fide1982Event",
    "Fide1982Game",
    "Fide1982Outcome",
    "Fide1982PeriodOutcome",
    "Fide1982PeriodPlayer",
    "Fide1982Player",
    "Fide1982State",
    "KChoice",
    "Method",
    "NewPlayer",
    "NewRating",
    "activity",
    "assess",
    "berger",
    "choose_k",
    "clamp_to",
    "columns",
    "convergence_games",
    "convergence_table",
    "game_label",
    "is_inactive",
    "k_factor",
    "leaves_list",
    "list_for_event",
    "list_period",
    "minimum_minutes",
    "new_player_rating",
    "olympiad_rating",
    "performance",
    "pool_new_player_results",
    "rate_event",
    "rate_period",
    "replacement_effect",
    "round_int",
    "score_event",
    "summary_table",
    "swiss",
    "unrated_performance",
    "variant_table",
    "with_points",
    "with_rating",
]
