"""What the ledger is asked: its events and periods, a period's published list, a player's
history and ratings, an event's typed outcome."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ...core import outcome_codec
from ...core.i18n import N_, tr
from ...core.outcome import EventOutcome
from ...core.players import (
    PERSON_KEYS,
    Ambiguity,
    PlayerFile,
    match_by_keys,
)
from ...core.ruleset import ListGames
from ..ledgerfile import (
    LedgerError,
)
from . import stored_games
from .common import (
    PERIOD_GAMES_SQL,
    _reading,
    _record_from_json,
    _uncell,
    parse_period,
    state_list_games,
    stored_columns,
)
from .rating import LedgerRating, _event_parts, _outcome_of
from .rows import EventRow, HistoryRow, ListRow, PeriodRow, PlayerHistory


class LedgerQueries(LedgerRating):
    """The reading part of a ledger (:class:`ratingkit.services.ledger.Ledger`); an event's
    outcome is recomputed by its rating part (:class:`LedgerRating`)."""

    @_reading(N_("listing the events"))
    def event_rows(self) -> tuple[EventRow, ...]:
        """Every imported event: its ledger id, period, name, dates, players and games, the
        file it came from, when it was imported and when its period was rated."""
        rows = self._connection.execute(
            "SELECT e.id, e.period, e.name, e.start, e.end, e.type,"
            " (SELECT COUNT(*) FROM participants pa WHERE pa.event_id = e.id),"
            f" {stored_games.GAMES_COUNT_SQL},"
            " e.source, e.imported, p.rated FROM events e"
            " LEFT JOIN periods p ON p.period = e.period ORDER BY e.period, e.id"
        ).fetchall()
        return tuple(EventRow(*row) for row in rows)

    @_reading(N_("listing the periods"))
    def period_rows(self) -> tuple[PeriodRow, ...]:
        """Every period with events or rated, and when it was rated."""
        rows = self._connection.execute(
            "SELECT e.period, COUNT(DISTINCT e.id), p.rated FROM events e "
            "LEFT JOIN periods p ON p.period = e.period GROUP BY e.period "
            "UNION SELECT p.period, 0, p.rated FROM periods p "
            "WHERE p.period NOT IN (SELECT period FROM events) ORDER BY 1"
        ).fetchall()
        return tuple(PeriodRow(*row) for row in rows)

    @_reading(N_("reading the list"))
    def list_rows(self, period: str, *, everyone: bool = False) -> tuple[ListRow, ...]:
        """The list published for ``period``, in its order: each player's ledger id, own id
        (the id his files gave him), FIDE id, name, federation, title, rating, games (what
        the rule set's list counts, :func:`.common.state_list_games`: FIDE's the rated games
        of the period, 0 for a player who played none, as FIDE's TXT writes them; FESA's the
        count his state keeps), the columns of his state the rule set lists
        (:attr:`ListRow.state`: FIDE's K, FESA's grade) and flags.  Players the rule set has
        not published a rating for yet are left out unless ``everyone``; then they follow the
        listed ones with the rating the ledger carries into their next event (``listed``
        false: it is not published; FESA rule 3: a player still unrated has the performance
        rating of rules 5-7, which FESA's tables show with a ``*``)."""
        period = parse_period(period)
        if period not in self._rated_periods():
            raise LedgerError(
                tr("period {period} is not rated; nothing is published for it", period=period)
            )
        if state_list_games(self.rules) is ListGames.PERIOD:
            # The list keeps each player's games of the period (FIDE 1982 9.12; FIDE's
            # published lists, their TXT's Gms); none played is 0.
            games_column = "COALESCE(pg.games, 0)"
        else:
            games_column = "pu.games"
        rows = [
            ListRow(
                pid,
                own,
                fide,
                name,
                federation,
                title,
                rating,
                None if games is None else int(games),
                stored_columns(state),
                bool(played),
                bool(listed),
                bool(new),
                bool(inactive),
            )
            for (
                pid,
                own,
                fide,
                name,
                federation,
                title,
                rating,
                games,
                state,
                played,
                listed,
                new,
                inactive,
            ) in (
                self._connection.execute(
                    "SELECT pu.player_id, COALESCE(pl.own_id, CASE WHEN pl.key LIKE 'id:%'"
                    " THEN substr(pl.key, 4) END), pl.fide_id, pl.name, pl.federation,"
                    f" pl.title, pu.rating, {games_column}, pu.state, pu.played, pu.listed,"
                    " pu.is_new, pu.inactive FROM published pu JOIN players pl ON pl.id ="
                    f" pu.player_id LEFT JOIN ({PERIOD_GAMES_SQL}) pg ON pg.player_id ="
                    " pu.player_id WHERE pu.period = ? AND (pu.listed = 1 OR ?)"
                    " ORDER BY pu.listed DESC, pu.rating IS NULL, pu.rating DESC, pl.name",
                    (period, period, int(everyone)),
                )
            )
        ]
        if not everyone:
            return tuple(rows)
        carried = self._carried_ratings(period)
        unlisted = [
            replace(row, rating=carried.get(row.ledger_id)) for row in rows if not row.listed
        ]
        unlisted.sort(key=lambda r: (r.rating is None, -(r.rating or 0), r.name))
        return tuple([row for row in rows if row.listed] + unlisted)

    def _carried_ratings(self, period: str) -> dict[int, int | None]:
        """The rating each player not listed in ``period`` carries into his next event: his
        state after the period (the last state stored at or before it, else the state he
        came to the ledger with)."""
        db = self._connection
        unlisted = "SELECT player_id FROM published WHERE period = ? AND listed = 0"
        texts = dict(
            db.execute(
                "SELECT id, initial_state FROM players WHERE initial_state IS NOT NULL AND id IN"
                f" ({unlisted})",
                (period,),
            )
        )
        texts.update(
            db.execute(
                "SELECT s.player_id, s.record FROM state s JOIN (SELECT player_id, MAX(period)"
                " AS last FROM state WHERE period <= ? AND player_id IN"
                f" ({unlisted}) GROUP BY player_id) l ON l.player_id = s.player_id AND"
                " l.last = s.period",
                (period, period),
            )
        )
        return {pid: _record_from_json(text, pid).rating for pid, text in texts.items()}

    @_reading(N_("reading the list"))
    def fide_list(self, period: str) -> list[Any]:
        """The listed players of ``period`` who have a FIDE id, as FIDE's rating list has
        them (:class:`ratingkit.formats.fidelist.ListedPlayer`), for its TXT layout."""
        from ...formats.fidelist import ListedPlayer

        period = parse_period(period)
        if period not in self._rated_periods():
            raise LedgerError(
                tr("period {period} is not rated; nothing is published for it", period=period)
            )
        out = []
        for (
            fide_id,
            name,
            fed,
            title,
            sex,
            born,
            rating,
            games,
            k,
            inactive,
        ) in self._connection.execute(
            # FIDE's Gms: the rated games of the list's own period (FIDE 1982 9.12), whatever
            # the rule set: the layout is FIDE's.
            "SELECT pl.fide_id, pl.name, pl.federation, pl.title, pl.sex, pl.born,"
            " pu.rating, pg.games, json_extract(pu.state, '$.k'),"
            " pu.inactive FROM published"
            f" pu JOIN players pl ON pl.id = pu.player_id LEFT JOIN ({PERIOD_GAMES_SQL}) pg"
            " ON pg.player_id = pu.player_id WHERE pu.period = ? AND"
            " pu.listed = 1 AND pl.fide_id IS NOT NULL ORDER BY pl.name",
            (period, period),
        ):
            out.append(
                ListedPlayer(
                    fide_id=str(fide_id),
                    name=name,
                    federation=fed or "",
                    sex=sex or "",
                    title=title or "",
                    rating=rating,
                    games=int(games or 0),
                    k=k,
                    born=int(born[:4]) if born else None,
                    inactive=bool(inactive),
                    woman=sex == "F",
                )
            )
        return out

    @_reading(N_("finding the player"))
    def find_player(self, text: str) -> int:
        """A ledger player by his FIDE id, his own id (the id his files give him), his name,
        or the ledger's number written ``#N``."""
        text = text.strip()
        found = match_by_keys(
            PERSON_KEYS, lambda key: self._players_by(key, text), Ambiguity.REFUSE
        )
        if found.record is not None:
            return found.record
        if found.ambiguous:
            ids = ", ".join(self._shown_id(pid) for pid in found.candidates)
            raise LedgerError(
                tr(
                    "{text!r} names {count} players ({ids}); give the player's id",
                    text=text,
                    count=len(found.candidates),
                    ids=ids,
                )
            )
        db = self._connection
        number = text[1:] if text.startswith("#") else None
        if number is not None and number.isdigit():
            row = db.execute("SELECT id FROM players WHERE id = ?", (int(number),)).fetchone()
            if row:
                return int(row[0])
        raise LedgerError(
            tr(
                (
                    "no player {text!r} in the ledger (give a FIDE id, the player's "
                    "id in his files, his name, or the ledger's number as #N)"
                ),
                text=text,
            )
        )

    def _shown_id(self, player_id: int) -> str:
        """How the player is named to users: his own id and FIDE id, else the ledger's number."""
        row = self._connection.execute(
            "SELECT fide_id, COALESCE(own_id, CASE WHEN key LIKE 'id:%' THEN substr(key, 4) END)"
            " FROM players WHERE id = ?",
            (player_id,),
        ).fetchone()
        named = []
        if row and row[1]:
            named.append(tr("id {id}", id=row[1]))
        if row and row[0]:
            named.append(tr("FIDE id {fide_id}", fide_id=row[0]))
        return ", ".join(named) or f"#{player_id}"

    @_reading(N_("reading the history"))
    def player_history(self, player: str) -> PlayerHistory:
        """Every rated event of one player (found by :meth:`find_player`): period, event,
        rating before, games, score, expected score, change, rating after; read from the
        results stored per event under its ledger id (two events of one name in one period
        keep their own)."""
        player_id = self.find_player(player)
        name = self._connection.execute(
            "SELECT name FROM players WHERE id = ?", (player_id,)
        ).fetchone()[0]
        rows = tuple(
            HistoryRow(period, event_id, event, *(_uncell(v) for v in numbers))  # type: ignore[arg-type]
            for period, event_id, event, *numbers in self._connection.execute(
                "SELECT r.period, e.id, e.name, r.rating_before, r.games, r.score, r.expected,"
                " r.change, r.rating_after FROM player_results r JOIN events e ON e.id ="
                " r.event_id WHERE r.player_id = ? ORDER BY r.period,"
                " COALESCE(e.start, e.end, ''), e.id",
                (player_id,),
            )
        )
        return PlayerHistory(player_id, str(name), self._shown_id(player_id), rows)

    @_reading(N_("reading the event"))
    def event_outcome(self, event_id: int) -> EventOutcome[Any, Any]:
        """The typed outcome of a rated event (its players, games, notes and detail, as the
        rule set computes them), found by the event's ledger id.  It is recomputed from the
        ledger's stored events and state (the ledger keeps the inputs, not 1,000,000 games'
        worth of outcomes) and checked against the results stored when the period was rated."""
        db = self._connection
        known = db.execute("SELECT period FROM events WHERE id = ?", (event_id,)).fetchone()
        if known is None:
            raise LedgerError(
                tr("no event {event_id} in the ledger ('db events' lists them)", event_id=event_id)
            )
        period = known[0]
        stored = db.execute(
            "SELECT outcome FROM outcomes WHERE event_id = ?", (event_id,)
        ).fetchone()
        if stored is not None:  # rated by a ledger of schema 2, which stored outcomes
            part = outcome_codec.loads(stored[0])
            if not isinstance(part, EventOutcome):
                raise LedgerError(
                    tr("the ledger's stored outcome is a {name}", name=type(part).__name__)
                )
            return part
        if period not in self._rated_periods():
            raise LedgerError(
                tr(
                    "event {event_id} (period {period}) is not rated yet",
                    event_id=event_id,
                    period=period,
                )
            )
        before = self._state_before(period)
        state = PlayerFile(tuple(before.values()), f"ledger state before {period}")
        built = self._build_events(period, state)
        positions = [eid for eid, _ in built]
        if len(built) > 1:
            outcome = _outcome_of(self.rules.rate_events([e for _unused, e in built], state), [])[0]
            part = _event_parts(outcome, [e for _unused, e in built], self.rules.name)[
                positions.index(event_id)
            ]
        else:
            outcome = _outcome_of(self.rules.rate(built[0][1], state), [])[0]
            part = _event_parts(outcome, [built[0][1]], self.rules.name)[0]
        expected = {
            str(pid): _uncell(change)
            for pid, change in db.execute(
                "SELECT player_id, change FROM player_results WHERE event_id = ?", (event_id,)
            )
        }
        got = {p.id: p.change for p in part.players if p.id in expected}
        if any(got[pid] != expected[pid] for pid in got):
            raise LedgerError(
                tr(
                    (
                        "event {event_id}: rating it again with this ratingkit gives "
                        "other changes than the ledger stored when the period was rated; "
                        "re-rate it with --replace"
                    ),
                    event_id=event_id,
                )
            )
        return part

    @_reading(N_("reading the ratings"))
    def rating_history(self, players: Iterable[str]) -> dict[str, list[tuple[str, int | None]]]:
        """Published rating per period for each player (None while not listed), for plots."""
        out: dict[str, list[tuple[str, int | None]]] = {}
        for text in players:
            player_id = self.find_player(text)
            name = self._connection.execute(
                "SELECT name FROM players WHERE id = ?", (player_id,)
            ).fetchone()[0]
            out[name] = [
                (p, r)
                for p, r in self._connection.execute(
                    "SELECT period, CASE WHEN listed THEN rating END FROM published"
                    " WHERE player_id = ? ORDER BY period",
                    (player_id,),
                )
            ]
        return out

    def integrity_check(self) -> str:
        return str(self._connection.execute("PRAGMA integrity_check").fetchone()[0])
