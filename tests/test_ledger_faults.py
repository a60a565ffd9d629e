"""Issue 16, points 8 and 9, through ``ratingkit db`` as a user runs it (``cli.main``) and
through the Python API: what is not a usable ledger, a file one may not write, a missing
folder, a lock, a full disk and values the ledger cannot hold are each one line on stderr
naming the file, exit 2, no traceback, and the ledger left as it was; FIDE ids equal to other
players' ledger numbers publish each player's own rating; flipped bytes are refused or sound,
never written; and SIGKILL at random moments of the ledger's work leaves it as before or as
after the step it interrupted (``tests/ledger_fault_runs.py``).

Expected verdicts come from SQLite (``PRAGMA integrity_check`` of the bytes before the
command, the bytes themselves before and after), from the damage the test does, and, for the
ratings, from ``ratingkit.rate`` of the same event called directly."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import as_nobody
import ledger_fault_runs as runs
import pytest
from conftest import DATA
from older_ledgers import games_as_rows

import ratingkit
from ratingkit import cli
from ratingkit.core.players import read_player_file
from ratingkit.formats import read_event
from ratingkit.services import ledger as ledger_module
from ratingkit.services import ledgerfile

SPRING = DATA / "ledger" / "spring-games.csv"
FIDE_LIST = DATA / "ledger" / "fide-list" / "standard_rating_list.txt"
FIDE_XML = DATA / "fidelist" / "players_list_xml_foa.xml"
TABLES = (
    "players",
    "events",
    "participants",
    "games",
    "packed_games",
    "byes",
    "state",
    "published",
)


# -- helpers ---------------------------------------------------------------------------------
def _cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main(["db", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(result: tuple[int, str, str], path: Path, *, says: str = "") -> str:
    """Exit 2 and one line on stderr, ``ratingkit: error:``, naming ``path``."""
    code, _, err = result
    assert code == 2, result
    assert err.startswith("ratingkit: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and str(path) in err, err
    assert says in err, err
    return err


def _bytes(path: Path) -> bytes:
    return path.read_bytes() if path.is_file() else b""


def _counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as connection:
        return {t: connection.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """The spring event (games and players beside them) and FIDE's list, copied."""
    folder = tmp_path / "files"
    folder.mkdir()
    for name in (
        "spring-games.csv",
        "spring-players.csv",
        "summer-games.csv",
        "summer-players.csv",
    ):
        shutil.copy(DATA / "ledger" / name, folder / name)
    shutil.copy(FIDE_LIST, folder / "list.txt")
    _round_robin(folder / "big-games.csv", 30)
    return folder


def _round_robin(games: Path, n: int) -> None:
    """A round robin of ``n`` players (circle method), 2024-02, with its players beside it:
    enough rows that storing it needs new pages of the ledger file."""
    ids = [f"p{i:02d}" for i in range(n)]
    rows = ["round,white,black,result,date"]
    order = ids[:]
    for rnd in range(1, n):
        for i in range(n // 2):
            white, black = order[i], order[n - 1 - i]
            result = ("1-0", "0-1", "1/2-1/2")[(rnd + i) % 3]
            rows.append(f"{rnd},{white},{black},{result},2024-02-{rnd:02d}")
        order = [order[0], order[-1], *order[1:-1]]
    games.write_text("\n".join(rows) + "\n", encoding="utf-8")
    games.with_name("big-players.csv").write_text(
        "id,name,rating\n"
        + "".join(f"{p},Player {p},{1500 + 10 * i}\n" for i, p in enumerate(ids)),
        encoding="utf-8",
    )


def _rated_ledger(path: Path, files: Path) -> Path:
    """``db init`` (fide-2014), ``db import`` of the spring event, ``db rate`` of 2024-01."""
    assert cli.main(["db", "init", str(path), "--rules", "fide-2014"]) == 0
    assert cli.main(["db", "import", str(path), str(files / "spring-games.csv")]) == 0
    assert cli.main(["db", "rate", str(path), "--period", "2024-01"]) == 0
    return path


@pytest.fixture
def rated(tmp_path: Path, files: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = _rated_ledger(tmp_path / "book.sqlite", files)
    capsys.readouterr()
    return path


def _commands(ledger: Path, files: Path) -> dict[str, list[str]]:
    """One call of each command the issue names, as a user types it."""
    return {
        "list": ["list", str(ledger), "--period", "2024-01"],
        "import": ["import", str(ledger), str(files / "big-games.csv"), "--period", "2024-02"],
        "rate": ["rate", str(ledger), "--period", "2024-02"],
        "rate --replace": ["rate", str(ledger), "--period", "2024-01", "--replace"],
        "remove": ["remove", str(ledger), "1", "--replace"],
        "import-list": ["import-list", str(ledger), str(files / "list.txt")],
    }


COMMANDS = ("list", "import", "rate", "rate --replace", "remove", "import-list")
WRITING = COMMANDS[1:]


# -- files that are not a usable ledger ------------------------------------------------------
def _text_file(path: Path, files: Path) -> None:
    path.write_text("id,name,rating\na,Ann,1600\n", encoding="utf-8")


def _truncated(path: Path, files: Path) -> None:
    _rated_ledger(path, files)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])


def _folder(path: Path, files: Path) -> None:
    path.mkdir()


def _foreign(path: Path, files: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        connection.execute("INSERT INTO notes (text) VALUES ('shopping list')")
    connection.close()


NOT_A_LEDGER: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "text file": (_text_file, "not an SQLite database"),
    "truncated": (_truncated, "truncated"),
    "folder": (_folder, "a folder, not a ledger file"),
    "foreign SQLite": (_foreign, "not a ratingkit ledger"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", NOT_A_LEDGER)
def test_a_file_that_is_not_a_ledger_is_one_line_for_every_command_and_stays_as_it_was(
    kind, command, tmp_path, files, capsys
):
    """A text file (a CSV given by mistake), a ledger cut to half its length, a folder, and
    another program's SQLite database, each given as the ledger to db list / rate / rate
    --replace / import / remove / import-list: exit 2, one line naming the file and what it
    is, and the file's bytes (or the folder's listing) unchanged."""
    make, says = NOT_A_LEDGER[kind]
    path = tmp_path / "book.sqlite"
    make(path, files)
    capsys.readouterr()
    before = _bytes(path), sorted(p.name for p in tmp_path.iterdir())
    _refused(_cli(capsys, *_commands(path, files)[command]), path, says=says)
    assert (_bytes(path), sorted(p.name for p in tmp_path.iterdir())) == before


def test_db_init_into_a_missing_folder_is_one_line_and_creates_nothing(tmp_path, capsys):
    """``db init missing/book.sqlite --rules fide-2014`` where the folder ``missing`` does not
    exist: exit 2, one line naming the path and the folder; no folder or file appears."""
    path = tmp_path / "missing" / "book.sqlite"
    err = _refused(_cli(capsys, "init", path, "--rules", "fide-2014"), path)
    assert "does not exist" in err
    assert not (tmp_path / "missing").exists()


# -- a ledger one may not write --------------------------------------------------------------
@pytest.mark.skipif(as_nobody.unavailable() is not None, reason=str(as_nobody.unavailable()))
def test_a_read_only_ledger_is_listed_and_every_writing_command_is_one_line(nobody):
    """A rated ledger owned by root, 0644, in a folder 0755; ``ratingkit db ...`` run as the
    user ``nobody`` (who may read both and write neither; ratingkit imported from a copy
    nobody may read, tests/as_nobody.py): ``db list`` prints the list (issue 16: "attempt to
    write a readonly database" before), every writing command exits 2 with one line saying
    the file is read-only, and the file is unchanged."""
    folder = as_nobody.readable_folder("ratingkit-faults-")
    try:
        files = folder / "files"
        files.mkdir()
        for name in (
            "spring-games.csv",
            "spring-players.csv",
            "summer-games.csv",
            "summer-players.csv",
        ):
            shutil.copy(DATA / "ledger" / name, files / name)
        shutil.copy(FIDE_LIST, files / "list.txt")
        path = _rated_ledger(folder / "book.sqlite", files)
        for item in (path, *files.iterdir()):
            os.chmod(item, 0o644)
        os.chmod(files, 0o755)
        before = path.read_bytes()
        for command, argv in _commands(path, files).items():
            run = nobody.run("-m", "ratingkit", "db", *argv, timeout=120)
            if command == "list":
                assert run.returncode == 0, run.stderr
                assert "Ann" in run.stdout
            else:
                _refused((run.returncode, run.stdout, run.stderr), path, says="read-only")
            assert path.read_bytes() == before, command
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _chattr(flag: str, *paths: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True).returncode == 0


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="chattr +i needs root")
def test_an_immutable_ledger_is_listed_and_every_writing_command_is_one_line(rated, files, capsys):
    """``chattr +i`` on the ledger and its folder (binding root too): db list works, each
    writing command is one line saying the file is read-only, nothing changes."""
    folder = rated.parent
    for side in ("-wal", "-shm"):
        Path(f"{rated}{side}").unlink(missing_ok=True)
    if not _chattr("+i", rated):
        pytest.skip("the file system has no immutable attribute")
    try:
        before = rated.read_bytes()
        if not _chattr("+i", folder):
            pytest.skip("no immutable attribute for folders")
        for command, argv in _commands(rated, files).items():
            result = _cli(capsys, *argv)
            if command == "list":
                assert result[0] == 0, result
                assert "Ann" in result[1]
            else:
                _refused(result, rated, says="read-only")
        assert rated.read_bytes() == before
    finally:
        _chattr("-i", folder, rated)


# -- a lock, a full disk ---------------------------------------------------------------------
def test_a_lock_held_by_another_program_is_one_line_and_list_does_not_wait(
    rated, files, capsys, monkeypatch
):
    """Another program (here a plain sqlite3 connection) holds ``BEGIN EXCLUSIVE`` on the
    ledger: db list prints the list at once (WAL: readers never wait for a writer); each
    writing command waits the busy timeout (0.2 s here) and exits 2 with one line saying
    another program holds a lock; the ledger's content is unchanged."""
    monkeypatch.setattr(ledger_module, "BUSY_TIMEOUT_SECONDS", 0.2)
    before = runs.content_digest(rated)
    other = sqlite3.connect(rated, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        for command, argv in _commands(rated, files).items():
            result = _cli(capsys, *argv)
            if command == "list":
                assert result[0] == 0 and "Ann" in result[1], result
            else:
                _refused(result, rated, says="another program holds a lock")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert runs.content_digest(rated) == before


def test_a_full_disk_is_one_line_and_the_ledger_keeps_its_last_state(
    rated, files, capsys, monkeypatch
):
    """The disk is full: every connection the ledger opens may not grow the file beyond the
    pages it has (``PRAGMA max_page_count`` = its page count, after a VACUUM left no free
    page).  db list works; a command that needs room exits 2 with one line saying the disk is
    full, and the ledger's content is as before; one that fits succeeds and leaves a sound
    ledger.  The import, which must store new rows, is refused."""
    with sqlite3.connect(rated) as connection:
        connection.execute("VACUUM")
    connection.close()
    real_connect = ledgerfile._connect

    def full_disk(path: Path, **kwargs: object) -> sqlite3.Connection:
        connection = real_connect(path, **kwargs)  # type: ignore[arg-type]
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return connection

    monkeypatch.setattr(ledgerfile, "_connect", full_disk)
    refused = set()
    for command, argv in _commands(rated, files).items():
        before = runs.content_digest(rated)
        code, out, err = _cli(capsys, *argv)
        if command == "list":
            assert code == 0 and "Ann" in out, err
            continue
        if code == 0:
            assert runs.integrity(rated) == "ok", command
            continue
        # Refused: one line, and the content as before (import-list is refused anyway, the
        # ledger being rated already).
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert runs.content_digest(rated) == before, command
        if "disk is full" in err:
            refused.add(command)
            assert str(rated) in err and "free some space" in err
    assert "import" in refused
    assert runs.integrity(rated) == "ok"


# -- values the ledger cannot hold -----------------------------------------------------------
def _pair(folder: Path, players: str, games: str = "round,white,black,result\n1,a,b,1-0\n"):
    folder.mkdir()
    (folder / "players.csv").write_text(players, encoding="utf-8")
    (folder / "games.csv").write_text(games, encoding="utf-8")
    return folder / "games.csv"


def test_two_players_with_one_fide_id_in_one_file_are_refused_and_nothing_is_stored(
    rated, tmp_path, capsys
):
    """A players CSV whose players a and b both have FIDE id 4100001: db import exits 2 with
    one line naming the file and the id; no row is added to any table."""
    games = _pair(
        tmp_path / "twice", "id,name,rating,fide_id\na,Ann,1600,4100001\nb,Bob,1500,4100001\n"
    )
    before = _counts(rated)
    err = _refused(_cli(capsys, "import", rated, games, "--period", "2024-02"), tmp_path / "twice")
    assert "4100001" in err
    assert _counts(rated) == before


@pytest.mark.parametrize(
    ("what", "players", "extra"),
    [
        ("rating 10**30", f"id,name,rating\na,A,{10**30}\nb,B,1500\n", ()),
        ("rating of 400 nines", f"id,name,rating\na,A,{'9' * 400}\nb,B,1500\n", ()),
        ("K 10**20", f"id,name,rating,k\na,A,1500,{10**20}\nb,B,1500,20\n", ()),
    ],
)
def test_a_value_too_large_for_the_ledger_is_refused_at_import_and_nothing_is_stored(
    what, players, extra, rated, tmp_path, capsys
):
    """A players CSV with a rating of 10**30 (beyond SQLite's 64-bit integers), one of 400
    nines, or a K of 10**20: db import exits 2 with one line naming the players file and the
    value's column; no row is added."""
    games = _pair(tmp_path / "big", players)
    before = _counts(rated)
    err = _refused(
        _cli(capsys, "import", rated, games, "--period", "2024-02"),
        tmp_path / "big" / "players.csv",
    )
    assert ("K" in err) if "K" in what else ("rating" in err)
    assert _counts(rated) == before


def test_a_k_of_10_20_in_a_state_file_given_with_players_is_refused(rated, tmp_path, capsys):
    """The K in the file given with ``--players`` (the state), not beside the games: the
    same refusal, naming that file; nothing stored."""
    games = _pair(tmp_path / "pair", "id,name,rating\na,A,1500\nb,B,1500\n")
    state = tmp_path / "state.csv"
    state.write_text(f"id,name,rating,k\na,A,1500,{10**20}\nb,B,1500,20\n", encoding="utf-8")
    before = _counts(rated)
    _refused(_cli(capsys, "import", rated, games, "--players", state, "--period", "2024-02"), state)
    assert _counts(rated) == before


def test_a_fide_list_with_a_rating_out_of_range_is_refused_and_nothing_is_stored(
    rated, tmp_path, capsys
):
    """FIDE's TXT list with Polgar's rating 2736 changed to 9736 (within the column's four
    characters, beyond the 0-4000 of any rating), and the XML list with a rating of 10**30:
    db import-list exits 2 with one line naming the file; no row is added."""
    text = FIDE_LIST.read_text(encoding="latin-1")
    assert text.count(" 2736 ") == 1
    bad_txt = tmp_path / "bad.txt"
    bad_txt.write_text(text.replace(" 2736 ", " 9736 "), encoding="latin-1")
    xml = FIDE_XML.read_text(encoding="utf-8")
    bad_xml = tmp_path / "bad.xml"
    bad_xml.write_text(
        xml.replace("<rating>2676</rating>", f"<rating>{10**30}</rating>", 1), encoding="utf-8"
    )
    assert bad_xml.read_text(encoding="utf-8") != xml
    before = _counts(rated)
    for bad in (bad_txt, bad_xml):
        _refused(_cli(capsys, "import-list", rated, bad), bad)
        assert _counts(rated) == before


# -- FIDE ids that are other players' ledger numbers -----------------------------------------
def test_fide_ids_equal_to_other_players_ledger_numbers_publish_each_players_own_rating(
    tmp_path, capsys
):
    """Issue 16, 8: where a FIDE id equals another player's ledger id, db rate published one
    player's new rating under the other's name.  Four rated players get the ledger numbers
    1-4 in the order of the players file; their FIDE ids are 2, 1, 4 and 3 (each another's
    number).  After db import and db rate, each one's published rating is the rating
    ``ratingkit.rate`` gives him for the same event directly, and all four are listed."""
    games = _pair(
        tmp_path / "swap",
        "id,name,rating,fide_id,games\n"
        "a,Ann,1800,2,40\nb,Bob,1500,1,40\nc,Cid,2000,4,40\nd,Dan,1650,3,40\n",
        "round,white,black,result,date\n"
        "1,a,b,0-1,2024-01-10\n1,c,d,0-1,2024-01-10\n"
        "2,a,c,1-0,2024-01-11\n2,b,d,1/2-1/2,2024-01-11\n"
        "3,a,d,0-1,2024-01-12\n3,b,c,1-0,2024-01-12\n",
    )
    path = tmp_path / "book.sqlite"
    assert _cli(capsys, "init", path, "--rules", "fide-2014")[0] == 0
    assert _cli(capsys, "import", path, games)[0] == 0
    with sqlite3.connect(path) as connection:
        numbers = dict(connection.execute("SELECT fide_id, id FROM players"))
    connection.close()
    assert numbers == {"2": 1, "1": 2, "4": 3, "3": 4}  # each FIDE id another's number
    assert _cli(capsys, "rate", path, "--period", "2024-01")[0] == 0
    code, out, err = _cli(capsys, "list", path, "--period", "2024-01", "--format", "csv")
    assert code == 0, err
    import csv
    import io

    listed = {row["name"]: row for row in csv.DictReader(io.StringIO(out))}
    event = read_event(games)
    direct = ratingkit.outcome(event, "fide-2014", read_player_file(games.parent / "players.csv"))
    expected = {event.player(p.id).name: p.rating_after for p in direct.players}
    assert set(expected) == {"Ann", "Bob", "Cid", "Dan"}
    assert len({int(v) for v in expected.values()}) == 4  # four different ratings
    assert {name: int(listed[name]["rating"]) for name in listed} == {
        name: int(value) for name, value in expected.items()
    }


# -- flipped bytes ---------------------------------------------------------------------------
def test_thirty_ledgers_with_flipped_bytes_are_refused_or_sound_and_never_written_when_damaged(
    tmp_path, files, capsys
):
    """A rated ledger (db init, import, rate), 30 copies each with 1-8 bits flipped at random
    places (seeded); for each, db list and then db rate --replace through the CLI.  Each
    either refuses with one line naming the file (and then the bytes are those it was given)
    or the copy, as given, passes ``PRAGMA integrity_check`` (SQLite's verdict on a copy of
    the bytes, before the command).  A damaged ledger is never written and never listed."""
    original = _rated_ledger(tmp_path / "original.sqlite", files).read_bytes()
    capsys.readouterr()
    rng = random.Random(16_8_30)
    tally = {"refused": 0, "sound": 0}
    for n in range(30):
        path = tmp_path / f"flipped{n}.sqlite"
        data = bytearray(original)
        for _ in range(rng.randint(1, 8)):
            where = rng.randrange(len(data))
            data[where] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        verdict = _verdict(path)
        for argv in (
            ["list", path, "--period", "2024-01"],
            ["rate", path, "--period", "2024-01", "--replace"],
        ):
            given = path.read_bytes()
            code, out, err = _cli(capsys, *argv)
            if code == 0:
                assert verdict == "ok", (n, argv[0], verdict)
                tally["sound"] += 1
            else:
                _refused((code, out, err), path)
                assert path.read_bytes() == given, (n, argv[0])
                tally["refused"] += 1
    assert tally["refused"] > 0 and tally["sound"] > 0, tally


def _verdict(path: Path) -> str:
    """SQLite's integrity_check of a copy of the file (the original is not touched)."""
    copy = path.with_name(path.name + ".copy")
    shutil.copyfile(path, copy)
    try:
        connection = sqlite3.connect(copy)
        try:
            return " ".join(str(r[0]) for r in connection.execute("PRAGMA integrity_check"))
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    except UnicodeDecodeError as exc:
        return f"damaged: {exc}"
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)


# -- SIGKILL at random moments ---------------------------------------------------------------
def test_sigkill_at_random_moments_leaves_the_ledger_as_before_or_after_and_working(tmp_path):
    """Workers forked from a warm process run db import-list, import, rate, import
    --replace, rate --replace, remove --replace and ``PRAGMA wal_checkpoint(TRUNCATE)`` on a
    fide-2014 ledger (small files of tests/data/ledger), each from a step drawn at random,
    and are killed with SIGKILL 40 times after random delays (seeded).  After each kill:
    ``PRAGMA integrity_check`` is ok, the content (every table but the timestamps) is that of
    the uninterrupted run before or after the interrupted step, and the next step works and
    gives the uninterrupted run's content."""
    faults = runs.run_faults(tmp_path, kills=40, seed=16_9)
    assert faults.problems == [], faults.problems
    assert faults.kills == 40
    assert sum(faults.found.values()) == 40
    steps = {where for where in faults.landed if where[:2].strip().isdigit()}
    assert len(steps) >= 8, faults.landed  # the kills spread over the steps


def test_the_content_digest_sees_a_change_and_ignores_the_timestamps(tmp_path):
    """The fault test's digest can fail: one changed result changes it; the import's and
    the rating's moments do not."""
    path = tmp_path / "book.sqlite"
    runs.new_ledger(path)
    for index in range(4):
        runs.run_step(path, index)
    digest = runs.content_digest(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE events SET imported = '1999-01-01T00:00:00'")
        connection.execute("UPDATE periods SET rated = '1999-01-01T00:00:00'")
    connection.close()
    assert runs.content_digest(path) == digest
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE published SET rating = rating + 1 WHERE rowid = 1")
    connection.close()
    assert runs.content_digest(path) != digest
    assert hashlib.sha256(b"").hexdigest() != digest


# -- content damaged where PRAGMA integrity_check cannot see it ------------------------------
CONTENT_DAMAGE = {
    # A flipped bit in a stored word: the page is sound, the value is none ratingkit writes.
    "a game's play word": "UPDATE games SET play = 'qlayed'",
    # A flipped bit that breaks UTF-8 inside a stored text (SQLite stores it as given).
    "an event's extra, not UTF-8": "UPDATE events SET extra = CAST(X'7B22FF223A317D' AS TEXT)",
    "a player's name, not UTF-8": "UPDATE players SET name = CAST(X'416EE56E' AS TEXT)",
    "a stored state, not JSON": "UPDATE state SET record = '{\"rating\": 16'",
    # A flipped bit in a stored score: the model refuses the game when the event is rebuilt
    # (found as "scores must be 1, 0.5 or 0, got 1.0-b''", which did not name the ledger).
    "a game's score": "UPDATE games SET white_score = 3.0",
    # The same in an event's packed games (schema 6): a stored word no Play has, a score no
    # game side has (3 half points), a column cut short, a player id not in the event.
    "a packed game's play word": "UPDATE packed_games SET play_names ="
    " replace(play_names, 'played', 'qlayed')",
    "a packed game's score": "UPDATE packed_games SET white_halves ="
    " CAST(X'03' || substr(white_halves, 2) AS BLOB)",
    "a packed column cut short": "UPDATE packed_games SET rounds = substr(rounds, 2)",
    "a packed game's player": "UPDATE packed_games SET whites ="
    " CAST(X'3930000000000000' || substr(whites, 9) AS BLOB)",
    # A flipped bit in a key of a stored state record (JSON): PlayerRecord(**record) met an
    # unexpected keyword ('prior_grafe').
    "a state record's key": "UPDATE state SET record = replace(record, '\"rating\"', '\"ratinh\"')",
    # A flipped bit in the schema's text (sqlite_master): a foreign key of player_results
    # names a column players does not have ("foreign key mismatch - "player_results"
    # referencing "players"" when a row is deleted).
    "a foreign key in the schema": "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql"
    " = replace(sql, 'REFERENCES players(id)', 'REFERENCES players(ic)') WHERE name = "
    "'player_results'",
    # A flipped bit in a column's name in the schema's text: db rate --replace rated and
    # committed, then its listing failed ("no such column: pl.fide_id"): exit 2 after writing.
    "a column's name in the schema": "PRAGMA writable_schema = ON; UPDATE sqlite_master SET "
    "sql = replace(sql, 'fide_id TEXT', 'fkde_id TEXT') WHERE name = 'players'",
    # A flipped bit in a column's type in the schema's text that breaks its UTF-8.
    "a column's type in the schema, not UTF-8": "PRAGMA writable_schema = ON; UPDATE "
    "sqlite_master SET sql = replace(sql, 'key TEXT', 'key TEXT' || CAST(X'E5' AS TEXT)) "
    "WHERE name = 'players'",
}


@pytest.mark.parametrize("damage", CONTENT_DAMAGE)
def test_stored_values_damaged_where_integrity_check_passes_are_one_line_never_a_traceback(
    damage, rated, files, capsys
):
    """Found by flipping bits of a rated ledger (1-4 bits, 400 copies): where the flip lands
    inside a stored value, PRAGMA integrity_check passes but db rate --replace and db remove
    --replace ended in tracebacks ('qlayed' is not a valid Play; UnicodeDecodeError; "Could
    not decode to UTF-8 column 'extra'").  The same damage made here with one UPDATE: every
    command exits 0 or 2 with one line naming the ledger, and the ledger is not written when
    refused."""
    assert cli.main(["db", "import", str(rated), str(files / "summer-games.csv")]) == 0
    assert cli.main(["db", "rate", str(rated), "--period", "2024-02"]) == 0
    _damage(rated, damage)
    assert runs.integrity(rated) == "ok"
    for argv in (
        ["list", rated, "--period", "2024-02"],
        ["history", rated, "Bob"],
        ["events", rated],
        ["periods", rated],
        ["rate", rated, "--period", "2024-01", "--replace"],
        ["remove", rated, "2", "--replace"],
        ["import", rated, files / "big-games.csv", "--period", "2024-01", "--replace"],
    ):
        given = rated.read_bytes()
        code, out, err = _cli(capsys, *argv)
        if code != 0:
            _refused((code, out, err), rated)
            assert rated.read_bytes() == given, argv[0]


def _damage(rated: Path, damage: str) -> None:
    """``CONTENT_DAMAGE[damage]`` done to the ledger; a damaged ``games`` row is one of a
    ledger written before schema 6, whose games are rows (tests/older_ledgers.py)."""
    script = CONTENT_DAMAGE[damage]
    with sqlite3.connect(rated) as connection:
        if "UPDATE games" in script:
            games_as_rows(connection)
        before = connection.total_changes
        connection.executescript(script)
        assert connection.total_changes > before, damage  # the damage landed
    connection.close()


def _damaged(rated: Path, files: Path, damage: str) -> Path:
    assert cli.main(["db", "import", str(rated), str(files / "summer-games.csv")]) == 0
    assert cli.main(["db", "rate", str(rated), "--period", "2024-02"]) == 0
    _damage(rated, damage)
    return rated


@pytest.mark.parametrize(
    "damage",
    [d for d in CONTENT_DAMAGE],
)
def test_through_the_api_damaged_stored_values_stop_a_rating_with_a_ledger_error(
    damage, rated, files
):
    """The same damage through the Python API: ``Ledger.rate_period('2024-02',
    replace=True)``, which reads that period's events and players and the state after
    2024-01 again, raises a ``LedgerError`` naming the
    file, and the ledger's content is as before."""
    _damaged(rated, files, damage)
    before = runs.content_digest(rated)
    # Refused when opened (the schema's damage) or when rating (a stored value's).
    with pytest.raises(ledgerfile.LedgerError) as error, ledger_module.Ledger(rated) as book:
        book.rate_period("2024-02", replace=True)
    assert str(rated) in str(error.value) and "\n" not in str(error.value)
    assert runs.content_digest(rated) == before


def test_through_the_api_a_damaged_name_is_a_ledger_error_when_listing(rated, files):
    """A player's stored name whose bytes are not UTF-8 (a flipped bit): reading the list
    through the API, ``Ledger(path, write=False).published_list('2024-02')``, should raise a
    LedgerError naming the file, as db list does."""
    _damaged(rated, files, "a player's name, not UTF-8")
    with (
        ledger_module.Ledger(rated, write=False) as book,
        pytest.raises(ledgerfile.LedgerError, match="not valid UTF-8"),
    ):
        book.published_list("2024-02")


def test_through_the_api_a_damaged_ledger_is_refused_for_reading_when_checked(tmp_path, files):
    """``Ledger(path, write=False, check=True)`` (what db list uses) on a ledger whose
    page SQLite finds damaged: LedgerFileError, one line naming the file; without ``check``
    a read-only open does not look at every page (the default, for speed)."""
    path = _rated_ledger(tmp_path / "book.sqlite", files)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    # The last page's cell area, overwritten: a b-tree page SQLite's check reports.
    data[len(data) - page // 2 : len(data)] = bytes(page // 2)
    path.write_bytes(bytes(data))
    assert _verdict(path) != "ok"
    with pytest.raises(ledgerfile.LedgerFileError, match="damaged") as error:
        ledger_module.Ledger(path, write=False, check=True)
    assert str(path) in str(error.value) and "\n" not in str(error.value)


# -- the header's fields, damaged ------------------------------------------------------------
@pytest.mark.parametrize(("offset", "value"), [(47, 5), (47, 12), (18, 6), (19, 3)])
def test_a_header_with_unknown_format_numbers_is_one_line(offset, value, rated, files, capsys):
    """Found by flipping bits: byte 47 of the SQLite header (the schema format number, 1 to
    4; a ledger has 4) flipped to 5: SQLite says "unsupported file format", which escaped
    as sqlite3.OperationalError from every command.  Bytes 18 and 19 (the file format's
    write and read versions, 1 or 2) flipped likewise: with 6 in byte 18 SQLite reads the
    file but will not write it.  Now every command exits 2 with one line saying the file is
    damaged, and the file is unchanged."""
    for side in ("-wal", "-shm"):
        Path(f"{rated}{side}").unlink(missing_ok=True)
    data = bytearray(rated.read_bytes())
    assert data[offset] in ((4,) if offset == 47 else (1, 2))
    data[offset] = value
    rated.write_bytes(bytes(data))
    for command in COMMANDS:
        _refused(_cli(capsys, *_commands(rated, files)[command]), rated, says="damaged")
        assert rated.read_bytes() == data, command


def test_a_schema_version_flipped_lower_is_one_line_and_nothing_is_migrated(rated, files, capsys):
    """Found by flipping bits: the header's user_version (bytes 60-63, the ledger's schema
    version) flipped down to 1 made a writing command run the migrations again on tables
    that exist ("table outcomes already exists", a traceback).  Now every writing command
    exits 2 with one line, the file unchanged; reading commands say the schema must be
    upgraded (one line)."""
    for side in ("-wal", "-shm"):
        Path(f"{rated}{side}").unlink(missing_ok=True)
    data = bytearray(rated.read_bytes())
    assert int.from_bytes(data[60:64], "big") == ledger_module.SCHEMA_VERSION == 7
    data[60:64] = (1).to_bytes(4, "big")
    rated.write_bytes(bytes(data))
    assert _verdict(rated) == "ok"  # the pages are sound; only the number is wrong
    for command in COMMANDS:
        _refused(_cli(capsys, *_commands(rated, files)[command]), rated)
        assert rated.read_bytes() == data, command
