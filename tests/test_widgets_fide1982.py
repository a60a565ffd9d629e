"""The FIDE 1982 round robin explorer, driven from Python as a user would drive it."""

from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

from conftest import ROOT

from ratingkit.fide1982 import convergence_games
from ratingkit.formats import read_event
from ratingkit.notebook.plots.fide1982 import (
    plot_convergence,
    plot_logistic_against_table,
    plot_replacement,
)
from ratingkit.notebook.widgets.fide1982 import BergerExplorer

EXAMPLE = ROOT / "examples" / "fide-1982-berger.csv"


def _explorer() -> BergerExplorer:
    return BergerExplorer(read_event(EXAMPLE))


def test_starts_with_the_10_68_table():
    explorer = _explorer()
    assert explorer.summary == {"Rar": 2375, "dpa": Fraction(59, 2), "Ra": 2348}
    assert explorer.values["A"]["Rc2"] == 2373 and explorer.values["I"]["Ru2"] == 1935
    assert "<b>" not in explorer.output.value  # nothing changed yet


def test_moving_a_point_from_f_to_g():
    """G 3 -> 4 balanced by F 4 -> 3: dpa and Ra stay (the dp's swap), G's DR becomes
    15 * (4 - 0.43 * 9) and F's 15 * (3 - 0.23 * 9) (10.64, PD from table B)."""
    explorer = _explorer()
    explorer.player.value = "G"
    assert explorer.points.value == 3
    explorer.balance.value = "F"
    explorer.points.value = 4
    values = explorer.values
    assert values["G"]["score"] == 4 and values["F"]["score"] == 3
    assert explorer.summary["Ra"] == 2348
    assert values["G"]["DR"] == 15 * (4 - Fraction(43, 100) * 9)
    assert values["F"]["DR"] == 15 * (3 - Fraction(23, 100) * 9)
    assert "<b>+1.95</b>" in explorer.output.value  # G's new DR, marked as changed


def test_changing_a_rating_moves_ra_and_the_unrated_players():
    """F 2150 -> 2380: Rar = (14250 + 230) / 6, Ra = Rar - 29.5 * 9/10 rounded, C's first Ru
    = Ra + 5 * 12.5 rounded (10.21, 10.23)."""
    explorer = _explorer()
    explorer.player.value = "F"
    explorer.rating.value = 2380
    rar = Fraction(14250 + 230, 6)
    ra = int(rar - Fraction(59, 2) * Fraction(9, 10) + Fraction(1, 2))
    assert explorer.summary["Rar"] == rar and explorer.summary["Ra"] == ra
    assert explorer.values["C"]["Ru"] == int(ra + Fraction(125, 2) + Fraction(1, 2))
    assert explorer.values["C"]["Ru"] > 2411


def test_making_a_player_unrated_and_reset():
    explorer = _explorer()
    explorer.player.value = "J"
    explorer.unrated.value = True
    assert explorer.values["J"]["rating_before"] is None
    assert explorer.values["J"]["Ru"] is not None
    # Five rated players remain: Rar is their average.
    assert explorer.summary["Rar"] == Fraction(2600 + 2500 + 2400 + 2150 + 2300, 5)
    explorer.reset.click()
    assert explorer.values["J"]["rating_before"] == 2300
    assert explorer.summary["Ra"] == 2348
    assert explorer.unrated.value is False


def test_impossible_points_are_refused_and_named():
    explorer = _explorer()
    explorer.player.value = "A"
    explorer.balance.value = "J"
    explorer.points.value = 9  # J gives his only point
    assert explorer.values["A"]["score"] == 9 and explorer.values["J"]["score"] == 0
    explorer.player.value = "B"
    explorer.balance.value = "J"
    explorer.points.value = 8  # J has no point left to give
    assert "cannot give" in explorer.message.value
    assert explorer.values["B"]["score"] == 7 and explorer.points.value == 7


def test_plots_draw_what_they_say():
    runs = [convergence_games(k, players=50, games=40) for k in (10, 25)]
    ax = plot_convergence(runs)
    labels = [line.get_label() for line in ax.get_lines()]
    # 14.3's counts (75 games for K = 10, 30 for K = 25) are in the legend, not beside the curves
    assert [label for label in labels if label.startswith("K")] == [
        "K = 10 (14.3: ~75 games)",
        "K = 25 (14.3: ~30 games)",
    ]
    assert not [t for t in ax.texts if "14.3" in t.get_text()]
    assert ax.get_lines()[0].get_ydata()[0] == 200
    ax = plot_logistic_against_table()
    assert len(ax.get_lines()) == 2 and ax.get_lines()[0].get_ydata()[0] == 0.5
    ax = plot_replacement(read_event(EXAMPLE), "F", range(2150, 2451, 100))
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels[:4] == ["Ru2 C", "Ru2 E", "Ru2 H", "Ru2 I"]
    assert ax.get_lines()[0].get_ydata()[0] == 2418
