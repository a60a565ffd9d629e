"""An event's plain games stored as one packed row (schema 6, issue 28 part 3,
ratingkit/services/ledger/stored_games.py): the packed row gives back the cells the
``games`` rows held; a ledger whose games are rows (as 35b39fe wrote it) and one whose games
are packed give the same lists and histories, through the FIDE engine's rows (fide-2014)
and through ``Game`` objects (FESA); a damaged packed row is one line naming the ledger
and the event.

The oracles: tests/older_ledgers.py's own reader of the layout (``struct``, not numpy nor
ratingkit) and the games rows the same files gave before schema 6."""

from __future__ import annotations

import re
import sqlite3
from datetime import date
from pathlib import Path

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from older_ledgers import games_as_rows, packed_game_rows, undo_schema_6
from test_ledger_rows import PERIODS, imported_ledger

from ratingkit.core.model import Game, Play
from ratingkit.services.ledger import Ledger, LedgerError, stored_games
from ratingkit.services.ledgerfile import LedgerFileError

SEASON = DATA / "ledger" / "season"

#: The scores a game can have, by how it ended (core.model.Game's checks).
_SCORES = {
    Play.PLAYED: [(1.0, 0.0), (0.5, 0.5), (0.0, 1.0)],
    Play.FORFEIT: [(1.0, 0.0), (0.0, 1.0), (0.0, 0.0)],
    Play.UNDER_ONE_MOVE: [(1.0, 0.0), (0.5, 0.5), (0.0, 1.0)],
}


@st.composite
def plain_cells(draw):
    """A plain event's games as the import's cells: round, white's and black's ledger ids,
    their scores, the play's word, the ISO date or None."""
    ids = draw(st.lists(st.integers(1, 2**40), min_size=2, max_size=12, unique=True))
    days = draw(st.lists(st.dates(date(1990, 1, 1), date(2030, 12, 31)), max_size=4))
    cells = []
    for _game in range(draw(st.integers(0, 40))):
        white, black = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True))
        play = draw(st.sampled_from(list(Play)))
        scores = draw(st.sampled_from(_SCORES[play]))
        day = draw(st.sampled_from([None, *days]))
        cells.append(
            (
                draw(st.integers(1, 10_000)),
                white,
                black,
                *scores,
                play.value,
                day.isoformat() if day else None,
            )
        )
    return cells


def _packed_table() -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:")
    for statement in stored_games.PACKED_TABLE.split(";"):  # schema 6
        connection.execute(statement.replace("REFERENCES events(id)", ""))
    return connection


@settings(max_examples=150, deadline=None)
@given(plain_cells())
def test_a_packed_row_gives_back_the_cells_the_rows_held(cells):
    connection = _packed_table()
    stored_games.store(connection, 7, cells)
    # The layout as the module documents it, read with struct: the games rows of 35b39fe.
    expected = [(7, *cell[:6], None, None, None, cell[6], "{}") for cell in cells]
    assert packed_game_rows(connection) == expected
    read = stored_games.read_event(connection, Path("l.sqlite"), 7)
    assert read is not None
    assert read.cells() == cells and len(read) == len(cells)
    # The games as Game objects the model builds from the same cells (with its checks).
    assert read.games() == [
        Game(
            round=r,
            white=str(w),
            black=str(b),
            white_score=ws,
            black_score=bs,
            play=Play(p),
            date=date.fromisoformat(d) if d else None,
        )
        for r, w, b, ws, bs, p, d in cells
    ]


def test_a_packed_row_names_the_words_its_codes_stand_for():
    # The codes are places in the row's own list of Play words: a new Play member, or Play's
    # order changed, cannot change what a stored code means.
    connection = _packed_table()
    cells = [(1, 1, 2, 0.0, 1.0, "forfeit", None), (2, 2, 1, 0.5, 0.5, "played", "2024-03-01")]
    stored_games.store(connection, 1, cells)
    names, texts, plays = connection.execute(
        "SELECT play_names, day_texts, plays FROM packed_games"
    ).fetchone()
    assert (names, texts, plays) == ('["forfeit", "played"]', '[null, "2024-03-01"]', b"\0\1")
    # The engine's codes are Play's order (fide/engine/parts.PLAYS).
    assert stored_games.PLAY_CODES == {"played": 0, "forfeit": 1, "under one move": 2}


def _rows_twin(path: Path, target: Path) -> Path:
    """A copy of the ledger with its packed games as rows (a ledger written before schema 6,
    tests/older_ledgers.py)."""
    source, copy = sqlite3.connect(path), sqlite3.connect(target)
    try:
        source.backup(copy)
        games_as_rows(copy)
        copy.commit()
    finally:
        source.close()
        copy.close()
    return target


def _lists_and_histories(book: Ledger, periods) -> dict[str, object]:
    lists = {p: book.list_rows(p, everyone=True) for p in periods}
    players = {row.ledger_id for rows in lists.values() for row in rows}
    return {
        "lists": lists,
        "histories": {pid: book.player_history(f"#{pid}").rows for pid in sorted(players)},
        "events": [(r.event_id, r.period, r.name, r.players, r.games) for r in book.event_rows()],
    }


def _count(path: Path, table: str) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        connection.close()


@pytest.fixture(scope="module")
def fide_months(tmp_path_factory):
    return imported_ledger(tmp_path_factory.mktemp("packed"))


def test_fide_months_packed_and_as_rows_give_the_same_lists(fide_months, tmp_path):
    # The FIDE engine's rows: the packed arrays against the rows' columns (rating.py).
    packed = tmp_path / "packed.sqlite"
    packed.write_bytes(fide_months.read_bytes())
    rows = _rows_twin(fide_months, tmp_path / "rows.sqlite")
    assert _count(packed, "packed_games") == 6 and _count(packed, "games") == 0
    assert _count(rows, "packed_games") == 0 and _count(rows, "games") > 0
    found = []
    for path in (packed, rows):
        with Ledger(path) as book:
            for period in PERIODS:
                book.rate_period(period)
            found.append(_lists_and_histories(book, PERIODS))
    assert found[0] == found[1]
    assert sum(games for *_head, games in found[0]["events"]) == _count(rows, "games")


def test_a_ledger_of_schema_5_is_migrated_and_rated_as_a_packed_one(fide_months, tmp_path):
    # A ledger as 35b39fe wrote it (schema 5, games rows), opened by this version: migrated,
    # its rows kept and read, the same lists as the same files imported packed.
    old = _rows_twin(fide_months, tmp_path / "old.sqlite")
    with sqlite3.connect(old) as connection:
        undo_schema_6(connection)
    connection.close()
    packed = tmp_path / "packed.sqlite"
    packed.write_bytes(fide_months.read_bytes())
    found = []
    for path in (old, packed):
        with Ledger(path) as book:
            for period in PERIODS:
                book.rate_period(period)
            found.append(_lists_and_histories(book, PERIODS))
    assert found[0] == found[1]
    assert _count(old, "games") > 0 and _count(old, "packed_games") == 0


def _fesa_season(path: Path) -> Path:
    with Ledger.create(path, "fesa") as book:
        files = sorted(SEASON.glob("*-games.csv"))
        book.import_file(files[0], SEASON / "players.csv")
        for file in files[1:]:
            book.import_file(file)
    return path


def test_a_fesa_season_packed_and_as_rows_gives_the_same_lists(tmp_path):
    # FESA rates Game objects (LedgerRating._build_games): the packed games built as the
    # rows' are.
    packed = _fesa_season(tmp_path / "packed.sqlite")
    rows = _rows_twin(packed, tmp_path / "rows.sqlite")
    assert _count(packed, "packed_games") == 7 and _count(packed, "games") == 0
    periods = ("2024-01", "2024-02", "2024-03", "2024-04")
    found = []
    for path in (packed, rows):
        with Ledger(path) as book:
            for period in periods:
                book.rate_period(period)
            found.append(_lists_and_histories(book, periods))
    assert found[0] == found[1]


def test_removing_an_event_takes_its_packed_row(fide_months, tmp_path):
    path = tmp_path / "l.sqlite"
    path.write_bytes(fide_months.read_bytes())
    with Ledger(path) as book:
        book.remove_event(1)
    connection = sqlite3.connect(path)
    ids = [r[0] for r in connection.execute("SELECT event_id FROM packed_games")]
    connection.close()
    assert ids == [2, 3, 4, 5, 6]


#: Damage to a packed row (a flipped bit): the SQL, and the words the one-line error has.
DAMAGE = {
    "length": ("UPDATE packed_games SET rounds = substr(rounds, 2)", "one value a game"),
    "play code": (
        "UPDATE packed_games SET plays = CAST(X'07' || substr(plays, 2) AS BLOB)",
        "ended in a way no import stores",
    ),
    "play word": (
        "UPDATE packed_games SET play_names = replace(play_names, 'played', 'qlayed')",
        "ended in a way no import stores",
    ),
    "date": (
        "UPDATE packed_games SET day_texts = replace(day_texts, '2024-0', '2024-9')",
        "date is not one the import stores",
    ),
    "score": (
        "UPDATE packed_games SET white_halves = CAST(X'03' || substr(white_halves, 2) AS BLOB)",
        "round .* has the scores 1.5-",
    ),
    "player": (
        "UPDATE packed_games SET whites = CAST(X'3930000000000000' || substr(whites, 9) AS BLOB)",
        "not in the event's player list",
    ),
    # The import stores an event's games in one form; a games row beside its packed row is
    # damage, not a game to drop (or to rate) without a word.
    "both forms": (
        "INSERT INTO games SELECT event_id, 9, (SELECT MIN(player_id) FROM participants pa"
        " WHERE pa.event_id = packed_games.event_id), (SELECT MAX(player_id) FROM participants"
        " pa WHERE pa.event_id = packed_games.event_id), 1.0, 0.0, 'played', NULL, NULL, NULL,"
        " NULL, '{}' FROM packed_games",
        "holds both packed games and games rows",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("rules", ["fide-2014", "fesa"])
def test_a_damaged_packed_row_is_one_line_naming_the_ledger_and_the_event(
    damage, rules, fide_months, tmp_path
):
    if rules == "fide-2014":
        path, period = tmp_path / "l.sqlite", PERIODS[0]
        path.write_bytes(fide_months.read_bytes())
    else:
        path, period = _fesa_season(tmp_path / "l.sqlite"), "2024-01"
    script, words = DAMAGE[damage]
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(script + " WHERE event_id = 1")
    connection.close()
    with Ledger(path) as book, pytest.raises(LedgerFileError) as error:
        book.rate_period(period)
    text = str(error.value)
    assert "\n" not in text and str(path) in text and "event 1" in text
    assert re.search(words, text), text
    assert _count(path, "player_results") == 0  # nothing stored
    assert isinstance(error.value, LedgerError)


def test_the_events_games_count_is_what_the_packed_row_holds(fide_months, tmp_path):
    # `db events` counts a packed event's games from the rounds its row stores (8 bytes a
    # round), as it counts rows: a damaged games cell is not shown as a count.
    path = tmp_path / "l.sqlite"
    path.write_bytes(fide_months.read_bytes())
    rows = _rows_twin(fide_months, tmp_path / "rows.sqlite")
    with Ledger(rows) as book:
        counted = {row.event_id: row.games for row in book.event_rows()}
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE packed_games SET games = -1 WHERE event_id = 1")
    connection.close()
    with Ledger(path) as book:
        assert {row.event_id: row.games for row in book.event_rows()} == counted
    assert counted[1] > 0


def test_the_engine_columns_of_a_packed_event_are_those_of_its_rows(fide_months, tmp_path):
    # The rate's fast path (LedgerRating._rate_rows): each packed event's arrays against the
    # columns the rows path makes of the same games (rating._game_columns), value and dtype.
    import numpy as np

    from ratingkit.services.ledger.rating import _game_columns

    rows = _rows_twin(fide_months, tmp_path / "rows.sqlite")
    packed_db, rows_db = sqlite3.connect(fide_months), sqlite3.connect(rows)
    try:
        packed = stored_games.read_period(packed_db, fide_months, PERIODS[0])
        assert len(packed) == 3
        for event_id, games in packed.items():
            ids = [
                r[0]
                for r in rows_db.execute(
                    "SELECT player_id FROM participants WHERE event_id = ? ORDER BY rowid",
                    (event_id,),
                )
            ]
            stored = rows_db.execute(
                "SELECT round, white, black, white_score, black_score, play, date FROM games"
                " WHERE event_id = ? ORDER BY rowid",
                (event_id,),
            ).fetchall()
            head = type("Head", (), {"players": [type("P", (), {"id": str(i)}) for i in ids]})
            expected = _game_columns(head, stored, {None: None, "": None})  # type: ignore[arg-type]
            found = games.engine_columns(ids, fide_months, {None: None, "": None})
            assert expected is not None and len(found) == len(expected) == 7
            for mine, theirs in zip(found[:6], expected[:6], strict=True):
                assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)
            assert found[6] == expected[6]
    finally:
        packed_db.close()
        rows_db.close()
