"""Several event files imported as one operation (``Ledger.import_files``, ``ratingkit db import
LEDGER INPUT [INPUT ...]``; issue 28, part 3): one write transaction for them all.

The batch is held against the general path, the same files imported one by one
(``import_file``): the ledger's rows must be the same, value for value.  All or nothing: an
error in any file applies nothing (the ledger's rows as they were), and every bad file's
errors are listed, each naming its file.  With ``replace`` the rated periods concerned are
re-rated once, at the end, and their lists are those of the files imported one by one and the
periods rated after them.  Expected counts in the summaries are counted here from the files
themselves (their lines and their players' ids), never taken from ratingkit's output."""

from __future__ import annotations

import csv
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA

from ratingkit import cli
from ratingkit.services.ledger import (
    FilesImportErrors,
    ImportErrors,
    Ledger,
    importing,
)

SEASON = DATA / "ledger" / "season"
FESA = DATA / "fesa"
#: The tables an import writes (the games of a plain event packed, of a handicap one as rows).
IMPORTED = ("players", "events", "participants", "packed_games", "games", "byes")
#: And those a rating writes.
RATED = ("state", "published", "player_results", "results", "outcomes")


def _season_files() -> list[Path]:
    return sorted(SEASON.glob("*-games.csv"))


def _fesa_files() -> list[Path]:
    # Two real FESA tables (players met again a year later), an invented table, and a CSV
    # pair of handicap games (stored as rows, not packed).
    return [
        FESA / "cdf-2024-angers.txt",
        FESA / "cdf-2025-nantes.txt",
        FESA / "fesa-handicap-club",
        FESA / "fesa-spring-cup.txt",
    ]


def _rows(path: Path, tables: tuple[str, ...] = IMPORTED + RATED) -> dict[str, list[tuple]]:
    """Every row of ``tables``, in the order stored."""
    with sqlite3.connect(path) as connection:
        return {
            table: connection.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
            for table in tables
        }


@pytest.fixture
def fixed_clock(monkeypatch):
    """The import's time stamp (``events.imported``) fixed: two ledgers written a second
    apart are otherwise equal."""
    monkeypatch.setattr(importing, "_now", lambda: "2026-01-01T00:00:00+00:00")


@pytest.mark.parametrize(
    ("rules", "files", "periods"),
    [
        ("fide-2014", _season_files, ("2024-01", "2024-02", "2024-03", "2024-04")),
        # Nantes 2025 gives a player another rating than Angers 2024 left him (the tables
        # are real): only the first period is rated (a conflict is refused, issue 24).
        ("fesa", _fesa_files, ("2024-04",)),
    ],
    ids=["fide-2014", "fesa"],
)
def test_the_batch_stores_the_rows_of_the_files_imported_one_by_one(
    tmp_path, fixed_clock, rules, files, periods
):
    with Ledger.create(tmp_path / "one.sqlite", rules) as book:
        singles = [book.import_file(path) for path in files()]
    with Ledger.create(tmp_path / "batch.sqlite", rules) as book:
        done = book.import_files(files())
    assert list(done.files) == singles
    assert _rows(tmp_path / "batch.sqlite") == _rows(tmp_path / "one.sqlite")
    assert _rows(tmp_path / "batch.sqlite", ("packed_games",))["packed_games"] or rules == "fesa"
    # And rated: the same state and lists.
    for name in ("one", "batch"):
        with Ledger(tmp_path / f"{name}.sqlite") as book:
            for period in periods:
                book.rate_period(period)
    assert _rows(tmp_path / "batch.sqlite") == _rows(tmp_path / "one.sqlite")


def _counted(files: list[Path]) -> tuple[int, int, int]:
    """The season's games (the games files' lines), the players matched (each file's players
    less the new ones) and the new players (their distinct ids: the files' ids are the
    players' own, the key the ledger finds them by), counted from the files."""
    games = sum(len(path.read_text().splitlines()) - 1 for path in files)
    seen: list[str] = []
    for path in files:
        players = path.with_name(path.name.replace("games", "players"))
        with players.open(newline="") as handle:
            seen += [row["id"] for row in csv.DictReader(handle)]
    new = len(set(seen))
    return games, len(seen) - new, new


def test_the_total_adds_up_the_files(tmp_path):
    files = _season_files()
    games, matched, new = _counted(files)
    assert (games, matched, new) == (140, 41, 15)  # the season's files, as counted
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        total = book.import_files(files).total
    assert (total.files, total.games, total.players_matched, total.players_created) == (
        len(files),
        games,
        matched,
        new,
    )
    assert str(total) == "imported 7 files, 140 games, 41 players matched, 15 new players"


def _bad_copy(tmp_path: Path, stem: str) -> Path:
    """A season file whose third game's result is ``2-0``, with its players file."""
    source = SEASON / "2024-02-spring-rr-games.csv"
    lines = source.read_text().splitlines()
    lines[3] = lines[3].rsplit(",", 2)[0] + ",2-0," + lines[3].rsplit(",", 1)[1]
    games = tmp_path / f"{stem}-games.csv"
    games.write_text("\n".join(lines) + "\n")
    shutil.copy(SEASON / "2024-02-spring-rr-players.csv", tmp_path / f"{stem}-players.csv")
    return games


def test_an_error_in_the_kth_file_applies_nothing_and_every_bad_file_is_listed(tmp_path):
    files = _season_files()
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
        before = _rows(path)
        bad = _bad_copy(tmp_path, "broken")
        given = [files[1], bad, files[2], files[0], files[3]]
        with pytest.raises(FilesImportErrors) as caught:
            book.import_files(given)
    assert _rows(path) == before  # nothing of the good files either
    error = caught.value
    assert [source for source, _errors in error.failed] == [str(bad), str(files[0])]
    text = str(error)
    assert "\n" not in text
    assert text.startswith("import of 5 files applied nothing, errors in 2 files: ")
    assert f"{bad}, line 4" in text  # the reader's error: the file and its line
    assert f"{files[0]}: already imported as event 1 (period 2024-01)" in text
    assert all(str(source) in message for source, errors in error.failed for message in errors)
    with Ledger(path) as book:  # the ledger still works: the good files, at once
        assert len(book.import_files([files[1], files[2], files[3]]).files) == 3


def test_one_bad_file_alone_is_refused_as_import_file_refuses_it(tmp_path):
    bad = _bad_copy(tmp_path, "broken")
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        with pytest.raises(ImportErrors) as alone:
            book.import_file(bad)
        with pytest.raises(ImportErrors) as batch:
            book.import_files([bad])
    assert str(batch.value) == str(alone.value)


def test_a_file_given_twice_in_one_batch_is_a_copy_of_the_earlier(tmp_path, fixed_clock):
    folder = tmp_path / "club"
    shutil.copytree(FESA / "fesa-handicap-club", folder)
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fesa") as book:
        before = _rows(path)
        # The pair's folder and its games file are one event (one digest).
        with pytest.raises(FilesImportErrors) as caught:
            book.import_files([folder, FESA / "cdf-2024-angers.txt", folder / "games.csv"])
    assert _rows(path) == before
    assert caught.value.errors == (
        f"{folder / 'games.csv'}: the same file as {folder}, given before it in this import",
    )


def test_the_same_games_in_another_file_of_the_batch_name_that_file(tmp_path):
    # The same games written again with their lines reversed and another name: another file
    # (its own digest), the same games (the games digest). The earlier one is stored only if
    # the whole batch is, so the message names its file, not an event id the ledger never
    # keeps.
    first = SEASON / "2024-01-club-cup-1-games.csv"
    again = tmp_path / "again"
    again.mkdir()
    header, *lines = first.read_text().splitlines()
    (again / "cup-games.csv").write_text("\n".join([header, *reversed(lines)]) + "\n")
    shutil.copy(SEASON / "2024-01-club-cup-1-players.csv", again / "cup-players.csv")
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        before = _rows(path)
        with pytest.raises(FilesImportErrors) as caught:
            book.import_files([first, again / "cup-games.csv"])
    assert _rows(path) == before
    assert caught.value.errors == (
        f"{again / 'cup-games.csv'}: the same games between the same players on the same "
        f"dates as {first}, given before it in this import",
    )


def test_a_score_table_named_like_a_players_file_keeps_its_own_error(tmp_path):
    # A score table (id,name,rating,points: a format of its own) whose name has "players"
    # in it, beside a file whose name has "games": the reader recognised it, so its own error
    # (the line and the value) is what is said, not the hint for a CSV pair's players file.
    (tmp_path / "cup-games-2024.csv").write_text("round,white,black,result\n")
    table = tmp_path / "cup-players-2024.csv"
    table.write_text("id,name,rating,points\nann,Ann,1500,x\nbob,Bob,1400,1\n")
    with (
        Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book,
        pytest.raises(ImportErrors) as caught,
    ):
        book.import_files([table])
    (error,) = caught.value.errors
    assert "line 2" in error and "'x'" in error
    assert "players file of the CSV pair" not in error


def test_one_path_given_alone_is_one_file(tmp_path):
    # A path, not a list of paths: one file (not the characters of its name).
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        done = book.import_files(_season_files()[0])
        assert len(done.files) == 1
        assert len(book.import_files(str(_season_files()[1])).files) == 1


def test_a_readers_own_fault_in_a_batch_is_not_called_a_damaged_ledger(tmp_path, monkeypatch):
    # A fault of ratingkit's own while a file of the batch is read (inside the write
    # transaction) is raised as it is, for the CLI's "internal error" line, not turned into
    # "the ledger is damaged ... restore it from a backup"; nothing is applied.
    from ratingkit.services.ledger import checking

    def faulty(*_args, **_kwargs):
        raise ValueError("a reader's bug")

    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        before = _rows(path)
        book.import_files(_season_files()[:1])
        monkeypatch.setattr(checking, "read_event", faulty)
        with pytest.raises(ValueError, match="^a reader's bug$") as caught:
            book.import_files(_season_files()[1:3])
        assert type(caught.value) is ValueError
        monkeypatch.undo()
        assert len(book.import_files(_season_files()[1:3]).files) == 2
    assert _rows(path) != before


def test_a_players_file_given_as_an_input_is_named_as_such(tmp_path):
    players = SEASON / "2024-01-club-cup-1-players.csv"
    with (
        Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book,
        pytest.raises(ImportErrors) as caught,
    ):
        book.import_files([players])
    assert caught.value.errors == (
        f"{players}: this is the players file of the CSV pair "
        f"{SEASON / '2024-01-club-cup-1-games.csv'}; give the games file (or the pair's "
        "folder), which reads its players file with it",
    )


def test_replace_re_rates_once_and_gives_the_lists_of_one_by_one_imports(tmp_path, monkeypatch):
    files = _season_files()  # 2 of January, 1 of February, 2 of March, 2 of April
    early, late = files[:1] + files[2:3], [files[1], *files[3:5]]
    rerated: list[str] = []
    real = Ledger._rerate_from

    def counted(self, period):
        rerated.append(period)
        return real(self, period)

    with Ledger.create(tmp_path / "batch.sqlite", "fide-2014") as book:
        for path in early:
            book.import_file(path)
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        with pytest.raises(FilesImportErrors, match="period 2024-01 is already rated"):
            book.import_files(late)
        monkeypatch.setattr(Ledger, "_rerate_from", counted)
        done = book.import_files(late, replace=True)
        monkeypatch.undo()
        assert rerated == ["2024-01"]  # once, from the earliest period concerned
        assert done.total.rerated == ("2024-01", "2024-02")
        batch = {p: book.published_list(p).rows for p in ("2024-01", "2024-02")}
    with Ledger.create(tmp_path / "one.sqlite", "fide-2014") as book:
        for path in [*early, *late]:
            book.import_file(path)
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        assert {p: book.published_list(p).rows for p in ("2024-01", "2024-02")} == batch
    with Ledger.create(tmp_path / "each.sqlite", "fide-2014") as book:
        for path in early:
            book.import_file(path)
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        for path in late:
            book.import_file(path, replace=True)  # a re-rating a file
        assert {p: book.published_list(p).rows for p in ("2024-01", "2024-02")} == batch


# -- the CLI --------------------------------------------------------------------------------


def _db_import(capsys, *args: str, lang: str = "en") -> tuple[int, str, str]:
    code = cli.main(["--lang", lang, "db", "import", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("lang", "total"),
    [
        ("en", "imported 7 files, 140 games, 41 players matched, 15 new players"),
        # Russian plural forms: 7 файлов, 140 партий, 41 игрок (as 1), 15 новых игроков.
        ("ru", "импортировано 7 файлов, 140 партий, сопоставлен 41 игрок, 15 новых игроков"),
        ("tr", "7 dosya içe aktarıldı, 140 oyun, 41 oyuncu eşleşti, 15 yeni oyuncu"),
    ],
)
def test_db_import_of_several_files_prints_each_and_the_total(tmp_path, capsys, lang, total):
    path = str(tmp_path / "l.sqlite")
    assert cli.main(["db", "init", path, "--rules", "fide-2014"]) == 0
    capsys.readouterr()
    code, out, err = _db_import(capsys, path, *map(str, _season_files()), lang=lang)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 8 and lines[-1] == total
    # One file alone: its line, no total.
    code, out, err = _db_import(capsys, path, str(SEASON / "2024-01-club-cup-1-games.csv"))
    assert code == 2 and out == "" and err.count("\n") == 1  # already imported: one line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "--players gives the player file of one event file, and 2 were given"),
        ("ru", "--players задаёт файл игроков одного файла турнира, а указано 2 файла"),
        ("tr", "--players tek bir turnuva dosyasının oyuncu dosyasını verir, ama 2 dosya"),
    ],
)
def test_db_import_refuses_players_with_several_inputs_in_one_line(tmp_path, capsys, lang, said):
    path = str(tmp_path / "l.sqlite")
    assert cli.main(["db", "init", path, "--rules", "fide-2014"]) == 0
    capsys.readouterr()
    files = [str(f) for f in _season_files()[:2]]
    code, out, err = _db_import(capsys, path, *files, "--players", files[0], lang=lang)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err
    with Ledger(path) as book:
        assert not book.events().rows


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "import of 14 files applied nothing, errors in 7 files: "),
        ("ru", "импорт 14 файлов ничего не применил, ошибки в 7 файлах: "),
        ("tr", "14 dosyanın içe aktarımı hiçbir şey uygulamadı, 7 dosyada hata: "),
    ],
)
def test_db_import_of_a_folder_s_glob_names_each_players_file(tmp_path, capsys, lang, said):
    # events/*.csv gives each pair's players file too: each is named, in one line, and
    # nothing is imported (the games files alone, events/*-games.csv, are the event files).
    path = str(tmp_path / "l.sqlite")
    assert cli.main(["db", "init", path, "--rules", "fide-2014"]) == 0
    capsys.readouterr()
    everything = sorted(str(f) for f in SEASON.glob("2024-*.csv"))
    code, out, err = _db_import(capsys, path, *everything, lang=lang)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err
    for players in SEASON.glob("2024-*-players.csv"):
        assert str(players) in err
    with Ledger(path) as book:
        assert not book.events().rows


# -- kill -9 in the middle of a batch --------------------------------------------------------

#: The child: import_files of the files, each event's store slowed and announced.
_SLOW_BATCH = r"""
import sys, time
from pathlib import Path
from ratingkit.services.ledger import Ledger, importing

real = importing.LedgerImporting._store_event

def slow(self, *args, **kwargs):
    summary = real(self, *args, **kwargs)
    print("stored", flush=True)
    time.sleep(0.3)
    return summary

importing.LedgerImporting._store_event = slow
with Ledger(sys.argv[1]) as book:
    book.import_files([Path(p) for p in sys.argv[2:]])
print("committed", flush=True)
"""


def test_kill_minus_9_in_the_middle_of_a_batch_leaves_the_ledger_as_before(tmp_path):
    files = _season_files()
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(files[0])
    before = _rows(path)
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_BATCH, str(path), *map(str, files[1:])],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
    )
    assert child.stdout is not None
    # Three files stored inside the batch's transaction, three still to come.
    for _ in range(3):
        assert child.stdout.readline() == "stored\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    with Ledger(path) as book:
        assert book.integrity_check() == "ok"
    assert _rows(path) == before
    with Ledger(path) as book:  # and the batch can be run again, whole
        assert len(book.import_files(files[1:]).files) == len(files) - 1
