"""A FESA rule set's simulated pool (:class:`ratingkit.core.pool.PoolRules`): the bonus of
rule 9 as a counter to deflation, on the rule set's own formulas."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.pool import PoolRules, SimPlayer
from . import formula

if TYPE_CHECKING:
    from .rulesets import FesaRules


def pool_rules(rules: FesaRules) -> PoolRules:
    """The expectation and k(tr) of formula (1) (:mod:`ratingkit.fesa.formula`: ``expected``,
    ``k_factor``), the upset rule (A) (``upset_change``), the bonus of rule 9 (``bonus``), the
    rule set's rounding (:meth:`FesaRules.round`) and the floor of 400."""

    def expected(own: Fraction, opponent: Fraction) -> Fraction:
        return formula.expected(opponent, own)

    def k(player: SimPlayer, _year: int) -> int:
        return formula.k_factor(player.rating)

    def bonus(player: SimPlayer) -> Fraction:
        return formula.bonus(player.rating, player.bonus_games)

    return PoolRules(
        rules.name,
        "FESA: formula (1), upset rule (A), bonus under 1800 (rule 9)",
        expected,
        k,
        round=rules.round,
        bonus=bonus,
        upset=formula.upset_change,
        floor=formula.RATING_FLOOR,
        bonus_games_counted=formula.BONUS_GAMES,
    )
