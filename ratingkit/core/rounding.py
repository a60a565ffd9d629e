"""Rounding rules the documents prescribe, on exact values.

Rule sets round with these functions on :class:`fractions.Fraction` or ``int`` values, never
on binary floats, so that ``-2.5`` is exactly a half and not ``-2.4999999``.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

Number = int | float | Fraction | Decimal


def _exact(value: Number) -> Fraction:
    if isinstance(value, float):
        # Through the shortest decimal repr: 0.57 means 57/100, not its binary neighbour.
        return Fraction(Decimal(repr(value)))
    return Fraction(value)


def round_half_away_from_zero(value: Number) -> int:
    """Nearest integer, halves away from zero: 2.5 -> 3, -2.5 -> -3 (FIDE 2014 8.57 as FIDE
    applies it)."""
    # An int or a fraction in integers (a FIDE month rounds thousands of Ru): no Fraction made.
    if type(value) is int:
        return value
    if type(value) is Fraction:
        return round_ratio_half_away_from_zero(value.numerator, value.denominator)
    exact = _exact(value)
    magnitude = math.floor(abs(exact) + Fraction(1, 2))
    return magnitude if exact >= 0 else -magnitude


def round_ratio_half_away_from_zero(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator`` > 0) to the nearest integer, halves away
    from zero, as :func:`round_half_away_from_zero` rounds it, in integers:
    floor(|n| / d + 1/2) is (2|n| + d) // 2d."""
    magnitude = (2 * abs(numerator) + denominator) // (2 * denominator)
    return magnitude if numerator >= 0 else -magnitude


def round_half_up(value: Number) -> int:
    """Nearest integer, halves towards plus infinity: 2.5 -> 3, -2.5 -> -2."""
    return math.floor(_exact(value) + Fraction(1, 2))


def round_half_even(value: Number) -> int:
    """Nearest integer, halves to the even neighbour: 2.5 -> 2, 3.5 -> 4 (FESA's program)."""
    return round(_exact(value))


def round_to_step(value: Number, step: int) -> int:
    """Nearest multiple of ``step``, halves up (FIDE 1982 10.32 rounds Rn to 0 or 5)."""
    return step * round_half_up(_exact(value) / step)


def round_hundredths_half_up(value: Number) -> Fraction:
    """To two decimals, halves up: the precision of table 8.1a's p."""
    return Fraction(round_half_up(_exact(value) * 100), 100)


def exact(value: Number) -> Fraction:
    """The exact rational value of a number (floats read through their decimal repr)."""
    return _exact(value)
