"""Every row of FIDE's tables 8.1a and 8.1b, read from the seed's own text (a copy in
tests/data), against the data ratingkit ships."""

from __future__ import annotations

import itertools
import re

from conftest import DATA

from ratingkit.core.tables import D_TO_PD, D_TO_PD_BEYOND, P_TO_DP

SEED = (DATA / "fide-2014-section-8.txt").read_text(encoding="utf-8")


def _section(start: str, end: str) -> str:
    return SEED[SEED.index(start) : SEED.index(end)]


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def test_table_8_1a_every_row_matches_the_seed():
    text = _section("8.1a Таблица", "8.1b Таблица")
    rows = re.findall(r"([01],\d\d)\t(-?\d+)", text)
    from_seed = {round(_number(p) * 100): int(dp) for p, dp in rows}
    assert len(from_seed) == 101
    assert dict(P_TO_DP) == from_seed


def test_table_8_1b_every_band_matches_the_seed():
    text = _section("8.1b Таблица", "8.2.")
    rows = re.findall(r"(\d+)-(\d+)\t([01],\d\d)\t([01],\d\d)", text)
    from_seed = sorted(
        (int(lo), int(hi), round(_number(h) * 100), round(_number(l_) * 100))
        for lo, hi, h, l_ in rows
    )
    assert len(from_seed) == 50
    assert [(lo, hi, h) for lo, hi, h, _ in from_seed] == list(D_TO_PD)
    # The L column is the mirror of H in every row (8.1: "mirror images of each other").
    assert all(h + l_ == 100 for _, _, h, l_ in from_seed)


def test_table_8_1b_last_band_and_beyond():
    assert ">735\t1,00\t0,00" in SEED
    assert D_TO_PD[-1][1] == 735
    assert D_TO_PD_BEYOND == 100


def test_bands_are_contiguous_from_zero():
    assert D_TO_PD[0][0] == 0
    for (_, high, _), (low, _, _) in itertools.pairwise(D_TO_PD):
        assert low == high + 1


def test_table_8_1a_is_antisymmetric():
    dp = dict(P_TO_DP)
    assert all(dp[p] == -dp[100 - p] for p in range(101))
