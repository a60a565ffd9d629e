"""Issue 27 part 2: where an event came from is a typed record (``Event.origin``), and a
format's own fields are typed extras (``ratingkit.core.extras``) that the rule sets declare.
No consumer indexes ``extra`` by a string key: checked on the syntax tree, so that a new
``event.extra["minutes"]`` outside the places that define the keys fails here."""

from __future__ import annotations

import ast
import json
from collections import Counter
from importlib import import_module
from pathlib import Path

import pytest
from conftest import DATA

from ratingkit.core import extras
from ratingkit.core.errors import InvalidValueError
from ratingkit.core.extras import (
    Competition,
    FesaTableHeader,
    FesaTableRow,
    FideListFlags,
    PlayerFileFacts,
    PublishedPromotions,
    PublishedRow,
    RateOfPlay,
    ScoreTableRow,
)
from ratingkit.core.model import Event, EventOrigin, Player, split_origin
from ratingkit.core.outcome import promotions_of, rated_by_performance
from ratingkit.core.players import PlayerFile, PlayerMatcher, read_player_file
from ratingkit.core.ruleset import RuleSetMembers
from ratingkit.formats import read_event
from ratingkit.registry import get_rule_set

PACKAGE = Path(__file__).resolve().parent.parent / "ratingkit"

#: The places that define what the keys mean, and so read them: the typed extras, each
#: system's state codec (its own player-file columns), the club records' columns.
DEFINING = {
    "core/extras.py": "the typed extras of a format's own fields",
    "fesa/state.py": "FESA's state codec: its player-file columns",
    "fide/state.py": "FIDE's state codec: its pending-results column",
    "fide1982/state.py": "FIDE 1982's state codec: its columns",
    "lnmo/state.py": "LNMO's state codec: its columns",
    "core/clubterms.py": "what the LNMO club records' game columns mean",
}
#: Key reads not yet typed, each file's count (lower it as they go; never raise it).  None
#: is left: the FESA table's writer, the score table's player-file columns, the matcher's
#: ``fide_id`` and the ledger's ``inactive`` read typed extras now.
NOT_YET: dict[str, int] = {}


def _key_reads(tree: ast.AST) -> int:
    """``x.extra[...]``, ``x.extra.get(...)``, ``extra[...]`` and ``extra.get(...)`` read
    (an assignment ``extra[key] = value`` is a reader writing, not a read)."""
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            target: ast.AST = node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
        ):
            target = node.func.value
        else:
            continue
        if (isinstance(target, ast.Attribute) and target.attr == "extra") or (
            isinstance(target, ast.Name) and target.id == "extra"
        ):
            count += 1
    return count


def _reads_by_file() -> Counter[str]:
    found: Counter[str] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in DEFINING:
            continue
        count = _key_reads(ast.parse(path.read_text(encoding="utf-8")))
        if count:
            found[where] = count
    return found


def test_the_finder_finds_key_reads_and_not_writes():
    code = (
        'a = event.extra["minutes"]\n'
        'b = player.extra.get("published_rating")\n'
        'c = extra["grade"]\n'
        'extra["points"] = 3\n'
        "d = event.origin.files[0]\n"
    )
    assert _key_reads(ast.parse(code)) == 3


def test_no_consumer_reads_extra_by_a_string_key():
    found = _reads_by_file()
    new = {where: count for where, count in found.items() if where not in NOT_YET}
    assert not new, f"read a typed extra (ratingkit.core.extras) or Event.origin instead: {new}"
    for where, allowed in NOT_YET.items():
        assert found.get(where, 0) <= allowed, f"{where}: more key reads than before"
        assert found.get(where, 0) == allowed, f"{where}: fewer key reads now, lower NOT_YET"


def _kinds_imported(package: Path) -> set[str]:
    kinds = {kind.__name__ for kind in extras.KINDS}
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("core.extras"):
                names |= {alias.name for alias in node.names if alias.name in kinds}
    return names


@pytest.mark.parametrize("system", ["fide", "fide1982", "fesa", "lnmo"])
def test_a_rule_set_declares_the_typed_extras_its_rules_read(system):
    module = import_module(f"ratingkit.{system}.rulesets")
    classes = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, RuleSetMembers)
        and value is not RuleSetMembers
    ]
    assert classes
    read = _kinds_imported(PACKAGE / system)
    for rule_set_class in classes:
        declared = {kind.__name__ for kind in rule_set_class.typed_extras}
        assert declared == read, rule_set_class.__name__


def _event(**fields: object) -> Event:
    players = (Player("a", "A", 1500), Player("b", "B", 1500))
    return Event("e", players, (), source="event.csv", extra=fields)


def test_rate_of_play_and_competition_are_the_event_fields_as_numbers():
    # The event fields as a reader keeps them: numbers, or a hand-built event's text.
    event = _event(minutes="90", rounds_per_day=2, league=True, olympiad="women")
    assert RateOfPlay.of(event) == RateOfPlay(minutes=90, rounds_per_day=2)
    assert Competition.of(event) == Competition(league=True, olympiad="women")
    assert Competition.of(_event()) == Competition()  # nothing given: no cycles, no league


def test_a_number_field_that_is_not_a_number_is_refused_with_its_place():
    with pytest.raises(InvalidValueError) as caught:
        RateOfPlay.of(_event(minutes="two hours"))
    assert "'minutes'" in str(caught.value) and "two hours" in str(caught.value)
    assert caught.value.location is not None and caught.value.location.file == "event.csv"


def test_a_fesa_tables_published_rows_and_promotions():
    # RULES.md's example table: Tanaka "1 dan", ELO 1710, +/- 12; Moreau "1180*" (a new
    # player's performance rating, no grade).
    event = read_event(DATA / "fesa" / "fesa-example-rated.txt")
    assert PublishedRow.of(event.player("1")) == PublishedRow(None, 12, "1", "1 dan")
    assert PublishedRow.of(event.player("3")) == PublishedRow(1180, None, "3", None)
    assert ScoreTableRow.of(event.player("1")) == ScoreTableRow()  # a table of games


def test_published_promotions_are_name_and_grade_pairs():
    event = _event(published_promotions=[["Weimann Célestin", "1 kyu"]])  # as JSON keeps it
    assert PublishedPromotions.of(event).promotions == (("Weimann Célestin", "1 kyu"),)


def test_the_origin_is_stored_under_the_keys_the_ledger_always_had():
    origin = EventOrigin(
        files=("games.csv", "players.csv"),
        encoding="cp1251",
        read_notes=("games.csv: read as Windows-1251 (detected)",),
        type_note="event type swiss (detected: not every pair of players met)",
        notes_beside_type=("a placeholder",),
        player_file="players.csv",
    )
    stored = origin.stored()
    assert set(stored) == {
        "files",
        "encoding",
        "read_notes",
        "type_note",
        "reader_notes",
        "player_file",
    }
    # Through JSON, as the ledger keeps an event's fields, and back: the same origin, and
    # the other fields stay fields.
    again, rest = split_origin(json.loads(json.dumps({**stored, "minutes": 90})))
    assert again == origin and rest == {"minutes": 90}


def test_a_fesa_tables_mcmahon_columns_and_name_layout():
    # RULES.md's example table: Tanaka's row "1 Tanaka  Aiko ... 1  3  +12" (MMS 1, Pts 3),
    # Berg's "0  1.5".
    event = read_event(DATA / "fesa" / "fesa-example-rated.txt")
    assert FesaTableRow.of(event.player("1")) == FesaTableRow(1, 3, ("Tanaka", "Aiko"))
    assert FesaTableRow.of(event.player("2")) == FesaTableRow(0, 1.5, ("Berg", "Lars"))
    assert FesaTableHeader.of(event) == FesaTableHeader()  # no lines above the header
    # The Spring Cup's table has the Event:/Date:/Time control: lines.
    cup = read_event(DATA / "fesa" / "fesa-spring-cup-rated.txt")
    assert FesaTableHeader.of(cup) == FesaTableHeader(title_line=True)
    assert FesaTableHeader.of(_event(title="Paris Open")) == FesaTableHeader(False, "Paris Open")
    # A hand-built player's McMahon start score stays as given, for the writer to check.
    hand_built = Player("1", "A", 1500, extra={"mms": "two"})
    assert FesaTableRow.of(hand_built) == FesaTableRow("two", None, None)


def test_player_file_facts_and_the_matchers_second_key():
    row = {"federation": "NL", "title": "", "fide_id": "14101068", "club": "Kyoto"}
    assert PlayerFileFacts.of(row) == PlayerFileFacts("NL", None, "14101068")
    # The matcher finds a record by its FIDE id when the event's id is another number.
    players = PlayerFile.from_records([{"id": "x7", "name": "Dee", "fide_id": "14101068"}])
    found = PlayerMatcher(players).find("3", "Someone Else", "14101068")
    assert found.record is not None and found.record.id == "x7"


def test_a_fide_lists_inactive_flag_as_the_ledger_keeps_it():
    assert FideListFlags.of({"inactive": "yes", "sex": "F"}) == FideListFlags(inactive=True)
    assert FideListFlags.of({"sex": "F"}) == FideListFlags(inactive=False)


def test_a_fesa_report_says_who_is_rated_by_performance_and_its_promotions():
    # The rated Spring Cup table, worked by hand (tests/fesa_by_hand.py): Moreau's "1562*"
    # is his performance rating (FESA rules 3 and 5-7), the others have a +/-; one line
    # "Promoting Tanaka Aiko to 2 Dan" (rule 10).
    event = read_event(DATA / "fesa" / "fesa-spring-cup.txt")
    players = read_player_file(DATA / "fesa" / "fesa-spring-cup-players.csv")
    outcome = get_rule_set("fesa").rate(event, players).outcome
    by_performance = {p.id for p in outcome.players if rated_by_performance(p)}
    assert by_performance == {"3"}
    promoted = [p.name for p in promotions_of(outcome.detail)]
    assert promoted and set(promoted) == {"Tanaka Aiko"}
    # A FIDE report's details say neither: no promotions, nobody marked.
    fide = get_rule_set("fide-2014").rate(_event(), None).outcome
    assert promotions_of(fide.detail) == () and not any(map(rated_by_performance, fide.players))
