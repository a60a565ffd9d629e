"""An event's plain players file read a column at a time (``core.plain_players``, issue 28
part 3) against the general path (``core.fileio.read_csv_table`` and ``core.players``' rows)
run on the same text with the shortcut off: the same records, fields, extras, locations and
key order, or the same error (its message and location)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core import plain_players, players
from ratingkit.core.errors import DuplicatePlayerError, Location, RatingkitError
from ratingkit.core.model import Player
from ratingkit.core.players import parse_player_csv
from ratingkit.formats import csvpair, read_event

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
    "title": ["", "GM", " WFM "],
    "sex": ["", "F"],
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


# -- an event's players straight from the columns (formats.csvpair.read_csv_pair) -----------
def _players_read(text: str, *, straight: bool) -> object:
    """The event's players of a players file as everything that can tell two apart: straight
    from the columns (None where the shortcut declines), or through the player file's
    records (``players_from_roster``, the general path), or the general path's error."""
    players._parsed_player_csv.cache_clear()
    if straight:
        made = plain_players.plain_roster_players(
            text,
            "players.csv",
            Player,
            plain_players.RATINGS_READ,
            csvpair._ROSTER_COLUMNS,
            players.KNOWN_COLUMNS,
        )
        if made is None:
            return None
    else:
        try:
            made = csvpair.players_from_roster(parse_player_csv(text, "players.csv"))
        except RatingkitError as exc:
            return ("error", type(exc), str(exc), exc.location)
    return [
        (p, repr(p), p.location, list(p.__dict__), type(p.extra), list(p.extra.items()))
        for p in made
    ]


@SETTINGS
@given(text=player_texts())
def test_the_players_read_straight_are_those_made_from_the_records(text):
    straight = _players_read(text, straight=True)
    if straight is not None:  # declined: read_csv_pair takes the general path
        assert straight == _players_read(text, straight=False)


def test_the_columns_a_players_file_may_have_are_core_players_own():
    assert csvpair._ROSTER_COLUMNS == players._ALLOWED


def test_an_events_players_straight_from_the_month_file():
    # The month's players file, worked by hand: the FIDE id is the player's field, his extra
    # is empty; a club column stays in it; an empty name is the id (players_from_roster).
    text = "id,name,rating,fide_id,club\np1,Player p1,993,40026698,\np2,,,,Kazan\n"
    assert _players_read(text, straight=True) == [
        (
            Player("p1", "Player p1", 993, fide_id="40026698", extra={"club": ""}),
            "Player(id='p1', name='Player p1', rating=993, federation=None, title=None, "
            "sex=None, born=None, fide_id='40026698', extra=mappingproxy({'club': ''}))",
            Location("players.csv", 2),
            [f for f in Player.__dataclass_fields__],
            type(Player("x", "x").extra),
            [("club", "")],
        ),
        (
            Player("p2", "p2", None, extra={"club": "Kazan"}),
            "Player(id='p2', name='p2', rating=None, federation=None, title=None, "
            "sex=None, born=None, fide_id=None, extra=mappingproxy({'club': 'Kazan'}))",
            Location("players.csv", 3),
            [f for f in Player.__dataclass_fields__],
            type(Player("x", "x").extra),
            [("club", "Kazan")],
        ),
    ]


def test_an_id_twice_is_left_to_the_general_path_and_its_message():
    text = "id,name,rating\np1,Anna,1500\np1,Bo,1400\n"
    assert _players_read(text, straight=True) is None
    refused = _players_read(text, straight=False)
    assert refused == (
        "error",
        DuplicatePlayerError,
        "players.csv, line 3: id 'p1' appears twice (first at players.csv, line 2)",
        Location("players.csv", 3),
    )


@pytest.mark.parametrize(
    "players_text",
    [
        "id,name,rating,fide_id\na,Ann,2000,100\nb,Bob,,\nc,Cid,1800,\n",
        "id;name;rating;federation;title;club\na;Ann;2000;RUS;GM;X\nb;Bob;;;;\nc;;;;;\n",
        "id,name,rating,k\na,Ann,2000,20\nb,Bob,,40\nc,Cid,1800,\n",  # state: the records'
    ],
)
def test_a_csv_pair_reads_the_same_event_either_way(players_text, tmp_path, monkeypatch):
    (tmp_path / "ev-games.csv").write_text(
        "round,white,black,result\n1,a,b,1-0\n2,b,c,0-1\n3,c,a,1/2-1/2\n", encoding="utf-8"
    )
    (tmp_path / "ev-players.csv").write_text(players_text, encoding="utf-8")
    events = []
    for straight in (True, False):
        monkeypatch.setattr(csvpair, "_ROSTER_FAST", straight)
        players._parsed_player_csv.cache_clear()
        event = read_event(tmp_path / "ev-games.csv")
        events.append((event, repr(event), [p.location for p in event.players], event.origin))
    assert events[0] == events[1]
