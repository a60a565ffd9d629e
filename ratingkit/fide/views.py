"""The reports of FIDE's rule sets since 2014: views of the typed outcome.

The player columns come from :class:`~ratingkit.fide.outcome.FidePlayer`'s fields (FIDE's own
names: Ro, Rc, n, w, We, w-We, K, K*(w-We), then K rule, Ru exact, Ru, status), the game
columns from :class:`~ratingkit.fide.outcome.FideGame`'s, the summary from
:class:`~ratingkit.fide.outcome.FideEvent`'s; a round robin adds the 8.21b table and the 8.58
passes, a rating period one section per event (``event: NAME``, with FIDE's columns).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ..core.i18n import N_, tr
from ..core.outcome import GameOutcome, Outcome, PlayerOutcome, player_row
from ..core.report import Report, Table
from .outcome import (
    FideEvent,
    FideGame,
    FideOutcome,
    FidePeriod,
    FidePlayer,
    cells_with_none,
)

__all__ = [
    "CALCULATION_COLUMNS",
    "FIDE_COLUMNS",
    "FORMATS",
    "GAME_CALCULATION_COLUMNS",
    "GAME_COLUMNS",
    "GAME_DETAIL_COLUMNS",
    "PERIOD_COLUMNS",
    "PLAYER_COLUMNS",
    "calculation_table",
    "event_report",
    "game_calculation",
    "game_row",
    "games_table",
    "period_report",
]

#: The FIDE calculation columns of the player table (FIDE's own names).
FIDE_COLUMNS = ("Ro", "Rc", "n", "w", "We", "w-We", "K", "K*(w-We)")
#: The player columns after the common ones: FIDE's, then the K rule, Ru and the status.
PLAYER_COLUMNS = (*FIDE_COLUMNS, N_("K rule"), N_("Ru exact"), "Ru", N_("status"))
#: A rating period's: the previous list's rating (7.1), where it is from, the events.
PERIOD_COLUMNS = (*PLAYER_COLUMNS, N_("list rating"), N_("list rating from"), N_("events"))
GAME_COLUMNS = (
    N_("event"),
    N_("round"),
    "id",
    N_("name"),
    N_("opponent"),
    N_("opponent name"),
    N_("opponent rating"),
    N_("rating used"),
    N_("capped"),
    N_("D uncapped"),
    "D",
    "PD",
    N_("score"),
    N_("score-PD"),
    N_("rated"),
    N_("note"),
)
FORMATS = {
    "Rc": "{:.2f}",
    "We": "{:.2f}",
    "expected": "{:.2f}",
    "w-We": "{:+.2f}",
    "K*(w-We)": "{:+.2f}",
    "change": "{:+.2f}",
    "Ru exact": "{:.2f}",
}

#: FideGame's printed fields: (field name, column, show), read once (a report has thousands
#: of game sides; :func:`~ratingkit.core.outcome.detail_cells` gives the same cells).
_GAME_CELLS = tuple(
    (f.name, f.metadata["column"], f.metadata.get("show"))
    for f in dataclasses.fields(FideGame)
    if "column" in f.metadata
)


#: FidePlayer's printed fields, read once, as for the games.
_PLAYER_CELLS = tuple(
    (f.name, f.metadata["column"], f.metadata.get("show"))
    for f in dataclasses.fields(FidePlayer)
    if "column" in f.metadata
)


def fide_cells(player: PlayerOutcome[FidePlayer], columns: Sequence[str]) -> dict[str, object]:
    """The cells ``columns`` of a player's row (:func:`~ratingkit.core.outcome.player_row`:
    the common cells, then the detail's), None where empty."""
    cells: dict[str, object] = {
        "id": player.id,
        "name": player.name,
        "rating_before": player.rating_before,
        "games": player.games,
        "score": player.score,
        # no rated game: no expected score and no change (empty, not "+0.00")
        "expected": player.expected if player.games else None,
        "change": player.change if player.games else None,
        "rating_after": player.rating_after,
    }
    detail = player.detail
    for name, column, show in _PLAYER_CELLS:
        value = getattr(detail, name)
        if value is not None:
            cells[column] = show(value) if show is not None else value
    if not detail.n:
        # no game counted (8.5): no score, expected score or change to show, not "+0.00"
        for column in _NO_GAME_EMPTY:
            cells.pop(column, None)
    return {c: cells.get(c) for c in columns}


#: The cells of a player with no game counted that stay empty (nothing applies).
_NO_GAME_EMPTY = ("w", "We", "w-We", "K*(w-We)")


def game_row(game: GameOutcome[FideGame]) -> dict[str, object]:
    """One game side's row: who played whom, then the detail's cells (those of
    :func:`~ratingkit.core.outcome.detail_cells`); a rated game with a D has an empty
    ``capped`` cell when the cap did not limit it."""
    detail = game.detail
    row: dict[str, object] = {
        "event": game.event.name,
        "round": game.round,
        "id": game.player,
        "opponent": game.opponent,
        "opponent rating": detail.opponent_rating,
        "score": game.score,
    }
    for name, column, show in _GAME_CELLS:
        value = getattr(detail, name)
        if value is not None:
            row[column] = show(value) if show is not None else value
    row["rated"] = game.rated
    if detail.d is not None and "capped" not in row:
        row["capped"] = ""
    return row


#: The game columns of the calculation itself (8.54 / 8.1b; 2022-2025 8.3.1): the
#: opponent's rating as used, the cap, D, PD and score-PD.
GAME_CALCULATION_COLUMNS = (N_("rating used"), N_("capped"), "D", "PD", N_("score-PD"))


def game_calculation(game: GameOutcome[FideGame]) -> dict[str, object]:
    """A game side's calculation cells: those of :func:`game_row` in
    :data:`GAME_CALCULATION_COLUMNS` (None where the game has none: an unrated game's D)."""
    row = game_row(game)
    cells = {column: row.get(column) for column in GAME_CALCULATION_COLUMNS}
    return {column: None if value == "" else value for column, value in cells.items()}


def _iteration_sections(detail: FideEvent) -> list[Table]:
    """A round robin's 8.21b table (p and dp of each player) and its 8.58 passes."""
    if not detail.dp_rows and not detail.passes:
        return []
    dp_table = Table(
        tr("8.21b: p and dp of each player ({event})", event=detail.name),
        ("id", N_("name"), N_("rating"), N_("games"), N_("score"), "p", "dp", N_("in pass 1")),
        tuple(
            {
                "id": r.id,
                "name": r.name,
                "rating": r.rating,
                "games": r.games,
                "score": r.score,
                "p": r.p,
                "dp": r.dp,
                "in pass 1": r.in_pass_1,
            }
            for r in detail.dp_rows
        ),
        {"p": "{:.3f}"},
    )
    iteration = Table(
        tr("8.58 iteration ({event})", event=detail.name),
        (
            N_("pass"),
            N_("players averaged"),
            "Rar",
            "dpa",
            "id",
            N_("name"),
            "n",
            "Ra",
            N_("score"),
            "p",
            N_("rule"),
            "dp",
            "Ru",
            N_("Ru rounded"),
        ),
        tuple(
            {
                "pass": s.pass_number,
                "players averaged": s.players_averaged,
                "Rar": s.rar,
                "dpa": s.dpa,
                "id": s.id,
                "name": s.name,
                "n": s.n,
                "Ra": s.ra,
                "score": s.score,
                "p": s.p,
                "rule": s.rule,
                "dp": s.dp,
                "Ru": s.ru,
                "Ru rounded": s.ru_rounded,
            }
            for s in detail.passes
        ),
        {"Rar": "{:.2f}", "dpa": "{:.2f}", "Ra": "{:.2f}", "Ru": "{:.2f}", "p": "{:.3f}"},
    )
    return [dp_table, iteration]


def event_report(outcome: FideOutcome) -> Report:
    """The report of one event."""
    detail = outcome.detail
    assert isinstance(detail, FideEvent)
    return Report.from_outcome(
        outcome,
        detail_columns=PLAYER_COLUMNS,
        game_columns=GAME_COLUMNS,
        game_row=game_row,
        summary=cells_with_none(detail),
        sections=_iteration_sections(detail),
        formats=FORMATS,
    )


def period_report(outcome: FideOutcome) -> Report:
    """The report of a rating period: one row per person (the period's totals), the events'
    own round robin tables, and each event's FIDE columns (section ``event: NAME``)."""
    detail = outcome.detail
    assert isinstance(detail, FidePeriod)
    sections: list[Table] = []
    columns = ("id", N_("name"), *FIDE_COLUMNS)
    for event in outcome.events:
        event_detail = event.detail
        if isinstance(event_detail, FideEvent):
            sections.extend(_iteration_sections(event_detail))
        rows = [fide_cells(player, columns) for player in event.players]
        sections.append(
            Table(tr("event: {event}", event=event.key.name), columns, tuple(rows), FORMATS)
        )
    return Report.from_outcome(
        outcome,
        detail_columns=PERIOD_COLUMNS,
        game_columns=GAME_COLUMNS,
        game_row=game_row,
        summary=cells_with_none(detail),
        sections=sections,
        formats=FORMATS,
    )


# -- tables the notebooks show ---------------------------------------------------------------

#: Columns of :func:`calculation_table` and :func:`games_table` by default.
CALCULATION_COLUMNS = ("id", N_("name"), *FIDE_COLUMNS, N_("rating_after"))
GAME_DETAIL_COLUMNS = tuple(
    c for c in GAME_COLUMNS if c not in ("event", "id", "name", "opponent", "rated")
)


def _outcome(report: Report) -> Outcome[FidePlayer, FideGame]:
    """The outcome of a FIDE rule set's report: its players' and games' details are FIDE's."""
    return report.outcome


def calculation_table(
    report: Report, ids: Sequence[str] | None = None, columns: Sequence[str] = CALCULATION_COLUMNS
) -> Table:
    """FIDE's calculation columns of a report's players (all, or those of ``ids`` in that
    order), formatted as the report formats them."""
    outcome = _outcome(report)
    players = outcome.players if ids is None else [outcome.player(i) for i in ids]
    formats = {c: f for c, f in report.players.formats.items() if c in columns}
    rows: list[Mapping[str, object]] = []
    for player in players:
        cells = player_row(player)
        rows.append({c: cells.get(c) for c in columns})
    return Table(
        tr("{report}: FIDE calculation", report=report.title), tuple(columns), tuple(rows), formats
    )


def games_table(
    report: Report, player_id: str, columns: Sequence[str] = GAME_DETAIL_COLUMNS
) -> Table:
    """One player's games as the report computed them: opponent, rating used (``capped``
    8.54 when the cap applies), D, PD and score - PD."""
    outcome = _outcome(report)
    rows = []
    for game in outcome.games_of(player_id):
        cells = game_row(game)
        rows.append({c: cells.get(c) for c in columns})
    name = outcome.player(player_id).name
    formats = {"PD": "{:.2f}", "score-PD": "{:+.2f}"}
    # The caption says which rule set computed them: notebook 08 shows one player's games
    # under two texts side by side.
    title = tr("games of {name} ({rules})", name=name, rules=report.rules)
    return Table(title, tuple(columns), tuple(rows), formats)
