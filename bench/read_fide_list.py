"""Benchmark: FIDE's rating list at its real size read by ``db import-list`` (issue 28, part 4).

Builds in a temporary folder a seeded synthetic combined list of FIDE's size (default
1,200,000 players, about FIDE's list) in FIDE's two layouts, each zipped as FIDE publishes
them: ``players_list_foa.txt`` in ``players_list.zip`` and ``players_list_xml_foa.xml`` in
``players_list_xml.zip`` (the writing is timed apart and not counted).  Then, for each file,
one subprocess that imports ``ratingkit`` from the checkout it measures creates a ledger
(``ratingkit db init``'s Python API, ``Ledger.create``) and imports the list into it
(``Ledger.import_list``, what ``ratingkit db import-list`` does); its wall time and its peak
memory (``ru_maxrss``) are the figures.  With ``--before`` an older checkout is measured in
the same run, the two checkouts taking turns.  Targets: peak memory under 1 GB for either
file, and no slower than before by more than 10%.

    git worktree add --detach /tmp/old 6b84851
    .venv/bin/python bench/read_fide_list.py --before /tmp/old
    .venv/bin/python bench/read_fide_list.py --players 300000 --before /tmp/old

The files' players are all distinct, every value within FIDE's ranges; the XML is about
three times the TXT's size.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from common import ROOT, git_revision, machine, seconds, table, verdict

MEMORY_LIMIT = 1024**3
SLOWER_LIMIT = 1.10

#: FIDE's combined TXT header (players_list_foa.txt) and its columns' widths.
HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)
FEDERATIONS = ("HUN", "GER", "FRA", "ESP", "IND", "USA", "RUS", "TUR", "NED", "JPN")
TITLES = ("", "", "", "", "", "", "FM", "IM", "GM", "CM")

CHILD = r"""
import json, resource, sys, tempfile, time
from pathlib import Path
checkout = sys.argv[1]
sys.path[:0] = [checkout]
from ratingkit.services.ledger import Ledger
path = sys.argv[2]
with tempfile.TemporaryDirectory() as folder:
    start = time.perf_counter()
    ledger = Ledger.create(Path(folder) / "list.ledger", "fide-2014")
    summary = ledger.import_list(path)
    elapsed = time.perf_counter() - start
    ledger.close()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": elapsed, "peak": peak, "players": summary.created}))
"""


def players(count: int, seed: int):
    """Seeded players: (id, name, fed, sex, title, three (rating, games, k), born, flag)."""
    draw = random.Random(seed)
    for number in range(count):
        woman = draw.random() < 0.15
        lists = []
        for _ in range(3):
            rated = draw.random() < 0.9
            lists.append(
                (draw.randint(1000, 2800), draw.randint(0, 30), draw.choice((10, 20, 40)))
                if rated
                else ("", "", "")
            )
        yield (
            str(100_000 + number),
            f"Player{number:07d}, {draw.choice('ABCDEFGHIJ')}{draw.randint(1, 999)}",
            draw.choice(FEDERATIONS),
            "F" if woman else "M",
            draw.choice(TITLES),
            lists,
            draw.randint(1930, 2018),
            ("w" if woman else "") + ("i" if draw.random() < 0.3 else ""),
        )


def write_lists(folder: Path, count: int, seed: int) -> tuple[Path, Path]:
    """players_list.zip (TXT) and players_list_xml.zip (XML) of ``count`` players."""
    txt, xml = folder / "players_list.zip", folder / "players_list_xml.zip"
    with (
        zipfile.ZipFile(txt, "w", zipfile.ZIP_DEFLATED) as txt_zip,
        zipfile.ZipFile(xml, "w", zipfile.ZIP_DEFLATED) as xml_zip,
        txt_zip.open("players_list_foa.txt", "w", force_zip64=True) as txt_out,
        xml_zip.open("players_list_xml_foa.xml", "w", force_zip64=True) as xml_out,
    ):
        txt_out.write((HEADER + "\n").encode())
        xml_out.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        lines, elements = [], []
        for fide_id, name, fed, sex, title, lists, born, flag in players(count, seed):
            values = (fide_id, name, fed, sex, title, "", "", "")
            values += (*(str(v) for rating in lists for v in rating), str(born), flag)
            lines.append("".join(v.ljust(w) for v, w in zip(values, WIDTHS, strict=True)))
            (standard, rapid, blitz) = lists
            tags = {
                "fideid": fide_id, "name": name, "country": fed, "sex": sex, "title": title,
                "w_title": "", "o_title": "", "foa_title": "",
                "rating": standard[0], "games": standard[1], "k": standard[2],
                "rapid_rating": rapid[0], "rapid_games": rapid[1], "rapid_k": rapid[2],
                "blitz_rating": blitz[0], "blitz_games": blitz[1], "blitz_k": blitz[2],
                "birthday": born, "flag": flag,
            }  # fmt: skip
            elements.append(
                "<player>\n" + "".join(f"<{t}>{v}</{t}>\n" for t, v in tags.items()) + "</player>\n"
            )
            if len(lines) == 10_000:
                txt_out.write(("\n".join(lines) + "\n").encode())
                xml_out.write("".join(elements).encode())
                lines, elements = [], []
        if lines:
            txt_out.write(("\n".join(lines) + "\n").encode())
            xml_out.write("".join(elements).encode())
        xml_out.write(b"</playerslist>\n")
    return txt, xml


def measure(checkout: Path, path: Path, timeout: float) -> dict:
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(checkout), str(path)],
            cwd=checkout,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"failed": f"did not finish in {timeout:g} s"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        return {"failed": last[:200]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--repeat", type=int, default=1, help="rounds (checkouts take turns)")
    parser.add_argument("--before", type=Path, help="a checkout of an older revision")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a run")
    options = parser.parse_args(argv)
    print(f"{machine()}; ratingkit at {git_revision()}")
    checkouts = {"after": ROOT}
    if options.before is not None:
        checkouts = {"before": options.before.resolve(), "after": ROOT}
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        written = write_lists(Path(folder), options.players, options.seed)
        files = dict(zip(("TXT", "XML"), written, strict=True))
        print(
            f"{options.players:,} players written in {seconds(time.perf_counter() - start)}: "
            + ", ".join(f"{name} {path.stat().st_size / 1024**2:,.1f} MB zipped"
                        for name, path in files.items())
        )  # fmt: skip
        results: dict[tuple[str, str], list[dict]] = {}
        for _ in range(options.repeat):
            for layout, path in files.items():
                for side, checkout in checkouts.items():
                    results.setdefault((layout, side), []).append(
                        measure(checkout, path, options.timeout)
                    )
    rows, targets = [], []
    for (layout, side), runs in results.items():
        good = [r for r in runs if "failed" not in r]
        if not good:
            rows.append([layout, side, runs[-1]["failed"], "", ""])
            targets.append((f"{layout} ({side}) read", False))
            continue
        time_taken = min(r["seconds"] for r in good)
        peak = max(r["peak"] for r in good)
        rows.append(
            [
                layout,
                side,
                seconds(time_taken),
                f"{peak / 1024**2:,.0f} MB",
                f"{good[0]['players']:,}",
            ]
        )
        if side == "after":
            targets.append((f"{layout}: peak memory under 1 GB", peak < MEMORY_LIMIT))
            before = results.get((layout, "before"))
            good_before = [r for r in before or [] if "failed" not in r]
            if good_before:
                old = min(r["seconds"] for r in good_before)
                targets.append(
                    (f"{layout}: at most 10% slower than before", time_taken <= old * SLOWER_LIMIT)
                )
    print(table(["list", "checkout", "create + import", "peak memory", "players"], rows))
    print("\nTargets: " + "; ".join(f"{what}: {verdict(ok)}" for what, ok in targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
