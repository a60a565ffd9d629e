"""FIDE Rating Regulations effective 1 July 2014, section 8 (Russian translation).

The home of the rule set ``fide-2014`` (:class:`Fide2014`, :data:`FIDE_2014`); its code is in
:mod:`ratingkit.fide.rulesets`, :mod:`ratingkit.fide.event`, :mod:`ratingkit.fide.publication`,
:mod:`ratingkit.fide.formula`, :mod:`ratingkit.fide.state` and :mod:`ratingkit.fide.views`.

Rule set ``fide-2014``.  Every number comes from the printed tables 8.1a (p -> dp) and 8.1b
(D -> PD) through :mod:`ratingkit.core.expected`; sums are exact fractions and only the final
change is rounded (8.57: .5 away from zero).

* Rated players (8.5): per played game (TRF ``1 = 0`` only; no shogi handicap or special
  result: such games are listed as not chess games) D = own rating - opponent's
  rating, |D| > 400 counts as 400 (8.54), PD from table 8.1b, dR = score - PD; the change is
  K * sum(dR) (8.55) with K from the player's state (8.56).  Games against an unrated
  opponent count only in round robins, with the opponent's rating computed at the end of the
  event (8.52, 8.58); elsewhere they are not rated.
* Unrated players (8.2): Rc is the average of the rated opponents (Swiss, team) or the
  tournament average Ra = Rar - dpa * n/(n+1) (round robin, 8.21b); then 8.22-8.25.  An
  unrated player who scores zero in his first event is not counted (8.21).  A player whose
  first rating is published during the event (player file column ``first_rated``) is rated
  with it, but counts as unrated for his opponents (8.4).  Earlier temporary ratings are
  ignored (8.53): the event file decides who is rated.
* 8.58 iteration (section 8 of the 2014 regulations does not spell it out; decision recorded
  in the report): pass 1 is 8.21b exactly (Rar and dpa over the rated players); each further
  pass averages over all players, the unrated ones with the Ru of the pass before, and
  recomputes Ra and every Ru, until the rounded Ru repeat.  The rated players then use the
  rounded Ru "as if it were an established rating".
* Rating periods (:meth:`Fide2014.rate_events`): K * sum(dR) per event, one rounding for the
  period; an unrated player's first rating over all his games as one event (8.3).  The total
  goes onto the previous list (7.1 of the 2014 regulations: the list "incorporates the rated
  play during the rating period into the previous list"): each event is rated with the rating
  (and K) it was played under, and the new rating is the player file's ``rating`` (the previous
  list) + the rounded total; without one, the rating in the event that began last.
* First ratings (7.14 of the 2014 regulations, not in section 8 of the 2014 regulations):
  published only from ``first_rating_min_games`` (5) games against rated opponents on, results
  pooled over at most ``first_rating_pool_months`` (26) months.  Below it ``rating_after`` is
  empty (status ``not published: N of 5 games``) and the new state keeps the results in the
  player file column ``pending_results`` (:func:`parse_pending`), which a later run pools (8.3).
* Extension points for later texts (fields of :class:`Fide2014`, set by ``fide-2024``):
  ``rate_unrated_in_round_robins`` (2024 8.3.1), ``unrated_match_not_rated`` and
  ``decided_match_games_not_rated`` (2024 6.1, 6.2), ``k_10_before_30_games`` and
  ``k_junior_ends_once_2300`` (2024 8.3.3, ``ever_2300``), ``minimum_minutes`` and
  ``minimum_first_control_moves`` (2024 1.1-1.2, in :meth:`Fide2014.check`).
"""

from __future__ import annotations

from .event import reference_date
from .formula import KChoice, age_on, k_factor, limit_k, ru_from
from .rulesets import FIDE_2014, Fide2014
from .state import (
    FIDE_STATE,
    PENDING_COLUMN,
    Pending,
    PlayerState,
    find_record,
    format_pending,
    parse_pending,
    state_record,
)
from .views import (
    CALCULATION_COLUMNS,
    FIDE_COLUMNS,
    FORMATS,
    GAME_COLUMNS,
    GAME_DETAIL_COLUMNS,
    PLAYER_COLUMNS,
    calculation_table,
    games_table,
)

__all__ = [
    "CALCULATION_COLUMNS",
    "FIDE_2014",
    "FIDE_COLUMNS",
    "FIDE_STATE",
    "FORMATS",
    "GAME_COLUMNS",
    "GAME_DETAIL_COLUMNS",
    "PENDING_COLUMN",
    "PLAYER_COLUMNS",
    "Fide2014",
    "KChoice",
    "Pending",
    "PlayerState",
    "age_on",
    "calculation_table",
    "find_record",
    "format_pending",
    "games_table",
    "k_factor",
    "limit_k",
    "parse_pending",
    "reference_date",
    "ru_from",
    "state_record",
]
