"""Issue 27 part 1: details are typed per system, generically.

``Outcome[D, G, P, E]`` names the outcome's own detail (``P``) and its events' (``E``), both
``object`` by default; what a consumer outside a system's package reads of a detail is a
protocol of ``core/outcome.py`` (``EventFacts``, ``KInForce``, ``ListsPromotions``,
``SaysRatedByPerformance``).  Checked on the syntax tree: a ``getattr(detail, ...)`` outside
the systems' packages, or a detail annotated ``object`` outside ``core/outcome.py``, fails
here."""

from __future__ import annotations

import ast
import typing
from datetime import date
from pathlib import Path

from conftest import DATA

from ratingkit.core.model import EventType
from ratingkit.core.outcome import (
    EventFacts,
    EventKey,
    EventOutcome,
    Outcome,
    PrintedFacts,
    event_facts,
)
from ratingkit.core.printable import printable_html
from ratingkit.fesa.outcome import FesaEvent, FesaOutcome
from ratingkit.fide.outcome import FideEvent, FideOutcome
from ratingkit.fide1982.outcome import Fide1982Event, Fide1982Outcome, Method
from ratingkit.formats import read_event
from ratingkit.lnmo.event import LnmoOutcome
from ratingkit.lnmo.outcome import LnmoSeason
from ratingkit.registry import get_rule_set

PACKAGE = Path(__file__).resolve().parent.parent / "ratingkit"
#: The systems' own packages: they read their own details by field (their views).
SYSTEMS = ("fide", "fide1982", "fesa", "lnmo")
#: The generic definitions: detail_cells reads every ``shown_as`` field of any detail.
GENERIC = "core/outcome.py"


def _names_a_detail(node: ast.expr) -> bool:
    """``detail``, ``summary_detail``, ``x.detail``: an expression that is a detail."""
    if isinstance(node, ast.Name):
        return node.id.endswith("detail")
    return isinstance(node, ast.Attribute) and node.attr.endswith("detail")


def detail_reads_by_name(source: str) -> list[int]:
    """The lines of ``getattr(<a detail>, ...)`` and ``hasattr(<a detail>, ...)``."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
        and node.args
        and _names_a_detail(node.args[0])
    ]


def details_annotated_object(source: str) -> list[int]:
    """The lines of a parameter or variable named ``...detail`` annotated ``object``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.arg):
            name, annotation = node.arg, node.annotation
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name | ast.Attribute):
            target = node.target
            name = target.id if isinstance(target, ast.Name) else target.attr
            annotation = node.annotation
        else:
            continue
        if name.endswith("detail") and isinstance(annotation, ast.Name | ast.Constant):
            text = annotation.id if isinstance(annotation, ast.Name) else annotation.value
            if text == "object":
                found.append(node.lineno)
    return sorted(found)


def _outside(skip_systems: bool) -> dict[str, str]:
    sources = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == GENERIC or (skip_systems and relative.split("/")[0] in SYSTEMS):
            continue
        sources[relative] = path.read_text(encoding="utf-8")
    return sources


def test_the_detectors_find_what_they_look_for():
    """The checks below can fail: each finds its pattern in a snippet (and no other)."""
    bad = (
        "def f(outcome, detail: object, name):\n"
        "    a = getattr(detail, name)\n"
        "    b = getattr(outcome.detail, 'players', None)\n"
        "    c = hasattr(summary_detail, 'k')\n"
        "    event_detail: object = None\n"
        "    d = getattr(outcome, 'title')\n"
    )
    assert detail_reads_by_name(bad) == [2, 3, 4]
    assert details_annotated_object(bad) == [1, 5]


def test_no_detail_is_read_by_a_field_name_outside_its_system():
    """A consumer reads a detail through core/outcome.py's protocols (EventFacts,
    KInForce, ListsPromotions, SaysRatedByPerformance), not by ``getattr`` on a name."""
    found = {
        path: lines
        for path, source in _outside(skip_systems=True).items()
        if (lines := detail_reads_by_name(source))
    }
    assert found == {}


def test_no_detail_is_typed_object_outside_the_generic_definitions():
    """Each system names its details (``Outcome[D, G, P, E]``): none is ``object`` outside
    core/outcome.py's generic definitions, in the systems' packages too."""
    found = {
        path: lines
        for path, source in _outside(skip_systems=False).items()
        if (lines := details_annotated_object(source))
    }
    assert found == {}


def test_an_outcome_of_two_parameters_still_subscripts_at_run_time():
    """PEP 696 defaults (typing_extensions on Python 3.11): ``Outcome[X, Y]`` is
    ``Outcome[X, Y, object, object]``."""
    assert typing.get_args(Outcome[int, str]) == (int, str, object, object)
    assert typing.get_args(Outcome[int, str, float]) == (int, str, float, object)
    assert typing.get_args(EventOutcome[int, str]) == (int, str, object)


def _declared_detail(alias: object) -> object:
    return typing.get_args(alias)[2]


def test_each_system_outcome_has_the_detail_its_type_names():
    """The real outcomes' details are of the types the systems' outcome aliases name."""
    trf = read_event(DATA / "fide-example1.trf")
    fide = get_rule_set("fide-2014").outcome(trf)
    assert isinstance(fide.detail, _declared_detail(FideOutcome))
    assert isinstance(fide.detail, FideEvent)
    old = get_rule_set("fide-1982").outcome(trf)
    assert isinstance(old.detail, _declared_detail(Fide1982Outcome))
    fesa = get_rule_set("fesa").outcome(read_event(DATA / "fesa" / "fesa-spring-cup.txt"))
    assert isinstance(fesa.detail, _declared_detail(FesaOutcome))
    assert all(isinstance(part.detail, typing.get_args(FesaOutcome)[3]) for part in fesa.events)
    assert _declared_detail(LnmoOutcome) is LnmoSeason


def test_every_system_event_detail_says_its_facts():
    """FIDE 2014-2025 (type, dates, players), FIDE 1982 and FESA (players), LNMO (none)."""
    fide = FideEvent(EventType.ROUND_ROBIN, date(2024, 3, 1), date(2024, 3, 9), 10)
    assert isinstance(fide, EventFacts)
    assert fide.facts == PrintedFacts(EventType.ROUND_ROBIN, date(2024, 3, 1), date(2024, 3, 9), 10)
    assert Fide1982Event(Method.NOT_RATED, players=7).facts == PrintedFacts(players=7)
    fesa = FesaEvent(12, 30, 2, False, "fixed point", False, 0, False)
    assert fesa.facts == PrintedFacts(players=12)
    assert LnmoSeason().facts == PrintedFacts()
    assert event_facts(object()) == PrintedFacts()
    assert event_facts(None).labelled() == ()
    assert PrintedFacts(start=date(2024, 3, 1), players=0).labelled() == (
        ("start", date(2024, 3, 1)),
        ("players", 0),
    )


def test_the_printable_report_prints_each_event_s_facts():
    """A FIDE period of two events: each event's page prints its type, dates and players
    (the dates and counts of the two TRF files, read by hand from their headers and rows)."""
    events = [
        read_event(DATA / "fide-example1.trf"),
        read_event(DATA / "round-robin-two-unrated.trf"),
    ]
    report = get_rule_set("fide-2014").rate_events(events)
    page = printable_html(report)
    facts = [line.split("</p>")[0] for line in page.split('<p class="facts">')[1:]]
    assert len(facts) == 2
    for fact, event in zip(facts, events, strict=True):
        assert f"players: {len(event.players)}" in fact
        assert fact.startswith("event type: ")


def test_a_detail_without_facts_prints_none():
    """An event detail that is no EventFacts (a rule set of outside ratingkit) prints no
    facts line, as before."""
    key = EventKey(0, "0" * 16, "e")
    part = EventOutcome(key, (), detail=object())
    assert event_facts(part.detail) == PrintedFacts()
