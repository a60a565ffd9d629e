"""A shogi grade's name in the language now in force: what the report shows for a grade and
what the rating systems write in their notes.

It lies below :mod:`ratingkit.core.report` and :mod:`ratingkit.core.shogi` (whose tables are
reports), so that neither imports the other in a circle.
"""

from __future__ import annotations

import re

from .i18n import N_, _, current_language

__all__ = ["localized_grade"]

#: A grade as the outcomes write it ("4 kyu", "FESA 1 dan"); kyu and dan are the LNMO
#: document's кю and дан in Russian (LNMO club shogi system, 1; the glossary).
_GRADE_TEXT = re.compile(r"(FESA )?(\d{1,2}) (kyu|dan)")
_UNITS = {"kyu": N_("kyu"), "dan": N_("dan")}


def localized_grade(text: str) -> str:
    """A grade's name ("4 kyu", "FESA 1 dan", "no grade") in the language now in force
    ("4 кю"); any other text as it is.  The outcomes keep the English name (a key)."""
    if current_language() == "en":
        return text
    if text == "no grade":
        return _("no grade")
    if ", " in text:  # several grades (a promotion over two grades)
        return ", ".join(localized_grade(part) for part in text.split(", "))
    grade = _GRADE_TEXT.fullmatch(text)
    if grade is None:
        return text
    prefix, number, unit = grade.groups()
    return f"{prefix or ''}{number} {_(_UNITS[unit])}"
