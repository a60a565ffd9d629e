"""The LNMO school shogi club rating system (26.08.2010 - 05.09.2011, D.K.).

Rule numbers in comments cite the LNMO document:

* 1  grade <-> rating: 7 kyu 1100, 8 kyu 1000, ... 18 kyu 0 (100 points a kyu);
* 1a promotion on reaching the rating of a grade, or by winning a qualification game against
  a club instructor at the handicap of the target grade; 1b the waits between qualification
  games (3 days after a lost one, the next day after a won one);
* 2  the change per game from the grade difference D; 2a sennichite and jishogi change nothing;
  2b the event bonus: a total gain above 20 + 3 * rounds is doubled;
* 3, 3a initial ratings from table 1 by grade, first rated event 19 Aug 2010; 3b ratings are
  issued from 17 kyu;
* 4  a game is rated only when both players agreed beforehand; 4a handicap games are rated
  only in handicap events and as qualification games;
* 5, 5a illegal moves (kinte): the first loses for a player above 10 kyu, the second for
  10-14 kyu, the third below 14 kyu; a take-back at the opponent's demand may count as one;
* 6  a FESA grade replaces the LNMO grade and rating.

A season is rated in date order: each event (the games sharing an ``event`` name) is one unit,
rated with the grades its players held when it began; each qualification game is a unit of its
own.  :func:`LnmoRules.rate_events` threads the state (grade, rating, last qualification game)
from one file to the next and returns it as ``new_state``.

The package: :mod:`.formula` (table 1, rule 2's table and D, 2b, 5, the handicaps of 1a),
:mod:`.state` (the player state and its one codec), :mod:`.event` (rating a season, step by
step), :mod:`.outcome` (the typed detail), :mod:`.views` (the report and the rules' tables),
:mod:`.checks` (``check``), :mod:`.rulesets` (:class:`LnmoRules` and :data:`LNMO`).
"""

from __future__ import annotations

from .checks import check_table, findings
from .event import KINDS, LnmoOutcome, Terms, game_terms, rate_season
from .formula import (
    GRADE_RATING,
    LNMO_KYU,
    LOWEST_RATED_KYU,
    NO_GAME,
    QUALIFICATION,
    STRONGER_WINS,
    STRONGER_WINS_BEYOND,
    WAIT_AFTER_LOSS,
    WAIT_AFTER_WIN,
    WEAKER_WINS,
    WEAKER_WINS_BEYOND,
    Grade,
    bonus_threshold,
    change_for,
    grade_difference,
    grade_for_rating,
    handicap_grade,
    kinte_limit,
    kyu,
    parse_grade,
    winner_is_stronger,
)
from .outcome import (
    BonusDoubled,
    Case,
    EventBonus,
    Kind,
    KinteLoss,
    LnmoGame,
    LnmoPlayer,
    LnmoSeason,
    Promotion,
    PromotionPath,
    PromotionWay,
    Qualification,
    RatingRaised,
    Result,
    Unit,
    UnitKind,
    UnratedGames,
)
from .rulesets import LNMO, LnmoRules
from .state import CODEC, LnmoStateCodec, LnmoStateError, State
from .views import GAME_COLUMNS, bonus_thresholds, change_table, qualification_ladder, report_of

__all__ = [
    "CODEC",
    "GAME_COLUMNS",
    "GRADE_RATING",
    "KINDS",
    "LNMO",
    "LNMO_KYU",
    "LOWEST_RATED_KYU",
    "NO_GAME",
    "QUALIFICATION",
    "STRONGER_WINS",
    "STRONGER_WINS_BEYOND",
    "WAIT_AFTER_LOSS",
    "WAIT_AFTER_WIN",
    "WEAKER_WINS",
    "WEAKER_WINS_BEYOND",
    "BonusDoubled",
    "Case",
    "EventBonus",
    "Grade",
    "Kind",
    "KinteLoss",
    "LnmoGame",
    "LnmoOutcome",
    "LnmoPlayer",
    "LnmoRules",
    "LnmoSeason",
    "LnmoStateCodec",
    "LnmoStateError",
    "Promotion",
    "PromotionPath",
    "PromotionWay",
    "Qualification",
    "RatingRaised",
    "Result",
    "State",
    "Terms",
    "Unit",
    "UnitKind",
    "UnratedGames",
    "bonus_threshold",
    "bonus_thresholds",
    "change_for",
    "change_table",
    "check_table",
    "findings",
    "game_terms",
    "grade_difference",
    "grade_for_rating",
    "handicap_grade",
    "kinte_limit",
    "kyu",
    "parse_grade",
    "qualification_ladder",
    "rate_season",
    "report_of",
    "winner_is_stronger",
]
