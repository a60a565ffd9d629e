"""FIDE's rule sets since 2014 as frozen dataclasses of parameters, and their named instances.

* ``fide-2014`` (:data:`FIDE_2014`): FIDE Rating Regulations effective 1 July 2014, section 8;
* ``fide-2022`` (:data:`FIDE_2022`): the text of 1 January 2022 (FIDE Handbook B.02): 8.2.2-8.2.3
  initial rating from rated opponents only, 8.3.1 the 400-point rule once per tournament,
  8.3.3 K * n <= 700, floor 1000; the text of 2017 is not established (:data:`GAP_2017`);
* ``fide-2024`` and ``fide-2025`` (:data:`FIDE_2024`, :data:`FIDE_2025`): the text of
  1 March 2024 and its amendment of 1 October 2025 (the cap only below 2650).

Each later text is the 2014 rule set with the fields of the clauses that changed.  Rating is
in :mod:`ratingkit.fide.event` (one event, by the rules' steps) and
:mod:`ratingkit.fide.publication` (7.1, 7.14, the rating period); the report is the view of
the typed outcome (:mod:`ratingkit.fide.views`); ``check`` is :mod:`ratingkit.fide.checks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from ..core.citations import Citations, Concept
from ..core.errors import RatingkitError
from ..core.extras import BirthAndFirstRating, Competition, RateOfPlay
from ..core.i18n import N_, _, tr
from ..core.model import Event, EventType
from ..core.outcome import GameKind, GameOutcome, Note, Outcome, Rule
from ..core.players import PlayerFile
from ..core.pool import PoolRules
from ..core.report import CheckTable, Report
from ..core.ruleset import FamilyGap, RuleSetMembers, cannot_rate, events_of
from .clauses import CITATIONS_2014, CITATIONS_2022, CITATIONS_2024, CITATIONS_2025
from .formula import KChoice, exact_sum, initial_rating_2024, k_factor, limit_k, ru_from
from .outcome import FideOutcome, FidePeriod
from .pool import pool_rules
from .publication import FirstRating, first_rating, rate_one, rate_period
from .state import FIDE_STATE, PENDING_COLUMN, FideStateCodec, Pending, PlayerState

__all__ = [
    "DOCUMENT_2017",
    "DOCUMENT_2022",
    "DOCUMENT_2024",
    "DOCUMENT_2025",
    "FIDE_2014",
    "FIDE_2022",
    "FIDE_2024",
    "FIDE_2025",
    "GAP_2017",
    "Fide2014",
    "Fide2022",
    "Fide2024",
]


@dataclass(frozen=True)
class Fide2014(RuleSetMembers):
    """FIDE Rating Regulations 2014, section 8, as a rule set."""

    name: str = "fide-2014"
    #: The document's own clause and words for each concept the shared code cites.
    citations: Citations = CITATIONS_2014
    title: str = N_("FIDE Rating Regulations 2014, section 8")
    document: str = N_(
        "FIDE Rating Regulations effective 1 July 2014, section 8 (Russian translation)"
    )
    valid_from: date | None = date(2014, 7, 1)
    #: The day before the 2017 regulations came into force (FIDE Handbook B.02 lists the 2014
    #: text as "effective from 1 July 2014 till 30 June 2017").
    valid_until: date | None = date(2017, 6, 30)
    #: FIDE's regulations rate chess; games only, never a score table's totals.
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = False
    #: FIDE's texts, compared side by side (the versions widget, notebook 08).
    lineage = "fide"
    #: 1.1-1.2 (2022-2025): the rate of play; 8.11's match games; the birth and first
    #: rating a file gives (K for juniors).
    typed_extras = (RateOfPlay, Competition, BirthAndFirstRating)
    #: 8.54: the largest rating difference used.
    cap: int = 400
    #: 8.58: the iteration stops after this many passes if the rounded Ru still move.
    max_iterations: int = 100
    #: Short name of the rules in report titles.
    label: str = "FIDE 2014"
    #: Round robins: unrated players' Ru by the 8.21b/8.58 iteration (2014); False: from
    #: their rated opponents only, as in a Swiss event.
    round_robin_iteration: bool = True
    #: 8.52: a rated player's games against an unrated opponent count in round robins (with
    #: the opponent's Ru); False (2024 8.3.1): they are never rated.
    rate_unrated_in_round_robins: bool = True
    #: 7.14 of the 2014 regulations ("a rating for a player new to the list shall be published
    #: only if ... a minimum of 5 games"): the fewest games for a first published rating.
    first_rating_min_games: int = 5
    #: 7.14c: results from rating periods of not more than this many months are pooled.
    first_rating_pool_months: int = 26
    #: 2024 6.1: a match in which one player is unrated is not rated.
    unrated_match_not_rated: bool = False
    #: 2024 6.2: in a match over a set number of games (event field ``match_games``), the games
    #: played after one player has won are not rated.
    decided_match_games_not_rated: bool = False
    #: The composition clauses of the two fields above, for the report.
    match_clauses: tuple[str, str] = ("6.1", "6.2")
    #: 8.3.3 as FIDE applies it (2024): K 10 once the rating has reached 2400, even before 30
    #: games; a junior whose rating once reached 2300 has K 20.
    k_10_before_30_games: bool = False
    k_junior_ends_once_2300: bool = False
    #: 1.1 (2024): the least minutes per player for 60 moves, by the higher rating of the two
    #: players: (rating from, minutes), highest first; empty: not checked (section 8 of the 2014
    #: regulations has no rate of play).
    minimum_minutes: tuple[tuple[int, int], ...] = ()
    #: 1.2 (2024): the least number of moves of a first time control that names one.
    minimum_first_control_moves: int | None = None
    #: The clauses of the two fields above, for ``check``.
    rate_of_play_clauses: tuple[str, str] = ("1.1", "1.2")
    #: How the initial rating's rule is cited: None, the 2014 clause of each case (8.22-8.24);
    #: else one clause for all and the name of the base (2022 8.2.3, "Ra").
    ru_clause: str | None = None
    ru_base: str = "Rc"
    #: Juniors keep K 40 until the end of the year of their 18th birthday (2022, 2024 8.3.3);
    #: False: until the 18th birthday (2014 8.56).
    junior_until_year_end: bool = False
    #: K * n may not exceed this in one rating period (2022, 2024 8.3.3); None: no limit.
    k_times_n_max: int | None = None
    #: No rating below this is published (2022: 1000, 2024: 1400); None: no floor (section 8
    #: of the 2014 regulations has none).
    floor: int | None = None

    def pool_rules(self) -> PoolRules:
        """Its simulated pool (:mod:`ratingkit.services.pools`), from its own formulas."""
        return pool_rules(self)

    # The document's clauses, from its table (:mod:`ratingkit.fide.clauses`).

    def cite(self, concept: Concept) -> Rule:
        """This text's clause and words for ``concept``."""
        return self.citations.cite(concept)

    @property
    def unrated_opponent_rule(self) -> Rule:
        """Why a rated player's game against an unrated opponent is not rated (2014 8.52;
        2022-2025 8.3.1)."""
        return self.cite(Concept.UNRATED_OPPONENT)

    @property
    def cap_rule(self) -> str:
        """The clause the "capped" column names when the 400-point cap limits a game's D."""
        return self.citations.clause(Concept.DIFFERENCE_CAP)

    @property
    def k_clause(self) -> str:
        """The clause of the K rules, named in the report's "K rule"."""
        return self.citations.clause(Concept.K_RULE)

    @property
    def first_rating_clause(self) -> str:
        """The clause of the fewest games for a first rating and the pooling of results."""
        return self.citations.clause(Concept.FIRST_RATING_GAMES)

    # The clauses that later regulations change (Fide2022 and Fide2024 override them).

    def choose_k(self, rating: int, state: PlayerState, on: date | None, games: int) -> KChoice:
        """K for a rated player (2014 8.56, 2022 and 2024 8.3.3, as the fields above set
        them); ``games``: his rated games in the period, for K * n."""
        choice = k_factor(
            rating,
            state,
            on,
            junior_until_year_end=self.junior_until_year_end,
            ten_from_2400_first=self.k_10_before_30_games,
            junior_ends_once_2300=self.k_junior_ends_once_2300,
            clause=self.k_clause,
        )
        if self.k_times_n_max is None:
            return choice
        return limit_k(choice, games, self.k_times_n_max, clause=self.k_clause)

    def first_rating(
        self,
        name: str,
        now: Sequence[Pending],
        pending: Sequence[Pending],
        on: date | None,
        player: str = "",
    ) -> tuple[FirstRating | None, tuple[Pending, ...], list[Note]]:
        """A new player's first published rating (7.14; 2024 7.1.4) from this run's counted
        results ``now`` and those kept from earlier periods ``pending``
        (:func:`ratingkit.fide.publication.first_rating`)."""
        return first_rating(self, name, now, pending, on, player)

    def not_published_note(self, players: Sequence[tuple[str, int]]) -> str | None:
        """One note for the new players whose first rating is not published: (name, games)."""
        if not players:
            return None
        shown = ", ".join(f"{name} ({n})" for name, n in players[:10])
        more = " ..." if len(players) > 10 else ""
        return tr(
            "{label} {first_rating_clause}: a first rating needs at least "
            "{first_rating_min_games} games against rated opponents, pooled over at most "
            "{first_rating_pool_months} months: not published for {players_count} "
            "player(s) (games so far): {shown}{more}; their results are kept in the new "
            "state's {PENDING_COLUMN}",
            label=self.label,
            first_rating_clause=self.first_rating_clause,
            first_rating_min_games=self.first_rating_min_games,
            first_rating_pool_months=self.first_rating_pool_months,
            players_count=len(players),
            shown=shown,
            more=more,
            PENDING_COLUMN=PENDING_COLUMN,
        )

    def excluded_games(self, event: Event) -> dict[int, Rule]:
        """Games that the composition rules leave unrated, by ``id(game)``, with the rule:
        a match with an unrated player (2024 6.1), the games of a match over a set number of
        games after one player has won (2024 6.2)."""
        out: dict[int, Rule] = {}
        if event.type is not EventType.MATCH:
            return out
        one, two = self.match_clauses
        if self.unrated_match_not_rated and any(p.rating is None for p in event.players):
            names = ", ".join(p.name for p in event.players if p.rating is None)
            why = Rule(
                one,
                tr("a match in which one player is unrated ({names}) is not rated", names=names),
            )
            return {id(g): why for g in event.games}
        scheduled = Competition.of(event).match_games
        if not self.decided_match_games_not_rated or not isinstance(scheduled, int | float):
            return out
        score: dict[str, Fraction] = {}
        decided_at = None
        for game in sorted(event.games, key=lambda g: g.round):
            if decided_at is not None:
                out[id(game)] = Rule(
                    two,
                    tr(
                        "the {scheduled}-game match was won in round {decided_at}; "
                        "the games after it are not rated",
                        scheduled=scheduled,
                        decided_at=decided_at,
                    ),
                )
                continue
            for pid in game.players:
                score[pid] = score.get(pid, Fraction(0)) + Fraction(game.score_of(pid))
            if any(2 * s > scheduled for s in score.values()):
                decided_at = game.round
        return out

    def cap_applies(self, rating: int) -> bool:
        """Whether the 400-point cap of 8.54 applies to a player of this rating (always)."""
        return True

    def capped_games(self, rating: int, differences: Sequence[int]) -> set[int]:
        """Which of a player's rated games of one event the 400-point cap limits, by index into
        ``differences`` (own rating - opponent's rating, game by game): under 8.54 every game
        with |D| > 400 (none if the cap does not apply to a player of this rating)."""
        if not self.cap_applies(rating):
            return set()
        return {i for i, d in enumerate(differences) if abs(d) > self.cap}

    def no_cap_note(self, rating: int) -> str:
        """The game note when the cap does not apply to the rated player."""
        return tr("no cap")

    def initial_rating(
        self,
        pairs: Sequence[tuple[Fraction, Fraction]],
        sums: tuple[int, int] | None = None,
    ) -> tuple[Fraction, Fraction, str]:
        """Rc, exact Ru and the rule used from (opponent rating, score) pairs (8.21a-8.24;
        ``ru_clause`` and ``ru_base`` name them as a later text does).

        ``sums``: the pairs' score in half points and their ratings' sum, where the caller
        holds them as integers (the FIDE engine, whose ratings are whole and scores halves):
        8.21a's Rc and 8.22's W from them, the same fractions without one a pair."""
        n = len(pairs)
        if sums is not None:
            half_points, rating_sum = sums
            w = Fraction(half_points, 2)
            rc = Fraction(rating_sum, n)
        else:
            w = exact_sum(s for _, s in pairs)
            rc = exact_sum(r for r, _ in pairs) / n
        value, rule, _ = ru_from(rc, w, n, False, n, self.ru_clause, self.ru_base)
        return rc, value, rule

    def publish(self, rating: int, initial: bool = False) -> tuple[int | None, str | None]:
        """The rating published after rounding, and a status when it is not: below the
        ``floor`` nothing is published (``initial``: an Ru; else the player is listed as
        unrated)."""
        if self.floor is None or rating >= self.floor:
            return rating, None
        if initial:
            return None, tr(
                "Ru {rating} below the floor {floor}: no rating published",
                rating=rating,
                floor=self.floor,
            )
        return None, tr(
            "new rating {rating} below the floor {floor}: listed as unrated",
            rating=rating,
            floor=self.floor,
        )

    def decision_notes(self, event: Event) -> list[str]:
        """The decisions this rule set takes where the document is silent."""
        return [_decision_note(event)]

    # -- the protocol --------------------------------------------------------------------------

    @property
    def state(self) -> FideStateCodec:
        """The player state FIDE reads and writes (:mod:`ratingkit.fide.state`: games, born,
        K, ever_2400, ever_2300, pending_results)."""
        return FIDE_STATE

    def outcome(
        self,
        events: Event | Sequence[Event],
        players: PlayerFile | None = None,
        *,
        step_by_step: bool = False,
    ) -> FideOutcome:
        """One event rated alone (FIDE 2014 section 8, or the later text the fields set), or
        several as one rating period: K * sum(dR) per event, one rounding for the period
        (8.55c, 8.57); unrated players' first rating over all their games as one event (8.3).

        Where :func:`ratingkit.fide.engine.period.vectorised_reason` finds nothing against
        it, a period is rated by the numpy engine (the same outcome, value for value, with
        its tables laid out when read); ``step_by_step=True`` rates it event by event
        (:func:`ratingkit.fide.publication.rate_period`) all the same."""
        several, alone = events_of(events)
        self._refuse_score_tables(several, players)
        if alone:
            return rate_one(self, several[0], players)
        if not step_by_step:
            from ..core.fastbuild import collector_paused
            from .engine.period import rate_period_or_reason

            # The cycle collector paused while the many small values are made (none of them
            # in a cycle; reference counting frees them as usual).
            with collector_paused():
                outcome = rate_period_or_reason(self, several, players)
                if not isinstance(outcome, str):
                    return outcome
        return rate_period(self, several, players)

    def rate_rows(
        self, events: Sequence[tuple[Event, tuple[Any, ...]]], players: PlayerFile | None = None
    ) -> FideOutcome | None:
        """A period of several events as a store holds them (each event's players, its games
        as columns) rated by the numpy engine, or None where the events must be built and
        rated by :meth:`outcome` (:func:`ratingkit.fide.engine.rows.rate_stored_period`)."""
        from .engine.rows import rate_stored_period

        return rate_stored_period(self, events, players)

    def report_of(self, outcome: Outcome[Any, Any, Any, Any]) -> Report:
        """The view of one event's outcome or of a period's (the vectorised engine's with
        its tables laid out when read)."""
        from .engine.lazy import LazyPeriodOutcome
        from .engine.report import fast_period_report
        from .views import event_report, period_report

        if isinstance(outcome, LazyPeriodOutcome):
            return fast_period_report(outcome)
        if isinstance(outcome.detail, FidePeriod):
            return period_report(outcome)
        return event_report(outcome)

    def engine_refusal(self) -> str | None:
        """Why the numpy engine (:mod:`ratingkit.fide.engine`) would not give this rule set's
        numbers, or None: it knows FIDE 2014 section 8 as ``fide-2014`` defines it."""
        if type(self) is Fide2014 and self == FIDE_2014:
            return None
        return tr(
            "rule set {name} is not the 2014 text as fide-2014 defines it (the vectorised "
            "engine knows FIDE 2014 section 8 only; the later texts change the cap "
            "(8.3.1), K (8.3.3: K * n <= 700) and add a floor)",
            name=self.name,
        )

    def rate_events(
        self,
        events: Sequence[Event],
        players: PlayerFile | None = None,
        *,
        step_by_step: bool = False,
    ) -> Report:
        """The report of one rating period (:meth:`outcome`; ``step_by_step`` as there)."""
        return self.report_of(self.outcome(events, players, step_by_step=step_by_step))

    def _refuse_score_tables(self, events: Sequence[Event], players: PlayerFile | None) -> None:
        """A score table (totals only) is refused with the guard's own message
        (:func:`ratingkit.core.ruleset.cannot_rate`).  Shogi data in a chess event are not
        refused here but listed as games that are not chess (the CLI, ``ratingkit.rate``, the
        ledger and the widgets refuse a shogi event through
        :func:`ratingkit.core.ruleset.guard` before they call this)."""
        for event in events:
            refused = cannot_rate(self, event, players) if event.score_only else None
            if refused is not None:
                raise refused

    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """A game side's D, PD and score-PD (8.54, table 8.1b; 2022-2025 8.3.1), with the
        opponent's rating as used and the cap (:func:`ratingkit.fide.views.game_calculation`)."""
        from .views import game_calculation

        return game_calculation(game)

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The games that the rules do not rate, and why (one finding per rule), and the
        rate-of-play rules (2022-2025 1.1-1.2)."""
        from .checks import check

        return check(self, event, players)


def _decision_note(event: Event) -> str:
    text = _(
        "only games played over the board are rated (TRF 1 = 0; CSV 1-0, 0-1, 1/2-1/2 "
        "without a handicap or shogi result): forfeits, games of under one move and byes are "
        "not; D is capped at 400 (8.54); the change is rounded to the nearest integer, .5 away "
        "from zero (8.57); a first rating is published from 5 games on (7.14 of the 2014 "
        "regulations; section 8 gives no minimum), results pooled over at most 26 "
        "months; in a rating period the total change goes onto the previous list's rating (7.1)"
    )
    if event.type is EventType.ROUND_ROBIN:
        text += _(
            "; 8.58 iteration as decided here: pass 1 is 8.21b (rated players only), later "
            "passes average over all players with the previous pass's Ru, until the rounded "
            "Ru repeat; rated players then use the rounded Ru; n is the number of opponents "
            "(the same in a double round robin)"
        )
    return text


FIDE_2014 = Fide2014()


# -- 2017 and 2022 ---------------------------------------------------------------------------

DOCUMENT_2017 = N_(
    "FIDE Rating Regulations effective from 1 July 2017 till 31 December 2021 (FIDE Handbook "
    "B.02, with amendments effective from 1 February 2021)"
)
DOCUMENT_2022 = N_(
    "FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024 (FIDE Handbook "
    "B.02): 8.2.2-8.2.3 initial rating from rated opponents only, 8.3.1 the 400-point rule once "
    "per tournament, 8.3.3 K * n <= 700, floor 1000"
)

#: 2017-07-01 to 2021-12-31: no rule set, ``--rules fide`` refuses these events.
GAP_2017 = FamilyGap(
    valid_from=date(2017, 7, 1),
    valid_until=date(2021, 12, 31),
    document=DOCUMENT_2017,
    reason="its sections 7 and 8 could not be established from FIDE's texts",
)


@dataclass(frozen=True)
class Fide2022(Fide2014):
    """FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024."""

    name: str = "fide-2022"
    citations: Citations = CITATIONS_2022
    title: str = N_("FIDE Rating Regulations 1 January 2022")
    document: str = DOCUMENT_2022
    valid_from: date | None = date(2022, 1, 1)
    #: The day before the 2024 regulations came into force (rule set ``fide-2024``).
    valid_until: date | None = date(2024, 2, 29)
    label: str = "FIDE 2022"
    #: 8.2.2: Ra over the rated opponents, in round robins too (no 8.58 iteration).
    round_robin_iteration: bool = False
    #: 8.3.1 "for each game played against a rated player": never against an unrated one.
    rate_unrated_in_round_robins: bool = False
    #: 8.2.2-8.2.3: Ra over the rated opponents; Ra at 50%, + 20 for each half point over 50%,
    #: Ra + dp below (the 2014 arithmetic of 8.21a-8.24, under the 2022 numbers).
    ru_clause: str | None = CITATIONS_2022.clause(Concept.INITIAL_RATING)
    ru_base: str = "Ra"
    #: 8.3.1: "a player may benefit from only one upgrade under this rule" in a tournament.
    cap_once_per_event: bool = True
    #: No rating below this is published (7.1.4, 7.2.1 in the 2024 numbering).
    floor: int | None = 1000
    #: 8.3.3: 40/20/10 as in 2014, juniors "until the end of the year of their 18th
    #: birthday", then K * n <= 700 over the period's games (Fide2014.choose_k applies them).
    junior_until_year_end: bool = True
    k_times_n_max: int | None = 700
    #: 7.1.4: a first rating is published from this many games against rated opponents.
    first_rating_min_games: int = 5
    #: 1.1 of the 2022 text: 120 minutes where a player is rated 2400 or more, 90 where one is
    #: rated 1800 or more, else 60 (the 2017 text had 2200 and 1600); 1.2: a first time control
    #: that names a number of moves names at least 30 (2017: 40).  From the lists of the
    #: changes of 1 January 2022 that federations published (US Chess; a Polish arbiters' blog
    #: giving the old and the new 1.1-1.2 side by side): the same as the 2024 text.
    minimum_minutes: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90), (0, 60))
    minimum_first_control_moves: int | None = 30

    def capped_games(self, rating: int, differences: Sequence[int]) -> set[int]:
        """8.3.1: a player more than 400 above his opponent (the cap raises the opponent's
        rating for him: an upgrade) has D capped in one game of the event only, the one with
        the greatest difference (the earliest of equal ones: the sum is the same); his other
        games use the real difference.  A player more than 400 below his opponent does not
        benefit from the cap: every such game counts as -400 (the first sentence of 8.3.1)."""
        if not self.cap_once_per_event:
            return super().capped_games(rating, differences)
        capped = {i for i, d in enumerate(differences) if d < -self.cap}
        upgrades = [i for i, d in enumerate(differences) if d > self.cap]
        if upgrades:
            capped.add(max(upgrades, key=lambda i: (differences[i], -i)))
        return capped

    def no_cap_note(self, rating: int) -> str:
        return tr(
            "8.3.1: one upgrade per tournament, in the game of the greatest difference; "
            "here the real difference counts"
        )

    def decision_notes(self, event: Event) -> list[str]:
        notes = [
            tr(
                "{label}: only played games are rated (TRF 1 = 0); 8.3.1: a difference of more "
                "than 400 counts as 400, but a player more than 400 above his opponent "
                "benefits from it in one game of the event only, the one with the greatest "
                "difference (read here: for the lower-rated player every such game counts as "
                "400); the change is rounded to the nearest integer, .5 away from zero, once "
                "per event or period",
                label=self.label,
            ),
            _(
                "8.2.1-8.2.3: an unrated player with 0 in his first event is not counted; "
                "Ra is the average of his rated opponents, Ru = Ra at 50%, + 20 for each "
                "half point over 50% (of his games against rated opponents), Ra + dp "
                "below; Ru rounded .5 away from zero; round robins the same (without "
                "the 2014 text's iteration)"
            ),
            _(
                "8.3.1: the rated players' games against unrated opponents are not rated, in round "
                "robins neither"
            ),
            tr(
                "floor {floor}: a new rating or an Ru below it is not published (the player is "
                "listed as unrated); 7.1.4: a first rating rests on at least "
                "{first_rating_min_games} games against rated opponents",
                floor=self.floor,
                first_rating_min_games=self.first_rating_min_games,
            ),
            tr(
                "8.3.3: K 40 for fewer than 30 games, 20 below 2400, 10 once 2400 was reached, "
                "40 for juniors under 2300 until 31 December of the year of their 18th "
                "birthday; K * n <= {k_times_n_max}: K = the largest whole number with K * n "
                "<= {k_times_n_max} (n: the player's rated games in the event or period)",
                k_times_n_max=self.k_times_n_max,
            ),
        ]
        if event.type is EventType.ROUND_ROBIN:
            notes.append(
                _(
                    "round robin: rated as a Swiss event is (8.2.2 and 8.3.1 name rated opponents "
                    "only)"
                )
            )
        return notes


FIDE_2022 = Fide2022()


# -- 2024 and 2025 ---------------------------------------------------------------------------

DOCUMENT_2024 = N_(
    "FIDE Rating Regulations effective 1 March 2024 (FIDE Handbook B.02: 7.2.1 floor 1400, "
    "8.2 initial rating with two hypothetical 1800 opponents, 8.3.3 K * n <= 700)"
)
DOCUMENT_2025 = N_(
    "FIDE Rating Regulations effective 1 March 2024, amended with effect from 1 October 2025 "
    "(FIDE Handbook B.02, 8.3.1: the 400-point cap only below 2650)"
)


@dataclass(frozen=True)
class Fide2024(Fide2014):
    """FIDE Rating Regulations of 1 March 2024 (``fide-2024``) and their amendment of
    1 October 2025 (``fide-2025``, with ``cap_only_below=2650``) as a rule set."""

    name: str = "fide-2024"
    citations: Citations = CITATIONS_2024
    title: str = N_("FIDE Rating Regulations 1 March 2024")
    document: str = DOCUMENT_2024
    valid_from: date | None = date(2024, 3, 1)
    valid_until: date | None = date(2025, 9, 30)
    label: str = "FIDE 2024"
    round_robin_iteration: bool = False
    #: No rating below this is published (7.2.1; Fide2014.publish applies it).
    floor: int | None = 1400
    #: The hypothetical opponents of the initial rating (drawn games).
    hypothetical_opponents: tuple[int, ...] = (1800, 1800)
    #: The highest initial rating.
    initial_max: int = 2200
    #: 8.3.3: 40/20/10 as in 2014, juniors until the end of the year of the 18th birthday,
    #: K * n <= 700 over the period's games (Fide2014.choose_k applies them).
    junior_until_year_end: bool = True
    k_times_n_max: int | None = 700
    #: The 400-point cap applies only to players rated below this (None: to everybody).
    cap_only_below: int | None = None
    #: 8.3.1 "for each game played against a rated player": no game against an unrated
    #: opponent is rated for the rated player, round robins included.
    rate_unrated_in_round_robins: bool = False
    #: 7.1.4: a first rating rests on at least 5 games against rated opponents, pooled over
    #: rating periods of not more than 26 months.
    first_rating_min_games: int = 5
    first_rating_pool_months: int = 26
    #: 6.1 and 6.2: matches with an unrated player, and games after a match was won.
    unrated_match_not_rated: bool = True
    decided_match_games_not_rated: bool = True
    #: 8.3.3 as FIDE applies it: K 10 from 2400 even before 30 games; a junior who once
    #: reached 2300 keeps K 20.
    k_10_before_30_games: bool = True
    k_junior_ends_once_2300: bool = True
    #: 1.1: 120 minutes per player (60 moves) if one of the two is rated 2400 or more, 90 if
    #: one is 1800 or more, 60 if both are below 1800; 1.2: a first time control that names a
    #: number of moves names at least 30.
    minimum_minutes: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90), (0, 60))
    minimum_first_control_moves: int | None = 30

    def cap_applies(self, rating: int) -> bool:
        return self.cap_only_below is None or rating < self.cap_only_below

    def no_cap_note(self, rating: int) -> str:
        return tr(
            "2025: no 400-point cap, own rating {rating} >= {cap_only_below}",
            rating=rating,
            cap_only_below=self.cap_only_below,
        )

    def initial_rating(
        self,
        pairs: Sequence[tuple[Fraction, Fraction]],
        sums: tuple[int, int] | None = None,
    ) -> tuple[Fraction, Fraction, str]:
        # 2024 8.2's hypothetical opponents: the pairs' own path (``sums`` not read).
        return initial_rating_2024(pairs, self.hypothetical_opponents, self.initial_max)

    def decision_notes(self, event: Event) -> list[str]:
        cap = (
            tr(
                "the 400-point cap applies only to players rated below {cap_only_below} (each "
                "player's own rating decides it for his side of the game)",
                cap_only_below=self.cap_only_below,
            )
            if self.cap_only_below is not None
            else _("D is capped at 400 for every player")
        )
        return [
            tr(
                "{label}: only played games are rated; {cap}; the change is rounded to the "
                "nearest integer, .5 away from zero, once per event or period",
                label=self.label,
                cap=cap,
            ),
            tr(
                "initial rating: Ra over the rated opponents plus two hypothetical 1800 "
                "opponents (draws), Ru = Ra + dp, at most {initial_max}, rounded .5 away from "
                "zero; in round robins too (without the 2014 text's iteration); no game against an "
                "unrated "
                "opponent is rated for the rated player, round robins included (8.3.1); an "
                "unrated player with 0 in his first event is not counted (8.2.1); a first "
                "rating is published from {first_rating_min_games} games against rated "
                "opponents on, pooled over at most {first_rating_pool_months} months (7.1.4; "
                "the results below it are kept in the new state's pending_results); a match "
                "with an unrated player is not rated (6.1), nor the games of a match after one "
                "player has won (6.2, event field match_games)",
                initial_max=self.initial_max,
                first_rating_min_games=self.first_rating_min_games,
                first_rating_pool_months=self.first_rating_pool_months,
            ),
            tr(
                "floor {floor}: a new rating or an Ru below it is not published (the player is "
                "listed as unrated)",
                floor=self.floor,
            ),
            tr(
                "K * n <= {k_times_n_max}: n = the player's rated games in the event (in a "
                "rating period: in all its events); K = the largest whole number with K * n <= "
                "{k_times_n_max}; juniors (K 40 under 2300): until 31 December of the year of "
                "the 18th birthday; K 10 once the published rating has reached 2400, even "
                "before 30 games, and K 20 for a junior whose rating once reached 2300 (8.3.3 "
                "as FIDE applies it; player file columns ever_2400 and ever_2300)",
                k_times_n_max=self.k_times_n_max,
            ),
        ]


FIDE_2024 = Fide2024()
FIDE_2025 = Fide2024(
    name="fide-2025",
    citations=CITATIONS_2025,
    title=N_("FIDE Rating Regulations 1 March 2024, amended 1 October 2025"),
    document=DOCUMENT_2025,
    valid_from=date(2025, 10, 1),
    valid_until=None,
    label="FIDE 2025",
    cap_only_below=2650,
)


def fide_since_2014(rule_set: object) -> Fide2014:
    """``rule_set`` as one of FIDE's rule sets since 2014 (the services that compare their
    texts ask for one by name), or an error naming it."""
    if not isinstance(rule_set, Fide2014):
        name = getattr(rule_set, "name", rule_set)
        raise RatingkitError(tr("{name} is not one of FIDE's rule sets since 2014", name=name))
    return rule_set
