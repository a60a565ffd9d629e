"""What a rule set gives a simulated rating pool (:mod:`ratingkit.services.pools`): the
simulated player and the rules of one period's games, built by each rule set from its own
formulas (:meth:`ratingkit.core.ruleset.RuleSetMembers.pool_rules`), so that the pools name
no rating system and no rule is written twice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .expected import table_pd_exact
from .rounding import round_half_away_from_zero

#: The simulated pools start on 1 January of year 1 (FIDE 2014 K needs an age on a date).
START_YEAR = 2001


@dataclass(frozen=True)
class SimPlayer:
    """One player of a simulated pool (immutable; each year makes new ones)."""

    id: str
    strength: float
    rating: Fraction
    age: int
    games: int
    ever_2400: bool = False
    #: The counter of rated games FESA rule 9's bonus reads (:meth:`PoolRules.bonus_counter`).
    bonus_games: int = 0
    joined: int = 0


@dataclass(frozen=True)
class PoolRules:
    """How one rule set rates a simulated player's games of a period.

    ``expected(own, opponent)`` is the expected score, ``k(player, year)`` the K of the
    player, ``bonus(player)`` what rule 9 pays per game (None: no bonus), ``upset(own,
    opponent)`` the change of a win under FESA rule (A) (None: no upset rule), ``round`` the
    rounding of the period's total change, ``floor`` the lowest rating.

    The built-in pools are made by the rule sets themselves (their ``pool_rules()``): each
    calls the system's own formula with the rule set's own parameters."""

    name: str
    title: str
    expected: Callable[[Fraction, Fraction], Fraction]
    k: Callable[[SimPlayer, int], int]
    round: Callable[[Fraction], int] | None = round_half_away_from_zero
    bonus: Callable[[SimPlayer], Fraction] | None = None
    upset: Callable[[Fraction, Fraction], Fraction] | None = None
    floor: int | None = None
    #: Where the counter of rated games that ``bonus`` reads stops (FESA rule 9: 100, the
    #: games after which no bonus is paid); None: it counts on.
    bonus_games_counted: int | None = None

    def bonus_counter(self, games: int) -> int:
        """The bonus's counter after ``games`` rated games."""
        counted = self.bonus_games_counted
        return games if counted is None else min(games, counted)


def table_expected_within(cap: int) -> Callable[[Fraction, Fraction], Fraction]:
    """PD of table 8.1b with the rating difference counted at most ``cap`` points either way
    (FIDE 1982 10.61: the opponent's rating counted within 350 points; FIDE 2014 8.54: a
    difference over 400 counts as 400)."""

    def expected(own: Fraction, opponent: Fraction) -> Fraction:
        return table_pd_exact(max(-cap, min(cap, own - opponent)))  # type: ignore[arg-type]

    return expected
