"""Bench: reading a big TRF file (issue 14, point 15).

    .venv/bin/python bench/read_big_trf.py
    .venv/bin/python bench/read_big_trf.py --players 2000 --repeat 3

Writes a seeded synthetic Swiss of ``--players`` players and ``--rounds`` rounds as TRF-16
text (every round a random pairing of the players, one pairing-allocated bye when their number
is odd, some forfeits, the points field of each line the sum of its cells), then times
``ratingkit.formats.trf.read_trf`` on it (the file read, every cell parsed, the two records of
each game paired, the points fields checked, the event built and validated), and once more a
file without its ``092`` line (so that the event type is detected). Also timed: the part of
the read that is the ``Event``'s own validation in ``ratingkit.core.model`` (``dataclasses.replace``
of the event read runs it again, with the cycle collector paused as the reader pauses it), and
``write_trf`` of the event read. Baseline measured in the same run: reading the file's lines
and slicing every round cell in plain Python (no checks, no objects), what any reader must at
least do. Target (issue 14): a 10,000-player TRF read in under 2 s; a TRF-16 start rank has 4
columns (5-8), so 9,999 players is the most a TRF can hold, and the default.
"""

from __future__ import annotations

import argparse
import gc
import random
import tempfile
from dataclasses import replace
from pathlib import Path

from common import git_revision, machine, median_times, seconds, table, verdict

from ratingkit.formats.trf import read_trf, write_trf

CODES = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def synthetic_trf(players: int, rounds: int, seed: int = 1, *, with_type: bool = True) -> str:
    """TRF-16 text of a seeded Swiss: ``players`` lines of ``rounds`` cells."""
    rng = random.Random(seed)
    cells = [[""] * rounds for _ in range(players)]
    points = [0.0] * players
    value = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0}
    for r in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        if len(order) % 2:
            bye = order.pop()
            cells[bye][r] = "0000 - U"
            points[bye] += 1.0
        for a, b in zip(order[::2], order[1::2], strict=True):
            code = rng.choices(["1", "0", "=", "+"], weights=[40, 40, 19, 1])[0]
            colour_a, colour_b = ("w", "b") if rng.random() < 0.5 else ("b", "w")
            if code == "+":
                colour_a = colour_b = "-"
            cells[a][r] = f"{b + 1:>4} {colour_a} {code}"
            cells[b][r] = f"{a + 1:>4} {colour_b} {CODES[code]}"
            points[a] += value[code]
            points[b] += value[CODES[code]]
    lines = [
        "012 Synthetic Open",
        "022 Nowhere",
        "042 2025/07/01",
        "052 2025/07/09",
        f"062 {players}",
    ]
    if with_type:
        lines.append("092 Individual: Swiss-System")
    for i in range(players):
        rating = f"{rng.randint(1000, 2800):>4}" if rng.random() < 0.7 else "    "
        fide_id = f"{10_000_000 + i:>11}" if rating.strip() else " " * 11
        head = (
            f"001 {i + 1:>4} m    {f'Player {i + 1:05d}, Synthetic':<33} {rating} GER "
            f"{fide_id} 1990/01/01 {points[i]:>4.1f} {'':>4}  "
        )
        lines.append((head + "".join(f"{c:<10}" for c in cells[i])).rstrip())
    return "\n".join(lines) + "\n"


def bare_slicing(path: Path, rounds: int) -> int:
    """What any reader does at least: the lines, and every round cell sliced."""
    count = 0
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("001"):
            for r in range(rounds):
                start = 91 + 10 * r
                count += bool(line[start : start + 8].strip())
    return count


def validate(event) -> None:
    """The Event's own validation, as the reader runs it: with the cycle collector paused."""
    running = gc.isenabled()
    gc.disable()
    try:
        replace(event)
    finally:
        if running:
            gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--players", type=int, default=9_999)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not 2 <= args.players <= 9_999:
        parser.error("--players: from 2 to 9999 (a TRF start rank has 4 columns)")
    print(f"# Reading a big TRF: {args.players:,} players, {args.rounds} rounds\n")
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs\n")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.trf"
        path.write_text(synthetic_trf(args.players, args.rounds), encoding="utf-8")
        untyped = Path(folder) / "big-untyped.trf"
        untyped.write_text(
            synthetic_trf(args.players, args.rounds, with_type=False), encoding="utf-8"
        )
        size = path.stat().st_size
        read, read_cpu, runs = median_times(lambda: read_trf(path), args.repeat)
        detected, detected_cpu, _ = median_times(lambda: read_trf(untyped), args.repeat)
        event = read_trf(path)
        validation, validation_cpu, _ = median_times(lambda: validate(event), args.repeat)
        written, written_cpu, _ = median_times(lambda: write_trf(event), args.repeat)
        bare, bare_cpu, _ = median_times(lambda: bare_slicing(path, args.rounds), args.repeat)
    print(f"file: {size / 1e6:.1f} MB; {len(event.games):,} games, {len(event.byes):,} byes\n")
    rows = [
        ["read_trf (092 line: Swiss)", read, read_cpu],
        ["read_trf, no 092 line (type detected)", detected, detected_cpu],
        ["of which: the Event's own validation (ratingkit.core.model)", validation, validation_cpu],
        ["write_trf of the event read", written, written_cpu],
        ["baseline: lines split and every cell sliced", bare, bare_cpu],
    ]
    print(
        table(
            ["", "median (wall)", "CPU time", "read_trf / this"],
            [[name, seconds(w), seconds(c), f"{read / w:.2f}"] for name, w, c in rows],
        )
    )
    print(f"\nruns of read_trf: {', '.join(seconds(t) for t in runs)}\n")
    worst = max(read, detected)
    print(
        table(
            ["target", "figure", ""],
            [
                [
                    f"a {args.players:,}-player TRF read in under 2 s (target: 10,000)",
                    f"{seconds(worst)} (slower of the two reads)",
                    verdict(worst < 2.0),
                ]
            ],
        )
    )


if __name__ == "__main__":
    main()
