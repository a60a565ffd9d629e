"""Rating a season of club records under the LNMO rules, step by step, into an
:class:`~ratingkit.core.outcome.Outcome`.

A season is rated in date order: each event (the games sharing an ``event`` name) is one unit,
rated with the grades its players held when it began; each qualification game is a unit of its
own.  The steps are named after the rules they apply: :meth:`_Season.game_result` (rule 5),
:meth:`_Season.rule_2` (one game), :meth:`_Season.rule_2b_bonus` (an event's end),
:meth:`_Season.rule_1a_by_rating`, :meth:`_Season.rule_1a_qualification` with
:meth:`_Season.rule_1b_wait`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from ..core.clubterms import Terms, column_location, game_terms
from ..core.errors import InvalidValueError, Location
from ..core.i18n import N_, _, tr
from ..core.model import Event, Game, Special, event_notes
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
)
from ..core.players import (
    PlayerFile,
    PlayerRecord,
    RatingFrom,
    match_warning,
    rating_before,
)
from ..core.shogi import localized_grade
from .formula import (
    NO_GAME,
    QUALIFICATION,
    WAIT_AFTER_LOSS,
    WAIT_AFTER_WIN,
    Grade,
    bonus_threshold,
    change_for,
    grade_difference,
    grade_for_rating,
    handicap_grade,
    kinte_limit,
    kyu,
)
from .outcome import (
    BONUS_DOUBLED,
    DRAW,
    FESA_GRADE,
    HANDICAP_OUTSIDE,
    JISHOGI,
    NO_RATING_BELOW_17_KYU,
    NOT_AGREED,
    NOT_PLAYED,
    NOT_RATED,
    RATED,
    SENNICHITE,
    BonusDoubled,
    Case,
    EventBonus,
    Kind,
    KinteLoss,
    LnmoGame,
    LnmoPlayer,
    LnmoSeason,
    Promotion,
    PromotionPath,
    PromotionWay,
    Qualification,
    RatingRaised,
    Result,
    Unit,
    UnitKind,
    UnratedGames,
    WhyPart,
    before_first_rated,
)
from .state import CODEC, LnmoStateError, State

if TYPE_CHECKING:
    from .rulesets import LnmoRules

#: The typed outcome of an LNMO run.
LnmoOutcome = Outcome[LnmoPlayer, LnmoGame, LnmoSeason, LnmoSeason]

# -- Per-game terms from a game's columns ------------------------------------------------------

#: The values of the ``kind`` column.
KINDS = tuple(kind.value for kind in Kind)


# -- what is added up, for the season and for each event -----------------------------------------


@dataclass
class _Tally:
    """What one scope (the season, or one event of it) adds up, player by player."""

    start: dict[str, State] = field(default_factory=dict)
    end: dict[str, State] = field(default_factory=dict)
    why: dict[str, list[WhyPart]] = field(default_factory=dict)
    counted: dict[str, list[float]] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    bonus: dict[str, int] = field(default_factory=dict)
    promotions: list[Promotion] = field(default_factory=list)
    bonuses: list[EventBonus] = field(default_factory=list)
    games: list[GameOutcome[LnmoGame]] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)


_Units = list[tuple[Unit, int, list[tuple[Game, Terms]]]]


def rate_season(
    rules: LnmoRules, events: Sequence[Event], players: PlayerFile | None
) -> LnmoOutcome:
    """The typed outcome of rating ``events`` one after the other (the guards have run)."""
    return _Season(rules, tuple(events), players).run()


class _Season:
    """One rating run: the state of every player, the units in date order, the outcome."""

    def __init__(self, rules: LnmoRules, events: tuple[Event, ...], players: PlayerFile | None):
        self.rules = rules
        self.events = events
        self.keys = tuple(EventKey.of(event, index) for index, event in enumerate(events))
        self.players = players
        self.notes: list[Note] = []
        self.states: dict[str, State] = {}
        self.records: dict[str, PlayerRecord] = {}
        self.order: list[str] = []
        self.season = _Tally()
        self.tallies = [_Tally() for _ in events]
        self.current = 0
        self.agreed_defaulted = 0
        self.initial: list[str] = []
        self.initial_at = 0
        self.kinte_seen = False

    @property
    def _scopes(self) -> tuple[_Tally, _Tally]:
        return self.season, self.tallies[self.current]

    # -- state -----------------------------------------------------------------------------
    def load_players(self) -> None:
        """The state of every player: from the player file, else from the event (3, 3a, 6)."""
        initial: list[str] = []
        from_file: set[str] = set()
        if self.players is not None:
            for record in self.players:
                if not record.id:
                    raise LnmoStateError(
                        tr("every player in the player file needs an id"),
                        record.location,
                        record.name,
                    )
                state = CODEC.read(record)
                self.states[record.id] = state
                self.records[record.id] = record
                self.order.append(record.id)
                from_file.add(record.id)
                if state.initial:
                    initial.append(record.id)
        for event in self.events:
            for player in event.players:
                if player.id in self.states:
                    continue
                location = Location(event.source) if event.source else None
                state = CODEC.read_player(player, location)
                self.states[player.id] = state
                self.order.append(player.id)
                if state.initial:
                    initial.append(player.id)
        self.season.start = dict(self.states)
        # The note on table 1's ratings is made when the run is over: an event may give a
        # rating where the player file gives none (:meth:`_ratings_before`).
        self.initial = initial
        self.initial_at = len(self.notes)
        fesa = tuple(s.id for s in self.states.values() if s.grade.fesa)
        if fesa:
            self.notes.append(
                Note(
                    NoteKind.RULE,
                    _(
                        "a FESA grade (player file 'prior_grade') replaces the LNMO grade "
                        "and rating (rule 6): no LNMO rating for "
                    )
                    + ", ".join(fesa)
                    + _("; their FESA grade gives D"),
                    Rule("6", N_("a FESA grade replaces the LNMO grade and rating")),
                    fesa,
                )
            )
        if self.players is not None:
            self.notes.append(
                Note(
                    NoteKind.READ,
                    tr(
                        "state taken from {source} ({from_file_count} players, matched by id)",
                        source=self.players.source or "the player file",
                        from_file_count=len(from_file),
                    ),
                )
            )
            playing = {p.id: p.name for event in self.events for p in event.players}
            missing = [pid for pid in playing if pid not in from_file]
            warning = match_warning(
                self.players.source,
                rows=len(self.players),
                rows_matched=len(from_file & playing.keys()),
                players=len(playing),
                missing=[playing[pid] for pid in missing],
                ids=missing,
            )
            if warning is not None:
                self.notes.append(warning)

    # -- units -----------------------------------------------------------------------------
    def units(self) -> _Units:
        """(unit, event index, games) in date order: events, and qualification games one by
        one; on one date in the order the records first name them."""
        keyed: list[tuple[tuple[date, int, int], Unit, int, list[tuple[Game, Terms]]]] = []
        for index, event in enumerate(self.events):
            source = self.keys[index]
            grouped: dict[str, list[tuple[Game, Terms]]] = {}
            for game in event.games:
                terms = game_terms(game, event.name)
                if terms.kind == Kind.QUALIFICATION.value:
                    when = game.date or event.start or date.min
                    unit = Unit(source, UnitKind.QUALIFICATION, terms.event, game.date)
                    keyed.append(((when, index, game.round), unit, index, [(game, terms)]))
                else:
                    grouped.setdefault(terms.event, []).append((game, terms))
            for name, games in grouped.items():
                first = min((g.date or event.start or date.min) for g, _ in games)
                rounds = max(t.event_round for _, t in games)
                day = None if first == date.min else first
                unit = Unit(source, UnitKind.EVENT, name, day, rounds)
                keyed.append(((first, index, min(g.round for g, _ in games)), unit, index, games))
        keyed.sort(key=lambda u: u[0])
        return [(unit, index, games) for _, unit, index, games in keyed]

    # -- bookkeeping of both scopes --------------------------------------------------------
    def _begin(self, index: int) -> None:
        self.current = index
        tally = self.tallies[index]
        if not tally.start:
            self._ratings_before(index)
        for player in self.events[index].players:
            tally.start.setdefault(player.id, self.states[player.id])

    def _ratings_before(self, index: int) -> None:
        """When an event begins, each of its players' rating before it by the one rule
        (:func:`ratingkit.core.players.rating_before`): the state's (the player file's, or
        what the events before it left), the event's where the state has none of its own
        (table 1's rating by grade is none, rules 3 and 3a), and the two differing is an
        error naming both."""
        event = self.events[index]
        for player in event.players:
            state = self.states[player.id]
            if player.rating is None or state.grade.fesa:
                continue  # the state gives it; rule 6: a FESA grade has no LNMO rating
            loaded = self.records.get(player.id)
            unchanged = loaded is not None and self.season.start.get(player.id) is state
            given = None if state.initial else state.rating
            record = PlayerRecord(
                id=player.id,
                name=state.name,
                rating=given,
                location=loaded.location if unchanged and loaded is not None else None,
            )
            decided = rating_before(
                player,
                record,
                CODEC.differing_rating,
                event_place=event.source or event.name,
                state_place=_("in the state the events before it left"),
            )
            if decided.source is RatingFrom.EVENT and state.initial:
                new = replace(state, rating=decided.rating, initial=False)
                self.states[player.id] = new
                if self.season.start.get(player.id) is state:
                    self.season.start[player.id] = new  # the season begins with it

    def _touch(self, pid: str) -> None:
        self.tallies[self.current].start.setdefault(pid, self.states[pid])

    def _add_change(self, pid: str, total: int) -> None:
        self._touch(pid)
        state = self.states[pid]
        # A rating changed is no longer the initial one of table 1 (3, 3a).
        self.states[pid] = replace(state, rating=(state.rating or 0) + total, initial=False)
        for scope in self._scopes:
            scope.totals[pid] = scope.totals.get(pid, 0) + total

    def _add_why(self, pid: str, part: WhyPart) -> None:
        for scope in self._scopes:
            scope.why.setdefault(pid, []).append(part)

    def _promote(self, promotion: Promotion) -> None:
        for scope in self._scopes:
            scope.promotions.append(promotion)
        self._add_why(promotion.player, promotion)

    # -- one game --------------------------------------------------------------------------
    def game_result(
        self, game: Game, terms: Terms, grades: Mapping[str, Grade]
    ) -> tuple[float, float, KinteLoss | None]:
        """Rule 5: (white score, black score, the kinte loss) (a kinte loss overrides the
        board)."""
        white_limit = kinte_limit(grades[game.white])
        black_limit = kinte_limit(grades[game.black])
        white_lost = terms.kinte_white is not None and terms.kinte_white >= white_limit
        black_lost = terms.kinte_black is not None and terms.kinte_black >= black_limit
        if white_lost and black_lost:
            raise InvalidValueError(
                tr(
                    (
                        "both players reached their losing illegal move ({kinte_white} "
                        "of {white_limit} and {kinte_black} of {black_limit}, rule 5); "
                        "the game ended at the first of them: record that one only"
                    ),
                    kinte_white=terms.kinte_white,
                    white_limit=white_limit,
                    kinte_black=terms.kinte_black,
                    black_limit=black_limit,
                ),
                column_location(game, "kinte_black"),
                terms.kinte_black,
            )
        if white_lost and terms.kinte_white is not None:
            return 0.0, 1.0, KinteLoss(game.white, terms.kinte_white, white_limit)
        if black_lost and terms.kinte_black is not None:
            return 1.0, 0.0, KinteLoss(game.black, terms.kinte_black, black_limit)
        return game.white_score, game.black_score, None

    def _game_reasons(
        self, game: Game, terms: Terms, white_score: float, kinte: KinteLoss | None
    ) -> tuple[bool, list[Rule]]:
        """Whether the rules let the game change ratings (2, 2a, 3a, 4, 4a), and why not."""
        reasons: list[Rule] = []
        rated = True
        if not game.is_played:
            rated, reasons = False, [NOT_PLAYED]
        if game.date is not None and game.date < self.rules.first_rated:
            rated = False
            reasons.append(before_first_rated(self.rules.first_rated))
        agreed = terms.agreed
        if agreed is None:
            agreed = self.rules.agreed_by_default
            self.agreed_defaulted += 1
        if not agreed:
            rated = False
            reasons.append(NOT_AGREED)
        rated_kinds = {Kind(kind) for kind in self.rules.rated_handicap_kinds}
        if game.handicap is not None and Kind(terms.kind) not in rated_kinds:
            rated = False
            reasons.append(HANDICAP_OUTSIDE)
        if game.special in (Special.SENNICHITE,):
            rated = False
            reasons.append(SENNICHITE)
        elif game.special in (Special.JISHOGI_REPLAYED, Special.JISHOGI_POINTS):
            rated = False
            reasons.append(JISHOGI)
        if kinte is not None:
            reasons.append(kinte.rule)
        if game.is_played and game.special is None and white_score == 0.5:
            rated = False
            reasons.append(DRAW)
        return rated, reasons

    def rule_2(
        self, unit: Unit, game: Game, terms: Terms, grades: Mapping[str, Grade]
    ) -> dict[str, int]:
        """Rule 2 for one game: the change of each rated player; the game sides recorded."""
        white_score, black_score, kinte = self.game_result(game, terms, grades)
        rated, reasons = self._game_reasons(game, terms, white_score, kinte)
        if terms.kinte_white is not None or terms.kinte_black is not None:
            self.kinte_seen = True
        changes: dict[str, int] = {}
        for pid, score in ((game.white, white_score), (game.black, black_score)):
            opponent = game.opponent_of(pid)
            own, other = grades[pid], grades[opponent]
            difference = grade_difference(own, other)
            won = score == 1.0
            winner_stronger = (own.rank >= other.rank) if won else (other.rank >= own.rank)
            decided = game.is_played and score in (0.0, 1.0)
            value = change_for(difference, winner_stronger) if decided else None
            player_reasons = list(reasons)
            change: int | None = None
            if rated and value is not None:
                if self.states[pid].rating is None:
                    player_reasons.append(FESA_GRADE if own.fesa else NO_RATING_BELOW_17_KYU)
                else:
                    change = value if won else -value
                    changes[pid] = change
                    player_reasons.insert(0, RATED)
            case = _case(won, value, winner_stronger, difference, score)
            detail = LnmoGame(
                game.date,
                unit.name,
                terms.event_round,
                Kind(terms.kind),
                own,
                other,
                difference,
                case,
                Result.of(score),
                value,
                tuple(player_reasons),
                game.location.line if game.location else None,
                unit.kind,
                kinte,
            )
            if change is None:
                reason: Rule | None = player_reasons[0] if player_reasons else NOT_RATED
            else:
                reason = kinte.rule if kinte is not None else None
            side = GameOutcome(
                unit.source, game.round, pid, opponent, score, change is not None, reason, change,
                detail,
            )  # fmt: skip
            self._touch(pid)
            for scope in self._scopes:
                scope.games.append(side)
                if change is not None:
                    scope.counted.setdefault(pid, []).append(score)
        return changes

    # -- units ---------------------------------------------------------------------------
    def rule_1a_by_rating(self, pid: str, unit: Unit, when: date | None) -> None:
        """Rule 1a: promotion on reaching the rating of a grade."""
        state = self.states[pid]
        if state.rating is None or state.grade.fesa:
            return
        target = grade_for_rating(state.rating)
        if target.rank > state.grade.rank:
            way = PromotionWay(
                PromotionPath.RATING, rating=state.rating, reached=target.table_rating
            )
            self._promote(Promotion(pid, when, unit.name, state.grade, target, way))
            self.states[pid] = replace(state, grade=target)

    def rate_event(self, unit: Unit, games: list[tuple[Game, Terms]]) -> None:
        """An event: every game by rule 2 with the grades held when it began, then each
        player's gain by rule 2b, then promotion by rating (1a)."""
        grades = {pid: s.grade for pid, s in self.states.items()}
        rounds = max(t.event_round for _, t in games)
        gains: dict[str, int] = {}
        for game, terms in sorted(games, key=lambda gt: (gt[1].event_round, gt[0].round)):
            for pid, change in self.rule_2(unit, game, terms, grades).items():
                gains[pid] = gains.get(pid, 0) + change
        when = max((g.date for g, _ in games if g.date), default=None)
        for pid in self.order:
            if pid in gains:
                self.rule_2b_bonus(unit, pid, gains[pid], rounds, when)
                self.rule_1a_by_rating(pid, unit, when)

    def rule_2b_bonus(
        self, unit: Unit, pid: str, gain: int, rounds: int, when: date | None
    ) -> None:
        """Rule 2b: a total gain above 20 + 3 * rounds is doubled."""
        threshold = bonus_threshold(rounds)
        doubled = gain > threshold
        total = 2 * gain if doubled else gain
        before = self.states[pid].rating
        self._add_change(pid, total)
        if doubled:
            for scope in self._scopes:
                scope.bonus[pid] = scope.bonus.get(pid, 0) + gain
            self._add_why(pid, BonusDoubled(unit.name, gain, threshold))
        row = EventBonus(
            unit.name,
            when,
            pid,
            rounds,
            threshold,
            gain,
            gain if doubled else 0,
            BONUS_DOUBLED if doubled else None,
            before,
            (before or 0) + total,
            unit.source,
        )
        for scope in self._scopes:
            scope.bonuses.append(row)

    def _qualification_candidate(self, game: Game, grades: Mapping[str, Grade]) -> tuple[str, str]:
        """(giver, candidate): the giver is the instructor (1a): the ``giver`` column, else the
        stronger grade."""
        giver = game.handicap.giver if game.handicap is not None else None
        if giver is None:
            white, black = grades[game.white], grades[game.black]
            if white == black:
                raise InvalidValueError(
                    tr(
                        (
                            "a qualification game needs a 'giver' (the instructor): both "
                            "players are {white}"
                        ),
                        white=white,
                    ),
                    column_location(game, "giver"),
                    "",
                )
            giver = game.white if white.rank > black.rank else game.black
        return giver, game.opponent_of(giver)

    def _qualification_target(self, game: Game, candidate: str, state: State) -> int:
        """Rule 1a: the grade (kyu) a qualification game is for, from its handicap."""
        where = column_location(game, "handicap")
        if state.grade.fesa:
            raise InvalidValueError(
                tr(
                    (
                        "{candidate!r} holds {grade}: LNMO qualification games are for "
                        "LNMO grades only (rule 6)"
                    ),
                    candidate=candidate,
                    grade=localized_grade(str(state.grade)),
                ),
                where,
                state.grade.label,
            )
        own_kyu = state.grade.kyu or 0
        if game.handicap is not None:
            found = handicap_grade(game.handicap.kind)
            if found is None:
                known = ", ".join(f"{k} kyu {h}" for k, h in QUALIFICATION.items() if h)
                raise InvalidValueError(
                    tr(
                        (
                            "handicap {kind!r} is not a qualification handicap of rule 1a "
                            "({known}; 13 kyu is not given in the LNMO rules)"
                        ),
                        kind=game.handicap.kind,
                        known=known,
                    ),
                    where,
                    game.handicap.kind,
                )
            target = found
        else:
            target = own_kyu - 1
            if target in NO_GAME or target < 7:
                raise InvalidValueError(
                    tr(
                        "no qualification game leads from {grade} to {target} kyu (1a)",
                        grade=localized_grade(str(state.grade)),
                        target=target,
                    ),
                    where,
                    "",
                )
            if QUALIFICATION.get(target) is None:
                raise InvalidValueError(
                    tr(
                        (
                            "{candidate!r} ({grade}): the LNMO rules give no qualification "
                            "handicap for 13 kyu (rule 1a lists 12 and 14 kyu only); write "
                            "the handicap the club used in the 'handicap' column of a grade "
                            "above, or rate it by hand"
                        ),
                        candidate=candidate,
                        grade=localized_grade(str(state.grade)),
                    ),
                    where,
                    "",
                )
            line = game.location.line if game.location else "?"
            self.notes.append(
                Note(
                    NoteKind.DEFAULT,
                    tr(
                        "line {line}: no handicap written; the qualification "
                        "handicap of {target} kyu ({QUALIFICATION}) assumed",
                        line=line,
                        target=target,
                        QUALIFICATION=QUALIFICATION[target],
                    ),
                    Rule("1а", N_("the qualification handicap of the next grade")),
                    (candidate,),
                )
            )
        if target >= own_kyu:
            raise InvalidValueError(
                tr(
                    (
                        "{candidate!r} already holds {grade}: a qualification game at "
                        "{qualification} is for {target} kyu (1a)"
                    ),
                    candidate=candidate,
                    grade=localized_grade(str(state.grade)),
                    qualification=QUALIFICATION[target],
                    target=target,
                ),
                where,
                game.handicap.kind if game.handicap else "",
            )
        return target

    def rule_1b_wait(self, game: Game, candidate: str, state: State) -> date:
        """Rule 1b: 3 days after a lost qualification game, the next day after a won one."""
        if game.date is None:
            raise InvalidValueError(
                tr("a qualification game needs a date (rule 1b)"), column_location(game, "date"), ""
            )
        if state.last_qualification is not None:
            wait = WAIT_AFTER_WIN if state.last_qualification_won else WAIT_AFTER_LOSS
            earliest = state.last_qualification + wait
            if game.date < earliest:
                outcome = "won" if state.last_qualification_won else "lost"
                raise InvalidValueError(
                    tr(
                        (
                            "qualification game of {candidate!r} on {date} is too soon: the "
                            "last one, on {last_qualification}, was {outcome}; the next try "
                            "is allowed from {earliest} (rule 1b)"
                        ),
                        candidate=candidate,
                        date=game.date,
                        last_qualification=state.last_qualification,
                        outcome=outcome,
                        earliest=earliest,
                    ),
                    column_location(game, "date"),
                    game.date.isoformat(),
                )
        return game.date

    def rule_1a_qualification(self, unit: Unit, game: Game, terms: Terms) -> None:
        """A qualification game (1a): rated by rule 2, no bonus; won, it gives the grade of
        its handicap."""
        grades = {pid: s.grade for pid, s in self.states.items()}
        giver, candidate = self._qualification_candidate(game, grades)
        state = self.states[candidate]
        target = self._qualification_target(game, candidate, state)
        day = self.rule_1b_wait(game, candidate, state)
        changes = self.rule_2(unit, game, terms, grades)
        white_score, black_score, _ = self.game_result(game, terms, grades)
        won = (white_score if candidate == game.white else black_score) == 1.0
        for pid, change in changes.items():
            self._add_change(pid, change)
        current = self.states[candidate]
        self.states[candidate] = replace(
            current, last_qualification=day, last_qualification_won=won
        )
        if white_score == 0.5:
            line = game.location.line if game.location else "?"
            self.notes.append(
                Note(
                    NoteKind.RULE,
                    tr(
                        "line {line}: a qualification game ended in sennichite or "
                        "jishogi: not won, so the next try waits 3 days (1b)",
                        line=line,
                    ),
                    Rule("1b", N_("a drawn qualification game is not won")),
                    (candidate,),
                )
            )
        if won:
            new = kyu(target)
            rating = current.rating
            raised: RatingRaised | None = None
            table = new.table_rating
            if new.is_rated and table is not None and rating is None:
                raised, rating = RatingRaised(None, table), table
            elif (
                new.is_rated
                and table is not None
                and self.rules.raise_rating_on_qualification
                and rating is not None
                and rating < table
            ):
                raised, rating = RatingRaised(rating, table), table
            self.states[candidate] = replace(self.states[candidate], grade=new, rating=rating)
            way = PromotionWay(
                PromotionPath.QUALIFICATION,
                handicap=QUALIFICATION[target],
                giver=giver,
                raised=raised,
            )
            self._promote(Promotion(candidate, day, unit.name, current.grade, new, way))
        self.rule_1a_by_rating(candidate, unit, day)

    # -- the run ---------------------------------------------------------------------------
    def run(self) -> LnmoOutcome:
        self.load_players()
        units = self.units()
        last = {index: position for position, (_, index, _) in enumerate(units)}
        for position, (unit, index, games) in enumerate(units):
            self._begin(index)
            for scope in self._scopes:
                scope.units.append(unit)
            if unit.kind is UnitKind.QUALIFICATION:
                game, terms = games[0]
                self.rule_1a_qualification(unit, game, terms)
            else:
                self.rate_event(unit, games)
            if last[index] == position:
                tally = self.tallies[index]
                tally.end = {pid: self.states[pid] for pid in tally.start}
        self.season.end = dict(self.states)
        initial = [pid for pid in self.initial if self.season.start[pid].initial]
        if initial:
            note = Note(
                NoteKind.RULE,
                _("initial rating from table 1 by grade (rules 3, 3a) for: ") + ", ".join(initial),
                Rule("3, 3а", N_("initial rating from table 1 by grade")),
                tuple(initial),
            )
            self.notes.insert(self.initial_at, note)
        return self.outcome()

    def outcome(self) -> LnmoOutcome:
        season = self.season
        players = tuple(self._player(pid, season) for pid in self.order)
        events = tuple(
            EventOutcome(
                key,
                tuple(self._player(pid, tally) for pid in self.order if pid in tally.start),
                tuple(tally.games),
                _read_notes(event),
                self._season_detail(tally),
            )
            for key, event, tally in zip(self.keys, self.events, self.tallies, strict=True)
        )
        title = " + ".join(e.name for e in self.events)
        return Outcome(
            rules=self.rules.name,
            title=tr("{title}: LNMO club ratings", title=title),
            players=players,
            events=events,
            games=tuple(season.games),
            notes=tuple(self.notes + self._decision_notes()),
            detail=self._season_detail(season),
            new_state=self._new_state(),
        )

    def _season_detail(self, tally: _Tally) -> LnmoSeason:
        rated = {
            (
                g.event,
                g.detail.day,
                g.detail.event,
                g.detail.round,
                frozenset((g.player, g.opponent)),
            )
            for g in tally.games
            if g.change is not None
        }
        return LnmoSeason(
            tuple(tally.units),
            tuple(tally.bonuses),
            tuple(tally.promotions),
            self.agreed_defaulted,
            len(rated),
        )

    def _player(self, pid: str, tally: _Tally) -> PlayerOutcome[LnmoPlayer]:
        start, end = tally.start[pid], tally.end.get(pid, self.states[pid])
        scores = tally.counted.get(pid, [])
        change = tally.totals.get(pid, 0) if pid in tally.totals else (0 if scores else None)
        unrated: dict[Rule, int] = {}
        for side in tally.games:
            if side.player == pid and side.change is None:
                first = side.detail.reasons[0] if side.detail.reasons else NOT_RATED
                unrated[first] = unrated.get(first, 0) + 1
        why = tuple(tally.why.get(pid, [])) + tuple(
            UnratedGames(rule, n) for rule, n in unrated.items()
        )
        qualification = (
            Qualification(end.last_qualification, bool(end.last_qualification_won))
            if end.last_qualification is not None
            else None
        )
        detail = LnmoPlayer(
            start.grade,
            end.grade,
            tally.bonus.get(pid, 0),
            why,
            tuple(p for p in tally.promotions if p.player == pid),
            qualification,
            start.initial,
            start.grade.fesa,
        )
        return PlayerOutcome(
            pid,
            start.name,
            start.rating,
            len(scores),
            sum(scores),
            None,
            change,
            end.rating,
            _status(start, end, change),
            detail,
        )

    def _decision_notes(self) -> list[Note]:
        notes: list[Note] = []
        if self.agreed_defaulted:
            notes.append(
                Note(
                    NoteKind.DEFAULT,
                    tr(
                        "no 'agreed' column: {agreed_defaulted} game(s) taken as "
                        "agreed={agreed} (rule 4; the club records list the games "
                        "reported to the leader)",
                        agreed_defaulted=self.agreed_defaulted,
                        agreed="yes" if self.rules.agreed_by_default else "no",
                    ),
                    Rule("4", N_("a game is rated only when both players agreed beforehand")),
                )
            )
        decisions = [
            (
                "1а, 2b",
                N_(
                    "each event is rated with the grades held when it began; promotion on "
                    "reaching a grade's rating (1a) is applied at its end, after the bonus "
                    "(2b); qualification games are rated one by one in date order and earn "
                    "no bonus"
                ),
            ),
            (
                "2b",
                N_(
                    "rounds of an event (2b) = the highest round number in its records; "
                    "its gain is the net sum of the player's changes in it"
                ),
            ),
            (
                "3а",
                N_(
                    "events and qualification games are taken in date order; on one date "
                    "in the order the records first name them"
                ),
            ),
            (
                "1а",
                N_(
                    "the handicap giver in a qualification game is taken to be the club instructor "
                    "(DK, DSh or MZ, 1a); its target grade is the grade whose handicap was played"
                ),
            ),
            (
                "1а",
                N_(
                    "rule 1a gives no qualification handicap for 13 kyu: such a game is refused, "
                    "not guessed"
                ),
            ),
            (
                "3b, 6",
                N_(
                    "players without an LNMO rating (below 17 kyu, 3b, or with a FESA grade, 6) "
                    "still rate their opponents (D from both grades); the LNMO rules set no floor"
                ),
            ),
        ]
        notes += [Note(NoteKind.DECISION, _(text), Rule(clause)) for clause, text in decisions]
        if any(g.detail.kind is Kind.HANDICAP for g in self.season.games):
            notes.append(
                Note(
                    NoteKind.DECISION,
                    _(
                        "games of handicap events (kind 'handicap', 4a) are rated with the "
                        "table of rule 2 like even games: the LNMO rules give no other"
                    ),
                    Rule("4a"),
                )
            )
        if self.kinte_seen or any(g.detail.kinte is not None for g in self.season.games):
            notes.append(
                Note(
                    NoteKind.DECISION,
                    _(
                        "illegal moves: kinte_white/kinte_black count them as the club "
                        "did, take-backs at the opponent's demand included where the club "
                        "counted them (5a); the losing count is 1 above 10 kyu, 2 for "
                        "10-14 kyu, 3 below 14 kyu (5)"
                    ),
                    Rule("5, 5а"),
                )
            )
        if self.rules.raise_rating_on_qualification:
            notes.append(
                Note(
                    NoteKind.DECISION,
                    _(
                        "on promotion by a qualification game a rating below the new "
                        "grade's table-1 rating is raised to it (not in the LNMO rules; as "
                        "rule 3 assigns ratings by grade)"
                    ),
                    Rule("3"),
                )
            )
        for event in self.events:
            notes += _read_notes(event)
        return notes

    def _new_state(self) -> PlayerFile:
        records = []
        for pid in self.order:
            state = self.states[pid]
            base = self.records.get(pid) or PlayerRecord(id=pid, name=state.name)
            records.append(CODEC.write(base, state))
        return PlayerFile(tuple(records), "new state")


def _read_notes(event: Event) -> tuple[Note, ...]:
    """What the reader says (how the type was decided, which encoding was read), as notes."""
    return tuple(
        n if isinstance(n, Note) else Note(NoteKind.READ, str(n)) for n in event_notes(event)
    )


def _case(
    won: bool, value: int | None, winner_stronger: bool, difference: int, score: float
) -> Case:
    """Rule 2's case of one side of a game."""
    if value is None:
        return Case.DRAW if score == 0.5 else Case.UNDECIDED
    if difference == 0:
        return Case.EQUAL
    if won:
        return Case.STRONGER_WON if winner_stronger else Case.WEAKER_WON
    return Case.WEAKER_LOST if winner_stronger else Case.STRONGER_LOST


def _status(start: State, end: State, change: int | None) -> Status:
    """Rule 3b and 6: no rating, not rated; a rating issued (3b) or taken from table 1 (3, 3a):
    first rating; else rated (when a game changed it)."""
    if end.rating is None:
        return Status.NOT_RATED
    if start.rating is None:
        return Status.FIRST_RATING
    if change is None:
        return Status.NOT_RATED
    if start.initial:
        return Status.FIRST_RATING
    return Status.RATED


__all__ = ["KINDS", "LnmoOutcome", "Terms", "game_terms", "rate_season"]
