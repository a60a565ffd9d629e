"""Typed outcomes: what the rules compute, before anything is printed.

Every rule set computes an :class:`Outcome`: frozen values, with enums for statuses and note
kinds and :class:`Rule` values for the clause a decision comes from.  A
:class:`~ratingkit.core.report.Report` (text, HTML, CSV, JSON, pandas) is a view built from
it; the CLI, the ledger, comparisons, pools, widgets and plots read the outcome, never a
printed column name or a note's words.

* :class:`PlayerOutcome`: the fields every system has (rating before, games, score, expected
  score, change, rating after, a :class:`Status`) and a typed per-system ``detail`` (FIDE's
  Ro, Rc, n, w, We, K and its rule; FESA's category, bonus, upsets, promotions ...), defined
  in each system's package;
* :class:`GameOutcome`: one player's side of one game, rated or not, with the :class:`Rule`
  that decided it;
* :class:`Note`: a default assumed or a decision taken, with its :class:`NoteKind`, the rule
  and the players it concerns;
* :class:`Finding`: one problem ``check`` found (the rule broken, the problem, the games as
  :class:`GameRef` values, shown with the players' names by :func:`game_text`);
* :class:`EventOutcome`: one event's part, keyed by an :class:`EventKey` (its position among
  the events rated together and a digest of its content, never its name alone).

A per-system detail is a frozen dataclass whose fields name their printed column with
:func:`shown_as`; :func:`detail_cells` turns one into the cells of a report row, in field order.
The details are type parameters: ``PlayerOutcome[D]``, ``GameOutcome[G]``,
``EventOutcome[D, G, E]`` (``E``: the event's detail) and ``Outcome[D, G, P, E]`` (``P``: the
outcome's own detail, FIDE's :class:`~ratingkit.fide.outcome.FideEvent` or ``FidePeriod``, FESA's
``FesaEvent`` or ``FesaReplay`` ...; ``E``: its events'); ``P`` and ``E`` default to ``object``,
so that ``Outcome[D, G]`` is any outcome of those players and games, whose details a consumer reads
through the protocols below (:class:`EventFacts`, :class:`KInForce`, :class:`ListsPromotions`,
:class:`SaysRatedByPerformance`), never by a field's name.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import (
    TYPE_CHECKING,
    Any,
    Generic,
    NamedTuple,
    Protocol,
    TypeVar,
    runtime_checkable,
)

# A type parameter with a default (PEP 696) on Python 3.11: ``Outcome[D, G]`` stays valid, at
# run time and for mypy, now that ``Outcome`` has two more (its own and its events' detail).
from typing_extensions import TypeVar as DefaultedTypeVar

from .i18n import N_, _, tr

# The values a reader and the model write too live below them (issue 27: no circle through
# the model); the outcome offers them as before, and stored outcomes name them here.
from .notes import GameKind, Note, NoteKind, Rule

if TYPE_CHECKING:
    from datetime import date

    from .model import Event, EventType
    from .players import PlayerFile

#: A number as the rules compute it: exact where the rules are exact (Fraction), a float where
#: a system's arithmetic is floating point (FESA's program), an int for a published rating.
Number = int | float | Fraction | Decimal


class Status(enum.Enum):
    """What became of a player's rating in an event or a period."""

    #: He had a rating and it was updated (the change may be 0).
    RATED = N_("rated")
    #: He had no rating and got his first one (FIDE's Ru / Rn, FESA's first rating, LNMO's
    #: initial rating from table 1).
    FIRST_RATING = N_("first rating")
    #: He had no rating and one was computed but not published (too few games, below the
    #: floor, results pooled until enough games: FIDE 2014 7.14 and 8.2x, 2024 7.1.4).
    NOT_PUBLISHED = N_("not published")
    #: Nothing was rated for him (no rated game, no rated opponent, not counted: FIDE 8.21).
    NOT_RATED = N_("not rated")

    def __str__(self) -> str:
        """The status in words, in the language now in force (``value`` is the English key)."""
        return _(self.value)


@dataclass(frozen=True)
class GameRef:
    """One game a :class:`Finding` concerns, by the players' ids: the round, the player and
    his opponent (white and black, sente and gote, where the game says which side is which),
    the event's name where a finding spans several events (an LNMO season), and the line of
    the file it was read from when known.  :func:`game_text` shows it with the players'
    names; ``str(ref)`` shows it by ids (``r3 a-b``)."""

    round: int | None
    player: str
    opponent: str | None = None
    #: The event's name (a unit of an LNMO season); None when the finding is of one event.
    event: str | None = None
    #: The line of the input file the game was read from (None: not known).
    line: int | None = None

    def __str__(self) -> str:
        return game_text(self)


def game_text(ref: GameRef, names: Mapping[str, str] | None = None) -> str:
    """How a finding names a game: ``r3 Aldren, Tomas - Cerny, Jan``, the players by the name
    ``names`` gives their id (by id when it gives none), preceded by the event's name and
    followed by ``(line 12)`` when the reference has them.  Without ``names``, by the ids
    alone: ``r3 a-b``."""
    named = names or {}

    def who(player: str) -> str:
        return named.get(player) or player

    text = f"r{ref.round}" if ref.round is not None else ""
    players = who(ref.player)
    if ref.opponent is not None:
        sep = " - " if names else "-"
        players += f"{sep}{who(ref.opponent)}"
    text = f"{text} {players}" if text else players
    if ref.event:
        text = f"{ref.event} {text}"
    if ref.line is not None:
        text += " " + tr("(line {line})", line=ref.line)
    return text


def game_fields(ref: GameRef, names: Mapping[str, str] | None = None) -> dict[str, object]:
    """A reference's structured fields (for JSON): the event, the round, the player's and the
    opponent's ids and names, the line, and the reference as :func:`game_text` shows it."""
    named = names or {}
    return {
        "game": game_text(ref, names),
        "event": ref.event,
        "round": ref.round,
        "player": ref.player,
        "player_name": named.get(ref.player) or ref.player,
        "opponent": ref.opponent,
        "opponent_name": (
            None if ref.opponent is None else named.get(ref.opponent) or ref.opponent
        ),
        "line": ref.line,
    }


@dataclass(frozen=True)
class Finding:
    """One problem ``check`` found: the rule broken, the problem in words (with the numbers
    involved), and the games that are therefore not rated (may be empty; ``all_games``: the
    rule concerns every game of the event)."""

    rule: Rule
    problem: str
    games: tuple[GameRef, ...] = ()
    #: True when the finding breaks the event's validity; False when games are simply not
    #: rated by a rule (information).
    breaks_validity: bool = True
    #: The rule concerns every game of the event (it leaves the whole event unrated).
    all_games: bool = False

    def __post_init__(self) -> None:
        loose = [g for g in self.games if not isinstance(g, GameRef)]
        if loose:
            # A finding of before the games were GameRef values ("r3 a-b"): its players cannot
            # be told apart from the words, so it is refused rather than guessed.
            raise TypeError(f"a finding's games are GameRef values, not {loose[0]!r}")

    def games_text(self, names: Mapping[str, str] | None = None) -> list[str]:
        """The games as :func:`game_text` shows them (``["all"]`` for every game)."""
        if self.all_games:
            return [_("all")]
        return [game_text(g, names) for g in self.games]

    def __str__(self) -> str:
        games = ", ".join(self.games_text())
        return f"{self.rule.clause}: {self.problem}" + (f" ({games})" if games else "")


class DigestLater:
    """An :class:`EventKey`'s digest still to compute: ``make()`` computes it, on the first
    read of :attr:`EventKey.digest` (its equality, hash, order, repr and codec read it).  The
    ledger's rate of a FIDE month reads only its events' positions, and hashing the content
    of 1,000,000 games for 2,000 keys nobody reads was a twentieth of its rate (issue 28)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make


class _Digest:
    """The data descriptor of :attr:`EventKey.digest`: the text, computed from its
    :class:`DigestLater` on the first read and kept from then on.  Its class read raises
    AttributeError, so that the dataclass field has no default (dataclasses' descriptor-typed
    fields)."""

    def __set__(self, instance: EventKey, value: str | DigestLater) -> None:
        # Reached only from the dataclass's __init__ (a frozen dataclass's __setattr__ raises
        # first for any later assignment).
        instance.__dict__["digest"] = value

    def __get__(self, instance: EventKey | None, owner: type | None = None) -> str:
        if instance is None:
            raise AttributeError("digest")
        value = instance.__dict__["digest"]
        if type(value) is DigestLater:
            value = instance.__dict__["digest"] = value.make()
        return value  # type: ignore[no-any-return]  # a str once made


@dataclass(frozen=True, order=True)
class EventKey:
    """A stable key of one event among those rated together: its position (0 for the first)
    and a digest of its content (players, games, byes, name, dates).  Two events of one name
    have different keys; the name is kept for display only.  The digest may be given as a
    :class:`DigestLater`, computed when first read (the same text)."""

    position: int
    digest: _Digest = _Digest()  # a descriptor, one for the class
    # mypy takes the descriptor for digest's default; it has none (its class read raises).
    name: str = field(compare=False)  # type: ignore[misc]

    @classmethod
    def of(cls, event: Event, position: int = 0) -> EventKey:
        return cls(position, event_digest(event), event.name)

    def __str__(self) -> str:
        return f"{self.position + 1}:{self.name}"

    def __reduce__(self) -> tuple[type[EventKey], tuple[int, str, str]]:
        # Pickled and copied with its digest made: a DigestLater holds a function.
        return (type(self), (self.position, self.digest, self.name))


def event_digest(event: Event) -> str:
    """16 hex digits of a BLAKE2b hash of the event's content (name, type, dates, rounds,
    players, games, byes), not of its file's path; computed once an event
    (:attr:`ratingkit.core.model.Event.digest`)."""
    return event.digest


D = TypeVar("D")
G = TypeVar("G")
#: An event's detail (``EventOutcome.detail``) and an outcome's (``Outcome.detail``): a
#: system's own type, ``object`` where a consumer does not say (covariant: an
#: ``Outcome[D, G, FideEvent]`` is an ``Outcome[D, G]``; the details are frozen).
E = DefaultedTypeVar("E", covariant=True, default=object)
P = DefaultedTypeVar("P", covariant=True, default=object)


@dataclass(frozen=True)
class PrintedFacts:
    """The facts a printable report prints under the title of each event of several rated
    together, in this order; None: not printed."""

    event_type: EventType | None = None
    start: date | None = None
    end: date | None = None
    players: int | None = None

    def labelled(self) -> tuple[tuple[str, object], ...]:
        """Each fact given, as (its label's catalog key, its value), in printed order."""
        facts: tuple[tuple[str, object], ...] = (
            (N_("event type"), self.event_type),
            (N_("start"), self.start),
            (N_("end"), self.end),
            (N_("players"), self.players),
        )
        return tuple((label, value) for label, value in facts if value is not None)


@runtime_checkable
class EventFacts(Protocol):
    """An event detail that says the facts a printable report prints of its event (FIDE's
    event type, dates and players; FIDE 1982's and FESA's players), for any rule set whose
    event detail says them."""

    @property
    def facts(self) -> PrintedFacts: ...


def event_facts(detail: object) -> PrintedFacts:
    """The facts an event detail says (:class:`EventFacts`), else none."""
    return detail.facts if isinstance(detail, EventFacts) else PrintedFacts()


@runtime_checkable
class KInForce(Protocol):
    """A player detail that says the K his change was computed with (FIDE 2014 8.56, 2024
    8.3.3; FIDE 1982 10.5): what the ledger's list shows, for any rule set whose detail
    says it, without knowing the rule set."""

    @property
    def k(self) -> int | None:
        """The K in force (None: none, e.g. an unrated player's first rating)."""
        ...


#: Whether a detail class says the K (:class:`KInForce`), by class.
_SAYS_K: dict[type, bool] = {}


def k_in_force(player: PlayerOutcome[Any]) -> int | None:
    """The K a player's rating was computed with, where his detail says one
    (:class:`KInForce`), else None."""
    detail = player.detail
    says_k = _SAYS_K.get(type(detail))
    if says_k is None:
        # A protocol's isinstance is slow (it looks for every member): asked once a class,
        # not once a player of a 100,000-player list.
        says_k = _SAYS_K[type(detail)] = isinstance(detail, KInForce)
    if not says_k:
        return None
    k = detail.k
    return k if isinstance(k, int) and not isinstance(k, bool) else None


class GradePromotion(Protocol):
    """One promotion as a result table publishes it: who, and the grade he reached (a grade
    number of :mod:`ratingkit.core.shogi`; FESA rule 10's ``Promoting ... to ...`` line)."""

    @property
    def name(self) -> str: ...

    @property
    def to_grade(self) -> int: ...


@runtime_checkable
class ListsPromotions(Protocol):
    """An event detail that lists the event's promotions in the order they happened (FESA
    rule 10): what a FESA table's writer prints below its rows, for any rule set whose
    detail lists them."""

    @property
    def promotions(self) -> Sequence[GradePromotion]: ...


@runtime_checkable
class SaysRatedByPerformance(Protocol):
    """A player detail that says whether his rating came from his performance in the event
    (FESA rules 3 and 5-7: an unrated player), which a FESA table marks with ``*``."""

    @property
    def rated_by_performance(self) -> bool: ...


def promotions_of(detail: object) -> tuple[GradePromotion, ...]:
    """The promotions an event detail lists (:class:`ListsPromotions`), else none."""
    return tuple(detail.promotions) if isinstance(detail, ListsPromotions) else ()


def rated_by_performance(player: PlayerOutcome[Any]) -> bool:
    """Whether a player's detail says his rating came from his performance
    (:class:`SaysRatedByPerformance`); False where the detail does not say."""
    detail = player.detail
    return isinstance(detail, SaysRatedByPerformance) and detail.rated_by_performance


@dataclass(frozen=True)
class PlayerOutcome(Generic[D]):
    """One player's result: the fields every system has, and the system's own ``detail``."""

    id: str
    name: str
    #: None for a player without a rating before.
    rating_before: int | None
    games: int
    #: None where nothing of his counts (an unrated player without a counted game).
    score: Number | None
    expected: Number | None
    #: The unrounded change (None when nothing was rated).
    change: Number | None
    #: The published rating after the rule set's rounding (None: none published).
    rating_after: int | None
    status: Status
    detail: D

    @property
    def delta(self) -> int | None:
        """The published change: rating after minus rating before (None if either is
        missing)."""
        if self.rating_after is None or self.rating_before is None:
            return None
        return self.rating_after - self.rating_before


@dataclass(frozen=True)
class GameOutcome(Generic[G]):
    """One player's side of one game."""

    event: EventKey
    round: int
    player: str
    opponent: str
    score: Number | None
    rated: bool
    #: The rule that left the game unrated, or that changed how it counted (a cap, an upset,
    #: a bonus); None for a plain rated game.
    reason: Rule | None
    change: Number | None
    detail: G


@dataclass(frozen=True)
class EventOutcome(Generic[D, G, E]):
    """One event's part of an outcome."""

    key: EventKey
    players: tuple[PlayerOutcome[D], ...]
    games: tuple[GameOutcome[G], ...] = ()
    notes: tuple[Note, ...] = ()
    #: The system's event-level values (FIDE's event type, Rar, dpa; FESA's passes ...);
    #: None where the rule set has none (the default, hence the ignore: ``E`` is then None).
    detail: E = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Outcome(Generic[D, G, P, E]):
    """What a rule set computed for one event or for several rated together.

    ``players`` are the result (for a FIDE period: each player's period total); ``events``
    each event's own part; ``new_state`` the players' state after, for the next event."""

    rules: str
    title: str
    players: tuple[PlayerOutcome[D], ...]
    events: tuple[EventOutcome[D, G, E], ...] = ()
    games: tuple[GameOutcome[G], ...] = ()
    notes: tuple[Note, ...] = ()
    #: The system's own values of the whole (an event's, a period's, a replay's); None where
    #: the rule set has none (the default, hence the ignore: ``P`` is then None).
    detail: P = None  # type: ignore[assignment]
    new_state: PlayerFile | None = None

    def player(self, player_id: str) -> PlayerOutcome[D]:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def __iter__(self) -> Iterator[PlayerOutcome[D]]:
        return iter(self.players)

    def __repr__(self) -> str:
        return (
            f"<Outcome {self.rules} {self.title!r}: {len(self.players)} players, "
            f"{len(self.events)} events, {len(self.games)} game sides, {len(self.notes)} notes>"
        )

    def notes_of(self, kind: NoteKind) -> tuple[Note, ...]:
        return tuple(note for note in self.notes if note.kind is kind)

    def games_of(self, player_id: str) -> tuple[GameOutcome[G], ...]:
        return tuple(game for game in self.games if game.player == player_id)


# -- how a detail is shown ----------------------------------------------------------------------


def shown_as(column: str, show: Callable[[Any], object] | None = None, **options: Any) -> Any:
    """A dataclass field printed in the report column ``column`` (``show`` turns the value
    into the cell, e.g. ``str`` for a :class:`Rule`)::

        k_rule: Rule = shown_as("K rule", str)
    """
    metadata = {"column": column, "show": show}
    return field(metadata=metadata, **options)


def shown_columns(detail_type: type) -> tuple[str, ...]:
    """The report columns of a detail class, in field order."""
    return tuple(
        f.metadata["column"] for f in dataclasses.fields(detail_type) if "column" in f.metadata
    )


def detail_cells(detail: object) -> dict[str, object]:
    """The report cells of a detail value: ``{column: shown value}``, in field order; a
    ``None`` value gives no cell (the column is left empty)."""
    if detail is None:
        return {}
    cells: dict[str, object] = {}
    for f in dataclasses.fields(detail):  # type: ignore[arg-type]
        column = f.metadata.get("column")
        if column is None:
            continue
        value = getattr(detail, f.name)
        if value is None:
            continue
        show = f.metadata.get("show")
        cells[column] = show(value) if show is not None else value
    return cells


def common_cells(player: PlayerOutcome[Any]) -> dict[str, object]:
    """The cells of the columns every report starts with
    (:data:`ratingkit.core.report.COMMON_COLUMNS`).  A player without a rated game has no
    expected score and no change: those cells are empty, not "0.00" and "+0.00"."""
    played = bool(player.games)
    return {
        N_("id"): player.id,
        N_("name"): player.name,
        N_("rating_before"): player.rating_before,
        N_("games"): player.games,
        N_("score"): player.score,
        N_("expected"): player.expected if played else None,
        N_("change"): player.change if played else None,
        N_("rating_after"): player.rating_after,
    }


def player_row(player: PlayerOutcome[Any]) -> dict[str, object]:
    """A report's player row: the common cells, then the detail's."""
    return {**common_cells(player), **detail_cells(player.detail)}


__all__ = [
    "DigestLater",
    "EventFacts",
    "EventKey",
    "EventOutcome",
    "Finding",
    "GameKind",
    "GameOutcome",
    "GameRef",
    "GradePromotion",
    "KInForce",
    "ListsPromotions",
    "Note",
    "NoteKind",
    "Number",
    "Outcome",
    "PlayerOutcome",
    "PrintedFacts",
    "Rule",
    "SaysRatedByPerformance",
    "Status",
    "common_cells",
    "detail_cells",
    "event_digest",
    "event_facts",
    "game_fields",
    "game_text",
    "k_in_force",
    "player_row",
    "promotions_of",
    "rated_by_performance",
    "shown_as",
    "shown_columns",
]


# -- a period's parts as values (issue 28, part 3) ------------------------------------------


class PartValues(NamedTuple):
    """A player's part of one event as numbers: what his
    :class:`~ratingkit.core.outcome.PlayerOutcome` in ``EventOutcome.players`` holds."""

    id: str
    rating_before: int | None
    games: int
    score: Number | None
    expected: Number | None
    change: Number | None
    rating_after: int | None
    status: Status
    k: int | None


_PART_VALUES = "_part_values"


def attach_part_values(outcome: object, build: Callable[[], list[list[PartValues]]]) -> None:
    """Let :func:`part_values` read ``outcome``'s parts as values, made by ``build`` when
    asked (an engine that holds its period in arrays: ratingkit.fide.engine); the outcome's
    fields are unchanged."""
    outcome.__dict__[_PART_VALUES] = build


def part_values(outcome: object) -> list[list[PartValues]] | None:
    """Each event's part of a period the engine rated, player by player in the event's
    order, as values (a FIDE month's 200,000 parts without their objects); None for an
    outcome the engine did not make."""
    build = getattr(outcome, "__dict__", {}).get(_PART_VALUES)
    if build is None:
        return None
    values: list[list[PartValues]] = build()
    return values
