"""The FESA shogi ELO rating system (A. Olufsen 2010-11, Russian translation of 2011).

Rule sets:

* ``fesa``: the current rules.  Formula (1) with k(tr), the upset rule (A), the bonus of
  rule 9, the categories of rule 3; within an event each player's games in round order with a
  running unrounded rating, opponents at their post-event rating (never below 400), iterated
  to a fixed point as FESA's program iterates: unrated players start at 0, and each pass
  updates the players in place in start-number order (a later player sees the new rating of
  an earlier one); an iteration that cycles is stopped and reported, with the players whose
  ratings alternate.  Only the event total is rounded (halves to even, as FESA's program
  does).  Unrated players get the exact performance rating of rules 5-7, a root at an exact
  half decided in exact arithmetic.  Grades and promotions of rules 2 and 10 with FESA's
  look-ahead; handicaps of rule 12.
* ``fesa-2011``: before 2012 every game's change was rounded.
* ``fesa-program``: FESA's program where it departs from the rules, each departure noted in
  the report: performance ratings by single-precision Newton iteration from the first listed
  opponent (it lands a point off the exact root now and then); promotions tested by game
  count alone, so a player still unrated is promoted, from his prior grade where he has no
  grade (rule 10 gives unrated players no grade); a newcomer without a played game gets 1, or
  the MP of his prior grade.  Neither its endless loop on a cycling iteration nor its failure
  at 8 dan is copied.
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
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import NamedTuple

from ..core.errors import InvalidValueError, Location, RatingkitError
from ..core.fastbuild import build, collector_paused
from ..core.model import Event, Game, Play, Special, event_notes
from ..core.outcome import GameKind
from ..core.players import PlayerFile, PlayerMatch, PlayerRecord, normalise_name
from ..core.report import Report, Table
from ..core.ruleset import require_games
from ..core.shogi import (
    GRADES,
    NO_GRADE,
    display_grade,
    grade_by_number,
    grade_name,
    handicap_grades,
    handicap_key,
    handicapped_rating,
    parse_grade,
)
from .formula import (
    _K_STEPS,
    _ROUNDERS,
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
    _decimal,
    _near_half,
    _opponent_used,
    _strength,
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


class FesaStateError(InvalidValueError):
    """A player-file value FESA needs (grade, counters, previous results) cannot be read."""


#: A rating may lie below zero (nothing floors a player's own rating; the 400 floor applies to
#: opponents when they are used): ``-4+`` is a win against an opponent rated -4.
_RESULT_TOKEN = re.compile(r"^(-?\d+)([+=-])(?:([rg])(\d+(?:\.\d+)?))?$")


def parse_results(text: str, location: Location | None = None) -> tuple[Result, ...]:
    """Read the ``results`` column of the player file (see the module docstring)."""
    out = []
    for token in text.split():
        match = _RESULT_TOKEN.match(token)
        if not match:
            raise FesaStateError(
                f"cannot read previous result {token!r} (expected e.g. 1580+, 1620=, 1400-, "
                "1862-r2.1)",
                location,
                token,
            )
        score = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0)}[match.group(2)]
        grades = Fraction(match.group(4)) if match.group(4) else Fraction(0)
        out.append(
            Result(
                int(match.group(1)),
                score,
                received=grades if match.group(3) == "r" else Fraction(0),
                given=grades if match.group(3) == "g" else Fraction(0),
            )
        )
    return tuple(out)


# -- player state ----------------------------------------------------------------------------


@dataclass(frozen=True)
class FesaState:
    """What FESA keeps about a player between events."""

    id: str
    name: str
    rating: int | None
    games: int
    bonus_games: int
    grade: int = NO_GRADE
    prior_grade: str | None = None
    lb_run: int = 0
    mp_run: int = 0
    lb_run_mp: bool = False
    results: tuple[Result, ...] | None = None
    record: PlayerRecord | None = None
    notes: tuple[str, ...] = ()


def _int_field(value: object, location, what: str) -> int:
    """A whole number >= 0; ``location`` may be a callable that gives the Location (it is
    only needed for the error)."""
    if type(value) is int and value >= 0:
        return value
    try:
        number = int(str(value).strip())
    except ValueError:
        raise FesaStateError(
            f"{what} must be a whole number, got {value!r}",
            location() if callable(location) else location,
            value,
        ) from None
    if number < 0:
        raise FesaStateError(
            f"{what} cannot be negative, got {value!r}",
            location() if callable(location) else location,
            value,
        )
    return number


def _bool_field(value: object) -> bool:
    return str(value).strip().lower() in ("yes", "y", "true", "1")


def state_of(player, record: PlayerRecord | None, source_location: Location | None) -> FesaState:
    """A player's FESA state from the event's player entry and his player-file record (the
    record wins where both give a value)."""
    extra = dict(player.extra)
    if record is not None:
        extra.update({k: v for k, v in record.extra.items() if str(v).strip() != ""})
        for name in ("games", "grade", "prior_grade"):
            if getattr(record, name) is not None:
                extra[name] = getattr(record, name)
    where = record.location if record is not None else source_location

    def at(column: str) -> Location | None:
        return Location(where.file, where.line, column) if where is not None else None

    notes = []
    rating = player.rating
    if record is not None and record.rating is not None:
        if rating is not None and rating != record.rating:
            notes.append(
                f"{player.name}: rating {record.rating} from the player file used "
                f"(the event file says {rating})"
            )
        rating = record.rating
    results = None
    if str(extra.get("results", "")).strip():
        results = parse_results(str(extra["results"]), at("results"))
    if extra.get("games") not in (None, ""):
        games = _int_field(extra["games"], lambda: at("games"), "games")
    elif results is not None:
        games = len(results)
    elif rating is not None:
        games = PROVISIONAL_GAMES
        notes.append(
            f"{player.name}: no game count in the player file; taken as established "
            f"({PROVISIONAL_GAMES} games before this event, also for the bonus counter of "
            "rule 9)"
        )
    else:
        games = 0
    if extra.get("bonus_games") not in (None, ""):
        bonus_games = _int_field(extra["bonus_games"], lambda: at("bonus_games"), "bonus_games")
    else:
        bonus_games = min(games, BONUS_GAMES) if rating is not None else 0
        if rating is not None and extra.get("games") not in (None, ""):
            notes.append(
                f"{player.name}: no bonus_games in the player file; games ({games}) stands in "
                "for the bonus counter of rule 9"
            )
    grade = NO_GRADE
    if str(extra.get("grade", "") or "").strip():
        grade = parse_grade(str(extra["grade"]), at("grade")).number
    prior = str(extra.get("prior_grade", "") or "").strip() or None
    if prior is not None:
        parse_grade(prior, at("prior_grade"))
    return FesaState(
        id=player.id,
        name=player.name,
        rating=rating,
        games=games,
        bonus_games=bonus_games,
        grade=grade,
        prior_grade=prior,
        lb_run=_int_field(extra.get("lb_run", 0) or 0, lambda: at("lb_run"), "lb_run"),
        mp_run=_int_field(extra.get("mp_run", 0) or 0, lambda: at("mp_run"), "mp_run"),
        lb_run_mp=_bool_field(extra.get("lb_run_mp", "no") or "no"),
        results=results,
        record=record,
        notes=tuple(notes),
    )


# -- the games a player has rated -----------------------------------------------------------


class RatedGame(NamedTuple):
    """One game as a player has it rated (an immutable record; a named tuple, which the
    replay builds hundreds of thousands of times much faster than a frozen dataclass)."""

    round: int
    opponent: str
    score: Fraction
    received: Fraction
    given: Fraction
    handicap: str | None
    note: str | None
    game: Game


_SCORES = {0.0: Fraction(0), 0.5: Fraction(1, 2), 1.0: Fraction(1)}


def _rated_score(game: Game, pid: str, nsr: bool) -> tuple[Fraction, str | None]:
    recorded = _SCORES[game.score_of(pid)]  # a game's scores are 1, 0.5 or 0 (model.Game)
    special = game.special
    if special is Special.SENNICHITE or special is Special.JISHOGI_REPLAYED:
        return _HALF, f"{special.value}: rated as a draw (rule 4a)"
    if special is Special.JISHOGI_POINTS:
        if nsr:
            return recorded, "jishogi decided by the 27-point count (NSR practice, note 6)"
        return _HALF, "jishogi: rated as a draw (rule 4a)"
    return recorded, None


#: The score fractions as shared objects, so that the replay finds their floats at once.
_ZERO, _HALF = _SCORES[0.0], _SCORES[0.5]
_PLAIN_SCORES = {id(value): (key, key == 1.0) for key, value in _SCORES.items()}
#: A recorded score (0, 0.5 or 1) as its float and whether it is a win.
_PLAIN_OF = {key: (key, key == 1.0) for key in _SCORES}


# -- promotions (rule 10) --------------------------------------------------------------------


@dataclass
class PromotionCounters:
    """A player's grade and the promotion counters of rule 10 (they live across events)."""

    grade: int = NO_GRADE
    lb_run: int = 0
    mp_run: int = 0
    lb_run_mp: bool = False

    def copy(self) -> PromotionCounters:
        return PromotionCounters(self.grade, self.lb_run, self.mp_run, self.lb_run_mp)


#: The grade table by grade number (grade_by_number without the call, for the replay).
_GRADE_OF = {g.number: g for g in GRADES}


def established_step(c: PromotionCounters, x: Fraction) -> list[tuple[int, int, str]]:
    """Test one game at rating ``x`` as an established player (rule 10 a-c), updating ``c``;
    returns the promotions (from, to, path).  After a promotion the same game is tested again
    against the next grade.  Nothing lies above 6 dan (no failure at the top of the table)."""
    promotions = []
    counted = False
    while c.grade + 1 <= GRADES[-1].number:
        target = grade_by_number(c.grade + 1)
        if x >= target.ub:
            promotions.append((c.grade, target.number, f"(a) reached UB {target.ub}"))
            c.grade, c.lb_run, c.mp_run, c.lb_run_mp, counted = target.number, 0, 0, False, False
            continue
        if not counted:
            counted = True
            if x < target.lb:
                c.lb_run, c.mp_run, c.lb_run_mp = 0, 0, False
            elif x < target.mp:
                c.lb_run, c.mp_run = c.lb_run + 1, 0
            else:
                c.lb_run, c.mp_run, c.lb_run_mp = c.lb_run + 1, c.mp_run + 1, True
        if target.n_mp is not None and c.mp_run >= target.n_mp:
            path = f"(b) {c.mp_run} games at or above MP {target.mp}"
        elif target.n_lb is not None and c.lb_run >= target.n_lb and c.lb_run_mp:
            path = f"(c) {c.lb_run} games at or above LB {target.lb}, one at or above MP"
        else:
            break
        promotions.append((c.grade, target.number, path))
        c.grade, c.lb_run, c.mp_run, c.lb_run_mp, counted = target.number, 0, 0, False, False
    return promotions


def provisional_step(c: PromotionCounters, x: Fraction, offset: int = 2) -> list[tuple]:
    """Rule 10 for a provisional player: promoted to g+1 only on reaching UB of g + offset
    (rule 10: offset 2, the grade above the target)."""
    promotions = []
    while c.grade + offset <= GRADES[-1].number:
        needed = grade_by_number(c.grade + offset).ub
        if x < needed:
            break
        above = grade_name(c.grade + offset)
        promotions.append((c.grade, c.grade + 1, f"provisional: reached UB {needed} of {above}"))
        c.grade, c.lb_run, c.mp_run, c.lb_run_mp = c.grade + 1, 0, 0, False
    return promotions


TRACE_COLUMNS = (
    "game",
    "round",
    "career_game",
    "tested_rating",
    "tested_as",
    "target",
    "LB",
    "MP",
    "UB",
    "lb_run",
    "mp_run",
    "lb_run_mp",
    "promoted_to",
    "path",
)


def promotion_trace(
    rating_before: int | Fraction,
    total_change: int | Fraction,
    games: int | Sequence[int],
    games_before: int,
    counters: PromotionCounters,
    *,
    provisional_offset: int = 2,
    lookahead: bool = True,
    trace: bool = True,
) -> tuple[PromotionCounters, Table, list[tuple]]:
    """Rule 10 over one event: the total change spread evenly over its games (rule 11; game r
    of n tested at rating_before + r * total / n, exactly), each game tested by the career game
    number (established from the 18th, provisional from the 9th), then FESA's look-ahead.

    ``games`` is the number of games or their round numbers.  Returns the counters after the
    event, the trace (one row per test; empty with ``trace=False``, as a replay wants it) and
    the promotions (from, to, path, round, career game, tested rating)."""
    rounds = list(range(1, games + 1)) if isinstance(games, int) else list(games)
    c = counters.copy()
    n = len(rounds)
    rows = []
    promotions = []
    # Whole numbers (as rate() gives them): x = (before * n + r * change) / n, and a float
    # of it compares with the grade table's whole numbers exactly as the fraction does (a
    # fraction with denominator n lies at least 1/n from any whole number).
    whole = not trace and type(rating_before) is int and type(total_change) is int
    # (ints add and compare as the fractions of their values do)
    before = rating_before if whole else Fraction(rating_before)
    change = total_change if whole else Fraction(total_change)
    top = GRADES[-1].number
    if whole and n and games_before + 1 >= PROVISIONAL_GAMES and c.grade < top:
        # The usual established player far from the next grade: x moves in a straight line
        # from game 1 to game n, so if both ends lie below LB of the next grade, every game
        # resets the counters (rule 10) and none promotes; the look-ahead starts below LB
        # and only falls.  The loop below would find the same.
        lb = _GRADE_OF[c.grade + 1].lb
        if (rating_before * n + total_change) / n < lb and rating_before + total_change < lb:
            c.lb_run, c.mp_run, c.lb_run_mp = 0, 0, False
            return c, _NO_TRACE, promotions
    for r, round_ in enumerate(rounds, start=1):
        x = (rating_before * n + r * total_change) / n if whole else before + r * change / n
        career = games_before + r
        if not trace:
            # The usual game promotes nobody: only the counters move (established_step's
            # first test, without its bookkeeping); a promotion is left to the step itself.
            if career >= PROVISIONAL_GAMES:
                if c.grade >= top:
                    continue
                target = _GRADE_OF[c.grade + 1]
                if x < target.ub:
                    if x < target.lb:
                        lb_run, mp_run, lb_run_mp = 0, 0, False
                    elif x < target.mp:
                        lb_run, mp_run, lb_run_mp = c.lb_run + 1, 0, c.lb_run_mp
                    else:
                        lb_run, mp_run, lb_run_mp = c.lb_run + 1, c.mp_run + 1, True
                    if not (
                        (target.n_mp is not None and mp_run >= target.n_mp)
                        or (target.n_lb is not None and lb_run >= target.n_lb and lb_run_mp)
                    ):
                        c.lb_run, c.mp_run, c.lb_run_mp = lb_run, mp_run, lb_run_mp
                        continue
            elif career >= UNRATED_GAMES:
                if c.grade + provisional_offset > top:
                    continue
                if x < _GRADE_OF[c.grade + provisional_offset].ub:
                    continue
            else:
                continue
        target_number = min(c.grade + 1, GRADES[-1].number)
        if career >= PROVISIONAL_GAMES:
            kind, found = "established", established_step(c, x)
        elif career >= UNRATED_GAMES:
            kind, found = "provisional", provisional_step(c, x, provisional_offset)
        else:
            kind, found = "not tested (under 9 games)", []
        if not trace:
            exact_x = before + Fraction(r * change, n) if found and whole else x
            promotions += [(old, new, path, round_, career, exact_x) for old, new, path in found]
            continue
        target = grade_by_number(target_number)
        rows.append(
            {
                "game": r,
                "round": round_,
                "career_game": career,
                "tested_rating": x,
                "tested_as": kind,
                "target": target.name if c.grade < GRADES[-1].number or found else "",
                "LB": target.lb,
                "MP": target.mp,
                "UB": target.ub,
                "lb_run": c.lb_run,
                "mp_run": c.mp_run,
                "lb_run_mp": c.lb_run_mp,
                "promoted_to": ", ".join(grade_name(new) for _, new, _ in found),
                "path": "; ".join(path for _, _, path in found),
            }
        )
        promotions += [(old, new, path, round_, career, x) for old, new, path in found]
    if lookahead and n and games_before + n >= PROVISIONAL_GAMES:
        trial = c.copy()
        x = before + change
        if x.denominator == 1:
            x = int(x)  # the same value; int comparisons are much faster than Fraction ones
        for i in range(1, LOOKAHEAD_GAMES + 1):
            x -= k_factor(x)
            if trial.grade >= top or x < _GRADE_OF[trial.grade + 1].lb:
                # established_step would only reset the counters of this throwaway copy:
                # nobody is promoted, now or at a later (lower) game.
                break
            if established_step(trial, x):
                old = c.grade
                c = PromotionCounters(old + 1, 0, 0, False)
                path = (
                    f"look-ahead: imaginary game {i} of {LOOKAHEAD_GAMES}, each losing k, "
                    "would still promote (FESA's program)"
                )
                promotions.append((old, old + 1, path, None, games_before + n, before + change))
                rows.append(
                    {
                        "game": None,
                        "round": None,
                        "career_game": games_before + n,
                        "tested_rating": before + change,
                        "tested_as": "look-ahead",
                        "target": grade_name(old + 1),
                        "lb_run": 0,
                        "mp_run": 0,
                        "lb_run_mp": False,
                        "promoted_to": grade_name(old + 1),
                        "path": path,
                    }
                )
                break
            # x only falls from here: below LB of the next grade the counters are reset at
            # every later game and UB is out of reach, so no later game can promote.
            if trial.grade >= GRADES[-1].number or x < grade_by_number(trial.grade + 1).lb:
                break
    if not rows:
        return c, _NO_TRACE, promotions
    return c, Table("promotion trace", TRACE_COLUMNS, rows), promotions


_NO_TRACE = Table("promotion trace", TRACE_COLUMNS, ())


# -- the rule sets ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Outcome:
    pid: str
    category: str
    rating_after: int | None
    change: Fraction | None
    expected: Fraction
    rows: tuple[dict, ...]
    bonus_games: int
    bonus_total: Fraction
    upsets: int
    performance: Performance | None = None


@dataclass(frozen=True)
class FesaRules:
    """FESA's ELO system, parameters as fields (see the module docstring for the variants).

    * ``per_game_rounding``: round each game's change (pre-2012) instead of the event total;
    * ``rounding``: how halves are rounded ("half-even" as FESA's program does);
    * ``solver``: "exact" roots or FESA's "newton32";
    * ``lookahead``: FESA's program's 20-game look-ahead promotion after each event;
    * ``provisional_offset``: a provisional player is promoted to g+1 on reaching UB of
      g + offset (2 as ratingkit decides; 1 reads rule 10's "UB of the next grade");
    * ``handicap_values``: "current", "pre-2005" or "by-date" (by the event's date);
    * ``nsr``: the NSR practice for jishogi (note 6);
    * ``program_grades``: FESA's program's promotions by game count alone, also for a player
      still unrated (rule 10 gives him no grade), from his prior grade where he has no grade;
    * ``program_no_game_rating``: FESA's program's rating for a newcomer without a played
      game: 1, or the MP of his prior grade (the rules give him none);
    * ``max_passes``: the fixed-point iteration stops after this many passes at the latest
      (FESA's program has no cap and can loop for ever).
    """

    name: str = "fesa"
    title: str = "FESA shogi ELO rating system (rules since 2012)"
    document: str = "FESA ELO rating system, A. Olufsen 2010-11 (Russian translation, 2011)"
    valid_from: date | None = date(2012, 1, 1)
    valid_until: date | None = None
    #: FESA's system rates shogi games (FESA rule 1).
    game: GameKind = GameKind.SHOGI
    rates_score_tables: bool = False
    per_game_rounding: bool = False
    rounding: str = "half-even"
    solver: str = "exact"
    lookahead: bool = True
    provisional_offset: int = 2
    handicap_values: str = "by-date"
    nsr: bool = False
    program_grades: bool = False
    program_no_game_rating: bool = False
    max_passes: int = 1000

    # -- public API ---------------------------------------------------------------------------
    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        require_games(event, self.name)
        return _rate(self, event, players)

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """Rate events one after the other, each with the state the previous one left
        (rule 11: ratings are updated after every table)."""
        if not events:
            raise RatingkitError("no events to rate")
        for event in events:
            require_games(event, self.name)
        state = players
        reports = []
        for event in events:
            report = self.rate(event, state)
            reports.append((event, report))
            state = report.new_state
        rows = []
        for event, report in reports:
            for row in report.players.rows:
                rows.append({**row, "event": event.name})
        columns: list[str] = []
        for _, each in reports:
            columns += [c for c in each.players.columns if c not in columns]
        columns.append("event")
        promo_rows = []
        notes = []
        for event, report in reports:
            notes += [f"{event.name}: {n}" for n in report.notes]
            for row in report.section("promotions").rows:
                promo_rows.append({**row, "event": event.name})
        promos = Table("promotions", (*_PROMO_COLUMNS, "event"), promo_rows)
        return Report(
            title=f"{len(events)} events rated one after the other",
            rules=self.name,
            players=Table("players", tuple(columns), rows),
            games=None,
            summary={"events": len(events)},
            notes=tuple(notes),
            sections=(promos,),
            new_state=state,
        )

    def replay(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """A season (or a whole history) replayed fast: the same ratings, categories, grades
        and new state as :meth:`rate_events`, with a light report (see :func:`replay_events`)."""
        return replay_events(self, events, players)

    def check(self, event: Event, players: PlayerFile | None = None) -> Table:
        return _check(self, event, players)

    # -- helpers ------------------------------------------------------------------------------
    def round(self, value: Fraction) -> int:
        return _ROUNDERS[self.rounding](value)

    def handicap_era(self, game: Game, event: Event) -> str:
        if self.handicap_values != "by-date":
            return self.handicap_values
        when = game.date or event.start or event.end
        if when is not None and when < date(2005, 1, 1):
            return "pre-2005"
        return "current"


def held_grade(rules: FesaRules, state: FesaState) -> int:
    """The grade a player holds before an event: his grade; under ``program_grades`` (FESA's
    program) a player without one holds his prior grade (rule 7's recognised grade)."""
    if rules.program_grades and state.grade == NO_GRADE and state.prior_grade is not None:
        return parse_grade(state.prior_grade).number
    return state.grade


def _promotions(rules, state, outcome, category, played, *, trace: bool = True, total=None):
    """Rule 10 for one player after an event: his promotion counters afterwards and the
    promotions found.  A player still unrated (rule 10 gives him no grade), or who played no
    rated game, is not tested; under ``program_grades`` a player still unrated is tested by
    his game count alone, as FESA's program does (``total``: his career games with this event,
    fictitious games included; his rating before is his last performance rating, or for a
    newcomer his new rating: the change spread over the games is then 0)."""
    counters = PromotionCounters(
        held_grade(rules, state), state.lb_run, state.mp_run, state.lb_run_mp
    )
    if not played or (category == "unrated" and not rules.program_grades):
        return counters, []
    before, games_before = state.rating, state.games
    if category == "unrated":
        if before is None:
            before = outcome.rating_after
        games_before = (total if total is not None else state.games + len(played)) - len(played)
    counters, _, found = promotion_trace(
        before,
        outcome.rating_after - before,
        [g.round for g in played],
        games_before,
        counters,
        provisional_offset=rules.provisional_offset,
        lookahead=rules.lookahead,
        trace=trace,
    )
    return counters, found


_PROMO_COLUMNS = (
    "id",
    "name",
    "from_grade",
    "to_grade",
    "path",
    "round",
    "career_game",
    "tested_rating",
    "note",
)

_GAME_COLUMNS = (
    "player",
    "round",
    "opponent",
    "result",
    "opponent_rating",
    "handicap",
    "effective_rating",
    "tr",
    "k",
    "expected",
    "d",
    "d_upset",
    "upset",
    "bonus",
    "bonus_game",
    "change",
    "tr_after",
    "note",
)

_PLAYER_COLUMNS = (
    "category",
    "career_games",
    "bonus",
    "upsets",
    "performance",
    "grade_before",
    "grade_after",
    "promotion",
)


def _category(state: FesaState, played: int) -> tuple[str, int, bool]:
    """Rule 3: (category, total games with this event, whether fictitious games are added)."""
    fictitious = state.prior_grade is not None and state.games == 0 and state.results is None
    total = state.games + played + (2 if fictitious else 0)
    previous = state.results
    if previous is None and state.rating is not None and state.games > 0:
        mixed = True
    elif previous:
        scores = {r.score for r in previous}
        mixed = scores != {Fraction(1)} and scores != {Fraction(0)}
    else:
        mixed = False
    if state.rating is None or not mixed or total < UNRATED_GAMES:
        return "unrated", total, fictitious
    if total < PROVISIONAL_GAMES:
        return "provisional", total, fictitious
    return "established", total, fictitious


@dataclass
class _Prepared:
    """An event read for rating: the players' states, their games and categories."""

    notes: list[str]
    by_name: bool
    records: Mapping[str, PlayerRecord]
    states: dict[str, FesaState]
    games: dict[str, list[RatedGame]]
    categories: dict[str, tuple[str, int, bool]]
    #: the replay's: each player's games as :func:`_quick_games` gives them
    plain: dict[str, list[tuple]] | None = None


def _prepare(rules: FesaRules, event: Event, players, state_for=None) -> _Prepared:
    """States, games and categories of an event's players (``players``: a PlayerFile, or
    anything with its ``match``).  ``state_for``: the replay's stand-in for :func:`state_of`;
    with it the notes are left out (the replay does not report them)."""
    notes: list[str] = []
    lean = state_for is not None
    by_name = event.local_ids
    records: Mapping[str, PlayerRecord] = {}
    if players is not None:
        match = players.match([(p.id, p.name) for p in event.players], by_name=by_name)
        records = match.records
        if not lean:
            notes.append(match.note())
    source = Location(event.source) if event.source else None
    states = {p.id: (state_for or state_of)(p, records.get(p.id), source) for p in event.players}
    if lean:
        plain: dict[str, list[tuple]] = {pid: [] for pid in states}
        games = _event_games(rules, event, states, plain)[0]
        categories = {pid: _category(states[pid], len(games[pid])) for pid in states}
        return _Prepared(notes, by_name, records, states, games, categories, plain)
    for state in states.values():
        notes.extend(state.notes)

    games, eras = _event_games(rules, event, states)
    unplayed = [g for g in event.games if not g.is_played]
    if unplayed or event.byes:
        notes.append(
            f"{len(unplayed)} unplayed game(s) and {len(event.byes)} bye(s) are not rated (rule 4)"
        )
    if eras:
        notes.append(f"handicap values: {', '.join(sorted(eras))} (rule 12)")
    notes.extend(event_notes(event))  # how the type was decided, which encoding was read

    categories = {pid: _category(states[pid], len(games[pid])) for pid in states}
    for pid, state in states.items():
        if (
            categories[pid][0] == "unrated"
            and games[pid]
            and state.results is None
            and state.games
            and state.rating is not None
        ):
            notes.append(
                f"{state.name}: still unrated but no previous results in the player file; his "
                f"{state.games} previous games are taken as 50% against his rating "
                f"{state.rating} (which keeps that rating as their performance)"
            )

    return _Prepared(notes, by_name, records, states, games, categories)


_tuple_new = tuple.__new__


def _by_round(game: Game) -> int:
    return game.round


def _event_games(rules: FesaRules, event: Event, states, plain=None) -> tuple[dict, set[str]]:
    """Each player's rated games in round order, and the handicap eras used (rule 12).
    ``plain``: a dict of empty lists by player, filled with the games as :func:`_quick_games`
    gives them."""
    games: dict[str, list[RatedGame]] = {pid: [] for pid in states}
    eras = set()
    played = Play.PLAYED
    for game in sorted(event.games, key=_by_round):
        if game.play is not played:
            continue
        white, black = game.white, game.black
        if game.handicap is None and game.special is None and white != black:
            # The plain game (most of them): the scores as recorded, no handicap, no note.
            white_score, black_score = game.white_score, game.black_score
            # RatedGame(...) without its Python-level __new__ (600,000 of them in a replay).
            games[white].append(
                _tuple_new(
                    RatedGame,
                    (game.round, black, _SCORES[white_score], _ZERO, _ZERO, None, None, game),
                )
            )
            games[black].append(
                _tuple_new(
                    RatedGame,
                    (game.round, white, _SCORES[black_score], _ZERO, _ZERO, None, None, game),
                )
            )
            if plain is not None:
                plain[white].append((black, *_PLAIN_OF[white_score], None))
                plain[black].append((white, *_PLAIN_OF[black_score], None))
            continue
        received = {game.white: _ZERO, game.black: _ZERO}
        given = dict(received)
        name = None
        if game.handicap is not None:
            name = handicap_key(game.handicap.kind, game.location)
            era = rules.handicap_era(game, event)
            eras.add(era)
            grades = handicap_grades(name, era)
            giver = game.handicap.giver
            given[giver] = grades
            received[game.opponent_of(giver)] = grades
        for pid in game.players:
            score, note = _rated_score(game, pid, rules.nsr)
            games[pid].append(
                RatedGame(
                    game.round,
                    game.opponent_of(pid),
                    score,
                    received[pid],
                    given[pid],
                    name,
                    note,
                    game,
                )
            )
            if plain is not None:
                plain[pid].append(_quick_games(games[pid][-1:])[0])
    return games, eras


class _Unsettled(NamedTuple):
    """An iteration that did not reach a fixed point: why, and each player whose rating
    alternates, with the values it takes (in the order of the players)."""

    why: str
    alternating: tuple[tuple[str, tuple[int, ...]], ...]

    def note(self, states) -> str:
        names = "; ".join(
            f"{states[pid].name} alternates between {' and '.join(map(str, values))}"
            for pid, values in self.alternating
        )
        return (
            f"the iteration did not settle ({self.why}): {names or 'no player alternates'}. "
            "The ratings of the last pass are published; they are not a fixed point (an "
            "opponent's rating used in a game may differ from his published rating, FESA ELO "
            "rating system, rules 8 and 11); the stored results of unrated players use the "
            "published ratings"
        )


def _fixed_point(rules: FesaRules, prepared: _Prepared, compute, notes: list[str], rows=True):
    """Rules 6 and 8 as FESA's program iterates them: opponents at their post-event ratings,
    unrated players starting at 0 (so their opponents first see the 400 floor), each pass
    updating the players *in place* in start-number order (a later player in the same pass
    already sees the new rating of an earlier one, as FESA's program does), repeated
    until a pass changes nothing.  The start numbers are the players' ids where every id is a
    number (a FESA table's ``Nr``), else their order in the event.  ``compute(pid, post)``
    gives a player's outcome; a player is computed again only when one of his opponents has
    changed since he was last computed (an outcome depends on the opponents' ratings only,
    so this gives what computing every player in every pass gives).  A cycle (a state after
    a pass that an earlier pass left) or ``rules.max_passes`` ends the iteration.

    Returns (outcomes, post, passes, iteration rows, unsettled); no rows with
    ``rows=False``; ``unsettled`` is None at a fixed point, else an :class:`_Unsettled`."""
    states, games, categories = prepared.states, prepared.games, prepared.categories
    faced_by: dict[str, set[str]] = {pid: set() for pid in states}
    for pid in states:
        for g in games[pid]:
            faced_by[g.opponent].add(pid)
    post: dict[str, int] = {}
    for pid, state in states.items():
        if categories[pid][0] == "unrated" and games[pid]:
            post[pid] = 0
        else:
            post[pid] = state.rating if state.rating is not None else 0
    # post holds every player in the order of ``states``: its values identify a state.
    history = [tuple(post.values())]
    seen: dict[tuple, int] = {history[0]: 0}
    order = start_number_order(states)
    passes = 0
    iteration_rows = []
    outcomes: dict = {}
    stale = set(states)
    unsettled = None
    while True:
        passes += 1
        changed = []
        for pid in order:
            if pid not in stale:
                continue
            stale.discard(pid)
            outcome = outcomes[pid] = compute(pid, post)
            rating = outcome.rating_after if outcome.rating_after is not None else 0
            if rating != post[pid]:
                post[pid] = rating
                changed.append(pid)
                # Later players of this pass see the new rating now, earlier ones next pass.
                stale |= faced_by[pid]
        if rows:
            changed.sort()
            iteration_rows.append(
                {"pass": passes, "changed": len(changed), "players": ", ".join(changed)}
            )
        if not changed:
            break
        key = tuple(post.values())
        if key in seen or passes >= rules.max_passes:
            # Never loop for ever (FESA's program can).
            if key in seen:
                first = seen[key]
                why = (
                    f"pass {passes} repeats pass {first}"
                    if first
                    else (f"pass {passes} returns to the starting values")
                )
                cycle = history[first:]
            else:
                why = f"{rules.max_passes} passes reached"
                cycle = [*history[-2:], key]
            alternating = tuple(
                (pid, tuple(sorted({state[i] for state in cycle})))
                for i, pid in enumerate(states)
                if len({state[i] for state in cycle}) > 1
            )
            unsettled = _Unsettled(why, alternating)
            notes.append(unsettled.note(states))
            for pid in stale:
                outcomes[pid] = _with_published_opponents(outcomes[pid], games[pid], post)
            break
        seen[key] = passes
        history.append(key)
    return outcomes, post, passes, iteration_rows, unsettled


def start_number_order(ids) -> list[str]:
    """Players in start-number order: by number where every id is a whole number written in
    ASCII digits (a FESA table's ``Nr``), else as given (the event's order)."""
    ids = list(ids)
    if ids and all(pid.isascii() and pid.isdigit() for pid in ids):
        return sorted(ids, key=int)
    return ids


def _with_published_opponents(outcome: _Outcome, played, post) -> _Outcome:
    """An unrated player's outcome whose results of this event name his opponents at their
    published ratings (after an iteration that did not settle, an opponent may have changed
    after the player was computed); anyone else's outcome unchanged."""
    perf = outcome.performance
    if outcome.category != "unrated" or perf is None or not played:
        return outcome
    kept = _kept_results(perf)
    start = len(kept) - len(played)
    results = list(perf.results)
    for i, g in enumerate(played):
        results[start + i] = replace(results[start + i], opponent=post[g.opponent])
    return replace(outcome, performance=replace(perf, results=tuple(results)))


def _rate(rules: FesaRules, event: Event, players: PlayerFile | None) -> Report:
    prepared = _prepare(rules, event, players)
    notes = prepared.notes
    by_name, records = prepared.by_name, prepared.records
    states, games, categories = prepared.states, prepared.games, prepared.categories

    def compute(pid, post):
        return _outcome(rules, event, states[pid], categories[pid], games[pid], post)

    outcomes, post, passes, iteration_rows, unsettled = _fixed_point(
        rules, prepared, compute, notes
    )
    notes.append(
        f"opponents at their post-event ratings (floor {RATING_FLOOR}); "
        + (f"fixed point after {passes} pass(es)" if unsettled is None else f"{passes} passes")
        + ", each player updated in place in start-number order, unrated players started at 0 "
        "(as FESA's program iterates)"
    )
    if rules.solver == "newton32" and any(o.performance for o in outcomes.values()):
        notes.append(
            "performance ratings by Newton's method in single precision from the first listed "
            "opponent, as FESA's program solves them (the exact root can lie a point away)"
        )
    notes.append(
        "event totals rounded, halves "
        + {"half-even": "to even", "half-up": "up", "half-away": "away from zero"}[rules.rounding]
        + ("; each game's change rounded (pre-2012 practice)" if rules.per_game_rounding else "")
    )

    # Grades and promotions (rules 2 and 10).
    promo_rows = []
    new_states = {}
    for pid, state in states.items():
        outcome = outcomes[pid]
        category, total, fictitious = categories[pid]
        counters, found = _promotions(rules, state, outcome, category, games[pid], total=total)
        if found and category == "unrated":
            notes.append(
                f"{state.name}: still unrated (rule 3) but promoted to "
                f"{grade_name(found[-1][1])} by his game count alone, as FESA's program does "
                "(the FESA ELO rating system, rule 10, gives unrated players no grade)"
            )
        if not games[pid] and state.rating is None and outcome.rating_after is not None:
            notes.append(_no_game_note(state, outcome))
        if held_grade(rules, state) != state.grade and (games[pid] or found):
            notes.append(
                f"{state.name}: his prior grade {state.prior_grade} is taken as the grade he "
                "holds, as FESA's program does (the FESA ELO rating system, rule 7, uses it "
                "only for two fictitious games)"
            )
        for old, new, path, round_, career, x in found:
            promo_rows.append(_promo_row(state, old, new, path, round_, career, x))
        new_states[pid] = (counters, outcome, total, fictitious)

    published_promotions = {
        normalise_name(who): grade for who, grade in event.extra.get("published_promotions") or ()
    }
    rows = []
    game_rows = []
    records_out = []
    promoted = {row["id"]: row["to_grade"] for row in promo_rows}
    for player in event.players:
        pid = player.id
        state = states[pid]
        outcome = outcomes[pid]
        counters, _, total, fictitious = new_states[pid]
        played = games[pid]
        rows.append(
            {
                "id": pid,
                "name": player.name,
                "rating_before": state.rating,
                "games": len(played),
                "score": float(sum((g.score for g in played), Fraction(0))),
                "expected": outcome.expected,
                "change": outcome.change,
                "rating_after": outcome.rating_after,
                "category": outcome.category,
                "career_games": total,
                "bonus": outcome.bonus_total,
                "upsets": outcome.upsets,
                "performance": outcome.performance.rating if outcome.performance else None,
                "grade_before": grade_name(held_grade(rules, state)),
                "grade_after": grade_name(counters.grade),
                "promotion": promoted.get(pid, ""),
                **_published(player, outcome, state, published_promotions),
            }
        )
        game_rows.extend(outcome.rows)
        records_out.append(
            _new_record(state, player, outcome, counters, total, played, post, by_name)
        )
    extra_columns = list(_PLAYER_COLUMNS)
    if published_promotions or any(
        p.extra.get("published_change") is not None or p.extra.get("published_rating") is not None
        for p in event.players
    ):
        extra_columns += [
            "published_change",
            "published_rating",
            "difference",
            "published_promotion",
        ]
        published = event.extra.get("published_promotions")
        if published:
            notes.append(
                "published promotions: "
                + "; ".join(f"{name} to {grade}" for name, grade in published)
            )
    if any(g.special is not None for g in event.games):
        notes.append(
            "sennichite/jishogi: "
            + (
                "jishogi by the 27-point count (NSR practice), sennichite as a draw"
                if rules.nsr
                else "rated as draws (rule 4a)"
            )
        )
    for row in promo_rows:
        row["to_grade"] = grade_name(row["to_grade"])
        row["from_grade"] = grade_name(row["from_grade"])
    for row in rows:
        if row["promotion"] != "":
            row["promotion"] = grade_name(row["promotion"])
    # Players of the player file who did not play are carried over unchanged.
    if players is not None:
        used = {id(r) for r in records.values()}
        carried = [r for r in players.records if id(r) not in used]
    else:
        carried = []
    new_state = PlayerFile(tuple(records_out) + tuple(carried), players.source if players else None)
    summary = {
        "players": len(event.players),
        "rated games": sum(1 for g in event.games if g.is_played),
        "passes": passes,
        "rounding": "each game" if rules.per_game_rounding else "event total",
        "performance solver": rules.solver,
        "look-ahead promotions": "yes (FESA's program)" if rules.lookahead else "no",
        "provisional promotion": f"on UB of grade g+{rules.provisional_offset}",
        "jishogi": "27-point count (NSR)" if rules.nsr else "draw (rule 4a)",
    }
    return Report.build(
        title=event.name,
        rules=rules.name,
        rows=rows,
        extra_columns=extra_columns,
        game_rows=game_rows,
        game_columns=_GAME_COLUMNS,
        summary=summary,
        notes=notes,
        sections=[
            Table("promotions", _PROMO_COLUMNS, promo_rows),
            Table("iterations", ("pass", "changed", "players"), iteration_rows),
        ],
        new_state=new_state,
    )


def _promo_row(state, old, new, path, round_, career, x) -> dict:
    note = ""
    if new >= grade_by_number(19).number:
        note = "5 and 6 dan need the Japan Shogi Association's approval (rule 10)"
    return {
        "id": state.id,
        "name": state.name,
        "from_grade": old,
        "to_grade": new,
        "path": path,
        "round": round_,
        "career_game": career,
        "tested_rating": Fraction(x),
        "note": note,
    }


def _published(player, outcome: _Outcome, state: FesaState, promotions) -> dict:
    pc = player.extra.get("published_change")
    pr = player.extra.get("published_rating")
    if pc is None and pr is None and not promotions:
        return {}
    out: dict[str, object] = {"published_change": pc, "published_rating": pr}
    out["published_promotion"] = promotions.get(normalise_name(player.name), "")
    difference = None
    if pr is not None and outcome.rating_after is not None:
        difference = outcome.rating_after - int(pr)
    elif pc is not None and outcome.rating_after is not None and state.rating is not None:
        difference = (outcome.rating_after - state.rating) - int(pc)
    out["difference"] = difference
    return out


def _kept_results(perf: Performance) -> list[Result]:
    """The results a still unrated player's record keeps: those of his performance rating
    without rule 6's fictitious draw."""
    return [r for r in perf.results if r.fictitious != "6"]


def _new_record(state, player, outcome, counters, total, played, post, by_name) -> PlayerRecord:
    old = state.record
    extra = dict(old.extra) if old is not None else {}
    for key in ("results", "bonus_games", "lb_run", "mp_run", "lb_run_mp"):
        extra.pop(key, None)
    games_after = total if played else state.games
    if outcome.category == "unrated" and played:
        extra["results"] = " ".join(r.token() for r in _kept_results(outcome.performance))
        bonus_games = 0
    else:
        if not played and state.results is not None:
            extra["results"] = " ".join(r.token() for r in state.results)
        bonus_games = outcome.bonus_games
    extra["bonus_games"] = str(bonus_games)
    extra["lb_run"] = str(counters.lb_run)
    extra["mp_run"] = str(counters.mp_run)
    extra["lb_run_mp"] = "yes" if counters.lb_run_mp else "no"
    pid = old.id if old is not None else (None if by_name else player.id)
    # PlayerRecord(...) as build() makes it faster (a replay writes one a player and event).
    return build(
        PlayerRecord,
        {
            "id": pid,
            "name": player.name,
            "rating": outcome.rating_after,
            "games": games_after,
            "born": old.born if old is not None else None,
            "k": None,
            "ever_2400": None,
            "grade": grade_name(counters.grade) if counters.grade != NO_GRADE else None,
            "prior_grade": state.prior_grade,
            "ever_2300": None,
            "extra": MappingProxyType(extra),
            "location": None,
        },
    )


def _outcome(rules, event, state: FesaState, category, played, post) -> _Outcome:
    kind, _total, fictitious = category
    if not played:
        rating = state.rating
        if rating is None and rules.program_no_game_rating:
            # FESA's program: a newcomer without a played game gets 1, or the MP of his prior
            # grade (FESA's program); the rules give him nothing.
            rating = parse_grade(state.prior_grade).mp if state.prior_grade else 1
        return _Outcome(
            state.id, kind, rating, None, Fraction(0), (), state.bonus_games, Fraction(0), 0
        )
    if kind == "unrated":
        return _unrated_outcome(rules, state, kind, fictitious, played, post)
    tr = Fraction(state.rating)
    counter = state.bonus_games
    rows = []
    expected_total = Fraction(0)
    bonus_total = Fraction(0)
    upsets = 0
    for g in played:
        opponent = max(RATING_FLOOR, post[g.opponent])
        if g.given:
            # Rule 12, giver: his own pre-event rating is converted; the drop is added to the
            # opponent's rating (k stays his own).
            drop = state.rating - handicapped_rating(state.rating, g.given)
            effective = opponent + drop
        elif g.received:
            effective = handicapped_rating(opponent, g.received)
        else:
            effective = Fraction(opponent)
        k = k_factor(tr)
        e = expected(effective, tr)
        d = k * (g.score - e)
        d_up = Fraction(k) * (effective - tr) / 160 if g.score == 1 else None
        used = d_up is not None and d_up > d
        if used:
            upsets += 1
        b = bonus(tr, counter)
        bonus_game = None
        if counter < BONUS_GAMES:
            counter += 1
            bonus_game = counter if b else None
        change = (d_up if used else d) + b
        if rules.per_game_rounding:
            change = Fraction(rules.round(change))
        expected_total += e
        bonus_total += b
        rows.append(
            {
                "player": state.id,
                "round": g.round,
                "opponent": g.opponent,
                "result": float(g.score),
                "opponent_rating": opponent,
                "handicap": _handicap_text(g),
                "effective_rating": effective,
                "tr": tr,
                "k": k,
                "expected": e,
                "d": d,
                "d_upset": d_up,
                "upset": used,
                "bonus": b,
                "bonus_game": bonus_game,
                "change": change,
                "tr_after": tr + change,
                "note": g.note or "",
            }
        )
        tr += change
    total_change = tr - state.rating
    after = state.rating + rules.round(total_change)
    return _Outcome(
        state.id,
        kind,
        after,
        total_change,
        expected_total,
        tuple(rows),
        counter,
        bonus_total,
        upsets,
    )


def _no_game_note(state: FesaState, outcome: _Outcome) -> str:
    given = (
        f"the MP {outcome.rating_after} of his prior grade {state.prior_grade}"
        if state.prior_grade
        else str(outcome.rating_after)
    )
    return (
        f"{state.name}: no game played, given {given}, marked * (FESA's program gives a newcomer "
        "without a played game 1, or the MP of his prior grade; the FESA ELO rating system "
        "gives him no rating)"
    )


def _handicap_text(g: RatedGame) -> str:
    if g.handicap is None:
        return ""
    side = "gives" if g.given else "receives"
    return f"{side} {g.handicap} ({_decimal(g.given or g.received)})"


def _unrated_results(state, fictitious, played, post) -> tuple[list[Result], list[Result]]:
    """Rules 5-7: the previous results (stored, or stand-ins), the fictitious games of rule 7
    and this event's results at the opponents' post-event ratings."""
    results: list[Result] = []
    if state.results is not None:
        results.extend(state.results)
    elif state.games and state.rating is not None:
        # Previous results not stored: they are represented by as many games scoring 50%
        # against the player's own rating, which leaves his previous performance unchanged.
        results.extend(
            Result(state.rating, Fraction(1, 2), fictitious="stand-in") for _ in range(state.games)
        )
    if fictitious:
        mp = parse_grade(state.prior_grade).mp
        results += [
            Result(mp, Fraction(1), fictitious="7"),
            Result(mp, Fraction(0), fictitious="7"),
        ]
    event_results = [Result(post[g.opponent], g.score, g.received, g.given) for g in played]
    return results, event_results


def _unrated_outcome(rules, state, kind, fictitious, played, post) -> _Outcome:
    results, event_results = _unrated_results(state, fictitious, played, post)
    perf = performance_rating(results + event_results, solver=rules.solver, rounding=rules.rounding)
    rows = []
    expected_total = Fraction(0)
    for g, res in zip(played, event_results, strict=True):
        own = _strength(perf.rating, res.given)
        effective = _opponent_used(res)
        e = expected(effective, own)
        expected_total += e
        rows.append(
            {
                "player": state.id,
                "round": g.round,
                "opponent": g.opponent,
                "result": float(g.score),
                "opponent_rating": max(RATING_FLOOR, res.opponent),
                "handicap": _handicap_text(g),
                "effective_rating": effective,
                "tr": own,
                "k": None,
                "expected": e,
                "d": None,
                "d_upset": None,
                "upset": None,
                "bonus": None,
                "bonus_game": None,
                "change": None,
                "tr_after": None,
                "note": "; ".join(x for x in (g.note, perf.how) if x),
            }
        )
    change = None
    if state.rating is not None:
        change = Fraction(perf.rating - state.rating)
    stored = tuple(r for r in perf.results if r.fictitious != "stand-in")
    return _Outcome(
        state.id,
        kind,
        perf.rating,
        change,
        expected_total,
        tuple(rows),
        state.bonus_games,
        Fraction(0),
        0,
        replace(perf, results=stored),
    )


# -- event and list conditions (translator's notes 1-3) -------------------------------------

_TIME_CONTROL = re.compile(r"^\s*(\d+)\s*(?:min|m|')?\s*\+\s*(\d+)\s*(?:s|sec|\")?\s*$")


def _check(rules: FesaRules, event: Event, players: PlayerFile | None) -> Table:
    rows = []
    all_games = ", ".join(f"r{g.round} {g.white}-{g.black}" for g in event.games if g.is_played)
    control = event.extra.get("time_control")
    if control:
        match = _TIME_CONTROL.match(str(control))
        if not match:
            rows.append(
                {
                    "rule": "note 2",
                    "problem": f"cannot read time control {control!r} "
                    "(expected minutes+seconds of byoyomi, e.g. 30+30)",
                    "games": "",
                }
            )
        else:
            minutes, seconds = int(match.group(1)), int(match.group(2))
            if not ((minutes >= 30 and seconds >= 30) or (minutes >= 20 and seconds >= 40)):
                rows.append(
                    {
                        "rule": "note 2",
                        "problem": f"time control {minutes} min + "
                        f"{seconds} s is below 30 min + 30 s (or 20 min + 40 s)",
                        "games": all_games,
                    }
                )
    records: Mapping[str, PlayerRecord] = {}
    if players is not None:
        records = players.match(
            [(p.id, p.name) for p in event.players], by_name=event.local_ids
        ).records
    rated = [
        p
        for p in event.players
        if p.rating is not None or (p.id in records and records[p.id].rating is not None)
    ]
    n = len(event.players)
    if n and Fraction(len(rated), n) < Fraction(3, 10):
        rows.append(
            {
                "rule": "note 3",
                "problem": f"{len(rated)} of {n} players "
                f"({100 * len(rated) / n:.0f}%) have a FESA rating; at least 30% needed",
                "games": all_games,
            }
        )
    start = event.start or event.end
    if start is not None:
        for p in event.players:
            record = records.get(p.id)
            last = (record.extra.get("last_event") if record is not None else None) or p.extra.get(
                "last_event"
            )
            if not last:
                continue
            from ..core.values import parse_date

            when = parse_date(str(last), record.location if record else None)
            if (start - when).days > 730:
                rows.append(
                    {
                        "rule": "note 1",
                        "problem": f"{p.name}: last official event "
                        f"{when.isoformat()} is more than 2 years before "
                        f"{start.isoformat()}; the rating is no longer on the list",
                        "games": "",
                    }
                )
    rows.extend(_iteration_check(rules, event, players))
    return Table("FESA event and list conditions", ("rule", "problem", "games"), rows)


def _iteration_check(rules: FesaRules, event: Event, players: PlayerFile | None) -> list[dict]:
    """Rules 8 and 11: an event whose fixed-point iteration does not settle (it cycles, so
    no published result of it can be a fixed point) is reported with the players whose
    ratings alternate."""
    if not any(g.is_played for g in event.games):
        return []
    prepared = _prepare(rules, event, players)

    def compute(pid, post):
        return _outcome(
            rules, event, prepared.states[pid], prepared.categories[pid], prepared.games[pid], post
        )

    notes: list[str] = []
    *_, unsettled = _fixed_point(rules, prepared, compute, notes, rows=False)
    if unsettled is None:
        return []
    alternating = {pid for pid, _ in unsettled.alternating}
    games = ", ".join(
        f"r{g.round} {g.white}-{g.black}"
        for g in event.games
        if g.is_played and (g.white in alternating or g.black in alternating)
    )
    return [{"rule": "rules 8 and 11", "problem": notes[-1], "games": games}]


# -- replaying a season or a whole history ---------------------------------------------------


def _quick_outcome(
    rules, state: FesaState, category, played, post, quick_games=None
) -> _Outcome | None:
    """A player's outcome in float arithmetic, for the replay: the rating after the event,
    the bonus counter and (unrated players) the performance exactly as :func:`_outcome` gives
    them, ``expected`` and ``change`` as floats, no game rows.  None when a step of k(tr) or a
    rounding half lies within :data:`QUICK_SLACK` of the float value: the caller then
    computes the outcome exactly.  (d' against d and the bonus at 1800 need no such care:
    the change is continuous there.)"""
    kind, _total, fictitious = category
    if not played:
        return _outcome(rules, None, state, category, played, post)
    if kind == "unrated":
        results, event_results = _unrated_results(state, fictitious, played, post)
        perf = performance_rating(
            results + event_results, solver=rules.solver, rounding=rules.rounding
        )
        expected_total = 0.0
        for res in event_results:
            own = float(_strength(perf.rating, res.given))
            expected_total += expected_score(float(_opponent_used(res)) - own)
        change = None if state.rating is None else Fraction(perf.rating - state.rating)
        stored = tuple(r for r in perf.results if r.fictitious != "stand-in")
        return _Outcome(
            state.id,
            kind,
            perf.rating,
            change,
            expected_total,
            (),
            state.bonus_games,
            Fraction(0),
            0,
            replace(perf, results=stored),
        )
    rating = state.rating
    tr = float(rating)
    counter = state.bonus_games
    expected_total = bonus_total = 0.0
    upsets = 0
    if quick_games is None:
        quick_games = _quick_games(played)
    slack, floor, per_game = QUICK_SLACK, RATING_FLOOR, rules.per_game_rounding
    bonus_games, ceiling = BONUS_GAMES, BONUS_CEILING
    # k(tr) holds while tr stays in [band_low, band_high] (its step, less the slack).
    band_low, band_high, k = math.inf, -math.inf, 0
    for opponent_id, score, win, handicap in quick_games:
        opponent = post[opponent_id]
        if opponent < floor:
            opponent = floor
        if handicap is None:
            effective = opponent  # an int: int - float is the float difference
        else:
            given, received = handicap
            if given is not None:
                effective = float(opponent + (rating - handicapped_rating(rating, given)))
            else:
                effective = float(handicapped_rating(opponent, received))
        if not band_low <= tr <= band_high:
            for lower, upper, step_k in _K_STEPS:
                if tr >= lower:
                    if tr - lower < slack or upper - tr < slack:
                        return None
                    k, band_low, band_high = step_k, lower + slack, upper - slack
                    break
        e = expected_score(effective - tr)
        change = k * (score - e)
        if win:
            upset = k * (effective - tr) / 160
            if upset > change:
                change = upset
                upsets += 1
        if counter < bonus_games:
            counter += 1
            if tr < ceiling:
                b = (ceiling - tr) / 200
                change += b
                bonus_total += b
        if per_game:
            if _near_half(change):
                return None
            change = float(math.floor(change + 0.5))
        expected_total += e
        tr += change
    total = tr - rating
    if abs(total - math.floor(total) - 0.5) < slack:  # _near_half(total), inline
        return None
    return _Outcome(
        state.id,
        kind,
        rating + math.floor(total + 0.5),
        total,
        expected_total,
        (),
        counter,
        bonus_total,
        upsets,
    )


def _quick_games(played) -> tuple:
    """A player's games as plain values (computed once for the passes of an event): the
    opponent, the score as a float, whether it is a win, and None for a game without handicap,
    else the handicap (given, received), None for the side that is not."""
    out = []
    for g in played:
        plain = _PLAIN_SCORES.get(id(g.score))
        score, win = plain if plain is not None else (float(g.score), g.score == 1)
        given = None if g.given is _ZERO or not g.given else g.given
        received = None if g.received is _ZERO or not g.received else g.received
        handicap = None if given is None and received is None else (given, received)
        out.append((g.opponent, score, win, handicap))
    return tuple(out)


class _ReplayState:
    """The player file while a history is replayed: look-ups by id and name, and the order a
    chain of ``rate`` calls gives its new state (each event's players first, in event order,
    then the records it did not touch), without copying the file after every event."""

    def __init__(self, players: PlayerFile | None):
        self.source = players.source if players is not None else None
        self.order: dict[int, tuple] = {}
        self.records: dict[int, PlayerRecord] = {}
        self.ids: dict[str, PlayerRecord] = {}
        self.names: dict[str, PlayerRecord] | None = None
        self.with_id = 0
        self.id_count: dict[str, int] = {}
        for index, record in enumerate(players.records if players is not None else ()):
            self._add(record, (1, index, 0), first=False)

    def _add(self, record: PlayerRecord, key: tuple, first: bool = True) -> None:
        """Add a record; ``first``: it comes before every record already there."""
        self.records[id(record)] = record
        self.order[id(record)] = key
        if record.id:
            self.with_id += 1
        if record.id is not None:
            self.id_count[record.id] = self.id_count.get(record.id, 0) + 1
            if first:
                self.ids[record.id] = record
            else:
                self.ids.setdefault(record.id, record)
        if self.names is not None and record.name is not None:
            self.names[normalise_name(record.name)] = record

    def _remove(self, record: PlayerRecord) -> None:
        del self.records[id(record)]
        del self.order[id(record)]
        if record.id:
            self.with_id -= 1
        if record.id is not None:
            self.id_count[record.id] -= 1
            if self.ids.get(record.id) is record:
                del self.ids[record.id]
                if self.id_count[record.id]:  # another record with that id (a rare file)
                    for other in self._ordered():
                        if other.id == record.id:
                            self.ids[record.id] = other
                            break
        if self.names is not None and record.name is not None:
            self.names = None  # rebuilt when next needed (names need not be unique)

    def _ordered(self) -> list[PlayerRecord]:
        return [self.records[k] for k in sorted(self.order, key=self.order.__getitem__)]

    def match(self, pairs, *, by_name: bool = False) -> PlayerMatch:
        """As :meth:`PlayerFile.match`."""
        use_names = by_name or self.with_id == 0
        if use_names and self.names is None:
            self.names = {}
            for record in reversed(self._ordered()):
                if record.name is not None:
                    self.names[normalise_name(record.name)] = record
        found: dict[str, PlayerRecord] = {}
        unmatched: list[str] = []
        for player_id, name in pairs:
            key = normalise_name(name) if use_names else player_id
            record = (self.names if use_names else self.ids).get(key)
            if record is None:
                unmatched.append(player_id)
            else:
                found[player_id] = record
        return PlayerMatch("name" if use_names else "id", found, tuple(unmatched), self.source)

    def replace(self, used, new_records, event_index: int) -> None:
        for record in {id(r): r for r in used}.values():
            self._remove(record)
        for position, record in enumerate(new_records):
            self._add(record, (0, -event_index, position))

    def player_file(self) -> PlayerFile:
        return PlayerFile(tuple(self._ordered()), self.source)


def _replay_compute(rules, event, prepared: _Prepared, plain, pid, post) -> _Outcome:
    state, category, played = prepared.states[pid], prepared.categories[pid], prepared.games[pid]
    quick = _quick_outcome(rules, state, category, played, post, plain[pid])
    if quick is not None:
        return quick
    return _outcome(rules, event, state, category, played, post)


def _read_back(results: str | None, outcome: _Outcome) -> tuple[Result, ...] | None:
    """The previous results state_of reads from a record's ``results`` column: written from
    the outcome's performance (an unrated player who played) without handicaps, they are its
    results as they are written, opponent and score; else the column is read."""
    if not results or not results.strip():
        return None
    perf = outcome.performance
    if outcome.category == "unrated" and perf is not None:
        kept = _kept_results(perf)
        if not any(r.received or r.given for r in kept):
            return tuple(Result(r.opponent, r.score) for r in kept)
    return parse_results(results)


#: The FesaState fields the replay carries from a record it wrote to the player's next event.
_KNOWN_FIELDS = (
    "rating",
    "games",
    "bonus_games",
    "grade",
    "prior_grade",
    "lb_run",
    "mp_run",
    "lb_run_mp",
    "results",
)

#: Player-file columns that state_of reads from a record's extra and _new_record leaves as
#: the old record had them: a record with one of them is read by state_of again.
_STATE_KEYS = frozenset(("games", "grade", "prior_grade"))

REPLAY_COLUMNS = (
    "event",
    "category",
    "career_games",
    "performance",
    "grade_before",
    "grade_after",
    "promotion",
)


def replay_events(
    rules: FesaRules, events: Sequence[Event], players: PlayerFile | None = None
) -> Report:
    """Rate events one after the other, each with its fixed-point iteration, fast.

    The ratings, categories, performances, grades, promotions and the new state are those of
    :meth:`FesaRules.rate_events` (``tests/test_fesa.py`` shows it on a synthetic history).
    What makes it fast: each pass of an event's iteration computes the players' changes in
    float arithmetic (the exact computation takes over for a player whose value lies within
    :data:`QUICK_SLACK` of a step of k(tr) or of a rounding half), recomputes only the players
    whose opponents changed, carries each player's state from the record it wrote to his next
    event, keeps the player file indexed instead of copying it after every event, and pauses
    the cycle collector (:func:`ratingkit.core.fastbuild.collector_paused`).  The report has one
    row per player and event: ``expected`` and ``change`` are floats here (within about 1e-9
    of the exact values, which :meth:`FesaRules.rate` gives with every game's detail), and no
    game rows."""
    if not events:
        raise RatingkitError("no events to replay")
    for event in events:
        require_games(event, rules.name)
    with collector_paused():
        return _replay(rules, events, players)


def _replay(rules: FesaRules, events: Sequence[Event], players: PlayerFile | None) -> Report:
    store = _ReplayState(players)
    rows: list[dict] = []
    promo_rows: list[dict] = []
    notes: list[str] = []
    total_passes = 0
    # The state each record written by this replay gives (what state_of would read back from
    # it), so that the next event of its player need not read the record again.
    known: dict[int, tuple[PlayerRecord, tuple]] = {}

    def state_for(player, record, source):
        if record is not None and not player.extra:
            entry = known.pop(id(record), None)
            if entry is not None and entry[0] is record:
                # In the order of FesaState's fields, as its own __init__ would set them.
                fields: dict[str, object] = {"id": player.id, "name": player.name}
                fields.update(zip(_KNOWN_FIELDS, entry[1], strict=True))
                fields["record"] = record
                fields["notes"] = ()
                return build(FesaState, fields)
        return state_of(player, record, source)

    for event_index, event in enumerate(events):
        prepared = _prepare(rules, event, store, state_for)
        states, games, categories = prepared.states, prepared.games, prepared.categories
        pass_notes: list[str] = []

        plain = prepared.plain

        compute = partial(_replay_compute, rules, event, prepared, plain)
        outcomes, post, passes, _, _ = _fixed_point(
            rules, prepared, compute, pass_notes, rows=False
        )
        total_passes += passes
        notes.extend(f"{event.name}: {n}" for n in pass_notes)
        records_out = []
        for player in event.players:
            pid = player.id
            state = states[pid]
            outcome = outcomes[pid]
            category, total, _fictitious = categories[pid]
            played = games[pid]
            promotion = ""
            counters, found = _promotions(
                rules, state, outcome, category, played, trace=False, total=total
            )
            for old, new, path, round_, career, x in found:
                row = _promo_row(state, old, new, path, round_, career, x)
                row["from_grade"] = grade_name(old)
                row["to_grade"] = grade_name(new)
                promo_rows.append({**row, "event": event.name})
                promotion = grade_name(new)
            rows.append(
                {
                    "id": pid,
                    "name": player.name,
                    "rating_before": state.rating,
                    "games": len(played),
                    # 0, 0.5 and 1 add up exactly in floats: the same as the Fraction sum
                    "score": sum([g[1] for g in plain[pid]], 0.0),
                    "expected": None if outcome.expected is None else float(outcome.expected),
                    "change": None if outcome.change is None else float(outcome.change),
                    "rating_after": outcome.rating_after,
                    "event": event.name,
                    "category": outcome.category,
                    "career_games": total,
                    "performance": outcome.performance.rating if outcome.performance else None,
                    "grade_before": grade_name(held_grade(rules, state)),
                    "grade_after": grade_name(counters.grade),
                    "promotion": promotion,
                }
            )
            record = _new_record(
                state, player, outcome, counters, total, played, post, prepared.by_name
            )
            records_out.append(record)
            if record.rating is not None and _STATE_KEYS.isdisjoint(record.extra):
                results = record.extra.get("results")
                known[id(record)] = (
                    record,
                    (
                        record.rating,
                        record.games,
                        int(record.extra["bonus_games"]),
                        counters.grade,
                        record.prior_grade,
                        counters.lb_run,
                        counters.mp_run,
                        counters.lb_run_mp,
                        _read_back(results, outcome),
                    ),
                )
        store.replace(prepared.records.values(), records_out, event_index)
    notes.insert(
        0,
        f"{len(events)} events replayed one after the other ({total_passes} passes of the "
        "fixed-point iteration in all); expected and change are floats here, ratings, "
        "categories, grades and the new state are exact (rate an event for its full detail)",
    )
    return Report.build(
        title=f"{len(events)} events replayed",
        rules=rules.name,
        rows=rows,
        extra_columns=REPLAY_COLUMNS,
        summary={"events": len(events), "passes": total_passes},
        notes=notes,
        sections=[Table("promotions", (*_PROMO_COLUMNS, "event"), promo_rows)],
        new_state=store.player_file(),
    )


FESA = FesaRules()
FESA_2011 = FesaRules(
    name="fesa-2011",
    title="FESA shogi ELO rating system (before 2012: each game's change rounded)",
    valid_from=None,
    valid_until=date(2011, 12, 31),
    per_game_rounding=True,
)
FESA_PROGRAM = FesaRules(
    name="fesa-program",
    title="FESA shogi ELO rating system as FESA's program computes it (Newton, single "
    "precision; promotions by game count; newcomers without a game rated)",
    solver="newton32",
    program_grades=True,
    program_no_game_rating=True,
)
FESA_NSR = FesaRules(
    name="fesa-nsr",
    title="FESA shogi ELO rating system with the NSR jishogi practice (27-point count)",
    nsr=True,
)

#: The game count :func:`state_from_published_table` gives an established player (rule 3:
#: 18 or more; at least 100, so that a counter of 100 means no bonus).
PUBLISHED_TABLE_GAMES = BONUS_GAMES


def state_from_published_table(event: Event, rules: FesaRules | None = None) -> PlayerFile:
    """A player file for re-rating a FESA table as FESA published it (``ELO`` and ``+/-``
    filled in), which does not carry the players' state before the event.  Assumptions:

    * a player whose ``ELO`` has no ``*`` is established (rule 3: 18 games or more; here
      ``games`` 100) with that ``ELO`` as his rating before the event and his grade as held;
    * his bonus counter of rule 9 is read off the table: 0 (the bonus on every game of the
      event) where formula (1), rule (A) and the bonus of rule 9 against the opponents'
      *published* post-event ratings (rules 8 and 11: ``ELO`` plus ``+/-``, or the starred
      ``ELO``) round to his published ``+/-``, else 100 (no bonus);
    * a player whose ``ELO`` has a ``*`` (rated by performance) is new: no rating, no game, no
      previous results, his grade as a prior grade (rule 7).  A starred player whose published
      rating rests on results of earlier events that the table does not show is therefore not
      reproduced.

    The records are matched on the players' names, as a FESA table's player file is."""
    rules = rules or FESA
    post: dict[str, int] = {}
    for p in event.players:
        starred = p.extra.get("published_rating")
        change = p.extra.get("published_change")
        if starred is not None:
            post[p.id] = int(starred)
        elif p.rating is not None and change is not None:
            post[p.id] = p.rating + int(change)
        elif p.rating is not None and not any(
            g.is_played and p.id in g.players for g in event.games
        ):
            post[p.id] = p.rating
        else:
            raise InvalidValueError(
                f"player {p.id} ({p.name}): the table gives no published rating after the "
                "event (ELO with * or +/-): it is not a rated, published FESA table",
                Location(event.source) if event.source else None,
                p.name,
            )
    new = {p.id for p in event.players if p.extra.get("published_rating") is not None}
    states = {
        p.id: FesaState(p.id, p.name, None, 0, 0)
        if p.id in new
        else FesaState(p.id, p.name, p.rating, PUBLISHED_TABLE_GAMES, 0)
        for p in event.players
    }
    played, _eras = _event_games(rules, event, states)
    rows = []
    for p in event.players:
        grade = str(p.extra.get("grade") or "")
        if p.id in new:
            rows.append({"name": p.name, "games": 0, "prior_grade": grade, "bonus_games": 0})
            continue
        state = states[p.id]
        category = _category(state, len(played[p.id]))
        with_bonus = _outcome(rules, event, state, category, played[p.id], post)
        counter = 0 if with_bonus.rating_after == post[p.id] else BONUS_GAMES
        rows.append(
            {
                "name": p.name,
                "rating": p.rating,
                "games": PUBLISHED_TABLE_GAMES,
                "grade": grade,
                "bonus_games": counter,
            }
        )
    return PlayerFile.from_records(rows, f"{event.source or event.name}: state assumed")


def published_comparison(report: Report, ids: Sequence[str] | None = None) -> Table:
    """A FESA report of a published table beside what the table published: each player's
    rating before the event, the published ``+/-`` (or, for a player rated by performance,
    the published starred rating), the rating after the event as the rule set computes it,
    and the difference (0 where they agree).  ``ids``: the players to show (all by default)."""
    columns = (
        "id",
        "name",
        "rating_before",
        "published_change",
        "published_rating",
        "rating_after",
        "difference",
    )
    rows = report.players.rows
    if ids is not None:
        wanted = {str(i) for i in ids}
        rows = [r for r in rows if r["id"] in wanted]
    if rows and "difference" not in rows[0]:
        raise RatingkitError("the report's event carries no published values (+/- or ELO*)")
    return Table(
        f"{report.title}: published and computed",
        columns,
        [{c: r[c] for c in columns} for r in rows],
    )


__all__ = [
    "FESA",
    "FESA_2011",
    "FESA_NSR",
    "FESA_PROGRAM",
    "HALF_DIGITS",
    "FesaRules",
    "FesaState",
    "Performance",
    "PromotionCounters",
    "Result",
    "bonus",
    "bonus_table",
    "display_grade",
    "exact_performance",
    "expected",
    "expected_score",
    "formula_change",
    "k_factor",
    "newton32_performance",
    "parse_results",
    "performance_rating",
    "performance_sum",
    "promotion_trace",
    "published_comparison",
    "replay_events",
    "rounded_at_half",
    "state_from_published_table",
    "state_of",
    "sum_at_half",
    "upset_change",
    "upset_crossing",
    "upset_thresholds",
]


def upset_thresholds(
    differences: Sequence[int] = range(0, 301, 25), ks: Sequence[int] = (16, 24, 40)
):
    """For a win at each rating difference or - tr: d of formula (1) and d' of rule (A) for
    each k, and which one is used."""
    rows = []
    for diff in differences:
        e = expected_score(diff)
        row: dict[str, object] = {"or - tr": diff, "E": e}
        for k in ks:
            d = k * (1 - e)
            d_upset = k * diff / 160
            row[f"d (k={k})"] = d
            row[f"d' (k={k})"] = d_upset
        row["used"] = "d' (A)" if diff / 160 > 1 - e else "d"  # k cancels out
        rows.append(row)
    columns = ["or - tr", "E"]
    for k in ks:
        columns += [f"d (k={k})", f"d' (k={k})"]
    return Table("win: formula (1) against rule (A)", (*columns, "used"), rows)


def bonus_table(ratings: Sequence[int] = range(400, 1801, 200)) -> Table:
    """Rule 9's bonus per game, (1800 - tr)/200, for a player with fewer than 100 games."""
    rows = [{"tr": r, "bonus per game": bonus(r, 0), "k": k_factor(r)} for r in ratings]
    return Table("bonus of rule 9 per game", ("tr", "bonus per game", "k"), rows)
