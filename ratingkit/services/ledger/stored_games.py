"""An event's plain games stored as one row of packed columns (schema 6, issue 28 part 3).

An event whose games are all plain (no shogi special result, no handicap, no extra cell: the
import's ``plain_games`` case, every FIDE event) keeps its games as ONE row of the table
``packed_games``, not one row of ``games`` a game (a FIDE month is a million games: a million
rows to insert, check and index, and to read back).  An event with any other game, and every
event of a ledger written before schema 6, keeps its ``games`` rows; every reader reads both
forms, through this module, the one that knows the layout.

The row of an event (:data:`PACKED_TABLE`), its games in the file's order:

========================  =================================================================
``event_id``              the event
``games``                 how many games: each column below holds that many values
``rounds``                each game's round, ``<i8`` (little-endian 64-bit integers)
``whites``, ``blacks``    white's and black's ledger ids (``players.id``), ``<i8``
``white_halves``,         each side's score in half points (0, 1 or 2), ``i1``
``black_halves``
``plays``                 how each game ended, ``i1``: a place in ``play_names``
``play_names``            the distinct ``Play`` values the event has, a JSON list: the
                          codes name the stored words, so that a new ``Play`` member cannot
                          change what a stored code means
``days``                  each game's date, ``<i4``: a place in ``day_texts``
``day_texts``             the distinct dates the event has as ISO texts (``null``: no date),
                          a JSON list
========================  =================================================================

The dtypes are fixed and little-endian, so that a ledger file moves between machines.  A
damaged row (a column of the wrong length, a code or a date no import writes, a player not
in the event, a score no game side has) is a :class:`LedgerFileError` naming the ledger and
the event, never a traceback or a guess.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...core.fastbuild import maker
from ...core.i18n import N_, _, tr
from ...core.model import Game, Play
from ..ledgerfile import LedgerFileError

if TYPE_CHECKING:
    import sqlite3

    import numpy as np

    from ...core.game_columns import PlainArrays

#: The table of schema 6 (services/ledger/schema.py, MIGRATIONS).
PACKED_TABLE = """
    CREATE TABLE packed_games (
        event_id INTEGER PRIMARY KEY REFERENCES events(id),
        games INTEGER NOT NULL,
        rounds BLOB NOT NULL,
        whites BLOB NOT NULL,
        blacks BLOB NOT NULL,
        white_halves BLOB NOT NULL,
        black_halves BLOB NOT NULL,
        plays BLOB NOT NULL,
        play_names TEXT NOT NULL,
        days BLOB NOT NULL,
        day_texts TEXT NOT NULL
    )
    """

#: The dtype of each packed column, in the table's order.
_ROUND, _ID, _HALF, _PLAY, _DAY = "<i8", "<i8", "i1", "i1", "<i4"
_COLUMN_DTYPES = (_ROUND, _ID, _ID, _HALF, _HALF, _PLAY, _DAY)

#: The empty ``extra`` every game without one shares (read only).
EMPTY_EXTRA: Any = MappingProxyType({})

#: A game side's score from its half points.
_SCORE_OF_HALVES = (0.0, 0.5, 1.0)

#: How a game ended, as a stored ``play`` word, to its index in :class:`Play` (the engine's
#: code, :class:`ratingkit.services.ledger.rating.RatesRows`).
PLAY_CODES: dict[object, int] = {play.value: code for code, play in enumerate(Play)}

_SELECT = (
    "SELECT p.event_id, p.games, p.rounds, p.whites, p.blacks, p.white_halves,"
    " p.black_halves, p.plays, p.play_names, p.days, p.day_texts FROM packed_games p"
)


def pack(cells: Sequence[Sequence[Any]]) -> tuple[object, ...]:
    """Plain games' cells as the import makes them (round, white's and black's ledger ids,
    their scores, the play's value, the ISO date or None), in the file's order, as the
    values of a ``packed_games`` row after its ``event_id``."""
    import numpy as np

    count = len(cells)

    def column(place: int, dtype: Any, coded: Mapping[Any, int] | None = None) -> Any:
        # A column at a time, no tuple per game (a FIDE month is a million games).
        values = map(itemgetter(place), cells)
        if coded is not None:
            values = map(coded.__getitem__, values)
        return np.fromiter(values, dtype, count)

    play_names = sorted(set(map(itemgetter(5), cells)))
    day_texts = sorted(set(map(itemgetter(6), cells)), key=lambda day: (day is not None, day or ""))
    return (
        count,
        column(0, _ROUND).tobytes(),
        column(1, _ID).tobytes(),
        column(2, _ID).tobytes(),
        # a score is 0, 0.5 or 1 (core.model.Game): its double is a whole number of halves
        (2 * column(3, np.float64)).astype(_HALF).tobytes(),
        (2 * column(4, np.float64)).astype(_HALF).tobytes(),
        column(5, _PLAY, {name: code for code, name in enumerate(play_names)}).tobytes(),
        json.dumps(play_names),
        column(6, _DAY, {text: place for place, text in enumerate(day_texts)}).tobytes(),
        json.dumps(day_texts),
    )


def pack_arrays(arrays: PlainArrays) -> tuple[object, ...]:
    """:func:`pack` of plain games given as numpy columns (a plain games file's, read a
    column at a time: core/game_columns.py): the same values, no tuple a game."""
    return (
        len(arrays),
        arrays.rounds.astype(_ROUND).tobytes(),
        arrays.whites.astype(_ID).tobytes(),
        arrays.blacks.astype(_ID).tobytes(),
        arrays.white_halves.astype(_HALF).tobytes(),
        arrays.black_halves.astype(_HALF).tobytes(),
        arrays.plays.astype(_PLAY).tobytes(),
        json.dumps(list(arrays.play_names)),
        arrays.days.astype(_DAY).tobytes(),
        json.dumps(list(arrays.day_texts)),
    )


def store(
    connection: sqlite3.Connection,
    event_id: int,
    games: Sequence[Sequence[Any]] | PlainArrays,
) -> None:
    """Store an event's plain games (their cells, :func:`pack`, or their columns,
    :func:`pack_arrays`) as its one row."""
    row = pack(games) if isinstance(games, Sequence) else pack_arrays(games)
    connection.execute(
        "INSERT INTO packed_games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (event_id, *row)
    )


def remove(connection: sqlite3.Connection, event_id: int) -> None:
    """Take an event's packed games out with the event."""
    connection.execute("DELETE FROM packed_games WHERE event_id = ?", (event_id,))


#: The games count of an event in SQL, both forms (``e`` is the event's row).  A packed
#: event's is the number of rounds its row holds (8 bytes each, ``<i8``), not its ``games``
#: cell: counted from what is stored, as the rows' count is, so that a damaged cell is not
#: shown as a count (the rating refuses the row that does not agree with it).
GAMES_COUNT_SQL = (
    "((SELECT COUNT(*) FROM games g WHERE g.event_id = e.id)"
    " + COALESCE((SELECT length(p.rounds) / 8 FROM packed_games p WHERE p.event_id = e.id), 0))"
)


@dataclass(frozen=True, eq=False)  # numpy arrays: compared by what they give, not by ==
class PackedGames:
    """An event's packed games read back: the columns as numpy arrays (native int64) and
    the words the codes name, checked against the layout."""

    event_id: int
    rounds: np.ndarray
    whites: np.ndarray
    blacks: np.ndarray
    white_halves: np.ndarray
    black_halves: np.ndarray
    plays: np.ndarray
    play_names: tuple[Play, ...]
    days: np.ndarray
    day_texts: tuple[str | None, ...]

    def __len__(self) -> int:
        return len(self.rounds)

    def day_values(self) -> list[date | None]:
        """Each game's day."""
        distinct = [date.fromisoformat(text) if text else None for text in self.day_texts]
        return [distinct[place] for place in self.days.tolist()]

    def cells(self) -> list[tuple[object, ...]]:
        """Each game's plain cells as the ``games`` rows hold them (round, white, black,
        their scores, the play's value, the ISO date or None), in the file's order."""
        names = [play.value for play in self.play_names]
        return list(
            zip(
                self.rounds.tolist(),
                self.whites.tolist(),
                self.blacks.tolist(),
                [_SCORE_OF_HALVES[h] for h in self.white_halves.tolist()],
                [_SCORE_OF_HALVES[h] for h in self.black_halves.tolist()],
                [names[code] for code in self.plays.tolist()],
                [self.day_texts[place] for place in self.days.tolist()],
                strict=True,
            )
        )

    def games(self) -> list[Game]:
        """The games as :meth:`LedgerRating._build_games` builds them from ``games`` rows:
        the same field values in the class's order, without the model's checks (they were
        checked when imported)."""
        make_game = maker(Game)
        days = self.day_values()
        plays = self.play_names
        return [
            make_game(
                round=round_,
                white=white,
                black=black,
                white_score=_SCORE_OF_HALVES[white_half],
                black_score=_SCORE_OF_HALVES[black_half],
                play=plays[play],
                special=None,
                handicap=None,
                date=day,
                extra=EMPTY_EXTRA,
                location=None,
            )
            for round_, white, black, white_half, black_half, play, day in zip(
                self.rounds.tolist(),
                map(str, self.whites.tolist()),
                map(str, self.blacks.tolist()),
                self.white_halves.tolist(),
                self.black_halves.tolist(),
                self.plays.tolist(),
                days,
                strict=True,
            )
        ]

    def engine_columns(
        self, player_ids: Sequence[int], path: Path, days: dict[object, int | None]
    ) -> tuple[Any, ...]:
        """The games as the columns of :class:`~ratingkit.services.ledger.rating.RatesRows`:
        rounds, white's and black's places in ``player_ids`` (the event's player list),
        their half points, how each game ended as an index of :class:`Play`, its day's
        ordinal or None (``days``: each date text's ordinal, shared by the period)."""
        import numpy as np

        ids = np.asarray(player_ids, dtype=np.int64)
        order = np.argsort(ids, kind="stable")
        by_id = ids[order]
        places = []
        for column in (self.whites, self.blacks):
            if not len(by_id):
                if len(column):
                    _damaged(path, self.event_id, _NOT_IN_EVENT)
                places.append(column)
                continue
            found = np.minimum(np.searchsorted(by_id, column), len(by_id) - 1)
            if bool(np.any(by_id[found] != column)):
                _damaged(path, self.event_id, _NOT_IN_EVENT)
            places.append(order[found])
        codes = np.array([PLAY_CODES[play.value] for play in self.play_names], np.int8)
        for text in self.day_texts:
            if text not in days:
                day = date.fromisoformat(text) if text else None
                days[text] = day.toordinal() if day is not None else None
        ordinals = [days[text] for text in self.day_texts]
        return (
            self.rounds,
            places[0],
            places[1],
            self.white_halves,
            self.black_halves,
            codes[self.plays] if len(codes) else self.plays.astype(np.int8),
            [ordinals[place] for place in self.days.tolist()],
        )


_NOT_IN_EVENT = N_("a game's player is not in the event's player list")
_WRONG_LENGTH = N_("a column does not hold one value a game")
_UNKNOWN_PLAY = N_("a game ended in a way no import stores")
_UNKNOWN_DAY = N_("a game's date is not one the import stores")
_BOTH_FORMS = N_("the event holds both packed games and games rows")


def _damaged(path: Path, event_id: int, problem: str) -> None:
    raise LedgerFileError(
        tr(
            (
                "{path}: the stored games of event {event_id} are damaged ({problem}); "
                "restore the ledger from a backup"
            ),
            path=path,
            event_id=event_id,
            problem=_(problem),  # marked with N_ where it is named
        )
    )


def _bad_scores(path: Path, event_id: int, round_: int, white: float, black: float) -> None:
    # The message of a damaged ``games`` row (LedgerRating._build_games).
    raise LedgerFileError(
        tr(
            (
                "{path}: a stored game of event {event_id}, round {round} has the "
                "scores {white_score}-{black_score}; the ledger may be damaged: "
                "restore it from a backup"
            ),
            path=path,
            event_id=event_id,
            round=round_,
            white_score=white,
            black_score=black,
        )
    )


def _json_list(text: object) -> list[Any] | None:
    try:
        loaded = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return loaded if isinstance(loaded, list) else None


def unpack(path: Path, row: Sequence[Any]) -> PackedGames:
    """A ``packed_games`` row (as :func:`read_period` selects it) read back and checked."""
    import numpy as np

    event_id, count, *blobs, play_text, days_blob, day_text = row
    columns = []
    for blob, dtype in zip((*blobs, days_blob), _COLUMN_DTYPES, strict=True):
        size = np.dtype(dtype).itemsize
        if not isinstance(blob, bytes) or not isinstance(count, int) or len(blob) != count * size:
            _damaged(path, event_id, _WRONG_LENGTH)
        columns.append(np.frombuffer(blob, dtype=dtype).astype(np.int64))
    rounds, whites, blacks, white_halves, black_halves, plays, days = columns
    play_words = _json_list(play_text)
    known = {play.value: play for play in Play}
    if play_words is None or any(not isinstance(w, str) or w not in known for w in play_words):
        _damaged(path, event_id, _UNKNOWN_PLAY)
    play_names = tuple(known[word] for word in play_words or ())
    if len(plays) and (int(plays.min()) < 0 or int(plays.max()) >= len(play_names)):
        _damaged(path, event_id, _UNKNOWN_PLAY)
    day_texts = _json_list(day_text)
    if day_texts is None or not all(_is_day(text) for text in day_texts):
        _damaged(path, event_id, _UNKNOWN_DAY)
    if len(days) and (int(days.min()) < 0 or int(days.max()) >= len(day_texts or ())):
        _damaged(path, event_id, _UNKNOWN_DAY)
    for sides in (white_halves, black_halves):
        bad = np.flatnonzero((sides < 0) | (sides > 2))
        if len(bad):
            first = int(bad[0])
            _bad_scores(
                path,
                event_id,
                int(rounds[first]),
                int(white_halves[first]) / 2,
                int(black_halves[first]) / 2,
            )
    return PackedGames(
        event_id,
        rounds,
        whites,
        blacks,
        white_halves,
        black_halves,
        plays,
        play_names,
        days,
        tuple(day_texts or ()),
    )


def _is_day(text: object) -> bool:
    if text is None:
        return True
    if not isinstance(text, str):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def read_period(connection: sqlite3.Connection, path: Path, period: str) -> dict[int, PackedGames]:
    """The period's packed events' games by event, read in one query.  An event the import
    stores in one form only (packed, or ``games`` rows) that holds both is a damaged ledger:
    refused, not rated on one of them."""
    both = connection.execute(
        "SELECT p.event_id FROM packed_games p JOIN events e ON e.id = p.event_id WHERE"
        " e.period = ? AND EXISTS (SELECT 1 FROM games g WHERE g.event_id = p.event_id)"
        " LIMIT 1",
        (period,),
    ).fetchone()
    if both is not None:
        _damaged(path, both[0], _BOTH_FORMS)
    return {
        row[0]: unpack(path, row)
        for row in connection.execute(
            _SELECT + " JOIN events e ON e.id = p.event_id WHERE e.period = ?", (period,)
        )
    }


def read_event(connection: sqlite3.Connection, path: Path, event_id: int) -> PackedGames | None:
    """One event's packed games, or None where the event keeps ``games`` rows."""
    row = connection.execute(_SELECT + " WHERE p.event_id = ?", (event_id,)).fetchone()
    return unpack(path, row) if row is not None else None


def check_players(
    path: Path, packed: Mapping[int, PackedGames], players: Iterable[tuple[int, int]]
) -> None:
    """Refuse a packed game whose player is not one of its event's (``players``: each
    event's ``(event_id, player_id)``), as a damaged row (the ``games`` rows leave that to the
    event's own check, which a packed event's games are not built through everywhere)."""
    import numpy as np

    by_event: dict[int, list[int]] = {}
    for event_id, player_id in players:
        if event_id in packed:
            by_event.setdefault(event_id, []).append(player_id)
    for event_id, games in packed.items():
        listed = np.asarray(sorted(by_event.get(event_id, ())), dtype=np.int64)
        if not len(games):
            continue
        sides = np.concatenate([games.whites, games.blacks])
        if not len(listed) or not bool(np.all(np.isin(sides, listed))):
            _damaged(path, event_id, _NOT_IN_EVENT)
