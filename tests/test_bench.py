"""The bench scripts run from a checkout with one command each and print their tables.

Tiny sizes only: nothing here times anything (speed targets are checked by running the benches,
see bench/README.md); the point is that a bench broken by a change fails the test suite instead
of the next person who wants figures.  The notebook bench runs the notebook suite again and is
left out (the notebooks themselves run under nbval in this same suite).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SMALL_RUNS = {
    "fide_fast_period.py": ["month", "--slow", "--scale", "0.002"],
    "fide_period.py": [
        "--games",
        "2000",
        "--players",
        "200",
        "--repeat",
        "1",
        "--loop-sample",
        "500",
    ],
    "before_after.py": [
        "--before",
        ".",
        "--games",
        "2000",
        "--players",
        "200",
        "--events",
        "4",
        "--rounds",
        "1",
        "--repeat",
        "1",
    ],
    "fesa_replay.py": ["--events", "6", "--repeat", "1", "--baseline-events", "2"],
    "fesa_big_event.py": ["--players", "40", "--rounds", "3", "--repeat", "1", "--before", "."],
    "widget_recompute.py": ["--changes", "2"],
    "desk_at_size.py": ["--events", "60x200", "--repeat", "1", "--before", "."],
    "ledger_season.py": ["--players", "60", "--games", "300", "--periods", "2", "--repeat", "1"],
    "ledger_fide_month.py": [
        "--players",
        "80",
        "--games",
        "400",
        "--events-size",
        "20",
        "--repeat",
        "1",
        "--before",
        ".",
    ],
    "fuzz_readers.py": ["--examples", "40", "--seconds", "30", "--seed", "1"],
    "ledger_faults.py": ["--kills", "2"],
    "read_big_files.py": ["--players", "50", "--rounds", "3", "--repeat", "1"],
    "read_big_trf.py": ["--players", "60", "--repeat", "1"],
    "read_fide_list.py": ["--players", "200", "--before", "."],
    "read_big_csv.py": ["--players", "200", "--repeat", "1", "--old-players", "100"],
    "workshop_room.py": [
        *("--visitors", "1", "--pool", "1", "--idle", "4"),
        *("--fill-delay", "1", "--cull-timeout", "2"),
    ],
}


def test_every_bench_but_the_notebook_one_is_smoke_tested():
    scripts = {p.name for p in (ROOT / "bench").glob("*.py")} - {"common.py", "synthetic.py"}
    assert scripts - {"notebooks.py"} == set(SMALL_RUNS)


@pytest.mark.parametrize("script", sorted(SMALL_RUNS))
def test_bench_runs_at_a_small_size_and_prints_its_verdict(script):
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *SMALL_RUNS[script]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "load average before the run" in done.stdout
    assert "ratingkit at " in done.stdout
    # Each bench ends with its targets and a verdict on each (tiny sizes may miss them).
    assert "met" in done.stdout.splitlines()[-1]


def _run_bench(script: str, *options: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_ledger_benches_print_every_step_of_both_checkouts():
    out = _run_bench("ledger_season.py", *SMALL_RUNS["ledger_season.py"], "--before", ".")
    steps = [line.split(" | ")[0].lstrip("| ") for line in out.splitlines() if line[:2] == "| "]
    for step in ("init", "import", "rate", "history of one player", "init + import + rate"):
        assert any(s.startswith(step) for s in steps), (step, out)
    for name in ("table", "csv", "json"):
        assert f"list of the last period, {name}" in steps
    assert "| step | before | after | after / before |" in out
    assert "under 3 s on 2 cores" in out
    month = _run_bench("ledger_fide_month.py", *SMALL_RUNS["ledger_fide_month.py"])
    assert "peak memory under 2 GB" in month
    assert "| after | " in month and "| before | " in month
    assert "80 players, 400 games in 4 events of 20 players and 10 rounds" in month
    # The month's files as one operation where the checkout has it, else (and with
    # --file-by-file) each file on its own; the output says which each side used.
    batch = "import_files (the files as one operation)"
    assert f"import: before {batch}; after {batch}" in month
    one_by_one = _run_bench(
        "ledger_fide_month.py", *SMALL_RUNS["ledger_fide_month.py"], "--file-by-file"
    )
    each = "import_file of each file"
    assert f"import: before {each}; after {each}" in one_by_one


def test_a_step_over_its_timeout_is_reported_instead_of_waited_for():
    # Creating a ledger and rating 400 games cannot take under a millisecond.
    out = _run_bench(
        "ledger_fide_month.py",
        *("--players", "80", "--games", "400", "--events-size", "20", "--timeout", "0.001"),
    )
    assert "did not finish in 0.001 s" in out
    assert "not reached" in out
    assert out.splitlines()[-1].endswith("NOT met |")
