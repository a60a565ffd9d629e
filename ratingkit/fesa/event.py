"""Rating one FESA event, in the steps the rules name.

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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

from ..core.errors import Location
from ..core.extras import PublishedPromotions, PublishedRow
from ..core.fastbuild import build
from ..core.i18n import N_, _, tr, trn
from ..core.model import Event, Game, Play, Special, event_notes
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    Number,
    PlayerOutcome,
    Rule,
    Status,
)
from ..core.players import PlayerMatch, PlayerRecord, normalise_name
from ..core.shogi import (
    GRADES,
    handicap_grades,
    handicap_key,
    handicapped_rating,
    localized_grade,
    parse_grade,
    shown_grade_name,
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
    UPSET_RULE,
    Category,
    FesaEvent,
    FesaGame,
    FesaPlayer,
    IterationPass,
    Promotion,
    Unsettled,
)
from .promotion import PromotionFound, promotion_trace
from .state import FesaState, PromotionCounters, as_stored, state_of, write_record

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


def iterate(rules: FesaRules, event: Event, prepared: Prepared) -> Iterated:
    """Step 2 with every game's detail.  The passes run on the float path of
    :mod:`ratingkit.fesa.fast` (:class:`~ratingkit.fesa.fast.PassOutcomes`: the same ratings
    after each pass, for it hands a player to the exact computation wherever a float decision
    is in doubt), and the opponents' ratings each player was last computed against are noted;
    every player is then computed once exactly, against those ratings: at a fixed point the
    opponents' final ratings.  In an iteration that does not settle, a player computed before
    an opponent changed again gets the outcome of the ratings he was computed against, as an
    iteration in exact arithmetic throughout gives him (``tests/test_fesa_outcome.py``
    compares the two), with his stored results naming the published ratings."""
    from .fast import PassOutcomes, exact_compute

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

    outcome: EventOutcome[FesaPlayer, FesaGame]
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
