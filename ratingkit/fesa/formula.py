"""FESA's formulas: formula (1) and its expectation, k(tr), the upset rule (A), the bonus of
rule 9, and the performance ratings of rules 5-7.

The expectation of formula (1), E = 1 / (1 + 10^((or - tr)/400)), is written once, in
:func:`expected_score`, in FESA's numerics (the float of the rating difference, divided by
400; single precision where FESA's program solves in single precision): every caller, the
replay's float path included, uses it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from ..core.expected import expected_against
from ..core.i18n import tr
from ..core.rounding import round_half_away_from_zero, round_half_even, round_half_up
from ..core.shogi import handicapped_rating

#: A rating as the formulas take it: a whole rating, an exact one, or FESA's program's float.
Rating = int | Fraction | float

#: Opponent ratings below this are raised to it (rules 8 and 11, as FESA's program rates).
RATING_FLOOR = 400
#: Rule 3: fewer games than this -> unrated; fewer than PROVISIONAL_GAMES -> provisional.
UNRATED_GAMES = 9
PROVISIONAL_GAMES = 18
#: Rule 9: the bonus stops at this many rated games and at this rating.
BONUS_GAMES = 100
BONUS_CEILING = 1800
#: FESA's look-ahead: imaginary games played after an event.
LOOKAHEAD_GAMES = 20

_K_TABLE: tuple[tuple[int, int], ...] = (
    (2240, 16),
    (1920, 20),
    (1560, 24),
    (1280, 28),
    (1040, 32),
    (720, 36),
)

_ROUNDERS = {
    "half-even": round_half_even,
    "half-up": round_half_up,
    "half-away": round_half_away_from_zero,
}


#: k(tr) of formula (1) as (lowest tr, tr where the next step starts, k).
_K_STEPS = tuple(
    (lower, upper, k)
    for (lower, k), upper in zip(
        (*_K_TABLE, (-math.inf, 40)), (math.inf, *(lower for lower, _ in _K_TABLE)), strict=True
    )
)

#: A float decision this close to a step of k(tr) or to a rounding half is left to the exact
#: computation (the float value strays from the exact one by far less: about 1e-12 a game).
QUICK_SLACK = 1e-6


def _near_half(value: float) -> bool:
    return abs(value - math.floor(value) - 0.5) < QUICK_SLACK


# -- formula (1), the upset rule (A), the bonus (9) -----------------------------------------

#: Formula (1)'s expectation E = 1 / (1 + 10^(D/400)) for D = or - tr, the opponent's rating
#: minus the player's, in FESA's numerics (a float, or a NumPy single for FESA's program's
#: Newton iteration): the logistic formula of :mod:`ratingkit.core.expected`, written once
#: there (the name, not a wrapper: the replay calls it once a game).
expected_score = expected_against


def k_factor(tr: int | Fraction | float) -> int:
    """k(tr) of formula (1): 16 from 2240, 20 from 1920, 24 from 1560, 28 from 1280, 32 from
    1040, 36 from 720, else 40 (formula (1)'s k table)."""
    for lower, k in _K_TABLE:
        if tr >= lower:
            return k
    return 40


def expected(opponent: int | Fraction | float, tr: int | Fraction | float) -> Fraction:
    """1 / (1 + 10^((or - tr)/400)) of formula (1), as an exact Fraction of the float value."""
    return Fraction(expected_score(float(opponent - tr)))


def formula_change(tr: Rating, opponent: Rating, result: Fraction | float | int) -> Fraction:
    """d = k(tr) * (res - E) of formula (1)."""
    return k_factor(tr) * (Fraction(result) - expected(opponent, tr))


def upset_change(tr: Rating, opponent: Rating) -> Fraction:
    """d' = k(tr) * (or - tr) / 160 of rule (A), for a win."""
    return Fraction(k_factor(tr)) * (Fraction(opponent) - Fraction(tr)) / 160


def bonus(tr: Rating, bonus_games: int) -> Fraction:
    """Rule 9: (1800 - tr)/200 for a player under 1800 with fewer than 100 rated games."""
    if tr < BONUS_CEILING and bonus_games < BONUS_GAMES:
        return (BONUS_CEILING - Fraction(tr)) / 200
    return Fraction(0)


def upset_crossing(k: int | None = None, lo: float = 1.0, hi: float = 400.0) -> float:
    """The rating difference or - tr above which d' > d for a win (the translator's "about
    103"), found by bisection.  k cancels out; it is accepted for the notebook's tables."""
    kk = k or 24

    def gap(diff: float) -> float:
        return float(kk * diff / 160 - kk * (1 - expected_score(diff)))

    for _ in range(200):
        mid = (lo + hi) / 2
        if gap(mid) > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


# -- performance ratings (rules 5-7) --------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One result for a performance rating: the opponent's rating, the score, and the
    handicap (in grades) the player received from or gave to the opponent."""

    opponent: int
    score: Fraction
    received: Fraction = Fraction(0)
    given: Fraction = Fraction(0)
    fictitious: str | None = None

    def token(self) -> str:
        mark = _SCORE_MARKS[self.score]
        text = f"{self.opponent}{mark}"
        if self.received:
            text += f"r{_decimal(self.received)}"
        if self.given:
            text += f"g{_decimal(self.given)}"
        return text


#: How a result's score is written in the ``results`` column.
_SCORE_MARKS = {Fraction(1): "+", Fraction(1, 2): "=", Fraction(0): "-"}


def _decimal(value: Fraction) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text


def _strength(rating: Rating, given: Fraction) -> Rating:
    return handicapped_rating(rating, given) if given else rating


def _opponent_used(result: Result) -> Rating:
    floored = max(RATING_FLOOR, result.opponent)
    return handicapped_rating(floored, result.received) if result.received else floored


#: One result of a root search: the score and the opponent used as floats, the handicap given.
Term = tuple[float, float, Fraction | None]


def _performance_terms(results: Sequence[Result]) -> tuple[Term, ...]:
    """Each result's float score, float opponent rating used and handicap given, computed
    once for the many evaluations of a root search."""
    return tuple((float(r.score), float(_opponent_used(r)), r.given or None) for r in results)


def _sum_of_terms(terms: Sequence[Term], rating: float) -> float:
    total = 0.0
    rating = float(rating)
    for score, opponent, given in terms:
        own = rating if given is None else float(_strength(rating, given))
        total += score - expected_score(opponent - own)
    return total


def performance_sum(results: Sequence[Result], rating: float) -> float:
    """sum(res - E) at ``rating`` (rule 5): zero at the performance rating."""
    return _sum_of_terms(_performance_terms(results), rating)


def _bisect(
    terms: Sequence[Term], lo: float, hi: float, skip_below: float, skip_above: float
) -> float:
    """Rule 5's bisection on [lo, hi] to 1e-9.  A midpoint at or below ``skip_below`` is known
    to give a positive sum, at or above ``skip_above`` a negative one, without computing it."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid <= skip_below:
            lo = mid
        elif mid >= skip_above:
            hi = mid
        elif _sum_of_terms(terms, mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-9:
            break
    return (lo + hi) / 2


def _root_of_terms(terms: Sequence[Term], start: float | None = None) -> float:
    """The bisection of rule 5 from [-6000, 10000].  Without handicaps given, the sum falls
    as the rating rises; a few Newton steps find the root, and two sums at most 1e-7 either
    side of it, each farther from zero than the sum's rounding error can reach, tell the sign
    at every midpoint outside that bracket: the bisection computes only the midpoints inside
    it and takes every step the plain bisection takes (the same float result; the bracket's
    width changes only how many midpoints are computed)."""
    if any(given for _, _, given in terms):
        return _bisect(terms, -6000.0, 10000.0, -math.inf, math.inf)
    slope_unit = math.log(10) / 400
    # Newton starts from the mean opponent, or from ``start`` (a root found a moment ago for
    # nearly the same results): only the steps taken differ, not the root below.
    x = start if start is not None else sum(opponent for _, opponent, _ in terms) / len(terms)
    for _ in range(30):
        value = slope = 0.0
        for score, opponent, _ in terms:
            e = expected_score(opponent - x)
            value += score - e
            slope += slope_unit * e * (1 - e)
        if slope <= 0:
            break
        step = max(-400.0, min(400.0, value / slope))
        x += step
        # Newton converges quadratically: after a step this small, x is within about 1e-14
        # of the root (and the bracket below is checked in any case).
        if abs(step) < 1e-6:
            break
    # |rounding error of a sum| < 1e-12 per term (about 1e-14 per term and 1e-16 per
    # addition of partial sums below the number of terms): 4e-12 per term is safe.
    margin = 4e-12 * (len(terms) + 1)
    # The narrower the bracket, the fewer midpoints inside it are computed: first one where
    # the sum, falling by about ``slope`` a point, lies 8 margins from zero, then 1e-7.
    narrow = 8 * margin / slope if slope > 0 else 1e-7
    for half_width in (narrow, 1e-7) if 1e-9 < narrow < 1e-7 else (1e-7,):
        below, above = x - half_width, x + half_width
        if (
            below > -6000.0
            and above < 10000.0
            and _sum_of_terms(terms, below) > 2 * margin
            and _sum_of_terms(terms, above) < -2 * margin
        ):
            return _bisect(terms, -6000.0, 10000.0, below, above)
    return _bisect(terms, -6000.0, 10000.0, -math.inf, math.inf)


def exact_performance(results: Sequence[Result], start: float | None = None) -> float:
    """The root of :func:`performance_sum` (rule 5), by bisection to float precision.  (Roots
    are not remembered: rating 60 events asked for the same results again 10 times in 737.)"""
    return _root_of_terms(_performance_terms(results), start)


def newton32_performance(results: Sequence[Result], passes: int = 60) -> float:
    """FESA's program: Newton's method in single precision, starting from the first listed
    opponent's rating (FESA's program's numerics).  It stops when a step moves the rating
    by less than a hundredth, and limits a step to 400 points; the program's own stopping rule
    and guards are not documented."""
    import numpy as np

    f32 = np.float32
    ln10 = f32(math.log(10) / 400)
    r = f32(float(_opponent_used(results[0])))
    for _ in range(passes):
        value = f32(0)
        slope = f32(0)
        for res in results:
            own = f32(float(_strength(float(r), res.given)))
            e = expected_score(f32(float(_opponent_used(res))) - own)
            value += f32(float(res.score)) - e
            slope += ln10 * e * (f32(1) - e)
        if slope == 0:
            break
        step = value / slope
        # A guard of ours: a step is at most 400 points, else Newton can run away from a far
        # starting point (the program's own guard is not documented).
        step = max(f32(-400), min(f32(400), step))
        r = f32(r + step)
        if abs(step) < 0.01:
            break
    return float(r)


@dataclass(frozen=True)
class Performance:
    rating: int
    root: float | None
    how: str
    results: tuple[Result, ...]


def performance_rating(
    results: Sequence[Result],
    *,
    solver: str = "exact",
    rounding: str = "half-even",
    start: float | None = None,
) -> Performance:
    """The performance rating of rules 5-6: 0% -> 1; 100% -> a fictitious draw against the
    highest-rated opponent is added; else the root of sum(res - E) = 0, rounded (at least 1).
    """
    results = tuple(results)
    # Scores lie in [0, 1]: 0% when none scores, 100% when every one is a win.
    if not any(r.score for r in results):
        return Performance(1, None, tr("0% score: rating 1 (rule 6)"), results)
    used = results
    how = tr("performance rating (rule 5)")
    if all(r.score == 1 for r in results):
        best = max(results, key=lambda r: _opponent_used(r))
        used = (*results, Result(best.opponent, Fraction(1, 2), best.received, best.given, "6"))
        how = tr(
            "100% score: fictitious draw against {opponent} added (rule 6)", opponent=best.opponent
        )
    root = newton32_performance(used) if solver == "newton32" else exact_performance(used, start)
    # Away from a half every rounding rule gives the nearest integer: no fraction needed.
    if not _near_half(root):
        value = math.floor(root + 0.5)
    elif solver == "newton32":
        # The program's own single-precision root, rounded as it lands.
        value = _ROUNDERS[rounding](Fraction(root))
    else:
        value = rounded_at_half(used, math.floor(root) + Fraction(1, 2), rounding)
    return Performance(max(1, value), root, how, used)


#: Digits of the decimal arithmetic that tells the sign of sum(res - E) at a half.
HALF_DIGITS = 80


def sum_at_half(results: Sequence[Result], half: Fraction) -> tuple[Fraction, Decimal | None]:
    """sum(res - E) of rule 5 at the rating ``half``, decided exactly where it can be: the
    exact value when every term cancels or is rational (E(-d) = 1 - E(d), E(0) = 1/2, and
    10^(d/400) is rational when d is a multiple of 400), else that exact part and the sum in
    :data:`HALF_DIGITS`-digit decimal arithmetic.  Returns (exact part, decimal sum or None
    when the sum is exactly the exact part)."""
    exact = Fraction(0)
    # The coefficient of E(d) for each d > 0 after E(-d) = 1 - E(d) (d = or - own rating).
    symbolic: dict[Fraction, int] = {}
    for r in results:
        exact += r.score
        own = _strength(half, r.given)
        d = Fraction(_opponent_used(r)) - Fraction(own)
        if d == 0:
            exact -= Fraction(1, 2)
        elif (d / 400).denominator == 1:
            exact -= 1 / (1 + Fraction(10) ** int(d / 400))
        elif d > 0:
            symbolic[d] = symbolic.get(d, 0) + 1
        else:
            exact -= 1
            symbolic[-d] = symbolic.get(-d, 0) - 1
    terms = [(d, c) for d, c in symbolic.items() if c]
    if not terms:
        return exact, None
    with localcontext() as ctx:
        ctx.prec = HALF_DIGITS
        total = Decimal(exact.numerator) / Decimal(exact.denominator)
        for d, c in terms:
            power = Decimal(10) ** (Decimal(d.numerator) / Decimal(d.denominator * 400))
            total -= Decimal(c) / (1 + power)
    return exact, total


def rounded_at_half(results: Sequence[Result], half: Fraction, rounding: str) -> int:
    """The performance rating of rule 5 when its root lies within a hair of ``half`` (x.5):
    the sum falls as the rating rises, so its sign at the half tells on which side the root
    lies; an exact zero is the half itself, rounded by ``rounding`` (halves to even as FESA's
    program: one win against 884 and one loss against 1077 give 980.5 and so 980)."""
    exact, approximate = sum_at_half(results, half)
    if approximate is None:
        sign = (exact > 0) - (exact < 0)
    elif abs(approximate) > Decimal(10) ** (20 - HALF_DIGITS):
        sign = 1 if approximate > 0 else -1
    else:
        # Terms that do not cancel, yet add up to zero within 1e-60: no such case is known;
        # an exact zero it is taken to be.
        sign = 0
    if sign > 0:
        return math.ceil(half)
    if sign < 0:
        return math.floor(half)
    return _ROUNDERS[rounding](half)
