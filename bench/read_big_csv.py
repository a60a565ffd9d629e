"""Reading a big CSV pair (issue 14, point 15): 10,000 players, a 9-round Swiss.

Times ``read_csv_pair`` (the whole read: decoding, the CSV tables, the player file checks,
the event model's checks and the round-robin detection) on a seeded synthetic pair written
twice: UTF-8 with commas, and Windows-1251 with semicolons (the encoding then detected with
charset-normalizer).  The baseline is the round-robin detection as ratingkit did it before
(every pair of players compared: N(N-1)/2 pairs), timed on ``--old-players`` players and
scaled up quadratically, since at 10,000 players it alone took 36 s.  Linearity: the read of
N players against the read of N/10 players (a linear reader takes about 10 times as long).

    .venv/bin/python bench/read_big_csv.py [--players 10000] [--rounds 9] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import Counter
from itertools import combinations
from pathlib import Path

from common import git_revision, machine, median_time, seconds, table, verdict

from ratingkit.core.model import Event, is_complete_round_robin
from ratingkit.formats.csvpair import read_csv_pair

TARGET_SECONDS = 2.0
FIRST = ["Иван", "Пётр", "Анна", "Мария", "Дмитрий", "Ольга", "Сергей", "Елена"]
LAST = ["Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов"]


def write_pair(folder: Path, players: int, rounds: int, delimiter: str, encoding: str) -> Path:
    """A seeded Swiss of ``players`` players and ``rounds`` rounds (random pairings, no pair
    met twice is not enforced: it does not matter to reading)."""
    generator = random.Random(players * 100 + rounds)
    folder.mkdir(parents=True, exist_ok=True)
    d = delimiter
    lines = [f"id{d}name{d}rating"]
    for index in range(1, players + 1):
        name = f"{generator.choice(LAST)} {generator.choice(FIRST)} {index}"
        rating = generator.choice(["", str(generator.randint(1000, 2700))])
        lines.append(f"{index}{d}{name}{d}{rating}")
    (folder / "players.csv").write_bytes(("\n".join(lines) + "\n").encode(encoding))
    ids = list(range(1, players + 1))
    games = [f"round{d}white{d}black{d}result"]
    for round_ in range(1, rounds + 1):
        generator.shuffle(ids)
        for white, black in zip(ids[0::2], ids[1::2], strict=False):
            result = generator.choice(["1-0", "0-1", "1/2-1/2"])
            games.append(f"{round_}{d}{white}{d}{black}{d}{result}")
        if len(ids) % 2:
            games.append(f"{round_}{d}{ids[-1]}{d}{d}F")
    (folder / "games.csv").write_bytes(("\n".join(games) + "\n").encode(encoding))
    return folder


def old_is_complete_round_robin(event: Event) -> bool:
    """The detection before issue 14: every pair of players looked up."""
    if len(event.players) < 2:
        return False
    meetings = Counter(frozenset(g.players) for g in event.games)
    counts = {meetings[frozenset(pair)] for pair in combinations(event.player_ids, 2)}
    return len(counts) == 1 and counts.pop() >= 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--old-players",
        type=int,
        default=2_000,
        help="players for the old pairwise detection (scaled up quadratically; default 2000)",
    )
    args = parser.parse_args()
    print(f"{machine()}; ratingkit at {git_revision()}; medians of {args.repeat} runs\n")
    rows = []
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        big = write_pair(root / "utf8", args.players, args.rounds, ",", "utf-8")
        code_page = write_pair(root / "cp1251", args.players, args.rounds, ";", "cp1251")
        small = write_pair(root / "small", max(args.players // 10, 2), args.rounds, ",", "utf-8")
        event = read_csv_pair(big)
        assert [p.name for p in read_csv_pair(code_page).players] == [p.name for p in event.players]
        size = sum(f.stat().st_size for f in big.iterdir())
        utf8, _ = median_time(lambda: read_csv_pair(big), args.repeat)
        cp1251, _ = median_time(lambda: read_csv_pair(code_page), args.repeat)
        tenth, _ = median_time(lambda: read_csv_pair(small), args.repeat)
        detection, _ = median_time(lambda: is_complete_round_robin(event), args.repeat)
        old_count = min(args.old_players, args.players)
        old_event = read_csv_pair(write_pair(root / "old", old_count, args.rounds, ",", "utf-8"))
        old, _ = median_time(lambda: old_is_complete_round_robin(old_event), 1)
        old_scaled = old * (args.players / old_count) ** 2
        games = len(event.games)
        rows.append(
            [
                f"read_csv_pair, UTF-8, commas ({args.players:,} players, {games:,} games, "
                f"{size / 1e6:.1f} MB)",
                seconds(utf8),
            ]
        )
        rows.append(["read_csv_pair, Windows-1251 detected, semicolons", seconds(cp1251)])
        rows.append([f"read_csv_pair, {args.players // 10:,} players (a tenth)", seconds(tenth)])
        rows.append(["is_complete_round_robin (now: counts per pair)", seconds(detection)])
        rows.append([f"old pairwise detection, {old_count:,} players, measured", seconds(old)])
        rows.append(
            [
                f"old pairwise detection scaled to {args.players:,} players (x N^2)",
                seconds(old_scaled),
            ]
        )
    print(table(["what", "median"], rows))
    ratio = utf8 / tenth if tenth else float("inf")
    fast = max(utf8, cp1251) < TARGET_SECONDS
    linear = ratio < 20
    print(
        f"\nTargets: a {args.players:,}-player CSV pair read in under {TARGET_SECONDS:g} s "
        f"(UTF-8 {seconds(utf8)}, Windows-1251 {seconds(cp1251)}): {verdict(fast)}; "
        f"linear (N players against N/10: {ratio:.1f}x, under 20x): {verdict(linear)}"
    )


if __name__ == "__main__":
    main()
