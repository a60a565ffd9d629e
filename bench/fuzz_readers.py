"""Fuzz every reader with mutated copies of the real example files (issue 14, point 14).

The same mutations and checks as ``tests/test_fuzz_readers.py`` (``tests/fuzz_inputs.py``),
with many more examples and a random seed: prints how many calls gave a valid result, a
``RatingkitError`` naming the file, one not naming it, another exception or a hang, then every
distinct failure (exception type and the innermost ratingkit frame) with a reproduction shrunk
by deleting lines and shortening them.  Reproductions are also written to ``--save``.

    python bench/fuzz_readers.py --examples 20000 --seconds 300
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from common import ROOT, git_revision, machine, table

sys.path.insert(0, str(ROOT / "tests"))

from fuzz_inputs import SEEDS, Outcome, Seed, attempt, mutate, place


def _signature(outcome: Outcome) -> tuple[str, str, str]:
    return (outcome.kind, outcome.exc_type, outcome.where)


LEDGER = False


def _bad(seed: Seed, data: bytes, folder: Path, timeout: float) -> list[Outcome]:
    return [o for o in attempt(seed, place(seed, data, folder), timeout, LEDGER) if o.bad]


def shrink(seed: Seed, data: bytes, signature, folder: Path, timeout: float, budget=150) -> bytes:
    """A smaller input with the same failure: lines deleted, then lines halved, greedily."""

    def same(candidate: bytes) -> bool:
        nonlocal budget
        if budget <= 0:
            return False
        budget -= 1
        return any(_signature(o) == signature for o in _bad(seed, candidate, folder, timeout))

    lines = data.split(b"\n")
    index = len(lines) - 1
    while index >= 0 and budget > 0:
        candidate = lines[:index] + lines[index + 1 :]
        if candidate and same(b"\n".join(candidate)):
            lines = candidate
        index -= 1
    for index in range(len(lines)):
        while len(lines[index]) > 200 and budget > 0:
            candidate = [
                *lines[:index],
                lines[index][: len(lines[index]) // 2],
                *lines[index + 1 :],
            ]
            if not same(b"\n".join(candidate)):
                break
            lines = candidate
    return b"\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20000, help="mutated inputs in all")
    parser.add_argument("--seconds", type=float, default=300.0, help="stop after this long")
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per reader call")
    parser.add_argument("--long", type=int, default=50_000, help="longest line added, bytes")
    parser.add_argument("--memory", type=int, default=2048, help="address-space limit, MiB")
    parser.add_argument("--save", type=Path, default=None, help="write reproductions here")
    parser.add_argument(
        "--ledger",
        action="store_true",
        help="also import each event into a new ledger and rate its period",
    )
    args = parser.parse_args(argv)
    global LEDGER
    LEDGER = args.ledger
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rnd = random.Random(seed)
    print(machine())
    print(f"ratingkit at {git_revision()}; random seed {seed}; up to {args.examples} inputs")
    import ratingkit.core.players
    import ratingkit.formats

    ratingkit.formats.formats()
    limit = args.memory * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    originals = {s: (s.path / s.member if s.member else s.path).read_bytes() for s in SEEDS}
    counts: dict[str, Counter] = {s.label: Counter() for s in SEEDS}
    first: dict[tuple, tuple[Seed, bytes, Outcome]] = {}
    started = time.perf_counter()
    done = 0
    with tempfile.TemporaryDirectory(prefix="ratingkit-fuzz-") as tmp:
        folder = Path(tmp)
        while done < args.examples and time.perf_counter() - started < args.seconds:
            chosen = rnd.choice(SEEDS)
            data = mutate(originals[chosen], rnd, long=rnd.choice((200, 5000, args.long)))
            path = place(chosen, data, folder)
            for outcome in attempt(chosen, path, args.timeout, args.ledger):
                counts[chosen.label][outcome.kind] += 1
                key = (chosen.reader, *_signature(outcome))
                if outcome.bad and key not in first:
                    first[key] = (chosen, data, outcome)
            done += 1
        elapsed = time.perf_counter() - started
        kinds = ("ok", "error", "unnamed", "exception", "hang")
        print(f"\n### Outcomes of {done} mutated inputs in {elapsed:.0f} s\n")
        rows = [[label, *(c[k] for k in kinds)] for label, c in counts.items()]
        totals = Counter()
        for c in counts.values():
            totals.update(c)
        rows.append(["all", *(totals[k] for k in kinds)])
        print(table(["seed", *kinds], rows))
        print(f"\n### {len(first)} distinct failures (type and innermost ratingkit frame)\n")
        for number, (_key, (chosen, data, outcome)) in enumerate(sorted(first.items()), 1):
            small = shrink(chosen, data, _signature(outcome), folder, args.timeout)
            again = [o for o in _bad(chosen, small, folder, args.timeout)]
            shown = next((o for o in again if _signature(o) == _signature(outcome)), outcome)
            print(f"{number}. {outcome.kind} {outcome.exc_type} at {outcome.where or '?'}")
            print(f"   seed {chosen.label}, call {shown.call}")
            print(f"   message: {shown.message[:200]!r}")
            text = (
                repr(small)
                if len(small) <= 600
                else repr(small[:600]) + f" ... ({len(small)} bytes)"
            )
            print(f"   input: {text}")
            if args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                name = chosen.member or chosen.path.name
                (args.save / f"{number:03d}-{name}").write_bytes(small)
    bad = totals["unnamed"] + totals["exception"] + totals["hang"]
    verdict = "met" if bad == 0 else "NOT met"
    print(
        f"\ntarget: every input read or refused with a RatingkitError naming the file, "
        f"none slower than {args.timeout} s: {verdict} ({bad} bad calls)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
