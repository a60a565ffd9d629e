"""Expected scores: FIDE's printed tables (the law) and the formulas that approximate them.

* :func:`table_pd` / :func:`table_pd_hundredths`: table 8.1b, D -> PD (FIDE 2014 8.1b).
* :func:`table_dp`: table 8.1a, p -> dp (FIDE 2014 8.1a).
* :func:`expected_against`: 1 / (1 + 10^(D/400)) for D = the opponent's rating minus one's
  own, the logistic formula written once: FESA's formula (1) (``ratingkit.fesa.formula``) is
  this function; :func:`logistic` is it for the player D points above, as FIDE 1982 14.1 uses
  it as an approximation.
* :func:`normal`: the normal curve the FIDE tables were computed from, with standard deviation
  200 * sqrt(2) for the difference of two players' performances (FIDE 2014 8.1: "200 points
  between classes").
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.i18n import N_, _, tr
from .errors import InvalidValueError
from .report import ShownAsTable, fields_table
from .rounding import Number, exact, round_half_up, round_hundredths_half_up
from .tables import D_TO_PD, D_TO_PD_BEYOND, P_TO_DP

if TYPE_CHECKING:
    from .report import Table

#: The standard deviation of a rating difference in the normal model behind FIDE's tables.
NORMAL_SIGMA = 200 * math.sqrt(2)

_BAND_ENDS = [high for _, high, _ in D_TO_PD]
_DP_BY_P = dict(P_TO_DP)


F = TypeVar("F", float, Any)


def expected_against(opponent_minus_own: F) -> F:
    """The logistic expectation 1 / (1 + 10^(D/400)) of a player whose opponent is rated D
    above him (FESA's formula (1), with D = or - tr), in the arithmetic of its argument: a
    float, or a NumPy single for FESA's program's single-precision Newton iteration.  The one
    place the logistic formula is written."""
    return 1 / (1 + 10 ** (opponent_minus_own / 400))


def logistic(difference: float) -> float:
    """Expected score of the player ``difference`` points above his opponent (logistic)."""
    return float(expected_against(-difference))


def normal(difference: float, sigma: float = NORMAL_SIGMA) -> float:
    """Expected score from the normal curve: Phi(D / sigma), sigma = 200 * sqrt(2)."""
    return 0.5 * (1.0 + math.erf(difference / (sigma * math.sqrt(2.0))))


def table_pd_hundredths(difference: Number) -> int:
    """PD in hundredths from table 8.1b for a player ``difference`` points above (positive:
    the higher rated H) or below (negative: the lower rated L) his opponent.

    A non-integer difference (an average opponent rating) is first rounded to the nearest
    integer, halves away from zero, since the table's bands are whole points.
    """
    value: Number
    if isinstance(difference, int):  # the common case, without rational arithmetic
        value, magnitude = difference, abs(difference)
    else:
        value = exact(difference)
        magnitude = round_half_up(abs(value))
    index = bisect.bisect_left(_BAND_ENDS, magnitude)
    higher = D_TO_PD[index][2] if index < len(D_TO_PD) else D_TO_PD_BEYOND
    return higher if value >= 0 else 100 - higher


def table_pd(difference: Number) -> float:
    """PD from table 8.1b as a float (see :func:`table_pd_hundredths`)."""
    return table_pd_hundredths(difference) / 100


def table_pd_exact(difference: Number) -> Fraction:
    """PD from table 8.1b as an exact fraction, for sums that are rounded later."""
    return Fraction(table_pd_hundredths(difference), 100)


def table_dp(fraction: Number) -> int:
    """dp from table 8.1a for a score fraction p, rounded to two decimals first (halves up).

    p = 1.00 gives +800 and p = 0.00 gives -800 (FIDE 2014 8.1).
    """
    value = exact(fraction)
    if value < 0 or value > 1:
        raise InvalidValueError(
            tr("a score fraction must lie in 0..1, got {value}", value=float(value)), None, fraction
        )
    hundredths = int(round_hundredths_half_up(value) * 100)
    return _DP_BY_P[hundredths]


def table_dp_for_score(points: Number, games: int) -> int:
    """dp for ``points`` out of ``games`` (p = points / games)."""
    if games <= 0:
        raise InvalidValueError(
            tr("dp needs at least one game, got {games}", games=games), None, games
        )
    return table_dp(exact(points) / games)


@dataclass(frozen=True)
class FormulaGap(ShownAsTable):
    """How far a formula strays from table 8.1b over a range of differences."""

    formula: str
    largest_gap: float
    at_difference: int
    mean_absolute_gap: float

    # IPython prints a dataclass by its own repr unless the class itself says otherwise.
    _repr_pretty_ = ShownAsTable._repr_pretty_

    def table(self) -> Table:
        return fields_table(
            tr(
                "the {formula} formula against FIDE 2014 table 8.1b",
                formula=_(self.formula),  # "logistic", "normal": columns marked with N_ below
            ),
            (
                ("largest_gap", self.largest_gap, _("largest |formula - table|")),
                ("at_difference", self.at_difference, _("at the rating difference D")),
                ("mean_absolute_gap", self.mean_absolute_gap, _("mean |formula - table|")),
            ),
        )


def formula_gap(formula: str = "logistic", up_to: int = 800) -> FormulaGap:
    """Largest and mean absolute gap between a formula and table 8.1b for D = 0..up_to.

    ``formula`` is ``"logistic"`` or ``"normal"``.  Ties for the largest gap go to the
    smallest D.
    """
    function = {"logistic": logistic, "normal": normal}.get(formula)
    if function is None:
        raise InvalidValueError(
            tr("unknown formula {formula!r} (logistic or normal)", formula=formula), None, formula
        )
    gaps = [(abs(function(d) - table_pd(d)), d) for d in range(up_to + 1)]
    largest, at = max(gaps, key=lambda item: (item[0], -item[1]))
    mean = sum(g for g, _ in gaps) / len(gaps)
    return FormulaGap(formula, largest, at, mean)


def table_8_1a() -> Table:
    """Table 8.1a as a displayable :class:`~ratingkit.core.report.Table` (p, dp)."""
    from .report import Table

    rows = [{"p": p / 100, "dp": dp} for p, dp in sorted(P_TO_DP, reverse=True)]
    return Table("FIDE 2014 table 8.1a: p -> dp", ("p", "dp"), rows, {"p": "{:.2f}"})


def table_8_1b() -> Table:
    """Table 8.1b as a displayable :class:`~ratingkit.core.report.Table` (D band, PD of H and L)."""
    from .report import Table

    rows: list[dict[str, object]] = [
        {"D from": low, "D to": high, "PD H": h / 100, "PD L": (100 - h) / 100}
        for low, high, h in D_TO_PD
    ]
    rows.append(
        {
            "D from": D_TO_PD[-1][1] + 1,
            "D to": None,
            "PD H": D_TO_PD_BEYOND / 100,
            "PD L": (100 - D_TO_PD_BEYOND) / 100,
        }
    )
    return Table(
        "FIDE 2014 table 8.1b: D -> PD",
        ("D from", "D to", "PD H", "PD L"),
        rows,
        {"PD H": "{:.2f}", "PD L": "{:.2f}"},
    )


def comparison(differences: Iterable[int]) -> Table:
    """PD from table 8.1b, the logistic and the normal curve for each difference, with the
    formulas' errors against the table."""
    from .report import Table

    rows = []
    for d in differences:
        table = table_pd(d)
        rows.append(
            {
                "D": d,
                "table 8.1b": table,
                "logistic": logistic(d),
                "normal": normal(d),
                "logistic - table": logistic(d) - table,
                "normal - table": normal(d) - table,
            }
        )
    columns = (
        "D",
        N_("table 8.1b"),
        N_("logistic"),
        N_("normal"),
        N_("logistic - table"),
        N_("normal - table"),
    )
    formats = {c: "{:.4f}" for c in columns[2:]} | {"table 8.1b": "{:.2f}"}
    formats |= {"logistic - table": "{:+.4f}", "normal - table": "{:+.4f}"}
    return Table(N_("Expected score of the higher rated player"), columns, rows, formats)
