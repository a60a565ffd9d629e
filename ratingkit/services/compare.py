"""One event rated under every rule set that can rate it, side by side.

:func:`compare` rates an event under each named rule set (all registered ones by default) and
joins their typed outcomes (:attr:`ratingkit.core.report.Report.outcome`): who gains and who
loses under which system, and why, in the words of each system's own detail
(``PlayerOutcome.detail.explain()``: K and its rule, the 400-point cap of FIDE 2014 8.54,
FESA's bonus of rule 9 and upsets of rule (A), LNMO's grade table and event bonus).  A rule set
that cannot rate the event is never dropped in silence: the verdict table says "cannot rate: "
and why, either because the event belongs to the other game (a chess Swiss is not a shogi
event, handicaps and sennichite are not chess) or because the rule set itself refused it with a
ratingkit error (a score table has no games, LNMO needs grades, ...).

Which game an event belongs to, and whether a rule set can rate it at all, is decided by the
one guard every caller uses (:func:`ratingkit.core.ruleset.cannot_rate` and
:func:`ratingkit.core.ruleset.event_game`): the reader's word (``Event.game``), then
``event.extra["game"]``, then what the games and players show (handicaps, sennichite, jishogi,
illegal moves and shogi grades are shogi; a score table is chess).  A plain CSV pair with
ratings shows neither, and every rule set may rate it (FESA and FIDE 2014 both do).
``compare(..., game=)`` overrides the detection.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from ..core import ruleset as _ruleset
from ..core.errors import RatingkitError
from ..core.i18n import N_, _, tr
from ..core.model import Event
from ..core.outcome import GameKind, Number, Outcome, PlayerOutcome, Status
from ..core.players import PlayerFile
from ..core.report import Report, Table
from ..core.ruleset import RuleSet, UnknownGameError, cannot_rate
from ..registry import get_rule_set, rule_sets

#: The games a rule set may rate, by name (``compare(..., game=)``).
GAMES = tuple(kind.value for kind in GameKind)

VERDICT_COLUMNS = (N_("rules"), N_("title"), N_("game"), N_("verdict"))
DETAIL_COLUMNS = (
    N_("rules"),
    N_("id"),
    N_("name"),
    N_("rating_before"),
    N_("games"),
    N_("score"),
    N_("expected"),
    N_("score-expected"),
    N_("change"),
    N_("rating_after"),
    N_("delta"),
    N_("why"),
)

#: One player file for every rule set, or one per rule set name.
Players = PlayerFile | Mapping[str, PlayerFile] | None


@runtime_checkable
class Explains(Protocol):
    """A per-system detail that says why the rating changed, in words citing the clause."""

    def explain(self) -> str: ...


def rule_set_game(rule_set: RuleSet) -> str | None:
    """The game a rule set rates (its ``game``: "chess" or "shogi"); None for a rule set that
    does not say (it may rate anything)."""
    return rule_set.game.value


def event_game(event: Event, players: PlayerFile | None = None) -> tuple[str | None, str]:
    """:func:`ratingkit.core.ruleset.event_game` with the game as its name, e.g.
    ``("shogi", "handicap games")``; ``(None, ...)`` when the event shows neither game."""
    game, evidence = _ruleset.event_game(event, players)
    return (game.value if game is not None else None), evidence


def _players_for(players: Players, name: str) -> PlayerFile | None:
    if isinstance(players, Mapping):
        return players.get(name)
    return players


def outcome_of(report: Report) -> Outcome[Any, Any]:
    """The typed outcome a report shows (every report is the view of one)."""
    return report.outcome


@dataclass(frozen=True, repr=False)
class Comparison:
    """The event under each rule set: ``verdicts`` (one row per rule set asked for, "rates"
    or "cannot rate: reason"), ``reports`` (the rule sets that rated it; each carries its
    ``outcome``), ``table`` (players side by side: per rule set the rating before, after and
    the published change ``delta``) and ``detail`` (one row per rule set and player, with
    score - expected and why)."""

    event: Event
    game: GameKind | None
    evidence: str
    verdicts: Table
    reports: Mapping[str, Report]
    table: Table
    detail: Table
    #: The rule sets that cannot rate the event: name -> why ("cannot rate: ...").
    refused: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: The same reasons without the rule set's name, so that one reason shared by several
    #: rule sets (the event is chess, they rate shogi) is said once (:meth:`left_out`).
    reasons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def left_out(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """The rule sets that cannot rate the event, grouped by reason: ((names, reason), ...)
        in the order asked, each reason once."""
        groups: dict[str, list[str]] = {}
        for name in self.refused:
            groups.setdefault(self.reasons.get(name, self.refused[name]), []).append(name)
        return tuple((tuple(names), reason) for reason, names in groups.items())

    def outcome(self, rules: str) -> Outcome[Any, Any]:
        """The typed outcome of the event under ``rules``."""
        return outcome_of(self.reports[rules])

    def delta(self, rules: str, player_id: str) -> int | None:
        """Rating after minus rating before of ``player_id`` under ``rules``."""
        return self.outcome(rules).player(player_id).delta

    def gainers(self, rules: str) -> list[str]:
        return [p.id for p in self.outcome(rules).players if (p.delta or 0) > 0]

    def losers(self, rules: str) -> list[str]:
        return [p.id for p in self.outcome(rules).players if (p.delta or 0) < 0]

    def to_html(self) -> str:
        head = tr(
            "{event}: game {game} ({evidence})",
            event=f"<b>{html.escape(self.event.name)}</b>",
            game=self.game or _("either"),
            evidence=html.escape(self.evidence),
        )
        return f"<p>{head}</p>" + self.verdicts.to_html() + self.table.to_html()

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_text(self) -> str:
        head = tr(
            "{event}: game {game} ({evidence})",
            event=self.event.name,
            game=self.game or _("either"),
            evidence=self.evidence,
        )
        return "\n\n".join([head, self.verdicts.to_text(), self.table.to_text()])

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return (
            f"<Comparison {self.event.name!r}: {len(self.reports)} of {len(self.verdicts)} rule "
            "sets rate it>"
        )


def _game_asked(game: str | GameKind) -> GameKind:
    if isinstance(game, GameKind):
        return game
    try:
        return GameKind(str(game).strip().lower())
    except ValueError:
        raise UnknownGameError(tr("unknown game {game!r} (chess or shogi)", game=game)) from None


def verdict(
    rule_set: RuleSet,
    event: Event,
    players: PlayerFile | None,
    game: GameKind | None,
    evidence: str,
) -> tuple[str, Report | None]:
    """ "rates" and the report, or "cannot rate: reason" and None: the guard
    (:func:`~ratingkit.core.ruleset.cannot_rate`) first, then the rule set's own refusal."""
    reason, report = _refusal(rule_set, event, players, game, evidence)
    if reason is not None:
        return tr("cannot rate: {reason}", reason=reason), None
    return _("rates"), report


def _refusal(
    rule_set: RuleSet,
    event: Event,
    players: PlayerFile | None,
    game: GameKind | None,
    evidence: str,
) -> tuple[str | None, Report | None]:
    """Why ``rule_set`` cannot rate ``event`` (None), or its report."""
    refused = cannot_rate(rule_set, event, players)
    if refused is not None:
        # The verdict names the game first (beside the event's name, with the evidence the
        # comparison found or was given), then any other refusal with the file's name.
        if game is not None and rule_set.game is not game:
            return tr(
                "{rules} rates {game}; this event is {event_game} ({evidence})",
                rules=rule_set.name,
                game=rule_set.game,
                event_game=game,
                evidence=evidence,
            ), None
        return str(refused), None
    try:
        return None, rule_set.rate(event, players)
    except RatingkitError as exc:
        return str(exc), None


def compare(
    event: Event,
    rule_names: Sequence[str | RuleSet] | None = None,
    players: Players = None,
    *,
    game: str | GameKind | None = None,
) -> Comparison:
    """Rate ``event`` under each rule set of ``rule_names`` (names or rule sets; default: every
    registered one) that can rate it.  ``players`` is one player file for all or a mapping
    rule name -> file.  ``game`` ("chess" or "shogi") overrides the detection: the rule sets
    see the event as a file of that game.  Never mutates its inputs."""
    chosen = list(rule_names) if rule_names is not None else list(rule_sets().values())
    seen = event
    if game is not None:
        kind: GameKind | None = _game_asked(game)
        evidence = tr("game {game} given", game=kind)
        seen = replace(event, game=kind)
    else:
        shared = None if isinstance(players, Mapping) else players
        kind, evidence = _ruleset.event_game(event, shared)
    verdicts: list[Mapping[str, object]] = []
    reports: dict[str, Report] = {}
    refused: dict[str, str] = {}
    reasons: dict[str, str] = {}
    for item in chosen:
        rule_set = get_rule_set(item) if isinstance(item, str) else item
        name = rule_set.name
        reason, report = _refusal(rule_set, seen, _players_for(players, name), kind, evidence)
        if report is not None:
            reports[name] = report
            said = _("rates")
        else:
            said = tr("cannot rate: {reason}", reason=reason)
            refused[name] = said
            reasons[name] = _reason(rule_set, str(reason), kind, evidence)
        verdicts.append(
            {
                "rules": name,
                "title": rule_set.title,
                "game": rule_set_game(rule_set) or _("any"),
                "verdict": said,
            }
        )
    return Comparison(
        event=event,
        game=kind,
        evidence=evidence,
        verdicts=Table(_("which rule sets can rate the event"), VERDICT_COLUMNS, tuple(verdicts)),
        reports=MappingProxyType(reports),
        table=side_by_side(event, reports),
        detail=detail(reports),
        refused=MappingProxyType(refused),
        reasons=MappingProxyType(reasons),
    )


def _reason(rule_set: RuleSet, reason: str, game: GameKind | None, evidence: str) -> str:
    """A verdict's reason without the rule set's name: the other game is one reason for every
    rule set of that game."""
    if game is not None and rule_set.game is not None and rule_set.game is not game:
        return tr(
            "they rate {game}; this event is {event_game} ({evidence})",
            game=rule_set.game,
            event_game=game,
            evidence=evidence,
        )
    return reason


def can_rate(
    event: Event,
    rule_names: Sequence[str | RuleSet] | None = None,
    players: Players = None,
) -> Table:
    """The verdict table of :func:`compare`: one row per rule set, "rates" or "cannot rate:
    reason"."""
    return compare(event, rule_names, players).verdicts


def _player(outcome: Outcome[Any, Any], player_id: str) -> PlayerOutcome[Any] | None:
    try:
        return outcome.player(player_id)
    except KeyError:
        return None


def side_by_side(event: Event, reports: Mapping[str, Report]) -> Table:
    """One row per player of the event: score, then per rule set the rating before, the
    rating after and the change as published (after - before)."""
    columns = ["id", "name", "score"]
    for name in reports:
        columns += [f"{name} before", f"{name} after", f"{name} delta"]
    outcomes = {name: outcome_of(report) for name, report in reports.items()}
    rows: list[Mapping[str, object]] = []
    for player in event.players:
        row: dict[str, object] = {"id": player.id, "name": player.name}
        for name, outcome in outcomes.items():
            found = _player(outcome, player.id)
            if found is None:
                continue
            row.setdefault("score", found.score)
            row[f"{name} before"] = found.rating_before
            row[f"{name} after"] = found.rating_after
            row[f"{name} delta"] = found.delta
        rows.append(row)
    formats = {f"{name} delta": "{:+d}" for name in reports}
    return Table("players side by side", tuple(columns), tuple(rows), formats)


def explain(player: PlayerOutcome[Any]) -> str:
    """Why the player's rating moved as it did, in his system's own words
    (``detail.explain()``: his status where he was not simply rated, K and its rule, the cap
    8.54, bonus, upsets, promotion, grades); for a detail that does not explain itself, his
    :class:`~ratingkit.core.outcome.Status` when he was not simply rated."""
    if isinstance(player.detail, Explains):
        return player.detail.explain()
    return "" if player.status is Status.RATED else str(player.status)


def surprise(player: PlayerOutcome[Any]) -> Fraction | None:
    """Score minus expected score (None where the system has no expectation: LNMO)."""
    if player.expected is None or player.score is None:
        return None
    return _exact(player.score) - _exact(player.expected)


def _exact(value: Number) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


def detail(reports: Mapping[str, Report]) -> Table:
    """One row per rule set and player: the common columns, score - expected, the published
    change ``delta`` and ``why``."""
    rows: list[Mapping[str, object]] = []
    for name, report in reports.items():
        for player in outcome_of(report).players:
            rows.append(
                {
                    "rules": name,
                    "id": player.id,
                    "name": player.name,
                    "rating_before": player.rating_before,
                    "games": player.games,
                    "score": player.score,
                    "expected": player.expected,
                    "score-expected": surprise(player),
                    "change": player.change,
                    "rating_after": player.rating_after,
                    "delta": player.delta,
                    "why": explain(player),
                }
            )
    formats = {"expected": "{:.2f}", "score-expected": "{:+.2f}", "change": "{:+.2f}"}
    return Table(_("each rule set: change and why"), DETAIL_COLUMNS, tuple(rows), formats)
