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
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ratingkit import cli
from ratingkit.builtin import BUILTIN_RULE_SETS
from ratingkit.core.errors import RatingkitError
from ratingkit.core.i18n import LANGUAGES, current_language, language_of
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
                # a tuple of Rules (FIDE's k_rules: the K rules of a period's events)
                for value in vars(detail).values():
                    if isinstance(value, tuple):
                        found += [v for v in value if isinstance(v, Rule)]
        if self.check is not None:
            for finding in getattr(self.check, "findings", ()):
                rule = getattr(finding, "rule", None)
                if isinstance(rule, Rule):
                    found.append(rule)
        return found


def _events(case: Case) -> list:
    return list(_read(case, current_language())[0])


def _players(case: Case):
    return _read(case, current_language())[1]


@cache
def _read(case: Case, language: str) -> tuple[tuple, object]:
    """The case's events and player file, read once a language (a reader's notes are made in
    the language in force): the rule sets and the API's renderings share them, the CLI reads
    its files itself.  Events and player files are frozen, and rating never changes them."""
    events = tuple(read_event(p) for p in case.inputs)
    return events, read_player_file(case.players) if case.players else None


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
    players = _players(case)
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
        players = _players(case)
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


# -- the CLI's other tables (issue 25, part 4: every table fits COLUMNS=100) ----------------

LEDGER_DATA = DATA / "ledger"


@cache
def _ledgers() -> tuple[tuple[str, Path, str, str], ...]:
    """Two ledgers built once a session through the CLI: the FESA season of
    ``tests/data/ledger/season`` and the README's FIDE national list of
    ``examples/national-list`` (FIDE's list, then three events); each with a period and a
    player to show."""
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="ratingkit-sweep-"))
    atexit.register(shutil.rmtree, folder, True)
    season, national = folder / "season.sqlite", folder / "national.sqlite"
    games = sorted((LEDGER_DATA / "season").glob("*-games.csv"))
    _cli(["db", "init", str(season), "--rules", "fesa"])
    _cli(
        [
            "db",
            "import",
            str(season),
            str(games[0]),
            "--players",
            str(games[0].parent / "players.csv"),
        ]
    )
    for file in games[1:]:
        _cli(["db", "import", str(season), str(file)])
    for period in ("2024-01", "2024-02", "2024-03", "2024-04"):
        _cli(["db", "rate", str(season), "--period", period])
    listed = EXAMPLES / "national-list"
    _cli(["db", "init", str(national), "--rules", "fide-2014"])
    _cli(["db", "import-list", str(national), str(listed / "fide-list-2024-02.txt")])
    _cli(["db", "import", str(national), str(listed / "2024-03-march-open-games.csv")])
    _cli(["db", "import", str(national), str(listed / "2024-03-rapid-evening-games.csv")])
    roster = ["--players", str(listed / "club-roster.csv")]
    _cli(["db", "import", str(national), str(listed / "2024-04-club-championship.csv"), *roster])
    for period in ("2024-03", "2024-04"):
        _cli(["db", "rate", str(national), "--period", period])
    return (("season", season, "2024-04", "nl01"), ("national", national, "2024-04", "N103"))


@cache
def cli_tables(language: str) -> dict[str, str]:
    """The CLI's tables besides ``rate`` and ``check`` in ``language``, by command: ``formats``,
    ``rules``, and ``db events``, ``periods``, ``list`` (with and without ``--everyone``) and
    ``history`` on the two ledgers of :func:`_ledgers`."""
    lang = ["--lang", language]
    texts = {"formats": _cli([*lang, "formats"]), "rules": _cli([*lang, "rules"])}
    for label, path, period, player in _ledgers():
        db = [*lang, "db"]
        texts[f"{label}: db events"] = _cli([*db, "events", str(path)])
        texts[f"{label}: db periods"] = _cli([*db, "periods", str(path)])
        texts[f"{label}: db list"] = _cli([*db, "list", str(path), "--period", period])
        listed = [*db, "list", str(path), "--period", period, "--everyone"]
        texts[f"{label}: db list --everyone"] = _cli(listed)
        texts[f"{label}: db history"] = _cli([*db, "history", str(path), player])
    return texts


@cache
def desk_rendered(language: str) -> dict[str, str]:
    """The officer's desk (notebook 09) in ``language``: its example list, then for each
    example loaded with its default rule set the texts a user reads (the rule set picker's
    entries, the reason and the refused rule sets, what was read, the check, the report,
    the first player's "why" table, the headings), as HTML by example label."""
    from ratingkit.notebook.widgets.desk import OfficersDesk, desk_examples

    texts: dict[str, str] = {}
    with language_of(language):
        desk = OfficersDesk(examples=desk_examples(EXAMPLES))
        texts["desk example list"] = "\n".join(label for label, _value in desk.example.options)
        for label in desk.examples:
            desk.example.value = label
            shown = [
                "\n".join(entry for entry, _value in desk.rules.options),
                desk.intro.value,
                *(heading.value for heading in desk.headings.values()),
                desk.message.value,
                desk.summary.value,
                desk.reason.value,
                desk.findings.value,
                desk.output.value,
                desk.why.value,
            ]
            texts[f"desk {label} html"] = "\n".join(shown)
    return texts


#: A clause a text cites inline: "rule 5.1", "rules 8 and 11" (FIDE 1982-2000, FESA, LNMO)
#: and, in the FIDE texts, a dotted number that opens a note ("8.21: ...") or stands in
#: brackets ("(8.21a)").
_INLINE_RULE = re.compile(r"\brules? (\d+(?:\.\d+)*[a-zа-я]?)")
#: Any FIDE clause number standing as a word of its own ("8.21:", "(8.21a)", "iteration of
#: 8.58"), not a decimal ("1.5", "0,5") nor a part of a longer number.
_INLINE_FIDE = re.compile(r"(?<![\w.,])([1-8]\.\d{1,2}(?:\.\d)?[a-zа-я]?)(?![\w.,%])")


def inline_clauses(rendered: Rendered) -> set[str]:
    """The clauses the notes and the check's texts cite in their words (not as Rule values):
    what a reader copies into ``ratingkit explain``."""
    texts = [str(n) for n in rendered.outcome.notes]
    if rendered.check is not None:
        texts += [str(getattr(f, "problem", "")) for f in getattr(rendered.check, "findings", ())]
    found: set[str] = set()
    for text in texts:
        found |= set(_INLINE_RULE.findall(text))
        if rendered.rules.name.startswith("fide-20"):
            found |= set(_INLINE_FIDE.findall(text))
    return found
