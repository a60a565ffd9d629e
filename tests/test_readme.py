"""The README's Python examples run as doctests, from the project root (the paths they read
are the examples'), so the README stays true."""

from __future__ import annotations

import doctest
import os

from conftest import ROOT


def test_readme_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted >= 10, result
    assert result.failed == 0, result
    assert os.getcwd() == str(ROOT)


# -- the ledger section's commands ---------------------------------------------------------

LEDGER_SECTION = "## Keeping a rating list: the ledger"


def _ledger_blocks() -> list[tuple[str, list[str]]]:
    """The fenced blocks of the README's ledger section, in order: (language, lines)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(LEDGER_SECTION)
    section = text[start : text.index("\n## ", start + len(LEDGER_SECTION))]
    blocks: list[tuple[str, list[str]]] = []
    lines = iter(section.splitlines())
    for line in lines:
        if line.startswith("```") and len(line) > 3:
            body = []
            for inner in lines:
                if inner.startswith("```"):
                    break
                body.append(inner)
            blocks.append((line[3:].strip(), body))
    return blocks


def test_readme_ledger_commands_run_as_shown(tmp_path, monkeypatch, capsys):
    """Every command of the ledger section's ``sh`` blocks, run in order from a copy of the
    project's examples: exit 0, or 2 where the README says ``# refused``; a ``text`` block
    right after an ``sh`` block is what its last command prints."""
    import shlex
    import shutil

    from ratingkit import cli

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    blocks = _ledger_blocks()
    ran = 0
    printed = ""
    previous = ""
    for language, body in blocks:
        if language == "text" and previous == "sh":
            assert printed.rstrip("\n") == "\n".join(body), "\n".join(body)
        if language == "sh":
            for line in body:
                command, _, comment = line.partition("  #")
                words = shlex.split(command)
                assert words[:2] == ["ratingkit", "db"], line
                code = cli.main(words[1:])
                captured = capsys.readouterr()
                printed = captured.out
                expected = 2 if comment.strip().startswith("refused") else 0
                assert code == expected, (line, captured.err)
                if expected == 2:
                    assert captured.err.startswith("ratingkit: error: "), captured.err
                ran += 1
        previous = language
    assert ran >= 15
    # Key numbers, read back from the files the commands wrote.  The March Open's games
    # file has 16 games; Moe, Ingrid: 1790 + 40 * (2.5 - 0.82) = 1857.2 (FIDE 2014 8.1b
    # PD 0.10, 0.39, 0.25, 0.08 against 2150, 1870, 1985 and 2310 counted as 400 above her).
    import csv

    from ratingkit.formats.fidelist import read_rating_list
    from ratingkit.services.ledger import Ledger

    games = (tmp_path / "examples/national-list/2024-03-march-open-games.csv").read_text()
    with Ledger(tmp_path / "national.sqlite", write=False) as book:
        (march,) = [e for e in book.events().rows if e["period"] == "2024-03"]
        assert march["games"] == len(games.splitlines()) - 1 == 16
        assert [e["event"] for e in book.events().rows] == [1, 3]  # event 2 removed
    listed = (tmp_path / "list-2024-04.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(listed.splitlines()))
    by_id = {r["FIDE id"]: r for r in rows}
    assert by_id["9100061"]["rating"] == str(int(1790 + 40 * (2.5 - 0.82) + 0.5))
    assert len(rows) == 11  # the ten of FIDE's list and Ruud, Emil
    fide = read_rating_list(tmp_path / "list-2024-04.txt")
    assert len(fide.players) == 10  # Ruud has no FIDE id: not in FIDE's layout
    assert fide.by_id()["9100061"].rating == 1857 and fide.by_id()["9100061"].k == 40
    import openpyxl

    sheet = openpyxl.load_workbook(tmp_path / "list-2024-04.xlsx").active
    assert sheet.max_row >= 12


# -- the "rules in their own words" section -------------------------------------------------

EXPLAIN_SECTION = "### The rules in their own words"


def test_readme_explain_prints_as_shown(capsys):
    """The section's ``sh`` command prints its ``text`` block exactly; the quote in it is the
    document's (tests/data/documents/fide-2014.ru.txt, the Russian text of 2014)."""
    import shlex

    from ratingkit import cli

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(EXPLAIN_SECTION)
    section = text[start : text.index("\n## ", start)]
    command = section.split("```sh\n", 1)[1].split("\n```", 1)[0]
    shown = section.split("```text\n", 1)[1].split("\n```", 1)[0]
    words = shlex.split(command)
    assert words[:2] == ["ratingkit", "explain"]
    assert cli.main(words[1:]) == 0
    assert capsys.readouterr().out.rstrip("\n") == shown
    document = (ROOT / "tests/data/documents/fide-2014.ru.txt").read_text(encoding="utf-8")
    assert "8.54. Если разница в рейтингах составляет более 400 пунктов, расчет должен" in document


LANGUAGES_SECTION = "### In Russian and Turkish"


def test_readme_languages_print_as_shown(capsys, monkeypatch):
    """The section's two commands print what its ``text`` blocks show: the whole Russian error
    (on stderr), the start of the Turkish report; the report's numbers are the document's
    worked example 10.68 (Rar 2375, Ra 2348, dpa 29.5), written with a decimal comma."""
    import shlex

    from ratingkit import cli

    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("RATINGKIT_LANG", raising=False)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(LANGUAGES_SECTION)
    section = text[start : text.index("\n### ", start + len(LANGUAGES_SECTION))]
    commands = [c.split("\n```", 1)[0] for c in section.split("```sh\n")[1:]]
    shown = [c.split("\n```", 1)[0] for c in section.split("```text\n")[1:]]
    assert len(commands) == len(shown) == 2
    words = shlex.split(commands[0])
    assert cli.main(words[1:]) == 2
    assert capsys.readouterr().err.rstrip("\n") == shown[0]
    words = shlex.split(commands[1])
    assert cli.main(words[1:]) == 0
    assert capsys.readouterr().out.startswith(shown[1])
    for figure in ("Rar: 2375", "Ra: 2348", "dpa: 29,5"):
        assert figure in shown[1]
