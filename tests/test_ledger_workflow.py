"""A national rating officer's workflow in the ledger (issue 16): import what users have (a
games file and a roster), the federation's own ids, undo, new players across periods as the
regulations pool them, one event imported twice under another spelling, an event imported
into a rated period, two imports at once.

Expected numbers are computed in the tests from the regulations' formulas (FIDE 2014 8.21-8.24
with table 8.1a, FIDE 1982 10.2-10.32), never taken from ratingkit's output."""

from __future__ import annotations

import csv
import multiprocessing
import os
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from fide_by_hand import half_away
from older_ledgers import all_game_rows

from ratingkit import cli
from ratingkit.formats import read_event, write_event
from ratingkit.services.ledger import ImportErrors, Ledger, LedgerError


def write_pair(folder: Path, stem: str, players: list[tuple], games: list[tuple]) -> Path:
    """``STEM-games.csv`` and ``STEM-players.csv``: players (id, name, rating[, fide_id]),
    games (round, white, black, result, date)."""
    folder.mkdir(parents=True, exist_ok=True)
    with_fide = any(len(p) > 3 for p in players)
    width = 4 if with_fide else 3
    with open(folder / f"{stem}-players.csv", "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "name", "rating", "fide_id"][:width])
        for p in players:
            writer.writerow(["" if v is None else v for v in (*p, *[None] * width)[:width]])
    lines = ["round,white,black,result,date", *(",".join(map(str, g)) for g in games)]
    (folder / f"{stem}-games.csv").write_text("\n".join(lines) + "\n")
    return folder / f"{stem}-games.csv"


def _count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as connection:
        if table == "games":  # the rows and an event's packed games (schema 6)
            return len(all_game_rows(connection))
        return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


# -- 1. import what users have ----------------------------------------------------------------


def test_a_games_file_with_its_roster_named_by_players(tmp_path):
    (tmp_path / "cup.csv").write_text(
        "round,white,black,result,date\n1,a,b,1-0,2024-01-10\n2,b,a,1/2-1/2,2024-01-11\n"
    )
    (tmp_path / "roster.csv").write_text("id,name,rating\na,Ann,1800\nb,Bob,1700\n")
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        with pytest.raises(ImportErrors, match="name one with --players"):
            book.import_file(tmp_path / "cup.csv")
        summary = book.import_file(tmp_path / "cup.csv", tmp_path / "roster.csv")
        assert (summary.players_created, summary.games) == (2, 2)
    assert cli.main(["db", "events", str(path)]) == 0


# -- 2. the federation's ids ------------------------------------------------------------------


def test_list_and_history_show_the_player_s_own_ids_and_accept_them(tmp_path, capsys):
    # FIDE ids that are also ledger numbers (1, 2): the FIDE id wins, the ledger's number is
    # only reached as #N.
    games = write_pair(
        tmp_path,
        "open",
        [("s1", "Ann", 1800, 2), ("s2", "Bob", 1700, 1), ("s3", "Cid", 1600)],
        [(1, "s1", "s2", "1-0", "2024-01-10"), (2, "s3", "s1", "0-1", "2024-01-11")],
    )
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(games)
        book.rate_period("2024-01")
        rows = {r["name"]: r for r in book.published_list("2024-01").rows}
        assert (rows["Ann"]["id"], rows["Ann"]["FIDE id"]) == ("s1", "2")
        assert (rows["Bob"]["id"], rows["Bob"]["FIDE id"]) == ("s2", "1")
        assert (rows["Cid"]["id"], rows["Cid"]["FIDE id"]) == ("s3", None)
        assert "ledger id" not in book.published_list("2024-01").columns
        assert "ledger id" in book.published_list("2024-01", ledger_ids=True).columns
        assert book.history("1").title.startswith("history of Bob (id s2, FIDE id 1)")
        assert book.history("s2").title == book.history("1").title
        assert book.history("s3").title.startswith("history of Cid (id s3)")
        assert book.history("#1").title.startswith("history of Ann")  # ledger number 1
    assert cli.main(["db", "history", str(path), "2"]) == 0
    assert "history of Ann (id s1, FIDE id 2)" in capsys.readouterr().out


# -- 3. undo ----------------------------------------------------------------------------------


def _three_periods(tmp_path: Path) -> tuple[Path, list[Path]]:
    people = [("a", "Ann", 1800), ("b", "Bob", 1700)]
    # The later months' files give no rating: the ledger's list gives it (an own rating would
    # be rated under FIDE 2024 7.1, the change going onto the list's: issue 24).
    later = [("a", "Ann", None), ("b", "Bob", None)]
    files = [
        write_pair(
            tmp_path / "in",
            f"m{m}",
            people if m == 1 else later,
            [(1, "a", "b", result, f"2024-0{m}-05")],
        )
        for m, result in ((1, "1-0"), (2, "0-1"), (3, "1-0"))
    ]
    return tmp_path / "l.sqlite", files


def test_remove_an_event_of_an_unrated_period_at_once(tmp_path):
    path, files = _three_periods(tmp_path)
    with Ledger.create(path, "fide-2014") as book:
        for file in files:
            book.import_file(file)
        events = book.events()
        assert [r["period"] for r in events.rows] == ["2024-01", "2024-02", "2024-03"]
        assert {r["state"] for r in events.rows} == {"not rated"}
        assert "removed event 2" in book.remove_event(2)
        assert [r["event"] for r in book.events().rows] == [1, 3]
        assert _count(path, "games") == 2
        with pytest.raises(LedgerError, match="no event 2"):
            book.remove_event(2)
        book.import_file(files[1])  # and it can come back
        assert len(book.events()) == 3


def test_remove_from_a_rated_period_needs_replace_and_re_rates_the_later_ones(tmp_path):
    path, files = _three_periods(tmp_path)
    with Ledger.create(path, "fide-2014") as book:
        for file in files:
            book.import_file(file)
        for period in ("2024-01", "2024-02", "2024-03"):
            book.rate_period(period)
        with pytest.raises(LedgerError, match="use --replace"):
            book.remove_event(2)
        assert _count(path, "games") == 3  # nothing changed
        done = book.remove_event(2, replace=True)
        assert "re-rated 2024-02, 2024-03" in done
        # FIDE 2014 8.5: Ann 1800 v Bob 1700, D = 100, PD(H) = 0.64 (table 8.1b, 99-106);
        # K 20: the files give no games count and fide-2014 then assumes an established
        # player under 2400 (8.56), as its report says.  January 1800 + 20 * 0.36 = 1807.2 ->
        # 1807; Bob 1693.  February had only the removed game: unchanged.  March: D = 114 ->
        # PD 0.66 (114-121): Ann 1807 + 20 * 0.34 = 1813.8 -> 1814; Bob 1686.
        march = {r["name"]: r["rating"] for r in book.published_list("2024-03").rows}
        assert march == {"Ann": 1814, "Bob": 1686}
        february = {r["name"]: r["rating"] for r in book.published_list("2024-02").rows}
        assert february == {"Ann": 1807, "Bob": 1693}


# -- 4. new players across periods ------------------------------------------------------------

#: FIDE 2014 8.1a, the rows used here: p -> dp.
DP = {0.5: 0, 0.6: 72}


def test_fide_2014_pools_a_new_player_s_results_until_5_games_against_rated_players(tmp_path):
    # Nina (unrated) plays 3 rated players in January: below 5 games nothing is published
    # (7.14), her results wait.  In February 2 more: 3/5 against Rc = average of her five
    # rated opponents (8.21a) = (2000 + 2100 + 1900 + 2000 + 2200) / 5 = 2040; 3 of 5 is one
    # half point above 50%: Ru = 2040 + 20 (8.23) = 2060, as if all five were one event (8.3).
    # Her February file says 1419: an unpublished rating is never used.
    rated = [("a", "Abe", 2000), ("b", "Bea", 2100), ("c", "Cal", 1900)]
    jan = write_pair(
        tmp_path,
        "jan",
        [*rated, ("n", "Nina", None)],
        [
            (1, "n", "a", "1-0", "2024-01-10"),
            (2, "b", "n", "1/2-1/2", "2024-01-11"),
            (3, "n", "c", "0-1", "2024-01-12"),
        ],
    )
    feb = write_pair(
        tmp_path,
        "feb",
        [("d", "Dov", 2000), ("e", "Eli", 2200), ("n", "Nina", 1419)],
        [(1, "n", "d", "1-0", "2024-02-10"), (2, "e", "n", "1/2-1/2", "2024-02-11")],
    )
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_file(jan)
        book.import_file(feb)
        book.rate_period("2024-01")
        assert "Nina" not in book.published_list("2024-01").column("name")
        book.rate_period("2024-02")
        listed = {r["name"]: r for r in book.published_list("2024-02").rows}
        assert listed["Nina"]["rating"] == 2040 + 20
        assert listed["Nina"]["new"]


def test_fide_1982_pools_a_new_player_s_results_until_nine_games(tmp_path):
    # 9.14: nine games, pooled over list periods.  January: four games against 2200, 2300,
    # 2100, 2200 (Rc 2200), 2 of 4 = 50%: Ru 2200 (10.22).  February: five against 2250, 3
    # of 5, one half point above 50%: Ru = 2250 + 12.5 (10.23).  Rn (10.3) = (2200 * 4 +
    # 2262.5 * 5) / 9 = 2234.7, and with Ru rounded first (2263 or 2262) 2235.0 or 2234.4;
    # published rounded to 0 or 5 (10.32): 2235.
    jan_players = [("a", "Abe", 2200), ("b", "Bea", 2300), ("c", "Cal", 2100)]
    jan_players += [("d", "Dan", 2200), ("n", "Nina", None)]
    jan = write_pair(
        tmp_path,
        "jan",
        jan_players,
        [
            (1, "n", "a", "1-0", "2024-01-10"),
            (2, "b", "n", "1-0", "2024-01-11"),
            (3, "n", "c", "1/2-1/2", "2024-01-12"),
            (4, "d", "n", "1/2-1/2", "2024-01-13"),
        ],
    )
    feb_players = [(f"o{i}", f"Opp {i}", 2250) for i in range(5)] + [("n", "Nina", None)]
    feb_games = [
        (i + 1, "n", f"o{i}", result, f"2024-02-1{i}")
        for i, result in enumerate(["1-0", "1-0", "1/2-1/2", "0-1", "1/2-1/2"])
    ]
    feb = write_pair(tmp_path, "feb", feb_players, feb_games)
    with Ledger.create(tmp_path / "l.sqlite", "fide-1982") as book:
        book.import_file(jan)
        book.import_file(feb)
        book.rate_period("2024-01")
        assert "Nina" not in book.published_list("2024-01").column("name")
        book.rate_period("2024-02")
        listed = {r["name"]: r for r in book.published_list("2024-02").rows}
        assert listed["Nina"]["rating"] == 2235 and listed["Nina"]["new"]


# -- 8. integrity -----------------------------------------------------------------------------


def test_one_event_under_another_spelling_of_its_path_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "ev"
    folder.mkdir()
    (folder / "games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2024-01-10\n")
    (folder / "players.csv").write_text("id,name,rating\na,Ann,1800\nb,Bob,1700\n")
    copy = tmp_path / "dup" / "ev"
    copy.mkdir(parents=True)
    for name in ("games.csv", "players.csv"):
        (copy / name).write_bytes((folder / name).read_bytes())
    # The same games re-exported by another program: ';' and another column order.
    (tmp_path / "other-games.csv").write_text(
        "white;black;round;result;date\na;b;1;1-0;2024-01-10\n"
    )
    (tmp_path / "other-players.csv").write_text("id;name;rating\na;Ann;1800\nb;Bob;1700\n")
    monkeypatch.chdir(tmp_path)
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_file("ev")
        for spelling in (str(folder), "dup/ev", "ev/games.csv", "../" + tmp_path.name + "/ev"):
            with pytest.raises(ImportErrors, match="already imported|the same games"):
                book.import_file(spelling)
        with pytest.raises(ImportErrors, match="the same games"):
            book.import_file("other-games.csv")
        assert len(book.events()) == 1


def test_an_event_into_a_rated_period_is_refused_or_re_rates_with_replace(tmp_path):
    path, files = _three_periods(tmp_path)
    late = write_pair(
        tmp_path / "in",
        "late",
        [("a", "Ann", 1800), ("b", "Bob", 1700)],
        [(1, "b", "a", "1-0", "2024-01-20")],
    )
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
        book.import_file(files[1])
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        before = book.published_list("2024-02").rows
        with pytest.raises(ImportErrors, match="period 2024-01 is already rated"):
            book.import_file(late)
        assert len(book.events()) == 2 and book.published_list("2024-02").rows == before
        book.import_file(late, replace=True)
        # January now: Ann 1800 beat and lost to Bob 1700 (PD 0.64 twice, 8.1b; K 20 as
        # above): 20 * (1 - 1.28) = -5.6 -> 1794; Bob +5.6 -> 1706.  February re-rated from
        # there: Bob wins again, D = 88 -> PD 0.62 (84-91): Ann 1794 - 20 * 0.62 = 1781.6 ->
        # 1782; Bob 1706 + 20 * 0.62 = 1718.4 -> 1718.
        january = {r["name"]: r["rating"] for r in book.published_list("2024-01").rows}
        assert january == {"Ann": 1794, "Bob": 1706}
        february = {r["name"]: r["rating"] for r in book.published_list("2024-02").rows}
        assert february == {"Ann": 1782, "Bob": 1718}


def _import_in_a_process(args: tuple[str, str]) -> str:
    ledger_path, games = args
    try:
        with Ledger(ledger_path) as book:
            book.import_file(games, period="2024-01")
        return "ok"
    except ImportErrors as exc:
        return f"refused: {exc}"


def test_two_imports_at_once_sharing_players_by_name_create_each_player_once(tmp_path):
    # Start numbers as ids (a TRF-like file is matched by name): two events with the same
    # 30 names imported at the same moment, many times.
    path = tmp_path / "l.sqlite"
    Ledger.create(path, "fide-2014").close()
    jobs = []
    for index in range(8):
        pair = write_pair(
            tmp_path / "pairs",
            f"e{index}",
            [(str(i + 1), f"Player {i:02d}", 1500) for i in range(30)],
            [
                (1, 2 * i + 1, 2 * i + 2, "1-0" if i == index else "0-1", "2024-01-10")
                for i in range(15)
            ],
        )
        trf = tmp_path / f"e{index}.trf"
        trf.write_text(write_event(read_event(pair), "trf"))
        assert read_event(trf).local_ids  # start numbers: matched by name
        jobs.append((str(path), str(trf)))
    context = multiprocessing.get_context("fork")
    with context.Pool(4) as pool:
        results = pool.map(_import_in_a_process, jobs)
    assert all(r == "ok" for r in results), results
    assert _count(path, "players") == 30
    assert _count(path, "events") == 8


def test_the_readers_and_lists_do_not_need_write_access(tmp_path):
    path, files = _three_periods(tmp_path)
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
        book.rate_period("2024-01")
    with Ledger(path, write=False) as book:
        assert len(book.published_list("2024-01")) == 2
        with pytest.raises(LedgerError):
            book.import_file(files[1])
    assert os.path.exists(path)


# -- 5 and 6. FIDE's list in, the list out ------------------------------------------------------

FIDE_LIST = Path(__file__).parent / "data" / "ledger" / "fide-list" / "standard_rating_list.txt"


def _from_the_fide_list(tmp_path: Path) -> Path:
    path = tmp_path / "nat.sqlite"
    games = write_pair(
        tmp_path,
        "open",
        [("1", "Carlsen, Magnus", None, 1503014), ("2", "Polgar, Judit", None, 700070)],
        [(1, "1", "2", "1-0", "2024-03-09")],
    )
    with Ledger.create(path, "fide-2014") as book:
        summary = book.import_list(FIDE_LIST)
        assert (summary.created, summary.updated) == (7, 0)
        book.import_file(games)
        book.rate_period("2024-03")
    return path


def test_fide_s_list_is_the_state_before_the_first_period(tmp_path):
    path = _from_the_fide_list(tmp_path)
    with Ledger(path) as book:
        # The list's own lines: Carlsen 2830 K 10, Polgar 2736 K 10.  D = 94 -> PD 0.63
        # (92-98, FIDE 2014 8.1b): Carlsen 2830 + 10 * 0.37 = 2833.7 -> 2834; Polgar 2732.
        rows = {r["FIDE id"]: r for r in book.published_list("2024-03").rows}
        assert (rows["1503014"]["rating"], rows["1503014"]["K"]) == (2834, 10)
        assert rows["700070"]["rating"] == 2732
        assert rows["24699128"]["rating"] == 2215 and not rows["24699128"]["played"]
        assert rows["25121731"]["inactive"]  # flagged i on FIDE's list, not played since
        # Matched on FIDE ids, none new; Nunez, unrated on FIDE's list, is not listed.
        assert len(book.events()) == 1 and len(rows) == 6
        assert len(book.published_list("2024-03", everyone=True)) == 7
        with pytest.raises(LedgerError, match="already rated"):
            book.import_list(FIDE_LIST)


def test_the_published_list_in_fide_s_layout_reads_back_into_a_new_ledger(tmp_path):
    from ratingkit.formats.fidelist import read_rating_list

    path = _from_the_fide_list(tmp_path)
    out = tmp_path / "list.txt"
    assert (
        cli.main(
            [
                "db",
                "list",
                str(path),
                "--period",
                "2024-03",
                "--format",
                "fide-txt",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    back = read_rating_list(out)
    original = read_rating_list(FIDE_LIST)
    by_id = {p.fide_id: p for p in back.players}
    assert by_id["1503014"].rating == 2834 and by_id["700070"].rating == 2732
    for player in original.players:
        if player.fide_id not in ("1503014", "700070") and player.rating is not None:
            assert by_id[player.fide_id].rating == player.rating
            assert by_id[player.fide_id].name == player.name
            assert by_id[player.fide_id].federation == player.federation
    again = tmp_path / "again.sqlite"
    with Ledger.create(again, "fide-2014") as book:
        assert book.import_list(out).created == len(back.players)


def test_the_list_as_csv_json_html_and_xlsx(tmp_path, capsys):
    import io
    import json

    import openpyxl

    path = _from_the_fide_list(tmp_path)
    base = ["db", "list", str(path), "--period", "2024-03", "--format"]
    assert cli.main([*base, "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["FIDE id"] == "1503014" and rows[0]["rating"] == "2834"
    assert cli.main([*base, "json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["rating"] == 2834
    assert cli.main([*base, "html"]) == 0
    page = capsys.readouterr().out
    assert "<table" in page and "Carlsen" in page and "http" not in page
    assert cli.main([*base, "xlsx"]) == 2
    assert "give --output" in capsys.readouterr().err
    assert cli.main([*base, "xlsx", "--output", str(tmp_path / "list.xlsx")]) == 0
    sheet = openpyxl.load_workbook(tmp_path / "list.xlsx").active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    header = values[0]  # issue 25: the header is the first row
    first = dict(zip(header, values[1], strict=True))
    assert first["name"] == "Carlsen, Magnus" and first["rating"] == 2834


def test_db_list_does_not_wait_for_a_writer(tmp_path, capsys):
    # WAL (issue 16, point 7): while another process holds the write lock in the middle of
    # a transaction, reading the published list answers at once, with the last committed list.
    path, files = _three_periods(tmp_path)
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
        book.rate_period("2024-01")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM published")
    try:
        assert cli.main(["db", "list", str(path), "--period", "2024-01", "--format", "csv"]) == 0
        assert "Ann" in capsys.readouterr().out
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def _fesa_performance(results: list[tuple[int, float]]) -> int:
    """FESA rules 5-6, computed here: the R at which sum(score - E) = 0 over the results,
    E = 1 / (1 + 10^((opponent - R) / 400)) (formula (1)), each opponent at least 400;
    rounded half to even (FESA's program, RULES' numerics)."""
    from fractions import Fraction

    def excess(r: float) -> float:
        return sum(s - 1 / (1 + 10 ** ((max(o, 400) - r) / 400)) for o, s in results)

    low, high = -2000.0, 5000.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    return round(Fraction(low).limit_denominator(1000))


def test_fesa_rates_a_still_unrated_player_from_all_his_results_so_far(tmp_path):
    # Rule 3: fewer than 9 games is unrated; rules 5-6: his rating is the performance rating
    # over all his previous results and this event.  Nina plays 3 games in January and 3 in
    # February: her February rating comes from all six, and she is not listed (unrated).
    def players(stem: str, rows: list[tuple[str, str, object, object]]) -> None:
        with open(tmp_path / f"{stem}-players.csv", "w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(["id", "name", "rating", "games"])
            writer.writerows(rows)

    club = [("a", "Abe", 1600, 60), ("b", "Bea", 1500, 60), ("c", "Cal", 1550, 60)]
    players("jan", [*club, ("n", "Nina", "", "")])
    (tmp_path / "jan-games.csv").write_text(
        "round,white,black,result,date\n"
        "1,n,a,1-0,2024-01-10\n2,b,n,1-0,2024-01-11\n3,n,c,1/2-1/2,2024-01-12\n"
    )
    more = [("d", "Dov", 1650, 60), ("e", "Eli", 1450, 60), ("f", "Fay", 1580, 60)]
    players("feb", [*more, ("n", "Nina", "", "")])
    (tmp_path / "feb-games.csv").write_text(
        "round,white,black,result,date\n"
        "1,n,d,1-0,2024-02-10\n2,e,n,0-1,2024-02-11\n3,n,f,0-1,2024-02-12\n"
    )
    with Ledger.create(tmp_path / "l.sqlite", "fesa") as book:
        book.import_file(tmp_path / "jan-games.csv")
        book.import_file(tmp_path / "feb-games.csv")
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        everyone = {r["name"]: r for r in book.published_list("2024-02", everyone=True).rows}
        assert not everyone["Nina"]["listed"] and everyone["Nina"]["games"] == 6
        nina = book.find_player("n")
        state = book._state_before("2024-03")[str(nina)]
        tokens = state.extra["results"].split()
        assert len(tokens) == 6  # January's three results and February's
        scores = {"+": 1.0, "=": 0.5, "-": 0.0}
        pooled = [(int(t[:-1]), scores[t[-1]]) for t in tokens]
        assert sorted(s for _, s in pooled) == [0.0, 0.0, 0.5, 1.0, 1.0, 1.0]
        assert state.rating == _fesa_performance(pooled)
        (feb,) = [r for r in book.history("n").rows if r["period"] == "2024-02"]
        assert feb["rating_after"] == state.rating
        # Issue 24, 2: --everyone shows the rating she carries into her next event (her
        # performance over all six results, computed above), marked as not published; the
        # published list still leaves her out.
        assert everyone["Nina"]["rating"] == _fesa_performance(pooled)
        assert "Nina" not in book.published_list("2024-02").column("name")
        _assert_carried_in_every_form(book, "2024-02", "Nina", _fesa_performance(pooled))


def _assert_carried_in_every_form(book: Ledger, period: str, name: str, rating: int) -> None:
    """The --everyone list in each form db list writes: the carried rating beside
    ``listed`` false in the machine forms (JSON, CSV, XLSX), with a "*" and its legend in the
    forms a person reads (the text table, HTML)."""
    import io
    import json

    from openpyxl import load_workbook

    from ratingkit.services.listing import render_list

    (row,) = [
        r for r in json.loads(render_list(book, period, "json", everyone=True)) if r["name"] == name
    ]
    assert (row["rating"], row["listed"]) == (rating, False)
    (row,) = [
        r
        for r in csv.DictReader(io.StringIO(render_list(book, period, "csv", everyone=True)))
        if r["name"] == name
    ]
    assert (int(row["rating"]), row["listed"]) == (rating, "no")
    sheet = load_workbook(io.BytesIO(render_list(book, period, "xlsx", everyone=True))).active
    cells = [[c.value for c in r] for r in sheet.iter_rows()]
    header = next(i for i, r in enumerate(cells) if "name" in r)
    columns = cells[header]
    (row,) = [dict(zip(columns, r, strict=True)) for r in cells[header + 1 :] if name in r]
    assert (row["rating"], row["listed"]) == (rating, "no")
    text = render_list(book, period, "table", everyone=True)
    (line,) = [line for line in text.splitlines() if name in line]
    assert f"{rating}*" in line.split()
    assert "* not published" in text
    page = render_list(book, period, "html", everyone=True)
    assert f"{rating}*" in page and "* not published" in page
    plain = render_list(book, period, "table")
    assert name not in plain and "* not published" not in plain


NATIONAL = Path(__file__).parent / "data" / "ledger" / "national"


def test_a_roster_without_ratings_keeps_the_state_fide_s_list_gave(tmp_path):
    # A club's roster names its players by member number and FIDE id, nothing more: their
    # ratings, K and birth years stay those of FIDE's list (Lund 2150, K 20, born 1979), and
    # a member number finds the player afterwards.  (Before: the roster's empty cells
    # replaced the list's state, and Lund's round robin failed as having no rated players.)
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "id,name,fide_id\n"
        'N103,"Lund, Ola",9100037\nN104,"Nilsen, Jon",9100100\nN106,"Strand, Per",9100053\n'
        'N108,"Bakke, Tor",9100070\nN109,"Aas, Lars",9100088\nN111,"Ruud, Emil",\n'
    )
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_list(NATIONAL / "fide-list-2024-02.txt")
        book.import_file(NATIONAL / "2024-04-club-championship.csv", roster)
        book.rate_period("2024-04")
        (lund,) = [r for r in book.history("N103").rows]
        assert lund["rating_before"] == 2150
        assert book.find_player("N103") == book.find_player("9100037")
        state = book._state_before("2024-05")[str(book.find_player("N103"))]
        assert state.born is not None and state.born.year == 1979


def test_min_games_is_refused_with_the_rules_that_replace_it(tmp_path, capsys):
    path = tmp_path / "l.sqlite"
    assert cli.main(["db", "init", str(path), "--rules", "fesa", "--min-games", "9"]) == 2
    err = capsys.readouterr().err
    assert "7.14" in err and "FESA rule 3" in err and len(err.splitlines()) == 1
    assert not path.exists()


def test_a_roster_by_member_numbers_alone_finds_the_players_of_fide_s_list(tmp_path):
    # A club roster without FIDE ids: each member number is new to the ledger, but the one
    # player of FIDE's list with that name is he (before: five duplicated players).  The
    # roster's other members did not play and are not the event's players; its ratings do
    # not replace what FIDE's list said: the roster's 2100 for Lund is the event's rating
    # (FIDE 2024 7.1: the event is rated with it), the change goes onto the list's 2150.
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "id,name,rating\n"
        'N103,"Lund, Ola",2100\nN104,"Nilsen, Jon",2012\nN106,"Strand, Per",1840\n'
        'N108,"Bakke, Tor",1720\nN109,"Aas, Lars",1640\nN111,"Ruud, Emil",\n'
        'N112,"Vik, Sigrid",1700\n'
    )
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_list(NATIONAL / "fide-list-2024-02.txt")
        summary = book.import_file(NATIONAL / "2024-04-club-championship.csv", roster)
        assert (summary.players_matched, summary.players_created) == (5, 1)
        (event,) = book.events().rows
        assert event["players"] == 6  # Vik is on the roster, not in the event
        book.rate_period("2024-04")
        (lund,) = book.history("N103").rows
        assert lund["rating_before"] == 2100
        assert lund["rating_after"] == 2150 + half_away(Fraction(str(lund["change"])))
        assert book.find_player("Lund, Ola") == book.find_player("9100037")
        vik = {r["name"]: r for r in book.published_list("2024-04").rows}["Vik, Sigrid"]
        assert vik["rating"] == 1602 and not vik["played"]


def test_a_period_without_events_is_not_rated_and_a_family_is_not_a_ledger_s_rules(tmp_path):
    path, files = _three_periods(tmp_path)
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
        book.rate_period("2024-01")
        with pytest.raises(LedgerError, match="period 2042-04 has no events"):
            book.rate_period("2042-04")  # a mistyped period would block later imports
        book.import_file(files[1])  # still possible
    with pytest.raises(LedgerError, match="names the rule set in force"):
        Ledger.create(tmp_path / "f.sqlite", "fide")
    assert not (tmp_path / "f.sqlite").exists()


def test_fide_s_layout_says_who_it_leaves_out(tmp_path, capsys):
    path = _from_the_fide_list(tmp_path)
    games = write_pair(
        tmp_path,
        "club",
        [("x1", "New, Nils", None), ("x2", "Abe", 1500)],
        [(r, "x1", "x2", "1/2-1/2", f"2024-04-0{r}") for r in range(1, 6)],
    )
    with Ledger(path) as book:
        book.import_file(games)
        book.rate_period("2024-04")
    out = tmp_path / "list.txt"
    argv = ["db", "list", str(path), "--period", "2024-04", "--format", "fide-txt"]
    assert cli.main([*argv, "--output", str(out)]) == 0
    assert "2 listed player(s) without a FIDE id are not in FIDE's layout" in (
        capsys.readouterr().out
    )
