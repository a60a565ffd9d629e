from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ratingkit.core.errors import RatingkitError
from ratingkit.core.outcome import Outcome
from ratingkit.core.report import COMMON_COLUMNS, Report, Table, format_cell

#: The outcome the layout tests' reports are views of: these tests lay out rows given by hand
#: (a report's layout, not a rule set's numbers), so the outcome behind them holds no player.
NO_PLAYERS = Outcome("test", "Test event", ())


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
        outcome=NO_PLAYERS,
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
        Report("t", "r", Table("players", ("id", "name")), outcome=NO_PLAYERS)


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
        "<th>rating after</th>",
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
    report = Report.build(title="t", rules="r", rows=[], new_state=state, outcome=NO_PLAYERS)
    assert report.new_state.by_id("a").games == 43


# -- the fast layout of a table (issue 24) gives what the rules lay out cell by cell ----------

from datetime import date  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from table_by_hand import is_number, table_text  # noqa: E402

from ratingkit.core.i18n import language_of  # noqa: E402
from ratingkit.core.outcome import Status  # noqa: E402
from ratingkit.core.output import terminal_cell  # noqa: E402
from ratingkit.core.report import LazyTable, _column_text  # noqa: E402

#: Columns of every kind the formatting knows: ratings, changes, keys, others.
_COLUMNS = ["id", "name", "rating_after", "change", "tr", "expected", "k", "note", "bonus_game"]
_FORMATS = [None, None, None, "{:.2f}", "{:+.1f}", "{:.0f}"]

_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.integers(-3000, 3000),
    st.floats(allow_nan=True, allow_infinity=False, width=64),
    st.sampled_from([0.0, -0.0, 0.5, 1.0, -0.004, 99.995, 1e15, -1e16]),
    st.fractions(max_denominator=10**12),
    st.text(max_size=60),
    st.sampled_from(["a\x1b[31mred", "tab\there", "line\nbreak", "1 dan", "12,5", "1e5"]),
    st.dates(min_value=date(2000, 1, 1), max_value=date(2030, 1, 1)),
    st.sampled_from(list(Status)),
    st.lists(st.floats(0, 10, allow_nan=False), max_size=3),
    st.decimals(allow_nan=False, allow_infinity=False, places=3),
)


def _shown(value, fmt, column):
    try:
        return terminal_cell(format_cell(value, fmt, column))
    except Exception as error:
        return type(error)


def _fast(value, fmt, column):
    try:
        return _column_text(fmt, column)([value], {})[0][0]
    except Exception as error:
        return type(error)


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(
    st.lists(_values, min_size=1, max_size=30),
    st.sampled_from(_COLUMNS),
    st.sampled_from(_FORMATS),
    st.sampled_from(["en", "ru", "tr"]),
)
def test_a_column_is_shown_as_format_cell_shows_each_cell(values, column, fmt, language):
    with language_of(language):
        one_by_one = [_shown(v, fmt, column) for v in values]
        assert [_fast(v, fmt, column) for v in values] == one_by_one
        if not any(isinstance(s, type) for s in one_by_one):
            # The whole column through one formatter (its remembered whole numbers).
            cells, numbers = _column_text(fmt, column)(values + values, {})
            assert cells == one_by_one + one_by_one
            if numbers:  # every cell a number or empty, as the layout then takes it
                assert all(is_number(c) or not c for c in cells)


_cells = st.one_of(
    st.none(),
    st.integers(-5000, 5000),
    st.floats(-3000, 3000, allow_nan=False),
    st.fractions(min_value=-3000, max_value=3000, max_denominator=10**9),
    st.booleans(),
    st.text(alphabet=st.sampled_from("ab c-,.\x1b\t1"), max_size=70),
    st.sampled_from(["", "12,5", "7*", "unrated", "a long note " * 5]),
)


@st.composite
def _tables(draw):
    columns = draw(
        st.lists(st.sampled_from([*_COLUMNS, "x", "y"]), min_size=1, max_size=8, unique=True)
    )
    # Some columns hold numbers only (right-aligned), some texts too.
    kinds = {c: draw(st.sampled_from(["number", "any"])) for c in columns}
    numbers = st.one_of(st.none(), st.integers(-5000, 5000), st.floats(-3000, 3000))
    rows = draw(
        st.lists(
            st.fixed_dictionaries(
                {c: numbers if kinds[c] == "number" else _cells for c in columns}
            ),
            max_size=12,
        )
    )
    formats = {c: "{:.1f}" for c in columns if kinds[c] == "number" and draw(st.booleans())}
    formats = {c: f for c, f in formats.items() if all(isinstance(r[c], float) for r in rows)}
    return Table(draw(st.sampled_from(["", "games", "a title\x1b"])), columns, rows, formats)


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(
    _tables(),
    st.one_of(st.none(), st.integers(40, 130)),
    st.sampled_from(["en", "ru", "tr"]),
)
def test_a_table_is_laid_out_as_cell_by_cell(table, width, language):
    with language_of(language):
        expected = table_text(table, width)
        assert table.to_text(width) == expected
        lazy = LazyTable(
            table.title, table.columns, len(table), lambda: iter(table.rows), None, table.formats
        )
        assert lazy.to_text(width) == expected
        assert lazy.__dict__["_rows"] is None  # laid out without keeping the rows
        # Laid out from each row's values in the order of the columns (without mappings).
        values = LazyTable(
            table.title,
            table.columns,
            len(table),
            lambda: iter(table.rows),
            None,
            table.formats,
            build_values=lambda: ([r[c] for c in table.columns] for r in table.rows),
        )
        assert values.to_text(width) == expected
        assert values.__dict__["_rows"] is None


def test_a_long_table_is_laid_out_in_chunks_as_cell_by_cell():
    rows = []
    for i in range(5000):
        # One Fraction in three columns: two shown alike (changes), one not (expected).
        value = Fraction(i - 2500, 7)
        rows.append(
            {"id": str(i), "name": f"Player {i}" * (i % 7), "change": value, "k": i}
            | {"tr": value, "expected": value}
        )
    rows[4500]["k"] = "n/a"  # a text in a column of numbers, in the last chunk
    table = Table("long", ("id", "name", "change", "k", "tr", "expected"), rows)
    for width in (None, 60, 100):
        assert table.to_text(width) == table_text(table, width)
