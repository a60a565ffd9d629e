"""The FESA shogi ELO rating system (A. Olufsen 2010-11, Russian translation of 2011).

Rule sets:

* ``fesa``: the current rules.  Formula (1) with k(tr), the upset rule (A), the bonus of
  rule 9, the categories of rule 3; within an event each player's games in round order with a
  running unrounded rating, opponents at their post-event rating (never below 400), iterated
  to a fixed point as FESA's program iterates: unrated players start at 0, and each pass
  updates the players in place (a later player sees the new rating of an earlier one), in
  the order of their numbers in the file (a table's ``Nr``; ids compared as numbers where
  they are, ``p2`` before ``p10``), so that the order of the file's rows changes nothing; an
  iteration that cycles is stopped and reported, with the players whose
  ratings alternate.  Only the event total is rounded (halves to even, as FESA's program
  does).  Unrated players get the exact performance rating of rules 5-7, a root at an exact
  half decided in exact arithmetic.  Grades and promotions of rules 2 and 10 with FESA's
  look-ahead; handicaps of rule 12.
* ``fesa-2011``: before 2012 every game's change was rounded.
* ``fesa-program``: FESA's program where it departs from the rules, each departure noted in
  the report: the players updated in start-number order (a table's ``Nr``, else the order of
  the file's rows); performance ratings by single-precision Newton iteration from the first listed
  opponent (it lands a point off the exact root now and then); promotions tested by game
  count alone, so a player still unrated is promoted (rule 10 gives unrated players no
  grade), every game of his career tested again at his new performance rating; the
  look-ahead also for a rated player listed without a game; a newcomer without a played game
  gets 1, or the MP of his prior grade.  Neither its endless loop on a cycling iteration nor
  its failure at 8 dan is copied.  Under every variant a prior grade (rule 7) is not a grade
  held: a newcomer is promoted from no grade upward.
* ``fesa-nsr``: the amateur NSR practice (translator's note 6): jishogi is decided by the
  27-point count and rated as the recorded result; sennichite replays stay draws (4a).

**Player state** (the player file, ``--players``; ``new_state`` of every report).  Besides the
common columns ``rating``, ``games`` (the rule 3 game count, fictitious games of rule 7
included), ``grade`` and ``prior_grade``, FESA keeps these extra columns:

============ =================================================================================
bonus_games  rated games counted for the bonus of rule 9 (0 while unrated, capped at 100);
             where absent, ``games`` stands in (rule 9; the counter of FESA's program)
lb_run       promotion counter of rule 10 (c): consecutive games at or above LB of the next
             grade
mp_run       promotion counter of rule 10 (b): consecutive games at or above its MP
lb_run_mp    yes/no: the current LB run holds a game at or above MP (needed by path c)
results      the previous results of a player still unrated (rules 5-6): space-separated
             ``<opponent rating><result>`` tokens, result ``+`` ``=`` ``-``, e.g.
             ``1580+ 1620= 1400-``; a handicap game adds ``r<grades>`` (received) or
             ``g<grades>`` (given), e.g. ``1862-r2.1``.  Opponent ratings are stored as they
             were after that event, below zero too (``-4+``); the 400 floor applies when
             they are used.
last_event   date of the player's last official event (YYYY-MM-DD), for the two-year list of
             the translator's note 1 (``check`` only)
============ =================================================================================

**Layout.**  :mod:`.formula` (formula (1) and its expectation written once, k(tr), rule (A),
rule 9, the performance ratings of rules 5-7), :mod:`.state` (the player state and its one
codec), :mod:`.promotion` (rule 10), :mod:`.event` (one event in the steps the rules name),
:mod:`.checks` (``check``), :mod:`.rulesets` (:class:`FesaRules` and its instances),
:mod:`.outcome` (the typed results), :mod:`.views` (the reports built from them),
:mod:`.fast` (the float path, the indexed player file and the identity-keyed state cache of
``rate_events`` and ``replay``), :mod:`.published` (re-rating a published table).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.model import Event
from ..core.players import PlayerFile
from ..core.report import Report
from ..core.shogi import display_grade
from .event import held_grade
from .formula import (
    BONUS_CEILING,
    BONUS_GAMES,
    HALF_DIGITS,
    LOOKAHEAD_GAMES,
    PROVISIONAL_GAMES,
    QUICK_SLACK,
    RATING_FLOOR,
    UNRATED_GAMES,
    Performance,
    Result,
    bonus,
    exact_performance,
    expected,
    expected_score,
    formula_change,
    k_factor,
    newton32_performance,
    performance_rating,
    performance_sum,
    rounded_at_half,
    sum_at_half,
    upset_change,
    upset_crossing,
)
from .outcome import (
    Category,
    FesaEvent,
    FesaGame,
    FesaPlayer,
    FesaReplay,
    IterationPass,
    Promotion,
    PromotionPath,
    Unsettled,
)
from .promotion import (
    TRACE_COLUMNS,
    PromotionFound,
    established_step,
    promotion_trace,
    provisional_step,
)
from .published import PUBLISHED_TABLE_GAMES, published_comparison, state_from_published_table
from .rulesets import FESA, FESA_2011, FESA_NSR, FESA_PROGRAM, FesaRules
from .state import (
    CODEC,
    FesaState,
    FesaStateCodec,
    FesaStateError,
    PromotionCounters,
    parse_results,
    state_of,
)
from .steps import RatedGame, start_number_order
from .views import REPLAY_COLUMNS, bonus_table, upset_thresholds


def replay_events(
    rules: FesaRules, events: Sequence[Event], players: PlayerFile | None = None
) -> Report:
    """:meth:`FesaRules.replay` (the typed outcome is :func:`ratingkit.fesa.fast.replay_events`)."""
    return rules.replay(events, players)


__all__ = [
    "BONUS_CEILING",
    "BONUS_GAMES",
    "CODEC",
    "FESA",
    "FESA_2011",
    "FESA_NSR",
    "FESA_PROGRAM",
    "HALF_DIGITS",
    "LOOKAHEAD_GAMES",
    "PROVISIONAL_GAMES",
    "PUBLISHED_TABLE_GAMES",
    "QUICK_SLACK",
    "RATING_FLOOR",
    "REPLAY_COLUMNS",
    "TRACE_COLUMNS",
    "UNRATED_GAMES",
    "Category",
    "FesaEvent",
    "FesaGame",
    "FesaPlayer",
    "FesaReplay",
    "FesaRules",
    "FesaState",
    "FesaStateCodec",
    "FesaStateError",
    "IterationPass",
    "Performance",
    "Promotion",
    "PromotionCounters",
    "PromotionFound",
    "PromotionPath",
    "RatedGame",
    "Result",
    "Unsettled",
    "bonus",
    "bonus_table",
    "display_grade",
    "established_step",
    "exact_performance",
    "expected",
    "expected_score",
    "formula_change",
    "held_grade",
    "k_factor",
    "newton32_performance",
    "parse_results",
    "performance_rating",
    "performance_sum",
    "promotion_trace",
    "provisional_step",
    "published_comparison",
    "replay_events",
    "rounded_at_half",
    "start_number_order",
    "state_from_published_table",
    "state_of",
    "sum_at_half",
    "upset_change",
    "upset_crossing",
    "upset_thresholds",
]
