"""A games file read column-wise needs every line to hold the header's cells
(formats/csvpair.py ``_cells_in_every_line``): for an ASCII text its delimiters and line ends
alone are compared at once with ``width - 1`` delimiters a line.  Held here to the count a line
(the general check, its fast path off) on generated lines, and to lines counted by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratingkit.formats import csvpair

#: Cells' characters: ASCII letters and digits, the three delimiters, a space, and one
#: character that is not ASCII (the count a line takes such a text).
LINES = st.lists(st.text(alphabet="ab1,;\t Ä", max_size=12), min_size=1, max_size=8)


def _counted(body: list[str], delimiter: str, width: int) -> bool:
    # The oracle: every line's delimiters counted one by one.
    return all(sum(char == delimiter for char in line) == width - 1 for line in body)


@settings(max_examples=500, deadline=None)
@given(body=LINES, delimiter=st.sampled_from([",", ";", "\t"]), width=st.integers(1, 5))
def test_every_lines_cells_are_checked_as_a_count_a_line_checks_them(body, delimiter, width):
    assert csvpair._cells_in_every_line(body, delimiter, width) == _counted(body, delimiter, width)


@settings(max_examples=300, deadline=None)
@given(
    widths=st.lists(st.integers(3, 6), min_size=1, max_size=8),
    delimiter=st.sampled_from([",", ";", "\t"]),
)
def test_lines_of_nearly_the_right_width_are_told_apart(widths, delimiter):
    # Lines of 3 to 6 cells against a header of 5 (a line short of a cell, one over): the
    # check says yes only when every line has five.
    body = [delimiter.join(f"c{n}" for n in range(cells)) for cells in widths]
    assert csvpair._cells_in_every_line(body, delimiter, 5) == all(w == 5 for w in widths)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (["1,a,b,1-0", "2,b,a,0-1"], True),
        (["1,a,b,1-0", "2,b,a"], False),  # one short
        (["1,a,b,1-0,", "2,b,a"], False),  # one over, one short: the same total
        (["1,Ä,b,1-0", "2,b,a,0-1"], True),  # not ASCII: counted a line
        (["1,Ä,b,1-0,", "2,b,a"], False),
    ],
)
def test_lines_counted_by_hand(body, expected, monkeypatch):
    assert csvpair._cells_in_every_line(body, ",", 4) is expected
    monkeypatch.setattr(csvpair, "_CELLS_AT_ONCE", False)
    assert csvpair._cells_in_every_line(body, ",", 4) is expected
