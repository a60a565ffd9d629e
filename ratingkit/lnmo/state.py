"""A player's LNMO state between units, and the one codec that reads it from a player file and
writes it back: grade (rule 1), FESA grade (``prior_grade``, rule 6), rating (rules 3, 3a, 3b;
``lnmo_rating`` for a rating at or below 0) and the last qualification game (rule 1b)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from ..core.errors import InvalidValueError, Location
from ..core.i18n import N_, tr
from ..core.model import Player
from ..core.outcome import Rule
from ..core.players import PlayerRecord
from ..core.ruleset import ListGames
from ..core.values import parse_date, parse_int
from .formula import Grade, parse_grade


@dataclass(frozen=True)
class State:
    """A player's LNMO state between units."""

    id: str
    name: str
    grade: Grade
    rating: int | None
    #: Rule 6: the LNMO grade a FESA grade replaced.
    lnmo_grade: Grade | None = None
    #: Rule 1b: the date and result of the last qualification game.
    last_qualification: date | None = None
    last_qualification_won: bool | None = None
    #: Rules 3, 3a: the rating was not given and was taken from table 1 by grade.
    initial: bool = False


class LnmoStateError(InvalidValueError):
    """A player's grade, rating or qualification record cannot be read."""


#: The player-file columns kept in ``PlayerRecord.extra`` that the codec writes.
STATE_EXTRA = ("lnmo_rating", "last_qualification", "last_qualification_result")


def _at(location: Location | None, column: str) -> Location:
    where = location or Location()
    return Location(where.file, where.line, column)


def _text(value: object) -> str:
    return str(value or "").strip()


@dataclass(frozen=True)
class LnmoStateCodec:
    """Reads a player's :class:`State` from a player-file record, and writes one back.

    Columns: ``grade`` (LNMO, 7-20 kyu), ``prior_grade`` (a FESA grade, rule 6), ``rating``
    (empty: table 1's rating of the grade, rules 3 and 3a), ``lnmo_rating`` (a rating at or
    below 0, which the ``rating`` column cannot hold), ``last_qualification`` and
    ``last_qualification_result`` (won or lost, rule 1b)."""

    columns: tuple[str, ...] = ("grade", "prior_grade", *STATE_EXTRA)
    #: The event's rating and the player file's must agree (one rating a player, rules 3, 3a).
    differing_rating: Rule | None = None
    #: The columns of its state a published list shows, with their headings: the grade.
    list_columns: tuple[tuple[str, str], ...] = ((N_("grade"), "grade"),)
    #: The list's games are the games count the player's state keeps.
    list_games: ListGames = ListGames.STATE

    def read(self, record: PlayerRecord) -> State:
        pid = record.id or ""
        name = record.name or pid
        fields: dict[str, object] = dict(record.extra)
        fields.update(grade=record.grade, prior_grade=record.prior_grade)
        return _state_from(pid, name, fields, record.rating, record.location)

    def read_player(self, player: Player, location: Location | None = None) -> State:
        """The state an event's player carries (his ``extra`` columns, as a reader kept them)."""
        fields = {k: v for k, v in player.extra.items() if k != "rating"}
        return _state_from(player.id, player.name, fields, player.rating, location)

    def write(self, record: PlayerRecord, state: State) -> PlayerRecord:
        extra = {k: v for k, v in record.extra.items() if k not in STATE_EXTRA}
        rating = state.rating
        if rating is not None and rating <= 0:
            # The player file reads 0 as "unrated" and refuses negatives.
            extra["lnmo_rating"] = str(rating)
            rating = None
        if state.last_qualification is not None:
            extra["last_qualification"] = state.last_qualification.isoformat()
            extra["last_qualification_result"] = "won" if state.last_qualification_won else "lost"
        if state.grade.fesa:
            grade = state.lnmo_grade.label if state.lnmo_grade else None
            prior: str | None = state.grade.label
        else:
            grade, prior = state.grade.label, None
        return replace(
            record,
            id=state.id,
            name=state.name,
            grade=grade,
            prior_grade=prior,
            rating=rating,
            extra=extra,
        )


#: The codec of the LNMO rule set.
CODEC = LnmoStateCodec()

if TYPE_CHECKING:
    from ..core.ruleset import StateCodec

    _CONFORMS: StateCodec[State] = CODEC


def _state_from(
    pid: str,
    name: str,
    fields: Mapping[str, object],
    given_rating: int | None,
    location: Location | None,
) -> State:
    grade_text = _text(fields.get("grade"))
    fesa_text = _text(fields.get("prior_grade"))
    lnmo_grade = parse_grade(grade_text, _at(location, "grade")) if grade_text else None
    if fesa_text:
        fesa = parse_grade(fesa_text, _at(location, "prior_grade"), fesa=True)
        return State(pid, name, fesa, None, lnmo_grade)
    if lnmo_grade is None:
        raise LnmoStateError(
            tr(
                (
                    "player {pid!r} has no grade (LNMO 7-20 kyu in 'grade', or a "
                    "FESA grade in 'prior_grade')"
                ),
                pid=pid,
            ),
            _at(location, "grade"),
            "",
        )
    rating = given_rating
    rating_text = _text(fields.get("lnmo_rating"))
    if rating_text:
        rating = parse_int(rating_text, _at(location, "lnmo_rating"), what="rating")
    if rating is not None and not lnmo_grade.is_rated:
        raise LnmoStateError(
            tr(
                (
                    "player {pid!r} at {lnmo_grade} has rating {rating}, but LNMO "
                    "ratings are issued from 17 kyu (rule 3b)"
                ),
                pid=pid,
                lnmo_grade=lnmo_grade,
                rating=rating,
            ),
            _at(location, "rating"),
            rating,
        )
    initial = False
    if rating is None and lnmo_grade.is_rated:
        rating, initial = lnmo_grade.table_rating, True  # rules 3, 3a
    last_text = _text(fields.get("last_qualification"))
    last = None
    won = None
    if last_text:
        last = parse_date(last_text, _at(location, "last_qualification"))
        result_text = _text(fields.get("last_qualification_result")).lower()
        if result_text not in ("won", "lost"):
            raise LnmoStateError(
                tr(
                    ("last_qualification_result must be 'won' or 'lost', got {result_text!r}"),
                    result_text=result_text,
                ),
                _at(location, "last_qualification_result"),
                result_text,
            )
        won = result_text == "won"
    return State(pid, name, lnmo_grade, rating, None, last, won, initial)


__all__ = ["CODEC", "STATE_EXTRA", "LnmoStateCodec", "LnmoStateError", "State"]
