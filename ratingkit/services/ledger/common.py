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
from json.encoder import encode_basestring as _json_string
from operator import attrgetter, itemgetter
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from ...core.errors import InputError, Location, names_a_place
from ...core.extras import state_column
from ...core.game_columns import PlainArrays
from ...core.i18n import N_, tr, trn
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

if TYPE_CHECKING:
    import numpy as np

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


class FilesImportErrors(LedgerError):
    """An import of several files as one operation (``Ledger.import_files``) found errors in
    some of them; nothing of any file was applied.  ``failed`` lists each bad file with its
    errors, ``errors`` all of them, each naming its file."""

    def __init__(self, count: int, failed: Sequence[tuple[str, Sequence[str]]]):
        self.failed = tuple((source, tuple(errors)) for source, errors in failed)
        self.errors = tuple(
            error if names_a_place(error, [source]) else f"{source}: {error}"
            for source, errors in self.failed
            for error in errors
        )
        super().__init__(
            trn(
                "import of {count} file applied nothing",
                "import of {count} files applied nothing",
                count=count,
            )
            + ", "
            + trn(
                "errors in {count} file: {errors}",
                "errors in {count} files: {errors}",
                count=len(self.failed),
                errors="; ".join(self.errors),
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


def _record_to_json_general(record: PlayerRecord) -> str:
    """:func:`_record_to_json` of any record: its values made plain (a Fraction a float, an
    enum its value, a tuple a list) and written by ``json.dumps``."""
    data: dict[str, object] = {}
    for name in _RECORD_FIELDS:
        value = getattr(record, name)
        data[name] = value if isinstance(value, _SIMPLE) else plain(value)
    extra = record.extra
    data["extra"] = (
        {k: v if isinstance(v, _SIMPLE) else plain(v) for k, v in extra.items()} if extra else {}
    )
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


#: The stored fields but ``born`` and ``extra``, in the sorted order of their keys.
_SCALAR_FIELDS = (
    "ever_2300",
    "ever_2400",
    "games",
    "grade",
    "id",
    "k",
    "name",
    "prior_grade",
    "rating",
)
assert sorted((*_SCALAR_FIELDS, "born", "extra")) == sorted(_RECORD_FIELDS)
_scalar_values = attrgetter(*_SCALAR_FIELDS)

#: JSON's own text of a value of exactly str, int, bool or None, by its type, as
#: ``json.dumps`` with ``ensure_ascii=False`` writes it (its string encoder, ``int.__repr__``,
#: its constants); any other type (a subclass too) is not here: the general path writes it.
_SCALAR_WRITERS: dict[type, Callable[[Any], str]] = {
    str: _json_string,
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): {None: "null"}.__getitem__,
}


def _plain_record_json(record: PlayerRecord) -> str | None:
    """The text ``json.dumps(..., ensure_ascii=False, sort_keys=True)`` writes of a record
    whose values are plain (str, int, bool, None; ``born`` a date; ``extra`` str keys and such
    values), built by hand in the sorted order of its keys; None for any other record (the
    general path writes it).  A record written here reads back equal
    (:func:`_record_json_read_back`)."""
    born = record.born
    if born is None:
        born_text = "null"
    elif type(born) is date:
        born_text = f'"{born.isoformat()}"'  # digits and dashes: nothing to escape
    else:
        return None
    writers = _SCALAR_WRITERS
    try:
        extra = record.extra
        if extra:
            if not all(type(key) is str for key in extra):
                return None
            pairs = [
                f"{_json_string(key)}: {writers[type(value)](value)}"
                for key, value in sorted(extra.items())
            ]
            extra_text = "{" + ", ".join(pairs) + "}"
        else:
            extra_text = "{}"
        ever_2300, ever_2400, games, grade, id_, k, name, prior_grade, rating = _scalar_values(
            record
        )
        # Each value written in place (no list of them: a FIDE month writes 100,000 records).
        return (
            f'{{"born": {born_text}, "ever_2300": {writers[type(ever_2300)](ever_2300)}, '
            f'"ever_2400": {writers[type(ever_2400)](ever_2400)}, "extra": {extra_text}, '
            f'"games": {writers[type(games)](games)}, "grade": {writers[type(grade)](grade)}, '
            f'"id": {writers[type(id_)](id_)}, "k": {writers[type(k)](k)}, '
            f'"name": {writers[type(name)](name)}, '
            f'"prior_grade": {writers[type(prior_grade)](prior_grade)}, '
            f'"rating": {writers[type(rating)](rating)}}}'
        )
    except KeyError:  # a value of another type
        return None


def _record_json_read_back(record: PlayerRecord, player_id: int) -> tuple[str, bool]:
    """:func:`_record_to_json` of ``record``, and whether ``_record_from_json(text,
    player_id)`` gives back a record equal to it with the same values (so a reader may keep
    ``record`` for that text instead of decoding it): its values plain (written by hand, read
    back as they were: a str, an int, a bool, None, ``born`` a date), its id the ledger's
    (``str(player_id)``) and no location (a decoded record has none)."""
    text = _plain_record_json(record)
    if text is None:
        return _record_to_json_general(record), False
    return text, record.id == str(player_id) and record.location is None


def _record_to_json(record: PlayerRecord) -> str:
    """A player's state as the ledger stores it: ``json.dumps`` of its fields made plain,
    keys sorted, ``ensure_ascii=False``; a record of plain values written by hand (the same
    text, faster: a FIDE month writes 100,000 of them)."""
    text = _plain_record_json(record)
    return text if text is not None else _record_to_json_general(record)


def _record_from_json_general(text: str, player_id: int) -> PlayerRecord:
    """:func:`_record_from_json` of any stored text (keys missing or unsorted: an older
    version's), through the record's own constructor."""
    data = json.loads(text)
    if data.get("born"):
        data["born"] = date.fromisoformat(data["born"])
    data["id"] = str(player_id)
    return PlayerRecord(**data)


#: The keys a text :func:`_record_to_json` wrote holds, every one.
_STORED_KEYS = frozenset(_RECORD_FIELDS)
#: A record's attributes in the order its constructor sets them (``location`` last).
_ATTRIBUTE_ORDER = tuple(f.name for f in fields(PlayerRecord))
_attribute_values = itemgetter(*_ATTRIBUTE_ORDER)
#: JSON's own scanner of one value (``json.loads`` without its checks of leading blanks).
_scan_json: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set by its __init__, not in typeshed


def _record_from_json(text: str, player_id: int) -> PlayerRecord:
    """The player's state a stored text holds, his ``id`` the ledger's.  A text of one JSON
    object with every stored key and an ``extra`` object (what :func:`_record_to_json`
    writes) is made without the frozen constructor's ``object.__setattr__`` calls: the
    record's attributes set at once, in its fields' order, as the constructor leaves them
    (``extra`` wrapped read-only, ``location`` None); any other text (an older version's, or
    not JSON: its error as ``json.loads`` says it) goes through the constructor."""
    try:
        data, end = _scan_json(text, 0)
    except (StopIteration, ValueError):
        return _record_from_json_general(text, player_id)
    if (
        end != len(text)
        or type(data) is not dict
        or data.keys() != _STORED_KEYS
        or type(data["extra"]) is not dict
    ):
        return _record_from_json_general(text, player_id)
    if data["born"]:
        data["born"] = date.fromisoformat(data["born"])
    data["id"] = str(player_id)
    # The decoded dict is this call's own: wrapped as __post_init__ wraps its copy.
    data["extra"] = MappingProxyType(data["extra"])
    data["location"] = None
    record = object.__new__(PlayerRecord)
    vars(record).update(zip(_ATTRIBUTE_ORDER, _attribute_values(data), strict=True))
    return record


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
    games: Iterable[Sequence[object]] | PlainArrays,
    byes: Iterable[Sequence[object]],
    *,
    plain: bool = False,
) -> str:
    """A hash of what an event is in the ledger: its type, dates, players (ledger ids),
    games and byes, whatever path, encoding or column order the file had.  One event
    imported twice has one digest.  ``plain``: each game is given as its seven plain cells
    (round, white, black, scores, play, date), its special, handicap and giver empty; or
    the games are given as numpy columns (:class:`~ratingkit.core.game_columns.PlainArrays`,
    plain), hashed as the same text."""

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

    head = [kind, start or "", end or "", ",".join(map(str, sorted(players)))]
    tail = sorted("\t".join("" if v is None else str(v) for v in b) for b in byes)
    if isinstance(games, PlainArrays):
        encoded = "\n".join(head).encode() + b"\n" + _plain_lines(games)
        return hashlib.sha256(encoded + "\n".join(["byes", *tail]).encode()).hexdigest()
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
    text = "\n".join([*head, *lines, "byes", *tail])
    return hashlib.sha256(text.encode()).hexdigest()


#: Games whose four ranks' product of counts is below this are sorted by one int64 key.
_ONE_SORT_KEY_BELOW = 2**62


def _plain_lines(games: PlainArrays) -> bytes:
    """The sorted lines of :func:`_games_digest` for plain games given as columns, each
    ending in a newline, as UTF-8: the same bytes, made without a string a game.

    A line is ``round, white, black, tail`` joined by tabs (the tail, the cells after the
    players, starts with a tab).  No cell holds a tab or a character before it, so the lines
    sort as the tuples of their cells' texts do: each column's distinct values are written
    and sorted once, the games sorted by their ranks (np.lexsort), and the lines laid out in
    a byte matrix, each cell in its column's width padded with zero bytes, which are then
    dropped (no text holds one)."""
    import numpy as np

    count = len(games)
    if not count:
        return b""
    # The cells after the players as one code (a few distinct values): each tail written once.
    days, plays = len(games.day_texts), len(games.play_names)
    tail_codes = (
        (np.asarray(games.white_halves, np.int64) * 3 + games.black_halves) * plays + games.plays
    ) * days + games.days
    present = np.flatnonzero(np.bincount(tail_codes, minlength=9 * plays * days))
    tails = []
    for code in present.tolist():
        code, day = divmod(code, days)
        white, black = divmod(code // plays, 3)
        tail_cells = (
            white,
            black,
            games.play_names[code % plays],
            "",
            "",
            "",
            games.day_texts[day],
        )
        tails.append("".join("\t" + ("" if cell is None else str(cell)) for cell in tail_cells))
    tail_order = sorted(range(len(tails)), key=tails.__getitem__)
    tail_ranks = np.zeros(9 * plays * days, np.int64)
    tail_ranks[present[tail_order]] = np.arange(len(tails))
    tail_table = np.array([tails[place].encode() for place in tail_order], dtype=bytes)
    round_ranks, round_table = _ranked_numbers(games.rounds)
    player_ranks, player_table = _ranked_numbers(np.concatenate([games.whites, games.blacks]))
    cells = [
        (round_ranks, round_table),
        (player_ranks[:count], player_table),
        (player_ranks[count:], player_table),
        (tail_ranks[tail_codes], tail_table),
    ]
    # The games in the order of their cells' ranks: the four ranks as one number where it
    # fits (argsort of one key, stable as lexsort is, which is about five times slower).
    sizes = [len(table) for _ranks, table in cells]
    if sizes[0] * sizes[1] * sizes[2] * sizes[3] < _ONE_SORT_KEY_BELOW:
        key = cells[0][0]
        for (ranks, _table), size in zip(cells[1:], sizes[1:], strict=True):
            key = key * size + ranks
        order = np.argsort(key, kind="stable")
    else:
        order = np.lexsort([ranks for ranks, _table in reversed(cells)])
    widths = [table.itemsize for _ranks, table in cells]
    # round TAB white TAB black tail NEWLINE (the tail brings its own tab)
    matrix = np.zeros((count, sum(widths) + 3), np.uint8)
    place = 0
    for number, (ranks, table) in enumerate(cells):
        width = widths[number]
        matrix[:, place : place + width] = table[ranks[order]].view(np.uint8).reshape(count, width)
        place += width
        if number < 2:
            matrix[:, place] = ord("\t")
            place += 1
    matrix[:, place] = ord("\n")
    laid_out: bytes = matrix[matrix != 0].tobytes()
    return laid_out


def _ranked_numbers(numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each whole number's rank among the column's distinct ones as their decimal texts sort
    (``"10"`` before ``"9"``), and those texts, sorted, as fixed-width ASCII bytes."""
    import numpy as np

    distinct, places = np.unique(numbers, return_inverse=True)
    # str(n) as bytes (digits and a minus sign), as wide as the longest of the two ends
    # (astype("S") alone makes them as wide as any int64)
    width = max(len(str(distinct[0])), len(str(distinct[-1])))
    texts = distinct.astype(f"S{width}")
    by_text = np.argsort(texts, kind="stable")
    rank_of = np.empty(len(texts), np.int64)
    rank_of[by_text] = np.arange(len(texts))
    return rank_of[places.reshape(-1)], texts[by_text]


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
