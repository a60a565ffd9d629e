"""The FESA widgets, driven from Python as a user would drive them."""

from __future__ import annotations

from fractions import Fraction

from ratingkit.notebook.widgets.fesa import HandicapConverter, PromotionExplorer


def test_handicap_converter_rule_12():
    converter = HandicapConverter()
    # RULES.md check value: 1862 giving rook -> 1610, a drop of 252.
    assert converter.values["effective_rating"] == 1610
    assert converter.values["drop"] == 252
    assert "1610" in converter.output.value
    converter.era.value = "pre-2005"
    # Rook was 2.00 grades: 16 + 62/120 - 2 = 14 + 62/120 -> 1560 + 62 = 1622.
    assert converter.values["effective_rating"] == 1622
    converter.era.value = "current"
    converter.handicap.value = "lance"
    # 0.60 grades from 16 + 62/120: 15 + 110/120 - 0.60 + 1 ... by hand:
    # 62/120 - 0.6 = -10/120, so grade 15 + 110/120 -> 1680 + 110 = 1790.
    assert converter.values["effective_grade"] == 15 + Fraction(110, 120)
    assert converter.values["effective_rating"] == 1790
    converter.rating.value = 1000
    # 8 kyu (grade 7): LB 960, 80 points to 7 kyu.  1000 = 7.5; 7.5 - 0.6 = 6.9 ->
    # 9 kyu (grade 6, LB 880, 80 points wide) + 0.9 * 80 = 952.
    assert converter.values["grade"] == Fraction(15, 2)
    assert converter.values["effective_rating"] == 952
    assert "952" in converter.output.value


def test_promotion_explorer_path_c_and_counters():
    explorer = PromotionExplorer(rating=1700, change=40, games=6, grade="1 kyu", lb_run=8)
    # 1 kyu -> 1 dan: LB 1680, MP 1740, #LB 14.  Games tested at 1700 + r*40/6; all at or
    # above LB, the 6th at 1740 = MP: 8 + 6 = 14 with one at MP -> path (c) in game 6.
    assert 1700 + 6 * 40 / 6 == 1740
    assert explorer.values["promotions"][0][:2] == ("1 kyu", "1 dan")
    assert explorer.values["promotions"][0][2].startswith("(c)")
    assert "1 dan" in explorer.output.value
    explorer.lb_run.value = 7  # one game short, but the look-ahead's first imaginary game
    # (1740 - k(1740) = 1716, still at or above LB) completes the run:
    assert explorer.values["promotions"][0][2].startswith("look-ahead: imaginary game 1")
    explorer.lookahead.value = False
    assert explorer.values["promotions"] == []
    assert explorer.values["lb_run"] == 13 and explorer.values["mp_run"] == 1
    explorer.change.value = 100  # 1700 + 100 = 1800 = UB of 1 dan: path (a) in game 6
    assert explorer.values["promotions"][0][2].startswith("(a) reached UB 1800")


def test_promotion_explorer_lookahead_switch():
    explorer = PromotionExplorer(
        rating=1790, change=0, games=1, grade="1 kyu", lb_run=4, mp_run=4, lookahead=True
    )
    explorer.lb_run_mp.value = True
    # MP run 5 after the game; imaginary games at 1790 - 24 = 1766 and 1742 reach 7.
    assert explorer.values["promotions"][0][2].startswith("look-ahead")
    explorer.lookahead.value = False
    assert explorer.values["promotions"] == []
    assert explorer.values["mp_run"] == 5
