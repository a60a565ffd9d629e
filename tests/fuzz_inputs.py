"""Mutated copies of the real example files, and one call of a reader on each (issue 14,
point 14), shared by ``tests/test_fuzz_readers.py`` (fixed seed, few examples) and
``bench/fuzz_readers.py`` (random seeds, many examples).

A *seed* is one example file of one format (or a CSV pair's folder, one of whose files is
mutated).  :func:`mutate` applies a few byte-level changes drawn from a ``random.Random``:
truncation, inserted NUL / BOM / CR / tab / huge or non-finite numbers / superscript digits,
a number replaced by such a token, duplicated, deleted or swapped lines, a long line.
:func:`attempt` writes the result to a folder, calls the reader under a timeout and classifies
the outcome: ``ok`` (a valid event or player file), ``error`` (a ``RatingkitError`` naming the
file), ``unnamed`` (a ``RatingkitError`` whose message does not name the file), ``exception``
(anything else) or ``hang``.
"""

from __future__ import annotations

import random
import shutil
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Seed:
    """An example file of one format; ``member`` is the file mutated inside a folder seed."""

    reader: str  # "event" (read_event, format detected and given) or "players"
    path: Path
    format: str | None = None  # the format name given explicitly on the second call
    member: str | None = None
    rules: str | None = None  # the rule set of a ledger the event is imported into

    @property
    def label(self) -> str:
        where = self.path.relative_to(ROOT)
        return f"{self.reader}:{where}" + (f"/{self.member}" if self.member else "")


#: The rule set a ledger of each format's events is kept under (the ledger calls).
LEDGER_RULES = {"trf": "fide-2014", "csv": "fide-2014", "scorecsv": "fide-1982", "fesa": "fesa"}


def _e(path: str, fmt: str, member: str | None = None, rules: str | None = None) -> Seed:
    return Seed("event", ROOT / path, fmt, member, rules or LEDGER_RULES.get(fmt))


#: Every format's real example files (the readers' inputs in the README and the tests).
SEEDS: tuple[Seed, ...] = (
    _e("examples/karl-mala-2005-swiss.trf", "trf"),
    _e("examples/round-robin-two-unrated.trf", "trf"),
    _e("examples/fesa-spring-cup.txt", "fesa"),
    _e("examples/fesa-spring-cup-rated.txt", "fesa"),
    _e("examples/fesa-example-rated.txt", "fesa"),
    _e("examples/fide-1982-berger.csv", "scorecsv"),
    _e("examples/club-evening-plain", "csv", "games.csv"),
    _e("examples/club-evening-plain", "csv", "players.csv"),
    _e("examples/fide-autumn-open-2025", "csv", "event.csv"),
    _e("examples/fide-autumn-open-2025", "csv", "games.csv"),
    _e("examples/fesa-handicap-club", "csv", "games.csv", "fesa"),
    _e("examples/lnmo-club", "club", "games.csv", "lnmo"),
    _e("examples/lnmo-club", "club", "players.csv", "lnmo"),
    Seed("players", ROOT / "examples/karl-mala-2005-players.csv"),
    Seed("players", ROOT / "examples/fesa-spring-cup-players.csv"),
    Seed("players", ROOT / "examples/fide-autumn-open-2025/players.csv"),
)

#: Tokens inserted or substituted for a number: huge, non-finite, signed, exotic digits.
TOKENS: tuple[bytes, ...] = (
    b"\x00",
    b"\xef\xbb\xbf",
    b"\r",
    b"\r\n",
    b"\t",
    b"99999999999999999999",
    b"1e30",
    b"nan",
    b"inf",
    b" inf",
    b"-inf",
    b"-9",
    b"0",
    "\u00b2".encode(),
    "\u0663".encode(),  # ARABIC-INDIC DIGIT THREE (str.isdigit and int() accept it)
    b"\xff\xfe",
    b",",
    b";",
    b'"',
    b"\n",
    b"=",
    b"1,5",
    b"9" * 5000,
)

_DIGITS = frozenset(b"0123456789")


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _number_spans(data: bytes) -> list[tuple[int, int]]:
    spans, start = [], None
    for index, byte in enumerate(data):
        if byte in _DIGITS:
            if start is None:
                start = index
        elif start is not None:
            spans.append((start, index))
            start = None
    if start is not None:
        spans.append((start, len(data)))
    return spans


def mutate(data: bytes, rnd: random.Random, *, ops: int | None = None, long: int = 20_000) -> bytes:
    """``data`` with 1-3 (or ``ops``) mutations drawn from ``rnd``; ``long`` bounds the
    length of a long line."""
    for _ in range(ops if ops is not None else rnd.randint(1, 3)):
        kind = rnd.randrange(11)
        lines = _lines(data)
        if kind == 0 and data:  # truncation
            data = data[: rnd.randrange(len(data))]
        elif kind == 1:  # insert a token anywhere
            at = rnd.randrange(len(data) + 1)
            data = data[:at] + rnd.choice(TOKENS) + data[at:]
        elif kind in (2, 3):  # replace a number by a token (near-valid files)
            spans = _number_spans(data)
            if spans:
                start, end = rnd.choice(spans)
                data = data[:start] + rnd.choice(TOKENS) + data[end:]
        elif kind == 4 and lines:  # duplicate a line
            at = rnd.randrange(len(lines))
            lines.insert(at, lines[at])
            data = b"\n".join(lines)
        elif kind == 5 and len(lines) > 1:  # delete a line
            del lines[rnd.randrange(len(lines))]
            data = b"\n".join(lines)
        elif kind == 6 and len(lines) > 1:  # swap two lines
            i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == 7 and lines:  # a long line: one line's tail repeated
            at = rnd.randrange(len(lines))
            line = lines[at]
            piece = line[rnd.randrange(len(line)) :] if line else b"x"
            piece = piece or b"x"
            lines[at] = line + piece * max(1, rnd.randrange(long) // len(piece))
            data = b"\n".join(lines)[: len(data) + long]
        elif kind == 8:  # BOM at the start
            data = b"\xef\xbb\xbf" + data
        elif kind == 9:  # CRLF or CR line ends
            data = data.replace(b"\n", rnd.choice((b"\r\n", b"\r")))
        elif kind == 10 and data:  # one byte changed
            at = rnd.randrange(len(data))
            data = data[:at] + bytes([rnd.randrange(256)]) + data[at + 1 :]
    return data


#: Whole numbers an officer's file must not smuggle in as a round, a rating or a count.
HUGE_NUMBERS: tuple[bytes, ...] = (b"1000000000000", b"1000", b"9" * 5000, b"-1", b"0")


def hostile(data: bytes, rnd: random.Random) -> bytes:
    """``data`` with one edit of the kinds issue 25 found messages for: a quote opened and
    never closed, a quoted cell running over a line break, a number replaced by a huge one
    (a round of 10^12), the file emptied or left with blanks only; then, half the time, the
    random mutations of :func:`mutate` on top."""
    lines = _lines(data)
    kind = rnd.randrange(5)
    at = rnd.randrange(len(lines)) if lines else 0
    if kind == 0 and lines:  # an unclosed quote at the start of a cell
        line = lines[at]
        cells = [i + 1 for i, b in enumerate(line) if b in b",;\t"]
        cut = rnd.choice([0, *cells])
        lines[at] = line[:cut] + b'"' + line[cut:]
        data = b"\n".join(lines)
    elif kind == 1 and lines:  # a quoted cell with a line break inside
        line = lines[at]
        cut = rnd.randrange(len(line) + 1)
        lines[at] = line[:cut] + b'"x\ny"' + line[cut:]
        data = b"\n".join(lines)
    elif kind == 2:  # one number replaced by a huge (or zero, or negative) one
        spans = _number_spans(data)
        if spans:
            start, end = rnd.choice(spans)
            data = data[:start] + rnd.choice(HUGE_NUMBERS) + data[end:]
    elif kind == 3:
        data = rnd.choice((b"", b"\n\n", b" \r\n", b"\xef\xbb\xbf"))
    return mutate(data, rnd, ops=1, long=300) if rnd.random() < 0.5 else data


class Hang(BaseException):
    """Raised by the alarm when one call takes too long (a BaseException, so that a reader's
    ``except Exception`` cannot swallow it)."""


def _alarm(signum, frame):  # pragma: no cover - only on a hang
    raise Hang


@dataclass(frozen=True)
class Outcome:
    kind: str  # ok, error, unnamed, exception, hang
    call: str  # "read_event(path)", "read_event(path, 'trf')", "read_player_file(path)"
    message: str = ""
    exc_type: str = ""
    where: str = ""  # the innermost ratingkit frame of a traceback

    @property
    def bad(self) -> bool:
        return self.kind in ("unnamed", "exception", "hang")


def place(seed: Seed, data: bytes, folder: Path) -> Path:
    """Write the mutated ``data`` into a fresh sub-folder of ``folder`` as the seed's file (a
    folder seed is copied with its member replaced; nothing else lies beside it, so that no
    earlier input is taken for a companion file); returns the path to hand to the reader."""
    case = folder / "case"
    if case.exists():
        shutil.rmtree(case)
    case.mkdir()
    target = case / seed.path.name
    if seed.member is None:
        target.write_bytes(data)
        return target
    shutil.copytree(seed.path, target)
    (target / seed.member).write_bytes(data)
    return target


def _calls(seed: Seed, path: Path, ledger: bool) -> list[tuple[str, Callable[[], object]]]:
    from ratingkit.core.players import read_player_file
    from ratingkit.formats import read_event

    if seed.reader == "players":
        return [("read_player_file(path)", lambda: read_player_file(path))]
    calls = [
        ("read_event(path)", lambda: read_event(path)),
        (f"read_event(path, {seed.format!r})", lambda: read_event(path, seed.format)),
    ]
    if ledger and seed.rules:
        calls.append((f"ledger {seed.rules}: import, rate", lambda: _through_ledger(seed, path)))
    return calls


def _through_ledger(seed: Seed, path: Path) -> object:
    """Import the file into a new ledger and rate its period (the ledger's IntegrityError of
    issue 14 was found so); returns the published list."""
    from ratingkit.services.ledger import Ledger

    book_path = path.parent / "ledger.sqlite"
    book_path.unlink(missing_ok=True)
    with Ledger.create(book_path, seed.rules or "fide-2014") as book:
        book.import_file(path, period="2024-01", input_format=seed.format)
        book.rate_period("2024-01")
        return book.published_list("2024-01")


def _innermost(exc: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "ratingkit" in f.filename]
    if not frames:
        return ""
    last = frames[-1]
    return f"{Path(last.filename).parent.name}/{Path(last.filename).name}:{last.lineno} {last.name}"


def _names_file(message: str, seed: Seed, path: Path) -> bool:
    names = {path.name, str(path)}
    if seed.member:
        names.add(seed.member)
    return any(name in message for name in names)


def attempt(seed: Seed, path: Path, timeout: float = 5.0, ledger: bool = False) -> list[Outcome]:
    """Every reader call of ``seed`` on ``path``, each under ``timeout`` seconds; with
    ``ledger``, also an import into a new ledger and the rating of its period (a
    ``RatingkitError`` there need not name the file: a rating can fail for the event as a
    whole)."""
    from ratingkit.core.errors import RatingkitError
    from ratingkit.core.model import Event
    from ratingkit.core.players import PlayerFile
    from ratingkit.core.report import Table

    outcomes = []
    # An alarm already set (pytest-timeout's, say) is put back afterwards, less the time spent.
    outer, started = signal.getitimer(signal.ITIMER_REAL)[0], time.monotonic()
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for call, function in _calls(seed, path, ledger):
            signal.setitimer(signal.ITIMER_REAL, timeout)
            try:
                result = function()
                signal.setitimer(signal.ITIMER_REAL, 0)
            except Hang:
                outcomes.append(Outcome("hang", call, f"longer than {timeout} s"))
                continue
            except RatingkitError as exc:
                signal.setitimer(signal.ITIMER_REAL, 0)
                named = _names_file(str(exc), seed, path) or call.startswith("ledger")
                kind = "error" if named else "unnamed"
                outcomes.append(
                    Outcome(kind, call, str(exc)[:300], type(exc).__name__, _innermost(exc))
                )
                continue
            except Exception as exc:
                signal.setitimer(signal.ITIMER_REAL, 0)
                outcomes.append(
                    Outcome("exception", call, str(exc)[:300], type(exc).__name__, _innermost(exc))
                )
                continue
            expected = (
                PlayerFile
                if seed.reader == "players"
                else Table
                if call.startswith("ledger")
                else Event
            )
            if isinstance(result, expected):
                outcomes.append(Outcome("ok", call))
            else:
                outcomes.append(
                    Outcome("exception", call, f"returned {type(result).__name__}", "TypeError")
                )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer > 0:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 0.01))
    return outcomes


# -- through the command line (issue 25, part 5) -------------------------------------------

#: The rule set each format's events are rated and checked under on the command line.
CLI_RULES = {
    "trf": "fide-2014",
    "csv": "fide-2014",
    "scorecsv": "fide-1982",
    "fesa": "fesa",
    "club": "lnmo",
}


@dataclass(frozen=True)
class CliRun:
    """One command line run in process: its words, exit status and what it wrote to stderr
    (a traceback, with status -1, when something escaped ``main``)."""

    words: tuple[str, ...]
    status: int
    stderr: str


def cli_runs(seed: Seed, path: Path, language: str = "en") -> list[CliRun]:
    """``ratingkit rate`` (CSV output: the report's rendering is not what is tried here) and
    ``ratingkit check`` of ``path`` under the seed's rule set, in ``language``."""
    import contextlib
    import io

    from ratingkit import cli

    rules = seed.rules or CLI_RULES[seed.format or "csv"]
    runs = []
    for command in (["rate", str(path), "--format", "csv"], ["check", str(path)]):
        words = ("--lang", language, *command, "--rules", rules)
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = cli.main(list(words))
        except BaseException:  # what the property looks for: nothing escapes main
            status, text = -1, traceback.format_exc()
        else:
            text = err.getvalue()
        runs.append(CliRun(words, status, text))
    return runs


def cli_problems(run: CliRun, seed: Seed, path: Path) -> list[str]:
    """What is wrong with how ``run`` failed: an exception escaped, the error is not one line
    beginning ``ratingkit: error:`` (in the run's language), or it names no file.  Warnings
    (``ratingkit: warning:``) on stderr are not errors; an exit status of 0 or 1 (rated,
    checked) is no failure."""
    if run.status == -1:
        return ["an exception escaped: " + run.stderr[-300:]]
    if run.status in (0, 1):
        return []
    from ratingkit.core.i18n import language_of, tr

    with language_of(run.words[1]):
        prefix = tr("ratingkit: error: {message}", message="")
    errors = [line for line in run.stderr.splitlines() if not line.startswith("ratingkit: ")]
    errors += [line for line in run.stderr.splitlines() if line.startswith(prefix)]
    problems = []
    if run.status != 2:
        problems.append(f"exit status {run.status}")
    if len(errors) != 1 or not errors[0].startswith(prefix):
        problems.append(f"not one error line: {run.stderr[:400]!r}")
    elif not _names_file(errors[0], seed, path):
        problems.append(f"names no file: {errors[0][:300]!r}")
    return problems
