"""FIDE's formulas since 2014: K (2014 8.56; 2022-2025 8.3.3, with K * n <= 700), the initial
rating Ru of an unrated player (2014 8.22-8.25; 2024 8.2 with two hypothetical opponents),
and the age of a player on a day.  The tables 8.1a and 8.1b are in
:mod:`ratingkit.core.expected`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..core.errors import RatingkitError
from ..core.expected import table_dp
from ..core.i18n import N_, _, tr
from ..core.outcome import Rule
from .state import PlayerState

__all__ = [
    "KChoice",
    "age_on",
    "exact_sum",
    "initial_rating_2024",
    "k_factor",
    "limit_k",
    "months_between",
    "ru_exact",
    "ru_from",
]


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of fractions, as ``sum(values, Fraction(0))`` gives it, added up by
    denominator (ratings are whole, scores halves: two or three fractions made instead of one
    a value; a FIDE month sums a million of them for 8.21a's Rc and 8.22's score)."""
    by_denominator: dict[int, int] = {}
    for value in values:
        # One call a value (numerator and denominator are two properties).
        numerator, denominator = value.as_integer_ratio()
        by_denominator[denominator] = by_denominator.get(denominator, 0) + numerator
    if len(by_denominator) == 1:
        # One denominator (ratings alone, or scores alone): one fraction, no additions.
        ((denominator, numerator),) = by_denominator.items()
        return Fraction(numerator, denominator)
    total = Fraction(0)
    for denominator, numerator in by_denominator.items():
        total += Fraction(numerator, denominator)
    return total


@dataclass(frozen=True)
class KChoice:
    """K, the rule it comes from, and the defaults assumed where the player file is silent."""

    k: int
    k_rule: Rule
    assumed: tuple[str, ...] = ()

    @property
    def rule(self) -> str:
        """The rule in words, as the report's "K rule" column prints it."""
        return str(self.k_rule)


#: K fixed by the player file (its ``k`` column): no clause decides it.
K_GIVEN = Rule("K given in the player file")


def age_on(born: date, on: date) -> int:
    """Completed years of age on a date."""
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def months_between(earlier: date, later: date) -> int:
    """Calendar months from one date's month to another's (7.14c, 2024 7.1.4: 26 months)."""
    return (later.year - earlier.year) * 12 + later.month - earlier.month


def k_factor(
    rating: int,
    state: PlayerState,
    on: date | None,
    junior_until_year_end: bool = False,
    ten_from_2400_first: bool = False,
    junior_ends_once_2300: bool = False,
    clause: str = "8.56",
) -> KChoice:
    """K of FIDE 2014 8.56 for a rated player, with the defaults assumed where state is
    missing: no games count -> taken as 30 or more; no birth date or event date -> taken as
    not a junior; no ever_2400 -> taken from the rating alone.

    ``junior_until_year_end``: the 2024 wording, a junior "until the end of the year of their
    18th birthday" (birth year + 18 >= the event's year) instead of "under 18".
    ``ten_from_2400_first``: 2024 8.3.3 as FIDE applies it, K 10 once the published rating has
    reached 2400, even before 30 games.  ``junior_ends_once_2300``: 2024 8.3.3 as FIDE applies
    it, a junior whose rating once reached 2300 (``ever_2300``) has K 20 afterwards.
    ``clause``: the clause every K rule text names (``"8.56"`` of 2014; ``"8.3.3"`` of the 2022,
    2024 and 2025 texts)."""
    if state.k is not None:
        return KChoice(state.k, K_GIVEN)
    if ten_from_2400_first and (rating >= 2400 or state.ever_2400):
        why = (
            tr("rating 2400 or more") if rating >= 2400 else tr("published rating has reached 2400")
        )
        return KChoice(10, Rule(clause, tr("{why}, K 10 even before 30 games", why=why)))
    assumed: list[str] = []
    if state.games is None:
        assumed.append(_("no games count: taken as 30 or more"))
    elif state.games < 30:
        return KChoice(
            40, Rule(clause, tr("new player, {games} games before (< 30)", games=state.games))
        )
    if state.born is None:
        assumed.append(_("no birth date: taken as not under 18"))
    elif on is None:
        assumed.append(_("no event date to tell the age: taken as not under 18"))
    else:
        age = age_on(state.born, on)
        if state.born_year_only and not junior_until_year_end:
            assumed.append(
                tr("birth year {year} only: taken as born on 1 January", year=state.born.year)
            )
        if junior_until_year_end:
            junior = on.year - state.born.year <= 18
            rule = Rule(
                clause,
                tr(
                    "junior until the end of {year}, the year of the 18th "
                    "birthday (event on {on}), rating < 2300",
                    year=state.born.year + 18,
                    on=on.isoformat(),
                ),
            )
        else:
            junior = age < 18
            rule = Rule(
                clause, tr("under 18 ({age} on {on}), rating < 2300", age=age, on=on.isoformat())
            )
        once_2300 = junior_ends_once_2300 and bool(state.ever_2300)
        if junior and rating < 2300 and not once_2300:
            # 40 either way: the games count does not matter for a junior.
            return KChoice(40, rule, tuple(a for a in assumed if "games count" not in a))
        if junior and rating < 2300:
            return KChoice(
                20,
                Rule(clause, N_("junior whose rating once reached 2300 (ever_2300): K 20")),
                tuple(assumed),
            )
    if rating >= 2400:
        return KChoice(10, Rule(clause, N_("rating 2400 or more")), tuple(assumed))
    if state.ever_2400:
        return KChoice(10, Rule(clause, N_("published rating has reached 2400")), tuple(assumed))
    if state.ever_2400 is None:
        assumed.append(_("ever_2400 not given: taken as no (rating under 2400)"))
    return KChoice(20, Rule(clause, N_("rating under 2400")), tuple(assumed))


def limit_k(choice: KChoice, games: int, maximum: int = 700, clause: str = "8.3.3") -> KChoice:
    """K * n <= ``maximum`` for the n games of one rating period (``clause``, 8.3.3 of the 2022
    and 2024 texts): when K * n is larger, K is the largest whole number with
    K * n <= maximum (700 // n)."""
    if games <= 0 or choice.k * games <= maximum:
        return choice
    k = maximum // games
    why = choice.k_rule.text if choice.k_rule.text else ""
    limited = (
        f"{clause} K * n <= {maximum}: {choice.k} x {games} games = "
        f"{choice.k * games} > {maximum}, K = {maximum} // {games} = {k}"
    )
    if why:
        rule = Rule(choice.k_rule.clause, tr("{why}; {limited}", why=why, limited=limited))
    else:  # K given in the player file, then limited
        rule = Rule(f"{choice.k_rule.clause}; {limited}")
    return KChoice(k, rule, choice.assumed)


def ru_from(
    base: Fraction,
    score: Fraction,
    games: int,
    round_robin: bool,
    n: int,
    clause: str | None = None,
    base_name: str = "Rc",
) -> tuple[Fraction, str, int | None]:
    """Ru from the base (Rc, or Ra in a round robin) by 8.22-8.25: (Ru, rule, dp or None).

    ``clause`` and ``base_name``: how a later text numbers and names the same arithmetic
    (2022: ``"8.2.3"`` and ``"Ra"``); by default the 2014 clause of each case."""
    value, dp = ru_exact(base, score, games, round_robin, n)
    above_half = _above_half(score, games)
    if above_half == 0:
        return value, f"{clause or '8.22'}: 50%", None
    if above_half > 0:
        return (
            value,
            tr(
                "{clause}: +20 x {half_points} half points",
                clause=clause or "8.23",
                half_points=2 * score - games,
            ),
            None,
        )
    if round_robin:
        return value, tr("{clause}: Ra + dp x n/(n+1)", clause=clause or "8.25"), dp
    return value, f"{clause or '8.24'}: {base_name} + dp", dp


def ru_exact(
    base: Fraction, score: Fraction, games: int, round_robin: bool, n: int
) -> tuple[Fraction, int | None]:
    """Ru's exact value from the base by 8.22-8.25 and dp where the table gives it (a score
    under 50%): :func:`ru_from`'s number without its rule text, for a caller that reads the
    number alone (the FIDE engine's parts as values, a month's thousands of unrated
    players)."""
    above_half = _above_half(score, games)
    if above_half == 0:
        return base, None  # 8.22: Ru = Rc
    if above_half > 0:
        return base + 20 * (2 * score - games), None  # 8.23: + 20 a half point above 50%
    dp = _table_dp(score / games)
    if round_robin:
        return base + Fraction(dp) * n / (n + 1), dp  # 8.25: Ra + dp x n/(n+1)
    return base + dp, dp  # 8.24: Rc + dp


def _above_half(score: Fraction, games: int) -> int:
    """The sign of p - 1/2 for p = score / games (8.22-8.24's cases), compared in integers:
    p = a / (b x games) is 1/2 where 2a = b x games (no fraction made for p)."""
    if games == 0:
        raise ZeroDivisionError  # as score / games raised it (callers rate n > 0 games)
    numerator, denominator = score.as_integer_ratio()
    twice, whole = 2 * numerator, denominator * games
    if games < 0:  # p's sign as score / games gives it
        twice, whole = -twice, -whole
    return (twice > whole) - (twice < whole)


#: dp of table 8.1a by the score fraction p (as numerator and denominator), looked up once:
#: a FIDE month's thousands of unrated players score the same few fractions.
_DP_OF_P: dict[tuple[int, int], int] = {}


def _table_dp(p: Fraction) -> int:
    """:func:`ratingkit.core.expected.table_dp` of ``p``, remembered for the first few
    thousand fractions (p's denominator is twice the games: few distinct values)."""
    key = p.as_integer_ratio()
    dp = _DP_OF_P.get(key)
    if dp is None:
        dp = table_dp(p)
        if len(_DP_OF_P) < 4096:
            _DP_OF_P[key] = dp
    return dp


def initial_rating_2024(
    pairs: Sequence[tuple[Fraction, Fraction]],
    hypothetical: Sequence[int] = (1800, 1800),
    maximum: int | None = 2200,
) -> tuple[Fraction, Fraction, str]:
    """Ra, exact Ru and the rule text for an unrated player from his (rated opponent's rating,
    score) pairs (2024 8.2): two hypothetical opponents rated 1800 are added as draws,
    p = (score + 1) / (n + 2), Ru = Ra + dp(p) (table 8.1a, p rounded to hundredths), at most
    ``maximum``."""
    if not pairs:
        raise RatingkitError(tr("an initial rating needs at least one game against a rated player"))
    ratings = [Fraction(r) for r, _ in pairs] + [Fraction(h) for h in hypothetical]
    points = exact_sum(Fraction(s) for _, s in pairs) + Fraction(len(hypothetical), 2)
    games = len(ratings)
    ra: Fraction = exact_sum(ratings) / games
    dp = table_dp(points / games)
    value = ra + dp
    rule = tr(
        "2024: Ra over {pairs_count} rated + {hypothetical_count} hypothetical {names} "
        "opponents (draws), p = {points:g}/{games}, Ru = Ra + dp ({dp:+d})",
        pairs_count=len(pairs),
        hypothetical_count=len(hypothetical),
        names="/".join(str(h) for h in hypothetical),
        points=float(points),
        games=games,
        dp=dp,
    )
    if maximum is not None and value > maximum:
        return ra, Fraction(maximum), rule + f", above {maximum}: {maximum}"
    return ra, value, rule
