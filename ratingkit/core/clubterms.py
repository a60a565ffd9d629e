"""What the columns of the LNMO club records mean: grades (LNMO rules 1, 1a and 6) and the
terms of each game (its kind, whether both players agreed it is rated, the illegal moves:
rules 1a, 4 and 5).

The club reader (:mod:`ratingkit.formats.clubcsv`) checks a file with these when it reads it;
the LNMO rule set reads the same values when it rates.  They live in the core, below both, so
that a reader imports no rule set and a rule set no reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import InvalidValueError, Location, shown
from .i18n import _, tr
from .model import Game
from .values import parse_bool, parse_int

__all__ = [
    "GRADE_RATING",
    "KINDS",
    "LNMO_KYU",
    "LOWEST_RATED_KYU",
    "Grade",
    "Terms",
    "game_terms",
    "kyu",
    "parse_grade",
]

#: Rule 1: the rating of each LNMO grade (kyu -> rating).
GRADE_RATING: Mapping[int, int] = {kyu: (18 - kyu) * 100 for kyu in range(7, 19)}
#: The LNMO grades: 7 kyu (strongest) to 20 kyu (1a lists 18, 19 and 20 kyu below table 1).
LNMO_KYU = range(7, 21)
#: Rule 3b: a rating is issued from 17 kyu.
LOWEST_RATED_KYU = 17


@dataclass(frozen=True, order=True)
class Grade:
    """A shogi grade on one scale: ``rank`` is -n for n kyu and n-1 for n dan, so that a
    higher rank is a stronger grade and D is a difference of ranks.  ``fesa`` marks a FESA
    grade (rule 6); otherwise it is an LNMO grade (7 to 20 kyu)."""

    rank: int
    fesa: bool = False

    @property
    def kyu(self) -> int | None:
        return -self.rank if self.rank < 0 else None

    @property
    def label(self) -> str:
        text = f"{-self.rank} kyu" if self.rank < 0 else f"{self.rank + 1} dan"
        return f"FESA {text}" if self.fesa else text

    def __str__(self) -> str:
        return self.label

    @property
    def table_rating(self) -> int | None:
        """Table 1's rating of an LNMO grade (None below 18 kyu and for FESA grades)."""
        return None if self.fesa else GRADE_RATING.get(self.kyu or 0)

    @property
    def is_rated(self) -> bool:
        """Rule 3b: an LNMO rating from 17 kyu up; rule 6: none with a FESA grade."""
        return not self.fesa and self.kyu is not None and self.kyu <= LOWEST_RATED_KYU


# ASCII digits, at most three (a 5,000-digit grade is refused, not a traceback).
_GRADE = re.compile(r"^(?:(fesa)\s*)?([0-9]{1,3})\s*-?\s*(kyu|k|кю|dan|d|дан)\.?$", re.I)


def kyu(n: int) -> Grade:
    """The LNMO grade ``n`` kyu."""
    return Grade(-n)


def parse_grade(text: str, location: Location | None = None, *, fesa: bool = False) -> Grade:
    """Read a grade (``12 kyu``, ``12k``, ``12 кю``; FESA grades also ``1 dan``).

    LNMO grades run from 7 kyu to 20 kyu; anything else is a FESA grade, which belongs in the
    ``prior_grade`` column (rule 6)."""
    match = _GRADE.match(text.strip())
    if not match:
        raise InvalidValueError(
            tr(
                ("cannot read grade {text} (expected e.g. '12 kyu' or, for FESA, '1 dan')"),
                text=shown(text),
            ),
            location,
            text,
        )
    number = int(match.group(2))
    is_dan = match.group(3).lower() in ("dan", "d", "дан")
    fesa = fesa or bool(match.group(1))
    if fesa:
        if number < 1 or (is_dan and number > 9) or (not is_dan and number > 20):
            raise InvalidValueError(tr("no such FESA grade {text!r}", text=text), location, text)
        return Grade(number - 1 if is_dan else -number, fesa=True)
    if is_dan or number not in LNMO_KYU:
        raise InvalidValueError(
            tr(
                (
                    "grade {text!r} does not exist in LNMO (7 kyu to 20 kyu, LNMO "
                    "rules 1 and 1a; a FESA grade goes in the 'prior_grade' column, "
                    "rule 6)"
                ),
                text=text,
            ),
            location,
            text,
        )
    return Grade(-number)


# -- Per-game terms from a game's columns ------------------------------------------------------

KINDS = ("rated", "handicap", "qualification")


@dataclass(frozen=True)
class Terms:
    """What the club records say about a game beyond its result."""

    event: str
    event_round: int
    kind: str
    agreed: bool | None  # None: no 'agreed' column (the default applies)
    kinte_white: int | None
    kinte_black: int | None


def column_location(game: Game, column: str) -> Location:
    where = game.location or Location()
    return Location(where.file, where.line, column)


def game_terms(game: Game, default_event: str = "event") -> Terms:
    """Read ``event``, ``kind``, ``agreed``, ``kinte_white``, ``kinte_black`` from a game's
    extra columns (as the club reader or the plain CSV reader keep them)."""
    extra = game.extra
    kind = str(extra.get("kind", "") or "rated").strip().lower()
    if kind not in KINDS:
        raise InvalidValueError(
            tr("unknown game kind {kind!r} (expected {kinds})", kind=kind, kinds=", ".join(KINDS)),
            column_location(game, "kind"),
            kind,
        )
    agreed_text = extra.get("agreed")
    agreed = None
    if agreed_text is not None:
        if str(agreed_text).strip() == "":
            raise InvalidValueError(
                tr("agreed must be yes or no (rule 4), got an empty cell"),
                column_location(game, "agreed"),
                "",
            )
        agreed = parse_bool(str(agreed_text), column_location(game, "agreed"))
    kinte: list[int | None] = []
    for column in ("kinte_white", "kinte_black"):
        text = str(extra.get(column, "") or "").strip()
        if not text:
            kinte.append(None)
            continue
        count = parse_int(text, column_location(game, column), what=_("illegal-move count"))
        if count < 0:
            raise InvalidValueError(
                tr("illegal-move count cannot be negative, got {text!r}", text=text),
                column_location(game, column),
                text,
            )
        if count and not game.is_played:
            raise InvalidValueError(
                tr(
                    (
                        "illegal-move count {text!r} for a game that was not played "
                        "(result {result})"
                    ),
                    text=text,
                    result=game.result_code,
                ),
                column_location(game, column),
                text,
            )
        kinte.append(count)
    event_round = extra.get("event_round", game.round)
    return Terms(
        event=str(extra.get("event") or default_event),
        event_round=int(str(event_round)),
        kind=kind,
        agreed=agreed,
        kinte_white=kinte[0],
        kinte_black=kinte[1],
    )
