"""The core's texts in Russian and Turkish (ratingkit/core/*.py): the printable report's
headings, the tables' columns and yes/no, the rule's and the status's words, with the decimal
comma; English stays as it was and machine formats keep their English keys."""

from __future__ import annotations

import re

from fide_by_hand import half_away, pd

import ratingkit
from ratingkit.core.i18n import language_of
from ratingkit.core.outcome import Rule, Status
from ratingkit.core.printable import printable_html
from ratingkit.core.report import Table, fields_table, format_cell, rating_text

NAMES = ("Пётр Ёлкин", "Yann Çelik")


def _report(folder):
    """A CSV pair under FIDE 2024: x (2000) beats y (1900), 100 games each, born 1980: K 20."""
    folder.mkdir()
    (folder / "event.csv").write_text(
        "field,value\nname,Кубок Осени\ntype,swiss\nstart,2024-05-10\nend,2024-05-10\nrounds,1\n",
        encoding="utf-8",
    )
    (folder / "players.csv").write_text(
        "id,name,rating,games,born\n"
        f"x,{NAMES[0]},2000,100,1980-01-01\ny,{NAMES[1]},1900,100,1980-01-01\n",
        encoding="utf-8",
    )
    (folder / "games.csv").write_text("round,white,black,result\n1,x,y,1-0\n")
    return ratingkit.rate(ratingkit.read_event(folder), "fide-2024")


def test_the_printable_report_in_russian_has_russian_headings_and_decimal_commas(tmp_path):
    report = _report(tmp_path / "ev")
    english = printable_html(report)
    with language_of("ru"):
        russian = printable_html(report)
    # FIDE 2024 8.3.3 (here as in 2014 8.5x): the change is K * (w - PD(D)), D = 100, K = 20;
    # worked out by hand from the printed table 8.1b.
    change = 20 * (1 - pd(100))
    shown = f"{float(change):+.2f}"
    assert shown in english and shown.replace(".", ",") in russian
    assert '<html lang="ru">' in russian and '<html lang="en">' in english
    for heading in ("<h2>Игроки</h2>", "<h2>Индивидуальные расчёты</h2>"):
        assert heading in russian
    heads = re.findall(r"<th(?: class=\"word\")?>(.*?)</th>", russian)
    for column in ("Имя", "Рейтинг до", "Партии", "Очки", "Изменение", "Рейтинг после"):
        assert column in heads
    assert "<h3>x Пётр Ёлкин: рейтинг до 2000</h3>" in russian
    assert "<h2>Players</h2>" in english and "Rating before" in english
    assert "<h2>Игроки</h2>" not in english
    # every number of the tables has the decimal comma, none a decimal point
    numbers = re.findall(r'<td class="n">([^<]*)</td>', russian)
    assert numbers and not [n for n in numbers if re.search(r"\d\.\d", n)]
    assert any("," in n for n in numbers)
    # the players' names and the event's name are kept as written
    for name in (*NAMES, "Кубок Осени"):
        assert name in russian
    # the new ratings, rounded .5 away from zero, are the same integers in both
    after = 2000 + half_away(change)
    assert f'<td class="n">{after}</td>' in russian and f'<td class="n">{after}</td>' in english


def test_the_report_text_in_turkish_keeps_machine_formats_english(tmp_path):
    report = _report(tmp_path / "ev")
    with language_of("tr"):
        text = report.to_text()
        csv = report.to_csv()
        data = report.to_dict()
    assert "önceki rating" in text and "değişim" in text and "evet" in text
    assert csv.splitlines()[0].startswith("id,name,rating_before,games,score,expected,change,")
    assert "rating_before" in data["players"][0]
    assert re.search(r"\d\.\d", csv)  # a decimal point in CSV whatever the language


def test_cells_yes_no_no_rating_and_fields_table_columns():
    table = fields_table("", [("K", 20, "development coefficient")])
    with language_of("ru"):
        assert format_cell(True) == "да" and format_cell(False) == "нет"
        assert rating_text(None) == "нет рейтинга"
        assert "значение" in table.to_text()
        assert format_cell([0.5, 1.25]) == "0,5; 1,25"  # a list of decimal commas: semicolons
    with language_of("tr"):
        assert format_cell(True) == "evet" and rating_text(None) == "rating yok"
    assert format_cell(True) == "yes" and rating_text(None) == "no rating"
    assert format_cell([0.5, 1.25]) == "0.5, 1.25"
    assert table.columns == ("field", "value", "meaning")


def test_status_and_rule_show_in_the_language_and_keep_their_english_key():
    rule = Rule("8.3.1", "chess")  # a text of the catalogs (GameKind's word)
    with language_of("ru"):
        assert str(Status.NOT_PUBLISHED) == "не опубликован"
        assert str(rule) == "8.3.1: шахматы"
        assert Status.NOT_PUBLISHED.value == "not published"
    assert str(Status.NOT_PUBLISHED) == "not published" and str(rule) == "8.3.1: chess"


def test_an_html_table_in_russian_has_a_translated_caption_and_columns():
    table = Table("players", ("rating", "change"), [{"rating": 2012.0, "change": -7.25}])
    with language_of("ru"):
        page = table.to_html()
    assert "<caption>игроки</caption>" in page
    assert "<th>рейтинг</th><th>изменение</th>" in page and "-7,25" in page
    assert "<caption>players</caption>" in table.to_html()
