"""A plain games file's columns packed and hashed as numpy columns, no tuple a game (issue 28
part 3, core/game_columns.py ``GameColumns.plain_arrays``): the packed row's bytes are
those :func:`stored_games.pack` makes from the games' cells, and the games digest is the
one the ledger has always written (tests/test_import_columns.py's ``_old_games_digest``, the
digest restated from its definition: an oracle that shares no code with ratingkit's).

The events are drawn so that the texts sort otherwise than the numbers (rounds and ledger
ids of one to six digits: "10" before "9"), with every play, dates and no date, repeated
games and an event of no game.  A ledger as 35b39fe wrote it (schema 5, its digests made from
the games' cells) refuses the same games re-exported and read by columns, and takes each
changed cell as another event."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from older_ledgers import games_as_rows, undo_schema_6
from test_import_columns import _old_games_digest
from test_ledger_rows import imported_ledger
from test_stored_games import _SCORES

from ratingkit.core.game_columns import GameColumns, game_columns
from ratingkit.core.model import Play
from ratingkit.formats import csvpair, read_event
from ratingkit.services.ledger import Ledger, common, stored_games
from ratingkit.services.ledger.common import ImportErrors, _games_digest


@st.composite
def plain_events(draw):
    """A plain event's games as columns, the ledger ids of its players and its byes."""
    names = draw(
        st.lists(
            st.text("abcxyz0123456789", min_size=1, max_size=4),
            min_size=2,
            max_size=12,
            unique=True,
        )
    )
    ids = dict(
        zip(
            names,
            draw(
                st.lists(
                    st.integers(1, 999_999), min_size=len(names), max_size=len(names), unique=True
                )
            ),
            strict=True,
        )
    )
    days = draw(st.lists(st.dates(date(1990, 1, 1), date(2030, 12, 31)), max_size=4))
    games = []
    for _game in range(draw(st.integers(0, 40))):
        white, black = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
        play = draw(st.sampled_from(list(Play)))
        white_score, black_score = draw(st.sampled_from(_SCORES[play]))
        round_ = draw(st.sampled_from([1, 2, 9, 10, 11, 99, 100, draw(st.integers(1, 10_000))]))
        games.append(
            (
                round_,
                white,
                black,
                white_score,
                black_score,
                play,
                draw(st.sampled_from([None, *days])),
            )
        )
    if games and draw(st.booleans()):
        games.append(draw(st.sampled_from(games)))  # the same game twice: two equal lines
    columns = GameColumns(
        "games.csv",
        range(2, len(games) + 2),
        *(tuple(column) for column in zip(*games, strict=True)) if games else ((),) * 7,
    )
    byes = [
        (draw(st.integers(1, 12)), ids[name], "H")
        for name in draw(st.lists(st.sampled_from(names), max_size=2))
    ]
    return columns, ids, byes


@settings(max_examples=300, deadline=None)
@given(plain_events())
def test_the_columns_pack_to_the_bytes_the_cells_pack_to(event):
    columns, ids, _byes = event
    cells = columns.plain_cells(ids)
    assert stored_games.pack_arrays(columns.plain_arrays(ids)) == stored_games.pack(cells)


@settings(max_examples=300, deadline=None)
@given(plain_events())
def test_the_columns_digest_is_the_text_it_always_was(event):
    _digest_is_the_old_text(event)


@settings(max_examples=100, deadline=None)
@given(plain_events())
def test_the_columns_digest_sorted_by_lexsort_is_the_text_it_always_was(event):
    """common._plain_lines sorts the games by one number made of their four ranks where it
    fits in 63 bits, by np.lexsort of the ranks beyond: the limit taken to 0 here, every
    event is sorted by lexsort, and gives the same text."""
    with mock.patch.object(common, "_ONE_SORT_KEY_BELOW", 0):
        _digest_is_the_old_text(event)


def _digest_is_the_old_text(event: tuple[Any, dict[str, int], list[Any]]) -> None:
    columns, ids, byes = event
    # The oracle's cells: round, the ledger ids, the scores, the play's word, the empty
    # special, handicap and giver, the ISO date.
    full_cells = [
        (r, ids[w], ids[b], ws, bs, p.value, None, None, None, d.isoformat() if d else None)
        for r, w, b, ws, bs, p, d in zip(
            columns.rounds,
            columns.whites,
            columns.blacks,
            columns.white_scores,
            columns.black_scores,
            columns.plays,
            columns.dates,
            strict=True,
        )
    ]
    players = sorted(ids.values())
    args = ("swiss", "2024-03-01", None, players)
    digest = _games_digest(*args, columns.plain_arrays(ids), byes, plain=True)
    assert digest == _old_games_digest(*args, full_cells, byes)


def _shuffled_copy(games_file: Path, target: Path, change: Callable[[list[str]], None]) -> Path:
    """The games file re-exported by another program: ';', the columns in another order,
    the lines reversed (byes and games), its players file beside it; ``change`` edits the
    rows (round, white, black, result, date) first."""
    rows = [line.split(",") for line in games_file.read_text().splitlines()[1:]]
    for row in rows:
        change(row)
    written = [
        ";".join((day, black, result, white, round_)) for round_, white, black, result, day in rows
    ]
    lines = ["date;black;result;white;round", *reversed(written)]
    target.write_text("\n".join(lines) + "\n")
    players = Path(str(games_file).replace("-games", "-players")).read_text()
    Path(str(target).replace("-games", "-players")).write_text(players.replace(",", ";"))
    return target


def _first_game(edit: Callable[[list[str]], None]) -> Callable[[list[str]], None]:
    """``edit`` applied to the file's first game (not a bye) alone."""
    done: list[bool] = []

    def change(row: list[str]) -> None:
        if not done and row[2]:
            done.append(True)
            edit(row)

    return change


def _set(place: int, value: Callable[[str], str]) -> Callable[[list[str]], None]:
    return lambda row: row.__setitem__(place, value(row[place]))


#: One change each, every one leaving a valid event: a date, a result (the scores), how a
#: game ended (a forfeit), the colours, every round's number, a bye's kind.
_CHANGES = {
    "date": _first_game(_set(4, lambda day: day[:-1] + ("9" if day[-1] != "9" else "8"))),
    "scores": _first_game(_set(3, lambda result: "1/2-1/2" if result != "1/2-1/2" else "1-0")),
    "play": _first_game(_set(3, lambda result: "+/-" if result != "+/-" else "1-0")),
    "colours": _first_game(lambda row: row.__setitem__(slice(1, 3), row[2:0:-1])),
    "rounds": _set(0, lambda round_: str(int(round_) + 5)),
    "bye": lambda row: row.__setitem__(3, {"H": "U", "U": "H"}.get(row[3], row[3])),
}


def test_a_plain_event_imported_by_an_older_version_is_refused_read_by_columns(
    tmp_path, monkeypatch
):
    """A ledger whose digests were made from the games' cells (the column reader declining
    every file, as before it was written), its packed games turned back into rows and
    schema 6 undone (a ledger as 35b39fe wrote it), opened by this version: the same games
    re-exported (another separator, column order and line order), read by columns, are
    refused as the same games; the same file with one cell changed is another event."""
    with monkeypatch.context() as patched:
        patched.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
        ledger = imported_ledger(tmp_path)
    with sqlite3.connect(ledger) as connection:
        games_as_rows(connection)
        undo_schema_6(connection)
    connection.close()
    files = sorted(tmp_path.glob("*-games.csv"))
    copies = tmp_path / "copies"
    copies.mkdir()
    with Ledger(ledger) as book:
        for number, games_file in enumerate(files):
            copy = _shuffled_copy(games_file, copies / f"same{number}-games.csv", lambda row: None)
            assert game_columns(read_event(copy)) is not None  # read by columns
            with pytest.raises(ImportErrors, match="the same games between the same players"):
                book.import_file(copy)
        # The event with a bye (11 players) takes every change.
        with_bye = next(f for f in files if ",H," in f.read_text() or ",U," in f.read_text())
        for name, change in _CHANGES.items():
            copy = _shuffled_copy(with_bye, copies / f"{name}-games.csv", change)
            assert (
                copy.read_text()
                != _shuffled_copy(with_bye, copies / "x-games.csv", lambda row: None).read_text()
            )
            assert game_columns(read_event(copy)) is not None
            assert book.import_file(copy).event_id > len(files), name
    with sqlite3.connect(ledger) as connection:
        packed = connection.execute("SELECT COUNT(*) FROM packed_games").fetchone()[0]
    connection.close()
    assert packed == len(_CHANGES)
