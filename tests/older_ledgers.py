"""A ledger of the current schema taken back to schema 4, for the tests that open an older
ledger (tests/test_ledger_schemas.py, test_ledger.py, test_rating_before.py).

Schema 4 kept FIDE's K and FESA's grade as the columns ``published.k`` and ``published.grade``
and the K of a result as ``player_results.k``; schema 5 keeps them as JSON objects of the
rule set's codec columns (``published.state``, ``player_results.detail``).  This is written
with plain SQL, independently of ratingkit's migration, which must bring the file back.
"""

from __future__ import annotations

import sqlite3


def undo_schema_5(connection: sqlite3.Connection) -> None:
    """The columns as schema 4 had them, their values taken from the JSON objects, and the
    schema version 4 (``k`` and ``grade`` come last here, which the migration's result does
    not see: it drops them)."""
    connection.execute("ALTER TABLE published ADD COLUMN k INTEGER")
    connection.execute("ALTER TABLE published ADD COLUMN grade TEXT")
    connection.execute(
        "UPDATE published SET k = json_extract(state, '$.k'),"
        " grade = json_extract(state, '$.grade')"
    )
    connection.execute("ALTER TABLE published DROP COLUMN state")
    connection.execute("ALTER TABLE player_results ADD COLUMN k INTEGER")
    connection.execute("UPDATE player_results SET k = json_extract(detail, '$.k')")
    connection.execute("ALTER TABLE player_results DROP COLUMN detail")
    connection.execute("PRAGMA user_version = 4")
