"""Killing the ledger with SIGKILL at random moments of its work (issue 16, 9: "Keep what
holds"), shared by ``tests/test_ledger_faults.py`` (a dozen kills) and
``bench/ledger_faults.py`` (as many as asked for).

A fixed sequence of ledger operations (:data:`STEPS`: ``db import-list``, ``db import``,
``db rate``, ``db rate --replace``, ``db import --replace``, ``db remove --replace`` and a WAL
checkpoint, each through ``ratingkit.cli.main`` as a user runs it) is first run to its end
without interruption; the digest of the ledger's content before each step is kept.  Then a
worker process runs the steps from some step on and is killed with SIGKILL after a random
delay.  After each kill the ledger must pass ``PRAGMA integrity_check``, its content must be
exactly that before or that after the step the kill interrupted, and the next step must work
(run here, in the parent).  The expected contents come from the uninterrupted run, not from
the interrupted one: a half-done step would show as a digest of neither.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import queue
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "tests" / "data" / "ledger" / "season"
FIDE_LIST = ROOT / "tests" / "data" / "ledger" / "fide-list" / "standard_rating_list.txt"
RULES = "fide-2014"

#: The tables whose content is compared, with the columns left out (the moments of the
#: import and of the rating, which differ between two runs of the same steps).
TABLES: dict[str, tuple[str, ...]] = {
    "events": ("imported",),
    "games": (),
    "packed_games": (),  # an event's plain games (schema 6)
    "players": (),
    "published": (),
    "state": (),
    "player_results": (),
    "periods": ("rated",),
    "participants": (),
    "byes": (),
    "results": (),
}

CHECKPOINT = "checkpoint"


def _event(name: str) -> str:
    return str(SEASON / f"{name}-games.csv")


#: (label, argv after the ledger's path, or CHECKPOINT).  Event ids follow the imports: 1
#: winter open, 2 club cup 1, 3 spring rr, 4 city open.
STEPS: tuple[tuple[str, tuple[str, ...] | str], ...] = (
    ("import-list", ("import-list", "{ledger}", str(FIDE_LIST))),
    ("import", ("import", "{ledger}", _event("2024-01-winter-open"))),
    ("import", ("import", "{ledger}", _event("2024-01-club-cup-1"))),
    ("rate", ("rate", "{ledger}", "--period", "2024-01")),
    ("import", ("import", "{ledger}", _event("2024-02-spring-rr"))),
    ("rate", ("rate", "{ledger}", "--period", "2024-02")),
    ("checkpoint", CHECKPOINT),
    (
        "import --replace",
        ("import", "{ledger}", _event("2024-03-club-cup-2"), "--period", "2024-01", "--replace"),
    ),
    ("rate --replace", ("rate", "{ledger}", "--period", "2024-01", "--replace")),
    ("remove --replace", ("remove", "{ledger}", "2", "--replace")),
    ("checkpoint", CHECKPOINT),
    ("import", ("import", "{ledger}", _event("2024-03-city-open"))),
    ("rate", ("rate", "{ledger}", "--period", "2024-03")),
    ("remove --replace", ("remove", "{ledger}", "3", "--replace")),
)


def content_digest(path: Path) -> str:
    """SHA-256 of the compared tables' rows (sorted), timestamps left out."""
    connection = sqlite3.connect(path)
    try:
        digest = hashlib.sha256()
        for table, skip in TABLES.items():
            connection.text_factory = _lenient
            columns = [
                row[1]
                for row in connection.execute(f"PRAGMA table_info({table})")
                if row[1] not in skip
            ]
            connection.text_factory = bytes  # the stored bytes, whether UTF-8 or not
            rows = connection.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
            digest.update(table.encode())
            for row in sorted(rows, key=repr):
                digest.update(repr(row).encode())
        return digest.hexdigest()
    finally:
        connection.close()


def _lenient(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def integrity(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return " ".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
    finally:
        connection.close()


def run_step(ledger: Path, index: int) -> None:
    """Step ``index`` in this process; raises AssertionError if it fails."""
    label, argv = STEPS[index]
    if argv == CHECKPOINT:
        connection = sqlite3.connect(ledger, isolation_level=None)
        try:
            busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            connection.close()
        if busy:
            raise AssertionError(f"step {index} ({label}): the checkpoint was blocked")
        return
    from ratingkit import cli

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli.main(["db", *(a.replace("{ledger}", str(ledger)) for a in argv)])
    if code != 0:
        raise AssertionError(f"step {index} ({label}) failed: {err.getvalue().strip()}")


def new_ledger(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    from ratingkit import cli

    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["db", "init", str(path), "--rules", RULES]) == 0


@dataclass(frozen=True)
class Reference:
    """The uninterrupted run: ``digests[i]`` is the content before step ``i`` (and
    ``digests[len(STEPS)]`` after the last); ``seconds[i]`` the time step ``i`` took."""

    digests: tuple[str, ...]
    seconds: tuple[float, ...]


def reference(folder: Path) -> Reference:
    path = folder / "reference.sqlite"
    new_ledger(path)
    digests, seconds = [content_digest(path)], []
    for index in range(len(STEPS)):
        started = time.perf_counter()
        run_step(path, index)
        seconds.append(time.perf_counter() - started)
        digests.append(content_digest(path))
    return Reference(tuple(digests), tuple(seconds))


_ZYGOTE = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
import ledger_fault_runs as runs
scratch = runs.Path(sys.argv[2])
# Every step once on a scratch ledger: the modules a step imports on first use are loaded
# here, once, and every worker forked from this process starts warm, its steps taking the
# times measured here.
runs.new_ledger(scratch)
seconds = []
for index in range(len(runs.STEPS)):
    started = time.perf_counter()
    runs.run_step(scratch, index)
    seconds.append(time.perf_counter() - started)
for suffix in ("", "-wal", "-shm"):
    runs.Path(f"{scratch}{suffix}").unlink(missing_ok=True)
os.write(1, ("ready " + " ".join(map(str, seconds)) + "\n").encode())
for order in sys.stdin:
    ledger, first = order.split()
    pid = os.fork()
    if pid == 0:
        try:
            # A reader's connection held open (as 'db list' in another window would be):
            # the steps' connections are then not the last to close and leave their changes
            # in the -wal, which the checkpoint step folds into the file.
            keeper = runs.sqlite3.connect(ledger)
            keeper.execute("SELECT COUNT(*) FROM settings").fetchone()
            os.write(1, b"pid %d\n" % os.getpid())
            for index in range(int(first), len(runs.STEPS)):
                os.write(1, b"start %d\n" % index)  # one write: a kill cannot split it
                runs.run_step(runs.Path(ledger), index)
                os.write(1, b"done %d\n" % index)
            code = 0
        except BaseException as error:
            os.write(2, f"{error}\n".encode())
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    os.write(1, b"exit %d %d\n" % (pid, status))
"""


@dataclass
class Faults:
    """What the kills found: where each landed and how the ledger was found."""

    landed: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    kills: int = 0
    finished_runs: int = 0
    problems: list[str] = field(default_factory=list)
    #: Each step's time in the warm process the workers are forked from.
    seconds: list[float] = field(default_factory=list)


class _Zygote:
    """A warm process that forks a worker for each run (``fork`` is POSIX only)."""

    def __init__(self, folder: Path):
        self.process = subprocess.Popen(
            [sys.executable, "-c", _ZYGOTE, str(ROOT / "tests"), str(folder / "warm.sqlite")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        assert self.process.stdout is not None
        stdout = self.process.stdout

        def read() -> None:
            for line in stdout:
                self.lines.put(line.strip())
            self.lines.put("eof")

        threading.Thread(target=read, daemon=True).start()
        ready = self.next(120)
        if not ready.startswith("ready"):
            raise AssertionError(f"the fault worker did not start: {ready}")
        self.seconds = [float(x) for x in ready.split()[1:]]

    def next(self, timeout: float) -> str:
        line = self.lines.get(timeout=timeout)
        if line == "eof":
            raise AssertionError("the fault worker's parent ended")
        return line

    def run(self, path: Path, first: int) -> int:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{path} {first}\n")
        self.process.stdin.flush()
        line = self.next(60)
        if not line.startswith("pid "):
            raise AssertionError(f"the fault worker said {line!r}")
        return int(line.split()[1])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _bring_to(path: Path, step: int, at: int) -> None:
    """The ledger at ``path`` (now before step ``at``) brought to before step ``step``."""
    if step < at:
        new_ledger(path)
        at = 0
    for index in range(at, step):
        run_step(path, index)


def run_faults(
    folder: Path, kills: int, seed: int, *, ref: Reference | None = None, log: bool = False
) -> Faults:
    """Kill a worker ``kills`` times at random moments; check the ledger after each kill.

    For each kill a step is drawn (every step alike), the ledger is brought to the state
    before it, and a worker forked from a warm process runs the steps from there on; it is
    killed after a random delay of up to 1.5 times the step's time measured in that warm process
    (so most kills land in the step drawn, some in the next ones, some between steps)."""
    ref = ref or reference(folder)
    rng = random.Random(seed)
    path = folder / "faults.sqlite"
    new_ledger(path)
    at = 0  # the ledger is as before step 'at'
    faults = Faults()
    zygote = _Zygote(folder)
    faults.seconds = zygote.seconds
    try:
        while faults.kills < kills:
            first = rng.randrange(len(STEPS))
            _bring_to(path, first, at)
            at = first
            pid = zygote.run(path, first)
            time.sleep(rng.uniform(0, zygote.seconds[first] * 1.5))
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            lines = []
            while not (line := zygote.next(60)).startswith(f"exit {pid} "):
                lines.append(line)
            status = int(line.split()[2])
            if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
                if status != 0:
                    raise AssertionError(f"the worker failed from step {first}: {lines}")
                faults.finished_runs += 1  # it finished before the kill: not counted
                new_ledger(path)
                at = 0
                continue
            faults.kills += 1
            marks = [line.split() for line in lines if re.fullmatch(r"(start|done) \d+", line)]
            if len(marks) != len(lines):
                raise AssertionError(f"the worker printed {lines}")
            started = [int(n) for kind, n in marks if kind == "start"]
            done = [int(n) for kind, n in marks if kind == "done"]
            if not started:
                where, step = "before the first step", first
            elif done and done[-1] == started[-1]:
                where, step = "between steps", started[-1] + 1
            else:
                step = started[-1]
                where = f"{step:2d} {STEPS[step][0]}"
            faults.landed[where] += 1
            verdict = integrity(path)
            if verdict != "ok":
                faults.problems.append(f"kill {faults.kills} ({where}): integrity: {verdict}")
                faults.found["damaged"] += 1
                break
            digest = content_digest(path)
            if digest == ref.digests[step]:
                faults.found["as before"] += 1
                at = step
            elif step < len(STEPS) and digest == ref.digests[step + 1]:
                faults.found["as after"] += 1
                at = step + 1
            else:
                faults.problems.append(
                    f"kill {faults.kills} ({where}): the ledger is neither as before nor as "
                    f"after step {step}"
                )
                faults.found["neither"] += 1
                break
            if log:
                print(f"kill {faults.kills}: {where}: as {'before' if at == step else 'after'}")
            if at == len(STEPS):
                new_ledger(path)
                at = 0
                continue
            try:
                run_step(path, at)  # the next operation works
            except AssertionError as error:
                faults.problems.append(f"kill {faults.kills} ({where}): then {error}")
                break
            if content_digest(path) != ref.digests[at + 1]:
                faults.problems.append(
                    f"kill {faults.kills} ({where}): step {at} after it gave another content"
                )
                break
            at += 1
            if at == len(STEPS):
                new_ledger(path)
                at = 0
    finally:
        zygote.close()
    return faults
