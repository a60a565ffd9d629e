"""Bench: one FIDE 2014 rating period, 1,000,000 games among 100,000 players.

    .venv/bin/python bench/fide_period.py            # full size (about 10 s)
    .venv/bin/python bench/fide_period.py --games 100000 --players 10000 --repeat 3

Compares ``ratingkit.rate_period`` with two baselines measured in the same run:
(a) a bare numpy kernel written here (id look-up, table 8.1b by searchsorted, bincount; no
validation, no K rule: K is handed to it), (b) a plain per-game Python loop (measured on a
subsample and scaled up linearly).  Peak memory of rate_period is measured in a subprocess.
Targets (issue 8): at most 3x the bare kernel, at least 20x faster than the loop, peak
memory under 500 MB.
"""

from __future__ import annotations

import argparse
import bisect
import json
import resource
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd
from common import ROOT, git_revision, interleaved, machine, median_time, seconds, table, verdict
from synthetic import PERIOD_END, fide_period

import ratingkit
from ratingkit.core.tables import D_TO_PD, D_TO_PD_BEYOND

CAP = 400
ENDS = np.array([high for _, high, _ in D_TO_PD])
HIGHER = np.array([h for _, _, h in D_TO_PD] + [D_TO_PD_BEYOND])


def bare_kernel(games: pd.DataFrame, players: pd.DataFrame, k: np.ndarray) -> np.ndarray:
    """New ratings by table lookup and bincount only (every player rated, K given)."""
    index = pd.Index(players["id"])
    white = index.get_indexer(games["white"])
    black = index.get_indexer(games["black"])
    rating = players["rating"].to_numpy()
    d = np.clip(rating[white] - rating[black], -CAP, CAP)
    higher = HIGHER[np.searchsorted(ENDS, np.abs(d))]
    pd_white = np.where(d >= 0, higher, 100 - higher)
    halves = (games["result"].to_numpy() * 2).astype(np.int64)
    n = len(rating)
    w2 = np.bincount(white, halves, n) + np.bincount(black, 2 - halves, n)
    we = np.bincount(white, pd_white, n) + np.bincount(black, 100 - pd_white, n)
    change = k * (50 * w2.astype(np.int64) - we.astype(np.int64))
    return rating + np.sign(change) * ((np.abs(change) + 50) // 100)


def python_loop(games: list[tuple], rating: dict, k: dict) -> dict:
    """New ratings by a plain loop over the games (the same arithmetic, in hundredths)."""
    ends = [high for _, high, _ in D_TO_PD]
    w2: dict = {}
    we: dict = {}
    for white, black, result in games:
        d = max(-CAP, min(CAP, rating[white] - rating[black]))
        index = bisect.bisect_left(ends, abs(d))
        higher = D_TO_PD[index][2] if index < len(D_TO_PD) else D_TO_PD_BEYOND
        pd_white = higher if d >= 0 else 100 - higher
        halves = int(result * 2)
        w2[white] = w2.get(white, 0) + halves
        w2[black] = w2.get(black, 0) + 2 - halves
        we[white] = we.get(white, 0) + pd_white
        we[black] = we.get(black, 0) + 100 - pd_white
    out = {}
    for pid, r in rating.items():
        change = k[pid] * (50 * w2.get(pid, 0) - we.get(pid, 0))
        sign = 1 if change > 0 else -1 if change < 0 else 0
        out[pid] = r + sign * ((abs(change) + 50) // 100)
    return out


def memory_child(path: str) -> None:
    games, players = pd.read_pickle(path)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    report = ratingkit.rate_period(games, players, on=PERIOD_END)
    frame = report.to_frame()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "traced_peak": peak,
                "rss_before": before * 1024,
                "rss_peak": after * 1024,
                "rows": len(frame),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--loop-sample", type=int, default=50_000)
    parser.add_argument("--memory-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory_child(args.memory_child)
        return

    print(f"# FIDE 2014 rating period: {args.games:,} games among {args.players:,} players\n")
    print(
        f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs, the three "
        "timed in turn in every round\n"
    )
    games, players = fide_period(args.games, args.players)
    report = ratingkit.rate_period(games, players, on=PERIOD_END)
    frame = report.to_frame()
    k = frame["K"].to_numpy()

    # The three agree (the loop on its subsample: it rates only those games).
    kernel_ratings = bare_kernel(games, players, k)
    assert np.array_equal(kernel_ratings, frame["rating_after"].to_numpy()), "kernel differs"
    sample = games.iloc[: args.loop_sample]
    sample_rows = list(sample.itertuples(index=False, name=None))
    rating = dict(zip(players["id"].tolist(), players["rating"].tolist(), strict=True))
    k_of = dict(zip(players["id"].tolist(), k.tolist(), strict=True))
    loop_ratings = python_loop(sample_rows, rating, k_of)
    sample_report = ratingkit.rate_period(sample, players, on=PERIOD_END).to_frame()
    assert sample_report["rating_after"].tolist() == [loop_ratings[i] for i in players["id"]]

    medians = interleaved(
        {
            "ours": lambda: ratingkit.rate_period(games, players, on=PERIOD_END),
            "frame": lambda: ratingkit.rate_period(games, players, on=PERIOD_END).to_frame(),
            "kernel": lambda: bare_kernel(games, players, k),
        },
        args.repeat,
    )
    ours, ours_frame, kernel = medians["ours"], medians["frame"], medians["kernel"]
    loop_sample, _ = median_time(lambda: python_loop(sample_rows, rating, k_of), args.repeat)
    scale = args.games / len(sample_rows)
    loop = loop_sample * scale

    rows = [
        ["ratingkit.rate_period (validation, K rule, lazy report)", seconds(ours), "1.00"],
        ["ratingkit.rate_period + report.to_frame()", seconds(ours_frame), "-"],
        ["(a) bare numpy kernel (no validation, K given)", seconds(kernel), f"{ours / kernel:.2f}"],
        [
            f"(b) per-game Python loop, {len(sample_rows):,} games x {scale:g} (scaled)",
            seconds(loop),
            f"{ours / loop:.3f}",
        ],
    ]
    print(table(["", "median", "ratingkit / this"], rows))

    # Memory: a fresh process that loads the frames (so that generating them does not set
    # the high-water mark) and runs rate_period and to_frame once.
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "period.pkl")
        pd.to_pickle((games, players), path)
        child = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "fide_period.py"), "--memory-child", path],
            capture_output=True,
            text=True,
            check=True,
        )
    memory = json.loads(child.stdout)
    mb = 1024 * 1024
    print()
    print(
        table(
            ["memory (subprocess)", "MB"],
            [
                [
                    "process peak RSS (Python, pandas, the input frames and the run)",
                    f"{memory['rss_peak'] / mb:.0f}",
                ],
                [
                    "high-water mark before the call (interpreter, libraries, loading the frames)",
                    f"{memory['rss_before'] / mb:.0f}",
                ],
                ["tracemalloc peak of rate_period + to_frame", f"{memory['traced_peak'] / mb:.0f}"],
            ],
        )
    )
    print()
    print(
        table(
            ["target", "figure", ""],
            [
                [
                    "at most 3x the bare kernel",
                    f"{ours / kernel:.2f}x",
                    verdict(ours <= 3 * kernel),
                ],
                [
                    "at least 20x faster than the loop",
                    f"{loop / ours:.0f}x",
                    verdict(loop >= 20 * ours),
                ],
                [
                    "peak memory under 500 MB",
                    f"{memory['rss_peak'] / mb:.0f} MB (process)",
                    verdict(memory["rss_peak"] < 500 * mb),
                ],
            ],
        )
    )


if __name__ == "__main__":
    main()
