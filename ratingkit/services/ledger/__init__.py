"""A federation's rating ledger: players, events, games, player state and the published list
per rating period, kept for years in one SQLite file.

Nothing is lost and nothing is half-done: every import and every period's rating is one
transaction (``BEGIN IMMEDIATE``), so an error, a crash or ``kill -9`` leaves the ledger at its
last committed state.  A second process that wants to write waits up to
:data:`BUSY_TIMEOUT_SECONDS` and then fails with a :class:`LedgerBusyError`.

The file is opened, created and guarded by :mod:`ratingkit.services.ledgerfile` (a file that
is not a ledger, a damaged one, a read-only one, a full disk: one clear error each).

Periods are months written ``YYYY-MM``.  Rating a period rates its events in date order with
the state the rule set needs (rating, games, K state, grade, counters) as the previous period
left it, stores each event's typed outcome (:mod:`ratingkit.core.outcome`, written with
:mod:`ratingkit.core.outcome_codec`) under the ledger's event id and the players' new state,
and publishes the list.  ``history`` reads the stored outcomes back: an event is found by its
id, never by its name.

Before it stores or rates an event the ledger runs :func:`ratingkit.core.ruleset.guard`, as the
CLI does: a chess event is refused by a shogi ledger and the other way round.

The ledger is made of parts with one job each: :mod:`.schema` (the tables of each version and
the migrations), :mod:`.importing` (imports and player matching, each file read and checked by
:mod:`.checking`, several files as one operation by :mod:`.batch`), :mod:`.rating` (rating a
period and publishing its list) and :mod:`.queries` (what is read back); :class:`Ledger`
opens the file and joins them behind the one public API.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ...core.i18n import tr
from ...core.report import Table
from ...registry import families, get_rule_set
from ..ledgerfile import (
    LedgerBusyError,
    LedgerError,
    create_ledger_file,
    open_connection,
)
from .batch import FilesImported, ImportTotal, LedgerBatchImporting
from .common import FilesImportErrors, ImportErrors, _now, parse_period, state_list_columns
from .importing import ImportSummary, ListImportSummary
from .queries import LedgerQueries
from .rating import listed_by
from .rows import EventRow, HistoryRow, ListRow, PeriodRow, PlayerHistory
from .schema import MIGRATIONS as MIGRATIONS
from .schema import SCHEMA_VERSION, _check_schema, initialise, migrate
from .views import events_table, history_table, list_table, periods_table

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "EventRow",
    "FilesImportErrors",
    "FilesImported",
    "HistoryRow",
    "ImportErrors",
    "ImportSummary",
    "ImportTotal",
    "Ledger",
    "LedgerBusyError",
    "LedgerError",
    "ListImportSummary",
    "ListRow",
    "PeriodRow",
    "PlayerHistory",
    "listed_by",
    "parse_period",
]


#: How long a writer waits for another process's transaction before giving up.
BUSY_TIMEOUT_SECONDS = 10.0


class Ledger(LedgerBatchImporting, LedgerQueries):
    """A rating ledger in one SQLite file.  Use :meth:`create` for a new one."""

    def __init__(
        self, path: str | os.PathLike[str], *, write: bool = True, check: bool | None = None
    ):
        # check: PRAGMA integrity_check before use (default: when writing); the CLI's reading
        # commands ask for it, so that a damaged ledger is refused rather than listed.
        self.path = Path(path)
        self._last_rerated: tuple[str, ...] = ()
        self._connection = open_connection(
            self.path, write=write, busy_timeout=BUSY_TIMEOUT_SECONDS, check=check
        )
        try:
            if write:
                # WAL with synchronous=NORMAL: a crash or kill -9 of ratingkit still leaves
                # the last committed state; only a power cut may lose the last transactions
                # (never the file's consistency), and each commit skips a disk flush.
                self._connection.execute("PRAGMA synchronous = NORMAL")
            version = self._connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise LedgerError(
                    tr(
                        (
                            "{path}: ledger schema {version} is newer than this ratingkit "
                            "understands ({schema_version}); upgrade ratingkit"
                        ),
                        path=self.path,
                        version=version,
                        schema_version=SCHEMA_VERSION,
                    )
                )
            if version < SCHEMA_VERSION:
                if not write:
                    raise LedgerError(
                        tr(
                            (
                                "{path}: ledger schema {version} must be upgraded to "
                                "{schema_version} before it is read; open it once with a command "
                                "that writes (db rate, db import) or with write access"
                            ),
                            path=self.path,
                            version=version,
                            schema_version=SCHEMA_VERSION,
                        )
                    )
                with self._write():
                    try:
                        migrate(self._connection, version)
                    except sqlite3.OperationalError as exc:
                        # The tables are already newer than the header's user_version says
                        # (a flipped bit, another program): nothing is migrated.
                        if not any(w in str(exc) for w in ("already exists", "duplicate column")):
                            raise
                        raise LedgerError(
                            tr(
                                (
                                    "{path}: damaged: its header gives ledger schema "
                                    "{version}, but its tables are of a later schema "
                                    "({reason}); nothing was written; restore the ledger "
                                    "from a backup"
                                ),
                                path=self.path,
                                version=version,
                                reason=exc,
                            )
                        ) from None
            _check_schema(self.path, self._connection)
            self.rules = get_rule_set(self._setting("rules"))
        except BaseException:
            self._connection.close()
            raise

    @classmethod
    def create(cls, path: str | os.PathLike[str], rules: str) -> Ledger:
        """A new, empty ledger for the rule set ``rules``; refuses to overwrite a file.  The
        file appears complete or not at all (:func:`create_ledger_file`)."""
        if rules in families():
            members = ", ".join(families()[rules])
            raise LedgerError(
                tr(
                    (
                        "{rules!r} names the rule set in force on each event's date "
                        "({members}); a ledger keeps one list under one rule set: give "
                        "one of them"
                    ),
                    rules=rules,
                    members=members,
                )
            )
        get_rule_set(rules)

        def initialise_new(connection: sqlite3.Connection) -> None:
            initialise(connection, rules, _now())

        create_ledger_file(Path(path), initialise_new)
        return cls(path)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the queries' answers as tables (views of their typed rows) --------------------------
    def events(self) -> Table:
        """Every imported event as a table (:meth:`event_rows`, :func:`.views.events_table`)."""
        return events_table(self.event_rows())

    def periods(self) -> Table:
        """Every period as a table (:meth:`period_rows`, :func:`.views.periods_table`)."""
        return periods_table(self.period_rows())

    def published_list(
        self, period: str, *, everyone: bool = False, ledger_ids: bool = False
    ) -> Table:
        """The list published for ``period`` as a table (:meth:`list_rows`,
        :func:`.views.list_table`); the ledger's own number only with ``ledger_ids``."""
        period = parse_period(period)
        rows = self.list_rows(period, everyone=everyone)
        return list_table(
            rows,
            period,
            self.rules.name,
            state_columns=state_list_columns(self.rules),
            everyone=everyone,
            ledger_ids=ledger_ids,
        )

    def history(self, player: str) -> Table:
        """A player's rated events as a table (:meth:`player_history`,
        :func:`.views.history_table`)."""
        return history_table(self.player_history(player))
