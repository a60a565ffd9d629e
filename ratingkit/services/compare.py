"""One event rated under every rule set that can rate it, side by side.

:func:`compare` rates an event under each named rule set (all registered ones by default) and
joins their player rows: who gains and who loses under which system, and why (K and its rule,
the 400-point cap of FIDE 2014 8.54, FESA's bonus of rule 9 and upsets of rule (A), LNMO's
grade table and event bonus).  A rule set that cannot rate the event is never dropped in
silence: the verdict table says "cannot rate: " and why, either because the event belongs to
the other game (a chess Swiss is not a shogi event, handicaps and sennichite are not chess) or
because the rule set itself refused it with a ratingkit error (a score table has no games,
LNMO needs grades, ...).

Which game an event belongs to is read from the event itself (:func:`event_game`): TRF files
and score tables are FIDE's chess formats; handicaps, sennichite, jishogi, illegal moves and
shogi grades are shogi.  A plain CSV pair with ratings shows neither, and every rule set may
rate it (FESA and FIDE 2014 both do).  ``event.extra["game"]`` or ``compare(..., game=)``
overrides the detection.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from ..core.errors import RatingkitError, RuleSetCannotRateError
from ..core.model import Event, Special
from ..core.players import PlayerFile
from ..core.report import Report, Table
from ..core.ruleset import get_rule_set, rule_sets

GAMES = ("chess", "shogi")
#: The game each family of rule sets rates, by the prefix of its registry name.
RULE_SET_GAMES = {"fide": "chess", "fesa": "shogi", "lnmo": "shogi"}
#: Every special ending of the model is a shogi one (sennichite, jishogi, illegal move).
_SHOGI_SPECIALS = frozenset(Special)

VERDICT_COLUMNS = ("rules", "title", "game", "verdict")
DETAIL_COLUMNS = (
    "rules",
    "id",
    "name",
    "rating_before",
    "games",
    "score",
    "expected",
    "score-expected",
    "change",
    "rating_after",
    "delta",
    "why",
)


class UnknownGameError(RatingkitError):
    """A game other than chess or shogi was named."""


def rule_set_game(rule_set) -> str | None:
    """The game a rule set rates: its ``game`` attribute, else by its name's family (fide:
    chess; fesa, lnmo: shogi); None for a rule set of unknown family (it may rate anything)."""
    game = getattr(rule_set, "game", None)
    if game:
        return str(game)
    family = rule_set.name.split("-")[0]
    return RULE_SET_GAMES.get(family)


def event_game(event: Event, players: PlayerFile | None = None) -> tuple[str | None, str]:
    """The game an event belongs to and the evidence, e.g. ``("shogi", "handicap games")``;
    ``(None, ...)`` when the event shows neither game (a plain game list with ratings)."""
    given = event.extra.get("game")
    if given:
        game = str(given).strip().lower()
        if game not in GAMES:
            raise UnknownGameError(f"{event.source or event.name}: unknown game {given!r}")
        return game, f"the event says game {game}"
    shogi: list[str] = []
    chess: list[str] = []
    if any(g.handicap is not None for g in event.games):
        shogi.append("handicap games")
    specials = sorted({g.special.value for g in event.games if g.special in _SHOGI_SPECIALS})
    if specials:
        shogi.append(", ".join(specials))
    graded = [p.name for p in event.players if p.extra.get("grade")]
    if players is not None:
        graded += [r.name or r.id for r in players.records if r.grade or r.prior_grade]
    if graded:
        shogi.append("players with shogi grades")
    if "trf_tags" in event.extra:
        chess.append("a FIDE TRF file")
    if event.score_only:
        chess.append("a FIDE score table")
    if shogi and chess:
        return None, f"signs of both games ({'; '.join(chess + shogi)})"
    if shogi:
        return "shogi", "; ".join(shogi)
    if chess:
        return "chess", "; ".join(chess)
    return None, "no sign of chess or shogi (a plain game list): every rule set may rate it"


def require_same_game(event: Event, rule_set, players: PlayerFile | None = None) -> None:
    """Refuse to rate a chess event under a shogi rule set or the other way round (the CLI and
    :func:`ratingkit.rate` call this; :func:`compare` reports it as a verdict instead)."""
    wanted = rule_set_game(rule_set)
    game, evidence = event_game(event, players)
    if wanted is not None and game is not None and wanted != game:
        raise RuleSetCannotRateError(
            f"{event.source or event.name}: {rule_set.name} rates {wanted}; this event is "
            f"{game} ({evidence})"
        )


def _players_for(players, name: str) -> PlayerFile | None:
    if isinstance(players, Mapping):
        return players.get(name)
    return players


@dataclass(frozen=True, repr=False)
class Comparison:
    """The event under each rule set: ``verdicts`` (one row per rule set asked for, "rates"
    or "cannot rate: reason"), ``reports`` (the rule sets that rated it), ``table`` (players
    side by side: per rule set the rating before, after and the published change ``delta``)
    and ``detail`` (one row per rule set and player, with score - expected and why)."""

    event: Event
    game: str | None
    evidence: str
    verdicts: Table
    reports: Mapping[str, Report]
    table: Table
    detail: Table

    def delta(self, rules: str, player_id: str) -> int | None:
        """Rating after minus rating before of ``player_id`` under ``rules``."""
        return _delta(self.reports[rules].row(player_id))

    def gainers(self, rules: str) -> list[str]:
        return [r["id"] for r in self.reports[rules].players.rows if (_delta(r) or 0) > 0]

    def losers(self, rules: str) -> list[str]:
        return [r["id"] for r in self.reports[rules].players.rows if (_delta(r) or 0) < 0]

    def to_html(self) -> str:
        return (
            f"<p><b>{html.escape(self.event.name)}</b>: game {self.game or 'either'} "
            f"({html.escape(self.evidence)})</p>" + self.verdicts.to_html() + self.table.to_html()
        )

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_text(self) -> str:
        head = f"{self.event.name}: game {self.game or 'either'} ({self.evidence})"
        return "\n\n".join([head, self.verdicts.to_text(), self.table.to_text()])

    def __repr__(self) -> str:
        return self.to_text()


def _delta(row: Mapping[str, object]) -> int | None:
    before, after = row.get("rating_before"), row.get("rating_after")
    if before is None or after is None:
        return None
    return int(after) - int(before)


def compare(
    event: Event,
    rule_names: Sequence[str] | None = None,
    players: PlayerFile | Mapping[str, PlayerFile] | None = None,
    *,
    game: str | None = None,
) -> Comparison:
    """Rate ``event`` under each rule set of ``rule_names`` (default: every registered one)
    that can rate it.  ``players`` is one player file for all or a mapping rule name -> file.
    ``game`` ("chess" or "shogi") overrides :func:`event_game`.  Never mutates its inputs."""
    names = list(rule_names) if rule_names is not None else list(rule_sets())
    if game is not None:
        if game not in GAMES:
            raise UnknownGameError(f"unknown game {game!r} (chess or shogi)")
        evidence = f"game {game} given"
    else:
        shared = None if isinstance(players, Mapping) else players
        game, evidence = event_game(event, shared)
    verdicts: list[dict[str, object]] = []
    reports: dict[str, Report] = {}
    for name in names:
        rule_set = get_rule_set(name)
        wanted = rule_set_game(rule_set)
        row = {"rules": name, "title": rule_set.title, "game": wanted or "any"}
        if wanted is not None and game is not None and wanted != game:
            row["verdict"] = (
                f"cannot rate: {name} rates {wanted}; this event is {game} ({evidence})"
            )
        else:
            try:
                reports[name] = rule_set.rate(event, _players_for(players, name))
            except RatingkitError as exc:
                row["verdict"] = f"cannot rate: {exc}"
            else:
                row["verdict"] = "rates"
        verdicts.append(row)
    return Comparison(
        event=event,
        game=game,
        evidence=evidence,
        verdicts=Table("which rule sets can rate the event", VERDICT_COLUMNS, verdicts),
        reports=MappingProxyType(reports),
        table=side_by_side(event, reports),
        detail=detail(reports),
    )


def can_rate(
    event: Event,
    rule_names: Sequence[str] | None = None,
    players: PlayerFile | Mapping[str, PlayerFile] | None = None,
) -> Table:
    """The verdict table of :func:`compare`: one row per rule set, "rates" or "cannot rate:
    reason"."""
    return compare(event, rule_names, players).verdicts


def side_by_side(event: Event, reports: Mapping[str, Report]) -> Table:
    """One row per player of the event: score, then per rule set the rating before, the
    rating after and the change as published (after - before)."""
    columns = ["id", "name", "score"]
    for name in reports:
        columns += [f"{name} before", f"{name} after", f"{name} delta"]
    rows = []
    for player in event.players:
        row: dict[str, object] = {"id": player.id, "name": player.name}
        for name, report in reports.items():
            try:
                found = report.row(player.id)
            except KeyError:
                continue
            row.setdefault("score", found.get("score"))
            row[f"{name} before"] = found.get("rating_before")
            row[f"{name} after"] = found.get("rating_after")
            row[f"{name} delta"] = _delta(found)
        rows.append(row)
    formats = {f"{name} delta": "{:+d}" for name in reports}
    return Table("players side by side", columns, rows, formats)


def explain(report: Report, row: Mapping[str, object]) -> str:
    """Why the player's rating moved as it did under this report's rules, from the columns
    the rule set reports (K and its rule, the cap 8.54, bonus, upsets, promotion, grades)."""
    parts: list[str] = []
    status = row.get("status")
    if status and status != "rated":
        parts.append(str(status))
    if row.get("K") is not None:
        rule = row.get("K rule")
        parts.append(f"K={row['K']}" + (f" ({rule})" if rule else ""))
    elif row.get("category") == "established" and row.get("rating_before") is not None:
        from ..fesa import k_factor

        parts.append(f"k={k_factor(row['rating_before'])} (formula (1))")
    elif row.get("category"):
        parts.append(str(row["category"]))
    if row.get("Ru rule"):
        parts.append(f"Ru by {row['Ru rule']}")
    if report.games is not None and "capped" in report.games.columns:
        capped = sum(1 for g in report.games.rows if g.get("id") == row["id"] and g.get("capped"))
        if capped:
            parts.append(f"400-point cap (8.54) in {capped} game(s)")
    bonus = row.get("bonus")
    if bonus and "why" not in row:
        parts.append(f"bonus {float(bonus):+.2f} (rule 9)")
    if row.get("upsets"):
        parts.append(f"{row['upsets']} upset win(s) (rule A)")
    if row.get("promotion"):
        parts.append(f"promoted to {row['promotion']}")
    if row.get("why"):
        parts.append(str(row["why"]))
    return "; ".join(parts)


def detail(reports: Mapping[str, Report]) -> Table:
    """One row per rule set and player: the common columns, score - expected, the published
    change ``delta`` and ``why``."""
    rows = []
    for name, report in reports.items():
        for row in report.players.rows:
            score, expected = row.get("score"), row.get("expected")
            diff = None
            if score is not None and expected is not None:
                diff = Fraction(score) - Fraction(expected)
            rows.append(
                {
                    "rules": name,
                    **{c: row.get(c) for c in DETAIL_COLUMNS[1:7]},
                    "score-expected": diff,
                    "change": row.get("change"),
                    "rating_after": row.get("rating_after"),
                    "delta": _delta(row),
                    "why": explain(report, row),
                }
            )
    formats = {"expected": "{:.2f}", "score-expected": "{:+.2f}", "change": "{:+.2f}"}
    return Table("each rule set: change and why", DETAIL_COLUMNS, rows, formats)
