"""Bench: the same work timed in two checkouts in one run, before and after a change.

    git worktree add /tmp/before 47e4dd0            # the commit before the change
    .venv/bin/python bench/before_after.py --before /tmp/before
    .venv/bin/python bench/before_after.py --before /tmp/before --events 200 --games 100000 \\
        --players 10000 --rounds 3

Three measurements, each run in a fresh subprocess that imports ``ratingkit`` from the checkout
it measures (``--before``, and this checkout), the two checkouts taking turns round after
round so that the machine's ups and downs fall on both:

* the vectorised FIDE 2014 period (``ratingkit.rate_period``) on a seeded synthetic period;
* the FESA replay (``get_rule_set("fesa").replay``) of a seeded synthetic history;
* rating the same FESA history with full detail (``rate_events``: every event one after
  the other, each with the state the previous one left), per event, against the replay.

Each checkout builds the inputs with its own ``bench/synthetic.py`` (the same seeded
generator); a digest of the inputs is printed for both and must agree.  Targets (issue 15):
the period and the replay within 5% of their time before, and ``rate_events`` under 2.5x the
replay's time per event.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from common import ROOT, machine, seconds, table, verdict

CHILD = r"""
import hashlib, json, sys, time
from datetime import date
checkout = sys.argv[1]
sys.path[:0] = [checkout + "/bench", checkout]
import ratingkit
from synthetic import fesa_history, fide_period
what, size = sys.argv[2], json.loads(sys.argv[3])

def best(function, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)

if what == "period":
    games, players = fide_period(size["games"], size["players"])
    digest = hashlib.sha256(games.to_csv().encode() + players.to_csv().encode()).hexdigest()
    on = date.fromisoformat(size["on"])
    seconds = best(lambda: ratingkit.rate_period(games, players, on=on), size["repeat"])
    events = 1
else:
    events, players = fesa_history(size["events"], 20, 6)
    digest = hashlib.sha256(
        "".join(f"{e.name}{[(g.round, g.white, g.black, g.result_code) for g in e.games]}"
                for e in events).encode()).hexdigest()
    fesa = ratingkit.get_rule_set("fesa")
    if what == "replay":
        seconds = best(lambda: fesa.replay(events, players), size["repeat"])
    else:
        seconds = best(lambda: fesa.rate_events(events, players), size["repeat"])
    events = len(events)
print(json.dumps({"seconds": seconds, "digest": digest[:16], "events": events}))
"""


def measure(checkout: Path, what: str, size: dict) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(checkout), what, json.dumps(size)],
        cwd=checkout,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if result.returncode != 0:
        raise SystemExit(f"{what} in {checkout} failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def revision(checkout: Path) -> str:
    found = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--before", type=Path, required=True, help="the checkout before")
    parser.add_argument("--after", type=Path, default=ROOT, help="the checkout after")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3, help="turns of each checkout")
    parser.add_argument("--repeat", type=int, default=3, help="runs per turn (best kept)")
    args = parser.parse_args()
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    sizes = {
        "period": {
            "games": args.games,
            "players": args.players,
            "on": "2024-12-31",
            "repeat": args.repeat,
        },
        "replay": {"events": args.events, "repeat": args.repeat},
        "rate_events": {"events": args.events, "repeat": 1},
    }
    print(machine())
    print(
        f"before: {sides['before']} at {revision(sides['before'])}; after (ratingkit at "
        f"{revision(sides['after'])}): {sides['after']}; {args.rounds} rounds, best of "
        f"{args.repeat} runs a turn (rate_events: 1 run a turn); the figure is the median of "
        "the rounds\n"
    )
    times: dict[tuple[str, str], list[float]] = {}
    digests: dict[tuple[str, str], str] = {}
    events: dict[str, int] = {}
    for _ in range(args.rounds):
        for what, size in sizes.items():
            for side, checkout in sides.items():
                found = measure(checkout, what, size)
                times.setdefault((what, side), []).append(found["seconds"])
                digests[(what, side)] = found["digest"]
                events[what] = found["events"]
    for what in sizes:
        if digests[(what, "before")] != digests[(what, "after")]:
            raise SystemExit(f"{what}: the two checkouts built different inputs")
    median = {key: statistics.median(values) for key, values in times.items()}
    labels = {
        "period": f"FIDE period, {args.games:,} games, {args.players:,} players",
        "replay": f"FESA replay, {args.events:,} events",
        "rate_events": f"FESA rate_events (full detail), {args.events:,} events",
    }
    rows = []
    for what in sizes:
        before, after = median[(what, "before")], median[(what, "after")]
        rows.append([labels[what], seconds(before), seconds(after), f"{after / before:.2f}"])
    print(table(["", "before", "after", "after / before"], rows))
    per_event = {
        side: (median[("rate_events", side)] / events["rate_events"])
        / (median[("replay", side)] / events["replay"])
        for side in sides
    }
    print()
    targets = [
        [
            "FIDE period within 5% of before",
            f"{median[('period', 'after')] / median[('period', 'before')]:.2f}",
            verdict(median[("period", "after")] <= 1.05 * median[("period", "before")]),
        ],
        [
            "FESA replay within 5% of before",
            f"{median[('replay', 'after')] / median[('replay', 'before')]:.2f}",
            verdict(median[("replay", "after")] <= 1.05 * median[("replay", "before")]),
        ],
        [
            "rate_events per event under 2.5x the replay's",
            f"{per_event['after']:.2f}x (before: {per_event['before']:.2f}x)",
            verdict(per_event["after"] < 2.5),
        ],
    ]
    print(table(["target", "figure", ""], targets))


if __name__ == "__main__":
    main()
