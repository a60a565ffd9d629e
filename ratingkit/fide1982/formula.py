"""The formulas of the FIDE 1982-2000 rules: Ru (10.22-10.25), the 350-point rule (10.61),
K (10.64), Rn of a new player (10.3-10.32), the Olympiad rule (10.4), the list rules (9.x) and
the 14.3 convergence simulation.  Intermediate values are rounded to integers as the worked
example 10.68 prints them."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..core.errors import InvalidValueError
from ..core.expected import logistic, table_dp, table_pd_hundredths
from ..core.i18n import N_, tr
from ..core.outcome import Number, Rule
from ..core.rounding import exact, round_half_away_from_zero, round_to_step


def round_int(value: Number) -> int:
    """Nearest integer, halves away from zero: how the example rounds intermediate values
    (Ru(C) = 2348 + 62.5 = 2410.5 -> 2411) and 10.66 rounds Rn."""
    return round_half_away_from_zero(value)


# -- Ru of an unrated player (10.2) -----------------------------------------------------------


def performance(
    rc: int,
    points: Number,
    games: int,
    *,
    round_robin: bool,
    opponents: int | None = None,
    below_half_factor: bool = False,
    step: Fraction = Fraction(25, 2),
) -> tuple[int, Rule]:
    """Ru of an unrated player and the :class:`Rule` it comes from (10.22-10.25).

    ``rc`` is his Rc (Ra in a round robin), ``points`` his score out of ``games``.  50%:
    Ru = Rc (10.22); above 50%: Rc + 12.5 per half point above 50% (10.23); below 50%:
    Rc + dp (10.24), in a round robin Rc + dp * n/(n+1) with n his number of opponents when
    ``below_half_factor`` is set (10.25), else Rc + dp as the example 10.68 computes it.
    Rounded to an integer.
    """
    if games <= 0:
        raise InvalidValueError(
            tr("Ru needs at least one game, got {games}", games=games), None, games
        )
    score = exact(points)
    half = Fraction(games, 2)
    if score == half:
        return rc, Rule("10.22")
    if score > half:
        half_points = (score - half) * 2
        return round_int(rc + step * half_points), Rule("10.23")
    dp = table_dp(score / games)
    if round_robin and below_half_factor:
        n = opponents if opponents is not None else games
        return round_int(rc + dp * Fraction(n, n + 1)), Rule("10.25")
    if round_robin:
        return round_int(rc + dp), Rule("10.68", N_("Rc + dp"))
    return round_int(rc + dp), Rule("10.24")


def unrated_performance(
    rc: int,
    points: Number,
    games: int,
    *,
    round_robin: bool,
    opponents: int | None = None,
    below_half_factor: bool = False,
    step: Fraction = Fraction(25, 2),
) -> tuple[int, str]:
    """Ru and the rule as printed ("10.22" ... "10.68: Rc + dp"); see :func:`performance`."""
    ru, rule = performance(
        rc,
        points,
        games,
        round_robin=round_robin,
        opponents=opponents,
        below_half_factor=below_half_factor,
        step=step,
    )
    return ru, str(rule)


def clamp_to(value: int, reference: int, limit: int = 350) -> int:
    """An opponent's rating counted within ``limit`` points of ``reference`` (10.61)."""
    return max(reference - limit, min(reference + limit, value))


# -- K (10.64) ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class KChoice:
    """K of 10.64, the rule that chose it, and whether a default had to be assumed (no games
    count in a player file)."""

    k: int
    rule: Rule
    assumed: bool = False


def choose_k(
    rating: int, games: int | None, ever_2400: bool | None = None, k: int | None = None
) -> KChoice:
    """K of 10.64: 25 for a player new to the list until he has completed 30 games; 15 after
    that while his rating stays under 2400; 10 once he has reached 2400 with 30 games, for ever
    after.  Without a games count the player is taken as established (30 games or more)."""
    if k is not None:
        return KChoice(k, Rule("10.64", tr("K = {k} as the player file gives it", k=k)))
    assumed = games is None
    counted = 30 if games is None else games
    if counted < 30:
        return KChoice(25, Rule("10.64", N_("fewer than 30 games")), assumed)
    if rating >= 2400 or ever_2400:
        return KChoice(10, Rule("10.64", N_("30 games and 2400 reached")), assumed)
    return KChoice(15, Rule("10.64", N_("30 games, under 2400")), assumed)


def k_factor(
    rating: int,
    games: int | None,
    ever_2400: bool | None = None,
    k: int | None = None,
) -> tuple[int, str | None]:
    """K of 10.64 and, when a default had to be assumed, the note saying which
    (:func:`choose_k` with the rule)."""
    choice = choose_k(rating, games, ever_2400, k)
    note = tr("no games count: taken as established (30 games or more)") if choice.assumed else None
    return choice.k, note


# -- Rn of a new player (10.3-10.32), Olympiad (10.4) -----------------------------------------


@dataclass(frozen=True)
class NewRating:
    """The outcome of 10.3-10.32 for a new player's pooled results."""

    games: int
    average: Fraction | None
    published: int | None
    #: The clause as printed ("9.14", "10.31", "10.32").
    rule: str
    explanation: str

    @property
    def as_rule(self) -> Rule:
        """The clause and its explanation as a :class:`Rule`."""
        return Rule(self.rule, self.explanation)


def new_player_rating(
    results: Iterable[tuple[int, int]],
    *,
    min_games: int = 9,
    floor: int = 2005,
    step: int = 5,
) -> NewRating:
    """Rn of a new player from his results ``(Ru, games)``.

    10.3: the average of his Ru's weighted by games (2280 x 5, 2400 x 10, 2000 x 5 -> 2270).
    9.14: published only after 9 games.  10.31: if the new rating is below 2005 his results
    are deleted.  10.32: the published Rn is rounded to the nearest 0 or 5 (halves up).
    """
    pooled = [(int(ru), int(g)) for ru, g in results]
    games = sum(g for _, g in pooled)
    if games == 0:
        return NewRating(0, None, None, "9.14", tr("no rated games yet"))
    average = Fraction(sum(ru * g for ru, g in pooled), games)
    if games < min_games:
        return NewRating(
            games,
            average,
            None,
            "9.14",
            tr(
                "{games} games so far; {min_games} are needed before a first rating is published",
                games=games,
                min_games=min_games,
            ),
        )
    if average < floor:
        return NewRating(
            games,
            average,
            None,
            "10.31",
            tr(
                "Rn {rn:.1f} is below {floor}: the results are deleted",
                rn=float(average),
                floor=floor,
            ),
        )
    published = round_to_step(average, step)
    return NewRating(
        games,
        average,
        published,
        "10.32",
        tr(
            "Rn {rn:.1f} published as {published} (nearest 0 or 5)",
            rn=float(average),
            published=published,
        ),
    )


def olympiad_rating(
    games_played: int,
    rounds: int,
    points: Number,
    rating: int | None = None,
    *,
    women: bool = False,
) -> int | None:
    """10.4: a player who played at least 50% of the Olympiad's games and scored at least 50%
    appears on the next list with 2200 (2050 after the women's Olympiad), unless his own
    rating is higher.  ``None`` when the rule does not apply."""
    if rounds <= 0 or games_played <= 0:
        return None
    if games_played * 2 < rounds or exact(points) * 2 < games_played:
        return rating
    floor = 2050 if women else 2200
    return max(floor, rating) if rating is not None else floor


# -- Lists (9.x) -------------------------------------------------------------------------------


def list_for_event(start: date) -> date:
    """9.11: the list that rates an event starting on ``start`` (1 Jan for events starting
    1 Jan - 31 Mar, 1 Apr for 1 Apr - 30 Jun, 1 Jul for 1 Jul - 30 Sep, 1 Oct for the rest)."""
    month = 1 + 3 * ((start.month - 1) // 3)
    return date(start.year, month, 1)


def list_period(day: date) -> int:
    """A running number of the quarterly list periods (9.11): one more per quarter."""
    return day.year * 4 + (day.month - 1) // 3


def pool_new_player_results(
    results: Iterable[tuple[date, int, int]], current: date, periods: int = 8
) -> list[tuple[date, int, int]]:
    """9.14c: the results ``(event start, Ru, games)`` that pool into a first rating on the
    list of ``current``: those of the same and the 7 previous list periods."""
    now = list_period(current)
    return [r for r in results if 0 <= now - list_period(r[0]) < periods]


def leaves_list(rating: int, floor: int = 2001) -> bool:
    """9.21: a player whose rating falls below 2001 leaves the list and counts as unrated."""
    return rating < floor


def is_inactive(games_in_last_year: int) -> bool:
    """9.23a: fewer than 4 rated games in a year make a player inactive.  He stays rated for
    his opponents (9.23) and becomes active again with 4 games within a year (9.23c)."""
    return games_in_last_year < 4


def activity(games_by_period: Mapping[date, int], current: date) -> str:
    """9.23: "active" or "inactive" on the list of ``current`` from the rated games of the four
    quarterly periods (one year) before it."""
    now = list_period(current)
    games = sum(g for d, g in games_by_period.items() if 0 < now - list_period(d) <= 4)
    return "inactive" if is_inactive(games) else "active"


# -- 14.3 convergence, 14.1 approximation ----------------------------------------------------


def convergence_games(
    k: int,
    *,
    start_gap: int = 200,
    players: int = 300,
    games: int = 120,
    spread: float = 100.0,
    seed: int = 1982,
) -> dict[str, object]:
    """Simulate 14.3 with a fixed seed.

    ``players`` players of true strength 0 start rated ``start_gap`` below it.  Each plays
    ``games`` games, one rating period each, against opponents rated at their true strength
    (drawn around 0 with standard deviation ``spread``); a game is won with the logistic
    probability of the true difference (14.1), else lost.  After each game the rating moves by
    K * (W - We) with We from table 10.1b (10.6).  The gap (true strength - rating, averaged
    over the players) shrinks roughly geometrically; the function returns the mean gap after
    each game and ``games``: the first game count at which the gap is down to 1/e of the start,
    the rating's time constant, which is what "reaches his performance in about N games" can
    be measured by.
    """
    rng = random.Random(seed)
    ratings = [-float(start_gap)] * players
    gaps = [float(start_gap)]
    for _ in range(games):
        for i in range(players):
            opponent = rng.gauss(0.0, spread)
            score = 1.0 if rng.random() < logistic(-opponent) else 0.0
            we = table_pd_hundredths(round(ratings[i] - opponent)) / 100
            ratings[i] += k * (score - we)
        gaps.append(-sum(ratings) / players)
    target = start_gap / math.e
    reached = next((i for i, gap in enumerate(gaps) if gap <= target), None)
    return {"k": k, "gaps": gaps, "target": target, "games": reached}


__all__ = [
    "KChoice",
    "NewRating",
    "activity",
    "choose_k",
    "clamp_to",
    "convergence_games",
    "is_inactive",
    "k_factor",
    "leaves_list",
    "list_for_event",
    "list_period",
    "new_player_rating",
    "olympiad_rating",
    "performance",
    "pool_new_player_results",
    "round_int",
    "unrated_performance",
]
