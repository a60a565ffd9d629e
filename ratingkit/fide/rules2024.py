"""FIDE's current rating regulations: 1 March 2024, amended 1 October 2025 (FIDE Handbook B.02).

Rule sets ``fide-2024`` (in force 2024-03-01 to 2025-09-30) and ``fide-2025`` (from
2025-10-01).  They are the 2014 rule set (:mod:`ratingkit.fide.rules2014`) with the clauses that
changed; everything else (tables 8.1a/8.1b, the game-by-game change K * sum(score - PD), one
rounding per period, .5 away from zero) is the 2014 code itself.  What changed:

* **Floor 1400**: a rating that falls below 1400 is not published (the player is listed as
  unrated); an initial rating below 1400 is not published either.
* **Initial rating**: Ra = average of the rated opponents plus two hypothetical opponents
  rated 1800, with whom the player is taken to draw; p = (score + 1) / (n + 2); Ru = Ra + dp
  (table 8.1a), at most 2200.  The +20 per half point of 2014 8.23 and the round robin
  iteration of 8.21b/8.58 are gone: a round robin's unrated players are rated from their rated
  opponents as in a Swiss event (and the rated players' games against them are not rated,
  8.3.1).
* **K**: 40/20/10 as in 2014, juniors "until the end of the year of their 18th birthday";
  K * n <= 700 for the games n of one rating period (K is the largest whole number with
  K * n <= 700).
* **Cap** (``fide-2025`` only): the 400-point cap applies only to a player rated below 2650,
  decided by the rated player's own rating; from 2650 up the real difference is used.
* **8.3.1**: "for each game played against a rated player": a rated player's games against an
  unrated opponent are never rated, round robins included (2014's 8.52 exception is gone).
* **7.1.4**: a first rating needs at least 5 games against rated opponents, pooled over rating
  periods of at most 26 months (the results wait in ``pending_results``).
* **6.1, 6.2**: a match with an unrated player is not rated; in a match over ``match_games``
  games, the games after one player has won are not rated.
* **8.3.3** as FIDE applies it: K 10 once the published rating has reached 2400, even before
  30 games; K 20 for a junior whose rating once reached 2300 (``ever_2300``).
* **1.1-1.2** in ``check``: 120 minutes per player for 60 moves where one of the two players is
  rated 2400 or more, 90 where one is 1800 or more, 60 otherwise; a first time control that
  names a number of moves names at least 30 (FIDE Handbook B.02, effective 1 March 2024).
* **One-time adjustment** of 1 March 2024: :func:`adjust_march_2024`.

:func:`ratingkit.services.versions.rate_side_by_side` rates one event under several rule sets
and joins the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError
from ..core.i18n import N_, _, tr
from ..core.outcome import (
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Status,
    player_row,
    shown_as,
    shown_columns,
)
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import Report
from ..core.rounding import round_half_away_from_zero
from .formula import initial_rating_2024, limit_k
from .rulesets import DOCUMENT_2024, DOCUMENT_2025, FIDE_2024, FIDE_2025, Fide2024

# -- The one-time adjustment of 1 March 2024 -------------------------------------------------

ADJUSTMENT_DAY = date(2024, 3, 1)


def adjustment_2024(rating: int) -> Fraction:
    """The raise of 1 March 2024 for a rating of 1000-2000: 0.4 * (2000 - R) (exact)."""
    if not 1000 <= rating <= 2000:
        return Fraction(0)
    return Fraction(2, 5) * (2000 - rating)


def adjust_march_2024(ratings: PlayerFile | Sequence[int]) -> Report:
    """The one-time adjustment of 1 March 2024 over a list: every rating from 1000 to 2000 is
    raised by 0.4 * (2000 - R), rounded to the nearest integer (.5 never occurs: the raise is
    a multiple of 0.4).  Ratings outside 1000-2000 and unrated players are unchanged.  The
    report's new_state is the adjusted list; the input is not changed."""
    if isinstance(ratings, PlayerFile):
        records = list(ratings.records)
        source = ratings.source
    else:
        records = []
        for index, value in enumerate(ratings, 1):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidValueError(
                    tr(
                        "rating {index} of the list is not a whole number: {value!r}",
                        index=index,
                        value=value,
                    ),
                    None,
                    value,
                )
            records.append(PlayerRecord(id=str(index), rating=value))
        source = "list of ratings"
    players: list[PlayerOutcome[Adjustment]] = []
    new_records = []
    counts = {"in 1000-2000": 0, "outside 1000-2000": 0, "unrated": 0}
    for record in records:
        before = record.rating
        raise_: Fraction | None
        if before is None:
            status, raise_, after = N_("unrated: unchanged"), None, None
            counts["unrated"] += 1
        else:
            inside = 1000 <= before <= 2000
            raise_ = adjustment_2024(before) if inside else None
            after = before + round_half_away_from_zero(raise_ or 0)
            if inside:
                status = N_("in 1000-2000: R + 0.4 x (2000 - R)")
                counts["in 1000-2000"] += 1
            else:
                status = N_("outside 1000-2000: unchanged")
                counts["outside 1000-2000"] += 1
        players.append(
            PlayerOutcome(
                record.id or "",
                record.name or "",
                before,
                0,
                0,
                None,
                raise_,
                after,
                Status.RATED if before is not None else Status.NOT_RATED,
                Adjustment(
                    None if raise_ is None or before is None else 2000 - before, raise_, status
                ),
            )
        )
        new_records.append(replace(record, rating=after))
    notes = [
        _(
            "FIDE one-time adjustment of 1 March 2024: R + 0.4 x (2000 - R) for ratings from 1000 "
            "to 2000; the raise is rounded to the nearest integer (.5 away from zero; a multiple "
            "of 0.4 never ends in .5); 1000 becomes 1400, the new floor, and 2000 stays 2000"
        ),
        _(
            "ratings below 1000 (there were none on the list: the floor was 1000) and above 2000 "
            "are unchanged; unrated players stay unrated"
        ),
    ]
    outcome: Outcome[Adjustment, None, None] = Outcome(
        rules="fide-2024",
        title=tr(
            "one-time adjustment of {day} ({source})",
            day=ADJUSTMENT_DAY.isoformat(),
            source=source or _("list"),
        ),
        players=tuple(players),
        notes=tuple(Note(NoteKind.RULE, text) for text in notes),
        new_state=PlayerFile(tuple(new_records), f"{source or 'list'} adjusted 2024-03-01"),
    )
    # The view: a list adjustment has no games count or score (their cells stay empty).
    rows = [{**player_row(p), "games": None, "score": None} for p in outcome.players]
    return Report.build(
        title=outcome.title,
        rules=outcome.rules,
        rows=rows,
        extra_columns=shown_columns(Adjustment),
        summary=counts,
        notes=notes,
        formats={"change": "{:+.1f}", "0.4 x (2000 - R)": "{:.1f}"},
        new_state=outcome.new_state,
        outcome=outcome,
    )


@dataclass(frozen=True)
class Adjustment:
    """One rating's part of the adjustment of 1 March 2024."""

    #: 2000 - R for a rating of 1000-2000 (None outside).
    below_2000: int | None = shown_as(N_("2000 - R"), default=None)
    #: The raise 0.4 x (2000 - R), exact (None outside 1000-2000).
    raise_: Fraction | None = shown_as(N_("0.4 x (2000 - R)"), default=None)
    status_text: str = shown_as(N_("status"), _, default="")


__all__ = [
    "ADJUSTMENT_DAY",
    "DOCUMENT_2024",
    "DOCUMENT_2025",
    "FIDE_2024",
    "FIDE_2025",
    "Adjustment",
    "Fide2024",
    "adjust_march_2024",
    "adjustment_2024",
    "initial_rating_2024",
    "limit_k",
]
