"""Parsers for the plain values found in rating files: dates, booleans, numbers, ratings.

Each parser takes the raw text and a :class:`~ratingkit.errors.Location` and raises an
:class:`~ratingkit.errors.InvalidValueError` that quotes the text when it cannot read it.
"""

from __future__ import annotations

import re
from datetime import date

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
                f"cannot read date {text!r} (expected YYYY-MM-DD or DD.MM.YYYY)", location, text
            )
    try:
        return date(year, month, day)
    except ValueError as exc:
        raise InvalidValueError(f"impossible date {text!r}: {exc}", location, text) from None


def parse_bool(text: str, location: Location | None = None) -> bool:
    """Read yes/no, true/false or 1/0 (any case)."""
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise InvalidValueError(f"expected yes/no, true/false or 1/0, got {text!r}", location, text)


def parse_int(text: str, location: Location | None = None, *, what: str = "number") -> int:
    """Read a whole number; the message says which quantity was expected."""
    raw = text.strip()
    try:
        return int(raw)
    except ValueError:
        raise InvalidValueError(
            f"{what} must be a whole number, got {text!r}", location, text
        ) from None


def parse_rating(text: str, location: Location | None = None) -> int | None:
    """Read a rating; an empty cell or ``0`` (FIDE's "no rating") means unrated."""
    raw = text.strip()
    if raw in ("", "0", "-"):
        return None
    value = parse_int(raw, location, what="rating")
    if value < 0:
        raise InvalidValueError(f"rating cannot be negative, got {text!r}", location, text)
    return value


def parse_points(text: str, location: Location | None = None) -> float:
    """Read a score such as ``5``, ``5.5``, ``5,5`` or ``5½``."""
    raw = text.strip().replace(",", ".").replace("½", ".5")
    if raw.startswith("."):
        raw = "0" + raw
    try:
        value = float(raw)
    except ValueError:
        raise InvalidValueError(f"points must be a number, got {text!r}", location, text) from None
    if value < 0 or (value * 2) != int(value * 2):
        raise InvalidValueError(
            f"points must be a non-negative multiple of 0.5, got {text!r}", location, text
        )
    return value
