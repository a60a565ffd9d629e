"""Files as rating offices in Russia and Turkey save them from Excel (issue 14, points 10-13):
semicolon-separated with decimal commas, in Windows-1251 or Windows-1254, sometimes with a
UTF-8 byte-order mark; a column ratingkit does not know; a file no format fits.

The bytes of each file are written here with ``str.encode(code page)``; the expected names are
the original strings, so a wrong decoding (Windows-1251 read as Latin-1 gives "Èâàíîâ Èâàí")
fails the test.
"""

from __future__ import annotations

import codecs

import pytest

from ratingkit.core.errors import InputError, InvalidValueError, MalformedLineError, RatingkitError
from ratingkit.core.fileio import decode_text, detect_delimiter, read_csv_table, read_text_as
from ratingkit.core.model import event_notes
from ratingkit.core.players import parse_player_csv, read_player_file
from ratingkit.formats import detect_format, read_event
from ratingkit.formats.csvpair import read_csv_pair
from ratingkit.formats.scorecsv import points_of, read_score_csv

RUSSIAN = ["Иванов Иван", "Петров Пётр", "Сидорова Анна", "Кузнецов Дмитрий"]
TURKISH = ["Yılmaz Şahin", "Öztürk Gül", "Ağaoğlu Çelik", "Işık Ayşe"]


def _pair(tmp_path, names, encoding, delimiter=";", bom=b""):
    folder = tmp_path / "event"
    folder.mkdir()
    d = delimiter
    players = f"id{d}name{d}rating\n" + "".join(
        f"{i}{d}{name}{d}{2000 + 10 * i}\n" for i, name in enumerate(names, start=1)
    )
    games = f"round{d}white{d}black{d}result\n1{d}1{d}2{d}1-0\n1{d}3{d}4{d}1/2-1/2\n"
    (folder / "players.csv").write_bytes(bom + players.encode(encoding))
    (folder / "games.csv").write_bytes(bom + games.encode(encoding))
    return folder


@pytest.mark.parametrize(
    ("names", "encoding", "label"),
    [(RUSSIAN, "cp1251", "Windows-1251"), (TURKISH, "cp1254", "Windows-1254")],
)
def test_a_semicolon_pair_in_a_windows_code_page(tmp_path, names, encoding, label):
    folder = _pair(tmp_path, names, encoding)
    assert detect_format(folder).name == "csv"
    event = read_event(folder)
    assert [p.name for p in event.players] == names
    assert [p.rating for p in event.players] == [2010, 2020, 2030, 2040]
    assert event.origin.encoding == encoding
    # The players file was read in the code page (the games file is ASCII, hence UTF-8),
    # and the report's notes say so.
    note = f"{folder / 'players.csv'}: read as {label} (detected)"
    assert event.origin.read_notes == (note,)
    assert note in event_notes(event)


def test_a_utf8_file_with_or_without_bom_needs_no_note(tmp_path):
    folder = _pair(tmp_path, RUSSIAN, "utf-8", ",", codecs.BOM_UTF8)
    event = read_event(folder)
    assert [p.name for p in event.players] == RUSSIAN
    assert event.origin.encoding == "utf-8" and not event.origin.read_notes


def test_a_given_encoding_overrides_the_detection(tmp_path):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    # Windows-1252 decodes these bytes too, as the Latin letters the issue quotes.
    event = read_event(folder, encoding="cp1252")
    assert event.players[0].name == "Èâàíîâ Èâàí"
    assert event.origin.read_notes[0].endswith("read as Windows-1252 (given)")
    assert read_csv_pair(folder, encoding="cp1251").players[0].name == "Иванов Иван"
    with pytest.raises(InputError, match="unknown encoding 'klingon'"):
        read_event(folder, encoding="klingon")
    # UTF-8 given for a Windows-1251 file: the line and the bytes that do not decode.
    with pytest.raises(InputError, match=r"players.csv, line 2: not valid UTF-8 .*b'\\xc8"):
        read_event(folder, encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Иванов Иван;Петров Пётр", "cp1251"),
        ("Işık Ayşe;Yılmaz Şahin", "cp1254"),
        # A reviewer's four-player file, which was read as Windows-1252 ("Þükrü Öztürk").
        (
            "id;name;rating\na;Şükrü Öztürk;1850\nb;Gülşen Çağlar;1700\n"
            "c;İsmail Ağaoğlu;1900\nd;Ayşe Yılmaz;1600\n",
            "cp1254",
        ),
        ("Müller, Jürgen;Weiß, Käthe", "cp1252"),  # the Latin-1 of old TRF files
        ("Müller\r\n", "latin-1"),
        ("Сидорова Анна", "koi8_r"),
        ("Кузнецов Дмитрий", "cp866"),
    ],
)
def test_short_texts_in_each_code_page_decode_to_the_original(text, encoding):
    decoded = decode_text(text.encode(encoding), "x.csv")
    assert decoded.text == text.replace("\r\n", "\n")
    assert decoded.how == "detected" and not decoded.is_utf8


def test_the_player_file_reads_a_code_page_and_takes_an_encoding(tmp_path):
    path = tmp_path / "state.csv"
    path.write_bytes("id;name;games\n7;Işık Ayşe;12\n".encode("cp1254"))
    assert read_player_file(path).records[0].name == "Işık Ayşe"
    assert read_text_as(path).encoding == "cp1254"
    assert read_player_file(path, encoding="cp1254").records[0].games == 12


def test_the_delimiter_comes_from_the_header_line():
    assert detect_delimiter("id;name;rating") == ";"
    assert detect_delimiter("id,name,rating") == ","
    assert detect_delimiter("id\tname\trating") == "\t"
    assert detect_delimiter('id;"Name, full";rating') == ";"  # commas in quotes do not count
    assert detect_delimiter("id") == ","
    header, rows = read_csv_table("a\tb\n1\t2\n", "t.csv", "the table")
    assert header == ["a", "b"] and rows[0].cells == {"a": "1", "b": "2"}


# -- Point 13: decimal commas in score tables ---------------------------------------------


def test_seven_and_a_half_unquoted_in_a_semicolon_score_table(tmp_path):
    # Points of a round robin of 4 (6 games): 2.5 + 2 + 1 + 0.5 = 6.
    path = tmp_path / "t.csv"
    path.write_bytes(
        "id;name;rating;points\n1;Иванов Иван;2100;2,5\n2;Петров Пётр;2050;2\n"
        "3;Сидорова Анна;;1\n4;Кузнецов Дмитрий;1900;0,5\n".encode("cp1251")
    )
    assert detect_format(path).name == "scorecsv"
    event = read_event(path)
    assert [p.name for p in event.players] == RUSSIAN
    assert [float(points_of(p)) for p in event.players] == [2.5, 2.0, 1.0, 0.5]
    assert event.origin.read_notes == (f"{path}: read as Windows-1251 (detected)",)


def test_an_unquoted_decimal_comma_in_a_comma_score_table_says_to_quote_it(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("id,name,rating,points\nA,Player A,2600,7,5\nB,Player B,2500,0.5\n")
    with pytest.raises(MalformedLineError) as caught:
        read_score_csv(path)
    message = str(caught.value)
    assert message.startswith(f"{path}, line 2: expected 4 fields")
    assert "'7,5'" in message and 'quote it ("7,5") or write 7.5' in message
    # Quoted, it is one cell: 2 players, 1 game, but 7.5 points is more than 1 game gives.
    path.write_text('id,name,rating,points\nA,Player A,2600,"0,5"\nB,Player B,2500,0.5\n')
    assert [float(points_of(p)) for p in read_score_csv(path).players] == [0.5, 0.5]


@pytest.mark.parametrize("points", ["nan", "inf", "1e400"])
def test_a_score_table_with_non_finite_points_names_the_line(tmp_path, points):
    """Issue 14: points `nan` gave a ValueError traceback, `1e400` an OverflowError."""
    path = tmp_path / "t.csv"
    path.write_text(f"id,name,rating,points\nA,A,2400,{points}\nB,B,2300,0\n")
    with pytest.raises(InvalidValueError, match=f"t.csv, line 2, field points: .*{points!r}"):
        read_event(path)


# -- BOMs never change how a file is recognised (point 14/15) -----------------------------


def test_a_score_table_with_a_bom_and_event_fields_is_recognised(tmp_path):
    path = tmp_path / "t.csv"
    text = "# start: 1990-05-02\nid,name,rating,points\nA,A,2400,1\nB,B,2300,0\n"
    path.write_bytes(codecs.BOM_UTF8 + text.encode())
    assert detect_format(path).name == "scorecsv"
    assert read_event(path).start.isoformat() == "1990-05-02"


def test_a_club_file_with_a_bom_is_recognised(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "players.csv").write_bytes(
        codecs.BOM_UTF8 + b"id,name,grade\na,Ann,10 kyu\nb,Bob,12 kyu\n"
    )
    games = "date,event,round,white,black,result\n2025-01-10,Evening,1,a,b,1-0\n"
    (folder / "games.csv").write_bytes(codecs.BOM_UTF8 + games.encode())
    assert detect_format(folder / "games.csv").name == "club"
    assert detect_format(folder).name == "club"
    assert len(read_event(folder / "games.csv").games) == 1


# -- Point 11: columns ratingkit does not know --------------------------------------------


@pytest.mark.parametrize("column", ["elo", "rtg"])
def test_an_unknown_player_column_is_named_with_the_known_ones(column):
    with pytest.raises(MalformedLineError) as caught:
        parse_player_csv(f"id,name,{column}\n1,Ann,2100\n", "players.csv")
    message = str(caught.value)
    assert message.startswith(f"players.csv, line 1, field {column}: ")
    assert f"does not know: {column!r} (column 3); did you mean 'rating'?" in message
    assert "Known columns: id, name, rating, games, born, k, ever_2400" in message


def test_an_unknown_column_in_a_pairs_players_file_is_refused(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "players.csv").write_text("id,name,elo\n1,Ann,2100\n2,Bob,2000\n3,Cy,\n4,Di,\n")
    with pytest.raises(MalformedLineError, match="players.csv, line 1, field elo: .*'elo'"):
        read_event(folder)


def test_a_trailing_empty_column_is_no_column():
    records = parse_player_csv("id;name;rating;\n1;Ann;2100;\n", "p.csv").records
    assert records[0].rating == 2100 and dict(records[0].extra) == {}
    with pytest.raises(MalformedLineError, match="p.csv, line 2: a column without a name"):
        parse_player_csv("id;name;rating;\n1;Ann;2100;x\n", "p.csv")


# -- Point 12: the closest format's own error ---------------------------------------------


def test_a_games_file_with_rnd_for_round_gets_the_csv_pairs_error(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "games.csv").write_text("rnd,white,black,result\n1,1,2,1-0\n")
    for path in (folder, folder / "games.csv"):
        with pytest.raises(MalformedLineError) as caught:
            read_event(path)
        message = str(caught.value)
        assert message.startswith(f"{folder / 'games.csv'}, line 1: the header lacks column(s)")
        assert "round" in message and "closest format, csv" in message


def test_a_club_file_with_a_misspelt_column_gets_the_club_error(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "players.csv").write_text("id,name,grade\na,Ann,10 kyu\nb,Bob,12 kyu\n")
    (folder / "games.csv").write_text("date,event,rnd,white,black,result\n")
    # The club sniffer still knows the file by its date and event columns.
    expected = r"games.csv, line 1: the header lacks column\(s\) round"
    with pytest.raises(RatingkitError, match=expected):
        read_event(folder)


# -- Point 14: events that read but cannot be right, refused with the file and line ---------


def test_a_pair_whose_game_lies_beyond_the_rounds_of_its_event_file(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "games.csv").write_text("round,white,black,result\n1,1,2,1-0\n9,3,4,0-1\n")
    (folder / "event.csv").write_text("field,value\nrounds,3\n")
    with pytest.raises(InvalidValueError, match=r"games.csv, line 3: round 9 \('3' v '4'\)"):
        read_event(folder)


def test_a_pair_whose_event_file_ends_before_it_starts(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "event.csv").write_text("field,value\nstart,2024-03-02\nend,2024-03-01\n")
    with pytest.raises(InvalidValueError, match="event.csv, line 3: the event ends"):
        read_event(folder)


def test_a_pair_with_one_fide_id_twice(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "players.csv").write_text(
        "id,name,rating,fide_id\n1,Ann,2100,4100018\n2,Bob,2000,\n3,Cy,,4100018\n4,Di,,\n"
    )
    with pytest.raises(RatingkitError, match="players.csv, line 4: FIDE id '4100018'"):
        read_event(folder)


def test_a_player_meeting_himself_in_a_games_file(tmp_path):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "games.csv").write_text("round,white,black,result\n1,1,1,1-0\n")
    with pytest.raises(
        InvalidValueError, match="games.csv, line 2: player '1' cannot play himself"
    ):
        read_event(folder)


def test_a_player_twice_in_a_score_table(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("name,rating,points\nAnn,2100,1\nBob,2000,0\nAnn,2100,1\n")
    with pytest.raises(RatingkitError, match=r"t.csv, line 4: player 'Ann' appears twice"):
        read_event(path)


@pytest.mark.parametrize("hours", ["nan", "inf", "1e400", "25", "0"])
def test_hours_per_day_beyond_a_day_are_refused(tmp_path, hours):
    folder = _pair(tmp_path, ["Ann", "Bob", "Cy", "Di"], "utf-8", ",")
    (folder / "event.csv").write_text(f"field,value\nhours_per_day,{hours}\n")
    with pytest.raises(InvalidValueError, match="event.csv, line 2, field hours_per_day: "):
        read_event(folder)


@pytest.mark.parametrize("header", ["id,name,rating,rating", "id,name,rating,Rating"])
def test_a_column_named_twice_is_refused_naming_both(header):
    with pytest.raises(
        MalformedLineError, match=r"names column 'rating' twice \(columns 3 and 4\)"
    ):
        parse_player_csv(f"{header}\nx,Xavier,2000,2100\n", "players.csv")
