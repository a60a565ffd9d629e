"""The pandas frames of :func:`ratingkit.fide.engine.frames.rate_frames`, read and checked,
and K (FIDE 2014 8.56) by groups of players."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

import numpy as np

from ...core.errors import (
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    MalformedLineError,
    RatingkitError,
    UnknownPlayerError,
    UnknownResultError,
)
from ...core.i18n import N_, tr
from ...core.values import RATING_MAX
from ..formula import KChoice, k_factor
from ..state import PENDING_COLUMN, PlayerState, parse_pending

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


def read_players(players: Frame) -> tuple[Any, ...]:
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


def read_games(games: Frame, index: Frame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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


def k_groups(
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
        state = player_state(position, games, k, born, ever)
        choices.append((k_factor(int(rating[position]), state, on), position))
    k_values = np.zeros(count, dtype=np.int64)
    group = np.full(count, -1, dtype=np.int64)
    k_values[rated] = np.array([c.k for c, _ in choices], dtype=np.int64)[inverse]
    # A K given in the player file is used as given (the group only says so).
    k_values = np.where(k_given >= 0, k_given, k_values)
    group[rated] = inverse
    return k_values, group, choices


def player_state(
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
