"""FESA's promotions (rule 10 with rule 11's spread of the change, and FESA's program's
look-ahead): each game of an event tested against LB, MP and UB of the next grade."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..core.i18n import N_, tr
from ..core.outcome import detail_cells, shown_as
from ..core.report import Table
from ..core.shogi import GRADES, grade_by_number, grade_name, shown_grade_name
from .formula import LOOKAHEAD_GAMES, PROVISIONAL_GAMES, UNRATED_GAMES, k_factor
from .outcome import PromotionPath
from .state import PromotionCounters

#: A rating tested for promotion: exact (a Fraction), or an int where it is whole.
Tested = int | Fraction | float


class PromotionFound(NamedTuple):
    """One promotion found by :func:`promotion_trace`: from and to (grade numbers), the path
    in words, the round of the game that triggered it (None: the look-ahead, or a game before
    this event's tested again), the career game and the rating tested, and the path as a
    value."""

    from_grade: int
    to_grade: int
    path: str
    round: int | None
    career_game: int
    tested_rating: Tested
    kind: PromotionPath


@dataclass(frozen=True)
class TraceStep:
    """One test of rule 10 in a promotion trace: the game (None: the look-ahead), its round
    and career game number, the rating tested and as what, the grade tested for with its
    LB, MP and UB, the counters after the test, the promotions it gave and their paths."""

    game: int | None = shown_as(N_("game"))
    round: int | None = shown_as(N_("round"))
    career_game: int = shown_as(N_("career_game"))
    tested_rating: Tested = shown_as(N_("tested_rating"))
    tested_as: str = shown_as(N_("tested_as"))
    target: str = shown_as(N_("target"))
    lb: int | None = shown_as("LB")
    mp: int | None = shown_as("MP")
    ub: int | None = shown_as("UB")
    lb_run: int = shown_as(N_("lb_run"))
    mp_run: int = shown_as(N_("mp_run"))
    lb_run_mp: bool = shown_as(N_("lb_run_mp"))
    promoted_to: str = shown_as(N_("promoted_to"))
    path: str = shown_as(N_("path"))


@dataclass(frozen=True, repr=False)
class TraceTable(Table):
    """A promotion trace: its steps as values (:class:`TraceStep`) and their table."""

    steps: tuple[TraceStep, ...] = ()

    @classmethod
    def of(cls, steps: Sequence[TraceStep]) -> TraceTable:
        found = tuple(steps)
        return cls(
            tr("promotion trace"), TRACE_COLUMNS, tuple(detail_cells(s) for s in found), {}, found
        )


#: One promotion of a step: from, to, the path in words and as a value.
Step = tuple[int, int, str, PromotionPath]

#: The grade table by grade number (grade_by_number without the call, for the replay).
_GRADE_OF = {g.number: g for g in GRADES}


def established_step(c: PromotionCounters, x: Tested) -> list[Step]:
    """Test one game at rating ``x`` as an established player (rule 10 a-c), updating ``c``;
    returns the promotions (from, to, path, kind).  After a promotion the same game is tested again
    against the next grade.  Nothing lies above 6 dan (no failure at the top of the table)."""
    promotions: list[Step] = []
    counted = False
    while c.grade + 1 <= GRADES[-1].number:
        target = grade_by_number(c.grade + 1)
        if x >= target.ub:
            promotions.append(
                (c.grade, target.number, tr("(a) reached UB {ub}", ub=target.ub), PromotionPath.UB)
            )
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
            path = tr("(b) {mp_run} games at or above MP {mp}", mp_run=c.mp_run, mp=target.mp)
            kind = PromotionPath.MP_RUN
        elif target.n_lb is not None and c.lb_run >= target.n_lb and c.lb_run_mp:
            path = tr(
                "(c) {lb_run} games at or above LB {lb}, one at or above MP",
                lb_run=c.lb_run,
                lb=target.lb,
            )
            kind = PromotionPath.LB_RUN
        else:
            break
        promotions.append((c.grade, target.number, path, kind))
        c.grade, c.lb_run, c.mp_run, c.lb_run_mp, counted = target.number, 0, 0, False, False
    return promotions


def provisional_step(c: PromotionCounters, x: Tested, offset: int = 2) -> list[Step]:
    """Rule 10 for a provisional player: promoted to g+1 only on reaching UB of g + offset
    (rule 10: offset 2, the grade above the target)."""
    promotions: list[Step] = []
    while c.grade + offset <= GRADES[-1].number:
        needed = grade_by_number(c.grade + offset).ub
        if x < needed:
            break
        above = shown_grade_name(c.grade + offset)
        promotions.append(
            (
                c.grade,
                c.grade + 1,
                tr("provisional: reached UB {needed} of {above}", needed=needed, above=above),
                PromotionPath.PROVISIONAL,
            )
        )
        c.grade, c.lb_run, c.mp_run, c.lb_run_mp = c.grade + 1, 0, 0, False
    return promotions


TRACE_COLUMNS = (
    N_("game"),
    N_("round"),
    N_("career_game"),
    N_("tested_rating"),
    N_("tested_as"),
    N_("target"),
    "LB",
    "MP",
    "UB",
    N_("lb_run"),
    N_("mp_run"),
    N_("lb_run_mp"),
    N_("promoted_to"),
    N_("path"),
)


def promotion_trace(
    rating_before: int | Fraction,
    total_change: int | Fraction,
    games: int | Sequence[int | None],
    games_before: int,
    counters: PromotionCounters,
    *,
    provisional_offset: int = 2,
    lookahead: bool = True,
    trace: bool = True,
) -> tuple[PromotionCounters, TraceTable, list[PromotionFound]]:
    """Rule 10 over one event: the total change spread evenly over its games (rule 11; game r
    of n tested at rating_before + r * total / n, exactly), each game tested by the career game
    number (established from the 18th, provisional from the 9th), then FESA's look-ahead.

    ``games`` is the number of games or their round numbers (None: a game before this
    event's, tested again as FESA's program tests a player still unrated).  Returns the
    counters after the event, the trace (one row per test; empty with ``trace=False``, as a
    replay wants it) and the promotions (from, to, path, round, career game, tested
    rating)."""
    rounds = list(range(1, games + 1)) if isinstance(games, int) else list(games)
    c = counters.copy()
    n = len(rounds)
    rows: list[TraceStep] = []
    promotions: list[PromotionFound] = []
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
            tested_as, found = "established", established_step(c, x)
        elif career >= UNRATED_GAMES:
            tested_as, found = "provisional", provisional_step(c, x, provisional_offset)
        else:
            tested_as, found = tr("not tested (under 9 games)"), []
        if not trace:
            exact_x = before + Fraction(r * change, n) if found and whole else x
            promotions += [
                PromotionFound(old, new, path, round_, career, exact_x, kind)
                for old, new, path, kind in found
            ]
            continue
        target = grade_by_number(target_number)
        rows.append(
            TraceStep(
                game=r,
                round=round_,
                career_game=career,
                tested_rating=x,
                tested_as=tested_as,
                target=target.name if c.grade < GRADES[-1].number or found else "",
                lb=target.lb,
                mp=target.mp,
                ub=target.ub,
                lb_run=c.lb_run,
                mp_run=c.mp_run,
                lb_run_mp=c.lb_run_mp,
                promoted_to=", ".join(grade_name(new) for _, new, _, _ in found),
                path="; ".join(path for _, _, path, _ in found),
            )
        )
        promotions += [
            PromotionFound(old, new, path, round_, career, x, kind)
            for old, new, path, kind in found
        ]
    # After the event, also for a player without a game in it (FESA's program looks ahead
    # for every player listed with 18 games or more; only fesa-program tests such a player).
    if lookahead and games_before + n >= PROVISIONAL_GAMES:
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
                path = tr(
                    "look-ahead: imaginary game {i} of {LOOKAHEAD_GAMES}, each losing k, "
                    "would still promote (FESA's program)",
                    i=i,
                    LOOKAHEAD_GAMES=LOOKAHEAD_GAMES,
                )
                promotions.append(
                    PromotionFound(
                        old,
                        old + 1,
                        path,
                        None,
                        games_before + n,
                        before + change,
                        PromotionPath.LOOKAHEAD,
                    )
                )
                rows.append(
                    TraceStep(
                        game=None,
                        round=None,
                        career_game=games_before + n,
                        tested_rating=before + change,
                        tested_as="look-ahead",
                        target=grade_name(old + 1),
                        lb=None,
                        mp=None,
                        ub=None,
                        lb_run=0,
                        mp_run=0,
                        lb_run_mp=False,
                        promoted_to=grade_name(old + 1),
                        path=path,
                    )
                )
                break
            # x only falls from here: below LB of the next grade the counters are reset at
            # every later game and UB is out of reach, so no later game can promote.
            if trial.grade >= GRADES[-1].number or x < grade_by_number(trial.grade + 1).lb:
                break
    if not rows:
        return c, _NO_TRACE, promotions
    return c, TraceTable.of(rows), promotions


_NO_TRACE = TraceTable.of(())
