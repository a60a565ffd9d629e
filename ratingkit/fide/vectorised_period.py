"""A vectorised rating-period engine: a whole FIDE 2014 rating period from two pandas frames.

:func:`rate_period` rates every game of a period at the players' pre-period ratings (the FIDE
way: one event, K * sum(dR) per player, rounded once, FIDE 2014 8.55 and 8.57).  It gives the
same numbers as ``get_rule_set("fide-2014").rate(event, players)`` on an event that holds the
same games (``tests/test_engine.py`` shows it), but works on numpy arrays:

* D = own rating - opponent's rating, capped at 400 (8.54); PD from table 8.1b by
  ``searchsorted`` on the band ends of :data:`ratingkit.core.tables.D_TO_PD`, in hundredths;
* scores in half points and PD in hundredths are summed per player by ``bincount``, so that
  K * (w - We) is an exact integer number of hundredths and 8.57's rounding (.5 away from
  zero) is exact integer arithmetic;
* K (8.56) comes from :func:`ratingkit.fide.rules2014.k_factor`, called once for each distinct
  combination of the inputs it reads (K given, games count under 30, age under 18, rating
  class, ever_2400), not once per player;
* unrated players (no rating): the period is rated as one event that is not a round robin, so
  games against unrated opponents are not rated (8.52) and an unrated player gets Ru from his
  rated opponents (8.21a, 8.22-8.24, :func:`ratingkit.fide.rules2014.ru_from`); one who scores 0
  against them while his games count is 0 or missing (and no results wait) is not counted
  (8.21);
* a first rating is published from 5 games against rated opponents on (7.14 of the 2014
  regulations), pooled with the results a ``pending_results`` column keeps from earlier
  periods; below it the results are kept in the new state, as ``fide-2014`` does.

The report's tables are built lazily: the player rows (and the per-game detail) are made into
Python rows only when they are read; ``report.to_frame()`` comes straight from the arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from fractions import Fraction
from typing import Any

import numpy as np

from ..core.citations import Concept
from ..core.errors import (
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    MalformedLineError,
    RatingkitError,
    UnknownPlayerError,
    UnknownResultError,
)
from ..core.i18n import N_, tr
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    player_row,
)
from ..core.players import PlayerFile, PlayerRecord
from ..core.report import COMMON_COLUMNS, LazyTable, Report, Table
from ..core.rounding import round_half_away_from_zero
from ..core.tables import D_TO_PD, D_TO_PD_BEYOND
from ..core.values import RATING_MAX
from .event import NOT_COUNTED, citation_note
from .formula import KChoice, k_factor, ru_from
from .outcome import FideGame, FidePlayer, VectorisedPeriod, cells_with_none
from .rulesets import FIDE_2014, Fide2014
from .state import PENDING_COLUMN, Pending, PlayerState, parse_pending, state_record
from .views import FORMATS, GAME_COLUMNS, PLAYER_COLUMNS, game_row

#: Band ends of table 8.1b and the PD of the higher rated player (hundredths), with the
#: value beyond the last band appended.
BAND_ENDS = np.array([high for _, high, _ in D_TO_PD], dtype=np.int64)
PD_HIGHER = np.array([h for _, _, h in D_TO_PD] + [D_TO_PD_BEYOND], dtype=np.int64)

_STATE_COLUMNS = (N_("games"), N_("born"), N_("ever_2400"), "k")
#: Bounds of the players frame: ratings 1 to 4000 (no FIDE list has come near 4000), K up to
#: the largest K of 8.56 (40), games up to 100,000 (far beyond any player's career); larger
#: values are typing errors, and would overflow the integer arithmetic.
MAX_RATING = RATING_MAX
MAX_K = 40
MAX_GAMES = 100_000

#: A pandas DataFrame or Series as the caller gives it: pandas is imported on demand (the
#: package runs without it), and the checks below read any column whatever its dtype.
Frame = Any
#: K by groups: each group's KChoice (8.56) and the position of a player it stands for.
KGroups = list[tuple[KChoice, int]]

_TRUE = {"yes", "y", "true", "1", "1.0"}
_FALSE = {"no", "n", "false", "0", "0.0"}


def pd_hundredths(difference: np.ndarray, cap: int | None = None) -> np.ndarray:
    """PD of table 8.1b in hundredths for integer differences (already capped): positive for
    the higher rated player H, negative for L (who gets 100 minus H's).  With ``cap`` (the
    differences lie within it), the band of every |D| up to the cap is found once by
    ``searchsorted`` and the games look their |D| up in that table."""
    magnitude = np.abs(difference)
    if cap is not None:
        higher = _higher_up_to(cap)[magnitude]
    else:
        higher = PD_HIGHER[np.searchsorted(BAND_ENDS, magnitude, side="left")]
    points: np.ndarray = np.where(difference >= 0, higher, 100 - higher)
    return points


_HIGHER_BY_CAP: dict[int, np.ndarray] = {}


def _higher_up_to(cap: int) -> np.ndarray:
    """H's PD (hundredths) for |D| = 0 .. cap, from the band ends by searchsorted."""
    table = _HIGHER_BY_CAP.get(cap)
    if table is None:
        table = PD_HIGHER[np.searchsorted(BAND_ENDS, np.arange(cap + 1), side="left")]
        _HIGHER_BY_CAP[cap] = table
    return table


#: Why the vectorised period leaves a game unrated, or how an unrated player's game counts.


# -- the lazily built outcome and tables -----------------------------------------------------


class LazyOutcome(Outcome[FidePlayer, FideGame]):
    """The period's :class:`~ratingkit.core.outcome.Outcome` whose players and game sides are
    made from the arrays on first access (the period is one event: ``events`` holds it)."""

    _build_key: Callable[[], EventKey] | None
    _key_value: EventKey | None
    _build_players: Callable[[], tuple[PlayerOutcome[FidePlayer], ...]] | None
    _build_games: Callable[[], tuple[GameOutcome[FideGame], ...]] | None
    _players: tuple[PlayerOutcome[FidePlayer], ...] | None
    _games: tuple[GameOutcome[FideGame], ...] | None

    def __init__(
        self,
        *,
        rules: str,
        title: str,
        key: Callable[[], EventKey] | None = None,
        build_players: Callable[[], tuple[PlayerOutcome[FidePlayer], ...]] | None = None,
        build_games: Callable[[], tuple[GameOutcome[FideGame], ...]] | None = None,
        notes: tuple[Note, ...] = (),
        detail: object = None,
        new_state: PlayerFile | None = None,
        players: tuple[PlayerOutcome[FidePlayer], ...] | None = None,
        events: tuple[EventOutcome[FidePlayer, FideGame], ...] | None = None,
        games: tuple[GameOutcome[FideGame], ...] | None = None,
    ) -> None:
        # ``players=``, ``events=``, ``games=``: the made values, as the outcome codec
        # (which builds a dataclass from its fields) gives them back.
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "new_state", new_state)
        object.__setattr__(self, "_build_key", key)
        object.__setattr__(self, "_key_value", events[0].key if events else None)
        object.__setattr__(self, "_build_players", build_players)
        object.__setattr__(self, "_build_games", build_games)
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_games", games)

    @property
    def players(self) -> tuple[PlayerOutcome[FidePlayer], ...]:
        if self._players is None and self._build_players is not None:
            object.__setattr__(self, "_players", self._build_players())
        assert self._players is not None
        return self._players

    @property
    def games(self) -> tuple[GameOutcome[FideGame], ...]:
        if self._games is None and self._build_games is not None:
            object.__setattr__(self, "_games", self._build_games())
        assert self._games is not None
        return self._games

    @property
    def key(self) -> EventKey:
        """The period's key (a digest of its games and ratings, made on first access)."""
        if self._key_value is None and self._build_key is not None:
            object.__setattr__(self, "_key_value", self._build_key())
        assert self._key_value is not None
        return self._key_value

    @property
    def events(self) -> tuple[EventOutcome[FidePlayer, FideGame], ...]:
        return (EventOutcome(self.key, self.players, self.games, self.notes, self.detail),)

    def __repr__(self) -> str:
        return f"<Outcome {self.rules} {self.title!r} (vectorised)>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.rules, self.title, self.players, self.games, self.notes) == (
            other.rules,
            other.title,
            other.players,
            other.games,
            other.notes,
        )

    __hash__ = None  # type: ignore[assignment]


def _digest(white: np.ndarray, black: np.ndarray, halves: np.ndarray, rating: np.ndarray) -> str:
    """The period's :class:`EventKey` digest: 16 hex digits of a SHA-256 of its games and
    ratings."""
    import hashlib

    digest = hashlib.sha256()
    for array in (white, black, halves, rating):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:16]


def _per_player_counts(
    rated: np.ndarray,
    raw: np.ndarray,
    rw: np.ndarray,
    rb: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    cap: int,
    count: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Per player: the games the cap limited (8.54) and the games against an unrated opponent
    that are not rated (8.52)."""
    over = np.abs(raw) > cap
    capped = np.bincount(rw[over], minlength=count) + np.bincount(rb[over], minlength=count)
    mine_w = rated[white] & ~rated[black]
    mine_b = rated[black] & ~rated[white]
    unrated = np.bincount(white[mine_w], minlength=count) + np.bincount(
        black[mine_b], minlength=count
    )
    return capped, unrated


# -- the lazily built tables -----------------------------------------------------------------


class LazyPlayerFile(PlayerFile):
    """The new state of a period: a :class:`~ratingkit.core.players.PlayerFile` whose records
    are made on first access."""

    _length: int
    _records: tuple[PlayerRecord, ...] | None
    _build: Callable[[], list[PlayerRecord]] | None

    def __init__(
        self,
        build: Callable[[], list[PlayerRecord]] | None = None,
        length: int | None = None,
        source: str | None = None,
        *,
        records: Sequence[PlayerRecord] | None = None,
    ) -> None:
        # ``records=``: the made records, as the outcome codec gives them back.
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "_build", build)
        made = tuple(records) if records is not None else None
        object.__setattr__(self, "_length", len(made) if made is not None else length or 0)
        object.__setattr__(self, "_records", made)

    @property
    def records(self) -> tuple[PlayerRecord, ...]:
        if self._records is None:
            assert self._build is not None  # one of build= and records= is given
            object.__setattr__(self, "_records", tuple(self._build()))
        assert self._records is not None
        return self._records

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerFile):
            return NotImplemented
        return (self.records, self.source) == (other.records, other.source)

    __hash__ = None  # type: ignore[assignment]


# -- input -------------------------------------------------------------------------------------


def _where(frame_name: str, column: str) -> Location:
    return Location(frame_name, None, column)


def _row_text(frame: Frame, position: int) -> str:
    label = frame.index[position]
    if isinstance(label, int | np.integer) and label == position:
        return f"row {position + 1}"
    return tr("row {row} (index {label!r})", row=position + 1, label=label)


def _plain(value: Any) -> str:
    """A cell's value for a message: ``nan``, ``2``, ``1.5``, not ``np.float64(nan)``."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return repr(str(value))
    return str(int(number)) if number.is_integer() else str(number)


def _bad_birth_date(players: Frame, position: int) -> InvalidValueError:
    """The birth date of the player in ``position`` cannot be read."""
    value = players["born"].iloc[position]
    return InvalidValueError(
        tr(
            "{row}: cannot read the birth date {born!r} (expected YYYY-MM-DD)",
            row=_row_text(players, position),
            born=value,
        ),
        _where("players", "born"),
        value,
    )


def _need_columns(frame: Frame, columns: Sequence[str], frame_name: str) -> None:
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise RatingkitError(
            tr(
                "the {frame_name} must be a pandas DataFrame, got {name}",
                frame_name=frame_name,
                name=type(frame).__name__,
            )
        )
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise MalformedLineError(
            tr(
                ("the {frame_name} frame lacks the column(s) {missing} (it has {map})"),
                frame_name=frame_name,
                missing=", ".join(missing),
                map=", ".join(map(str, frame.columns)) or "none",
            ),
            Location(frame_name),
            list(frame.columns),
        )


#: What pandas infers for an object column whose cells are all numbers or text; any other
#: column is checked cell by cell (a list, a dict, a boolean in a cell is refused).
_SCALAR_KINDS = frozenset(
    {"string", "integer", "floating", "mixed-integer-float", "decimal", "empty"}
)


def _first_not_scalar(raw: Frame) -> int | None:
    """The position of the first cell of ``raw`` that is neither empty, a number (not a
    boolean) nor a string; None when every cell is one of those."""
    import pandas as pd

    dtype = raw.dtype
    if pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_complex_dtype(dtype):
        return 0 if len(raw) else None
    if pd.api.types.is_numeric_dtype(dtype):
        return None
    if pd.api.types.infer_dtype(raw, skipna=True) in _SCALAR_KINDS:
        return None
    for position, cell in enumerate(raw.tolist()):
        if isinstance(cell, bool | np.bool_):
            return position
        if isinstance(cell, str | int | float | np.integer | np.floating):
            continue
        if not pd.api.types.is_scalar(cell) or not pd.isna(cell):
            return position
    return None


def _numbers(
    frame: Frame, column: str, frame_name: str, *, what: str, allow_missing: bool
) -> np.ndarray:
    """A column as float64 (NaN where empty); a value that is not a number (a list, a
    boolean, text that is not a number) or not finite (inf) is an error."""
    import pandas as pd

    raw = frame[column]
    odd = _first_not_scalar(raw)
    if odd is not None:
        value = raw.iloc[odd]
        raise InvalidValueError(
            tr(
                "{row_text}: {what} must be a number, got {value!r} ({name})",
                row_text=_row_text(frame, odd),
                what=what,
                value=value,
                name=type(value).__name__,
            ),
            _where(frame_name, column),
            value,
        )
    values = pd.to_numeric(raw, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    bad = np.isnan(values) & raw.notna().to_numpy()
    if not allow_missing:
        bad |= np.isnan(values)
    infinite = np.isinf(values)
    if bad.any() or infinite.any():
        position = int(np.flatnonzero(bad | infinite)[0])
        value = raw.iloc[position]
        kind = tr("a finite number") if infinite[position] else tr("a number")
        raise InvalidValueError(
            tr(
                "{row_text}: {what} must be {kind}, got {value!r}",
                row_text=_row_text(frame, position),
                what=what,
                kind=kind,
                value=value,
            ),
            _where(frame_name, column),
            value,
        )
    numbers: np.ndarray = values
    return numbers


def _whole(
    values: np.ndarray,
    frame: Frame,
    column: str,
    frame_name: str,
    *,
    what: str,
    minimum: int,
    maximum: int,
) -> None:
    """Checks that the given (non-NaN) values are whole numbers from ``minimum`` to
    ``maximum``."""
    given = ~np.isnan(values)
    bad = given & ((values != np.floor(values)) | (values < minimum) | (values > maximum))
    if bad.any():
        position = int(np.flatnonzero(bad)[0])
        value = frame[column].iloc[position]
        raise InvalidValueError(
            tr(
                (
                    "{row_text}: {what} must be a whole number from {minimum} to "
                    "{maximum}, got {value!r}"
                ),
                row_text=_row_text(frame, position),
                what=what,
                minimum=minimum,
                maximum=maximum,
                value=value,
            ),
            _where(frame_name, column),
            value,
        )


def _check_ids(frame: Frame, column: str, frame_name: str) -> None:
    """Player ids are text or finite numbers: a list, a dict, a boolean or inf is an error
    (checked cell by cell only where pandas does not see text or integers throughout)."""
    import pandas as pd

    raw = frame[column]
    odd = _first_not_scalar(raw)
    if odd is None and raw.dtype.kind == "f":
        infinite = np.isinf(raw.to_numpy())
        odd = int(np.flatnonzero(infinite)[0]) if infinite.any() else None
    elif odd is None and pd.api.types.infer_dtype(raw, skipna=True) not in (
        "string",
        "integer",
        "empty",
    ):
        for position, cell in enumerate(raw.tolist()):
            if isinstance(cell, float | np.floating) and np.isinf(cell):
                odd = position
                break
    if odd is not None:
        value = raw.iloc[odd]
        raise InvalidValueError(
            tr(
                "{row_text}: a player id must be text or a number, got {value!r}",
                row_text=_row_text(frame, odd),
                value=value,
            ),
            _where(frame_name, column),
            value,
        )


def _read_players(players: Frame) -> tuple[Any, ...]:
    """Ids, names, ratings and K state of the players frame, checked."""
    import pandas as pd

    _need_columns(players, ("id", "rating"), "players")
    _check_ids(players, "id", "players")
    index = pd.Index(players["id"])
    ids = index.to_numpy(dtype=object)
    if players["id"].isna().any():
        position = int(np.flatnonzero(players["id"].isna().to_numpy())[0])
        raise InvalidValueError(
            tr("{row_text}: a player needs an id", row_text=_row_text(players, position)),
            _where("players", "id"),
            None,
        )
    if not index.is_unique:
        duplicated = index.duplicated()
        position = int(np.flatnonzero(duplicated)[0])
        first = int(np.flatnonzero(ids == ids[position])[0])
        raise DuplicatePlayerError(
            tr(
                ("{row_text}: player id {ids!r} appears twice (first in {first_row})"),
                row_text=_row_text(players, position),
                ids=ids[position],
                first_row=_row_text(players, first),
            ),
            _where("players", "id"),
            ids[position],
        )
    rating = _numbers(players, "rating", "players", what="a rating", allow_missing=True)
    _whole(rating, players, "rating", "players", what="a rating", minimum=1, maximum=MAX_RATING)
    games = k = None
    if "games" in players.columns:
        games = _numbers(players, "games", "players", what="games", allow_missing=True)
        _whole(games, players, "games", "players", what="games", minimum=0, maximum=MAX_GAMES)
    if "k" in players.columns:
        k = _numbers(players, "k", "players", what="K", allow_missing=True)
        _whole(k, players, "k", "players", what="K", minimum=1, maximum=MAX_K)
    born = None
    if "born" in players.columns:
        raw = players["born"]
        odd = _first_not_scalar(raw) if raw.dtype == object else None
        if odd is not None and not hasattr(raw.iloc[odd], "year"):  # dates are fine
            raise _bad_birth_date(players, odd)
        parsed = pd.to_datetime(raw, errors="coerce", format="mixed")
        bad = parsed.isna().to_numpy() & raw.notna().to_numpy()
        if bad.any():
            raise _bad_birth_date(players, int(np.flatnonzero(bad)[0]))
        born = parsed
    ever = _flags(players, "ever_2400")
    ever_2300 = _flags(players, "ever_2300")
    pending = None
    if PENDING_COLUMN in players.columns:
        pending = []
        for position, value in enumerate(players[PENDING_COLUMN].tolist()):
            text = "" if value is None or value != value else str(value)
            where = Location("players", position + 1, PENDING_COLUMN)
            pending.append(parse_pending(text, where) if text.strip() else ())
    if "name" in players.columns:
        names = [
            str(n) if n is not None and n == n else str(i)
            for n, i in zip(players["name"].tolist(), ids, strict=True)
        ]
    else:
        names = None
    return index, ids, names, rating, games, k, born, (ever, ever_2300, pending)


def _flags(players: Frame, column_name: str) -> np.ndarray | None:
    """A yes/no column as int8: 1 yes, 0 no, -1 not given (None without the column)."""
    if column_name not in players.columns:
        return None
    column = players[column_name]
    if column.dtype == bool:
        as_flags: np.ndarray = column.to_numpy().astype(np.int8)
        return as_flags
    given = column.notna().to_numpy()
    text = column.astype(str).str.strip().str.lower().to_numpy(dtype=object)
    flags = np.full(len(players), -1, dtype=np.int8)
    flags[given & np.isin(text, list(_TRUE))] = 1
    flags[given & np.isin(text, list(_FALSE))] = 0
    bad = given & (flags < 0) & ~np.isin(text, ["", "nan", "none"])
    if bad.any():
        position = int(np.flatnonzero(bad)[0])
        value = column.iloc[position]
        raise InvalidValueError(
            tr(
                "{row_text}: {column_name} must be yes or no, got {value!r}",
                row_text=_row_text(players, position),
                column_name=column_name,
                value=value,
            ),
            _where("players", column_name),
            value,
        )
    return flags


def _read_games(games: Frame, index: Frame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Player positions and white's result in half points, checked."""
    _need_columns(games, ("white", "black", "result"), "games")
    sides = []
    for column in ("white", "black"):
        try:
            position = index.get_indexer(games[column])
        except TypeError:  # a cell that cannot be an id (a list, a dict)
            _check_ids(games, column, "games")
            raise
        unknown = position < 0
        if unknown.any():
            row = int(np.flatnonzero(unknown)[0])
            value = games[column].iloc[row]
            raise UnknownPlayerError(
                tr(
                    "{row_text}: player {value!r} is not in the players frame",
                    row_text=_row_text(games, row),
                    value=value,
                ),
                _where("games", column),
                value,
            )
        sides.append(position)
    white, black = sides
    same = white == black
    if same.any():
        row = int(np.flatnonzero(same)[0])
        value = games["white"].iloc[row]
        raise InvalidValueError(
            tr(
                "{row_text}: player {value!r} cannot play himself",
                row_text=_row_text(games, row),
                value=value,
            ),
            _where("games", "white"),
            value,
        )
    result = _numbers(games, "result", "games", what=tr("the result"), allow_missing=True)
    halves = result * 2
    bad = ~((halves == 0.0) | (halves == 1.0) | (halves == 2.0))
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        value = games["result"].iloc[row]
        raise UnknownResultError(
            tr(
                ("{row_text}: unknown result {plain} (expected white's score 1, 0.5 or 0)"),
                row_text=_row_text(games, row),
                plain=_plain(value),
            ),
            _where("games", "result"),
            value,
        )
    return white, black, halves.astype(np.int64)


# -- K (8.56) by groups ----------------------------------------------------------------------


def _k_groups(
    rated: np.ndarray,
    rating: np.ndarray,
    games: np.ndarray | None,
    k: np.ndarray | None,
    born: Frame | None,
    ever: np.ndarray | None,
    on: date | None,
) -> tuple[np.ndarray, np.ndarray, KGroups]:
    """K for every rated player, from :func:`k_factor` called once per distinct combination
    of what it reads.  Returns (K array, group array, list of (KChoice, representative))."""
    count = len(rating)
    k_given = np.where(np.isnan(k), -1, k).astype(np.int64) if k is not None else np.full(count, -1)
    if games is not None:
        games_code = np.where(np.isnan(games), -1, np.minimum(games, 30)).astype(np.int64)
    else:
        games_code = np.full(count, -1, dtype=np.int64)
    if born is not None and on is not None:
        known = born.notna().to_numpy()
        year = born.dt.year.to_numpy(dtype=np.float64, na_value=0).astype(np.int64)
        month = born.dt.month.to_numpy(dtype=np.float64, na_value=0).astype(np.int64)
        day = born.dt.day.to_numpy(dtype=np.float64, na_value=0).astype(np.int64)
        before = (on.month * 100 + on.day) < (month * 100 + day)
        age = on.year - year - before
        age_code = np.where(known, np.clip(age, -900, 18) + 1000, -1)
    elif born is not None:
        age_code = np.where(born.notna().to_numpy(), -2, -1)
    else:
        age_code = np.full(count, -1, dtype=np.int64)
    safe = np.where(rated, rating, 0)
    rating_class = (safe >= 2300).astype(np.int64) + (safe >= 2400)
    ever_code = ever.astype(np.int64) if ever is not None else np.full(count, -1)
    # Collapse what k_factor does not read, so that it is called for few groups: a K given
    # decides alone; fewer than 30 games decide alone (the count is in the rule's text); a
    # junior (under 18, rating under 2300) is K 40 whatever the rest; 2400 or more decides
    # before ever_2400 is read; the age counts only for a possible junior.
    given = k_given >= 0
    new_player = ~given & (games_code >= 0) & (games_code < 30)
    known_age = age_code >= 100  # 1000 + age, the age clipped to -900 .. 18
    junior = known_age & (age_code < 1018) & (rating_class == 0)
    age_code = np.where(known_age & ~junior, 1018, age_code)
    games_code = np.where(games_code >= 30, 30, games_code)
    ever_code = np.where(junior | (rating_class == 2), -3, ever_code)
    rating_class = np.where(junior, 0, rating_class)
    for array in (games_code, age_code, rating_class, ever_code):
        array[given] = -3
    for array in (age_code, rating_class, ever_code):
        array[new_player] = -3
    # One integer per combination (each code is small: K given, games < 31, age, class, flag).
    key = np.zeros(count, dtype=np.int64)
    for code, size in (
        (given.astype(np.int64), 8),
        (games_code, 64),
        (age_code, 1 << 12),
        (rating_class, 8),
        (ever_code, 8),
    ):
        key = key * size + (code + 4)
    _, first, inverse = np.unique(key[rated], return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    rated_positions = np.flatnonzero(rated)
    choices: KGroups = []
    for where in first.tolist():
        position = int(rated_positions[where])
        state = _state(position, games, k, born, ever)
        choices.append((k_factor(int(rating[position]), state, on), position))
    k_values = np.zeros(count, dtype=np.int64)
    group = np.full(count, -1, dtype=np.int64)
    k_values[rated] = np.array([c.k for c, _ in choices], dtype=np.int64)[inverse]
    # A K given in the player file is used as given (the group only says so).
    k_values = np.where(k_given >= 0, k_given, k_values)
    group[rated] = inverse
    return k_values, group, choices


def _state(
    position: int,
    games: np.ndarray | None,
    k: np.ndarray | None,
    born: Frame | None,
    ever: np.ndarray | None,
    ever_2300: np.ndarray | None = None,
) -> PlayerState:
    def number(values: np.ndarray | None) -> int | None:
        if values is None or np.isnan(values[position]):
            return None
        return int(values[position])

    birth = None
    if born is not None:
        value = born.iloc[position]
        if value == value:  # not NaT
            birth = value.date()

    def flag(values: np.ndarray | None) -> bool | None:
        if values is None or values[position] < 0:
            return None
        return bool(values[position])

    return PlayerState(
        games=number(games),
        born=birth,
        ever_2400=flag(ever),
        k=number(k),
        ever_2300=flag(ever_2300),
    )


# -- the period ------------------------------------------------------------------------------


def _not_fide_2014(name: str) -> RatingkitError:
    """The one refusal of :func:`rate_period` for a rule set other than fide-2014."""
    return RatingkitError(
        tr(
            "rate_period rates FIDE 2014 periods only (rules='fide-2014'), got {name!r}; rate "
            "it with get_rule_set({name!r}).rate_events(events, players)",
            name=name,
        )
    )


def _period_notes(
    title: str,
    games: int,
    count: int,
    first_notes: list[Note],
    rules: Fide2014,
    waiting: list[tuple[str, int]],
    on: date | None,
    choices: KGroups,
    k_group: np.ndarray,
    rated: np.ndarray,
    player_name: Callable[[int], str],
) -> list[Note]:
    """The period's notes: how it is rated, the first ratings, the defaults assumed for K."""
    notes: list[Note] = [
        Note(
            NoteKind.DECISION,
            tr(
                "{title}: {games} game(s) among {count} player(s), every "
                "game at the players' pre-period ratings, rated as one event "
                "that is not a round robin: K * sum(dR) per player, rounded "
                "once (8.55, 8.57)",
                title=title,
                games=games,
                count=count,
            ),
        ),
        Note(
            NoteKind.RULE,
            tr(
                "only games between rated players change ratings: games against unrated opponents "
                "are not rated (8.52); an unrated player gets Ru from his rated opponents (8.21a, "
                "8.22-8.24); one who scores 0 against them with no games before is not counted "
                "(8.21)"
            ),
            rules.cite(Concept.UNRATED_OPPONENTS_NOTE),
        ),
    ]
    notes.extend(first_notes)
    waiting_note = rules.not_published_note(waiting)
    if waiting_note:
        notes.append(Note(NoteKind.RULE, waiting_note, Rule(rules.first_rating_clause)))
    if on is None:
        notes.append(
            Note(
                NoteKind.DEFAULT,
                tr("no reference date (on=): ages cannot be told, nobody is taken as a junior"),
            )
        )
    notes.extend(
        Note(NoteKind.DEFAULT, text) for text in _k_notes(choices, k_group, rated, player_name)
    )
    notes.append(
        Note(
            NoteKind.DECISION,
            tr(
                "D is capped at {cap} (8.54); the change is rounded to the "
                "nearest integer, .5 away from zero (8.57)",
                cap=rules.cap,
            ),
        )
    )
    return notes


def _unrated_players(
    rules: Fide2014,
    on: date | None,
    ids: np.ndarray,
    player_name: Callable[[int], str],
    rated: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    white_halves: np.ndarray,
    rating_int: np.ndarray,
    games_before: np.ndarray | None,
    pending: list[tuple[Pending, ...]] | None,
    after: np.ndarray,
) -> tuple[
    dict[int, PlayerOutcome[FidePlayer]],
    dict[int, tuple[Pending, ...]],
    list[Note],
    list[tuple[str, int]],
]:
    """The unrated players of the period (8.21, 8.21a, 8.22-8.24; 7.14): their outcomes by
    position, the results kept for a first rating, the notes, the players still waiting;
    ``after`` gets the published first ratings."""
    count = len(ids)
    # Unrated players: games against rated opponents (8.21a), Ru by 8.22-8.24; a first rating
    # is published from 5 games on (7.14), the results below it are kept (pending_results).
    unrated = ~rated
    ru_players: dict[int, PlayerOutcome[FidePlayer]] = {}
    carried: dict[int, tuple[Pending, ...]] = {}
    first_notes: list[Note] = []
    waiting: list[tuple[str, int]] = []
    unrated_positions = np.flatnonzero(unrated)
    if unrated_positions.size:
        uw = unrated[white] & rated[black]
        ub = unrated[black] & rated[white]
        un = np.bincount(white[uw], minlength=count) + np.bincount(black[ub], minlength=count)
        uw2 = np.bincount(white[uw], weights=white_halves[uw], minlength=count) + np.bincount(
            black[ub], weights=2 - white_halves[ub], minlength=count
        )
        # "+", not "+=": np.bincount of no games (an unrated player who met rated opponents
        # only as black) is an integer array, which cannot take the float sum in place.
        uopp = np.bincount(white[uw], weights=rating_int[black[uw]], minlength=count)
        uopp = uopp + np.bincount(black[ub], weights=rating_int[white[ub]], minlength=count)
        played_all = np.bincount(white, minlength=count) + np.bincount(black, minlength=count)
        first = (
            np.ones(count, dtype=bool)
            if games_before is None
            else (np.isnan(games_before) | (games_before == 0))
        )
        if pending is not None:
            first &= np.array([not items for items in pending], dtype=bool)
        # The games of unrated players against rated opponents, grouped by player in game
        # order (read only for the players whose results are pooled or kept, 7.14).
        u_games = np.flatnonzero(uw | ub)
        u_owner = np.where(uw[u_games], white[u_games], black[u_games])
        order = np.lexsort((u_games, u_owner))
        u_games, u_owner = u_games[order], u_owner[order]

        def pairs_of(position: int) -> list[tuple[date | None, Fraction, Fraction]]:
            lo, hi = np.searchsorted(u_owner, [position, position + 1])
            out = []
            for g in u_games[lo:hi].tolist():
                mine_white = white[g] == position
                opponent = black[g] if mine_white else white[g]
                halves = int(white_halves[g]) if mine_white else 2 - int(white_halves[g])
                out.append((on, Fraction(int(rating_int[opponent])), Fraction(halves, 2)))
            return out

        for position in unrated_positions.tolist():
            games_n = int(un[position])
            w = Fraction(int(uw2[position]), 2)
            pid, name = ids[position], player_name(position)
            if games_n and w == 0 and first[position]:
                ru_players[position] = PlayerOutcome(
                    pid,
                    name,
                    None,
                    int(played_all[position]),
                    Fraction(0),
                    None,
                    None,
                    None,
                    Status.NOT_RATED,
                    FidePlayer(status_text=NOT_COUNTED, not_counted=True, person=str(pid)),
                )
                continue
            if games_n:
                rc = Fraction(int(uopp[position]), games_n)
                value, rule, _ = ru_from(rc, w, games_n, False, games_n)
                ru = round_half_away_from_zero(value)
                outcome = PlayerOutcome(
                    pid,
                    name,
                    None,
                    games_n,
                    w,
                    None,
                    None,
                    ru,
                    Status.FIRST_RATING,
                    FidePlayer(
                        rc=rc,
                        n=games_n,
                        w=w,
                        ru_exact=value,
                        ru=ru,
                        status_text=tr("unrated: Ru by {rule}", rule=rule),
                        ru_rule=rule,
                        person=str(pid),
                    ),
                )
            else:
                outcome = PlayerOutcome(
                    pid,
                    name,
                    None,
                    games_n,
                    w,
                    None,
                    None,
                    None,
                    Status.NOT_RATED,
                    FidePlayer(
                        n=games_n, w=w, status_text=N_("no rated opponent: no Ru"), person=str(pid)
                    ),
                )
            earlier = pending[position] if pending is not None else ()
            if earlier or games_n < rules.first_rating_min_games:
                update, keep, notes_first = rules.first_rating(
                    name, pairs_of(position), earlier, on, str(pid)
                )
                first_notes.extend(notes_first)
                if update is not None:
                    outcome = update.apply(outcome)
                if keep:
                    carried[position] = keep
                    waiting.append((name, len(keep)))
            ru_players[position] = outcome
            if outcome.rating_after is not None:
                after[position] = outcome.rating_after

    return ru_players, carried, first_notes, waiting


def rate_period(
    games: Frame,
    players: Frame,
    rules: str | Fide2014 = "fide-2014",
    *,
    on: date | None = None,
    title: str = "rating period",
) -> Report:
    """Rate one FIDE 2014 rating period from pandas frames, vectorised.

    ``games``: columns ``white``, ``black`` (player ids) and ``result`` (white's score 1, 0.5
    or 0); an optional ``round`` column is carried into the per-game detail.  ``players``:
    columns ``id`` and ``rating`` (empty for an unrated player), optional ``name`` and the K
    state of 8.56: ``games`` (rated games before the period), ``born``, ``ever_2400``, ``k``.
    ``on``: the date at which juniors' ages are taken (the period's end).

    Every game uses the pre-period ratings; each rated player's change is K * sum(dR) over the
    period, rounded once (8.55, 8.57).  The result is the report ``fide-2014`` gives for one
    event (not a round robin) with the same games; its tables are built lazily.
    """
    if isinstance(rules, str):
        if rules != FIDE_2014.name:
            raise _not_fide_2014(rules)
        rules = FIDE_2014
    elif type(rules) is not Fide2014:
        # Another system, or a later FIDE text (fide-2022, fide-2024 ...) that changes clauses
        # this fast path does not know (the 400-point rule once per tournament, floors,
        # initial ratings).
        raise _not_fide_2014(getattr(rules, "name", type(rules).__name__))
    index, ids, names, rating, games_before, k_given, born, flags = _read_players(players)
    ever, ever_2300, pending = flags
    white, black, white_halves = _read_games(games, index)
    count = len(ids)
    rated = ~np.isnan(rating)
    rating_int = np.where(rated, rating, 0).astype(np.int64)

    # Rated players: games against rated opponents (8.52: not against unrated ones).
    all_rated = bool(rated.all())
    both = np.ones(len(white), dtype=bool) if all_rated else rated[white] & rated[black]
    rw, rb = (white, black) if all_rated else (white[both], black[both])
    raw = rating_int[rw] - rating_int[rb]
    capped = np.clip(raw, -rules.cap, rules.cap)
    pd_white = pd_hundredths(capped, rules.cap)
    halves_w = white_halves if all_rated else white_halves[both]
    n = np.bincount(rw, minlength=count) + np.bincount(rb, minlength=count)
    w2 = np.bincount(rw, weights=halves_w, minlength=count) + np.bincount(
        rb, weights=2 - halves_w, minlength=count
    )
    we = np.bincount(rw, weights=pd_white, minlength=count) + np.bincount(
        rb, weights=100 - pd_white, minlength=count
    )
    opp = np.bincount(rw, weights=rating_int[rb], minlength=count) + np.bincount(
        rb, weights=rating_int[rw], minlength=count
    )
    w2 = w2.astype(np.int64)
    we = we.astype(np.int64)
    opp = opp.astype(np.int64)

    k_values, k_group, choices = _k_groups(rated, rating, games_before, k_given, born, ever, on)
    # K * (w - We) in hundredths: w is w2/2 points = 50 * w2 hundredths.
    change_h = k_values * (50 * w2 - we)
    rounded = np.sign(change_h) * ((np.abs(change_h) + 50) // 100)
    after = np.where(rated, rating_int + rounded, 0)

    name_of = names if names is not None else None

    def player_name(position: int) -> str:
        return name_of[position] if name_of is not None else str(ids[position])

    # Unrated players: games against rated opponents (8.21a), Ru by 8.22-8.24; a first rating
    # is published from 5 games on (7.14), the results below it are kept (pending_results).
    unrated_positions = np.flatnonzero(~rated)
    ru_players, carried, first_notes, waiting = _unrated_players(
        rules,
        on,
        ids,
        player_name,
        rated,
        white,
        black,
        white_halves,
        rating_int,
        games_before,
        pending,
        after,
    )

    def build_key() -> EventKey:
        return EventKey(0, _digest(white, black, white_halves, rating), title)

    cap_rule = Rule(rules.cap_rule, tr("D capped at {cap}", cap=rules.cap))

    def rated_player(position: int) -> PlayerOutcome[FidePlayer]:
        choice = choices[k_group[position]][0]
        games_n = int(n[position])
        w = Fraction(int(w2[position]), 2)
        expected = Fraction(int(we[position]), 100)
        change = Fraction(int(change_h[position]), 100)
        ro = int(rating_int[position])
        return PlayerOutcome(
            ids[position],
            player_name(position),
            ro,
            games_n,
            w,
            expected,
            change,
            int(after[position]),
            Status.RATED,
            FidePlayer(
                ro=ro,
                person=str(ids[position]),
                rc=Fraction(int(opp[position]), games_n) if games_n else None,
                n=games_n,
                w=w,
                we=expected,
                w_minus_we=w - expected,
                ks=(int(k_values[position]),),
                k_change=change,
                k_rules=(choice.k_rule,),
                k_assumed=choice.assumed,
                cap_rule=cap_rule,
                games_capped=int(capped_count[position]),
                not_rated=(
                    ((rules.cite(Concept.UNRATED_OPPONENT), int(unrated_opponents[position])),)
                    if unrated_opponents[position]
                    else ()
                ),
            ),
        )

    capped_count = unrated_opponents = np.zeros(0, dtype=np.int64)

    def build_players() -> tuple[PlayerOutcome[FidePlayer], ...]:
        nonlocal capped_count, unrated_opponents
        capped_count, unrated_opponents = _per_player_counts(
            rated, raw, rw, rb, white, black, rules.cap, count
        )
        return tuple(rated_player(p) if rated[p] else ru_players[p] for p in range(count))

    columns = COMMON_COLUMNS + tuple(c for c in PLAYER_COLUMNS if c not in COMMON_COLUMNS)

    def build_rows() -> list[dict[str, object]]:
        return [player_row(p) for p in outcome_.players]

    def build_frame() -> Frame:
        import pandas as pd

        if unrated_positions.size:
            return Table.to_frame(Table("players", columns, tuple(build_rows()), FORMATS))
        with np.errstate(invalid="ignore", divide="ignore"):
            rc = np.where(n > 0, opp / np.maximum(n, 1), np.nan)
        data = {
            "id": ids,
            "name": [player_name(p) for p in range(count)] if names is not None else ids,
            "rating_before": rating_int,
            "games": n,
            "score": w2 / 2,
            "expected": we / 100,
            "change": change_h / 100,
            "rating_after": after,
            "Ro": rating_int,
            "Rc": rc,
            "n": n,
            "w": w2 / 2,
            "We": we / 100,
            "w-We": (50 * w2 - we) / 100,
            "K": k_values,
            "K*(w-We)": change_h / 100,
            "K rule": np.array([c.rule for c, _ in choices], dtype=object)[k_group],
            "Ru exact": None,
            "Ru": None,
            "status": "rated",
        }
        return pd.DataFrame(data, columns=list(columns))

    has_round = "round" in games.columns

    def build_games() -> tuple[GameOutcome[FideGame], ...]:
        # The key is made here, not read from the outcome: a builder the outcome holds must
        # not refer back to it, or each period's arrays would wait for the cyclic collector.
        key = build_key()
        rounds = games["round"].tolist() if has_round else [None] * len(white)
        sides = []
        for g, (a, b, h) in enumerate(
            zip(white.tolist(), black.tolist(), white_halves.tolist(), strict=True)
        ):
            for me, you, mine in ((a, b, h), (b, a, 2 - h)):
                sides.append(_game(key, rounds[g], me, you, mine))
        return tuple(sides)

    def _game(
        key: EventKey, round_: Any, me: int, you: int, halves_mine: int
    ) -> GameOutcome[FideGame]:
        # round_: the games frame's round, or None where it has no round column (which
        # GameOutcome's int does not say).
        score = Fraction(halves_mine, 2)
        name, opponent_name = player_name(me), player_name(you)
        opponent_rating = int(rating_int[you]) if rated[you] else None
        reason: Rule | None = None
        rated_game = True
        if rated[me] and rated[you]:
            raw_d = int(rating_int[me] - rating_int[you])
            d = max(-rules.cap, min(rules.cap, raw_d))
            pd_value = Fraction(int(pd_hundredths(np.array([d]))[0]), 100)
            capped = abs(raw_d) > rules.cap
            reason = cap_rule if capped else None
            detail = FideGame(
                name,
                opponent_name,
                opponent_rating,
                rating_used=int(rating_int[me]) - d if capped else int(rating_int[you]),
                capped=cap_rule if capped else None,
                d_uncapped=raw_d,
                d=d,
                pd=pd_value,
                score_minus_pd=score - pd_value,
            )
            change = int(k_values[me]) * (score - pd_value)
            return GameOutcome(key, round_, ids[me], ids[you], score, True, reason, change, detail)
        if rated[me]:
            reason, rated_game = rules.cite(Concept.UNRATED_OPPONENT), False
            note = str(reason)
        elif rated[you] and not ru_players[me].detail.not_counted:
            reason = rules.cite(Concept.COUNTS_TOWARDS_AVERAGE)
            note = citation_note(reason)
        elif rated[you]:
            reason, rated_game = rules.cite(Concept.RESULT_NOT_COUNTED), False
            note = str(reason)
        else:
            reason, rated_game = rules.cite(Concept.RATED_OPPONENTS_ONLY), False
            note = str(reason)
        detail = FideGame(name, opponent_name, opponent_rating, note=note)
        return GameOutcome(key, round_, ids[me], ids[you], score, rated_game, reason, None, detail)

    # New state (8.56's counters), lazily.
    def build_state() -> list[PlayerRecord]:
        records = []
        for p in range(count):
            before = (
                None if games_before is None or np.isnan(games_before[p]) else int(games_before[p])
            )
            new_rating: int | None
            if rated[p]:
                new_rating = int(after[p])
                played = int(n[p])
                total = before + played if before is not None else None
            else:
                new_rating = ru_players[p].rating_after
                total = (before or 0) + int(ru_players[p].detail.n or 0) if new_rating else before
            state = _state(p, games_before, k_given, born, ever, ever_2300)
            records.append(
                state_record(
                    str(ids[p]), player_name(p), new_rating, total, state, carried.get(p, ())
                )
            )
        return records

    notes = _period_notes(
        title,
        len(white),
        count,
        first_notes,
        rules,
        waiting,
        on,
        choices,
        k_group,
        rated,
        player_name,
    )
    summary_detail = VectorisedPeriod(
        games=len(white),
        players=count,
        rated_players=int(rated.sum()),
        rated_games=int(both.sum()),
        games_capped=int((np.abs(raw) > rules.cap).sum()),
        reference_date=on,
    )
    new_state = LazyPlayerFile(build_state, count, f"new state after the {title}")
    outcome_ = LazyOutcome(
        rules=rules.name,
        title=tr("{title}: FIDE 2014 rating (vectorised)", title=title),
        key=build_key,
        build_players=build_players,
        build_games=build_games,
        notes=tuple(notes),
        detail=summary_detail,
        new_state=new_state,
    )
    players_table = LazyTable("players", columns, count, build_rows, build_frame, FORMATS)

    def build_game_rows() -> list[dict[str, object]]:
        return [game_row(g) for g in outcome_.games]

    games_table = LazyTable("games", GAME_COLUMNS, 2 * len(white), build_game_rows)
    return Report(
        title=outcome_.title,
        rules=rules.name,
        players=players_table,
        games=games_table,
        summary=cells_with_none(summary_detail),
        notes=tuple(str(note) for note in notes),
        sections=(),
        new_state=new_state,
        outcome=outcome_,
    )


def _k_notes(
    choices: KGroups,
    k_group: np.ndarray,
    rated: np.ndarray,
    player_name: Callable[[int], str],
) -> list[str]:
    """The defaults assumed for K, one note per (K, assumption), with the players' count and
    the first ten names (as fide-2014 groups them)."""
    notes = []
    members = np.flatnonzero(rated)
    groups = k_group[members]
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    bounds = np.searchsorted(sorted_groups, np.arange(len(choices) + 1))
    by_text: dict[str, list[np.ndarray]] = {}
    for g, (choice, _) in enumerate(choices):
        who = members[order[bounds[g] : bounds[g + 1]]]
        for text in choice.assumed:
            by_text.setdefault(f"K={choice.k} assumed ({text})", []).append(who)
    for text, parts in by_text.items():
        who = np.sort(np.concatenate(parts))
        shown = ", ".join(repr(player_name(int(p))) for p in who[:10])
        more = " ..." if len(who) > 10 else ""
        notes.append(
            tr(
                "{text} for {who_count} player(s): {shown}{more}",
                text=text,
                who_count=len(who),
                shown=shown,
                more=more,
            )
        )
    return notes


__all__ = ["LazyPlayerFile", "pd_hundredths", "rate_period"]
