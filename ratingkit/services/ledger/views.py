"""The ledger's answers as tables to print or show: each built from the typed rows its
queries return (:mod:`.rows`), with the columns and headings users read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from pathlib import Path

from ...core.i18n import N_, _, tr
from ...core.report import Table
from .common import HISTORY_COLUMNS
from .rows import EventRow, ListRow, PeriodRow, PlayerHistory

#: The columns of :func:`events_table`.
EVENT_COLUMNS: tuple[str, ...] = (
    N_("event"),
    N_("period"),
    N_("name"),
    N_("start"),
    N_("end"),
    N_("type"),
    N_("players"),
    N_("games"),
    N_("file"),
    N_("imported"),
    N_("state"),
)

#: The columns of :func:`list_table` before the rule set's state columns, and the field of
#: :class:`ListRow` each shows.
LIST_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("ledger id"), "ledger_id"),
    (N_("id"), "own_id"),
    (N_("FIDE id"), "fide_id"),
    (N_("name"), "name"),
    (N_("federation"), "federation"),
    (N_("title"), "title"),
    (N_("rating"), "rating"),
    (N_("games"), "games"),
)

#: The columns of :func:`list_table` after the rule set's state columns.
LIST_FLAG_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("played"), "played"),
    (N_("listed"), "listed"),
    (N_("new"), "new"),
    (N_("inactive"), "inactive"),
)

#: The columns :func:`list_table` leaves out where no player has a value (and every column
#: of the rule set's state).
_OPTIONAL_LIST_COLUMNS = frozenset({"id", "FIDE id", "federation", "title"})


def events_table(rows: Sequence[EventRow]) -> Table:
    """The imported events; fits a 100-column terminal: the file's name (not its folder),
    the day of import, whether the period is rated."""
    return Table(
        _("events"),
        EVENT_COLUMNS,
        tuple(
            dict(
                zip(
                    EVENT_COLUMNS,
                    (
                        row.event_id,
                        row.period,
                        row.name,
                        row.start,
                        row.end,
                        row.type,
                        row.players,
                        row.games,
                        Path(row.source).name if row.source else None,
                        str(row.imported)[:10],
                        _("rated") if row.rated else _("not rated"),
                    ),
                    strict=True,
                )
            )
            for row in rows
        ),
    )


def periods_table(rows: Sequence[PeriodRow]) -> Table:
    """The periods, their number of events and when each was rated."""
    return Table(
        _("periods"),
        (N_("period"), N_("events"), N_("rated")),
        tuple({"period": r.period, "events": r.events, "rated": r.rated_at} for r in rows),
    )


def list_table(
    rows: Sequence[ListRow],
    period: str,
    rules: str,
    *,
    state_columns: Sequence[tuple[str, str]] = (),
    everyone: bool = False,
    ledger_ids: bool = False,
) -> Table:
    """A period's published list: the rule set's ``state_columns`` (heading, codec column:
    :func:`.common.state_list_columns`) after the games, ``listed`` only for ``everyone``,
    the ledger's own number only with ``ledger_ids``, and no column that is empty for every
    player."""
    shown: list[tuple[str, Callable[[ListRow], object]]] = [
        (name, attrgetter(field))
        for name, field in LIST_COLUMNS
        if (name != "ledger id" or ledger_ids)
        and (name not in _OPTIONAL_LIST_COLUMNS or any(getattr(r, field) is not None for r in rows))
    ]
    shown += [
        (name, _state_value(column))
        for name, column in state_columns
        if any(r.state.get(column) is not None for r in rows)
    ]
    shown += [
        (name, attrgetter(field))
        for name, field in LIST_FLAG_COLUMNS
        if name != "listed" or everyone
    ]
    return Table(
        tr("rating list {period} ({rules})", period=period, rules=rules),
        tuple(name for name, _value in shown),
        tuple({name: value(row) for name, value in shown} for row in rows),
    )


def _state_value(column: str) -> Callable[[ListRow], object]:
    return lambda row: row.state.get(column)


def history_table(history: PlayerHistory) -> Table:
    """A player's history: period, event id, event and his result in it."""
    columns = (N_("period"), N_("event id"), N_("event"), *HISTORY_COLUMNS)
    title = tr("history of {name} ({ids})", name=history.name, ids=history.shown_id)
    return Table(
        title,
        columns,
        tuple(
            dict(
                zip(
                    columns,
                    (
                        row.period,
                        row.event_id,
                        row.event,
                        row.rating_before,
                        row.games,
                        row.score,
                        row.expected,
                        row.change,
                        row.rating_after,
                    ),
                    strict=True,
                )
            )
            for row in history.rows
        ),
    )
