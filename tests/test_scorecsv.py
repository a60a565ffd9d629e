"""The score table format (scorecsv) and the event fields it and the CSV pair carry."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from conftest import ROOT

from ratingkit import cli
from ratingkit.core.errors import InvalidValueError, MalformedLineError
from ratingkit.core.model import EventType
from ratingkit.formats import detect_format, read_event, write_event
from ratingkit.formats.scorecsv import points_of, read_score_csv

EXAMPLE = ROOT / "examples" / "fide-1982-berger.csv"


def test_the_example_is_sniffed_by_its_header():
    assert detect_format(EXAMPLE).name == "scorecsv"
    event = read_event(EXAMPLE)
    assert event.type is EventType.ROUND_ROBIN and event.games == ()
    assert event.score_only is True and event.local_ids and event.extra["cycles"] == 1
    assert [p.id for p in event.players] == list("ABCDEFGHIJ")
    assert [p.rating for p in event.players][:3] == [2600, 2500, None]
    assert [points_of(p) for p in event.players] == [8, 7, 7, 6, 6, 4, 3, 2, 1, 1]


def _write(tmp_path, text, name="t.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_event_fields_before_the_header(tmp_path):
    path = _write(
        tmp_path,
        "# start: 1990-05-02\n# end: 12.05.1990\n# minutes: 150\n# championship: national\n"
        "name,rating,points\nAda,2400,1.5\nBo,,1\nCy,2300,½\n",
    )
    assert detect_format(path).name == "scorecsv"
    event = read_event(path)
    assert (event.start, event.end) == (date(1990, 5, 2), date(1990, 5, 12))
    assert event.extra["minutes"] == 150 and event.extra["championship"] == "national"
    assert [p.id for p in event.players] == ["Ada", "Bo", "Cy"]
    assert points_of(event.player("Cy")) == Fraction(1, 2)


def test_a_side_file_event_csv(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400,1\nb,b,2300,0\n")
    _write(tmp_path, "field,value\ncycles,2\nminutes,90\n", "t-event.csv")
    # a double round robin of 2: 2 points in all
    with pytest.raises(InvalidValueError, match="add up to 1, but a double round robin"):
        read_event(path)
    _write(tmp_path, "id,name,rating,points\na,a,2400,1.5\nb,b,2300,0.5\n")
    event = read_event(path)
    assert event.extra["cycles"] == 2 and event.extra["minutes"] == 90


def test_points_must_add_up(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400,1\nb,b,2300,1\nc,c,2200,0\n")
    with pytest.raises(InvalidValueError, match="add up to 2, but a single round robin of 3"):
        read_event(path)


def test_too_many_points_names_the_line(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400,3\nb,b,2300,0\nc,c,2200,0\n")
    with pytest.raises(InvalidValueError, match=r"line 2, field points: player 'a' has 3"):
        read_event(path)


def test_bad_points_name_file_line_and_value(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400,x\nb,b,2300,1\n")
    with pytest.raises(InvalidValueError, match=r"t.csv, line 2, field points: .*'x'"):
        read_event(path)


def test_line_numbers_count_the_field_lines(tmp_path):
    path = _write(tmp_path, "# minutes: 90\nid,name,rating,points\na,a,24x0,1\nb,b,2300,0\n")
    with pytest.raises(InvalidValueError, match=r"line 3, field rating"):
        read_event(path)


def test_unknown_event_field_is_an_error(tmp_path):
    path = _write(tmp_path, "# minuts: 90\nid,name,rating,points\na,a,2400,1\nb,b,2300,0\n")
    with pytest.raises(InvalidValueError, match=r"line 1: unknown event field 'minuts'"):
        read_event(path)


def test_missing_column(tmp_path):
    path = _write(tmp_path, "# minutes: 90\nid,name,points\na,a,1\nb,b,0\n")
    # without a rating column it is not a score table: pass the format explicitly
    with pytest.raises(MalformedLineError, match=r"line 2: the header lacks rating"):
        read_score_csv(path)


def test_wrong_field_count(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400\n")
    with pytest.raises(MalformedLineError, match=r"line 2: expected 4 fields"):
        read_event(path)


def test_write_and_read_back(tmp_path):
    event = read_event(EXAMPLE)
    text = write_event(event, "scorecsv")
    again = read_event(_write(tmp_path, text))
    assert [(p.id, p.rating, points_of(p)) for p in again.players] == [
        (p.id, p.rating, points_of(p)) for p in event.players
    ]


def test_csv_pair_reads_event_csv_beside_it(tmp_path):
    (tmp_path / "players.csv").write_text("id,name,rating\na,a,2400\nb,b,2300\n")
    (tmp_path / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n")
    (tmp_path / "event.csv").write_text("field,value\ntype,match\nmatch_games,4\nminutes,60\n")
    event = read_event(tmp_path / "games.csv")
    assert event.type is EventType.MATCH
    assert event.extra["match_games"] == 4 and "given in" in event.origin.type_note


def test_cli_check_reads_the_fields(tmp_path, capsys):
    """`ratingkit check FILE --rules fide-1982` lists the broken rule and exits 1."""
    path = _write(
        tmp_path,
        "# minutes: 60\nid,name,rating,points\na,a,2400,2\nb,b,2300,1\nc,c,2200,2\nd,d,2100,1\n",
    )
    # wide enough for the problem on one line (the table format wraps to 100 columns)
    assert cli.main(["check", str(path), "--rules", "fide-1982", "--columns", "300"]) == 1
    out = capsys.readouterr().out
    assert "1.11" in out and "60 minutes" in out and "at least 120" in out
    assert cli.main(["check", str(EXAMPLE), "--rules", "fide-1982"]) == 0
    out = capsys.readouterr().out
    assert "no rule of fide-1982 is broken" in out
    assert "not checked for lack of data: 1.1" in out  # the score table gives no time control


def test_event_file_errors_name_the_place(tmp_path):
    path = _write(tmp_path, "id,name,rating,points\na,a,2400,1\nb,b,2300,0\n")
    _write(tmp_path, "field,value\nminutes,10\n", "event.csv")  # another event's: not read
    assert "minutes" not in read_event(path).extra
    _write(tmp_path, "key,value\nminutes,90\n", "t-event.csv")
    with pytest.raises(MalformedLineError, match=r"t-event.csv, line 1: .*'field,value'"):
        read_event(path)
    _write(tmp_path, "field,value\nminutes,90\nMinutes,100\n", "t-event.csv")
    with pytest.raises(
        InvalidValueError, match=r"t-event.csv, line 3: event field 'minutes' is given twice"
    ):
        read_event(path)
    _write(tmp_path, "field,value\nstart,31.02.1990\n", "t-event.csv")
    with pytest.raises(InvalidValueError, match=r"line 2, field start: impossible date"):
        read_event(path)
    _write(tmp_path, "field,value\nchampionship,regional\n", "t-event.csv")
    with pytest.raises(InvalidValueError, match=r"championship must be one of"):
        read_event(path)
