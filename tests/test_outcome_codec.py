"""The outcome codec (ratingkit.core.outcome_codec): what it writes reads back as equal values
of the same types; it names types only from its allow-list and refuses anything else."""

from __future__ import annotations

import enum
import importlib
import json
import pkgutil
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

import ratingkit.core
from ratingkit.core import outcome_codec
from ratingkit.core.errors import Location
from ratingkit.core.outcome import (
    EventKey,
    EventOutcome,
    Finding,
    GameKind,
    GameOutcome,
    GameRef,
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    shown_as,
)
from ratingkit.core.outcome_codec import OutcomeCodecError, dumps, loads
from ratingkit.core.players import PlayerFile, PlayerRecord

outcome_codec.allow_module(__name__)


@dataclass(frozen=True)
class Detail:
    """A per-player detail as a rating system defines one."""

    k: int = shown_as("K")
    k_rule: Rule = shown_as("K rule", str)
    expected: Fraction = shown_as("We")
    category: Status = shown_as("category")
    passes: tuple[int, ...] = ()


def _same(value: object) -> object:
    """``value`` through text and back; the types must come back too."""
    back = loads(dumps(value))
    assert back == value
    assert type(back) is type(value)
    return back


def test_a_fraction_is_kept_exact():
    value = Fraction(1, 3)
    text = dumps(value)
    assert '"v":"1/3"' in text
    assert _same(value) == Fraction(1, 3)
    assert _same(Fraction(-7, 2)) == Fraction(-7, 2)
    assert _same(Fraction(5)) == 5


def test_plain_values_and_containers():
    for value in (None, True, False, 0, -3, 2**70, 1.5, 0.1, "Ann", "", [1, "a"], (1, (2,))):
        _same(value)
    assert _same(Decimal("1.25")) == Decimal("1.25")
    assert _same(date(2024, 1, 31)) == date(2024, 1, 31)
    assert _same({"a": 1, 2: (Fraction(1, 2),)}) == {"a": 1, 2: (Fraction(1, 2),)}
    nan = loads(dumps(float("nan")))
    assert isinstance(nan, float) and nan != nan
    assert loads(dumps(float("-inf"))) == float("-inf")
    # The text is strict JSON (no NaN literal).
    json.loads(dumps([float("inf")]), parse_constant=lambda c: pytest.fail(c))


def _core_enums() -> list[type[enum.Enum]]:
    found: dict[str, type[enum.Enum]] = {}
    for info in pkgutil.iter_modules(ratingkit.core.__path__, "ratingkit.core."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, enum.Enum)
                and value.__module__ == module.__name__
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def test_every_member_of_every_enum_of_the_core_comes_back():
    enums = _core_enums()
    assert {Status, NoteKind, GameKind} <= set(enums)
    for cls in enums:
        for member in cls:
            assert loads(dumps(member)) is member
    assert '"v":"first rating"' in dumps(Status.FIRST_RATING)  # by value


def _outcome() -> Outcome:
    key = EventKey(0, "0123456789abcdef", "club night")
    ann = PlayerOutcome(
        "a",
        "Ann",
        1600,
        2,
        Fraction(3, 2),
        Fraction(64, 100),
        Fraction(86, 5),
        1617,
        Status.RATED,
        Detail(20, Rule("8.56", "K 20"), Fraction(16, 25), Status.RATED, (3, 4)),
    )
    dan = PlayerOutcome("d", "Dan", None, 2, 1, None, None, None, Status.NOT_PUBLISHED, None)
    game = GameOutcome(key, 1, "a", "d", 1, True, Rule("8.54", "D capped at 400"), 7.2, None)
    note = Note(NoteKind.DEFAULT, "no player file: K 20 assumed", Rule("8.56"), ("a",))
    part = EventOutcome(key, (ann, dan), (game,), (note,), {"dpa": Fraction(1, 4)})
    state = PlayerFile(
        (PlayerRecord(id="a", name="Ann", rating=1617, games=42, born=date(1980, 1, 1)),),
        "state.csv",
    )
    return Outcome("fide-2014", "club night", (ann, dan), (part,), (game,), (note,), None, state)


def test_an_outcome_comes_back_with_its_types():
    outcome = _outcome()
    back = _same(outcome)
    assert isinstance(back, Outcome)
    ann = back.player("a")
    assert isinstance(ann.detail, Detail) and ann.detail.k_rule == Rule("8.56", "K 20")
    assert ann.detail.category is Status.RATED and ann.detail.passes == (3, 4)
    assert back.events[0].key == outcome.events[0].key and back.events[0].key.name == "club night"
    assert back.notes[0].kind is NoteKind.DEFAULT
    assert back.new_state is not None and back.new_state.by_id("a").born == date(1980, 1, 1)
    for value in (
        Rule("8.3.1", "K 40"),
        Note(NoteKind.WARNING, "look"),
        EventKey(2, "ffff", "x"),
        Finding(Rule("5.1"), "round 3: forfeit", (GameRef(3, "a", "b", "Spring cup", 7),), False),
        Finding(Rule("4.1"), "100 days", all_games=True),
        Location("x.csv", 3, "result"),
    ):
        _same(value)


def test_the_text_is_versioned_and_a_later_version_is_refused():
    document = json.loads(dumps(Status.RATED))
    assert (document["codec"], document["version"]) == ("ratingkit-outcome", 1)
    document["version"] = outcome_codec.VERSION + 1
    with pytest.raises(OutcomeCodecError, match="upgrade ratingkit"):
        loads(json.dumps(document))
    with pytest.raises(OutcomeCodecError, match="not an outcome"):
        loads('{"rating": 1600}')
    with pytest.raises(OutcomeCodecError, match="not JSON"):
        loads("{")


@dataclass(frozen=True)
class Stranger:
    x: int = 0


def test_only_types_of_the_allow_list_are_written_or_read(monkeypatch):
    monkeypatch.setattr(outcome_codec, "_EXTRA_MODULES", set())
    with pytest.raises(OutcomeCodecError, match="stores only types of ratingkit.core"):
        dumps(Stranger())
    with pytest.raises(OutcomeCodecError, match="cannot encode a set"):
        dumps({1, 2})

    def stored(type_name: str, tag: str = "dataclass", value: object = None) -> str:
        return json.dumps(
            {
                "codec": "ratingkit-outcome",
                "version": 1,
                "value": {"$": tag, "type": type_name, "v": {} if value is None else value},
            }
        )

    # A type outside the allow-list is not imported, let alone built.
    with pytest.raises(OutcomeCodecError, match="outside the modules"):
        loads(stored("subprocess:Popen"))
    with pytest.raises(OutcomeCodecError, match="outside the modules"):
        loads(stored(f"{__name__}:Stranger"))
    with pytest.raises(OutcomeCodecError, match="does not have"):
        loads(stored("ratingkit.core.outcome:Nothing"))
    with pytest.raises(OutcomeCodecError, match="not a dataclass"):
        loads(stored("ratingkit.core.outcome:Status"))
    with pytest.raises(OutcomeCodecError, match="not an enum"):
        loads(stored("ratingkit.core.outcome:Rule", "enum", "x"))
    with pytest.raises(OutcomeCodecError, match="has no field"):
        loads(stored("ratingkit.core.outcome:Rule", value={"clause": "1", "verse": "2"}))
    with pytest.raises(OutcomeCodecError, match="bad fraction"):
        loads(stored("", "fraction", "1/0"))


def test_an_lnmo_grade_stored_before_issue_27_reads_back_from_its_new_home():
    """Issue 27 moved the LNMO club terms from the readers (ratingkit.formats.clubterms) down
    into the core; a ledger written before names the old module.  The stored text below is
    what the codec wrote then for 12 kyu (LNMO rule 1: rank -12, not a FESA grade)."""
    from ratingkit.core.clubterms import Grade

    stored = (
        '{"codec":"ratingkit-outcome","version":1,"value":{"$":"dataclass",'
        '"type":"ratingkit.formats.clubterms:Grade","v":{"rank":-12,"fesa":false}}}'
    )
    grade = loads(stored)
    assert type(grade) is Grade and grade == Grade(-12) and grade.label == "12 kyu"
    # written today under its new module's name
    assert '"type":"ratingkit.core.clubterms:Grade"' in dumps(grade)


def test_a_note_stored_under_the_outcome_module_reads_back_from_core_notes():
    """Issue 27 moved Note, NoteKind and Rule down into ratingkit.core.notes; a ledger written
    before names them in ratingkit.core.outcome.  The text below is what the codec wrote then
    for a FIDE 2014 8.54 note (written by hand here, not by the codec)."""
    from ratingkit.core.notes import Note, NoteKind, Rule

    stored = json.dumps(
        {
            "codec": "ratingkit-outcome",
            "version": 1,
            "value": {
                "$": "dataclass",
                "type": "ratingkit.core.outcome:Note",
                "v": {
                    "kind": {"$": "enum", "type": "ratingkit.core.outcome:NoteKind", "v": "rule"},
                    "text": "D capped at 400",
                    "rule": {
                        "$": "dataclass",
                        "type": "ratingkit.core.outcome:Rule",
                        "v": {"clause": "8.54", "text": ""},
                    },
                    "players": {"$": "tuple", "v": ["a"]},
                },
            },
        }
    )
    assert loads(stored) == Note(NoteKind.RULE, "D capped at 400", Rule("8.54"), ("a",))
