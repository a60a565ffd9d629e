"""The engine's outcomes, built when first read."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.fastbuild import collector_paused
from ...core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    Outcome,
    PlayerOutcome,
)
from ...core.players import PlayerFile, PlayerRecord
from ..outcome import FideGame, FidePlayer

FideOutcome = Outcome[FidePlayer, FideGame]


#: Band ends of table 8.1b and the PD of the higher rated player (hundredths), with the
#: value beyond the last band appended.


# -- the lazily built outcome and tables -----------------------------------------------------


class LazyOutcome(Outcome[FidePlayer, FideGame]):
    """The period's :class:`~ratingkit.core.outcome.Outcome` whose players and game sides are
    made from the arrays on first access (the period is one event: ``events`` holds it)."""

    _build_key: Callable[[], EventKey] | None
    _key_value: EventKey | None
    _build_players: Callable[[], tuple[PlayerOutcome[FidePlayer], ...]] | None
    _build_games: Callable[[], tuple[GameOutcome[FideGame], ...]] | None
    _players: tuple[PlayerOutcome[FidePlayer], ...] | None
    _games: tuple[GameOutcome[FideGame], ...] | None

    def __init__(
        self,
        *,
        rules: str,
        title: str,
        key: Callable[[], EventKey] | None = None,
        build_players: Callable[[], tuple[PlayerOutcome[FidePlayer], ...]] | None = None,
        build_games: Callable[[], tuple[GameOutcome[FideGame], ...]] | None = None,
        notes: tuple[Note, ...] = (),
        detail: object = None,
        new_state: PlayerFile | None = None,
        players: tuple[PlayerOutcome[FidePlayer], ...] | None = None,
        events: tuple[EventOutcome[FidePlayer, FideGame], ...] | None = None,
        games: tuple[GameOutcome[FideGame], ...] | None = None,
    ) -> None:
        # ``players=``, ``events=``, ``games=``: the made values, as the outcome codec
        # (which builds a dataclass from its fields) gives them back.
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "new_state", new_state)
        object.__setattr__(self, "_build_key", key)
        object.__setattr__(self, "_key_value", events[0].key if events else None)
        object.__setattr__(self, "_build_players", build_players)
        object.__setattr__(self, "_build_games", build_games)
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_games", games)

    @property
    def players(self) -> tuple[PlayerOutcome[FidePlayer], ...]:
        if self._players is None and self._build_players is not None:
            object.__setattr__(self, "_players", self._build_players())
        assert self._players is not None
        return self._players

    @property
    def games(self) -> tuple[GameOutcome[FideGame], ...]:
        if self._games is None and self._build_games is not None:
            object.__setattr__(self, "_games", self._build_games())
        assert self._games is not None
        return self._games

    @property
    def key(self) -> EventKey:
        """The period's key (a digest of its games and ratings, made on first access)."""
        if self._key_value is None and self._build_key is not None:
            object.__setattr__(self, "_key_value", self._build_key())
        assert self._key_value is not None
        return self._key_value

    @property
    def events(self) -> tuple[EventOutcome[FidePlayer, FideGame], ...]:
        return (EventOutcome(self.key, self.players, self.games, self.notes, self.detail),)

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


# -- the lazily built tables -----------------------------------------------------------------


class LazyPlayerFile(PlayerFile):
    """The new state of a period: a :class:`~ratingkit.core.players.PlayerFile` whose records
    are made on first access."""

    _length: int
    _records: tuple[PlayerRecord, ...] | None
    _build: Callable[[], list[PlayerRecord]] | None

    def __init__(
        self,
        build: Callable[[], list[PlayerRecord]] | None = None,
        length: int | None = None,
        source: str | None = None,
        *,
        records: Sequence[PlayerRecord] | None = None,
    ) -> None:
        # ``records=``: the made records, as the outcome codec gives them back.
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "_build", build)
        made = tuple(records) if records is not None else None
        object.__setattr__(self, "_length", len(made) if made is not None else length or 0)
        object.__setattr__(self, "_records", made)

    @property
    def records(self) -> tuple[PlayerRecord, ...]:
        if self._records is None:
            assert self._build is not None  # one of build= and records= is given
            object.__setattr__(self, "_records", tuple(self._build()))
        assert self._records is not None
        return self._records

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerFile):
            return NotImplemented
        return (self.records, self.source) == (other.records, other.source)

    __hash__ = None  # type: ignore[assignment]


# -- the outcome, lazily -----------------------------------------------------------------------


class LazyEventOutcome(EventOutcome[FidePlayer, FideGame]):
    """An event's part of the period whose players and game sides are made on first read
    (``sides``: how many game sides it lists, known without making them)."""

    sides: int | None

    def __init__(
        self,
        key: EventKey,
        players: tuple[PlayerOutcome[FidePlayer], ...] | None = None,
        games: tuple[GameOutcome[FideGame], ...] | None = None,
        notes: tuple[Note, ...] = (),
        detail: object = None,
        *,
        build_players: Callable[[], tuple[PlayerOutcome[FidePlayer], ...]] | None = None,
        build_games: Callable[[], tuple[GameOutcome[FideGame], ...]] | None = None,
        sides: int | None = None,
    ) -> None:
        # ``players=``, ``games=``: the made values, as the outcome codec gives them back.
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_games", games)
        object.__setattr__(self, "_build_players", build_players)
        object.__setattr__(self, "_build_games", build_games)

    @property
    def players(self) -> tuple[PlayerOutcome[FidePlayer], ...]:
        if self.__dict__["_players"] is None:
            object.__setattr__(self, "_players", self.__dict__["_build_players"]())
            object.__setattr__(self, "_build_players", None)
        made: tuple[PlayerOutcome[FidePlayer], ...] = self.__dict__["_players"]
        return made

    @property
    def games(self) -> tuple[GameOutcome[FideGame], ...]:
        if self.__dict__["_games"] is None:
            object.__setattr__(self, "_games", self.__dict__["_build_games"]())
            object.__setattr__(self, "_build_games", None)
        made: tuple[GameOutcome[FideGame], ...] = self.__dict__["_games"]
        return made

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


class LazyPeriodOutcome(Outcome[FidePlayer, FideGame]):
    """The period's outcome whose game sides (all events') are made on first read."""

    def __init__(
        self,
        rules: str,
        title: str,
        players: tuple[PlayerOutcome[FidePlayer], ...],
        events: tuple[EventOutcome[FidePlayer, FideGame], ...] = (),
        games: tuple[GameOutcome[FideGame], ...] | None = None,
        notes: tuple[Note, ...] = (),
        detail: object = None,
        new_state: PlayerFile | None = None,
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "detail", detail)
        object.__setattr__(self, "new_state", new_state)
        object.__setattr__(self, "_games", games)

    @property
    def games(self) -> tuple[GameOutcome[FideGame], ...]:
        if self.__dict__["_games"] is None:
            with collector_paused():
                made = tuple(g for event in self.events for g in event.games)
            object.__setattr__(self, "_games", made)
        games: tuple[GameOutcome[FideGame], ...] = self.__dict__["_games"]
        return games

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        fields = ("rules", "title", "players", "events", "games", "notes", "detail", "new_state")
        return all(getattr(self, f) == getattr(other, f) for f in fields)

    def __repr__(self) -> str:
        return f"<Outcome {self.rules} {self.title!r} (vectorised): {len(self.players)} players>"

    __hash__ = None  # type: ignore[assignment]
