"""Benchmark: FIDE 2014 rating periods, vectorised (ratingkit/fide/engine/) against
event by event (``rate_events(..., step_by_step=True)``).

* ``season``: the ledger season of bench/ledger_season.py (12 periods, 2,000 players, ~50,000
  games in Swiss events of 100 players), each period rated with ``rate_events`` straight from
  its event files (read with ``ratingkit.formats.read_event``), the player file carried from
  period to period as the new states give it;
* ``month``: one period of 1,000,000 games: 100,000 players in 2,000 Swiss events of 100
  players and 10 rounds (each player in two events), given as Event objects; time and peak
  memory (the process's peak RSS above what the events take) of ``rate_events``, then of
  reading everything (players, every event's part and game sides, the new state).

Run from the checkout:  .venv/bin/python bench/fide_fast_period.py season|month [--slow]
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from common import git_revision, machine
from ledger_season import write_season

from ratingkit.core.model import Event, Game, Player
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.fide.rulesets import FIDE_2014
from ratingkit.formats import read_event


def _read_everything(report) -> None:
    outcome = report.outcome
    for part in outcome.events:
        part.players  # noqa: B018
        part.games  # noqa: B018
    outcome.games  # noqa: B018
    outcome.new_state.records  # noqa: B018


def season(step_by_step: bool, repeat: int, scale: float = 1.0) -> float:
    players_n, games_n, periods = int(2000 * scale), int(50_000 * scale), 12
    with tempfile.TemporaryDirectory(prefix="ratingkit-bench-") as tmp:
        files = write_season(Path(tmp), players_n, games_n, periods, 2024)
        by_period: dict[int, list[Event]] = {}
        for number, file in enumerate(files):
            by_period.setdefault(number * periods // len(files) + 1, []).append(read_event(file))
    for mode in [True, False] if step_by_step else [False]:
        for _ in range(repeat):
            state: dict[str, PlayerRecord] = {}
            rate = parts = text = 0.0
            for period in sorted(by_period):
                file = PlayerFile(tuple(state.values()), "state") if state else None
                start = time.perf_counter()
                report = FIDE_2014.rate_events(by_period[period], file, step_by_step=mode)
                middle = time.perf_counter()
                _read_everything(report)
                read = time.perf_counter()
                report.to_text()
                end = time.perf_counter()
                rate += middle - start
                parts += read - middle
                text += end - read
                for record in report.outcome.new_state.records:
                    state[record.id] = record
            label = "event by event" if mode else "vectorised"
            print(
                f"season, {label}: rate_events {rate:.2f} s; then every event's part, game "
                f"side and new state record {parts:.2f} s; then the report's text {text:.2f} s"
            )
    return rate


def month(step_by_step: bool, scale: float = 1.0) -> float:
    rng = random.Random(2026)
    count, per_event, rounds = int(100_000 * scale), 100, 10
    events_n = max(1, int(2000 * scale))
    rating = [rng.randint(1000, 2700) if rng.random() < 0.95 else None for _ in range(count)]
    people = [Player(f"p{i}", f"Player {i}", rating[i]) for i in range(count)]
    # each player in two events: two shuffles of everybody, cut into events of 100
    order = list(range(count)) + list(range(count))
    rng.shuffle(order)
    events = []
    for e in range(events_n):
        chosen = list(dict.fromkeys(order[e * per_event : (e + 1) * per_event]))
        ids = [people[i].id for i in chosen]
        games = []
        for round_ in range(1, rounds + 1):
            rng.shuffle(ids)
            for white, black in zip(ids[::2], ids[1::2], strict=False):
                score = rng.choice((1.0, 0.5, 0.0))
                games.append(Game(round_, white, black, score, 1 - score))
        events.append(Event(f"E{e}", tuple(people[i] for i in chosen), tuple(games)))
    total = sum(len(e.games) for e in events)
    gc.collect()  # the events just made are not the rating's to collect
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    report = FIDE_2014.rate_events(events, None, step_by_step=step_by_step)
    middle = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    label = "event by event" if step_by_step else "vectorised"
    print(
        f"month, {label}: {total} games, {count} players, {events_n} events: rate_events "
        f"{middle - start:.2f} s, peak RSS +{(peak - base) / 1024:.0f} MB"
    )
    _read_everything(report)
    end = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"month, {label}: reading every part, game side and record {end - middle:.2f} s more "
        f"(peak RSS +{(peak - base) / 1024:.0f} MB)"
    )
    return middle - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("season", "month"))
    parser.add_argument("--slow", action="store_true", help="the event-by-event path too")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--scale", type=float, default=1.0, help="players, games and events times this"
    )
    args = parser.parse_args(argv)
    print(f"{machine()}; ratingkit at {git_revision()}")
    if args.what == "season":
        seconds = season(args.slow, args.repeat, args.scale)
        limit = 1.5  # the season's rating within the ledger's 3 s for import and rating
    else:
        if args.slow:
            month(True, args.scale)
        seconds = month(False, args.scale)
        limit = 60.0
    verdict = "met" if seconds < limit else "NOT met"
    print(f"target: the vectorised rate_events under {limit:g} s -> {verdict} ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
