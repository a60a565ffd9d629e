"""Bench: replaying a synthetic 20-year FESA history, 300,000 games in 5,000 events.

    .venv/bin/python bench/fesa_replay.py             # full size (about a minute)
    .venv/bin/python bench/fesa_replay.py --events 200 --repeat 1

``FESA.replay`` (each event with its fixed-point iteration) against the baseline of rating the
same events one by one with ``FESA.rate`` (what ``rate_events`` does), measured in the same run
on the first ``--baseline-events`` events and scaled up linearly.  The two are checked to give
the same new state on those events.  Each event's iteration updates the players in place in
start-number order, as FESA's program does; the events where it cycles are counted.

``FESA.rate_events`` (every event with its full detail, one after the other: the officer's
path) is timed on the same first events, per event, against the replay's time per event.

Targets: the whole history under 10 s (issue 8); ``rate_events`` under 2.5 times the replay's
time per event (issue 15).  Run it with ``PYTHONPATH`` at an older checkout for the figures
before a change (the same sizes: the script runs on both).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# PYTHONPATH naming another checkout (the code before a change): its bench helpers and its
# ratingkit are measured, with the sizes given here.
_OTHER = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or ".").resolve()
if (_OTHER / "bench" / "common.py").is_file() and Path(__file__).resolve().parents[1] != _OTHER:
    sys.path.insert(0, str(_OTHER / "bench"))

from common import git_revision, machine, median_times, seconds, table, verdict  # noqa: E402
from synthetic import fesa_history  # noqa: E402

from ratingkit.fesa import FESA  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--events", type=int, default=5_000)
    parser.add_argument("--players-per-event", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline-events", type=int, default=100)
    args = parser.parse_args()
    events, players = fesa_history(args.events, args.players_per_event, args.rounds)
    n_games = sum(len(e.games) for e in events)
    print(f"# FESA replay: {n_games:,} games in {args.events:,} events\n")
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs\n")

    first = events[: args.baseline_events]
    assert FESA.replay(first, players).new_state == FESA.rate_events(first, players).new_state

    def one_by_one():
        state = players
        for event in first:
            state = FESA.rate(event, state).new_state

    def replay_all():
        return FESA.replay(events, players)

    def rate_events():
        return FESA.rate_events(first, players)

    replay, replay_cpu, times = median_times(replay_all, args.repeat)
    report = FESA.replay(events, players)
    passes, final_players = report.summary["passes"], len(report.new_state)
    # Events whose in-place iteration cycles (the report names them; rules 8 and 11).
    unsettled = sum("did not settle" in note for note in report.notes)
    del report  # not kept while the baseline runs: its 100,000 rows would slow its collector
    baseline_part, baseline_cpu, _ = median_times(one_by_one, max(1, args.repeat // 2))
    season, season_cpu, _ = median_times(rate_events, max(1, args.repeat // 2))
    scale = len(events) / len(first)
    baseline = baseline_part * scale
    per_event_replay = replay / len(events)
    per_event_season = season / len(first)
    ratio = per_event_season / per_event_replay
    print(
        table(
            ["", "median (wall)", "per event", "CPU time", "replay / this"],
            [
                [
                    "FESA.replay (whole history)",
                    seconds(replay),
                    seconds(replay / len(events)),
                    seconds(replay_cpu),
                    "1.00",
                ],
                [
                    f"FESA.rate one by one, {len(first)} events x {scale:g} (scaled)",
                    seconds(baseline),
                    seconds(baseline / len(events)),
                    seconds(baseline_cpu * scale),
                    f"{replay / baseline:.3f}",
                ],
                [
                    f"FESA.rate_events (full detail), {len(first)} events x {scale:g} (scaled)",
                    seconds(season * scale),
                    seconds(per_event_season),
                    seconds(season_cpu * scale),
                    f"{replay / (season * scale):.3f}",
                ],
            ],
        )
    )
    print()
    print(
        f"runs: {', '.join(seconds(t) for t in times)}; passes of the fixed-point iteration: "
        f"{passes:,}; events whose iteration did not settle: {unsettled:,}; players in the "
        f"final file: {final_players:,}\n"
    )
    print(
        table(
            ["target", "figure", ""],
            [
                ["history under 10 s (wall)", seconds(replay), verdict(replay < 10)],
                [
                    "rate_events per event under 2.5 x the replay's",
                    f"{ratio:.2f} x ({seconds(per_event_season)} against "
                    f"{seconds(per_event_replay)})",
                    verdict(ratio < 2.5),
                ],
            ],
        )
    )


if __name__ == "__main__":
    main()
