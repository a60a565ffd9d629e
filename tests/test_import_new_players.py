"""A player new to the ledger is stored whole by one INSERT (services/ledger/importing.py,
``_store_players``): his state from his player-file row and his own id, which an INSERT
followed by ``_set_initial_states`` and the own ids' UPDATE stored before.  Held against the
rows worked out below from the files: the state is the row as the ledger's JSON codec writes
it, its rating left out for the event's own players file (issue 24); ``arrived_rated`` says a
rating came with him (the event's or the state's); the own id is the file's id."""

from __future__ import annotations

import json

from ratingkit.services.ledger import Ledger

GAMES = "round,white,black,result,date\n1,a,b,1-0,2025-01-04\n1,c,d,0-1,2025-01-04\n"


def _rows(book: Ledger) -> list[tuple[object, ...]]:
    rows = book._connection.execute(
        "SELECT id, key, own_id, arrived_rated, initial_state FROM players ORDER BY id"
    ).fetchall()
    return [(*row[:4], json.loads(row[4]) if row[4] is not None else None) for row in rows]


def _state(
    file_id: str, name: str, rating: int | None, k: int | None, **extra: str
) -> dict[str, object]:
    """A state as ``_record_to_json`` writes it: every field, empty ones null; a column the
    player file does not know (``fide_id`` here) an extra cell, as the file gives it."""
    empty = dict.fromkeys(("born", "ever_2300", "ever_2400", "games", "grade", "prior_grade"), None)
    return {**empty, "extra": extra, "id": file_id, "k": k, "name": name, "rating": rating}


def test_new_players_from_the_events_own_players_file(tmp_path):
    (tmp_path / "ev-games.csv").write_text(GAMES, encoding="utf-8")
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating,k,fide_id\na,Ann,2000,20,100\nb,Bob,,40,\nc,Cid,1800,,\nd,Dan,,,\n",
        encoding="utf-8",
    )
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    book.import_file(tmp_path / "ev-games.csv", players=tmp_path / "ev-players.csv")
    # The event's own file: its ratings are the event's, not the state's (issue 24); a rating
    # in the event still makes him arrive rated.  Every id is the player's own (a CSV file).
    assert _rows(book) == [
        (1, "fide:100", "a", 1, _state("a", "Ann", None, 20, fide_id="100")),
        (2, "id:b", "b", 0, _state("b", "Bob", None, 40, fide_id="")),
        (3, "id:c", "c", 1, _state("c", "Cid", None, None, fide_id="")),
        (4, "id:d", "d", 0, _state("d", "Dan", None, None, fide_id="")),
    ]
    book.close()


def test_new_players_with_another_state_file(tmp_path):
    """A state file that is not the event's own: its rating is the state's, and a player it
    does not name gets no state."""
    (tmp_path / "ev-games.csv").write_text(GAMES, encoding="utf-8")
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating\na,Ann,\nb,Bob,\nc,Cid,\nd,Dan,\n", encoding="utf-8"
    )
    (tmp_path / "state.csv").write_text("id,name,rating,k\na,Ann,2000,20\nb,Bob,,40\n")
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    book.import_file(tmp_path / "ev-games.csv", players=tmp_path / "state.csv")
    assert _rows(book) == [
        (1, "id:a", "a", 1, _state("a", "Ann", 2000, 20)),
        (2, "id:b", "b", 0, _state("b", "Bob", None, 40)),
        (3, "id:c", "c", 0, None),
        (4, "id:d", "d", 0, None),
    ]
    book.close()


def test_known_players_get_the_files_id_as_their_own_only_where_they_have_none(tmp_path):
    """The file's ids are the players' own (a CSV pair): a known player without an own id
    (FIDE's list gave him) takes the file's, one who has an own id keeps it.  _store_event
    looks for those without one first and updates only them (a month's known players mostly
    have one): held here to the rows worked out by hand."""
    (tmp_path / "ev-games.csv").write_text(GAMES, encoding="utf-8")
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating,fide_id\na,Ann,2000,100\nb,Bob,1900,200\nc,Cid,,300\nd,Dan,,\n",
        encoding="utf-8",
    )
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    with book._write() as db:
        db.executemany(
            "INSERT INTO players (id, key, name, name_key, own_id) VALUES (?, ?, ?, ?, ?)",
            [
                (1, "fide:100", "Ann", "ann", None),  # from FIDE's list: takes "a"
                (2, "fide:200", "Bob", "bob", "m2"),  # his own id from an earlier file: kept
                (3, "fide:300", "Cid", "cid", None),  # takes "c"
            ],
        )
    book.import_file(tmp_path / "ev-games.csv")
    own_ids = book._connection.execute("SELECT id, key, own_id FROM players ORDER BY id")
    assert own_ids.fetchall() == [
        (1, "fide:100", "a"),
        (2, "fide:200", "m2"),
        (3, "fide:300", "c"),
        (4, "id:d", "d"),  # new: his own id in his INSERT
    ]
    book.close()
