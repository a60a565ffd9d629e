"""FESA at size (issue 24, part 6): one event of 100,000 games among 10,000 players.

The event is a seeded Swiss of 10,000 players and 20 rounds (about 97,000 games: a few players
miss rounds, an odd round gives a bye), written as CSV pairs (``games.csv`` and
``players.csv``, the format ``ratingkit rate`` reads) into a temporary folder (timed apart,
not counted).  The players are a realistic mix: 80% established with a rating and a grade, 3%
provisional (a few games before this event and a few rounds in it), 3% still unrated with their
previous results stored (all wins or all losses, rule 3), 14% newcomers without a rating, a
third of them with a grade from elsewhere (rule 7); the unrated ones make the fixed-point
iteration of rules 8 and 11 matter.  Results are drawn from the players' hidden strengths
(1% draws).  The players file is written three times beside the same games:

* ``shared``: ``id,name,rating,games,bonus_games,results``, which both FESA and FIDE 2014
  rate (no grade, which only shogi has: the issue's reporter rated one file under both);
* ``fesa``: the same with ``grade`` and ``prior_grade``, a FESA officer's file;
* ``ratings``: ``id,name,rating`` and a rating for everyone (a newcomer given one at random),
  what a list of ratings alone gives: no game counts (every player taken as established),
  no grades, nobody rated by performance.

Measured, each run a fresh subprocess importing ``ratingkit`` from the checkout it measures
(its CPU time and peak RSS from ``wait4``):

* the user's path: ``ratingkit rate FOLDER --rules fesa`` and ``--rules fide-2014`` as whole
  processes (Python's start, the imports, reading, rating and the table report written to a
  file), on the shared file, and ``--rules fesa`` on the FESA file;
* the rating step alone through the Python API: ``rate(event, players)`` on the event read
  beforehand (not counted), and ``report.to_text()`` apart.

``--before CHECKOUT`` measures an older checkout in the same run: the two take turns, round
after round, on the same files, and their reports are compared (the numbers must not move).
A run longer than ``--timeout`` seconds is killed and reported as "did not finish in N s".
Targets: ``ratingkit rate --rules fesa`` under 10 s and under 500 MB of peak RSS.

    .venv/bin/python bench/fesa_big_event.py [--players 10000] [--rounds 20] [--repeat 3]
        [--before CHECKOUT] [--before-repeat N] [--timeout 600]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import machine, seconds, table, verdict
from ledger_season import describe, sides_of

TARGET_SECONDS = 10.0
TARGET_MB = 500.0

#: Grades' lower bounds (rule 2), highest first, as the players file names them.
GRADES = [
    (2440, "6 dan"),
    (2240, "5 dan"),
    (2080, "4 dan"),
    (1920, "3 dan"),
    (1800, "2 dan"),
    (1680, "1 dan"),
    (1560, "1 kyu"),
    (1460, "2 kyu"),
    (1360, "3 kyu"),
    (1280, "4 kyu"),
    (1200, "5 kyu"),
    (1120, "6 kyu"),
    (1040, "7 kyu"),
    (960, "8 kyu"),
    (880, "9 kyu"),
    (800, "10 kyu"),
    (720, "11 kyu"),
    (640, "12 kyu"),
    (560, "13 kyu"),
    (480, "14 kyu"),
    (400, "15 kyu"),
]


def grade_of(rating: int) -> str:
    return next((name for lower, name in GRADES if rating >= lower), "15 kyu")


@dataclass
class Entrant:
    pid: str
    strength: float
    kind: str  # established, provisional, unrated-results, newcomer
    rounds: set[int]
    row: dict[str, object]
    score: float = 0.0
    met: set[str] = field(default_factory=set)


def entrants(players: int, rounds: int, rng: random.Random) -> list[Entrant]:
    """The field: 80% established (2% of them missing half the rounds), 3% provisional (a few
    games before this event and a few rounds in it), 3% still unrated with their previous
    results stored (all wins or all losses, rule 3), 14% newcomers without a rating (a third
    with a prior grade, rule 7)."""
    width = len(str(players))
    out = []
    every = list(range(1, rounds + 1))
    for number in range(1, players + 1):
        pid = f"{number:0{width}d}"
        strength = min(2600.0, max(150.0, rng.gauss(1400, 380)))
        roll = rng.random()
        row: dict[str, object] = {"id": pid, "name": f"Player {number}"}
        plays = set(every)
        if roll < 0.80:
            kind = "established"
            rating = round(strength + rng.gauss(0, 80))
            games = rng.randint(18, 400)
            row.update(
                rating=rating,
                games=games,
                bonus_games=min(games, 100),
                grade=grade_of(rating) if rng.random() < 0.95 else "",
            )
            if rng.random() < 0.02:  # a late entry or a withdrawal
                plays = set(rng.sample(every, rounds // 2))
        elif roll < 0.83:
            kind = "provisional"
            games = rng.randint(2, 8)
            row.update(rating=round(strength + rng.gauss(0, 150)), games=games, bonus_games=games)
            # 9 to 17 games with this event: provisional (rule 3).
            plays = set(rng.sample(every, min(rounds, rng.randint(9, 17) - games)))
        elif roll < 0.86:
            kind = "unrated-results"
            mark = rng.choice("+-")
            previous = [f"{max(1, round(rng.gauss(strength, 200)))}{mark}" for _ in range(3)]
            row.update(
                rating=max(1, round(strength + (200 if mark == "+" else -200))),
                games=len(previous),
                bonus_games=0,
                results=" ".join(previous),
            )
        else:
            kind = "newcomer"
            row.update(games=0, bonus_games=0)
            if rng.random() < 1 / 3:
                row["prior_grade"] = grade_of(round(strength + rng.gauss(0, 150)))
        out.append(Entrant(pid, strength, kind, plays, row))
    return out


def swiss_pairs(field_: list[Entrant], round_: int, rng: random.Random) -> list[tuple]:
    """One Swiss round: the players of the round by score, then by rating, each paired with
    the next one below him he has not met (a bye for the last one of an odd count)."""
    present = [e for e in field_ if round_ in e.rounds]
    present.sort(key=lambda e: (-e.score, -int(e.row.get("rating") or 0), e.pid))
    pairs = []
    waiting: list[Entrant] = []
    for entrant in present:
        partner = next((w for w in waiting if w.pid not in entrant.met), None)
        if partner is None:
            waiting.append(entrant)
            continue
        waiting.remove(partner)
        pairs.append((partner, entrant) if rng.random() < 0.5 else (entrant, partner))
    return pairs, waiting


def write_event(folder: Path, players: int, rounds: int, seed: int) -> dict[str, int]:
    """The CSV pair in ``folder``; returns counts of games, byes and players by kind."""
    rng = random.Random(seed)
    field_ = entrants(players, rounds, rng)
    folder.mkdir(parents=True, exist_ok=True)
    counts = {"games": 0, "byes": 0}
    with open(folder / "games.csv", "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["round", "white", "black", "result"])
        for round_ in range(1, rounds + 1):
            pairs, unpaired = swiss_pairs(field_, round_, rng)
            for white, black in pairs:
                expected = 1 / (1 + 10 ** ((black.strength - white.strength) / 400))
                roll = rng.random()
                if roll < 0.01:  # shogi has few draws (sennichite replays aside)
                    result, points = "1/2-1/2", 0.5
                elif roll < 0.01 + 0.99 * expected:
                    result, points = "1-0", 1.0
                else:
                    result, points = "0-1", 0.0
                white.score += points
                black.score += 1 - points
                white.met.add(black.pid)
                black.met.add(white.pid)
                writer.writerow([round_, white.pid, black.pid, result])
                counts["games"] += 1
            for entrant in unpaired:
                writer.writerow([round_, entrant.pid, "", "F"])
                entrant.score += 1
                counts["byes"] += 1
    columns = ["id", "name", "rating", "games", "bonus_games", "grade", "prior_grade", "results"]
    with open(folder / "players.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, columns)
        writer.writeheader()
        for entrant in field_:
            writer.writerow(entrant.row)
    for entrant in field_:
        counts[entrant.kind] = counts.get(entrant.kind, 0) + 1
    return counts


def write_files(folder: Path, players: int, rounds: int, seed: int) -> dict[str, int]:
    """The event's three folders, ``shared``, ``fesa`` and ``ratings`` (the same games);
    returns the counts of :func:`write_event`."""
    counts = write_event(folder / "fesa", players, rounds, seed)
    shared = folder / "shared"
    shared.mkdir()
    (shared / "games.csv").write_bytes((folder / "fesa" / "games.csv").read_bytes())
    kept = ["id", "name", "rating", "games", "bonus_games", "results"]
    with (
        open(folder / "fesa" / "players.csv", newline="") as source,
        open(shared / "players.csv", "w", newline="") as target,
    ):
        writer = csv.DictWriter(target, kept, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(csv.DictReader(source))
    ratings = folder / "ratings"
    ratings.mkdir()
    (ratings / "games.csv").write_bytes((folder / "fesa" / "games.csv").read_bytes())
    rng = random.Random(seed + 1)
    with (
        open(folder / "fesa" / "players.csv", newline="") as source,
        open(ratings / "players.csv", "w", newline="") as target,
    ):
        writer = csv.writer(target)
        writer.writerow(["id", "name", "rating"])
        for row in csv.DictReader(source):
            # A newcomer is given a rating as a list of ratings only would have him.
            writer.writerow([row["id"], row["name"], row["rating"] or rng.randint(800, 1600)])
    return counts


#: A whole ``ratingkit rate`` process, ``ratingkit`` imported from the checkout given first.
CLI = r"""
import sys
from pathlib import Path
checkout = sys.argv[1]
sys.path.insert(0, checkout)
import ratingkit
import ratingkit.cli
where = Path(ratingkit.__file__).resolve()
if not where.is_relative_to(Path(checkout).resolve()):
    sys.exit(f"{checkout}: the subprocess imported ratingkit from {where}")
sys.exit(ratingkit.cli.main(sys.argv[2:]))
"""

#: The rating step alone through the Python API, then the report's text (one JSON line).
API = r"""
import hashlib, json, resource, sys, time
from pathlib import Path
checkout = sys.argv[1]
sys.path.insert(0, checkout)
import ratingkit
from ratingkit import get_rule_set
from ratingkit.core.players import parse_player_csv
from ratingkit.formats import read_event
where = Path(ratingkit.__file__).resolve()
if not where.is_relative_to(Path(checkout).resolve()):
    sys.exit(f"{checkout}: the subprocess imported ratingkit from {where}")
event = read_event(sys.argv[2])
path = event.origin.player_file
players = parse_player_csv(Path(path).read_text(encoding="utf-8"), str(path))
rules = get_rule_set(sys.argv[3])
read_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
report = rules.rate(event, players)
rate_wall, rate_cpu = time.perf_counter() - wall, time.process_time() - cpu
wall, cpu = time.perf_counter(), time.process_time()
text = report.to_text(width=100)
text_wall, text_cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({
    "rate": rate_wall, "rate_cpu": rate_cpu, "text": text_wall, "text_cpu": text_cpu,
    "read_rss": read_rss * 1024,
    "digest": hashlib.sha256(text.encode()).hexdigest(),
}))
"""


@dataclass
class Run:
    """One subprocess: its wall and CPU time and peak RSS, or the timeout it hit; what it
    printed (the report's digest; the API's timings)."""

    wall: float | None
    cpu: float
    maxrss: int
    digest: str | None = None
    values: dict[str, float] = field(default_factory=dict)


def child_environment(checkout: Path, cache: Path) -> dict[str, str]:
    """A child's environment: ``checkout`` first on the path, and Python's compiled modules
    kept in ``cache`` (as an installed package has them; where the environment says not to
    write them, every run would compile ratingkit again, half a second)."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONPYCACHEPREFIX=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_modules(checkout: Path, cache: Path) -> None:
    """Compile ``checkout``'s ratingkit into ``cache`` before the runs (not counted)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(checkout / "ratingkit")],
        env=child_environment(checkout, cache),
        check=True,
        stdout=subprocess.DEVNULL,
    )


def run_child(code: str, checkout: Path, arguments: list[str], timeout: float, out: Path) -> Run:
    """``code`` in a fresh Python with ``checkout`` first on its path (its compiled modules
    in the run's folder, beside ``out``); its stdout to ``out``."""
    env = child_environment(checkout, out.parent / "pycache")
    with open(out, "wb") as stdout, tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", code, str(checkout), *arguments],
            cwd=checkout,
            env=env,
            stdout=stdout,
            stderr=stderr,
        )
        # Polled, so that wait4 reaps the child and gives its resource usage.
        killed = False
        while True:
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
        child.returncode = os.waitstatus_to_exitcode(status)
        found = Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024)
        if killed:
            found.wall = None
            return found
        if child.returncode != 0:
            stderr.seek(0)
            raise SystemExit(f"{checkout} {arguments}: failed\n{stderr.read().decode()}")
    return found


#: What is measured: (label, kind, folder, rule set).
CASES = [
    ("`ratingkit rate --rules fesa`, shared file", "cli", "shared", "fesa"),
    ("`ratingkit rate --rules fide-2014`, shared file", "cli", "shared", "fide-2014"),
    ("`ratingkit rate --rules fesa`, FESA file", "cli", "fesa", "fesa"),
    ("`ratingkit rate --rules fesa`, ratings-only file", "cli", "ratings", "fesa"),
    ("`ratingkit rate --rules fide-2014`, ratings-only file", "cli", "ratings", "fide-2014"),
    ("FESA `rate()`, shared file", "api", "shared", "fesa"),
    ("FIDE 2014 `rate()`, shared file", "api", "shared", "fide-2014"),
    ("FESA `rate()`, FESA file", "api", "fesa", "fesa"),
]


def measure(checkout: Path, folder: Path, case: tuple[str, str, str, str], timeout: float) -> Run:
    _label, kind, which, rules = case
    out = folder / f"out-{kind}-{which}-{rules}.txt"
    if kind == "cli":
        found = run_child(
            CLI, checkout, ["rate", str(folder / which), "--rules", rules], timeout, out
        )
        if found.wall is not None:
            found.digest = hashlib.sha256(out.read_bytes()).hexdigest()
        return found
    found = run_child(API, checkout, [str(folder / which), rules], timeout, out)
    if found.wall is not None:
        values = json.loads(out.read_text().splitlines()[-1])
        found.digest = values.pop("digest")
        found.values = values
    return found


def megabytes(value: float) -> str:
    return f"{value / 1024**2:,.0f} MB"


def median_of(runs: list[Run], key: str) -> float | None:
    """The median of a figure over runs (None if a run did not finish)."""
    if not runs or any(r.wall is None for r in runs):
        return None
    if key == "wall":
        return statistics.median(r.wall for r in runs if r.wall is not None)
    if key == "cpu":
        return statistics.median(r.cpu for r in runs)
    if key == "maxrss":
        return statistics.median(r.maxrss for r in runs)
    return statistics.median(r.values[key] for r in runs)


def shown(value: float | None, runs: list[Run], timeout: float, kind: str = "time") -> str:
    if value is None:
        if kind == "memory":
            return "at least " + megabytes(max(r.maxrss for r in runs)) + " (killed)"
        return f"did not finish in {timeout:g} s"
    return megabytes(value) if kind == "memory" else seconds(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case")
    parser.add_argument(
        "--before-repeat", type=int, help="runs of each case in --before (default: --repeat)"
    )
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--before", type=Path, help="a checkout of an older revision")
    parser.add_argument(
        "--timeout", type=float, default=600, help="seconds a run may take (default 600)"
    )
    args = parser.parse_args(argv)
    where = machine()  # the load average before the runs
    sides = sides_of(args.before)
    repeats = {"after": args.repeat, "before": args.before_repeat or args.repeat}
    runs: dict[tuple[str, str], list[Run]] = {(s, c[0]): [] for s in sides for c in CASES}
    with tempfile.TemporaryDirectory(prefix="ratingkit-bench-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        counts = write_files(folder, args.players, args.rounds, args.seed)
        written = time.perf_counter() - start
        for checkout in sides.values():
            compile_modules(checkout, folder / "pycache")
        for round_ in range(max(repeats.values())):
            for side, checkout in sides.items():
                if round_ >= repeats[side]:
                    continue
                for case in CASES:
                    runs[side, case[0]].append(measure(checkout, folder, case, args.timeout))
    print(
        f"FESA at size: one Swiss of {args.players:,} players and {args.rounds} rounds, "
        f"{counts['games']:,} games ({counts['byes']} byes); {counts['established']:,} "
        f"established, {counts['provisional']:,} provisional, {counts.get('unrated-results', 0):,} "
        f"still unrated with previous results, {counts['newcomer']:,} newcomers; files written "
        f"in {seconds(written)} (not counted); medians of {args.repeat} run(s)"
        + (f", {repeats['before']} before" if "before" in sides else "")
        + "\n"
    )
    print(f"{where}; {describe(sides)}\n")
    rows = []
    for label, kind, _, _ in CASES:
        keys = [("wall", "time")] if kind == "cli" else [("rate", "time"), ("text", "time")]
        for key, _unit in keys:
            name = (
                label
                if kind == "cli"
                else f"{label}: {'rate' if key == 'rate' else 'report.to_text()'}"
            )
            row: list[object] = [name]
            figures = {}
            for side in sides:
                side_runs = runs[side, label]
                figures[side] = median_of(side_runs, key)
                row.append(shown(figures[side], side_runs, args.timeout))
            if len(sides) > 1:
                before, after = figures["before"], figures["after"]
                row.append(f"{after / before:.2f}" if before and after is not None else "-")
            cpu_key = "cpu" if kind == "cli" else f"{key}_cpu"
            for side in sides:
                value = median_of(runs[side, label], cpu_key)
                row.append(seconds(value) if value is not None else "-")
            if kind == "cli":
                for side in sides:
                    side_runs = runs[side, label]
                    row.append(
                        shown(median_of(side_runs, "maxrss"), side_runs, args.timeout, "memory")
                    )
            else:
                row.extend("" for _ in sides)
            rows.append(row)
    names = list(sides)
    header = ["run", *(names if len(names) > 1 else ["median"])]
    if len(names) > 1:
        header.append("after / before")
    header += [f"CPU {s}" if len(names) > 1 else "CPU" for s in names]
    header += [f"peak RSS {s}" if len(names) > 1 else "peak RSS" for s in names]
    print(table(header, rows))
    if "before" in sides:
        same = []
        for label, _kind, _, _ in CASES:
            digests = {r.digest for s in sides for r in runs[s, label] if r.digest is not None}
            finished = all(r.wall is not None for s in sides for r in runs[s, label])
            same.append(
                f"{label}: "
                + (
                    "the same"
                    if len(digests) == 1 and finished
                    else "not compared (a run did not finish)"
                    if not finished
                    else "DIFFERENT"
                )
            )
        print("\nReports of before and after (the table text, SHA-256):\n")
        print("\n".join(f"- {line}" for line in same))
    print()
    targets = []
    for label in (CASES[0][0], CASES[2][0], CASES[3][0]):
        side_runs = runs["after", label]
        wall, rss = median_of(side_runs, "wall"), median_of(side_runs, "maxrss")
        targets.append(
            [
                f"{label} under {TARGET_SECONDS:g} s",
                shown(wall, side_runs, args.timeout),
                verdict(wall is not None and wall < TARGET_SECONDS),
            ]
        )
        targets.append(
            [
                f"{label} under {TARGET_MB:g} MB (peak RSS)",
                shown(rss, side_runs, args.timeout, "memory"),
                verdict(rss is not None and rss < TARGET_MB * 1024**2),
            ]
        )
    print(table(["target (issue 24, 6)", "figure", ""], targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
