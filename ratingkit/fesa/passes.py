"""The passes of a FESA event's fixed-point iteration, each giving the outcome the exact path
gives (rules 5-9 and 11 as :mod:`.steps` applies them).

* :func:`quick_outcome`: a player's outcome in float arithmetic (formula (1), rule (A) and
  rule 9 through :func:`~ratingkit.fesa.formula.expected_score`), handing the player to the
  exact computation wherever a float decision lies within
  :data:`~ratingkit.fesa.formula.QUICK_SLACK` of a step of k(tr) or of a rounding half;
* :class:`PassOutcomes`: the passes of an event rated with every detail
  (:func:`ratingkit.fesa.event.iterate`);
* :func:`exact_compute`: the exact path in plain integers, the same outcome as
  :func:`~ratingkit.fesa.steps.compute_exact`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import compress
from operator import itemgetter, mul, ne, sub
from typing import TYPE_CHECKING, Any

from ..core.fastbuild import build
from ..core.shogi import handicapped_rating
from . import formula
from .formula import (
    _K_STEPS,
    _K_TABLE,
    BONUS_CEILING,
    BONUS_GAMES,
    RATING_FLOOR,
    _near_half,
    _opponent_used,
    _strength,
    expected_score,
    performance_rating,
)
from .outcome import Category, FesaGame
from .state import FesaState
from .steps import (
    Categorised,
    Computed,
    Prepared,
    QuickGame,
    _with_performance,
    handicap_text,
    performance_outcome,
    player_outcome,
    unrated_results,
)
from .steps import quick_games as plain_games

if TYPE_CHECKING:
    from .rulesets import FesaRules


# -- the float path -------------------------------------------------------------------------


def quick_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[Any],
    post: dict[str, int],
    quick_games: Sequence[QuickGame] | None = None,
    plain: bool = False,
    start: float | None = None,
) -> Computed | None:
    """A player's outcome in float arithmetic: the rating after the event, the bonus counter
    and (unrated players) the performance exactly as the exact path gives them, ``expected``
    and ``change`` as floats, no game detail.  None when a step of k(tr) or a rounding half
    lies within :data:`~ratingkit.fesa.formula.QUICK_SLACK` of the float value: the caller
    then computes the outcome exactly.  (d' against d and the bonus at 1800 need no such
    care: the change is continuous there.)  ``plain``: no game has a handicap; ``start``:
    where the root search of an unrated player's performance starts (his root of the previous
    pass: the same root, found in fewer steps)."""
    if not played:
        return player_outcome(rules, state, category, played, post)
    if category.category is Category.UNRATED:
        return _quick_unrated_outcome(rules, state, category, played, post, start)
    rating = state.rating
    assert rating is not None
    tr = float(rating)
    counter = state.bonus_games
    expected_total = bonus_total = 0.0
    upsets = 0
    change: float
    if quick_games is None:
        quick_games = plain_games(played)
    slack, floor, per_game = formula.QUICK_SLACK, RATING_FLOOR, rules.per_game_rounding
    bonus_games, ceiling, expected_of = BONUS_GAMES, BONUS_CEILING, expected_score
    # k(tr) holds while tr stays in [band_low, band_high] (its step, less the slack).
    band_low, band_high, k = math.inf, -math.inf, 0
    if counter >= bonus_games and not per_game and plain:
        # The usual established player: no bonus left (rule 9), no handicap, the event total
        # rounded; the loop below without those branches.
        for opponent_id, score, win, _ in quick_games:
            opponent = post[opponent_id]
            if opponent < floor:
                opponent = floor
            if not band_low <= tr <= band_high:
                band = _k_band(tr, slack, (k, band_low, band_high))
                if band is None:
                    return None
                k, band_low, band_high = band
            e = expected_of(opponent - tr)
            change = k * (score - e)
            if win:
                upset = k * (opponent - tr) / 160
                if upset > change:
                    change = upset
                    upsets += 1
            expected_total += e
            tr += change
        quick_games = ()
    for opponent_id, score, win, handicap in quick_games:
        opponent = post[opponent_id]
        if opponent < floor:
            opponent = floor
        effective: float
        if handicap is None:
            effective = opponent  # an int: int - float is the float difference
        else:
            given, received = handicap
            if given is not None:
                effective = float(opponent + (rating - handicapped_rating(rating, given)))
            else:
                assert received is not None
                effective = float(handicapped_rating(opponent, received))
        if not band_low <= tr <= band_high:
            band = _k_band(tr, slack, (k, band_low, band_high))
            if band is None:
                return None
            k, band_low, band_high = band
        e = expected_of(effective - tr)
        change = k * (score - e)
        if win:
            upset = k * (effective - tr) / 160
            if upset > change:
                change = upset
                upsets += 1
        if counter < bonus_games:
            counter += 1
            if tr < ceiling:
                b = (ceiling - tr) / 200
                change += b
                bonus_total += b
        if per_game:
            if _near_half(change):
                return None
            change = float(math.floor(change + 0.5))
        expected_total += e
        tr += change
    total = tr - rating
    if abs(total - math.floor(total) - 0.5) < slack:  # _near_half(total), inline
        return None
    return Computed(
        state.id,
        category.category,
        rating + math.floor(total + 0.5),
        total,
        expected_total,
        (),
        counter,
        bonus_total,
        upsets,
    )


def _k_band(
    tr: float, slack: float, current: tuple[int, float, float]
) -> tuple[int, float, float] | None:
    """k(tr) of formula (1) and the band of tr in which it holds, less the slack on each side;
    None when tr lies within the slack of a step (the exact path decides).  ``current`` stays
    where no step applies (none: the table's last step starts at minus infinity)."""
    for lower, upper, step_k in _K_STEPS:
        if tr >= lower:
            if tr - lower < slack or upper - tr < slack:
                return None
            return step_k, lower + slack, upper - slack
    return current


def _quick_unrated_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[Any],
    post: dict[str, int],
    start: float | None,
) -> Computed:
    """An unrated player's outcome (rules 5-7): his performance rating, found exactly, and the
    expected score against it as a float."""
    results, event_results = unrated_results(state, category.fictitious, played, post)
    perf = performance_rating(
        results + event_results, solver=rules.solver, rounding=rules.rounding, start=start
    )
    expected_total = 0.0
    for res in event_results:
        own = float(_strength(perf.rating, res.given))
        expected_total += expected_score(float(_opponent_used(res)) - own)
    perf_change = None if state.rating is None else Fraction(perf.rating - state.rating)
    stored = tuple(r for r in perf.results if r.fictitious != "stand-in")
    return Computed(
        state.id,
        category.category,
        perf.rating,
        perf_change,
        expected_total,
        (),
        state.bonus_games,
        Fraction(0),
        0,
        replace(perf, results=stored),
    )


def quick_compute(rules: FesaRules, prepared: Prepared, pid: str, post: dict[str, int]) -> Computed:
    """A player's outcome on the float path, exactly where the float path is in doubt."""
    state, category, played = prepared.states[pid], prepared.categories[pid], prepared.games[pid]
    roots = prepared.roots
    quick = quick_outcome(
        rules,
        state,
        category,
        played,
        post,
        prepared.plain[pid],
        pid not in prepared.handicapped,
        roots.get(pid),
    )
    if quick is not None:
        if quick.performance is not None and quick.performance.root is not None:
            roots[pid] = quick.performance.root
        return quick
    return player_outcome(rules, state, category, played, post)


# -- the passes of an event rated with every detail -----------------------------------------


#: ln(10) / 400: the slope of ``10^(x/400)``'s logarithm, and ``dE/dR = SLOPE * E * (1 - E)``.
_SLOPE = math.log(10) / 400
#: How far from the rating its sums were taken at the performance rating is decided by
#: Taylor's theorem, and a bound of ``|f''|`` there per unit of ``sum(E (1 - E))`` at that
#: rating: ``|f''(y)| = SLOPE^2 |sum(E (1 - E) (1 - 2E))| <= SLOPE^2 sum(E (1 - E))`` at
#: ``y``, and ``E (1 - E)`` (a logistic's derivative, ``1 / (4 cosh^2)``) grows by at most
#: ``exp(SLOPE |y - x|)`` from ``x`` to ``y``.
_TAYLOR_REACH = 20.0
_CURVATURE_RATE = _SLOPE**2 * math.exp(_SLOPE * _TAYLOR_REACH) * (1 + 1e-9)


class _Powers(dict[int, float]):
    """``10^(or/400)`` of an opponent rating used (the 400 floor applied), computed once."""

    def __missing__(self, rating: int) -> float:
        power = self[rating] = 10 ** (max(rating, RATING_FLOOR) / 400)
        return power


class _Sums:
    """What an unrated player's performance sums need across the passes of one event: the
    scores of all his results, his opponents in this event, and ``10^(or/400)`` of every
    opponent rating used (his previous and fictitious results' once, this event's again when
    an opponent's rating changes), so that ``E = 1 / (1 + 10^(or/400) * 10^(-R/400))`` at a
    rating ``R`` costs a product and a division."""

    __slots__ = (
        "all_won",
        "at",
        "expected",
        "powers",
        "prior",
        "q",
        "ratings_of",
        "score",
        "scores",
        "slopes",
        "terms",
        "used",
    )

    def __init__(self, prior: list[tuple[float, float]], games: Sequence[QuickGame]):
        self.prior = [10 ** (opponent / 400) for _, opponent in prior]
        self.scores = [score for score, _ in prior] + [g[1] for g in games]
        opponents = [g[0] for g in games]
        # The opponents' ratings from the iteration's ratings, as a tuple.
        self.ratings_of: Callable[[dict[str, int]], tuple[int, ...]] = (
            itemgetter(*opponents)
            if len(opponents) > 1
            else lambda post: tuple([post[o] for o in opponents])
        )
        self.score = sum(score for score, _ in prior) + sum(g[1] for g in games)
        self.all_won = all(score == 1 for score, _ in prior) and all(g[2] for g in games)
        # The terms of the root search (rule 6's fictitious draw included).
        self.terms = len(prior) + len(games) + (1 if self.all_won else 0)
        self.used: tuple[int, ...] = ()
        self.powers: list[float] = []
        #: the rating the sums are expanded at (None: not yet), 10^(-at/400), and each
        #: term's E and E (1 - E) there, kept while the term's opponent rating stays
        self.at: float | None = None
        self.q = 0.0
        self.expected: list[float] = []
        self.slopes: list[float] = []

    def expand(self, at: float) -> None:
        """Every term's E and E (1 - E) at the rating ``at``."""
        self.at, self.q = at, 10 ** (-at / 400)
        q = self.q
        self.expected = [1 / (1 + p * q) for p in self.powers]
        self.slopes = [e - e * e for e in self.expected]


#: A bound of ``|dd/d(or)| = k * SLOPE * E (1 - E)`` (at most ``k ln(10) / 1600``) per unit
#: of k, a little above it.
_D_SLOPE = 0.0014392
#: A win whose opponent is rated less than this above the player's running rating is far
#: from rule (A) (d' overtakes d at about 103): its d' cannot be used while the opponent's
#: rating and the running rating move less than :data:`_QUIET_REACH` between them.
_QUIET_GAP, _QUIET_REACH = 60, 35


class _Formula:
    """An established or provisional player in the passes of one event (games without
    handicaps, the event total rounded): his data, and his last computation on the float path
    with what tells whether a change of his opponents' ratings can move his rating (see
    :meth:`PassOutcomes._formula`)."""

    __slots__ = (
        "bounds",
        "counter",
        "gap",
        "quiet",
        "rating",
        "ratings_of",
        "reference",
        "result",
        "room",
        "scores",
        "wins",
    )

    def __init__(self, rating: int, counter: int, games: Sequence[QuickGame]):
        self.rating = rating
        self.counter = counter
        opponents = [g[0] for g in games]
        self.ratings_of: Callable[[dict[str, int]], tuple[int, ...]] = (
            itemgetter(*opponents)
            if len(opponents) > 1
            else lambda post: tuple([post[o] for o in opponents])
        )
        self.scores = [g[1] for g in games]
        self.wins = [g[2] for g in games]
        #: the opponents' ratings of the last computation, and its outcome
        self.reference: tuple[int, ...] | None = None
        self.result: Computed | None = None
        #: per game, a bound of the change's rate against the opponent's rating
        self.bounds: list[float] = []
        #: the running ratings' least distance to a step of k(tr), the total's to a half
        self.room = self.gap = 0.0
        #: whether a win was taken far from rule (A)
        self.quiet = False


class PassOutcomes:
    """Each player's outcome in a pass of :func:`~ratingkit.fesa.event.iterate`, whose passes
    need the ratings only (it computes every player once exactly at the end): the float path
    of :func:`quick_compute`, except for an unrated player without handicaps under the exact
    solver, whose performance rating (rules 5-6) is decided by the sum ``f(R) = sum(res - E)``
    at the two halves around a candidate ``c``.  ``f`` falls as ``R`` rises; where ``f(c - 1/2)``
    and ``f(c + 1/2)`` lie either side of zero by more than the bound ``m`` of a float sum's
    rounding error (the bound of :func:`~ratingkit.fesa.formula._root_of_terms`), the root lies
    strictly between them, every midpoint the root search computes beyond them has the sign of
    ``f`` there, and the rating is ``c`` (at least 1), as the root search and its rounding give
    it (``tests/test_fesa_outcome.py`` compares them).

    The sums at the halves are bounded without being computed where they can be: ``f`` and its
    slope at the player's root of his previous computation ``x`` give Newton's candidate, and
    by Taylor's theorem ``f(x + d)`` lies within ``|f''| d^2 / 2`` (``|f''|`` at most
    :data:`_CURVATURE` a term) of ``f(x) + f'(x) d``.  Where that does not decide, the sums
    at the halves themselves, around the candidate and the line through them; then Newton's
    steps; elsewhere (a handicap, FESA's program's solver, sums too close to zero)
    :func:`quick_compute`.  Such an unrated player's outcome carries his rating alone (no
    performance, expected 0)."""

    def __init__(self, rules: FesaRules, prepared: Prepared):
        self.rules = rules
        self.prepared = prepared
        #: each player's way of being computed (:meth:`_kind`)
        self.kinds: dict[str, _Formula | _Sums | bool] = {}
        self.powers = _Powers()

    def __call__(self, pid: str, post: dict[str, int]) -> Computed:
        kind = self.kinds.get(pid)
        if kind is None:
            kind = self.kinds[pid] = self._kind(pid)
        if type(kind) is _Formula:
            found = self._formula(pid, kind, post)
            if found is not None:
                return found
        elif type(kind) is _Sums:
            rating = self._rating(pid, kind, post)
            if rating is not None:
                prepared = self.prepared
                state = prepared.states[pid]
                return Computed(
                    pid,
                    Category.UNRATED,
                    rating,
                    None if state.rating is None else Fraction(rating - state.rating),
                    0.0,
                    (),
                    state.bonus_games,
                    _NO_BONUS,
                    0,
                )
        return quick_compute(self.rules, self.prepared, pid, post)

    def _kind(self, pid: str) -> _Formula | _Sums | bool:
        """How the player is computed in the passes: :class:`_Formula`, :class:`_Sums`, or
        False (:func:`quick_compute`)."""
        prepared = self.prepared
        category, played = prepared.categories[pid], prepared.games[pid]
        if not played or pid in prepared.handicapped:
            return False
        if category.category is not Category.UNRATED:
            state = prepared.states[pid]
            if self.rules.per_game_rounding or state.rating is None:
                return False
            return _Formula(state.rating, state.bonus_games, prepared.plain[pid])
        if self.rules.solver != "exact":
            return False
        return self._sums(pid) or False

    def _formula(self, pid: str, player: _Formula, post: dict[str, int]) -> Computed | None:
        """An established or provisional player's rating: formula (1), rule (A) and rule 9 on
        the float path of :func:`quick_outcome` (None where it is in doubt), or, where his
        opponents' ratings have moved too little since his last computation to move his
        rating, that computation's outcome.  How little: ``d`` changes by at most
        ``k ln(10) / 1600`` a point of the opponent's rating, ``d'`` of rule (A) by ``k / 160``,
        and the running rating after a game moves by at most as much as before it (the change
        of a game falls as the running rating rises, by less than it rises: ``k / 160 +
        1/200`` at most), so the total moves by at most the sum of those rates times the
        opponents' moves; where that stays below the total's distance to a rounding half
        and the running ratings' distance to a step of k(tr), the rounded total is the same
        (``tests/test_fesa_outcome.py`` compares it with the exact path)."""
        now = player.ratings_of(post)
        reference = player.reference
        if reference is not None:
            moves = list(map(abs, map(sub, now, reference)))
            reach = sum(map(mul, player.bounds, moves)) + formula.QUICK_SLACK
            if (
                reach < player.gap
                and reach < player.room
                and (not player.quiet or reach + max(moves) < _QUIET_REACH)
            ):
                return player.result
        slack, floor, expected_of = formula.QUICK_SLACK, RATING_FLOOR, expected_score
        rating = player.rating
        tr = float(rating)
        counter = player.counter
        bounds = []
        room = math.inf
        quiet = False
        band_low, band_high, k, lower, upper = math.inf, -math.inf, 0, 0.0, 0.0
        for opponent, score, win in zip(now, player.scores, player.wins, strict=True):
            if opponent < floor:
                opponent = floor
            if not band_low <= tr <= band_high:
                for lower, upper, step_k in _K_STEPS:
                    if tr >= lower:
                        if tr - lower < slack or upper - tr < slack:
                            return None
                        k, band_low, band_high = step_k, lower + slack, upper - slack
                        break
            if tr - lower < room:
                room = tr - lower
            if upper - tr < room:
                room = upper - tr
            e = expected_of(opponent - tr)
            change = k * (score - e)
            if win:
                upset = k * (opponent - tr) / 160
                if upset > change:
                    change = upset
                if opponent - tr >= _QUIET_GAP:
                    bounds.append(k / 160)
                else:
                    bounds.append(k * _D_SLOPE)
                    quiet = True
            else:
                bounds.append(k * _D_SLOPE)
            if counter < BONUS_GAMES:
                counter += 1
                if tr < BONUS_CEILING:
                    change += (BONUS_CEILING - tr) / 200
            tr += change
        total = tr - rating
        gap = abs(total - math.floor(total) - 0.5)
        if gap < slack:
            return None
        result = Computed(
            pid,
            self.prepared.categories[pid].category,
            rating + math.floor(total + 0.5),
            total,
            0.0,
            (),
            counter,
            0.0,
            0,
        )
        player.reference, player.result = now, result
        player.bounds, player.room, player.gap, player.quiet = bounds, room, gap, quiet
        return result

    def _sums(self, pid: str) -> _Sums | None:
        """The player's :class:`_Sums`, or None where a handicap changes the sums."""
        prepared = self.prepared
        if pid in prepared.handicapped:
            return None
        state, category = prepared.states[pid], prepared.categories[pid]
        results = unrated_results(state, category.fictitious, (), {})[0]
        if any(r.given for r in results):
            return None
        prior = [(float(r.score), float(_opponent_used(r))) for r in results]
        return _Sums(prior, prepared.plain[pid])

    def _rating(self, pid: str, sums: _Sums, post: dict[str, int]) -> int | None:
        """The performance rating, or None where the sums do not decide it."""
        score = sums.score
        if not score:
            return 1  # rule 6: 0%
        ratings = sums.ratings_of(post)
        if sums.at is None:
            power = self.powers
            sums.used = ratings
            sums.powers = sums.prior + [power[r] for r in ratings]
            # The first computation: from the player's rating in the iteration, else from
            # the mean opponent.
            powers = sums.powers
            sums.expand(post[pid] or sum([400 * math.log10(p) for p in powers]) / len(powers))
        elif ratings != sums.used:
            # The terms of the opponents whose rating changed, at the same rating.
            power, q, start = self.powers, sums.q, len(sums.prior)
            powers, expected, slopes = sums.powers, sums.expected, sums.slopes
            for i in compress(range(len(ratings)), map(ne, ratings, sums.used)):
                p = powers[start + i] = power[ratings[i]]
                e = expected[start + i] = 1 / (1 + p * q)
                slopes[start + i] = e - e * e
            sums.used = ratings
        # m: a bound of a float sum's rounding error (formula._root_of_terms's).
        m = 4e-12 * (sums.terms + 1)
        for _ in range(3):
            x = sums.at
            assert x is not None
            value = score - sum(sums.expected)
            spread = sum(sums.slopes)
            if sums.all_won:
                # Rule 6: 100%, a fictitious draw against the highest-rated opponent
                # (10^(x/400) rises with x: the highest rating's power is the greatest).
                e = 1 / (1 + max(sums.powers) * sums.q)
                value += 0.5 - e
                spread += e - e * e
            slope = -_SLOPE * spread
            if not slope < 0:
                break
            root = x - value / slope
            if not -6000 < root < 10000:
                break
            candidate = max(1, math.floor(root + 0.5))
            high, low = candidate + 0.5 - x, candidate - 0.5 - x
            if max(-low, high) <= _TAYLOR_REACH:
                # f at x + d lies within the remainder bound of value + slope * d, the float
                # value's error and the slope's (a relative 1e-12, generously) included.
                curvature = _CURVATURE_RATE * spread
                bound = 0.5 * curvature * high * high + m + 1e-12 * abs(slope * high)
                if value + slope * high + bound < -m:
                    bound = 0.5 * curvature * low * low + m + 1e-12 * abs(slope * low)
                    if candidate == 1 or value + slope * low - bound > m:
                        self.prepared.roots[pid] = root
                        return candidate
            sums.expand(root)  # one more Newton step, from nearer the root
        powers = sums.powers
        if sums.all_won:
            powers = [*powers, max(powers)]
            score += 0.5
        return self._rating_by_halves(pid, sums, powers, score, post[pid], 2 * m)

    def _rating_by_halves(
        self,
        pid: str,
        sums: _Sums,
        powers: list[float],
        score: float,
        candidate: int,
        margin: float,
    ) -> int | None:
        """The performance rating by the sums at the halves around a candidate (the rating
        the player has in the iteration, the line through the sums there, the rounded root of
        Newton's steps), each farther from zero than ``margin``; None where none decides."""

        def f(half: float) -> float:
            """f at ``half``: the score less every expectation there."""
            q = 10 ** (-half / 400)
            return score - sum([1 / (1 + p * q) for p in powers])

        def decided(candidate: int) -> bool:
            # The root below candidate + 1/2, and (but for 1) above candidate - 1/2.
            return f(candidate + 0.5) < -margin and (candidate == 1 or f(candidate - 0.5) > margin)

        if candidate >= 1:
            high = f(candidate + 0.5)
            if high < -margin and candidate == 1:
                return 1
            low = f(candidate - 0.5)
            if low > high:
                # The line through the sums at the two halves around the candidate: where the
                # next computation of the player starts.
                line = candidate - 0.5 + low / (low - high)
                if -6000 < line < 10000:  # the root search's own bracket (a flat sum: no)
                    self.prepared.roots[pid] = line
                if high < -margin and low > margin:
                    return candidate
                guess = max(1, math.floor(line + 0.5))
                if guess != candidate and decided(guess):
                    return guess
        root = self._newton(sums, powers, self.prepared.roots.get(pid))
        if root is None:
            return None
        self.prepared.roots[pid] = root
        guess = max(1, math.floor(root + 0.5))
        return guess if decided(guess) else None

    @staticmethod
    def _newton(sums: _Sums, powers: list[float], start: float | None) -> float | None:
        """Newton's steps towards the root of the performance sum (as the root search of
        :func:`~ratingkit.fesa.formula._root_of_terms` starts them), from ``start`` or the
        mean opponent; None where the slope vanishes."""
        scores = sums.scores
        if len(powers) > len(scores):
            scores = [*scores, 0.5]  # rule 6's fictitious draw
        terms = list(zip(scores, powers, strict=True))
        x = start
        if x is None or not -6000 < x < 10000:
            x = sum([400 * math.log10(p) for p in powers]) / len(powers)
        for _ in range(30):
            q = 10 ** (-x / 400)
            value = slope = 0.0
            for score, power in terms:
                e = 1 / (1 + power * q)
                value += score - e
                slope += _SLOPE * e * (1 - e)
            if slope <= 0:
                return None
            step = max(-400.0, min(400.0, value / slope))
            x += step
            if abs(step) < 1e-6:
                return x
        return x


# -- the exact path in plain integers -------------------------------------------------------

_new_object = object.__new__


def fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for ints, denominator > 0, built without
    ``Fraction.__new__``'s checks (the same object: normalised by the gcd, equal and hashed
    as the constructor's; ``tests/test_fesa_outcome.py`` compares them)."""
    g = math.gcd(numerator, denominator)
    if g != 1:
        numerator //= g
        denominator //= g
    value = _new_object(Fraction)
    value._numerator = numerator  # type: ignore[attr-defined]
    value._denominator = denominator  # type: ignore[attr-defined]
    return value


def _reduced(numerator: int, denominator: int) -> Fraction:
    """:func:`fraction` of a ratio already in lowest terms (a float's ``as_integer_ratio``)."""
    value = _new_object(Fraction)
    value._numerator = numerator  # type: ignore[attr-defined]
    value._denominator = denominator  # type: ignore[attr-defined]
    return value


_NO_BONUS = Fraction(0)
#: A game's result as a float, shared (0 and 1: most games).
_ZERO_FLOAT, _ONE = 0.0, 1.0
#: Whole ratings as Fractions (an opponent's rating used, as the Fraction path keeps it).
_WHOLE: dict[int, Fraction] = {}


def exact_formula_outcome(
    rules: FesaRules,
    state: FesaState,
    category: Categorised,
    played: Sequence[Any],
    post: dict[str, int],
) -> Computed | None:
    """:func:`~ratingkit.fesa.event.formula_outcome` for games without handicaps and an
    event total rounded (rules since 2012): the same Fractions, every game's detail, computed
    on numerators and denominators as plain ints (each value a ratio of ints whose
    denominator is a product of the float expectations' powers of two, 160 and 200), made
    Fractions once at the end.  None where a game has a handicap or each game's change is
    rounded: the caller then takes the Fraction path."""
    if rules.per_game_rounding:
        return None
    for g in played:
        if g.given or g.received:
            return None
    rating = state.rating
    assert rating is not None
    k_table, floor, expected_of = _K_TABLE, RATING_FLOOR, expected_score
    tn, td = rating, 1
    tr = fraction(rating, 1)
    counter = state.bonus_games
    en_sum, ed_sum = 0, 1
    bn_sum, bd_sum = 0, 1
    upsets = 0
    rows = []
    for g in played:
        opponent = post[g.opponent]
        if opponent < floor:
            opponent = floor
        # k(tr): tr's float decides but within a hair of a step (where the ints do).
        trf = tn / td
        k = 40
        for lower, step_k in k_table:
            if trf - lower > 1e-6 or (trf - lower > -1e-6 and tn >= lower * td):
                k = step_k
                break
        gap = opponent * td - tn  # (or - tr) * td
        # float(Fraction): the numerator over the denominator, correctly rounded.
        en, ed = expected_of(gap / td).as_integer_ratio()  # ed: a power of two
        score = g.score
        sn, sd = score.numerator, score.denominator
        dn, dd = k * (sn * ed - en * sd), sd * ed
        d_upset = None
        used = False
        if score == 1:
            un, ud = k * gap, 160 * td
            d_upset = fraction(un, ud)
            used = un * dd > dn * ud
            if used:
                upsets += 1
        if tn < 1800 * td and counter < BONUS_GAMES:
            bn, bd = 1800 * td - tn, 200 * td
        else:
            bn, bd = 0, 1
        bonus_game = None
        if counter < BONUS_GAMES:
            counter += 1
            bonus_game = counter if bn else None
        d = fraction(dn, dd)
        if used or bn:
            xn, xd = (un, ud) if used else (dn, dd)
            change = fraction(xn * bd + bn * xd, xd * bd)
        else:
            change = d  # d itself (one Fraction, not two equal ones)
        cn, cd = change.numerator, change.denominator
        after = fraction(tn * cd + cn * td, td * cd)
        # Powers of two: the larger denominator is the common one.
        if ed <= ed_sum:
            en_sum += en * (ed_sum // ed)
        else:
            en_sum, ed_sum = en_sum * (ed // ed_sum) + en, ed
        if bn:
            bn_sum, bd_sum = bn_sum * bd + bn * bd_sum, bd_sum * bd
        effective = _WHOLE.get(opponent)
        if effective is None:
            effective = _WHOLE[opponent] = Fraction(opponent)
        rows.append(
            build(
                FesaGame,
                {
                    # float(score) for a score of 0, 1/2 or 1
                    "result": (sn / sd if sd != 1 else _ONE if sn else _ZERO_FLOAT),
                    "opponent_rating": opponent,
                    "handicap": "",
                    "effective_rating": effective,
                    "tr": tr,
                    "k": k,
                    "expected": _reduced(en, ed),
                    "d": d,
                    "d_upset": d_upset,
                    "upset": used,
                    "bonus": fraction(bn, bd) if bn else _NO_BONUS,
                    "bonus_game": bonus_game,
                    "change": change,
                    "tr_after": after,
                    "note": g.note or "",
                },
            )
        )
        tr, tn, td = after, after.numerator, after.denominator
    total_change = fraction(tn - rating * td, td)
    return Computed(
        state.id,
        category.category,
        rating + rules.round(total_change),
        total_change,
        fraction(en_sum, ed_sum),
        tuple(rows),
        counter,
        fraction(bn_sum, bd_sum),
        upsets,
    )


def exact_compute(
    rules: FesaRules, prepared: Prepared, pid: str, post: dict[str, int], last: Computed
) -> Computed:
    """A player's outcome with every game's detail at the fixed point, ``last`` his outcome
    of the float path against the same ratings: formula (1) on plain ints
    (:func:`exact_formula_outcome`) where it applies, an unrated player's performance taken
    from ``last`` (the same root, found against the same ratings), else the Fraction path."""
    state, category, played = prepared.states[pid], prepared.categories[pid], prepared.games[pid]
    if played:
        if category.category is not Category.UNRATED:
            found = exact_formula_outcome(rules, state, category, played, post)
            if found is not None:
                return found
        else:
            perf = last.performance
            if perf is None:
                # The root search from where the passes left it (the same root, fewer steps).
                results, event_results = unrated_results(state, category.fictitious, played, post)
                perf = performance_rating(
                    results + event_results,
                    solver=rules.solver,
                    rounding=rules.rounding,
                    start=prepared.roots.get(pid),
                )
            if pid not in prepared.handicapped:
                return exact_performance_outcome(state, category, played, post, perf)
            return performance_outcome(rules, state, category, played, post, perf)
    return player_outcome(rules, state, category, played, post)


def exact_performance_outcome(
    state: FesaState,
    category: Categorised,
    played: Sequence[Any],
    post: dict[str, int],
    perf: formula.Performance,
) -> Computed:
    """:func:`~ratingkit.fesa.event.performance_outcome` for games without handicaps given
    or received: the same game sides and Fractions, each expectation taken from its float's
    ratio of ints and their sum made over ints (powers of two: :func:`exact_formula_outcome`'s
    way)."""
    rating, how = perf.rating, perf.how
    en_sum, ed_sum = 0, 1
    rows = []
    for g in played:
        opponent = post[g.opponent]
        if opponent < RATING_FLOOR:
            opponent = RATING_FLOOR
        # float(or - tr) is exact for ints: Fraction(E) of formula.expected, as a ratio
        en, ed = expected_score(float(opponent - rating)).as_integer_ratio()
        if ed <= ed_sum:
            en_sum += en * (ed_sum // ed)
        else:
            en_sum, ed_sum = en_sum * (ed // ed_sum) + en, ed
        score = g.score
        sn, sd = score.numerator, score.denominator
        rows.append(
            build(
                FesaGame,
                {
                    "result": (sn / sd if sd != 1 else _ONE if sn else _ZERO_FLOAT),
                    "opponent_rating": opponent,
                    "handicap": handicap_text(g),
                    "effective_rating": opponent,
                    "tr": rating,
                    "k": None,
                    "expected": _reduced(en, ed),
                    "d": None,
                    "d_upset": None,
                    "upset": None,
                    "bonus": None,
                    "bonus_game": None,
                    "change": None,
                    "tr_after": None,
                    "note": "; ".join([x for x in (g.note, how) if x]),
                },
            )
        )
    return _with_performance(state, category, perf, fraction(en_sum, ed_sum), tuple(rows))
