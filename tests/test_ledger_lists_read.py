"""The lists before a period, as the ledger's publishing reads them (who was ever listed, the
last period each played in, the first list that published him: the new and inactive flags,
FIDE 1982 9.23's inactive twelve months), kept from one period's publishing to the next
(issue 28 part 3: a season's lists read once, not once a period).  The oracle is the one
pass over the stored lists (``EarlierLists.read``), and a ledger rated with the kept lists
refused (and each player's state text made for him) must store the same rows; where the
kept lists are no longer the ledger's (a rating rolled back, another connection's write)
they are read again."""

from __future__ import annotations

import csv
import random
import sqlite3
from pathlib import Path

import pytest
from test_ledger_rows import _copy

from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger import rating as ledger_rating
from ratingkit.services.ledger.earlier_lists import EarlierLists

PERIODS = ("2024-01", "2024-02", "2024-03", "2024-04")


def write_games(path: Path, chosen: list[str], month: str, rng: random.Random) -> None:
    """Seven rounds of ``chosen`` paired at random on days 11-17 of ``month``, random
    results (tests/test_ledger_state_kept.py writes its events with it too)."""
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["round", "white", "black", "result", "date"])
        for round_ in range(1, 8):
            order = chosen[:]
            rng.shuffle(order)
            for white, black in zip(order[::2], order[1::2], strict=True):
                result = rng.choice(["1-0", "0-1", "1/2-1/2"])
                writer.writerow([round_, white, black, result, f"{month}-{10 + round_:02d}"])


def write_month(folder: Path, month: str, seed: int, pool: list[str] | None = None) -> list[Path]:
    """Two events of a month, each eight players drawn from a pool (by default twenty; a
    third of them unrated), so that who plays, who is listed and who is new change month to
    month."""
    rng = random.Random(seed)
    pool = pool if pool is not None else [f"p{n:02d}" for n in range(20)]
    files = []
    for number in range(2):
        chosen = rng.sample(pool, 8)
        stem = folder / f"{month}-event{number}"
        with open(f"{stem}-players.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "rating"])
            for pid in chosen:
                n = int(pid[1:])
                writer.writerow([pid, f"Player {pid}", "" if n % 3 == 0 else 1700 + 23 * n])
        write_games(Path(f"{stem}-games.csv"), chosen, month, rng)
        files.append(Path(f"{stem}-games.csv"))
    return files


@pytest.fixture(scope="module")
def unrated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lists")
    path = folder / "base.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        for n, month in enumerate(PERIODS):
            for games in write_month(folder, month, n):
                book.import_file(games)
    return path


def _lists(earlier: EarlierLists) -> tuple[object, ...]:
    return earlier.ever_listed, earlier.last_played, earlier.first_published


def _published(path: Path) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT * FROM published ORDER BY rowid").fetchall()
    finally:
        connection.close()


def rerating_rolled_back(book: Ledger, periods: tuple[str, ...], monkeypatch) -> None:
    """The first two periods rated, then the second re-rated with ``replace``, failing at its
    very end (the period's row, after its results, state and list were stored): the
    transaction rolled back (tests/test_ledger_state_kept.py does the same to its state)."""
    book.rate_period(periods[0])
    book.rate_period(periods[1])

    def fails() -> str:
        raise RuntimeError("after the period's results, state and list were stored")

    with monkeypatch.context() as patch:
        patch.setattr(ledger_rating, "_now", fails)
        with pytest.raises(RuntimeError):
            book.rate_period(periods[1], replace=True)


def test_the_lists_kept_are_the_lists_stored(unrated, tmp_path, monkeypatch) -> None:
    path = _copy(unrated, tmp_path / "kept.sqlite")
    with Ledger(path) as book:
        for period in PERIODS:
            kept = book._lists_read
            if kept is not None:
                # Kept, not read again, and what one pass over the stored lists says.
                assert book._lists_before(period) is kept
                assert _lists(kept) == _lists(EarlierLists.read(book._connection, period))
                assert kept.ever_listed and kept.first_published  # the months list players
            book.rate_period(period)
    # The same rows as a ledger whose kept lists are refused, each list read again, and
    # each player's state text made for him (FIDE's lists show the K alone, FIDE 2014 8.56:
    # _publish makes that text once for each K; with another K column it makes each).
    monkeypatch.setattr(EarlierLists, "still_before", lambda *_args: False)
    monkeypatch.setattr(ledger_rating, "K_IN_FORCE", ("K", "no such column"))
    fresh = _copy(unrated, tmp_path / "fresh.sqlite")
    with Ledger(fresh) as book:
        for period in PERIODS:
            book.rate_period(period)
    assert _published(path) == _published(fresh)


def test_a_rating_rolled_back_leaves_its_lists_unused(unrated, tmp_path, monkeypatch) -> None:
    path = _copy(unrated, tmp_path / "rolled.sqlite")
    with Ledger(path) as book:
        # Re-rating the second month fails after its list was published and kept: the
        # transaction, its list and its mark are rolled back.
        rerating_rolled_back(book, PERIODS, monkeypatch)
        kept = book._lists_read
        assert kept is not None and kept.upto == PERIODS[1]
        kept.ever_listed.add(999_999)  # what a list rolled back could say: never read
        assert not kept.still_before(book._connection, PERIODS[2])
        earlier = book._lists_before(PERIODS[2])
        assert 999_999 not in earlier.ever_listed
        assert _lists(earlier) == _lists(EarlierLists.read(book._connection, PERIODS[2]))


def test_another_connections_write_leaves_the_lists_unused(unrated, tmp_path) -> None:
    path = _copy(unrated, tmp_path / "other.sqlite")
    with Ledger(path) as book:
        book.rate_period(PERIODS[0])
        kept = book._lists_read
        assert kept is not None and kept.still_before(book._connection, PERIODS[1])
        other = sqlite3.connect(path)
        try:
            with other:
                other.execute("UPDATE published SET listed = 0")
        finally:
            other.close()
        assert not kept.still_before(book._connection, PERIODS[1])
        assert book._lists_before(PERIODS[1]).ever_listed == set()


def test_an_error_half_way_leaves_the_lists_unvouched(unrated, tmp_path) -> None:
    """An error while the list is added (the mark not written; the rating's transaction
    then rolls back) leaves the lists kept vouched for by no mark: read again."""
    path = _copy(unrated, tmp_path / "half.sqlite")
    with Ledger(path) as book:
        book.rate_period(PERIODS[0])
        kept = book._lists_read
        assert kept is not None and kept.still_before(book._connection, PERIODS[1])

        class Refusing:
            def execute(self, *_args: object) -> None:
                raise sqlite3.OperationalError("disk I/O error")

        rows = [(PERIODS[1], 999_999, None, 0, None, 1, 1, 1, 0)]
        with pytest.raises(sqlite3.OperationalError):
            kept.with_list(Refusing(), PERIODS[1], rows)  # type: ignore[arg-type]
        assert not kept.still_before(book._connection, PERIODS[1])
        assert 999_999 not in book._lists_before(PERIODS[1]).ever_listed


def test_files_imported_at_once_between_two_ratings_leave_the_lists_kept(tmp_path, monkeypatch):
    """An import of several files (its savepoints: their journals in memory, set when the
    ledger was opened) between two periods' ratings: the lists the first rating kept still
    vouch for the second; they are read once, for the first."""
    from conftest import DATA

    season = sorted((DATA / "ledger" / "season").glob("*-games.csv"))
    read: list[str] = []
    real = EarlierLists.read.__func__  # type: ignore[attr-defined]

    def counted(cls, db, period):
        read.append(period)
        return real(cls, db, period)

    monkeypatch.setattr(EarlierLists, "read", classmethod(counted))
    with Ledger.create(tmp_path / "book.sqlite", "fide-2014") as book:
        book.import_files([f for f in season if f.name.startswith("2024-01")])
        book.rate_period("2024-01")
        book.import_files([f for f in season if f.name.startswith("2024-02")])
        book.rate_period("2024-02")
    assert read == ["2024-01"]
