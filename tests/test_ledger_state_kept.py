"""The state a period's rating leaves, kept for the next period's rating (issue 28 part 3: a
season's state read from the ledger once, not once a period).  The oracle is the ledger's
own read of the stored state (each player's last stored row, or his state at import) by a
fresh connection: the kept state must be the same records, texts and order, a ledger rated
with it must store the same rows as one rated with it refused, and where it may no longer be
the ledger's (a write since, another connection's, a rating rolled back) it is read again."""

from __future__ import annotations

import csv
import random
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_ledger_lists_read import rerating_rolled_back, write_games, write_month
from test_ledger_rows import _copy

from ratingkit.core.players import PlayerRecord
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger.kept_state import KeptState

PERIODS = ("2024-01", "2024-02", "2024-03", "2024-04")
POOL = [f"p{n:02d}" for n in range(20)]


def _write_month(folder: Path, month: str, seed: int) -> list[tuple[Path, Path]]:
    """Two events of a month, each eight players drawn from a pool of twenty, and a player
    file of the whole pool with each one's state (a third unrated), so that every player has
    a state from the import and who plays and whose state changes vary month to month."""
    rng = random.Random(seed)
    files = []
    for number in range(2):
        chosen = rng.sample(POOL, 8)
        stem = folder / f"{month}-event{number}"
        roster = folder / f"{month}-event{number}-state.csv"
        with open(roster, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "rating", "games"])
            for pid in POOL:
                n = int(pid[1:])
                rated = n % 3 != 0
                writer.writerow(
                    [pid, f"Player {pid}", 1700 + 23 * n if rated else "", 40 if rated else 0]
                )
        write_games(Path(f"{stem}-games.csv"), chosen, month, rng)
        files.append((Path(f"{stem}-games.csv"), roster))
    return files


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("state")
    path = folder / "base.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        for n, month in enumerate(PERIODS):
            for games, roster in _write_month(folder, month, n):
                book.import_file(games, players=roster)
    return path


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    connection = sqlite3.connect(path)
    try:
        return {
            table: connection.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
            for table in ("player_results", "state", "published")
        }
    finally:
        connection.close()


def _read_by_a_fresh_connection(path: Path, period: str) -> tuple[object, ...]:
    with Ledger(path, write=False) as fresh:
        assert fresh._state_kept is None
        records, texts = fresh._state_and_texts_before(period)
    return list(records.items()), list(texts.items())


def _watch_still_before(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each answer of KeptState.still_before from now on (is the kept state used?), in order."""
    used: list[bool] = []
    still_before = KeptState.still_before

    def watched(self: KeptState, *args: object) -> bool:
        answer = still_before(self, *args)  # type: ignore[arg-type]
        used.append(answer)
        return answer

    monkeypatch.setattr(KeptState, "still_before", watched)
    return used


def test_the_state_kept_is_the_state_stored(imported, tmp_path, monkeypatch) -> None:
    path = _copy(imported, tmp_path / "kept.sqlite")
    used = _watch_still_before(monkeypatch)
    with Ledger(path) as book:
        for period in PERIODS:
            kept = book._state_kept
            if kept is not None:
                records, texts = book._state_and_texts_before(period)
                assert used[-1] is True  # kept, not read again
                # Values, types (a record equal with 1.0 for 1 would store another text)
                # and order: the order is the published rows' and the stored states'.
                assert [
                    (k, r, {f: type(v) for f, v in vars(r).items()}) for k, r in records.items()
                ] == [
                    (k, r, {f: type(v) for f, v in vars(r).items()})
                    for k, r in _read_by_a_fresh_connection(path, period)[0]
                ]
                assert list(texts.items()) == _read_by_a_fresh_connection(path, period)[1]
                # The records decoded or stored before are kept only where their text is a
                # player's state still: a long-lived ledger must not hold all it ever stored.
                assert book._records_read
                assert all(texts.get(str(pid)) == text for pid, text in book._records_read)
            book.rate_period(period)
            # After the rating too: a record whose text another replaced is not kept (a FIDE
            # month's 100,000 would stay alive, walked by every later garbage collection).
            texts_now = dict(_read_by_a_fresh_connection(path, "9999-12")[1])
            assert all(texts_now.get(str(pid)) == text for pid, text in book._records_read)
    assert used.count(True) >= len(PERIODS) - 1
    # The same rows as a ledger whose kept state is refused, each period's read again.
    monkeypatch.setattr(KeptState, "still_before", lambda *_args: False)
    fresh = _copy(imported, tmp_path / "fresh.sqlite")
    with Ledger(fresh) as book:
        for period in PERIODS:
            book.rate_period(period)
    assert _rows(path) == _rows(fresh)


def test_a_write_since_leaves_the_state_unused(imported, tmp_path) -> None:
    """Any row this connection changed since (here a player's stored state, as an import
    would set it) makes the kept state not the ledger's: the state is read again."""
    path = _copy(imported, tmp_path / "written.sqlite")
    with Ledger(path) as book:
        book.rate_period(PERIODS[0])
        kept = book._state_kept
        assert kept is not None and kept.still_before(
            book._connection, PERIODS[1], book._lists_read
        )
        with book._connection:
            book._connection.execute(
                "UPDATE players SET initial_state = replace(initial_state, '\"games\": 40',"
                " '\"games\": 41') WHERE initial_state LIKE '%\"games\": 40%'"
            )
        assert not kept.still_before(book._connection, PERIODS[1], book._lists_read)
        records, texts = book._state_and_texts_before(PERIODS[1])
    assert (list(records.items()), list(texts.items())) == _read_by_a_fresh_connection(
        path, PERIODS[1]
    )
    assert any(record.games == 41 for record in records.values())


def test_another_connections_write_leaves_the_state_unused(imported, tmp_path) -> None:
    path = _copy(imported, tmp_path / "other.sqlite")
    with Ledger(path) as book:
        book.rate_period(PERIODS[0])
        kept = book._state_kept
        assert kept is not None and kept.still_before(
            book._connection, PERIODS[1], book._lists_read
        )
        other = sqlite3.connect(path)
        try:
            with other:
                other.execute("DELETE FROM state")
        finally:
            other.close()
        assert not kept.still_before(book._connection, PERIODS[1], book._lists_read)
        records, texts = book._state_and_texts_before(PERIODS[1])
    assert (list(records.items()), list(texts.items())) == _read_by_a_fresh_connection(
        path, PERIODS[1]
    )


def test_a_rating_rolled_back_leaves_its_state_unused(imported, tmp_path, monkeypatch) -> None:
    path = _copy(imported, tmp_path / "rolled.sqlite")
    with Ledger(path) as book:
        # Re-rating the second month fails after its state and list were stored: the
        # transaction is rolled back, the state kept before it is not the ledger's.
        rerating_rolled_back(book, PERIODS, monkeypatch)
        kept = book._state_kept
        assert kept is not None and kept.upto == PERIODS[1]
        assert not kept.still_before(book._connection, PERIODS[2], book._lists_read)
        records, texts = book._state_and_texts_before(PERIODS[2])
    assert (list(records.items()), list(texts.items())) == _read_by_a_fresh_connection(
        path, PERIODS[2]
    )


def test_a_player_new_to_the_state_is_kept_only_after_every_id_before() -> None:
    """The ledger's read lists the players with no state at import after the others, by id:
    a player given his first state comes last where his id is above every id of the state
    before (newcomers in id order); with an id among them the period keeps nothing
    (KeptState.after)."""
    connection = sqlite3.connect(":memory:")
    lists = SimpleNamespace(upto="2024-01", mark=1)
    one, five = PlayerRecord(id="1", name="A"), PlayerRecord(id="5", name="B")
    before = {"1": one, "5": five}
    texts = {"1": "t1", "5": "t5"}
    newcomers = [(9, "t9", PlayerRecord(id="9")), (7, "t7", PlayerRecord(id="7"))]
    kept = KeptState.after(connection, "2024-01", before, texts, newcomers, lists)  # type: ignore[arg-type]
    assert kept is not None
    assert list(kept.records) == ["1", "5", "7", "9"]
    assert list(kept.texts.items()) == [("1", "t1"), ("5", "t5"), ("7", "t7"), ("9", "t9")]
    assert before == {"1": one, "5": five}  # the state before is not changed
    below = [(3, "t3", PlayerRecord(id="3"))]
    assert KeptState.after(connection, "2024-01", before, texts, below, lists) is None  # type: ignore[arg-type]


def test_a_rerating_stores_what_it_stores_with_the_state_read(
    imported, tmp_path, monkeypatch
) -> None:
    """Re-rating from the second month (its rows deleted first: the state then read, the
    later months' kept in the same transaction) stores the rows of a ledger that reads the
    state every period."""
    path = _copy(imported, tmp_path / "again.sqlite")
    with Ledger(path) as book:
        for period in PERIODS:
            book.rate_period(period)
        book.rate_period(PERIODS[1], replace=True)
    monkeypatch.setattr(KeptState, "still_before", lambda *_args: False)
    fresh = _copy(imported, tmp_path / "again-fresh.sqlite")
    with Ledger(fresh) as book:
        for period in PERIODS:
            book.rate_period(period)
        book.rate_period(PERIODS[1], replace=True)
    assert _rows(path) == _rows(fresh)


def _write_growing_month(folder: Path, month: str, seed: int) -> list[Path]:
    """Two events of a month whose players come from a pool that grows month by month (the
    players files give no state: each player's first state is the first period he plays),
    so that every period gives some players their first state."""
    return write_month(folder, month, seed, [f"q{n:02d}" for n in range(10 + 5 * seed)])


@pytest.mark.parametrize("import_order", ["by month", "last month first"])
def test_players_new_to_the_state_are_kept_in_the_reads_order(
    import_order, tmp_path, monkeypatch
) -> None:
    """Players imported month by month get higher ledger ids than those before them: the
    read lists them after the others by id, and the kept state takes them so (KeptState.after:
    the read itself is the oracle, period by period).  Imported last month first, a newcomer
    may have an id below another's: the state is then read again.  Either way the rows are
    those of a ledger that reads the state every period."""
    folder = tmp_path / "growing"
    folder.mkdir()
    months = [(n, month) for n, month in enumerate(PERIODS)]
    files = [f for n, month in months for f in _write_growing_month(folder, month, n)]
    if import_order != "by month":
        files = files[-2:] + files[:-2]
    base = tmp_path / "growing.sqlite"
    with Ledger.create(base, "fide-2014") as book:
        for games in files:
            book.import_file(games)
    path = _copy(base, tmp_path / "kept.sqlite")
    used = _watch_still_before(monkeypatch)
    kept_periods = 0
    with Ledger(path) as book:
        for period in PERIODS:
            if book._state_kept is not None:
                kept_periods += 1
                records, texts = book._state_and_texts_before(period)
                assert used[-1] is True
                fresh_records, fresh_texts = _read_by_a_fresh_connection(path, period)
                assert [
                    (k, r, {f: type(v) for f, v in vars(r).items()}) for k, r in records.items()
                ] == [(k, r, {f: type(v) for f, v in vars(r).items()}) for k, r in fresh_records]
                assert list(texts.items()) == fresh_texts
            book.rate_period(period)
    if import_order == "by month":
        assert kept_periods == len(PERIODS) - 1  # every period after the first
    else:
        # The last month's players, imported first, have the lowest ids: a period that
        # gives one of them his first state after others keeps nothing.
        assert kept_periods < len(PERIODS) - 1
    monkeypatch.setattr(KeptState, "still_before", lambda *_args: False)
    fresh = _copy(base, tmp_path / "fresh.sqlite")
    with Ledger(fresh) as book:
        for period in PERIODS:
            book.rate_period(period)
    assert _rows(path) == _rows(fresh)
