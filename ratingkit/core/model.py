"""The event model shared by every rating system: players, games, byes and events.

Everything here is immutable.  Rule sets read events and never change them; a change of a
result (in a widget, say) makes a new event with :func:`dataclasses.replace` or
:meth:`Event.with_result`.

Colours: ``white`` is the player who moves first.  In shogi that is sente, whom shogi calls
"black"; :attr:`Game.sente` and :attr:`Game.gote` name the two players the shogi way.
"""

from __future__ import annotations

import enum
import numbers
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..core.i18n import tr
from .errors import (
    ConflictingGameError,
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    UnknownPlayerError,
    UnknownResultError,
)
from .notes import GameKind, Note, NoteKind, Rule, content_digest
from .values import RATING_MAX


def _frozen_mapping(value: Mapping[str, object] | None) -> Mapping[str, object]:
    return MappingProxyType(dict(value or {}))


class EventType(enum.Enum):
    """How the event was paired; FIDE 2014 8.21 and 8.52 rate round robins differently."""

    ROUND_ROBIN = "round robin"
    SWISS = "swiss"
    TEAM = "team"
    MATCH = "match"
    CLUB = "club"

    @classmethod
    def parse(cls, text: str, location: Location | None = None) -> EventType:
        key = text.strip().lower().replace("-", " ").replace("_", " ")
        aliases = {
            "rr": "round robin",
            "berger": "round robin",
            "double round robin": "round robin",
        }
        key = aliases.get(key, key)
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(m.value for m in cls)
        raise InvalidValueError(
            tr("unknown event type {text!r} (expected {names})", text=text, names=names),
            location,
            text,
        )


class Play(enum.Enum):
    """Whether a game was played over the board."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    #: TRF codes W, D, L: the game lasted less than one move; FIDE does not rate it.
    UNDER_ONE_MOVE = "under one move"


class Special(enum.Enum):
    """Shogi results that the rule sets treat specially (FESA rule 4a, LNMO rules 2a and 5)."""

    SENNICHITE = "sennichite"
    JISHOGI_REPLAYED = "jishogi replayed"
    JISHOGI_POINTS = "jishogi by points"
    ILLEGAL_MOVE = "illegal move"

    @classmethod
    def parse(cls, text: str, location: Location | None = None) -> Special | None:
        key = text.strip().lower().replace("_", " ").replace("-", " ")
        if not key:
            return None
        aliases = {
            "kinte": "illegal move",
            "jishogi": "jishogi replayed",
            "jishogi points": "jishogi by points",
        }
        key = aliases.get(key, key)
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(m.value for m in cls)
        raise InvalidValueError(
            tr("unknown special result {text!r} (expected {names})", text=text, names=names),
            location,
            text,
        )


class ByeKind(enum.Enum):
    """Rounds without a game (TRF codes).  They are never rated."""

    HALF_POINT = "H"
    FULL_POINT = "F"
    #: Pairing-allocated bye ("unpaired"): scored as a win by most tournament rules.
    PAIRING_ALLOCATED = "U"
    ZERO_POINT = "Z"

    @property
    def points(self) -> float:
        return {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}[self.value]


@dataclass(frozen=True)
class Handicap:
    """A handicap game (shogi): the handicap's name as the rule set's table writes it, and the
    id of the player who gives it."""

    kind: str
    giver: str


@dataclass(frozen=True)
class Player:
    """A participant.  ``rating`` is ``None`` for an unrated player."""

    id: str
    name: str
    rating: int | None = None
    federation: str | None = None
    title: str | None = None
    sex: str | None = None
    born: date | None = None
    fide_id: str | None = None
    extra: Mapping[str, object] = field(default_factory=dict, hash=False)
    #: Where the reader found the player (file and line), for the event's error messages.
    location: Location | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _frozen_mapping(self.extra))

    @property
    def is_rated(self) -> bool:
        return self.rating is not None


_SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True)
class Game:
    """One game between two players.

    ``white_score`` and ``black_score`` are the points each player got (1, 0.5 or 0; a double
    forfeit gives 0 and 0).  Only games with ``play == Play.PLAYED`` can be rated.
    """

    round: int
    white: str
    black: str
    white_score: float
    black_score: float
    play: Play = Play.PLAYED
    special: Special | None = None
    handicap: Handicap | None = None
    date: date | None = None
    extra: Mapping[str, object] = field(default_factory=dict, hash=False)
    location: Location | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _frozen_mapping(self.extra))
        if self.white == self.black:
            raise InvalidValueError(
                tr(
                    "player {white!r} cannot play himself in round {round}",
                    white=self.white,
                    round=self.round,
                ),
                self.location,
                self.white,
            )
        if self.white_score not in _SCORES or self.black_score not in _SCORES:
            raise InvalidValueError(
                tr(
                    "scores must be 1, 0.5 or 0, got {white_score}-{black_score}",
                    white_score=self.white_score,
                    black_score=self.black_score,
                ),
                self.location,
                (self.white_score, self.black_score),
            )
        total = self.white_score + self.black_score
        if self.play is Play.PLAYED and total != 1.0:
            raise InvalidValueError(
                tr(
                    ("a played game's scores must add up to 1, got {white_score}-{black_score}"),
                    white_score=self.white_score,
                    black_score=self.black_score,
                ),
                self.location,
                (self.white_score, self.black_score),
            )
        if self.handicap is not None and self.handicap.giver not in (self.white, self.black):
            raise InvalidValueError(
                tr(
                    "handicap giver {giver!r} does not play in this game", giver=self.handicap.giver
                ),
                self.location,
                self.handicap.giver,
            )

    @property
    def sente(self) -> str:
        """Shogi: the player who moves first ("black" in shogi's own terms)."""
        return self.white

    @property
    def gote(self) -> str:
        return self.black

    @property
    def is_played(self) -> bool:
        return self.play is Play.PLAYED

    @property
    def players(self) -> tuple[str, str]:
        return (self.white, self.black)

    def involves(self, player_id: str) -> bool:
        return player_id in (self.white, self.black)

    def opponent_of(self, player_id: str) -> str:
        if player_id == self.white:
            return self.black
        if player_id == self.black:
            return self.white
        raise KeyError(player_id)

    def score_of(self, player_id: str) -> float:
        if player_id == self.white:
            return self.white_score
        if player_id == self.black:
            return self.black_score
        raise KeyError(player_id)

    @property
    def result_code(self) -> str:
        """The result as the CSV format writes it (``1-0``, ``1/2-1/2``, ``+/-`` ...)."""
        if self.play is Play.FORFEIT:
            return {(1.0, 0.0): "+/-", (0.0, 1.0): "-/+"}.get(
                (self.white_score, self.black_score), "-/-"
            )
        return {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[self.white_score]


@dataclass(frozen=True)
class Bye:
    """A round in which a player had no game (TRF H, F, U, Z)."""

    round: int
    player: str
    kind: ByeKind = ByeKind.ZERO_POINT
    location: Location | None = field(default=None, compare=False)

    @property
    def points(self) -> float:
        return self.kind.points


# Result codes of the CSV format, from white's point of view:
# (white score, black score, play).
RESULT_CODES: Mapping[str, tuple[float, float, Play]] = MappingProxyType(
    {
        "1-0": (1.0, 0.0, Play.PLAYED),
        "0-1": (0.0, 1.0, Play.PLAYED),
        "1/2-1/2": (0.5, 0.5, Play.PLAYED),
        "½-½": (0.5, 0.5, Play.PLAYED),
        "=": (0.5, 0.5, Play.PLAYED),
        "0.5-0.5": (0.5, 0.5, Play.PLAYED),
        "+/-": (1.0, 0.0, Play.FORFEIT),
        "-/+": (0.0, 1.0, Play.FORFEIT),
        "-/-": (0.0, 0.0, Play.FORFEIT),
        "+-": (1.0, 0.0, Play.FORFEIT),
        "-+": (0.0, 1.0, Play.FORFEIT),
        "--": (0.0, 0.0, Play.FORFEIT),
    }
)

BYE_CODES: Mapping[str, ByeKind] = MappingProxyType({k.value: k for k in ByeKind})


def parse_result(code: str, location: Location | None = None) -> tuple[float, float, Play]:
    """Read a game result code of the CSV format (``1-0``, ``0-1``, ``1/2-1/2``, ``=``,
    ``+/-``, ``-/+``, ``-/-``)."""
    key = code.strip().replace(" ", "")
    if key in RESULT_CODES:
        return RESULT_CODES[key]
    known = "1-0, 0-1, 1/2-1/2, =, +/-, -/+, -/- (byes: H, F, U, Z)"
    raise UnknownResultError(
        tr("unknown result {code!r} (expected one of {known})", code=code, known=known),
        location,
        code,
    )


@dataclass(frozen=True)
class EventOrigin:
    """Where an event came from, as its reader recorded it: the files it read, their
    encoding and its notes on them, the event's own players file and event-fields file, and
    what told the reader which game the file is of.

    Set by the readers and read as attributes by the report's notes, the CLI, the ledger and
    the desk.  The ledger stores it among the event's JSON fields under the keys of
    :data:`ORIGIN_KEYS` (the keys it always had), :meth:`stored` and :func:`split_origin`
    being the two directions."""

    #: Every file the reader read (a CSV pair given by its games file reads its players and
    #: event files too); ``--output`` must not overwrite any of them.
    files: tuple[str, ...] = ()
    #: The encoding of the reader's files: the first one that is not UTF-8, else UTF-8.
    encoding: str | None = None
    #: The reader's notes on its files (which were not read as UTF-8, a player file's
    #: ratings filled in ...), shown among every report's notes.
    read_notes: tuple[ReadNote, ...] = ()
    #: How the event's type was decided ("event type swiss (detected ...)").
    type_note: str | None = None
    #: What the reader noted beside the type (a TRF's bye placeholders): a type given on the
    #: command line keeps these in its note.
    notes_beside_type: tuple[str, ...] = ()
    #: The event's own players file (a CSV pair's players.csv, a club's roster), which may
    #: carry the players' state.
    player_file: str | None = None
    #: The file the event's fields (name, dates, type ...) were read from.
    event_file: str | None = None
    #: What told the reader which game the file is of ("a FIDE TRF file"), marked with N_.
    game_evidence: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "files", tuple(str(f) for f in self.files))
        object.__setattr__(self, "read_notes", tuple(read_note(n) for n in self.read_notes))
        object.__setattr__(self, "notes_beside_type", tuple(str(n) for n in self.notes_beside_type))

    def stored(self) -> dict[str, object]:
        """The origin as the ledger stores it: the keys of :data:`ORIGIN_KEYS` that are set."""
        values = {key: getattr(self, name) for name, key in ORIGIN_KEYS.items()}
        return {key: value for key, value in values.items() if value not in (None, ())}


#: The attributes of :class:`EventOrigin` and the keys the ledger stores them under (the
#: names readers gave them in the event's fields before the origin was typed).
ORIGIN_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "files": "files",
        "encoding": "encoding",
        "read_notes": "read_notes",
        "type_note": "type_note",
        "notes_beside_type": "reader_notes",
        "player_file": "player_file",
        "event_file": "event_file",
        "game_evidence": "game_evidence",
    }
)


def split_origin(stored: Mapping[str, object]) -> tuple[EventOrigin, dict[str, object]]:
    """An event's fields as the ledger stored them: its :class:`EventOrigin` and the rest."""
    by_key = {key: name for name, key in ORIGIN_KEYS.items()}
    values: dict[str, Any] = {}
    rest: dict[str, object] = {}
    for key, value in stored.items():
        if key in by_key:
            values[by_key[key]] = tuple(value) if isinstance(value, list) else value
        else:
            rest[key] = value
    return EventOrigin(**values), rest


def _day(value: date | None) -> int | None:
    return value.toordinal() if value is not None else None  # a digest's date


@dataclass(frozen=True, repr=False)
class Event:
    """A rated competition: who played, what was played, and how it was paired."""

    name: str
    players: tuple[Player, ...]
    games: tuple[Game, ...]
    byes: tuple[Bye, ...] = ()
    type: EventType = EventType.SWISS
    start: date | None = None
    end: date | None = None
    rounds: int | None = None
    source: str | None = None
    extra: Mapping[str, object] = field(default_factory=dict, hash=False)
    #: The players' ids are start numbers of this file (TRF start ranks, FESA table numbers,
    #: score-table letters), not the players' own ids: a player file joins on FIDE id or name.
    local_ids: bool = False
    #: Only each player's total is known (an old score table, FIDE 1982): the event has no
    #: game list and each player's points stand in ``Player.extra["points"]``.
    score_only: bool = False
    #: The game the file is of (chess or shogi), set by the reader when its format says it
    #: (a TRF or a score table: chess; a FESA table, LNMO club records, handicaps or shogi
    #: results: shogi); None when the file shows neither (a plain game list).
    game: GameKind | None = None
    #: Where the event came from: the files its reader read and its notes on them.
    origin: EventOrigin = field(default_factory=EventOrigin, hash=False)

    def __repr__(self) -> str:
        when = f", {self.start.isoformat()}" if self.start else ""
        game = f" {self.game.value}" if self.game else ""
        return (
            f"<Event {self.name!r}: {len(self.players)} players, {len(self.games)} games, "
            f"{self.type.value}{game}{when}>"
        )

    if not TYPE_CHECKING:  # mypy sees the field; a plain CSV file's games kept as columns

        def __getattr__(self, name: str) -> Any:  # made once, on first use (core.game_columns)
            if name != "games" or "_game_columns" not in self.__dict__:
                raise AttributeError(f"'Event' object has no attribute {name!r}")
            return self.__dict__.setdefault("games", self.__dict__["_game_columns"].games())

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "byes", tuple(self.byes))
        object.__setattr__(self, "extra", _frozen_mapping(self.extra))
        seen: dict[str, Player] = {}
        fide_ids: dict[str, Player] = {}
        event_where = _location_of(self.source)  # one for every player it names (frozen)
        for player in self.players:
            where = player.location or event_where
            if player.id in seen:
                first = seen[player.id]
                raise DuplicatePlayerError(
                    tr(
                        ("player id {id!r} is used by both {name!r} and {other!r}{first_at}"),
                        id=player.id,
                        name=first.name,
                        other=player.name,
                        first_at=_first_at(first),
                    ),
                    where,
                    player.id,
                )
            seen[player.id] = player
            if player.fide_id:
                other = fide_ids.get(player.fide_id)
                if other is not None:
                    raise DuplicatePlayerError(
                        tr(
                            (
                                "FIDE id {fide_id!r} is given to both {name!r} and "
                                "{other!r}{first_at}: one person entered twice?"
                            ),
                            fide_id=player.fide_id,
                            name=other.name,
                            other=player.name,
                            first_at=_first_at(other),
                        ),
                        where,
                        player.fide_id,
                    )
                fide_ids[player.fide_id] = player
            _check_rating(player, where)
        if self.start is not None and self.end is not None and self.end < self.start:
            raise InvalidValueError(
                tr(
                    "the event ends ({end}) before it starts ({start})",
                    end=self.end.isoformat(),
                    start=self.start.isoformat(),
                ),
                _location_of(self.source),
                self.end,
            )
        # Every game's players are listed: as sets first (a FIDE month is a million games),
        # in order only where that fails, so that the first unknown player is the one named.
        whites = set(map(_WHITE, self.games))
        blacks = set(map(_BLACK, self.games))
        all_known = seen.keys() >= whites and seen.keys() >= blacks
        for game in () if all_known else self.games:
            for pid in game.players:
                if pid not in seen:
                    raise UnknownPlayerError(
                        tr(
                            "round {round}: player {player!r} is not in the event's player list",
                            round=game.round,
                            player=pid,
                        ),
                        game.location or _location_of(self.source),
                        pid,
                    )
        for bye in self.byes:
            if bye.player not in seen:
                raise UnknownPlayerError(
                    tr(
                        (
                            "round {round}: bye for player {player!r}, who is not in the "
                            "event's player list"
                        ),
                        round=bye.round,
                        player=bye.player,
                    ),
                    bye.location or _location_of(self.source),
                    bye.player,
                )
        _check_one_game_per_round(self.games, self.byes)
        if self.rounds is not None:
            _check_rounds(self.rounds, self.games, self.byes, self.source)

    # -- look-ups -------------------------------------------------------------------------
    @cached_property
    def digest(self) -> str:
        """16 hex digits of a hash of the event's content (name, type, dates, rounds, players,
        games, byes; not its path): the same event read twice has the same one."""

        return self.digest_with(
            tuple(
                (
                    g.round,
                    g.white,
                    g.black,
                    int(2 * g.white_score),
                    int(2 * g.black_score),
                    g.play.value,
                    g.special.value if g.special is not None else None,
                    (g.handicap.kind, g.handicap.giver) if g.handicap is not None else None,
                    _day(g.date),
                )
                for g in self.games
            )
        )

    def digest_with(self, games: tuple[tuple[object, ...], ...]) -> str:
        """:attr:`digest` with ``games`` as the games' content (a store keeping columns)."""
        return content_digest(
            (
                self.name,
                self.type.value,
                _day(self.start),
                _day(self.end),
                self.rounds,
                tuple((p.id, p.name, p.rating, p.fide_id) for p in self.players),
                games,
                tuple((b.round, b.player, b.kind.value) for b in self.byes),
            )
        )

    @cached_property
    def _players_by_id(self) -> Mapping[str, Player]:
        return MappingProxyType({p.id: p for p in self.players})

    @cached_property
    def _games_by_player(self) -> Mapping[str, tuple[Game, ...]]:
        # Built once per event: rule sets ask for each player's games, and a scan of all
        # games per player would make large events quadratic.
        by_player: dict[str, list[Game]] = {p.id: [] for p in self.players}
        for game in self.games:
            for pid in game.players:
                by_player[pid].append(game)
        return MappingProxyType(
            {pid: tuple(sorted(gs, key=lambda g: g.round)) for pid, gs in by_player.items()}
        )

    def player(self, player_id: str) -> Player:
        try:
            return self._players_by_id[player_id]
        except KeyError:
            raise UnknownPlayerError(
                tr(
                    "no player {player_id!r} in event {name!r}", player_id=player_id, name=self.name
                ),
                None,
                player_id,
            ) from None

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def games_of(self, player_id: str) -> tuple[Game, ...]:
        """The player's games in round order (unplayed ones included)."""
        return self._games_by_player.get(player_id, ())

    def played_games_of(self, player_id: str) -> tuple[Game, ...]:
        return tuple(g for g in self.games_of(player_id) if g.is_played)

    def points(self, player_id: str) -> float:
        """Tournament points: games (forfeits included) and byes."""
        from_games = sum(g.score_of(player_id) for g in self.games_of(player_id))
        from_byes = sum(b.points for b in self.byes if b.player == player_id)
        return from_games + from_byes

    @property
    def round_count(self) -> int:
        if self.rounds is not None:
            return self.rounds
        rounds = [g.round for g in self.games] + [b.round for b in self.byes]
        return max(rounds, default=0)

    def with_result(self, round: int, white: str, black: str, result: str) -> Event:
        """A copy of the event with one game's result replaced (a CSV result code)."""
        white_score, black_score, play = parse_result(result)
        games = []
        found = False
        for game in self.games:
            if game.round == round and {game.white, game.black} == {white, black}:
                found = True
                if game.white != white:
                    white_score, black_score = black_score, white_score
                game = replace(game, white_score=white_score, black_score=black_score, play=play)
            games.append(game)
        if not found:
            raise UnknownPlayerError(
                tr(
                    "no game in round {round} between {white!r} and {black!r}",
                    round=round,
                    white=white,
                    black=black,
                ),
                None,
                (round, white, black),
            )
        return replace(self, games=tuple(games))

    def with_player(self, player: Player) -> Event:
        """A copy of the event with one player's record replaced (matched on id)."""
        self.player(player.id)
        return replace(
            self, players=tuple(player if p.id == player.id else p for p in self.players)
        )

    def detected_type(self) -> EventType:
        """Round robin when every pair of players met equally often (at least once), else
        Swiss.  Readers use this when a file does not say how the event was paired."""
        return EventType.ROUND_ROBIN if is_complete_round_robin(self) else EventType.SWISS


def is_complete_round_robin(event: Event) -> bool:
    """Whether every pair of players met the same number of times, at least once: N(N-1)/2
    distinct pairs with one count (every game is between two of the event's players)."""
    return all_pairs_met(len(event.players), event.games)


def all_pairs_met(count: int, games: Iterable[Game]) -> bool:
    """:func:`is_complete_round_robin` for ``count`` players and their ``games`` (each
    between two different players of the ``count``), before an event is built of them."""
    if count < 2:
        return False
    pairs = count * (count - 1) // 2
    if isinstance(games, Sized) and len(games) % pairs:
        # Every pair meeting m times is m * pairs games: most Swiss events are told here.
        return False
    meetings: Counter[frozenset[str]] = Counter(frozenset(g.players) for g in games)
    if len(meetings) != pairs:
        return False
    return len(set(meetings.values())) == 1


#: A sanity range for every rating an event carries, whatever the system.  The readers of
#: rating files apply the narrower range of their system (the player file: 0 to 4000, see
#: :data:`ratingkit.core.values.RATING_RANGE`); FESA's and LNMO's own ratings may go below 0.
RATING_SANITY_RANGE = (-RATING_MAX, RATING_MAX)


def _check_rating(player: Player, where: Location | None) -> None:
    rating = player.rating  # None or a plain int in range (most players) checked first:
    if rating is None or (rating.__class__ is int and -RATING_MAX <= rating <= RATING_MAX):
        return
    low, high = RATING_SANITY_RANGE
    if isinstance(rating, bool) or not isinstance(rating, numbers.Real):
        raise InvalidValueError(
            tr(
                "player {id!r}: rating must be a number, got {rating!r}",
                id=player.id,
                rating=rating,
            ),
            where,
            rating,
        )
    if not low <= rating <= high:  # also refuses nan
        raise InvalidValueError(
            tr(
                ("player {id!r}: rating {rating!r} is out of range ({low} to {high})"),
                id=player.id,
                rating=rating,
                low=low,
                high=high,
            ),
            where,
            rating,
        )


def _first_at(player: Player) -> str:
    if player.location is None:
        return ""
    return " " + tr("(first at {location})", location=player.location)


def _check_rounds(
    rounds: int, games: Iterable[Game], byes: Iterable[Bye], source: str | None
) -> None:
    """Every game and bye lies in rounds 1 to ``rounds`` when the event says how many rounds
    it had."""
    entries = [(g.round, g.location, f"{g.white!r} v {g.black!r}") for g in games]
    entries += [(b.round, b.location, tr("bye of {player!r}", player=b.player)) for b in byes]
    for round_, location, what in entries:
        if not 1 <= round_ <= rounds:
            raise InvalidValueError(
                tr(
                    "round {round} ({what}) in an event of {rounds} round(s)",
                    round=round_,
                    what=what,
                    rounds=rounds,
                ),
                location or _location_of(source),
                round_,
            )


class ReadNote(Note, str):
    """A note of a reader (:data:`NoteKind.READ`): how an event's type was decided, which
    files were not read as UTF-8 (those name the ``files`` and the ``encoding``).

    A :class:`~ratingkit.core.outcome.Note` that is also its own text (a ``str``): a reader's
    note is kept in ``Event.origin`` (which the ledger stores as JSON) and shown wherever a
    note's words were shown before; ``str(note)`` is the text, and ``note == text``."""

    #: The files an encoding note is about (empty for other notes).
    files: tuple[str, ...]
    #: The codec they were read with (``"cp1251"``), for an encoding note; else None.
    encoding: str | None

    def __new__(
        cls,
        text: str,
        rule: Rule | None = None,
        players: tuple[str, ...] = (),
        *,
        files: tuple[str, ...] = (),
        encoding: str | None = None,
    ) -> ReadNote:
        return str.__new__(cls, text)

    def __init__(
        self,
        text: str,
        rule: Rule | None = None,
        players: tuple[str, ...] = (),
        *,
        files: tuple[str, ...] = (),
        encoding: str | None = None,
    ) -> None:
        Note.__init__(self, NoteKind.READ, str(text), rule, tuple(players))
        object.__setattr__(self, "files", tuple(files))
        object.__setattr__(self, "encoding", encoding)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Note):
            return (self.kind, self.text, self.rule, self.players) == (
                other.kind,
                other.text,
                other.rule,
                other.players,
            )
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    # Equal to its text, so hashed as its text.
    __hash__ = str.__hash__

    def __str__(self) -> str:
        # A plain str: returning a ReadNote would make ``str(note)`` call ``__init__`` on it.
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"ReadNote({self.text!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_read_note, (self.text, self.rule, self.players, self.files, self.encoding))


def _read_note(
    text: str,
    rule: Rule | None,
    players: tuple[str, ...],
    files: tuple[str, ...],
    encoding: str | None,
) -> ReadNote:
    return ReadNote(text, rule, players, files=files, encoding=encoding)


def read_note(note: object) -> ReadNote:
    """A reader's note as a :class:`ReadNote` (a text, or a note already)."""
    if isinstance(note, ReadNote):
        return note
    if isinstance(note, Note):
        return ReadNote(note.text, note.rule, note.players)
    return ReadNote(str(note))


def with_game(event: Event, game: GameKind, evidence: str) -> Event:
    """``replace(event, game=game)`` with ``evidence`` as its origin's ``game_evidence``, not
    checked again (neither enters the checks) and keeping its games' columns if any."""
    fields = dict(event.__dict__)  # its values and what it has cached of them
    fields["game"] = game
    fields["origin"] = replace(event.origin, game_evidence=evidence)
    copy = object.__new__(Event)
    copy.__dict__.update(fields.items())
    return copy


def event_notes(event: Event) -> tuple[ReadNote, ...]:
    """What the reader says about an event, for a report's notes, as
    :class:`~ratingkit.core.outcome.Note` values of kind :data:`NoteKind.READ`: how its type
    was decided (:attr:`EventOrigin.type_note`) and its notes on its files
    (:attr:`EventOrigin.read_notes`, e.g. "games.csv: read as Windows-1251 (detected)").
    ``str(note)`` is the note's text."""
    origin = event.origin
    notes = (origin.type_note, *origin.read_notes)
    return tuple(read_note(n) for n in notes if n)


def _location_of(source: str | None) -> Location | None:
    return Location(source) if source else None


_ROUND = attrgetter("round")
_WHITE = attrgetter("white")
_BLACK = attrgetter("black")
_BYE_PLAYER = attrgetter("player")


def _check_one_game_per_round(games: Sequence[Game], byes: Sequence[Bye]) -> None:
    """No player has two games or byes in one round: as a set of (round, player) first, in
    order only where a clash is, to name the first one and where it was met before."""
    game_rounds = list(map(_ROUND, games))
    pairs = [
        *zip(game_rounds, map(_WHITE, games), strict=True),
        *zip(game_rounds, map(_BLACK, games), strict=True),
        *zip(map(_ROUND, byes), map(_BYE_PLAYER, byes), strict=True),
    ]
    if len(set(pairs)) == len(pairs):
        return
    seen: dict[tuple[int, str], Location | None] = {}
    entries: list[tuple[int, str, Location | None]] = []
    for game in games:
        entries.extend((game.round, pid, game.location) for pid in game.players)
    entries.extend((bye.round, bye.player, bye.location) for bye in byes)
    for round_, pid, location in entries:
        key = (round_, pid)
        if key in seen:
            raise ConflictingGameError(
                tr(
                    "player {player!r} has two games or byes in round {round}",
                    player=pid,
                    round=round_,
                ),
                seen[key] or Location(),
                location or Location(),
                pid,
            )
        seen[key] = location


# -- Assembling games recorded from both sides (TRF, FESA tables) ----------------------------


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"


@dataclass(frozen=True)
class GameEntry:
    """One player's record of one round, as cross tables give it.

    ``score`` is the player's own points; ``play`` whether the game was played.  ``opponent``
    is ``None`` for a bye (then ``bye`` says which kind).
    """

    round: int
    player: str
    opponent: str | None
    colour: Colour | None
    score: float
    play: Play = Play.PLAYED
    bye: ByeKind | None = None
    location: Location | None = None


def assemble_games(entries: Iterable[GameEntry]) -> tuple[tuple[Game, ...], tuple[Bye, ...]]:
    """Pair the two records of each game and check that they agree.

    Each game must be recorded by both players, with opposite colours (when given), scores
    that the two players' records agree on, and the same kind of play.  A disagreement raises
    :class:`ConflictingGameError` naming both records.
    """
    pending: dict[tuple[int, frozenset[str]], GameEntry] = {}
    games: list[Game] = []
    byes: list[Bye] = []
    for entry in entries:
        if entry.opponent is None:
            byes.append(
                Bye(entry.round, entry.player, entry.bye or ByeKind.ZERO_POINT, entry.location)
            )
            continue
        key = (entry.round, frozenset((entry.player, entry.opponent)))
        other = pending.pop(key, None)
        if other is None:
            pending[key] = entry
            continue
        games.append(_pair(other, entry))
    if pending:
        entry = next(iter(pending.values()))
        raise ConflictingGameError(
            tr(
                (
                    "round {round}: {player!r} records a game against {opponent!r}, "
                    "who records no game against {player!r} in that round"
                ),
                round=entry.round,
                player=entry.player,
                opponent=entry.opponent,
            ),
            entry.location or Location(),
            Location(),
            entry.opponent,
        )
    games.sort(key=lambda g: (g.round, g.white))
    byes.sort(key=lambda b: (b.round, b.player))
    return tuple(games), tuple(byes)


def _pair(first: GameEntry, second: GameEntry) -> Game:
    def conflict(what: str) -> ConflictingGameError:
        return ConflictingGameError(
            tr(
                "round {round}, {player!r} v {opponent!r}: {what}",
                round=first.round,
                player=first.player,
                opponent=second.player,
                what=what,
            ),
            first.location or Location(),
            second.location or Location(),
            (first.score, second.score),
        )

    if first.play is not second.play:
        raise conflict(
            tr(
                "one record says {first}, the other {second}",
                first=first.play.value,
                second=second.play.value,
            )
        )
    if first.colour is not None and second.colour is not None and first.colour == second.colour:
        raise conflict(tr("both records give colour {colour!r}", colour=first.colour.value))
    if first.play is Play.PLAYED and first.score + second.score != 1.0:
        raise conflict(
            tr(
                "scores {first} and {second} do not add up to 1",
                first=first.score,
                second=second.score,
            )
        )
    if first.play is Play.FORFEIT and first.score + second.score > 1.0:
        raise conflict(
            tr(
                "forfeit scores {first} and {second} are both wins",
                first=first.score,
                second=second.score,
            )
        )
    white, black = (first, second) if first.colour is not Colour.BLACK else (second, first)
    if first.colour is None and second.colour is Colour.WHITE:
        white, black = second, first
    return Game(
        first.round,
        white.player,
        black.player,
        white.score,
        black.score,
        play=first.play,
        location=white.location,
    )
