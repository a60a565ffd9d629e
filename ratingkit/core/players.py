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
:meth:`PlayerFile.matcher` give; names compare by one key, :func:`normalise_name` (Unicode NFC
and case folding).  A player file that mostly does not meet its event is a warning
(:func:`match_warning`).

A player's rating before an event is decided by one rule, :func:`rating_before`: the player
file's where the event gives none, the event's where the file gives none or the same, and a
difference an error naming both, unless the rule set's state codec declares it
(``differing_rating``: FIDE 7.1).  :func:`carry_forward` makes the player file for the next
event (``--save-state``).
"""

from __future__ import annotations

import csv
import enum
import io
import os
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..core.i18n import N_, _, ngettext, tr
from .errors import DuplicatePlayerError, InvalidValueError, Location, MalformedLineError
from .extras import PlayerFileFacts
from .fastbuild import build
from .fileio import CsvRow, read_csv_table, read_text

# Re-exported: the matcher's names were this module's before core.matching took them.
from .matching import Ambiguity as Ambiguity
from .matching import Candidate as Candidate
from .matching import Found as Found
from .matching import MatchKey as MatchKey
from .matching import match_by_keys as match_by_keys
from .model import ReadNote
from .notes import Note, NoteKind, Rule
from .person_keys import PersonKey as PersonKey
from .person_keys import PersonKind as PersonKind
from .person_keys import person_key as person_key
from .person_keys import stored_person_key as stored_person_key
from .plain_players import RATINGS_READ, plain_player_records
from .values import parse_bool, parse_date, parse_int, parse_rating

if TYPE_CHECKING:
    from .model import Event, Player

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
    """The one key names are compared by, as people type them: Unicode NFC (a decomposed
    ``Mu\u0308ller``, as some systems write it, is the composed ``Müller``), case folded
    (``MÜLLER`` = ``müller``, ``Straße`` = ``STRASSE``), without commas or repeated spaces
    (``Tanaka, Aiko`` = ``tanaka  aiko``)."""
    if name.isascii():  # NFC changes no ASCII text, and its case folding is lower()
        return " ".join(name.replace(",", " ").split()).lower()
    # split() breaks at what re's \s matches (str.isspace): the runs made one space, stripped.
    text = " ".join(unicodedata.normalize("NFC", name).replace(",", " ").split())
    # Case folding may decompose a letter again (İ -> i + combining dot): composed once more.
    return unicodedata.normalize("NFC", text.casefold())


# -- the one player matcher -----------------------------------------------------------------


def matched_by(key: MatchKey | str, count: int) -> str:
    """``count`` players matched by ``key``, the number agreeing with its noun (ngettext: 1
    игрок сопоставлен, 2 игрока, 5 игроков сопоставлены)."""
    key = MatchKey(str(key))
    if key is MatchKey.ID:
        text = ngettext("{count} player matched by id", "{count} players matched by id", count)
    elif key is MatchKey.FIDE_ID:
        text = ngettext(
            "{count} player matched by FIDE id", "{count} players matched by FIDE id", count
        )
    else:
        text = ngettext("{count} player matched by name", "{count} players matched by name", count)
    return text.format(count=count)


def matched_counts(keys: Iterable[MatchKey | str]) -> str:
    """How many players each key matched, in the order of :data:`DEFAULT_KEYS`."""
    counts: dict[MatchKey, int] = {}
    for key in keys:
        counts[MatchKey(str(key))] = counts.get(MatchKey(str(key)), 0) + 1
    parts = [matched_by(key, counts[key]) for key in DEFAULT_KEYS if key in counts]
    return ", ".join(parts) or _("no player matched")


#: The keys tried, in order: the id, then the FIDE id, then the name.
DEFAULT_KEYS: tuple[MatchKey, ...] = (MatchKey.ID, MatchKey.FIDE_ID, MatchKey.NAME)


#: The keys of a person in the order :func:`person_key` gives them (his FIDE id, then the id
#: his files give him, then his name): how the ledger finds a player a user names.
PERSON_KEYS: tuple[MatchKey, ...] = (MatchKey.FIDE_ID, MatchKey.ID, MatchKey.NAME)


def file_match_keys(by_name: bool, has_ids: bool) -> tuple[MatchKey, ...]:
    """The one key an event's players are found by in a player file (:meth:`PlayerFile.match`
    and FESA's replay store, which keeps the same file as the events go): the name where the
    event's ids are start numbers (``by_name``) or the file has no ids, else the id."""
    return (MatchKey.NAME,) if by_name or not has_ids else (MatchKey.ID,)


def find_in_rows(rows: Sequence[Mapping[str, object]], text: str) -> list[int]:
    """The positions of the rows (a report's players: ``id`` and ``name``) that ``text``
    names, by the one matcher (:class:`PlayerMatcher`): his id, else his name (normalised);
    more than one: the text is ambiguous, for the caller's message."""
    records = [PlayerRecord(id=str(row.get("id")), name=str(row.get("name") or "")) for row in rows]
    position = {id(record): index for index, record in enumerate(records)}
    matcher = PlayerMatcher(records, keys=(MatchKey.ID, MatchKey.NAME), ambiguity=Ambiguity.REFUSE)
    return [position[id(record)] for record in matcher.find(text, text).candidates]


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
        # find's fast path: the id is the first key a player can match, tried first, or
        # after the FIDE id only (which a player without one cannot match).
        before_id = self.keys[: self.keys.index(MatchKey.ID)] if MatchKey.ID in self.keys else None
        self._id_first = before_id == ()
        self._id_after_fide_id = before_id == (MatchKey.FIDE_ID,)
        self._by_id: dict[str, list[PlayerRecord]] | None = None  # _index(ID), kept at hand

    def _index(self, key: MatchKey) -> dict[str, list[PlayerRecord]]:
        """The records by one key, in file order (built when first needed)."""
        index = self._indexes.get(key)
        if index is None:
            index = {}
            for record in self.records:
                if key is MatchKey.ID:
                    value = record.id
                elif key is MatchKey.FIDE_ID:
                    value = PlayerFileFacts.of(record.extra).fide_id
                else:
                    value = normalise_name(record.name) if record.name is not None else None
                if value is not None:
                    index.setdefault(value, []).append(record)
            self._indexes[key] = index
        return index

    def find(self, player_id: str, name: str, fide_id: str | None = None) -> Found[PlayerRecord]:
        """The record of one player: his id, name and FIDE id as the event gives them
        (:func:`match_by_keys` decides which key wins)."""
        if self._id_first or (self._id_after_fide_id and not fide_id):
            # The general path's answer where the id decides at once, without its closure and
            # tuples (a ledger's players carry their ledger id, its state's records the same:
            # a FIDE month's 200,000 look-ups): one record has the id and, with
            # ``same_name``, no name or the player's as written.  Else the general path.
            by_id = self._by_id
            if by_id is None:
                by_id = self._by_id = self._index(MatchKey.ID)
            hits = by_id.get(player_id)
            if hits is not None and len(hits) == 1:
                hit = hits[0]
                if not self.same_name or hit.name is None or hit.name == name:
                    return Found(hit, MatchKey.ID, (hit,))
        return match_by_keys(
            self.keys, lambda key: self._candidates(key, player_id, name, fide_id), self.ambiguity
        )

    def find_player(self, player: Player) -> Found[PlayerRecord]:
        """:meth:`find` for an event's :class:`~ratingkit.core.model.Player`."""
        return self.find(player.id, player.name, player.fide_id)

    def _candidates(
        self, key: MatchKey, player_id: str, name: str, fide_id: str | None
    ) -> tuple[PlayerRecord, ...]:
        if key is MatchKey.ID:
            found = self._index(MatchKey.ID).get(player_id, ())
            if self.same_name:
                same = normalise_name  # the same text is the same name: normalised where not
                found = [r for r in found if r.name in (None, name) or same(r.name) == same(name)]
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
        names: list[str] = []
        for player in players:
            if isinstance(player, tuple):
                player_id, name = player
                found = self.find(player_id, name)
            else:
                player_id, name = player.id, player.name
                found = self.find_player(player)
            if found.record is None:
                unmatched.append(player_id)
                names.append(name)
            else:
                records[player_id] = found.record
                keys[player_id] = found.key  # type: ignore[assignment]
        key = ", ".join(str(k) for k in self.keys)
        return PlayerMatch(
            key, records, tuple(unmatched), self.source, keys, len(self.records), tuple(names)
        )


@dataclass(frozen=True)
class PlayerMatch:
    """How an event's players were matched to a player file."""

    key: str
    records: Mapping[str, PlayerRecord]
    unmatched: tuple[str, ...]
    source: str | None
    #: The key that found each matched player (by the event's id).
    keys: Mapping[str, MatchKey] = field(default_factory=dict)
    #: The rows of the player file (None: not known).
    rows: int | None = None
    #: The names of the players not found, in the order of ``unmatched``.
    unmatched_names: tuple[str, ...] = ()

    def note(self) -> str:
        where = self.source or _("player file")
        text = tr("{where}: {matched}", where=where, matched=matched_counts(self.keys.values()))
        if self.unmatched:
            text += tr(
                "; not found: {players} (defaults assumed for them)",
                players=", ".join(self.unmatched),
            )
        return text

    def notes(self) -> list[Note]:
        """The note on the match (kind ``READ``) and, where the player file and the event
        mostly do not meet, the warning of :func:`match_warning`."""
        notes = [Note(NoteKind.READ, self.note(), players=tuple(self.unmatched))]
        if self.rows is not None:
            rows_matched = len({id(r) for r in self.records.values()})
            warning = match_warning(
                self.source,
                rows=self.rows,
                rows_matched=rows_matched,
                players=len(self.records) + len(self.unmatched),
                missing=self.unmatched_names or self.unmatched,
                ids=self.unmatched,
            )
            if warning is not None:
                notes.append(warning)
        return notes


def match_warning(
    source: str | None,
    *,
    rows: int,
    rows_matched: int,
    players: int,
    missing: Sequence[str],
    ids: Sequence[str] = (),
) -> Note | None:
    """A warning (:data:`NoteKind.WARNING`) when a player file and an event mostly do not
    meet: more than half of the file's rows match no player of the event, and more than half
    of the event's players are not in the file (a file of another event, names typed
    otherwise).  Either alone is usual: a federation's list holds many players who did not
    play, and a file may give the state of a few players only.  None when they meet."""
    if not (2 * (rows - rows_matched) > rows and 2 * len(missing) > players):
        return None
    shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
    text = tr(
        (
            "{source}: the player file mostly does not match the event (rows matched: "
            "{rows_matched} of {rows}; players of the event not found: {missing_count} of "
            "{players}: {shown}); those players are rated without its state: check that the "
            "file belongs to this event and that its ids or names are written as the event's"
        ),
        source=source or _("player file"),
        rows_matched=rows_matched,
        rows=rows,
        missing_count=len(missing),
        players=players,
        shown=shown,
    )
    return Note(NoteKind.WARNING, text, players=tuple(ids))


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
        return self.matcher(keys=file_match_keys(by_name, self.has_ids)).match(players)

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
        # Every extra column in the header's order, empty where this record has none.
        row += list({**dict.fromkeys(extras, ""), **record.extra}.values())
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
    return parse_player_csv(read_text(path, encoding), str(path))


def parse_player_csv(text: str, source: str = "<players>") -> PlayerFile:
    """A player file's text read (``source`` names it in errors and locations).  The last
    file read is remembered: a CSV pair's players file is read by its reader and again as
    the player file (``ratingkit rate``): the same text, the same (immutable) player file."""
    return _parsed_player_csv(text, source)


@lru_cache(maxsize=1)
def _parsed_player_csv(text: str, source: str) -> PlayerFile:
    records = plain_player_records(text, source, PlayerRecord, _RATINGS, _ALLOWED, KNOWN_COLUMNS)
    if records is not None:  # an event's plain file, read a column at a time
        return PlayerFile(_check_unique(records), source)
    header, rows = read_csv_table(text, source, _("the player file"))
    if "id" not in header and "name" not in header:
        raise MalformedLineError(
            tr("the header must name an 'id' or 'name' column, got {header}", header=header),
            Location(source, 1),
            ",".join(header),
        )
    check_columns(header, source)
    check_unnamed(header, rows, source)
    # A CSV table's cells come stripped; each row's Location made without its __init__.
    at = [build(Location, {"file": source, "line": r.line, "column": None}) for r in rows]
    if _KNOWN.intersection(header) <= _PLAIN_KNOWN:
        records = _plain_records(header, rows, at)
    else:
        records = [_record(r.cells, w, stripped=True) for r, w in zip(rows, at, strict=True)]
    return PlayerFile(_check_unique(records), source)


def _plain_records(header: list[str], rows: list[CsvRow], at: list[Location]) -> list[PlayerRecord]:
    """The records of a file whose known columns are id, name and rating: each row's record
    made here where its rating text was read before, else by ``_record`` (parsed or refused)."""
    extras = [column for column in header if column and column not in _KNOWN]
    records = []
    for row, location in zip(rows, at, strict=True):
        cells = row.cells
        record_id, name = cells.get("id") or None, cells.get("name") or None
        rating_text = cells.get("rating", "")
        if not (record_id or name) or (rating_text and rating_text not in _RATINGS):
            records.append(_record(cells, location, stripped=True))
            continue
        fields = {"id": record_id, "name": name, "rating": _RATINGS.get(rating_text), **_NO_STATE}
        fields["extra"] = MappingProxyType({column: cells[column] for column in extras})
        fields["location"] = location
        records.append(build(PlayerRecord, fields))
    return records


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


#: Every known column's cell empty (a row's cells laid over it), and the known columns as a set.
_NO_CELLS, _KNOWN = dict.fromkeys(KNOWN_COLUMNS, ""), frozenset(KNOWN_COLUMNS)
_ALLOWED = frozenset((*KNOWN_COLUMNS, *EXTRA_COLUMNS))  # what check_columns takes
#: The known columns of an event's players file, and the state of a record without the others.
_PLAIN_KNOWN = frozenset(("id", "name", "rating"))
_NO_STATE = dict.fromkeys(("games", "born", "k", "ever_2400", "grade", "prior_grade", "ever_2300"))
_RATINGS = RATINGS_READ  # the rating each rating text read so far gave (core.plain_players)


def _record(row: Mapping[str, str], location: Location, *, stripped: bool = False) -> PlayerRecord:
    # ``stripped``: the cells are a CSV table's (read_csv_table strips them), laid over empties.
    if stripped:
        cell = {**_NO_CELLS, **row}
    else:
        cell = {column: (row.get(column) or "").strip() for column in KNOWN_COLUMNS}

    def at(name: str) -> Location:
        return Location(location.file, location.line, name)

    record_id, name = cell["id"] or None, cell["name"] or None
    if not record_id and not name:
        raise InvalidValueError(tr("a player needs an id or a name"), location, "")
    rating = _RATINGS.get(cell["rating"]) if cell["rating"] else None
    if rating is None and cell["rating"]:  # a text refused is refused at each row giving it
        rating = _RATINGS[cell["rating"]] = parse_rating(cell["rating"], at("rating"))
    games: int | None = None
    if cell["games"]:
        games = parse_int(cell["games"], at("games"), what=N_("games"))
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
    born = parse_date(cell["born"], at("born"), year_only=True) if cell["born"] else None
    k: int | None = None
    if cell["k"]:
        k = parse_int(cell["k"], at("k"), what=N_("K"))
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
    ever_2400 = parse_bool(cell["ever_2400"], at("ever_2400")) if cell["ever_2400"] else None
    ever_2300 = parse_bool(cell["ever_2300"], at("ever_2300")) if cell["ever_2300"] else None
    extra = {column: v for column, v in row.items() if column and column not in _KNOWN}
    # PlayerRecord(...) without its __init__ (fastbuild.build; its __post_init__ done here).
    values: tuple[object, ...] = (record_id, name, rating, games, born, k, ever_2400)
    values += (cell["grade"] or None, cell["prior_grade"] or None, ever_2300)
    values += (MappingProxyType(extra), location)
    return build(PlayerRecord, dict(zip(PlayerRecord.__dataclass_fields__, values, strict=True)))


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


def merge_rosters(rosters: Sequence[PlayerFile]) -> PlayerFile:
    """One player file from the players files of several events, given in the order the events
    began: each person's record comes from the first event he appears in (his state before the
    run).  A person is the same across files by FIDE id, else by name: the files' own ids are
    often start numbers, which mean another player in each file.  The ratings are left out:
    an event's players file gives the rating *in that event*, which the event itself carries,
    not a state before the run (for FIDE 2024 7.1 the previous list's rating is then the one in
    the event that began last; :func:`rating_before` compares each later event's rating with
    the state the run carried to it)."""
    seen: dict[str, PlayerRecord] = {}
    for roster in rosters:
        for record in roster:
            fide_id = PlayerFileFacts.of(record.extra).fide_id
            key = f"fide:{fide_id}" if fide_id else f"name:{normalise_name(record.name or '')}"
            if record.name is None and not fide_id:
                key = f"id:{roster.source}:{record.id}"
            if key not in seen:
                seen[key] = replace(record, rating=None)
    sources = ", ".join(str(r.source) for r in rosters if r.source)
    return PlayerFile(tuple(seen.values()), sources or None)


def carry_forward(before: PlayerFile | None, after: PlayerFile) -> PlayerFile:
    """The player file after an event, for the next one (``--save-state``): the player file
    before it with each record the new state holds replaced by the new one, in the file's
    order, then the new state's other records (players the file did not have).  A player who
    did not play keeps his record as it was.  The new state holds a record when it has one
    with the record's id, or with its FIDE id, or, for a record without id, with its name as
    :func:`normalise_name` compares names."""
    if before is None:
        return after
    by_key: dict[str, PlayerRecord] = {}
    for record in after:
        fide_id = PlayerFileFacts.of(record.extra).fide_id
        for key in (
            f"id:{record.id}" if record.id else None,
            f"fide:{fide_id}" if fide_id else None,
            f"fide:{record.id}" if record.id else None,
            f"name:{normalise_name(record.name)}" if record.name else None,
        ):
            if key is not None:
                by_key.setdefault(key, record)
    out: dict[int, PlayerRecord] = {}
    for record in before:
        fide_id = PlayerFileFacts.of(record.extra).fide_id
        keys = [f"id:{record.id}" if record.id else None, f"fide:{fide_id}" if fide_id else None]
        if not record.id and record.name:
            keys.append(f"name:{normalise_name(record.name)}")
        new = next((by_key[k] for k in keys if k is not None and k in by_key), None)
        chosen = new if new is not None else record
        out.setdefault(id(chosen), chosen)
    for record in after:
        out.setdefault(id(record), record)
    return PlayerFile(tuple(out.values()), after.source)


# -- the rating before an event: the one rule -------------------------------------------------


class RatingFrom(enum.Enum):
    """Where a player's rating before an event comes from (:func:`rating_before`)."""

    #: Neither the event nor the player file gives one: the player is unrated.
    NEITHER = "neither"
    #: The event gives it; the player file gives none, or the same.
    EVENT = "event"
    #: The player file gives it; the event gives none.
    FILE = "file"
    #: Both give one and they differ as the rule set allows (FIDE 7.1): the event is rated
    #: with the event's, and the change goes onto the player file's.
    EVENT_ONTO_FILE = "event onto file"


@dataclass(frozen=True)
class RatingBefore:
    """A player's rating before an event as :func:`rating_before` decides it."""

    #: The rating the event is rated with (None: unrated).
    rating: int | None
    #: The player file's rating (None: no record, or no rating in it).
    file_rating: int | None
    source: RatingFrom
    #: The rule set's clause that lets the two differ, where they do.
    rule: Rule | None = None


class RatingConflictError(InvalidValueError):
    """The event and the player file give one player two ratings before the event, and the
    rule set allows no difference."""


def differing_rating_rule(rules: object) -> Rule | None:
    """The clause under which a rule set lets an event's rating differ from the player
    file's (its state codec's ``differing_rating``: FIDE 2014-2025 7.1), or None: the two
    must agree.  A rule set without a state codec declares none."""
    codec = getattr(rules, "state", None)
    rule = getattr(codec, "differing_rating", None)
    return rule if isinstance(rule, Rule) else None


def rating_before(
    player: Player,
    record: PlayerRecord | None,
    rule: Rule | None,
    *,
    event_place: str | None = None,
    state_place: str | None = None,
) -> RatingBefore:
    """The one rule for a player's rating before an event, on every path (``rate``,
    ``--players``, a run of events, the ledger): the event's rating and the player file's
    record (the state the event starts from: a player file, the state an earlier event of
    the run left, the ledger's state).

    * the player file gives no rating (or has no record): the event's, or none;
    * the event gives none: the player file's (his published rating before the event);
    * both give the same: that one;
    * they differ: where the rule set declares a clause for it (``rule``, from
      :func:`differing_rating_rule`; FIDE 7.1: an event that began under an older list is
      rated with that list's rating, and its change goes onto the previous list's), the
      event's rating rates the event and the player file's is where the change goes;
      otherwise a :class:`RatingConflictError` naming the player, both ratings and both
      places (the record's file and line, or ``state_place``: where the state comes from, as
      a phrase, "in the state the events before it left"; the event's file).
    """
    file_rating = record.rating if record is not None else None
    event_rating = player.rating
    if file_rating is None:
        source = RatingFrom.EVENT if event_rating is not None else RatingFrom.NEITHER
        return RatingBefore(event_rating, None, source)
    if event_rating is None:
        return RatingBefore(file_rating, file_rating, RatingFrom.FILE)
    if event_rating == file_rating:
        return RatingBefore(event_rating, file_rating, RatingFrom.EVENT)
    if rule is not None:
        return RatingBefore(event_rating, file_rating, RatingFrom.EVENT_ONTO_FILE, rule)
    assert record is not None
    where = record.location
    if where is not None:
        where = replace(where, column="rating")
        state_place = _("in the player file")
    elif state_place is None:
        state_place = _("in the player file")
    in_event = str(player.location) if player.location is not None else event_place
    raise RatingConflictError(
        tr(
            (
                "{name!r} has the rating {file_rating} {state_place} but {event_rating} in "
                "the event{where}: a player has one rating before an event; correct one of "
                "them, or leave it out of one (a player file's rating fills in where the event "
                "gives none)"
            ),
            name=player.name,
            file_rating=file_rating,
            state_place=state_place,
            event_rating=event_rating,
            where=f" ({in_event})" if in_event else "",
        ),
        where,
        file_rating,
    )


def with_ratings_before(
    event: Event,
    records: Mapping[str, PlayerRecord] | Callable[[Player], PlayerRecord | None],
    rule: Rule | None,
    source: str | None = None,
) -> Event:
    """``event`` with each player's rating before it by :func:`rating_before`: a rating the
    player file (``records``: the matched record by the event's id, or a function that finds
    it) gives where the event gives none is written into the player, and a note of the
    event's read notes names them; a conflict the rule set does not allow raises.  The event
    itself when nothing changes.  (A difference the rule set allows stays: the rule set
    reads the file's rating as the one the change goes onto.)"""
    place = event.source or event.name
    players = list(event.players)
    filled: list[tuple[int, int]] = []
    state_place: str | None = None  # made once for the event, when first needed
    for index, player in enumerate(players):
        if player.rating is not None and rule is not None:
            continue  # no conflict possible, nothing to fill
        record = records(player) if callable(records) else records.get(player.id)
        if record is None or record.rating is None:
            continue
        if source and state_place is None:
            state_place = tr("in the player file {source}", source=source)
        decided = rating_before(
            player,
            record,
            rule,
            event_place=place,
            state_place=state_place,
        )
        if decided.source is RatingFrom.FILE:
            filled.append((index, record.rating))
    if not filled:
        return event
    for index, rating in filled:
        players[index] = replace(players[index], rating=rating)
    named = [f"{players[i].name} {rating}" for i, rating in filled]
    shown = ", ".join(named[:8]) + (" ..." if len(named) > 8 else "")
    text = tr(
        "{source}: the rating before the event from the player file, where the event gives "
        "none: {players}",
        source=source or _("player file"),
        players=shown,
    )
    note = ReadNote(text, None, tuple(players[i].id for i, _r in filled))
    # with_read_note's event in one replace: the event's checks run once, not twice.
    origin = replace(event.origin, read_notes=(*event.origin.read_notes, note))
    return replace(event, players=tuple(players), origin=origin)


def with_read_note(event: Event, note: ReadNote) -> Event:
    """``event`` with one more of its read notes (``Event.origin.read_notes``, which every
    rule set shows among its report's notes: :func:`ratingkit.core.model.event_notes`)."""
    notes = (*event.origin.read_notes, note)
    return replace(event, origin=replace(event.origin, read_notes=notes))
