"""The workbook in Russian and Turkish: the officer's desk's language switch and a widget or a
plot built after ``set_language``.  The expected texts are read from the catalogs (the .po
files, with Babel), not copied from what the widgets show."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT
from test_widgets_desk import upload_value

from ratingkit.core import i18n
from ratingkit.notebook.widgets.desk import OfficersDesk

EXAMPLES = ROOT / "examples"


def msgstr(language: str, text: str) -> str:
    """The translation of ``text``, read from the .po files (the workbook's catalog, else
    the core's: a text the desk shares with the CLI)."""
    entry = None
    for domain in ("workbook", "core"):
        path = Path(i18n.LOCALE_DIR) / language / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as po:
            entry = entry or read_po(po, locale=language, domain=domain).get(text)
    assert entry is not None and entry.string, f"{text!r} has no {language} translation"
    assert entry.string != text
    return str(entry.string)


@pytest.fixture(autouse=True)
def english_first():
    i18n.set_language("en")
    try:
        yield
    finally:
        i18n.set_language(None)


def th(text: str) -> str:
    return f"<th>{html.escape(text)}</th>"


def test_the_desk_switches_to_russian_and_back_keeping_the_event_and_the_choices():
    desk = OfficersDesk()
    assert desk.language.value == "en"
    assert [label for label, _code in desk.language.options] == ["English", "Русский", "Türkçe"]
    desk.event_upload.value = upload_value(EXAMPLES / "round-robin-two-unrated.trf")
    loaded, rules = desk.values["loaded"], desk.values["rules"]
    # a player other than the first, so that keeping the choice is seen
    player = desk.player.options[1][1]
    desk.player.value = player
    desk.decimal.value = "."
    assert desk.event_upload.description == "event file(s)"
    assert th("rating before") in desk.output.value  # the unrated players' table
    english_reason = desk.values["reason"]
    english_why_html = desk.why.value

    desk.language.value = "ru"
    assert i18n.current_language() == "ru"
    assert desk.event_upload.description == msgstr("ru", "event file(s)")
    assert desk.player_upload.description == msgstr("ru", "player file")
    assert msgstr("ru", "What was read") in desk.headings["What was read"].value
    assert (
        msgstr("ru", "Why did my rating change?")
        in desk.headings["Why did my rating change?"].value
    )
    # the report's view: the table of players not rated as established, its header Russian
    assert th(msgstr("ru", "rating before")) in desk.output.value
    assert msgstr("ru", "not rated as established players") in desk.output.value
    assert th("rating before") not in desk.output.value
    # the "why" table and the summary of what was read
    assert th(msgstr("ru", "contribution")) in desk.why.value
    # the contributions with the decimal comma (Russian writes 2,60 where English writes 2.60)
    english_why = re.findall(r"<td>([+-]\d+\.\d\d)</td>", english_why_html)
    assert english_why
    for value in english_why:
        assert f"<td>{value.replace('.', ',')}</td>" in desk.why.value
    assert msgstr("ru", "files") in desk.summary.value
    # the reason for the default rule set, now from the Russian template
    assert desk.values["reason"] != english_reason
    assert msgstr("ru", "in force from {start} to {end}").split("{")[0] in desk.values["reason"]
    # the same event, rule set, player and export options
    assert desk.values["loaded"] is loaded
    assert desk.values["rules"] == desk.rules.value == rules
    assert desk.player.value == player and desk.values["player"] == player
    assert desk.decimal.value == "."
    assert dict(desk.decimal.options)[msgstr("ru", "decimal point")] == "."

    desk.language.value = "en"
    assert desk.event_upload.description == "event file(s)"
    assert desk.headings["What was read"].value == "<h3>What was read</h3>"
    assert th("rating before") in desk.output.value
    assert desk.values["reason"] == english_reason
    assert desk.player.value == player


def test_the_desk_in_turkish_and_an_error_in_the_language_chosen(tmp_path):
    bad = tmp_path / "event.trf"
    bad.write_text("012 Club event\n001 bad\n")
    desk = OfficersDesk()
    desk.language.value = "tr"
    assert desk.rules.description == msgstr("tr", "rule set")
    desk.event_upload.value = upload_value(bad)
    assert desk.values["error"]
    assert msgstr("tr", "Cannot read the file:") in desk.message.value


def test_a_widget_and_a_plot_built_after_set_language_speak_it():
    from matplotlib.figure import Figure

    from ratingkit.notebook.plots.expected import plot_expected_curves
    from ratingkit.notebook.widgets.fesa import HandicapConverter

    i18n.set_language("ru")
    explorer = HandicapConverter()
    assert explorer.rating.description == msgstr("ru", "rating")
    ax = plot_expected_curves(ax=Figure().subplots())
    assert ax.get_title() == msgstr("ru", "Expected score: FIDE's table against the formulas")
    assert ax.get_ylabel() == msgstr("ru", "expected score PD")
    i18n.set_language("en")
    ax = plot_expected_curves(ax=Figure().subplots())
    assert ax.get_ylabel() == "expected score PD"


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_a_plot_in_russian_and_turkish_draws_every_letter(language, recwarn):
    """Matplotlib warns "Glyph ... missing from font(s)" for a letter its font lacks (drawn
    as a box); DejaVu Sans, its default, has Cyrillic and Turkish letters."""
    import io

    from matplotlib.figure import Figure

    from ratingkit.notebook.plots.desk import plot_rating_waterfall

    i18n.set_language(language)
    figure = Figure()
    ax = plot_rating_waterfall(2012.0, [("r1 Иванов Öztürk", 5.5)], 2017.5, ax=figure.subplots())
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels[0] == msgstr(language, "before") and labels[-1] == msgstr(language, "after")
    figure.savefig(io.BytesIO(), format="png")
    missing = [str(w.message) for w in recwarn if "missing from" in str(w.message)]
    assert missing == []
    # the end bar's value, formatted for the language (2017,5)
    assert "2017,5" in [t.get_text() for t in ax.texts]
