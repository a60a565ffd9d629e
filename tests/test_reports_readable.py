"""Issue 25, part 4: reports a person can read, held over the whole sweep (tests/sweep.py:
every example and test event under every rule set that accepts it, in every language) and
the CLI's other tables (``formats``, ``rules``, the ledger's ``db`` commands).

- every line of every text the CLI and the reports print fits 100 columns (COLUMNS=100);
- no note of a text report runs past about 300 characters (NOTE_LENGTH);
- no table cell shows "none", "nan", a negative zero or a change of "+0.00" where nothing
  applies (a player without a counted game);
- every part of a table split for width starts with the table's key columns;
- one header style per table: no key's underscores in a header.

The files a report is written to are held in tests/test_fidelist.py (XLSX read by pandas
with its defaults) and tests/test_browser.py (the printable HTML in Chromium).
"""

from __future__ import annotations

import re

import pytest
import sweep

from ratingkit.core.i18n import LANGUAGES, _, language_of
from ratingkit.core.report import KEY_COLUMNS, NOTE_LENGTH, Table

#: The terminal the texts are laid out for (the sweep's CLI runs see no terminal: 100).
COLUMNS = 100
#: The texts a terminal shows (the HTML and CSV are not laid out in columns).
TERMINAL_TEXTS = ("report text", "check text", "cli rate", "cli check")
#: A message of the CLI on stderr is one line however long (issue 25, part 5), not a table.
MESSAGE = re.compile(r"^ratingkit: ")
#: Cells that say nothing, or a number that is not one.
EMPTY_WORDS = {"none", "None", "nan", "NaN", "-0", "-0.0", "-0.00", "-0,0", "-0,00"}


def _terminal_texts():
    for rendering in sweep.every_rendering():
        for key in TERMINAL_TEXTS:
            if key in rendering.texts:
                yield rendering, key, rendering.texts[key]


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > COLUMNS and not MESSAGE.match(line)]


def test_every_line_of_the_sweep_fits_100_columns():
    wide = {
        (r.case.label, r.rules.name, r.language, key): lines[0]
        for r, key, text in _terminal_texts()
        if (lines := _too_wide(text))
    }
    assert wide == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cli_tables_fit_100_columns(language):
    """``formats`` (164 columns before), ``db events`` (144), ``db list --everyone --lang
    ru`` (109), ``db history --lang ru`` (112) and the rest, each a table that ran."""
    texts = sweep.cli_tables(language)
    for command, text in texts.items():
        assert not MESSAGE.match(text), (command, text)  # it ran
    assert {c: _too_wide(t)[:1] for c, t in texts.items() if _too_wide(t)} == {}


def _notes(text: str, language: str) -> list[str]:
    """The notes of a text report, each joined from its wrapped lines."""
    with language_of(language):
        label = "  " + _("note:") + " "
    notes: list[str] = []
    open_note = False
    for line in text.splitlines():
        if line.startswith(label):
            notes.append(line[len(label) :])
            open_note = True
        elif open_note and line.startswith(" " * len(label)) and line.strip():
            notes[-1] += " " + line.strip()
        else:
            open_note = False
    return notes


def test_no_note_of_a_text_report_runs_past_300_characters():
    long = {}
    count = 0
    for rendering, key, text in _terminal_texts():
        if key not in ("report text", "cli rate"):
            continue
        for note in _notes(text, rendering.language):
            count += 1
            # about 300: a note's wrapped lines joined by one space may differ by a few
            if len(note) > NOTE_LENGTH + 5:
                long[(rendering.case.label, rendering.rules.name, rendering.language)] = note
    assert count > 100  # the notes were found
    assert long == {}


def test_a_long_note_is_cut_at_a_word_and_says_where_it_is_whole():
    case = next(c for c in sweep.cases() if c.label == "karl-mala")
    rendering = sweep.rendered(case, "fide-2014", "en")
    whole = [n for n in rendering.report.notes if n.startswith("event type swiss")]
    (shown,) = [n for n in _notes(rendering.texts["report text"], "en") if "092" in n]
    assert len(whole[0]) > NOTE_LENGTH >= len(shown)
    start = shown.split(" …")[0]
    assert whole[0].startswith(start) and whole[0][len(start)] == " "  # cut at a word
    assert shown.endswith("(the whole note: --format json or html)")
    # the whole note stays in the JSON and HTML reports
    assert whole[0] in rendering.report.to_json()


def _cells(line: str) -> list[str]:
    return re.split(r"\s{2,}", line.strip())


def test_no_cell_says_none_nan_or_a_negative_zero():
    found = {}
    for rendering, key, text in _terminal_texts():
        for line in text.splitlines():
            bad = EMPTY_WORDS.intersection(_cells(line))
            if bad:
                found[(rendering.case.label, rendering.rules.name, key, *sorted(bad))] = line
    assert found == {}


def test_a_player_without_a_counted_game_has_no_change_to_show():
    """Bakhmatov,Eduard (start rank 13 of the Karl-Mala Swiss) played no rated game: the
    report printed "0.00" and "+0,00" for his expected score and change; nothing applies."""
    case = next(c for c in sweep.cases() if c.label == "karl-mala")
    for language in LANGUAGES:
        for rules in ("fide-2014", "fide-2025"):
            rendering = sweep.rendered(case, rules, language)
            row = rendering.report["13"]
            assert row["games"] == 0 and row["rating_after"] == row["rating_before"]
            assert row["expected"] is None and row["change"] is None
            (line,) = [x for x in rendering.texts["report text"].splitlines() if "Bakhmatov" in x][
                :1
            ]
            assert "+0" not in line and "0,00" not in line and "0.00" not in line


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    """Each table block of a text: its header line and the cells of its rows; a header is
    the line above a rule of dashes."""
    lines = text.splitlines()
    blocks = []
    for i, line in enumerate(lines[1:], start=1):
        if line and set(line) <= {"-", " "} and "--" in line:
            rows = []
            for row in lines[i + 1 :]:
                if not row.strip():
                    break
                rows.append(row)
            blocks.append((lines[i - 1], rows))
    return blocks


def _key_labels(table: Table) -> list[str]:
    keys = []
    for column in table.columns:
        if column not in KEY_COLUMNS:
            break
        keys.append(_(column).replace("_", " "))
    return keys


def test_every_part_of_a_split_table_starts_with_its_key():
    """A table split for width repeats its key columns (the player's id and name) in every
    part: the FESA report's second part (category, grades, bonus) had no names in Russian
    and Turkish, whose headers are not the English keys."""
    split = 0
    for rendering in sweep.every_rendering():
        report = rendering.report
        tables = [report.players, *report.sections]
        with language_of(rendering.language):
            for table in tables:
                keys = _key_labels(table)
                if not keys or not len(table):
                    continue
                blocks = _blocks(table.to_text(COLUMNS))
                split += len(blocks) > 1
                for header, _rows in blocks:
                    assert _cells(header)[: len(keys)] == keys, (
                        rendering.case.label,
                        rendering.rules.name,
                        rendering.language,
                        table.title,
                        header,
                    )
    assert split > 50  # the sweep has split tables to hold


def test_the_fesa_report_names_the_players_in_its_second_part_in_russian():
    case = next(c for c in sweep.cases() if c.label == "fesa-spring-cup")
    text = sweep.rendered(case, "fesa", "ru").texts["report text"]
    (second,) = [(h, rows) for h, rows in _blocks(text) if "категория" in h]
    header, rows = second
    assert _cells(header)[:3] == ["№", "имя", "категория"]
    # the rows of the part name the players of the event file, in its order
    assert [_cells(r)[1] for r in rows] == [
        "Tanaka Aiko",
        "Berg Lars",
        "Moreau Jules",
        "Novak Pavel",
        "Rossi Marta",
        "Weber Jonas",
    ]


def test_one_header_style_per_table():
    """No header shows a key's underscore ("rating_before" beside "opponent rating")."""
    found = {}
    for rendering, key, text in _terminal_texts():
        for header, _rows in _blocks(text):
            if "_" in header:
                found[(rendering.case.label, rendering.rules.name, rendering.language, key)] = (
                    header
                )
    for language in LANGUAGES:
        for command, text in sweep.cli_tables(language).items():
            for header, _rows in _blocks(text):
                if "_" in header:
                    found[(command, language)] = header
    assert found == {}


def test_a_cut_html_cell_is_not_repeated_on_a_further_row():
    for rendering in sweep.every_rendering():
        html = rendering.texts["report html"]
        assert "ratingkit-details" not in html
        for title, shown in re.findall(r'<td title="([^"]*)">([^<]*)</td>', html):
            assert shown.endswith("…") and html.count(f">{title}<") == 0


def test_the_same_k_defaults_for_several_players_are_one_note():
    """The club evening's six players had three notes "K=20 assumed (...)" each naming the
    same six: one note now names them once with the three defaults (FIDE 2014 8.56)."""
    case = next(c for c in sweep.cases() if c.label == "club-evening-plain")
    notes = [n for n in sweep.rendered(case, "fide-2014", "en").report.notes if "K=" in n]
    assert notes == [
        "K=20 assumed (no games count: taken as 30 or more; no birth date: taken as not under "
        "18; ever_2400 not given: taken as no (rating under 2400)) for 6 players: "
        "'Ada Brandt', 'Ben Okafor', 'Cleo Marsh', 'Dev Rao', 'Eli Novak', 'Fay Quist'"
    ]


def test_the_fesa_players_without_a_game_count_are_one_note():
    """CdF Nantes 2025 gives no game counts: 32 notes "<name>: no game count ..." were one
    a player; one note now names them (the first ten) and holds every player's id."""
    case = next(c for c in sweep.cases() if c.label == "cdf-2025-nantes")
    rendering = sweep.rendered(case, "fesa", "en")
    notes = [n for n in rendering.outcome.notes if "no game count" in n.text]
    assert len(notes) == 1
    players = rendering.outcome.players
    # the players with a rating and without a game count: every rated one in this table
    assert set(notes[0].players) == {p.id for p in players if p.rating_before is not None}
    # the first ten names in the file's order, then " ...", then the text once
    names = ", ".join(p.name for p in players[:10])
    assert notes[0].text.startswith(f"{names} ...: no game count in the player file;")
    assert notes[0].text.count("no game count") == 1
