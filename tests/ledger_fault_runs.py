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
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
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
            connection.text_factory = str
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


_WORKER = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
import ledger_fault_runs as runs
ledger, first = sys.argv[2], int(sys.argv[3])
# Every step once on a scratch ledger before 'ready': the modules a step imports on first use
# are loaded, so the steps take their reference time and the random delay falls among them.
warm = runs.Path(ledger + ".warm")
runs.new_ledger(warm)
seconds = []
for index in range(len(runs.STEPS)):
    started = time.perf_counter()
    runs.run_step(warm, index)
    seconds.append(time.perf_counter() - started)
for suffix in ("", "-wal", "-shm"):
    runs.Path(f"{warm}{suffix}").unlink(missing_ok=True)
# A reader's connection held open (as 'db list' in another window would be): the steps'
# connections are then not the last to close and leave their changes in the -wal, which the
# checkpoint step folds into the file.
keeper = runs.sqlite3.connect(ledger)
keeper.execute("SELECT COUNT(*) FROM settings").fetchone()
os.write(1, ("ready " + " ".join(map(str, seconds)) + "\n").encode())
for index in range(first, len(runs.STEPS)):
    os.write(1, b"start %d\n" % index)  # one write: a kill cannot split the line
    runs.run_step(runs.Path(ledger), index)
    os.write(1, b"done %d\n" % index)
"""


@dataclass
class Faults:
    """What the kills found: where each landed and how the ledger was found."""

    landed: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    kills: int = 0
    finished_runs: int = 0
    problems: list[str] = field(default_factory=list)


def _start_worker(path: Path, first: int) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-c", _WORKER, str(ROOT / "tests"), str(path), str(first)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines: list[str] = []
    assert process.stdout is not None
    stdout = process.stdout

    def read() -> None:
        for line in stdout:
            lines.append(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    process._ratingkit_reader = reader  # type: ignore[attr-defined]
    return process, lines


def run_faults(
    folder: Path, kills: int, seed: int, *, ref: Reference | None = None, log: bool = False
) -> Faults:
    """Kill a worker ``kills`` times at random moments; check the ledger after each kill."""
    ref = ref or reference(folder)
    rng = random.Random(seed)
    path = folder / "faults.sqlite"
    new_ledger(path)
    first = 0
    faults = Faults()
    while faults.kills < kills:
        process, lines = _start_worker(path, first)
        deadline = time.monotonic() + 60
        while not lines and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        if not lines or not lines[0].startswith("ready"):
            process.kill()
            process.wait()
            stderr = process.stderr.read() if process.stderr else ""
            raise AssertionError(f"the worker did not start: {lines} {stderr}")
        # The delay: anywhere in the time the steps from 'first' on took in the worker's own
        # warm-up run (a worker that finishes first is not a kill).
        warm = [float(s) for s in lines[0].split()[1:]]
        time.sleep(rng.uniform(0, sum(warm[first:])))
        killed = process.poll() is None and f"done {len(STEPS) - 1}" not in lines
        if killed:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
        process._ratingkit_reader.join(10)  # type: ignore[attr-defined]
        stderr = process.stderr.read() if process.stderr else ""
        if not killed:
            if process.returncode != 0:
                raise AssertionError(f"the worker failed from step {first}: {stderr}")
            faults.finished_runs += 1
            new_ledger(path)
            first = 0
            continue
        faults.kills += 1
        marks = [line.split() for line in lines if re.fullmatch(r"(start|done) \d+", line)]
        started = [int(n) for kind, n in marks if kind == "start"]
        done = [int(n) for kind, n in marks if kind == "done"]
        if len(marks) != len(lines) - 1:
            raise AssertionError(f"the worker printed {lines}: {stderr}")
        if not started:
            where, step = "before the first step", first
        elif done and done[-1] == started[-1]:
            where, step = "between steps", started[-1] + 1
        else:
            step = started[-1]
            where = f"{step:2d} {STEPS[step][0]}"
        faults.landed[where] += 1
        verdict = integrity(path)
        digest = content_digest(path)
        if verdict != "ok":
            faults.problems.append(f"kill {faults.kills} ({where}): integrity_check: {verdict}")
            faults.found["damaged"] += 1
            break
        if digest == ref.digests[step]:
            faults.found["as before"] += 1
            next_step = step
        elif step < len(STEPS) and digest == ref.digests[step + 1]:
            faults.found["as after"] += 1
            next_step = step + 1
        else:
            faults.problems.append(
                f"kill {faults.kills} ({where}): the ledger is neither as before nor as "
                f"after step {step}"
            )
            faults.found["neither"] += 1
            break
        if log:
            print(f"kill {faults.kills}: {where}: {'before' if next_step == step else 'after'}")
        if next_step == len(STEPS):
            new_ledger(path)
            first = 0
            continue
        try:
            run_step(path, next_step)  # the next operation works
        except AssertionError as error:
            faults.problems.append(f"kill {faults.kills} ({where}): then {error}")
            break
        if content_digest(path) != ref.digests[next_step + 1]:
            faults.problems.append(
                f"kill {faults.kills} ({where}): step {next_step} after it gave another content"
            )
            break
        first = next_step + 1
        if first == len(STEPS):
            new_ledger(path)
            first = 0
    return faults


def copy_season(target: Path) -> Path:
    """A copy of the season's files (a test may change them)."""
    shutil.copytree(SEASON, target)
    return target


def dumps(faults: Faults) -> str:
    return json.dumps(
        {"landed": faults.landed, "found": faults.found, "problems": faults.problems}, indent=1
    )


def steps_of(labels: Sequence[str]) -> list[int]:
    return [i for i, (label, _) in enumerate(STEPS) if label in labels]
