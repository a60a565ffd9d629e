"""The rules in their own words (ratingkit.documents, ``ratingkit explain``): every quote is
in the document (tests-side copies in tests/data/documents/, copied from the originals), and
every clause the code cites for a rule set whose document we have resolves to a quote or to an
explicit entry saying why there is none."""

from __future__ import annotations

import ast
import csv
import dataclasses
import functools
import html
import json
import re
from pathlib import Path

import pytest

from ratingkit.cli import main
from ratingkit.core.errors import RatingkitError
from ratingkit.core.outcome import Rule
from ratingkit.documents import (
    DOCUMENTS,
    UnknownClauseError,
    clause_html,
    explain,
    format_explanation,
    load_document,
)
from ratingkit.registry import get_rule_set

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ratingkit"
COPIES = Path(__file__).parent / "data" / "documents"
#: document key -> the tests-side copy of the original.
ORIGINALS = {
    "fide-2014": "fide-2014.ru.txt",
    "fide-1982": "fide-1982.tr.txt",
    "fesa": "fesa.ru.txt",
    "lnmo": "lnmo.ru.txt",
}


def original(key: str) -> str:
    return (COPIES / ORIGINALS[key]).read_text(encoding="utf-8")


# -- the quotes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", DOCUMENTS)
def test_every_quote_is_in_the_document(key):
    text = original(key)
    doc = load_document(key)
    assert doc.clauses
    for clause, (quote, english) in doc.clauses.items():
        assert quote and quote in text, f"{key} {clause}: quote not in the document"
        assert english.strip(), f"{key} {clause}: no English"
    for alias, targets in doc.aliases.items():
        assert targets and all(t in doc.clauses for t in targets), (key, alias)


def test_quotes_checked_by_hand_against_the_documents():
    """A few quotes typed here from the documents, character for character."""
    assert load_document("fide-2014").clauses["8.54"][0] == (
        "Если разница в рейтингах составляет более 400 пунктов, расчет должен быть "
        "произведен исходя из разницы рейтингов в 400 пунктов."
    )
    assert load_document("fide-1982").clauses["10.66"][0] == "Rn en yakın tamsayıya yuvarlanır."
    assert load_document("fesa").clauses["rule 9"][0] == (
        "Игроки с рейтингом до 1800, сыгравшие менее 100 партий, получают за каждую партию "
        "бонус в размере (1800 - tr)/200 очков."
    )
    assert load_document("lnmo").clauses["2a"][0] == "При дзисёги и сэнничитэ рейтинги не меняются."


def test_a_quote_that_is_not_in_the_document_would_fail():
    """The check above can fail: a quote with one letter changed is not in the document."""
    quote = load_document("fide-2014").clauses["8.54"][0]
    assert quote.replace("400", "350", 1) not in original("fide-2014")


def test_clause_numbers_are_the_documents_own():
    """The document prints 8.21 б) with a Cyrillic б, LNMO's 1а with a Cyrillic а and 2a with
    a Latin one: the clause numbers keep those letters, the code's citations map onto them."""
    assert (
        "\nб) В круговых" in original("fide-2014")
        and "8.21 б)" in load_document("fide-2014").clauses
    )
    lnmo = original("lnmo")
    assert " 1а. " in lnmo and " 2a. " in lnmo
    doc = load_document("lnmo")
    assert doc.resolve("1a") == ("1а",) and doc.resolve("2a") == ("2a",)
    assert load_document("fide-2014").resolve("8.21b") == ("8.21 б)",)


# -- every clause the code cites ----------------------------------------------------------------

_CLAUSE_FIELD = re.compile(r".*_(rule|clause|clauses)$")


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


@functools.cache
def _literal_clauses(directory: Path) -> set[str]:
    """Literal clauses of ``Rule(...)`` and ``rule(...)`` calls, of ``clause`` parameters'
    defaults and of ``clause or "8.22"`` in one package directory."""
    found: set[str] = set()
    for path in directory.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values: list[ast.expr] = []
            if isinstance(node, ast.Call) and _name(node.func) in ("Rule", "rule"):
                values += node.args[:1] + [k.value for k in node.keywords if k.arg == "clause"]
            elif isinstance(node, ast.arguments):
                args = node.posonlyargs + node.args
                for arg, default in zip(
                    args[len(args) - len(node.defaults) :], node.defaults, strict=True
                ):
                    if arg.arg == "clause" or arg.arg.endswith("_clause"):
                        values.append(default)
                for arg, default in zip(node.kwonlyargs, node.kw_defaults, strict=True):
                    if default is not None and (arg.arg == "clause" or arg.arg.endswith("_clause")):
                        values.append(default)
            elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
                left = node.values[0]
                if isinstance(left, ast.Name) and left.id == "clause":
                    values += node.values[1:]
            for value in values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.add(value.value)
    return found


def _rule_set_clauses(name: str) -> set[str]:
    """The clauses a registered rule set's own fields name (``cap_rule``, ``k_clause``...)."""
    rules = get_rule_set(name)
    found: set[str] = set()
    for field in dataclasses.fields(rules):
        value = getattr(rules, field.name)
        if isinstance(value, Rule):
            found.add(value.clause)
        elif _CLAUSE_FIELD.match(field.name):
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, tuple):
                found |= {v for v in value if isinstance(v, str)}
    return found


def cited(key: str) -> dict[str, str]:
    """Every clause cited for the document ``key``: clause -> where it was found."""
    doc = load_document(key)
    out: dict[str, str] = {}
    for package in doc.packages:
        for clause in _literal_clauses(PACKAGE / package):
            out.setdefault(clause, f"ratingkit/{package}")
    for name in doc.rule_sets:
        for clause in _rule_set_clauses(name):
            out.setdefault(clause, f"rule set {name}")
    if key == "fide-1982":
        from ratingkit.fide1982.checks import RULE_TEXTS

        for clause in RULE_TEXTS:
            out.setdefault(clause, "ratingkit/fide1982/checks.py RULE_TEXTS")
    return out


def test_the_walk_would_find_a_new_citation(tmp_path):
    """A clause cited in any of the three ways the walk knows is found, so an unmapped one
    fails the test below."""
    (tmp_path / "m.py").write_text(
        "def f(clause='9.1'):\n    return Rule('9.2', 'x'), rule(clause='9.3'), clause or '9.4'\n",
        encoding="utf-8",
    )
    assert _literal_clauses(tmp_path) == {"9.1", "9.2", "9.3", "9.4"}
    assert load_document("fide-2014").resolve("9.2") is None


def test_the_walk_finds_citations():
    """The walk is not vacuous: it finds the clauses known to be cited."""
    assert {"8.54", "8.56", "8.21a", "8.22", "8.25"} <= set(cited("fide-2014"))
    assert {"10.64", "6.1", "6.42"} <= set(cited("fide-1982"))
    assert {"rule 4a", "rule 10 (a)", "rules 5-7"} <= set(cited("fesa"))
    assert {"1а", "2b", "5, 5а"} <= set(cited("lnmo"))


@pytest.mark.parametrize("key", DOCUMENTS)
def test_every_cited_clause_resolves(key):
    doc = load_document(key)
    missing = [
        f"{clause!r} ({where})"
        for clause, where in sorted(cited(key).items())
        if doc.resolve(clause) is None
        and clause not in doc.outside
        and clause not in doc.not_clauses
    ]
    assert not missing, f"{key}: clauses cited without a quote: {', '.join(missing)}"


# -- explain ------------------------------------------------------------------------------------


def test_explain_quotes_and_translates():
    found = explain("FIDE-2014", "8.54")
    assert found.rules == "fide-2014"
    (part,) = found.parts
    assert part.original_language == "ru" and part.original in original("fide-2014")
    assert "400" in part.english and part.document == "FIDE Rating Regulations 2014"


def test_explain_a_combined_citation():
    found = explain("fesa", "rules 5-7")
    assert [p.clause for p in found.parts] == ["rule 5", "rule 6", "rule 7"]


@pytest.mark.parametrize(
    ("rules", "cited", "printed"),
    [
        # LNMO prints 1а with a Cyrillic а (the document: " 1а. "); a user types a Latin a
        ("lnmo", "1a", ["1а"]),
        ("lnmo", "rule 1a", ["1а"]),
        ("lnmo", "1а", ["1а"]),
        ("lnmo", "1a, 2b", ["1а", "2b"]),
        ("lnmo", "3b, 6", ["3b", "6"]),
        # the FIDE 1982-2000 notes cite "rule 5.1"; the document numbers it 5.1
        ("fide-1982", "rule 5.1", ["5.1"]),
        ("fide-1982", "5.1", ["5.1"]),
        ("fide-1982", "Rule 6.42", ["6.42"]),
        ("fesa", "rules 8 and 11", ["rule 8", "rule 11"]),
    ],
)
def test_explain_takes_a_clause_as_cited_and_prints_the_documents_form(rules, cited, printed):
    found = explain(rules, cited)
    assert [p.clause for p in found.parts] == printed
    assert found.cited == cited
    text = format_explanation(found)
    assert all(f", {clause}" in text for clause in printed)


def test_the_cyrillic_form_is_the_documents_own_so_it_is_printed():
    """LNMO's 1а: the Latin a a user types resolves, and the head line shows the document's
    Cyrillic а (U+0430), never the Latin letter."""
    head = format_explanation(explain("lnmo", "1a")).splitlines()[0]
    assert "1\u0430" in head and "1a" not in head


def test_a_folded_citation_that_names_no_clause_is_still_refused():
    with pytest.raises(UnknownClauseError):
        explain("lnmo", "rule 1z")
    with pytest.raises(UnknownClauseError):
        explain("fide-1982", "rule 5.1, 99.9")


def test_explain_a_later_fide_text_says_there_is_no_original():
    found = explain("fide-2024", "8.3.1")
    (part,) = found.parts
    assert part.original == "" and part.original_language is None
    assert "no Russian or Turkish original" in found.note
    # the English the code's own Rule has (fide-2024's unrated_opponent_rule)
    assert get_rule_set("fide-2024").unrated_opponent_rule.text in part.english


def test_explain_a_clause_outside_our_copy():
    found = explain("fide-2014", "7.14")
    assert found.parts[0].original == "" and "section 8 only" in found.note


def test_unknown_clause_lists_near_ones():
    with pytest.raises(UnknownClauseError) as caught:
        explain("fide-2014", "8.59")
    assert isinstance(caught.value, RatingkitError) and "8.58" in caught.value.near


def test_every_clause_fits_100_columns():
    for key in DOCUMENTS:
        doc = load_document(key)
        for clause in doc.clauses:
            text = format_explanation(explain(doc.rule_sets[0], clause))
            assert max(len(line) for line in text.splitlines()) <= 100, (key, clause)
    text = format_explanation(explain("fide-2014", "8.56"), width=60)
    assert max(len(line) for line in text.splitlines()) <= 60


def test_the_documents_names():
    """Each name in the document's language is printed in the document, except FESA's: our
    copy of its system has no title, and the data file says so."""
    for key in DOCUMENTS:
        doc = load_document(key)
        assert (doc.name_original in original(key)) == doc.name_original_printed, key
    assert not load_document("fesa").name_original_printed


def test_a_citation_of_a_missing_sub_clause_says_so():
    found = explain("fesa", "rule 10 (b)")
    assert [p.clause for p in found.parts] == ["rule 10"]
    assert "does not print them" in found.note


def test_cli_explain(capsys):
    assert main(["explain", "FIDE-1982", "10.66"]) == 0
    out = capsys.readouterr().out
    assert "FIDE Rating Regulations 1982-2000, 10.66" in out
    assert "Rn en yakın tamsayıya yuvarlanır." in out and "Turkish" in out


def test_cli_explain_json(capsys):
    assert main(["explain", "lnmo", "3a", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["parts"][0]["clause"] == "3а"
    assert data["parts"][0]["original"] == "Первым отрейтингованным является турнир 19 августа."


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["explain", "fide-2014", "8.99"], ["8.99", "nearest", "8.5"]),
        (["explain", "fide2014", "8.54"], ["did you mean", "'fide-2014'"]),
        (["explain", "fide", "8.54"], ["fide-2014", "fide-2025"]),
    ],
)
def test_cli_explain_errors(capsys, argv, words):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    for word in words:
        assert word in captured.err


# -- the hover ----------------------------------------------------------------------------------


def test_clause_html_carries_the_quote():
    rule = Rule("8.54", "D capped at 400")
    cell = clause_html("fide-2014", rule)
    assert cell.startswith('<abbr class="rk-clause" title="')
    assert "8.54: D capped at 400</abbr>" in cell
    assert "Если разница в рейтингах составляет более 400 пунктов" in cell


def test_clause_html_escapes_and_falls_back():
    assert clause_html("fide-2014", None) == ""
    plain = clause_html("fide-2014", Rule("8.99", "<b>"))
    assert plain == "8.99: &lt;b&gt;"
    quoted = clause_html("fesa", Rule("rule 5", ""))
    assert '"Рейтинг выступления"' not in quoted and "&quot;Рейтинг выступления&quot;" in quoted


# -- the glossary -------------------------------------------------------------------------------

GLOSSARY = PACKAGE / "locale" / "glossary.csv"


def _glossary() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_glossary_is_well_formed():
    rows = _glossary()
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        assert next(csv.reader(handle)) == ["english", "russian", "turkish", "where"]
    assert len(rows) >= 20
    for row in rows:
        assert None not in row.values() and row["english"].strip(), row
        assert row["russian"] or row["turkish"], row
        assert row["where"].strip(), row
    english = [r["english"] for r in rows]
    assert len(english) == len(set(english))


def test_glossary_has_the_issues_terms():
    rows = _glossary()
    russian = {t.strip() for r in rows for t in r["russian"].split("/")}
    turkish = {t.strip() for r in rows for t in r["turkish"].split("/")}
    assert {
        "разряд",
        "рейтинг выступления",
        "неотрейтингованный игрок",
        "установившийся игрок",
        "фора",
    } <= russian
    assert {
        "yüzdelik skor",
        "rating farkı",
        "katsayı",
        "ratingsiz oyuncu",
        "Döner sistem",
        "İsviçre sistemi",
    } <= turkish


def _occurs(term: str, text: str) -> bool:
    """The term, or each of its words by its stem (the documents inflect: разряда, форе,
    установившегося игрока), occurs in the text, letter case aside."""
    text = text.casefold()
    if term.casefold() in text:
        return True
    return all(word.casefold()[: max(3, len(word) - 3)] in text for word in term.split())


def test_glossary_terms_occur_in_the_documents():
    """Each Russian term is in a Russian document and each Turkish one in the Turkish
    document, unless ``where`` marks the language "— (ru)" / "— (tr)": the document lacks
    the term and the standard word is given."""
    russian = original("fide-2014") + original("fesa") + original("lnmo")
    turkish = original("fide-1982")
    for row in _glossary():
        for column, text, mark in (("russian", russian, "— (ru)"), ("turkish", turkish, "— (tr)")):
            terms = [t.strip() for t in row[column].split("/") if t.strip()]
            for term in terms:
                if mark in row["where"]:
                    lacking = term.casefold() not in text.casefold()
                    assert lacking, f"{term!r} is in the document after all"
                else:
                    assert _occurs(term, text), f"{term!r} ({column}) is in no such document"


def test_the_stem_match_can_fail():
    assert not _occurs("галибиет", original("fide-1982"))
    assert not _occurs("звание", original("fide-2014") + original("fesa") + original("lnmo"))


# -- the desk shows the document's words on the cited rules ------------------------------------


def test_the_desks_why_table_hovers_the_quote():
    from test_widgets_desk import EXAMPLES, desk_with

    desk = desk_with(EXAMPLES / "round-robin-two-unrated.trf")
    outcome = desk.values["report"].outcome
    assert desk.values["rules"] == "fide-2014"
    desk.player.value = outcome.players[0].id
    assert any(r["rule"].startswith("8.52") for r in desk.values["why"])
    # 8.52's words as the document prints them, in the rule cell's hover
    quote = load_document("fide-2014").clauses["8.52"][0]
    assert quote.startswith("Если противник не имеет рейтинга")
    assert '<td><abbr class="rk-clause" title="FIDE Rating Regulations 2014, 8.52' in desk.why.value
    assert quote in desk.why.value


def test_the_desks_findings_hover_a_later_fide_text_without_inventing_a_quote():
    from test_widgets_desk import EXAMPLES, desk_with

    folder = EXAMPLES / "fide-autumn-open-2025"
    desk = desk_with(folder / "games.csv", folder / "players.csv", folder / "event.csv")
    assert desk.values["rules"] == "fide-2025"
    # 8.3.1 of the 2024 text (2014's 8.52 is not in it)
    assert [f.rule.clause for f in desk.values["findings"]] == ["8.3.1"]
    cell = desk.findings.value
    # the finding's cell shows the clause; its hover says there is no original and gives the
    # English of the code's rule, never the 2014 quote
    (finding,) = desk.values["findings"]
    assert ">8.3.1</abbr></td>" in cell and "Если противник" not in cell
    assert "no Russian or Turkish original" in cell
    assert html.escape(f"English: {finding.rule.text}") in cell


def test_the_data_files_are_package_data():
    """pyproject.toml ships every data file of ratingkit/documents and the glossary."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ratingkit"]
    shipped = {p for pattern in patterns for p in PACKAGE.glob(pattern)}
    data = [*(PACKAGE / "documents").glob("*.json"), GLOSSARY]
    assert len(data) == len(DOCUMENTS) + 2  # the four documents, fide-later.json, the glossary
    assert set(data) <= shipped


def test_the_fide_2014_explorer_hovers_the_k_rule():
    from test_fide2014 import STATE
    from test_widgets_fide2014 import _small

    from ratingkit.notebook.widgets.fide2014 import Fide2014Explorer

    explorer = Fide2014Explorer(_small(), STATE, player="a")
    quote = load_document("fide-2014").clauses["8.56"][0]
    assert quote.startswith("K - коэффициент развития.")
    assert 'title="FIDE Rating Regulations 2014, 8.56' in explorer.output.value
    assert html.escape(quote) in explorer.output.value
