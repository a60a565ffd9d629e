"""A FIDE 1982 rule set's simulated pool (:class:`ratingkit.core.pool.PoolRules`): rule 12.3's
drift checks run on the rule set's own formulas."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.pool import PoolRules, SimPlayer, table_expected_within
from .formula import choose_k

if TYPE_CHECKING:
    from .rulesets import Fide1982


def pool_rules(rules: Fide1982) -> PoolRules:
    """PD of table 8.1b with the rule set's 350-point rule (10.61, ``rules.limit``), K of
    10.64 (:func:`ratingkit.fide1982.formula.choose_k`), the period's change rounded half away
    from zero."""

    def k(player: SimPlayer, _year: int) -> int:
        return choose_k(int(player.rating), player.games, player.ever_2400).k

    return PoolRules(
        rules.name,
        f"FIDE 1982: K 25/15/10 (10.64), {rules.limit}-point rule (10.61)",
        table_expected_within(rules.limit),
        k,
    )
