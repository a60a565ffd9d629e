"""The sweep of issue 25: every example and test event, rated and checked under every rule
set that accepts it, in every language, through the paths a user sees (the CLI's table,
the report's text, HTML and CSV, ``check``).

Tests import :func:`cases` and :func:`rendered`; every rendering is computed once a test
session (``functools.cache``).  A case the rule set refuses (the guard: chess under a shogi
rule set, a score table under a rule set that rates games, a date out of force) is not
rendered: :func:`accepted` says which rule sets take a case.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ratingkit import cli
from ratingkit.builtin import BUILTIN_RULE_SETS
from ratingkit.core.errors import RatingkitError
from ratingkit.core.i18n import LANGUAGES, language_of
from ratingkit.core.outcome import Outcome, Rule
from ratingkit.core.players import read_player_file
from ratingkit.core.report import CheckTable, Report
from ratingkit.core.ruleset import RuleSet
from ratingkit.formats import read_event

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Case:
    """Event files rated together (one, or a season's) and the player file given with them."""

    label: str
    inputs: tuple[Path, ...]
    players: Path | None = None

    def arguments(self) -> list[str]:
        args = [str(p) for p in self.inputs]
        return [*args, "--players", str(self.players)] if self.players else args


def _season(folder: Path, players: Path | None = None) -> Case:
    return Case(folder.name, tuple(sorted(folder.glob("*-games.csv"))), players)


@cache
def cases() -> tuple[Case, ...]:
    """Every example of ``examples/`` and every event file of ``tests/data`` a user could
    rate: single files, CSV pairs (a folder), and the seasons rated together."""
    return (
        Case(
            "karl-mala",
            (EXAMPLES / "karl-mala-2005-swiss.trf",),
            EXAMPLES / "karl-mala-2005-players.csv",
        ),
        Case("round-robin-two-unrated", (EXAMPLES / "round-robin-two-unrated.trf",)),
        Case("fide-autumn-open-2025", (EXAMPLES / "fide-autumn-open-2025",)),
        Case("fide-junior-double-rr-2025", (EXAMPLES / "fide-junior-double-rr-2025",)),
        Case("fide-1982-berger", (EXAMPLES / "fide-1982-berger.csv",)),
        Case(
            "fesa-spring-cup",
            (EXAMPLES / "fesa-spring-cup.txt",),
            EXAMPLES / "fesa-spring-cup-players.csv",
        ),
        Case("fesa-spring-cup-rated", (EXAMPLES / "fesa-spring-cup-rated.txt",)),
        Case("fesa-example-rated", (EXAMPLES / "fesa-example-rated.txt",)),
        Case("cdf-2025-nantes", (EXAMPLES / "cdf-2025-nantes.txt",)),
        Case("cdf-2024-angers", (DATA / "fesa" / "cdf-2024-angers.txt",)),
        Case("fesa-handicap-club", (EXAMPLES / "fesa-handicap-club",)),
        Case("lnmo-club", (EXAMPLES / "lnmo-club",)),
        Case("club-evening-plain", (EXAMPLES / "club-evening-plain",)),
        Case("fide-example1", (DATA / "fide-example1.trf",)),
        Case("csv-small", (DATA / "csv-small",)),
        _season(EXAMPLES / "season", EXAMPLES / "season" / "players.csv"),
    )


@dataclass(frozen=True)
class Rendered:
    """One case under one rule set in one language: the typed outcome and the texts."""

    case: Case
    rules: RuleSet
    language: str
    outcome: Outcome
    report: Report
    check: CheckTable | None
    #: What the user reads: the CLI's table (rate, check), the report's text, HTML and CSV.
    texts: dict[str, str] = field(default_factory=dict)

    def rules_cited(self) -> list[Rule]:
        """Every Rule the outcome and the check carry: notes, games, players' details (K
        rules and the like: any field holding a Rule), findings."""
        found: list[Rule] = []
        outcome = self.outcome
        found += [n.rule for n in outcome.notes if n.rule is not None]
        found += [g.rule for g in outcome.games if getattr(g, "rule", None) is not None]
        for player in outcome.players:
            for value in vars(player).values():
                if isinstance(value, Rule):
                    found.append(value)
            detail = getattr(player, "detail", None)
            if detail is not None and hasattr(detail, "__dict__"):
                found += [v for v in vars(detail).values() if isinstance(v, Rule)]
        if self.check is not None:
            for finding in getattr(self.check, "findings", ()):
                rule = getattr(finding, "rule", None)
                if isinstance(rule, Rule):
                    found.append(rule)
        return found


def _events(case: Case):
    return [read_event(p) for p in case.inputs]


@cache
def accepted(case: Case) -> tuple[RuleSet, ...]:
    """The built-in rule sets that rate ``case`` (each tried; a refusal is a RatingkitError)."""
    out = []
    for rules in BUILTIN_RULE_SETS:
        try:
            _rate(case, rules)
        except RatingkitError:
            continue
        out.append(rules)
    return tuple(out)


def _rate(case: Case, rules: RuleSet) -> Report:
    events = _events(case)
    players = read_player_file(case.players) if case.players else None
    if len(events) == 1:
        return rules.rate(events[0], players)
    return rules.rate_events(events, players)


def _cli(arguments: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.suppress(SystemExit),
    ):
        cli.main(arguments)
    return out.getvalue() + err.getvalue()


@cache
def rendered(case: Case, rules_name: str, language: str) -> Rendered:
    rules = next(r for r in BUILTIN_RULE_SETS if r.name == rules_name)
    with language_of(language):
        report = _rate(case, rules)
        events = _events(case)
        players = read_player_file(case.players) if case.players else None
        check = rules.check(events[0], players) if len(events) == 1 else None
        texts = {
            "report text": report.to_text(width=100),
            "report html": report._repr_html_(),
            "report csv": report.to_csv() if hasattr(report, "to_csv") else "",
        }
        if check is not None:
            texts["check text"] = check.to_text(100) if hasattr(check, "to_text") else str(check)
    lang = ["--lang", language]
    texts["cli rate"] = _cli([*lang, "rate", *case.arguments(), "--rules", rules.name])
    if len(case.inputs) == 1:
        texts["cli check"] = _cli([*lang, "check", *case.arguments(), "--rules", rules.name])
    return Rendered(case, rules, language, report.outcome, report, check, texts)


def every_rendering():
    """Every (case, rule set, language) rendering."""
    for case in cases():
        for rules in accepted(case):
            for language in LANGUAGES:
                yield rendered(case, rules.name, language)
