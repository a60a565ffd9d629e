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

Booleans read yes/no, true/false or 1/0.  Unknown columns are kept in ``extra`` and shown.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from types import MappingProxyType

from .errors import DuplicatePlayerError, InvalidValueError, Location, MalformedLineError
from .fileio import read_csv_table, read_text
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
    :func:`ratingkit.output.protect_cell`)."""
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


def read_player_file(path: str | os.PathLike[str]) -> PlayerFile:
    """Read a player file (CSV with a header line)."""
    source = str(path)
    return parse_player_csv(read_text(path), source)


def parse_player_csv(text: str, source: str = "<players>") -> PlayerFile:
    header, rows = read_csv_table(text, source, "the player file")
    if "id" not in header and "name" not in header:
        raise MalformedLineError(
            f"the header must name an 'id' or 'name' column, got {header}",
            Location(source, 1),
            ",".join(header),
        )
    records = [_record(row.cells, Location(source, row.line)) for row in rows]
    return PlayerFile(_check_unique(records), source)


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
        values["games"] = games
    if cell("born"):
        values["born"] = parse_date(cell("born"), at("born"), year_only=True)
    if cell("k"):
        k = parse_int(cell("k"), at("k"), what="K")
        if k <= 0:
            raise InvalidValueError(f"K must be positive, got {k}", at("k"), k)
        values["k"] = k
    for name in ("ever_2400", "ever_2300"):
        if cell(name):
            values[name] = parse_bool(cell(name), at(name))
    for name in ("grade", "prior_grade"):
        if cell(name):
            values[name] = cell(name)
    extra = {k: v for k, v in row.items() if k not in KNOWN_COLUMNS}
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
