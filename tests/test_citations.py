"""Issue 25, part 1: every citation exists in the document of the rule set in force.

The sweep (tests/sweep.py) rates and checks every example and test event under every rule
set that accepts it, in every language; every clause that appears (the outcome's Rule values:
notes, games, K rules, findings; the clauses the notes and findings cite in their words) must
resolve with ``ratingkit explain <rule set> <clause as printed>`` (called in-process).
Shared code names a concept, never a clause (ratingkit/core/citations.py): each FIDE text's
table (ratingkit/fide/clauses.py) gives its own number and words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from sweep import Case, accepted, cases, every_rendering, inline_clauses, rendered

from ratingkit.core.citations import Concept
from ratingkit.core.errors import RatingkitError
from ratingkit.core.i18n import LANGUAGES, language_of
from ratingkit.core.model import EventType
from ratingkit.core.outcome import Rule
from ratingkit.documents import UnknownClauseError, explain
from ratingkit.fide.clauses import CITATIONS_2014, CITATIONS_2022, CITATIONS_2024, CITATIONS_2025
from ratingkit.formats import read_event

PACKAGE = Path(__file__).parent.parent / "ratingkit"


def _unresolved(rules: str, clauses: set[str]) -> set[str]:
    out = set()
    for clause in clauses:
        try:
            explain(rules, clause)
        except RatingkitError:
            out.add(clause)
    return out


def test_every_clause_the_sweep_shows_resolves_with_explain():
    missing: dict[tuple[str, str], set[str]] = {}
    for shown in every_rendering():
        with language_of(shown.language):
            clauses = {r.clause for r in shown.rules_cited()} | inline_clauses(shown)
        for clause in _unresolved(shown.rules.name, clauses):
            missing.setdefault((shown.rules.name, clause), set()).add(shown.case.label)
    assert not missing, "\n".join(f"{r} {c!r}: {sorted(v)}" for (r, c), v in missing.items())


def test_the_sweep_finds_the_clauses_it_checks():
    """Not vacuous: the sweep meets the clauses the issue names, as their documents print
    them (LNMO's 1а with a Cyrillic а; the FIDE 1982-2000 notes' "rule 5.1"; 8.3.1)."""
    seen: dict[str, set[str]] = {}
    values: dict[str, set[str]] = {}
    for shown in every_rendering():
        if shown.language != "en":
            continue
        cited = {r.clause for r in shown.rules_cited()}
        values.setdefault(shown.rules.name, set()).update(cited)
        seen.setdefault(shown.rules.name, set()).update(cited | inline_clauses(shown))
    assert {"8.52", "8.21a", "8.54", "8.56"} <= seen["fide-2014"]
    assert {"8.3.1", "8.3.3", "8.2.2"} <= seen["fide-2025"]
    # LNMO's Rule values print the document's Cyrillic 1а, never a Latin 1a
    assert "1а" in values["lnmo"] and not any("1a" in c for c in values["lnmo"])
    assert {"5.1", "6.42"} <= seen["fide-1982"]


def test_an_unresolved_clause_would_fail():
    assert _unresolved("fide-2025", {"8.52", "8.21a", "8.3.1"}) == {"8.52", "8.21a"}
    with pytest.raises(UnknownClauseError):
        explain("fide-2024", "8.54")


def _swiss_cases() -> list[Case]:
    out = []
    for case in cases():
        events = [read_event(p) for p in case.inputs]
        if all(e.type is not EventType.ROUND_ROBIN for e in events):
            out.append(case)
    return out


#: The 2014 text's numbers the later texts do not have: 8.52 (unrated opponents, rated in
#: round robins), 8.21 and 8.21a (zero in the first event; Rc of the rated opponents).
_OLD_NUMBERS = re.compile(r"(?<![\d.])8\.(?:52|21a?)(?![\d.]|\s*б\))")


@pytest.mark.parametrize("rules", ["fide-2022", "fide-2024", "fide-2025"])
def test_later_texts_on_a_swiss_never_cite_the_2014_numbers(rules):
    checked = 0
    for case in _swiss_cases():
        if rules not in {r.name for r in accepted(case)}:
            continue
        for language in LANGUAGES:
            shown = rendered(case, rules, language)
            cited = {r.clause for r in shown.rules_cited()}
            assert not cited & {"8.52", "8.21", "8.21a"}, (case.label, language, cited)
            for kind, text in shown.texts.items():
                found = _OLD_NUMBERS.findall(text)
                assert not found, f"{case.label} {language} {kind}: {found[:3]}"
            checked += 1
    assert checked >= 3 * 5


def test_the_2014_number_pattern_can_fail():
    assert _OLD_NUMBERS.findall("8.52: opponent unrated; counts towards Rc (8.21a)") == [
        "8.52",
        "8.21a",
    ]
    assert not _OLD_NUMBERS.findall("8.3.1: games against unrated opponents; 2008.52; 8.521")


def test_under_2022_and_later_an_unrated_opponent_is_the_documents_8_3_1():
    for table in (CITATIONS_2022, CITATIONS_2024, CITATIONS_2025):
        rule = table.cite(Concept.UNRATED_OPPONENT)
        assert str(rule) == "8.3.1: games against unrated opponents are not rated"
    assert CITATIONS_2014.cite(Concept.UNRATED_OPPONENT).clause == "8.52"


def test_every_table_cites_only_its_documents_clauses():
    """Each FIDE text's table names clauses (or labels) its explanation resolves."""
    for rules, table in (
        ("fide-2014", CITATIONS_2014),
        ("fide-2022", CITATIONS_2022),
        ("fide-2024", CITATIONS_2024),
        ("fide-2025", CITATIONS_2025),
    ):
        clauses = {rule.clause for rule in table.rules.values()}
        assert not _unresolved(rules, clauses), rules


# -- no clause number as a string in shared code ------------------------------------------

#: Code shared between rule sets (every FIDE text, or every rule set): it cites a Concept.
#: The documents' own tables (fide/clauses.py) and the single-document packages (fide1982,
#: fesa, lnmo) name clauses.
SHARED = ["core", "fide", "services", "notebook", "documents", "cli", "builtin.py"]
TABLES = {PACKAGE / "fide" / "clauses.py"}


def _clause_literals(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Rule":
            first = node.args[:1] + [k.value for k in node.keywords if k.arg == "clause"]
            for value in first:
                literal = isinstance(value, ast.Constant) and isinstance(value.value, str)
                if literal and value.value[:1].isdigit():
                    found.append(f"{path.name}:{node.lineno} Rule({value.value!r})")
    return found


def _shared_files() -> list[Path]:
    files: list[Path] = []
    for name in SHARED:
        path = PACKAGE / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [f for f in files if f not in TABLES]


def test_shared_code_writes_no_clause_number():
    found = [hit for path in _shared_files() for hit in _clause_literals(path)]
    assert not found, found


def test_the_clause_literal_walk_can_fail(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("Rule('8.52', 'x'); Rule(clause='8.3.1'); Rule('opponent has no Ru')\n")
    assert _clause_literals(module) == ["m.py:1 Rule('8.52')", "m.py:1 Rule('8.3.1')"]
    assert _clause_literals(PACKAGE / "fide" / "clauses.py")  # the tables do name them


def test_a_rule_is_a_value_of_the_table():
    assert isinstance(CITATIONS_2025.cite(Concept.DIFFERENCE_CAP), Rule)
    with pytest.raises(LookupError):
        CITATIONS_2025.cite(Concept.ROUND_ROBIN_ITERATION)  # no 8.58 iteration after 2014
