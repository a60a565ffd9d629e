from __future__ import annotations

import pytest

from ratingkit.core.errors import InputError, MalformedLineError
from ratingkit.core.fileio import atomic_write_text, read_csv_table, read_text


def test_read_text_decodes_utf8_and_old_latin1_files(tmp_path):
    (tmp_path / "u.txt").write_bytes("Müller\r\n".encode())
    (tmp_path / "l.txt").write_bytes("Müller\r\n".encode("latin-1"))
    assert read_text(tmp_path / "u.txt") == "Müller\n"
    assert read_text(tmp_path / "l.txt") == "Müller\n"
    with pytest.raises(InputError, match="file not found"):
        read_text(tmp_path / "none.txt")


def test_atomic_write_replaces_or_leaves_the_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


def test_csv_table_rows_carry_their_lines():
    header, rows = read_csv_table("A,B\n1, x \n\n2,y\n", "t.csv", "the table", ("a",))
    assert header == ["a", "b"]
    assert [(r.line, r.cells) for r in rows] == [
        (2, {"a": "1", "b": "x"}),
        (4, {"a": "2", "b": "y"}),
    ]
    assert str(rows[1].at("t.csv", "b")) == "t.csv, line 4, field b"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "t.csv, line 1: the table is empty"),
        ("b\n1\n", "t.csv, line 1: the header lacks column(s) a (needs a)"),
        ("a,b\n1\n", "t.csv, line 2: expected 2 fields (a,b), got 1: '1'"),
    ],
)
def test_csv_table_errors_name_the_line(text, message):
    with pytest.raises(MalformedLineError) as info:
        read_csv_table(text, "t.csv", "the table", ("a",))
    assert str(info.value) == message


@pytest.mark.parametrize(
    "data",
    [
        "Müller\n".encode("utf-16"),  # byte-order mark FF FE
        "Müller\n".encode("utf-16-be"),  # no mark, but NUL bytes
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",  # a binary file
    ],
)
def test_utf16_and_binary_files_are_refused_not_misread(tmp_path, data):
    """Latin-1 decodes any bytes: a UTF-16 or binary file would be read as garbage."""
    (tmp_path / "wide.txt").write_bytes(data)
    with pytest.raises(InputError, match="not a text file in UTF-8 or Latin-1") as caught:
        read_text(tmp_path / "wide.txt")
    assert f"cannot read {tmp_path / 'wide.txt'}:" in str(caught.value)
