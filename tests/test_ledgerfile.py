"""The ledger's file (issue 16, 8): what is not a usable ledger is refused in one line before
anything is read or written, reading never needs write access, a damaged ledger is never
written, ``kill -9`` during creation leaves no ledger or a whole one, and SQLite's failures
become one line naming the file and what to do.

Every expected verdict here comes from SQLite itself (``PRAGMA integrity_check`` on the
untouched bytes, the file's bytes before and after) or from the damage the test does."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import as_nobody
import pytest
from conftest import ROOT

from ratingkit.services import ledgerfile
from ratingkit.services.ledger import MIGRATIONS, SCHEMA_VERSION, Ledger
from ratingkit.services.ledgerfile import (
    APPLICATION_ID,
    LedgerBusyError,
    LedgerError,
    LedgerFileError,
    create_ledger_file,
    open_connection,
    sqlite_errors,
)

PLAYERS = 300


def _initialise(connection: sqlite3.Connection) -> None:
    """The ledger's real schema, its settings and a few hundred players (several pages of
    a table and of an index), as ``Ledger.create`` would leave them."""
    for script in MIGRATIONS:
        for statement in script.split(";"):
            if statement.strip():
                connection.execute(statement)
    connection.execute(
        "INSERT INTO settings VALUES ('rules', 'fide-2014'), ('created', '2026-01-01'), "
        "('min_games', '0')"
    )
    connection.executemany(
        "INSERT INTO players (id, key, name, name_key, fide_id) VALUES (?, ?, ?, ?, ?)",
        [
            (i, f"id:{i}", f"Player Number {i}", f"player number {i}", str(4100000 + i))
            for i in range(1, PLAYERS + 1)
        ],
    )
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _ledger(path: Path) -> Path:
    create_ledger_file(path, _initialise)
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _integrity(path: Path) -> str:
    """SQLite's own verdict on a file, read through a copy (nothing touches the original)."""
    copy = path.with_name(path.name + ".copy")
    shutil.copyfile(path, copy)
    try:
        connection = sqlite3.connect(copy)
        try:
            return " ".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    except UnicodeDecodeError as exc:  # SQLite's message quotes the damaged bytes
        return f"damaged: {exc}"
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)


def _one_line(error: BaseException, path: Path) -> str:
    text = str(error)
    assert "\n" not in text and str(path) in text
    return text


# -- a created ledger ------------------------------------------------------------------------
def test_a_created_ledger_is_complete_in_wal_with_ratingkit_id_and_opens_for_the_ledger(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.sqlite"]  # no temp, no -wal
    header = path.read_bytes()[:100]
    assert header[:16] == b"SQLite format 3\x00"
    assert header[18:20] == b"\x02\x02"  # WAL (SQLite's file format, offsets 18-19)
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID == 0x52544B4C
    connection = open_connection(path, write=True, busy_timeout=2.5)
    try:
        assert connection.isolation_level is None
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert connection.execute("PRAGMA busy_timeout").fetchone()[0] == 2500
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
    finally:
        connection.close()
    with Ledger(path) as book:  # the ledger itself takes the file
        assert book.rules.name == "fide-2014"


def test_the_read_connection_cannot_write(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    before = _digest(path)
    connection = open_connection(path, write=False)
    try:
        assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        with (
            pytest.raises(LedgerError, match="read-only") as caught,
            sqlite_errors(path, "importing x.trf"),
        ):
            connection.execute("DELETE FROM players")
        text = _one_line(caught.value, path)
        assert "importing x.trf failed" in text and "write access" in text
    finally:
        connection.close()
    assert _digest(path) == before


# -- what is not a ledger --------------------------------------------------------------------
def test_a_missing_file_says_how_to_create_one(tmp_path):
    path = tmp_path / "none.sqlite"
    for write in (False, True):
        with pytest.raises(LedgerFileError, match="no ledger here.*'ratingkit db init'") as e:
            open_connection(path, write=write)
        _one_line(e.value, path)
    assert not path.exists()  # neither mode creates it


def test_a_folder_is_refused(tmp_path):
    for write in (False, True):
        with pytest.raises(LedgerFileError, match="a folder, not a ledger file"):
            open_connection(tmp_path, write=write)


@pytest.mark.parametrize(
    "content",
    [
        b"id,name,rating\n1,Ann,1800\n",
        b"SQLite is good",  # shorter than the magic but not its start
        b"SQLite format 2\x00" + bytes(200),
        bytes(range(256)) * 8,
    ],
    ids=["csv", "short-text", "other-magic", "binary"],
)
def test_a_file_without_the_sqlite_header_is_refused(tmp_path, content):
    path = tmp_path / "book.sqlite"
    path.write_bytes(content)
    for write in (False, True):
        with pytest.raises(LedgerFileError, match="not an SQLite database") as e:
            open_connection(path, write=write)
        _one_line(e.value, path)
    assert path.read_bytes() == content


def test_an_empty_file_is_refused_and_stays_empty(tmp_path):
    # SQLite itself would take an empty file as an empty database and write into it.
    path = tmp_path / "book.sqlite"
    path.touch()
    for write in (False, True):
        with pytest.raises(LedgerFileError, match="empty file"):
            open_connection(path, write=write)
    assert path.stat().st_size == 0


@pytest.mark.parametrize("keep", [10, 60, 4096, "half", "page-and-a-bit"])
def test_a_truncated_ledger_is_refused_and_left_as_it_is(tmp_path, keep):
    path = _ledger(tmp_path / "book.sqlite")
    data = path.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    pages = int.from_bytes(data[28:32], "big")
    assert len(data) == page * pages > 3 * page  # the header's own account of the file
    cut = {"half": len(data) // 2, "page-and-a-bit": page + 100}.get(keep, keep)
    assert isinstance(cut, int)
    path.write_bytes(data[:cut])
    for write in (False, True):
        with pytest.raises(LedgerFileError, match="truncated") as e:
            open_connection(path, write=write)
        _one_line(e.value, path)
    assert path.read_bytes() == data[:cut]


def _foreign(path: Path, *statements: str) -> Path:
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return path


@pytest.mark.parametrize(
    ("statements", "says"),
    [
        (["CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)"], "no settings table"),
        (["CREATE TABLE settings (key TEXT, value TEXT)"], "no settings table"),
        (["CREATE TABLE settings (name TEXT, v TEXT)"], "no settings table"),
        (
            [
                "CREATE TABLE settings (key TEXT, value TEXT)",
                "INSERT INTO settings VALUES ('rules', 'fide-2014')",
                "PRAGMA application_id = 1179079494",  # another program's id
            ],
            "another program \\(application id 0x46475346\\)",
        ),
    ],
    ids=["no-settings", "no-rules", "other-settings", "other-application-id"],
)
def test_a_foreign_sqlite_database_is_refused_and_not_written(tmp_path, statements, says):
    path = _foreign(tmp_path / "other.db", *statements)
    before = _digest(path)
    for write in (False, True):
        with pytest.raises(LedgerFileError, match=says) as e:
            open_connection(path, write=write)
        text = _one_line(e.value, path)
        assert "not a ratingkit ledger" in text
    assert _digest(path) == before


def test_an_older_ledger_without_the_application_id_is_taken_and_given_it_when_written(tmp_path):
    path = tmp_path / "old.sqlite"
    connection = sqlite3.connect(path)
    _initialise(connection)
    connection.commit()
    connection.close()
    assert int.from_bytes(path.read_bytes()[68:72], "big") == 0
    before = _digest(path)
    open_connection(path, write=False).close()
    assert _digest(path) == before  # reading changes nothing
    open_connection(path, write=True).close()
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID


def _damage_players_table(path: Path) -> None:
    """Overwrite the middle of the players table's root page (a b-tree page SQLite reads)."""
    connection = sqlite3.connect(path)
    root = connection.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'players'"
    ).fetchone()[0]
    page = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    with open(path, "r+b") as handle:
        handle.seek((root - 1) * page)
        handle.write(b"\xff" * 64)


def test_a_damaged_ledger_is_refused_for_writing_and_nothing_is_written(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    _damage_players_table(path)
    assert _integrity(path) != "ok"  # SQLite's own verdict on the damaged bytes
    before = _digest(path)
    with pytest.raises(LedgerFileError, match="damaged.*restore the ledger from a backup") as e:
        open_connection(path, write=True)
    assert "nothing was written" in _one_line(e.value, path)
    assert _digest(path) == before
    # Reading with the check refuses it too.
    with pytest.raises(LedgerFileError, match="damaged"):
        open_connection(path, write=False, check=True)
    # Reading without it opens (so that what is still readable can be listed); reading the
    # damaged table is then a clean error too.
    connection = open_connection(path, write=False)
    try:
        with (
            pytest.raises(LedgerFileError, match="damaged|not a ratingkit ledger") as e,
            sqlite_errors(path, "listing period 2026-01"),
        ):
            connection.execute("SELECT * FROM players").fetchall()
        _one_line(e.value, path)
    finally:
        connection.close()


def test_thirty_ledgers_with_flipped_bytes_are_refused_or_sound_and_never_written(tmp_path):
    rng = random.Random(16_08)
    refused = accepted = 0
    for n in range(30):
        path = _ledger(tmp_path / f"book{n}.sqlite")
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 8)):
            where = rng.randrange(len(data))
            data[where] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        verdict = _integrity(path)
        try:
            connection = open_connection(path, write=True)
        except LedgerError as error:
            _one_line(error, path)
            assert path.read_bytes() == data  # refused before anything was written
            refused += 1
            continue
        try:
            # Accepted: then SQLite finds the file sound, and the ledger may write.
            assert verdict == "ok", (n, verdict)
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("UPDATE settings SET value = 'x' WHERE key = 'created'")
            connection.execute("COMMIT")
        finally:
            connection.close()
        assert _integrity(path) == "ok"
        accepted += 1
    assert refused + accepted == 30 and refused > 0 and accepted > 0


def test_integrity_check_is_the_full_one_up_to_the_limit_and_quick_above(tmp_path, monkeypatch):
    # An index that disagrees with its table: quick_check does not look, integrity_check does.
    path = _ledger(tmp_path / "book.sqlite")
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA writable_schema = ON")
    connection.execute(
        "UPDATE sqlite_master SET sql = 'CREATE INDEX players_by_name ON players(name)' "
        "WHERE name = 'players_by_name'"
    )
    connection.commit()
    connection.close()
    connection = sqlite3.connect(path)
    quick = connection.execute("PRAGMA quick_check").fetchone()[0]
    full = connection.execute("PRAGMA integrity_check").fetchone()[0]
    connection.close()
    assert quick == "ok" and full != "ok"
    with pytest.raises(LedgerFileError, match="integrity_check"):
        open_connection(path, write=True)
    monkeypatch.setattr(ledgerfile, "FULL_CHECK_LIMIT_BYTES", 0)
    open_connection(path, write=True).close()


# -- reading without write access --------------------------------------------------------------
_READER = textwrap.dedent(
    """
    import json, os, sys
    from ratingkit.services.ledgerfile import LedgerError, open_connection
    out = {"uid": os.getuid()}
    try:
        c = open_connection(sys.argv[1], write=False)
        out["read"] = [r[0] for r in c.execute("SELECT name FROM players ORDER BY id")][-1]
        c.close()
    except LedgerError as e:
        out["read_error"] = str(e)
    try:
        open_connection(sys.argv[1], write=True).close()
        out["write"] = "opened"
    except LedgerError as e:
        out["write_error"] = str(e)
    print(json.dumps(out))
    """
)


def _as_nobody(nobody, path: Path) -> dict[str, object]:
    """Run the reader as user ``nobody`` (root ignores file permissions, so a test as root
    would prove nothing): ``setpriv`` drops to uid/gid 65534 with no supplementary groups,
    ratingkit imported from a copy nobody may read (tests/as_nobody.py)."""
    import json

    result = nobody.run("-c", _READER, str(path))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["uid"] == 65534
    return out


needs_nobody = pytest.mark.skipif(
    as_nobody.unavailable() is not None, reason=str(as_nobody.unavailable())
)


@pytest.fixture
def shared_folder():
    """A folder outside pytest's (root-only) temporary tree that 'nobody' can enter."""
    folder = as_nobody.readable_folder("ratingkit-ledgerfile-")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@needs_nobody
def test_a_ledger_nobody_may_write_is_read_as_nobody_and_writing_is_refused(shared_folder, nobody):
    # A ledger at rest in WAL mode (no -wal/-shm), its file 0644 and its folder 0755, both
    # root's: 'nobody' can read both and write neither.  mode=ro alone fails here ("attempt
    # to write a readonly database", checked below); the reader falls back to immutable=1.
    path = _ledger(shared_folder / "book.sqlite")
    os.chmod(path, 0o644)
    before = _digest(path)
    out = _as_nobody(nobody, path)
    assert out["read"] == f"Player Number {PLAYERS}", out
    assert "read-only for you" in str(out["write_error"]), out
    assert str(path) in str(out["write_error"])
    assert _digest(path) == before
    assert sorted(p.name for p in shared_folder.iterdir()) == ["book.sqlite"]
    plain = nobody.run(
        "-c",
        "import sqlite3, sys; c = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', uri=True)\n"
        "try: c.execute('SELECT 1 FROM players')\nexcept sqlite3.Error as e: print(e)",
        str(path),
    )
    assert "readonly" in plain.stdout  # why the fallback exists


@needs_nobody
def test_reading_as_nobody_sees_a_writers_uncheckpointed_changes(shared_folder, nobody):
    # A writer at work: -wal and -shm exist (root's, readable); mode=ro reads through them.
    path = _ledger(shared_folder / "book.sqlite")
    writer = open_connection(path, write=True)
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        writer.execute("UPDATE players SET name = 'Changed' WHERE id = ?", (PLAYERS,))
        for side in ("-wal", "-shm"):
            os.chmod(f"{path}{side}", 0o644)
        assert Path(f"{path}-wal").stat().st_size > 0
        out = _as_nobody(nobody, path)
        assert out["read"] == "Changed", out  # not the file's older 'Player Number 300'
    finally:
        writer.close()


@needs_nobody
def test_changes_left_in_a_wal_that_nobody_cannot_read_are_refused_in_one_line(
    shared_folder, nobody
):
    # A writer killed with its changes in -wal and the -shm gone: without write access to
    # the folder they cannot be read, and reading the file alone would show an old list.
    path = _ledger(shared_folder / "book.sqlite")
    script = textwrap.dedent(
        """
        import os, sys
        from ratingkit.services.ledgerfile import open_connection
        c = open_connection(sys.argv[1], write=True)
        c.execute("PRAGMA wal_autocheckpoint = 0")
        c.execute("UPDATE players SET name = 'Changed'")
        os._exit(0)
        """
    )
    subprocess.run(
        [sys.executable, "-c", script, str(path)],
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    Path(f"{path}-shm").unlink()
    os.chmod(f"{path}-wal", 0o644)
    out = _as_nobody(nobody, path)
    assert "latest changes are in book.sqlite-wal" in str(out["read_error"]), out
    assert "read" not in out


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores modes")
def test_a_ledger_in_a_read_only_folder_is_read_without_write_access(tmp_path):
    # The same as the 'nobody' test, for a run that is not root: the modes are honest.
    folder = tmp_path / "ro"
    folder.mkdir()
    path = _ledger(folder / "book.sqlite")
    os.chmod(path, 0o444)
    os.chmod(folder, 0o555)
    try:
        connection = open_connection(path, write=False)
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
        connection.close()
        with pytest.raises(LedgerError, match="read-only for you"):
            open_connection(path, write=True)
    finally:
        os.chmod(folder, 0o755)


def _chattr(flag: str, *paths: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    run = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    return run.returncode == 0


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="chattr +i needs root")
def test_an_immutable_file_and_folder_are_read_and_refused_for_writing_even_as_root(tmp_path):
    # chattr +i binds root too (EPERM on any change): the same process, no modes to trust.
    folder = tmp_path / "locked"
    folder.mkdir()
    path = _ledger(folder / "book.sqlite")
    if not _chattr("+i", path):
        pytest.skip("the file system has no immutable attribute")
    try:
        with pytest.raises(LedgerError, match="read-only for you"):
            open_connection(path, write=True)
        if not _chattr("+i", folder):
            pytest.skip("the file system has no immutable attribute for folders")
        # Now SQLite cannot even make the -shm: mode=ro fails and immutable=1 reads.
        connection = open_connection(path, write=False)
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
        connection.close()
        assert sorted(p.name for p in folder.iterdir()) == ["book.sqlite"]
    finally:
        _chattr("-i", folder, path)


# -- SQLite's failures while working ---------------------------------------------------------
def test_a_full_disk_is_one_line_and_the_ledger_keeps_its_last_state(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    connection = open_connection(path, write=True)
    try:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full
        connection.execute("BEGIN IMMEDIATE")
        with (
            pytest.raises(LedgerError, match="the disk is full") as e,
            sqlite_errors(path, "importing big.trf"),
        ):
            connection.executemany(
                "INSERT INTO players (key, name, name_key) VALUES (?, ?, ?)",
                [(f"new:{i}", "x" * 200, "x") for i in range(2000)],
            )
        text = _one_line(e.value, path)
        assert "database or disk is full" in text and "free some space" in text
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
    finally:
        connection.close()


def test_a_lock_held_by_another_program_is_a_busy_error_after_the_timeout(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        connection = open_connection(path, write=True, busy_timeout=0.2)  # a WAL read: no wait
        try:
            started = time.monotonic()
            with (
                pytest.raises(LedgerBusyError, match="another program holds a lock") as e,
                sqlite_errors(path, "rating period 2026-01", busy_timeout=0.2),
            ):
                connection.execute("BEGIN IMMEDIATE")
            assert 0.15 < time.monotonic() - started < 5
            text = _one_line(e.value, path)
            assert "waited 0.2 s" in text and "try again" in text
        finally:
            connection.close()
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_rollback_mode_lock_blocks_even_the_opening_and_says_so(tmp_path):
    # An older ledger in rollback mode held EXCLUSIVE by another program: reading waits.
    path = tmp_path / "old.sqlite"
    connection = sqlite3.connect(path)
    _initialise(connection)
    connection.commit()
    connection.close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE settings SET value = 'y' WHERE key = 'created'")
    try:
        with pytest.raises(LedgerBusyError, match="another program holds a lock"):
            open_connection(path, write=False, busy_timeout=0.1)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_what_the_ledger_cannot_store_is_one_line_and_nothing_changes(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    connection = open_connection(path, write=True)
    try:
        for bad in (
            ("INSERT INTO players (key, name, name_key) VALUES ('id:1', 'Dup', 'dup')", ()),
            ("INSERT INTO players (key, name, name_key) VALUES (?, 'Big', 'big')", (10**20,)),
            ("INSERT INTO participants VALUES (999, 999, '1', NULL, '{}')", ()),  # foreign key
        ):
            connection.execute("BEGIN IMMEDIATE")
            with (
                pytest.raises(LedgerError, match="cannot store this.*nothing was changed") as e,
                sqlite_errors(path, "importing x.trf"),
            ):
                connection.execute(*bad)
            _one_line(e.value, path)
            connection.execute("ROLLBACK")
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
    finally:
        connection.close()


def test_not_a_database_and_malformed_met_while_working_are_file_errors(tmp_path):
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a database at all, but long enough to fill a header\n" * 20)
    connection = sqlite3.connect(text_file)
    with (
        pytest.raises(LedgerFileError, match="not a ratingkit ledger.*file is not a database"),
        sqlite_errors(text_file, "listing"),
    ):
        connection.execute("SELECT * FROM sqlite_master").fetchall()
    connection.close()
    path = _ledger(tmp_path / "book.sqlite")
    _damage_players_table(path)
    connection = sqlite3.connect(path)
    with (
        pytest.raises(LedgerFileError, match="damaged.*malformed.*backup"),
        sqlite_errors(path, "listing"),
    ):
        connection.execute("SELECT * FROM players").fetchall()
    connection.close()


def test_an_io_error_is_one_line(tmp_path):
    # SQLite's I/O errors cannot be provoked portably; this is the exception the module
    # raises for them (an extended code of SQLITE_IOERR, and its text without a code).
    path = tmp_path / "book.sqlite"
    for code in (sqlite3.SQLITE_IOERR_WRITE, None):
        error = sqlite3.OperationalError("disk I/O error")
        if code is not None:
            error.sqlite_errorcode = code  # type: ignore[attr-defined]
        with (
            pytest.raises(LedgerError, match="input/output error.*check the disk") as e,
            sqlite_errors(path, "rating period 2026-01"),
        ):
            raise error
        _one_line(e.value, path)


def test_a_programming_error_is_not_disguised(tmp_path):
    connection = sqlite3.connect(":memory:")
    with (
        pytest.raises(sqlite3.OperationalError, match="syntax error"),
        sqlite_errors(tmp_path / "x", "anything"),
    ):
        connection.execute("SELEC 1")


# -- creating ----------------------------------------------------------------------------------
def test_creating_refuses_an_existing_file_a_folder_and_a_missing_folder(tmp_path):
    existing = tmp_path / "book.sqlite"
    existing.write_text("keep me")
    with pytest.raises(LedgerFileError, match="file exists"):
        create_ledger_file(existing, _initialise)
    assert existing.read_text() == "keep me"
    with pytest.raises(LedgerFileError, match="a folder of that name exists"):
        create_ledger_file(tmp_path, _initialise)
    missing = tmp_path / "no" / "such" / "book.sqlite"
    with pytest.raises(LedgerFileError, match="the folder .* does not exist; create it first"):
        create_ledger_file(missing, _initialise)
    assert not (tmp_path / "no").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.sqlite"]


@pytest.mark.parametrize("suffix", ["-wal", "-journal"])
def test_creating_refuses_a_wal_or_journal_of_an_earlier_database_of_that_name(tmp_path, suffix):
    path = tmp_path / "book.sqlite"
    Path(f"{path}{suffix}").write_bytes(b"\x37\x7f\x06\x82" + bytes(28))
    with pytest.raises(LedgerFileError, match=f"book.sqlite{suffix} is left from an earlier"):
        create_ledger_file(path, _initialise)
    assert not path.exists()


def test_empty_side_files_a_reader_left_do_not_block_a_new_ledger_of_that_name(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    reader = open_connection(path, write=False)
    reader.execute("SELECT COUNT(*) FROM players").fetchone()
    reader.close()
    sides = [Path(f"{path}-wal"), Path(f"{path}-shm")]
    assert all(side.exists() for side in sides) and sides[0].stat().st_size == 0
    path.unlink()  # the user removes the ledger and not what SQLite left beside it
    create_ledger_file(path, _initialise)
    connection = open_connection(path, write=True)
    assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == PLAYERS
    connection.close()
    assert _integrity(path) == "ok"


def test_a_failing_initialise_leaves_nothing(tmp_path):
    path = tmp_path / "book.sqlite"

    def broken(connection: sqlite3.Connection) -> None:
        _initialise(connection)
        raise LedgerError("the rule set 'nope' is not known")

    with pytest.raises(LedgerError, match="'nope' is not known"):
        create_ledger_file(path, broken)
    assert list(tmp_path.iterdir()) == []


def test_two_creations_at_once_make_one_ledger_and_one_file_exists_error(tmp_path):
    path = tmp_path / "book.sqlite"
    script = textwrap.dedent(
        """
        import sys, time
        sys.path.insert(0, sys.argv[2])
        from test_ledgerfile import _initialise
        from ratingkit.services.ledgerfile import LedgerError, create_ledger_file
        # together, if both have started by then (a loaded machine may start one late:
        # the verdict is the same, the second finds the file)
        time.sleep(max(0.0, float(sys.argv[3]) - time.time()))
        try:
            create_ledger_file(sys.argv[1], _initialise)
            print("created")
        except LedgerError as e:
            print(e)
        """
    )
    start = str(time.time() + 3)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-c", script, str(path), str(ROOT / "tests"), start]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env) for _ in "ab"]
    outs = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    assert outs.count("created") == 1, outs
    assert any("file exists; a new ledger needs a new file" in out for out in outs), outs
    assert _integrity(path) == "ok"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.sqlite"]


def test_stale_temporary_files_never_block_and_dead_ones_are_removed(tmp_path):
    path = tmp_path / "book.sqlite"
    host = ledgerfile._host()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    stale = tmp_path / f".book.sqlite.ratingkit-init.{host}.{dead}.deadbeef"
    stale_journal = Path(f"{stale}-journal")
    alive = tmp_path / f".book.sqlite.ratingkit-init.{host}.{os.getpid()}.cafebabe"
    elsewhere = tmp_path / ".book.sqlite.ratingkit-init.otherhost.1.00000000"
    for leftover in (stale, stale_journal, alive, elsewhere):
        leftover.write_bytes(b"SQLite format 3\x00" + bytes(50))
    create_ledger_file(path, _initialise)
    assert _integrity(path) == "ok"
    names = sorted(p.name for p in tmp_path.iterdir())
    # The dead process's files are gone; a live process's and another host's are kept.
    assert names == sorted(["book.sqlite", alive.name, elsewhere.name])
    old = time.time() - 2 * 24 * 3600
    os.utime(elsewhere, (old, old))
    path.unlink()
    create_ledger_file(path, _initialise)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["book.sqlite", alive.name])


_CREATOR = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[2])
    from pathlib import Path
    from test_ledgerfile import _initialise
    from ratingkit.services.ledgerfile import create_ledger_file
    folder = Path(sys.argv[1])
    print("ready", flush=True)
    n = 0
    while True:
        target = folder / f"book{n}.sqlite"
        create_ledger_file(target, _initialise)
        target.unlink()
        n += 1
    """
)


def test_kill_9_during_creation_leaves_no_ledger_or_a_whole_one(tmp_path):
    rng = random.Random(1620)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen_complete = seen_absent = seen_temp = 0
    for round_ in range(20):
        folder = tmp_path / f"round{round_}"
        folder.mkdir()
        proc = subprocess.Popen(
            [sys.executable, "-c", _CREATOR, str(folder), str(ROOT / "tests")],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        ledgers = sorted(folder.glob("book*.sqlite"))
        assert len(ledgers) <= 1, ledgers
        for ledger in ledgers:  # the one being created (or just created) when killed
            assert _integrity(ledger) == "ok"
            connection = open_connection(ledger, write=True)
            count = connection.execute("SELECT COUNT(*) FROM players").fetchone()[0]
            connection.close()
            assert count == PLAYERS
            seen_complete += 1
        # Whatever was left, a new ledger under the name being created (removed if whole)
        # is made, and no temporary file of the killed process blocks it or stays.
        names = {p.name.lstrip(".").split(".sqlite")[0] for p in folder.iterdir()}
        seen_temp += any(p.name.startswith(".") for p in folder.iterdir())
        assert len(names) <= 1, names
        for ledger in ledgers:
            ledger.unlink()
        target = folder / f"{names.pop() if names else 'book0'}.sqlite"
        create_ledger_file(target, _initialise)
        assert _integrity(target) == "ok"
        assert sorted(p.name for p in folder.iterdir()) == [target.name]
        seen_absent += not ledgers
    assert seen_complete + seen_absent == 20
    print(f"killed 20 times: {seen_temp} during a build, {seen_complete} left a whole ledger")
    assert seen_temp > 0  # the kills did land inside creations


# -- the WAL's checkpoint size (issue 28: the month's wall time) -----------------------------
def test_connections_get_the_checkpoint_size_and_page_cache_the_module_names(tmp_path):
    path = _ledger(tmp_path / "book.sqlite")
    writer = open_connection(path, write=True)
    reader = open_connection(path, write=False)
    try:
        pragma = lambda c, name: c.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
        assert pragma(writer, "wal_autocheckpoint") == ledgerfile.WAL_CHECKPOINT_PAGES
        assert pragma(writer, "journal_size_limit") == ledgerfile.WAL_SIZE_LIMIT_BYTES
        assert pragma(writer, "temp_store") == 2  # MEMORY (SQLite's default is 0)
        for connection in (writer, reader):
            assert pragma(connection, "cache_size") == -ledgerfile.CACHE_KIB
        # More than SQLite's default, or the setting would change nothing.
        assert ledgerfile.WAL_CHECKPOINT_PAGES > 1000
    finally:
        writer.close()
        reader.close()


def test_kill_9_with_a_wal_past_sqlites_default_checkpoint_keeps_every_commit(tmp_path):
    # Six commits of 1 MB each: 1,500 pages of WAL, past SQLite's default checkpoint (1,000
    # pages) but under the ledger's, so the file itself is untouched when the writer is
    # killed; the next connection replays the WAL, and its close folds it into the file.
    path = _ledger(tmp_path / "book.sqlite")
    before = _digest(path)
    script = textwrap.dedent(
        """
        import sys, time
        from ratingkit.services.ledgerfile import open_connection
        c = open_connection(sys.argv[1], write=True)
        for i in range(6):
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO settings VALUES (?, ?)", (f"bulk-{i}", str(i) * 2**20))
            c.execute("COMMIT")
        print("committed", flush=True)
        time.sleep(60)
        """
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", script, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "committed"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    wal = Path(f"{path}-wal")
    assert wal.stat().st_size > 1000 * 4096
    assert _digest(path) == before  # no checkpoint ran: every commit is only in the WAL
    connection = open_connection(path, write=True)
    try:
        rows = connection.execute(
            "SELECT key, length(value) FROM settings WHERE key LIKE 'bulk-%' ORDER BY key"
        ).fetchall()
    finally:
        connection.close()
    assert rows == [(f"bulk-{i}", 2**20) for i in range(6)]
    assert not wal.exists()  # the close folded the WAL into the file
    assert _integrity(path) == "ok"
    whole = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        count = whole.execute("SELECT count(*) FROM settings WHERE key LIKE 'bulk-%'")
        assert count.fetchone()[0] == 6  # the file alone holds them
    finally:
        whole.close()
