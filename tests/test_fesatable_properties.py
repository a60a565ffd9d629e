"""Property tests of the FESA table reader and writer (issue 14, points 14 and 15).

Generated events are written with ``write_fesa_table`` and must read back as the same event;
near-valid tables (the written text, mutated: truncated, cut, spliced with hostile text such as
NUL bytes, tabs, byte-order marks, huge or non-finite numbers, superscript digits, rows
duplicated or swapped) must give either a valid event or a ``RatingkitError`` that names the
file and the line, never another exception.  Seeded and bounded, so that CI is deterministic.
"""

from __future__ import annotations

import re
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core.errors import RatingkitError
from ratingkit.core.model import Bye, ByeKind, Event, Game, Player
from ratingkit.formats import detect_format, formats, read_event

formats()  # the built-in formats register in their listed order before this module's import
from ratingkit.formats.fesatable import parse_fesa_table, write_fesa_table  # noqa: E402

SETTINGS = settings(
    derandomize=True,
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)

# The unplayed rounds a FESA table writes: 0+, 0= and 0-.
FESA_BYES = (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT)
GRADES = ("6 dan", "3 dan", "1 dan", "1 kyu", "4 kyu", "10 kyu", "15 kyu", "20 kyu")
LETTERS = "abcdefghijklmnopqrstuvwxyzäöüéçł"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
word = st.text(LETTERS, min_size=1, max_size=12).map(str.capitalize)
last_name = st.one_of(
    word,
    st.builds(lambda a, b: f"{a}-{b}", word, word),  # Vandenberghe-Lambrechts
    st.builds(lambda a, b: f"{a.lower()} {b}", word, word),  # van Dijk
)
first_name = st.one_of(st.just(""), word, st.builds(lambda a, b: f"{a} {b}", word, word))


@st.composite
def events(draw, max_players: int = 12, max_rounds: int = 5) -> Event:
    n = draw(st.integers(2, max_players))
    rounds = draw(st.integers(1, max_rounds))
    big_numbers = draw(st.booleans())
    numbers = (
        draw(st.lists(st.integers(1, 999_999), min_size=n, max_size=n, unique=True))
        if big_numbers
        else list(range(1, n + 1))
    )
    ids = [str(x) for x in numbers]
    names: list[str] = []
    while len(names) < n:
        name = " ".join(f"{draw(last_name)} {draw(first_name)}".split())
        if name.casefold() not in {x.casefold() for x in names}:
            names.append(name)
    players = []
    for pid, name in zip(ids, names, strict=True):
        rating = draw(st.one_of(st.none(), st.integers(-4000, 4000)))
        extra: dict[str, object] = {}
        if draw(st.booleans()):
            extra["grade"] = draw(st.sampled_from(GRADES))
        mms_halves = draw(st.integers(0, 20))
        if mms_halves:
            extra["mms"] = mms_halves // 2 if mms_halves % 2 == 0 else mms_halves / 2
        if rating is None and draw(st.booleans()):
            extra["published_rating"] = draw(st.integers(1, 4000))
        elif rating is not None and draw(st.booleans()):
            extra["published_change"] = draw(st.integers(-4000, 4000))
        federation = draw(st.one_of(st.none(), st.text(UPPER, min_size=2, max_size=3)))
        players.append(Player(pid, name, rating, federation, extra=extra))
    games, byes = [], []
    for round_ in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        sitting = draw(st.integers(0, len(order) // 2))
        for pid in order[:sitting]:
            kind = draw(st.sampled_from(FESA_BYES))
            byes.append(Bye(round_, pid, kind))
        rest = order[sitting:]
        if len(rest) % 2:
            byes.append(Bye(round_, rest.pop(), ByeKind.FULL_POINT))
        for a, b in zip(rest[::2], rest[1::2], strict=True):
            score = draw(st.sampled_from((1.0, 0.5, 0.0)))
            games.append(Game(round_, a, b, score, 1.0 - score))
    extra_event: dict[str, object] = {}
    start = None
    name = "event"
    if draw(st.booleans()):
        extra_event["title_line"] = True
        name = " ".join(draw(st.lists(word, min_size=1, max_size=4)))
        start = draw(st.dates(date(1990, 1, 1), date(2030, 12, 31)))
        extra_event["time_control"] = draw(st.sampled_from(("30+30", "20+40", "45+40")))
    return Event(
        name,
        tuple(players),
        tuple(games),
        tuple(byes),
        start=start,
        rounds=rounds,
        extra=extra_event,
    )


def _content(event: Event):
    """What a FESA table says about an event."""
    players = sorted(
        (
            p.id,
            p.name,
            p.rating,
            p.federation,
            p.extra.get("grade"),
            p.extra.get("mms", 0),
            p.extra.get("published_rating"),
            p.extra.get("published_change"),
        )
        for p in event.players
    )
    games = sorted((g.round, *sorted(g.players), g.score_of(min(g.players))) for g in event.games)
    byes = sorted((b.round, b.player, b.kind) for b in event.byes)
    title = (event.name, event.start, event.extra.get("time_control"))
    return players, games, byes, event.round_count, title if event.extra.get("title_line") else None


@SETTINGS
@given(events())
def test_what_the_writer_writes_the_reader_reads_back_equal(event):
    text = write_fesa_table(event)
    back = parse_fesa_table(text, "gen.txt", name="event")
    assert _content(back) == _content(event)
    # Pts = MMS + points on every row that was written.
    for p in back.players:
        assert p.extra["pts"] == p.extra.get("mms", 0) + event.points(p.id)
    # And the table read back is written as the same text.
    assert write_fesa_table(back) == text


HOSTILE = (
    "\t",
    "\x00",
    "\ufeff",
    "\r",
    "\r\n",
    "\n",
    " ",
    "²",
    "٣",
    "9" * 5000,
    "99999999",
    "nan",
    "inf",
    "-inf",
    "1e309",
    "-",
    "+",
    "=",
    "*",
    "½",
    ",5",
    "ELO:",
    " Nat ",
    " ELO ",
    "0+",
    "1+",
    "Promoting ",
    " to 3 Dan",
    "x" * 3000,
    " 5+" * 2000,
)


@st.composite
def mutated_tables(draw) -> str:
    text = write_fesa_table(draw(events(max_players=8, max_rounds=4)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(("truncate", "insert", "delete", "replace", "field", "field", "lines"))
        )
        # Three mutations in four fall after the header line (a broken header is soon found).
        header_end = text.find("\n", text.find("Nr ")) + 1
        low = header_end if draw(st.integers(0, 3)) else 0
        at = draw(st.integers(min(low, len(text)), len(text)))
        if kind == "truncate":
            text = text[:at]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(HOSTILE)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif kind == "replace":
            tokens = text.split(" ")
            i = draw(st.integers(0, len(tokens) - 1))
            tokens[i] = draw(st.sampled_from(HOSTILE))
            text = " ".join(tokens)
        elif kind == "field":
            # One column of one line (a start number, a name, a rating, a cell, MMS, Pts)
            # replaced in place, the other columns left where they are.
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            spans = [m.span() for m in re.finditer(r"\S+", lines[i])]
            if spans:
                a, b = spans[draw(st.integers(0, len(spans) - 1))]
                lines[i] = lines[i][:a] + draw(st.sampled_from(HOSTILE)) + lines[i][b:]
            text = "\n".join(lines)
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if draw(st.booleans()):
                lines.insert(j, lines[i])  # a duplicated row: the same player twice
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


_NAMES_FILE_AND_LINE = re.compile(r"mut\.txt, line \d+")


@SETTINGS
@given(mutated_tables())
def test_a_near_valid_table_is_read_or_refused_with_file_and_line(text):
    try:
        event = parse_fesa_table(text, "mut.txt")
    except RatingkitError as err:
        assert _NAMES_FILE_AND_LINE.search(str(err)), str(err)
        assert len(str(err)) < 600, str(err)[:200]
        return
    # A valid event: numbered players, every game between two of them, Pts = MMS + points.
    assert isinstance(event, Event) and event.players
    ids = {p.id for p in event.players}
    assert all(p.id.isdigit() for p in event.players)
    assert all(set(g.players) <= ids and g.white != g.black for g in event.games)
    for p in event.players:
        if "pts" in p.extra:
            assert p.extra["pts"] == p.extra.get("mms", 0) + event.points(p.id)


@settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.function_scoped_fixture],
)
@given(events(max_players=6, max_rounds=3), st.sampled_from(("bom", "crlf", "both", "latin-1")))
def test_a_bom_or_crlf_does_not_change_how_a_table_is_read(tmp_path_factory, event, how):
    text = write_fesa_table(event)
    if how in ("crlf", "both"):
        text = text.replace("\n", "\r\n")
    data = text.encode("latin-1", errors="replace") if how == "latin-1" else text.encode()
    if how in ("bom", "both"):
        data = b"\xef\xbb\xbf" + data
    path = tmp_path_factory.mktemp("bom") / "table.txt"
    path.write_bytes(data)
    assert detect_format(path).name == "fesa"
    back = read_event(path)
    if how != "latin-1":  # Latin-1 cannot hold every generated name (ł)
        assert _content(back) == _content(event)


#: What a rating officer's file, or a corrupt one, may hold in a column of a row.
HOSTILE_FIELDS = (
    "9" * 5000,
    "99999999",
    "-99999",
    "nan",
    "inf",
    "1e309",
    "²",
    "-",
    "*",
    "½",
    "0",
    "x" * 3000,
)


@settings(
    derandomize=True,
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(
    events(max_players=5, max_rounds=3),
    st.integers(0, 50),
    st.integers(0, 20),
    st.sampled_from(HOSTILE_FIELDS),
)
def test_any_column_of_a_row_replaced_by_hostile_text(event, row, column, value):
    lines = write_fesa_table(event).split("\n")
    rows = [i for i, line in enumerate(lines) if re.match(r"\s*[0-9]+ ", line)]
    i = rows[row % len(rows)]
    spans = [m.span() for m in re.finditer(r"\S+", lines[i])]
    a, b = spans[column % len(spans)]
    lines[i] = lines[i][:a] + value + lines[i][b:]
    try:
        parse_fesa_table("\n".join(lines), "mut.txt")
    except RatingkitError as err:
        assert _NAMES_FILE_AND_LINE.search(str(err)), str(err)
        assert len(str(err)) < 600, str(err)[:200]
