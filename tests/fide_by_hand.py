"""FIDE's tables 8.1a and 8.1b worked out by hand for the tests, with no ratingkit code: read
from the printed text of FIDE 2014 section 8 (tests/data/fide-2014-section-8.txt), with plain
arithmetic.  The FIDE tests compute their expected values with these."""

from __future__ import annotations

import re
from fractions import Fraction

from conftest import DATA

SEED = (DATA / "fide-2014-section-8.txt").read_text(encoding="utf-8")


def _seed_pd_bands() -> list[tuple[int, int, Fraction]]:
    text = SEED[SEED.index("8.1b Таблица") : SEED.index("8.2.")]
    rows = re.findall(r"(\d+)-(\d+)\t([01]),(\d\d)\t", text)
    return [(int(lo), int(hi), Fraction(int(a) * 100 + int(b), 100)) for lo, hi, a, b in rows]


def _seed_dp() -> dict[int, int]:
    text = SEED[SEED.index("8.1a Таблица") : SEED.index("8.1b Таблица")]
    return {
        int(a) * 100 + int(b): int(dp) for a, b, dp in re.findall(r"([01]),(\d\d)\t(-?\d+)", text)
    }


#: Table 8.1b: (lowest |D|, highest |D|, PD of the higher rated player).
BANDS = _seed_pd_bands()
#: Table 8.1a: p in hundredths -> dp.
DP = _seed_dp()


def pd_uncapped(d: int) -> Fraction:
    """PD of table 8.1b for a difference d as given (no cap; beyond 735: 1.00 / 0.00)."""
    for lo, hi, h in BANDS:
        if lo <= abs(d) <= hi:
            return h if d >= 0 else 1 - h
    return Fraction(1) if d >= 0 else Fraction(0)


def pd(d: int) -> Fraction:
    """PD of table 8.1b with the 400 cap of 8.54."""
    return pd_uncapped(max(-400, min(400, d)))


def dp(points, games: int) -> int:
    """dp of table 8.1a for p = points/games rounded to hundredths (halves up)."""
    return DP[int(Fraction(points) * 100 / games + Fraction(1, 2))]


def half_away(x: Fraction) -> int:
    """8.57: the nearest whole number, .5 away from zero."""
    n = int(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n
