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

import pandas as pd
from conftest import DATA

from ratingkit import rate_period
from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.outcome import (
    EventFacts,
    EventKey,
    EventOutcome,
    Outcome,
    PrintedFacts,
    event_facts,
)
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.printable import printable_html
from ratingkit.fesa.outcome import FesaEvent, FesaOutcome
from ratingkit.fide.engine.lazy import LazyEventOutcome, LazyOutcome, LazyPeriodOutcome
from ratingkit.fide.outcome import FideEvent, FideOutcome, FidePeriod, VectorisedPeriod
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


def _members(parameter: object) -> tuple[object, ...]:
    """A type parameter's types: a union's members, else the type itself."""
    return typing.get_args(parameter) or (parameter,)


def test_fide_outcome_names_no_object_parameter():
    """FideOutcome names each of its four details: no parameter, nor a union's member, is
    ``object`` (the default of a parameter left unnamed); its events' detail is a FideEvent
    or, for the engine's one event rated from frames, the VectorisedPeriod."""
    parameters = typing.get_args(FideOutcome)
    assert len(parameters) == 4
    assert [t for parameter in parameters for t in _members(parameter) if t is object] == []
    assert set(_members(parameters[3])) == {FideEvent, VectorisedPeriod}


def _two_event_period() -> tuple[list[Event], PlayerFile]:
    """Two Swiss events of one period of rated players (tests/test_fide_fast_period.py's
    hand-computed period without its unrated player), which the engine rates (FIDE 2014
    8.55c, 8.57: one rounding for the period)."""
    a, b, c = Player("a", "A", 2000), Player("b", "B", 1900), Player("c", "C", 2500)
    one = Event(
        "One",
        (a, b, c),
        (Game(1, "a", "b", 1.0, 0.0), Game(2, "a", "c", 0.5, 0.5)),
        start=date(2024, 3, 1),
        end=date(2024, 3, 3),
    )
    two = Event("Two", (a, b), (Game(1, "b", "a", 1.0, 0.0),), start=date(2024, 3, 10))
    players = PlayerFile((PlayerRecord(id="a", name="A", rating=2000, k=20, games=100),))
    return [one, two], players


def test_a_fide_period_s_events_have_the_details_its_alias_names():
    """A period of two events rated through the engine (its lazy outcome), and event by
    event: each event's detail is of the types FideOutcome's ``E`` names, the period's of
    its ``P``; the engine's events are FideEvent values with the event's own facts."""
    events, players = _two_event_period()
    rules = get_rule_set("fide-2014")
    declared_event, declared_period = typing.get_args(FideOutcome)[3], _declared_detail(FideOutcome)
    engine = rules.outcome(events, players)
    step_by_step = rules.outcome(events, players, step_by_step=True)
    assert isinstance(engine, LazyPeriodOutcome)
    assert not isinstance(step_by_step, LazyPeriodOutcome)
    for outcome in (engine, step_by_step):
        assert isinstance(outcome.detail, declared_period)
        assert isinstance(outcome.detail, FidePeriod) and outcome.detail.events == 2
        assert len(outcome.events) == 2
        for part, event in zip(outcome.events, events, strict=True):
            assert isinstance(part.detail, declared_event)
            assert isinstance(part.detail, FideEvent)
            assert (part.detail.name, part.detail.players) == (event.name, len(event.players))
    assert all(isinstance(part, LazyEventOutcome) for part in engine.events)


def test_the_frames_engine_s_one_event_has_a_detail_its_alias_names():
    """A period rated from frames (ratingkit.rate_period): its one event is the whole
    period, whose detail, the VectorisedPeriod, is one of the types FideOutcome's ``E``
    names (two games, three players, by hand)."""
    players = pd.DataFrame(
        [
            {"id": "a", "name": "A", "rating": 2000},
            {"id": "b", "name": "B", "rating": 1900},
            {"id": "c", "name": "C", "rating": 2500},
        ]
    )
    games = pd.DataFrame(
        [
            {"round": 1, "white": "a", "black": "b", "result": 1},
            {"round": 2, "white": "a", "black": "c", "result": 0.5},
        ]
    )
    outcome = rate_period(games, players, on=date(2024, 3, 31)).outcome
    assert isinstance(outcome, LazyOutcome)
    (part,) = outcome.events
    assert isinstance(part.detail, typing.get_args(FideOutcome)[3])
    assert isinstance(part.detail, VectorisedPeriod)
    assert (part.detail.games, part.detail.players) == (2, 3)
    assert isinstance(outcome.detail, _declared_detail(FideOutcome))
