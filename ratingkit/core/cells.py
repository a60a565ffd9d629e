"""A value as a table's cell shows it, in the language in force (:func:`format_cell`): a rating
whole, a change to two decimals, a decimal comma in Russian and Turkish, the outcome's English
words (event types, grades) translated, never "-0".  :mod:`ratingkit.core.report`'s tables and
:mod:`ratingkit.core.text_layout` show every cell through it."""

from __future__ import annotations

import math

from .grade_names import localized_grade
from .i18n import N_, _, current_language, decimal_separator, localized_number
from .output import plain

#: Columns that hold a rating as published: shown as integers.
RATING_COLUMNS: frozenset[str] = frozenset(
    {
        N_("rating_before"),
        N_("rating_after"),
        N_("rating"),
        N_("Ro"),
        N_("Rn"),
        N_("published_rating"),
        N_("Ru rounded"),
    }
)
#: Columns that hold a change of rating, or a rating in the middle of a computation (FESA's
#: running tr): shown with at most two decimals.
CHANGE_COLUMNS: frozenset[str] = frozenset(
    {
        N_("change"),
        N_("d"),
        N_("d_upset"),
        N_("upset"),
        N_("bonus"),
        N_("tr"),
        N_("tr_after"),
        N_("effective_rating"),
        N_("tested_rating"),
        N_("performance"),
    }
)


def _no_negative_zero(text: str) -> str:
    """ "-0", "-0.0", "-0.00" (a small negative value rounded away) without the minus."""
    if text.startswith("-") and text[1:].strip("0.") == "" and any(c == "0" for c in text):
        return text[1:]
    return text


#: Words an outcome keeps in English (values a program reads: the event type of
#: ``EventType``, the performance solver) that a table or a summary shows in the language;
#: grades are shown by :func:`~ratingkit.core.grade_names.localized_grade`.
VALUE_WORDS: frozenset[str] = frozenset(
    {
        N_("round robin"),
        N_("swiss"),
        N_("team"),
        N_("match"),
        N_("club"),
        N_("exact"),
        N_("newton32"),
        # FESA's categories (rule 3), as its outcomes keep them
        N_("established"),
        N_("provisional"),
    }
)


def shown_words(value: str) -> str:
    """A text value in the language now in force: a grade with its unit translated, one of
    :data:`VALUE_WORDS` translated, anything else (names, ids) as it is."""
    if not value or current_language() == "en":
        return value
    if value in VALUE_WORDS:
        return _(value)
    if value[0].isdigit() or value[0] in "Fn":
        return localized_grade(value)
    return value


def format_cell(value: object, fmt: str | None = None, column: str | None = None) -> str:
    """How a value is shown in text and HTML tables, in the language now in force (a decimal
    comma in Russian and Turkish, "да" for True).  ``fmt`` (the table's format of the
    column) comes first; without one, a column of :data:`RATING_COLUMNS` shows an integer and
    one of :data:`CHANGE_COLUMNS` at most two decimals.  No value shows as "-0"."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        # a list of decimals with decimal commas is separated by semicolons
        separator = "; " if decimal_separator() == "," else ", "
        return separator.join(format_cell(v) for v in value)
    if isinstance(value, int | float):
        return localized_number(_number_cell(value, fmt, column))
    if isinstance(value, str):
        return shown_words(value)
    return str(value)


def _number_cell(value: int | float, fmt: str | None, column: str | None) -> str:
    """A number as :func:`format_cell` shows it, the English way (a decimal point)."""
    if fmt is not None:
        shown = fmt.format(value)
        # a small negative value rounded to zero shows as zero does ("+0.00", not "-0.00")
        return fmt.format(type(value)(0)) if _no_negative_zero(shown) != shown else shown
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if column in RATING_COLUMNS:
            return _no_negative_zero(f"{value:.0f}")
        if column in CHANGE_COLUMNS and value != int(value):
            return _no_negative_zero(f"{value:.2f}".rstrip("0").rstrip("."))
        if value == int(value) and abs(value) < 1e15:
            shown = str(int(value)) if abs(value) >= 100 else f"{value:.1f}".rstrip("0").rstrip(".")
            return _no_negative_zero(shown)
        return _no_negative_zero(f"{value:.4f}".rstrip("0").rstrip("."))
    return str(value)


def rating_text(value: object) -> str:
    """A rating in a sentence: the integer, or "no rating" where there is none (a player not
    rated, or whose rating is not published yet)."""
    return _("no rating") if value is None else format_cell(value, column="rating")
