"""A format's own fields of an event or a player, as typed, frozen values.

A reader keeps what its format says beyond the model (a FESA table's published ratings and
promotions, the event fields' rate of play, a score table's points ...) in ``Event.extra`` and
``Player.extra``, under the keys the ledger has always stored.  This module is the one place
that reads those keys: each kind is a small frozen dataclass whose ``of`` builds it from an
event or a player, and a rule set declares the kinds it reads in its ``typed_extras`` (so a
consumer never indexes a string key; ``tests/test_typed_extras.py`` holds both).

Values are checked here, once: a number field that is not a number is a
:class:`~ratingkit.core.errors.InvalidValueError` naming the field and the event's file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .errors import InvalidValueError, Location, shown
from .i18n import tr
from .model import Player

if TYPE_CHECKING:
    from .model import Event, Game


def _number(event: Event, name: str) -> int | float | None:
    """An event field that holds a number, or None when the event does not give it."""
    value = event.extra.get(name)
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    try:
        return int(text) if text.isdigit() else float(text)
    except ValueError:
        raise InvalidValueError(
            tr("event field {name!r} must be a number, got {value}", name=name, value=shown(value)),
            Location(event.source, None, name),
            value,
        ) from None


def _text(value: object) -> str | None:
    return str(value) if value not in (None, "") else None


@dataclass(frozen=True)
class RateOfPlay:
    """How fast the event was played, as its event fields (or a FESA table's ``Time control``
    line) give it: FIDE 2022-2025 1.1-1.2 (minutes for 60 moves, the first control's moves),
    FIDE 1982 2.1-2.3 (minutes, rounds and hours a day), FESA's note 2 (the time control)."""

    #: Minutes per player for 60 moves (``minutes``).
    minutes: int | float | None = None
    #: The moves of the first time control (``first_control_moves``).
    first_control_moves: int | float | None = None
    rounds_per_day: int | float | None = None
    hours_per_day: int | float | None = None
    #: A FESA table's ``Time control:`` line as written (``30+30``).
    time_control: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = (
        "minutes",
        "first_control_moves",
        "rounds_per_day",
        "hours_per_day",
        "time_control",
    )

    @classmethod
    def of(cls, event: Event) -> RateOfPlay:
        return cls(
            minutes=_number(event, "minutes"),
            first_control_moves=_number(event, "first_control_moves"),
            rounds_per_day=_number(event, "rounds_per_day"),
            hours_per_day=_number(event, "hours_per_day"),
            time_control=_text(event.extra.get("time_control")),
        )


@dataclass(frozen=True)
class Competition:
    """What kind of competition the event was, as its event fields say: the cycles of a
    round robin, a match's scheduled games, a league, a national championship, a Scheveningen
    event, an Olympiad (FIDE 1982 2.4, 6.33, 6.5, 7.2, 10.4; FIDE 2014 8.11's match)."""

    #: How often each pair meets (a score table's ``cycles``; None: not given).
    cycles: int | float | None = None
    #: The games a match was scheduled over (``match_games``).
    match_games: int | float | None = None
    league: bool = False
    #: ``national`` or ``national women``.
    championship: str | None = None
    scheveningen: bool = False
    #: ``open`` or ``women``.
    olympiad: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = (
        "cycles",
        "match_games",
        "league",
        "championship",
        "scheveningen",
        "olympiad",
    )

    @classmethod
    def of(cls, event: Event) -> Competition:
        extra = event.extra
        return cls(
            cycles=_number(event, "cycles"),
            match_games=_number(event, "match_games"),
            league=bool(extra.get("league")),
            championship=_text(extra.get("championship")),
            scheveningen=bool(extra.get("scheveningen")),
            olympiad=_text(extra.get("olympiad")),
        )


@dataclass(frozen=True)
class PublishedPromotions:
    """The promotions a FESA table published below its rows: (name, grade) pairs (FESA
    rule 10), which the rating report compares with its own."""

    promotions: tuple[tuple[str, str], ...] = ()

    KEYS: ClassVar[tuple[str, ...]] = ("published_promotions",)

    @classmethod
    def of(cls, event: Event) -> PublishedPromotions:
        listed = event.extra.get("published_promotions") or ()
        pairs = listed if isinstance(listed, tuple | list) else ()
        return cls(tuple((str(who), str(grade)) for who, grade in pairs))


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))


@dataclass(frozen=True)
class PublishedRow:
    """What a FESA table published of a player (FESA rules 3 and 6): his rating after the
    event where it has a ``*`` (rated by performance), his ``+/-``, his number in the table and
    his grade."""

    #: The ``ELO`` of a starred row (a new player's performance rating).
    rating: int | None = None
    #: The ``+/-`` column.
    change: int | None = None
    #: The row's ``Nr`` (or, for an event the ledger rebuilt, the id the file gave him).
    start_number: str | None = None
    #: The grade as the row writes it (``1 dan``).
    grade: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = (
        "published_rating",
        "published_change",
        "start_number",
        "grade",
    )

    @classmethod
    def of(cls, player: Player) -> PublishedRow:
        extra = player.extra
        number = extra.get("start_number")
        return cls(
            rating=_int(extra.get("published_rating")),
            change=_int(extra.get("published_change")),
            start_number=str(number) if number is not None else None,
            grade=_text(extra.get("grade")),
        )


@dataclass(frozen=True)
class ScoreTableRow:
    """A player's total in a score table, an event without a game list (FIDE 1982 4.2), and
    the line of the table he was read from."""

    points: Fraction | None = None
    line: int | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("points", "line")

    @classmethod
    def of(cls, player: Player) -> ScoreTableRow:
        points = player.extra.get("points")
        line = player.extra.get("line")
        return cls(
            None if points is None else Fraction(str(points)),
            line if isinstance(line, int) else None,
        )


@dataclass(frozen=True)
class BirthAndFirstRating:
    """What a file says of a player's birth and first rating beyond the model: a TRF that
    gives only the year of birth, and the date of his first rating (FIDE 2014 8.51-8.54,
    FIDE 2024 7.1.4's K for juniors)."""

    born_year_only: bool = False
    #: The date of his first published rating, as the file writes it.
    first_rated: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("born_year_only", "first_rated")

    @classmethod
    def of(cls, fields: Player | Mapping[str, object]) -> BirthAndFirstRating:
        """From a player, or from a player file row's extra columns."""
        # The class test, not the Mapping one (an abc's, ten times slower): a FIDE month's
        # read_states asks for each of its 200,000 players and their records.
        extra = fields.extra if isinstance(fields, Player) else fields
        year_only, first_rated = extra.get("born_year_only"), extra.get("first_rated")
        if not year_only and first_rated is None and cls is BirthAndFirstRating:
            return _NOTHING_SAID  # most players and records: one frozen value, not a new one
        return cls(bool(year_only), _text(first_rated))


#: What a player or record that says neither gives (:meth:`BirthAndFirstRating.of`).
_NOTHING_SAID = BirthAndFirstRating()


@dataclass(frozen=True)
class LastOfficialEvent:
    """The date of a player's last official event, as a player file or an event's player
    row writes it (FESA, the translator's note 1: the two-year list)."""

    last_event: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("last_event",)

    @classmethod
    def of(cls, fields: Player | Mapping[str, object]) -> LastOfficialEvent:
        """From a player, or from a player file row's extra columns."""
        extra = fields if isinstance(fields, Mapping) else fields.extra
        return cls(_text(extra.get("last_event")))


@dataclass(frozen=True)
class GivenGame:
    """The game an event's fields name (``game: shogi``), as its name: what the event says
    when no reader set :attr:`~ratingkit.core.model.Event.game`."""

    game: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("game",)

    @classmethod
    def of(cls, event: Event) -> GivenGame:
        return cls(_text(event.extra.get("game")))


@dataclass(frozen=True)
class TrfHeader:
    """What a TRF says beyond the model, written back by its writer: the header's tags as
    read (their order, TRF-2026's new tags, ``XX?`` extensions), and the bye placeholders
    the reader left out (start rank, name, the rounds they stood for)."""

    tags: tuple[tuple[str, str], ...] = ()
    bye_placeholders: tuple[tuple[int, str, tuple[int, ...]], ...] = ()

    KEYS: ClassVar[tuple[str, ...]] = ("trf_tags", "trf_bye_placeholders")

    @classmethod
    def of(cls, event: Event) -> TrfHeader:
        extra = event.extra
        tags: Any = extra.get("trf_tags") or ()
        placeholders: Any = extra.get("trf_bye_placeholders") or ()
        return cls(
            tuple((str(tag), str(value)) for tag, value in tags),
            tuple(
                (int(rank), str(name), tuple(int(r) for r in rounds))
                for rank, name, rounds in placeholders
            ),
        )


@dataclass(frozen=True)
class TrfRow:
    """A TRF player line's points field (columns 81-84) and rank (86-89), as given."""

    points: float | None = None
    rank: int | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("trf_points", "rank")

    @classmethod
    def of(cls, player: Player) -> TrfRow:
        points = player.extra.get("trf_points")
        rank = player.extra.get("rank")
        return cls(
            None if points is None else float(str(points)),
            None if rank is None else int(str(rank)),
        )


@dataclass(frozen=True)
class TrfGame:
    """A TRF round cell's colour ``-``: the game was played, the colours not known."""

    colour_unknown: bool = False

    KEYS: ClassVar[tuple[str, ...]] = ("trf_colour",)

    @classmethod
    def of(cls, game: Game) -> TrfGame:
        return cls(game.extra.get("trf_colour") == "-")


@dataclass(frozen=True)
class PlayerFileFacts:
    """Who a player is beyond the model, as a player file's columns say it: his federation,
    title and FIDE id (the matcher's second key, after the id: :class:`~ratingkit.core.players.
    PlayerMatcher`)."""

    federation: str | None = None
    title: str | None = None
    fide_id: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("federation", "title", "fide_id")

    @classmethod
    def of(cls, columns: Mapping[str, object]) -> PlayerFileFacts:
        """From a player file row's extra columns (an empty cell gives None)."""
        return cls(
            _text(columns.get("federation")),
            _text(columns.get("title")),
            _text(columns.get("fide_id")),
        )


@dataclass(frozen=True)
class FideListFlags:
    """What a FIDE rating list's row flags of a player beyond his rating, as the ledger keeps
    it with his state: the list's inactive flag (``i``, ``wi``), which the ledger's own list
    keeps until he plays (its own flag follows FIDE 1982 9.23)."""

    inactive: bool = False

    KEYS: ClassVar[tuple[str, ...]] = ("inactive",)

    @classmethod
    def of(cls, columns: Mapping[str, object]) -> FideListFlags:
        """From a player record's extra columns (``inactive`` is ``yes`` or absent)."""
        return cls(columns.get("inactive") == "yes")


@dataclass(frozen=True)
class FesaTableRow:
    """What a FESA table row gives beyond the model, which its writer writes back (FESA's
    "Result table format"): the McMahon start score ``MMS`` and score ``Pts`` as read, and
    the row's last and first name where the reader could tell them apart."""

    #: The McMahon start score as given (a number from a table; a hand-built event's text
    #: is checked by the writer, which names the player).
    mms: int | float | str = 0
    #: The table's ``Pts`` (None: not read from a table).
    pts: int | float | str | None = None
    #: (last name, first name) as the row wrote them.
    name_layout: tuple[str, str] | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("mms", "pts", "name_layout")

    @classmethod
    def of(cls, player: Player) -> FesaTableRow:
        extra = player.extra
        layout: Any = extra.get("name_layout")
        return cls(
            _given_number(extra.get("mms", 0)),
            None if extra.get("pts") is None else _given_number(extra.get("pts")),
            (str(layout[0]), str(layout[1])) if layout and len(layout) == 2 else None,
        )


def _given_number(value: object) -> int | float | str:
    """A number kept as the reader gave it; anything else as its text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return str(value)


@dataclass(frozen=True)
class FesaTableHeader:
    """A FESA table's lines above its header line, which its writer writes back: the
    ``Event:``/``Date:``/``Time control:`` lines (``title_line``), or one line of title."""

    title_line: bool = False
    title: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("title_line", "title")

    @classmethod
    def of(cls, event: Event) -> FesaTableHeader:
        return cls(bool(event.extra.get("title_line")), _text(event.extra.get("title")))


#: Every kind, for the checks that a rule set declares the kinds it reads.
KINDS: tuple[type, ...] = (
    RateOfPlay,
    Competition,
    PublishedPromotions,
    PublishedRow,
    ScoreTableRow,
    BirthAndFirstRating,
    LastOfficialEvent,
    GivenGame,
    TrfHeader,
    TrfRow,
    TrfGame,
    PlayerFileFacts,
    FideListFlags,
    FesaTableRow,
    FesaTableHeader,
)


class _WithExtraColumns(Protocol):
    """A player-file record (core.players.PlayerRecord, which imports this module)."""

    @property
    def extra(self) -> Mapping[str, object]: ...


def state_column(record: _WithExtraColumns, column: str) -> object:
    """A state codec's column (one its rule set declares: ``StateCodec.columns``, the columns
    its list shows) as the player-file record holds it; None where it is empty.  The one read
    of a codec's column by its name outside the codec, for the ledger's stored lists."""
    return record.extra.get(column)
