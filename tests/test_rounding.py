from __future__ import annotations

import decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratingkit.core.rounding import (
    exact,
    round_half_away_from_zero,
    round_half_even,
    round_half_up,
    round_hundredths_half_up,
    round_ratio_half_away_from_zero,
    round_to_step,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2.5, 3),
        (-2.5, -3),
        (2.4999, 2),
        (-0.5, -1),
        (0.5, 1),
        (0, 0),
        (Fraction(-5, 2), -3),
    ],
)
def test_half_away_from_zero(value, expected):
    # FIDE 2014 8.57 as FIDE applies it (RULES.md section 1): -2.5 -> -3.
    assert round_half_away_from_zero(value) == expected


def test_half_up_and_half_even():
    assert round_half_up(-2.5) == -2
    assert round_half_up(2.5) == 3
    assert round_half_even(2.5) == 2
    assert round_half_even(3.5) == 4
    assert round_half_even(-2.5) == -2


def test_floats_are_read_through_their_decimal_form():
    # The binary float 2.675 lies just below 2.675, so Python's round(2.675, 2) gives 2.67;
    # ratingkit reads floats through repr, so a printed 2.675 is a half and rounds up.
    assert round(2.675, 2) == 2.67
    assert exact(0.57) == Fraction(57, 100)
    assert round_hundredths_half_up(2.675) == Fraction(268, 100)


def test_round_to_step_of_five():
    # FIDE 1982 10.32: Rn to the nearest 0 or 5.
    assert round_to_step(2272.4, 5) == 2270
    assert round_to_step(2272.5, 5) == 2275
    assert round_to_step(2277.6, 5) == 2280


def test_hundredths():
    assert round_hundredths_half_up(Fraction(1, 8)) == Fraction(13, 100)
    assert round_hundredths_half_up(Fraction(2, 3)) == Fraction(67, 100)


@given(st.integers(-(10**9), 10**9), st.integers(1, 10**6))
def test_half_away_from_zero_of_a_fraction_in_integers_is_the_decimal_rule(numerator, denominator):
    # FIDE 2014 8.57: the integer path of a Fraction (and round_ratio_half_away_from_zero)
    # against an independent computation: Python's Decimal rounding ROUND_HALF_UP, which
    # rounds halves away from zero, on the exact quotient.
    context = decimal.Context(prec=60, rounding=decimal.ROUND_HALF_UP)
    quotient = context.divide(decimal.Decimal(numerator), decimal.Decimal(denominator))
    # 60 digits hold an exact half (denominator up to 10**6): no quotient is near one.
    expected = int(quotient.quantize(decimal.Decimal(1), context=context))
    assert round_half_away_from_zero(Fraction(numerator, denominator)) == expected
    assert round_ratio_half_away_from_zero(numerator, denominator) == expected
    assert round_half_away_from_zero(numerator) == numerator
