"""FIDE's rating list downloads (TXT and XML) and the XLSX writer of tables.

The files under tests/data/fidelist/ were written by hand in FIDE's layouts: the header lines
are FIDE's as published (players_list_foa.txt, standard_rating_list.txt with the month in the
rating column), every value left-aligned at the character where its header name starts, as
in FIDE's own lines (the Leko line of players_list_foa.txt is FIDE's August 2026 line).  The
expected values below are read off those files' text, not from the reader."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratingkit.formats
from ratingkit.core.errors import (
    DuplicatePlayerError,
    InputError,
    InvalidValueError,
    MalformedLineError,
    RatingkitError,
)
from ratingkit.core.report import Table
from ratingkit.formats import (
    ListedPlayer,
    format_rating_list_txt,
    read_rating_list,
    write_table_xlsx,
)
from ratingkit.formats.fidelist import ListLimits, RatingListReader

DATA = Path(__file__).parent / "data" / "fidelist"
SINGLE = DATA / "standard_rating_list.txt"
COMBINED = DATA / "players_list_foa.txt"
XML = DATA / "players_list_xml_foa.xml"

#: FIDE's header lines, as published (the single list's month is the file's own, MAR24).
SINGLE_HEADER = (
    "ID Number      Name"
    + " " * 57
    + "Fed Sex Tit  WTit OTit           FOA MAR24 Gms K  B-day Flag"
)
COMBINED_HEADER = (
    "ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng "
    "RGm Rk BRtng BGm BK B-day Flag"
)

P = ListedPlayer

#: standard_rating_list.txt, line by line (lines 2 to 8).
SINGLE_PLAYERS = (
    P("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", 2830, 0, 10, 1990),
    P("700070", "Polgar, Judit", "HUN", "F", "GM", "", "", 2736, 0, 10, 1976, True, True, "wi"),
    P(
        "4804929",
        "A-ALI, Sali Abbas Abdulzahra",
        "IRQ",
        "F",
        "WFM",
        "WFM",
        "",
        1876,
        13,
        20,
        2001,
        False,
        True,
        "w",
    ),
    P("25121731", "A C J John", "IND", "M", "", "", "", 1063, 0, 40, 1987, True, False, "i"),
    P(
        "24699128",
        "Müller, Jürgen",
        "GER",
        "M",
        "FM",
        "",
        "FA,IA",
        2215,
        5,
        20,
        None,
        foa_title="AFM",
    ),
    P("5045886", "A K, Kalshyan", "IND", "M", "", "", "", 1671, 0, 20, 1964),
    P("32001234", "Núñez, Nora", "ESP", "F", "", "", "", None, None, None, 2010, False, True, "w"),
)


def _write(tmp_path: Path, text: str, name: str = "list.txt", encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def _line(width: int, **at: str) -> str:
    """A line of ``width`` spaces with each value at its 0-based start (``p113="2830"``)."""
    cells = [" "] * width
    for key, value in at.items():
        start = int(key[1:])
        cells[start : start + len(value)] = value
    return "".join(cells)


# -- the header lines are FIDE's -------------------------------------------------------------


def test_the_data_files_carry_fides_header_lines() -> None:
    assert SINGLE.read_bytes().decode("cp1252").split("\r\n")[0] == SINGLE_HEADER
    assert COMBINED.read_text(encoding="utf-8").split("\n")[0] == COMBINED_HEADER
    # Where FIDE's columns start (0-based), as the published headers have them.
    assert [SINGLE_HEADER.index(n) for n in ("Fed", "Sex", "MAR24", "Gms", "B-day")] == [
        76,
        80,
        113,
        119,
        126,
    ]
    assert len(SINGLE_HEADER) == 136 and len(COMBINED_HEADER) == 162


# -- reading ---------------------------------------------------------------------------------


def test_a_single_list_in_windows_1252() -> None:
    listed = read_rating_list(SINGLE)
    assert listed.players == SINGLE_PLAYERS
    assert (listed.layout, listed.list_kind, listed.period) == ("txt", "standard", "MAR24")
    # Not UTF-8: a Western code page (Windows-1252 and -1254 decode these names alike).
    assert listed.encoding in ("cp1252", "cp1254")
    assert [p.location.line for p in listed.players if p.location] == [2, 3, 4, 5, 6, 7, 8]
    assert listed.players[4].name == "Müller, Jürgen"
    # Polgar is an inactive woman; the unrated Núñez has no rating, games or K.
    polgar, nunez = listed.players[1], listed.players[6]
    assert (polgar.inactive, polgar.woman) == (True, True)
    assert (nunez.rating, nunez.games, nunez.k, nunez.woman) == (None, None, None, True)


def test_a_given_encoding_overrides_the_detection() -> None:
    listed = read_rating_list(SINGLE, encoding="latin-1")
    assert listed.players[4].name == "Müller, Jürgen" and listed.encoding == "latin-1"
    # Read as Windows-1251, the names come out in Cyrillic: the given encoding is used.
    assert read_rating_list(SINGLE, encoding="cp1251").players[4].name == "Mьller, Jьrgen"


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # (FIDE id: rating, games, K) from the SRtng SGm SK, RRtng RGm Rk, BRtng BGm BK columns.
        (
            "standard",
            {
                "703303": (2676, 0, 10),
                "700070": (2735, 0, 10),
                "48701955": (1702, 9, 40),
                "537001345": (None, None, None),
                "24699128": (2215, 5, 20),
            },
        ),
        (
            "rapid",
            {
                "703303": (2700, 0, 10),
                "700070": (2675, 0, 10),
                "48701955": (None, None, None),
                "537001345": (1431, 7, 40),
                "24699128": (2150, 0, 20),
            },
        ),
        (
            "blitz",
            {
                "703303": (2738, 0, 10),
                "700070": (2736, 0, 10),
                "48701955": (1807, 2, 40),
                "537001345": (None, None, None),
                "24699128": (2188, 11, 20),
            },
        ),
    ],
)
def test_the_combined_list_gives_the_list_asked_for(
    kind: str, expected: dict[str, tuple[int | None, ...]]
) -> None:
    for path in (COMBINED, XML):
        listed = read_rating_list(path, kind=kind)
        assert listed.list_kind == kind and listed.period is None
        assert {p.fide_id: (p.rating, p.games, p.k) for p in listed.players} == expected


def test_the_combined_txt_and_the_xml_agree_on_everything_else() -> None:
    txt, xml = read_rating_list(COMBINED), read_rating_list(XML)
    assert txt.layout == "txt" and xml.layout == "xml"
    assert sorted(txt.players, key=lambda p: p.fide_id) == sorted(
        xml.players, key=lambda p: p.fide_id
    )
    leko = txt.by_id()["703303"]
    assert (leko.name, leko.federation, leko.sex, leko.title, leko.born) == (
        "Leko, Peter",
        "HUN",
        "M",
        "GM",
        1979,
    )
    muller = xml.by_id()["24699128"]
    assert (muller.name, muller.other_titles, muller.foa_title, muller.born) == (
        "Müller, Jürgen",
        "FA,IA",
        "AFM",
        None,
    )
    gowda = xml.by_id()["48701955"]
    assert (gowda.title, gowda.women_title, gowda.flag, gowda.woman) == ("WCM", "WCM", "w", True)
    # The XML's players are located at their <player> lines.
    assert [p.location.line for p in xml.players if p.location] == [3, 24, 45, 66, 87]


def test_xml_in_a_declared_or_a_detected_code_page(tmp_path: Path) -> None:
    body = (
        "<playerslist><player><fideid>4611</fideid><name>Müller, Ärne</name>"
        "<country>GER</country><sex>M</sex><rating>2001</rating><games>3</games><k>20</k>"
        "<birthday>0000</birthday><flag>i</flag></player></playerslist>"
    )
    declared = '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + body
    for text in (declared, body):
        path = _write(tmp_path, text, "list.xml", "cp1252")
        (player,) = read_rating_list(path).players
        assert player == P("4611", "Müller, Ärne", "GER", "M", "", "", "", 2001, 3, 20, None, True)


def test_fides_zip_archives_are_read_through_their_one_list(tmp_path: Path) -> None:
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(COMBINED, "players_list_foa.txt")
    listed = read_rating_list(archive, kind="rapid")
    assert listed.players == read_rating_list(COMBINED, kind="rapid").players
    assert listed.source == f"{archive}:players_list_foa.txt"
    xml = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(xml, "w") as out:
        out.write(XML, "players_list_xml_foa.xml")
    assert read_rating_list(xml).players == read_rating_list(XML).players
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as out:
        out.write(XML, "a.xml")
        out.write(COMBINED, "b.txt")
    with pytest.raises(InputError, match="holds one .txt or .xml file; this one holds a.xml"):
        read_rating_list(two)
    broken = _write(tmp_path, "PK\x03\x04 not really a zip", "broken.zip")
    with pytest.raises(InputError, match="cannot read the ZIP archive"):
        read_rating_list(broken)


def test_a_birth_year_of_zeros_is_not_given(tmp_path: Path) -> None:
    line = _line(136, p0="9", p15="Zero, Born", p76="FRA", p80="M", p113="1500", p126="0000")
    path = _write(tmp_path, SINGLE_HEADER + "\n" + line + "\n")
    (player,) = read_rating_list(path).players
    assert (player.born, player.games, player.k) == (None, None, None)


# -- errors ----------------------------------------------------------------------------------


def _single(tmp_path: Path, *lines: str) -> Path:
    return _write(tmp_path, "\n".join([SINGLE_HEADER, *lines]) + "\n")


GOOD = {"p0": "1001", "p15": "Good, One", "p76": "NOR", "p80": "M", "p113": "2000"}


@pytest.mark.parametrize(
    ("values", "error", "words", "value"),
    [
        ({"p113": "2x00"}, InvalidValueError, "rating '2x00' is not a whole number", "2x00"),
        ({"p113": "4100"}, InvalidValueError, "rating 4100 is out of range", "4100"),
        ({"p123": "0"}, InvalidValueError, "K 0 is out of range", "0"),
        ({"p123": "100"}, InvalidValueError, "K 100 is out of range", "100"),
        ({"p123": "99", "p119": "1000"}, MalformedLineError, "runs across", None),
        (
            {"p123": "150", "p126": "1990"},
            MalformedLineError,
            "across the start of column B-day",
            None,
        ),
        ({"p132": "x"}, InvalidValueError, "flag 'x'", "x"),
        ({"p80": "X"}, InvalidValueError, "sex 'X'", "X"),
        ({"p76": "nor"}, InvalidValueError, "federation 'nor'", "nor"),
        ({"p0": "12a4"}, InvalidValueError, "FIDE id '12a4'", "12a4"),
        ({"p126": "1492"}, InvalidValueError, "birth year 1492 is out of range", "1492"),
        ({"p15": ""}, MalformedLineError, "no name", ""),
    ],
)
def test_a_bad_value_is_named_with_its_line(
    tmp_path: Path,
    values: dict[str, str],
    error: type[InputError],
    words: str,
    value: str | None,
) -> None:
    good = _line(136, **GOOD)
    bad = _line(136, **{**GOOD, "p0": "1002", **values})
    path = _single(tmp_path, good, bad)
    with pytest.raises(error) as caught:
        read_rating_list(path)
    assert f"{path}, line 3" in str(caught.value)
    assert words in str(caught.value)
    if value is not None:
        assert caught.value.value == value


def test_a_value_across_a_columns_start_is_refused(tmp_path: Path) -> None:
    """A name of 62 characters runs into the Fed column (which starts at character 77)."""
    line = _line(136, **{**GOOD, "p15": "N" * 61 + "ORWAY"})
    with pytest.raises(MalformedLineError, match=r"line 2, field Fed: a value runs across"):
        read_rating_list(_single(tmp_path, line))
    # Shifted by one character, every value still lies inside its column: read as it is.
    shifted = " " + _line(136, **GOOD)[:-1]
    (player,) = read_rating_list(_single(tmp_path, shifted)).players
    assert (player.fide_id, player.federation, player.rating) == ("1001", "NOR", 2000)


def test_a_tab_is_refused(tmp_path: Path) -> None:
    line = _line(136, **GOOD)
    line = line[:100] + "\t" + line[101:]
    with pytest.raises(MalformedLineError, match=r"line 2, column 101: a tab"):
        read_rating_list(_single(tmp_path, line))


def test_two_rows_with_one_fide_id_name_both_lines(tmp_path: Path) -> None:
    first = _line(136, **GOOD)
    other = _line(136, **{**GOOD, "p0": "2002", "p15": "Other, Two"})
    again = _line(136, **{**GOOD, "p15": "Good, Again"})
    path = _single(tmp_path, first, other, again)
    with pytest.raises(DuplicatePlayerError) as caught:
        read_rating_list(path)
    message = str(caught.value)
    assert "FIDE id 1001 is listed twice" in message
    assert f"{path}, line 2" in message and f"{path}, line 4" in message


def test_an_xml_value_is_named_by_its_line_and_element(tmp_path: Path) -> None:
    text = XML.read_text(encoding="utf-8")
    # Gowda's standard K, the file's one <k>40</k>.
    line = text.split("\n").index("<k>40</k>") + 1
    path = _write(tmp_path, text.replace("<k>40</k>", "<k>400</k>"), "list.xml")
    with pytest.raises(InvalidValueError) as caught:
        read_rating_list(path)
    assert str(caught.value).startswith(f"{path}, line {line}, field k: K 400 is out of range")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the file is empty"),
        ("\n\n", "the file is empty"),
        (SINGLE_HEADER + "\n", "the rating list has no players"),
        ("id,name,rating\n1,A,2000\n", "neither FIDE's TXT nor its XML"),
        ("<players><player/></players>", "root element is <players>"),
        ("<playerslist></playerslist>", "the rating list has no players"),
    ],
)
def test_an_empty_list_or_another_file_says_what_is_read(
    tmp_path: Path, text: str, words: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(MalformedLineError) as caught:
        read_rating_list(path)
    assert words in str(caught.value)
    assert "fixed-width TXT" in str(caught.value) and "XML" in str(caught.value)


def test_an_unknown_column_or_element_is_refused(tmp_path: Path) -> None:
    header = SINGLE_HEADER.replace("FOA", "FOO")
    with pytest.raises(MalformedLineError, match="names column 'FOO'"):
        read_rating_list(_write(tmp_path, header + "\n" + _line(136, **GOOD) + "\n"))
    xml = "<playerslist><player><fideid>1</fideid><name>A</name><elo>1</elo></player></playerslist>"
    with pytest.raises(MalformedLineError, match="holds <elo>"):
        read_rating_list(_write(tmp_path, xml, "x.xml"))


def test_an_xml_doctype_or_entity_is_refused_and_nothing_is_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read me", encoding="utf-8")
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        "<playerslist><player><fideid>1</fideid><name>&b;</name></player></playerslist>"
    )
    external = (
        f'<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
        "\n<playerslist><player><fideid>1</fideid><name>&x;</name></player></playerslist>"
    )
    for text in (laughs, external):
        with pytest.raises(InputError) as caught:
            read_rating_list(_write(tmp_path, text, "evil.xml"))
        assert "DOCTYPE" in str(caught.value) and "line 2" in str(caught.value)
        assert "do not read me" not in str(caught.value)


def test_bad_xml_is_named_with_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "<playerslist>\n<player><fideid>1</fideid>\n</playerslist>", "x.xml")
    with pytest.raises(MalformedLineError, match=r"line 3.*not well-formed XML"):
        read_rating_list(path)


def test_the_kind_must_be_one_fide_publishes_and_the_files_own(tmp_path: Path) -> None:
    with pytest.raises(InvalidValueError, match="unknown rating list 'classic'"):
        read_rating_list(SINGLE, kind="classic")
    rapid = format_rating_list_txt(SINGLE_PLAYERS, kind="rapid")
    path = _write(tmp_path, rapid)
    assert read_rating_list(path, kind="rapid").list_kind == "rapid"
    with pytest.raises(InvalidValueError, match="this is the rapid list"):
        read_rating_list(path)


def test_a_flag_that_contradicts_the_player_is_refused() -> None:
    assert P("1", "A", inactive=True, woman=True).flag == "wi"
    assert P("1", "A", woman=True).flag == "w"
    with pytest.raises(InvalidValueError, match="flag 'i' says inactive=True"):
        P("1", "A", flag="i")
    with pytest.raises(InvalidValueError, match="not one of FIDE's flags"):
        P("1", "A", inactive=True, flag=" i")


# -- writing ---------------------------------------------------------------------------------


def test_the_writer_writes_fides_layout_character_for_character() -> None:
    """The hand-written file (in FIDE's widths) is what the writer writes for its players."""
    expected = SINGLE.read_bytes().decode("cp1252").replace("\r\n", "\n")
    assert format_rating_list_txt(SINGLE_PLAYERS, month_label="MAR24") == expected


def test_the_writer_names_the_column_after_the_list_without_a_month() -> None:
    text = format_rating_list_txt(SINGLE_PLAYERS[:1], kind="blitz")
    assert text.split("\n")[0] == SINGLE_HEADER.replace("MAR24", "BRtng")


@pytest.mark.parametrize(
    ("player", "words"),
    [
        (P("1", "x" * 61), "does not fit FIDE's column of 60 characters"),
        (P("1", " Padded"), "spaces at an end"),
        (P("1", "A", rating=4001), "rating 4001 is out of range"),
        (P("1", "A", title="GMXYZ"), "title 'GMXYZ'"),
        (P("1", "A", born=0), "birth year 0 reads back as not given"),
        (P("1", "A", federation="Norway"), "federation 'Norway'"),
    ],
)
def test_the_writer_refuses_what_would_not_read_back(player: ListedPlayer, words: str) -> None:
    with pytest.raises(InvalidValueError, match=words):
        format_rating_list_txt([player])


def test_the_writer_refuses_one_fide_id_twice_and_a_bad_month() -> None:
    with pytest.raises(InvalidValueError, match="FIDE id 7 is given twice"):
        format_rating_list_txt([P("7", "A"), P("7", "B")])
    with pytest.raises(InvalidValueError, match="month label 'March'"):
        format_rating_list_txt([P("7", "A")], month_label="March")


_NAME_CHARS = st.characters(categories=("Lu", "Ll"), max_codepoint=0x2FF) | st.sampled_from(" ,.-'")
_NAMES = st.text(_NAME_CHARS, min_size=1, max_size=60).map(str.strip).filter(bool)
_TITLES = st.sampled_from(["", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"])


@st.composite
def _players(draw: st.DrawFn) -> list[ListedPlayer]:
    ids = draw(st.lists(st.integers(1, 10**10), max_size=12, unique=True))
    result = []
    for fide_id in ids:
        result.append(
            ListedPlayer(
                fide_id=str(fide_id),
                name=draw(_NAMES),
                federation=draw(st.sampled_from(["", "NOR", "GER", "IND", "FID"])),
                sex=draw(st.sampled_from(["", "M", "F"])),
                title=draw(_TITLES),
                women_title=draw(_TITLES),
                other_titles=draw(st.sampled_from(["", "FA", "IA,FT", "FST,IO"])),
                rating=draw(st.none() | st.integers(0, 4000)),
                games=draw(st.none() | st.integers(0, 999)),
                k=draw(st.none() | st.integers(1, 99)),
                born=draw(st.none() | st.integers(1800, 2100)),
                inactive=draw(st.booleans()),
                woman=draw(st.booleans()),
                foa_title=draw(st.sampled_from(["", "AGM", "AFM"])),
            )
        )
    return result


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    players=_players(),
    kind=st.sampled_from(["standard", "rapid", "blitz"]),
    month=st.none() | st.sampled_from(["JAN23", "Mar11", "DEC99"]),
)
def test_written_lists_read_back_equal(
    tmp_path: Path, players: list[ListedPlayer], kind: str, month: str | None
) -> None:
    text = format_rating_list_txt(players, kind=kind, month_label=month)
    path = _write(tmp_path, text)
    if not players:
        with pytest.raises(MalformedLineError, match="no players"):
            read_rating_list(path, kind=kind)
        return
    listed = read_rating_list(path, kind=kind)
    assert listed.players == tuple(players)
    assert listed.period == month and listed.list_kind == kind


def test_the_lists_are_not_event_formats() -> None:
    assert not any("list" in name.lower() for name in ratingkit.formats.formats())


# -- XLSX -------------------------------------------------------------------------------------


def test_a_table_as_xlsx_reads_back_with_its_values_and_types(tmp_path: Path) -> None:
    table = Table(
        "FIDE list 2024-03",
        ("id", "name", "rating", "change", "active", "born", "note"),
        [
            {"id": "1503014", "name": "Carlsen, Magnus", "rating": 2830, "change": Fraction(7, 2)},
            {"id": "700070", "name": "=cmd|' /C calc'!A0", "rating": None, "active": False},
            {"id": "9", "name": "Müller", "active": True, "born": date(1990, 11, 30)},
            {"id": "10", "name": "Big", "rating": 10**17, "note": ["a", "b"]},
        ],
    )
    path = tmp_path / "list.xlsx"
    write_table_xlsx(table, path)
    sheet = openpyxl.load_workbook(path).active
    assert sheet is not None
    rows = list(sheet.iter_rows(values_only=True))
    # issue 25: the title is the sheet's name and the header the first row
    assert sheet.title == "FIDE list 2024-03"
    assert rows[0] == ("id", "name", "rating", "change", "active", "born", "note")
    assert rows[1] == ("1503014", "Carlsen, Magnus", 2830, 3.5, None, None, None)
    # A formula-like name stays text; None is an empty cell; booleans as in the CSV (yes/no).
    assert rows[2] == ("700070", "=cmd|' /C calc'!A0", None, None, "no", None, None)
    assert rows[3] == ("9", "Müller", None, None, "yes", datetime(1990, 11, 30), None)
    # A number beyond Excel's 15 digits is text (no digit lost); a list is its items.
    assert rows[4] == ("10", "Big", "100000000000000000", None, None, None, "a b")
    types = [[c.data_type for c in row] for row in sheet.iter_rows(min_row=2, max_row=3)]
    assert types[0][:4] == ["s", "s", "n", "n"]
    assert types[1][1] == "s"
    # The same words as the CSV view.
    assert "no" in table.to_csv().split("\n")[2].split(",")


def test_xlsx_to_a_file_object_and_a_sheet_name_excel_accepts() -> None:
    table = Table("a/b:c*d?[e] " + "x" * 40, ("n",), [{"n": 1}])
    buffer = io.BytesIO()
    write_table_xlsx(table, buffer)
    book = openpyxl.load_workbook(io.BytesIO(buffer.getvalue()))
    assert len(book.sheetnames[0]) <= 31 and not set("/:*?[]") & set(book.sheetnames[0])
    assert book.active is not None and book.active["A2"].value == 1


def test_pandas_reads_the_xlsx_header_with_its_defaults(tmp_path: Path) -> None:
    """issue 25: ``pandas.read_excel`` with no arguments gives the table's columns and rows
    (the header is the first row; the title, cut to Excel's 31 characters, names the sheet)."""
    import pandas as pd

    title = "Autumn Open 2025: players (fide-2025) of a long title"
    table = Table(title, ("id", "name", "rating"), [{"id": "a", "name": "Aldren", "rating": 2700}])
    write_table_xlsx(table, tmp_path / "t.xlsx")
    frame = pd.read_excel(tmp_path / "t.xlsx")
    assert list(frame.columns) == ["id", "name", "rating"]
    assert frame.to_dict("records") == [{"id": "a", "name": "Aldren", "rating": 2700}]
    (sheet,) = pd.ExcelFile(tmp_path / "t.xlsx").sheet_names
    # by hand: ":" is forbidden in a sheet name (a space instead), 31 characters kept
    assert sheet == "Autumn Open 2025  players (fide"


def test_xlsx_into_a_missing_folder_is_a_clean_error(tmp_path: Path) -> None:
    table = Table("t", ("n",), [{"n": 1}])
    with pytest.raises(RatingkitError):
        write_table_xlsx(table, tmp_path / "missing" / "t.xlsx")


_SAMPLES = [SINGLE.read_bytes(), COMBINED.read_bytes(), XML.read_bytes()]


@st.composite
def _damaged(draw: st.DrawFn) -> bytes:
    """One of the sample files with a few bytes replaced, inserted or cut, or random bytes."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=400))
    data = bytearray(draw(st.sampled_from(_SAMPLES)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        change = draw(st.sampled_from(["replace", "insert", "cut"]))
        byte = draw(st.sampled_from(b" \t\n<>&;0a9-\x00\xe9\xffiw"))
        if change == "replace":
            data[at] = byte
        elif change == "insert":
            data.insert(at, byte)
        else:
            del data[at : at + draw(st.integers(1, 40))]
    return bytes(data)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=_damaged(), kind=st.sampled_from(["standard", "rapid", "blitz"]))
def test_a_damaged_file_is_read_or_refused_cleanly(tmp_path: Path, data: bytes, kind: str) -> None:
    path = tmp_path / "damaged"
    path.write_bytes(data)
    try:
        listed = read_rating_list(path, kind=kind)
    except RatingkitError as error:
        assert str(error)  # a message, never a traceback of another kind
    else:
        assert listed.players and len({p.fide_id for p in listed.players}) == len(listed)


def test_an_unknown_encoding_is_a_clean_error() -> None:
    for path in (SINGLE, XML):
        with pytest.raises(InputError, match="unknown encoding 'nope'"):
            read_rating_list(path, encoding="nope")


# -- big and hostile files (issue 28, part 4) ---------------------------------------------

SMALL_CAPS = ListLimits(unpacked_bytes=100_000, ratio=200, field_chars=100, line_chars=2_000)
TXT_HEADER = COMBINED.read_text(encoding="utf-8").splitlines()[0]


def _one_line(error: pytest.ExceptionInfo[InputError]) -> str:
    text = str(error.value)
    assert "\n" not in text and len(text) < 400, text
    return text


def test_a_small_zip_bomb_is_refused_past_the_cap_in_one_line(tmp_path: Path) -> None:
    # 20 MB of spaces pack to about 20 KB: past the 100,000 bytes set for the test.
    bomb = tmp_path / "players_list.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("players_list_foa.txt", TXT_HEADER + "\n" + " " * 20_000_000)
    assert bomb.stat().st_size < 30_000
    with pytest.raises(InputError) as refused:
        read_rating_list(bomb, limits=SMALL_CAPS)
    text = _one_line(refused)
    assert "players_list.zip" in text and "100,000 bytes" in text
    # With the default caps the packing ratio (about 1000:1, over 200) refuses it.
    with pytest.raises(InputError) as refused:
        read_rating_list(bomb)
    assert "200 times its packed size" in _one_line(refused)


def test_a_zip_member_lying_about_its_size_is_refused_while_read(tmp_path: Path) -> None:
    # The header says 1,000 bytes (ratio 1000/packed, far under the caps); the member
    # unpacks to 20 MB.  Counted while reading, it is refused, whichever check fires first.
    honest = tmp_path / "honest.zip"
    with zipfile.ZipFile(honest, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("players_list_foa.txt", TXT_HEADER + "\n" + " " * 20_000_000)
    data = bytearray(honest.read_bytes())
    info = zipfile.ZipFile(honest).infolist()[0]
    real = info.file_size.to_bytes(4, "little")
    lying = (1_000).to_bytes(4, "little")
    assert data.count(real) == 2  # the local header's and the central directory's
    liar = tmp_path / "players_list.zip"
    liar.write_bytes(bytes(data).replace(real, lying))
    assert zipfile.ZipFile(liar).infolist()[0].file_size == 1_000
    with pytest.raises(InputError) as refused:
        read_rating_list(liar)
    assert "players_list.zip" in _one_line(refused)


def test_a_zip_bomb_given_to_db_import_list_is_one_line(tmp_path: Path) -> None:
    from ratingkit.services.ledger import Ledger

    bomb = tmp_path / "players_list.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("players_list_foa.txt", TXT_HEADER + "\n" + " " * 20_000_000)
    with Ledger.create(tmp_path / "l.ledger", "fide-2014") as ledger:
        with pytest.raises(InputError) as refused:
            ledger.import_list(bomb)
        assert "ZIP bomb" in _one_line(refused)
        # Nothing half-applied: no player stored.
        assert ledger._connection.execute("SELECT COUNT(*) FROM players").fetchone() == (0,)


def test_a_deep_xml_is_refused_without_recursion(tmp_path: Path) -> None:
    # 100,000 nested elements: expat does not recurse, and the reader refuses the fourth level.
    deep = "<playerslist><player><name>" + "<a>" * 100_000 + "</a>" * 100_000
    path = _write(tmp_path, deep + "</name></player></playerslist>", "deep.xml")
    with pytest.raises(MalformedLineError) as refused:
        read_rating_list(path)
    assert "<name> holds an element <a>" in _one_line(refused)


def test_a_wide_xml_is_read_within_bounds_or_refused(tmp_path: Path) -> None:
    player = (
        "<player><fideid>{id}</fideid><name>P{id}</name><country>HUN</country>"
        "<sex>M</sex><rating>2000</rating><games>1</games><k>20</k>"
        "<birthday>1990</birthday><flag></flag></player>"
    )
    # Many siblings: 5,000 players on one line each.
    many = "\n".join(player.format(id=1000 + n) for n in range(5_000))
    wide = _write(tmp_path, f"<playerslist>\n{many}\n</playerslist>", "wide.xml")
    assert len(read_rating_list(wide, limits=SMALL_CAPS)) == 5_000
    # Many attributes: one tag of 100,000 attributes (about 1.2 MB) is past the line cap.
    attributes = " ".join(f"a{n}='x'" for n in range(100_000))
    tag = _write(
        tmp_path, f"<playerslist {attributes}>{player.format(id=1)}</playerslist>", "a.xml"
    )
    with pytest.raises(MalformedLineError) as refused:
        read_rating_list(tag, limits=SMALL_CAPS)
    assert "2,000 bytes" in _one_line(refused)


@pytest.mark.parametrize("layout", ["xml", "txt"])
def test_a_huge_field_is_refused_with_the_cap(tmp_path: Path, layout: str) -> None:
    name = "x" * 5_000_000
    if layout == "xml":
        text = f"<playerslist><player><fideid>1</fideid><name>{name}</name></player></playerslist>"
        where = "<name>"
    else:
        text = TXT_HEADER + "\n" + "1".ljust(15) + name + "\n"
        where = "line 2"
    path = _write(tmp_path, text, f"huge.{layout}")
    with pytest.raises(InputError) as refused:
        read_rating_list(path)
    message = _one_line(refused)
    assert where in message and "huge" in message
    assert ("1,000 characters" if layout == "xml" else "65,536 characters") in message
    # A value past a lower cap, in a line within the line cap: the value's own cap.
    # (the last column, Flag, runs to the line's end)
    short = TXT_HEADER + "\n" + "1".ljust(TXT_HEADER.index("Flag")) + "y" * 150 + "\n"
    with pytest.raises(InvalidValueError) as refused:
        read_rating_list(_write(tmp_path, short, "long.txt"), limits=SMALL_CAPS)
    assert "100 characters" in _one_line(refused)


def test_the_reader_gives_batches_and_refuses_a_late_duplicate(tmp_path: Path) -> None:
    lines = [TXT_HEADER] + [f"{1000 + n:<15}{'P' + str(n):<61}HUN M" for n in range(25)]
    path = _write(tmp_path, "\n".join([*lines, f"{1003:<15}{'Again':<61}HUN M"]) + "\n", "d.txt")
    with pytest.raises(DuplicatePlayerError) as refused:
        list(RatingListReader(path).batches(size=10))
    assert "'P3' at" in str(refused.value) and "line 5 and 'Again'" in str(refused.value)
    good = _write(tmp_path, "\n".join(lines) + "\n", "g.txt")
    assert [len(b) for b in RatingListReader(good).batches(size=10)] == [10, 10, 5]
