"""``check`` under the LNMO rules: the games the rules leave unrated, as findings."""

from __future__ import annotations

from ..core.i18n import N_, trn
from ..core.outcome import Finding, GameOutcome, GameRef, Outcome, Rule
from ..core.report import CheckTable
from .outcome import DRAW, HANDICAP_OUTSIDE, NOT_AGREED, LnmoGame, LnmoPlayer, reason_text

#: The clauses whose reasons ``check`` lists: not agreed (4), a handicap outside a handicap
#: event (4a), played before the first rated event (3a), a plain draw (2, 2a).
CHECKED_CLAUSES = frozenset({NOT_AGREED.clause, HANDICAP_OUTSIDE.clause, "3а", DRAW.clause})

#: The title of the check table.
TITLE = N_("games the rules leave unrated")


def _game(side: GameOutcome[LnmoGame]) -> GameRef:
    """The game of ``side``: its event (a season spans many), round, players and line."""
    return GameRef(
        side.detail.round, side.player, side.opponent, side.detail.event, side.detail.line or None
    )


def findings(outcome: Outcome[LnmoPlayer, LnmoGame]) -> tuple[Finding, ...]:
    """One finding per reason of rules 2/2a, 3a, 4 and 4a that left games unrated, with the
    games (each game once, from its first side)."""
    found: dict[Rule, list[GameRef]] = {}
    seen: set[tuple[object, ...]] = set()
    for side in outcome.games:
        key = (
            side.event,
            side.detail.day,
            side.detail.event,
            side.detail.round,
            frozenset((side.player, side.opponent)),
        )
        if key in seen:
            continue
        seen.add(key)
        for rule in side.detail.reasons:
            if rule.clause in CHECKED_CLAUSES:
                found.setdefault(rule, []).append(_game(side))
    return tuple(
        Finding(
            rule,
            trn(
                "{count} game: {reason}",
                "{count} games: {reason}",
                count=len(games),
                reason=reason_text(rule),
            ),
            tuple(games),
            breaks_validity=False,
        )
        for rule, games in found.items()
    )


def check_table(outcome: Outcome[LnmoPlayer, LnmoGame]) -> CheckTable:
    names = {p.id: p.name or p.id for p in outcome.players}
    return CheckTable.of(findings(outcome), title=TITLE, names=names)


__all__ = ["CHECKED_CLAUSES", "TITLE", "check_table", "findings"]
