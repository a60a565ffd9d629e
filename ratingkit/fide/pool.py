"""A FIDE 2014 rule set's simulated pool (:class:`ratingkit.core.pool.PoolRules`)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from ..core.pool import START_YEAR, PoolRules, SimPlayer, table_expected_within
from .state import PlayerState

if TYPE_CHECKING:
    from .rulesets import Fide2014


def pool_rules(rules: Fide2014) -> PoolRules:
    """PD of table 8.1b with the rule set's cap (8.54, ``rules.cap``, in every game, as the
    2014 text has it), K as the rule set chooses it (8.56, :meth:`Fide2014.choose_k`) for a
    player of the simulated age on 1 January of the year, the change rounded half away from
    zero (8.57) and the rule set's floor."""

    def k(player: SimPlayer, year: int) -> int:
        on = date(START_YEAR + year, 1, 1)
        state = PlayerState(
            games=player.games, born=date(on.year - player.age, 1, 1), ever_2400=player.ever_2400
        )
        return rules.choose_k(int(player.rating), state, on, 0).k

    return PoolRules(
        rules.name,
        f"{rules.label}: K 40/20/10 ({rules.k_clause}), {rules.cap}-point cap ({rules.cap_rule})",
        table_expected_within(rules.cap),
        k,
        floor=rules.floor,
    )
