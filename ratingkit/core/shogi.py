"""FESA's grade table (rule 2), its handicap table (rule 12) and the conversion between
ratings and fractional grades.  Source: FESA's grade and handicap tables, which the Russian
copy of the FESA document references but does not print.

Grades are numbered on the handicap scale of rule 12: ``n kyu`` is grade ``15 - n`` (20 kyu is
-5, 1 kyu is 14), ``1 dan`` is 15 and ``n dan`` is ``14 + n`` (6 dan is 20).  A player without
a grade counts as one grade below 20 kyu (-6).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidValueError, Location, shown

# A grade's name in the language: below the report, which shows grades too (issue 27: no circle).
from .grade_names import localized_grade as localized_grade
from .i18n import N_, _, tr
from .report import Table


@dataclass(frozen=True)
class Grade:
    """One row of FESA's grade table (rule 2).

    ``lb`` / ``mp``: lower bound and middle point; ``ub`` is the LB of the grade above (for
    6 dan the table's "6 dan UB", 2640).  ``n_lb`` / ``n_mp``: consecutive games needed to be
    promoted *into* this grade by path (c) / (b) of rule 10; ``None`` where the table has "-".
    """

    name: str
    number: int
    lb: int
    mp: int
    ub: int
    n_lb: int | None
    n_mp: int | None


def _rows() -> tuple[Grade, ...]:
    # (name, LB, MP, #LB, #MP), lowest first.  FESA's grade table (rules 2 and 10).
    data: list[tuple[str, int, int, int | None, int | None]] = []
    for n, lb in zip((20, 19, 18, 17, 16), (0, 80, 160, 240, 320), strict=True):
        data.append((f"{n} kyu", lb, lb + 40, 6, 3))
    data += [
        ("15 kyu", 400, 440, 6, 3),
        ("14 kyu", 480, 520, 6, 3),
        ("13 kyu", 560, 600, 6, 3),
        ("12 kyu", 640, 680, 6, 3),
        ("11 kyu", 720, 760, 8, 4),
        ("10 kyu", 800, 840, 8, 4),
        ("9 kyu", 880, 920, 8, 4),
        ("8 kyu", 960, 1000, 8, 4),
        ("7 kyu", 1040, 1080, 10, 5),
        ("6 kyu", 1120, 1160, 10, 5),
        ("5 kyu", 1200, 1240, 10, 5),
        ("4 kyu", 1280, 1320, 12, 6),
        ("3 kyu", 1360, 1410, 12, 6),
        ("2 kyu", 1460, 1510, 12, 6),
        ("1 kyu", 1560, 1620, 14, 7),
        ("1 dan", 1680, 1740, 14, 7),
        ("2 dan", 1800, 1860, 14, 7),
        ("3 dan", 1920, 2000, 16, 8),
        ("4 dan", 2080, 2160, 16, 8),
        ("5 dan", 2240, 2340, None, 10),
        ("6 dan", 2440, 2540, None, None),
    ]
    ubs = [row[1] for row in data[1:]] + [SIX_DAN_UB]
    return tuple(
        Grade(name, -5 + i, lb, mp, ub, n_lb, n_mp)
        for i, ((name, lb, mp, n_lb, n_mp), ub) in enumerate(zip(data, ubs, strict=True))
    )


#: The table's "6 dan UB".
SIX_DAN_UB = 2640
#: Grade number of "no grade": one below 20 kyu (rule 10, promotions).
NO_GRADE = -6
GRADES: tuple[Grade, ...] = _rows()
_BY_NUMBER = {g.number: g for g in GRADES}

# ASCII digits, at most three: int() of 5,000 digits or of a superscript would be a traceback.
_GRADE_RE = re.compile(r"^\s*([0-9]{1,3})\s*-?\s*(dan|kyu|d|k)\.?\s*$", re.IGNORECASE)


def grade_by_number(number: int) -> Grade:
    return _BY_NUMBER[number]


def parse_grade(text: str, location: Location | None = None) -> Grade:
    """``1 dan``, ``1 Dan``, ``3 kyu``, ``10 Kyu``, ``2d``, ``5k`` -> the grade's row.
    Anything else (``7 dan``, ``21 kyu``, ``3 pawn``) is an :class:`InvalidValueError`."""
    match = _GRADE_RE.match(text)
    if match:
        n = int(match.group(1))
        unit = match.group(2).lower()[0]
        number = 14 + n if unit == "d" else 15 - n
        if (unit == "d" and 1 <= n <= 6) or (unit == "k" and 1 <= n <= 20):
            return _BY_NUMBER[number]
    raise InvalidValueError(
        tr(
            ("unknown grade {grade} (FESA grades run from 20 kyu to 6 dan, e.g. '3 kyu', '1 dan')"),
            grade=shown(text),
        ),
        location,
        text,
    )


def grade_name(number: int) -> str:
    """The grade's name; ``number`` -6 is "no grade"."""
    return "no grade" if number == NO_GRADE else _BY_NUMBER[number].name


def display_grade(number: int) -> str:
    """As FESA tables write it: ``1 Dan``, ``10 Kyu``; empty for no grade."""
    if number == NO_GRADE:
        return ""
    n, unit = grade_by_number(number).name.split()
    return f"{n} {unit.capitalize()}"


def shown_grade_name(number: int) -> str:
    """:func:`grade_name` in the language now in force, for a sentence."""
    return localized_grade(grade_name(number))


# -- rating <-> fractional grade (rule 12) --------------------------------------------------

#: (grade number, rating) knots: each grade's LB, then the 6 dan UB as grade 21.
_KNOTS: tuple[tuple[int, int], ...] = (*tuple((g.number, g.lb) for g in GRADES), (21, SIX_DAN_UB))


def rating_to_grade(rating: int | Fraction | float) -> Fraction | float:
    """A rating as a fractional grade, by linear interpolation between grade lower bounds
    (rule 12); beyond the ends the end segment is extended.  Exact
    for ints and Fractions; floats (used inside root finding) stay floats."""
    r = rating if isinstance(rating, float) else Fraction(rating)
    for (g0, r0), (g1, r1) in itertools.pairwise(_KNOTS):
        if r < r1 or (g1, r1) == _KNOTS[-1]:
            return g0 + (r - r0) / (r1 - r0)
    raise AssertionError("unreachable")  # pragma: no cover


def grade_to_rating(grade: Fraction | int | float) -> Fraction | float:
    """The inverse of :func:`rating_to_grade`."""
    g = grade if isinstance(grade, float) else Fraction(grade)
    for (g0, r0), (g1, r1) in itertools.pairwise(_KNOTS):
        if g < g1 or (g1, r1) == _KNOTS[-1]:
            return r0 + (g - g0) * (r1 - r0)
    raise AssertionError("unreachable")  # pragma: no cover


# -- handicaps (rule 12) --------------------------------------------------------------------

#: Rule 12's handicaps (English keys; shown in the language with ``_``).
HANDICAP_NAMES: tuple[str, ...] = (
    N_("sente"),
    N_("lance"),
    N_("bishop"),
    N_("rook"),
    N_("rook+lance"),
    N_("2 pieces"),
    N_("4 pieces"),
    N_("5 pieces"),
    N_("6 pieces"),
)
#: The handicap's effect in grades: current values and those used before 2005.
HANDICAP_GRADES: dict[str, tuple[Fraction, ...]] = {
    "current": tuple(
        Fraction(v) for v in ("0.20", "0.60", "1.50", "2.10", "2.70", "3.60", "5.00", "6.50", "8")
    ),
    "pre-2005": tuple(
        Fraction(v) for v in ("0.15", "0.50", "1.50", "2.00", "2.50", "3.50", "4.50", "6.00", "7")
    ),
}
_ALIASES = {
    "hirate sente": "sente",
    "kyo": "lance",
    "kyosha": "lance",
    "kaku": "bishop",
    "hisha": "rook",
    "hi": "rook",
    "hikyo": "rook+lance",
    "rook lance": "rook+lance",
    "rook and lance": "rook+lance",
    "nimai": "2 pieces",
    "2 piece": "2 pieces",
    "two pieces": "2 pieces",
    "yonmai": "4 pieces",
    "4 piece": "4 pieces",
    "four pieces": "4 pieces",
    "gomai": "5 pieces",
    "5 piece": "5 pieces",
    "five pieces": "5 pieces",
    "rokumai": "6 pieces",
    "6 piece": "6 pieces",
    "six pieces": "6 pieces",
}


def handicap_key(name: str, location: Location | None = None) -> str:
    """The table's name of a handicap (``Rook``, ``hisha`` -> ``rook``); unknown names raise
    :class:`InvalidValueError` listing the table."""
    key = re.sub(r"\s+", " ", name.strip().lower().replace("-", " ").replace("_", " "))
    key = key.replace(" + ", "+").replace("+ ", "+").replace(" +", "+")
    key = _ALIASES.get(key, key)
    if key in HANDICAP_NAMES:
        return key
    raise InvalidValueError(
        tr(
            "unknown handicap {name!r} (FESA rule 12 knows {handicap_names})",
            name=name,
            handicap_names=", ".join(HANDICAP_NAMES),
        ),
        location,
        name,
    )


def handicap_grades(
    name: str, values: str = "current", location: Location | None = None
) -> Fraction:
    """The handicap's effect in grades (rule 12), ``values`` "current" or "pre-2005"."""
    return HANDICAP_GRADES[values][HANDICAP_NAMES.index(handicap_key(name, location))]


def handicapped_rating(rating: int | Fraction | float, grades: Fraction) -> Fraction | float:
    """The giver's strength when he gives ``grades`` of handicap: his rating as a fractional
    grade, less the handicap, converted back (rule 12; 1862 giving rook -> 1610)."""
    return grade_to_rating(rating_to_grade(rating) - grades)


def grade_table() -> Table:
    """The grade table of rule 2 as a :class:`~ratingkit.core.report.Table`, highest grade first."""
    rows = [
        {
            "grade": g.name,
            "number": g.number,
            "LB": g.lb,
            "MP": g.mp,
            "UB": g.ub,
            "#LB": g.n_lb,
            "#MP": g.n_mp,
        }
        for g in reversed(GRADES)
    ]
    return Table("FESA grades (rule 2)", ("grade", "number", "LB", "MP", "UB", "#LB", "#MP"), rows)


def handicap_table() -> Table:
    """The handicap table of rule 12 (current and pre-2005 values, in grades)."""
    rows = [
        {
            "handicap": _(name),
            "current": HANDICAP_GRADES["current"][i],
            "pre-2005": HANDICAP_GRADES["pre-2005"][i],
        }
        for i, name in enumerate(HANDICAP_NAMES)
    ]
    return Table(
        N_("FESA handicaps in grades (rule 12)"),
        (N_("handicap"), N_("current"), N_("pre-2005")),
        rows,
    )


def handicap_conversion(rating: int, handicap: str, values: str = "current") -> dict[str, object]:
    """Every step of rule 12 for a giver of ``rating``: his fractional grade, the handicap in
    grades, the grade he plays at, the rating that gives, and the drop."""
    grades = handicap_grades(handicap, values)
    grade = rating_to_grade(rating)
    effective = handicapped_rating(rating, grades)
    return {
        "rating": rating,
        "grade": grade,
        "handicap": handicap_key(handicap),
        "values": values,
        "handicap_grades": grades,
        "effective_grade": grade - grades,
        "effective_rating": effective,
        "drop": rating - effective,
    }


def handicap_steps(rating: int, handicap: str, values: str = "current") -> Table:
    """:func:`handicap_conversion` as a two-column table, step by step."""
    v = handicap_conversion(rating, handicap, values)
    handicap = _(str(v["handicap"]))
    rows = [
        {"step": _("giver's rating"), "value": v["rating"]},
        {"step": _("as a grade (between lower bounds)"), "value": v["grade"]},
        {
            "step": tr("{handicap}, {values} value (grades)", handicap=handicap, values=_(values)),
            "value": v["handicap_grades"],
        },
        {"step": _("grade he plays at"), "value": v["effective_grade"]},
        {"step": _("rating he plays at"), "value": v["effective_rating"]},
        {"step": _("drop added to the opponent's rating (giver's side)"), "value": v["drop"]},
    ]
    return Table(
        tr("rule 12: {rating} giving {handicap}", rating=rating, handicap=handicap),
        (N_("step"), N_("value")),
        rows,
    )
