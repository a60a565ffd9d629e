"""Importing into the ledger: an event file (with its player file) and FIDE's rating list,
each player matched to the ledger's players; and taking an imported event out again."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core.fastbuild import build
from ...core.game_columns import PlainArrays, game_columns, game_count
from ...core.i18n import tr
from ...core.model import Event, Game, Player
from ...core.output import plain
from ...core.person_keys import stored_key
from ...core.players import (
    Ambiguity,
    MatchKey,
    PersonKind,
    PlayerFile,
    PlayerMatch,
    PlayerRecord,
    match_by_keys,
    normalise_name,
    person_key,
    stored_person_key,
)
from ..ledgerfile import (
    LedgerError,
)
from . import stored_games
from .checking import CheckedFile, check_file, first_game_date, last_game_date
from .common import (
    _RECORD_FIELDS,
    ImportErrors,
    _games_digest,
    _now,
    _record_from_json,
    _record_to_json,
    _row_id,
)
from .rating import LedgerRating
from .state_text import _merged_state_text


@dataclass(frozen=True)
class ImportSummary:
    """What an import did."""

    event_id: int
    event: str
    period: str
    players_matched: int
    players_created: int
    games: int
    #: Rows of the player file for players not in this event, stored as their state.
    registered: int = 0

    def __str__(self) -> str:
        text = tr(
            "imported {event!r} as event {event_id} into period {period}: {games} games, "
            "{matched} players matched, {created} new",
            event=self.event,
            event_id=self.event_id,
            period=self.period,
            games=self.games,
            matched=self.players_matched,
            created=self.players_created,
        )
        if self.registered:
            text += "; " + tr(
                "{registered} more players' state from the player file",
                registered=self.registered,
            )
        return text


@dataclass(frozen=True)
class ListImportSummary:
    """What importing FIDE's rating list did."""

    source: str
    created: int
    updated: int

    def __str__(self) -> str:
        return tr(
            "imported FIDE's rating list {source}: {created} players new to the ledger, "
            "{updated} updated (matched on their FIDE id); birth years are taken as 1 January "
            "of the year",
            source=self.source,
            created=self.created,
            updated=self.updated,
        )


#: A keyed player takes the one ledger player his key finds in the event's lookups, or is new,
#: at once (``_match_keys``); False sends every keyed player through ``match_by_keys``, the
#: general path its test holds the fast one against.
_FOUND_AT_ONCE = True


def _keyed(
    key: str,
    player: Player,
    by_key: Mapping[str, int],
    by_own: Mapping[str, int],
    namesakes: Mapping[str, int | None],
    _kind: MatchKey,
) -> list[int]:
    """The ledger player a stored key finds: by the key, else (an own id) the player of that
    own id keyed by his FIDE id, else the one player of his name who has no own id yet
    (FIDE's list gave him: a member number the ledger has not seen is he, never a second
    one; ``namesakes``, read for the event at once)."""
    found = by_key.get(key, by_own.get(key))
    if found is None and key.startswith("id:"):
        found = namesakes.get(normalise_name(player.name))
    return [] if found is None else [found]


class LedgerImporting(LedgerRating):
    """The importing part of a ledger (:class:`ratingkit.services.ledger.Ledger`); an import
    into a rated period re-rates it (:class:`LedgerRating`)."""

    def import_file(
        self,
        path: str | os.PathLike[str],
        players: str | os.PathLike[str] | None = None,
        period: str | None = None,
        input_format: str | None = None,
        encoding: str | None = None,
        *,
        replace: bool = False,
    ) -> ImportSummary:
        """Import one event file (any readable format) with an optional player file.
        ``encoding`` overrides the detected encoding of both (see :mod:`ratingkit.core.fileio`).
        ``players`` is the player file with state, and the roster of a games file that has no
        players file beside it.

        Players are matched on their own id where the format has one (CSV files), on their
        FIDE id, or on their name; a new player is created when nothing matches, and a name
        that matches two ledger players is refused.  An event whose period (or a later one)
        is rated is refused unless ``replace``, which re-rates that period and every later
        rated one in the same transaction.  Any error applies nothing and every error found
        is listed.
        """
        checked = check_file(self.rules, path, players, period, input_format, encoding)
        with self._write():
            summary, rerate_from, _digest = self._store_checked(checked, replace=replace)
            if rerate_from is not None:
                self._rerate_from(rerate_from)
            return summary

    def _store_checked(
        self,
        checked: CheckedFile,
        *,
        replace: bool,
        earlier: Mapping[str, str] | None = None,
        earlier_events: Mapping[int, str] | None = None,
    ) -> tuple[ImportSummary, str | None, str]:
        """Store a checked file inside the caller's write transaction: its summary, the
        period to re-rate from (None: no rated period concerned) and the file's digest.
        ``earlier``: the digests of the files stored before it in one batch
        (``import_files``), each with its file, whose copy is refused naming that file;
        ``earlier_events``: the events those files became, each with its file (the same
        games again name that file, not an event the refused batch never stores).
        Every error found is raised as one :class:`ImportErrors`; the caller rolls back."""
        source, event, period = checked.source, checked.event, checked.period
        errors: list[str] = []
        file_digest = _file_digest(Path(checked.path), event)
        # Matching and the duplicate checks run inside the write transaction: two imports
        # at once cannot both create one new player or both store one event.
        keys, match_errors = self._match_keys(event)
        errors.extend(match_errors)
        if earlier and file_digest in earlier:
            errors.append(
                tr(
                    "{source}: the same file as {earlier}, given before it in this import",
                    source=source,
                    earlier=earlier[file_digest],
                )
            )
        elif (
            known := self._connection.execute(
                "SELECT id, period FROM events WHERE digest = ?", (file_digest,)
            ).fetchone()
        ) is not None:
            errors.append(
                tr(
                    "{source}: already imported as event {event_id} (period {period})",
                    source=source,
                    event_id=known[0],
                    period=known[1],
                )
            )
        rated_from = self._rated_from(period)
        if rated_from is not None and not replace:
            errors.append(
                tr(
                    "{source}: period {rated_from} is already rated, so an event of period "
                    "{period} would not be rated; import it with --replace to re-rate "
                    "{first} and every later rated period",
                    source=source,
                    rated_from=rated_from,
                    period=period,
                    first=min(period, rated_from),
                )
            )
        if errors:
            raise ImportErrors(source, errors)
        summary = self._store_event(
            event,
            keys,
            file_digest,
            period,
            checked.player_file,
            checked.state,
            source,
            earlier_events or {},
        )
        return summary, None if rated_from is None else min(period, rated_from), file_digest

    @staticmethod
    def _player_key(player: Player, event: Event) -> str | None:
        """The key a player is known by in the ledger: the one key of a person
        (:func:`~ratingkit.core.players.person_key`); none where it is his name."""
        return person_key(player, event.local_ids).stored

    def _match_keys(self, event: Event) -> tuple[dict[str, int | str], list[str]]:
        """Each event player's ledger id, or the key or name a new player will get."""
        out: dict[str, int | str] = {}
        errors: list[str] = []
        holders: dict[str, Player] = {}
        # Each player's key worked out once, as _player_key gives it.
        player_keys = _stored_keys(event)
        wanted = [k for k in player_keys if k]
        own = [k[3:] for k in wanted if k.startswith("id:")]
        by_key = self._lookup("SELECT key, id FROM players WHERE key IN ({})", wanted)
        # The players' own ids (a federation's member numbers) of players keyed by their FIDE
        # id: an event that names one by his own id alone finds him too.
        owned = self._lookup("SELECT own_id, id FROM players WHERE own_id IN ({})", own)
        by_own = {f"id:{k}": v for k, v in owned.items()}
        # The one namesake without an own id of each own-id player neither lookup found (_keyed),
        # read for the whole event at once too.
        namesakes = self._unnumbered_namesakes(
            [
                normalise_name(player.name)
                for player, key in zip(event.players, player_keys, strict=True)
                if key is not None and key.startswith("id:") and key not in by_key
                if key not in by_own
            ]
        )
        for player, key in zip(event.players, player_keys, strict=True):
            if key is not None and key in holders:
                # Two players of one file would become one ledger player (and break its
                # bookkeeping): refused, naming both.
                other = holders[key]
                if player.fide_id:
                    what = tr("FIDE id {fide_id}", fide_id=player.fide_id)
                else:
                    what = tr("id {id!r}", id=player.id)
                errors.append(
                    tr(
                        "{source}: players {first!r} and {second!r} have the same {what}; "
                        "correct the file",
                        source=event.source or event.name,
                        first=other.name,
                        second=player.name,
                        what=what,
                    )
                )
                continue
            if key is not None:
                holders[key] = player
                kind = MatchKey.FIDE_ID if player.fide_id else MatchKey.ID
                if _FOUND_AT_ONCE:
                    # His one key's candidates, none or one (_keyed, whose first look is by the
                    # key): the matcher below, one key and at most one candidate, gives that
                    # one or none, and none leaves him the new player of his key
                    # (tests/test_import_match_keys.py).
                    ledger_id = by_key.get(key)
                    if ledger_id is None:
                        candidates = _keyed(key, player, by_key, by_own, namesakes, kind)
                        ledger_id = candidates[0] if candidates else None
                    out[player.id] = key if ledger_id is None else ledger_id
                    continue
                # His one key (person_key: a FIDE id, else his own id) through the one
                # matcher; the ledger's lookups were read for the whole event at once.
                by = match_by_keys((kind,), partial(_keyed, key, player, by_key, by_own, namesakes))
                out[player.id] = by.record if by.record is not None else key
                continue
            # Start numbers: his name, a name several ledger players share refused.
            found = match_by_keys(
                (MatchKey.NAME,),
                partial(self._players_by, text=player.name),
                Ambiguity.REFUSE,
            )
            if found.ambiguous:
                ids = ", ".join(str(pid) for pid in found.candidates)
                errors.append(
                    tr(
                        "{source}: player {name!r} matches ledger players {ids}; the name is "
                        "ambiguous (give ids or FIDE ids in the file)",
                        source=event.source or event.name,
                        name=player.name,
                        ids=ids,
                    )
                )
            # Refused above when ambiguous (nothing is stored); the first keeps the map whole.
            first = found.candidates[0] if found.candidates else None
            out[player.id] = first if first is not None else f"name:{normalise_name(player.name)}"
        return out, errors

    def _unnumbered_namesakes(self, names: Sequence[str]) -> dict[str, int | None]:
        """Each normalised name's one ledger player of that name who has no own id yet and is
        not keyed by one (None: several), read in chunks SQLite accepts; a name none has is
        left out."""
        found: dict[str, list[int]] = {}
        unique = sorted(set(names))
        for start in range(0, len(unique), 500):
            chunk = unique[start : start + 500]
            for name_key, player_id in self._connection.execute(
                "SELECT name_key, id FROM players WHERE name_key IN"
                f" ({', '.join('?' * len(chunk))}) AND own_id IS NULL AND (key IS NULL OR"
                " key NOT LIKE 'id:%')",
                chunk,
            ):
                found.setdefault(name_key, []).append(int(player_id))
        return {name: ids[0] if len(ids) == 1 else None for name, ids in found.items()}

    def _lookup(self, query: str, values: Sequence[str | int]) -> dict[Any, int]:
        """``query`` (``... IN ({})``) over ``values``, in chunks SQLite accepts."""
        found: dict[Any, int] = {}
        for start in range(0, len(values), 500):
            chunk = values[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            found.update(self._connection.execute(query.format(marks), chunk))
        return found

    def _store_event(
        self,
        event: Event,
        keys: dict[str, int | str],
        digest: str,
        period: str,
        player_file: PlayerFile | None,
        state: PlayerMatch | None,
        source: str,
        earlier_events: Mapping[int, str],
    ) -> ImportSummary:
        """Store a checked event; ``state`` is its players matched to ``player_file``;
        ``earlier_events``: the events stored before it in the same batch, with their
        files."""
        db = self._connection
        # The event's own players file: its rating is the one the event gives (stored with the
        # event), the rating before this event, not a state before the player's first rated
        # period (issue 24).
        own_file = player_file is not None and _read_with(event, player_file.source)
        records = state.records if state is not None else {}
        # A new player's state and own id go into his INSERT (_store_players); the players
        # the ledger knew get theirs below.
        ids = self._store_players(event, keys, records, without_rating=own_file)
        known_players = [p for p in event.players if isinstance(keys[p.id], int)]
        created = len(event.players) - len(known_players)
        self._set_initial_states(
            [
                (ids[p.id], record)
                for p in known_players
                if (record := records.get(p.id)) is not None
            ],
            without_rating=own_file,
        )
        if not event.local_ids:
            # The file's ids are the players' own (member numbers): kept with him, also
            # where he is known by his FIDE id or came from FIDE's list (most have one).
            unset = self._lookup(
                "SELECT id, id FROM players WHERE own_id IS NULL AND id IN ({})",
                [ids[p.id] for p in known_players],
            )
            db.executemany(
                "UPDATE players SET own_id = ? WHERE id = ? AND own_id IS NULL",
                [(p.id, ids[p.id]) for p in known_players if ids[p.id] in unset],
            )
        # No special ending, handicap or extra cell in the whole event (a chess month): each
        # game's row is its seven plain cells, made once for the digest and the insert.
        columns = game_columns(event)  # a plain CSV games file's, its games never made
        plain_games = columns is not None or _plain(event.games)
        game_cells: list[tuple[object, ...]] | PlainArrays
        if columns is not None:
            # numpy columns straight from the file's columns, packed and hashed as they are:
            # no tuple a game (a FIDE month is a million games).
            game_cells = columns.plain_arrays(ids)
        else:
            game_cells = (_plain_game_cells if plain_games else _game_cells)(event.games, ids)
        start = _iso(event.start or first_game_date(event))
        end = _iso(event.end or last_game_date(event))
        games_digest = _games_digest(
            event.type.value,
            start,
            end,
            [ids[p.id] for p in event.players],
            game_cells,
            [(b.round, ids[b.player], b.kind.value) for b in event.byes],
            plain=plain_games,
        )
        known = db.execute(
            "SELECT id, period, source FROM events WHERE games_digest = ?", (games_digest,)
        ).fetchone()
        if known is not None:
            earlier_file = earlier_events.get(int(known[0]))
            if earlier_file is not None:
                # An event of this batch: it is stored only if the whole batch is, so the
                # message names its file, not its event id.
                same = tr(
                    "{source}: the same games between the same players on the same dates as "
                    "{earlier}, given before it in this import",
                    source=source,
                    earlier=earlier_file,
                )
            else:
                same = tr(
                    "{source}: the same games between the same players on the same dates "
                    "were imported as event {event_id} (period {period}, from {file})",
                    source=source,
                    event_id=known[0],
                    period=known[1],
                    file=known[2],
                )
            raise ImportErrors(source, [same])
        registered = 0
        if player_file is not None:
            matched = {id(r) for r in state.records.values()} if state is not None else set()
            others = [r for r in player_file if id(r) not in matched]
            self._register(others, event.local_ids)
            registered = len(others)
        cursor = db.execute(
            "INSERT INTO events (period, name, start, end, type, rounds, source, digest,"
            " score_only, extra, imported, game, games_digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                period,
                event.name,
                start,
                end,
                event.type.value,
                event.rounds,
                event.source,
                digest,
                int(event.score_only),
                # The origin under the keys it always had (EventOrigin.stored).
                json.dumps(
                    {k: plain(v) for k, v in {**event.origin.stored(), **event.extra}.items()},
                    ensure_ascii=False,
                ),
                _now(),
                event.game.value if event.game is not None else None,
                games_digest,
            ),
        )
        event_id = _row_id(cursor)
        db.executemany(
            "INSERT INTO participants VALUES (?, ?, ?, ?, ?)",
            [(event_id, ids[p.id], p.id, p.rating, _json_extra(p.extra)) for p in event.players],
        )
        if plain_games:
            # One row of packed columns, in the file's order (schema 6, stored_games.py): a
            # FIDE month's million games are two thousand rows, not a million to insert,
            # check against three foreign keys and index.
            stored_games.store(db, event_id, game_cells)
        else:
            assert not isinstance(game_cells, PlainArrays)  # a file's columns are plain
            db.executemany(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (event_id, *cells, _json_extra(g.extra) if g.extra else "{}")
                    for g, cells in zip(event.games, game_cells, strict=True)
                ],
            )
        db.executemany(
            "INSERT INTO byes VALUES (?, ?, ?, ?)",
            [(event_id, b.round, ids[b.player], b.kind.value) for b in event.byes],
        )
        return ImportSummary(
            event_id,
            event.name,
            period,
            len(event.players) - created,
            created,
            game_count(event),
            registered,
        )

    def _store_players(
        self,
        event: Event,
        keys: Mapping[str, int | str],
        records: Mapping[str, PlayerRecord],
        *,
        without_rating: bool,
    ) -> dict[str, int]:
        """Each event player's ledger id: the matched one, or a new player's, stored with one
        ``executemany``.  A new player gets the id SQLite would give him inserted alone (the
        table's largest id plus one: ``players.id`` is an INTEGER PRIMARY KEY), given outright
        so that the ids are known without a query a player.

        A new player's row is stored whole: his state from his player-file row (``records``,
        the event's players matched to it), as ``_set_initial_states`` would store it over an
        empty one (the row as it is, its rating left out with ``without_rating``), and his
        own id where the file's ids are the players' own, as ``_store_event``'s own-ids
        ``UPDATE`` would set it."""
        db = self._connection
        ids: dict[str, int] = {}
        new_rows = []
        own_ids = not event.local_ids
        last_id = int(db.execute("SELECT COALESCE(MAX(id), 0) FROM players").fetchone()[0])
        for player in event.players:
            key = keys[player.id]
            if isinstance(key, int):
                ids[player.id] = key
                continue
            last_id += 1
            ids[player.id] = last_id
            record = records.get(player.id)
            state_text = None
            rated = player.rating is not None
            if record is not None:
                if without_rating and record.rating is not None:
                    # The record as replace(record, rating=None) makes it, without __init__.
                    record = build(PlayerRecord, {**record.__dict__, "rating": None})
                state_text = _record_to_json(record)
                rated = rated or record.rating is not None
            new_rows.append(
                (
                    last_id,
                    None if key.startswith("name:") else key,
                    player.name,
                    normalise_name(player.name),
                    player.fide_id,
                    player.federation,
                    player.title,
                    player.born.isoformat() if player.born else None,
                    int(rated),
                    state_text,
                    player.id if own_ids else None,
                )
            )
        db.executemany(
            "INSERT INTO players (id, key, name, name_key, fide_id, federation, title, born,"
            " arrived_rated, initial_state, own_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            new_rows,
        )
        return ids

    def _register(self, records: Sequence[PlayerRecord], local_ids: bool) -> None:
        """Store the state of player-file rows that are not in the event: the federation's
        other players, matched on their id (on their name when the event's ids are start
        numbers or the row has none) and created when new."""
        db = self._connection
        states: list[tuple[int, PlayerRecord]] = []
        for record in records:
            name = record.name or record.id or ""
            key = (
                stored_person_key(PersonKind.OWN_ID, record.id)
                if record.id and not local_ids
                else None
            )
            if key is not None:
                row = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
            else:
                rows = db.execute(
                    "SELECT id FROM players WHERE name_key = ?", (normalise_name(name),)
                ).fetchall()
                row = rows[0] if len(rows) == 1 else None
            if row is None and key is not None:
                row = db.execute("SELECT id FROM players WHERE own_id = ?", (record.id,)).fetchone()
            if row is None:
                cursor = db.execute(
                    "INSERT INTO players (key, name, name_key, own_id) VALUES (?, ?, ?, ?)",
                    (key, name, normalise_name(name), record.id if key else None),
                )
                row = (_row_id(cursor),)
            states.append((row[0], record))
        # The lookups above read no initial state: the states are stored at once after them.
        self._set_initial_states(states)

    def _set_initial_states(
        self, states: Sequence[tuple[int, PlayerRecord]], *, without_rating: bool = False
    ) -> None:
        """Player file rows as the players' states before their first rated period, where
        the ledger knows nothing yet: what it knows (FIDE's list, an earlier file) stays, and
        each file row fills in only the cells the ledger has empty.  (A later file must not
        change the state the first period starts from: re-rating that period with --replace
        would start from it.)  ``without_rating``: the rows' ratings are left out (an event's
        own players file gives the rating before that event, not a state).

        The stored states are read in one query and written in one ``executemany``, only
        where they change; rows of one player (two event players found as one ledger player)
        are merged in order, each onto what the one before left, as one row at a time was."""
        if not states:
            return
        db = self._connection
        wanted = sorted({player_id for player_id, _record in states})
        # The stored text and its arrived_rated of each player, as the rows below leave them.
        stored: dict[int, tuple[str | None, int | None]] = {}
        for begin in range(0, len(wanted), 500):
            chunk = wanted[begin : begin + 500]
            stored.update(
                (player_id, (text, arrived))
                for player_id, text, arrived in db.execute(
                    "SELECT id, initial_state, arrived_rated FROM players WHERE id IN"
                    f" ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )
        #: Each changed player's new text and whether a row of his gave a rating.
        changed: dict[int, tuple[str, bool]] = {}
        for player_id, row in states:
            if without_rating and row.rating is not None:
                # The record as replace(row, rating=None) makes it, without its __init__.
                row = build(PlayerRecord, {**row.__dict__, "rating": None})
            # What the rows before left, else what is stored.
            text, arrived = changed.get(player_id) or (stored.get(player_id, (None, 0))[0], False)
            merged = _merged_state_text(text, player_id, row) if text is not None else None
            if merged is not None:
                new_text, rated = merged
            else:
                record = row
                if text is not None:
                    old = _record_from_json(text, player_id)
                    missing = {
                        name: getattr(row, name)
                        for name in _RECORD_FIELDS
                        if name not in ("id", "extra")
                        and getattr(old, name) is None
                        and getattr(row, name) is not None
                    }
                    # replace(old, **missing, extra=...) without its __init__: the same record.
                    record = build(
                        PlayerRecord,
                        {
                            **old.__dict__,
                            **missing,
                            "extra": MappingProxyType({**row.extra, **old.extra}),
                        },
                    )
                new_text, rated = _record_to_json(record), record.rating is not None
            changed[player_id] = (new_text, arrived or rated)
        updates = []
        for player_id, (new_text, arrived) in changed.items():
            old_text, old_arrived = stored.get(player_id, (None, None))
            # The same text, and "arrived_rated OR ?" leaving arrived_rated as it is (a 1, or a
            # 0 and no rating): the row would not change.
            if new_text == old_text and (old_arrived == 1 or (old_arrived == 0 and not arrived)):
                continue
            updates.append((new_text, int(arrived), player_id))
        db.executemany(
            "UPDATE players SET initial_state = ?, arrived_rated = arrived_rated OR ? WHERE id = ?",
            updates,
        )

    def import_list(
        self, path: str | os.PathLike[str], encoding: str | None = None
    ) -> ListImportSummary:
        """FIDE's published rating list (its TXT or XML download) as the players' state before
        the first period: each player by his FIDE id, with name, federation, sex, title,
        rating, games, K and birth year.  Later imports match players on the FIDE id.  Only
        before any period is rated (the list is the state the first period starts from)."""
        from ...formats.fidelist import RatingListReader

        reader = RatingListReader(path, encoding)
        with self._write():
            rated = self._connection.execute("SELECT MIN(period) FROM periods").fetchone()[0]
            if rated is not None:
                raise LedgerError(
                    tr(
                        (
                            "{path}: period {rated} is already rated; FIDE's list gives the "
                            "state before the first period, so import it into a ledger "
                            "before rating"
                        ),
                        path=path,
                        rated=rated,
                    )
                )
            # The list is stored a batch at a time inside the one transaction: a list of a
            # million players is never held whole, and a bad line refuses it all.
            # The ledger's players with a FIDE id, read once: the list names each id once.
            by_key = dict(
                self._connection.execute("SELECT key, id FROM players WHERE key LIKE 'fide:%'")
            )
            created = updated = 0
            for batch in reader.batches():
                summary = self._store_list(batch, str(path), by_key)
                created, updated = created + summary.created, updated + summary.updated
            return ListImportSummary(str(path), created, updated)

    def _store_list(
        self, listed: Sequence[Any], source: str, by_key: Mapping[str, int] | None = None
    ) -> ListImportSummary:
        db = self._connection
        if by_key is None:
            by_key = dict(db.execute("SELECT key, id FROM players WHERE key LIKE 'fide:%'"))
        created = updated = 0
        new_rows = []
        updates = []
        for player in listed:
            key = stored_person_key(PersonKind.FIDE_ID, player.fide_id)
            record = PlayerRecord(
                id=player.fide_id,
                name=player.name,
                rating=player.rating,
                # FIDE's Gms is the games of the list's own period, not the career total
                # that 8.56's "30 games" counts; the list's K stands for it (kept as given).
                games=None,
                k=player.k,
                # FIDE's list gives the birth year only: 1 January of it is assumed (said in
                # the summary), which decides the under-18 K only in the year of the 18th
                # birthday (FIDE 2014 8.56).
                born=date(player.born, 1, 1) if player.born else None,
                ever_2400=True if player.rating is not None and player.rating >= 2400 else None,
                extra={
                    k: v
                    for k, v in (
                        ("inactive", "yes" if player.inactive else ""),
                        ("sex", player.sex or ""),
                        ("list_games", "" if player.games is None else str(player.games)),
                    )
                    if v
                },
            )
            state = _record_to_json(record)
            if key in by_key:
                updated += 1
                updates.append(
                    (
                        player.name,
                        normalise_name(player.name),
                        player.federation or None,
                        player.title or player.women_title or None,
                        player.sex or None,
                        state,
                        int(player.rating is not None),
                        by_key[key],
                    )
                )
            else:
                created += 1
                new_rows.append(
                    (
                        key,
                        player.name,
                        normalise_name(player.name),
                        player.fide_id,
                        player.federation or None,
                        player.title or player.women_title or None,
                        f"{player.born:04d}-01-01" if player.born else None,
                        player.sex or None,
                        state,
                        int(player.rating is not None),
                    )
                )
        db.executemany(
            "INSERT INTO players (key, name, name_key, fide_id, federation, title, born, sex,"
            " initial_state, arrived_rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            new_rows,
        )
        db.executemany(
            "UPDATE players SET name = ?, name_key = ?, federation = ?, title = ?, sex = ?,"
            " initial_state = ?, arrived_rated = ? WHERE id = ?",
            updates,
        )
        return ListImportSummary(source, created, updated)

    def remove_event(self, event_id: int, *, replace: bool = False) -> str:
        """Take an imported event out, in one transaction: at once while its period is
        unrated; when its period (or a later one) is rated, only with ``replace``, which
        re-rates that period and every later rated one without it.  Players who came to the
        ledger with this event alone go with it.  Returns what was done."""
        with self._write():
            row = self._connection.execute(
                "SELECT period, name FROM events WHERE id = ?", (event_id,)
            ).fetchone()
            if row is None:
                raise LedgerError(
                    tr(
                        "no event {event_id} in the ledger ('db events' lists them)",
                        event_id=event_id,
                    )
                )
            period, name = row
            rated_from = self._rated_from(period)
            if rated_from is not None and not replace:
                raise LedgerError(
                    tr(
                        (
                            "event {event_id} ({name!r}) is in period {period}, and period "
                            "{rated_from} is rated; use --replace to remove it and re-rate "
                            "{period} and every later rated period"
                        ),
                        event_id=event_id,
                        name=name,
                        period=period,
                        rated_from=rated_from,
                    )
                )
            db = self._connection
            involved = [
                r[0]
                for r in db.execute(
                    "SELECT player_id FROM participants WHERE event_id = ?", (event_id,)
                )
            ]
            for table in ("player_results", "results", "outcomes", "games", "byes"):
                db.execute(f"DELETE FROM {table} WHERE event_id = ?", (event_id,))
            stored_games.remove(db, event_id)
            db.execute("DELETE FROM participants WHERE event_id = ?", (event_id,))
            db.execute("DELETE FROM events WHERE id = ?", (event_id,))
            if rated_from is not None:
                self._rerate_from(period)
            gone = [
                pid
                for pid in involved
                if db.execute(
                    "SELECT 1 FROM players pl WHERE pl.id = ? AND pl.initial_state IS NULL"
                    " AND NOT EXISTS (SELECT 1 FROM participants pa WHERE pa.player_id = pl.id)"
                    " AND NOT EXISTS (SELECT 1 FROM state s WHERE s.player_id = pl.id)"
                    " AND NOT EXISTS (SELECT 1 FROM published pu WHERE pu.player_id = pl.id)",
                    (pid,),
                ).fetchone()
            ]
            db.executemany("DELETE FROM players WHERE id = ?", [(pid,) for pid in gone])
            done = tr(
                "removed event {event_id} ({name!r}, period {period})",
                event_id=event_id,
                name=name,
                period=period,
            )
            if gone:
                done += " " + tr("and {count} player(s) who had no other event", count=len(gone))
            if rated_from is not None:
                periods = sorted({report_period for report_period in self._last_rerated})
                done += "; " + tr("re-rated {periods}", periods=", ".join(periods))
            return done


def _stored_keys(event: Event) -> list[str | None]:
    """Each event player's key as the ledger stores it, ``person_key(player,
    event.local_ids).stored``, without a ``PersonKey`` a player (a FIDE month's 200,000)."""
    local_ids = event.local_ids
    return [stored_key(player, local_ids) for player in event.players]


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


_GAME_DATE = attrgetter("date")


def _json_extra(extra: Any) -> str:
    """A player's or game's ``extra`` as the ledger stores it (most are empty)."""
    if not extra:
        return "{}"
    return json.dumps({k: plain(v) for k, v in extra.items()}, ensure_ascii=False)


#: A game's cells the ledger stores, read in one call a game.
_GAME_FIELDS = attrgetter(
    "round", "white", "black", "white_score", "black_score", "play", "special", "handicap", "date"
)


#: A game's fields that make it not plain (a special ending, a handicap, extra cells).
_SPECIAL, _HANDICAP, _EXTRA = attrgetter("special"), attrgetter("handicap"), attrgetter("extra")
#: A plain game's cells the ledger stores.
_PLAIN_FIELDS = attrgetter("round", "white", "black", "white_score", "black_score", "play", "date")


def _plain(games: Sequence[Game]) -> bool:
    """True when no game has a special ending, a handicap or an extra cell (a chess month)."""
    return not (any(map(_SPECIAL, games)) or any(map(_HANDICAP, games)) or any(map(_EXTRA, games)))


def _plain_game_cells(games: Sequence[Game], ids: Mapping[str, int]) -> list[tuple[object, ...]]:
    """Plain games' (:func:`_plain`) columns in the ledger but the event's id and the empty
    special, handicap, giver and extra: round, white, black, their scores, play, date."""
    days: dict[date | None, str | None] = {
        day: day.isoformat() if day is not None else None for day in set(map(_GAME_DATE, games))
    }
    return [
        (round_, ids[white], ids[black], white_score, black_score, play._value_, days[day])
        for round_, white, black, white_score, black_score, play, day in map(_PLAIN_FIELDS, games)
    ]


def _game_cells(games: Sequence[Game], ids: Mapping[str, int]) -> list[tuple[object, ...]]:
    """The games' columns in the ledger (after the event id, before ``extra``), built in one
    pass: a FIDE month is a million games."""
    # A month's games are played on a few days: each written once.
    days: dict[date | None, str | None] = {
        day: day.isoformat() if day is not None else None for day in set(map(_GAME_DATE, games))
    }
    # ``_value_`` is the enum member's value as stored (``.value`` is a property, and a
    # member as a dict key hashes in Python: a million games).
    return [
        (
            round_,
            ids[white],
            ids[black],
            white_score,
            black_score,
            play._value_,
            special._value_ if special else None,
            handicap.kind if handicap else None,
            ids[handicap.giver] if handicap else None,
            days[day],
        )
        for round_, white, black, white_score, black_score, play, special, handicap, day in map(
            _GAME_FIELDS, games
        )
    ]


def _file_digest(path: Path, event: Event) -> str:
    """A hash of the bytes of every file the event was read from (a CSV pair's games,
    players and event files), by their names in the folder, so that one folder given as
    ``ev``, ``$PWD/ev`` or ``ev/games.csv`` has one digest."""
    names = [Path(f) for f in event.origin.files]
    if not names and path.is_file():
        names = [path]
    if not names:
        return "event:" + event.digest
    digest = hashlib.sha256()
    for file in sorted(names, key=lambda f: f.name):
        digest.update(file.name.encode() + b"\0")
        digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()


def _read_with(event: Event, source: str | None) -> bool:
    """True when the file ``source`` is one the event was read from (its players file, or the
    roster of a games file with none beside it): its ratings are the event's own."""
    if source is None:
        return False
    if source in event.origin.files:  # the same name, the same file: nothing to resolve
        return True
    return Path(source).resolve() in {Path(name).resolve() for name in event.origin.files}
