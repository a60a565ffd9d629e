from __future__ import annotations

import math
from fractions import Fraction

import pytest

from ratingkit.core.errors import InvalidValueError, RatingkitError
from ratingkit.core.expected import (
    NORMAL_SIGMA,
    formula_gap,
    logistic,
    normal,
    table_dp,
    table_dp_for_score,
    table_pd,
    table_pd_exact,
    table_pd_hundredths,
)
from ratingkit.core.tables import D_TO_PD, P_TO_DP


@pytest.mark.parametrize(("low", "high", "higher"), D_TO_PD)
def test_every_band_edge_of_8_1b(low, high, higher):
    for difference in (low, high):
        assert table_pd_hundredths(difference) == higher
        assert table_pd_hundredths(-difference) == 100 - higher


def test_8_1b_beyond_735():
    assert table_pd(736) == 1.0
    assert table_pd(-736) == 0.0
    assert table_pd(2000) == 1.0


def test_fractional_difference_rounds_to_the_nearest_band():
    # 3.4 reads as 3 (band 0-3, .50); 3.5 reads as 4 (band 4-10, .51), halves away from 0.
    assert table_pd(3.4) == 0.50
    assert table_pd(Fraction(7, 2)) == 0.51
    assert table_pd(-3.5) == 0.49


def test_exact_pd_is_a_fraction_of_hundredths():
    assert table_pd_exact(227) == Fraction(79, 100)


@pytest.mark.parametrize(("p", "dp"), P_TO_DP)
def test_every_row_of_8_1a(p, dp):
    assert table_dp(Fraction(p, 100)) == dp


def test_dp_rounds_p_to_hundredths():
    # 2/3 = 0.6667 reads as 0.67 (dp 125); 5.5/9 = 0.6111 as 0.61 (dp 80); 1/8 = 0.125 as 0.13.
    assert table_dp_for_score(2, 3) == 125
    assert table_dp_for_score(5.5, 9) == 80
    assert table_dp_for_score(1, 8) == -322


def test_dp_rejects_impossible_fractions():
    with pytest.raises(RatingkitError, match="0..1"):
        table_dp(1.2)
    with pytest.raises(InvalidValueError):
        table_dp_for_score(1, 0)


def test_logistic_values():
    assert logistic(0) == 0.5
    assert logistic(400) == pytest.approx(10 / 11)
    assert logistic(-400) == pytest.approx(1 / 11)


def test_normal_values():
    assert normal(0) == 0.5
    assert pytest.approx(282.842712, abs=1e-6) == NORMAL_SIGMA
    # One standard deviation above: Phi(1) = 0.841344746...
    assert normal(NORMAL_SIGMA) == pytest.approx(0.8413447461, abs=1e-9)


def test_table_was_computed_from_the_normal_curve():
    # Independent check of the claim in 8.1: within each band the normal curve rounds to the
    # printed PD, at least at the band's middle.
    for low, high, higher in D_TO_PD:
        middle = (low + high) / 2
        assert round(normal(middle) * 100) == higher, (low, high)


def test_formula_gap_is_largest_where_the_scan_says():
    gap = formula_gap("logistic", 800)
    scan = [(abs(logistic(d) - table_pd(d)), d) for d in range(801)]
    largest = max(g for g, _ in scan)
    assert gap.largest_gap == largest
    assert abs(logistic(gap.at_difference) - table_pd(gap.at_difference)) == largest
    assert gap.at_difference == min(d for g, d in scan if g == largest)
    assert math.isclose(gap.mean_absolute_gap, sum(g for g, _ in scan) / 801)


def test_formula_gap_rejects_unknown_formula():
    with pytest.raises(InvalidValueError, match="'cubic'"):
        formula_gap("cubic")


def test_displayable_tables_hold_the_data():
    from ratingkit.core.expected import comparison, table_8_1a, table_8_1b

    a = table_8_1a()
    assert len(a) == 101 and a.rows[0] == {"p": 1.0, "dp": 800}
    b = table_8_1b()
    assert len(b) == 51 and b.rows[-1]["PD H"] == 1.0 and b.rows[-1]["D from"] == 736
    rows = comparison([0, 400]).rows
    assert rows[1]["table 8.1b"] == 0.92
    assert rows[1]["logistic - table"] == pytest.approx(10 / 11 - 0.92)
