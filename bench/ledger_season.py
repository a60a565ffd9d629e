"""Benchmark: a federation's season in the ledger, step by step.

Builds a synthetic season (default: 12 monthly periods, 2,000 players, 50,000 games in Swiss
events of 100 players and 9 rounds, results drawn from the players' hidden strengths with a
fixed seed), then times each step of the rating officer's work through the ledger's Python
API (``ratingkit.services.ledger.Ledger``): ``create`` (init), ``import_file`` of every event
file (import), ``rate_period`` of every period (rate), ``published_list`` of the last period
rendered in each of the list's output formats (list), and ``history`` of one player.  Every
run is a fresh subprocess that imports ``ratingkit`` from the checkout it measures; with
``--before PATH`` an older checkout is measured in the same run, the two taking turns round
after round on the same files.  Targets: imported and rated in under 3 s on 2 cores (issue
16), under 30 s (issue 7), and in under 1.5 s of CPU (issue 28).

    .venv/bin/python bench/ledger_season.py
    .venv/bin/python bench/ledger_season.py --before /tmp/before --repeat 3

A step that takes longer than ``--timeout`` seconds ends its run (the subprocess is killed)
and is reported as "did not finish in N s".
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from common import ROOT, git_revision, machine, seconds, table, verdict

#: The code each measured subprocess runs, with ``ratingkit`` imported from the checkout given
#: as its first argument (``PYTHONPATH`` is set to it too); the plan (a JSON file) names the
#: files, the rule set and the steps.  One JSON line is printed after each step.
CHILD = r"""
import json, resource, sys, time
checkout = sys.argv[1]
sys.path.insert(0, checkout)
with open(sys.argv[2], encoding="utf-8") as handle:
    plan = json.load(handle)
if plan["tracemalloc"]:
    import tracemalloc
    tracemalloc.start()
import ratingkit
from ratingkit.services.ledger import Ledger

# The published list's output formats, one renderer each (as `ratingkit db list --format`
# writes them).  A format the ledger gains (html, xlsx, FIDE's TXT layout) is one line here.
RENDER = {
    "table": lambda listing: listing.to_text(),
    "csv": lambda listing: listing.to_csv(),
    "json": lambda listing: json.dumps(listing.to_records(), indent=2, ensure_ascii=False),
}
try:  # the ledger's own renderer (issue 16): every format of `db list --format`
    from ratingkit.services.listing import LIST_FORMATS as OWN_FORMATS, render_list
except ImportError:
    render_list = None
else:
    RENDER = {name: None for name in OWN_FORMATS}

def emit(**fields):
    fields["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    if plan["tracemalloc"]:
        fields["traced_peak"] = tracemalloc.get_traced_memory()[1]
    print(json.dumps(fields), flush=True)

emit(step="start", ratingkit=ratingkit.__file__, formats=list(RENDER))
ledger = None
#: The API a step used, where it had a choice (the import: import_files or import_file).
USED = {}

def last_period():
    return ledger.periods().rows[-1]["period"]

def run(step):
    global ledger
    if step == "init":
        ledger = Ledger.create(plan["ledger"], plan["rules"])
        return None
    if step == "import":
        # The files as one operation where the checkout has it and the plan asks for it (the
        # month bench), else each file on its own (the season, an older checkout).
        if plan.get("batch") and hasattr(ledger, "import_files"):
            ledger.import_files(plan["files"])
            USED[step] = "import_files"
        else:
            for name in plan["files"]:
                ledger.import_file(name)
            USED[step] = "import_file"
        return len(plan["files"])
    if step == "rate":
        rated = 0
        for row in ledger.periods().rows:
            ledger.rate_period(row["period"])
            rated += 1
        return rated
    if step.startswith("list:"):
        name = step.split(":", 1)[1]
        if render_list is not None:
            return len(render_list(ledger, last_period(), name))  # characters or bytes
        listing = ledger.published_list(last_period())
        RENDER[name](listing)
        return len(listing.rows)
    if step == "history":
        return len(ledger.history(plan["player"]).rows)
    raise SystemExit(f"unknown step {step}")

for step in plan["steps"]:
    if step.startswith("list:") and step.split(":", 1)[1] not in RENDER:
        emit(step=step, missing=True)
        continue
    wall, cpu = time.perf_counter(), time.process_time()
    rows = run(step)
    emit(
        step=step,
        seconds=time.perf_counter() - wall,
        cpu=time.process_time() - cpu,
        rows=rows,
        used=USED.get(step),
    )
ledger.close()
"""

#: Seconds the subprocess may take to start (Python and ratingkit's imports) at least.
STARTUP_SECONDS = 120.0

#: The list's output formats timed; the child's ``RENDER`` renders each.
LIST_FORMATS = ("table", "csv", "json", "html", "xlsx", "fide-txt")


@dataclass
class Run:
    """One run of the steps in one checkout: each finished step's wall and CPU time, the
    step that did not finish (and the timeout it hit), and the process's peak memory."""

    times: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    rows: dict[str, object] = field(default_factory=dict)
    maxrss: dict[str, int] = field(default_factory=dict)
    traced_peak: dict[str, int] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    #: The API each step used where it had a choice (``import``: import_files or import_file).
    used: dict[str, str] = field(default_factory=dict)
    unfinished: str | None = None
    timeout: float = 0.0
    final_maxrss: int = 0


def run_steps(checkout: Path, plan: dict[str, object], folder: Path, timeout: float) -> Run:
    """Run ``plan`` in a fresh subprocess importing ``ratingkit`` from ``checkout``; a step
    longer than ``timeout`` seconds kills the subprocess."""
    plan_file = folder / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    _remove_ledger(Path(str(plan["ledger"])))
    env = dict(os.environ, PYTHONPATH=str(checkout))
    with tempfile.TemporaryFile(mode="w+") as errors:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(checkout), str(plan_file)],
            cwd=checkout,
            env=env,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert child.stdout is not None
            for line in child.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        found = Run(timeout=timeout)
        expected = ["start", *plan["steps"]]  # type: ignore[misc]
        for step in expected:
            try:
                # The start-up (Python, ratingkit's imports) is not a step: it may take longer.
                line = lines.get(
                    timeout=max(timeout, STARTUP_SECONDS) if step == "start" else timeout
                )
            except queue.Empty:
                found.unfinished = step
                child.kill()
                break
            if line is None:
                break
            record = json.loads(line)
            found.maxrss[record["step"]] = record["maxrss"]
            if "traced_peak" in record:
                found.traced_peak[record["step"]] = record["traced_peak"]
            if record["step"] == "start":
                where = Path(record["ratingkit"]).resolve()
                if not where.is_relative_to(checkout.resolve()):
                    child.kill()
                    raise SystemExit(f"{checkout}: the subprocess imported ratingkit from {where}")
            elif record.get("missing"):
                found.missing.add(record["step"])
            else:
                found.times[record["step"]] = record["seconds"]
                found.cpu[record["step"]] = record["cpu"]
                found.rows[record["step"]] = record["rows"]
                if record.get("used"):
                    found.used[record["step"]] = record["used"]
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        found.final_maxrss = usage.ru_maxrss * 1024
        if found.unfinished is None and child.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"the run in {checkout} failed:\n{errors.read()}")
    _remove_ledger(Path(str(plan["ledger"])))
    return found


def _remove_ledger(path: Path) -> None:
    """The ledger and its -wal and -shm (a run killed at its timeout leaves them)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def take_turns(
    sides: dict[str, Path],
    plan: dict[str, object],
    folder: Path,
    repeat: int,
    timeout: float,
) -> dict[str, list[Run]]:
    """``repeat`` rounds, each checkout run once a round, in turn."""
    runs: dict[str, list[Run]] = {side: [] for side in sides}
    for _ in range(repeat):
        for side, checkout in sides.items():
            runs[side].append(run_steps(checkout, plan, folder, timeout))
    return runs


def step_figure(runs: Sequence[Run], steps: Sequence[str]) -> tuple[float | None, str, str]:
    """The median over ``runs`` of the summed time of ``steps`` (None when a run did not
    finish them), with its text and the median CPU time's text."""
    for run in runs:
        if any(s in run.missing for s in steps):
            return None, "not offered", "-"
        if run.unfinished in steps:
            return None, f"did not finish in {run.timeout:g} s", "-"
        if run.unfinished == "start":
            return None, f"did not start in {run.timeout:g} s", "-"
        if any(s not in run.times for s in steps):
            return None, "not reached", "-"
    wall = statistics.median(sum(r.times[s] for s in steps) for r in runs)
    cpu = statistics.median(sum(r.cpu[s] for s in steps) for r in runs)
    return wall, seconds(wall), seconds(cpu)


def step_rows(
    runs: dict[str, list[Run]], labels: dict[str, list[str]]
) -> tuple[list[str], list[list[object]]]:
    """The table of steps: for one checkout, median, CPU, min and max; for two, each side's
    median and CPU time and their ratio."""
    if len(runs) == 1:
        only = next(iter(runs.values()))
        rows: list[list[object]] = []
        for label, steps in labels.items():
            _, text, cpu = step_figure(only, steps)
            finished = [
                sum(r.times[s] for s in steps) for r in only if set(steps) <= r.times.keys()
            ]
            low = seconds(min(finished)) if len(finished) == len(only) else "-"
            high = seconds(max(finished)) if len(finished) == len(only) else "-"
            rows.append([label, text, cpu, low, high])
        return ["step", "median", "CPU", "min", "max"], rows
    rows = []
    for label, steps in labels.items():
        before, before_text, before_cpu = step_figure(runs["before"], steps)
        after, after_text, after_cpu = step_figure(runs["after"], steps)
        ratio = f"{after / before:.2f}" if before and after is not None else "-"
        rows.append([label, before_text, after_text, ratio, before_cpu, after_cpu])
    return ["step", "before", "after", "after / before", "CPU before", "CPU after"], rows


def used_text(runs: dict[str, list[Run]], step: str) -> str:
    """What each side's ``step`` used (``import: before import_file of each file, after
    import_files``), from its runs."""
    said = {
        "import_files": "import_files (the files as one operation)",
        "import_file": "import_file of each file",
    }
    parts = []
    for side, side_runs in runs.items():
        used = sorted({r.used[step] for r in side_runs if step in r.used})
        parts.append(f"{side} " + (", ".join(said.get(u, u) for u in used) or "-"))
    return f"{step}: " + "; ".join(parts)


def revision(checkout: Path) -> str:
    found = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() or "? (not a git checkout)"


def sides_of(before: Path | None) -> dict[str, Path]:
    after = ROOT.resolve()
    return {"before": before.resolve(), "after": after} if before else {"after": after}


def describe(sides: dict[str, Path]) -> str:
    if "before" not in sides:
        return f"ratingkit at {git_revision()}"
    return (
        f"ratingkit at {git_revision()} (after: {sides['after']}); before: {sides['before']} at "
        f"{revision(sides['before'])}; the two take turns, a fresh subprocess each run"
    )


def write_season(
    folder: Path,
    players: int,
    games: int,
    periods: int,
    seed: int,
    *,
    per_event: int = 100,
    rounds: int = 9,
    fide_ids: bool = False,
) -> list[Path]:
    """Event files (CSV pairs) of a synthetic season; returns the games files in date order.

    About 90% of the players are rated (their listed rating is the hidden strength with some
    noise), the rest unrated.  With ``fide_ids`` the players files carry a ``fide_id`` column
    (numbers far above any ledger id)."""
    rng = random.Random(seed)
    width = max(5, len(str(players - 1)))
    strength = {f"p{i:0{width}d}": rng.gauss(1800, 250) for i in range(players)}
    listed = {
        pid: (round(s + rng.gauss(0, 60)) if rng.random() < 0.9 else None)
        for pid, s in strength.items()
    }
    pool = sorted(strength)
    fide = {pid: str(40_000_000 + 7 * number) for number, pid in enumerate(pool)}
    per_event = min(per_event, players - players % 2)
    events = max(1, round(games / (per_event // 2 * rounds)))
    files = []
    for number in range(events):
        period = number * periods // events + 1
        day = 1 + number % 27
        chosen = rng.sample(pool, per_event)
        stem = folder / f"event{number:04d}"
        with open(f"{stem}-players.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "rating", *(["fide_id"] if fide_ids else [])])
            for pid in chosen:
                extra = [fide[pid]] if fide_ids else []
                writer.writerow([pid, f"Player {pid}", listed[pid] or "", *extra])
        with open(f"{stem}-games.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["round", "white", "black", "result", "date"])
            for round_ in range(1, rounds + 1):
                rng.shuffle(chosen)
                for white, black in zip(chosen[::2], chosen[1::2], strict=True):
                    expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
                    draw = 0.25
                    roll = rng.random()
                    result = (
                        "1/2-1/2"
                        if roll < draw
                        else "1-0"
                        if roll < draw + (1 - draw) * expected
                        else "0-1"
                    )
                    writer.writerow([round_, white, black, result, f"2024-{period:02d}-{day:02d}"])
        files.append(Path(f"{stem}-games.csv"))
    return files


def first_player(games_file: Path) -> str:
    """The own id of the white player of the file's first game."""
    with open(games_file, newline="") as handle:
        return next(csv.DictReader(handle))["white"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fide-2014")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--periods", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3, help="runs (rounds with --before)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--before", type=Path, help="a checkout of an older revision")
    parser.add_argument(
        "--timeout", type=float, default=600, help="seconds a step may take (default 600)"
    )
    args = parser.parse_args(argv)
    where = machine()  # the load average before the runs
    sides = sides_of(args.before)
    steps = ["init", "import", "rate", *(f"list:{f}" for f in LIST_FORMATS), "history"]
    with tempfile.TemporaryDirectory(prefix="ratingkit-bench-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        files = write_season(folder, args.players, args.games, args.periods, args.seed)
        generated = time.perf_counter() - start
        plan: dict[str, object] = {
            "ledger": str(folder / "season.sqlite"),
            "rules": args.rules,
            "files": [str(f) for f in files],
            "steps": steps,
            "player": first_player(files[-1]),
            "tracemalloc": False,
        }
        runs = take_turns(sides, plan, folder, args.repeat, args.timeout)
    print(
        f"Ledger season: {args.players:,} players, ~{args.games:,} games in {len(files)} "
        f"events, {args.periods} periods, rule set {args.rules}; {args.repeat} run(s)"
        f"{' a checkout' if len(sides) > 1 else ''}, medians; files written in "
        f"{seconds(generated)} (not counted)\n"
    )
    print(f"{where}; {describe(sides)}\n")
    labels = {"init (Ledger.create)": ["init"], "import (every file)": ["import"]}
    labels["rate (every period)"] = ["rate"]
    for name in LIST_FORMATS:
        labels[f"list of the last period, {name}"] = [f"list:{name}"]
    labels[f"history of one player ({plan['player']})"] = ["history"]
    labels["init + import + rate"] = ["init", "import", "rate"]
    header, rows = step_rows(runs, labels)
    print(table(header, rows))
    total, text, cpu_text = step_figure(runs["after"], ["init", "import", "rate"])
    # Issue 28's target is CPU time (3.2-3.6 s when it was filed): the median run's.
    cpu = (
        statistics.median(sum(r.cpu[s] for s in ("init", "import", "rate")) for r in runs["after"])
        if total is not None
        else None
    )
    print()
    print(
        table(
            ["target", "figure", ""],
            [
                [
                    "imported and rated in under 3 s on 2 cores (issue 16)",
                    text,
                    verdict(total is not None and total < 3),
                ],
                [
                    "imported and rated in under 30 s (issue 7)",
                    text,
                    verdict(total is not None and total < 30),
                ],
                [
                    "imported and rated in under 1.5 s of CPU (issue 28)",
                    f"CPU {cpu_text}",
                    verdict(cpu is not None and cpu < 1.5),
                ],
            ],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
