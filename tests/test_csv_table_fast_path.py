"""``core.fileio.read_csv_table`` splits a plain table (no quote, NUL or CR) at its delimiters
instead of running the csv module (``_plain_rows``).  Held against the general path run on the
same text with the fast path off, and against the csv module itself as an oracle: the same
rows (line, cells, raw) or the same message naming the same line."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core import fileio
from ratingkit.core.errors import RatingkitError
from ratingkit.core.fileio import read_csv_table

SETTINGS = settings(
    derandomize=True,
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: Cells with spaces, a protected formula ('=1), an apostrophe, commas inside (a row too
#: long), a decimal comma, nothing.
CELL = st.sampled_from(["", " ", "a", " b ", "'=1", "O'Neil", "7,5", "x;y", "\t", "Ä"])


@st.composite
def plain_tables(draw):
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    width = draw(st.integers(1, 4))
    header = delimiter.join(["id", "name", "rating", "club"][:width])
    lines = [header]
    for _ in range(draw(st.integers(0, 6))):
        cells = draw(st.lists(CELL, min_size=width - 1, max_size=width + 1))
        lines.append(delimiter.join(cells))
    end = draw(st.sampled_from(["", "\n", "\n\n"]))
    return "\n".join(lines) + end


def _read(text):
    try:
        header, rows = read_csv_table(text, "t.csv", "the table")
    except RatingkitError as exc:
        return str(exc), getattr(exc, "location", None)
    return header, [(row.line, row.cells, row.raw) for row in rows]


@SETTINGS
@given(plain_tables())
def test_the_split_rows_are_the_csv_modules(text):
    fast = _read(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fileio, "_plain_rows", lambda *args: None)
        general = _read(text)
    assert fast == general
    if isinstance(fast[1], list):  # the csv module as an oracle of the rows kept
        delimiter = fileio.detect_delimiter(text.split("\n", 1)[0])
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        next(reader)
        expected = [(reader.line_num, row) for row in reader if any(c.strip() for c in row)]
        assert [(line, raw.split(delimiter)) for line, _cells, raw in fast[1]] == expected


def test_a_plain_table_worked_by_hand():
    text = "id,name\n p1 , Anna \n\n , \n'=2,O'Neil\n"
    header, rows = read_csv_table(text, "t.csv", "the table")
    assert header == ["id", "name"]
    assert [(r.line, r.cells, r.raw) for r in rows] == [
        (2, {"id": "p1", "name": "Anna"}, " p1 , Anna "),
        (5, {"id": "=2", "name": "O'Neil"}, "'=2,O'Neil"),
    ]


def test_a_row_too_long_in_a_plain_table_keeps_its_message():
    with pytest.raises(RatingkitError) as caught:
        read_csv_table("id,points\np1,7,5\n", "t.csv", "the table")
    assert str(caught.value).startswith("t.csv, line 2: expected 2 fields (id,points), got 3:")
    assert "quote it" in str(caught.value)
