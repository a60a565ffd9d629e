"""Steps 1 and 2 of rating one FESA event (:mod:`.event` runs them in turn).

1. :func:`prepare`: the players' states (the player file), their rated games in round order
   (rule 4: unplayed games and byes are not rated; rule 4a: sennichite and jishogi; rule 12:
   handicaps) and their categories (rule 3);
2. :func:`fixed_point`: rules 8 and 11, opponents at their post-event ratings, iterated as
   FESA's program iterates; each player's outcome by formula (1), rule (A) and the bonus of
   rule 9 (:func:`formula_outcome`) or by the performance of rules 5-7
   (:func:`performance_outcome`).

Below :mod:`.passes` (the passes' float path) and :mod:`.event`, which both build on these
steps, so that neither imports the other in a circle.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

from ..core.errors import Location
from ..core.extras import PublishedRow
from ..core.i18n import N_, _, tr, trn
from ..core.model import Event, Game, Play, Special, event_notes
from ..core.outcome import (
    Note,
    NoteKind,
    Number,
    Rule,
)
from ..core.players import PlayerMatch, PlayerRecord
from ..core.shogi import (
    handicap_grades,
    handicap_key,
    handicapped_rating,
    parse_grade,
)
from .formula import (
    BONUS_GAMES,
    PROVISIONAL_GAMES,
    RATING_FLOOR,
    UNRATED_GAMES,
    Performance,
    Result,
    _decimal,
    _opponent_used,
    _strength,
    bonus,
    expected,
    k_factor,
    performance_rating,
)
from .outcome import (
    Category,
    FesaGame,
    IterationPass,
    Unsettled,
)
from .state import FesaState, state_of

if TYPE_CHECKING:
    from .rulesets import FesaRules


class Players(Protocol):
    """What :func:`prepare` needs of a player file: its ``match`` (a
    :class:`~ratingkit.core.players.PlayerFile`, or the indexed store of
    :mod:`ratingkit.fesa.fast`)."""

    def match(self, pairs: Iterable[tuple[str, str]], *, by_name: bool = False) -> PlayerMatch:
        """The records of ``(id, name)`` pairs."""
        ...


# -- the games a player has rated -----------------------------------------------------------


class RatedGame(NamedTuple):
    """One game as a player has it rated (an immutable record; a named tuple, which the
    replay builds hundreds of thousands of times much faster than a frozen dataclass)."""

    round: int
    opponent: str
    score: Fraction
    received: Fraction
    given: Fraction
    handicap: str | None
    note: str | None
    game: Game | None


_SCORES = {0.0: Fraction(0), 0.5: Fraction(1, 2), 1.0: Fraction(1)}
#: The score fractions as shared objects, so that the replay finds their floats at once.
_ZERO, _HALF = _SCORES[0.0], _SCORES[0.5]
_PLAIN_SCORES = {id(value): (key, key == 1.0) for key, value in _SCORES.items()}
#: A recorded score (0, 0.5 or 1) as its float and whether it is a win.
_PLAIN_OF = {key: (key, key == 1.0) for key in _SCORES}

#: One game as the replay's float path reads it: the opponent, the score as a float, whether
#: it is a win, and None without a handicap, else (given, received), None for the side that
#: is not.
QuickGame = tuple[str, float, bool, tuple[Fraction | None, Fraction | None] | None]

_RULE_4A = Rule("rule 4a", N_("sennichite and jishogi rated as draws"))
_NOTE_6 = Rule("note 6", N_("jishogi decided by the 27-point count (NSR practice)"))


def _rated_score(game: Game, pid: str, nsr: bool) -> tuple[Fraction, str | None]:
    """Rule 4a (and the NSR practice of the translator's note 6): the score a game is rated
    with, and the game's note."""
    recorded = _SCORES[game.score_of(pid)]  # a game's scores are 1, 0.5 or 0 (model.Game)
    special = game.special
    if special is Special.SENNICHITE or special is Special.JISHOGI_REPLAYED:
        return _HALF, tr("{special}: rated as a draw (rule 4a)", special=special.value)
    if special is Special.JISHOGI_POINTS:
        if nsr:
            return recorded, tr("jishogi decided by the 27-point count (NSR practice, note 6)")
        return _HALF, tr("jishogi: rated as a draw (rule 4a)")
    return recorded, None


def quick_games(played: Sequence[RatedGame]) -> tuple[QuickGame, ...]:
    """A player's games as plain values (computed once for the passes of an event)."""
    out: list[QuickGame] = []
    for g in played:
        plain = _PLAIN_SCORES.get(id(g.score))
        score, win = plain if plain is not None else (float(g.score), g.score == 1)
        given = None if g.given is _ZERO or not g.given else g.given
        received = None if g.received is _ZERO or not g.received else g.received
        handicap = None if given is None and received is None else (given, received)
        out.append((g.opponent, score, win, handicap))
    return tuple(out)


_tuple_new = tuple.__new__


def _by_round(game: Game) -> int:
    return game.round


def event_games(
    rules: FesaRules,
    event: Event,
    states: Mapping[str, object],
    plain: dict[str, list[QuickGame]] | None = None,
    handicapped: set[str] | None = None,
) -> tuple[dict[str, list[RatedGame]], set[str]]:
    """Rule 4: each player's rated games in round order, and the handicap eras used
    (rule 12).  ``plain``: a dict of empty lists by player, filled with the games as
    :func:`quick_games` gives them; ``handicapped``: a set, filled with the players of
    handicap games."""
    games: dict[str, list[RatedGame]] = {pid: [] for pid in states}
    eras = set()
    played = Play.PLAYED
    for game in sorted(event.games, key=_by_round):
        if game.play is not played:
            continue
        white, black = game.white, game.black
        if game.handicap is None and game.special is None and white != black:
            # The plain game (most of them): the scores as recorded, no handicap, no note.
            white_score, black_score = game.white_score, game.black_score
            # RatedGame(...) without its Python-level __new__ (600,000 of them in a replay).
            games[white].append(
                _tuple_new(
                    RatedGame,
                    (game.round, black, _SCORES[white_score], _ZERO, _ZERO, None, None, game),
                )
            )
            games[black].append(
                _tuple_new(
                    RatedGame,
                    (game.round, white, _SCORES[black_score], _ZERO, _ZERO, None, None, game),
                )
            )
            if plain is not None:
                plain[white].append((black, *_PLAIN_OF[white_score], None))
                plain[black].append((white, *_PLAIN_OF[black_score], None))
            continue
        received = {game.white: _ZERO, game.black: _ZERO}
        given = dict(received)
        name = None
        if game.handicap is not None:
            # Rule 12: the handicap's value in grades, by the era of the game's date.
            name = handicap_key(game.handicap.kind, game.location)
            era = rules.handicap_era(game, event)
            eras.add(era)
            grades = handicap_grades(name, era)
            giver = game.handicap.giver
            given[giver] = grades
            received[game.opponent_of(giver)] = grades
            if grades and handicapped is not None:
                handicapped.update(game.players)
        for pid in game.players:
            score, note = _rated_score(game, pid, rules.nsr)
            games[pid].append(
                RatedGame(
                    game.round,
                    game.opponent_of(pid),
                    score,
                    received[pid],
                    given[pid],
                    name,
                    note,
                    game,
                )
            )
            if plain is not None:
                plain[pid].append(quick_games(games[pid][-1:])[0])
    return games, eras


# -- rule 3: categories ---------------------------------------------------------------------


class Categorised(NamedTuple):
    """Rule 3: a player's category, his games with this event, whether rule 7's two
    fictitious games are added."""

    category: Category
    total: int
    fictitious: bool


def categorise(state: FesaState, played: int) -> Categorised:
    """Rule 3: (category, total games with this event, whether fictitious games are added)."""
    fictitious = state.prior_grade is not None and state.games == 0 and state.results is None
    total = state.games + played + (2 if fictitious else 0)
    previous = state.results
    if previous is None and state.rating is not None and state.games > 0:
        mixed = True
    elif previous:
        scores = {r.score for r in previous}
        mixed = scores != {Fraction(1)} and scores != {Fraction(0)}
    else:
        mixed = False
    if state.rating is None or not mixed or total < UNRATED_GAMES:
        return _tuple_new(Categorised, (Category.UNRATED, total, fictitious))
    if total < PROVISIONAL_GAMES:
        return _tuple_new(Categorised, (Category.PROVISIONAL, total, fictitious))
    return _tuple_new(Categorised, (Category.ESTABLISHED, total, fictitious))


# -- step 1: the event read for rating ------------------------------------------------------


@dataclass
class Prepared:
    """An event read for rating: the players' states, their games and categories."""

    notes: list[Note]
    by_name: bool
    records: Mapping[str, PlayerRecord]
    states: dict[str, FesaState]
    games: dict[str, list[RatedGame]]
    categories: dict[str, Categorised]
    #: each player's games as :func:`quick_games` gives them (the float path's)
    plain: dict[str, list[QuickGame]]
    #: the players with a handicap game (rule 12)
    handicapped: set[str] = field(default_factory=set)
    #: the last root of each unrated player's performance (where the next search starts)
    roots: dict[str, float] = field(default_factory=dict)
    #: the order in which a pass of the fixed point updates the players in place
    #: (:func:`update_order`); empty: the order of ``states``
    order: tuple[str, ...] = ()


StateFor = Callable[[Any, PlayerRecord | None, Location | None], FesaState]


def assumed_notes(states: Iterable[FesaState]) -> list[Note]:
    """What was assumed where the player file says nothing (rule 9's counters), one note a
    text naming the players it concerns (the first ten), in the order they first occur: a
    table of players without game counts gives one note, not one a player."""
    grouped: dict[str, dict[str, str]] = {}
    for state in states:
        for text in state.assumed:
            grouped.setdefault(text, {})[state.id] = state.name
    notes = []
    for text, players in grouped.items():
        names = list(players.values())
        shown = ", ".join(names[:10]) + (" ..." if len(names) > 10 else "")
        notes.append(
            Note(
                NoteKind.DEFAULT,
                tr("{names}: {text}", names=shown, text=text),
                None,
                tuple(players),
            )
        )
    return notes


def prepare(
    rules: FesaRules,
    event: Event,
    players: Players | None,
    state_for: StateFor | None = None,
    *,
    lean: bool = False,
) -> Prepared:
    """States, games and categories of an event's players (``players``: a PlayerFile, or
    anything with its ``match``).  ``state_for``: a stand-in for :func:`state_of` (the
    states this run wrote, without reading their records again); ``lean``: the notes are
    left out (a replay does not report them)."""
    notes: list[Note] = []
    by_name = event.local_ids
    records: Mapping[str, PlayerRecord] = {}
    if players is not None:
        match = players.match([(p.id, p.name) for p in event.players], by_name=by_name)
        records = match.records
        if not lean:
            notes.extend(match.notes())  # with a warning where most do not match
    source = Location(event.source) if event.source else None
    read = state_for or state_of
    states = {p.id: read(p, records.get(p.id), source) for p in event.players}
    plain: dict[str, list[QuickGame]] = {pid: [] for pid in states}
    handicapped: set[str] = set()
    if lean:
        games = event_games(rules, event, states, plain, handicapped)[0]
        categories = {pid: categorise(states[pid], len(games[pid])) for pid in states}
        return Prepared(
            notes,
            by_name,
            records,
            states,
            games,
            categories,
            plain,
            handicapped,
            order=update_order(rules, event),
        )
    for state in states.values():
        notes.extend(Note(NoteKind.DEFAULT, text, players=(state.id,)) for text in state.notes)
    notes.extend(assumed_notes(states.values()))

    games, eras = event_games(rules, event, states, plain, handicapped)
    unplayed = [g for g in event.games if not g.is_played]
    if unplayed or event.byes:
        notes.append(
            Note(
                NoteKind.RULE,
                tr(
                    "not rated (rule 4): {unplayed}, {byes}",
                    unplayed=trn(
                        "{count} unplayed game", "{count} unplayed games", count=len(unplayed)
                    ),
                    byes=trn("{count} bye", "{count} byes", count=len(event.byes)),
                ),
                Rule("rule 4", N_("unplayed games and byes are not rated")),
            )
        )
    if eras:
        notes.append(
            Note(
                NoteKind.RULE,
                tr(
                    "handicap values: {names} (rule 12)",
                    names=", ".join(_(era) for era in sorted(eras)),
                ),
                Rule("rule 12", N_("handicap values by the game's date")),
            )
        )
    # How the type was decided, which encoding was read.
    notes.extend(Note(NoteKind.READ, text) for text in event_notes(event))

    categories = {pid: categorise(states[pid], len(games[pid])) for pid in states}
    for pid, state in states.items():
        if (
            categories[pid].category is Category.UNRATED
            and games[pid]
            and state.results is None
            and state.games
            and state.rating is not None
        ):
            notes.append(
                Note(
                    NoteKind.DEFAULT,
                    tr(
                        "{name}: still unrated but no previous results in the player "
                        "file; his {games} previous games are taken as 50% against "
                        "his rating {rating} (which keeps that rating as their "
                        "performance)",
                        name=state.name,
                        games=state.games,
                        rating=state.rating,
                    ),
                    Rule("rules 5-6", N_("the performance over all results")),
                    (pid,),
                )
            )
    return Prepared(
        notes,
        by_name,
        records,
        states,
        games,
        categories,
        plain,
        handicapped,
        order=update_order(rules, event),
    )


# -- step 2: each player's outcome (formula (1), rule (A), rule 9; rules 5-7) ---------------


@dataclass(slots=True)
class Computed:
    """A player's outcome in an event, as the passes of the iteration compute it."""

    pid: str
    category: Category
    rating_after: int | None
    change: Number | None
    expected: Number
    #: The game detail, in the order of his games (empty on the float path).
    games: tuple[FesaGame, ...]
    bonus_games: int
    bonus_total: Number
    upsets: int
    performance: Performance | None = None
    #: Set by FESA's program's rating of a newcomer without a played game.
    no_game_rating: bool = False


Compute = Callable[[str, dict[str, int]], Computed]


def compute_exact(rules: FesaRules, prepared: Prepared, pid: str, post: dict[str, int]) -> Computed:
    """A player's outcome with every game's detail, in exact arithmetic."""
    return player_outcome(
        rules, prepared.states[pid], prepared.categories[pid], prepared.games[pid], post
    )


def player_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[RatedGame],
    post: Mapping[str, int],
) -> Computed:
    """A player's outcome: nothing played (his rating kept), the performance of rules 5-7
    (unrated), else formula (1) game by game."""
    if not played:
        return no_game_outcome(rules, state, category)
    if category.category is Category.UNRATED:
        return performance_outcome(rules, state, category, played, post)
    return formula_outcome(rules, state, category, played, post)


def no_game_outcome(rules: FesaRules, state: FesaState, category: Categorised) -> Computed:
    """Rule 4: nothing rated.  FESA's program gives a newcomer without a played game 1, or
    the MP of his prior grade; the rules give him nothing."""
    rating = state.rating
    marked = False
    if rating is None and rules.program_no_game_rating:
        rating = parse_grade(state.prior_grade).mp if state.prior_grade else 1
        marked = True
    return Computed(
        state.id,
        category.category,
        rating,
        None,
        Fraction(0),
        (),
        state.bonus_games,
        Fraction(0),
        0,
        None,
        marked,
    )


def formula_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[RatedGame],
    post: Mapping[str, int],
) -> Computed:
    """Formula (1) game by game with a running unrounded rating (rule 11), rule (A) for a win
    where d' exceeds d, the bonus of rule 9 with its own counter, the handicaps of rule 12;
    the event total rounded (each game's change before 2012)."""
    rating = state.rating
    assert rating is not None  # an established or provisional player has a rating (rule 3)
    tr = Fraction(rating)
    counter = state.bonus_games
    rows = []
    expected_total = Fraction(0)
    bonus_total = Fraction(0)
    upsets = 0
    for g in played:
        opponent = max(RATING_FLOOR, post[g.opponent])
        # ints in, Fractions out (rule 12's conversion of ratings and grades is exact)
        effective: Fraction | int
        if g.given:
            # Rule 12, giver: his own pre-event rating is converted; the drop is added to the
            # opponent's rating (k stays his own).
            drop = rating - cast(Fraction, handicapped_rating(rating, g.given))
            effective = opponent + drop
        elif g.received:
            effective = cast(Fraction, handicapped_rating(opponent, g.received))
        else:
            effective = Fraction(opponent)
        k = k_factor(tr)
        e = expected(effective, tr)
        d = k * (g.score - e)
        d_up = Fraction(k) * (effective - tr) / 160 if g.score == 1 else None
        used = d_up is not None and d_up > d
        if used:
            upsets += 1
        b = bonus(tr, counter)
        bonus_game = None
        if counter < BONUS_GAMES:
            counter += 1
            bonus_game = counter if b else None
        change = (d_up if used and d_up is not None else d) + b
        if rules.per_game_rounding:
            change = Fraction(rules.round(change))
        expected_total += e
        bonus_total += b
        rows.append(
            FesaGame(
                result=float(g.score),
                opponent_rating=opponent,
                handicap=handicap_text(g),
                effective_rating=effective,
                tr=tr,
                k=k,
                expected=e,
                d=d,
                d_upset=d_up,
                upset=used,
                bonus=b,
                bonus_game=bonus_game,
                change=change,
                tr_after=tr + change,
                note=g.note or "",
            )
        )
        tr += change
    total_change = tr - rating
    after = rating + rules.round(total_change)
    return Computed(
        state.id,
        category.category,
        after,
        total_change,
        expected_total,
        tuple(rows),
        counter,
        bonus_total,
        upsets,
    )


def handicap_text(g: RatedGame) -> str:
    """Rule 12 as a game row shows it: ``gives rook (2.5)``, ``receives ...``, or ""."""
    if g.handicap is None:
        return ""
    value = _decimal(g.given or g.received)
    if g.given:
        return tr("gives {handicap} ({value})", handicap=_(str(g.handicap)), value=value)
    return tr("receives {handicap} ({value})", handicap=_(str(g.handicap)), value=value)


def unrated_results(
    state: FesaState, fictitious: bool, played: Sequence[RatedGame], post: Mapping[str, int]
) -> tuple[list[Result], list[Result]]:
    """Rules 5-7: the previous results (stored, or stand-ins), the fictitious games of rule 7
    and this event's results at the opponents' post-event ratings."""
    results: list[Result] = []
    if state.results is not None:
        results.extend(state.results)
    elif state.games and state.rating is not None:
        # Previous results not stored: they are represented by as many games scoring 50%
        # against the player's own rating, which leaves his previous performance unchanged.
        results.extend(
            Result(state.rating, Fraction(1, 2), fictitious="stand-in") for _ in range(state.games)
        )
    if fictitious and state.prior_grade is not None:
        mp = parse_grade(state.prior_grade).mp
        results += [
            Result(mp, Fraction(1), fictitious="7"),
            Result(mp, Fraction(0), fictitious="7"),
        ]
    event_results = [Result(post[g.opponent], g.score, g.received, g.given) for g in played]
    return results, event_results


def performance_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[RatedGame],
    post: Mapping[str, int],
    perf: Performance | None = None,
) -> Computed:
    """Rules 5-7: an unrated player's performance over all his results, this event's at the
    opponents' post-event ratings (``perf``: that performance, already found against these
    ratings)."""
    results, event_results = unrated_results(state, category.fictitious, played, post)
    if perf is None:
        perf = performance_rating(
            results + event_results, solver=rules.solver, rounding=rules.rounding
        )
    rows = []
    expected_total = Fraction(0)
    for g, res in zip(played, event_results, strict=True):
        own = _strength(perf.rating, res.given)
        effective = _opponent_used(res)
        e = expected(effective, own)
        expected_total += e
        rows.append(
            FesaGame(
                result=float(g.score),
                opponent_rating=max(RATING_FLOOR, res.opponent),
                handicap=handicap_text(g),
                effective_rating=effective,
                tr=own,
                k=None,
                expected=e,
                d=None,
                d_upset=None,
                upset=None,
                bonus=None,
                bonus_game=None,
                change=None,
                tr_after=None,
                note="; ".join(x for x in (g.note, perf.how) if x),
            )
        )
    return _with_performance(state, category, perf, expected_total, tuple(rows))


def _with_performance(
    state: FesaState,
    category: Categorised,
    perf: Performance,
    expected_total: Number,
    rows: tuple[FesaGame, ...],
) -> Computed:
    change = None
    if state.rating is not None:
        change = Fraction(perf.rating - state.rating)
    stored = tuple(r for r in perf.results if r.fictitious != "stand-in")
    return Computed(
        state.id,
        category.category,
        perf.rating,
        change,
        expected_total,
        rows,
        state.bonus_games,
        Fraction(0),
        0,
        replace(perf, results=stored),
    )


def kept_results(perf: Performance) -> list[Result]:
    """The results a still unrated player's record keeps: those of his performance rating
    without rule 6's fictitious draw."""
    return [r for r in perf.results if r.fictitious != "6"]


# -- step 2: the fixed point of rules 8 and 11 ----------------------------------------------


class Iterated(NamedTuple):
    """What :func:`fixed_point` found."""

    outcomes: dict[str, Computed]
    post: dict[str, int]
    passes: int
    iterations: tuple[IterationPass, ...]
    unsettled: Unsettled | None


def fixed_point(
    rules: FesaRules, prepared: Prepared, compute: Compute, rows: bool = True
) -> Iterated:
    """Rules 8 and 11 as FESA's program iterates them: opponents at their post-event ratings,
    unrated players starting at 0 (so their opponents first see the 400 floor), each pass
    updating the players *in place* in start-number order (a later player in the same pass
    already sees the new rating of an earlier one, as FESA's program does), repeated
    until a pass changes nothing.  The start numbers are the players' ids where every id is a
    number (a FESA table's ``Nr``), else their order in the event.  ``compute(pid, post)``
    gives a player's outcome; a player is computed again only when one of his opponents has
    changed since he was last computed (an outcome depends on the opponents' ratings only,
    so this gives what computing every player in every pass gives).  A cycle (a state after
    a pass that an earlier pass left) or ``rules.max_passes`` ends the iteration.

    No iteration passes with ``rows=False``; ``unsettled`` is None at a fixed point."""
    states, games, categories = prepared.states, prepared.games, prepared.categories
    faced_by: dict[str, set[str]] = {pid: set() for pid in states}
    for pid in states:
        for g in games[pid]:
            faced_by[g.opponent].add(pid)
    post: dict[str, int] = {}
    unrated = Category.UNRATED
    for pid, state in states.items():
        if categories[pid].category is unrated and games[pid]:
            post[pid] = 0
        else:
            post[pid] = state.rating if state.rating is not None else 0
    # post holds every player in the order of ``states``: its values identify a state.
    history = [tuple(post.values())]
    seen: dict[tuple[int, ...], int] = {history[0]: 0}
    order = prepared.order or tuple(states)
    passes = 0
    iterations: list[IterationPass] = []
    outcomes: dict[str, Computed] = {}
    stale = set(states)
    unsettled = None
    while True:
        passes += 1
        changed = []
        for pid in order:
            if pid not in stale:
                continue
            stale.discard(pid)
            outcome = outcomes[pid] = compute(pid, post)
            rating = outcome.rating_after if outcome.rating_after is not None else 0
            if rating != post[pid]:
                post[pid] = rating
                changed.append(pid)
                # Later players of this pass see the new rating now, earlier ones next pass.
                stale |= faced_by[pid]
        if rows:
            iterations.append(IterationPass(passes, tuple(sorted(changed))))
        if not changed:
            break
        key = tuple(post.values())
        if key in seen or passes >= rules.max_passes:
            # Never loop for ever (FESA's program can).
            if key in seen:
                first = seen[key]
                why = (
                    tr("pass {passes} repeats pass {first}", passes=passes, first=first)
                    if first
                    else (tr("pass {passes} returns to the starting values", passes=passes))
                )
                cycle = history[first:]
            else:
                why = tr("{max_passes} passes reached", max_passes=rules.max_passes)
                cycle = [*history[-2:], key]
            alternating = tuple(
                (pid, tuple(sorted({state[i] for state in cycle})))
                for i, pid in enumerate(states)
                if len({state[i] for state in cycle}) > 1
            )
            unsettled = Unsettled(why, alternating)
            for pid in stale:
                outcomes[pid] = _with_published_opponents(outcomes[pid], games[pid], post)
            break
        seen[key] = passes
        history.append(key)
    return Iterated(outcomes, post, passes, tuple(iterations), unsettled)


def unsettled_note(unsettled: Unsettled, states: Mapping[str, FesaState]) -> str:
    """The note of an iteration that did not settle (rules 8 and 11)."""
    names = "; ".join(
        tr(
            "{name} alternates between {values}",
            name=states[pid].name,
            values=tr(" and ").join(map(str, values)),
        )
        for pid, values in unsettled.alternating
    )
    return tr(
        "the iteration did not settle ({why}): {players}. The ratings of the last pass are "
        "published; they are not a fixed point (an opponent's rating used in a game may "
        "differ from his published rating, FESA ELO rating system, rules 8 and 11); the "
        "stored results of unrated players use the published ratings",
        why=unsettled.why,
        players=names or tr("no player alternates"),
    )


def start_number_order(ids: Any) -> list[str]:
    """Players in start-number order: by number where every id is a whole number written in
    ASCII digits (a FESA table's ``Nr``), else as given (the event's order)."""
    names: list[str] = list(ids)
    if names and all(pid.isascii() and pid.isdigit() for pid in names):
        return sorted(names, key=int)
    return names


def _start_number(player: Any) -> str:
    """A player's number in the event's own file: a FESA table's ``Nr``, the id of a CSV
    pair's row, or (an event the ledger rebuilt) the id the file gave him."""
    number = PublishedRow.of(player).start_number
    return number if number is not None else player.id


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Ids compared as people number players: runs of ASCII digits by their value (``p2``
    before ``p10``, ``2`` before ``10``), the rest as text; ``01`` and ``1`` stay apart."""
    return tuple(
        (0, int(run), run) if run.isascii() and run.isdigit() else (1, 0, run)
        for run in _RUNS.findall(text)
    )


_RUNS = re.compile(r"[0-9]+|[^0-9]+")


def update_order(rules: FesaRules, event: Event) -> tuple[str, ...]:
    """The order in which each pass of the fixed point (rules 8 and 11) updates the players
    in place (a later player already sees the new rating of an earlier one).  Rounding makes
    several fixed points possible and the order picks one, so the order is the rule set's
    (``FesaRules.update_order``):

    * ``"by-id"``: by the players' numbers in the event's file compared as
      :func:`natural_key` does; the same answer whatever the order of the file's rows, and on
      a FESA table (numbered ``Nr`` 1, 2, ...) the program's start-number order;
    * ``"start-number"``: FESA's program: by start number where every one is a whole number,
      else the order of the file's rows."""
    numbers = {p.id: _start_number(p) for p in event.players}
    if rules.update_order == "start-number":
        by_number = {number: pid for pid, number in numbers.items()}
        return tuple(by_number[n] for n in start_number_order(list(by_number)))
    return tuple(sorted(numbers, key=lambda pid: natural_key(numbers[pid])))


def _with_published_opponents(
    outcome: Computed, played: Sequence[RatedGame], post: Mapping[str, int]
) -> Computed:
    """An unrated player's outcome whose results of this event name his opponents at their
    published ratings (after an iteration that did not settle, an opponent may have changed
    after the player was computed); anyone else's outcome unchanged."""
    perf = outcome.performance
    if outcome.category is not Category.UNRATED or perf is None or not played:
        return outcome
    kept = kept_results(perf)
    start = len(kept) - len(played)
    results = list(perf.results)
    for i, g in enumerate(played):
        results[start + i] = replace(results[start + i], opponent=post[g.opponent])
    new = Computed(
        outcome.pid,
        outcome.category,
        outcome.rating_after,
        outcome.change,
        outcome.expected,
        outcome.games,
        outcome.bonus_games,
        outcome.bonus_total,
        outcome.upsets,
        replace(perf, results=tuple(results)),
        outcome.no_game_rating,
    )
    return new
