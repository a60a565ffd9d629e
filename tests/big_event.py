"""A seeded, generated chess event of any size as a CSV pair (``event.csv``, ``players.csv``,
``games.csv``): what the desk's tests and ``bench/desk_at_size.py`` upload (issue 26: 2,000
players and 9,001 games, 193 KB; 10,000 players, 2 MB).

A Swiss begun on 2024-05-01 (FIDE's 2024 text in force), 10% of the players unrated, the
others rated 1400-2700; each round pairs the players at random (a pair may meet twice: it does
not matter to rating), the last round only as many games as ``games`` leaves.  Nothing here
reads ratingkit."""

from __future__ import annotations

import random
from pathlib import Path


def write_event(folder: Path, players: int, games: int, seed: int = 26) -> Path:
    """Write the CSV pair into ``folder`` (made if missing) and return it."""
    generator = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "event.csv").write_text(
        "field,value\nname,Generated Open 2024\ntype,swiss\nstart,2024-05-01\nend,2024-05-09\n",
        encoding="utf-8",
    )
    lines = ["id,name,rating"]
    for index in range(1, players + 1):
        rating = "" if generator.random() < 0.1 else str(generator.randint(1400, 2700))
        lines.append(f"{index},Player {index},{rating}")
    (folder / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = ["round,white,black,result"]
    ids = list(range(1, players + 1))
    round_ = 0
    while len(rows) <= games:
        round_ += 1
        generator.shuffle(ids)
        for white, black in zip(ids[0::2], ids[1::2], strict=False):
            if len(rows) > games:
                break
            result = generator.choice(["1-0", "0-1", "1/2-1/2"])
            rows.append(f"{round_},{white},{black},{result}")
    (folder / "games.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder
