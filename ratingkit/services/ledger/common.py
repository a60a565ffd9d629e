"""The ground the ledger's parts share: the open SQLite file with its write transaction
and settings (:class:`LedgerCore`), periods, a player's stored state, the typed cells of a
stored result, and the games' digest (which the import and the schema 3 migration both make)."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ...core.errors import InputError, Location
from ...core.extras import state_column
from ...core.i18n import N_, tr
from ...core.output import plain
from ...core.players import (
    MatchKey,
    PersonKind,
    PlayerRecord,
    normalise_name,
    stored_person_key,
)
from ...core.report import COMMON_COLUMNS
from ...core.ruleset import ListGames, RuleSet
from ..ledgerfile import (
    LedgerError,
    sqlite_errors,
)

_PERIOD = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")


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


#: The K a player's rating was computed with (:class:`~ratingkit.core.outcome.KInForce`):
#: listed, as the codec column ``k``, by every rule set whose outcome says it (FIDE 2014 8.56,
#: FIDE 1982 10.64; an outside rule set's detail may say it too).
K_IN_FORCE: tuple[str, str] = (N_("K"), "k")


def state_list_columns(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """The columns of a rule set's state its published list shows, as (heading, codec
    column): the K in force, then what its state codec declares (``list_columns``: FESA's
    and LNMO's grade); a codec that declares none (an outside rule set's), or no codec,
    shows the K alone."""
    codec = getattr(rules, "state", None)  # a rule set with no state codec (tests' toys)
    declared: tuple[tuple[str, str], ...] = tuple(getattr(codec, "list_columns", ()))
    if any(column == K_IN_FORCE[1] for _heading, column in declared):
        return declared
    return (K_IN_FORCE, *declared)


def state_list_games(rules: RuleSet) -> ListGames:
    """What the games column of a rule set's published list counts, as its state codec
    declares (``list_games``: FIDE's lists the rated games of the list's period, as FIDE's
    published lists have them and FIDE 1982 9.12 says; FESA's the career count its state
    keeps, rule 3); a codec that declares none (an outside rule set's), or no codec, the
    count its state keeps."""
    codec = getattr(rules, "state", None)  # a rule set with no state codec (tests' toys)
    return ListGames(getattr(codec, "list_games", ListGames.STATE))


#: Each player's rated games of one period (the ``?``), summed over his results there: the
#: games column of FIDE's lists (FIDE 1982 9.12, "games in the period"; FIDE's
#: published lists and their TXT ``Gms``).  Joined on ``player_id``.
PERIOD_GAMES_SQL = (
    "SELECT player_id, SUM(games) AS games FROM player_results WHERE period = ? GROUP BY player_id"
)


def published_state(
    columns: Sequence[tuple[str, str]], record: PlayerRecord, k_in_force: int | None
) -> str | None:
    """The ``published.state`` text of one player (schema 5): each listed codec column's
    value on his record (a field of it, else its ``extra``), the K being the one his rating
    was computed with where the outcome says it; None where every value is empty."""
    values: dict[str, object] = {}
    for _heading, column in columns:
        if column == K_IN_FORCE[1] and k_in_force is not None:
            value: object = k_in_force
        elif column in _RECORD_FIELDS:
            value = getattr(record, column)
        else:
            value = state_column(record, column)
        if value is not None:
            values[column] = value if isinstance(value, _SIMPLE) else plain(value)
    return json.dumps(values, ensure_ascii=False, sort_keys=True) if values else None


def result_detail(k_in_force: int | None) -> str | None:
    """The ``player_results.detail`` text of one result (schema 5): the K his rating was
    computed with, where the outcome says it."""
    if k_in_force is None:
        return None
    return json.dumps({K_IN_FORCE[1]: k_in_force})


def stored_columns(text: str | None) -> Mapping[str, object]:
    """A stored ``state`` or ``detail`` text as a read-only mapping of codec columns."""
    return MappingProxyType(json.loads(text)) if text else _NO_COLUMNS


_NO_COLUMNS: Mapping[str, object] = MappingProxyType({})


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _reading(doing: str) -> Callable[[_Method], _Method]:
    """A reading method's SQLite errors (a damaged stored text, a lock) as one-line ledger
    errors naming the file, as the writing methods' (:func:`sqlite_errors`)."""

    def wrap(method: _Method) -> _Method:
        @functools.wraps(method)
        def guarded(self: LedgerCore, *args: Any, **kwargs: Any) -> Any:
            with sqlite_errors(self.path, doing):
                return method(self, *args, **kwargs)

        return guarded  # type: ignore[return-value]

    return wrap


#: The columns of a player's history after ``period`` and ``event``: the fields every
#: :class:`~ratingkit.core.outcome.PlayerOutcome` has.
HISTORY_COLUMNS: tuple[str, ...] = COMMON_COLUMNS[2:]  # (all but id and name)


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


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id SQLite gave the row just inserted."""
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _games_digest(
    kind: str,
    start: str | None,
    end: str | None,
    players: Iterable[int],
    games: Iterable[Sequence[object]],
    byes: Iterable[Sequence[object]],
    *,
    plain: bool = False,
) -> str:
    """A hash of what an event is in the ledger: its type, dates, players (ledger ids),
    games and byes, whatever path, encoding or column order the file had.  One event
    imported twice has one digest.  ``plain``: each game is given as its seven plain cells
    (round, white, black, scores, play, date), its special, handicap and giver empty."""

    # A game's cells (round, white, black, scores, play, special, handicap, giver, date):
    # the scores in half points, every cell as text, one line a game, the lines sorted.
    # A game's cells after the two players (scores, play, special, handicap, giver, date) are
    # written once per distinct value (a million games have a few); the text is the same as
    # before, so that older ledgers' digests still compare.
    def tail_of(rest: Sequence[object]) -> str:
        if plain:  # the empty special, handicap and giver between the play and the date
            rest = (*rest[:3], None, None, None, *rest[3:])
        white, black = (str(round(2 * float(score))) for score in rest[:2])  # type: ignore[arg-type]
        return f"\t{white}\t{black}" + "".join(
            "\t" + ("" if v is None else str(v)) for v in rest[2:]
        )

    rows = list(games)
    lines: list[str] = []
    if rows:
        # A column at a time (a FIDE month is a million games): round, white, black as
        # str.format writes them (as an f-string does), then the cells after them.
        rounds, whites, blacks, *after = zip(*rows, strict=True)
        rests = list(zip(*after, strict=True))
        tails = {rest: tail_of(rest) for rest in set(rests)}
        lines = sorted(
            map("{}\t{}\t{}{}".format, rounds, whites, blacks, map(tails.__getitem__, rests))
        )
    head = [kind, start or "", end or "", ",".join(map(str, sorted(players)))]
    tail = sorted("\t".join("" if v is None else str(v) for v in b) for b in byes)
    text = "\n".join([*head, *lines, "byes", *tail])
    return hashlib.sha256(text.encode()).hexdigest()


class LedgerCore:
    """The open ledger file each part works on: its path, connection and rule set, one
    all-or-nothing write transaction, its settings and its rated periods."""

    path: Path
    rules: RuleSet
    _connection: sqlite3.Connection
    #: The periods the last re-rating rated (``remove_event`` names them).
    _last_rerated: tuple[str, ...]

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

    def _rated_periods(self) -> list[str]:
        rows = self._connection.execute("SELECT period FROM periods ORDER BY period")
        return [r[0] for r in rows]

    def _rated_from(self, period: str) -> str | None:
        """The first rated period at or after ``period`` (an event there would be left out)."""
        row = self._connection.execute(
            "SELECT MIN(period) FROM periods WHERE period >= ?", (period,)
        ).fetchone()
        return row[0] if row else None

    def _known_periods(self) -> list[str]:
        """Every period with events or rated, in order."""
        rows = self._connection.execute(
            "SELECT period FROM events UNION SELECT period FROM periods ORDER BY 1"
        )
        return [str(r[0]) for r in rows]

    def _players_by(self, key: MatchKey, text: str) -> list[int]:
        """The ledger's players one key finds for ``text``, for the one matcher
        (:func:`~ratingkit.core.players.match_by_keys`): a FIDE id is his stored key
        (``fide:…``, :func:`~ratingkit.core.players.person_key`); an id is his stored own
        key (``id:…``), else the text as a stored key itself, else the own id of a player
        keyed by his FIDE id; a name is his name key (:func:`normalise_name`)."""
        db = self._connection
        if key is MatchKey.NAME:
            query = "SELECT id FROM players WHERE name_key = ? ORDER BY id"
            return [int(r[0]) for r in db.execute(query, (normalise_name(text),))]
        if key is MatchKey.FIDE_ID:
            texts = [stored_person_key(PersonKind.FIDE_ID, text)]
        else:
            texts = [stored_person_key(PersonKind.OWN_ID, text), text]
        for value in texts:
            row = db.execute("SELECT id FROM players WHERE key = ?", (value,)).fetchone()
            if row:
                return [int(row[0])]
        if key is MatchKey.ID:
            row = db.execute("SELECT id FROM players WHERE own_id = ?", (text,)).fetchone()
            if row:
                return [int(row[0])]
        return []
