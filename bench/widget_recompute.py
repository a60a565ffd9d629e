"""Bench: what a workbook widget does on each change of a 10-player round robin.

    .venv/bin/python bench/widget_recompute.py
    .venv/bin/python bench/widget_recompute.py --changes 10

Each row drives a widget from Python exactly as a click does (sets a control's value; the
widget re-rates the event and renders its HTML) and reports the median time of one change.
Baseline measured in the same run: the bare ``rate`` call of the same event (what the widget
adds on top of it is the new event, the rendering and the widget machinery).
Target (issue 8): under 50 ms per change.
"""

from __future__ import annotations

import argparse

from common import ROOT, git_revision, machine, median_time, seconds, table, verdict
from synthetic import round_robin

from ratingkit.fide.rules2014 import FIDE_2014
from ratingkit.fide1982 import FIDE_1982
from ratingkit.formats import read_event
from ratingkit.notebook.widgets.fide1982 import BergerExplorer
from ratingkit.notebook.widgets.fide2014 import Fide2014Explorer


def result_changes(explorer: Fide2014Explorer, changes: int):
    """Times of ``changes`` result changes of the chosen player's first game."""
    explorer.game.value = explorer.game.options[0][1]
    values = ["1-0", "0-1", "1/2-1/2"]
    times = []
    state = {"i": 0}

    def change():
        state["i"] += 1
        explorer.result.value = values[state["i"] % 3]

    for _ in range(changes):
        _, each = median_time(change, 1)
        times += each
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--changes", type=int, default=30)
    args = parser.parse_args()
    print("# Widget recompute: one change of a 10-player round robin\n")
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.changes} changes\n")

    rows = []
    worst = 0.0

    rated = round_robin(10)
    explorer = Fide2014Explorer(rated)
    times = result_changes(explorer, args.changes)
    bare, _ = median_time(lambda: FIDE_2014.rate(rated), args.changes)
    median = sorted(times)[len(times) // 2]
    worst = max(worst, median)
    rows.append(
        ["fide-2014 explorer: a result changed (10 rated players)", seconds(median), seconds(bare)]
    )

    unrated = read_event(ROOT / "examples" / "round-robin-two-unrated.trf")
    explorer = Fide2014Explorer(unrated)
    times = result_changes(explorer, args.changes)
    bare, _ = median_time(lambda: FIDE_2014.rate(unrated), args.changes)
    median = sorted(times)[len(times) // 2]
    worst = max(worst, median)
    rows.append(
        [
            f"fide-2014 explorer: a result changed ({len(unrated.players)} players, two "
            "unrated: 8.58 iteration)",
            seconds(median),
            seconds(bare),
        ]
    )

    berger = read_event(ROOT / "examples" / "fide-1982-berger.csv")
    explorer = BergerExplorer(berger)
    ratings = [2300, 2350]
    state = {"i": 0}

    def slide():
        state["i"] += 1
        explorer.rating.value = ratings[state["i"] % 2]

    median, _ = median_time(slide, args.changes)
    bare, _ = median_time(lambda: FIDE_1982.rate(explorer.event), args.changes)
    worst = max(worst, median)
    rows.append(
        [
            f"fide-1982 BergerExplorer: rating slider moved ({len(berger.players)} players)",
            seconds(median),
            seconds(bare),
        ]
    )
    print(table(["widget change", "median per change", "baseline: rate() alone"], rows))
    print()
    print(
        table(
            ["target", "figure", ""],
            [["under 50 ms per change", seconds(worst) + " (slowest row)", verdict(worst < 0.05)]],
        )
    )


if __name__ == "__main__":
    main()
