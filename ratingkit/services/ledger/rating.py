"""Rating a period: its events built from the ledger's rows with the state the previous
period left, rated by the rule set in date order, each player's result and changed state
stored, and the list published."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from ...core.errors import InputError
from ...core.extras import FideListFlags
from ...core.fastbuild import age_new_objects, collector_paused, maker
from ...core.i18n import tr
from ...core.model import (
    Bye,
    ByeKind,
    Event,
    EventType,
    Game,
    Handicap,
    Play,
    Player,
    Special,
    split_origin,
)
from ...core.outcome import (
    EventKey,
    EventOutcome,
    GameKind,
    Outcome,
    PartValues,
    PlayerOutcome,
    Status,
    k_in_force,
    part_values,
)
from ...core.players import (
    PlayerFile,
    PlayerRecord,
    RatingConflictError,
)
from ...core.report import Report
from ...core.ruleset import RuleSet, guard
from ..ledgerfile import (
    LedgerError,
    LedgerFileError,
)
from . import stored_games
from .common import (
    K_IN_FORCE,
    LedgerCore,
    _cell,
    _months_between,
    _now,
    _record_from_json,
    _record_json_read_back,
    parse_period,
    published_state,
    result_detail,
    state_list_columns,
)
from .earlier_lists import EarlierLists
from .kept_state import KeptState


class LedgerRating(LedgerCore):
    """The rating part of a ledger (:class:`ratingkit.services.ledger.Ledger`)."""

    #: The records the last rating read, by player and stored text (a record is a function
    #: of the two): the next period's state reads again those that did not change (a
    #: season's players, period after period), not each one's JSON.
    _records_read: dict[tuple[int, str], PlayerRecord] | None = None
    #: The lists the last :meth:`_publish` read and wrote (:meth:`_lists_before`).
    _lists_read: EarlierLists | None = None
    #: The state the last rating left (:meth:`_state_and_texts_before` of the next period
    #: while it is still the ledger's).
    _state_kept: KeptState | None = None

    def rate_period(self, period: str, replace: bool = False) -> list[Report]:
        """Rate every event of ``period`` in date order and publish the list.

        A period already rated is refused unless ``replace``, which re-rates it and every
        later rated period, all in one transaction.
        """
        period = parse_period(period)
        with self._write():
            rated = self._rated_periods()
            unrated_before = self._connection.execute(
                "SELECT DISTINCT period FROM events WHERE period < ? AND period NOT IN "
                "(SELECT period FROM periods) ORDER BY period",
                (period,),
            ).fetchall()
            if unrated_before:
                first = unrated_before[0][0]
                raise LedgerError(
                    tr(
                        (
                            "period {first} has events that are not rated yet; rate it "
                            "before {period}"
                        ),
                        first=first,
                        period=period,
                    )
                )
            if period in rated and not replace:
                raise LedgerError(
                    tr(
                        (
                            "period {period} is already rated; use --replace to re-rate it "
                            "and every later period"
                        ),
                        period=period,
                    )
                )
            has_events = self._connection.execute(
                "SELECT 1 FROM events WHERE period = ? LIMIT 1", (period,)
            ).fetchone()
            if has_events is None and period not in rated:
                # A mistyped period (2042-04) would publish an empty list that blocks every
                # earlier period's import: refused.
                known = self._known_periods()
                raise LedgerError(
                    tr(
                        (
                            "period {period} has no events; import its events first (periods "
                            "with events: {known})"
                        ),
                        period=period,
                        known=", ".join(known) or "none yet",
                    )
                )
            later = [p for p in rated if p > period]
            if later and not replace:
                raise LedgerError(
                    tr(
                        (
                            "period {later} is already rated and comes after {period}; use "
                            "--replace to rate {period} and re-rate the later periods"
                        ),
                        later=later[-1],
                        period=period,
                    )
                )
            return self._rerate_from(period)

    def _rerate_from(self, period: str) -> list[Report]:
        """Rate ``period`` and re-rate every rated period after it, inside the caller's
        transaction: what rating them stored is deleted first."""
        to_rate = sorted({period, *(p for p in self._rated_periods() if p >= period)})
        for table in ("player_results", "results", "outcomes", "state", "published", "periods"):
            self._connection.execute(f"DELETE FROM {table} WHERE period >= ?", (period,))
        self._last_rerated = tuple(to_rate)
        # Many small objects (events, games, outcomes), none in a cycle: the collector waits.
        with collector_paused():
            try:
                reports = [report for p in to_rate for report in self._rate_one(p)]
                # What the rating made and keeps (its reports, the state and lists kept for
                # the next period) aged at once, not walked by the first collection after.
                age_new_objects()
                return reports
            except RatingConflictError as exc:
                # An event's rating that is not the one the ledger's state gives (issue 24):
                # the error names both; nothing is stored.
                raise LedgerError(str(exc)) from exc
            except InputError as exc:
                # The events come from the ledger's own rows, checked when they were
                # imported: a value refused now was changed in the file since.
                raise LedgerFileError(
                    tr(
                        (
                            "{path}: a value stored in the ledger is refused when its events "
                            "are rated again ({reason}); the ledger may be damaged: restore it "
                            "from a backup"
                        ),
                        path=self.path,
                        reason=exc,
                    )
                ) from exc

    def _rate_one(self, period: str) -> list[Report]:
        db = self._connection
        before, stored_before = self._state_and_texts_before(period)
        state = PlayerFile(tuple(before.values()), f"ledger state before {period}")
        # A FIDE period the numpy engine rates: its rows straight into the engine's arrays,
        # without a million Game objects (issue 28); else the events built and rated.
        rated_rows = self._rate_rows(period, state)
        built = rated_rows[0] if rated_rows is not None else self._build_events(period, state)
        played: set[int] = set()
        for _unused, event in built:
            played.update(map(int, event.player_ids))
        reports: list[Report] = []
        k_used: dict[str, int] = {}
        rows: list[tuple[object, ...]] = []
        new_state = state
        if len(built) > 1:
            if rated_rows is not None:
                period_report = self.rules.report_of(rated_rows[1])
            else:
                period_report = self.rules.rate_events([e for _unused, e in built], state)
            reports.append(period_report)
            outcome, k_of = _outcome_of(period_report, [e for _unused, e in built])
            rows.extend(self._result_rows(period, built, outcome))
            # The state after the period: the outcome's new records replace the old ones (as
            # _merge_state, without its PlayerFile: a FIDE month's 100,000 records).
            new_records = outcome.new_state or _state_from(outcome)
            after = {r.id: r for r in state if r.id is not None}
            after.update({r.id: r for r in new_records if r.id is not None})
            k_used.update(k_of)
        else:
            for event_id, event in built:
                report = self.rules.rate(event, new_state)
                reports.append(report)
                outcome, k_of = _outcome_of(report, [event])
                rows.extend(self._result_rows(period, [(event_id, event)], outcome))
                new_state = _merge_state(new_state, outcome.new_state or _state_from(outcome))
                k_used.update(k_of)
            after = {r.id: r for r in new_state if r.id is not None}
        strangers = sorted(set(after).difference(before, map(str, played)))
        if strangers:
            raise LedgerError(
                tr(
                    (
                        "rating period {period}: the rule set {name} returned state for "
                        "player id(s) {strangers} that are not in the ledger's events; "
                        "nothing was changed"
                    ),
                    period=period,
                    name=self.rules.name,
                    strangers=", ".join(strangers[:5]),
                )
            )
        db.executemany(
            "INSERT INTO player_results (period, event_id, player_id, rating_before, games,"
            " score, expected, change, rating_after, status, detail) VALUES"
            " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        merged = {**before, **after}
        # Only what changed is stored: a player's state is his last stored row (FIDE's list
        # of 100,000 players is not copied into every month).
        changed = []
        # The records stored here, kept by (player id, text) for the next period's read of
        # the state (_state_and_texts_before), where each reads back equal to its text.
        written = self._records_read if self._records_read is not None else {}
        # Each record stored, with the record itself where its text reads back equal to it
        # (else None), for the state kept for the next period.
        stored = []
        for pid, record in after.items():
            if before.get(pid) is record:
                continue  # the rule set handed the record back untouched
            player_id = int(pid)
            text, reads_back = _record_json_read_back(record, player_id)
            if stored_before.get(pid) != text:
                changed.append((period, player_id, text))
                stored.append((player_id, text, record if reads_back else None))
                # The record of the text this one replaces is no longer a player's state:
                # kept, a FIDE month's 100,000 of them stay alive for every later collection.
                replaced = stored_before.get(pid)
                if replaced is not None:
                    written.pop((player_id, replaced), None)
                if reads_back:
                    written[player_id, text] = record
        self._records_read = written
        db.executemany("INSERT INTO state VALUES (?, ?, ?)", changed)
        self._publish(period, merged, played, k_used)
        db.execute("INSERT INTO periods VALUES (?, ?, ?)", (period, _now(), self.rules.name))
        # Kept after the period's last write: any row changed since makes it not the ledger's.
        self._state_kept = KeptState.after(
            db, period, before, stored_before, stored, self._lists_read
        )
        return reports

    def _result_rows(
        self, period: str, events: Sequence[tuple[int, Event]], outcome: Outcome[Any, Any]
    ) -> list[tuple[object, ...]]:
        """Per event and player his result, as the history shows it: his part of the event
        (rating before, games, score, expected, change) and the rating published after it
        (:func:`_published`)."""
        parts = _event_parts(outcome, [event for _unused, event in events], self.rules.name)
        values = part_values(outcome)
        persons = _person_values(outcome)
        if values is not None and persons is not None:
            published_of = {person.id: person.rating_after for person in persons}
            return _engine_result_rows(period, events, values, published_of)
        overall: dict[str, list[PlayerOutcome[Any]]] = {}
        for player in outcome.players:
            overall.setdefault(player.id, []).append(player)
        rows: list[tuple[object, ...]] = []
        for (event_id, event), part in zip(events, parts, strict=True):
            own = {p.id: p for p in part.players}
            for pid in event.player_ids:
                mine = own.get(pid)
                published = _published(mine, overall.get(pid, []))
                if mine is None:
                    mine = published
                if mine is None:
                    continue
                k = k_in_force(mine)
                score = 0.0 if mine.score is None and not mine.games else mine.score
                rows.append(
                    (
                        period,
                        event_id,
                        int(pid),
                        _cell(mine.rating_before),
                        _cell(mine.games),
                        _cell(score),
                        _cell(mine.expected),
                        _cell(mine.change),
                        _cell(published.rating_after if published is not None else None),
                        mine.status.name if isinstance(mine.status, Status) else None,
                        result_detail(k),
                    )
                )
        return rows

    def _state_before(self, period: str) -> dict[str, PlayerRecord]:
        """Each known player's state as the rated periods before ``period`` left it (his last
        stored row), or as the player file or FIDE's list gave it at import."""
        return self._state_and_texts_before(period)[0]

    def _state_and_texts_before(
        self, period: str
    ) -> tuple[dict[str, PlayerRecord], dict[str, str]]:
        """:meth:`_state_before` and the stored text of each record (the rating compares a
        new record's text with it: only what changed is stored), read in one pass."""
        db = self._connection
        kept = self._state_kept
        if kept is not None and kept.still_before(db, period, self._lists_read):
            # The state the period before left, as this read would give it (KeptState): a
            # season's state is read from the ledger once, not once a period.  Copies: the
            # caller owns what it is given.  The records read or written before are kept only
            # where their text is still a player's state (as a read from the ledger keeps
            # them): else a long-lived ledger would hold every record it ever stored.
            kept_texts = kept.texts
            self._records_read = {
                key: record
                for key, record in (self._records_read or {}).items()
                if kept_texts.get(str(key[0])) == key[1]
            }
            return dict(kept.records), dict(kept_texts)
        records: dict[str, PlayerRecord] = {}
        texts: dict[str, str] = {}
        known = self._records_read or {}
        read: dict[tuple[int, str], PlayerRecord] = {}

        def record_of(player_id: int, text: str) -> PlayerRecord:
            record = known.get((player_id, text))
            if record is None:
                record = _record_from_json(text, player_id)
            read[player_id, text] = record
            return record

        for player_id, name, initial in db.execute(
            "SELECT id, name, initial_state FROM players WHERE initial_state IS NOT NULL"
        ):
            record = record_of(player_id, initial)
            key = str(player_id)
            records[key] = replace(record, name=record.name or name) if not record.name else record
            texts[key] = initial
        for player_id, text in db.execute(
            "SELECT s.player_id, s.record FROM state s JOIN (SELECT player_id, MAX(period) AS"
            " last FROM state WHERE period < ? GROUP BY player_id) l ON l.player_id ="
            " s.player_id AND l.last = s.period",
            (period,),
        ):
            key = str(player_id)
            records[key] = record_of(player_id, text)
            texts[key] = text
        self._records_read = read
        return records, texts

    def _build_events(self, period: str, state: PlayerFile) -> list[tuple[int, Event]]:
        """The period's events in date order, built from the ledger's rows (set-based: one
        query per table for the whole period), guarded (the ledger may hold events imported
        before it guarded its imports)."""
        heads = self._heads(period)
        if not heads:
            return []
        players = self._participants(period)
        games = self._build_games(period)
        byes = self._byes(period)
        built = [
            (head[0], _event(head, players.get(head[0], ()), games.get(head[0], ()), byes))
            for head in heads
        ]
        guard(self.rules, [event for _unused, event in built], state)
        return built

    def _rate_rows(
        self, period: str, state: PlayerFile
    ) -> tuple[list[tuple[int, Event]], Outcome[Any, Any]] | None:
        """The period rated from the ledger's rows by a rule set that rates stored rows
        (:class:`RatesRows`: FIDE 2014's numpy engine) without an ``Event``'s ``Game``
        objects: each event (its players, no games) and the outcome; None where it does not
        (then :meth:`_build_events` builds the events and the rule set rates them: one event
        alone, another rule set, a game with a shogi handicap or result, what the rule set
        refuses)."""
        rules = self.rules
        if not isinstance(rules, RatesRows):
            return None
        db = self._connection
        heads = self._heads(period)
        if len(heads) < 2:
            return None
        # The columns carry no shogi handicap or result: such a period is built.  Only
        # ``games`` rows can hold one: an event's packed games are plain (stored_games.py).
        shogi = db.execute(
            "SELECT 1 FROM games g JOIN events e ON e.id = g.event_id WHERE e.period = ? AND"
            " (COALESCE(g.special, '') != '' OR COALESCE(g.handicap, '') != '') LIMIT 1",
            (period,),
        ).fetchone()
        if shogi is not None:
            return None
        players = self._participants(period)
        byes = self._byes(period)
        # The events imported packed (schema 6) in one query, straight into arrays.
        packed = stored_games.read_period(db, self.path, period)
        days: dict[object, int | None] = {None: None, "": None}
        read: list[tuple[int, Event, tuple[Any, ...]]] = []
        for head in heads:
            event_id = head[0]
            event = _event(head, players.get(event_id, ()), (), byes)
            packed_games = packed.pop(event_id, None)  # its arrays freed once read
            if packed_games is not None:
                ids = [int(p.id) for p in event.players]
                games = packed_games.engine_columns(ids, self.path, days)
                read.append((event_id, event, games))
                continue
            stored = db.execute(
                "SELECT round, white, black, white_score, black_score, play, date FROM games"
                " WHERE event_id = ? ORDER BY rowid",
                (event_id,),
            ).fetchall()
            row_games = _game_columns(event, stored, days)
            if row_games is None:
                return None  # the exact path's checks say what is wrong and where
            read.append((event_id, event, row_games))
        # As _build_events guards them (no game of a shogi sign: the query above).
        guard(rules, [event for _unused, event, _games in read], state)
        outcome = rules.rate_rows([(event, games) for _unused, event, games in read], state)
        if outcome is None:
            return None
        return [(event_id, event) for event_id, event, _games in read], outcome

    def _heads(self, period: str) -> list[tuple[Any, ...]]:
        """The period's events' rows in date order."""
        return self._connection.execute(
            "SELECT id, name, start, end, type, rounds, source, extra, score_only, game FROM"
            " events WHERE period = ? ORDER BY COALESCE(start, end, ''), id",
            (period,),
        ).fetchall()

    def _participants(self, period: str) -> dict[int, list[Player]]:
        """The period's events' players by event, in their order."""
        players: dict[int, list[Player]] = {}
        current_event: int | None = None
        current: list[Player] = []
        make_player = maker(Player)
        proxy = MappingProxyType
        loads = json.loads
        # Birth dates parsed once each (a FIDE month's players play in two events or more).
        days: dict[str, date] = {}
        for (
            event_id,
            player_id,
            local_id,
            rating,
            p_extra,
            p_name,
            fed,
            title,
            born,
        ) in self._connection.execute(
            "SELECT pa.event_id, pa.player_id, pa.local_id, pa.rating, pa.extra, pl.name,"
            " pl.federation, pl.title, pl.born FROM participants pa JOIN events e ON e.id ="
            " pa.event_id JOIN players pl ON pl.id = pa.player_id WHERE e.period = ?"
            " ORDER BY pa.rowid",
            (period,),
        ):
            # No fide_id for the rule set: the ledger id is the player's identity here (the
            # FIDE rule sets key their new state by FIDE id where a player has one).
            extra = loads(p_extra) if p_extra != "{}" else {}
            extra["start_number"] = local_id
            if event_id != current_event:
                # An event's rows come together (imported at once): its list looked up once.
                current_event = event_id
                current = players.setdefault(event_id, [])
            if born:
                day = days.get(born)
                if day is None:
                    day = days[born] = date.fromisoformat(born)
            else:
                day = None
            # The event's own rating: the rule set takes each player's rating before the
            # event by the one rule (core.players.rating_before) from it and the state before
            # the period (``state``), or, rating the period's events one after the other, from
            # the state the earlier ones left.  The Player built by fastbuild.maker (a FIDE
            # month's 200,000 participants), its fields in the class's order: id, name,
            # rating, federation, title, sex, born, fide_id, extra, location.
            current.append(
                make_player(
                    str(player_id), p_name, rating, fed, title, None, day, None, proxy(extra), None
                )
            )
        return players

    def _byes(self, period: str) -> dict[int, list[Bye]]:
        byes: dict[int, list[Bye]] = {}
        for event_id, r, p, k in self._connection.execute(
            "SELECT b.event_id, b.round, b.player, b.kind FROM byes b JOIN events e ON e.id ="
            " b.event_id WHERE e.period = ? ORDER BY b.rowid",
            (period,),
        ):
            byes.setdefault(event_id, []).append(Bye(r, str(p), ByeKind(k)))
        return byes

    def _build_games(self, period: str) -> dict[int, list[Game]]:
        """The period's games by event, built from the ledger's rows without the model's
        checks (they were checked as games when imported; a FIDE month is a million): one
        shared field dictionary's keys, an event's list looked up when the event changes."""
        plays = {p.value: p for p in Play}
        days: dict[str | None, date | None] = {}
        games: dict[int, list[Game]] = {}
        current_event: int | None = None
        current: list[Game] = []
        new = object.__new__
        for event_id, r, w, b, ws, bs, play, special, hk, hg, d, x in self._connection.execute(
            "SELECT g.event_id, g.round, g.white, g.black, g.white_score, g.black_score, g.play,"
            " g.special, g.handicap, g.handicap_giver, g.date, g.extra FROM games g JOIN events e"
            " ON e.id = g.event_id WHERE e.period = ? ORDER BY g.rowid",
            (period,),
        ):
            # A score no game can have is a value changed in the file since the import.
            if ws not in _SCORES or bs not in _SCORES:
                raise LedgerFileError(
                    tr(
                        (
                            "{path}: a stored game of event {event_id}, round {round} has the "
                            "scores {white_score}-{black_score}; the ledger may be damaged: "
                            "restore it from a backup"
                        ),
                        path=self.path,
                        event_id=event_id,
                        round=r,
                        white_score=ws,
                        black_score=bs,
                    )
                )
            if event_id != current_event:
                current_event = event_id
                current = games.setdefault(event_id, [])
            day = days[d] if d in days else days.setdefault(d, _day(d))
            game = new(Game)
            # Fields in the class's order, as fastbuild.build sets them (shared keys).
            game.__dict__.update(
                (
                    ("round", r),
                    ("white", str(w)),
                    ("black", str(b)),
                    ("white_score", ws),
                    ("black_score", bs),
                    ("play", plays.get(play) or Play(play)),
                    ("special", Special(special) if special else None),
                    ("handicap", Handicap(hk, str(hg)) if hk else None),
                    ("date", day),
                    ("extra", MappingProxyType(json.loads(x)) if x != "{}" else EMPTY),
                    ("location", None),
                )
            )
            current.append(game)
        # The events imported packed (schema 6): the same games, a player not in his event
        # refused as a damaged row.
        packed = stored_games.read_period(self._connection, self.path, period)
        if packed:
            stored_games.check_players(
                self.path,
                packed,
                self._connection.execute(
                    "SELECT pa.event_id, pa.player_id FROM participants pa JOIN events e ON"
                    " e.id = pa.event_id WHERE e.period = ?",
                    (period,),
                ),
            )
            for event_id, stored in packed.items():
                games[event_id] = stored.games()
        return games

    def _publish(
        self,
        period: str,
        state: dict[str, PlayerRecord],
        played: set[int],
        k_used: dict[str, int],
    ) -> None:
        """Publish the list: a player is listed once the rule set has published a rating for
        him (:func:`listed_by`); he is new in the first period he is listed, unless he came to
        the ledger with a rating (from a player file, FIDE's list or his first event file)."""
        db = self._connection
        earlier = self._lists_before(period)
        ever_listed = earlier.ever_listed
        last_played = earlier.last_played
        first_published = earlier.first_published
        arrived_rated = {r[0] for r in db.execute("SELECT id FROM players WHERE arrived_rated")}
        list_columns = state_list_columns(self.rules)
        rules_listed = self.rules.listed
        # FIDE's lists show the K alone (FIDE 2014 8.56): a player's state text is a function
        # of the K in force and his record's K, made once for each pair, not once a player.
        k_alone = list_columns == (K_IN_FORCE,)
        state_texts: dict[tuple[int | None, int | None], str | None] = {}
        # Months since a period, read once for each period (a FIDE month lists 100,000
        # players, their last periods a few dozen).
        months_since: dict[str, int] = {}
        rows = []
        for pid, record in state.items():
            player_id = int(pid)
            listed = bool(rules_listed(record))  # listed_by, its method bound once
            is_new = listed and player_id not in ever_listed and player_id not in arrived_rated
            # Inactive: no rated game in the ledger for twelve months (FIDE 1982 9.23 asks
            # fewer than 4 games a year; the ledger flags the plainer case).  A player who has
            # not played yet counts from the first list he was on.
            last = period if player_id in played else last_played.get(player_id)
            since = last or first_published.get(player_id, period)
            months = months_since.get(since)
            if months is None:
                months = months_since[since] = _months_between(since, period)
            inactive = months >= 12
            if last is None and FideListFlags.of(record.extra).inactive:
                inactive = True  # FIDE's list flags him inactive and he has not played since
            k = k_used.get(pid)
            if k_alone:
                pair = (k, record.k)
                if pair in state_texts:
                    state_text = state_texts[pair]
                else:
                    state_text = state_texts[pair] = published_state(list_columns, record, k)
            else:
                state_text = published_state(list_columns, record, k)
            rows.append(
                (
                    period,
                    player_id,
                    record.rating if listed else None,
                    record.games,
                    state_text,
                    int(player_id in played),
                    int(listed),
                    int(is_new),
                    int(inactive),
                )
            )
        db.executemany(
            "INSERT INTO published (period, player_id, rating, games, state, played, listed,"
            " is_new, inactive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        self._lists_read = earlier.with_list(db, period, rows)

    def _lists_before(self, period: str) -> EarlierLists:
        """What the lists before ``period`` say of each player (:class:`EarlierLists`): the
        ones the last :meth:`_publish` kept where they still are the ledger's (the next
        period's lists are those and the one it published: a season's lists read once, not
        once a period), else read in one pass over them."""
        kept = self._lists_read
        db = self._connection
        if kept is not None and kept.still_before(db, period):
            return kept
        return EarlierLists.read(db, period)


def _engine_result_rows(
    period: str,
    events: Sequence[tuple[int, Event]],
    values: list[list[PartValues]],
    published_of: dict[str, int | None],
) -> list[tuple[object, ...]]:
    """:meth:`LedgerRating._result_rows` for a period the FIDE engine rated: each event's
    parts read as the engine's numbers (:func:`ratingkit.core.outcome.part_values`),
    without making a month's 200,000 part objects, with the values of the general path: the
    engine gives every player of an event his part, and the published rating is his period
    result's (a FIDE period publishes each person's total once, 8.57; equal to the part's
    where the two are equal, :func:`_published`), the part's own where the period lists no
    result under his id."""
    rows: list[tuple[object, ...]] = []
    # The detail text of each K, made once (a FIDE month has a few K and 200,000 results).
    details: dict[int | None, str | None] = {}
    # Each value's cell, made once and found by the value's id: the engine makes each of its
    # fractions once (scores, expected scores and changes repeat), so one object stands for
    # many cells; kept with the value, so that its id names it while the rows are made.
    cells: dict[int, tuple[object, object]] = {}

    def cell(value: object) -> object:
        known = cells[id(value)] = (value, _cell(value))
        return known[1]

    known = cells.get
    # Each status's stored name by the member's id (a member's ``name`` is a Python-level
    # property; an enum member's hash too).
    status_names = {id(status): status.name for status in Status}
    for (event_id, _event), parts in zip(events, values, strict=True):
        for pid, before, games, score, expected, change, after, status, k in parts:
            published = published_of.get(pid, after)
            if score is None and not games:
                score = 0.0
            detail = details.get(k, _NO_DETAIL)
            if detail is _NO_DETAIL:
                detail = details[k] = result_detail(k)
            # A plain int (a rating, a games count) or None is its own cell.
            known_score = known(id(score))
            known_expected = known(id(expected))
            known_change = known(id(change))
            rows.append(
                (
                    period,
                    event_id,
                    int(pid),
                    before if before is None or type(before) is int else _cell(before),
                    games if type(games) is int else _cell(games),
                    known_score[1] if known_score is not None else cell(score),
                    known_expected[1] if known_expected is not None else cell(expected),
                    known_change[1] if known_change is not None else cell(change),
                    published if published is None or type(published) is int else _cell(published),
                    status_names[id(status)],
                    detail,
                )
            )
    return rows


def _published(
    own: PlayerOutcome[Any] | None, results: Sequence[PlayerOutcome[Any]]
) -> PlayerOutcome[Any] | None:
    """A player's published result for one event: his part of the event when the outcome's
    results list it (events rated one after the other each publish a rating: FESA, LNMO, one
    event alone), else his result of the whole rating (a FIDE period's total, rounded once
    and published, 8.57)."""
    if own is None:
        return results[-1] if results else None
    if not results or any(result is own or result == own for result in results):
        return own
    return results[-1]


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _event(
    head: tuple[Any, ...],
    players: Sequence[Player],
    games: Sequence[Game],
    byes: dict[int, list[Bye]],
) -> Event:
    """An event of the ledger from its row, its players, its games (none: the head the FIDE
    engine reads, :meth:`LedgerRating._rate_rows`) and the period's byes."""
    event_id, name, start, end, type_, rounds, source, extra, score_only, game = head
    origin, fields = split_origin(json.loads(extra))
    return Event(
        name=name,
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes.get(event_id, ())),
        type=EventType(type_),
        start=date.fromisoformat(start) if start else None,
        end=date.fromisoformat(end) if end else None,
        rounds=rounds,
        source=source,
        extra=fields,
        origin=origin,
        score_only=bool(score_only),
        game=GameKind(game) if game else None,
    )


def _game_columns(
    event: Event, stored: list[tuple[Any, ...]], days: dict[object, int | None]
) -> tuple[Any, ...] | None:
    """An event's stored games (round, white, black, their scores, play, date) as columns in
    the order of :class:`RatesRows`: rounds, white's and black's places in the event's
    player list, their half points, how each game ended (its :data:`_PLAY_CODES` code), its
    day's ordinal or None; or None where a value is not one the import stores (a game of a
    player not in the event, a score no game side has, an unknown way a game ended: the file
    was changed since)."""
    import numpy as np

    if not stored:
        empty = np.zeros(0, np.int64)
        return (empty, empty, empty, empty, empty, np.zeros(0, np.int8), [])
    rounds, whites, blacks, white_scores, black_scores, plays, dates = zip(*stored, strict=True)
    if not event.players:
        return None
    ids = np.array([int(p.id) for p in event.players], np.int64)
    order = np.argsort(ids, kind="stable")
    by_id = ids[order]
    columns = []
    for values in (rounds, whites, blacks):
        column = np.array(values)
        if column.dtype.kind != "i":
            return None
        columns.append(column.astype(np.int64))
    places = []
    for column in columns[1:]:
        found = np.minimum(np.searchsorted(by_id, column), len(by_id) - 1)
        if bool(np.any(by_id[found] != column)):
            return None
        places.append(order[found])
    halves = []
    for scores in (white_scores, black_scores):
        try:
            doubled = 2 * np.array(scores, dtype=np.float64)
        except (TypeError, ValueError):
            return None
        if not bool(np.all((doubled == 0) | (doubled == 1) | (doubled == 2))):
            return None
        halves.append(doubled.astype(np.int64))
    play_codes = [_PLAY_CODES.get(play, -1) for play in plays]
    if -1 in play_codes:
        return None
    for text in set(dates) - days.keys():
        if not isinstance(text, str):
            return None  # not a date the import stores
        day = _day(text)
        days[text] = day.toordinal() if day is not None else None
    return (
        columns[0],
        places[0],
        places[1],
        halves[0],
        halves[1],
        np.array(play_codes, np.int8),
        [days[text] for text in dates],
    )


#: No detail text made yet for a K (:func:`_engine_result_rows`; None is a detail: no K).
_NO_DETAIL = object()

#: The scores a game side can have.
_SCORES = frozenset({0.0, 0.5, 1.0})


#: The empty ``extra`` every game without one shares (read only).
EMPTY: Any = stored_games.EMPTY_EXTRA


def _state_from(outcome: Outcome[Any, Any]) -> PlayerFile:
    """For a rule set whose outcome carries no new state: each player's rating after and
    games."""
    records = [
        PlayerRecord(id=p.id, name=p.name, rating=p.rating_after, games=p.games)
        for p in outcome.players
    ]
    return PlayerFile(tuple(records), outcome.title)


def _event_parts(
    outcome: Outcome[Any, Any], events: Sequence[Event], rules: str
) -> list[EventOutcome[Any, Any]]:
    """Each event's part of ``outcome``, in the order of ``events``: the outcome's
    :class:`EventOutcome` values, one per event in input order and keyed by position; an
    outcome of one event that lists none is that event's part."""
    if not outcome.events and len(events) == 1:
        return [
            EventOutcome(
                EventKey.of(events[0], 0),
                outcome.players,
                outcome.games,
                outcome.notes,
                outcome.detail,
            )
        ]
    positions = [part.key.position for part in outcome.events]
    if positions != list(range(len(events))):
        raise LedgerError(
            tr(
                (
                    "the rule set {rules} returned outcomes for the events at "
                    "positions {positions}, not one for each of the {count} "
                    "event(s) rated, in their order; nothing was changed"
                ),
                rules=rules,
                positions=positions,
                count=len(events),
            )
        )
    return list(outcome.events)


def _person_values(outcome: Outcome[Any, Any]) -> list[Any] | None:
    """Each person's result as values (id, rating published, K) where the outcome gives
    them without making its players (:class:`PersonValued`: FIDE's numpy engine), else
    None."""
    if isinstance(outcome, PersonValued):
        return outcome.person_values()
    return None


@runtime_checkable
class RatesRows(Protocol):
    """A rule set that rates a period of several events from stored rows: each event (its
    players and byes, no games) and its games' columns (rounds, white's and black's places
    in its player list, their half points, how each game ended as an index of
    :class:`~ratingkit.core.model.Play`, its day's ordinal or None); None where the events
    must be built and rated (FIDE 2014's numpy engine, issue 28)."""

    def rate_rows(
        self, events: Sequence[tuple[Event, tuple[Any, ...]]], players: PlayerFile | None = None
    ) -> Outcome[Any, Any] | None: ...


@runtime_checkable
class PersonValued(Protocol):
    """An outcome that gives each person's result as values, in the order of its players:
    each with ``id``, ``rating_after`` and ``k`` (None where it has none)."""

    def person_values(self) -> list[Any] | None: ...


#: How a game ended, as the stored ``play`` value, to its index in :class:`Play`.
_PLAY_CODES = stored_games.PLAY_CODES


def _k_in_force(outcome: Outcome[Any, Any]) -> dict[str, int]:
    """The K each player's rating was computed with, where the rule set's per-player detail
    has one (a field ``k``, FIDE's K), for the published list only."""
    persons = _person_values(outcome)
    if persons is not None:
        return {person.id: person.k for person in persons if person.k is not None}
    found: dict[str, int] = {}
    for player in outcome.players:
        k = k_in_force(player)
        if k is not None:
            found[player.id] = k
    return found


def _outcome_of(
    report: Report, events: Sequence[Event]
) -> tuple[Outcome[Any, Any], dict[str, int]]:
    """The report's typed outcome and the K in force per player (every rule set fills the
    outcome: the protocol of :mod:`ratingkit.core.ruleset`)."""
    return report.outcome, _k_in_force(report.outcome)


def _merge_state(state: PlayerFile, new: PlayerFile | None) -> PlayerFile:
    """The state after one more event: the event's new records replace the old ones."""
    if new is None:
        return state
    updated = {r.id: r for r in state}
    updated.update({r.id: r for r in new})
    return PlayerFile(tuple(updated.values()), state.source)


def listed_by(rules: RuleSet, record: PlayerRecord) -> bool:
    """Whether the list shows a player: the rule set says (:meth:`RuleSet.listed`: FESA rule 3
    keeps unrated players' performance ratings off it; by default he is listed once the rule
    set has given him a rating, FIDE 2014 7.14, 2024 7.1.4, 1982 9.14)."""
    return bool(rules.listed(record))
