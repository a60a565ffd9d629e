"""A ledger of the current schema taken back to schema 4, for the tests that open an older
ledger (tests/test_ledger_schemas.py, test_ledger.py, test_rating_before.py), and a ledger of
the current schema with its packed games as the ``games`` rows schema 5 wrote
(:func:`games_as_rows`, :func:`undo_schema_6`), and one without schema 7's index
(:func:`undo_schema_7`).

Schema 4 kept FIDE's K and FESA's grade as the columns ``published.k`` and ``published.grade``
and the K of a result as ``player_results.k``; schema 5 keeps them as JSON objects of the
rule set's codec columns (``published.state``, ``player_results.detail``).  This is written
with plain SQL, independently of ratingkit's migration, which must bring the file back.
"""

from __future__ import annotations

import json
import sqlite3
import struct


def undo_schema_5(connection: sqlite3.Connection) -> None:
    """The columns as schema 4 had them, their values taken from the JSON objects, and the
    schema version 4 (``k`` and ``grade`` come last here, which the migration's result does
    not see: it drops them).  A ledger of schema 6 is first taken back to 5
    (:func:`undo_schema_6`)."""
    if connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'packed_games'").fetchone():
        undo_schema_6(connection)
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


# -- schema 6: an event's plain games as one packed row -------------------------------------
#: The packed row's columns as ratingkit/services/ledger/stored_games.py documents them, read
#: here with ``struct`` (not numpy, not ratingkit): rounds and ledger ids little-endian 8-byte
#: integers, half points and play codes single bytes, day places little-endian 4-byte.
_PACKED = "event_id, games, rounds, whites, blacks, white_halves, black_halves, plays, play_names,"
_PACKED += " days, day_texts"


def packed_game_rows(connection: sqlite3.Connection) -> list[tuple[object, ...]]:
    """Every packed game as the ``games`` table's row (event_id, round, white, black,
    white_score, black_score, play, special, handicap, handicap_giver, date, extra), events
    in their order, games in the file's."""
    rows = []
    for row in connection.execute(f"SELECT {_PACKED} FROM packed_games ORDER BY event_id"):
        event_id, count, rounds, whites, blacks, white_halves, black_halves, plays, names = row[:9]
        days, day_texts = row[9:]
        play_names, texts = json.loads(names), json.loads(day_texts)
        columns = zip(
            struct.unpack(f"<{count}q", rounds),
            struct.unpack(f"<{count}q", whites),
            struct.unpack(f"<{count}q", blacks),
            struct.unpack(f"<{count}b", white_halves),
            struct.unpack(f"<{count}b", black_halves),
            struct.unpack(f"<{count}b", plays),
            struct.unpack(f"<{count}i", days),
            strict=True,
        )
        rows.extend(
            (event_id, r, w, b, wh / 2, bh / 2, play_names[p], None, None, None, texts[d], "{}")
            for r, w, b, wh, bh, p, d in columns
        )
    return rows


def games_as_rows(connection: sqlite3.Connection) -> None:
    """The ledger as ratingkit wrote it before schema 6 (35b39fe): each packed event's games
    as ``games`` rows (in the file's order), no packed row left."""
    connection.executemany(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        packed_game_rows(connection),
    )
    connection.execute("DELETE FROM packed_games")


def undo_schema_7(connection: sqlite3.Connection) -> None:
    """Schema 6 (d2595b4): no index of the events by their games' digest."""
    connection.execute("DROP INDEX events_by_games_digest")
    connection.execute("PRAGMA user_version = 6")


def undo_schema_6(connection: sqlite3.Connection) -> None:
    """Schema 5 (35b39fe): the games as rows (:func:`games_as_rows`), no ``packed_games``; a
    ledger of schema 7 is first taken back to 6 (:func:`undo_schema_7`)."""
    if connection.execute(
        "SELECT 1 FROM sqlite_master WHERE name = 'events_by_games_digest'"
    ).fetchone():
        undo_schema_7(connection)
    games_as_rows(connection)
    connection.execute("DROP TABLE packed_games")
    connection.execute("PRAGMA user_version = 5")


def all_game_rows(connection: sqlite3.Connection) -> list[tuple[object, ...]]:
    """Every stored game in both forms as ``games`` rows: the rows, then the packed ones."""
    rows = connection.execute("SELECT * FROM games ORDER BY rowid").fetchall()
    return rows + packed_game_rows(connection)
