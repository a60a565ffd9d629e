"""Bench: the whole notebook suite under nbval, as the test suite runs it.

    .venv/bin/python bench/notebooks.py              # 3 runs of the suite (a few minutes)
    .venv/bin/python bench/notebooks.py --repeat 1

Runs ``python -m pytest notebooks/ -q -p no:cacheprovider`` (pyproject.toml adds --nbval,
--nbval-current-env, the cell timeout and the sanitiser) and reports the median wall time,
then each notebook on its own once.  Baselines measured in the same run: pytest collecting
the notebooks without running them (start-up of Python, pytest and nbval) and one kernel's
start with the workbook's imports.  Target (issue 8): under 120 s on 2 cores.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from common import ROOT, git_revision, machine, median_time, seconds, table, verdict

PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]


def run(arguments: list[str]) -> None:
    done = subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join(done.stdout.splitlines()[-15:])
        raise SystemExit(f"failed: {' '.join(arguments)}\n{tail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    print(f"# Notebook suite under nbval: {len(notebooks)} notebooks\n")
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs\n")

    suite, times = median_time(lambda: run([*PYTEST, "notebooks/"]), args.repeat)
    collect, _ = median_time(lambda: run([*PYTEST, "--collect-only", "notebooks/"]), 3)
    kernel, _ = median_time(
        lambda: run(
            [
                sys.executable,
                "-c",
                "import ratingkit, ratingkit.notebook.widgets, ratingkit.notebook.plots, "
                "pandas, matplotlib, ipywidgets",
            ]
        ),
        3,
    )
    rows = [
        ["the whole suite (pytest notebooks/ --nbval)", seconds(suite), "1.00"],
        ["baseline: pytest --collect-only notebooks/", seconds(collect), f"{suite / collect:.1f}"],
        [
            "baseline: a Python start with the workbook's imports",
            seconds(kernel),
            f"{suite / kernel:.1f}",
        ],
    ]
    for notebook in notebooks:
        alone, _ = median_time(
            lambda notebook=notebook: run([*PYTEST, str(notebook.relative_to(ROOT))]), 1
        )
        rows.append([f"{notebook.name} alone (one run)", seconds(alone), f"{suite / alone:.1f}"])
    print(table(["", "median", "suite / this"], rows))
    print()
    print(f"runs of the suite: {', '.join(seconds(t) for t in times)}\n")
    print(
        table(
            ["target", "figure", ""],
            [["suite under 120 s on 2 cores", seconds(suite), verdict(suite < 120)]],
        )
    )


if __name__ == "__main__":
    main()
