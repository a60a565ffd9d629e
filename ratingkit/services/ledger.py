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
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ..core import outcome_codec
from ..core.errors import InputError, Location, RatingkitError
from ..core.fastbuild import build, collector_paused
from ..core.i18n import N_, _, tr
from ..core.model import (
    Bye,
    ByeKind,
    Event,
    EventType,
    Game,
    Handicap,
    Play,
    Player,
    Special,
    split_origin,
)
from ..core.outcome import EventKey, EventOutcome, GameKind, Outcome, PlayerOutcome, Status
from ..core.output import plain
from ..core.players import (
    PlayerFile,
    PlayerRecord,
    RatingConflictError,
    differing_rating_rule,
    normalise_name,
    rating_before,
    read_player_file,
)
from ..core.report import Report, Table
from ..core.ruleset import RuleSet, guard
from ..formats import read_event
from ..registry import families, get_rule_set
from .ledgerfile import (
    LedgerBusyError,
    LedgerError,
    LedgerFileError,
    create_ledger_file,
    open_connection,
    sqlite_errors,
)

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "ImportErrors",
    "ImportSummary",
    "Ledger",
    "LedgerBusyError",
    "LedgerError",
    "ListImportSummary",
    "listed_by",
    "parse_period",
]

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
)
SCHEMA_VERSION = len(MIGRATIONS)


class ImportErrors(LedgerError):
    """An import found errors; nothing was applied.  ``errors`` lists every one."""

    def __init__(self, source: str, errors: Sequence[str]):
        self.errors = tuple(errors)
        listed = "; ".join(self.errors)
        super().__init__(
            tr(
                "import of {source} applied nothing, {count} error(s): {errors}",
                source=source,
                count=len(errors),
                errors=listed,
            )
        )


def parse_period(text: str, location: Location | None = None) -> str:
    """A rating period ``YYYY-MM``."""
    if not _PERIOD.match(text.strip()):
        raise InputError(tr("a period is written YYYY-MM, got {text!r}", text=text), location, text)
    return text.strip()


def _period_of(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _months_between(earlier: str, later: str) -> int:
    year_a, month_a = (int(x) for x in earlier.split("-"))
    year_b, month_b = (int(x) for x in later.split("-"))
    return (year_b - year_a) * 12 + (month_b - month_a)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


#: The fields of a player's state as the ledger stores them (``location`` is not state).
_RECORD_FIELDS = tuple(f.name for f in fields(PlayerRecord) if f.name != "location")
_SIMPLE = (str, int, type(None))


def _record_to_json(record: PlayerRecord) -> str:
    data: dict[str, object] = {}
    for name in _RECORD_FIELDS:
        value = getattr(record, name)
        data[name] = value if isinstance(value, _SIMPLE) else plain(value)
    extra = record.extra
    data["extra"] = (
        {k: v if isinstance(v, _SIMPLE) else plain(v) for k, v in extra.items()} if extra else {}
    )
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
        text = tr(
            "imported {event!r} as event {event_id} into period {period}: {games} games, "
            "{matched} players matched, {created} new",
            event=self.event,
            event_id=self.event_id,
            period=self.period,
            games=self.games,
            matched=self.players_matched,
            created=self.players_created,
        )
        if self.registered:
            text += "; " + tr(
                "{registered} more players' state from the player file",
                registered=self.registered,
            )
        return text


@dataclass(frozen=True)
class ListImportSummary:
    """What importing FIDE's rating list did."""

    source: str
    created: int
    updated: int

    def __str__(self) -> str:
        return tr(
            "imported FIDE's rating list {source}: {created} players new to the ledger, "
            "{updated} updated (matched on their FIDE id); birth years are taken as 1 January "
            "of the year",
            source=self.source,
            created=self.created,
            updated=self.updated,
        )


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _reading(doing: str) -> Callable[[_Method], _Method]:
    """A reading method's SQLite errors (a damaged stored text, a lock) as one-line ledger
    errors naming the file, as the writing methods' (:func:`sqlite_errors`)."""

    def wrap(method: _Method) -> _Method:
        @functools.wraps(method)
        def guarded(self: Ledger, *args: Any, **kwargs: Any) -> Any:
            with sqlite_errors(self.path, doing):
                return method(self, *args, **kwargs)

        return guarded  # type: ignore[return-value]

    return wrap


class Ledger:
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
                        self._migrate(version)
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

    # -- opening -----------------------------------------------------------------------------
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

        def initialise(connection: sqlite3.Connection) -> None:
            for script in MIGRATIONS:
                _run_script(connection, script)
            connection.execute(
                "INSERT INTO settings VALUES ('rules', ?), ('created', ?)", (rules, _now())
            )
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

        create_ledger_file(Path(path), initialise)
        return cls(path)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _migrate(self, version: int) -> None:
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            _run_script(self._connection, script)
            if number == 3:
                _fill_schema_3(self._connection)
            if number == 4:
                _fill_schema_4(self._connection)
        self._connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One all-or-nothing transaction holding the write lock."""
        connection = self._connection
        with sqlite_errors(self.path, N_("writing")):
            connection.execute("BEGIN IMMEDIATE")
        try:
            with sqlite_errors(self.path, N_("writing")):
                yield connection
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        with sqlite_errors(self.path, N_("writing")):
            connection.execute("COMMIT")

    def _setting(self, key: str) -> str:
        row = self._connection.execute("SELECT value FROM settings WHERE key = ?", (key,))
        found = row.fetchone()
        if found is None:
            raise LedgerError(
                tr(
                    "{path}: the ledger has no setting {key!r}; it is damaged",
                    path=self.path,
                    key=key,
                )
            )
        return str(found[0])

    # -- import ------------------------------------------------------------------------------
    def import_file(
        self,
        path: str | os.PathLike[str],
        players: str | os.PathLike[str] | None = None,
        period: str | None = None,
        input_format: str | None = None,
        encoding: str | None = None,
        *,
        replace: bool = False,
    ) -> ImportSummary:
        """Import one event file (any readable format) with an optional player file.
        ``encoding`` overrides the detected encoding of both (see :mod:`ratingkit.core.fileio`).
        ``players`` is the player file with state, and the roster of a games file that has no
        players file beside it.

        Players are matched on their own id where the format has one (CSV files), on their
        FIDE id, or on their name; a new player is created when nothing matches, and a name
        that matches two ledger players is refused.  An event whose period (or a later one)
        is rated is refused unless ``replace``, which re-rates that period and every later
        rated one in the same transaction.  Any error applies nothing and every error found
        is listed.
        """
        source = str(path)
        errors: list[str] = []
        event: Event | None = None
        player_file: PlayerFile | None = None
        try:
            event = read_event(path, input_format, encoding, roster=players)
        except RatingkitError as exc:
            errors.append(str(exc))
        if players is None and event is not None:
            players = event.origin.player_file  # a players.csv that carries state
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
                errors.append(
                    tr(
                        "{source}: the file gives no date; give the period with --period",
                        source=source,
                    )
                )
            else:
                period = _period_of(day)
        try:
            # What the rule set cannot rate (a chess event in a shogi ledger, a score table
            # under a rule set that rates games) is refused now, not when the period is rated.
            guard(self.rules, [event], player_file)
        except RatingkitError as exc:
            errors.append(str(exc))
        if player_file is not None:
            # A player's rating in the event and in the player file: one rating before the
            # event (core.players.rating_before), refused now where they differ and the rule
            # set does not allow it.
            errors.extend(self._rating_conflicts(event, player_file, source))
        file_digest = _file_digest(Path(path), event)
        if errors:
            raise ImportErrors(source, errors)
        assert period is not None
        with self._write():
            # Matching and the duplicate checks run inside the write transaction: two imports
            # at once cannot both create one new player or both store one event.
            keys, match_errors = self._match_keys(event)
            errors.extend(match_errors)
            known = self._connection.execute(
                "SELECT id, period FROM events WHERE digest = ?", (file_digest,)
            ).fetchone()
            if known is not None:
                errors.append(
                    tr(
                        "{source}: already imported as event {event_id} (period {period})",
                        source=source,
                        event_id=known[0],
                        period=known[1],
                    )
                )
            rated_from = self._rated_from(period)
            if rated_from is not None and not replace:
                errors.append(
                    tr(
                        "{source}: period {rated_from} is already rated, so an event of period "
                        "{period} would not be rated; import it with --replace to re-rate "
                        "{first} and every later rated period",
                        source=source,
                        rated_from=rated_from,
                        period=period,
                        first=min(period, rated_from),
                    )
                )
            if errors:
                raise ImportErrors(source, errors)
            summary = self._store_event(event, keys, file_digest, period, player_file, source)
            if rated_from is not None:
                self._rerate_from(min(period, rated_from))
            return summary

    def _rating_conflicts(self, event: Event, players: PlayerFile, source: str) -> list[str]:
        """The players whose rating in ``event`` and in the player file the one rule
        (:func:`~ratingkit.core.players.rating_before`) refuses, one message each."""
        match = players.match([(p.id, p.name) for p in event.players], by_name=event.local_ids)
        rule = differing_rating_rule(self.rules)
        errors = []
        for player in event.players:
            try:
                rating_before(player, match.records.get(player.id), rule, event_place=source)
            except RatingConflictError as exc:
                errors.append(str(exc))
        return errors

    def _rated_from(self, period: str) -> str | None:
        """The first rated period at or after ``period`` (an event there would be left out)."""
        row = self._connection.execute(
            "SELECT MIN(period) FROM periods WHERE period >= ?", (period,)
        ).fetchone()
        return row[0] if row else None

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
        wanted = [k for k in (self._player_key(p, event) for p in event.players) if k]
        own = [k[3:] for k in wanted if k.startswith("id:")]
        by_key = self._lookup("SELECT key, id FROM players WHERE key IN ({})", wanted)
        # The players' own ids (a federation's member numbers) of players keyed by their FIDE
        # id: an event that names one by his own id alone finds him too.
        owned = self._lookup("SELECT own_id, id FROM players WHERE own_id IN ({})", own)
        by_own = {f"id:{k}": v for k, v in owned.items()}
        for player in event.players:
            key = self._player_key(player, event)
            if key is not None and key in holders:
                # Two players of one file would become one ledger player (and break its
                # bookkeeping): refused, naming both.
                other = holders[key]
                if player.fide_id:
                    what = tr("FIDE id {fide_id}", fide_id=player.fide_id)
                else:
                    what = tr("id {id!r}", id=player.id)
                errors.append(
                    tr(
                        "{source}: players {first!r} and {second!r} have the same {what}; "
                        "correct the file",
                        source=event.source or event.name,
                        first=other.name,
                        second=player.name,
                        what=what,
                    )
                )
                continue
            if key is not None:
                holders[key] = player
                found: int | str | None = by_key.get(key, by_own.get(key))
                if found is None and key.startswith("id:"):
                    # A member number the ledger has not seen: the one player of that name
                    # who has no own id yet (FIDE's list gave him) is he, never a second one.
                    found = self._unnumbered_namesake(player.name)
                out[player.id] = found if found is not None else key
                continue
            rows = self._connection.execute(
                "SELECT id FROM players WHERE name_key = ?", (normalise_name(player.name),)
            ).fetchall()
            if len(rows) > 1:
                ids = ", ".join(str(r[0]) for r in rows)
                errors.append(
                    tr(
                        "{source}: player {name!r} matches ledger players {ids}; the name is "
                        "ambiguous (give ids or FIDE ids in the file)",
                        source=event.source or event.name,
                        name=player.name,
                        ids=ids,
                    )
                )
            out[player.id] = rows[0][0] if rows else f"name:{normalise_name(player.name)}"
        return out, errors

    def _unnumbered_namesake(self, name: str) -> int | None:
        rows = self._connection.execute(
            "SELECT id FROM players WHERE name_key = ? AND own_id IS NULL AND (key IS NULL OR"
            " key NOT LIKE 'id:%')",
            (normalise_name(name),),
        ).fetchall()
        return int(rows[0][0]) if len(rows) == 1 else None

    def _lookup(self, query: str, values: Sequence[str]) -> dict[str, int]:
        """``query`` (``... IN ({})``) over ``values``, in chunks SQLite accepts."""
        found: dict[str, int] = {}
        for start in range(0, len(values), 500):
            chunk = values[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            found.update(self._connection.execute(query.format(marks), chunk))
        return found

    def _store_event(
        self,
        event: Event,
        keys: dict[str, int | str],
        digest: str,
        period: str,
        player_file: PlayerFile | None,
        source: str,
    ) -> ImportSummary:
        db = self._connection
        ids: dict[str, int] = {}
        created = 0
        own_ids: list[tuple[str, int]] = []
        own_file = player_file is not None and _read_with(event, player_file.source)
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
                    "INSERT INTO players (key, name, name_key, fide_id, federation, title, born,"
                    " arrived_rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        None if key.startswith("name:") else key,
                        player.name,
                        normalise_name(player.name),
                        player.fide_id,
                        player.federation,
                        player.title,
                        player.born.isoformat() if player.born else None,
                        int(player.rating is not None),
                    ),
                )
                ids[player.id] = _row_id(cursor)
            if not event.local_ids:
                # The file's ids are the players' own (member numbers): kept with him, also
                # where he is known by his FIDE id or came from FIDE's list.
                own_ids.append((player.id, ids[player.id]))
            record = state.records.get(player.id) if state is not None else None
            if record is not None:
                if own_file:
                    # The event's own players file: its rating is the one the event gives
                    # (stored with the event), the rating before this event, not a state
                    # before the player's first rated period (issue 24).
                    record = replace(record, rating=None)
                self._set_initial_state(ids[player.id], record)
        db.executemany("UPDATE players SET own_id = ? WHERE id = ? AND own_id IS NULL", own_ids)
        game_cells = [_game_cells(g, ids) for g in event.games]
        games_digest = _games_digest(
            event.type.value,
            _iso(event.start or _first_game_date(event)),
            _iso(event.end or _last_game_date(event)),
            [ids[p.id] for p in event.players],
            game_cells,
            [(b.round, ids[b.player], b.kind.value) for b in event.byes],
        )
        known = db.execute(
            "SELECT id, period, source FROM events WHERE games_digest = ?", (games_digest,)
        ).fetchone()
        if known is not None:
            raise ImportErrors(
                source,
                [
                    tr(
                        "{source}: the same games between the same players on the same dates "
                        "were imported as event {event_id} (period {period}, from {file})",
                        source=source,
                        event_id=known[0],
                        period=known[1],
                        file=known[2],
                    )
                ],
            )
        registered = 0
        if player_file is not None:
            matched = {id(r) for r in state.records.values()} if state is not None else set()
            others = [r for r in player_file if id(r) not in matched]
            self._register(others, event.local_ids)
            registered = len(others)
        cursor = db.execute(
            "INSERT INTO events (period, name, start, end, type, rounds, source, digest,"
            " score_only, extra, imported, game, games_digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                # The origin under the keys it always had (EventOrigin.stored).
                json.dumps(
                    {k: plain(v) for k, v in {**event.origin.stored(), **event.extra}.items()},
                    ensure_ascii=False,
                ),
                _now(),
                event.game.value if event.game is not None else None,
                games_digest,
            ),
        )
        event_id = _row_id(cursor)
        db.executemany(
            "INSERT INTO participants VALUES (?, ?, ?, ?, ?)",
            [(event_id, ids[p.id], p.id, p.rating, _json_extra(p.extra)) for p in event.players],
        )
        db.executemany(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (event_id, *cells, _json_extra(g.extra))
                for g, cells in zip(event.games, game_cells, strict=True)
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
            if row is None and key is not None:
                row = db.execute("SELECT id FROM players WHERE own_id = ?", (record.id,)).fetchone()
            if row is None:
                cursor = db.execute(
                    "INSERT INTO players (key, name, name_key, own_id) VALUES (?, ?, ?, ?)",
                    (key, name, normalise_name(name), record.id if key else None),
                )
                row = (_row_id(cursor),)
            self._set_initial_state(row[0], record)

    def _set_initial_state(self, player_id: int, record: PlayerRecord) -> None:
        """A player file's row as the player's state before his first rated period, where
        the ledger knows nothing yet: what it knows (FIDE's list, an earlier file) stays, and
        the file fills in only the cells the ledger has empty.  (A later file must not change
        the state the first period starts from: re-rating that period with --replace would
        start from it.)"""
        db = self._connection
        known = db.execute(
            "SELECT initial_state FROM players WHERE id = ?", (player_id,)
        ).fetchone()
        if known is not None and known[0] is not None:
            old = _record_from_json(known[0], player_id)
            missing = {
                name: getattr(record, name)
                for name in _RECORD_FIELDS
                if name not in ("id", "extra")
                and getattr(old, name) is None
                and getattr(record, name) is not None
            }
            record = replace(old, **missing, extra={**record.extra, **old.extra})
        db.execute(
            "UPDATE players SET initial_state = ?, arrived_rated = arrived_rated OR ? WHERE id = ?",
            (_record_to_json(record), int(record.rating is not None), player_id),
        )

    # -- FIDE's rating list ------------------------------------------------------------------
    def import_list(
        self, path: str | os.PathLike[str], encoding: str | None = None
    ) -> ListImportSummary:
        """FIDE's published rating list (its TXT or XML download) as the players' state before
        the first period: each player by his FIDE id, with name, federation, sex, title,
        rating, games, K and birth year.  Later imports match players on the FIDE id.  Only
        before any period is rated (the list is the state the first period starts from)."""
        from ..formats.fidelist import RatingListReader

        reader = RatingListReader(path, encoding)
        with self._write():
            rated = self._connection.execute("SELECT MIN(period) FROM periods").fetchone()[0]
            if rated is not None:
                raise LedgerError(
                    tr(
                        (
                            "{path}: period {rated} is already rated; FIDE's list gives the "
                            "state before the first period, so import it into a ledger "
                            "before rating"
                        ),
                        path=path,
                        rated=rated,
                    )
                )
            # The list is stored a batch at a time inside the one transaction: a list of a
            # million players is never held whole, and a bad line refuses it all.
            # The ledger's players with a FIDE id, read once: the list names each id once.
            by_key = dict(
                self._connection.execute("SELECT key, id FROM players WHERE key LIKE 'fide:%'")
            )
            created = updated = 0
            for batch in reader.batches():
                summary = self._store_list(batch, str(path), by_key)
                created, updated = created + summary.created, updated + summary.updated
            return ListImportSummary(str(path), created, updated)

    def _store_list(
        self, listed: Sequence[Any], source: str, by_key: Mapping[str, int] | None = None
    ) -> ListImportSummary:
        db = self._connection
        if by_key is None:
            by_key = dict(db.execute("SELECT key, id FROM players WHERE key LIKE 'fide:%'"))
        created = updated = 0
        new_rows = []
        updates = []
        for player in listed:
            key = f"fide:{player.fide_id}"
            record = PlayerRecord(
                id=player.fide_id,
                name=player.name,
                rating=player.rating,
                # FIDE's Gms is the games of the list's own period, not the career total
                # that 8.56's "30 games" counts; the list's K stands for it (kept as given).
                games=None,
                k=player.k,
                # FIDE's list gives the birth year only: 1 January of it is assumed (said in
                # the summary), which decides the under-18 K only in the year of the 18th
                # birthday (FIDE 2014 8.56).
                born=date(player.born, 1, 1) if player.born else None,
                ever_2400=True if player.rating is not None and player.rating >= 2400 else None,
                extra={
                    k: v
                    for k, v in (
                        ("inactive", "yes" if player.inactive else ""),
                        ("sex", player.sex or ""),
                        ("list_games", "" if player.games is None else str(player.games)),
                    )
                    if v
                },
            )
            state = _record_to_json(record)
            if key in by_key:
                updated += 1
                updates.append(
                    (
                        player.name,
                        normalise_name(player.name),
                        player.federation or None,
                        player.title or player.women_title or None,
                        player.sex or None,
                        state,
                        int(player.rating is not None),
                        by_key[key],
                    )
                )
            else:
                created += 1
                new_rows.append(
                    (
                        key,
                        player.name,
                        normalise_name(player.name),
                        player.fide_id,
                        player.federation or None,
                        player.title or player.women_title or None,
                        f"{player.born:04d}-01-01" if player.born else None,
                        player.sex or None,
                        state,
                        int(player.rating is not None),
                    )
                )
        db.executemany(
            "INSERT INTO players (key, name, name_key, fide_id, federation, title, born, sex,"
            " initial_state, arrived_rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            new_rows,
        )
        db.executemany(
            "UPDATE players SET name = ?, name_key = ?, federation = ?, title = ?, sex = ?,"
            " initial_state = ?, arrived_rated = ? WHERE id = ?",
            updates,
        )
        return ListImportSummary(source, created, updated)

    # -- events: list and undo ---------------------------------------------------------------
    @_reading(N_("listing the events"))
    def events(self) -> Table:
        """Every imported event: its ledger id, period, name, dates, players and games, the
        file it came from, and whether its period is rated."""
        rows = self._connection.execute(
            "SELECT e.id, e.period, e.name, e.start, e.end, e.type,"
            " (SELECT COUNT(*) FROM participants pa WHERE pa.event_id = e.id),"
            " (SELECT COUNT(*) FROM games g WHERE g.event_id = e.id),"
            " e.source, e.imported, p.rated FROM events e"
            " LEFT JOIN periods p ON p.period = e.period ORDER BY e.period, e.id"
        ).fetchall()
        names = (
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
        # Fits a 100-column terminal: the file's name (not its folder), the day of import.
        return Table(
            _("events"),
            names,
            tuple(
                dict(
                    zip(
                        names,
                        (
                            *r[:8],
                            Path(r[8]).name if r[8] else None,
                            str(r[9])[:10],
                            _("rated") if r[10] else _("not rated"),
                        ),
                        strict=True,
                    )
                )
                for r in rows
            ),
        )

    def remove_event(self, event_id: int, *, replace: bool = False) -> str:
        """Take an imported event out, in one transaction: at once while its period is
        unrated; when its period (or a later one) is rated, only with ``replace``, which
        re-rates that period and every later rated one without it.  Players who came to the
        ledger with this event alone go with it.  Returns what was done."""
        with self._write():
            row = self._connection.execute(
                "SELECT period, name FROM events WHERE id = ?", (event_id,)
            ).fetchone()
            if row is None:
                raise LedgerError(
                    tr(
                        "no event {event_id} in the ledger ('db events' lists them)",
                        event_id=event_id,
                    )
                )
            period, name = row
            rated_from = self._rated_from(period)
            if rated_from is not None and not replace:
                raise LedgerError(
                    tr(
                        (
                            "event {event_id} ({name!r}) is in period {period}, and period "
                            "{rated_from} is rated; use --replace to remove it and re-rate "
                            "{period} and every later rated period"
                        ),
                        event_id=event_id,
                        name=name,
                        period=period,
                        rated_from=rated_from,
                    )
                )
            db = self._connection
            involved = [
                r[0]
                for r in db.execute(
                    "SELECT player_id FROM participants WHERE event_id = ?", (event_id,)
                )
            ]
            for table in ("player_results", "results", "outcomes", "games", "byes"):
                db.execute(f"DELETE FROM {table} WHERE event_id = ?", (event_id,))
            db.execute("DELETE FROM participants WHERE event_id = ?", (event_id,))
            db.execute("DELETE FROM events WHERE id = ?", (event_id,))
            if rated_from is not None:
                self._rerate_from(period)
            gone = [
                pid
                for pid in involved
                if db.execute(
                    "SELECT 1 FROM players pl WHERE pl.id = ? AND pl.initial_state IS NULL"
                    " AND NOT EXISTS (SELECT 1 FROM participants pa WHERE pa.player_id = pl.id)"
                    " AND NOT EXISTS (SELECT 1 FROM state s WHERE s.player_id = pl.id)"
                    " AND NOT EXISTS (SELECT 1 FROM published pu WHERE pu.player_id = pl.id)",
                    (pid,),
                ).fetchone()
            ]
            db.executemany("DELETE FROM players WHERE id = ?", [(pid,) for pid in gone])
            done = tr(
                "removed event {event_id} ({name!r}, period {period})",
                event_id=event_id,
                name=name,
                period=period,
            )
            if gone:
                done += " " + tr("and {count} player(s) who had no other event", count=len(gone))
            if rated_from is not None:
                periods = sorted({report_period for report_period in self._last_rerated})
                done += "; " + tr("re-rated {periods}", periods=", ".join(periods))
            return done

    # -- rating ------------------------------------------------------------------------------
    @_reading(N_("listing the periods"))
    def periods(self) -> Table:
        """Every period with events, and whether (and when) it was rated."""
        rows = self._connection.execute(
            "SELECT e.period, COUNT(DISTINCT e.id), p.rated FROM events e "
            "LEFT JOIN periods p ON p.period = e.period GROUP BY e.period "
            "UNION SELECT p.period, 0, p.rated FROM periods p "
            "WHERE p.period NOT IN (SELECT period FROM events) ORDER BY 1"
        ).fetchall()
        return Table(
            _("periods"),
            (N_("period"), N_("events"), N_("rated")),
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
                    tr(
                        (
                            "period {first} has events that are not rated yet; rate it "
                            "before {period}"
                        ),
                        first=first,
                        period=period,
                    )
                )
            if period in rated and not replace:
                raise LedgerError(
                    tr(
                        (
                            "period {period} is already rated; use --replace to re-rate it "
                            "and every later period"
                        ),
                        period=period,
                    )
                )
            has_events = self._connection.execute(
                "SELECT 1 FROM events WHERE period = ? LIMIT 1", (period,)
            ).fetchone()
            if has_events is None and period not in rated:
                # A mistyped period (2042-04) would publish an empty list that blocks every
                # earlier period's import: refused.
                known = [str(r["period"]) for r in self.periods().rows]
                raise LedgerError(
                    tr(
                        (
                            "period {period} has no events; import its events first (periods "
                            "with events: {known})"
                        ),
                        period=period,
                        known=", ".join(known) or "none yet",
                    )
                )
            later = [p for p in rated if p > period]
            if later and not replace:
                raise LedgerError(
                    tr(
                        (
                            "period {later} is already rated and comes after {period}; use "
                            "--replace to rate {period} and re-rate the later periods"
                        ),
                        later=later[-1],
                        period=period,
                    )
                )
            return self._rerate_from(period)

    def _rerate_from(self, period: str) -> list[Report]:
        """Rate ``period`` and re-rate every rated period after it, inside the caller's
        transaction: what rating them stored is deleted first."""
        to_rate = sorted({period, *(p for p in self._rated_periods() if p >= period)})
        for table in ("player_results", "results", "outcomes", "state", "published", "periods"):
            self._connection.execute(f"DELETE FROM {table} WHERE period >= ?", (period,))
        self._last_rerated = tuple(to_rate)
        # Many small objects (events, games, outcomes), none in a cycle: the collector waits.
        with collector_paused():
            try:
                return [report for p in to_rate for report in self._rate_one(p)]
            except RatingConflictError as exc:
                # An event's rating that is not the one the ledger's state gives (issue 24):
                # the error names both; nothing is stored.
                raise LedgerError(str(exc)) from exc
            except InputError as exc:
                # The events come from the ledger's own rows, checked when they were
                # imported: a value refused now was changed in the file since.
                raise LedgerFileError(
                    tr(
                        (
                            "{path}: a value stored in the ledger is refused when its events "
                            "are rated again ({reason}); the ledger may be damaged: restore it "
                            "from a backup"
                        ),
                        path=self.path,
                        reason=exc,
                    )
                ) from exc

    def _rate_one(self, period: str) -> list[Report]:
        db = self._connection
        before = self._state_before(period)
        state = PlayerFile(tuple(before.values()), f"ledger state before {period}")
        built = self._build_events(period, state)
        played: set[int] = set()
        for _unused, event in built:
            played.update(int(pid) for pid in event.player_ids)
        # The ledger may hold events imported before it guarded its imports.
        if built:
            guard(self.rules, [event for _unused, event in built], state)
        reports: list[Report] = []
        k_used: dict[str, int] = {}
        rows: list[tuple[object, ...]] = []
        new_state = state
        if len(built) > 1:
            period_report = self.rules.rate_events([e for _unused, e in built], state)
            reports.append(period_report)
            outcome, k_of = _outcome_of(period_report, [e for _unused, e in built])
            rows.extend(self._result_rows(period, built, outcome))
            new_state = _merge_state(state, outcome.new_state or _state_from(outcome))
            k_used.update(k_of)
        else:
            for event_id, event in built:
                report = self.rules.rate(event, new_state)
                reports.append(report)
                outcome, k_of = _outcome_of(report, [event])
                rows.extend(self._result_rows(period, [(event_id, event)], outcome))
                new_state = _merge_state(new_state, outcome.new_state or _state_from(outcome))
                k_used.update(k_of)
        after = {r.id: r for r in new_state if r.id is not None}
        strangers = sorted(set(after) - set(before) - {str(p) for p in played})
        if strangers:
            raise LedgerError(
                tr(
                    (
                        "rating period {period}: the rule set {name} returned state for "
                        "player id(s) {strangers} that are not in the ledger's events; "
                        "nothing was changed"
                    ),
                    period=period,
                    name=self.rules.name,
                    strangers=", ".join(strangers[:5]),
                )
            )
        db.executemany("INSERT INTO player_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        merged = {**before, **after}
        # Only what changed is stored: a player's state is his last stored row (FIDE's list
        # of 100,000 players is not copied into every month).
        stored_before = self._stored_state_texts(period)
        changed = []
        for pid, record in after.items():
            if before.get(pid) is record:
                continue  # the rule set handed the record back untouched
            text = _record_to_json(record)
            if stored_before.get(pid) != text:
                changed.append((period, int(pid), text))
        db.executemany("INSERT INTO state VALUES (?, ?, ?)", changed)
        self._publish(period, merged, played, k_used)
        db.execute("INSERT INTO periods VALUES (?, ?, ?)", (period, _now(), self.rules.name))
        return reports

    def _result_rows(
        self, period: str, events: Sequence[tuple[int, Event]], outcome: Outcome[Any, Any]
    ) -> list[tuple[object, ...]]:
        """Per event and player his result, as the history shows it: his part of the event
        (rating before, games, score, expected, change) and the rating published after it
        (:func:`_published`)."""
        parts = _event_parts(outcome, [event for _unused, event in events], self.rules.name)
        overall: dict[str, list[PlayerOutcome[Any]]] = {}
        for player in outcome.players:
            overall.setdefault(player.id, []).append(player)
        rows: list[tuple[object, ...]] = []
        for (event_id, event), part in zip(events, parts, strict=True):
            own = {p.id: p for p in part.players}
            for pid in event.player_ids:
                mine = own.get(pid)
                published = _published(mine, overall.get(pid, []))
                if mine is None:
                    mine = published
                if mine is None:
                    continue
                k = getattr(mine.detail, "k", None)
                score = 0.0 if mine.score is None and not mine.games else mine.score
                rows.append(
                    (
                        period,
                        event_id,
                        int(pid),
                        _cell(mine.rating_before),
                        _cell(mine.games),
                        _cell(score),
                        _cell(mine.expected),
                        _cell(mine.change),
                        _cell(published.rating_after if published is not None else None),
                        mine.status.name if isinstance(mine.status, Status) else None,
                        k if isinstance(k, int) and not isinstance(k, bool) else None,
                    )
                )
        return rows

    def _state_before(self, period: str) -> dict[str, PlayerRecord]:
        """Each known player's state as the rated periods before ``period`` left it (his last
        stored row), or as the player file or FIDE's list gave it at import."""
        db = self._connection
        records: dict[str, PlayerRecord] = {}
        for player_id, name, initial in db.execute(
            "SELECT id, name, initial_state FROM players WHERE initial_state IS NOT NULL"
        ):
            record = _record_from_json(initial, player_id)
            records[str(player_id)] = replace(record, name=record.name or name)
        for player_id, text in self._stored_state_rows(period):
            records[str(player_id)] = _record_from_json(text, player_id)
        return records

    def _stored_state_rows(self, period: str) -> list[tuple[int, str]]:
        return self._connection.execute(
            "SELECT s.player_id, s.record FROM state s JOIN (SELECT player_id, MAX(period) AS"
            " last FROM state WHERE period < ? GROUP BY player_id) l ON l.player_id ="
            " s.player_id AND l.last = s.period",
            (period,),
        ).fetchall()

    def _stored_state_texts(self, period: str) -> dict[str, str]:
        texts = {
            str(pid): text
            for pid, text in self._connection.execute(
                "SELECT id, initial_state FROM players WHERE initial_state IS NOT NULL"
            )
        }
        texts.update((str(pid), text) for pid, text in self._stored_state_rows(period))
        return texts

    def _build_events(self, period: str, state: PlayerFile) -> list[tuple[int, Event]]:
        """The period's events in date order, built from the ledger's rows (set-based: one
        query per table for the whole period)."""
        db = self._connection
        heads = db.execute(
            "SELECT id, name, start, end, type, rounds, source, extra, score_only, game FROM"
            " events WHERE period = ? ORDER BY COALESCE(start, end, ''), id",
            (period,),
        ).fetchall()
        if not heads:
            return []
        players: dict[int, list[Player]] = {}
        for event_id, player_id, local_id, rating, p_extra, p_name, fed, title, born in db.execute(
            "SELECT pa.event_id, pa.player_id, pa.local_id, pa.rating, pa.extra, pl.name,"
            " pl.federation, pl.title, pl.born FROM participants pa JOIN events e ON e.id ="
            " pa.event_id JOIN players pl ON pl.id = pa.player_id WHERE e.period = ?"
            " ORDER BY pa.rowid",
            (period,),
        ):
            # No fide_id for the rule set: the ledger id is the player's identity here (the
            # FIDE rule sets key their new state by FIDE id where a player has one).
            extra = json.loads(p_extra) if p_extra != "{}" else {}
            extra["start_number"] = local_id
            # The event's own rating: the rule set takes each player's rating before the
            # event by the one rule (core.players.rating_before) from it and the state before
            # the period (``state``), or, rating the period's events one after the other, from
            # the state the earlier ones left.
            players.setdefault(event_id, []).append(
                build(
                    Player,
                    {
                        "id": str(player_id),
                        "name": p_name,
                        "rating": rating,
                        "federation": fed,
                        "title": title,
                        "sex": None,
                        "born": date.fromisoformat(born) if born else None,
                        "fide_id": None,
                        "extra": MappingProxyType(extra),
                        "location": None,
                    },
                )
            )
        games: dict[int, list[Game]] = {}
        plays = {p.value: p for p in Play}
        days: dict[str | None, date | None] = {}
        for event_id, r, w, b, ws, bs, play, special, hk, hg, d, x in db.execute(
            "SELECT g.event_id, g.round, g.white, g.black, g.white_score, g.black_score, g.play,"
            " g.special, g.handicap, g.handicap_giver, g.date, g.extra FROM games g JOIN events e"
            " ON e.id = g.event_id WHERE e.period = ? ORDER BY g.rowid",
            (period,),
        ):
            # The rows were checked as games when they were imported: built without the
            # model's checks again (a FIDE month is a million of them), but a score no game
            # can have is a value changed in the file since.
            if ws not in _SCORES or bs not in _SCORES:
                raise LedgerFileError(
                    tr(
                        (
                            "{path}: a stored game of event {event_id}, round {round} has the "
                            "scores {white_score}-{black_score}; the ledger may be damaged: "
                            "restore it from a backup"
                        ),
                        path=self.path,
                        event_id=event_id,
                        round=r,
                        white_score=ws,
                        black_score=bs,
                    )
                )
            games.setdefault(event_id, []).append(
                build(
                    Game,
                    {
                        "round": r,
                        "white": str(w),
                        "black": str(b),
                        "white_score": ws,
                        "black_score": bs,
                        "play": plays.get(play) or Play(play),
                        "special": Special(special) if special else None,
                        "handicap": Handicap(hk, str(hg)) if hk else None,
                        "date": days[d] if d in days else days.setdefault(d, _day(d)),
                        "extra": MappingProxyType(json.loads(x)) if x != "{}" else EMPTY,
                        "location": None,
                    },
                )
            )
        byes: dict[int, list[Bye]] = {}
        for event_id, r, p, k in db.execute(
            "SELECT b.event_id, b.round, b.player, b.kind FROM byes b JOIN events e ON e.id ="
            " b.event_id WHERE e.period = ? ORDER BY b.rowid",
            (period,),
        ):
            byes.setdefault(event_id, []).append(Bye(r, str(p), ByeKind(k)))
        built = []
        for event_id, name, start, end, type_, rounds, source, extra, score_only, game in heads:
            origin, fields = split_origin(json.loads(extra))
            event = Event(
                name=name,
                players=tuple(players.get(event_id, ())),
                games=tuple(games.get(event_id, ())),
                byes=tuple(byes.get(event_id, ())),
                type=EventType(type_),
                start=date.fromisoformat(start) if start else None,
                end=date.fromisoformat(end) if end else None,
                rounds=rounds,
                source=source,
                extra=fields,
                origin=origin,
                score_only=bool(score_only),
                game=GameKind(game) if game else None,
            )
            built.append((event_id, event))
        return built

    def _publish(
        self,
        period: str,
        state: dict[str, PlayerRecord],
        played: set[int],
        k_used: dict[str, int],
    ) -> None:
        """Publish the list: a player is listed once the rule set has published a rating for
        him (:func:`listed_by`); he is new in the first period he is listed, unless he came to
        the ledger with a rating (from a player file, FIDE's list or his first event file)."""
        db = self._connection
        ever_listed = {
            r[0]
            for r in db.execute(
                "SELECT DISTINCT player_id FROM published WHERE listed = 1 AND period < ?",
                (period,),
            )
        }
        arrived_rated = {r[0] for r in db.execute("SELECT id FROM players WHERE arrived_rated")}
        last_played: dict[int, str] = dict(
            db.execute(
                "SELECT player_id, MAX(period) FROM published WHERE played = 1 AND period < ?"
                " GROUP BY player_id",
                (period,),
            )
        )
        first_published = dict(
            db.execute(
                "SELECT player_id, MIN(period) FROM published WHERE period < ? GROUP BY player_id",
                (period,),
            )
        )
        rows = []
        for pid, record in state.items():
            player_id = int(pid)
            listed = listed_by(self.rules, record)
            is_new = listed and player_id not in ever_listed and player_id not in arrived_rated
            # Inactive: no rated game in the ledger for twelve months (FIDE 1982 9.23 asks
            # fewer than 4 games a year; the ledger flags the plainer case).  A player who has
            # not played yet counts from the first list he was on.
            last = period if player_id in played else last_played.get(player_id)
            since = last or first_published.get(player_id, period)
            inactive = _months_between(since, period) >= 12
            if last is None and record.extra.get("inactive") == "yes":
                inactive = True  # FIDE's list flags him inactive and he has not played since
            rows.append(
                (
                    period,
                    player_id,
                    record.rating if listed else None,
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
    @_reading(N_("reading the list"))
    def published_list(
        self, period: str, *, everyone: bool = False, ledger_ids: bool = False
    ) -> Table:
        """The list published for ``period``: each player's own id (his FIDE id, else the id
        his files gave him), name, federation, rating, games, K or grade, flags.  Players the
        rule set has not published a rating for yet are left out unless ``everyone``; then
        their rating is the one the ledger carries into their next event (``listed`` is
        false: it is not published; FESA rule 3: a player still unrated has the performance
        rating of rules 5-7, which FESA's tables show with a ``*``).  The ledger's own number
        is shown only with ``ledger_ids``."""
        period = parse_period(period)
        if period not in self._rated_periods():
            raise LedgerError(
                tr("period {period} is not rated; nothing is published for it", period=period)
            )
        names = (
            N_("ledger id"),
            N_("id"),
            N_("FIDE id"),
            N_("name"),
            N_("federation"),
            N_("title"),
            N_("rating"),
            N_("games"),
            N_("K"),
            N_("grade"),
            N_("played"),
            N_("listed"),
            N_("new"),
            N_("inactive"),
        )
        rows = [
            dict(zip(names, values, strict=True))
            for values in self._connection.execute(
                "SELECT pu.player_id, COALESCE(pl.own_id, CASE WHEN pl.key LIKE 'id:%' THEN"
                " substr(pl.key, 4) END), pl.fide_id, pl.name, pl.federation, pl.title,"
                " pu.rating,"
                " pu.games, pu.k, pu.grade, pu.played, pu.listed, pu.is_new, pu.inactive"
                " FROM published pu JOIN players pl ON pl.id = pu.player_id"
                " WHERE pu.period = ? AND (pu.listed = 1 OR ?)"
                " ORDER BY pu.listed DESC, pu.rating IS NULL, pu.rating DESC, pl.name",
                (period, int(everyone)),
            )
        ]
        for row in rows:
            for flag in ("played", "listed", "new", "inactive"):
                row[flag] = bool(row[flag])
        if everyone:
            carried = self._carried_ratings(period)
            unlisted = [row for row in rows if not row["listed"]]
            for row in unlisted:
                row["rating"] = carried.get(row["ledger id"])
            unlisted.sort(key=lambda r: (r["rating"] is None, -(r["rating"] or 0), r["name"]))
            rows = [row for row in rows if row["listed"]] + unlisted
        columns = [c for c in names if (c != "listed" or everyone)]
        if not ledger_ids:
            columns.remove("ledger id")
        for optional in ("id", "FIDE id", "federation", "title", "grade", "K"):
            if all(r[optional] is None for r in rows):
                columns.remove(optional)
        return Table(
            tr("rating list {period} ({rules})", period=period, rules=self.rules.name),
            tuple(columns),
            tuple({c: r[c] for c in columns} for r in rows),
        )

    def _carried_ratings(self, period: str) -> dict[int, int | None]:
        """The rating each player not listed in ``period`` carries into his next event: his
        state after the period (the last state stored at or before it, else the state he
        came to the ledger with)."""
        db = self._connection
        unlisted = "SELECT player_id FROM published WHERE period = ? AND listed = 0"
        texts = dict(
            db.execute(
                "SELECT id, initial_state FROM players WHERE initial_state IS NOT NULL AND id IN"
                f" ({unlisted})",
                (period,),
            )
        )
        texts.update(
            db.execute(
                "SELECT s.player_id, s.record FROM state s JOIN (SELECT player_id, MAX(period)"
                " AS last FROM state WHERE period <= ? AND player_id IN"
                f" ({unlisted}) GROUP BY player_id) l ON l.player_id = s.player_id AND"
                " l.last = s.period",
                (period, period),
            )
        )
        return {pid: _record_from_json(text, pid).rating for pid, text in texts.items()}

    @_reading(N_("reading the list"))
    def fide_list(self, period: str) -> list[Any]:
        """The listed players of ``period`` who have a FIDE id, as FIDE's rating list has
        them (:class:`ratingkit.formats.fidelist.ListedPlayer`), for its TXT layout."""
        from ..formats.fidelist import ListedPlayer

        period = parse_period(period)
        if period not in self._rated_periods():
            raise LedgerError(
                tr("period {period} is not rated; nothing is published for it", period=period)
            )
        out = []
        for (
            fide_id,
            name,
            fed,
            title,
            sex,
            born,
            rating,
            games,
            k,
            inactive,
        ) in self._connection.execute(
            # FIDE's Gms: the rated games of the list's own period.
            "SELECT pl.fide_id, pl.name, pl.federation, pl.title, pl.sex, pl.born,"
            " pu.rating, (SELECT SUM(r.games) FROM player_results r WHERE r.period ="
            " pu.period AND r.player_id = pu.player_id), pu.k, pu.inactive FROM published"
            " pu JOIN players pl ON pl.id = pu.player_id WHERE pu.period = ? AND"
            " pu.listed = 1 AND pl.fide_id IS NOT NULL ORDER BY pl.name",
            (period,),
        ):
            out.append(
                ListedPlayer(
                    fide_id=str(fide_id),
                    name=name,
                    federation=fed or "",
                    sex=sex or "",
                    title=title or "",
                    rating=rating,
                    games=int(games or 0),
                    k=k,
                    born=int(born[:4]) if born else None,
                    inactive=bool(inactive),
                    woman=sex == "F",
                )
            )
        return out

    @_reading(N_("finding the player"))
    def find_player(self, text: str) -> int:
        """A ledger player by his FIDE id, his own id (the id his files give him), his name,
        or the ledger's number written ``#N``."""
        db = self._connection
        text = text.strip()
        for key in (f"fide:{text}", f"id:{text}", text):
            row = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
            if row:
                return int(row[0])
        row = db.execute("SELECT id FROM players WHERE own_id = ?", (text,)).fetchone()
        if row:
            return int(row[0])
        candidates = [
            int(r[0])
            for r in db.execute(
                "SELECT id FROM players WHERE name_key = ?", (normalise_name(text),)
            )
        ]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            ids = ", ".join(self._shown_id(pid) for pid in candidates)
            raise LedgerError(
                tr(
                    "{text!r} names {count} players ({ids}); give the player's id",
                    text=text,
                    count=len(candidates),
                    ids=ids,
                )
            )
        number = text[1:] if text.startswith("#") else None
        if number is not None and number.isdigit():
            row = db.execute("SELECT id FROM players WHERE id = ?", (int(number),)).fetchone()
            if row:
                return int(row[0])
        raise LedgerError(
            tr(
                (
                    "no player {text!r} in the ledger (give a FIDE id, the player's "
                    "id in his files, his name, or the ledger's number as #N)"
                ),
                text=text,
            )
        )

    def _shown_id(self, player_id: int) -> str:
        """How the player is named to users: his own id and FIDE id, else the ledger's number."""
        row = self._connection.execute(
            "SELECT fide_id, COALESCE(own_id, CASE WHEN key LIKE 'id:%' THEN substr(key, 4) END)"
            " FROM players WHERE id = ?",
            (player_id,),
        ).fetchone()
        named = []
        if row and row[1]:
            named.append(tr("id {id}", id=row[1]))
        if row and row[0]:
            named.append(tr("FIDE id {fide_id}", fide_id=row[0]))
        return ", ".join(named) or f"#{player_id}"

    @_reading(N_("reading the history"))
    def history(self, player: str) -> Table:
        """Every rated event of one player: period, event, rating before, games, score,
        expected score, change, rating after; read from the results stored per event under
        its ledger id (two events of one name in one period keep their own)."""
        player_id = self.find_player(player)
        name = self._connection.execute(
            "SELECT name FROM players WHERE id = ?", (player_id,)
        ).fetchone()[0]
        rows: list[dict[str, object]] = []
        for values in self._connection.execute(
            "SELECT r.period, e.id, e.name, r.rating_before, r.games, r.score, r.expected,"
            " r.change, r.rating_after FROM player_results r JOIN events e ON e.id = r.event_id"
            " WHERE r.player_id = ? ORDER BY r.period, COALESCE(e.start, e.end, ''), e.id",
            (player_id,),
        ):
            period, event_id, event, *numbers = values
            entry: dict[str, object] = {"period": period, "event id": event_id, "event": event}
            entry.update(zip(HISTORY_COLUMNS, (_uncell(v) for v in numbers), strict=True))
            rows.append(entry)
        columns = (N_("period"), N_("event id"), N_("event"), *HISTORY_COLUMNS)
        title = tr("history of {name} ({ids})", name=name, ids=self._shown_id(player_id))
        return Table(title, columns, tuple(rows))

    @_reading(N_("reading the event"))
    def event_outcome(self, event_id: int) -> EventOutcome[Any, Any]:
        """The typed outcome of a rated event (its players, games, notes and detail, as the
        rule set computes them), found by the event's ledger id.  It is recomputed from the
        ledger's stored events and state (the ledger keeps the inputs, not 1,000,000 games'
        worth of outcomes) and checked against the results stored when the period was rated."""
        db = self._connection
        known = db.execute("SELECT period FROM events WHERE id = ?", (event_id,)).fetchone()
        if known is None:
            raise LedgerError(
                tr("no event {event_id} in the ledger ('db events' lists them)", event_id=event_id)
            )
        period = known[0]
        stored = db.execute(
            "SELECT outcome FROM outcomes WHERE event_id = ?", (event_id,)
        ).fetchone()
        if stored is not None:  # rated by a ledger of schema 2, which stored outcomes
            part = outcome_codec.loads(stored[0])
            if not isinstance(part, EventOutcome):
                raise LedgerError(
                    tr("the ledger's stored outcome is a {name}", name=type(part).__name__)
                )
            return part
        if period not in self._rated_periods():
            raise LedgerError(
                tr(
                    "event {event_id} (period {period}) is not rated yet",
                    event_id=event_id,
                    period=period,
                )
            )
        before = self._state_before(period)
        state = PlayerFile(tuple(before.values()), f"ledger state before {period}")
        built = self._build_events(period, state)
        positions = [eid for eid, _ in built]
        if len(built) > 1:
            outcome = _outcome_of(self.rules.rate_events([e for _unused, e in built], state), [])[0]
            part = _event_parts(outcome, [e for _unused, e in built], self.rules.name)[
                positions.index(event_id)
            ]
        else:
            outcome = _outcome_of(self.rules.rate(built[0][1], state), [])[0]
            part = _event_parts(outcome, [built[0][1]], self.rules.name)[0]
        expected = {
            str(pid): _uncell(change)
            for pid, change in db.execute(
                "SELECT player_id, change FROM player_results WHERE event_id = ?", (event_id,)
            )
        }
        got = {p.id: p.change for p in part.players if p.id in expected}
        if any(got[pid] != expected[pid] for pid in got):
            raise LedgerError(
                tr(
                    (
                        "event {event_id}: rating it again with this ratingkit gives "
                        "other changes than the ledger stored when the period was rated; "
                        "re-rate it with --replace"
                    ),
                    event_id=event_id,
                )
            )
        return part

    @_reading(N_("reading the ratings"))
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
        return str(self._connection.execute("PRAGMA integrity_check").fetchone()[0])


#: The columns of a player's history after ``period`` and ``event``: the fields every
#: :class:`~ratingkit.core.outcome.PlayerOutcome` has.
HISTORY_COLUMNS: tuple[str, ...] = (
    N_("rating_before"),
    N_("games"),
    N_("score"),
    N_("expected"),
    N_("change"),
    N_("rating_after"),
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


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id SQLite gave the row just inserted."""
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


#: The scores a game side can have.
_SCORES = frozenset({0.0, 0.5, 1.0})

#: The empty ``extra`` every game without one shares (read only).
EMPTY: Any = MappingProxyType({})


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _first_game_date(event: Event) -> date | None:
    return min((g.date for g in event.games if g.date), default=None)


def _last_game_date(event: Event) -> date | None:
    return max((g.date for g in event.games if g.date), default=None)


def _json_extra(extra: Any) -> str:
    """A player's or game's ``extra`` as the ledger stores it (most are empty)."""
    if not extra:
        return "{}"
    return json.dumps({k: plain(v) for k, v in extra.items()}, ensure_ascii=False)


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
            tr(
                (
                    "the rule set {rules} returned outcomes for the events at "
                    "positions {positions}, not one for each of the {count} "
                    "event(s) rated, in their order; nothing was changed"
                ),
                rules=rules,
                positions=positions,
                count=len(events),
            )
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
            tr(
                (
                    "the rule set's report {title!r} carries no outcome, which the "
                    "ledger stores; nothing was changed"
                ),
                title=report.title,
            )
        )
    return report.outcome, _k_in_force(report.outcome)


def _merge_state(state: PlayerFile, new: PlayerFile | None) -> PlayerFile:
    """The state after one more event: the event's new records replace the old ones."""
    if new is None:
        return state
    updated = {r.id: r for r in state}
    updated.update({r.id: r for r in new})
    return PlayerFile(tuple(updated.values()), state.source)


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


def _cell(value: object) -> object:
    """A number as the ledger stores it: ints and floats as they are, an exact fraction as
    the text ``p/q`` (SQLite keeps each cell's own type in an untyped column)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    if value is None or isinstance(value, int | float | str):
        return value
    return str(value)


_FRACTION = re.compile(r"^-?\d+/\d+$")


def _uncell(value: object) -> object:
    if isinstance(value, str) and _FRACTION.match(value):
        return Fraction(value)
    return value


def _game_cells(game: Game, ids: dict[str, int]) -> tuple[object, ...]:
    """A game's columns in the ledger (after the event id, before ``extra``)."""
    return (
        game.round,
        ids[game.white],
        ids[game.black],
        game.white_score,
        game.black_score,
        game.play.value,
        game.special.value if game.special else None,
        game.handicap.kind if game.handicap else None,
        ids[game.handicap.giver] if game.handicap else None,
        game.date.isoformat() if game.date else None,
    )


def _games_digest(
    kind: str,
    start: str | None,
    end: str | None,
    players: Iterable[int],
    games: Iterable[Sequence[object]],
    byes: Iterable[Sequence[object]],
) -> str:
    """A hash of what an event is in the ledger: its type, dates, players (ledger ids),
    games and byes, whatever path, encoding or column order the file had.  One event
    imported twice has one digest."""
    # A game's cells (round, white, black, scores, play, special, handicap, giver, date):
    # the scores in half points, every cell as text, one line a game, the lines sorted.
    lines = sorted(
        "\t".join(
            (
                str(g[0]),
                str(g[1]),
                str(g[2]),
                str(round(2 * float(g[3]))),  # type: ignore[arg-type]
                str(round(2 * float(g[4]))),  # type: ignore[arg-type]
                *("" if v is None else str(v) for v in g[5:]),
            )
        )
        for g in games
    )
    head = [kind, start or "", end or "", ",".join(map(str, sorted(players)))]
    tail = sorted("\t".join("" if v is None else str(v) for v in b) for b in byes)
    text = "\n".join([*head, *lines, "byes", *tail])
    return hashlib.sha256(text.encode()).hexdigest()


def _file_digest(path: Path, event: Event) -> str:
    """A hash of the bytes of every file the event was read from (a CSV pair's games,
    players and event files), by their names in the folder, so that one folder given as
    ``ev``, ``$PWD/ev`` or ``ev/games.csv`` has one digest."""
    names = [Path(f) for f in event.origin.files]
    if not names and path.is_file():
        names = [path]
    if not names:
        return "event:" + event.digest
    digest = hashlib.sha256()
    for file in sorted(names, key=lambda f: f.name):
        digest.update(file.name.encode() + b"\0")
        digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def listed_by(rules: RuleSet, record: PlayerRecord) -> bool:
    """Whether the list shows a player: the rule set says (:meth:`RuleSet.listed`: FESA rule 3
    keeps unrated players' performance ratings off it; by default he is listed once the rule
    set has given him a rating, FIDE 2014 7.14, 2024 7.1.4, 1982 9.14)."""
    return bool(rules.listed(record))


def _read_with(event: Event, source: str | None) -> bool:
    """True when the file ``source`` is one the event was read from (its players file, or the
    roster of a games file with none beside it): its ratings are the event's own."""
    if source is None:
        return False
    return Path(source).resolve() in {Path(name).resolve() for name in event.origin.files}


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
