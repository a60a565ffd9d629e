"""``check`` of FIDE's rule sets since 2014: the games the rules do not rate, and why (one
finding per rule), the players 8.21 does not count, and the rate of play (2022-2025 1.1-1.2).

Every finding is a :class:`~ratingkit.core.outcome.Finding` built from the typed outcome: the
rule is the :class:`~ratingkit.core.outcome.Rule` the event's computation gave the game, never
words taken apart again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.citations import Concept
from ..core.extras import RateOfPlay
from ..core.i18n import tr
from ..core.model import Event
from ..core.outcome import Finding, GameRef, Rule, game_text
from ..core.players import PlayerFile
from ..core.report import CHECK_COLUMNS, CheckTable
from .publication import rate_one

if TYPE_CHECKING:
    from .rulesets import Fide2014

__all__ = ["check", "rate_of_play"]


def _listed(games: Sequence[GameRef], names: Mapping[str, str]) -> str:
    """The ``games`` cell: how many, and the first eight (the players by name)."""
    shown = [game_text(g, names) for g in games[:8]]
    return f"{len(games)}: " + ", ".join(shown) + (" ..." if len(games) > 8 else "")


def _names(event: Event) -> dict[str, str]:
    """The players' names by id (the id where a player has no name)."""
    return {p.id: p.name or p.id for p in event.players}


def check(rules: Fide2014, event: Event, players: PlayerFile | None = None) -> CheckTable:
    """The games that the rules do not rate (one finding per rule), the unrated players who
    scored 0 in their first event (8.21), and the rate-of-play rules."""
    outcome = rate_one(rules, event, players)
    findings: list[Finding] = []
    rows: list[dict[str, object]] = []
    names = _names(event)
    reasons: dict[Rule, dict[tuple[int, frozenset[str]], GameRef]] = {}
    for game in outcome.games:
        if not game.rated and game.reason is not None:
            key = (game.round, frozenset((game.player, game.opponent)))
            ref = GameRef(game.round, game.player, game.opponent)
            reasons.setdefault(game.reason, {}).setdefault(key, ref)
    for rule, items in reasons.items():
        shown = tuple(items.values())
        findings.append(Finding(rule, str(rule), shown, breaks_validity=False))
        rows.append({"rule": rule.clause, "problem": str(rule), "games": _listed(shown, names)})
    for player in outcome.players:
        if player.detail.not_counted:
            rule = rules.cite(Concept.ZERO_IN_FIRST_EVENT)
            problem = tr("{name} scored 0", name=player.name)
            findings.append(Finding(rule, problem, (), breaks_validity=False))
            rows.append({"rule": rule.clause, "problem": problem, "games": tr("all his")})
    play, play_rows, unchecked = rate_of_play(rules, event)
    findings.extend(play)
    rows.extend(play_rows)
    title = tr("{event}: {rules} checks", event=event.name, rules=rules.label)
    if unchecked:
        title += tr("; not checked for lack of data: ") + ", ".join(unchecked)
    # The rows of CheckTable.of, with the games cell as the reports have always printed it
    # ("3: r1 Aldren, Tomas - Cerny, Jan, r2 ..."), not as a list.
    return CheckTable(title, CHECK_COLUMNS, tuple(rows), {}, tuple(findings), names)


def rate_of_play(
    rules: Fide2014, event: Event
) -> tuple[list[Finding], list[dict[str, object]], list[str]]:
    """The rate-of-play rules (2022-2025 1.1-1.2): findings (and their rows) for the games
    whose time control is below the minimum for the players' ratings, and the rules that could
    not be checked for lack of an event field.  A player without a rating counts as rated
    below every threshold."""
    if not rules.minimum_minutes:
        return [], [], []
    one, two = rules.rate_of_play_clauses
    findings: list[Finding] = []
    rows: list[dict[str, object]] = []
    unchecked: list[str] = []
    rate = RateOfPlay.of(event)
    minutes = rate.minutes
    if minutes is None:
        unchecked.append(tr("{clause} (no event field 'minutes')", clause=one))
    else:
        rating = {p.id: p.rating or 0 for p in event.players}
        short: dict[tuple[int, int], list[GameRef]] = {}
        for game in event.games:
            if not game.is_played:
                continue
            higher = max(rating[game.white], rating[game.black])
            threshold, need = next(
                (t, m) for t, m in rules.minimum_minutes if higher >= t or t <= 0
            )
            if minutes < need:
                short.setdefault((threshold, need), []).append(
                    GameRef(game.round, game.white, game.black)
                )
        for (threshold, need), items in short.items():
            who = (
                tr("one of the players is rated {threshold} or more", threshold=threshold)
                if threshold > 0
                else tr("every game")
            )
            rule = Rule(one, tr("at least {need} minutes per player for 60 moves", need=need))
            problem = tr(
                "{one}: {minutes} minutes per player for 60 moves, but "
                "{need} are needed where {who}: these games are not rated",
                one=one,
                minutes=minutes,
                need=need,
                who=who,
            )
            findings.append(Finding(rule, problem, tuple(items)))
            rows.append({"rule": one, "problem": problem, "games": _listed(items, _names(event))})
    moves = rate.first_control_moves
    least = rules.minimum_first_control_moves
    if least is not None and moves is not None and moves < least:
        rule = Rule(two, tr("a first time control names at least {least} moves", least=least))
        problem = tr(
            "{two}: the first time control names {moves} moves; it must name at least {least}",
            two=two,
            moves=moves,
            least=least,
        )
        findings.append(Finding(rule, problem, (), all_games=True))
        rows.append({"rule": two, "problem": problem, "games": "all"})
    return findings, rows, unchecked
