"""The FIDE 1982-2000 rule sets: the frozen dataclass of parameters and its two named
instances, ``fide-1982`` (as the worked example 10.68 computes) and ``fide-1982-literal``
(rule 10.25 as written)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any, overload

from ..core.extras import Competition, RateOfPlay, ScoreTableRow
from ..core.i18n import N_, _, tr
from ..core.model import Event
from ..core.outcome import GameKind, GameOutcome, Outcome
from ..core.players import PlayerFile
from ..core.pool import PoolRules
from ..core.report import CheckTable, Report
from ..core.ruleset import SCORE_TABLE, RuleSetMembers, events_of, guard
from .checks import assess
from .event import rate_event, rate_period
from .outcome import Fide1982Event, Fide1982Outcome, Fide1982PeriodOutcome
from .pool import pool_rules
from .state import STATE_CODEC, Fide1982Codec
from .views import event_report, game_calculation, period_report

DOCUMENT = N_(
    "FIDE Rating Rules, approved by the 1982 General Assembly, amended by the General "
    "Assemblies of 1984-2000 (Turkish translation)"
)


@dataclass(frozen=True)
class Fide1982(RuleSetMembers):
    """The FIDE 1982-2000 rating rules as a frozen set of parameters.

    ``below_half_factor`` is the one point where the rules and their own worked example part:
    rule 10.25 gives an unrated player below 50% in a round robin Ru = Rc + dp * n/(n+1); the
    example 10.68 computes Ru(H) = 2348 - 220 = 2128 and Ru(I) = 2348 - 351 = 1997, without
    the factor.
    """

    name: str
    title: str
    document: str = DOCUMENT
    valid_from: date | None = None
    valid_until: date | None = None
    #: The 1982 rules rate chess, from games or from a score table's totals (10.2x).
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = True
    #: 2.1-3.1: the rate of play; 2.4, 4.1, 6.33, 6.5, 10.4: the kind of competition (cycles,
    #: a match, a league, a championship, Scheveningen, an Olympiad); 4.2: a score table's
    #: totals.
    typed_extras = (RateOfPlay, Competition, ScoreTableRow)
    below_half_factor: bool = False
    #: The desk's text for a score table (of the rule sets, only the 1982 rules rate totals,
    #: 10.2x); the literal reading of 10.25 is a second reading, never preselected.
    desk_default_for: frozenset[str] = field(default=frozenset(), compare=False)
    #: One of FIDE's texts, compared side by side with 2014-2025 (the literal reading is a
    #: second reading of the same text, not another text).
    lineage: str | None = field(default=None, compare=False)
    half_point_step: Fraction = Fraction(25, 2)  # 10.23
    limit: int = 350  # 10.61
    rn_floor: int = 2005  # 10.31, 10.32
    rn_step: int = 5  # 10.32
    list_floor: int = 2001  # 9.21
    new_player_games: int = 9  # 9.14

    def pool_rules(self) -> PoolRules:
        """Its simulated pool (:mod:`ratingkit.services.pools`), from its own formulas."""
        return pool_rules(self)

    # -- the event check ---------------------------------------------------------------
    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """No cells: the rules rate by the average method of 10.6, not game by game
        (:func:`ratingkit.fide1982.views.game_calculation`)."""
        return game_calculation(game)

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The validity rules 1.x-6.x (and 10.67) the event breaks: one finding per rule
        broken, with the games that are therefore not rated ("all": the whole event).  The
        title names the rules that could not be checked for lack of data."""
        found = assess(event)
        title = tr("{rules} checks of {event}", rules=self.name, event=event.name)
        if found.unchecked:
            title += tr("; not checked for lack of data: ") + ", ".join(
                _(u) for u in found.unchecked
            )
        names = {p.id: p.name or p.id for p in event.players}
        return CheckTable.of(found.findings, title, names)

    # -- rating ------------------------------------------------------------------------
    @overload
    def outcome(self, events: Event, players: PlayerFile | None = None) -> Fide1982Outcome: ...

    @overload
    def outcome(
        self, events: Sequence[Event], players: PlayerFile | None = None
    ) -> Fide1982PeriodOutcome: ...

    def outcome(
        self, events: Event | Sequence[Event], players: PlayerFile | None = None
    ) -> Fide1982Outcome | Fide1982PeriodOutcome:
        """One event rated alone by the average method of 10.6 (see :mod:`ratingkit.fide1982`),
        or several events of one rating period (10.65): each is rated with the ratings it was
        played with (9.11: the list in force at its start), the changes add up,
        Rn = Ro + sum(DR), rounded once (10.66); a new player's results pool into one Rn
        (10.3, 9.14).

        :func:`~ratingkit.core.ruleset.guard` refuses a shogi event first; in an event that is
        chess, 2.1 leaves a shogi handicap game or a shogi result unrated game by game."""
        several, alone = events_of(events)
        _guard(self, several, players)
        if alone:
            return rate_event(self, several[0], players)
        return rate_period(self, several, players)[0]

    def report_of(self, outcome: Outcome[Any, Any, Any, Any]) -> Report:
        """The view of one event's outcome (the 10.68 table) or of a period's (10.65)."""
        if isinstance(outcome.detail, Fide1982Event):
            return event_report(outcome)
        return period_report(outcome)

    @property
    def state(self) -> Fide1982Codec:
        """The player state FIDE 1982 reads and writes (:mod:`ratingkit.fide1982.state`:
        ru_results, last_rating)."""
        return STATE_CODEC


def _guard(rules: Fide1982, events: Sequence[Event], players: PlayerFile | None) -> None:
    """:func:`ratingkit.core.ruleset.guard`.  The cast: :class:`RuleSet` declares its
    attributes as plain (settable) members, which a frozen dataclass's fields are not for
    mypy; the protocol would need read-only properties."""
    guard(rules, events, players)


FIDE_1982 = Fide1982(
    name="fide-1982",
    title=N_(
        "FIDE Rating Rules 1982-2000 as the worked example 10.68 computes them "
        "(Ru below 50% in a round robin = Rc + dp, no n/(n+1))"
    ),
    desk_default_for=frozenset({SCORE_TABLE}),
    lineage="fide",
)

FIDE_1982_LITERAL = Fide1982(
    name="fide-1982-literal",
    title=N_(
        "FIDE Rating Rules 1982-2000 with rule 10.25 as written "
        "(Ru below 50% in a round robin = Rc + dp * n/(n+1))"
    ),
    below_half_factor=True,
)

__all__ = ["DOCUMENT", "FIDE_1982", "FIDE_1982_LITERAL", "Fide1982"]
