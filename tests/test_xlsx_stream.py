"""The XLSX writer streams each sheet row by row (issue 28, part 3): a big table, several
sheets and awkward text read back through openpyxl (an independent reader) as written."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from fractions import Fraction

import openpyxl

from ratingkit.core.report import Table
from ratingkit.formats.xlsx import table_workbook_bytes, write_table_xlsx

COLUMNS = ("rank", "id", "name", "rating", "listed", "born", "change")


def _row(number: int) -> dict[str, object]:
    return {
        "rank": number,
        "id": f"p{number:05d}",
        "name": f"Player & <Number> {number}",
        "rating": None if number % 10 == 0 else 1400 + number % 1300,
        "listed": number % 7 != 0,
        "born": date(1990, 1, 1 + number % 28),
        "change": Fraction(number % 13, 2),
    }


def _expected(number: int) -> tuple[object, ...]:
    # Worked from the module's rules: None an empty cell, a boolean yes/no, a date a date cell
    # (openpyxl gives it as a datetime at midnight), a Fraction its float.
    return (
        number,
        f"p{number:05d}",
        f"Player & <Number> {number}",
        None if number % 10 == 0 else 1400 + number % 1300,
        "no" if number % 7 == 0 else "yes",
        datetime(1990, 1, 1 + number % 28),
        (number % 13) / 2,
    )


def test_a_table_of_thousands_of_rows_reads_back_equal(tmp_path):
    count = 5_003  # more than two of the writer's chunks of rows, and not a multiple of one
    table = Table("list 2025-01", COLUMNS, [_row(n) for n in range(1, count + 1)])
    path = tmp_path / "list.xlsx"
    write_table_xlsx(table, path)
    book = openpyxl.load_workbook(path)
    sheet = book.active
    assert sheet is not None and sheet.title == "list 2025-01"
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == COLUMNS
    assert rows[1:] == [_expected(n) for n in range(1, count + 1)]
    assert sheet.freeze_panes == "A2"
    assert sheet["A1"].font.b and not sheet["A2"].font.b
    assert sheet["F2"].number_format == "yyyy-mm-dd"


def test_several_tables_are_sheets_in_order_with_unique_names():
    first = Table("players", ("n",), [{"n": 1}])
    second = Table("players", ("n",), [{"n": 2}])
    book = openpyxl.load_workbook(io.BytesIO(table_workbook_bytes([first, second])))
    assert book.sheetnames == ["players", "players (2)"]
    assert [book[name]["A2"].value for name in book.sheetnames] == [1, 2]


def test_awkward_text_and_values_survive():
    text = "  spaces at both ends\tand a tab  "
    rows = [
        {"a": text, "b": "quote \" and ' and ]]>", "c": datetime(2024, 3, 1, 12, 30, 15)},
        {"a": "=SUM(A1)", "b": "Кириллица, Türkçe", "c": -0.1},
        {"a": "", "b": 10**16, "c": 2.5e-9},
    ]
    data = table_workbook_bytes(Table('a "title"', ("a", "b", "c"), rows))
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    assert sheet is not None and sheet.title == 'a "title"'
    got = list(sheet.iter_rows(min_row=2, values_only=True))
    assert got[0] == (text, "quote \" and ' and ]]>", datetime(2024, 3, 1, 12, 30, 15))
    # "=SUM(A1)" is a name, not a formula: text, as the module's notes say.
    assert got[1] == ("=SUM(A1)", "Кириллица, Türkçe", -0.1)
    assert sheet["A3"].data_type == "s"
    # 10**16 is beyond Excel's 15 digits: text, every digit kept.
    assert got[2][1:] == ("10000000000000000", 2.5e-9)


def test_the_sheet_is_one_deflated_member_streamed_into_the_zip():
    data = table_workbook_bytes(Table("t", ("n",), [{"n": n} for n in range(3000)]))
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        member = package.getinfo("xl/worksheets/sheet1.xml")
        assert member.compress_type == zipfile.ZIP_DEFLATED
        xml = package.read(member).decode()
    assert xml.count("<row ") == 3001 and xml.endswith("</sheetData></worksheet>")
