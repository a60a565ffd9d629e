from __future__ import annotations

import pytest

from ratingkit.core import errors
from ratingkit.core.errors import (
    ConflictingGameError,
    InputError,
    Location,
    RatingkitError,
    UnknownRuleSetError,
    shown,
)
from ratingkit.core.shogi import parse_grade


def test_every_error_is_a_value_error():
    assert issubclass(RatingkitError, ValueError)
    assert issubclass(InputError, RatingkitError)


def test_location_text():
    assert str(Location("games.csv", 3, "result")) == "games.csv, line 3, field result"
    assert str(Location("a.trf", 14, 92)) == "a.trf, line 14, column 92"
    assert str(Location()) == "<input>"


def test_input_error_keeps_place_and_value():
    error = InputError("bad", Location("x.csv", 2), "v")
    assert str(error) == "x.csv, line 2: bad"
    assert error.value == "v"
    assert error.location.line == 2


def test_conflict_names_both_places():
    error = ConflictingGameError("scores disagree", Location("t.trf", 14), Location("t.trf", 20))
    assert "t.trf, line 14" in str(error) and "t.trf, line 20" in str(error)


def test_unknown_rule_set_lists_the_names():
    error = UnknownRuleSetError("fidee", ["fide-2014", "fesa"])
    assert str(error) == "unknown rule set 'fidee'; available: fide-2014, fesa"
    assert "none yet" in str(UnknownRuleSetError("x", []))


def test_a_long_value_is_named_by_its_start_and_length():
    assert shown("1 kyu") == "'1 kyu'"
    text = shown("x" * 3000)
    assert text.startswith("'xxxx") and text.endswith("... (3,000 characters)")
    assert len(text) < 100


def test_a_grade_of_thousands_of_characters_is_not_quoted_whole():
    with pytest.raises(errors.InvalidValueError) as caught:
        parse_grade("7" * 3000 + " kyu")
    assert len(str(caught.value)) < 300
