"""The ledger's SQLite file: opening it, creating it and turning SQLite's failures into one
clear line (issue 16, 8: "Integrity first").

:func:`open_connection` refuses, before anything is read or written, a file that is not a
usable ledger: a missing file, a folder, an empty file, a file without the SQLite header (a
text file), a truncated file, an SQLite database of another program, and (when writing) a
damaged one.  Reading never needs write access.  :func:`create_ledger_file` builds a new ledger
in a temporary file beside the target and gives it its name only when it is complete, so that
``kill -9`` at any moment leaves either no ledger or a whole one.  :func:`sqlite_errors`
translates what SQLite raises while the ledger works (a full disk, a read-only file, a lock
held by another program, an I/O error, a damaged page, a value SQLite cannot store) into a
:class:`LedgerError` that names the file and says what to do.

Reading a ledger in WAL mode.  SQLite's read-only connections (``mode=ro``) to a WAL database
need its ``-shm`` and ``-wal`` files: they work when those files exist (a writer is at work,
or was killed) or when the folder lets them be created.  A ledger at rest has neither (the
last connection folds the WAL into the file and removes both), so in a folder the reader may
not write, ``mode=ro`` fails with "attempt to write a readonly database".  Then, and only when
no ``-wal`` file with content lies beside the ledger, :func:`open_connection` opens it with
``immutable=1``: everything the ledger holds is in the file itself.  ``immutable`` tells
SQLite that nobody changes the file while it is read.  A writer (the ledger's owner) that
starts meanwhile writes into a new ``-wal`` and leaves the file alone until it folds the WAL
back in (at :data:`WAL_CHECKPOINT_PAGES` pages, or when it closes); a read that overlaps
that moment may fail (most likely as "database disk image is malformed", translated) and is
to be repeated.  A ``-wal``
(or a rollback ``-journal``) with content in a folder the reader cannot write is refused: its
changes could not be read, and the file alone would show an older list.  In a folder the
reader may write, a read-only connection leaves an empty ``-wal`` and a ``-shm`` behind
(SQLite's doing), which the next writer removes; they never block :func:`create_ledger_file`.
"""

from __future__ import annotations

import errno
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..core.errors import RatingkitError
from ..core.i18n import N_, _, tr

#: ``PRAGMA application_id`` of a ratingkit ledger ("RTKL").  A ledger made before the id was
#: set has 0 and is known by its ``settings`` table with a ``rules`` key; it gets the id the
#: first time it is opened for writing.
APPLICATION_ID = 0x52544B4C

#: A file up to this size is checked with ``PRAGMA integrity_check`` before it is written
#: (which also compares every index with its table); a larger one with ``PRAGMA
#: quick_check`` (the pages and records, not the indexes' content).  On a 514 MB ledger, with
#: the file in the page cache, quick_check takes about 1 s and integrity_check 2.4 s.
FULL_CHECK_LIMIT_BYTES = 64 * 2**20

#: A writer folds its WAL back into the file (a checkpoint) once the WAL holds this many pages
#: (SQLite's default is 1,000).  With ``synchronous = NORMAL`` a commit never waits for the
#: disk; a checkpoint does, twice (the WAL's flush, then the file's).  An import is one
#: transaction that touches a few hundred index pages spread over the ledger, so a FIDE-sized
#: month (2,000 imports) wrote 2.4 GB of WAL and made some 520 checkpoints with 1,044 disk
#: flushes of about 3.6 ms each: 2.7 s of its 13.9 s of wall time were spent waiting (issue
#: 28).  At 10,000 pages (about 40 MB) the checkpoints are a tenth as many.  What a crash
#: of the program leaves is unchanged: a commit is in the WAL whatever its size, ``kill -9``
#: leaves the ledger as of its last commit (the next connection replays the WAL), and the
#: last connection's close still folds the whole WAL into the file and removes it (so a CLI
#: command's work is on the disk when it ends).  A power cut or a crash of the system loses,
#: as with SQLite's default, the commits since the last checkpoint of a ledger still open
#: (``synchronous = NORMAL`` flushes at checkpoints only), now up to about 40 MB of them
#: instead of 4 MB; the ledger stays whole, as of an earlier commit.
WAL_CHECKPOINT_PAGES = 10_000

#: After a checkpoint the WAL file is cut back to this size (SQLite's default keeps it as
#: large as the largest transaction made it, until the last connection closes).
WAL_SIZE_LIMIT_BYTES = 64 * 2**20

#: SQLite keeps this many KiB of the ledger's pages per connection (its default is 2,000
#: KiB).  The players' and participants' indexes of a FIDE-sized month are some 50 MB, each
#: import touches pages all over them, and with 2 MB they were read again and again (about
#: 900,000 page reads in the month's import).  The pages are only taken as they are read.
CACHE_KIB = 64 * 1024

_MAGIC = b"SQLite format 3\x00"
_HEADER = 100
_CREATE = "'ratingkit db init'"
_TEMP_MARK = ".ratingkit-init."
#: A temporary file of an interrupted creation on another machine (or on Windows, where a
#: process id cannot be checked safely) is removed once it is this old.
_STALE_TEMP_SECONDS = 24 * 3600


class LedgerError(RatingkitError):
    """A request the ledger refuses (it says why and what to do instead)."""


class LedgerBusyError(LedgerError):
    """Another process holds the ledger's write lock for longer than the busy timeout."""


class LedgerFileError(LedgerError):
    """The file is not a usable ledger: missing, a folder, not SQLite, truncated, another
    program's database, or damaged."""


# -- opening ---------------------------------------------------------------------------------
def open_connection(
    path: str | os.PathLike[str],
    *,
    write: bool,
    busy_timeout: float = 10.0,
    check: bool | None = None,
) -> sqlite3.Connection:
    """A connection to the ledger at ``path``, after checking that the file is one.

    ``write=False`` opens it read-only (``mode=ro``; ``immutable=1`` in a folder the reader
    cannot write, see the module's notes) and never needs write access.  ``write=True`` also
    checks the file's integrity (``PRAGMA integrity_check`` up to
    :data:`FULL_CHECK_LIMIT_BYTES`, ``PRAGMA quick_check`` above) before anything is written,
    then sets ``application_id`` on an older ledger, ``journal_mode=WAL``, the WAL's
    checkpoint size (:data:`WAL_CHECKPOINT_PAGES`, :data:`WAL_SIZE_LIMIT_BYTES`); every
    connection gets ``foreign_keys=ON`` and a page cache of :data:`CACHE_KIB` KiB.
    ``check`` (default: ``write``) asks for that integrity check whatever the mode:
    ``check=True`` with ``write=False`` refuses to read a damaged ledger.
    The connection has ``isolation_level=None`` (the caller issues ``BEGIN IMMEDIATE``) and
    waits ``busy_timeout`` seconds for another process's lock.

    Raises :class:`LedgerFileError` (one line naming the file) for what is not a usable
    ledger, :class:`LedgerBusyError` for a lock held too long, :class:`LedgerError` for a
    file that cannot be written when ``write`` asks for it.
    """
    target = Path(path)
    _check_file(target)
    if write:
        _check_writable(target)
    connection = _connect(target, write=write, immutable=False, busy_timeout=busy_timeout)
    try:
        with sqlite_errors(target, N_("opening the ledger"), busy_timeout=busy_timeout):
            try:
                _check_identity(target, connection)
            except sqlite3.OperationalError as exc:
                if write or _code(exc) not in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
                    raise
                connection.close()
                connection = _read_without_shm(target, busy_timeout)
                _check_identity(target, connection)
            if write if check is None else check:
                _check_integrity(target, connection)
            if write:
                if connection.execute("PRAGMA application_id").fetchone()[0] == 0:
                    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
                connection.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT_BYTES}")
                # A savepoint's statement journal in memory, not a temporary file: an import
                # of many files keeps one a file (1.6 GB written to /var/tmp for a FIDE
                # month's 2,000, each under a megabyte).  Set at the open, before any TEMP
                # table: changing it later drops the connection's TEMP tables, among them
                # the mark of the lists the rating keeps (ledger/earlier_lists.py).
                connection.execute("PRAGMA temp_store = MEMORY")
            connection.execute(f"PRAGMA cache_size = {-CACHE_KIB}")
            connection.execute("PRAGMA foreign_keys=ON")
    except UnicodeDecodeError:
        # SQLite's message about a damaged schema quotes its bytes, which are then no text.
        connection.close()
        raise LedgerFileError(
            tr(
                (
                    "{target}: damaged (SQLite's report on it is not even readable "
                    "text); nothing was written; restore the ledger from a backup"
                ),
                target=target,
            )
        ) from None
    except BaseException:
        connection.close()
        raise
    return connection


def _uri(path: Path) -> str:
    return Path(os.path.abspath(path)).as_uri()


def _connect(
    path: Path, *, write: bool, immutable: bool, busy_timeout: float
) -> sqlite3.Connection:
    query = "mode=rw" if write else "mode=ro&immutable=1" if immutable else "mode=ro"
    with sqlite_errors(path, N_("opening the ledger"), busy_timeout=busy_timeout):
        connection = sqlite3.connect(
            f"{_uri(path)}?{query}", uri=True, timeout=busy_timeout, isolation_level=None
        )
        connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    return connection


def _read_without_shm(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """``mode=ro`` failed: the folder does not let SQLite make the WAL's ``-shm``/``-wal``.
    Everything is in the file unless a ``-wal`` (or a rollback ``-journal``) has content."""
    wal, journal = Path(f"{path}-wal"), Path(f"{path}-journal")
    if journal.exists() and journal.stat().st_size > 0:
        raise LedgerFileError(
            tr(
                (
                    "{path}: a write to it was interrupted ({name} holds what must "
                    "be undone), which cannot be done without write access to the "
                    "folder {parent}; ask the ledger's owner to run a writing "
                    "command once"
                ),
                path=path,
                name=journal.name,
                parent=path.parent,
            )
        )
    if wal.exists() and wal.stat().st_size > 0:
        raise LedgerFileError(
            tr(
                (
                    "{path}: its latest changes are in {wal}, which cannot be read "
                    "without write access to the folder {parent}; copy {ledger} "
                    "together with {wal} into a folder you can write and read the "
                    "copy, or ask the ledger's owner to run a writing command once"
                ),
                path=path,
                wal=wal.name,
                parent=path.parent,
                ledger=path.name,
            )
        )
    return _connect(path, write=False, immutable=True, busy_timeout=busy_timeout)


def _check_file(path: Path) -> None:
    """The file exists, is a file, starts with SQLite's header and is as long as it says."""
    if not path.exists():
        if path.is_symlink():
            raise LedgerFileError(
                tr("{path}: a link to a file that does not exist, not a ledger", path=path)
            )
        raise LedgerFileError(
            tr("{path}: no ledger here (create one with {create})", path=path, create=_CREATE)
        )
    if path.is_dir():
        raise LedgerFileError(
            tr(
                (
                    "{path}: a folder, not a ledger file; give the ledger's file "
                    "(create one with {create})"
                ),
                path=path,
                create=_CREATE,
            )
        )
    try:
        with open(path, "rb") as handle:
            header = handle.read(_HEADER)
            size = os.fstat(handle.fileno()).st_size
    except PermissionError:
        raise LedgerFileError(
            tr(("{path}: you may not read this file; ask its owner for read access"), path=path)
        ) from None
    except OSError as exc:
        raise LedgerFileError(
            tr("{path}: cannot be read ({strerror})", path=path, strerror=exc.strerror or exc)
        ) from None
    if size == 0:
        raise LedgerFileError(
            tr(
                ("{path}: an empty file (0 bytes), not a ledger; create one with {create}"),
                path=path,
                create=_CREATE,
            )
        )
    magic = header[: len(_MAGIC)]
    if magic != _MAGIC[: len(magic)]:
        raise LedgerFileError(
            tr(
                (
                    "{path}: not a ratingkit ledger (not an SQLite database: it does "
                    "not start with the SQLite header; a text file?)"
                ),
                path=path,
            )
        )
    wal = Path(f"{path}-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    if len(header) < _HEADER:
        raise LedgerFileError(
            tr(
                (
                    "{path}: truncated ({size} bytes, shorter than SQLite's 100-byte "
                    "header); restore the ledger from a backup"
                ),
                path=path,
                size=size,
            )
        )
    # SQLite's file format versions (bytes 18, 19: 1 legacy, 2 WAL) and schema format
    # number (bytes 44-47: 1 to 4); anything else is a flipped bit or a file of a future
    # SQLite, which "unsupported file format" or a silent read-only mode would meet later.
    versions = header[18], header[19]
    schema_format = int.from_bytes(header[44:48], "big")
    if any(v not in (1, 2) for v in versions) or schema_format > 4:
        raise LedgerFileError(
            tr(
                (
                    "{path}: damaged (its SQLite header gives file format versions "
                    "{write_version}/{read_version} and schema format {schema_format}, where "
                    "SQLite writes 1 or 2 and 1 to 4); nothing was written; restore "
                    "the ledger from a backup"
                ),
                path=path,
                write_version=versions[0],
                read_version=versions[1],
                schema_format=schema_format,
            )
        )
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise LedgerFileError(
            tr(
                (
                    "{path}: damaged (its SQLite header gives a page size of "
                    "{page_size}); restore the ledger from a backup"
                ),
                path=path,
                page_size=page_size,
            )
        )
    pages = int.from_bytes(header[28:32], "big")
    header_valid = header[24:28] == header[92:96] and pages > 0
    # With changes pending in the -wal file (a writer at work, or one killed while it folded
    # them in) the file may be shorter than its new header says until SQLite finishes.
    if not pending and header_valid and size < pages * page_size:
        raise LedgerFileError(
            tr(
                (
                    "{path}: truncated ({size:,} bytes where its header says "
                    "{expected:,}); restore the ledger from a backup"
                ),
                path=path,
                size=size,
                expected=pages * page_size,
            )
        )
    if not pending and size % page_size:
        raise LedgerFileError(
            tr(
                (
                    "{path}: truncated or damaged ({size:,} bytes, not a whole "
                    "number of {page_size}-byte pages); restore the ledger from a "
                    "backup"
                ),
                path=path,
                size=size,
                page_size=page_size,
            )
        )


def _check_writable(path: Path) -> None:
    folder = path.parent
    if not os.access(path, os.W_OK):
        raise LedgerError(
            tr(
                (
                    "{path}: the ledger file is read-only for you; reading commands "
                    "(db list, db history) work, changing it needs write access to "
                    "the file"
                ),
                path=path,
            )
        )
    sides = [Path(f"{path}{s}") for s in ("-wal", "-shm")]
    if not os.access(folder, os.W_OK | os.X_OK) and not all(
        side.exists() and os.access(side, os.W_OK) for side in sides
    ):
        raise LedgerError(
            tr(
                (
                    "{path}: its folder {folder} is read-only for you, and SQLite "
                    "writes the ledger's -wal and -shm files there; reading commands "
                    "(db list, db history) work, changing it needs write access to "
                    "the folder"
                ),
                path=path,
                folder=folder,
            )
        )


def _check_identity(path: Path, connection: sqlite3.Connection) -> None:
    """The database is a ratingkit ledger: its application id, or an older ledger's settings."""
    app = connection.execute("PRAGMA application_id").fetchone()[0]
    if app not in (APPLICATION_ID, 0):
        raise LedgerFileError(
            tr(
                (
                    "{path}: an SQLite database of another program (application id "
                    "0x{app_id:08X}), not a ratingkit ledger"
                ),
                path=path,
                app_id=app & 0xFFFFFFFF,
            )
        )
    has_settings = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'"
    ).fetchone()
    rules = None
    if has_settings:
        try:
            rules = connection.execute("SELECT value FROM settings WHERE key = 'rules'").fetchone()
        except sqlite3.OperationalError as exc:  # a 'settings' table of another shape
            if _code(exc) != sqlite3.SQLITE_ERROR:
                raise
    if rules is None:
        raise LedgerFileError(
            tr(
                (
                    "{path}: an SQLite database but not a ratingkit ledger (it has "
                    "no settings table naming its rule set); create a ledger with "
                    "{create}"
                ),
                path=path,
                create=_CREATE,
            )
        )


def _check_integrity(path: Path, connection: sqlite3.Connection) -> None:
    """Refuse a damaged file before the caller writes into it."""
    size = path.stat().st_size
    pragma = "integrity_check" if size <= FULL_CHECK_LIMIT_BYTES else "quick_check"
    # SQLite's report quotes damaged bytes (a name whose UTF-8 a flipped bit broke).
    connection.text_factory = _lenient_text
    try:
        rows = [row[0] for row in connection.execute(f"PRAGMA {pragma}(20)")]
    finally:
        connection.text_factory = str
    if rows != ["ok"]:
        more = " " + tr("and {count} more", count=len(rows) - 1) if len(rows) > 1 else ""
        first = " ".join(str(rows[0]).split()) if rows else _("no answer")
        raise LedgerFileError(
            tr(
                (
                    "{path}: damaged (PRAGMA {pragma}: {first}{more}); nothing was "
                    "written; restore the ledger from a backup"
                ),
                path=path,
                pragma=pragma,
                first=first,
                more=more,
            )
        )


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


# -- creating --------------------------------------------------------------------------------
def create_ledger_file(
    path: str | os.PathLike[str], initialise: Callable[[sqlite3.Connection], None]
) -> None:
    """Create the ledger file ``path``: either it appears complete or not at all.

    ``initialise(connection)`` builds the schema and settings inside one transaction (already
    begun; committed if still open when it returns) of a temporary file in the target's
    folder, whose ``application_id`` is :data:`APPLICATION_ID`.  The file is then switched to
    WAL, closed, flushed to disk and linked under its name with ``os.link``, which fails if a
    file of that name exists (so two ``db init`` at once cannot overwrite each other), and the
    temporary name is removed.  A ``kill -9`` before the link leaves only a temporary file
    (``.NAME.ratingkit-init.HOST.PID.TOKEN``), which never blocks a later creation (each has
    its own name) and is removed by it once its process is gone; after the link, the ledger
    is complete.  On a file system without hard links the temporary file is renamed instead,
    after checking the name is free while holding an exclusive lock on the folder.

    Refuses (:class:`LedgerFileError`) an existing target, a missing folder, a folder one may
    not write, and a ``-wal`` or ``-journal`` file with content of an earlier database of that
    name (SQLite would read it as part of the new ledger).
    """
    target = Path(path)
    folder = target.parent
    _check_new_target(target)
    _remove_stale_temps(target)
    token = os.urandom(4).hex()
    temp = folder / f".{target.name}{_TEMP_MARK}{_host()}.{os.getpid()}.{token}"
    try:
        with sqlite_errors(target, N_("creating the ledger")):
            connection = sqlite3.connect(f"{_uri(temp)}?mode=rwc", uri=True, isolation_level=None)
            try:
                connection.execute("BEGIN IMMEDIATE")
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                initialise(connection)
                if connection.in_transaction:
                    connection.execute("COMMIT")
                connection.execute("PRAGMA journal_mode=WAL")
            finally:
                connection.close()
        try:
            _fsync(temp)
        except OSError as exc:
            raise LedgerFileError(
                tr(
                    ("{target}: cannot create the file ({strerror}); nothing was created"),
                    target=target,
                    strerror=exc.strerror or exc,
                )
            ) from None
        _publish(temp, target)
    finally:
        for suffix in ("", "-journal", "-wal", "-shm"):
            with suppress(FileNotFoundError):
                os.unlink(f"{temp}{suffix}")


def _check_new_target(target: Path) -> None:
    folder = target.parent
    if target.is_dir():
        raise LedgerFileError(
            tr(
                ("{target}: a folder of that name exists; a new ledger needs a new file"),
                target=target,
            )
        )
    if target.exists() or target.is_symlink():
        raise LedgerFileError(
            tr("{target}: file exists; a new ledger needs a new file", target=target)
        )
    if not folder.exists():
        raise LedgerFileError(
            tr(
                (
                    "{target}: the folder {folder} does not exist; create it first "
                    "(mkdir) or give another path"
                ),
                target=target,
                folder=folder,
            )
        )
    if not folder.is_dir():
        raise LedgerFileError(
            tr(
                "{target}: {folder} is not a folder; give another path",
                target=target,
                folder=folder,
            )
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise LedgerFileError(
            tr(
                (
                    "{target}: you may not create files in the folder {folder}; "
                    "choose a folder you can write"
                ),
                target=target,
                folder=folder,
            )
        )
    # A -wal or rollback -journal with content would be read (played back) into the new
    # ledger.  Empty ones, and a -shm (SQLite's first connection rebuilds it), are harmless;
    # a read-only connection leaves an empty -wal and a -shm behind it.
    for suffix in ("-wal", "-journal"):
        side = Path(f"{target}{suffix}")
        if side.exists() and side.stat().st_size > 0:
            raise LedgerFileError(
                tr(
                    (
                        "{target}: {name} is left from an earlier database of this name "
                        "and would be read as part of the new ledger; move it away first"
                    ),
                    target=target,
                    name=side.name,
                )
            )


def _publish(temp: Path, target: Path) -> None:
    """Give the complete temporary file the target's name, never replacing a file."""
    try:
        os.link(temp, target)
    except FileExistsError:
        raise LedgerFileError(
            tr("{target}: file exists; a new ledger needs a new file", target=target)
        ) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise LedgerFileError(
                tr(
                    ("{target}: cannot create the file ({strerror}); nothing was created"),
                    target=target,
                    strerror=exc.strerror or exc,
                )
            ) from None
        _rename_if_free(temp, target)
    _fsync_folder(target.parent)


def _rename_if_free(temp: Path, target: Path) -> None:
    """Without hard links: rename after an existence check, both under a lock on the folder
    (another ratingkit creating a ledger in that folder waits for it)."""
    try:
        import fcntl
    except ImportError:  # Windows: os.rename itself refuses an existing target
        fcntl = None  # type: ignore[assignment]
    handle = os.open(target.parent, os.O_RDONLY) if fcntl is not None else None
    try:
        if fcntl is not None and handle is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        if target.exists() or target.is_symlink():
            raise LedgerFileError(
                tr("{target}: file exists; a new ledger needs a new file", target=target)
            )
        try:
            os.rename(temp, target)
        except FileExistsError:
            raise LedgerFileError(
                tr("{target}: file exists; a new ledger needs a new file", target=target)
            ) from None
    finally:
        if handle is not None:
            os.close(handle)


def _host() -> str:
    name = socket.gethostname() or "host"
    return "".join(c if c.isalnum() or c == "-" else "-" for c in name)[:40]


def _remove_stale_temps(target: Path) -> None:
    """Remove the temporary files of earlier, interrupted creations of ``target``: this host's
    whose process is gone, and any older than a day."""
    prefix = f".{target.name}{_TEMP_MARK}"
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    host, now = _host(), time.time()
    for name in names:
        if not name.startswith(prefix):
            continue
        stem = name[len(prefix) :]
        for suffix in ("-journal", "-wal", "-shm"):
            stem = stem.removesuffix(suffix)
        parts = stem.split(".")
        file = target.parent / name
        try:
            old = now - file.stat().st_mtime > _STALE_TEMP_SECONDS
        except FileNotFoundError:
            continue
        gone = len(parts) == 3 and parts[0] == host and _process_gone(parts[1])
        if old or gone:
            with suppress(FileNotFoundError):
                file.unlink()


def _process_gone(pid_text: str) -> bool:
    if os.name == "nt" or not pid_text.isdigit():
        return False  # on Windows os.kill(pid, 0) would end the process
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _fsync(path: Path) -> None:
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _fsync_folder(folder: Path) -> None:
    if os.name == "nt":
        return
    with suppress(OSError):
        _fsync(folder)


# -- SQLite's errors -------------------------------------------------------------------------
def _code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(exc)
    for words, primary in _BY_TEXT:
        if words in text:
            return primary
    return None


_BY_TEXT = (
    ("database or disk is full", sqlite3.SQLITE_FULL),
    ("readonly database", sqlite3.SQLITE_READONLY),
    ("database is locked", sqlite3.SQLITE_BUSY),
    ("database table is locked", sqlite3.SQLITE_LOCKED),
    ("disk I/O error", sqlite3.SQLITE_IOERR),
    ("file is not a database", sqlite3.SQLITE_NOTADB),
    ("database disk image is malformed", sqlite3.SQLITE_CORRUPT),
    ("unable to open database file", sqlite3.SQLITE_CANTOPEN),
)


@contextmanager
def sqlite_errors(
    path: str | os.PathLike[str], doing: str, *, busy_timeout: float | None = None
) -> Iterator[None]:
    """Translate what SQLite raises inside the block into one line naming ``path``, saying
    what failed (``doing``, e.g. "rating period 2024-03") and what to do.

    A full disk, a read-only file or folder, an I/O error, a value SQLite cannot store
    (``sqlite3.IntegrityError``, ``OverflowError``, "string or blob too big") become a
    :class:`LedgerError`; a lock held by another program a :class:`LedgerBusyError`; "file is
    not a database", "database disk image is malformed" and a file SQLite cannot open a
    :class:`LedgerFileError`.  Programming errors (a syntax error, a closed connection) pass
    through.  The caller rolls back its transaction (SQLite may already have done so after a
    full disk or an I/O error, so check ``connection.in_transaction`` before ``ROLLBACK``).
    """
    doing = _(doing)  # marked with N_ where it is named
    try:
        yield
    except RatingkitError:
        raise
    except UnicodeDecodeError as exc:
        # ratingkit stores only text it can encode: a stored text that is not UTF-8 is damage
        # (a flipped bit inside a value, which PRAGMA integrity_check does not see).
        raise LedgerFileError(
            tr(
                (
                    "{path}: damaged: {doing}: a text stored in the ledger is not "
                    "valid UTF-8 ({reason} at byte {start}); nothing was written; "
                    "restore the ledger from a backup"
                ),
                path=path,
                doing=doing,
                reason=exc.reason,
                start=exc.start,
            )
        ) from None
    except OverflowError as exc:
        raise LedgerError(
            tr(
                "{path}: {doing}: the ledger cannot store this ({reason}); nothing was changed",
                path=path,
                doing=doing,
                reason=exc,
            )
        ) from None
    except sqlite3.IntegrityError as exc:
        raise LedgerError(
            tr(
                "{path}: {doing}: the ledger cannot store this ({reason}); nothing was changed",
                path=path,
                doing=doing,
                reason=exc,
            )
        ) from None
    except sqlite3.Error as exc:
        translated = _translate(Path(path), doing, exc, busy_timeout)
        if translated is None:
            raise
        raise translated from None
    except (ValueError, TypeError) as exc:
        # Not a RatingkitError: a stored value that does not decode (a word that is no
        # member of its enumeration, JSON cut short, a record's key changed), in a file whose
        # pages are sound.  It could also be a fault of ratingkit's own, which the message
        # does not hide; the original exception stays chained for a report.
        said = " ".join(str(exc).split())
        raise LedgerFileError(
            tr(
                (
                    "{path}: {doing} failed on a value stored in the ledger ({name}: "
                    "{said}); the ledger is damaged or was changed by another "
                    "program (or this is a fault of ratingkit's: report it); nothing "
                    "was written; restore it from a backup"
                ),
                path=path,
                doing=doing,
                name=type(exc).__name__,
                said=said,
            )
        ) from exc


def _translate(
    path: Path, doing: str, exc: sqlite3.Error, busy_timeout: float | None
) -> LedgerError | None:
    code = _code(exc)
    said = " ".join(str(exc).split())
    where = tr("{path}: {doing} failed", path=path, doing=doing)
    if said.startswith("foreign key mismatch"):  # the schema's text changed (sqlite_master)
        return LedgerFileError(
            tr(
                "{path}: damaged: its schema is not the one ratingkit writes ({said}); {doing} "
                "stopped, nothing was written; restore the ledger from a backup",
                path=path,
                said=said,
                doing=doing,
            )
        )
    if said == "unsupported file format":  # the header's schema format number
        return LedgerFileError(_damaged(path, said, doing))
    if said.startswith("Could not decode to UTF-8"):  # Python's sqlite3 reading a stored text
        column = said.split(" with text ")[0].removeprefix("Could not decode to UTF-8 ")
        return LedgerFileError(
            tr(
                "{path}: damaged: {doing}: a text stored in the ledger ({column}) is not valid "
                "UTF-8; nothing was written; restore the ledger from a backup",
                path=path,
                doing=doing,
                column=column,
            )
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        waited = (
            "" if busy_timeout is None else " " + tr("(waited {seconds:g} s)", seconds=busy_timeout)
        )
        return LedgerBusyError(
            tr(
                "{where}: another program holds a lock on the ledger{waited} ({said}); nothing "
                "was changed; try again when it has finished",
                where=where,
                waited=waited,
                said=said,
            )
        )
    if code == sqlite3.SQLITE_FULL:
        return LedgerError(
            tr(
                "{where}: the disk is full ({said}); nothing was changed; free some space on the "
                "disk of {folder} and try again",
                where=where,
                said=said,
                folder=path.parent,
            )
        )
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
        return LedgerError(
            tr(
                "{where}: the ledger or its folder is read-only ({said}); nothing was changed; "
                "reading commands (db list, db history) work, changing it needs write access to "
                "the file and its folder",
                where=where,
                said=said,
            )
        )
    if code == sqlite3.SQLITE_IOERR:
        return LedgerError(
            tr(
                "{where}: an input/output error ({said}); the ledger keeps its last committed "
                "state; check the disk (its space, its connection) and try again",
                where=where,
                said=said,
            )
        )
    if code == sqlite3.SQLITE_NOTADB:
        return LedgerFileError(
            tr(
                "{path}: not a ratingkit ledger ({said}); give a ledger file, or create one with "
                "{create}",
                path=path,
                said=said,
                create=_CREATE,
            )
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return LedgerFileError(_damaged(path, said, doing))
    if code == sqlite3.SQLITE_CANTOPEN:
        return LedgerFileError(
            tr(
                "{path}: SQLite cannot open it or create its -wal/-shm files beside it ({said}); "
                "check that the file and its folder exist and that you may read them",
                path=path,
                said=said,
            )
        )
    if code == sqlite3.SQLITE_TOOBIG:
        return LedgerError(
            tr(
                "{path}: {doing}: the ledger cannot store this ({reason}); nothing was changed",
                path=path,
                doing=doing,
                reason=said,
            )
        )
    if code == sqlite3.SQLITE_NOMEM:
        return LedgerError(
            tr("{where}: out of memory ({said}); nothing was changed", where=where, said=said)
        )
    if code == sqlite3.SQLITE_ERROR and said.startswith(("no such table", "no such column")):
        return LedgerFileError(
            tr(
                "{path}: not a complete ratingkit ledger ({said}); restore it from a backup",
                path=path,
                said=said,
            )
        )
    return None


def _damaged(path: Path, said: str, doing: str) -> str:
    return tr(
        "{path}: damaged ({said}); {doing} stopped, nothing was written; restore the ledger "
        "from a backup",
        path=path,
        said=said,
        doing=doing,
    )
