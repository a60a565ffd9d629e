"""Parsers for the plain values found in rating files: dates, booleans, numbers, ratings.

Each parser takes the raw text and a :class:`~ratingkit.core.errors.Location` and raises an
:class:`~ratingkit.core.errors.InvalidValueError` that quotes the text when it cannot read it.
"""

from __future__ import annotations

import calendar
import re
from datetime import MAXYEAR, MINYEAR, date
from fractions import Fraction

from ..core.i18n import N_, _, tr
from .errors import InvalidValueError, Location

_TRUE = {"yes", "y", "true", "t", "1"}
_FALSE = {"no", "n", "false", "f", "0"}

# Year first (2005-07-28, 2005/07/28, 2005.07.28) or day first (28.07.2005, "28. 07. 2005").
_YEAR_FIRST = re.compile(r"^(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})$")
_DAY_FIRST = re.compile(r"^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$")
_YEAR_ONLY = re.compile(r"^(\d{4})$")


def parse_date(text: str, location: Location | None = None, *, year_only: bool = False) -> date:
    """Read a date as FIDE and club files write them.

    Accepts ``2005-07-28``, ``2005/07/28``, ``2005.07.28``, ``28.07.2005`` and FIDE's own
    ``28. 07. 2005``.  With ``year_only`` a bare year (``1969``) reads as 1 January.
    """
    raw = text.strip()
    match = _YEAR_FIRST.match(raw)
    if match:
        year, month, day = (int(g) for g in match.groups())
    else:
        match = _DAY_FIRST.match(raw)
        if match:
            day, month, year = (int(g) for g in match.groups())
        elif year_only and _YEAR_ONLY.match(raw):
            year, month, day = int(raw), 1, 1
        else:
            raise InvalidValueError(
                tr("cannot read date {text!r} (expected YYYY-MM-DD or DD.MM.YYYY)", text=text),
                location,
                text,
            )
    try:
        return date(year, month, day)
    except ValueError:
        # Our own words, not Python's ("month must be in 1..12"): the message is the user's.
        if not 1 <= month <= 12:
            reason = tr("there is no month {month}", month=month)
        elif not MINYEAR <= year <= MAXYEAR:
            reason = tr("year {year} is out of range", year=year)
        else:
            reason = tr("that month has {days} days", days=calendar.monthrange(year, month)[1])
        raise InvalidValueError(
            tr("impossible date {text!r}: {exc}", text=text, exc=reason), location, text
        ) from None


def parse_bool(text: str, location: Location | None = None) -> bool:
    """Read yes/no, true/false or 1/0 (any case)."""
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise InvalidValueError(
        tr("expected yes/no, true/false or 1/0, got {text!r}", text=text), location, text
    )


#: A whole number as files write it: ASCII digits, an optional sign (``int()`` would also take
#: other scripts' digits, underscores and thousands of digits).
_INT = re.compile(r"^[+-]?[0-9]{1,18}$")
#: Points: digits with at most one decimal part (``.`` or ``,``), or a trailing ``½``.
_POINTS = re.compile(r"^(?:([0-9]{1,6})(?:[.,]([0-9]{1,6}))?|([0-9]{0,6})½|[.,]([0-9]{1,6}))$")

#: The ratings a file may give: 0 (unrated) to 4000.  No rating system of ratingkit comes
#: near 4000 (FIDE's best are under 2900, FESA's under 3000); a larger number is a typing or
#: column mistake.  Negative ratings are refused here: the player file writes a system's own
#: rating at or below 0 in a column of its own (LNMO ``lnmo_rating``).
#: The highest rating any system here publishes or reads (FIDE and FESA alike).
RATING_MAX = 4000
RATING_RANGE = (0, RATING_MAX)


def parse_int(text: str, location: Location | None = None, *, what: str = N_("number")) -> int:
    """Read a whole number (ASCII digits, at most 18 of them); the message says which
    quantity was expected."""
    raw = text.strip()
    if not _INT.match(raw):
        shown = text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"
        if re.fullmatch(r"[+-]?[0-9]+", raw):
            raise InvalidValueError(
                tr(
                    "{what} {shown!r} is out of range ({digits} digits)",
                    what=_(what),
                    shown=shown,
                    digits=len(raw.lstrip("+-")),
                ),
                location,
                text,
            )
        raise InvalidValueError(
            tr("{what} must be a whole number, got {shown!r}", what=_(what), shown=shown),
            location,
            text,
        )
    return int(raw)


#: The highest round number an event file may give, and the most rounds an event may declare
#: (``rounds``, ``rounds_per_day``): the TRF reader's bound too (``formats.trf.MAX_ROUNDS``).
#: The longest events rated here stay far below it (a double round robin of 30 players has 58
#: rounds, the longest world championship match 48 games); a larger number is a typing or
#: column mistake, refused with its file, line and value.
MAX_ROUND = 999


def parse_round(text: str, location: Location | None = None, *, what: str = N_("round")) -> int:
    """Read a round number (or a count of rounds): a whole number from 1 to :data:`MAX_ROUND`."""
    value = parse_int(text, location, what=what)
    if value < 1:
        raise InvalidValueError(
            tr("{what} must be 1 or more, got {value}", what=_(what), value=value),
            location,
            value,
        )
    if value > MAX_ROUND:
        raise InvalidValueError(
            tr(
                "{what} must be at most {limit}, got {value} (a typing or column mistake?)",
                what=_(what),
                limit=MAX_ROUND,
                value=value,
            ),
            location,
            value,
        )
    return value


def parse_rating(text: str, location: Location | None = None) -> int | None:
    """Read a rating; an empty cell or ``0`` (FIDE's "no rating") means unrated.  A rating
    outside :data:`RATING_RANGE` is refused."""
    raw = text.strip()
    if raw in ("", "0", "-"):
        return None
    value = parse_int(raw, location, what=N_("rating"))
    if value < 0:
        raise InvalidValueError(
            tr("rating cannot be negative, got {text!r}", text=text), location, text
        )
    low, high = RATING_RANGE
    if value > high:
        raise InvalidValueError(
            tr(
                ("rating {text!r} is out of range (ratings run from {low} to {high})"),
                text=text.strip(),
                low=low,
                high=high,
            ),
            location,
            text,
        )
    return value


def parse_points(text: str, location: Location | None = None) -> float:
    """Read a score such as ``5``, ``5.5``, ``5,5``, ``5½`` or ``½``: a non-negative multiple
    of 0.5 written with at most 6 digits before the decimal point (``nan``, ``inf``, ``1e9``
    and signs are refused)."""
    raw = text.strip()
    match = _POINTS.match(raw)
    if not match:
        shown = text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"
        raise InvalidValueError(
            tr("points must be a number, got {shown!r}", shown=shown), location, text
        )
    whole, decimals, before_half, only_decimals = match.groups()
    if before_half is not None:
        value = Fraction(int(before_half or "0")) + Fraction(1, 2)
    elif only_decimals is not None:
        value = Fraction(f"0.{only_decimals}")
    else:
        value = Fraction(f"{whole}.{decimals or '0'}")
    if (value * 2).denominator != 1:
        raise InvalidValueError(
            tr("points must be a non-negative multiple of 0.5, got {text!r}", text=text),
            location,
            text,
        )
    return float(value)
