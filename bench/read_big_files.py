"""Bench: reading big event files (issue 14, point 15).

    .venv/bin/python bench/read_big_files.py                  # 10,000 players
    .venv/bin/python bench/read_big_files.py --players 2000 --repeat 1

Each format has one function below that writes a seeded synthetic Swiss event of
``--players`` players and ``--rounds`` rounds in that format with ratingkit's own writer, then
times reading it back with ``ratingkit.read_event`` (format detection, parsing, the checks of
the reader and of the event) and checks that what was read is the event that was written.
Target (issue 14): a 10,000-player file read in under 2 s.  To add a format, write a function
like :func:`fesa_table` and list it in ``FORMATS``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

from common import git_revision, machine, median_times, seconds, table, verdict

from ratingkit.core.model import Bye, ByeKind, Event, Game, Player
from ratingkit.formats import read_event
from ratingkit.formats.fesatable import write_fesa_table

TARGET_SECONDS = 2.0
TARGET_PLAYERS = 10_000


def swiss_event(n_players: int, rounds: int, seed: int = 14) -> Event:
    """A Swiss-like event: each round pairs a fresh random order of the players two by two
    (the odd one out gets a full-point bye), results drawn at random; a player never meets
    the same opponent twice in a row."""
    rng = random.Random(seed)
    ids = [str(i) for i in range(1, n_players + 1)]
    grades = ["3 dan", "1 dan", "1 kyu", "3 kyu", "6 kyu", "10 kyu", None]
    players = tuple(
        Player(
            pid,
            f"Surname{pid} Given{pid}",
            rng.randrange(400, 2500) if rng.random() > 0.1 else None,
            federation=rng.choice(("NL", "DE", "FR", "SE", "CZ", "IT")),
            extra={"grade": g} if (g := rng.choice(grades)) else {},
        )
        for pid in ids
    )
    games, byes = [], []
    for round_ in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            byes.append(Bye(round_, order.pop(), ByeKind.FULL_POINT))
        for a, b in zip(order[::2], order[1::2], strict=True):
            score = rng.choice((1.0, 0.0, 1.0, 0.0, 0.5))
            games.append(Game(round_, a, b, score, 1.0 - score))
    return Event(f"Synthetic Swiss of {n_players} players", players, tuple(games), tuple(byes))


def _same_event(read: Event, written: Event) -> bool:
    def content(event: Event):
        return (
            [(p.id, p.name, p.rating, p.federation) for p in event.players],
            sorted((g.round, *sorted(g.players), g.score_of(min(g.players))) for g in event.games),
            sorted((b.round, b.player, b.kind) for b in event.byes),
        )

    return content(read) == content(written)


def fesa_table(n_players: int, rounds: int, repeat: int, folder: Path) -> list[list[object]]:
    """Rows of the results table for a FESA result table of ``n_players`` players."""
    event = swiss_event(n_players, rounds)
    path = folder / "big-fesa-table.txt"
    write = median_times(lambda: path.write_text(write_fesa_table(event)), 1)[0]
    size = path.stat().st_size
    read, cpu, _ = median_times(lambda: read_event(path), repeat)
    assert _same_event(read_event(path), event), "the table did not read back as written"
    target = f"under {TARGET_SECONDS:.0f} s for {TARGET_PLAYERS:,} players"
    return [
        [
            "FESA table",
            f"{n_players:,} players, {rounds} rounds, {size / 1e6:.1f} MB",
            seconds(write),
            seconds(read),
            seconds(cpu),
            target,
            verdict(read < TARGET_SECONDS * max(1.0, n_players / TARGET_PLAYERS)),
        ]
    ]


#: One function a format: (players, rounds, repeat, folder) -> table rows.
FORMATS: dict[str, Callable[[int, int, int, Path], list[list[object]]]] = {
    "fesa": fesa_table,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--players", type=int, default=TARGET_PLAYERS)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--formats", nargs="*", default=list(FORMATS), choices=list(FORMATS))
    args = parser.parse_args()
    print(f"# Reading big files: {args.players:,} players, {args.rounds} rounds\n")
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs\n")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.formats:
            rows += FORMATS[name](args.players, args.rounds, args.repeat, Path(folder))
    header = ["file", "size", "write (once)", "read_event", "read CPU", "target", "verdict"]
    print(table(header, rows))
    print()
    met = all(row[-1] == "met" for row in rows)
    print(f"Every file read within its target: {verdict(met)}")


if __name__ == "__main__":
    main()
