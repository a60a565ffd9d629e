"""FESA's player state: what it keeps about a player between events, and the one codec that
reads it from a player file and writes it back.

Besides the common columns ``rating``, ``games`` (the rule 3 game count, fictitious games of
rule 7 included), ``grade`` and ``prior_grade``, FESA keeps ``bonus_games`` (rule 9),
``lb_run``, ``mp_run`` and ``lb_run_mp`` (rule 10), ``results`` (rules 5-6) and
``last_event`` (the translator's note 1); see :mod:`ratingkit.fesa`.

:class:`FesaStateCodec` reads a record into a typed :class:`FesaState` and writes a typed
state into a record.  Between the events of one run (``rate_events``, ``replay``) the state a
record was written from is remembered by the record's identity
(:class:`ratingkit.fesa.fast.KnownStates`): nothing is parsed, written back and parsed again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from ..core.errors import InvalidValueError, Location
from ..core.fastbuild import build
from ..core.i18n import N_, _, tr
from ..core.model import Player
from ..core.outcome import Rule
from ..core.players import PlayerRecord, RatingFrom, rating_before
from ..core.ruleset import ListGames
from ..core.shogi import NO_GRADE, grade_name, parse_grade
from .formula import BONUS_GAMES, PROVISIONAL_GAMES, Result


class FesaStateError(InvalidValueError):
    """A player-file value FESA needs (grade, counters, previous results) cannot be read."""


@dataclass(frozen=True)
class FesaState:
    """What FESA keeps about a player between events (typed: grade numbers of
    :mod:`ratingkit.core.shogi`, counters as ints, previous results as :class:`Result`)."""

    id: str
    name: str
    rating: int | None
    games: int
    bonus_games: int
    grade: int = NO_GRADE
    prior_grade: str | None = None
    lb_run: int = 0
    mp_run: int = 0
    lb_run_mp: bool = False
    results: tuple[Result, ...] | None = None
    record: PlayerRecord | None = None
    notes: tuple[str, ...] = ()
    #: What was assumed for the player where his file says nothing, in words without his name
    #: (the event's notes give each text once, naming every player it concerns).
    assumed: tuple[str, ...] = ()


@dataclass
class PromotionCounters:
    """A player's grade and the promotion counters of rule 10 (they live across events)."""

    grade: int = NO_GRADE
    lb_run: int = 0
    mp_run: int = 0
    lb_run_mp: bool = False

    def copy(self) -> PromotionCounters:
        return PromotionCounters(self.grade, self.lb_run, self.mp_run, self.lb_run_mp)


# -- the results column (rules 5-6) ---------------------------------------------------------

#: A rating may lie below zero (nothing floors a player's own rating; the 400 floor applies to
#: opponents when they are used): ``-4+`` is a win against an opponent rated -4.
_RESULT_TOKEN = re.compile(r"^(-?\d+)([+=-])(?:([rg])(\d+(?:\.\d+)?))?$")
_SCORE_OF_MARK = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0)}


def parse_results(text: str, location: Location | None = None) -> tuple[Result, ...]:
    """Read the ``results`` column of the player file (see :mod:`ratingkit.fesa`)."""
    out = []
    for token in text.split():
        match = _RESULT_TOKEN.match(token)
        if not match:
            raise FesaStateError(
                tr(
                    (
                        "cannot read previous result {token!r} (expected e.g. 1580+, "
                        "1620=, 1400-, 1862-r2.1)"
                    ),
                    token=token,
                ),
                location,
                token,
            )
        score = _SCORE_OF_MARK[match.group(2)]
        grades = Fraction(match.group(4)) if match.group(4) else Fraction(0)
        out.append(
            Result(
                int(match.group(1)),
                score,
                received=grades if match.group(3) == "r" else Fraction(0),
                given=grades if match.group(3) == "g" else Fraction(0),
            )
        )
    return tuple(out)


def results_text(results: tuple[Result, ...]) -> str:
    """The ``results`` column for ``results``."""
    return " ".join(r.token() for r in results)


def _as_written(grades: Fraction) -> Fraction:
    """A handicap (in grades) as the ``results`` column keeps it: two decimals."""
    if not grades:
        return Fraction(0)
    return Fraction(f"{float(grades):.2f}")


def as_stored(results: tuple[Result, ...]) -> tuple[Result, ...]:
    """The results the ``results`` column holds for ``results`` (opponent, score, handicaps to
    two decimals; no marks of fictitious games): what reading the column back gives."""
    return tuple(
        r
        if r.fictitious is None and not r.received and not r.given
        else Result(r.opponent, r.score, _as_written(r.received), _as_written(r.given))
        for r in results
    )


# -- reading a player's state ---------------------------------------------------------------


def _int_field(value: object, location: Callable[[], Location | None], what: str) -> int:
    """A whole number >= 0 (``location`` gives the Location, only needed for the error)."""
    if type(value) is int and value >= 0:
        return value
    try:
        number = int(str(value).strip())
    except ValueError:
        raise FesaStateError(
            tr("{what} must be a whole number, got {value!r}", what=what, value=value),
            location(),
            value,
        ) from None
    if number < 0:
        raise FesaStateError(
            tr("{what} cannot be negative, got {value!r}", what=what, value=value),
            location(),
            value,
        )
    return number


def _bool_field(value: object) -> bool:
    return str(value).strip().lower() in ("yes", "y", "true", "1")


def state_of(
    player: Any, record: PlayerRecord | None, source_location: Location | None
) -> FesaState:
    """A player's FESA state from the event's player entry (``id``, ``name``, ``rating``,
    ``extra``) and his player-file record (the record wins where both give a value)."""
    extra: dict[str, object] = dict(player.extra)
    if record is not None:
        extra.update({k: v for k, v in record.extra.items() if str(v).strip() != ""})
        for name in ("games", "grade", "prior_grade"):
            if getattr(record, name) is not None:
                extra[name] = getattr(record, name)
    where = record.location if record is not None else source_location

    def at(column: str) -> Callable[[], Location | None]:
        return lambda: Location(where.file, where.line, column) if where is not None else None

    notes = []
    assumed = []
    rating, note = rating_of(player, record, source_location)
    if note is not None:
        notes.append(note)
    results = None
    if str(extra.get("results", "")).strip():
        results = parse_results(str(extra["results"]), at("results")())
    if extra.get("games") not in (None, ""):
        games = _int_field(extra["games"], at("games"), "games")
    elif results is not None:
        games = len(results)
    elif rating is not None:
        games = PROVISIONAL_GAMES
        assumed.append(
            tr(
                "no game count in the player file; taken as established "
                "({PROVISIONAL_GAMES} games before this event, also for the bonus counter of "
                "rule 9)",
                PROVISIONAL_GAMES=PROVISIONAL_GAMES,
            )
        )
    else:
        games = 0
    if extra.get("bonus_games") not in (None, ""):
        bonus_games = _int_field(extra["bonus_games"], at("bonus_games"), "bonus_games")
    else:
        bonus_games = min(games, BONUS_GAMES) if rating is not None else 0
        if rating is not None and extra.get("games") not in (None, ""):
            assumed.append(
                tr(
                    "no bonus_games in the player file; games ({games}) stands in for the "
                    "bonus counter of rule 9",
                    games=games,
                )
            )
    grade = NO_GRADE
    if str(extra.get("grade", "") or "").strip():
        grade = parse_grade(str(extra["grade"]), at("grade")()).number
    prior = str(extra.get("prior_grade", "") or "").strip() or None
    if prior is not None:
        parse_grade(prior, at("prior_grade")())
    return FesaState(
        id=player.id,
        name=player.name,
        rating=rating,
        games=games,
        bonus_games=bonus_games,
        grade=grade,
        prior_grade=prior,
        lb_run=_int_field(extra.get("lb_run", 0) or 0, at("lb_run"), "lb_run"),
        mp_run=_int_field(extra.get("mp_run", 0) or 0, at("mp_run"), "mp_run"),
        lb_run_mp=_bool_field(extra.get("lb_run_mp", "no") or "no"),
        results=results,
        record=record,
        notes=tuple(notes),
        assumed=tuple(assumed),
    )


def rating_of(
    player: Any,
    record: PlayerRecord | None,
    source_location: Location | None,
    state_place: str | None = None,
) -> tuple[int | None, str | None]:
    """A player's rating before the event by the one rule
    (:func:`ratingkit.core.players.rating_before`): the event's, or the player file's where
    the event gives none (with a note saying so); the two differing is an error naming both
    (:data:`FesaStateCodec.differing_rating`: FESA allows no difference).  ``record``: the
    player file's record, or the one an earlier event of the run wrote (``state_place`` names
    that state in an error)."""
    decided = rating_before(
        player,
        record,
        FesaStateCodec.differing_rating,
        event_place=str(source_location) if source_location is not None else None,
        state_place=state_place or _("in the state the events before it left"),
    )
    if decided.source is RatingFrom.FILE and isinstance(player, Player):
        return decided.rating, tr(
            "{name}: rating {rating} from the player file (the event gives none)",
            name=player.name,
            rating=decided.rating,
        )
    return decided.rating, None


class _Entry(NamedTuple):
    """A player entry made of a record alone (what :meth:`FesaStateCodec.read` reads)."""

    id: str
    name: str
    rating: int | None = None
    extra: Mapping[str, object] = MappingProxyType({})


# -- the codec ------------------------------------------------------------------------------


#: The player-file columns FESA writes beyond rating, games, grade and prior_grade.
_WRITTEN = ("results", "bonus_games", "lb_run", "mp_run", "lb_run_mp")


class FesaStateCodec:
    """FESA's :class:`~ratingkit.core.ruleset.StateCodec`: a record's state as a typed
    :class:`FesaState`, and a typed state written into a record."""

    columns: tuple[str, ...] = (
        "games",
        "grade",
        "prior_grade",
        "bonus_games",
        "lb_run",
        "mp_run",
        "lb_run_mp",
        "results",
        "last_event",
    )
    #: The rating before an event is the player's current one (rule 11): the event's and the
    #: player file's must agree.
    differing_rating: Rule | None = None
    #: The columns of its state a published list shows, with their headings: the grade
    #: (FESA rule 10, promotions).
    list_columns: tuple[tuple[str, str], ...] = ((N_("grade"), "grade"),)
    #: The list's games are the career count the state keeps (FESA rule 3: fewer than 9
    #: games is unrated; the list shows what decides it).
    list_games: ListGames = ListGames.STATE

    def read(self, record: PlayerRecord) -> FesaState:
        """The state ``record`` holds."""
        entry = _Entry(record.id or "", record.name or "")
        return state_of(entry, record, record.location)

    def write(self, record: PlayerRecord | None, state: FesaState) -> PlayerRecord:
        """A new record: ``record`` (None: a new player, whose id is ``state.id``) with
        ``state`` written into it; the columns FESA does not keep are kept as they were."""
        return write_record(record, state, state.id)


def write_record(old: PlayerRecord | None, state: FesaState, pid: str | None) -> PlayerRecord:
    """:meth:`FesaStateCodec.write`, with the new record's id given (None where the event's
    players are matched by name and the record is new)."""
    extra: dict[str, str] = {}
    if old is not None and old.extra:
        extra.update(old.extra)
        for key in _WRITTEN:
            extra.pop(key, None)
    if state.results is not None:
        extra["results"] = results_text(state.results)
    extra["bonus_games"] = str(state.bonus_games)
    extra["lb_run"] = str(state.lb_run)
    extra["mp_run"] = str(state.mp_run)
    extra["lb_run_mp"] = "yes" if state.lb_run_mp else "no"
    # PlayerRecord(...) as build() makes it faster (a replay writes one a player and event).
    return build(
        PlayerRecord,
        {
            "id": old.id if old is not None else pid,
            "name": state.name,
            "rating": state.rating,
            "games": state.games,
            "born": old.born if old is not None else None,
            "k": None,
            "ever_2400": None,
            "grade": grade_name(state.grade) if state.grade != NO_GRADE else None,
            "prior_grade": state.prior_grade,
            "ever_2300": None,
            "extra": MappingProxyType(extra),
            "location": None,
        },
    )


#: Player-file columns that :func:`state_of` reads from a record's extra and
#: :func:`write_record` leaves as the old record had them: a record with one of them is read
#: again rather than taken from the state it was written from.
STATE_KEYS = frozenset(("games", "grade", "prior_grade"))

CODEC = FesaStateCodec()

__all__ = [
    "CODEC",
    "FesaState",
    "FesaStateCodec",
    "FesaStateError",
    "PromotionCounters",
    "as_stored",
    "parse_results",
    "results_text",
    "state_of",
    "write_record",
]
