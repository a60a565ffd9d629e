from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # tests only; notebooks keep the inline backend

from fractions import Fraction

import matplotlib.pyplot as plt

from ratingkit.notebook.plots.fide2024 import plot_initial_rating

OPPONENTS = (1902, 1877, 1884, 2012, 1832)


def test_initial_rating_lines_hold_the_published_ratings():
    ax = plot_initial_rating(OPPONENTS)
    old, new = ax.get_lines()[:2]
    # 2014: 0 points is not counted (8.21); 3 points: Rc + 20 per half point above 50% (8.23)
    assert list(old.get_xdata()) == [x / 2 for x in range(1, 11)]
    rc = Fraction(sum(OPPONENTS), 5)
    assert old.get_ydata()[list(old.get_xdata()).index(3.0)] == int(rc + 20 + Fraction(1, 2))
    # 2024: Ra with two 1800 draws, p = 4/7 -> dp +50 (table 8.1a)
    ra = Fraction(sum(OPPONENTS) + 3600, 7)
    assert new.get_ydata()[list(new.get_xdata()).index(3.0)] == int(ra + 50 + Fraction(1, 2))
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["fide-2014", "fide-2024"]
    plt.close("all")
