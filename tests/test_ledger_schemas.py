"""Old ledgers still open (issue 28 part 1): a ledger written by ratingkit at schema 4, kept
as SQL text in tests/data/ledger/schema-4-fesa-season.sql, and the ledgers of schemas 3, 2
and 1 made from it with the SQL those schemas had, are migrated to schema 5 (the rule set's
columns, FESA's grade here, as JSON objects of its codec's columns) and give the lists and
histories stored in their tables.  A ledger written by ratingkit at schema 5 (35b39fe), kept as
tests/data/ledger/schema-5-fesa-season.sql with its games as rows, is migrated to schema 6 (an
event's plain games packed in one row), keeps its rows, and rates as the same files imported
now.

The expected values are read from the file's own tables with plain SQL here (the published
list as the ``published`` table holds it, each result as ``player_results`` holds it), never
through the ledger's queries; the ledger must give them back through its typed rows, after
its migrations where the file is older.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import DATA
from older_ledgers import undo_schema_5, undo_schema_7

from ratingkit.services.ledger import (
    SCHEMA_VERSION,
    EventRow,
    HistoryRow,
    ImportErrors,
    Ledger,
    LedgerError,
    ListRow,
)

SCHEMA_4_DUMP = DATA / "ledger" / "schema-4-fesa-season.sql"

#: The columns of a player's result (schema 3's ``player_results``, schema 1's JSON keys).
RESULT_COLUMNS = ("rating_before", "games", "score", "expected", "change", "rating_after")


def _load(path: Path) -> Path:
    with sqlite3.connect(path) as connection:
        connection.executescript(SCHEMA_4_DUMP.read_text(encoding="utf-8"))
    return path


def _number(cell: object) -> object:
    # An exact fraction is stored as the text "p/q" (the ledger's untyped result columns).
    if isinstance(cell, str) and re.fullmatch(r"-?\d+/\d+", cell):
        return Fraction(cell)
    return cell


def _stored(path: Path) -> dict[str, object]:
    """What the file's tables hold, read with SQL: the rated periods, the events, each
    period's listed players and each player's results."""
    with sqlite3.connect(path) as connection:
        periods = [r[0] for r in connection.execute("SELECT period FROM periods ORDER BY 1")]
        events = connection.execute("SELECT id, period, name FROM events ORDER BY period, id")
        lists = {
            period: sorted(
                (pid, rating, games, k, grade, bool(played), bool(listed), bool(new), bool(idle))
                for pid, rating, games, k, grade, played, listed, new, idle in connection.execute(
                    "SELECT player_id, rating, games, k, grade, played, listed, is_new, inactive"
                    " FROM published WHERE period = ? AND listed = 1",
                    (period,),
                )
            )
            for period in periods
        }
        histories = {}
        for (player_id,) in connection.execute("SELECT DISTINCT player_id FROM player_results"):
            histories[player_id] = [
                (period, event_id, name, *(_number(cell) for cell in cells))
                for period, event_id, name, *cells in connection.execute(
                    "SELECT r.period, e.id, e.name, r.rating_before, r.games, r.score,"
                    " r.expected, r.change, r.rating_after FROM player_results r JOIN events e"
                    " ON e.id = r.event_id WHERE r.player_id = ?"
                    " ORDER BY r.period, COALESCE(e.start, e.end, ''), e.id",
                    (player_id,),
                )
            ]
        return {"periods": periods, "events": list(events), "lists": lists, "histories": histories}


def _read(book: Ledger) -> dict[str, object]:
    """The same through the ledger's typed rows."""
    periods = [row.period for row in book.period_rows() if row.rated]
    lists = {}
    for period in periods:
        rows = book.list_rows(period)
        ratings = [row.rating for row in rows]
        assert ratings == sorted(ratings, key=lambda r: (r is None, -(r or 0)))  # best first
        lists[period] = sorted(
            (
                r.ledger_id,
                r.rating,
                r.games,
                r.state.get("k"),
                r.state.get("grade"),
                r.played,
                r.listed,
                r.new,
                r.inactive,
            )
            for r in rows
        )
    histories = {}
    for player_id in {
        r.ledger_id for period in periods for r in book.list_rows(period, everyone=True)
    }:
        rows = book.player_history(f"#{player_id}").rows
        if rows:
            histories[player_id] = [dataclasses.astuple(row) for row in rows]
    return {
        "periods": periods,
        "events": [(row.event_id, row.period, row.name) for row in book.event_rows()],
        "lists": lists,
        "histories": histories,
    }


@pytest.fixture
def schema_4(tmp_path):
    return _load(tmp_path / "schema-4.sqlite")


@pytest.fixture
def current(schema_4, tmp_path):
    """The schema-4 ledger migrated to the current schema by opening it for writing."""
    path = tmp_path / "schema-5.sqlite"
    path.write_bytes(schema_4.read_bytes())
    with Ledger(path):
        pass
    return path


def test_the_stored_ledger_is_of_schema_4_and_holds_a_season(schema_4):
    with sqlite3.connect(schema_4) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 4
    assert SCHEMA_VERSION == 7
    stored = _stored(schema_4)
    # tests/data/ledger/season: January to April 2024, seven events.
    assert stored["periods"] == ["2024-01", "2024-02", "2024-03", "2024-04"]
    assert len(stored["events"]) == 7 and all(stored["lists"].values())
    # A FESA season: a grade for every listed player, no K (FESA formula (1): k(tr) per game).
    assert all(row[4] for rows in stored["lists"].values() for row in rows)
    assert not any(row[3] for rows in stored["lists"].values() for row in rows)


@pytest.mark.parametrize("write", [False, True])
def test_a_ledger_of_the_current_schema_opens_and_gives_its_stored_lists(schema_4, current, write):
    stored = _stored(schema_4)
    with Ledger(current, write=write) as book:
        assert _read(book) == stored


def test_schema_5_keeps_the_rule_sets_columns_as_json_of_its_codec_columns(schema_4, current):
    """Schema 4's ``published.k`` and ``published.grade`` are now the JSON object
    ``published.state`` (``player_results.k`` is ``player_results.detail``), read here with
    SQL's own JSON functions; the generic tables have no column of a rule set left."""
    with sqlite3.connect(schema_4) as old:
        grades = dict(
            ((period, pid), grade)
            for period, pid, grade in old.execute("SELECT period, player_id, grade FROM published")
        )
    with sqlite3.connect(current) as new:
        published = [c[1] for c in new.execute("PRAGMA table_info(published)")]
        results = [c[1] for c in new.execute("PRAGMA table_info(player_results)")]
        moved = dict(
            ((period, pid), grade)
            for period, pid, grade in new.execute(
                "SELECT period, player_id, json_extract(state, '$.grade') FROM published"
            )
        )
        keys = {k for (k,) in new.execute("SELECT key FROM published, json_each(state)")}
        details = new.execute("SELECT COUNT(*) FROM player_results WHERE detail IS NOT NULL")
        assert details.fetchone()[0] == 0  # FESA's results say no K of their own
    assert "k" not in published and "grade" not in published and "state" in published
    assert "k" not in results and "detail" in results
    assert moved == grades and keys == {"grade"}


def test_the_printed_list_keeps_its_columns(schema_4, current):
    """The list users read (db list, the exports) shows the grade after the games, as schema
    4's columns did, and no K, which no player has."""
    with Ledger(current, write=False) as book:
        table = book.published_list("2024-04")
        rows = book.list_rows("2024-04")
    assert table.columns == ("id", "name", "rating", "games", "grade", "played", "new", "inactive")
    with sqlite3.connect(schema_4) as connection:
        stored = connection.execute(
            "SELECT pu.rating, pu.grade FROM published pu JOIN players pl ON pl.id ="
            " pu.player_id WHERE pu.period = '2024-04' AND pu.listed = 1 ORDER BY pu.rating"
            " DESC, pl.name"
        ).fetchall()
    assert [(row["rating"], row["grade"]) for row in table.rows] == stored
    assert [row.state["grade"] for row in rows] == [grade for _rating, grade in stored]


def test_a_ledger_taken_back_to_schema_4_is_migrated_again_the_same(schema_4, current):
    """tests/older_ledgers.py's SQL (used by other tests' older ledgers) undoes schema 5 as the
    stored schema-4 file has it: the same lists after the migration."""
    with sqlite3.connect(current) as connection:
        undo_schema_5(connection)
    with Ledger(current) as book:
        assert _read(book) == _stored(schema_4)


def _to_schema_3(connection: sqlite3.Connection) -> None:
    # Schema 3 keyed names without Unicode normalisation (schema 4 is NFC and case folding):
    # a key as schema 3 could have left it.
    connection.execute("UPDATE players SET name_key = upper(name)")
    connection.execute("PRAGMA user_version = 3")


def _to_schema_2(connection: sqlite3.Connection) -> None:
    # Schema 2 kept each result in ``results`` (here without a stored outcome, as schema 1's
    # JSON object, which the migration to 3 reads), and had none of what schema 3 added.
    _to_schema_3(connection)
    rows = connection.execute(
        "SELECT period, event_id, player_id, rating_before, games, score, expected, change,"
        " rating_after FROM player_results"
    ).fetchall()
    connection.executemany(
        "INSERT INTO results VALUES (?, ?, ?, ?)",
        [
            (period, event_id, player_id, json.dumps(dict(zip(RESULT_COLUMNS, cells, strict=True))))
            for period, event_id, player_id, *cells in rows
        ],
    )
    connection.execute("DROP TABLE player_results")
    for index in ("state_by_player", "participants_by_player", "published_by_player"):
        connection.execute(f"DROP INDEX {index}")
    connection.execute("DROP INDEX players_by_own_id")
    for table, column in (
        ("events", "games_digest"),
        ("players", "arrived_rated"),
        ("players", "sex"),
        ("players", "own_id"),
    ):
        connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    connection.execute("PRAGMA user_version = 2")


def _to_schema_1(connection: sqlite3.Connection) -> None:
    # Schema 1 had no stored outcomes and no game kind per event.
    _to_schema_2(connection)
    connection.execute("DROP TABLE outcomes")
    connection.execute("ALTER TABLE events DROP COLUMN game")
    connection.execute("PRAGMA user_version = 1")


def _as_stored(connection: sqlite3.Connection) -> None:
    """Schema 4: the file as it is stored."""


@pytest.mark.parametrize(
    ("schema", "downgrade"),
    [(4, _as_stored), (3, _to_schema_3), (2, _to_schema_2), (1, _to_schema_1)],
)
def test_a_ledger_of_an_older_schema_is_migrated_and_gives_the_same_lists(
    schema_4, schema, downgrade
):
    current = schema_4
    stored = _stored(current)
    with sqlite3.connect(current) as connection:
        downgrade(connection)
    with sqlite3.connect(current) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == schema
    with pytest.raises(LedgerError, match=f"ledger schema {schema} must be upgraded"):
        Ledger(current, write=False)
    with Ledger(current) as book:
        assert _read(book) == stored
        # The migrated name keys find a player by his name written another way (schema 4).
        (first, *_rest) = book.list_rows("2024-04")
        assert book.find_player(first.name.lower()) == first.ledger_id
    with sqlite3.connect(current) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_queries_rows_are_typed_and_frozen(schema_4, current):
    with Ledger(current, write=False) as book:
        (event, *_events) = book.event_rows()
        (listed, *_listed) = book.list_rows("2024-01")
        history = book.player_history(f"#{listed.ledger_id}")
    assert isinstance(event, EventRow) and isinstance(listed, ListRow)
    assert all(isinstance(row, HistoryRow) for row in history.rows)
    with pytest.raises(dataclasses.FrozenInstanceError):
        listed.rating = 0  # type: ignore[misc]
    # The history's rows are the results stored for the player, read above with SQL.
    assert [dataclasses.astuple(r) for r in history.rows] == _stored(schema_4)["histories"][
        listed.ledger_id
    ]


# -- schema 5 -> 6: an event's plain games packed in one row --------------------------------
SCHEMA_5_DUMP = DATA / "ledger" / "schema-5-fesa-season.sql"
SEASON = DATA / "ledger" / "season"


def _rated_lists(book: Ledger) -> dict[str, object]:
    """Every period rated again in order, then its lists, histories and events read."""
    periods = [row.period for row in book.period_rows()]
    for period in periods:
        book.rate_period(period, replace=True)
    found = _read(book)
    found["events"] = [
        (row.event_id, row.period, row.name, row.players, row.games) for row in book.event_rows()
    ]
    return found


def test_a_ledger_written_at_schema_5_opens_rates_and_lists_as_the_same_files_packed(tmp_path):
    """tests/data/ledger/schema-5-fesa-season.sql: the season as ratingkit at 35b39fe wrote
    it, a ``games`` row a game.  Opened by this version it is migrated to schema 6, keeps
    its rows, reads the lists and histories stored in its tables, and rated again gives the
    lists, histories and games counts of the same files imported now (their games packed)."""
    old = tmp_path / "schema-5.sqlite"
    with sqlite3.connect(old) as connection:
        connection.executescript(SCHEMA_5_DUMP.read_text(encoding="utf-8"))
    connection.close()
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 5
        rows = connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    connection.close()
    assert rows > 0
    stored = _stored_5(old)
    with Ledger(old) as book:
        assert _read(book) == stored  # the lists it holds, read before anything is rated
        from_rows = _rated_lists(book)
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == rows
        assert connection.execute("SELECT COUNT(*) FROM packed_games").fetchone()[0] == 0
    connection.close()
    new = tmp_path / "new.sqlite"
    with Ledger.create(new, "fesa") as book:
        files = sorted(SEASON.glob("*-games.csv"))
        book.import_file(files[0], SEASON / "players.csv")
        for file in files[1:]:
            book.import_file(file)
        packed = _rated_lists(book)
    with sqlite3.connect(new) as connection:
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
        assert connection.execute("SELECT SUM(games) FROM packed_games").fetchone()[0] == rows
    connection.close()
    assert from_rows == packed
    assert sum(games for *_head, games in packed["events"]) == rows  # type: ignore[attr-defined]


def _stored_5(path: Path) -> dict[str, object]:
    """:func:`_stored` of a schema-5 file: the K and the grade read from ``published.state``
    with SQL's JSON functions."""
    with sqlite3.connect(path) as connection:
        connection.execute("ALTER TABLE published ADD COLUMN k INTEGER")
        connection.execute("ALTER TABLE published ADD COLUMN grade TEXT")
        connection.execute(
            "UPDATE published SET k = json_extract(state, '$.k'),"
            " grade = json_extract(state, '$.grade')"
        )
        connection.commit()
        found = _stored(path)
        connection.execute("ALTER TABLE published DROP COLUMN k")
        connection.execute("ALTER TABLE published DROP COLUMN grade")
        connection.commit()
    connection.close()
    return found


# -- schema 6 -> 7: the events by their games' digest -----------------------------------------
def _games_digest_plan(connection: sqlite3.Connection) -> str:
    """How SQLite finds an event by its games' digest (importing._store_event's query)."""
    plan = connection.execute(
        "EXPLAIN QUERY PLAN SELECT id, period, source FROM events WHERE games_digest = ?", ("x",)
    ).fetchall()
    return " ".join(row[-1] for row in plan)


def test_a_ledger_of_schema_6_gets_the_games_digest_index_and_gives_the_same_lists(tmp_path):
    """A ledger as d2595b4 wrote it (schema 6: no index of the events by their games' digest,
    made here by dropping it with plain SQL) is migrated to schema 7 when opened for writing:
    the same lists and histories, the index there and used, and the same games imported again
    from another file (its lines in another order) still refused as the same games."""
    path = tmp_path / "season.sqlite"
    files = sorted(SEASON.glob("*-games.csv"))
    with Ledger.create(path, "fesa") as book:
        book.import_file(files[0], SEASON / "players.csv")
        for file in files[1:]:
            book.import_file(file)
        for period in sorted({row.period for row in book.event_rows()}):
            book.rate_period(period)
        before = _read(book)
    with sqlite3.connect(path) as connection:
        undo_schema_7(connection)
        assert "events_by_games_digest" not in _games_digest_plan(connection)  # a scan
    connection.close()
    with pytest.raises(LedgerError, match="must be upgraded to 7"):
        Ledger(path, write=False)  # read only, it is not migrated
    lines = files[-1].read_text(encoding="utf-8").splitlines(keepends=True)
    again = tmp_path / "again"
    again.mkdir()
    copy = again / files[-1].name
    copy.write_text(lines[0] + "".join(reversed(lines[1:])), encoding="utf-8")
    (again / files[-1].name.replace("-games", "-players")).write_bytes(
        files[-1].with_name(files[-1].name.replace("-games", "-players")).read_bytes()
    )
    with Ledger(path) as book:
        assert _read(book) == before
        with pytest.raises(ImportErrors, match="the same games between the same players"):
            book.import_file(copy, replace=True)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
        assert "USING INDEX events_by_games_digest" in _games_digest_plan(connection)
    connection.close()
