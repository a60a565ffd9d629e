"""An event's plain players file read a column at a time (issue 28, part 3: a FIDE month is
2,000 players files, 200,000 rows).

:func:`plain_player_records` takes the common file as it stands: a header of ``id``, ``name``,
``rating`` and columns kept in ``extra`` (``fide_id``, ``federation`` ...), no quote, apostrophe,
NUL or CR, every line with the header's cells, every row with an id and a rating read before or
readable.  Its records are those of the general path (``core.players._parsed_player_csv`` through
``core.fileio.read_csv_table``): the same fields, extras and locations, without a ``CsvRow`` and
a cells dictionary for every row.  Anything else is the general path's, with its checks and
messages: ``tests/test_plain_players.py`` holds the two paths to the same records.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from functools import partial
from itertools import repeat
from operator import methodcaller
from types import MappingProxyType
from typing import TypeVar

from .errors import Location, RatingkitError
from .fastbuild import maker
from .fileio import FIELD_LIMIT, detect_delimiter
from .values import parse_rating

R = TypeVar("R")


#: What sends a players file to the general path: a quote, the apostrophe of a protected cell
#: (core.output.unprotect_cell), NUL, CR (a CRLF file comes here with LF: core.fileio).
_NOT_PLAIN = ('"', "'", "\x00", "\r")
#: The known columns of an event's players file (the others are a player's state).
_PLAIN_KNOWN = frozenset(("id", "name", "rating"))
#: The rating each rating text read so far gave (a month's files repeat the ratings 0-4000),
#: for every reader of a players file (core.players' ``_RATINGS``).
RATINGS_READ: dict[str, int | None] = {}


def plain_player_records(
    text: str,
    source: str,
    record_class: type[R],
    ratings: MutableMapping[str, int | None],
    allowed: frozenset[str],
    known_columns: Sequence[str],
) -> list[R] | None:
    """The records of a plain players file (see the module), or None where the file is not
    plain or any row is one the general path refuses or skips (a blank row, a row without an
    id, a rating not read yet that ``parse_rating`` refuses).  ``record_class`` is
    core.players' ``PlayerRecord``, ``known_columns`` core.players.KNOWN_COLUMNS (the
    record's fields a column may fill), ``ratings`` the rating each rating text read so far
    gave (kept up here), ``allowed`` the columns core.players.check_columns takes
    (core.players imports this module, not the other way round)."""
    table = _plain_table(text, ratings, allowed, known_columns)
    if table is None:
        return None
    numbers, ids, names, rating_texts, extras, columns = table
    extra_maps = _row_mappings(columns, extras, len(ids))
    ratings_of = ratings.get
    records: list[R] = []
    append = records.append
    # Built by fastbuild.maker (200,000 rows): each object's fields in its class's order.
    make_location = maker(Location)
    make_record = maker(record_class)
    for number, record_id, name, rating_text, extra in zip(
        numbers, ids, names, rating_texts, extra_maps, strict=True
    ):
        record = make_record(
            id=record_id,
            name=name or None,
            rating=ratings_of(rating_text),
            games=None,
            born=None,
            k=None,
            ever_2400=None,
            grade=None,
            prior_grade=None,
            ever_2300=None,
            extra=extra,
            location=make_location(file=source, line=number, column=None),
        )
        append(record)
    return records


#: The extra columns an event's player has as his own fields (formats.csvpair's
#: ``players_from_roster`` takes them out of his ``extra``), an empty cell None.
_PLAYER_FIELDS = ("federation", "title", "sex", "fide_id")


def plain_roster_players(
    text: str,
    source: str,
    player_class: type[R],
    ratings: MutableMapping[str, int | None],
    allowed: frozenset[str],
    known_columns: Sequence[str],
) -> list[R] | None:
    """An event's players (core.model's ``Player``, ``player_class``) straight from a plain
    players file's columns, as formats.csvpair's ``players_from_roster`` makes them from
    :func:`plain_player_records`' records, without a record a row (issue 28 part 3: a FIDE
    month's 200,000 rows); None where that function gives None or an id is there twice
    (core.players refuses it, with its message).  The other arguments are that function's.
    ``tests/test_plain_players.py`` holds the two ways to the same players."""
    table = _plain_table(text, ratings, allowed, known_columns)
    if table is None:
        return None
    numbers, ids, names, rating_texts, extras, columns = table
    if len(set(ids)) != len(ids):
        return None
    empty = [""] * len(ids)
    own = [columns[field] if field in extras else empty for field in _PLAYER_FIELDS]
    kept = [column for column in extras if column not in _PLAYER_FIELDS]
    extra_maps = _row_mappings(columns, kept, len(ids))
    ratings_of = ratings.get
    players: list[R] = []
    append = players.append
    make_location = maker(Location)
    make_player = maker(player_class)
    for number, player_id, name, rating_text, federation, title, sex, fide_id, extra in zip(
        numbers, ids, names, rating_texts, *own, extra_maps, strict=True
    ):
        player = make_player(
            id=player_id,
            name=name or player_id,
            rating=ratings_of(rating_text),
            federation=federation or None,
            title=title or None,
            sex=sex or None,
            born=None,
            fide_id=fide_id or None,
            extra=extra,
            location=make_location(file=source, line=number, column=None),
        )
        append(player)
    return players


def _row_mappings(
    columns: Mapping[str, list[str]], names: Sequence[str], rows: int
) -> Iterator[Mapping[str, str]]:
    """Each of ``rows`` rows' cells of the columns ``names`` as its own read-only mapping (in
    the columns' order), made a column set at a time."""
    if not names:
        return map(MappingProxyType, map(dict, repeat((), rows)))
    cells = zip(*(columns[name] for name in names), strict=True)
    return map(MappingProxyType, map(dict, map(partial(zip, names), cells)))


def _plain_table(
    text: str,
    ratings: MutableMapping[str, int | None],
    allowed: frozenset[str],
    known_columns: Sequence[str],
) -> tuple[Sequence[int], list[str], list[str], list[str], list[str], dict[str, list[str]]] | None:
    """A plain players file's rows (see :func:`plain_player_records`) as its columns: the
    rows' line numbers, ids, names, rating texts (each read into ``ratings``), the extra
    columns' names and every column by name; None where it is not plain."""
    known = frozenset(known_columns)
    text = text.lstrip("\ufeff")
    if any(mark in text for mark in _NOT_PLAIN):
        return None
    lines = text.split("\n")
    if len(text) > FIELD_LIMIT and max(map(len, lines)) > FIELD_LIMIT:
        return None  # a cell the csv module refuses: its message
    delimiter = detect_delimiter(lines[0])
    header = [cell.strip().lower() for cell in lines[0].split(delimiter)]
    # The header the general path accepts as it stands: named columns, each once, all known,
    # an id column, and no state column (games, k, born ...) to parse.
    if (
        "id" not in header
        or not allowed.issuperset(header)
        or len(set(header)) != len(header)
        or not _PLAIN_KNOWN.issuperset(known.intersection(header))
    ):
        return None
    body = lines[1:]
    if body and body[-1] == "":
        body.pop()  # the file's last line end
    numbers: Sequence[int]
    if "" in body:  # empty lines, which the general path skips: the others' line numbers kept
        numbers = [n for n, line in enumerate(body, start=2) if line]
        body = [lines[n - 1] for n in numbers]
    else:
        numbers = range(2, len(body) + 2)
    width = len(header)
    if not body or set(map(methodcaller("count", delimiter), body)) != {width - 1}:
        return None
    cells = delimiter.join(body).split(delimiter)
    if _padded(text, delimiter):  # a cell to strip (names have inner spaces)
        cells = [cell.strip() for cell in cells]
    columns = {name: cells[at::width] for at, name in enumerate(header)}
    ids = columns["id"]
    names = columns.get("name") or [""] * len(ids)
    rating_texts = columns.get("rating") or [""] * len(ids)
    if "" in ids:
        return None  # no id (or a blank row): the general path's to refuse or skip
    for rating_text in set(rating_texts) - ratings.keys() - {""}:
        try:  # as core.players._record remembers a rating text read
            ratings[rating_text] = parse_rating(rating_text)
        except RatingkitError:
            return None  # refused with its line by the general path
    extras = [column for column in header if column not in known]
    return numbers, ids, names, rating_texts, extras, columns


#: The ASCII characters str.strip() removes but a space and the line end (LF).
_OTHER_SPACES = ("\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _padded(text: str, delimiter: str) -> bool:
    """Whether a cell of ``text`` may start or end with a white space (``str.strip()``'s):
    for an ASCII text with no white space but spaces, tabs that separate and line ends, only
    where a space touches a separator, a line end or the text's ends; any other text is
    taken as padded (its cells are all stripped, which changes no unpadded cell)."""
    if not text.isascii() or any(s in text for s in _OTHER_SPACES if s != delimiter):
        return True
    return (
        text.startswith(" ")
        or text.endswith(" ")
        or any(edge in text for edge in (f" {delimiter}", f"{delimiter} ", " \n", "\n "))
    )
