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

:func:`rate_side_by_side` rates one event under several rule sets and joins the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError, RatingkitError, UnknownPlayerError
from ..core.expected import table_dp
from ..core.model import Event
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import Report, Table
from ..core.rounding import round_half_away_from_zero
from ..core.ruleset import families, family_gaps, get_rule_set
from .rules2014 import Fide2014 as _Fide2014
from .rules2014 import limit_k

DOCUMENT_2024 = (
    "FIDE Rating Regulations effective 1 March 2024 (FIDE Handbook B.02: 7.2.1 floor 1400, "
    "8.2 initial rating with two hypothetical 1800 opponents, 8.3.3 K * n <= 700)"
)
DOCUMENT_2025 = (
    "FIDE Rating Regulations effective 1 March 2024, amended with effect from 1 October 2025 "
    "(FIDE Handbook B.02, 8.3.1: the 400-point cap only below 2650)"
)


# -- The clauses that changed ----------------------------------------------------------------


def initial_rating_2024(
    pairs: Sequence[tuple[Fraction, Fraction]],
    hypothetical: Sequence[int] = (1800, 1800),
    maximum: int | None = 2200,
) -> tuple[Fraction, Fraction, str]:
    """Ra, exact Ru and the rule text for an unrated player from his (rated opponent's rating,
    score) pairs: two hypothetical opponents rated 1800 are added as draws, p = (score + 1) /
    (n + 2), Ru = Ra + dp(p) (table 8.1a, p rounded to hundredths), at most ``maximum``."""
    if not pairs:
        raise RatingkitError("an initial rating needs at least one game against a rated player")
    ratings = [Fraction(r) for r, _ in pairs] + [Fraction(h) for h in hypothetical]
    points = sum((Fraction(s) for _, s in pairs), Fraction(0)) + Fraction(len(hypothetical), 2)
    games = len(ratings)
    ra = sum(ratings) / games
    dp = table_dp(points / games)
    value = ra + dp
    rule = (
        f"2024: Ra over {len(pairs)} rated + {len(hypothetical)} hypothetical "
        f"{'/'.join(str(h) for h in hypothetical)} opponents (draws), "
        f"p = {float(points):g}/{games}, Ru = Ra + dp ({dp:+d})"
    )
    if maximum is not None and value > maximum:
        return ra, Fraction(maximum), rule + f", above {maximum}: {maximum}"
    return ra, value, rule


@dataclass(frozen=True)
class Fide2024(_Fide2014):
    """FIDE Rating Regulations of 1 March 2024 (``fide-2024``) and their amendment of
    1 October 2025 (``fide-2025``, with ``cap_only_below=2650``) as a rule set."""

    name: str = "fide-2024"
    title: str = "FIDE Rating Regulations 1 March 2024"
    document: str = DOCUMENT_2024
    valid_from: date | None = date(2024, 3, 1)
    valid_until: date | None = date(2025, 9, 30)
    label: str = "FIDE 2024"
    round_robin_iteration: bool = False
    #: No rating below this is published (7.2.1; Fide2014.publish applies it).
    floor: int | None = 1400
    #: The hypothetical opponents of the initial rating (drawn games).
    hypothetical_opponents: tuple[int, ...] = (1800, 1800)
    #: The highest initial rating.
    initial_max: int = 2200
    #: 8.3.3: 40/20/10 as in 2014, juniors until the end of the year of the 18th birthday,
    #: K * n <= 700 over the period's games (Fide2014.choose_k applies them).
    k_clause: str = "8.3.3"
    junior_until_year_end: bool = True
    k_times_n_max: int | None = 700
    #: The 400-point cap applies only to players rated below this (None: to everybody).
    cap_only_below: int | None = None
    #: 8.3.1 "for each game played against a rated player": no game against an unrated
    #: opponent is rated for the rated player, round robins included.
    rate_unrated_in_round_robins: bool = False
    unrated_opponent_note: str = (
        "8.3.1: opponent unrated (from 2024 only games against rated players are rated, "
        "round robins included)"
    )
    #: 7.1.4: a first rating rests on at least 5 games against rated opponents, pooled over
    #: rating periods of not more than 26 months.
    first_rating_min_games: int = 5
    first_rating_pool_months: int = 26
    first_rating_clause: str = "7.1.4"
    #: 6.1 and 6.2: matches with an unrated player, and games after a match was won.
    unrated_match_not_rated: bool = True
    decided_match_games_not_rated: bool = True
    #: 8.3.3 as FIDE applies it: K 10 from 2400 even before 30 games; a junior who once
    #: reached 2300 keeps K 20.
    k_10_before_30_games: bool = True
    k_junior_ends_once_2300: bool = True
    #: 1.1: 120 minutes per player (60 moves) if one of the two is rated 2400 or more, 90 if
    #: one is 1800 or more, 60 if both are below 1800; 1.2: a first time control that names a
    #: number of moves names at least 30.
    minimum_minutes: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90), (0, 60))
    minimum_first_control_moves: int | None = 30

    def cap_applies(self, rating: int) -> bool:
        return self.cap_only_below is None or rating < self.cap_only_below

    def no_cap_note(self, rating: int) -> str:
        return f"2025: no 400-point cap, own rating {rating} >= {self.cap_only_below}"

    def initial_rating(self, pairs):
        return initial_rating_2024(pairs, self.hypothetical_opponents, self.initial_max)

    def decision_notes(self, event: Event) -> list[str]:
        cap = (
            f"the 400-point cap applies only to players rated below {self.cap_only_below} "
            "(each player's own rating decides it for his side of the game)"
            if self.cap_only_below is not None
            else "D is capped at 400 for every player"
        )
        return [
            f"{self.label}: only played games are rated; {cap}; the change is rounded to the "
            "nearest integer, .5 away from zero, once per event or period",
            f"initial rating: Ra over the rated opponents plus two hypothetical 1800 opponents "
            f"(draws), Ru = Ra + dp, at most {self.initial_max}, rounded .5 away from zero; in "
            "round robins too (no 8.58 iteration); no game against an unrated opponent is "
            "rated for the rated player, round robins included (8.3.1); an unrated player "
            "with 0 in his first event is not counted (8.21 kept); a first rating is "
            f"published from {self.first_rating_min_games} games against rated opponents on, "
            f"pooled over at most {self.first_rating_pool_months} months (7.1.4; the results "
            "below it are kept in the new state's pending_results); a match with an unrated "
            "player is not rated (6.1), nor the games of a match after one player has won "
            "(6.2, event field match_games)",
            f"floor {self.floor}: a new rating or an Ru below it is not published (the player "
            "is listed as unrated)",
            f"K * n <= {self.k_times_n_max}: n = the player's rated games in the event (in a "
            "rating period: in all its events); K = the largest whole number with K * n <= "
            f"{self.k_times_n_max}; juniors (K 40 under 2300): until 31 December of the year "
            "of the 18th birthday; K 10 once the published rating has reached 2400, even "
            "before 30 games, and K 20 for a junior whose rating once reached 2300 (8.3.3 as "
            "FIDE applies it; player file columns ever_2400 and ever_2300)",
        ]


FIDE_2024 = Fide2024()
FIDE_2025 = Fide2024(
    name="fide-2025",
    title="FIDE Rating Regulations 1 March 2024, amended 1 October 2025",
    document=DOCUMENT_2025,
    valid_from=date(2025, 10, 1),
    valid_until=None,
    label="FIDE 2025",
    cap_only_below=2650,
)


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
                    f"rating {index} of the list is not a whole number: {value!r}", None, value
                )
            records.append(PlayerRecord(id=str(index), rating=value))
        source = "list of ratings"
    rows = []
    new_records = []
    counts = {"in 1000-2000": 0, "outside 1000-2000": 0, "unrated": 0}
    for record in records:
        before = record.rating
        if before is None:
            status, raise_, after = "unrated: unchanged", None, None
            counts["unrated"] += 1
        else:
            inside = 1000 <= before <= 2000
            raise_ = adjustment_2024(before) if inside else None
            after = before + round_half_away_from_zero(raise_ or 0)
            if inside:
                status = "in 1000-2000: R + 0.4 x (2000 - R)"
                counts["in 1000-2000"] += 1
            else:
                status = "outside 1000-2000: unchanged"
                counts["outside 1000-2000"] += 1
        rows.append(
            {
                "id": record.id,
                "name": record.name,
                "rating_before": before,
                "games": None,
                "score": None,
                "expected": None,
                "change": raise_,
                "rating_after": after,
                "2000 - R": None if raise_ is None else 2000 - before,
                "0.4 x (2000 - R)": raise_,
                "status": status,
            }
        )
        new_records.append(replace(record, rating=after))
    notes = [
        "FIDE one-time adjustment of 1 March 2024: R + 0.4 x (2000 - R) for ratings from 1000 "
        "to 2000; the raise is rounded to the nearest integer (.5 away from zero; a multiple "
        "of 0.4 never ends in .5); 1000 becomes 1400, the new floor, and 2000 stays 2000",
        "ratings below 1000 (there were none on the list: the floor was 1000) and above 2000 "
        "are unchanged; unrated players stay unrated",
    ]
    return Report.build(
        title=f"one-time adjustment of {ADJUSTMENT_DAY.isoformat()} ({source or 'list'})",
        rules="fide-2024",
        rows=rows,
        extra_columns=("2000 - R", "0.4 x (2000 - R)", "status"),
        summary=counts,
        notes=notes,
        formats={"change": "{:+.1f}", "0.4 x (2000 - R)": "{:.1f}"},
        new_state=PlayerFile(tuple(new_records), f"{source or 'list'} adjusted 2024-03-01"),
    )


# -- Several rule sets side by side ----------------------------------------------------------

SIDE_BY_SIDE_COLUMNS = ("rating_before", "games", "K", "change", "rating_after")


def rate_side_by_side(
    event: Event,
    rules: Sequence[str] = ("fide-1982", "fide-2014", "fide-2025"),
    players: PlayerFile | None = None,
    columns: Sequence[str] = ("K", "change", "rating_after"),
    ids: Sequence[str] | None = None,
) -> Table:
    """One event rated under several rule sets, one row per player (all, or those of ``ids``
    in that order): the chosen report columns of each rule set, headed ``<rule set>
    <column>`` (a column a rule set does not have is left empty)."""
    reports = [get_rule_set(name).rate(event, players) for name in rules]
    by_id = {p.id: p for p in event.players}
    if ids is not None:
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            raise UnknownPlayerError(f"{event.name}: no player with id {unknown[0]!r}")
    head = ("id", "name", "rating")
    out_columns = head + tuple(f"{r} {c}" for r in rules for c in columns)
    formats = {}
    for name, report in zip(rules, reports, strict=True):
        for column in columns:
            if column in report.players.formats:
                formats[f"{name} {column}"] = report.players.formats[column]
    rows = []
    for player in event.players if ids is None else [by_id[i] for i in ids]:
        row = {"id": player.id, "name": player.name, "rating": player.rating}
        for name, report in zip(rules, reports, strict=True):
            found = [r for r in report.players.rows if r["id"] == player.id]
            for column in columns:
                row[f"{name} {column}"] = found[0].get(column) if found else None
        rows.append(row)
    return Table(f"{event.name}: {', '.join(rules)} side by side", out_columns, rows, formats)


def validity_table(family: str = "fide") -> Table:
    """The rule sets a family name (``--rules fide``) chooses from, with their dates, and the
    windows it refuses because no rule set implements the text then in force."""
    rows = []
    for name in families()[family]:
        rules = get_rule_set(name)
        rows.append(
            {
                "rule set": name,
                "title": rules.title,
                "in force from": rules.valid_from,
                "in force until": rules.valid_until,
            }
        )
    for gap in family_gaps(family):
        rows.append(
            {
                "rule set": None,
                "title": f"no rule set, events refused: {gap.document}",
                "in force from": gap.valid_from,
                "in force until": gap.valid_until,
            }
        )
    rows.sort(key=lambda row: row["in force from"] or date.min)
    return Table(
        f"--rules {family}: the rule set in force on the event's start date",
        ("rule set", "title", "in force from", "in force until"),
        rows,
    )


def initial_rating_table(
    opponents: Sequence[int], rules: Sequence[str] = ("fide-2014", "fide-2024")
) -> Table:
    """The initial rating of an unrated player for every score from 0 to n (by half points)
    against the given rated opponents, in a Swiss event, under each rule set: the exact Ru,
    the published rating (None: not published) and the rule used."""
    if not opponents:
        raise RatingkitError("initial_rating_table needs at least one opponent rating")
    n = len(opponents)
    columns = ["points", "p"]
    for name in rules:
        columns += [f"{name} Ru", f"{name} rating", f"{name} rule"]
    rows = []
    for half_points in range(2 * n + 1):
        points = Fraction(half_points, 2)
        scores = [Fraction(1)] * (half_points // 2) + [Fraction(1, 2)] * (half_points % 2)
        scores += [Fraction(0)] * (n - len(scores))
        pairs = [(Fraction(r), s) for r, s in zip(opponents, scores, strict=True)]
        row: dict = {"points": points, "p": points / n}
        for name in rules:
            rule_set = get_rule_set(name)
            if points == 0:
                row |= {f"{name} rule": "8.21: 0 in the first event is not counted"}
                continue
            _, value, rule = rule_set.initial_rating(pairs)
            published, status = rule_set.publish(round_half_away_from_zero(value), initial=True)
            row |= {
                f"{name} Ru": value,
                f"{name} rating": published,
                f"{name} rule": status or rule,
            }
        rows.append(row)
    formats = {"p": "{:.3f}"} | {f"{name} Ru": "{:.2f}" for name in rules}
    return Table(
        f"initial rating against {', '.join(str(r) for r in opponents)}",
        tuple(columns),
        rows,
        formats,
    )


__all__ = [
    "ADJUSTMENT_DAY",
    "FIDE_2024",
    "FIDE_2025",
    "Fide2024",
    "adjust_march_2024",
    "adjustment_2024",
    "initial_rating_2024",
    "initial_rating_table",
    "limit_k",
    "rate_side_by_side",
    "validity_table",
]
