"""Fault bench: the ledger killed with SIGKILL at random moments (issue 16, 9).

A worker process, forked from a warm one, runs a fixed sequence of ledger operations on a
``fide-2014`` ledger (``db import-list``, ``db import``, ``db rate``, ``db import --replace``,
``db rate --replace``, ``db remove --replace`` and ``PRAGMA wal_checkpoint(TRUNCATE)``, the
small files of tests/data/ledger) from a step drawn at random, and is killed with SIGKILL
after a random delay, ``--kills`` times.  After each kill the
ledger must pass ``PRAGMA integrity_check``, hold exactly the content (every table but the
timestamps) of the uninterrupted run before or after the interrupted step, and the next step
must work.  The machinery is ``tests/ledger_fault_runs.py``, which the test suite runs with 40
kills (``tests/test_ledger_faults.py``).  Prints how many kills landed in each step and how the
ledger was found.

Run from the checkout:  .venv/bin/python bench/ledger_faults.py --kills 200 [--seed N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, git_revision, machine, table

sys.path.insert(0, str(ROOT / "tests"))

import ledger_fault_runs as runs  # type: ignore[import-not-found]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=16_9)
    parser.add_argument("--log", action="store_true", help="a line per kill")
    args = parser.parse_args()
    print(f"### Ledger faults: {args.kills} kills (seed {args.seed})\n")
    print(f"{machine()}; ratingkit at {git_revision()}\n")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ratingkit-faults-") as folder:
        ref = runs.reference(Path(folder))
        faults = runs.run_faults(Path(folder), args.kills, args.seed, ref=ref, log=args.log)
    elapsed = time.perf_counter() - started
    labels = {f"{i:2d} {label}": i for i, (label, _) in enumerate(runs.STEPS)}
    rows = [
        [where.strip(), f"{faults.seconds[i] * 1000:.1f} ms", faults.landed.get(where, 0)]
        for where, i in labels.items()
    ]
    rows += [[where, "", n] for where, n in faults.landed.items() if where not in labels]
    print(table(["step", "its time (warm, uninterrupted)", "kills landed"], rows))
    print()
    found = [[what, n] for what, n in sorted(faults.found.items())]
    print(table(["ledger found after the kill", "kills"], found))
    print()
    print(
        f"{faults.kills} kills, {faults.finished_runs} runs finished before their kill, "
        f"{elapsed:.1f} s"
    )
    for problem in faults.problems:
        print(f"- {problem}")
    sound = not faults.problems and faults.kills == args.kills
    print(
        "target: every kill leaves the ledger sound, as before or after its step, and the "
        f"next step working -> {'met' if sound else 'NOT met'}"
    )
    return 0 if sound else 1


if __name__ == "__main__":
    sys.exit(main())
