"""Timing helpers shared by the benches: medians of repeated runs, markdown tables."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def median_time(function: Callable[[], object], repeat: int) -> tuple[float, list[float]]:
    """The median wall time of ``repeat`` calls, in seconds, and every time."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times


def median_times(function: Callable[[], object], repeat: int) -> tuple[float, float, list[float]]:
    """Median wall time and median CPU time of this process over ``repeat`` calls, and every
    wall time (the CPU time says what the run costs when other processes share the cores)."""
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), walls


def interleaved(functions: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median wall time of each function, the functions timed in turn in every round (so that
    a slow moment of a shared machine does not fall on one of them only)."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(repeat):
        for name, function in functions.items():
            start = time.perf_counter()
            function()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def table(header: list[str], rows: list[list[object]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def seconds(value: float) -> str:
    if value < 0.001:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def machine() -> str:
    """One line on where the figures come from (cores, load, Python)."""
    try:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{os.cpu_count()} core(s), load average before the run: {load}"
    )


def git_revision() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"
