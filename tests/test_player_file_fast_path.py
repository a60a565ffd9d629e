"""The player file's read without the frozen dataclasses' ``__init__`` (issue 28, part 3):
``core.players._parsed_player_csv`` lays a CSV table's stripped cells over empty ones and
builds each ``PlayerRecord`` and its ``Location`` with ``fastbuild.build``;
``formats.csvpair.players_from_roster`` builds each ``Player`` so.  Each is held against the
general path run on the same input: ``_record`` on the row's raw cells (the path rows given
in Python take, which strips every known cell itself) and the classes' own constructors."""

from __future__ import annotations

import csv
import io
from dataclasses import fields
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core.errors import InvalidValueError, Location, RatingkitError
from ratingkit.core.model import Player
from ratingkit.core.players import PlayerFile, PlayerRecord, _record, parse_player_csv
from ratingkit.formats.csvpair import players_from_roster

SETTINGS = settings(
    derandomize=True,
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: Cells a player file's column may hold (some of them refused), with spaces around some.
CELLS = {
    "id": st.sampled_from(["", "p1", " p2", "p3 ", "40012345", "Ä"]),
    "name": st.sampled_from(["", "Anna", " Bo Li ", "ÇAĞLA", "Tanaka, Aiko"]),
    "rating": st.sampled_from(["", "1500", " 2210 ", "0", "abc", "4001"]),
    "games": st.sampled_from(["", "0", "31", "-1", " 7 "]),
    "born": st.sampled_from(["", "2001", "1999-04-05", " 2010-01-31", "bad"]),
    "k": st.sampled_from(["", "10", "20", "40", "25", "0"]),
    "ever_2400": st.sampled_from(["", "yes", "no", "maybe"]),
    "grade": st.sampled_from(["", "1 dan", "3 kyu"]),
    "fide_id": st.sampled_from(["", "4100018", " 24116068 "]),
    "federation": st.sampled_from(["", "RUS", "TUR"]),
    "club": st.sampled_from(["", "Moscow", "x y"]),
}


@st.composite
def player_files(draw):
    columns = draw(st.lists(st.sampled_from(sorted(CELLS)), min_size=1, unique=True))
    if "id" not in columns and "name" not in columns:
        columns.append(draw(st.sampled_from(["id", "name"])))
    rows = draw(
        st.lists(st.fixed_dictionaries({c: CELLS[c] for c in columns}), min_size=1, max_size=6)
    )
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row[c] for c in columns])
    return buffer.getvalue()


def _general(text: str, source: str) -> PlayerFile | str:
    """The file read row by row through ``_record``'s general path (its own stripping, the
    classes' constructors), or the first error's message."""
    from ratingkit.core.fileio import read_csv_table

    _header, rows = read_csv_table(text, source, "the player file")
    try:
        records = [_record(dict(row.cells), Location(source, row.line)) for row in rows]
    except RatingkitError as exc:
        return str(exc)
    return PlayerFile(tuple(records), source)


@SETTINGS
@given(player_files())
def test_the_fast_read_gives_the_records_of_the_general_path(text):
    source = "players.csv"
    try:
        fast = parse_player_csv(text, source)
    except RatingkitError as exc:
        fast_error = str(exc)
        general = _general(text, source)
        if isinstance(general, str):  # the same row refused with the same message
            assert fast_error == general
        else:  # refused after the rows: an id twice (core.players._check_unique)
            assert "appears twice" in fast_error
        return
    general = _general(text, source)
    assert isinstance(general, PlayerFile)
    assert fast.records == general.records
    # Equal also where equality does not look: the location and the extra's type.
    assert [r.location for r in fast] == [r.location for r in general]
    assert [type(r.extra) for r in fast] == [type(r.extra) for r in general]
    assert [repr(r) for r in fast] == [repr(r) for r in general]
    # Each record as PlayerRecord's own __init__ (and __post_init__) makes it.
    for record in fast:
        by_init = PlayerRecord(**{f.name: getattr(record, f.name) for f in fields(PlayerRecord)})
        assert (record, repr(record), record.location) == (
            by_init,
            repr(by_init),
            by_init.location,
        )
        assert record.__dict__ == by_init.__dict__


def test_a_rows_record_worked_by_hand():
    text = "id,name,rating,born,k,fide_id,club\np1,Anna,2210,2001,20,4100018,Moscow\n"
    (record,) = parse_player_csv(text, "hand.csv")
    assert (record.id, record.name, record.rating, record.born, record.k) == (
        "p1",
        "Anna",
        2210,
        date(2001, 1, 1),
        20,
    )
    assert dict(record.extra) == {"fide_id": "4100018", "club": "Moscow"}
    assert record.location == Location("hand.csv", 2)


def test_a_refused_cell_names_the_file_line_and_column():
    with pytest.raises(InvalidValueError) as caught:
        parse_player_csv("id,name,k\np1,Anna,20\np2,Bo,0\n", "bad.csv")
    assert caught.value.location == Location("bad.csv", 3, "k")


def _player_by_init(record):
    """The event's player as ``players_from_roster`` made it with ``Player(...)``."""
    extra = dict(record.extra)
    for column in ("games", "k", "ever_2400", "grade", "prior_grade"):
        if getattr(record, column) is not None:
            extra[column] = getattr(record, column)
    return Player(
        id=record.id,
        name=record.name or record.id,
        rating=record.rating,
        federation=extra.pop("federation", None) or None,
        title=extra.pop("title", None) or None,
        sex=extra.pop("sex", None) or None,
        born=record.born,
        fide_id=extra.pop("fide_id", None) or None,
        extra=extra,
        location=record.location,
    )


@SETTINGS
@given(player_files())
def test_the_rosters_players_are_those_of_players_init(text):
    try:
        roster = parse_player_csv(text, "roster.csv")
        players = players_from_roster(roster)
    except RatingkitError:
        return
    expected = [_player_by_init(record) for record in roster]
    assert players == expected
    assert [p.location for p in players] == [p.location for p in expected]
    assert [repr(p) for p in players] == [repr(p) for p in expected]
    assert [type(p.extra) for p in players] == [type(p.extra) for p in expected]
    assert [hash(p) for p in players] == [hash(p) for p in expected]
