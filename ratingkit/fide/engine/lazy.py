"""The engine's outcomes, whose big fields are made when first read.

A FIDE month is a million games: its game sides, players and new-state records are made only
when someone reads them.  Each lazy type is the frozen core type (an
:class:`~ratingkit.core.outcome.Outcome`, :class:`~ratingkit.core.outcome.EventOutcome`,
:class:`~ratingkit.core.players.PlayerFile`) with some fields declared :class:`Deferred`: the
dataclass's own ``__init__`` stores in such a field either the made value (as the outcome codec
gives it back) or a :class:`Later`, whose builder runs on the first read, and the value it made
replaces it.  A builder gets the outcome it fills, so that it need not hold a reference to it
(which would put each period's arrays in a cycle for the collector).  The fields stay frozen:
the dataclass refuses an assignment before it reaches the descriptor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar, cast

from ...core.fastbuild import collector_paused
from ...core.outcome import EventKey, EventOutcome, GameOutcome, Note, Outcome, PlayerOutcome
from ...core.players import PlayerFile, PlayerRecord
from ..outcome import FideEvent, FideGame, FidePeriod, FidePlayer, VectorisedPeriod

# The engine's modules (period, rows, report) name FIDE's outcome from here: the one alias of
# ratingkit.fide.outcome, re-exported.
from ..outcome import FideOutcome as FideOutcome

Players = tuple[PlayerOutcome[FidePlayer], ...]
Games = tuple[GameOutcome[FideGame], ...]
T = TypeVar("T")


@dataclass(frozen=True)
class Later(Generic[T]):
    """A field's value still to be made: ``build(owner)`` makes it; ``length``, where known,
    is how many items it will hold (a table's row count, without making the rows)."""

    build: Callable[[Any], T]
    length: int | None = None


def later(build: Callable[[Any], T], length: int | None = None) -> T:
    """What a :class:`Deferred` field is given in place of its value (typed as the value, which
    it stands for until the first read)."""
    return cast(T, Later(build, length))


class Deferred:
    """A data descriptor for a dataclass field whose value may be a :class:`Later`: made on
    the first read, with the cycle collector paused (a builder makes many small objects, none
    in a cycle), and kept in the instance's ``__dict__`` from then on."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __set__(self, instance: object, value: object) -> None:
        # Reached only from the dataclass's __init__ (a frozen dataclass's __setattr__ raises
        # first for any later assignment).
        instance.__dict__[self.name] = value

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name]
        if isinstance(value, Later):
            with collector_paused():
                value = value.build(instance)
            instance.__dict__[self.name] = value
        return value


def known_length(instance: object, name: str) -> int | None:
    """How many items the :class:`Deferred` field ``name`` holds, without making them where
    its :class:`Later` knows it; None where it does not."""
    value = instance.__dict__.get(name)
    if isinstance(value, Later):
        return value.length
    return len(value) if value is not None else None


class LazyOutcome(Outcome[FidePlayer, FideGame, VectorisedPeriod, VectorisedPeriod]):
    """The outcome of a period rated from frames (one event: ``events`` holds it), whose
    players, game sides and event are made when first read."""

    players = Deferred()
    games = Deferred()
    events = Deferred()

    def __repr__(self) -> str:
        return f"<Outcome {self.rules} {self.title!r} (vectorised)>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.rules, self.title, self.players, self.games, self.notes) == (
            other.rules,
            other.title,
            other.players,
            other.games,
            other.notes,
        )

    __hash__ = None  # type: ignore[assignment]


#: The one event of a :class:`LazyOutcome`: the whole vectorised period, whose values it holds.
VectorisedEvent = EventOutcome[FidePlayer, FideGame, VectorisedPeriod]


def one_event(key: Callable[[], EventKey]) -> Callable[[Any], tuple[VectorisedEvent, ...]]:
    """The builder of a :class:`LazyOutcome`'s ``events``: its one event, keyed by ``key()``."""

    def build(outcome: LazyOutcome) -> tuple[VectorisedEvent, ...]:
        return (EventOutcome(key(), outcome.players, outcome.games, outcome.notes, outcome.detail),)

    return build


class LazyPlayerFile(PlayerFile):
    """The new state of a period: a :class:`~ratingkit.core.players.PlayerFile` whose records
    are made on first access (``len`` known before)."""

    records = Deferred()

    def __len__(self) -> int:
        length = known_length(self, "records")
        return length if length is not None else len(self.records)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerFile):
            return NotImplemented
        return (self.records, self.source) == (other.records, other.source)

    __hash__ = None  # type: ignore[assignment]


def lazy_player_file(
    build: Callable[[], list[PlayerRecord]], length: int, source: str | None
) -> LazyPlayerFile:
    """A new state whose ``length`` records ``build`` makes when first read."""
    return LazyPlayerFile(later(lambda _file: tuple(build()), length), source)


class LazyEventOutcome(EventOutcome[FidePlayer, FideGame, FideEvent]):
    """An event's part of the period whose players and game sides are made on first read."""

    players = Deferred()
    games = Deferred()

    @property
    def sides(self) -> int | None:
        """How many game sides the event lists, known without making them."""
        return known_length(self, "games")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventOutcome):
            return NotImplemented
        return (self.key, self.players, self.games, self.notes, self.detail) == (
            other.key,
            other.players,
            other.games,
            other.notes,
            other.detail,
        )

    def __repr__(self) -> str:
        return f"<EventOutcome {self.key} (vectorised)>"

    __hash__ = None  # type: ignore[assignment]


def lazy_event_outcome(
    key: EventKey,
    *,
    notes: tuple[Note, ...],
    detail: FideEvent,
    build_players: Callable[[], Players],
    build_games: Callable[[], Games],
    sides: int,
) -> LazyEventOutcome:
    """An event's part whose players and ``sides`` game sides the builders make."""
    return LazyEventOutcome(
        key,
        later(lambda _event: build_players()),
        later(lambda _event: build_games(), sides),
        notes,
        detail,
    )


class LazyPeriodOutcome(Outcome[FidePlayer, FideGame, FidePeriod, FideEvent]):
    """The period's outcome whose persons' results and game sides (all events') are made
    on first read."""

    players = Deferred()
    games = Deferred()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        fields = ("rules", "title", "players", "events", "games", "notes", "detail", "new_state")
        return all(getattr(self, f) == getattr(other, f) for f in fields)

    def __repr__(self) -> str:
        players = known_length(self, "players")
        return f"<Outcome {self.rules} {self.title!r} (vectorised): {players} players>"

    def person_values(self) -> list[Any] | None:
        """Each person's result as values, in the order of ``players``, without making
        them (:func:`person_values`: id, rating published, K);
        None where the engine left none (an outcome read back from a store)."""
        return person_values(self)

    __hash__ = None  # type: ignore[assignment]


class PersonValues(NamedTuple):
    """A person's period result as the ledger stores it: his key, the rating published
    (None where none is) and the K it was computed with (one K, else None:
    :func:`ratingkit.core.outcome.k_in_force`)."""

    id: str
    rating_after: int | None
    k: int | None


_PERSON_VALUES = "_person_values"


def attach_person_values(outcome: object, build: Callable[[], list[PersonValues]]) -> None:
    """Let :func:`person_values` read ``outcome``'s persons' results, made by ``build`` when
    asked, once: the ledger reads them twice a period (the K in force, the published
    ratings), and a FIDE month has 100,000 persons; the outcome's fields are unchanged (its
    codec and equality leave it out)."""
    made: list[tuple[PersonValues, ...]] = []

    def build_once() -> tuple[PersonValues, ...]:
        if not made:
            made.append(tuple(build()))
        return made[0]

    outcome.__dict__[_PERSON_VALUES] = build_once


def person_values(outcome: object) -> list[PersonValues] | None:
    """Each person's period result of a period the engine rated, in the order of the
    outcome's players, as values (without a month's 100,000 PlayerOutcome and FidePlayer
    objects); None for an outcome the engine did not make."""
    build = getattr(outcome, "__dict__", {}).get(_PERSON_VALUES)
    if build is None:
        return None
    values: tuple[PersonValues, ...] = build()
    return list(values)


def all_game_sides(outcome: FideOutcome) -> Games:
    """The builder of a :class:`LazyPeriodOutcome`'s ``games``: every event's, in order."""
    return tuple(game for event in outcome.events for game in event.games)
