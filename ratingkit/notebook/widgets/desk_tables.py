"""The officer's desk's tables (:mod:`ratingkit.notebook.widgets.desk`): what was read, the
findings, the unrated games, "why did my rating change" (its rows and waterfall), and a long
table's first rows, search and "show all" in the page."""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ...core.errors import RatingkitError
from ...core.i18n import (
    N_,
    _,
    tr,
)
from ...core.model import Event
from ...core.outcome import GameOutcome, Outcome, PlayerOutcome, Status
from ...core.output import plain
from ...core.report import CheckTable, Report, Table, format_cell
from ...core.ruleset import (
    GameCalculation,
    RuleSet,
    event_game,
)
from ...registry import get_rule_set
from .desk_loading import FIRST_ROWS, Loaded

# -- what was read, the findings, the report ------------------------------------------------------


def read_summary(loaded: Loaded) -> dict[str, object]:
    """What was read: the files, format, encoding, name, dates, game, type, the counts."""
    event = loaded.event
    game, evidence = event_game(event, loaded.players)
    return {
        N_("files"): ", ".join(loaded.files),
        N_("format"): loaded.format,
        N_("encoding"): event.origin.encoding,
        N_("player file"): loaded.player_file or _("none"),
        N_("event"): event.name,
        N_("dates"): _(" to ").join(d.isoformat() for d in (event.start, event.end) if d)
        or _("none"),
        N_("game"): f"{_(game.value)} ({evidence})" if game else evidence,
        N_("type"): _(event.type.value) if event.type else _("not given"),
        N_("players"): len(event.players),
        N_("rated before"): sum(1 for p in event.players if p.is_rated),
        N_("games"): len(event.games),
        N_("byes"): len(event.byes),
    }


def unrated_rows(event: Event, outcome: Outcome[Any, Any]) -> list[dict[str, object]]:
    """Every player who had no rating before or was not rated as an established player, what
    became of him (the outcome's status) and the rules that left games of his unrated."""
    rows: list[dict[str, object]] = []
    # Each player's unrated game sides gathered in one pass over the games (games_of for
    # every player is a pass each: 30 s for 10,000 players and 200,000 game sides).
    unrated_of: dict[str, list[GameOutcome[Any]]] = {}
    for game in outcome.games:
        if not game.rated:
            unrated_of.setdefault(game.player, []).append(game)
    for player in outcome.players:
        if player.rating_before is not None and player.status is Status.RATED:
            continue
        unrated_games = unrated_of.get(player.id, [])
        reasons = sorted({str(g.reason) for g in unrated_games if g.reason is not None})
        rows.append(
            {
                N_("id"): player.id,
                N_("name"): player.name,
                N_("rating before"): _("none")
                if player.rating_before is None
                else player.rating_before,
                N_("became"): player.status.value,
                N_("rating after"): _("none")
                if player.rating_after is None
                else player.rating_after,
                N_("games not rated"): len(unrated_games),
                N_("games not rated by"): "; ".join(reasons),
            }
        )
    return rows


#: Games a finding's row names before it says how many more there are.
FINDING_GAMES = 20


def _finding_games(finding: Any, names: Mapping[str, str]) -> str:
    if finding.all_games or len(finding.games) <= FINDING_GAMES:
        return "; ".join(finding.games_text(names))
    first = replace(finding, games=finding.games[:FINDING_GAMES])
    more = tr("and {count} more", count=len(finding.games) - FINDING_GAMES)
    return "; ".join([*first.games_text(names), more])


def findings_rows(table: CheckTable) -> list[dict[str, object]]:
    """One row per finding: the rule, the problem, the games (the first
    :data:`FINDING_GAMES` of a long list, then how many more) and the effect."""
    return [
        {
            "rule": f.rule.clause,
            "problem": f.problem,
            "games": _finding_games(f, table.names),
            "effect": _("breaks the event's validity")
            if f.breaks_validity
            else _("games not rated"),
        }
        for f in table.findings
    ]


# -- why did my rating change ---------------------------------------------------------------------


def _number(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, int | float | Fraction | Decimal):
        return float(value)
    return None


#: The columns of :func:`findings_rows` (English keys, translated where shown).
FINDINGS_COLUMNS = (N_("rule"), N_("problem"), N_("games"), N_("effect"))

#: The columns of :func:`why_rows` before and after the rule set's own calculation columns.
WHY_COLUMNS = (N_("round"), N_("opponent"), N_("score"), N_("rated"))
WHY_TAIL = (N_("contribution"), N_("rule"))


def _calculation_of(outcome: Outcome[Any, Any]) -> GameCalculation | None:
    try:
        rules = get_rule_set(outcome.rules)
    except RatingkitError:
        return None
    return rules if isinstance(rules, GameCalculation) else None


def why_rows(
    outcome: Outcome[Any, Any], player_id: str, rules: RuleSet | None = None
) -> list[dict[str, object]]:
    """Every game side of the player: the round, the opponent, the score, whether it was rated,
    then the rule set's own calculation of the game (its ``game_calculation``, e.g. FIDE's
    D, PD and score-PD, FESA's expected score and d, from the game's typed detail), its
    contribution to the change (the outcome's value) and the rule applied to it.  ``rules``
    is the rule set that rated the outcome (looked up by its name where not given)."""
    names = {p.id: p.name for p in outcome.players}
    if rules is None:
        calculation = _calculation_of(outcome)
    else:
        calculation = rules if isinstance(rules, GameCalculation) else None
    rows = []
    for game in outcome.games_of(player_id):
        row: dict[str, object] = {
            "round": game.round,
            "opponent": names.get(game.opponent, game.opponent),
            "score": _number(game.score),
            "rated": game.rated,
        }
        if calculation is not None:
            for column, value in calculation.game_calculation(game).items():
                if column not in row and column not in WHY_TAIL:
                    row[column] = plain(value)
        row["contribution"] = _number(game.change)
        row["rule"] = str(game.reason) if game.reason is not None else ""
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Waterfall:
    """A player's way from the old rating to the new: each rated game's contribution, then
    what no game gives (``other``: a bonus, an event-level rule) and the rounding."""

    start: float
    steps: tuple[tuple[str, float], ...]
    end: float


def waterfall(outcome: Outcome[Any, Any], player_id: str) -> Waterfall | None:
    """The waterfall of a player rated before and after (None otherwise: a first rating has
    no old value to start from)."""
    player: PlayerOutcome[Any] = outcome.player(player_id)
    if player.rating_before is None or player.rating_after is None:
        return None
    names = {p.id: p.name for p in outcome.players}
    steps: list[tuple[str, float]] = []
    games_total = 0.0
    for game in outcome.games_of(player_id):
        change = _number(game.change)
        if change is None or not game.rated:
            continue
        games_total += change
        steps.append((f"r{game.round} {names.get(game.opponent, game.opponent)}", change))
    change = _number(player.change)
    if change is not None and abs(change - games_total) > 1e-9:
        steps.append((_("not from one game"), change - games_total))
        games_total = change
    rounding = player.rating_after - player.rating_before - games_total
    if abs(rounding) > 1e-9:
        steps.append((_("rounding"), rounding))
    return Waterfall(float(player.rating_before), tuple(steps), float(player.rating_after))


def waterfall_svg(fall: Waterfall, title: str = "") -> str:
    from matplotlib.figure import Figure

    from ..plots.desk import plot_rating_waterfall

    figure = Figure(figsize=(max(6.0, 0.5 * (len(fall.steps) + 2) + 2), 4.0))
    plot_rating_waterfall(fall.start, fall.steps, fall.end, ax=figure.subplots(), title=title)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


# -- long tables: their first rows, a search, "show all" ------------------------------------------


def matching_rows(
    rows: Sequence[Mapping[str, object]], search: str = ""
) -> list[Mapping[str, object]]:
    """The rows of the player the search names: his id or a part of his name (any case);
    a table without id and name columns is searched in its text cells.  No search: every
    row."""
    wanted = search.strip().casefold()
    if not wanted:
        return list(rows)

    def found(row: Mapping[str, object]) -> bool:
        keys = [k for k in ("id", "name", "player", "white", "black") if k in row]
        cells = [row.get(k) for k in keys] if keys else list(row.values())
        return any(wanted in str(plain(c)).casefold() for c in cells if c is not None)

    return [row for row in rows if found(row)]


def shown_rows(
    rows: Sequence[Mapping[str, object]],
    search: str = "",
    show_all: bool = False,
    limit: int = FIRST_ROWS,
) -> tuple[list[Mapping[str, object]], str]:
    """The rows a long table shows (those the search finds, the first ``limit`` of them
    unless ``show_all``) and the line that says what is left out ("" when nothing is)."""
    found = matching_rows(rows, search)
    if search.strip():
        line = tr(
            "rows found for {search!r}: {found} of {total}",
            search=search.strip(),
            found=len(found),
            total=len(rows),
        )
    else:
        line = ""
    if show_all or len(found) <= limit:
        return found, line
    return found[:limit], tr(
        "rows shown: the first {shown} of {total}; search for a player, or show all",
        shown=limit,
        total=len(found),
    )


def _limited_table(table: Table, search: str, show_all: bool, limit: int) -> tuple[str, str]:
    rows, line = shown_rows(table.rows, search, show_all, limit)
    shown = Table(table.title, table.columns, rows, table.formats)
    return shown.to_html(), line


def _line_html(line: str) -> str:
    return f'<p class="ratingkit-rows"><i>{html.escape(line)}</i></p>' if line else ""


def report_html(
    report: Report, search: str = "", show_all: bool = False, limit: int = FIRST_ROWS
) -> str:
    """The report as the desk shows it: what ``Report._repr_html_`` shows, its long tables
    cut to their first ``limit`` rows (or the rows of the player ``search`` finds; every row
    with ``show_all``) with a line that says so, and a per-game detail longer than ``limit``
    left to the "why" section and the downloads (100,000 game rows are some 40 MB of HTML)."""
    out = [f"<h4>{html.escape(report.title)} <small>({html.escape(report.rules)})</small></h4>"]
    if report.summary:
        items = "".join(
            f"<tr><th>{html.escape(_(str(k)))}</th><td>{html.escape(format_cell(v))}</td></tr>"
            for k, v in report.summary.items()
        )
        out.append(f'<table class="ratingkit-summary">{items}</table>')
    notes = list(report.notes)
    if notes:
        kept = notes if show_all else notes[:limit]
        out.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in kept) + "</ul>")
        if len(kept) < len(notes):
            out.append(
                _line_html(
                    tr(
                        "notes shown: the first {shown} of {total}; show all for the rest",
                        shown=len(kept),
                        total=len(notes),
                    )
                )
            )
    table, line = _limited_table(report.players, search, show_all, limit)
    out.append(table + _line_html(line))
    for section in report.sections:
        table, line = _limited_table(section, search, show_all, limit)
        out.append(
            f"<details><summary>{html.escape(_(section.title))}</summary>"
            f"{table}{_line_html(line)}</details>"
        )
    if report.games is not None and len(report.games):
        summary = html.escape(tr("per-game detail ({rows} rows)", rows=len(report.games)))
        if len(report.games) <= limit:
            body = report.games.to_html()
        else:
            body = _line_html(
                _(
                    "too many rows to show here: a player's games are under \"Why did my "
                    'rating change?", and every row is in the XLSX download'
                )
            )
        out.append(f"<details><summary>{summary}</summary>{body}</details>")
    return "\n".join(out)
