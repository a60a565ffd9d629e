"""The ledger's schema: the SQL of each version (:data:`MIGRATIONS`), the migrations that
bring an older ledger up to date (with what they fill in), and the check that a file's
tables are the ones its version has."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ...core import outcome_codec
from ...core.i18n import N_, tr
from ...core.outcome import EventOutcome, PlayerOutcome
from ...core.players import (
    normalise_name,
)
from ..ledgerfile import (
    LedgerError,
    sqlite_errors,
)
from .common import HISTORY_COLUMNS, _cell, _games_digest
from .stored_games import PACKED_TABLE

# Each migration brings the schema from version i to i + 1 (PRAGMA user_version).
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        key TEXT UNIQUE,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        fide_id TEXT,
        federation TEXT,
        title TEXT,
        born TEXT,
        initial_state TEXT
    );
    CREATE INDEX players_by_name ON players(name_key);
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        period TEXT NOT NULL,
        name TEXT NOT NULL,
        start TEXT,
        end TEXT,
        type TEXT NOT NULL,
        rounds INTEGER,
        source TEXT,
        digest TEXT NOT NULL UNIQUE,
        score_only INTEGER NOT NULL,
        extra TEXT NOT NULL,
        imported TEXT NOT NULL
    );
    CREATE INDEX events_by_period ON events(period);
    CREATE TABLE participants (
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        local_id TEXT NOT NULL,
        rating INTEGER,
        extra TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id)
    );
    CREATE TABLE games (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL,
        white INTEGER NOT NULL REFERENCES players(id),
        black INTEGER NOT NULL REFERENCES players(id),
        white_score REAL NOT NULL,
        black_score REAL NOT NULL,
        play TEXT NOT NULL,
        special TEXT,
        handicap TEXT,
        handicap_giver INTEGER,
        date TEXT,
        extra TEXT NOT NULL
    );
    CREATE INDEX games_by_event ON games(event_id);
    CREATE TABLE byes (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL,
        player INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL
    );
    CREATE TABLE periods (period TEXT PRIMARY KEY, rated TEXT NOT NULL, rules TEXT NOT NULL);
    CREATE TABLE results (
        period TEXT NOT NULL,
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        row TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id)
    );
    CREATE INDEX results_by_player ON results(player_id);
    CREATE TABLE state (
        period TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        record TEXT NOT NULL,
        PRIMARY KEY (period, player_id)
    );
    CREATE TABLE published (
        period TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        rating INTEGER,
        games INTEGER,
        k INTEGER,
        grade TEXT,
        played INTEGER NOT NULL,
        listed INTEGER NOT NULL,
        is_new INTEGER NOT NULL,
        inactive INTEGER NOT NULL,
        PRIMARY KEY (period, player_id)
    );
    """,
    # 2: each event's typed outcome, stored by its ledger id (outcome_codec); the game the
    # reader says an event is (chess, shogi), for the guard when the period is rated.  A
    # ``results`` row is from now on the codec's text of the player's result.
    """
    CREATE TABLE outcomes (
        event_id INTEGER PRIMARY KEY REFERENCES events(id),
        period TEXT NOT NULL,
        rules TEXT NOT NULL,
        report TEXT NOT NULL,
        outcome TEXT NOT NULL
    );
    CREATE INDEX outcomes_by_period ON outcomes(period);
    ALTER TABLE events ADD COLUMN game TEXT;
    """,
    # 3: each player's result per event as typed columns (history reads them; the full typed
    # outcome of an event is recomputed on demand from the stored inputs and state, since
    # 1,000,000 games' outcomes as JSON would be gigabytes); state rows only where a player's
    # state changed; the games' own digest (ledger ids, results, dates: not the path or the
    # file's bytes) refuses one event imported twice; indexes for set-based publishing.
    """
    CREATE TABLE player_results (
        period TEXT NOT NULL,
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        rating_before,
        games,
        score,
        expected,
        change,
        rating_after,
        status TEXT,
        k INTEGER,
        PRIMARY KEY (event_id, player_id)
    );
    CREATE INDEX player_results_by_player ON player_results(player_id);
    CREATE INDEX player_results_by_period ON player_results(period);
    CREATE INDEX state_by_player ON state(player_id, period);
    CREATE INDEX participants_by_player ON participants(player_id);
    CREATE INDEX published_by_player ON published(player_id, period);
    ALTER TABLE events ADD COLUMN games_digest TEXT;
    ALTER TABLE players ADD COLUMN arrived_rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players ADD COLUMN sex TEXT;
    ALTER TABLE players ADD COLUMN own_id TEXT;
    CREATE INDEX players_by_own_id ON players(own_id)
    """,
    # 4: names are keyed after Unicode NFC normalisation and case folding
    # (core.players.normalise_name): a name stored decomposed (``Mu\u0308ller``) gets the key
    # of the composed one; no table changes (:func:`_fill_schema_4`).
    "",
    # 5: the columns that belong to a rule set leave the generic tables (issue 28 part 1):
    # what a published list shows of a player's state is a JSON object of its codec's
    # columns (``published.state``: FIDE's K, FESA's and LNMO's grade; common.published_state)
    # and the K a result was computed with is ``player_results.detail``.  Schema 4's ``k``
    # and ``grade`` are copied over, an empty value left out (a JSON merge patch drops nulls).
    """
    ALTER TABLE published ADD COLUMN state TEXT;
    UPDATE published SET state = NULLIF(json_patch('{}', json_object('k', k, 'grade', grade)),
        '{}');
    ALTER TABLE published DROP COLUMN k;
    ALTER TABLE published DROP COLUMN grade;
    ALTER TABLE player_results ADD COLUMN detail TEXT;
    UPDATE player_results SET detail = NULLIF(json_patch('{}', json_object('k', k)), '{}');
    ALTER TABLE player_results DROP COLUMN k
    """,
    # 6: an event whose games are all plain (no shogi special result, handicap or extra
    # cell) keeps them as one row of packed columns (issue 28 part 3; the layout is
    # stored_games.py's); the ``games`` rows of the events imported before stay as they are,
    # and every reader reads both forms.
    PACKED_TABLE,
    # 7: the events by their games' digest: every import asks whether its games were imported
    # before (importing._store_event), which without an index read the whole events table
    # (issue 28 part 3: about 110 us a query at a month's 2,000 events, and growing with the
    # ledger).  Nothing to fill in: SQLite builds the index from the rows there are.
    "CREATE INDEX events_by_games_digest ON events(games_digest)",
)


SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection, version: int) -> None:
    """Bring a ledger of schema ``version`` to :data:`SCHEMA_VERSION`, inside the caller's
    write transaction: each script in turn, then what a migration fills in."""
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        _run_script(connection, script)
        if number == 3:
            _fill_schema_3(connection)
        if number == 4:
            _fill_schema_4(connection)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def initialise(connection: sqlite3.Connection, rules: str, created: str) -> None:
    """A new ledger's tables at :data:`SCHEMA_VERSION` and its settings."""
    for script in MIGRATIONS:
        _run_script(connection, script)
    connection.execute("INSERT INTO settings VALUES ('rules', ?), ('created', ?)", (rules, created))
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _schema_of(connection: sqlite3.Connection) -> dict[str, object]:
    """The tables' columns and foreign keys and the indexes' columns, as SQLite reads them
    from the schema's text (not the text itself, which migrations word differently)."""
    names = connection.execute(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ).fetchall()
    shape: dict[str, object] = {}
    for kind, name, table in names:
        if kind == "table":
            columns = connection.execute(f'PRAGMA table_info("{name}")').fetchall()
            keys = connection.execute(f'PRAGMA foreign_key_list("{name}")').fetchall()
            shape[f"table {name}"] = (
                tuple((c[1], c[2].upper(), c[3], c[5]) for c in columns),
                tuple(sorted((k[2], k[3], k[4]) for k in keys)),
            )
        elif kind == "index":
            info = connection.execute(f'PRAGMA index_info("{name}")').fetchall()
            shape[f"index {name}"] = (table, tuple(i[2] for i in info))
        else:
            shape[f"{kind} {name}"] = table
    return shape


_EXPECTED_SCHEMA: list[dict[str, object]] = []


def _check_schema(path: Path, connection: sqlite3.Connection) -> None:
    """Refuse a ledger whose schema is not the one its version has (issue 16, 8: a bit
    flipped in the schema's text renames a column, which PRAGMA integrity_check does not
    see; db rate --replace then committed and failed at the listing)."""
    if not _EXPECTED_SCHEMA:
        memory = sqlite3.connect(":memory:")
        try:
            for script in MIGRATIONS:
                _run_script(memory, script)
            _EXPECTED_SCHEMA.append(_schema_of(memory))
        finally:
            memory.close()
    with sqlite_errors(path, N_("reading the ledger's schema")):  # its text may not be UTF-8
        found = _schema_of(connection)
    expected = _EXPECTED_SCHEMA[0]
    if found != expected:
        wrong = sorted(k for k in expected.keys() | found.keys() if expected.get(k) != found.get(k))
        raise LedgerError(
            tr(
                (
                    "{path}: damaged: its schema is not the one ratingkit writes "
                    "({wrong} differ); nothing was written; restore the ledger from "
                    "a backup"
                ),
                path=path,
                wrong=", ".join(wrong),
            )
        )


def _run_script(connection: sqlite3.Connection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            connection.execute(statement)


def _history_entry(player_id: str, stored: str, result_text: str) -> dict[str, object]:
    """One history row: the player's part of the event, from its stored outcome, and the
    rating published after it, from his stored result (:func:`_published`)."""
    part = outcome_codec.loads(stored)
    if not isinstance(part, EventOutcome):
        raise LedgerError(tr("the ledger's stored outcome is a {name}", name=type(part).__name__))
    loaded = outcome_codec.loads(result_text) if outcome_codec.is_encoded(result_text) else None
    result = loaded if isinstance(loaded, PlayerOutcome) else None
    mine = next((p for p in part.players if p.id == player_id), result)
    if mine is None:
        return {}
    return {
        "rating_before": mine.rating_before,
        "games": mine.games,
        # no game counted: a score of 0, as the history has always shown it
        "score": 0.0 if mine.score is None and not mine.games else mine.score,
        "expected": mine.expected,
        "change": mine.change,
        "rating_after": result.rating_after if result is not None else mine.rating_after,
    }


def _legacy_history_entry(text: str) -> dict[str, object]:
    """A history row of a period rated before the ledger stored outcomes (schema 1): the
    stored row holds the common columns, or FIDE's names for them (Ro, n, w, We, K*(w-We))
    where the row came from a FIDE period's per-event table."""
    row = json.loads(text)
    names = ("Ro", "n", "w", "We", "K*(w-We)", "rating_after")
    return {
        column: row.get(column, row.get(fide_name))
        for column, fide_name in zip(HISTORY_COLUMNS, names, strict=True)
    }


def _fill_schema_4(connection: sqlite3.Connection) -> None:
    """Schema 3 -> 4: every player's name key as :func:`normalise_name` makes it now (NFC and
    case folding), so that a name stored decomposed is found by the composed one."""
    rows = connection.execute("SELECT id, name, name_key FROM players").fetchall()
    connection.executemany(
        "UPDATE players SET name_key = ? WHERE id = ?",
        [(normalise_name(name), pid) for pid, name, key in rows if normalise_name(name) != key],
    )


def _fill_schema_3(connection: sqlite3.Connection) -> None:
    """Schema 2 -> 3: each stored result into ``player_results``, each event's games digest,
    and who came to the ledger rated."""
    rows = []
    for period, event_id, player_id, text, stored in connection.execute(
        "SELECT r.period, r.event_id, r.player_id, r.row, o.outcome FROM results r"
        " LEFT JOIN outcomes o ON o.event_id = r.event_id"
    ).fetchall():
        if stored is None:
            entry = _legacy_history_entry(text)
        else:
            entry = _history_entry(str(player_id), stored, text)
        rows.append(
            (
                period,
                event_id,
                player_id,
                *(_cell(entry.get(c)) for c in HISTORY_COLUMNS),
                None,
                None,
            )
        )
    connection.executemany(
        "INSERT INTO player_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
    )
    for event_id, kind, start, end in connection.execute(
        "SELECT id, type, start, end FROM events"
    ).fetchall():
        players = [
            r[0]
            for r in connection.execute(
                "SELECT player_id FROM participants WHERE event_id = ?", (event_id,)
            )
        ]
        games = connection.execute(
            "SELECT round, white, black, white_score, black_score, play, special, handicap,"
            " handicap_giver, date FROM games WHERE event_id = ?",
            (event_id,),
        ).fetchall()
        byes = connection.execute(
            "SELECT round, player, kind FROM byes WHERE event_id = ?", (event_id,)
        ).fetchall()
        connection.execute(
            "UPDATE events SET games_digest = ? WHERE id = ?",
            (_games_digest(kind, start, end, players, games, byes), event_id),
        )
    connection.execute("UPDATE players SET own_id = substr(key, 4) WHERE key LIKE 'id:%'")
    connection.execute(
        "UPDATE players SET arrived_rated = 1 WHERE json_extract(initial_state, '$.rating')"
        " IS NOT NULL OR id IN (SELECT pa.player_id FROM participants pa WHERE pa.rating IS NOT"
        " NULL AND pa.event_id = (SELECT MIN(event_id) FROM participants p2 WHERE"
        " p2.player_id = pa.player_id))"
    )
