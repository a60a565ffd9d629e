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
:mod:`ratingkit.core.fileio`).

An event's players are found in a player file by one matcher, :class:`PlayerMatcher` (by id,
then FIDE id, then name; start numbers are no key), which :meth:`PlayerFile.match` and
:meth:`PlayerFile.matcher` give.
"""

from __future__ import annotations

import csv
import enum
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..core.i18n import N_, _, tr
from .errors import DuplicatePlayerError, InvalidValueError, Location, MalformedLineError
from .fileio import CsvRow, read_csv_table, read_text
from .values import parse_bool, parse_date, parse_int, parse_rating

if TYPE_CHECKING:
    from .model import Player

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
    what: str = N_("the player file"),
    also: Sequence[str] = (),
    line: int = 1,
) -> None:
    """Refuse a column of a player file (or of a file that serves as one) that ratingkit
    does not know, naming it and listing the known columns (``also``: the file's own)."""
    known = (*also, *KNOWN_COLUMNS, *EXTRA_COLUMNS)
    for index, name in enumerate(header, start=1):
        if name == "" or name in known:
            continue
        hint = tr("; did you mean {alias!r}?", alias=_ALIASES[name]) if name in _ALIASES else ""
        raise MalformedLineError(
            tr(
                (
                    "{what} has a column ratingkit does not know: {name!r} (column "
                    "{index}){hint} Known columns: {known}"
                ),
                what=_(what),
                name=name,
                index=index,
                hint=hint,
                known=", ".join(known),
            ),
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


# -- the one player matcher -----------------------------------------------------------------


class MatchKey(enum.Enum):
    """What joined an event's player to a player-file record."""

    #: The record's id is the player's id (the event's ids are the players' own).
    ID = "id"
    #: The player's FIDE id is the record's id (a file keyed by FIDE ids) or its ``fide_id``.
    FIDE_ID = "FIDE id"
    #: The names are the same as :func:`normalise_name` compares them.
    NAME = "name"

    def __str__(self) -> str:
        return self.value


#: The keys tried, in order: the id, then the FIDE id, then the name.
DEFAULT_KEYS: tuple[MatchKey, ...] = (MatchKey.ID, MatchKey.FIDE_ID, MatchKey.NAME)


class Ambiguity(enum.Enum):
    """What a key that several records share gives (two records of one name, say)."""

    #: The first of them in the file, as the rule sets have always read a player file.
    FIRST = "first"
    #: None: the caller refuses it (the ledger: "the name is ambiguous").
    REFUSE = "refuse"


@dataclass(frozen=True)
class Found:
    """The record found for one player (None: not found), the key that found it, and every
    record that key matched (more than one: the key is ambiguous)."""

    record: PlayerRecord | None
    key: MatchKey | None = None
    candidates: tuple[PlayerRecord, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


class PlayerMatcher:
    """The one way an event's players are found in a player file.

    The keys are tried in order (by default the id, then the FIDE id, then the normalised
    name); the first that matches gives the record.  The rules:

    * ``local_ids``: the event's ids are start numbers of its file (``Event.local_ids``: a
      TRF, a FESA table, a score table), which mean another player in each file: the id is
      never a key;
    * ``same_name``: an id matches only a record with no name or with the player's name
      (FIDE 2014's guard against an id that is another person's);
    * a FIDE id matches a record whose id is that FIDE id (a file keyed by FIDE ids), else one
      whose ``fide_id`` column holds it;
    * a key several records share (duplicate names, or ids in a file that allows them) gives
      the first of them in the file, or with ``ambiguity=Ambiguity.REFUSE`` none (the
      :class:`Found` lists them, for the caller's message).

    The indexes are built once: a federation's player file is looked up for every player of
    every event of a period.
    """

    def __init__(
        self,
        players: PlayerFile | Iterable[PlayerRecord],
        *,
        keys: Sequence[MatchKey] = DEFAULT_KEYS,
        local_ids: bool = False,
        same_name: bool = False,
        ambiguity: Ambiguity = Ambiguity.FIRST,
        source: str | None = None,
    ) -> None:
        records = tuple(players)
        self.records = records
        self.source = source if source is not None else getattr(players, "source", None)
        self.keys = tuple(k for k in keys if not (local_ids and k is MatchKey.ID))
        self.local_ids = local_ids
        self.same_name = same_name
        self.ambiguity = ambiguity
        self._indexes: dict[MatchKey, dict[str, list[PlayerRecord]]] = {}

    def _index(self, key: MatchKey) -> dict[str, list[PlayerRecord]]:
        """The records by one key, in file order (built when first needed)."""
        index = self._indexes.get(key)
        if index is None:
            index = {}
            for record in self.records:
                if key is MatchKey.ID:
                    value = record.id
                elif key is MatchKey.FIDE_ID:
                    value = record.extra.get("fide_id") or None
                else:
                    value = normalise_name(record.name) if record.name is not None else None
                if value is not None:
                    index.setdefault(value, []).append(record)
            self._indexes[key] = index
        return index

    def find(self, player_id: str, name: str, fide_id: str | None = None) -> Found:
        """The record of one player: his id, name and FIDE id as the event gives them."""
        for key in self.keys:
            candidates = self._candidates(key, player_id, name, fide_id)
            if not candidates:
                continue
            if len(candidates) > 1 and self.ambiguity is Ambiguity.REFUSE:
                return Found(None, key, candidates)
            return Found(candidates[0], key, candidates)
        return Found(None)

    def find_player(self, player: Player) -> Found:
        """:meth:`find` for an event's :class:`~ratingkit.core.model.Player`."""
        return self.find(player.id, player.name, player.fide_id)

    def _candidates(
        self, key: MatchKey, player_id: str, name: str, fide_id: str | None
    ) -> tuple[PlayerRecord, ...]:
        if key is MatchKey.ID:
            found = self._index(MatchKey.ID).get(player_id, ())
            if self.same_name:
                wanted = normalise_name(name)
                found = [r for r in found if r.name is None or normalise_name(r.name) == wanted]
            return tuple(found)
        if key is MatchKey.FIDE_ID:
            if not fide_id:
                return ()
            by_id = self._index(MatchKey.ID).get(fide_id, ())
            return tuple(by_id or self._index(MatchKey.FIDE_ID).get(fide_id, ()))
        return tuple(self._index(MatchKey.NAME).get(normalise_name(name), ()))

    def match(self, players: Iterable[Player | tuple[str, str]]) -> PlayerMatch:
        """Every player of an event (:class:`~ratingkit.core.model.Player` values, or
        ``(id, name)`` pairs): the records found by the event's id, and the ids not found.
        ``key`` names the keys tried (``"id"``, ``"name"``, ``"id, FIDE id, name"``); each
        player's own key is in ``PlayerMatch.keys``."""
        records: dict[str, PlayerRecord] = {}
        keys: dict[str, MatchKey] = {}
        unmatched: list[str] = []
        for player in players:
            if isinstance(player, tuple):
                player_id, name = player
                found = self.find(player_id, name)
            else:
                player_id = player.id
                found = self.find_player(player)
            if found.record is None:
                unmatched.append(player_id)
            else:
                records[player_id] = found.record
                keys[player_id] = found.key  # type: ignore[assignment]
        key = ", ".join(str(k) for k in self.keys)
        return PlayerMatch(key, records, tuple(unmatched), self.source, keys)


@dataclass(frozen=True)
class PlayerMatch:
    """How an event's players were matched to a player file."""

    key: str
    records: Mapping[str, PlayerRecord]
    unmatched: tuple[str, ...]
    source: str | None
    #: The key that found each matched player (by the event's id).
    keys: Mapping[str, MatchKey] = field(default_factory=dict)

    def note(self) -> str:
        where = self.source or _("player file")
        text = tr(
            "{where}: {count} players matched by {key}",
            where=where,
            count=len(self.records),
            key=self.key,
        )
        if self.unmatched:
            text += tr(
                "; not found: {players} (defaults assumed for them)",
                players=", ".join(self.unmatched),
            )
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
        (the event's ids are only start numbers) or the file has no ids (the
        :class:`PlayerMatcher` with one key)."""
        use_names = by_name or not self.has_ids
        return self.matcher(keys=(MatchKey.NAME,) if use_names else (MatchKey.ID,)).match(players)

    @cached_property
    def _matchers(self) -> dict[tuple[object, ...], PlayerMatcher]:
        return {}

    def matcher(
        self,
        *,
        keys: Sequence[MatchKey] = DEFAULT_KEYS,
        local_ids: bool = False,
        same_name: bool = False,
        ambiguity: Ambiguity = Ambiguity.FIRST,
    ) -> PlayerMatcher:
        """The :class:`PlayerMatcher` of this file with these rules (built once for each set
        of rules, with its indexes)."""
        rules = (tuple(keys), local_ids, same_name, ambiguity)
        found = self._matchers.get(rules)
        if found is None:
            found = PlayerMatcher(
                self, keys=keys, local_ids=local_ids, same_name=same_name, ambiguity=ambiguity
            )
            self._matchers[rules] = found
        return found

    @classmethod
    def from_records(
        cls,
        records: Iterable[Mapping[str, object] | PlayerRecord],
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
    from .output import csv_cell, protect_row

    used = [c for c in KNOWN_COLUMNS if any(getattr(r, c) is not None for r in player_file)]
    extras: list[str] = []
    for record in player_file:
        extras += [k for k in record.extra if k not in extras]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(protect_row(used + extras))
    for record in player_file:
        row = [csv_cell(getattr(record, c)) for c in used]
        row += [record.extra.get(k, "") for k in extras]
        writer.writerow(protect_row(row))
    return buffer.getvalue()


def state_records(player_file: PlayerFile) -> list[dict[str, str]]:
    """A player file as the rows of its CSV (:func:`write_player_csv`): one mapping per
    player from column to cell, empty cells left out.  What ``--format json`` gives as the
    new state; :meth:`PlayerFile.from_records` reads it back to the same records."""
    _header, rows = read_csv_table(write_player_csv(player_file), "<new state>", _("the new state"))
    return [{k: v for k, v in row.cells.items() if v != ""} for row in rows]


def read_player_file(path: str | os.PathLike[str], encoding: str | None = None) -> PlayerFile:
    """Read a player file (CSV with a header line; ``encoding`` overrides the detected one,
    see :func:`ratingkit.core.fileio.read_text`)."""
    source = str(path)
    return parse_player_csv(read_text(path, encoding), source)


def parse_player_csv(text: str, source: str = "<players>") -> PlayerFile:
    """A player file's text read (``source`` names it in errors and locations).  The last
    file read is remembered: a CSV pair's players file is read by its reader and again as
    the player file (``ratingkit rate``), and the same text gives the same (immutable)
    player file."""
    return _parsed_player_csv(text, source)


@lru_cache(maxsize=1)
def _parsed_player_csv(text: str, source: str) -> PlayerFile:
    header, rows = read_csv_table(text, source, _("the player file"))
    if "id" not in header and "name" not in header:
        raise MalformedLineError(
            tr("the header must name an 'id' or 'name' column, got {header}", header=header),
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
                tr(
                    "a column without a name in the header holds {cells!r}: name it",
                    cells=row.cells[""],
                ),
                Location(source, row.line),
                row.cells[""],
            )


def _record(row: Mapping[str, str], location: Location) -> PlayerRecord:
    def cell(name: str) -> str:
        return (row.get(name) or "").strip()

    def at(name: str) -> Location:
        return Location(location.file, location.line, name)

    record_id, name = cell("id") or None, cell("name") or None
    if not record_id and not name:
        raise InvalidValueError(tr("a player needs an id or a name"), location, "")
    rating = parse_rating(cell("rating"), at("rating")) if cell("rating") else None
    games: int | None = None
    if cell("games"):
        games = parse_int(cell("games"), at("games"), what=N_("games"))
        if games < 0:
            raise InvalidValueError(
                tr("games cannot be negative, got {games}", games=games), at("games"), games
            )
        if games > MAX_GAMES:
            raise InvalidValueError(
                tr(
                    ("games {games} is more than anyone has played (at most {max_games:,})"),
                    games=games,
                    max_games=MAX_GAMES,
                ),
                at("games"),
                games,
            )
    born = parse_date(cell("born"), at("born"), year_only=True) if cell("born") else None
    k: int | None = None
    if cell("k"):
        k = parse_int(cell("k"), at("k"), what=N_("K"))
        if k <= 0:
            raise InvalidValueError(tr("K must be positive, got {k}", k=k), at("k"), k)
        if k not in K_VALUES:
            raise InvalidValueError(
                tr(
                    "K {k} is not a K factor of the FIDE regulations ({k_factors})",
                    k=k,
                    k_factors=", ".join(map(str, K_VALUES)),
                ),
                at("k"),
                k,
            )
    ever_2400 = parse_bool(cell("ever_2400"), at("ever_2400")) if cell("ever_2400") else None
    ever_2300 = parse_bool(cell("ever_2300"), at("ever_2300")) if cell("ever_2300") else None
    extra = {column: v for column, v in row.items() if column and column not in KNOWN_COLUMNS}
    return PlayerRecord(
        id=record_id,
        name=name,
        rating=rating,
        games=games,
        born=born,
        k=k,
        ever_2400=ever_2400,
        grade=cell("grade") or None,
        prior_grade=cell("prior_grade") or None,
        ever_2300=ever_2300,
        extra=extra,
        location=location,
    )


def _check_unique(records: list[PlayerRecord]) -> tuple[PlayerRecord, ...]:
    seen: dict[str, PlayerRecord] = {}
    for record in records:
        if record.id is None:
            continue
        if record.id in seen:
            raise DuplicatePlayerError(
                tr(
                    "id {id!r} appears twice (first at {location})",
                    id=record.id,
                    location=seen[record.id].location,
                ),
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
