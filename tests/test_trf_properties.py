"""Property tests of the TRF reader and writer (issue 14, points 14 and 15), with Hypothesis.

* What ``write_trf`` writes, ``parse_trf`` reads back equal, over generated events (players
  with and without ratings, FIDE ids, birth dates, titles; games played, forfeited and of less
  than one move; every kind of bye; every event type), and writing what was read gives the
  same text again.
* Near-valid files (a generated event's TRF, or FIDE's own example) with mutations: cut
  anywhere, characters replaced or inserted (``nan``, ``inf``, ``1e23``, ``²``, NUL bytes, a
  byte-order mark, tabs, CR, long runs of digits), whole lines duplicated, a player paired
  against himself, a FIDE id given twice, a line of far too many rounds, CRLF line ends.  Each
  either reads as a valid event (which writes back and reads again equal) or is refused with a
  ``RatingkitError`` that names the file and the line; never another exception.

Fixed seed and bounded examples (the project's rule for CI); the inputs are small, so that each
example takes milliseconds (the three tests take about 10 s together).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

from conftest import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core.errors import RatingkitError
from ratingkit.core.model import Bye, ByeKind, Event, EventType, Game, Play, Player
from ratingkit.formats.trf import parse_trf, read_trf, round_column, write_trf

EXAMPLE_TEXT = (DATA / "fide-example1.trf").read_text(encoding="utf-8")

#: ``RATINGKIT_TRF_EXAMPLES=5000`` (and ``RATINGKIT_TRF_RANDOM=1`` for a new seed each run)
#: runs the same properties longer, outside CI.
SETTINGS = settings(
    derandomize=not os.environ.get("RATINGKIT_TRF_RANDOM"),
    max_examples=int(os.environ.get("RATINGKIT_TRF_EXAMPLES", "150")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.-'äöüßéñçİıŞşĞğИванов"
NAMES = st.text(alphabet=NAME_CHARS, min_size=1, max_size=33).map(str.strip).filter(bool)

#: (white score, black score, play) of every game TRF can write.
RESULTS = [
    (1.0, 0.0, Play.PLAYED),
    (0.0, 1.0, Play.PLAYED),
    (0.5, 0.5, Play.PLAYED),
    (1.0, 0.0, Play.FORFEIT),
    (0.0, 1.0, Play.FORFEIT),
    (0.0, 0.0, Play.FORFEIT),
    (1.0, 0.0, Play.UNDER_ONE_MOVE),
    (0.0, 1.0, Play.UNDER_ONE_MOVE),
    (0.5, 0.5, Play.UNDER_ONE_MOVE),
]


@st.composite
def players(draw, count: int) -> list[Player]:
    fide_ids = draw(
        st.lists(st.integers(1, 99_999_999_999), min_size=count, max_size=count, unique=True)
    )
    result = []
    for index in range(count):
        born = draw(st.none() | st.dates(date(1900, 1, 1), date(2020, 12, 31)))
        extra: dict[str, object] = {}
        if born is not None and draw(st.booleans()):
            born = date(born.year, 1, 1)
            extra["born_year_only"] = True
        rank = draw(st.none() | st.integers(1, 9999))
        if rank is not None:
            extra["rank"] = rank
        result.append(
            Player(
                id=str(index + 1),
                name=draw(NAMES),
                rating=draw(st.none() | st.integers(1, 4000)),
                federation=draw(
                    st.none() | st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)
                ),
                title=draw(st.sampled_from([None, "g", "m", "f", "wf", "GM", "IM", "WGM"])),
                sex=draw(st.sampled_from([None, "m", "f", "w"])),
                born=born,
                fide_id=draw(st.sampled_from([None, str(fide_ids[index])])),
                extra=extra,
            )
        )
    return result


@st.composite
def events(draw) -> Event:
    """A complete event: in every round each player has a game or a bye."""
    count = draw(st.integers(2, 10))
    people = draw(players(count))
    rounds = draw(st.integers(1, 6))
    games: list[Game] = []
    byes: list[Bye] = []
    for round_ in range(1, rounds + 1):
        order = draw(st.permutations(range(count)))
        pairs = draw(st.integers(0, count // 2))
        for a, b in zip(order[: 2 * pairs : 2], order[1 : 2 * pairs : 2], strict=True):
            white_score, black_score, play = draw(st.sampled_from(RESULTS))
            extra = {}
            if play is Play.FORFEIT and draw(st.booleans()):
                # "- +" without colours: white is then the player listed first.
                extra = {"trf_colour": "-"}
                if a > b:
                    a, b = b, a
            games.append(
                Game(round_, str(a + 1), str(b + 1), white_score, black_score, play, extra=extra)
            )
        for index in order[2 * pairs :]:
            byes.append(Bye(round_, str(index + 1), draw(st.sampled_from(list(ByeKind)))))
    start = draw(st.none() | st.dates(date(1990, 1, 1), date(2030, 12, 31)))
    end = None
    if start is not None and draw(st.booleans()):
        end = start + timedelta(days=draw(st.integers(0, 90)))
    return Event(
        name=draw(NAMES),
        players=tuple(people),
        games=tuple(sorted(games, key=lambda g: (g.round, g.white))),
        byes=tuple(sorted(byes, key=lambda b: (b.round, b.player))),
        type=draw(st.sampled_from(list(EventType))),
        start=start,
        end=end,
        rounds=rounds,
    )


def _same_event(read: Event, written: Event) -> None:
    assert read.name == written.name
    assert read.players == written.players
    assert read.games == written.games
    assert read.byes == written.byes
    assert (read.type, read.start, read.end) == (written.type, written.start, written.end)
    assert read.round_count == written.round_count


@SETTINGS
@given(events())
def test_what_write_trf_writes_reads_back_equal(event):
    text = write_trf(event)
    read = parse_trf(text, "gen.trf")
    _same_event(read, event)
    assert write_trf(read) == text


# -- bye placeholders ------------------------------------------------------------------------


def _placeholder_line(rank: int, name: str, cells: dict[int, str]) -> str:
    """A "spielfrei" line as FIDE's example writes it: start rank and name only, points 0.0,
    rank 0, and the given round cells (columns by RULES.md section 5, written out here)."""
    line = f"001 {rank:>4}      {name:<33}" + " " * 33 + " 0.0    0  "
    assert len(line) == 91
    for round_ in range(1, max(cells, default=0) + 1):
        line += cells.get(round_, "").ljust(10)
    return line.rstrip()


@SETTINGS
@given(events(), NAMES, st.sampled_from(["0000 - -", "forfeit", "one-sided forfeit"]))
def test_a_bye_placeholder_line_adds_nothing_to_the_event(event, name, form):
    """A generated event's TRF with a placeholder line added (start rank n + 1), standing for
    the pairing-allocated byes (U) of the event: in ``0000 - -`` form (FIDE's example), or
    as forfeits won against it (`` n+1 w +``, with or without its own `` q b -``).  The read
    event is the generated one: the same players, games and byes (each forfeit against the
    placeholder a U bye again), with the placeholder named in ``trf_bye_placeholders``."""
    allocated: dict[int, str] = {}
    for bye in event.byes:
        if bye.kind is ByeKind.PAIRING_ALLOCATED:
            allocated.setdefault(bye.round, bye.player)
    lines = write_trf(event).rstrip("\n").split("\n")
    rank = len(event.players) + 1
    cells: dict[int, str] = {}
    for round_, pid in allocated.items():
        if form == "0000 - -":
            cells[round_] = "0000 - -"
            continue
        index = next(i for i, x in enumerate(lines) if x.startswith(f"001 {pid:>4} "))
        first = round_column(round_) - 1
        line = lines[index]
        assert line[first : first + 8] == "0000 - U"
        lines[index] = line[:first] + f"{rank:>4} w +" + line[first + 8 :]
        if form == "forfeit":
            cells[round_] = f"{pid:>4} b -"
    lines.append(_placeholder_line(rank, name, cells))
    read = parse_trf("\n".join(lines) + "\n", "gen.trf")
    if not allocated:
        # Nothing for it to stand for: a player without games, as the file says.
        assert read.player(str(rank)).name == name
        return
    assert read.extra["trf_bye_placeholders"] == ((rank, name, tuple(sorted(allocated))),)
    assert f"start rank {rank} ({name!r}" in read.origin.type_note
    _same_event(read, event)


# -- mutations -----------------------------------------------------------------------------

HOSTILE = [
    "nan",
    " inf",
    "-inf",
    "1e23",
    "100000000000000000000000",
    "²",
    "\x00",
    "\ufeff",
    "\t",
    "\r",
    "\r\n",
    "\n",
    "9" * 60,
    "-",
    "+",
    "0000",
    "   1",
    " ",
    "é",
    "\x1b[31m",
]


def _player_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("001")]


def _position(lines: list[str]) -> st.SearchStrategy[int]:
    """A position in the text: a line, then a column of it (a position drawn from the whole
    text would mostly fall at its start, in the header)."""
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    return st.integers(0, len(lines) - 1).flatmap(
        lambda i: st.integers(starts[i], starts[i] + len(lines[i]))
    )


@st.composite
def mutated(draw) -> str:
    base = draw(st.sampled_from(["generated"] * 9 + ["example"]))
    text = write_trf(draw(events())) if base == "generated" else EXAMPLE_TEXT
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "truncate",
                    "insert",
                    "replace",
                    "duplicate line",
                    "self pairing",
                    "same FIDE id",
                    "long line",
                    "field",
                    "bom",
                    "crlf",
                    "tabs",
                ]
            )
        )
        lines = text.split("\n")
        players = _player_lines(lines)
        if kind == "truncate":
            text = text[: draw(_position(lines))]
        elif kind in ("insert", "replace"):
            at = draw(_position(lines))
            piece = draw(st.sampled_from(HOSTILE))
            cut = len(piece) if kind == "replace" else 0
            text = text[:at] + piece + text[at + cut :]
        elif kind == "duplicate line" and players:
            index = draw(st.sampled_from(players))
            lines.insert(draw(st.integers(0, len(lines))), lines[index])
            text = "\n".join(lines)
        elif kind == "self pairing" and players:
            index = draw(st.sampled_from(players))
            line = lines[index].ljust(round_column(1) + 8)
            first = round_column(draw(st.integers(1, 3))) - 1
            line = line.ljust(first + 8)
            lines[index] = line[:first] + line[4:8] + " w 1" + line[first + 8 :]
            text = "\n".join(lines)
        elif kind == "same FIDE id" and len(players) >= 2:
            a, b = draw(st.permutations(players))[:2]
            lines[b] = lines[b][:57] + lines[a].ljust(68)[57:68] + lines[b][68:]
            text = "\n".join(lines)
        elif kind == "long line" and players:
            index = draw(st.sampled_from(players))
            cells = draw(st.integers(900, 1_200))
            lines[index] = lines[index].ljust(round_column(1) - 1) + "0000 - H  " * cells
            text = "\n".join(lines)
        elif kind == "field" and players:
            index = draw(st.sampled_from(players))
            column = draw(st.sampled_from([5, 49, 58, 70, 81, 86, round_column(1)]))
            piece = draw(st.sampled_from(["nan ", " inf", "²²²²", "1e23", "9999", "0000"]))
            line = lines[index].ljust(column + 3)
            lines[index] = line[: column - 1] + piece + line[column + 3 :]
            text = "\n".join(lines)
        elif kind == "bom":
            text = "\ufeff" + text
        elif kind == "crlf":
            text = text.replace("\n", "\r\n")
        elif kind == "tabs":
            text = text.replace("    ", "\t", draw(st.integers(1, 3)))
    return text


def _check(read) -> None:
    """Either a valid event, which writes back and reads again equal, or a RatingkitError
    naming the file and the line (a file with no player line has no line to name)."""
    try:
        event = read()
    except RatingkitError as exc:
        message = str(exc)
        assert "gen.trf" in message, message
        assert "gen.trf, line " in message or "no player lines" in message, message
        return
    assert isinstance(event, Event)
    again = parse_trf(write_trf(event), "gen.trf")
    _same_event(again, event)


@SETTINGS
@given(mutated())
def test_a_mutated_trf_is_read_or_refused_with_its_line(text):
    _check(lambda: parse_trf(text, "gen.trf"))


ENCODINGS = [
    lambda text: text.encode("utf-8"),
    lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
    lambda text: text.replace("\n", "\r\n").encode("utf-8"),
    lambda text: text.encode("latin-1", errors="replace"),
    lambda text: text.encode("utf-8").replace(b" ", b"\x00", 1),
]


@SETTINGS
@given(mutated(), st.sampled_from(range(len(ENCODINGS))))
def test_a_mutated_trf_file_is_read_or_refused_with_its_line(text, encoding):
    """The same through a file: UTF-8 with and without a byte-order mark, CRLF, Latin-1, a
    NUL byte."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gen.trf"
        path.write_bytes(ENCODINGS[encoding](text))
        _check(lambda: replace(read_trf(path), source="gen.trf"))
