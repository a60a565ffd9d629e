from __future__ import annotations

from ratingkit.errors import (
    ConflictingGameError,
    InputError,
    Location,
    RatingkitError,
    UnknownRuleSetError,
)


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
