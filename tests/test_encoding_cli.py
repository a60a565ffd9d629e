"""``--encoding`` on the command line, and the report's note on the encoding used (issue 14,
point 10): files saved by Excel in Russia and Turkey (Windows-1251, Windows-1254, separated
by ``;``), old TRF and FESA tables in Latin-1/Windows-1252.

Each file's bytes are written here with ``str.encode(code page)``; the expected names are the
original Python strings, so a wrong decoding ("Èâàíîâ Èâàí" for Windows-1251 read as
Windows-1252) fails the test.  The code page names in the notes are the usual names of the
codecs the bytes were made with.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from ratingkit import cli
from ratingkit.core.errors import InputError
from ratingkit.formats import read_event
from ratingkit.formats.fesatable import read_fesa_table
from ratingkit.formats.trf import read_trf
from ratingkit.registry import get_rule_set
from ratingkit.services.ledger import ImportErrors, Ledger

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RUSSIAN = ["Иванов Иван", "Петров Пётр", "Сидорова Анна", "Кузнецов Дмитрий"]
TURKISH = ["Yılmaz Şahin", "Öztürk Gül", "Ağaoğlu Çelik", "Işık Ayşe"]


def _pair(tmp_path: Path, names: list[str], encoding: str, name: str = "event") -> Path:
    """A semicolon-separated CSV pair as Excel saves it: a round robin of four players dated
    2026-01 (so that the ledger can file it)."""
    folder = tmp_path / name
    folder.mkdir()
    players = "id;name;rating\n" + "".join(
        f"{i};{n};{2000 + 10 * i}\n" for i, n in enumerate(names, start=1)
    )
    games = "round;white;black;result;date\n" + "".join(
        f"{r};{w};{b};{res};2026-01-1{r}\n"
        for r, w, b, res in [
            (1, 1, 2, "1-0"),
            (1, 3, 4, "1/2-1/2"),
            (2, 1, 3, "0-1"),
            (2, 2, 4, "1-0"),
            (3, 1, 4, "1/2-1/2"),
            (3, 2, 3, "0-1"),
        ]
    )
    (folder / "players.csv").write_bytes(players.encode(encoding))
    (folder / "games.csv").write_bytes(games.encode(encoding))
    return folder


def _rate(capsys, *args: str) -> tuple[int, str, str]:
    # Wide enough that each note (with its long temporary paths) stays on one line: the text
    # report wraps to 100 columns by default (issue 17).
    status = cli.main(["rate", *args, "--columns", "400"])
    out, err = capsys.readouterr()
    return status, out, err


# -- rate ----------------------------------------------------------------------------------


def test_a_windows_1251_pair_is_detected_and_the_report_says_so(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    status, out, err = _rate(capsys, str(folder), "--rules", "fide-2014")
    assert status == 0, err
    for name in RUSSIAN:
        assert name in out
    assert "Èâàíîâ" not in out
    # Only the players file has letters; the games file is ASCII and so UTF-8 (no note).
    assert f"note: {folder / 'players.csv'}: read as Windows-1251 (detected)" in out


def test_a_given_encoding_is_used_and_named_as_given(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    status, out, err = _rate(capsys, str(folder), "--rules", "fide-2014", "--encoding", "cp1251")
    assert status == 0, err
    assert all(name in out for name in RUSSIAN)
    # Given, every file of the pair is read in it and the note names them all.
    players, games = folder / "players.csv", folder / "games.csv"
    assert f"note: {players}, {games}: read as Windows-1251 (given)" in out


def test_a_turkish_file_with_encoding_cp1254(tmp_path, capsys):
    folder = _pair(tmp_path, TURKISH, "cp1254")
    status, out, err = _rate(
        capsys, str(folder), "--rules", "fide-2014", "--encoding", "cp1254", "--format", "json"
    )
    assert status == 0, err
    assert all(name in out for name in TURKISH)
    assert "read as Windows-1254 (given)" in out


def test_a_given_encoding_overrides_the_detection(tmp_path, capsys):
    """Windows-1252 decodes Windows-1251 bytes too, as the accented Latin letters the issue
    quotes: the given encoding is used, not the detected one."""
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    status, out, _ = _rate(capsys, str(folder), "--rules", "fide-2014", "--encoding", "cp1252")
    assert status == 0
    assert "Èâàíîâ Èâàí" in out and "read as Windows-1252 (given)" in out


def test_a_utf8_pair_has_no_encoding_note(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "utf-8")
    status, out, _ = _rate(capsys, str(folder), "--rules", "fide-2014")
    assert status == 0 and RUSSIAN[0] in out
    assert "read as" not in out


def test_a_wrong_encoding_is_an_error_naming_file_and_line(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    status, out, err = _rate(capsys, str(folder), "--rules", "fide-2014", "--encoding", "utf-8")
    assert status == cli.EXIT_INPUT_ERROR and out == ""
    # Line 2 holds the first name; "И" is 0xC8 in Windows-1251.
    assert err.startswith(f"ratingkit: error: {folder / 'players.csv'}, line 2: not valid UTF-8")
    assert "\\xc8" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("codec", "message"),
    [
        ("xyz", "unknown encoding 'xyz'"),
        ("rot13", "'rot13' is not a text encoding"),  # a codec, but not bytes to text
        ("base64", "'base64' is not a text encoding"),
    ],
)
def test_an_unknown_codec_is_a_clean_error_before_reading(tmp_path, capsys, codec, message):
    missing = tmp_path / "no-such-file.csv"
    for command in (
        ["rate", str(missing), "--rules", "fide-2014", "--encoding", codec],
        ["check", str(missing), "--rules", "fide-2014", "--encoding", codec],
        ["db", "import", str(tmp_path / "l.sqlite"), str(missing), "--encoding", codec],
    ):
        assert cli.main(command) == cli.EXIT_INPUT_ERROR
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"ratingkit: error: {message}"), err
        assert "Traceback" not in err and "LookupError" not in err
    from ratingkit.core.fileio import check_encoding

    with pytest.raises(InputError, match="unknown encoding 'xyz'"):
        check_encoding("xyz")
    assert check_encoding("windows-1251").name == "cp1251"


def test_an_unknown_codec_from_python_names_the_file(tmp_path):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    with pytest.raises(InputError, match=r"players.csv: unknown encoding 'klingon'"):
        read_event(folder, encoding="klingon")
    path = tmp_path / "rr.trf"
    shutil.copy(EXAMPLES / "round-robin-two-unrated.trf", path)
    with pytest.raises(InputError, match=r"rr.trf: 'hex' is not a text encoding"):
        read_event(path, encoding="hex")


def test_check_takes_an_encoding(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    status = cli.main(["check", str(folder), "--rules", "fide-2014", "--encoding", "cp1251"])
    _, err = capsys.readouterr()
    assert status in (0, 1) and err == ""
    status = cli.main(["check", str(folder), "--rules", "fide-2014", "--encoding", "utf-8"])
    _, err = capsys.readouterr()
    assert status == cli.EXIT_INPUT_ERROR and "players.csv, line 2: not valid UTF-8" in err


def test_a_separate_player_file_is_read_in_the_given_encoding(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    state = tmp_path / "state.csv"
    state.write_bytes(b"id;name;rating;games\n" + f"1;{RUSSIAN[0]};1990;40\n".encode("cp1251"))
    args = (str(folder), "--rules", "fide-2014", "--players", str(state))
    status, out, err = _rate(capsys, *args, "--encoding", "cp1251")
    assert status == 0, err
    # The player file was read: its rating is the previous list's (FIDE 2024 text 7.1).
    assert f"'{RUSSIAN[0]}': new rating = previous list 1990 (player file)" in out
    assert f"note: {state}: read as Windows-1251 (given)" in out
    status, out, _ = _rate(capsys, *args)
    assert status == 0 and f"note: {state}: read as Windows-1251 (detected)" in out
    status, _, err = _rate(capsys, *args, "--encoding", "utf-8")
    assert status == cli.EXIT_INPUT_ERROR and "line 2: not valid UTF-8" in err


def test_the_pairs_own_players_file_as_player_file_is_noted_once(tmp_path, capsys):
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    players = folder / "players.csv"
    status, out, _ = _rate(capsys, str(folder), "--rules", "fide-2014", "--players", str(players))
    assert status == 0
    notes = [line for line in out.splitlines() if "read as Windows-1251" in line]
    assert notes == [f"  note: {players}: read as Windows-1251 (detected)"]


# -- TRF and FESA tables in Latin-1 / Windows-1252 ---------------------------------------

#: Names of the example TRF with accents, each the same length as the original (fixed columns).
TRF_NAMES = {"Arkell,Tomas": "Ärkell,Tomás", "Grube,Otto": "Grübe,Otto"}
FESA_NAMES = {"Weber": "Wéber", "Rossi": "Rössi", "Jules": "Jülès"}


def _latin(tmp_path: Path, example: str, names: dict[str, str], target: str, codec: str) -> Path:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    for old, new in names.items():
        assert len(old) == len(new) and old in text
        text = text.replace(old, new)
    path = tmp_path / target
    path.write_bytes(text.encode(codec))
    return path


@pytest.mark.parametrize("codec", ["latin-1", "cp1252"])
def test_a_latin_1_trf_records_its_encoding(tmp_path, codec):
    path = _latin(tmp_path, "round-robin-two-unrated.trf", TRF_NAMES, "rr.trf", codec)
    event = read_trf(path)
    names = [p.name for p in event.players]
    assert names[0] == "Ärkell,Tomás" and names[6] == "Grübe,Otto"
    # These letters are the same bytes in Latin-1 and Windows-1252 (its superset).
    assert event.origin.encoding == "cp1252"
    assert event.origin.read_notes == (f"{path}: read as Windows-1252 (detected)",)
    given = read_event(path, encoding="latin-1")
    assert [p.name for p in given.players] == names
    assert given.origin.encoding == "latin-1"
    assert given.origin.read_notes == (f"{path}: read as Latin-1 (given)",)


def test_a_utf8_trf_records_utf8_without_a_note():
    event = read_trf(EXAMPLES / "round-robin-two-unrated.trf")
    assert event.origin.encoding == "utf-8" and not event.origin.read_notes


def test_a_windows_1252_fesa_table_records_its_encoding(tmp_path):
    path = _latin(tmp_path, "fesa-spring-cup.txt", FESA_NAMES, "cup.txt", "cp1252")
    event = read_fesa_table(path)
    assert [p.name for p in event.players] == [
        "Tanaka Aiko",
        "Berg Lars",
        "Moreau Jülès",
        "Novak Pavel",
        "Rössi Marta",
        "Wéber Jonas",
    ]
    assert event.origin.encoding == "cp1252"
    assert event.origin.read_notes == (f"{path}: read as Windows-1252 (detected)",)
    given = read_event(path, encoding="cp1252")
    assert given.players == event.players
    assert given.origin.read_notes == (f"{path}: read as Windows-1252 (given)",)
    plain = read_fesa_table(EXAMPLES / "fesa-spring-cup.txt")
    assert plain.origin.encoding == "utf-8" and not plain.origin.read_notes


# -- every rule set's report says which encoding was used ----------------------------------


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2022", "fide-2024", "fide-1982"])
def test_fide_reports_carry_the_encoding_note(tmp_path, rules):
    path = _latin(tmp_path, "round-robin-two-unrated.trf", TRF_NAMES, "rr.trf", "cp1252")
    event = read_event(path)
    note = f"{path}: read as Windows-1252 (detected)"
    rule_set = get_rule_set(rules)
    assert note in rule_set.rate(event).notes
    # Several events (one rating period): each note under its event's name.
    period = rule_set.rate_events([event, event])
    assert f"{event.name}: {note}" in period.notes


@pytest.mark.parametrize("rules", ["fesa", "fesa-program", "fesa-2011", "fesa-nsr"])
def test_fesa_reports_carry_the_encoding_note(tmp_path, rules):
    path = _latin(tmp_path, "fesa-spring-cup.txt", FESA_NAMES, "cup.txt", "cp1252")
    event = read_event(path)
    note = f"{path}: read as Windows-1252 (detected)"
    rule_set = get_rule_set(rules)
    assert note in rule_set.rate(event).notes
    # Played again, the table's ratings left out: the second event starts from the state the
    # first left (a rating of its own would have to be that one, issue 24).
    again = replace(event, players=tuple(replace(p, rating=None) for p in event.players))
    assert f"{event.name}: {note}" in rule_set.rate_events([event, again]).notes


def test_the_lnmo_report_carries_the_encoding_note(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("games.csv", "players.csv"):
        text = (EXAMPLES / "lnmo-club" / name).read_text(encoding="utf-8")
        (folder / name).write_bytes(text.replace("Boris", "Борис").encode("cp1251"))
    event = read_event(folder)
    assert "Борис" in [p.name for p in event.players]
    report = get_rule_set("lnmo").rate(event)
    assert f"{folder / 'players.csv'}: read as Windows-1251 (detected)" in report.notes


# -- db import -------------------------------------------------------------------------------


def test_db_import_takes_an_encoding(tmp_path, capsys):
    book = str(tmp_path / "ledger.sqlite")
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    assert cli.main(["db", "init", book, "--rules", "fide-2014"]) == 0
    # The wrong encoding: nothing is imported, the error names the file and line.
    assert cli.main(["db", "import", book, str(folder), "--encoding", "utf-8"]) == 2
    err = capsys.readouterr().err
    assert f"{folder / 'players.csv'}, line 2: not valid UTF-8" in err
    assert "Traceback" not in err
    assert cli.main(["db", "import", book, str(folder), "--encoding", "cp1251"]) == 0
    assert "into period 2026-01" in capsys.readouterr().out
    with Ledger(book) as ledger:
        reports = ledger.rate_period("2026-01")
    # The event's read notes are kept in the ledger and reach the period's report.
    assert any("read as Windows-1251 (given)" in n for r in reports for n in r.notes)
    assert cli.main(["db", "list", book, "--period", "2026-01", "--format", "csv"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in RUSSIAN)


def test_ledger_import_file_passes_the_encoding_to_the_player_file(tmp_path):
    book = tmp_path / "ledger.sqlite"
    folder = _pair(tmp_path, RUSSIAN, "cp1251")
    state = tmp_path / "state.csv"
    state.write_bytes(f"id;name;rating;games\n1;{RUSSIAN[0]};2010;40\n".encode("cp1251"))
    Ledger.create(book, "fide-2014").close()
    with Ledger(book) as ledger:
        with pytest.raises(ImportErrors) as err:
            ledger.import_file(folder, state, encoding="utf-8")
        assert f"{state}, line 2: not valid UTF-8" in str(err.value)
        ledger.import_file(folder, state, encoding="cp1251")
        ledger.rate_period("2026-01")
        listed = ledger.published_list("2026-01").rows
    assert sorted(row["name"] for row in listed) == sorted(RUSSIAN)
