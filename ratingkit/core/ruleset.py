"""The rule-set protocol and the guard every rating goes through.

A rule set is a frozen dataclass of parameters (caps, K rules, rounding, version) that offers
what :class:`RuleSet` lists; each rating system's package defines its named instances,
:mod:`ratingkit.builtin` lists them and :mod:`ratingkit.registry` finds them by name (the core
imports no rating system: the systems build on it).  :func:`guard` refuses what a rule set
cannot rate (a chess event under a shogi rule set, a score table under a rule set that rates
games) before it tries, for every caller alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from .errors import RatingkitError, RuleSetCannotRateError
from .extras import GivenGame, PublishedRow
from .game_columns import game_columns
from .i18n import _, tr
from .model import Event, Special
from .outcome import GameKind, shown_columns
from .pool import PoolRules
from .report import Report

if TYPE_CHECKING:
    from .model import Game
    from .outcome import GameOutcome, Outcome, Rule
    from .players import PlayerFile, PlayerRecord
    from .report import CheckTable

S = TypeVar("S")


class ListGames(Enum):
    """What the games column of a rule set's published list counts (a state codec's
    ``list_games``, read by the ledger's list and every form of it:
    :func:`ratingkit.services.ledger.common.state_list_games`)."""

    #: The player's rated games of the list's own period: FIDE's published lists (their TXT
    #: download's ``Gms`` column; FIDE 1982 9.12, "games in the period").
    PERIOD = "period"
    #: The games count the player's state keeps (his career count where the rule set keeps
    #: one: FESA rule 3 decides by it whether he is still unrated).
    STATE = "state"


class StateCodec(Protocol[S]):
    """How a rating system reads its players' state from a player file and writes it back:
    typed values in, typed values out (no string is parsed twice).  What the ledger's
    published list shows, a codec may declare too: ``list_columns`` (its state's columns
    on the list, with their headings) and ``list_games`` (:class:`ListGames`: what the
    list's games column counts); a codec without them lists the K and the state's count."""

    @property
    def columns(self) -> tuple[str, ...]:
        """The player-file columns it reads and writes beyond ``id``, ``name``, ``rating``."""
        ...

    @property
    def differing_rating(self) -> Rule | None:
        """The clause under which an event's rating may differ from the player file's: the
        event is rated with its own, and the change goes onto the player file's (FIDE
        2014-2025 7.1: the previous list).  None: the two must agree, and a difference is an
        error naming both (:func:`ratingkit.core.players.rating_before`, the one rule)."""
        ...

    def read(self, record: PlayerRecord) -> S:
        """The state a player file's record holds."""
        ...

    def write(self, record: PlayerRecord, state: S) -> PlayerRecord:
        """``record`` with ``state`` written into it (a new record)."""
        ...


@runtime_checkable
class RuleSet(Protocol):
    """What every rule set offers: who it is, when its document was in force, the game it
    rates, and how it rates, checks and carries state.  What it computes is the typed
    :meth:`outcome` (issue 27); :meth:`rate` and :meth:`rate_events` are its view, a
    :class:`~ratingkit.core.report.Report` that :class:`RuleSetMembers` builds from the
    outcome in one place, and ``check`` returns a
    :class:`~ratingkit.core.report.CheckTable` that carries its findings."""

    # Read-only members (a frozen dataclass's fields satisfy them).
    @property
    def name(self) -> str:
        """Registry name, e.g. ``"fide-2014"``."""
        ...

    @property
    def title(self) -> str:
        """One-line title, e.g. ``"FIDE Rating Regulations 2014, section 8"``."""
        ...

    @property
    def document(self) -> str:
        """The document it implements, with its date."""
        ...

    @property
    def valid_from(self) -> date | None:
        """First day the rules were in force (None: open)."""
        ...

    @property
    def valid_until(self) -> date | None:
        """Last day the rules were in force (None: open)."""
        ...

    @property
    def game(self) -> GameKind:
        """The game it rates."""
        ...

    @property
    def state(self) -> StateCodec[Any]:
        """How it reads its players' state from a player file and writes it back."""
        ...

    @property
    def rates_score_tables(self) -> bool:
        """True if it rates an event that gives only each player's total (a score table)."""
        ...

    def outcome(
        self, events: Event | Sequence[Event], players: PlayerFile | None = None
    ) -> Outcome[Any, Any]:
        """What the rules compute, typed: for one :class:`~ratingkit.core.model.Event`, that
        event rated alone; for a sequence, the events rated together as the rules prescribe
        (FIDE: one rating period; FESA and LNMO: one after the other, each with the state the
        previous one left).  Never mutates its inputs."""
        ...

    def report_of(self, outcome: Outcome[Any, Any]) -> Report:
        """The report (the view) of an outcome this rule set computed."""
        ...

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """The report of one event: ``report_of(outcome(event, players))``."""
        ...

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """The report of several events rated together:
        ``report_of(outcome(events, players))``."""
        ...

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The event's validity under the rules: one finding per rule broken."""
        ...

    # What the consumers ask of a rule set, the rule set says (issue 27): none of them
    # compares its name or its class.  :class:`RuleSetMembers` gives each one its default.

    @property
    def desk_default_for(self) -> frozenset[str]:
        """The events the officer's desk preselects it for when it is in force on the
        event's start: :data:`SCORE_TABLE`, a format's name (``"club"``: LNMO's club
        records) or a game (``"shogi"``).  Empty: it is preselected only as the member of
        its family in force (FIDE's texts) or never."""
        ...

    @property
    def written_formats(self) -> frozenset[str]:
        """The event formats whose rated form it writes (FESA's rated table: ``"fesa"``)."""
        ...

    @property
    def lineage(self) -> str | None:
        """The organisation whose successive texts it is one of, compared side by side (the
        versions widget: ``"fide"`` for FIDE 1982-2000 and 2014-2025); None: none."""
        ...

    def listed(self, record: PlayerRecord) -> bool:
        """Whether a rating list shows the player whose state is ``record`` (the ledger's
        list): its own rule where it has one (FESA rule 3), else once he has a rating."""
        ...

    def pool_rules(self) -> PoolRules | None:
        """How it rates the games of a simulated rating pool (FIDE 1982 12.3's drift checks,
        :mod:`ratingkit.services.pools`), from its own formulas; None: not simulated."""
        ...


#: :attr:`RuleSet.desk_default_for`'s word for an event that gives only each player's total.
SCORE_TABLE = "score-table"


class RuleSetMembers:
    """The defaults of :class:`RuleSet`'s members that only some rule sets set: a rule set's
    class derives from it (python-chess's variants carry their metadata the same way) and
    overrides what its rules say.  A plain class, so that a frozen dataclass deriving from
    it gets no extra field.

    A rule set defines :meth:`outcome`; the report is built from it here, for every rule set
    alike (:meth:`rate`, :meth:`rate_events`), with the rule set's own view
    (:meth:`report_of`) where it has one."""

    desk_default_for: frozenset[str] = frozenset()
    written_formats: frozenset[str] = frozenset()
    lineage: str | None = None
    #: The typed extras of :mod:`ratingkit.core.extras` its rules read (a FESA table's
    #: published rows, the event fields' rate of play ...): a consumer reads a format's own
    #: fields through these, never by a string key (tests/test_typed_extras.py).
    typed_extras: ClassVar[tuple[type, ...]] = ()

    def outcome(
        self, events: Event | Sequence[Event], players: PlayerFile | None = None
    ) -> Outcome[Any, Any]:
        """What the rule set computes (:meth:`RuleSet.outcome`): each rule set defines it."""
        raise NotImplementedError(f"{type(self).__name__} defines no outcome")

    def report_of(self, outcome: Outcome[Any, Any]) -> Report:
        """The plain view of an outcome: the common columns, then the columns the players'
        detail names (:func:`ratingkit.core.outcome.shown_as`).  A rule set with tables of
        its own (FIDE's iterations, FESA's promotions) overrides it."""
        return Report.from_outcome(outcome, detail_columns=detail_columns_of(outcome))

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """The report of one event: the view of :meth:`outcome` of the event alone."""
        return self.report_of(self.outcome(event, players))

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """The report of several events rated together: the view of their :meth:`outcome`."""
        return self.report_of(self.outcome(events, players))

    def pool_rules(self) -> PoolRules | None:
        """How it rates the games of a simulated rating pool (:mod:`ratingkit.services.pools`:
        FIDE 1982 12.3's drift checks), built from its own formulas; None: the pools do not
        simulate it."""
        return None

    def listed(self, record: PlayerRecord) -> bool:
        """Listed once the rule set has given him a rating (FIDE 2014 7.14 and 2024 7.1.4
        publish none below 5 games against rated opponents, FIDE 1982 9.14 none below 9
        games: until then the state holds no rating)."""
        return record.rating is not None


def detail_columns_of(outcome: Outcome[Any, Any]) -> tuple[str, ...]:
    """The report columns of an outcome's player detail (its class's
    :func:`~ratingkit.core.outcome.shown_columns`; none where the detail is not a dataclass
    or there is no player)."""
    for player in outcome.players:
        detail = player.detail
        if dataclasses.is_dataclass(detail) and not isinstance(detail, type):
            return shown_columns(type(detail))
        break
    return ()


def events_of(events: Event | Sequence[Event]) -> tuple[Sequence[Event], bool]:
    """:meth:`RuleSet.outcome`'s argument as a sequence of events, and whether it was one
    event alone (rated as itself, not as a period or a season of one)."""
    if isinstance(events, Event):
        return (events,), True
    return events, False


@runtime_checkable
class GameCalculation(Protocol):
    """A rule set whose report shows each game side's own calculation (FIDE's D, PD and
    score-PD; FESA's formula (1) term by term; LNMO's grade difference and rule 2's table
    value): the cells of its ``views.game_row`` that belong to the calculation, read from the
    game's typed detail.  The officer's desk shows them in its "why did my rating change"
    table."""

    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """The calculation cells of one game side, by the system's own column names (None
        where the game has no such value, e.g. an unrated game's D)."""
        ...


def not_a_chess_game(game: Game) -> str | None:
    """Why a chess rule set leaves a game of shogi data unrated (a handicap, or a shogi result:
    sennichite, jishogi, illegal move), or None for an ordinary game."""
    if game.handicap is not None:
        return _("shogi handicap game: not a chess game")
    if game.special is not None:
        return tr("shogi result ({special}): not a chess game", special=game.special.value)
    return None


@dataclass(frozen=True)
class FamilyGap:
    """Days of a family for which no rule set implements the text then in force: an event
    that starts on one of them is refused, never rated under another member."""

    valid_from: date
    valid_until: date
    #: The text in force then, by name (what the user would need).
    document: str
    #: Why there is no rule set for it.
    reason: str


def in_force(rules: RuleSet, day: date) -> bool:
    """Whether ``day`` lies within the dates the rule set's document is in force."""
    return (rules.valid_from is None or rules.valid_from <= day) and (
        rules.valid_until is None or day <= rules.valid_until
    )


def in_force_text(rules: RuleSet) -> str:
    """The dates a rule set's document is in force, an open end said in words ("in force
    from 2025-10-01"), never as a literal "..."."""
    start = rules.valid_from.isoformat() if rules.valid_from else None
    end = rules.valid_until.isoformat() if rules.valid_until else None
    if start and end:
        return tr("in force from {start} to {end}", start=start, end=end)
    if start:
        return tr("in force from {start}", start=start)
    if end:
        return tr("in force until {end}", end=end)
    return _("in force at any date")


def out_of_force_note(rules: RuleSet, event: Event) -> str | None:
    """A note when a rule set named by hand rates an event that began outside the dates its
    document was in force (the officer may mean it: re-rating under older rules), else None."""
    if event.start is None or in_force(rules, event.start):
        return None
    start = rules.valid_from.isoformat() if rules.valid_from else "..."
    end = rules.valid_until.isoformat() if rules.valid_until else "..."
    return tr(
        (
            "{event} began on {day}, outside the dates {rules} was in force ({start} to "
            "{end}): rated under {rules} as asked"
        ),
        event=event.name,
        day=event.start.isoformat(),
        rules=rules.name,
        start=start,
        end=end,
    )


# -- the guard: what must hold before a rule set rates an event --------------------------------


class UnknownGameError(RatingkitError):
    """A game other than chess or shogi was named."""


#: Every special ending of the model is a shogi one (sennichite, jishogi, illegal move).
_SHOGI_SPECIALS = frozenset(Special)


def event_game(event: Event, players: PlayerFile | None = None) -> tuple[GameKind | None, str]:
    """The game an event is and the evidence, e.g. ``(GameKind.SHOGI, "handicap games")``;
    ``(None, ...)`` when the event shows neither game (a plain game list with ratings).

    The reader's word comes first (``Event.game``: a TRF or a score table is chess, a FESA
    table or LNMO club records shogi), then ``event.extra["game"]``, then what the games and
    players show."""
    if event.game is not None:
        # The reader says what told it (``origin.game_evidence``: "a FIDE TRF file" ...).
        # The readers mark their words with N_: shown in the language here.
        evidence = event.origin.game_evidence
        return event.game, _(str(evidence)) if evidence else tr(
            "a {game} file", game=_(event.game.value)
        )
    given = GivenGame.of(event).game
    if given:
        text = str(given).strip().lower()
        try:
            game = GameKind(text)
        except ValueError:
            raise UnknownGameError(
                tr(
                    "{source}: unknown game {given!r}",
                    source=event.source or event.name,
                    given=given,
                )
            ) from None
        return game, tr("the event says game {game}", game=_(game.value))
    shogi: list[str] = []
    chess: list[str] = []
    # A plain CSV games file's games, kept as columns, have no handicap and no special ending.
    games = () if game_columns(event) is not None else event.games
    if any(g.handicap is not None for g in games):
        shogi.append(_("handicap games"))
    specials = sorted({g.special.value for g in games if g.special in _SHOGI_SPECIALS})
    if specials:
        shogi.append(", ".join(specials))
    # Only a player with a grade cell can have a grade (PublishedRow reads extra['grade']).
    graded = [p.name for p in event.players if "grade" in p.extra and PublishedRow.of(p).grade]
    if players is not None:
        graded += [r.name or r.id or "" for r in players.records if r.grade or r.prior_grade]
    if graded:
        shogi.append(_("players with shogi grades"))
    if event.score_only:
        chess.append(_("a FIDE score table"))
    if shogi and chess:
        return None, tr("signs of both games ({signs})", signs="; ".join(chess + shogi))
    if shogi:
        return GameKind.SHOGI, "; ".join(shogi)
    if chess:
        return GameKind.CHESS, "; ".join(chess)
    return None, _("no sign of chess or shogi (a plain game list): every rule set may rate it")


def cannot_rate(
    rule_set: RuleSet, event: Event, players: PlayerFile | None = None
) -> RuleSetCannotRateError | None:
    """Why ``rule_set`` cannot rate ``event`` before it tries (a chess event under a shogi
    rule set or the other way round; a score table under a rule set that rates games), or
    None."""
    where = event.source or event.name
    # a score table first: it says more than 'this event is chess' (FIDE 1982 rates it)
    if event.score_only and not rule_set.rates_score_tables:
        reason = tr(
            (
                "a score table gives only each player's total; rule set "
                "{rules!r} rates games (the score table is for fide-1982)"
            ),
            rules=rule_set.name,
        )
        return RuleSetCannotRateError(f"{where}: {reason}", reason=reason, where=where)
    game, evidence = event_game(event, players)
    if game is not None and rule_set.game != game:
        reason = tr(
            "{rules} rates {rules_game}; this event is {game} ({evidence})",
            rules=rule_set.name,
            rules_game=_(rule_set.game.value),
            game=_(game.value),
            evidence=evidence,
        )
        return RuleSetCannotRateError(
            f"{where}: {reason}", reason=reason, where=where, wrong_game=True
        )
    return None


def guard(rule_set: RuleSet, events: Sequence[Event], players: PlayerFile | None = None) -> None:
    """Run every guard before ``rule_set`` rates ``events``: the one entry point the CLI,
    :func:`ratingkit.rate`, the ledger, comparisons and the widgets call."""
    if players is not None and len(events) > 1:
        # What event_game reads of the player file (its graded records), found once, not once
        # an event: a FIDE month's state of 100,000 records and its 2,000 events.
        graded = tuple(r for r in players.records if r.grade or r.prior_grade)
        players = dataclasses.replace(players, records=graded)
    for event in events:
        refused = cannot_rate(rule_set, event, players)
        if refused is not None:
            raise refused
