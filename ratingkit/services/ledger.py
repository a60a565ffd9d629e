"""A federation's rating ledger: players, events, games, player state and the published list
per rating period, kept for years in one SQLite file.

Nothing is lost and nothing is half-done: every import and every period's rating is one
transaction (``BEGIN IMMEDIATE``), so an error, a crash or ``kill -9`` leaves the ledger at its
last committed state.  A second process that wants to write waits up to
:data:`BUSY_TIMEOUT_SECONDS` and then fails with a :class:`LedgerBusyError`.

Periods are months written ``YYYY-MM``.  Rating a period rates its events in date order with
the state the rule set needs (rating, games, K state, grade, counters) as the previous period
left it, stores each event's typed outcome (:mod:`ratingkit.core.outcome`, written with
:mod:`ratingkit.core.outcome_codec`) under the ledger's event id and the players' new state,
and publishes the list.  ``history`` reads the stored outcomes back: an event is found by its
id, never by its name.

Before it stores or rates an event the ledger runs :func:`ratingkit.core.ruleset.guard`, as the
CLI does: a chess event is refused by a shogi ledger and the other way round.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from ..core import outcome_codec
from ..core.errors import InputError, Location, RatingkitError
from ..core.model import Bye, ByeKind, Event, EventType, Game, Handicap, Play, Player, Special
from ..core.outcome import EventKey, EventOutcome, GameKind, Outcome, PlayerOutcome
from ..core.output import plain
from ..core.players import PlayerFile, PlayerRecord, normalise_name, read_player_file
from ..core.report import Report, Table
from ..core.ruleset import get_rule_set, guard
from ..formats import read_event

#: How long a writer waits for another process's transaction before giving up.
BUSY_TIMEOUT_SECONDS = 10.0

_PERIOD = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")

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
)
SCHEMA_VERSION = len(MIGRATIONS)


class LedgerError(RatingkitError):
    """A request the ledger refuses (it says why and what to do instead)."""


class LedgerBusyError(LedgerError):
    """Another process holds the ledger's write lock for longer than the busy timeout."""


class ImportErrors(LedgerError):
    """An import found errors; nothing was applied.  ``errors`` lists every one."""

    def __init__(self, source: str, errors: Sequence[str]):
        self.errors = tuple(errors)
        listed = "; ".join(self.errors)
        super().__init__(f"import of {source} applied nothing, {len(errors)} error(s): {listed}")


def parse_period(text: str, location: Location | None = None) -> str:
    """A rating period ``YYYY-MM``."""
    if not _PERIOD.match(text.strip()):
        raise InputError(f"a period is written YYYY-MM, got {text!r}", location, text)
    return text.strip()


def _period_of(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _months_between(earlier: str, later: str) -> int:
    year_a, month_a = (int(x) for x in earlier.split("-"))
    year_b, month_b = (int(x) for x in later.split("-"))
    return (year_b - year_a) * 12 + (month_b - month_a)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _record_to_json(record: PlayerRecord) -> str:
    data = {f.name: plain(getattr(record, f.name)) for f in fields(PlayerRecord)}
    data.pop("location")
    data["extra"] = {k: plain(v) for k, v in record.extra.items()}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _record_from_json(text: str, player_id: int) -> PlayerRecord:
    data = json.loads(text)
    if data.get("born"):
        data["born"] = date.fromisoformat(data["born"])
    data["id"] = str(player_id)
    return PlayerRecord(**data)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did."""

    event_id: int
    event: str
    period: str
    players_matched: int
    players_created: int
    games: int
    #: Rows of the player file for players not in this event, stored as their state.
    registered: int = 0

    def __str__(self) -> str:
        text = (
            f"imported {self.event!r} as event {self.event_id} into period {self.period}: "
            f"{self.games} games, {self.players_matched} players matched, "
            f"{self.players_created} new"
        )
        if self.registered:
            text += f"; {self.registered} more players' state from the player file"
        return text


class Ledger:
    """A rating ledger in one SQLite file.  Use :meth:`create` for a new one."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        if not self.path.exists():
            raise LedgerError(f"{self.path}: no ledger here (create one with 'ratingkit db init')")
        self._connection = self._connect()
        version = self._connection.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            raise LedgerError(f"{self.path}: not a ratingkit ledger")
        if version > SCHEMA_VERSION:
            raise LedgerError(
                f"{self.path}: ledger schema {version} is newer than this ratingkit "
                f"understands ({SCHEMA_VERSION}); upgrade ratingkit"
            )
        if version < SCHEMA_VERSION:
            with self._write():
                self._migrate(version)
        self.rules = get_rule_set(self._setting("rules"))
        self.min_games = int(self._setting("min_games"))

    # -- opening -----------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike[str], rules: str, min_games: int = 0) -> Ledger:
        """A new, empty ledger for the rule set ``rules``; refuses to overwrite a file.

        ``min_games``: a rated player enters the published list once he has played that many
        rated games (FIDE 1982 9.14 and FESA rule 3 ask 9); before that he is kept, rated, but
        not listed."""
        if min_games < 0:
            raise LedgerError(f"the minimum number of games cannot be negative, got {min_games}")
        get_rule_set(rules)
        target = Path(path)
        if target.exists():
            raise LedgerError(f"{target}: file exists; a new ledger needs a new file")
        connection = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("BEGIN IMMEDIATE")
            for script in MIGRATIONS:
                for statement in script.split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(
                "INSERT INTO settings VALUES ('rules', ?), ('created', ?), ('min_games', ?)",
                (rules, _now(), str(min_games)),
            )
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.commit()
        except BaseException:
            connection.close()
            target.unlink(missing_ok=True)
            raise
        connection.close()
        return cls(target)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
        return connection

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _migrate(self, version: int) -> None:
        for script in MIGRATIONS[version:]:
            for statement in script.split(";"):
                if statement.strip():
                    self._connection.execute(statement)
        self._connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One all-or-nothing transaction holding the write lock."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise LedgerBusyError(
                    f"{self.path}: another ratingkit process is writing to this ledger; "
                    f"waited {BUSY_TIMEOUT_SECONDS:.0f} s, try again when it has finished"
                ) from None
            raise
        try:
            yield connection
        except (sqlite3.IntegrityError, OverflowError) as exc:
            # A value the ledger cannot store (a number beyond SQLite's 64-bit integers) or
            # a bookkeeping conflict: nothing is applied, and the user gets a clean error.
            connection.execute("ROLLBACK")
            raise LedgerError(
                f"{self.path}: the ledger cannot store this ({exc}); nothing was changed"
            ) from None
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def _setting(self, key: str) -> str:
        row = self._connection.execute("SELECT value FROM settings WHERE key = ?", (key,))
        return row.fetchone()[0]

    # -- import ------------------------------------------------------------------------------
    def import_file(
        self,
        path: str | os.PathLike[str],
        players: str | os.PathLike[str] | None = None,
        period: str | None = None,
        input_format: str | None = None,
        encoding: str | None = None,
    ) -> ImportSummary:
        """Import one event file (any readable format) with an optional player file.
        ``encoding`` overrides the detected encoding of both (see :mod:`ratingkit.core.fileio`).

        Players are matched on their own id where the format has one (CSV files), on their
        FIDE id, or on their name; a new player is created when nothing matches, and a name
        that matches two ledger players is refused.  Any error applies nothing and every error
        found is listed.
        """
        source = str(path)
        errors: list[str] = []
        event: Event | None = None
        player_file: PlayerFile | None = None
        try:
            event = read_event(path, input_format, encoding)
        except RatingkitError as exc:
            errors.append(str(exc))
        if players is None and event is not None:
            carried = event.extra.get("player_file")  # a players.csv that carries state
            players = str(carried) if carried else None
        if players is not None:
            try:
                player_file = read_player_file(players, encoding)
            except RatingkitError as exc:
                errors.append(str(exc))
        if event is None:
            raise ImportErrors(source, errors)
        if period is not None:
            try:
                period = parse_period(period)
            except RatingkitError as exc:
                errors.append(str(exc))
        else:
            day = event.end or event.start or _last_game_date(event)
            if day is None:
                errors.append(f"{source}: the file gives no date; give the period with --period")
            else:
                period = _period_of(day)
        digest = hashlib.sha256(
            Path(path).read_bytes() if Path(path).is_file() else repr(event).encode()
        ).hexdigest()
        known = self._connection.execute(
            "SELECT id, period FROM events WHERE digest = ?", (digest,)
        ).fetchone()
        if known is not None:
            errors.append(f"{source}: already imported as event {known[0]} (period {known[1]})")
        keys, match_errors = self._match_keys(event)
        errors.extend(match_errors)
        try:
            # What the rule set cannot rate (a chess event in a shogi ledger, a score table
            # under a rule set that rates games) is refused now, not when the period is rated.
            guard(self.rules, [event], player_file)
        except RatingkitError as exc:
            errors.append(str(exc))
        if errors:
            raise ImportErrors(source, errors)
        assert period is not None
        with self._write():
            return self._store_event(event, keys, digest, period, player_file)

    @staticmethod
    def _player_key(player: Player, event: Event) -> str | None:
        """The key a player is known by: his FIDE id, else his own id when the file's ids are
        the players' own (not start numbers, ``Event.local_ids``); else none (his name)."""
        if player.fide_id:
            return f"fide:{player.fide_id}"
        if not event.local_ids:
            return f"id:{player.id}"
        return None

    def _match_keys(self, event: Event) -> tuple[dict[str, int | str], list[str]]:
        """Each event player's ledger id, or the key or name a new player will get."""
        out: dict[str, int | str] = {}
        errors: list[str] = []
        holders: dict[str, Player] = {}
        for player in event.players:
            key = self._player_key(player, event)
            if key is not None and key in holders:
                # Two players of one file would become one ledger player (and break its
                # bookkeeping): refused, naming both.
                other = holders[key]
                what = f"FIDE id {player.fide_id}" if player.fide_id else f"id {player.id!r}"
                errors.append(
                    f"{event.source or event.name}: players {other.name!r} and "
                    f"{player.name!r} have the same {what}; correct the file"
                )
                continue
            if key is not None:
                holders[key] = player
                row = self._connection.execute(
                    "SELECT id FROM players WHERE key = ?", (key,)
                ).fetchone()
                out[player.id] = row[0] if row else key
                continue
            rows = self._connection.execute(
                "SELECT id FROM players WHERE name_key = ?", (normalise_name(player.name),)
            ).fetchall()
            if len(rows) > 1:
                ids = ", ".join(str(r[0]) for r in rows)
                errors.append(
                    f"{event.source or event.name}: player {player.name!r} matches ledger "
                    f"players {ids}; the name is ambiguous (give ids or FIDE ids in the file)"
                )
            out[player.id] = rows[0][0] if rows else f"name:{normalise_name(player.name)}"
        return out, errors

    def _store_event(
        self,
        event: Event,
        keys: dict[str, int | str],
        digest: str,
        period: str,
        player_file: PlayerFile | None,
    ) -> ImportSummary:
        db = self._connection
        ids: dict[str, int] = {}
        created = 0
        state = (
            player_file.match(
                [(p.id, p.name) for p in event.players],
                by_name=event.local_ids,
            )
            if player_file is not None
            else None
        )
        for player in event.players:
            key = keys[player.id]
            if isinstance(key, int):
                ids[player.id] = key
            else:
                created += 1
                cursor = db.execute(
                    "INSERT INTO players (key, name, name_key, fide_id, federation, title, born)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        None if key.startswith("name:") else key,
                        player.name,
                        normalise_name(player.name),
                        player.fide_id,
                        player.federation,
                        player.title,
                        player.born.isoformat() if player.born else None,
                    ),
                )
                ids[player.id] = _row_id(cursor)
            record = state.records.get(player.id) if state is not None else None
            if record is not None:
                db.execute(
                    "UPDATE players SET initial_state = ? WHERE id = ?",
                    (_record_to_json(record), ids[player.id]),
                )
        registered = 0
        if player_file is not None:
            matched = {id(r) for r in state.records.values()} if state is not None else set()
            others = [r for r in player_file if id(r) not in matched]
            self._register(others, event.local_ids)
            registered = len(others)
        cursor = db.execute(
            "INSERT INTO events (period, name, start, end, type, rounds, source, digest,"
            " score_only, extra, imported, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                period,
                event.name,
                _iso(event.start or _first_game_date(event)),
                _iso(event.end or _last_game_date(event)),
                event.type.value,
                event.rounds,
                event.source,
                digest,
                int(event.score_only),
                json.dumps({k: plain(v) for k, v in event.extra.items()}, ensure_ascii=False),
                _now(),
                event.game.value if event.game is not None else None,
            ),
        )
        event_id = _row_id(cursor)
        db.executemany(
            "INSERT INTO participants VALUES (?, ?, ?, ?, ?)",
            [
                (event_id, ids[p.id], p.id, p.rating, json.dumps(_player_extra(p)))
                for p in event.players
            ],
        )
        db.executemany(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    event_id,
                    g.round,
                    ids[g.white],
                    ids[g.black],
                    g.white_score,
                    g.black_score,
                    g.play.value,
                    g.special.value if g.special else None,
                    g.handicap.kind if g.handicap else None,
                    ids[g.handicap.giver] if g.handicap else None,
                    g.date.isoformat() if g.date else None,
                    json.dumps({k: plain(v) for k, v in g.extra.items()}, ensure_ascii=False),
                )
                for g in event.games
            ],
        )
        db.executemany(
            "INSERT INTO byes VALUES (?, ?, ?, ?)",
            [(event_id, b.round, ids[b.player], b.kind.value) for b in event.byes],
        )
        return ImportSummary(
            event_id,
            event.name,
            period,
            len(event.players) - created,
            created,
            len(event.games),
            registered,
        )

    def _register(self, records: Sequence[PlayerRecord], local_ids: bool) -> None:
        """Store the state of player-file rows that are not in the event: the federation's
        other players, matched on their id (on their name when the event's ids are start
        numbers or the row has none) and created when new."""
        db = self._connection
        for record in records:
            name = record.name or record.id or ""
            key = f"id:{record.id}" if record.id and not local_ids else None
            if key is not None:
                row = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
            else:
                rows = db.execute(
                    "SELECT id FROM players WHERE name_key = ?", (normalise_name(name),)
                ).fetchall()
                row = rows[0] if len(rows) == 1 else None
            if row is None:
                cursor = db.execute(
                    "INSERT INTO players (key, name, name_key) VALUES (?, ?, ?)",
                    (key, name, normalise_name(name)),
                )
                row = (_row_id(cursor),)
            db.execute(
                "UPDATE players SET initial_state = ? WHERE id = ?",
                (_record_to_json(record), row[0]),
            )

    # -- rating ------------------------------------------------------------------------------
    def periods(self) -> Table:
        """Every period with events, and whether (and when) it was rated."""
        rows = self._connection.execute(
            "SELECT e.period, COUNT(DISTINCT e.id), p.rated FROM events e "
            "LEFT JOIN periods p ON p.period = e.period GROUP BY e.period ORDER BY e.period"
        ).fetchall()
        return Table(
            "periods",
            ("period", "events", "rated"),
            tuple({"period": r[0], "events": r[1], "rated": r[2]} for r in rows),
        )

    def _rated_periods(self) -> list[str]:
        rows = self._connection.execute("SELECT period FROM periods ORDER BY period")
        return [r[0] for r in rows]

    def rate_period(self, period: str, replace: bool = False) -> list[Report]:
        """Rate every event of ``period`` in date order and publish the list.

        A period already rated is refused unless ``replace``, which re-rates it and every
        later rated period, all in one transaction.
        """
        period = parse_period(period)
        with self._write():
            rated = self._rated_periods()
            unrated_before = self._connection.execute(
                "SELECT DISTINCT period FROM events WHERE period < ? AND period NOT IN "
                "(SELECT period FROM periods) ORDER BY period",
                (period,),
            ).fetchall()
            if unrated_before:
                first = unrated_before[0][0]
                raise LedgerError(
                    f"period {first} has events that are not rated yet; rate it before {period}"
                )
            if period in rated and not replace:
                raise LedgerError(
                    f"period {period} is already rated; use --replace to re-rate it and every "
                    "later period"
                )
            later = [p for p in rated if p > period]
            if later and not replace:
                raise LedgerError(
                    f"period {later[-1]} is already rated and comes after {period}; use "
                    f"--replace to rate {period} and re-rate the later periods"
                )
            to_rate = [period, *later] if replace else [period]
            for table in ("results", "outcomes", "state", "published", "periods"):
                self._connection.execute(f"DELETE FROM {table} WHERE period >= ?", (period,))
            return [report for p in to_rate for report in self._rate_one(p)]

    def _rate_one(self, period: str) -> list[Report]:
        db = self._connection
        events = self._events_of(period)
        before = self._state_before(period)
        state = PlayerFile(tuple(before.values()), f"ledger state before {period}")
        reports: list[Report] = []
        played: set[int] = set()
        built = [self._build_event(event_id, state) for event_id in events]
        for _, event in built:
            played.update(int(pid) for pid in event.player_ids)
        # The ledger may hold events imported before it guarded its imports.
        guard(self.rules, [event for _, event in built], state)
        k_used: dict[str, int] = {}
        if len(built) > 1:
            period_report = self.rules.rate_events([e for _, e in built], state)
            reports.append(period_report)
            outcome, k_of = _outcome_of(period_report, [e for _, e in built])
            self._store_outcome(period, built, period_report.title, outcome)
            new_state = _merge_state(state, outcome.new_state or _state_from(outcome))
            k_used.update(k_of)
        else:
            new_state = state
            for event_id, event in built:
                report = self.rules.rate(event, new_state)
                reports.append(report)
                outcome, k_of = _outcome_of(report, [event])
                self._store_outcome(period, [(event_id, event)], report.title, outcome)
                new_state = _merge_state(new_state, outcome.new_state or _state_from(outcome))
                k_used.update(k_of)
        after = {r.id: r for r in new_state if r.id is not None}
        strangers = sorted(set(after) - set(before) - {str(p) for p in played})
        if strangers:
            raise LedgerError(
                f"rating period {period}: the rule set {self.rules.name} returned state for "
                f"player id(s) {', '.join(strangers[:5])} that are not in the ledger's events; "
                "nothing was changed"
            )
        merged = {**before, **after}
        db.executemany(
            "INSERT INTO state VALUES (?, ?, ?)",
            [(period, int(pid), _record_to_json(r)) for pid, r in merged.items()],
        )
        self._publish(period, merged, played, k_used)
        db.execute("INSERT INTO periods VALUES (?, ?, ?)", (period, _now(), self.rules.name))
        return reports

    def _events_of(self, period: str) -> list[int]:
        rows = self._connection.execute(
            "SELECT id FROM events WHERE period = ? ORDER BY COALESCE(start, end, ''), id",
            (period,),
        )
        return [r[0] for r in rows]

    def _state_before(self, period: str) -> dict[str, PlayerRecord]:
        """Each known player's state as the last rated period before ``period`` left it, or
        as the player file gave it at import."""
        db = self._connection
        records: dict[str, PlayerRecord] = {}
        for player_id, name, initial in db.execute(
            "SELECT id, name, initial_state FROM players WHERE initial_state IS NOT NULL"
        ):
            record = _record_from_json(initial, player_id)
            records[str(player_id)] = replace(record, name=record.name or name)
        last = db.execute("SELECT MAX(period) FROM periods WHERE period < ?", (period,)).fetchone()[
            0
        ]
        if last is not None:
            for player_id, text in db.execute(
                "SELECT player_id, record FROM state WHERE period = ?", (last,)
            ):
                records[str(player_id)] = _record_from_json(text, player_id)
        return records

    def _build_event(self, event_id: int, state: PlayerFile) -> tuple[int, Event]:
        db = self._connection
        row = db.execute(
            "SELECT name, start, end, type, rounds, source, extra, score_only, game FROM events "
            "WHERE id = ?",
            (event_id,),
        ).fetchone()
        name, start, end, type_, rounds, source, extra, score_only, game = row
        players = []
        for player_id, local_id, rating, p_extra, p_name, fed, title, born in db.execute(
            "SELECT pa.player_id, pa.local_id, pa.rating, pa.extra, pl.name, "
            "pl.federation, pl.title, pl.born FROM participants pa JOIN players pl "
            "ON pl.id = pa.player_id WHERE pa.event_id = ? ORDER BY pa.rowid",
            (event_id,),
        ):
            known = state.by_id(str(player_id))
            current = known.rating if known is not None and known.rating is not None else rating
            # No fide_id for the rule set: the ledger id is the player's identity here, and
            # the FIDE rule sets key their new state by a FIDE id where a player has one
            # (which the ledger then could not place: an IntegrityError in _rate_one, or
            # another ledger player's state overwritten).  The FIDE id stays in the ledger.
            players.append(
                Player(
                    id=str(player_id),
                    name=p_name,
                    rating=current,
                    federation=fed,
                    title=title,
                    born=date.fromisoformat(born) if born else None,
                    extra={**json.loads(p_extra), "start_number": local_id},
                )
            )
        games = [
            Game(
                round=r,
                white=str(w),
                black=str(b),
                white_score=ws,
                black_score=bs,
                play=Play(play),
                special=Special(special) if special else None,
                handicap=Handicap(hk, str(hg)) if hk else None,
                date=date.fromisoformat(d) if d else None,
                extra=json.loads(x),
            )
            for r, w, b, ws, bs, play, special, hk, hg, d, x in db.execute(
                "SELECT round, white, black, white_score, black_score, play, special, "
                "handicap, handicap_giver, date, extra FROM games WHERE event_id = ? "
                "ORDER BY rowid",
                (event_id,),
            )
        ]
        byes = [
            Bye(r, str(p), ByeKind(k))
            for r, p, k in db.execute(
                "SELECT round, player, kind FROM byes WHERE event_id = ? ORDER BY rowid",
                (event_id,),
            )
        ]
        event = Event(
            name=name,
            players=tuple(players),
            games=tuple(games),
            byes=tuple(byes),
            type=EventType(type_),
            start=date.fromisoformat(start) if start else None,
            end=date.fromisoformat(end) if end else None,
            rounds=rounds,
            source=source,
            extra=json.loads(extra),
            score_only=bool(score_only),
            game=GameKind(game) if game else None,
        )
        return event_id, event

    def _store_outcome(
        self,
        period: str,
        events: Sequence[tuple[int, Event]],
        report_title: str,
        outcome: Outcome[Any, Any],
    ) -> None:
        """Store each event's part of ``outcome`` under the event's ledger id, and per player
        and event his published result (:func:`_published`)."""
        parts = _event_parts(outcome, [event for _, event in events], self.rules.name)
        overall: dict[str, list[PlayerOutcome[Any]]] = {}
        for player in outcome.players:
            overall.setdefault(player.id, []).append(player)
        outcomes = []
        results = []
        for (event_id, event), part in zip(events, parts, strict=True):
            outcomes.append(
                (event_id, period, outcome.rules, report_title, outcome_codec.dumps(part))
            )
            own = {p.id: p for p in part.players}
            for pid in event.player_ids:
                result = _published(own.get(pid), overall.get(pid, []))
                results.append((period, event_id, int(pid), outcome_codec.dumps(result)))
        self._connection.executemany("INSERT INTO outcomes VALUES (?, ?, ?, ?, ?)", outcomes)
        self._connection.executemany("INSERT INTO results VALUES (?, ?, ?, ?)", results)

    def _publish(
        self,
        period: str,
        state: dict[str, PlayerRecord],
        played: set[int],
        k_used: dict[str, int],
    ) -> None:
        """Publish the list.  A player is listed once he has a rating and ``min_games`` rated
        games; he is new in the first period he is listed, unless he came to the ledger with a
        rating (from the player file or his first event file)."""
        db = self._connection
        ever_listed = {
            r[0]
            for r in db.execute(
                "SELECT DISTINCT player_id FROM published WHERE listed = 1 AND period < ?",
                (period,),
            )
        }
        arrived_rated = {
            r[0]
            for r in db.execute(
                "SELECT id FROM players WHERE json_extract(initial_state, '$.rating') IS NOT NULL"
                " UNION SELECT pa.player_id FROM participants pa WHERE pa.rating IS NOT NULL AND"
                " pa.event_id = (SELECT MIN(event_id) FROM participants p2"
                " WHERE p2.player_id = pa.player_id)"
            )
        }
        last_played: dict[int, str] = {
            pid: p
            for pid, p in db.execute(
                "SELECT pa.player_id, MAX(e.period) FROM participants pa JOIN events e "
                "ON e.id = pa.event_id JOIN periods r ON r.period = e.period "
                "GROUP BY pa.player_id"
            )
        }
        first_published = dict(
            db.execute("SELECT player_id, MIN(period) FROM published GROUP BY player_id")
        )
        rows = []
        for pid, record in state.items():
            player_id = int(pid)
            listed = record.rating is not None and (record.games or 0) >= self.min_games
            is_new = listed and player_id not in ever_listed and player_id not in arrived_rated
            # Inactive: no rated game in the ledger for twelve months (FIDE 1982 9.23 asks
            # fewer than 4 games a year; the ledger flags the plainer case).  A player who has
            # not played yet counts from the first list he was on.
            last = period if player_id in played else last_played.get(player_id)
            since = last or first_published.get(player_id, period)
            inactive = _months_between(since, period) >= 12
            rows.append(
                (
                    period,
                    player_id,
                    record.rating,
                    record.games,
                    k_used.get(pid, record.k),
                    record.grade,
                    int(player_id in played),
                    int(listed),
                    int(is_new),
                    int(inactive),
                )
            )
        db.executemany("INSERT INTO published VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    # -- reading -----------------------------------------------------------------------------
    def published_list(self, period: str, *, everyone: bool = False) -> Table:
        """The list published for ``period``: rating, games, K or grade, flags.  Players not
        listed yet (fewer than ``min_games`` games, or no rating) are left out unless
        ``everyone`` is set."""
        period = parse_period(period)
        if period not in self._rated_periods():
            raise LedgerError(f"period {period} is not rated; nothing is published for it")
        names = (
            "player",
            "name",
            "rating",
            "games",
            "K",
            "grade",
            "played",
            "listed",
            "new",
            "inactive",
        )
        rows = [
            dict(zip(names, values, strict=True))
            for values in self._connection.execute(
                "SELECT pu.player_id, pl.name, pu.rating, pu.games, pu.k, pu.grade, pu.played,"
                " pu.listed, pu.is_new, pu.inactive FROM published pu JOIN players pl"
                " ON pl.id = pu.player_id WHERE pu.period = ? AND (pu.listed = 1 OR ?)"
                " ORDER BY pu.listed DESC, pu.rating IS NULL, pu.rating DESC, pl.name",
                (period, int(everyone)),
            )
        ]
        for row in rows:
            for flag in ("played", "listed", "new", "inactive"):
                row[flag] = bool(row[flag])
        columns = [c for c in names if c != "listed" or everyone]
        for optional in ("grade", "K"):
            if all(r[optional] is None for r in rows):
                columns.remove(optional)
        minimum = f", listed from {self.min_games} games" if self.min_games else ""
        return Table(
            f"rating list {period} ({self.rules.name}{minimum})",
            tuple(columns),
            tuple({c: r[c] for c in columns} for r in rows),
        )

    def find_player(self, text: str) -> int:
        """A ledger player by ledger id, own id (``id:...``/the file's id), FIDE id or name."""
        db = self._connection
        candidates: list[int] = []
        if text.isdigit():
            row = db.execute("SELECT id FROM players WHERE id = ?", (int(text),)).fetchone()
            if row:
                return row[0]
        for key in (text, f"id:{text}", f"fide:{text}"):
            row = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
            if row:
                return row[0]
        candidates = [
            r[0]
            for r in db.execute(
                "SELECT id FROM players WHERE name_key = ?", (normalise_name(text),)
            )
        ]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            raise LedgerError(
                f"{text!r} names {len(candidates)} players (ledger ids "
                f"{', '.join(map(str, candidates))}); give the id"
            )
        raise LedgerError(f"no player {text!r} in the ledger")

    def history(self, player: str) -> Table:
        """Every rated event of one player: period, event, rating before, games, score,
        expected score, change, rating after; each event's numbers are read from the outcome
        stored under its ledger id (two events of one name in one period keep their own)."""
        player_id = self.find_player(player)
        name = self._connection.execute(
            "SELECT name FROM players WHERE id = ?", (player_id,)
        ).fetchone()[0]
        rows: list[dict[str, object]] = []
        for period, event, text, stored in self._connection.execute(
            "SELECT r.period, e.name, r.row, o.outcome FROM results r "
            "JOIN events e ON e.id = r.event_id LEFT JOIN outcomes o ON o.event_id = r.event_id "
            "WHERE r.player_id = ? ORDER BY r.period, COALESCE(e.start, e.end, ''), e.id",
            (player_id,),
        ):
            entry: dict[str, object] = {"period": period, "event": event}
            if stored is None:
                entry.update(_legacy_history_entry(text))
            else:
                entry.update(_history_entry(str(player_id), stored, text))
            rows.append(entry)
        columns = ("period", "event", *HISTORY_COLUMNS)
        return Table(f"history of {name} (ledger id {player_id})", columns, tuple(rows))

    def event_outcome(self, event_id: int) -> EventOutcome[Any, Any]:
        """The outcome stored for a rated event (its players, games, notes and detail, typed
        as the rule set computed them), found by the event's ledger id."""
        row = self._connection.execute(
            "SELECT outcome FROM outcomes WHERE event_id = ?", (event_id,)
        ).fetchone()
        if row is None:
            known = self._connection.execute(
                "SELECT period FROM events WHERE id = ?", (event_id,)
            ).fetchone()
            if known is None:
                raise LedgerError(f"no event {event_id} in the ledger")
            raise LedgerError(
                f"event {event_id} (period {known[0]}) has no stored outcome: its period is not "
                "rated, or was rated before the ledger stored outcomes (re-rate it with --replace)"
            )
        part = outcome_codec.loads(row[0])
        if not isinstance(part, EventOutcome):
            raise LedgerError(f"the ledger's stored outcome is a {type(part).__name__}")
        return part

    def rating_history(self, players: Iterable[str]) -> dict[str, list[tuple[str, int | None]]]:
        """Published rating per period for each player (None while not listed), for plots."""
        out: dict[str, list[tuple[str, int | None]]] = {}
        for text in players:
            player_id = self.find_player(text)
            name = self._connection.execute(
                "SELECT name FROM players WHERE id = ?", (player_id,)
            ).fetchone()[0]
            out[name] = [
                (p, r)
                for p, r in self._connection.execute(
                    "SELECT period, CASE WHEN listed THEN rating END FROM published"
                    " WHERE player_id = ? ORDER BY period",
                    (player_id,),
                )
            ]
        return out

    def integrity_check(self) -> str:
        return self._connection.execute("PRAGMA integrity_check").fetchone()[0]


#: The columns of a player's history after ``period`` and ``event``: the fields every
#: :class:`~ratingkit.core.outcome.PlayerOutcome` has.
HISTORY_COLUMNS: tuple[str, ...] = (
    "rating_before",
    "games",
    "score",
    "expected",
    "change",
    "rating_after",
)


def _published(
    own: PlayerOutcome[Any] | None, results: Sequence[PlayerOutcome[Any]]
) -> PlayerOutcome[Any] | None:
    """A player's published result for one event: his part of the event when the outcome's
    results list it (events rated one after the other each publish a rating: FESA, LNMO, one
    event alone), else his result of the whole rating (a FIDE period's total, rounded once
    and published, 8.57)."""
    if own is None:
        return results[-1] if results else None
    if not results or any(result is own or result == own for result in results):
        return own
    return results[-1]


def _history_entry(player_id: str, stored: str, result_text: str) -> dict[str, object]:
    """One history row: the player's part of the event, from its stored outcome, and the
    rating published after it, from his stored result (:func:`_published`)."""
    part = outcome_codec.loads(stored)
    if not isinstance(part, EventOutcome):
        raise LedgerError(f"the ledger's stored outcome is a {type(part).__name__}")
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


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id SQLite gave the row just inserted."""
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _first_game_date(event: Event) -> date | None:
    return min((g.date for g in event.games if g.date), default=None)


def _last_game_date(event: Event) -> date | None:
    return max((g.date for g in event.games if g.date), default=None)


def _player_extra(player: Player) -> dict[str, object]:
    return {k: plain(v) for k, v in player.extra.items()}


def _state_from(outcome: Outcome[Any, Any]) -> PlayerFile:
    """For a rule set whose outcome carries no new state: each player's rating after and
    games."""
    records = [
        PlayerRecord(id=p.id, name=p.name, rating=p.rating_after, games=p.games)
        for p in outcome.players
    ]
    return PlayerFile(tuple(records), outcome.title)


def _event_parts(
    outcome: Outcome[Any, Any], events: Sequence[Event], rules: str
) -> list[EventOutcome[Any, Any]]:
    """Each event's part of ``outcome``, in the order of ``events``: the outcome's
    :class:`EventOutcome` values, one per event in input order and keyed by position; an
    outcome of one event that lists none is that event's part."""
    if not outcome.events and len(events) == 1:
        return [
            EventOutcome(
                EventKey.of(events[0], 0),
                outcome.players,
                outcome.games,
                outcome.notes,
                outcome.detail,
            )
        ]
    positions = [part.key.position for part in outcome.events]
    if positions != list(range(len(events))):
        raise LedgerError(
            f"the rule set {rules} returned outcomes for the events at positions {positions}, "
            f"not one for each of the {len(events)} event(s) rated, in their order; nothing "
            "was changed"
        )
    return list(outcome.events)


def _k_in_force(outcome: Outcome[Any, Any]) -> dict[str, int]:
    """The K each player's rating was computed with, where the rule set's per-player detail
    has one (a field ``k``, FIDE's K), for the published list only."""
    found: dict[str, int] = {}
    for player in outcome.players:
        k = getattr(player.detail, "k", None)
        if isinstance(k, int) and not isinstance(k, bool):
            found[player.id] = k
    return found


def _outcome_of(
    report: Report, events: Sequence[Event]
) -> tuple[Outcome[Any, Any], dict[str, int]]:
    """The report's typed outcome and the K in force per player (every rule set fills the
    outcome: the protocol of :mod:`ratingkit.core.ruleset`)."""
    if report.outcome is None:
        raise LedgerError(
            f"the rule set's report {report.title!r} carries no outcome, which the ledger "
            "stores; nothing was changed"
        )
    return report.outcome, _k_in_force(report.outcome)


def _merge_state(state: PlayerFile, new: PlayerFile | None) -> PlayerFile:
    """The state after one more event: the event's new records replace the old ones."""
    if new is None:
        return state
    updated = {r.id: r for r in state}
    updated.update({r.id: r for r in new})
    return PlayerFile(tuple(updated.values()), state.source)
