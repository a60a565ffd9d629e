"""An event's games kept as columns: the games of a plain CSV games file (issue 28, part 3).

A FIDE month is a million games in 2,000 files.  The CSV pair's column reader
(:func:`ratingkit.formats.csvpair._read_games_by_columns`) reads a plain games file (round,
white, black, result, date; no special ending, handicap or other column) a column at a time;
the import then needs only the games' columns: the event's checks, the stored cells and the
games digest, the first and last dates, the game's guess (no handicap, no shogi ending).  An
event built by :func:`event_with_columns` keeps those columns and makes its
:class:`~ratingkit.core.model.Game` objects (and their locations) only when some consumer asks
for ``event.games``: then once, the same objects the reader made before
(``tests/test_game_columns.py``).

Everything else of the event is as :class:`~ratingkit.core.model.Event` makes it: equality,
``digest``, ``dataclasses.replace`` and every message read ``event.games``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .errors import Location
from .fastbuild import collector_paused, maker
from .model import Bye, Event, Game, Play

if TYPE_CHECKING:
    import numpy as np

#: The games of a plain file have no extra cells: one empty mapping serves them all.
_NO_EXTRA: Mapping[str, object] = MappingProxyType({})
#: A play's value as the ledger stores it (``_value_``: ``.value`` is a property).
_PLAY_VALUE = attrgetter("_value_")
#: Where an event keeps its columns, in its ``__dict__`` (Event.__getattr__ reads it).
_KEY = "_game_columns"


@dataclass(frozen=True, eq=False)
class GameColumns:
    """The games of one plain games file, a tuple a column, in the file's order: each game's
    line, round, players, scores, play and date.  None of them has a special ending, a
    handicap or an extra cell.  The values are the ones the reader checked (each result one
    of the CSV format's codes, core.model.RESULT_CODES; a game's two players differ)."""

    source: str
    #: The games' lines in the file (a range where every line from 2 on is a game).
    lines: range | tuple[int, ...]
    rounds: tuple[int, ...]
    whites: tuple[str, ...]
    blacks: tuple[str, ...]
    white_scores: tuple[float, ...]
    black_scores: tuple[float, ...]
    plays: tuple[Play, ...]
    dates: tuple[date | None, ...]

    def __len__(self) -> int:
        return len(self.rounds)

    def games(self) -> tuple[Game, ...]:
        """The games as :class:`Game` objects with their locations (the file and line),
        equal field by field to the ones ``Game(...)`` makes (built without the frozen
        dataclasses' ``__init__``: the reader checked the values)."""
        source = self.source
        # The cycle collector paused, as the reader pauses it (fastbuild.collector_paused):
        # none of the many objects made here is in a cycle.
        with collector_paused():
            return self._games(source)

    def _games(self, source: str) -> tuple[Game, ...]:
        # Built by fastbuild.maker (each object's fields in its class's order).
        make_location = maker(Location)
        make_game = maker(Game)
        games: list[Game] = []
        append = games.append
        for line, round_, white, black, white_score, black_score, play, day in zip(
            self.lines,
            self.rounds,
            self.whites,
            self.blacks,
            self.white_scores,
            self.black_scores,
            self.plays,
            self.dates,
            strict=True,
        ):
            append(
                make_game(
                    round=round_,
                    white=white,
                    black=black,
                    white_score=white_score,
                    black_score=black_score,
                    play=play,
                    special=None,
                    handicap=None,
                    date=day,
                    extra=_NO_EXTRA,
                    location=make_location(file=source, line=line, column=None),
                )
            )
        return tuple(games)

    def players(self) -> set[str]:
        """Every player of a game."""
        return set(self.whites) | set(self.blacks)

    def plain_cells(self, ids: Mapping[str, int]) -> list[tuple[object, ...]]:
        """The games' plain cells as the ledger stores them (``_plain_game_cells``): round,
        white's and black's ledger ids, the two scores, the play's value, the ISO date."""
        days = {day: day.isoformat() if day is not None else None for day in set(self.dates)}
        return list(
            zip(
                self.rounds,
                map(ids.__getitem__, self.whites),
                map(ids.__getitem__, self.blacks),
                self.white_scores,
                self.black_scores,
                map(_PLAY_VALUE, self.plays),  # not a dict: an Enum member hashes in Python
                map(days.__getitem__, self.dates),
                strict=True,
            )
        )

    def plain_arrays(self, ids: Mapping[str, int]) -> PlainArrays:
        """The cells of :meth:`plain_cells` as numpy columns, no tuple a game (a FIDE month
        is a million games): the ledger packs them (services/ledger/stored_games.py) and
        hashes them (services/ledger/common.py, ``_games_digest``) as they are."""
        import numpy as np

        count = len(self.rounds)
        # Each distinct play and date named once; the games hold their places.  A play is
        # told by its identity (an Enum member hashes in Python), a date by its value.
        members = {id(play): play for play in Play}
        play_ids, play_places = np.unique(
            np.fromiter(map(id, self.plays), np.int64, count), return_inverse=True
        )
        words = [members[int(identity)]._value_ for identity in play_ids.tolist()]
        play_names = tuple(sorted(words))
        play_codes = np.array([play_names.index(word) for word in words], dtype=np.int8)
        days = sorted(
            set(self.dates), key=lambda day: (day is not None, day or date.min)
        )  # the ISO texts sort as the dates do; no date first
        day_places = {day: place for place, day in enumerate(days)}
        return PlainArrays(
            rounds=np.fromiter(self.rounds, np.int64, count),
            whites=np.fromiter(map(ids.__getitem__, self.whites), np.int64, count),
            blacks=np.fromiter(map(ids.__getitem__, self.blacks), np.int64, count),
            # a score is 0, 0.5 or 1 (core.model.Game): its double is a whole number of halves
            white_halves=(2 * np.fromiter(self.white_scores, np.float64, count)).astype(np.int8),
            black_halves=(2 * np.fromiter(self.black_scores, np.float64, count)).astype(np.int8),
            plays=play_codes[play_places.reshape(-1)] if count else play_codes,
            play_names=play_names,
            days=np.fromiter(map(day_places.__getitem__, self.dates), np.int32, count),
            day_texts=tuple(day.isoformat() if day is not None else None for day in days),
        )


@dataclass(frozen=True, eq=False)  # numpy arrays: compared by what they hold, not by ==
class PlainArrays:
    """Plain games' cells as columns, in the file's order: round, white's and black's
    ledger ids, their scores in half points, the play as a place in ``play_names`` (the
    distinct ``Play`` words, sorted), the date as a place in ``day_texts`` (the distinct ISO
    dates, sorted, None first)."""

    rounds: np.ndarray
    whites: np.ndarray
    blacks: np.ndarray
    white_halves: np.ndarray
    black_halves: np.ndarray
    plays: np.ndarray
    play_names: tuple[str, ...]
    days: np.ndarray
    day_texts: tuple[str | None, ...]

    def __len__(self) -> int:
        return len(self.rounds)


def game_columns(event: Event) -> GameColumns | None:
    """The event's games as columns where it was read from a plain games file, else None
    (then ``event.games`` is the one source)."""
    columns: GameColumns | None = event.__dict__.get(_KEY)
    return columns


def game_count(event: Event) -> int:
    """``len(event.games)``, without making the games of an event that keeps columns."""
    columns = game_columns(event)
    return len(columns) if columns is not None else len(event.games)


def game_dates(event: Event) -> set[date]:
    """The days the event's games were played on (those that give one)."""
    columns = game_columns(event)
    days = set(columns.dates) if columns is not None else {g.date for g in event.games}
    return {day for day in days if day is not None}


def event_with_columns(columns: GameColumns, **fields: Any) -> Event:
    """``Event(games=columns.games(), **fields)``, its games kept as ``columns`` (made only
    when ``event.games`` is asked for).  The event's checks of its games are made on the
    columns, as sets: every player listed, one game or bye a player a round, every round
    within the event's rounds.  Where one of them fails the event is built the general way,
    whose checks name the first error in the file's order, as they always did."""
    byes: Sequence[Bye] = tuple(fields.get("byes", ()))
    rounds: int | None = fields.get("rounds")
    listed = {player.id for player in fields["players"]}
    if not (
        columns.players() <= listed
        and _one_game_a_round(columns, byes)
        and (
            rounds is None
            or not columns.rounds
            or 1 <= min(columns.rounds) <= max(columns.rounds) <= rounds
        )
    ):
        return Event(games=columns.games(), **fields)
    # The games' checks passed: the event's own __post_init__ makes the others (the players,
    # the dates, the byes) in its order.
    event = Event(games=(), **fields)
    del event.__dict__["games"]
    event.__dict__[_KEY] = columns
    return event


def _one_game_a_round(columns: GameColumns, byes: Sequence[Bye]) -> bool:
    """No player has two games or byes in one round (core.model._check_one_game_per_round's
    test, on the columns)."""
    pairs = [
        *zip(columns.rounds, columns.whites, strict=True),
        *zip(columns.rounds, columns.blacks, strict=True),
        *((bye.round, bye.player) for bye in byes),
    ]
    return len(set(pairs)) == len(pairs)


def all_pairs_met_in(count: int, columns: GameColumns) -> bool:
    """:func:`ratingkit.core.model.all_pairs_met` for ``count`` players and games given as
    columns: every pair of players met the same number of times, at least once."""
    if count < 2:
        return False
    pairs = count * (count - 1) // 2
    if len(columns) % pairs:
        return False
    meetings = Counter(map(frozenset, zip(columns.whites, columns.blacks, strict=True)))
    return len(meetings) == pairs and len(set(meetings.values())) == 1
