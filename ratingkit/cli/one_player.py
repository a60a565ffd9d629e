"""``ratingkit rate --player ID``: one player's report row and his games, laid out as the
report's own rows (JSON, CSV or the table format fitted to the columns)."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping

from ..core.errors import RatingkitError
from ..core.i18n import _, tr
from ..core.output import plain, terminal_cell
from ..core.players import find_in_rows
from ..core.report import Report, Table, column_label, format_cell


def _one_player(report: Report, wanted: str, output_format: str, width: int | None) -> str:
    """One player's report row and his games: he is found among the outcome's players by his
    id, else by his name (core.players: the one matcher); his games are the outcome's game
    sides he played, shown as the report's game rows show them."""
    outcome = report.outcome
    found = find_in_rows([{"id": p.id, "name": p.name} for p in outcome.players], wanted)
    if not found:
        raise RatingkitError(
            tr(
                "--player {wanted}: no player of {title} has this id or name",
                wanted=wanted,
                title=report.title,
            )
        )
    if len(found) > 1:
        ids = ", ".join(outcome.players[i].id for i in found)
        raise RatingkitError(
            tr(
                "--player {wanted}: {count} players have this name ({ids}); give the id",
                wanted=wanted,
                count=len(found),
                ids=ids,
            )
        )
    player = outcome.players[found[0]]
    row = _shown_row(report, found[0])
    table = report.games
    games = _shown_games(report, player.id)
    game_columns = table.columns if table is not None else ()
    if output_format == "json":
        data = {
            "title": report.title,
            "rules": report.rules,
            "player": {c: plain(row.get(c)) for c in report.players.columns},
            "games": [{c: plain(g.get(c)) for c in game_columns} for g in games],
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if output_format == "csv":
        return Table("games", game_columns, games).to_csv()
    if output_format == "html":
        raise RatingkitError(
            tr(
                "--player shows one player as table, csv or json; --format html "
                "prints the whole event"
            )
        )
    # the columns' headers as the tables show them, in the language in force (the JSON and
    # CSV above keep the keys: machine formats)
    labels = {c: terminal_cell(column_label(c)) for c in report.players.columns}
    label = max(len(shown) for shown in labels.values())
    lines = [f"{report.title} ({report.rules})", ""]
    for column in report.players.columns:
        text = format_cell(row.get(column), report.players.formats.get(column))
        lines.extend(
            textwrap.wrap(
                f"{labels[column]:<{label}}  {terminal_cell(text)}",
                width or 10**6,
                subsequent_indent=" " * (label + 2),
                break_on_hyphens=False,
            )
            or [column]
        )
    if table is None:
        return (
            "\n".join(
                [
                    *lines,
                    "",
                    _(
                        "(no games to list: the event gives totals only, or the rule set's "
                        "report lists no games)"
                    ),
                ]
            )
            + "\n"
        )
    shown = tuple(c for c in game_columns if c not in ("id", "name"))
    own = [{c: g.get(c) for c in shown} for g in games]
    title = tr("games of {name} ({count})", name=player.name, count=len(games))
    lines += ["", Table(title, shown, own).to_text(width)]
    return "\n".join(lines) + "\n"


def _shown_row(report: Report, position: int) -> Mapping[str, object]:
    """The report's row of the outcome's player at ``position``: a report lays out one row
    per player outcome, in the outcome's order."""
    rows = report.players.rows
    player = report.outcome.players[position]
    if len(rows) == len(report.outcome.players) and rows[position].get("id") == player.id:
        return rows[position]
    return report.row(player.id)


def _shown_games(report: Report, player_id: str) -> list[Mapping[str, object]]:
    """The report's game rows of the outcome's game sides ``player_id`` played: a rule set's
    game row of each side where the report keeps it, else the row of the same position (one
    row per game side, in the outcome's order)."""
    sides = report.outcome.games
    table = report.games
    if table is None:
        return []
    if report.game_row is not None:
        return [report.game_row(side) for side in sides if side.player == player_id]
    if len(sides) == len(table):
        return [
            row for side, row in zip(sides, table.rows, strict=True) if side.player == player_id
        ]
    return [r for r in table.rows if str(r.get("id")) == player_id]
