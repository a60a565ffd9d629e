"""Benchmark: a federation's season in the ledger.

Builds a synthetic season (default: 12 monthly periods, 2,000 players, 50,000 games in Swiss
events of 100 players and 9 rounds, results drawn from the players' hidden strengths with a
fixed seed), then times ``db init``, importing every event file, and rating every period, each
repeated and reported as the median.  Target (issue 7): import and rating under 30 s on a
2-core machine.

Run from the checkout:  .venv/bin/python bench/ledger_season.py [--rules fide-2014]
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import git_revision, machine

from ratingkit.services.ledger import Ledger


def write_season(folder: Path, players: int, games: int, periods: int, seed: int) -> list[Path]:
    """Event files (CSV pairs) of a synthetic season; returns the games files in date order."""
    rng = random.Random(seed)
    strength = {f"p{i:05d}": rng.gauss(1800, 250) for i in range(players)}
    listed = {
        pid: (round(s + rng.gauss(0, 60)) if rng.random() < 0.9 else None)
        for pid, s in strength.items()
    }
    per_event, rounds = min(100, players - players % 2), 9
    events = max(1, round(games / (per_event // 2 * rounds)))
    files = []
    for number in range(events):
        period = number * periods // events + 1
        day = 1 + number % 27
        chosen = rng.sample(sorted(strength), per_event)
        stem = folder / f"event{number:04d}"
        with open(f"{stem}-players.csv", "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "rating"])
            for pid in chosen:
                writer.writerow([pid, f"Player {pid}", listed[pid] or ""])
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


def run_once(files: list[Path], rules: str, folder: Path) -> dict[str, float]:
    path = folder / "season.sqlite"
    path.unlink(missing_ok=True)
    timings = {}
    start = time.perf_counter()
    ledger = Ledger.create(path, rules)
    for file in files:
        ledger.import_file(file)
    timings["import"] = time.perf_counter() - start
    middle = time.perf_counter()
    for row in ledger.periods().rows:
        ledger.rate_period(row["period"])
    timings["rate"] = time.perf_counter() - middle
    timings["total"] = time.perf_counter() - start
    ledger.close()
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fide-2014")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--periods", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    where = machine()  # the load average before the runs
    with tempfile.TemporaryDirectory(prefix="ratingkit-bench-") as tmp:
        folder = Path(tmp)
        files = write_season(folder, args.players, args.games, args.periods, args.seed)
        runs = [run_once(files, args.rules, folder) for _ in range(args.repeat)]
    print(
        f"Ledger season: {args.players} players, ~{args.games} games in {len(files)} events, "
        f"{args.periods} periods, rule set {args.rules}, {args.repeat} runs\n"
    )
    print(f"{where}; ratingkit at {git_revision()}\n")
    print("| step | median s | min s | max s |")
    print("|---|---:|---:|---:|")
    for step in ("import", "rate", "total"):
        values = [r[step] for r in runs]
        print(
            f"| {step} | {statistics.median(values):.2f} | {min(values):.2f} | {max(values):.2f} |"
        )
    total = statistics.median(r["total"] for r in runs)
    print(f"\ntarget: total under 30 s -> {'met' if total < 30 else 'NOT met'} ({total:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
