"""The player file (``--players``): player state that an event file does not carry.

One file serves every rule set.  Known columns (all optional except ``id`` or ``name``):

========== ==========================================================================
id         the player's id, as the event file writes it
name       the player's name (the join key when the event file has no ids)
rating     a rating (for a CSV event: the rating before the event)
games      rated games played before this event (FIDE K rule 8.56, FESA rule 3)
born       birth date, YYYY-MM-DD (FIDE juniors, 8.56)
k          an explicit development coefficient K
ever_2400  yes/no: the published rating has reached 2400 (FIDE 8.56)
ever_2300  yes/no: the rating has once reached 2300 (FIDE 2024 8.3.3: a junior's K 40 ends)
grade      a shogi grade such as ``2 dan`` or ``12 kyu``
prior_grade a grade recognised from another organisation (FESA rules 5-7)
========== ==========================================================================

Booleans read yes/no, true/false or 1/0.  A rating runs from 0 (unrated) to 4000; ``k`` is one
of the K factors the FIDE texts set (10, 15, 20, 25, 30, 40).

Further columns that ratingkit knows are kept in ``extra`` (:data:`EXTRA_COLUMNS`): the
players' ``federation``, ``title``, ``sex``, ``fide_id``, ``club`` and ``note``, and the state
that rule sets write into their new player file and read back (FIDE 2014 ``first_rated``;
FIDE 1982 ``last_rating``, ``ru_results``; FESA ``results``, ``bonus_games``, ``lb_run``,
``mp_run``, ``lb_run_mp``, ``last_event``, ``published_rating``, ``published_change``,
``published_promotion``; LNMO ``lnmo_rating``, ``last_qualification``,
``last_qualification_result``).  Any other column
(``elo``, ``rtg``) is an error naming it and listing the known columns: a misspelt column
would otherwise be ignored and its players rated without it.  The columns may be separated by
``,``, ``;`` or tabs, and the file may be in UTF-8 or a Windows code page (see
:mod:`ratingkit.formats.fileio`).
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from types import MappingProxyType

from ..formats.fileio import CsvRow, read_csv_table, read_text
from .errors import DuplicatePlayerError, InvalidValueError, Location, MalformedLineError
from .values import parse_bool, parse_date, parse_int, parse_rating

KNOWN_COLUMNS = (
    "id",
    "name",
    "rating",
    "games",
    "born",
    "k",
    "ever_2400",
    "grade",
    "prior_grade",
    "ever_2300",
)
#: Columns kept in ``PlayerRecord.extra``: facts about the player, and the state a rule set
#: writes into its new player file and reads back.  A rule set that writes a new column of
#: state adds it here.
EXTRA_COLUMNS = (
    "federation",
    "title",
    "sex",
    "fide_id",
    "club",
    "note",
    "first_rated",
    "last_rating",
    "ru_results",
    "results",
    "bonus_games",
    "lb_run",
    "mp_run",
    "lb_run_mp",
    "last_event",
    "published_rating",
    "published_change",
    "published_promotion",
    "lnmo_rating",
    "last_qualification",
    "last_qualification_result",
    "pending_results",
)
#: The most rated games a record may count (a lifetime of play is a few thousand).
MAX_GAMES = 100_000
#: The K factors the FIDE texts set (FIDE 1982 and 2014-2025: 10, 15, 20, 25, 30, 40).
K_VALUES = (10, 15, 20, 25, 30, 40)
#: Names people give the known columns: the error on an unknown column suggests these.
_ALIASES = {
    "elo": "rating",
    "rtg": "rating",
    "fide_rating": "rating",
    "ro": "rating",
    "rating_before": "rating",
    "birth": "born",
    "birthday": "born",
    "dob": "born",
    "born_on": "born",
    "k_factor": "k",
    "kfactor": "k",
    "player": "name",
    "fed": "federation",
    "country": "federation",
    "no": "id",
    "nr": "id",
}


def check_columns(
    header: Sequence[str],
    source: str,
    what: str = "the player file",
    also: Sequence[str] = (),
    line: int = 1,
) -> None:
    """Refuse a column of a player file (or of a file that serves as one) that ratingkit
    does not know, naming it and listing the known columns (``also``: the file's own)."""
    known = (*also, *KNOWN_COLUMNS, *EXTRA_COLUMNS)
    for index, name in enumerate(header, start=1):
        if name == "" or name in known:
            continue
        hint = f"; did you mean {_ALIASES[name]!r}?" if name in _ALIASES else ""
        raise MalformedLineError(
            f"{what} has a column ratingkit does not know: {name!r} (column {index}){hint} "
            f"Known columns: {', '.join(known)}",
            Location(source, line, name),
            name,
        )


@dataclass(frozen=True)
class PlayerRecord:
    """One row of a player file; ``None`` where the file leaves a cell empty."""

    id: str | None = None
    name: str | None = None
    rating: int | None = None
    games: int | None = None
    born: date | None = None
    k: int | None = None
    ever_2400: bool | None = None
    grade: str | None = None
    prior_grade: str | None = None
    ever_2300: bool | None = None
    extra: Mapping[str, str] = field(default_factory=dict)
    location: Location | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))


def normalise_name(name: str) -> str:
    """Names compare without case, commas or repeated spaces: ``Tanaka, Aiko`` = ``tanaka aiko``."""
    return re.sub(r"\s+", " ", name.replace(",", " ")).strip().casefold()


@dataclass(frozen=True)
class PlayerMatch:
    """How an event's players were matched to a player file."""

    key: str
    records: Mapping[str, PlayerRecord]
    unmatched: tuple[str, ...]
    source: str | None

    def note(self) -> str:
        where = self.source or "player file"
        text = f"{where}: {len(self.records)} players matched by {self.key}"
        if self.unmatched:
            text += f"; not found: {', '.join(self.unmatched)} (defaults assumed for them)"
        return text


@dataclass(frozen=True)
class PlayerFile:
    """The rows of a player file, with look-ups by id and by name."""

    records: tuple[PlayerRecord, ...]
    source: str | None = None

    def __iter__(self) -> Iterator[PlayerRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    @property
    def has_ids(self) -> bool:
        return any(r.id for r in self.records)

    @cached_property
    def _by_id(self) -> dict[str, PlayerRecord]:
        # Indexes built once: rule sets look every player of an event up, and a scan per
        # look-up made a federation's period quadratic.
        return {r.id: r for r in reversed(self.records) if r.id is not None}

    @cached_property
    def _by_name(self) -> dict[str, PlayerRecord]:
        return {normalise_name(r.name): r for r in reversed(self.records) if r.name is not None}

    def by_id(self, player_id: str) -> PlayerRecord | None:
        return self._by_id.get(player_id)

    def by_name(self, name: str) -> PlayerRecord | None:
        """The first record with this name (names compare as :func:`normalise_name` says)."""
        return self._by_name.get(normalise_name(name))

    def match(self, players: Iterable[tuple[str, str]], *, by_name: bool = False) -> PlayerMatch:
        """Match ``(id, name)`` pairs of an event: on id, or on name when ``by_name`` is set
        (the event's ids are only start numbers) or the file has no ids."""
        use_names = by_name or not self.has_ids
        records: dict[str, PlayerRecord] = {}
        unmatched: list[str] = []
        for player_id, name in players:
            record = self.by_name(name) if use_names else self.by_id(player_id)
            if record is None:
                unmatched.append(player_id)
            else:
                records[player_id] = record
        return PlayerMatch("name" if use_names else "id", records, tuple(unmatched), self.source)

    @classmethod
    def from_records(
        cls,
        records: Iterable[Mapping[str, object]] | Iterable[PlayerRecord],
        source: str | None = None,
    ) -> PlayerFile:
        """Build from rows given in Python (strings are parsed as the file would be)."""
        out = []
        for index, row in enumerate(records, start=1):
            if isinstance(row, PlayerRecord):
                out.append(row)
            else:
                text = {k: "" if v is None else str(v) for k, v in row.items()}
                out.append(_record(text, Location(source or "<records>", index)))
        return cls(_check_unique(out), source)


def write_player_csv(player_file: PlayerFile) -> str:
    """A player file as CSV text: the known columns that any record uses, then the extra
    columns in order of first appearance.  Reads back to the same records (a text cell that a
    spreadsheet would run as a formula gets an apostrophe, which the reader removes:
    :func:`ratingkit.core.output.protect_cell`)."""
    from .output import protect_row
    from .report import _csv_cell

    used = [c for c in KNOWN_COLUMNS if any(getattr(r, c) is not None for r in player_file)]
    extras: list[str] = []
    for record in player_file:
        extras += [k for k in record.extra if k not in extras]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(protect_row(used + extras))
    for record in player_file:
        row = [_csv_cell(getattr(record, c)) for c in used]
        row += [record.extra.get(k, "") for k in extras]
        writer.writerow(protect_row(row))
    return buffer.getvalue()


def read_player_file(path: str | os.PathLike[str], encoding: str | None = None) -> PlayerFile:
    """Read a player file (CSV with a header line; ``encoding`` overrides the detected one,
    see :func:`ratingkit.formats.fileio.read_text`)."""
    source = str(path)
    return parse_player_csv(read_text(path, encoding), source)


def parse_player_csv(text: str, source: str = "<players>") -> PlayerFile:
    header, rows = read_csv_table(text, source, "the player file")
    if "id" not in header and "name" not in header:
        raise MalformedLineError(
            f"the header must name an 'id' or 'name' column, got {header}",
            Location(source, 1),
            ",".join(header),
        )
    check_columns(header, source)
    check_unnamed(header, rows, source)
    records = [_record(row.cells, Location(source, row.line)) for row in rows]
    return PlayerFile(_check_unique(records), source)


def check_unnamed(header: Sequence[str], rows: Sequence[CsvRow], source: str) -> None:
    """A column without a name may only be empty (the trailing separator a spreadsheet adds)."""
    if "" not in header:
        return
    for row in rows:
        if row.cells.get(""):
            raise MalformedLineError(
                f"a column without a name in the header holds {row.cells['']!r}: name it",
                Location(source, row.line),
                row.cells[""],
            )


def _record(row: Mapping[str, str], location: Location) -> PlayerRecord:
    def cell(name: str) -> str:
        return (row.get(name) or "").strip()

    def at(name: str) -> Location:
        return Location(location.file, location.line, name)

    values: dict[str, object] = {"id": cell("id") or None, "name": cell("name") or None}
    if not values["id"] and not values["name"]:
        raise InvalidValueError("a player needs an id or a name", location, "")
    if cell("rating"):
        values["rating"] = parse_rating(cell("rating"), at("rating"))
    if cell("games"):
        games = parse_int(cell("games"), at("games"), what="games")
        if games < 0:
            raise InvalidValueError(f"games cannot be negative, got {games}", at("games"), games)
        if games > MAX_GAMES:
            raise InvalidValueError(
                f"games {games} is more than anyone has played (at most {MAX_GAMES:,})",
                at("games"),
                games,
            )
        values["games"] = games
    if cell("born"):
        values["born"] = parse_date(cell("born"), at("born"), year_only=True)
    if cell("k"):
        k = parse_int(cell("k"), at("k"), what="K")
        if k <= 0:
            raise InvalidValueError(f"K must be positive, got {k}", at("k"), k)
        if k not in K_VALUES:
            raise InvalidValueError(
                f"K {k} is not a K factor of the FIDE regulations "
                f"({', '.join(map(str, K_VALUES))})",
                at("k"),
                k,
            )
        values["k"] = k
    for name in ("ever_2400", "ever_2300"):
        if cell(name):
            values[name] = parse_bool(cell(name), at(name))
    for name in ("grade", "prior_grade"):
        if cell(name):
            values[name] = cell(name)
    extra = {k: v for k, v in row.items() if k and k not in KNOWN_COLUMNS}
    return PlayerRecord(**values, extra=extra, location=location)


def _check_unique(records: list[PlayerRecord]) -> tuple[PlayerRecord, ...]:
    seen: dict[str, PlayerRecord] = {}
    for record in records:
        if record.id is None:
            continue
        if record.id in seen:
            raise DuplicatePlayerError(
                f"id {record.id!r} appears twice (first at {seen[record.id].location})",
                record.location,
                record.id,
            )
        seen[record.id] = record
    return tuple(records)


def merge_rosters(rosters: Sequence[PlayerFile], *, keep_ratings: bool) -> PlayerFile:
    """One player file from the players files of several events, given in the order the events
    began: each person's record comes from the first event he appears in (his state before the
    run).  A person is the same across files by FIDE id, else by name: the files' own ids are
    often start numbers, which mean another player in each file.  ``keep_ratings=False`` drops
    the ratings: for a FIDE rating period an event's players file gives the rating *in that
    event*, not the previous list's (FIDE 2024 7.1), which the rule set then takes from the
    event that began last."""
    seen: dict[str, PlayerRecord] = {}
    for roster in rosters:
        for record in roster:
            fide_id = record.extra.get("fide_id")
            key = f"fide:{fide_id}" if fide_id else f"name:{normalise_name(record.name or '')}"
            if record.name is None and not fide_id:
                key = f"id:{roster.source}:{record.id}"
            if key not in seen:
                seen[key] = record if keep_ratings else replace(record, rating=None)
    sources = ", ".join(str(r.source) for r in rosters if r.source)
    return PlayerFile(tuple(seen.values()), sources or None)
