"""TRF-16's fixed layout, which the reader (:mod:`ratingkit.formats.trf`) and the writer
(:mod:`ratingkit.formats.trf_writer`) share: the columns of a ``001`` line's fields and of its
round cells, the result codes, and the bounds of what a file may hold."""

from __future__ import annotations

import re

from ..core.model import ByeKind, Play
from ..core.values import MAX_ROUND, RATING_MAX

#: 1-based (first, last) columns of the fields of a ``001`` line.
FIELDS: dict[str, tuple[int, int]] = {
    "start rank": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "name": (15, 47),
    "rating": (49, 52),
    "federation": (54, 56),
    "FIDE id": (58, 68),
    "birth date": (70, 79),
    "points": (81, 84),
    "rank": (86, 89),
}
#: Columns that separate fields and must be blank.
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10

#: Result code -> (own score, play).
PLAYED_CODES: dict[str, tuple[float, Play]] = {
    "1": (1.0, Play.PLAYED),
    "=": (0.5, Play.PLAYED),
    "0": (0.0, Play.PLAYED),
    "+": (1.0, Play.FORFEIT),
    "-": (0.0, Play.FORFEIT),
    "W": (1.0, Play.UNDER_ONE_MOVE),
    "D": (0.5, Play.UNDER_ONE_MOVE),
    "L": (0.0, Play.UNDER_ONE_MOVE),
}
BYE_RESULT_CODES = {"H": ByeKind.HALF_POINT, "F": ByeKind.FULL_POINT}
BYE_RESULT_CODES |= {"U": ByeKind.PAIRING_ALLOCATED, "Z": ByeKind.ZERO_POINT}
KNOWN_RESULTS = "1 = 0 + - W D L H F U Z (blank = Z)"

#: The most rounds a ``001`` line may hold.  A TRF reports one tournament: FIDE's example
#: has 7 rounds, big opens 9 to 13, a double round robin of 20 players 38, the longest world
#: championship match 48 games.  A longer line is refused before its cells are read (each
#: of its rounds would be a round of every player).
MAX_ROUNDS = MAX_ROUND
#: Ratings a TRF may give (0 or blank: unrated); FIDE's highest ever is 2882.
MAX_RATING = RATING_MAX

#: Control characters refused in a player line (tabs shift the fixed columns) and in a tag
#: line (tabs are kept there: they are written back as they are).
_CONTROL_IN_PLAYER_LINE = re.compile(r"[\x00-\x1f\x7f]")
_CONTROL_IN_TAG_LINE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def round_column(round_: int) -> int:
    """First column of round ``round_``'s cell (TRF-16: 92 + 10 (r - 1))."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_ - 1)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int`` refuses."""
    return bool(text) and text.isascii() and text.isdigit()
