"""The import's match of an event's players to the ledger's (services/ledger/importing.py,
``_match_keys``): a player found by his stored key in the event's one lookup takes that ledger
player at once, the fast path; held against the general path (every keyed player through
``core.matching.match_by_keys``, the fast path off) and against the ledger ids worked out by
hand from the files below."""

from __future__ import annotations

import pytest

from ratingkit.formats import read_event
from ratingkit.services.ledger import Ledger, importing

GAMES = "round,white,black,result,date\n1,{a},{b},1-0,2025-01-04\n2,{c},{d},0-1,2025-01-05\n"


def _event_files(folder, name: str, players: str, pairs: tuple[str, str, str, str]):
    a, b, c, d = pairs
    (folder / f"{name}-games.csv").write_text(GAMES.format(a=a, b=b, c=c, d=d), encoding="utf-8")
    (folder / f"{name}-players.csv").write_text(players, encoding="utf-8")
    return folder / f"{name}-games.csv", folder / f"{name}-players.csv"


@pytest.fixture
def ledger_and_event(tmp_path):
    """A ledger that knows four players (ids 1 to 4 in the order of the first file), and a
    second event that names three of them in each way a key finds a ledger player, and two
    new ones."""
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    first = _event_files(
        tmp_path,
        "first",
        "id,name,rating,fide_id\n"
        "m1,Ann,2000,100\n"  # 1: keyed fide:100
        "m2,Bob,1900,\n"  # 2: keyed id:m2
        "m3,Cid,1800,300\n"  # 3: keyed fide:300, own id m3
        "m4,Dan,1700,\n",  # 4: keyed id:m4
        ("m1", "m2", "m3", "m4"),
    )
    book.import_file(first[0], players=first[1])
    second = _event_files(
        tmp_path,
        "second",
        "id,name,rating,fide_id\n"
        "x1,Ann,2000,100\n"  # by his FIDE id's key: ledger player 1
        "m2,Bob,1900,\n"  # by his own id's key: ledger player 2
        "m3,Cid,1800,\n"  # his own id alone, held by ledger player 3 (keyed fide:300)
        "n5,Eve,1600,500\n",  # new: his key fide:500
        ("x1", "m2", "m3", "n5"),
    )
    event = read_event(second[0], roster=second[1])
    yield book, event
    book.close()


def test_the_fast_path_gives_what_the_matcher_gives(ledger_and_event, monkeypatch):
    book, event = ledger_and_event
    with book._write():
        fast = book._match_keys(event)
    monkeypatch.setattr(importing, "_FOUND_AT_ONCE", False)
    with book._write():
        general = book._match_keys(event)
    assert fast == general


def test_the_keys_found_worked_by_hand(ledger_and_event):
    book, event = ledger_and_event
    with book._write():
        keys, errors = book._match_keys(event)
    assert errors == []
    # Ann by fide:100 (1), Bob by id:m2 (2), Cid by the own id m3 player 3 holds, Eve new.
    assert keys == {"x1": 1, "m2": 2, "m3": 3, "n5": "fide:500"}


def test_namesakes_without_an_own_id_are_read_for_the_event_at_once(tmp_path, monkeypatch):
    """An own id the ledger has not seen finds the one player of his name with no own id and
    no own-id key (FIDE's list gave him); two such namesakes find none (a new player).  The
    batch read of the namesakes against the rule worked by hand, fast path on and off."""
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    with book._write() as db:
        db.executemany(
            "INSERT INTO players (id, key, name, name_key, own_id) VALUES (?, ?, ?, ?, ?)",
            [
                (10, None, "Kim", "kim", None),  # the one Kim: found
                (11, None, "Lee", "lee", None),  # two of Lee: neither found
                (12, None, "Lee", "lee", None),
                (13, "fide:900", "Max", "max", None),  # keyed by FIDE id, no own id: found
                (14, "id:o7", "Ned", "ned", "o7"),  # has an own id: not found
            ],
        )
    files = _event_files(
        tmp_path,
        "ev",
        "id,name,rating\nk1,KIM,2000\nl1,Lee,1900\nm1,Max,1800\nn1,Ned,1700\n",
        ("k1", "l1", "m1", "n1"),
    )
    event = read_event(files[0], roster=files[1])
    expected = {"k1": 10, "l1": "id:l1", "m1": 13, "n1": "id:n1"}
    with book._write():
        assert book._match_keys(event) == (expected, [])
    monkeypatch.setattr(importing, "_FOUND_AT_ONCE", False)
    with book._write():
        assert book._match_keys(event) == (expected, [])
    book.close()
