"""The text layout of a table for a terminal (:meth:`Table.to_text` with a width) against the
rules it promises, stated at the top of ``tests/table_by_hand.py`` (R1 to R9): a layout worked
by hand, the reference's closed-form share of the spare width worked by hand, the property
checker shown to catch each kind of fault, and a Hypothesis test that every layout of random
tables and widths has the properties, whatever the layout chooses where the rules leave a
choice open."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from table_by_hand import _widened, layout_faults, table_text

from ratingkit.core.i18n import language_of
from ratingkit.core.report import Table

_NAME = "Anna Very Long Name Of Somebody Important"
_NOTE = "a long note " * 6


def _players() -> Table:
    rows = [
        {"id": "a1", "name": _NAME, "rating_after": 2104, "note": _NOTE, "k": 20},
        {"id": "b2", "name": "Bo", "rating_after": 1800, "note": "", "k": 40},
    ]
    return Table("games", ("id", "name", "rating_after", "note", "k"), rows)


#: ``_players()`` at 40 columns, worked by hand from the rules:
#: R4: a text column starts at most max(8, min(30, 40 // 3)) = 13 wide: name (41) and note
#: (71) start at 13; id is 2, "rating after" 12 (its header), k 2 (numbers, R3).
#: R5: the keys id and name span 2 + 2 + 13 = 17, and 17 + 2 = 19 <= 40 // 2: both kept.
#: R6: keys + rating after = 31 <= 40, + note = 46 > 40: block 1 is id, name, rating after;
#: block 2 is keys + note = 32, + k = 36 <= 40.
#: R7: block 1 has 9 spare but no wrapped column of its own; block 2's 4 spare go to note: 17.
#: R8: the name wrapped at 13, the note at 17 (its trailing space dropped).
_PLAYERS_AT_40 = """\
games
id  name           rating after
--  -------------  ------------
a1  Anna Very              2104
    Long Name Of
    Somebody
    Important
b2  Bo                     1800

id  name           note               k
--  -------------  -----------------  --
a1  Anna Very      a long note a      20
    Long Name Of   long note a long
    Somebody       note a long note
    Important      a long note a
                   long note
b2  Bo                                40"""


def test_a_table_worked_by_hand_at_40_columns():
    table = _players()
    assert table_text(table, 40) == _PLAYERS_AT_40
    assert table.to_text(40) == _PLAYERS_AT_40
    assert layout_faults(table, 40, _PLAYERS_AT_40) == []


def test_the_spare_width_is_given_one_a_turn_in_order():
    """R7 by turns: needs 3, 1 and 5 with 6 to give: turn 1 gives 1, 1, 1 (3 left); turn 2
    gives 1 to the first and third (the second is full; 1 left); turn 3 gives the last to the
    first: 3, 1 and 2."""
    assert _widened([3, 1, 5], 6) == [3, 1, 2]
    assert _widened([3, 1, 5], 100) == [3, 1, 5]  # each up to its widest cell
    assert _widened([2, 2], 3) == [2, 1]
    assert _widened([4], 0) == [0]
    assert _widened([4], -3) == [0]  # a block already over the width widens nothing


def _faults_of(text: str, width: int = 40) -> list[str]:
    return layout_faults(_players(), width, text)


def test_the_checker_finds_a_block_without_its_keys():
    without_name = _PLAYERS_AT_40.replace(
        "id  name           note               k\n--  -------------  -----------------  --",
        "id  note               k\n--  -----------------  --",
    )
    assert _faults_of(without_name)


def test_the_checker_finds_a_lost_or_cut_word():
    assert _faults_of(_PLAYERS_AT_40.replace("    Somebody\n    Important\nb2", "    Somebody\nb2"))
    assert _faults_of(_PLAYERS_AT_40.replace("a long note a      20", "a long note        20"))


def test_the_checker_finds_columns_out_of_order():
    swapped = _PLAYERS_AT_40.replace("rating after", "k           ")
    assert _faults_of(swapped)


def test_the_checker_finds_a_line_over_the_width_and_a_wrap_with_room_left():
    one_block = _players().to_text(200)
    assert layout_faults(_players(), 200, one_block) == []
    # The same text is two columns too wide for 60 and holds more than one column.
    assert layout_faults(_players(), 60, one_block)
    # At 220 the block has room left while nothing is wrapped: fine; the 40-column layout at
    # 60 wraps name and note though the blocks have room.
    assert layout_faults(_players(), 220, one_block) == []
    assert _faults_of(_PLAYERS_AT_40, 60)


def test_the_checker_finds_a_wrapped_number_and_a_misaligned_cell():
    wrapped_number = _PLAYERS_AT_40.replace(
        "rating after\n--  -------------  ------------\na1  Anna Very              2104",
        "rating after\n--  -------------  ------------\na1  Anna Very              210",
    ).replace("    Long Name Of\n", "    Long Name Of             4\n", 1)
    assert _faults_of(wrapped_number)
    assert _faults_of(_PLAYERS_AT_40.replace("b2  Bo                     1800", "b2  Bo  1800"))
    assert _faults_of(
        _PLAYERS_AT_40.replace("b2  Bo                     1800", "b2   Bo                    1800")
    )


# -- any table at any width --------------------------------------------------------------------

_KEY_COLUMNS = ["id", "FIDE id", "name", "player", "event", "round"]
_OTHER_COLUMNS = ["rating_after", "change", "expected", "k", "note", "x", "y", "status"]
_words = st.text(alphabet=st.sampled_from("abcdefghij"), min_size=1, max_size=25)
_texts = st.lists(_words, max_size=8).map(" ".join)
_cells = st.one_of(
    st.none(),
    st.integers(-5000, 5000),
    st.integers(-(10**12), 10**12),
    st.floats(-3000, 3000, allow_nan=False),
    st.booleans(),
    _texts,
    st.text(alphabet=st.sampled_from("ab c-,.*\x1b\t1"), max_size=70),
    st.sampled_from(["", "12,5", "7*", "unrated", "a long note " * 5, "  ", "x-y-z" * 9]),
)


@st.composite
def _tables(draw: st.DrawFn) -> Table:
    keys = draw(st.lists(st.sampled_from(_KEY_COLUMNS), max_size=4, unique=True))
    others = draw(st.lists(st.sampled_from(_OTHER_COLUMNS), max_size=7, unique=True))
    columns = keys + others
    kinds = {c: draw(st.sampled_from(["number", "any"])) for c in columns}
    numbers = st.one_of(st.none(), st.integers(-(10**9), 10**9), st.floats(-3000, 3000))
    row = st.fixed_dictionaries({c: numbers if kinds[c] == "number" else _cells for c in columns})
    rows = draw(st.lists(row, max_size=8))
    title = draw(st.sampled_from(["", "games", "a title\x1b", "a much longer title " * 4]))
    return Table(title, columns, rows)


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(_tables(), st.integers(12, 160), st.sampled_from(["en", "ru", "tr"]))
def test_every_layout_has_the_promised_properties(table, width, language):
    """Every block starts with the keys, columns in order, every cell whole across its lines,
    numbers unwrapped and to the right, no line over the width unless a block holds one
    column of its own, no column wrapped while its block has room (``layout_faults``); and
    the layout is the one the rules R1 to R9 make (``table_text``)."""
    with language_of(language):
        text = table.to_text(width)
        assert layout_faults(table, width, text) == []
        assert text == table_text(table, width)
