"""The ledger's FIDE periods rated from its rows straight into the numpy engine's arrays
(issue 28: no ``Event`` and ``Game`` objects) store what the same periods rated through
``Event`` objects store, table by table and row by row: the engine's front on the events
(tests/test_fide_fast_period.py holds it equal to the event-by-event path) and the
event-by-event path itself (FIDE 2014 7.1, 8.21-8.24, 8.52-8.57) are the oracles."""

from __future__ import annotations

import csv
import random
import sqlite3
from pathlib import Path

import pytest
from older_ledgers import all_game_rows, games_as_rows

from ratingkit.core.outcome import k_in_force
from ratingkit.fide.engine import lazy as engine_lazy
from ratingkit.fide.engine import period as engine_period
from ratingkit.fide.engine import rows as engine_rows
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger.rating import LedgerRating
from ratingkit.services.ledgerfile import LedgerFileError

PERIODS = ("2024-01", "2024-02")


def _write_period(folder: Path, month: str, seed: int) -> list[Path]:
    """Three events of a month from a pool of 26 players (some in two events): a fifth
    unrated (one of them loses every game: 8.21's zero in a first event), results with
    draws, the forfeits +/-, -/+ and -/-, and a bye where an event has an odd number."""
    rng = random.Random(seed)
    pool = [f"p{n:02d}" for n in range(26)]
    ratings = {pid: None if n % 5 == 0 else 1800 + 37 * n for n, pid in enumerate(pool)}
    files = []
    for number in range(3):
        size = 11 if number == 1 else 10
        chosen = ["p00", *rng.sample(pool[1:], size - 1)] if number == 0 else rng.sample(pool, size)
        stem = folder / f"{month}-event{number}"
        with open(f"{stem}-players.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "rating", "fide_id"])
            for pid in chosen:
                rating = ratings[pid]
                writer.writerow([pid, f"Player {pid}", "" if rating is None else rating, pid[1:]])
        with open(f"{stem}-games.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["round", "white", "black", "result", "date"])
            for round_ in range(1, 6):
                order = chosen[:]
                rng.shuffle(order)
                if len(order) % 2:
                    writer.writerow([round_, order.pop(), "", rng.choice("HU"), ""])
                for white, black in zip(order[::2], order[1::2], strict=True):
                    result = rng.choice(
                        ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "+/-", "-/+", "-/-"]
                    )
                    if "p00" in (white, black):
                        result = "0-1" if white == "p00" else "1-0"
                    day = f"{month}-{10 + number * 5 + round_ // 2:02d}"
                    writer.writerow([round_, white, black, result, day])
        files.append(Path(f"{stem}-games.csv"))
    return files


def _tables(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the ledger, its rows in order (a period's rating time left out)."""
    connection = sqlite3.connect(path)
    try:
        names = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        found = {}
        for name in names:
            rows = connection.execute(f"SELECT * FROM {name} ORDER BY rowid").fetchall()
            if name == "periods":
                rows = [(row[0], *row[2:]) for row in rows]
            found[name] = rows
        return found
    finally:
        connection.close()


def imported_ledger(folder: Path, periods: tuple[str, ...] = PERIODS) -> Path:
    """A FIDE 2014 ledger in ``folder`` with :func:`_write_period`'s events of each period
    imported, none rated (tests/test_ledger_state_json.py builds its months with it too)."""
    files = [f for n, month in enumerate(periods) for f in _write_period(folder, month, n)]
    base = folder / "base.sqlite"
    with Ledger.create(base, "fide-2014") as book:
        for f in files:
            book.import_file(f)
    return base


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return imported_ledger(tmp_path_factory.mktemp("rows"))


def _copy(base: Path, target: Path) -> Path:
    """A copy of the ledger ``base`` at ``target`` (SQLite's backup), returned."""
    source, copy = sqlite3.connect(base), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()
    return target


def _rated(base: Path, target: Path) -> tuple[dict[str, list[tuple[object, ...]]], list]:
    _copy(base, target)
    with Ledger(target) as book:
        reports = [report for period in PERIODS for report in book.rate_period(period)]
    return _tables(target), reports


def test_a_period_rated_from_rows_stores_what_it_stores_rated_through_events(
    season, tmp_path, monkeypatch
):
    through_rows = []
    original = engine_rows.rate_period_rows

    def counted(*args, **kwargs):
        outcome = original(*args, **kwargs)
        through_rows.append(not isinstance(outcome, str))
        return outcome

    monkeypatch.setattr(engine_rows, "rate_period_rows", counted)
    rows_tables, rows_reports = _rated(season, tmp_path / "rows.sqlite")
    assert through_rows == [True, True]  # both months rated from the rows
    monkeypatch.undo()

    # The same months through Event objects: the engine's front on them ...
    monkeypatch.setattr(LedgerRating, "_rate_rows", lambda self, period, state: None)
    events_tables, events_reports = _rated(season, tmp_path / "events.sqlite")
    # ... and the event-by-event path (the engine gives a reason, never a result).
    monkeypatch.setattr(
        engine_period, "rate_period_or_reason", lambda *args: "event by event for the test"
    )
    exact_tables, _exact_reports = _rated(season, tmp_path / "exact.sqlite")

    assert rows_tables["player_results"], "the months stored no results"
    statuses = {row[9] for row in rows_tables["player_results"]}
    assert {"RATED", "NOT_RATED"} <= statuses  # rated and unrated players both
    for name, rows in events_tables.items():
        assert rows_tables[name] == rows, name
        assert exact_tables[name] == rows, name
    assert set(rows_tables) == set(events_tables)
    # The reports: the same outcome, value for value (event keys and their content
    # digests, each game side, the notes).
    assert len(rows_reports) == len(events_reports) == 2
    for from_rows, from_events in zip(rows_reports, events_reports, strict=True):
        assert from_rows.outcome == from_events.outcome
        assert [e.key for e in from_rows.outcome.events] == [
            e.key for e in from_events.outcome.events
        ]
        assert from_rows.outcome.games == from_events.outcome.games
        assert from_rows.outcome.notes == from_events.outcome.notes


def test_the_persons_values_are_those_of_the_persons_results(season, tmp_path):
    # What the ledger stores of each person (engine.period.person_values, without his
    # PlayerOutcome) against the results the outcome makes when its players are read.
    _tables_unused, reports = _rated(season, tmp_path / "values.sqlite")
    for report in reports:
        values = engine_lazy.person_values(report.outcome)
        assert values is not None
        assert [tuple(v) for v in values] == [
            (p.id, p.rating_after, k_in_force(p)) for p in report.outcome.players
        ]
        assert any(v.k is not None for v in values) and any(v.k is None for v in values)


def test_a_player_in_two_events_and_forfeits_are_in_the_generated_months(season):
    # What the comparison above needs the months to hold, read from the ledger's own rows.
    connection = sqlite3.connect(season)
    try:
        twice = connection.execute(
            "SELECT COUNT(*) FROM (SELECT pa.player_id FROM participants pa JOIN events e ON"
            " e.id = pa.event_id GROUP BY e.period, pa.player_id HAVING COUNT(*) > 1)"
        ).fetchone()[0]
        plays = {row[6] for row in all_game_rows(connection)}
        byes = connection.execute("SELECT COUNT(*) FROM byes").fetchone()[0]
    finally:
        connection.close()
    assert twice > 0
    assert len(plays) > 1  # played games and forfeits
    assert byes > 0


def test_a_damaged_row_is_refused_by_the_events_own_checks(season, tmp_path):
    # A game whose player is not in the event (a row changed in the file since): the rows
    # path leaves it to the event's check, which names it; nothing is stored.  The games as
    # rows, as a ledger written before schema 6 holds them (tests/older_ledgers.py).
    target = tmp_path / "damaged.sqlite"
    _copy(season, target)
    connection = sqlite3.connect(target)
    with connection:
        games_as_rows(connection)
        event_id = connection.execute("SELECT MIN(id) FROM events").fetchone()[0]
        outside = connection.execute(
            "SELECT id FROM players WHERE id NOT IN (SELECT player_id FROM participants WHERE"
            " event_id = ?) LIMIT 1",
            (event_id,),
        ).fetchone()[0]
        connection.execute(
            "UPDATE games SET white = ? WHERE rowid = (SELECT MIN(rowid) FROM games WHERE"
            " event_id = ?)",
            (outside, event_id),
        )
    connection.close()
    with Ledger(target) as book, pytest.raises(LedgerFileError, match="not in the event's"):
        book.rate_period(PERIODS[0])
    assert _tables(target)["player_results"] == []


def test_an_unrated_part_from_sums_equals_the_rule_sets_initial_rating_from_pairs():
    # 8.21a-8.24: the engine's Ru of an unrated player's event from the integer sum of his
    # rated opponents' ratings and his half points, against Fide2014.initial_rating on the
    # (rating, score) pairs as exact fractions (the event-by-event path's arithmetic).
    from fractions import Fraction

    from ratingkit.core.model import Player
    from ratingkit.fide.engine.parts import _unrated_part
    from ratingkit.fide.event import ru_outcome
    from ratingkit.fide.rulesets import FIDE_2014

    rng = random.Random(28)
    player = Player("u1", "Unrated One", None)
    for _case in range(300):
        n = rng.randint(1, 12)
        ratings = [rng.randint(1000, 2800) for _game in range(n)]
        halves = [rng.choice((0, 1, 2)) for _game in range(n)]
        pairs = [(Fraction(r), Fraction(h, 2)) for r, h in zip(ratings, halves, strict=True)]
        expected = ru_outcome(
            FIDE_2014,
            "u1",
            player.name,
            n,
            Fraction(sum(halves), 2),
            FIDE_2014.initial_rating(pairs),
            "u1",
        )
        found = _unrated_part(FIDE_2014, player, n, sum(halves), sum(ratings), "u1")
        assert found == expected


def test_a_damaged_score_is_refused_as_the_events_path_refuses_it(season, tmp_path):
    target = tmp_path / "damaged-score.sqlite"
    _copy(season, target)
    connection = sqlite3.connect(target)
    with connection:
        games_as_rows(connection)  # the rows a ledger written before schema 6 holds
        connection.execute("UPDATE games SET white_score = 0.7 WHERE rowid = 3")
    connection.close()
    with Ledger(target) as book, pytest.raises(LedgerFileError, match="has the scores 0.7-"):
        book.rate_period(PERIODS[0])
    assert _tables(target)["player_results"] == []
