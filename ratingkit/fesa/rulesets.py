"""FESA's rule sets: the frozen dataclass of parameters and its named instances (``fesa``,
``fesa-2011``, ``fesa-program``, ``fesa-nsr``; see :mod:`ratingkit.fesa`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import RatingkitError
from ..core.extras import LastOfficialEvent, PublishedPromotions, PublishedRow, RateOfPlay
from ..core.fastbuild import age_new_objects, collector_paused
from ..core.i18n import N_, tr
from ..core.model import Event, Game
from ..core.outcome import EventKey, GameKind, GameOutcome, Outcome
from ..core.players import PlayerFile, PlayerRecord
from ..core.pool import PoolRules
from ..core.report import CheckTable, Report
from ..core.ruleset import RuleSetMembers, events_of, guard
from . import checks, fast, steps, views
from . import event as event_module
from .formula import _ROUNDERS, UNRATED_GAMES
from .outcome import Category, FesaEvent, FesaOutcome, FesaReplay
from .pool import pool_rules
from .state import CODEC, FesaStateCodec

if TYPE_CHECKING:
    from ..core.ruleset import RuleSet


@dataclass(frozen=True)
class FesaRules(RuleSetMembers):
    """FESA's ELO system, parameters as fields (see :mod:`ratingkit.fesa` for the variants).

    * ``per_game_rounding``: round each game's change (pre-2012) instead of the event total;
    * ``rounding``: how halves are rounded ("half-even" as FESA's program does);
    * ``solver``: "exact" roots or FESA's "newton32";
    * ``lookahead``: FESA's program's 20-game look-ahead promotion after each event;
    * ``provisional_offset``: a provisional player is promoted to g+1 on reaching UB of
      g + offset (2 as ratingkit decides; 1 reads rule 10's "UB of the next grade");
    * ``handicap_values``: "current", "pre-2005" or "by-date" (by the event's date);
    * ``nsr``: the NSR practice for jishogi (note 6);
    * ``program_grades``: FESA's program's promotions by game count alone, also for a player
      still unrated (rule 10 gives him no grade): every game of his career (his earlier
      results and rule 7's two fictitious games included) is tested again at each event, at
      his new performance rating, by its career number, with the counters he carries; and the
      look-ahead also for a rated player listed without a game.  Under every rule set a
      prior grade is not a grade held: promotions start from his grade, or from no grade;
    * ``program_no_game_rating``: FESA's program's rating for a newcomer without a played
      game: 1, or the MP of his prior grade (the rules give him none);
    * ``update_order``: the order in which each pass of the fixed point (rules 8 and 11)
      updates the players in place: ``"by-id"`` (the players' numbers in the event's file,
      2 before 10: one answer whatever the order of the file's rows; on a FESA table, its
      ``Nr`` order) or ``"start-number"`` (FESA's program: by start number where every player
      has one, else the order of the rows), :func:`ratingkit.fesa.event.update_order`;
    * ``max_passes``: the fixed-point iteration stops after this many passes at the latest
      (FESA's program has no cap and can loop for ever).
    """

    def pool_rules(self) -> PoolRules:
        """Its simulated pool (:mod:`ratingkit.services.pools`), from its own formulas."""
        return pool_rules(self)

    name: str = "fesa"
    title: str = N_("FESA shogi ELO rating system (rules since 2012)")
    document: str = N_("FESA ELO rating system, A. Olufsen 2010-11 (Russian translation, 2011)")
    valid_from: date | None = date(2012, 1, 1)
    valid_until: date | None = None
    #: FESA's system rates shogi games (FESA rule 1).
    game: GameKind = GameKind.SHOGI
    rates_score_tables: bool = False
    #: Note 2: the time control; rules 3, 6 and 10: what a FESA table published (its rows'
    #: ratings and changes, its promotions), compared with the rules' own; note 1: the date
    #: of a player's last official event (the two-year list).
    typed_extras = (RateOfPlay, PublishedRow, PublishedPromotions, LastOfficialEvent)
    #: The desk preselects FESA's text in force (``fesa``, before 2012 ``fesa-2011``) for a
    #: shogi event; the program's and NSR's variants are chosen by hand.
    desk_default_for: frozenset[str] = field(default=frozenset(), compare=False)
    #: FESA's rated table (the event file with the ratings after, as FESA publishes it).
    written_formats = frozenset({"fesa"})
    per_game_rounding: bool = False
    rounding: str = "half-even"
    solver: str = "exact"
    lookahead: bool = True
    provisional_offset: int = 2
    handicap_values: str = "by-date"
    nsr: bool = False
    program_grades: bool = False
    program_no_game_rating: bool = False
    update_order: str = "by-id"
    max_passes: int = 1000

    def _guard(self, events: Sequence[Event], players: PlayerFile | None) -> None:
        """The one guard of :mod:`ratingkit.core.ruleset` (score tables, chess or shogi)."""
        # The player file's grades can only show shogi, which a FESA rule set rates: once a
        # score table is refused (the only chess a game list shows), it changes nothing, and
        # events rated together are not each checked against the whole file.
        if len(events) > 1:
            players = None
        # A frozen dataclass's fields are read-only: the protocol's plain attributes do not
        # accept them in mypy's eyes (ratingkit.core.ruleset.RuleSet).
        guard(cast("RuleSet", self), events, players)

    @property
    def state(self) -> FesaStateCodec:
        """The player state FESA reads and writes (:mod:`ratingkit.fesa.state`)."""
        return CODEC

    # -- public API ---------------------------------------------------------------------------
    def outcome(
        self, events: Event | Sequence[Event], players: PlayerFile | None = None
    ) -> FesaOutcome:
        """One event rated alone (FESA rules 3-12), or several one after the other, each with
        the state the previous one left (rule 11: ratings are updated after every table)."""
        several, alone = events_of(events)
        if not several:
            raise RatingkitError(tr("no events to rate"))
        self._guard(several, players)
        # The collector is paused while the many objects of the outcome are built (a
        # 100,000-game event: some 400,000 game sides' values).
        with collector_paused():
            if alone:
                outcome = self._outcome(several[0], players)
            else:
                outcome = self._in_turn(several, players)
            age_new_objects()
            return outcome

    def report_of(self, outcome: Outcome[Any, Any, Any, Any]) -> Report:
        """The view of one event's outcome (with its game rows and promotions), of events
        rated one after the other (a row per player and event), or of a replay."""
        # The report's many rows are built with the collector paused too (as the outcome).
        with collector_paused():
            if isinstance(outcome.detail, FesaReplay):
                report = views.replay_report(outcome)
            elif isinstance(outcome.detail, FesaEvent):
                report = views.event_report(outcome)
            else:
                report = views.events_report(outcome)
            age_new_objects()
            return report

    def _outcome(self, event: Event, players: PlayerFile | None = None) -> FesaOutcome:
        rated = event_module.rate_event(self, event, players, key=EventKey.of(event, 0))
        # Players of the player file who did not play are carried over unchanged.
        if players is not None:
            used = {id(r) for r in rated.used}
            carried = tuple(r for r in players.records if id(r) not in used)
        else:
            carried = ()
        new_state = PlayerFile(rated.records + carried, players.source if players else None)
        one = rated.outcome
        outcome = Outcome(
            rules=self.name,
            title=event.name,
            players=one.players,
            events=(one,),
            games=one.games,
            notes=one.notes,
            detail=one.detail,
            new_state=new_state,
        )
        return outcome

    def _in_turn(self, events: Sequence[Event], players: PlayerFile | None) -> FesaOutcome:
        """Events one after the other, with every event's detail."""
        rated, new_state = fast.rate_in_turn(self, events, players)
        notes = tuple(
            replace(
                note,
                text=tr("{key_name}: {text}", key_name=one.outcome.key.name, text=note.text),
            )
            for one in rated
            for note in one.outcome.notes
        )
        return Outcome(
            rules=self.name,
            title=tr("{events_count} events rated one after the other", events_count=len(events)),
            players=tuple(p for one in rated for p in one.outcome.players),
            events=tuple(one.outcome for one in rated),
            games=tuple(g for one in rated for g in one.outcome.games),
            notes=notes,
            new_state=new_state,
        )

    def replay(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """A season (or a whole history) replayed fast: the same ratings, categories, grades
        and new state as :meth:`rate_events`, with a light report
        (:func:`ratingkit.fesa.fast.replay_events`)."""
        self._guard(events, players)
        with collector_paused():
            return self.report_of(fast.replay_events(self, events, players))

    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """A game side's formula (1) term by term: the opponent's rating, the handicap
        (rule 12) and the rating it makes, K, the expected score, d, the upset's d' (rule A)
        and the bonus (rule 9) (:func:`ratingkit.fesa.views.game_calculation`)."""
        return views.game_calculation(game)

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The translator's notes 1-3 and the fixed point of rules 8 and 11."""
        return checks.check(self, event, players)

    def listed(self, record: PlayerRecord) -> bool:
        """Whether a rating list shows the player: rule 3 calls a player with fewer than 9
        games, or only wins or only losses so far, unrated, and his rating (a performance
        rating, rules 5-7) is worked out afresh from all his results at each event; only a
        rated player (provisional or established) is listed."""
        state = CODEC.read(record)
        if state.rating is None or state.games < UNRATED_GAMES:
            return False
        return steps.categorise(state, 0).category is not Category.UNRATED

    # -- helpers ------------------------------------------------------------------------------
    def round(self, value: Fraction) -> int:
        return _ROUNDERS[self.rounding](value)

    def handicap_era(self, game: Game, event: Event) -> str:
        """Rule 12: the handicap values of the game's date (before 2005 the older table)."""
        if self.handicap_values != "by-date":
            return self.handicap_values
        when = game.date or event.start or event.end
        if when is not None and when < date(2005, 1, 1):
            return "pre-2005"
        return "current"


FESA = FesaRules(desk_default_for=frozenset({"shogi"}))
FESA_2011 = FesaRules(
    name="fesa-2011",
    title=N_("FESA shogi ELO rating system (before 2012: each game's change rounded)"),
    valid_from=None,
    valid_until=date(2011, 12, 31),
    per_game_rounding=True,
    desk_default_for=frozenset({"shogi"}),
)
FESA_PROGRAM = FesaRules(
    name="fesa-program",
    title=N_(
        "FESA shogi ELO rating system as FESA's program computes it (Newton, single "
        "precision; promotions by game count; newcomers without a game rated)"
    ),
    solver="newton32",
    program_grades=True,
    program_no_game_rating=True,
    update_order="start-number",
)
FESA_NSR = FesaRules(
    name="fesa-nsr",
    title=N_("FESA shogi ELO rating system with the NSR jishogi practice (27-point count)"),
    nsr=True,
)

__all__ = ["FESA", "FESA_2011", "FESA_NSR", "FESA_PROGRAM", "FesaRules"]
