from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ratingkit.core.errors import RatingkitError
from ratingkit.core.report import COMMON_COLUMNS, Report, Table, format_cell


def _report() -> Report:
    rows = [
        {
            "id": "a",
            "name": "Ann",
            "rating_before": 2100,
            "games": 3,
            "score": 2.5,
            "expected": Fraction(213, 100),
            "change": Fraction(37, 10),
            "rating_after": 2104,
            "K": 10,
        },
        {
            "id": "b",
            "name": "Bob",
            "rating_before": None,
            "games": 3,
            "score": 0.5,
            "expected": None,
            "change": None,
            "rating_after": None,
            "K": None,
        },
    ]
    games = [{"player": "a", "round": 1, "opponent": "b", "D": 150}]
    return Report.build(
        title="Test event",
        rules="test",
        rows=rows,
        extra_columns=["K"],
        game_rows=games,
        game_columns=["player", "round", "opponent", "D"],
        summary={"Ra": 2348},
        notes=["K assumed 20 for b"],
        sections=[Table("iterations", ("pass", "Ru"), ({"pass": 1, "Ru": 2411},))],
    )


def test_common_columns_come_first_in_order():
    report = _report()
    assert report.players.columns == (*COMMON_COLUMNS, "K")
    assert COMMON_COLUMNS == (
        "id",
        "name",
        "rating_before",
        "games",
        "score",
        "expected",
        "change",
        "rating_after",
    )


def test_report_refuses_a_table_without_the_common_columns():
    with pytest.raises(RatingkitError, match="must start with"):
        Report("t", "r", Table("players", ("id", "name")))


def test_table_refuses_undeclared_columns():
    with pytest.raises(RatingkitError, match="'x'"):
        Table("t", ("a",), ({"a": 1, "x": 2},))


def test_to_frame_has_columns_in_order_and_plain_values():
    frame = _report().to_frame()
    assert list(frame.columns) == [*COMMON_COLUMNS, "K"]
    assert frame.loc[0, "change"] == pytest.approx(3.7)
    assert frame.loc[1, "rating_before"] is None or frame["rating_before"].isna()[1]
    assert list(_report().games_frame().columns) == ["player", "round", "opponent", "D"]


def test_html_has_every_part():
    html = _report()._repr_html_()
    for part in (
        "Test event",
        "Ra",
        "2348",
        "K assumed 20 for b",
        "<th>rating_after</th>",
        "iterations",
        "2411",
        "per-game detail",
    ):
        assert part in html


def test_text_csv_json():
    report = _report()
    text = report.to_text()
    assert "Ra: 2348" in text and "note: K assumed 20 for b" in text
    csv_lines = report.to_csv().splitlines()
    assert csv_lines[0] == ",".join((*COMMON_COLUMNS, "K"))
    assert csv_lines[2] == "b,Bob,,3,0.5,,,,"
    data = json.loads(report.to_json())
    assert data["players"][0]["change"] == 3.7
    assert data["sections"]["iterations"][0]["Ru"] == 2411


def test_row_lookup():
    report = _report()
    assert report["a"]["K"] == 10
    assert report.section("iterations").column("Ru") == [2411]
    with pytest.raises(KeyError):
        report.row("zz")


def test_cell_formatting():
    assert format_cell(None) == ""
    assert format_cell(True) == "yes"
    assert format_cell(2104.0) == "2104"
    assert format_cell(0.5) == "0.5"
    assert format_cell(28.95) == "28.95"
    assert format_cell(Fraction(1, 3)) == "0.3333"
    assert format_cell(7.1, "{:+.2f}") == "+7.10"


def test_report_carries_the_new_state():
    from ratingkit.core.players import PlayerFile

    state = PlayerFile.from_records([{"id": "a", "rating": 2104, "games": 43}])
    report = Report.build(title="t", rules="r", rows=[], new_state=state)
    assert report.new_state.by_id("a").games == 43
