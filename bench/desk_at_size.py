"""The officer's desk at size (issue 26, part 1): the desk against ``ratingkit rate`` on the
same generated files.

The events are seeded CSV pairs (``tests/big_event.py``: a Swiss begun on 2024-05-01, so FIDE's
2024 text is in force, 10% of the players unrated), by default the issue's two: 2,000 players
and 9,001 games (193 KB) and 10,000 players and 100,000 games (2 MB).  Each run is a fresh
subprocess importing ``ratingkit`` from the checkout it measures:

* the CLI: ``python -m ratingkit rate FOLDER --rules fide --output FILE`` as a whole process
  (Python's start, the imports, reading, rating and the table report written), its wall time
  and its CPU time (``wait4``);
* the desk: ``OfficersDesk()`` made (as the notebook makes it, not counted), the files' bytes
  handed to ``desk.load`` as the upload button hands them; timed from the upload to the
  report shown (``load`` returns once every widget of the page holds its new value), wall and
  CPU time; then the size of the widget state (``ipywidgets.Widget.get_manager_state``, the
  JSON a page or a saved notebook holds).

``--before CHECKOUT`` measures an older checkout in the same run (the two take turns, round
after round, on the same files; ``git archive`` gives one: ``git archive 7ee288a | tar -x -C
DIR``).  A run longer than ``--timeout`` seconds is killed and reported as "did not finish in
N s".  Targets: the desk's time to a shown report at most 1.5x the CLI's plus 2 s, and a
widget state under 1 MB, for every event.

    .venv/bin/python bench/desk_at_size.py [--events 2000x9001 10000x100000] [--repeat 3]
        [--before CHECKOUT] [--before-repeat N] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from common import ROOT, git_revision, machine, seconds, table, verdict

sys.path.insert(0, str(ROOT / "tests"))
from big_event import write_event

TIME_FACTOR = 1.5
TIME_EXTRA = 2.0
STATE_LIMIT = 1_000_000

CLI_CODE = """
import runpy, sys
sys.argv = ["ratingkit", "rate", sys.argv[2], "--rules", "fide", "--output", sys.argv[3]]
runpy.run_module("ratingkit", run_name="__main__")
"""

DESK_CODE = """
import json, sys, time
from pathlib import Path
from ipywidgets import Widget
from ratingkit.notebook.widgets.desk import OfficersDesk
desk = OfficersDesk()
folder = Path(sys.argv[2])
files = [(p.name, p.read_bytes()) for p in sorted(folder.iterdir())]
wall, cpu = time.perf_counter(), time.process_time()
desk.load(files)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
state = len(json.dumps(Widget.get_manager_state(drop_defaults=True)))
report = desk.values.get("report")
print(json.dumps({"wall": wall, "cpu": cpu, "state": state, "error": desk.values["error"],
                  "players": None if report is None else len(report.players)}))
"""


@dataclass
class Run:
    wall: float | None  # None: killed at the timeout
    cpu: float
    state: int | None = None


def run_child(code: str, checkout: Path, arguments: list[str], timeout: float) -> tuple[Run, str]:
    """``code`` in a fresh Python with ``checkout`` first on its path; its wall and CPU time
    (``wait4``) and its stdout."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "RATINGKIT_LANG": "en"}
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", code, str(checkout), *arguments],
            cwd=checkout,
            env=env,
            stdout=stdout,
            stderr=stderr,
        )
        killed = False
        while True:  # polled, so that wait4 reaps the child and gives its resource usage
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                child.kill()
                _, status, usage = os.wait4(child.pid, 0)
                killed = True
                break
            time.sleep(0.01)
        wall = time.perf_counter() - start
        cpu = usage.ru_utime + usage.ru_stime
        if killed:
            return Run(None, cpu), ""
        if os.waitstatus_to_exitcode(status) != 0:
            stderr.seek(0)
            raise SystemExit(f"{checkout} {arguments}: failed\n{stderr.read().decode()}")
        stdout.seek(0)
        return Run(wall, cpu), stdout.read().decode()


def measure_cli(checkout: Path, folder: Path, timeout: float) -> Run:
    run, _out = run_child(
        CLI_CODE, checkout, [str(folder), str(folder.parent / "out.txt")], timeout
    )
    return run


def measure_desk(checkout: Path, folder: Path, timeout: float) -> Run:
    run, out = run_child(DESK_CODE, checkout, [str(folder)], timeout)
    if run.wall is None:
        return run
    found = json.loads(out.strip().splitlines()[-1])
    if found["error"]:
        raise SystemExit(f"{checkout}: the desk did not rate {folder}: {found['error']}")
    # the time from the upload to the report shown, not the child's start and imports
    return Run(found["wall"], found["cpu"], found["state"])


def median(runs: list[Run], what: str) -> float | None:
    values = [getattr(r, what) for r in runs]
    if any(v is None for v in values):
        return None
    return statistics.median(values)


def shown(value: float | None, timeout: float) -> str:
    return f"did not finish in {timeout:g} s" if value is None else seconds(value)


def megabytes(value: float | None) -> str:
    return "not reached" if value is None else f"{value / 1e6:.2f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", nargs="+", default=["2000x9001", "10000x100000"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="an older checkout, measured in the same run")
    parser.add_argument("--before-repeat", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    sizes = [tuple(int(x) for x in spec.split("x")) for spec in args.events]
    checkouts = {"new": ROOT}
    if args.before is not None:
        checkouts = {"old": args.before.resolve(), "new": ROOT}
    print(
        f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs "
        f"(old: {args.before_repeat}), the checkouts taking turns\n"
    )
    rows = []
    met = True
    with tempfile.TemporaryDirectory() as temp:
        for players, games in sizes:
            folder = write_event(Path(temp) / f"event-{players}" / "upload", players, games)
            size = sum(f.stat().st_size for f in folder.iterdir())
            runs: dict[tuple[str, str], list[Run]] = {}
            for round_ in range(max(args.repeat, args.before_repeat)):
                for name, checkout in checkouts.items():
                    if round_ >= (args.before_repeat if name == "old" else args.repeat):
                        continue
                    cli = measure_cli(checkout, folder, args.timeout)
                    desk = measure_desk(checkout, folder, args.timeout)
                    runs.setdefault((name, "cli"), []).append(cli)
                    runs.setdefault((name, "desk"), []).append(desk)
            label = f"{players:,} players, {games:,} games ({size / 1e6:.2f} MB)"
            for name in checkouts:
                cli_wall = median(runs[(name, "cli")], "wall")
                desk_wall = median(runs[(name, "desk")], "wall")
                state = median(runs[(name, "desk")], "state")
                allowed = None if cli_wall is None else TIME_FACTOR * cli_wall + TIME_EXTRA
                rows.append(
                    [
                        label,
                        name,
                        f"{shown(cli_wall, args.timeout)} "
                        f"(CPU {seconds(median(runs[(name, 'cli')], 'cpu') or 0)})",
                        f"{shown(desk_wall, args.timeout)} "
                        f"(CPU {seconds(median(runs[(name, 'desk')], 'cpu') or 0)})",
                        "-" if allowed is None else seconds(allowed),
                        megabytes(state),
                    ]
                )
                if name == "new":
                    met = met and (
                        desk_wall is not None and allowed is not None and desk_wall <= allowed
                    )
                    met = met and state is not None and state < STATE_LIMIT
    print(
        table(
            [
                "event",
                "checkout",
                "`ratingkit rate` (whole process)",
                "desk: upload to report shown",
                "allowed (1.5x CLI + 2 s)",
                "widget state",
            ],
            rows,
        )
    )
    print(
        f"\nTargets: the desk's time to a shown report at most {TIME_FACTOR:g}x the CLI's plus "
        f"{TIME_EXTRA:g} s and a widget state under 1 MB, for every event: {verdict(met)}"
    )


if __name__ == "__main__":
    main()
