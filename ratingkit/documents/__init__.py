"""The rules in their own words: the clauses of the four documents, quoted.

Each document ratingkit implements from a Russian or Turkish original has a data file here
(``fide-2014.json``: FIDE Rating Regulations 2014, Russian; ``fide-1982.json``: FIDE Rating
Regulations 1982-2000, Turkish; ``fesa.json``: FESA rating system, Russian; ``lnmo.json``:
LNMO club shogi system, Russian).  A file lists every clause: its number as the document
prints it (``"8.54"``, ``"8.21 б)"``, ``"10.1 A"``, ``"rule 9"``, ``"1а"``), the original
text quoted verbatim, and an English rendering.  Its ``aliases`` map, in one place, how the
code cites a clause (``Rule("8.21a")``, ``Rule("rules 5-7")``) onto the document's clauses;
``outside`` names citations that are not in our copy of the document (``"7.14"`` of the 2014
regulations, whose Russian text has section 8 only) and ``not_clauses`` labels the code uses
where no clause decides.

:func:`explain` gives an :class:`Explanation` for a rule set and a clause;
:func:`clause_html` the HTML hover (``<abbr title=...>``) the desk shows for a cited rule.
The FIDE texts of 2022, 2024 and 2025 have no Russian or Turkish original among our documents:
for them the explanation says so and gives the English the code has, never a translation.
"""

from __future__ import annotations

import difflib
import html
import json
import re
import textwrap
import unicodedata
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..core.errors import RatingkitError
from ..core.outcome import Rule
from ..registry import documents as registry_documents

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet

__all__ = [
    "DOCUMENTS",
    "ClauseText",
    "Document",
    "Explanation",
    "UnknownClauseError",
    "clause_html",
    "document_for",
    "explain",
    "format_explanation",
    "load_document",
]

#: The data files, by document key: each rating system's documents, from the registry's list
#: (:data:`ratingkit.registry.SYSTEMS`).
DOCUMENTS: tuple[str, ...] = registry_documents()

#: The language names, for the printed explanation.
LANGUAGES = {"ru": "Russian", "tr": "Turkish", "en": "English"}


class UnknownClauseError(RatingkitError):
    """A clause the document of a rule set does not have; lists the nearest ones."""

    def __init__(self, rules: str, clause: str, document: str, near: tuple[str, ...]):
        self.rules = rules
        self.clause = clause
        self.document = document
        self.near = near
        nearest = f"; nearest: {', '.join(near)}" if near else ""
        super().__init__(f"{document} has no clause {clause!r} (rule set {rules!r}){nearest}")


@dataclass(frozen=True)
class ClauseText:
    """One clause of a document: its number as printed, the original and the English."""

    #: The document's name in English and in its own language.
    document: str
    document_original: str
    clause: str
    #: "ru" or "tr"; None when we have no original of the document.
    original_language: str | None
    #: The quote, verbatim; empty when we have no original.
    original: str
    english: str


@dataclass(frozen=True)
class Explanation:
    """What ``ratingkit explain RULES CLAUSE`` shows."""

    rules: str
    #: The clause as asked for (the code's citation, e.g. ``"8.21a"``).
    cited: str
    #: The document's clauses it stands for (usually one; ``"rules 5-7"`` gives three).
    parts: tuple[ClauseText, ...]
    #: Why there is no quote, when there is none (a later FIDE text, a clause outside our
    #: copy of the document, a label that is no clause).
    note: str = ""


@dataclass(frozen=True)
class Document:
    """A document's data file."""

    key: str
    name_original: str
    name_english: str
    language: str
    rule_sets: tuple[str, ...]
    packages: tuple[str, ...]
    clauses: Mapping[str, tuple[str, str]]
    aliases: Mapping[str, tuple[str, ...]]
    outside: Mapping[str, str]
    not_clauses: Mapping[str, str]
    #: What a citation mapped onto another clause leaves out (FESA's "rule 10 (a)").
    alias_notes: Mapping[str, str]
    #: Whether ``name_original`` is printed in the document (our FESA copy has no title).
    name_original_printed: bool

    def resolve(self, clause: str) -> tuple[str, ...] | None:
        """The document's clause numbers a citation stands for; None if it names none.

        A citation as a person types or a note prints it resolves too: with a leading "rule"
        ("rule 5.1" of the FIDE 1982-2000 notes), with a Latin letter where the document
        prints a Cyrillic one (LNMO's "1a" for the document's "1а"), in any case, and a list
        ("1а, 2b", "rules 8 and 11") clause by clause."""
        if clause in self.clauses:
            return (clause,)
        if clause in self.aliases:
            return self.aliases[clause]
        folded = _folded_index(self.key).get(_fold(clause))
        if folded is not None:
            return folded
        parts = [p for p in _LIST_SEPARATOR.split(_RULE_WORD.sub("", clause.strip())) if p]
        if len(parts) < 2:
            return None
        found: list[str] = []
        for part in parts:
            numbers = _folded_index(self.key).get(_fold(part))
            if numbers is None:
                return None
            found += [n for n in numbers if n not in found]
        return tuple(found)

    def text(self, clause: str) -> ClauseText:
        original, english = self.clauses[clause]
        return ClauseText(
            self.name_english, self.name_original, clause, self.language, original, english
        )


#: Cyrillic letters a document may print where a reader types the Latin one that looks the
#: same (LNMO prints "1а", "3а", "5а" with a Cyrillic "а"; its "2a" is Latin).
_HOMOGLYPHS = str.maketrans("аеосрх", "aeocpx")
#: "rule 5.1", "rules 8 and 11", "clause 8.54": the word before the number(s).
_RULE_WORD = re.compile(r"^(?:rules?|clauses?)\s+", re.IGNORECASE)
_LIST_SEPARATOR = re.compile(r"\s*(?:,|;|\band\b)\s*")


def _fold(clause: str) -> str:
    """A citation's comparison key: NFC, case folded, homoglyphs Latin, no leading "rule",
    single spaces."""
    text = unicodedata.normalize("NFC", clause).strip().casefold().translate(_HOMOGLYPHS)
    return " ".join(_RULE_WORD.sub("", text).split())


@cache
def _folded_index(key: str) -> dict[str, tuple[str, ...]]:
    """The clauses and aliases of the document ``key`` by their :func:`_fold` key (a key two clauses
    share is left out: it would be a guess)."""
    document = load_document(key)
    index: dict[str, tuple[str, ...]] = {}
    clashes: set[str] = set()
    entries = [(c, (c,)) for c in document.clauses] + list(document.aliases.items())
    for cited, numbers in entries:
        key = _fold(cited)
        if key in index and index[key] != numbers:
            clashes.add(key)
        index.setdefault(key, numbers)
    return {k: v for k, v in index.items() if k not in clashes}


@cache
def load_document(key: str) -> Document:
    """The document ``key`` (one of :data:`DOCUMENTS`) from its package data file."""
    raw = json.loads(resources.files(__package__).joinpath(f"{key}.json").read_text("utf-8"))
    return Document(
        key=raw["document"],
        name_original=raw["name_original"],
        name_english=raw["name_english"],
        language=raw["language"],
        rule_sets=tuple(raw["rule_sets"]),
        packages=tuple(raw["packages"]),
        clauses={c["clause"]: (c["original"], c["english"]) for c in raw["clauses"]},
        aliases={k: tuple(v) for k, v in raw["aliases"].items()},
        outside=dict(raw["outside"]),
        not_clauses=dict(raw["not_clauses"]),
        alias_notes=dict(raw["alias_notes"]),
        name_original_printed=bool(raw["name_original_printed"]),
    )


@cache
def _later_texts() -> dict[str, str]:
    """The English the code has for the clauses of the FIDE texts of 2022-2025."""
    raw = resources.files(__package__).joinpath("fide-later.json").read_text("utf-8")
    return dict(json.loads(raw)["clauses"])


def document_for(rules_name: str) -> Document | None:
    """The document of a registered rule set, or None (FIDE 2022, 2024, 2025)."""
    for key in DOCUMENTS:
        doc = load_document(key)
        if rules_name in doc.rule_sets:
            return doc
    return None


def _rule_set(rules_name: str) -> RuleSet:
    from ..registry import canonical_name, families, get_rule_set

    name = canonical_name(rules_name)
    members = families().get(name)
    if members is not None and name not in DOCUMENTS:
        raise RatingkitError(
            f"rule set {name!r} is a family of texts; name one of {', '.join(members)}"
        )
    return get_rule_set(name)


def _code_english(rule_set: object, clause: str) -> str:
    """What the rule set's own ``Rule`` values say for ``clause`` (e.g. the unrated-opponent
    rule of FIDE 2024), or empty."""
    texts: list[str] = []
    values = [getattr(rule_set, f.name) for f in fields(rule_set)]  # type: ignore[arg-type]
    citations = getattr(rule_set, "citations", None)
    if citations is not None:
        # the rule set's document table (ratingkit.core.citations.Citations)
        values += list(citations.rules.values())
    for value in values:
        wanted = isinstance(value, Rule) and value.clause == clause and value.text
        if wanted and value.text not in texts:
            texts.append(value.text)
    return "; ".join(texts)


def _no_original(name: str) -> str:
    return (
        f"{name}: this text has no Russian or Turkish original among ratingkit's documents "
        "(they have the FIDE Rating Regulations 2014 in Russian and 1982-2000 in Turkish), "
        "so there is no quote; the English is what the code says for the clause"
    )


def explain(rules_name: str, clause: str) -> Explanation:
    """The clause ``clause`` of the document of rule set ``rules_name``, quoted.

    ``rules_name`` as the CLI takes it (case-insensitive; an unknown name is refused with
    "did you mean").  An unknown clause raises :class:`UnknownClauseError` with the nearest
    clauses."""
    rule_set = _rule_set(rules_name)
    name = str(rule_set.name)
    clause = clause.strip()
    doc = document_for(name)
    if doc is None:
        title = str(getattr(rule_set, "title", name))
        later = _later_texts()
        said = [t for t in (_code_english(rule_set, clause), later.get(clause, "")) if t]
        english = "; ".join(said)
        if not english:
            near = difflib.get_close_matches(clause, list(later), n=5, cutoff=0.5)
            raise UnknownClauseError(name, clause, title, tuple(near or later))
        part = ClauseText(title, "", clause, None, "", english)
        return Explanation(name, clause, (part,), _no_original(name))
    numbers = doc.resolve(clause)
    if numbers is not None:
        note = doc.alias_notes.get(clause, "")
        return Explanation(name, clause, tuple(doc.text(n) for n in numbers), note)
    for table in (doc.outside, doc.not_clauses):
        if clause in table:
            part = ClauseText(doc.name_english, doc.name_original, clause, None, "", "")
            return Explanation(name, clause, (part,), f"{clause}: {table[clause]}")
    known = [*doc.clauses, *doc.aliases]
    near = difflib.get_close_matches(clause, known, n=5, cutoff=0.5)
    if not near:
        near = list(doc.clauses)[:8]
    raise UnknownClauseError(name, clause, doc.name_english, tuple(near))


def explanation_json(explanation: Explanation) -> str:
    """The explanation as JSON (``--format json``)."""
    return json.dumps(asdict(explanation), ensure_ascii=False, indent=2) + "\n"


def _wrap(label: str, text: str, width: int) -> list[str]:
    indent = " " * 4
    lines = [label]
    for paragraph in text.split("\n"):
        paragraph = " ".join(paragraph.split())
        if not paragraph:
            continue
        lines += textwrap.wrap(paragraph, width, initial_indent=indent, subsequent_indent=indent)
    return lines


def format_explanation(explanation: Explanation, width: int = 100) -> str:
    """The explanation as text wrapped to ``width`` columns."""
    out: list[str] = []
    for part in explanation.parts:
        head = f"{part.document}, {part.clause}"
        if part.document_original:
            head += f" ({part.document_original})"
        out += textwrap.wrap(head, width)
        if part.english:
            out += _wrap("English:", part.english, width)
        if part.original_language is not None:
            language = LANGUAGES.get(part.original_language, part.original_language)
            out += _wrap(f"{language} (the document's words):", part.original, width)
        out.append("")
    if explanation.note:
        out += textwrap.wrap(f"Note: {explanation.note}", width)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def clause_html(rules_name: str, rule: Rule | str | None, label: str | None = None) -> str:
    """A cited rule as HTML: ``label`` (default: the rule as printed, clause and the code's
    text) in an ``<abbr>`` whose title is the document's name and clause, the English and the
    original quote; plain escaped text when there is nothing to say (no rule, an unknown rule
    set or clause)."""
    if rule is None:
        return ""
    shown_text = str(rule) if label is None else label
    clause = rule.clause if isinstance(rule, Rule) else rule
    try:
        found = explain(rules_name, clause)
    except UnknownClauseError as exc:
        if document_for(exc.rules) is not None or not isinstance(rule, Rule) or not rule.text:
            return html.escape(shown_text)
        # a later FIDE text: no original to quote; the English is the rule's own text
        part = ClauseText(exc.document, "", clause, None, "", rule.text)
        found = Explanation(exc.rules, clause, (part,), _no_original(exc.rules))
    except RatingkitError:
        return html.escape(shown_text)
    title = []
    for part in found.parts:
        title.append(f"{part.document}, {part.clause}")
        if part.english:
            title.append(f"English: {part.english}")
        if part.original:
            language = LANGUAGES.get(part.original_language or "", "Original")
            title.append(f"{language}: {part.original}")
    if found.note:
        title.append(found.note)
    tip = html.escape("\n".join(title), quote=True)
    return (
        f'<abbr class="rk-clause" title="{tip}" style="cursor: help">'
        f"{html.escape(shown_text)}</abbr>"
    )
