"""The LNMO rule set: the frozen dataclass of the decisions the LNMO rules leave open, and its
one named instance :data:`LNMO`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ..core.errors import RatingkitError
from ..core.i18n import N_, tr
from ..core.model import Event
from ..core.outcome import GameKind, GameOutcome, Outcome
from ..core.players import PlayerFile
from ..core.report import CheckTable, Report
from ..core.ruleset import RuleSet, RuleSetMembers, events_of, guard
from .checks import check_table
from .event import LnmoOutcome, rate_season
from .outcome import Kind
from .state import CODEC, LnmoStateCodec
from .views import game_calculation, report_of


@dataclass(frozen=True)
class LnmoRules(RuleSetMembers):
    """The LNMO club rating system.  The parameters are the decisions the LNMO rules leave open;
    each is printed in the report's notes."""

    name: str = "lnmo"
    title: str = N_("LNMO school shogi club rating system")
    document: str = N_(
        "Рейтинг-система ЛНМО по сёги, 26.08.2010 - 05.09.2011 (LNMO club rating system)"
    )
    valid_from: date | None = date(2010, 8, 19)
    valid_until: date | None = None
    #: LNMO's club system rates shogi games.
    game: GameKind = GameKind.SHOGI
    rates_score_tables: bool = False
    #: The desk's rule set for LNMO's club records (the format only the LNMO rules rate).
    desk_default_for = frozenset({"club"})
    #: 3a: the first rated event.
    first_rated: date = date(2010, 8, 19)
    #: 4: whether a game counts as agreed when the records have no 'agreed' column.
    agreed_by_default: bool = True
    #: Not in the LNMO rules: on promotion by a qualification game a rating below the new grade's
    #: table-1 rating is raised to it (as 3 assigns initial ratings by grade).
    raise_rating_on_qualification: bool = True
    #: 4a: the kinds of game in which a handicap game is rated.
    rated_handicap_kinds: tuple[Kind, ...] = field(default=(Kind.HANDICAP, Kind.QUALIFICATION))

    @property
    def state(self) -> LnmoStateCodec:
        """The codec of the players' LNMO state (grade, rating, last qualification game)."""
        return CODEC

    # -- public API ------------------------------------------------------------------------
    def outcome(
        self, events: Event | Sequence[Event], players: PlayerFile | None = None
    ) -> LnmoOutcome:
        """Files of club records rated one after the other, each with the state the previous
        left; one file alone is a season of one (its evenings are rated in date order)."""
        several, _alone = events_of(events)
        if not several:
            raise RatingkitError(tr("no events to rate"))
        _guard(self, several, players)
        return rate_season(self, several, players)

    def report_of(self, outcome: Outcome[Any, Any]) -> Report:
        """The view of a season's outcome (:func:`ratingkit.lnmo.views.report_of`)."""
        return report_of(outcome)

    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """A game side's rule 2: both grades, their difference D, the case and the table's
        value (:func:`ratingkit.lnmo.views.game_calculation`)."""
        return game_calculation(game)

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The games the rules leave unrated: not agreed (4), a handicap outside a handicap
        event (4a), played before the first rated event (3a), a plain draw.  Input that breaks
        a rule outright (1b, 3b, 5, a grade that does not exist) raises an error instead."""
        return check_table(self.outcome(event, players))


def _guard(rules: LnmoRules, events: Sequence[Event], players: PlayerFile | None) -> None:
    """The one guard of :mod:`ratingkit.core.ruleset` (a score table, a chess event)."""
    guard(rules, events, players)


LNMO = LnmoRules()
_CONFORMS: RuleSet = LNMO  # mypy checks that LnmoRules is a complete rule set

__all__ = ["LNMO", "LnmoRules"]
