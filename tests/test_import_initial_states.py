"""The players' states before their first rated period, stored by an import from its player
file (services/ledger/importing.py, ``_set_initial_states``): read in one query, merged in
Python and written in one ``executemany`` an event.  Held against the rule applied one row at a
time (the ledger keeps what it knows and a row fills in only its empty cells; an event's own
players file gives no rating to the state, issue 24), worked out below with the ledger's own
JSON codec and ``dataclasses.replace``, and against values worked by hand."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger.common import _RECORD_FIELDS, _record_from_json, _record_to_json

#: The ledger's players before the import: (id, stored initial state, arrived_rated).
STORED = (
    # Known with a rating and K 20 (FIDE's list, say).
    (1, PlayerRecord(id="1", rating=2100, k=20, extra={"sex": "f"}), 1),
    # Known to the ledger by his games only: no state yet.
    (2, None, 0),
    # A state without a rating.
    (3, PlayerRecord(id="3", name="C", games=12), 0),
    # A state an older version wrote: keys unsorted, a field missing (read as empty).
    (4, '{"name": "D", "id": "d", "rating": null, "extra": {}}', 0),
    (5, None, 0),
)

#: The player file's rows as matched: one ledger player may come twice (two event players
#: found as one), the later row then merged onto what the earlier one left.
ROWS = (
    (1, PlayerRecord(id="a", rating=2200, k=40, born=date(2000, 5, 1), extra={"club": "x"})),
    (2, PlayerRecord(id="b", name="B", rating=1800, games=5)),
    (2, PlayerRecord(id="b", name="B", rating=1900, k=20, extra={"club": "y"})),
    (3, PlayerRecord(id="c", name="C", games=30)),
    (4, PlayerRecord(id="d", name="D")),
    (5, PlayerRecord(id="e", name="E", k=40)),
)


def _ledger(tmp_path, name: str) -> Ledger:
    book = Ledger.create(tmp_path / name, "fide-2014")
    with book._write() as db:
        for player_id, state, arrived in STORED:
            text = _record_to_json(state) if isinstance(state, PlayerRecord) else state
            db.execute(
                "INSERT INTO players (id, name, name_key, initial_state, arrived_rated)"
                " VALUES (?, ?, ?, ?, ?)",
                (player_id, f"p{player_id}", f"p{player_id}", text, arrived),
            )
    return book


def _one_row_at_a_time(book: Ledger, rows, without_rating: bool) -> None:
    """The rule applied one row at a time: one SELECT, the merge, one UPDATE a row."""
    with book._write() as db:
        for player_id, record in rows:
            if without_rating:
                record = replace(record, rating=None)
            (known,) = db.execute(
                "SELECT initial_state FROM players WHERE id = ?", (player_id,)
            ).fetchone()
            if known is not None:
                old = _record_from_json(known, player_id)
                empty = {
                    name: getattr(record, name)
                    for name in _RECORD_FIELDS
                    if name not in ("id", "extra")
                    and getattr(old, name) is None
                    and getattr(record, name) is not None
                }
                record = replace(old, **empty, extra={**record.extra, **old.extra})
            db.execute(
                "UPDATE players SET initial_state = ?, arrived_rated = arrived_rated OR ?"
                " WHERE id = ?",
                (_record_to_json(record), int(record.rating is not None), player_id),
            )


def _players(book: Ledger) -> list[tuple[object, ...]]:
    return book._connection.execute(
        "SELECT id, initial_state, arrived_rated FROM players ORDER BY id"
    ).fetchall()


@pytest.mark.parametrize("without_rating", [False, True])
def test_the_batch_stores_what_one_row_at_a_time_stores(tmp_path, without_rating):
    batched, oracle = _ledger(tmp_path, "batched.sqlite"), _ledger(tmp_path, "oracle.sqlite")
    with batched._write():
        batched._set_initial_states(ROWS, without_rating=without_rating)
    _one_row_at_a_time(oracle, ROWS, without_rating)
    assert _players(batched) == _players(oracle)
    batched.close()
    oracle.close()


def test_the_merge_worked_by_hand(tmp_path):
    book = _ledger(tmp_path, "hand.sqlite")
    with book._write():
        book._set_initial_states(ROWS)
    states = {pid: json.loads(text) for pid, text, _arrived in _players(book)}
    arrived = {pid: flag for pid, _text, flag in _players(book)}
    # 1: his rating and K stay (2100, 20); the file fills his empty birth date; his extra
    # cells are the file's and his own, his own winning.
    assert (states[1]["rating"], states[1]["k"], states[1]["born"]) == (2100, 20, "2000-05-01")
    assert states[1]["extra"] == {"club": "x", "sex": "f"}
    # 2: the first row is his state (1800, 5 games); the second fills only his empty K.
    assert (states[2]["rating"], states[2]["games"], states[2]["k"]) == (1800, 5, 20)
    assert states[2]["extra"] == {"club": "y"} and arrived[2] == 1
    # 3: his 12 games stay; no rating, so he did not arrive rated.
    assert (states[3]["games"], arrived[3]) == (12, 0)
    # 5: new to the state: the row as it is.
    assert (states[5]["name"], states[5]["k"], states[5]["rating"]) == ("E", 40, None)
    book.close()


def test_an_events_own_players_file_gives_no_rating_to_the_state(tmp_path):
    book = _ledger(tmp_path, "own.sqlite")
    with book._write():
        book._set_initial_states(ROWS, without_rating=True)
    states = {pid: json.loads(text) for pid, text, _arrived in _players(book)}
    arrived = {pid: flag for pid, _text, flag in _players(book)}
    assert (states[2]["rating"], states[2]["games"], arrived[2]) == (None, 5, 0)
    assert (states[1]["rating"], arrived[1]) == (2100, 1)  # what the ledger knew stays
    book.close()


def test_an_unchanged_state_is_not_written_again(tmp_path):
    """A row that changes nothing leaves the stored text as it is (the older version's
    text is rewritten, as one row at a time rewrote it)."""
    book = _ledger(tmp_path, "same.sqlite")
    same = _record_to_json(replace(STORED[2][1], id="3"))
    book._connection.execute("UPDATE players SET initial_state = ? WHERE id = 3", (same,))
    book._connection.commit()
    with book._write():
        book._set_initial_states([(3, PlayerRecord(id="c", name="C", games=30))])
    assert dict((pid, text) for pid, text, _a in _players(book))[3] == same
    book.close()


def test_an_import_matches_its_players_to_the_player_file_once(tmp_path, monkeypatch):
    """The match serves the ratings' check and the stored state alike."""
    (tmp_path / "ev-games.csv").write_text(
        "round,white,black,result,date\n1,1,2,1-0,2025-01-04\n", encoding="utf-8"
    )
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating,k\n1,A,2000,20\n2,B,1900,40\n", encoding="utf-8"
    )
    calls = []
    original = PlayerFile.match

    def counted(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(PlayerFile, "match", counted)
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    book.import_file(tmp_path / "ev-games.csv", players=tmp_path / "ev-players.csv")
    assert len(calls) == 1
    states = [
        json.loads(t) for (t,) in book._connection.execute("SELECT initial_state FROM players")
    ]
    # The event's own players file: K stored, its rating not (it is the event's, issue 24).
    assert sorted((s["name"], s["k"], s["rating"]) for s in states) == [
        ("A", 20, None),
        ("B", 40, None),
    ]
    book.close()


@pytest.mark.parametrize("spelled", ["as read", "through another folder"])
def test_the_events_own_players_file_is_known_however_it_is_named(tmp_path, spelled):
    """Named as the reader named it (compared as text) or otherwise (resolved): the event's own
    players file, whose ratings are the event's and not the state's (issue 24)."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "ev-games.csv").write_text(
        "round,white,black,result,date\n1,1,2,1-0,2025-01-04\n", encoding="utf-8"
    )
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating,k\n1,A,2000,20\n2,B,1900,40\n", encoding="utf-8"
    )
    players = tmp_path / "ev-players.csv"
    if spelled != "as read":
        players = tmp_path / "sub" / ".." / "ev-players.csv"
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    book.import_file(tmp_path / "ev-games.csv", players=players)
    states = [
        json.loads(t) for (t,) in book._connection.execute("SELECT initial_state FROM players")
    ]
    assert sorted((s["name"], s["rating"], s["k"]) for s in states) == [
        ("A", None, 20),
        ("B", None, 40),
    ]
    book.close()


def test_another_player_files_rating_is_the_state_before_the_first_period(tmp_path):
    """A player file that is not the event's own (here a state file beside the event's
    players file) gives its ratings to the state."""
    (tmp_path / "ev-games.csv").write_text(
        "round,white,black,result,date\n1,1,2,1-0,2025-01-04\n", encoding="utf-8"
    )
    (tmp_path / "ev-players.csv").write_text(
        "id,name,rating\n1,A,2000\n2,B,1900\n", encoding="utf-8"
    )
    (tmp_path / "state.csv").write_text("id,name,rating,k\n1,A,2000,20\n", encoding="utf-8")
    book = Ledger.create(tmp_path / "l.sqlite", "fide-2014")
    book.import_file(tmp_path / "ev-games.csv", players=tmp_path / "state.csv")
    rows = book._connection.execute("SELECT initial_state FROM players ORDER BY id")
    states = [json.loads(t) if t is not None else None for (t,) in rows]
    # A is in the state file: its rating and K; B is not: no state.
    assert [(s["name"], s["rating"], s["k"]) if s else None for s in states] == [
        ("A", 2000, 20),
        None,
    ]
    book.close()


#: Values a state's cell may hold, as a player file or FIDE's list gives them.
_NAMES = st.sampled_from([None, "A", "Ölçü", "B b"])
_SMALL = st.sampled_from([None, 0, 12, 2100])
_DAYS = st.sampled_from([None, date(2001, 1, 1), date(1990, 12, 31)])
_FLAGS = st.sampled_from([None, True, False])
_EXTRAS = st.dictionaries(st.sampled_from(["sex", "club", "fide_id"]), st.sampled_from(["f", "x"]))
_RECORDS = st.builds(
    PlayerRecord,
    id=st.sampled_from([None, "a", "7"]),
    name=_NAMES,
    rating=_SMALL,
    games=_SMALL,
    born=_DAYS,
    k=st.sampled_from([None, 10, 20, 40]),
    ever_2400=_FLAGS,
    grade=st.sampled_from([None, "1 dan"]),
    extra=_EXTRAS,
)
#: Stored states: none, one _record_to_json wrote, or texts an older version may have left
#: (a key missing, keys unsorted, a float, a birth date, a number or a flag in the extra
#: cells, a list or an object in a cell).
_STORED_TEXTS = st.one_of(
    st.none(),
    _RECORDS.map(_record_to_json),
    st.sampled_from(
        [
            '{"name": "D", "id": "d", "rating": null, "extra": {}}',
            '{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"n": 1}, "games": '
            'null, "grade": null, "id": "1", "k": null, "name": "E", "prior_grade": null, '
            '"rating": 2100.0}',
            # A list and an object where a cell is, a flag among the extra cells.
            '{"born": null, "ever_2300": null, "ever_2400": true, "extra": {"n": true}, "games": '
            '[1], "grade": null, "id": "1", "k": {"a": 1}, "name": "E", "prior_grade": null, '
            '"rating": 2100}',
        ]
    ),
)


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(
    stored=st.lists(st.tuples(_STORED_TEXTS, st.sampled_from([0, 1])), min_size=3, max_size=3),
    rows=st.lists(st.tuples(st.sampled_from([1, 2, 3]), _RECORDS), max_size=6),
    without_rating=st.booleans(),
)
def test_the_batch_stores_what_one_row_at_a_time_stores_for_any_states(
    tmp_path_factory, stored, rows, without_rating
):
    """The batch, its merge of the decoded JSON included (a text _record_to_json wrote), and
    the record path (any other text) against the rule applied one row at a time."""
    folder = tmp_path_factory.mktemp("states")
    books = []
    for name in ("batched.sqlite", "oracle.sqlite"):
        book = Ledger.create(folder / name, "fide-2014")
        with book._write() as db:
            for player_id, (text, arrived) in enumerate(stored, start=1):
                db.execute(
                    "INSERT INTO players (id, name, name_key, initial_state, arrived_rated)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (player_id, f"p{player_id}", f"p{player_id}", text, arrived),
                )
        books.append(book)
    batched, oracle = books
    with batched._write():
        batched._set_initial_states(rows, without_rating=without_rating)
    _one_row_at_a_time(oracle, rows, without_rating)
    assert _players(batched) == _players(oracle)
    batched.close()
    oracle.close()
