"""One key of a person and one matcher (issue 28 part 1): the FIDE period's grouping
(fide.state.person_key), the ledger's stored key and the CLI's --player all take them from
core.players; which key wins is decided in one place (core.players.match_by_keys), for a
player file, the ledger's SQL lookups and FESA's replay store alike.  The expected keys are
worked by hand from the rule each docstring states."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from ratingkit.core.model import Event, EventType, Player
from ratingkit.core.players import (
    PERSON_KEYS,
    Ambiguity,
    MatchKey,
    PersonKind,
    PlayerFile,
    PlayerMatcher,
    PlayerRecord,
    find_in_rows,
    match_by_keys,
    person_key,
)
from ratingkit.fesa.fast import ReplayStore
from ratingkit.fide.state import person_key as fide_person_key
from ratingkit.services.ledger import Ledger, LedgerError
from ratingkit.services.ledger.importing import _stored_keys

# "Müller" written decomposed (u + combining diaeresis), as one file may write it.
DECOMPOSED = "Mu\u0308ller, Hans"
COMPOSED = "M\u00fcller, Hans"


def _event(*players: Player, local_ids: bool) -> Event:
    return Event(name="e", players=players, games=(), type=EventType.SWISS, local_ids=local_ids)


@pytest.mark.parametrize(
    ("player", "local_ids", "kind", "value", "stored"),
    [
        # A FIDE id names the person wherever he plays (FIDE 2014 8.57's one rating per person).
        (
            Player("7", DECOMPOSED, fide_id="4100018"),
            True,
            PersonKind.FIDE_ID,
            "4100018",
            "fide:4100018",
        ),
        (
            Player("7", DECOMPOSED, fide_id="4100018"),
            False,
            PersonKind.FIDE_ID,
            "4100018",
            "fide:4100018",
        ),
        # Else the id his file gives him, when the file's ids are the players' own.
        (Player("be01", DECOMPOSED), False, PersonKind.OWN_ID, "be01", "id:be01"),
        # Start numbers: his name, composed, its case kept; the ledger keys names apart.
        (Player("7", DECOMPOSED), True, PersonKind.NAME, COMPOSED, None),
    ],
)
def test_the_one_key_of_a_person(player, local_ids, kind, value, stored):
    key = person_key(player, local_ids)
    assert (key.kind, key.value, key.stored) == (kind, value, stored)
    event = _event(player, local_ids=local_ids)
    # The FIDE period's grouping and the ledger's stored key are this key.
    assert fide_person_key(player, event) == value
    assert Ledger._player_key(player, event) == stored
    # The import's keys of a whole event (its fast way where the ids are the players' own).
    assert _stored_keys(event) == [stored]


def test_a_name_written_two_ways_is_one_person():
    player = Player("7", DECOMPOSED)
    assert person_key(player, True) == person_key(replace(player, name=COMPOSED), True)


ROWS = (
    {"id": "1", "name": "Ann"},
    {"id": "2", "name": "ANN"},
    {"id": "3", "name": "Bob"},
    {"id": "Bob", "name": "Cid"},
)


@pytest.mark.parametrize(
    ("text", "positions"),
    [
        ("3", [2]),  # by id
        ("bob", [2]),  # no id "bob": by name, case folded
        ("Bob", [3]),  # an id comes before a name
        ("ann", [0, 1]),  # two players of one name: ambiguous, both given for the message
        ("Zed", []),
    ],
)
def test_the_cli_player_is_found_by_the_one_matcher(text, positions):
    assert find_in_rows(ROWS, text) == positions


# -- one decision of which key wins (match_by_keys) --------------------------------------------

#: Who each key finds, worked by hand: "7" is Ann's FIDE id and Bob's own id, "cid" two
#: players' name.
_BY_KEY = {
    MatchKey.FIDE_ID: {"7": ["Ann"]},
    MatchKey.ID: {"7": ["Bob"], "c1": ["Cid"]},
    MatchKey.NAME: {"cid": ["Cid", "Cid II"]},
}


@pytest.mark.parametrize(
    ("text", "keys", "ambiguity", "expected"),
    [
        # The first key that finds anyone wins: a FIDE id before an own id (person_key's order).
        ("7", PERSON_KEYS, Ambiguity.REFUSE, (MatchKey.FIDE_ID, ("Ann",), "Ann")),
        ("7", (MatchKey.ID, MatchKey.FIDE_ID), Ambiguity.REFUSE, (MatchKey.ID, ("Bob",), "Bob")),
        ("c1", PERSON_KEYS, Ambiguity.REFUSE, (MatchKey.ID, ("Cid",), "Cid")),
        # A key several share: refused (both listed for the message), or the first.
        ("cid", PERSON_KEYS, Ambiguity.REFUSE, (MatchKey.NAME, ("Cid", "Cid II"), None)),
        ("cid", PERSON_KEYS, Ambiguity.FIRST, (MatchKey.NAME, ("Cid", "Cid II"), "Cid")),
        ("zed", PERSON_KEYS, Ambiguity.FIRST, (None, (), None)),
    ],
)
def test_one_decision_of_which_key_wins(text, keys, ambiguity, expected):
    found = match_by_keys(keys, lambda key: _BY_KEY[key].get(text, []), ambiguity)
    assert (found.key, found.candidates, found.record) == expected


# -- the same person found the same way in a player file, the ledger and FESA's replay ---------

#: Own ids; two players named Cid; Müller written decomposed in the file.
_PLAYERS = (("a1", "Ann"), ("b2", DECOMPOSED), ("c3", "Cid"), ("c4", "cid"))


@pytest.fixture(scope="module")
def ledger_names(tmp_path_factory):
    """A FESA ledger that imported one event of the four players: each player's name by the
    ledger number the ledger gave him."""
    folder = tmp_path_factory.mktemp("person")
    games = ["round,white,black,result,date"]
    games += ["1,a1,b2,1-0,2024-01-10", "1,c3,c4,0-1,2024-01-10"]
    (folder / "games.csv").write_text("\n".join(games) + "\n", encoding="utf-8")
    rows = ["id,name,rating"] + [f'{pid},"{name}",1500' for pid, name in _PLAYERS]
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    path = folder / "l.sqlite"
    with Ledger.create(path, "fesa") as book:
        book.import_file(folder / "games.csv", folder / "players.csv")
    with sqlite3.connect(path) as connection:
        names = dict(connection.execute("SELECT id, name FROM players"))
    return path, names


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a1", "Ann"),  # the own id
        ("ann", "Ann"),  # no id "ann": the name, case folded
        (COMPOSED, DECOMPOSED),  # the name written composed finds the decomposed one
        ("MULLER, HANS", None),  # no such name: Müller is not Muller
        ("cid", "ambiguous"),  # two players of one name: refused everywhere
        ("c4", "cid"),
    ],
)
def test_the_same_person_is_found_the_same_way_in_a_file_and_the_ledger(
    ledger_names, text, expected
):
    records = [PlayerRecord(id=pid, name=name) for pid, name in _PLAYERS]
    matcher = PlayerMatcher(records, keys=PERSON_KEYS, ambiguity=Ambiguity.REFUSE)
    found = matcher.find(text, text, text)
    in_file = "ambiguous" if found.ambiguous else found.record and found.record.name
    path, names = ledger_names
    with Ledger(path, write=False) as book:
        try:
            in_ledger = names[book.find_player(text)]
        except LedgerError as error:
            in_ledger = "ambiguous" if "names 2 players" in str(error) else None
    assert in_file == in_ledger == expected


@pytest.mark.parametrize("by_name", [False, True])
def test_fesas_replay_store_finds_whom_the_player_file_finds(by_name):
    records = tuple(PlayerRecord(id=pid, name=name, rating=1500) for pid, name in _PLAYERS)
    players = PlayerFile(records, "players.csv")
    pairs = [("a1", "ANN"), ("b2", COMPOSED), ("c3", "Cid"), ("x9", "Zed")]
    in_file = players.match(pairs, by_name=by_name)
    in_store = ReplayStore(players).match(pairs, by_name=by_name)
    assert in_store.key == in_file.key == ("name" if by_name else "id")
    assert in_store.records == in_file.records and in_store.unmatched == in_file.unmatched
    # Worked by hand: by id every known id is found; by name "Cid" is the first Cid (c3).
    assert {p: r.id for p, r in in_file.records.items()} == {"a1": "a1", "b2": "b2", "c3": "c3"}
