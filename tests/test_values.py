from __future__ import annotations

from datetime import date

import pytest

from ratingkit.core.errors import InvalidValueError, Location
from ratingkit.core.values import parse_bool, parse_date, parse_int, parse_points, parse_rating


@pytest.mark.parametrize(
    "text", ["2005-07-28", "2005/07/28", "2005.07.28", "28.07.2005", "28. 07. 2005", " 28/07/2005 "]
)
def test_dates_in_the_forms_rating_files_use(text):
    assert parse_date(text) == date(2005, 7, 28)


def test_year_only_dates():
    assert parse_date("1969", year_only=True) == date(1969, 1, 1)
    with pytest.raises(InvalidValueError):
        parse_date("1969")


def test_bad_date_names_place_and_value():
    with pytest.raises(InvalidValueError) as info:
        parse_date("2005-02-30", Location("players.csv", 4, "born"))
    assert str(info.value).startswith("players.csv, line 4, field born: impossible date")
    assert "'2005-02-30'" in str(info.value)
    with pytest.raises(InvalidValueError, match="'yesterday'"):
        parse_date("yesterday")


def test_booleans():
    for text in ("yes", "TRUE", "1", "y"):
        assert parse_bool(text) is True
    for text in ("no", "False", "0", "n"):
        assert parse_bool(text) is False
    with pytest.raises(InvalidValueError, match="'maybe'"):
        parse_bool("maybe")


def test_numbers_and_ratings():
    assert parse_int(" 12 ") == 12
    with pytest.raises(InvalidValueError, match="round must be a whole number, got 'x'"):
        parse_int("x", what="round")
    assert parse_rating("") is None
    assert parse_rating("0") is None
    assert parse_rating("2558") == 2558
    with pytest.raises(InvalidValueError, match="negative"):
        parse_rating("-5")


def test_points():
    assert parse_points("5,5") == 5.5
    assert parse_points("6.0") == 6.0
    assert parse_points("½") == 0.5
    with pytest.raises(InvalidValueError, match="multiple of 0.5"):
        parse_points("1.25")


@pytest.mark.parametrize(
    "text", ["nan", " inf", "-inf", "1e400", "9" * 5000, "-1", "+2", "1.5.5", "²", "٣", "1_0"]
)
def test_points_that_are_not_a_score_are_refused_cleanly(text):
    """Issue 14: nan gave ValueError and 1e400 OverflowError from int(value * 2)."""
    with pytest.raises(InvalidValueError, match="points must be") as caught:
        parse_points(text, Location("t.csv", 3, "points"))
    assert str(caught.value).startswith("t.csv, line 3, field points: ")
    assert len(str(caught.value)) < 200  # a 5,000-digit value is not quoted whole


@pytest.mark.parametrize("text", ["1e23", str(10**23), "4001", "²", "1_000", "٣٠٠٠"])
def test_ratings_out_of_range_or_not_ascii_digits(text):
    with pytest.raises(InvalidValueError, match="rating") as caught:
        parse_rating(text, Location("p.csv", 2, "rating"))
    assert str(caught.value).startswith("p.csv, line 2, field rating: ")


def test_the_rating_range_ends_at_4000():
    assert parse_rating("4000") == 4000
    assert parse_rating("1") == 1
