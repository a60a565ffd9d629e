"""FESA's grade table (rule 2) and handicap table (rule 12), from RULES.md section 3."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ratingkit.core.errors import InvalidValueError
from ratingkit.core.shogi import (
    GRADES,
    NO_GRADE,
    SIX_DAN_UB,
    display_grade,
    grade_to_rating,
    handicap_grades,
    handicap_key,
    handicapped_rating,
    parse_grade,
    rating_to_grade,
)


def test_rule_2_grade_table_rows_from_rules_md():
    # A few rows copied from RULES.md's grade table: (name, LB, MP, #LB, #MP).
    rows = {
        "6 dan": (2440, 2540, None, None),
        "5 dan": (2240, 2340, None, 10),
        "3 dan": (1920, 2000, 16, 8),
        "1 kyu": (1560, 1620, 14, 7),
        "3 kyu": (1360, 1410, 12, 6),
        "7 kyu": (1040, 1080, 10, 5),
        "11 kyu": (720, 760, 8, 4),
        "15 kyu": (400, 440, 6, 3),
    }
    for name, (lb, mp, n_lb, n_mp) in rows.items():
        grade = parse_grade(name)
        assert (grade.lb, grade.mp, grade.n_lb, grade.n_mp) == (lb, mp, n_lb, n_mp)


def test_rule_2_sixteen_to_twenty_kyu_step_80_with_mp_40_above():
    for n, lb in zip((16, 17, 18, 19, 20), (320, 240, 160, 80, 0), strict=True):
        grade = parse_grade(f"{n} kyu")
        assert (grade.lb, grade.mp, grade.n_lb, grade.n_mp) == (lb, lb + 40, 6, 3)


def test_rule_2_ub_is_the_lb_of_the_grade_above_and_6_dan_ub_is_2640():
    for lower, upper in itertools.pairwise(GRADES):
        assert lower.ub == upper.lb
    assert GRADES[-1].name == "6 dan"
    assert GRADES[-1].ub == SIX_DAN_UB == 2640


def test_grade_numbers_follow_rule_12_scale():
    # n kyu = 15 - n, 1 dan = 15, n dan = 14 + n; no grade one below 20 kyu.
    assert parse_grade("20 kyu").number == 15 - 20
    assert parse_grade("1 kyu").number == 14
    assert parse_grade("1 dan").number == 15
    assert parse_grade("6 dan").number == 14 + 6
    assert parse_grade("20 kyu").number - 1 == NO_GRADE


def test_grade_spellings_and_display():
    assert parse_grade("10 Kyu").name == "10 kyu"
    assert parse_grade("2d").name == "2 dan"
    assert parse_grade("5k").name == "5 kyu"
    assert display_grade(parse_grade("1 dan").number) == "1 Dan"
    assert display_grade(NO_GRADE) == ""


@pytest.mark.parametrize("text", ["7 dan", "21 kyu", "0 kyu", "3 pawn", "shodan"])
def test_unknown_grade_is_an_error_quoting_the_value(text):
    with pytest.raises(InvalidValueError, match="unknown grade") as info:
        parse_grade(text)
    assert info.value.value == text


def test_rule_12_interpolation_between_lower_bounds():
    # 1862 lies 62 points into 2 dan (LB 1800 = grade 16; 3 dan LB 1920 = grade 17).
    assert rating_to_grade(1862) == 16 + Fraction(62, 120)
    assert grade_to_rating(16 + Fraction(62, 120)) == 1862
    # Below 1 kyu LB 1560 (grade 14) the step to 2 kyu (1460, grade 13) is 100 points.
    assert rating_to_grade(1510) == 13 + Fraction(50, 100)


def test_rule_12_check_value_1862_giving_rook_is_1610():
    # RULES.md: 1862 giving rook -> 1610.  By hand: grade 16 + 62/120, less 2.10 grades
    # = 14 + 50/120 (1 kyu, LB 1560, 120 points to 1 dan) -> 1560 + 50 = 1610.
    grade = 16 + Fraction(62, 120) - Fraction("2.10")
    assert grade == 14 + Fraction(50, 120)
    assert handicapped_rating(1862, handicap_grades("rook")) == 1560 + 50 == 1610


def test_rule_12_pre_2005_values():
    # Before 2005 rook was 2.00 grades: 16 + 62/120 - 2 = 14 + 62/120 -> 1560 + 62 = 1622.
    assert handicap_grades("rook", "pre-2005") == 2
    assert handicapped_rating(1862, handicap_grades("rook", "pre-2005")) == 1622


def test_rule_12_handicap_table_values():
    current = ["0.20", "0.60", "1.50", "2.10", "2.70", "3.60", "5.00", "6.50", "8.00"]
    before = ["0.15", "0.50", "1.50", "2.00", "2.50", "3.50", "4.50", "6.00", "7.00"]
    names = ["sente", "lance", "bishop", "rook", "rook+lance"] + [
        f"{n} pieces" for n in (2, 4, 5, 6)
    ]
    for name, now, then in zip(names, current, before, strict=True):
        assert handicap_grades(name) == Fraction(now)
        assert handicap_grades(name, "pre-2005") == Fraction(then)


def test_handicap_names_and_aliases():
    assert handicap_key("Rook") == "rook"
    assert handicap_key("hisha") == "rook"
    assert handicap_key("Rook + Lance") == "rook+lance"
    assert handicap_key("2-pieces") == "2 pieces"
    with pytest.raises(InvalidValueError, match="unknown handicap 'queen'"):
        handicap_key("queen")


def test_grade_and_handicap_tables_for_the_notebook():
    from ratingkit.core.shogi import grade_table, handicap_steps, handicap_table

    grades = grade_table()
    assert len(grades) == 26 and grades.rows[0]["grade"] == "6 dan"
    assert grades.rows[0]["UB"] == 2640
    assert handicap_table().rows[3]["handicap"] == "rook"
    steps = {r["step"]: r["value"] for r in handicap_steps(1862, "rook").rows}
    assert steps["rating he plays at"] == 1610
    assert steps["drop added to the opponent's rating (giver's side)"] == 1862 - 1610


@pytest.mark.parametrize("text", ["9" * 5000 + " dan", "² kyu", "1234 kyu"])
def test_a_grade_with_absurd_digits_is_a_clear_error(text):
    with pytest.raises(InvalidValueError, match="unknown grade"):
        parse_grade(text)
