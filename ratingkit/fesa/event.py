"""Rating one FESA event, in the steps the rules name (steps 1 and 2 in :mod:`.steps`, the
passes of step 2 in :mod:`.passes`).

1. :func:`prepare`: the players' states (the player file), their rated games in round order
   (rule 4: unplayed games and byes are not rated; rule 4a: sennichite and jishogi; rule 12:
   handicaps) and their categories (rule 3);
2. :func:`fixed_point`: rules 8 and 11, opponents at their post-event ratings, iterated as
   FESA's program iterates; each player's outcome by formula (1), rule (A) and the bonus of
   rule 9 (:func:`formula_outcome`) or by the performance of rules 5-7
   (:func:`performance_outcome`);
3. :func:`promotions`: rule 10 with rule 11's spread of the change (:mod:`.promotion`);
4. :func:`rate_event`: the typed :class:`~ratingkit.core.outcome.EventOutcome` of all this,
   the notes as values, and the new state (:mod:`.state`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.extras import PublishedPromotions, PublishedRow
from ..core.fastbuild import build
from ..core.i18n import N_, _, tr
from ..core.model import Event, Special
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    PlayerOutcome,
    Rule,
    Status,
)
from ..core.players import PlayerRecord, normalise_name
from ..core.shogi import (
    GRADES,
    localized_grade,
    shown_grade_name,
)
from .formula import (
    PROVISIONAL_GAMES,
    RATING_FLOOR,
    Result,
    k_factor,
)
from .outcome import (
    UPSET_RULE,
    Category,
    FesaEvent,
    FesaGame,
    FesaPlayer,
    IterationPass,
    Promotion,
    Unsettled,
)
from .passes import PassOutcomes, exact_compute
from .promotion import PromotionFound, promotion_trace
from .state import FesaState, PromotionCounters, as_stored, write_record
from .steps import (
    _NOTE_6,
    _RULE_4A,
    Categorised,
    Computed,
    Iterated,
    Players,
    Prepared,
    RatedGame,
    StateFor,
    _with_published_opponents,
    fixed_point,
    kept_results,
    prepare,
    unsettled_note,
)

# The steps' names that tests and callers import from here, where they were defined before
# issue 27's split (steps 1-2 live in .steps, their passes in .passes).
from .steps import compute_exact as compute_exact
from .steps import formula_outcome as formula_outcome
from .steps import player_outcome as player_outcome

if TYPE_CHECKING:
    from .rulesets import FesaRules


def iterate(rules: FesaRules, event: Event, prepared: Prepared) -> Iterated:
    """Step 2 with every game's detail.  The passes run on the float path of
    :mod:`ratingkit.fesa.passes` (:class:`~ratingkit.fesa.passes.PassOutcomes`: the same ratings
    after each pass, for it hands a player to the exact computation wherever a float decision
    is in doubt), and the opponents' ratings each player was last computed against are noted;
    every player is then computed once exactly, against those ratings: at a fixed point the
    opponents' final ratings.  In an iteration that does not settle, a player computed before
    an opponent changed again gets the outcome of the ratings he was computed against, as an
    iteration in exact arithmetic throughout gives him (``tests/test_fesa_outcome.py``
    compares the two), with his stored results naming the published ratings."""
    games = prepared.games
    opponents = {pid: tuple([g.opponent for g in played]) for pid, played in games.items()}
    # Each player's opponents' ratings from ``post``, as a tuple (itemgetter gives one for
    # two names or more).
    ratings_of = {
        pid: itemgetter(*names)
        if len(names) > 1
        else lambda post, names=names: tuple(post[name] for name in names)
        for pid, names in opponents.items()
    }
    against: dict[str, tuple[int, ...]] = {}
    passes = PassOutcomes(rules, prepared)

    def quick(pid: str, post: dict[str, int]) -> Computed:
        against[pid] = ratings_of[pid](post)
        return passes(pid, post)

    found = fixed_point(rules, prepared, quick)
    final, last = found.post, found.outcomes
    outcomes = {}
    for pid in prepared.states:
        names = opponents[pid]
        seen = against[pid]
        if seen == ratings_of[pid](final):
            outcomes[pid] = exact_compute(rules, prepared, pid, final, last[pid])
        else:
            # An opponent changed after the player's last computation (no fixed point).
            seen_post = dict(zip(names, seen, strict=True))
            outcome = exact_compute(rules, prepared, pid, seen_post, last[pid])
            outcomes[pid] = _with_published_opponents(outcome, games[pid], final)
    return found._replace(outcomes=outcomes)


# -- step 3: grades and promotions (rules 2 and 10) -----------------------------------------


_TOP = GRADES[-1].number
_GRADE_OF = {g.number: g for g in GRADES}


def held_grade(rules: FesaRules, state: FesaState) -> int:
    """The grade a player holds before an event: his grade, under every rule set.  A prior
    grade (rule 7's recognised grade from elsewhere) is not a grade held: it serves only for
    the two fictitious games, and a newcomer is promoted from no grade upward (rule 10; FESA's
    program keeps his grade empty too and promotes him from below 20 kyu).  ``rules`` is
    kept for the callers: no rule set departs from this."""
    return state.grade


def promotions(
    rules: FesaRules,
    state: FesaState,
    outcome: Computed,
    category: Categorised,
    played: Sequence[RatedGame],
    *,
    trace: bool = False,
) -> tuple[PromotionCounters, list[PromotionFound]]:
    """Rule 10 for one player after an event: his promotion counters afterwards and the
    promotions found.  A player still unrated (rule 10 gives him no grade), or who played no
    rated game, is not tested.  Under ``program_grades`` both are tested as FESA's program
    tests them (FesaRules.program_grades): a player still unrated by his game count alone,
    every game of his career (his earlier results and the two fictitious games of rule 7
    included) tested again, in order, at his new performance rating, with the counters he
    carries; a rated player without a game here by the look-ahead alone."""
    counters = PromotionCounters(
        held_grade(rules, state), state.lb_run, state.mp_run, state.lb_run_mp
    )
    unrated = category.category is Category.UNRATED
    if outcome.rating_after is None or (not rules.program_grades and (unrated or not played)):
        return counters, []
    if unrated:
        # FESA's program: career games 1 to the total, the earlier ones (no round of this
        # event) first, every one at the new rating: the change spread over them is 0.
        earlier: list[int | None] = [None] * (category.total - len(played))
        counters, _, found = promotion_trace(
            outcome.rating_after,
            0,
            [*earlier, *(g.round for g in played)],
            0,
            counters,
            provisional_offset=rules.provisional_offset,
            lookahead=rules.lookahead,
            trace=trace,
        )
        return counters, found
    before, games_before = state.rating, state.games
    assert before is not None
    after, n, grade = outcome.rating_after, len(played), counters.grade
    if not trace and n and games_before + 1 >= PROVISIONAL_GAMES and grade < _TOP:
        # Rule 10 for the usual established player far from the next grade, as
        # promotion_trace finds it without its trace: the ratings tested run in a straight
        # line from game 1 to game n; both ends below LB of the next grade reset the
        # counters at every game, and nobody is promoted.
        lb = _GRADE_OF[grade + 1].lb
        if (before * n + (after - before)) / n < lb and after < lb:
            return PromotionCounters(grade, 0, 0, False), []
    counters, _, found = promotion_trace(
        before,
        outcome.rating_after - before,
        [g.round for g in played],
        games_before,
        counters,
        provisional_offset=rules.provisional_offset,
        lookahead=rules.lookahead,
        trace=trace,
    )
    return counters, found


def promotion_of(state: FesaState, found: PromotionFound) -> Promotion:
    """A promotion found for a player, as the outcome keeps it."""
    # Promotion(...) as build() makes it faster (thousands of them in a replay).
    return build(
        Promotion,
        {
            "player": state.id,
            "name": state.name,
            "from_grade": found.from_grade,
            "to_grade": found.to_grade,
            "kind": found.kind,
            "path": found.path,
            "round": found.round,
            "career_game": found.career_game,
            "tested_rating": Fraction(found.tested_rating),
        },
    )


# -- step 4: the event's typed outcome and the new state ------------------------------------


def new_state(
    state: FesaState,
    outcome: Computed,
    counters: PromotionCounters,
    category: Categorised,
    played: Sequence[RatedGame],
) -> FesaState:
    """A player's state after the event (what his new record holds)."""
    games_after = category.total if played else state.games
    results: tuple[Result, ...] | None = None
    if outcome.category is Category.UNRATED and played and outcome.performance is not None:
        results = as_stored(tuple(kept_results(outcome.performance)))
        bonus_games = 0
    else:
        if not played and state.results is not None:
            results = state.results
        bonus_games = outcome.bonus_games
    # FesaState(...) as build() makes it faster (one a player and event in a replay).
    return build(
        FesaState,
        {
            "id": state.id,
            "name": state.name,
            "rating": outcome.rating_after,
            "games": games_after,
            "bonus_games": bonus_games,
            "grade": counters.grade,
            "prior_grade": state.prior_grade,
            "lb_run": counters.lb_run,
            "mp_run": counters.mp_run,
            "lb_run_mp": counters.lb_run_mp,
            "results": results,
            "record": None,
            "notes": (),
            "assumed": (),
        },
    )


def status_of(state: FesaState, outcome: Computed, played: int) -> Status:
    if outcome.rating_after is None:
        return Status.NOT_RATED
    if state.rating is None:
        return Status.FIRST_RATING
    if not played:
        return Status.NOT_RATED
    return Status.RATED


class Published(NamedTuple):
    """What a FESA table published for a player (``+/-``, ``ELO*``, the promotions list)."""

    change: int | None
    rating: int | None
    difference: int | None
    promotion: str | None


def published_values(
    player: Any, outcome: Computed, state: FesaState, listed: Mapping[str, str]
) -> Published | None:
    row = PublishedRow.of(player)
    pc, pr = row.change, row.rating
    if pc is None and pr is None and not listed:
        return None
    difference = None
    if pr is not None and outcome.rating_after is not None:
        difference = outcome.rating_after - int(pr)
    elif pc is not None and outcome.rating_after is not None and state.rating is not None:
        difference = (outcome.rating_after - state.rating) - int(pc)
    return Published(pc, pr, difference, listed.get(normalise_name(player.name), ""))


@dataclass(frozen=True)
class RatedEvent:
    """One event rated: its typed outcome, the records it wrote (in the event's order) with
    the state each was written from, and the records of the player file it used."""

    outcome: EventOutcome[FesaPlayer, FesaGame, FesaEvent]
    records: tuple[PlayerRecord, ...]
    states: tuple[FesaState, ...]
    used: tuple[PlayerRecord, ...]


def rate_event(
    rules: FesaRules,
    event: Event,
    players: Players | None,
    *,
    key: EventKey,
    together: bool = False,
    state_for: StateFor | None = None,
) -> RatedEvent:
    """Rate one event with every detail: the four steps of this module.  ``together``: the
    event is one of several rated together (each player's detail names it)."""
    prepared = prepare(rules, event, players, state_for)
    notes = prepared.notes
    states, games, categories = prepared.states, prepared.games, prepared.categories
    found = iterate(rules, event, prepared)
    outcomes, passes, unsettled = found.outcomes, found.passes, found.unsettled
    if unsettled is not None:
        notes.append(
            Note(
                NoteKind.WARNING,
                unsettled_note(unsettled, states),
                unsettled.rule,
                tuple(pid for pid, _ in unsettled.alternating),
            )
        )
    notes.append(
        Note(
            NoteKind.DECISION,
            tr(
                "opponents at their post-event ratings (floor {RATING_FLOOR}); ",
                RATING_FLOOR=RATING_FLOOR,
            )
            + (
                tr("fixed point after {passes} pass(es)", passes=passes)
                if unsettled is None
                else tr("{passes} passes", passes=passes)
            )
            + (
                _(
                    ", each player updated in place in start-number order (the order of the "
                    "file's rows where the players are not numbered), unrated players started "
                    "at 0 (as FESA's program iterates)"
                )
                if rules.update_order == "start-number"
                else _(
                    ", each player updated in place in the order of the players' numbers in "
                    "the file (2 before 10, whatever the order of the rows), unrated players "
                    "started at 0 (as FESA's program iterates)"
                )
            ),
            Rule("rules 8 and 11", N_("opponents at their post-event ratings")),
        )
    )
    if rules.solver == "newton32" and any(o.performance for o in outcomes.values()):
        notes.append(
            Note(
                NoteKind.DECISION,
                _(
                    "performance ratings by Newton's method in single precision from the "
                    "first listed opponent, as FESA's program solves them (the exact root "
                    "can lie a point away)"
                ),
                Rule("rule 5", N_("the performance rating")),
            )
        )
    notes.append(
        Note(
            NoteKind.DECISION,
            _("event totals rounded, halves ")
            + {"half-even": _("to even"), "half-up": _("up"), "half-away": _("away from zero")}[
                rules.rounding
            ]
            + (
                _("; each game's change rounded (pre-2012 practice)")
                if rules.per_game_rounding
                else ""
            ),
            Rule("rule 11", N_("the event total rounded")),
        )
    )

    # Step 3: grades and promotions (rules 2 and 10).
    promoted: dict[str, tuple[Promotion, ...]] = {}
    counters_of: dict[str, PromotionCounters] = {}
    all_promotions: list[Promotion] = []
    for pid, state in states.items():
        outcome = outcomes[pid]
        category = categories[pid]
        counters, found_here = promotions(rules, state, outcome, category, games[pid])
        if found_here and category.category is Category.UNRATED:
            notes.append(
                Note(
                    NoteKind.DECISION,
                    tr(
                        "{name}: still unrated (rule 3) but promoted to {grade} by "
                        "his game count alone, as FESA's program does: every game of "
                        "his career, the fictitious ones included, tested again at his "
                        "performance rating {rating} (the FESA ELO rating system, "
                        "rule 10, gives unrated players no grade)",
                        name=state.name,
                        grade=shown_grade_name(found_here[-1].to_grade),
                        rating=outcome.rating_after,
                    ),
                    Rule("rule 10", N_("unrated players have no grade")),
                    (pid,),
                )
            )
        if not games[pid] and state.rating is None and outcome.rating_after is not None:
            notes.append(
                Note(
                    NoteKind.DECISION,
                    _no_game_note(state, outcome),
                    Rule("rule 4", N_("no rated game")),
                    (pid,),
                )
            )
        these = tuple(promotion_of(state, f) for f in found_here)
        promoted[pid] = these
        all_promotions.extend(these)
        counters_of[pid] = counters

    listed = {normalise_name(who): grade for who, grade in _published_list(event)}
    player_outcomes: list[PlayerOutcome[FesaPlayer]] = []
    game_outcomes: list[GameOutcome[FesaGame]] = []
    records_out = []
    states_out = []
    for player in event.players:
        pid = player.id
        state = states[pid]
        outcome = outcomes[pid]
        category = categories[pid]
        counters = counters_of[pid]
        played = games[pid]
        published = published_values(player, outcome, state, listed)
        detail = player_detail(
            outcome,
            category,
            held_grade(rules, state),
            counters.grade,
            promoted[pid],
            passes,
            key if together else None,
            published,
            # formula (1)'s k at the rating before, as a comparison names it
            k_factor(state.rating)
            if outcome.category is Category.ESTABLISHED and state.rating is not None
            else None,
        )
        player_outcomes.append(
            build(
                PlayerOutcome,
                {
                    "id": pid,
                    "name": player.name,
                    "rating_before": state.rating,
                    "games": len(played),
                    # 0, 0.5 and 1 add up exactly in floats: the float of the Fraction sum
                    "score": sum([g[1] for g in prepared.plain[pid]], 0.0),
                    "expected": outcome.expected,
                    "change": outcome.change,
                    "rating_after": outcome.rating_after,
                    "status": status_of(state, outcome, len(played)),
                    "detail": detail,
                },
            )
        )
        for g, side in zip(played, outcome.games, strict=True):
            game_outcomes.append(_game_outcome(key, pid, g, side, outcome, rules.nsr))
        after = new_state(state, outcome, counters, category, played)
        record = write_record(state.record, after, None if prepared.by_name else pid)
        records_out.append(record)
        states_out.append(build(FesaState, {**after.__dict__, "record": record}))
    published_list = _published_list(event)
    if published_list:
        notes.append(
            Note(
                NoteKind.READ,
                _("published promotions: ")
                + "; ".join(
                    tr("{name} to {grade}", name=name, grade=localized_grade(str(grade)))
                    for name, grade in published_list
                ),
            )
        )
    if any(g.special is not None for g in event.games):
        notes.append(
            Note(
                NoteKind.RULE,
                _("sennichite/jishogi: ")
                + (
                    _("jishogi by the 27-point count (NSR practice), sennichite as a draw")
                    if rules.nsr
                    else _("rated as draws (rule 4a)")
                ),
                _NOTE_6 if rules.nsr else _RULE_4A,
            )
        )
    summary = event_summary(
        rules, event, games, passes, all_promotions, unsettled, found.iterations
    )
    return RatedEvent(
        EventOutcome(key, tuple(player_outcomes), tuple(game_outcomes), tuple(notes), summary),
        tuple(records_out),
        tuple(states_out),
        tuple(prepared.records.values()),
    )


def _published_list(event: Event) -> tuple[tuple[str, str], ...]:
    """The promotions a FESA table published: (name, grade) pairs (the reader's)."""
    return PublishedPromotions.of(event).promotions


def _game_outcome(
    key: EventKey, pid: str, g: RatedGame, side: FesaGame, outcome: Computed, nsr: bool
) -> GameOutcome[FesaGame]:
    reason: Rule | None = None
    if side.upset:
        reason = UPSET_RULE
    elif g.game is not None and g.game.special is not None:
        jishogi_by_points = g.game.special is Special.JISHOGI_POINTS
        reason = _NOTE_6 if jishogi_by_points and nsr else _RULE_4A
    elif outcome.performance is not None:
        reason = Rule("rules 5-7", outcome.performance.how)
    return build(
        GameOutcome,
        {
            "event": key,
            "round": g.round,
            "player": pid,
            "opponent": g.opponent,
            "score": g.score,
            "rated": True,
            "reason": reason,
            "change": side.change,
            "detail": side,
        },
    )


def _no_game_note(state: FesaState, outcome: Computed) -> str:
    given = (
        tr(
            "the MP {rating_after} of his prior grade {prior_grade}",
            rating_after=outcome.rating_after,
            prior_grade=state.prior_grade,
        )
        if state.prior_grade
        else str(outcome.rating_after)
    )
    return tr(
        "{name}: no game played, given {given}, marked * (FESA's program gives a newcomer "
        "without a played game 1, or the MP of his prior grade; the FESA ELO rating system "
        "gives him no rating)",
        name=state.name,
        given=given,
    )


def event_summary(
    rules: FesaRules,
    event: Event,
    games: Mapping[str, Sequence[Any]],
    passes: int,
    promotions: Sequence[Promotion],
    unsettled: Unsettled | None,
    iterations: tuple[IterationPass, ...] = (),
) -> FesaEvent:
    """One event's FESA values: its size, the passes of its fixed point (rules 8 and 11), the
    rule set's numerics, its promotions (rule 10) and whether it settled."""
    return FesaEvent(
        players=len(event.players),
        # every played game is each of its two sides' rated game (rule 4)
        rated_games=sum(len(played) for played in games.values()) // 2,
        passes=passes,
        per_game_rounding=rules.per_game_rounding,
        solver=rules.solver,
        lookahead=rules.lookahead,
        provisional_offset=rules.provisional_offset,
        nsr=rules.nsr,
        rounding=rules.rounding,
        iterations=iterations,
        promotions=tuple(promotions),
        unsettled=unsettled,
    )


def player_detail(
    outcome: Computed,
    category: Categorised,
    grade_before: int,
    grade_after: int,
    promotions: tuple[Promotion, ...],
    passes: int,
    key: EventKey | None,
    published: Published | None = None,
    formula_k: int | None = None,
) -> FesaPlayer:
    """A player's FESA detail in one event, for the event path and the replay's fast path
    alike (built with :func:`~ratingkit.core.fastbuild.build`: one a player and event)."""
    return build(
        FesaPlayer,
        {
            "category": outcome.category,
            "career_games": category.total,
            "bonus": outcome.bonus_total,
            "upsets": outcome.upsets,
            "performance": outcome.performance,
            "grade_before": grade_before,
            "grade_after": grade_after,
            "promotions": promotions,
            "published_change": published.change if published else None,
            "published_rating": published.rating if published else None,
            "difference": published.difference if published else None,
            "published_promotion": published.promotion if published else None,
            "event": key,
            "bonus_games": outcome.bonus_games,
            "passes": passes,
            "fictitious_games": category.fictitious,
            "no_game_rating": outcome.no_game_rating,
            "formula_k": formula_k,
        },
    )
