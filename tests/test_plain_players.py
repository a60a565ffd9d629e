"""An event's plain players file read a column at a time (``core.plain_players``, issue 28
part 3) against the general path (``core.fileio.read_csv_table`` and ``core.players``' rows)
run on the same text with the shortcut off: the same records, fields, extras, locations and
key order, or the same error (its message and location)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core import plain_players, players
from ratingkit.core.errors import Location, RatingkitError
from ratingkit.core.players import parse_player_csv

SETTINGS = settings(
    derandomize=True,
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Cells, plain and not: padded, empty, refused ratings (RATING_RANGE, FIDE's 0), a quote and
#: a protected cell (both the general path's).
CELLS = {
    "id": ["p1", "p2", " p3 ", "", "40012345", "Ä", "'=x"],
    "name": ["Anna", "Bo Li", " Çağla ", "", "x\ty"],
    "rating": ["", "1500", " 2210 ", "0", "-", "abc", "4001", "-5", "2710"],
    "fide_id": ["", "4100018", " 24116068 "],
    "federation": ["", "RUS", "TUR"],
    "club": ["", "Moscow", 'a "b"'],
    "games": ["", "12"],
    "": ["", "x"],
}


@st.composite
def player_texts(draw):
    columns = draw(st.lists(st.sampled_from(sorted(CELLS)), min_size=1, max_size=5, unique=True))
    if draw(st.booleans()):
        columns = ["id", *[c for c in columns if c != "id"]]
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    header = [draw(st.sampled_from([c, c.upper(), f" {c} "])) for c in columns]
    lines = [delimiter.join(header)]
    for _row in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["row", "row", "row", "blank", "spaces", "short"]))
        if kind == "blank":
            lines.append("")
        elif kind == "spaces":
            lines.append(delimiter.join(" " for _ in columns))
        elif kind == "short":
            lines.append("p9")
        else:
            lines.append(delimiter.join(draw(st.sampled_from(CELLS[c])) for c in columns))
    text = "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))
    return draw(st.sampled_from(["", "\ufeff"])) + text


def _column_read(text: str, source: str) -> list[players.PlayerRecord] | None:
    """The shortcut as core.players calls it."""
    return plain_players.plain_player_records(
        text,
        source,
        players.PlayerRecord,
        players._RATINGS,
        players._ALLOWED,
        players.KNOWN_COLUMNS,
    )


def _read(text: str, source: str) -> object:
    """The player file read, as everything that can tell two reads apart, or the error."""
    players._parsed_player_csv.cache_clear()  # the last file is remembered
    try:
        read = parse_player_csv(text, source)
    except RatingkitError as exc:
        return ("error", type(exc), str(exc), exc.location)
    return [
        (record, repr(record), record.location, list(record.__dict__), type(record.extra))
        for record in read
    ]


@SETTINGS
@given(text=player_texts())
def test_the_column_read_gives_what_the_general_path_gives(text, monkeypatch):
    fast = _read(text, "players.csv")
    with monkeypatch.context() as patch:
        patch.setattr(players, "plain_player_records", lambda *args: None)
        general = _read(text, "players.csv")
    assert fast == general


def test_an_events_players_file_takes_the_column_read():
    # The month's players file (bench/ledger_season.py writes it so), worked by hand.
    text = "id,name,rating,fide_id\np1,Player p1,993,40026698\n\np2,Player p2,,40055552\n"
    records = _column_read(text, "e-players.csv")
    assert records is not None
    assert [(r.id, r.name, r.rating, dict(r.extra)) for r in records] == [
        ("p1", "Player p1", 993, {"fide_id": "40026698"}),
        ("p2", "Player p2", None, {"fide_id": "40055552"}),
    ]
    # Line 3 is empty: the second player stands on line 4.
    assert [r.location for r in records] == [
        Location("e-players.csv", 2),
        Location("e-players.csv", 4),
    ]


@pytest.mark.parametrize(
    "text",
    [
        'id,name,rating\np1,"Anna",1500\n',  # a quote: the csv module's
        "id,name,rating\np1,'=x,1500\n",  # a protected cell
        "id,name,rating\n,Anna,1500\n",  # no id: refused by csvpair, kept by the player file
        "id,name,rating\np1,Anna,4001\n",  # a rating refused, with its line
        "id,name,rating,games\np1,Anna,1500,3\n",  # a state column to parse
        "name,rating\nAnna,1500\n",  # no id column
        "id,name,rating\np1,Anna\n",  # a row short of a cell
        "id,name,rating,\np1,Anna,1500,\n",  # an unnamed column
    ],
)
def test_what_is_not_plain_is_left_to_the_general_path(text):
    assert _column_read(text, "x.csv") is None


@pytest.mark.parametrize(
    ("text", "delimiter", "padded"),
    [
        ("id,name\np1,Anna Li\n", ",", False),  # a space inside a cell only
        ("id,name\np1 ,Anna\n", ",", True),
        ("id,name\np1, Anna\n", ",", True),
        ("id,name\n p1,Anna\n", ",", True),
        ("id,name\np1,Anna \n", ",", True),
        ("id,name\np1,Anna ", ",", True),
        ("id\tname\np1\tAnna Li\n", "\t", False),  # tabs that separate
        ("id,name\np1,Anna\tLi\n", ",", True),  # a tab that does not: stripped to be safe
        ("id,name\np1,Çağla\n", ",", True),  # not ASCII: stripped to be safe
    ],
)
def test_a_padded_cell_is_found_by_hand(text, delimiter, padded):
    # Each worked by hand from str.strip()'s white space (the cells that start or end in it).
    assert plain_players._padded(text, delimiter) is padded
