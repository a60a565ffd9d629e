"""Errors raised by ratingkit.

Every error is a :class:`RatingkitError`, itself a :class:`ValueError`, so a caller can catch
bad input with one ``except``.  Messages are one line and name the place (file, line, column)
and the offending value, so that a rating officer can fix the file without reading code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import PurePath

# The base class lives below the i18n module, which refuses an unknown language with it.
from .error_base import LanguageError as LanguageError
from .error_base import RatingkitError as RatingkitError
from .i18n import _, tr


@dataclass(frozen=True)
class Location:
    """Where a value came from: a file, a 1-based line and optionally a column or field."""

    file: str | None = None
    line: int | None = None
    column: int | str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(str(self.file))
        if self.line is not None:
            parts.append(tr("line {line}", line=self.line))
        if self.column is not None:
            if isinstance(self.column, int):
                parts.append(tr("column {column}", column=self.column))
            else:
                # A header cell is the field's name: one swollen by a quote left open (the
                # rest of the file) is named by its start, on one line.
                field = self.column
                if len(field) > 40 or not field.isprintable():
                    field = shown(field, 40)
                parts.append(tr("field {field}", field=field))
        return ", ".join(parts) if parts else _("<input>")


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters: a cell of
    thousands of characters is named by its start and its length, not quoted whole."""
    text = repr(value)
    if len(text) <= limit:
        return text
    length = len(value) if isinstance(value, str) else len(text)
    return tr("{start}... ({length:,} characters)", start=text[:limit], length=length)


class InputError(RatingkitError):
    """A value in an input file (or given from Python) is wrong.

    ``location`` says where, ``value`` what was found.
    """

    def __init__(self, message: str, location: Location | None = None, value: object = None):
        self.location = location
        self.value = value
        self.reason = message
        text = message if location is None else f"{location}: {message}"
        super().__init__(text)


class MalformedLineError(InputError):
    """A line does not have the shape its format requires."""


class UnknownResultError(InputError):
    """A result code is not one the format knows."""


class UnknownPlayerError(InputError):
    """A game names a player who is not in the event."""


class DuplicatePlayerError(InputError):
    """Two players share one id."""


class ConflictingGameError(InputError):
    """One game is recorded twice (once from each side) and the two records disagree."""

    def __init__(self, message: str, first: Location, second: Location, value: object = None):
        self.first = first
        self.second = second
        super().__init__(
            tr(
                "{message} (recorded at {first} and at {second})",
                message=message,
                first=first,
                second=second,
            ),
            None,
            value,
        )
        self.location = first


class InvalidValueError(InputError):
    """A value is out of its allowed range or of the wrong kind (a date, a grade, a number)."""


class UnknownRuleSetError(RatingkitError):
    """No rule set of that name is registered."""

    def __init__(self, name: str, available: list[str], suggestions: Sequence[str] = ()):
        self.name = name
        self.available = available
        #: The known names closest to ``name`` (:func:`difflib.get_close_matches`).
        self.suggestions = tuple(suggestions)
        names = ", ".join(available) if available else _("none yet")
        guess = ""
        if self.suggestions:
            shown = [repr(s) for s in self.suggestions]
            either = (
                tr("{names} or {last}", names=", ".join(shown[:-1]), last=shown[-1])
                if len(shown) > 1
                else shown[0]
            )
            guess = " " + tr("(did you mean {either}?)", either=either)
        super().__init__(
            tr(
                "unknown rule set {name!r}{guess}; available: {names}",
                name=name,
                guess=guess,
                names=names,
            )
        )


class UnknownFormatError(RatingkitError):
    """The file's format cannot be recognised or is not supported."""


class RuleSetCannotRateError(RatingkitError):
    """The rule set cannot rate this event (wrong game, missing data the rules need).

    ``reason`` is the message without the event's name or file in front (what a comparison of
    rule sets shows beside the event's name); ``where`` is that name or file, if given;
    ``wrong_game`` is True when the event is of the other game (chess, shogi)."""

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        where: str | None = None,
        wrong_game: bool = False,
    ):
        self.reason = reason if reason is not None else message
        self.where = where
        self.wrong_game = wrong_game
        super().__init__(message)


def names_a_place(message: str, places: Iterable[str]) -> bool:
    """Whether ``message`` names one of ``places`` (a file as given, or its name alone) as a
    word of its own: a folder ``r`` is not named by every message with an "r" in it."""
    for place in places:
        for name in dict.fromkeys((place, PurePath(place).name)) if place else ():
            if name and re.search(rf"(?<![\w.\-]){re.escape(name)}(?![\w\-])", message):
                return True
    return False


def placed(error: RatingkitError, place: str) -> RatingkitError:
    """A copy of ``error``, of its own class, whose message begins with ``place`` (the file a
    rule set's refusal concerns): ``"{place}: {message}"``.  ``reason`` (the message without a
    place, which a comparison of rule sets shows beside the event's name) is kept as it was."""
    copy = error.__class__.__new__(error.__class__)
    copy.__dict__.update(error.__dict__)
    copy.args = (f"{place}: {error}",)
    if isinstance(copy, RuleSetCannotRateError) and copy.where is None:
        copy.where = place
    return copy


@contextmanager
def naming(places: Sequence[str], *, also: Iterable[str] = ()) -> Iterator[None]:
    """Every :class:`RatingkitError` raised inside names its file: one whose message names
    none of ``places`` and ``also`` (an event's files as given, and the files read with them:
    the rule sets' refusals name the event by its title, "a round robin without rated players
    cannot rate ...") is raised again with ``places`` in front (:func:`placed`).  Without
    places nothing changes."""
    try:
        yield
    except RatingkitError as error:
        given = list(dict.fromkeys(p for p in places if p))
        if not given or names_a_place(str(error), [*given, *also]):
            raise
        raise placed(error, ", ".join(given)) from error
