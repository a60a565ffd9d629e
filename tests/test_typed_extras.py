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
    PublishedPromotions,
    PublishedRow,
    RateOfPlay,
    ScoreTableRow,
)
from ratingkit.core.model import Event, EventOrigin, Player, split_origin
from ratingkit.core.ruleset import RuleSetMembers
from ratingkit.formats import read_event

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
