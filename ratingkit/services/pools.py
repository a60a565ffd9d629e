"""Rating pools simulated over the years: the drift checks FIDE 1982 rule 12.3 asks for and
FESA's under-1800 bonus (rule 9) as a counter to deflation.

FIDE 1982 12.3: watching for drift in the rating scale is a task of the rating administration,
by following (a) the average rating of a fixed cohort of established players aged 25-40, (b)
the average of the top players, for instance the top 50, and (c) the distribution of the pool.

The simulation (seeded, plain ``random.Random``):

* a pool of players with a true strength each; adults keep theirs, juniors (under 21) improve
  by ``improvement`` points a year; every year ``newcomers`` juniors join with their true
  strength as first rating (the performance rating of a first event is not simulated);
* every year is one rating period of ``rounds`` rounds of random pairings; a game is won by
  white with the probability the logistic curve gives for the true strengths (no draws);
* each player's change is computed with the rule set's own functions: the expectation (FIDE:
  table 8.1b with the 350-point rule of 1982 10.61 or the 400-point cap of 2014 8.54; FESA:
  formula (1)), K (FIDE 1982 10.64: 25/15/10; FIDE 2014 8.56: 40/20/10; FESA k(tr)), FESA's
  upset rule (A) and bonus (rule 9), and the rule set's rounding of the period's total.

An improving junior takes from the pool the points his rating lags behind his strength; the
fixed adult cohort then loses rating at constant strength: the deflation 12.3 is meant to
detect.  Everything is kept small so that a notebook runs it in a few seconds.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

from ..core.errors import InvalidValueError
from ..core.expected import logistic
from ..core.i18n import _, tr
from ..core.outcome import detail_cells, shown_as, shown_columns
from ..core.pool import PoolRules, SimPlayer
from ..core.report import ShownAsTable, Table, fields_table
from ..registry import get_rule_set


def _pool_of(name: str) -> PoolRules:
    """The pool a registered rule set builds from its own formulas."""
    pool = get_rule_set(name).pool_rules()
    assert pool is not None, name
    return pool


#: The rule sets' own pools (:meth:`~ratingkit.core.ruleset.RuleSetMembers.pool_rules`):
#: FIDE 1982's, FIDE 2014's and FESA's, the three 12.3's drift checks compare.
FIDE_1982_POOL = _pool_of("fide-1982")
FIDE_2014_POOL = _pool_of("fide-2014")
FESA_POOL = _pool_of("fesa")
FESA_NO_BONUS_POOL = replace(
    FESA_POOL, name="fesa without bonus", title="FESA without the bonus of rule 9", bonus=None
)
#: FESA's formula (1) alone, and with the bonus but without the upset rule: they separate
#: what each of the two rules adds to the pool.
FESA_FORMULA_POOL = replace(
    FESA_POOL,
    name="fesa formula (1) only",
    title="FESA formula (1) alone (no upset rule, no bonus)",
    bonus=None,
    upset=None,
)
FESA_BONUS_ONLY_POOL = replace(
    FESA_POOL,
    name="fesa without upset rule",
    title="FESA formula (1) with the bonus of rule 9, without the upset rule (A)",
    upset=None,
)
POOL_RULES: Mapping[str, PoolRules] = {
    r.name: r
    for r in (
        FIDE_1982_POOL,
        FIDE_2014_POOL,
        FESA_POOL,
        FESA_NO_BONUS_POOL,
        FESA_FORMULA_POOL,
        FESA_BONUS_ONLY_POOL,
    )
}


@dataclass(frozen=True)
class PoolConfig(ShownAsTable):
    """The simulated pool: sizes, strengths, growth; all drawn from ``seed``."""

    players: int = 100
    years: int = 10
    rounds: int = 8
    newcomers: int = 8
    mean: float = 2000
    sd: float = 200
    junior_share: float = 0.2
    junior_offset: float = 300
    improvement: float = 60
    seed: int = 1982
    top: int = 50

    def __post_init__(self) -> None:
        for name in ("players", "years", "rounds", "top"):
            if getattr(self, name) < 1:
                raise InvalidValueError(
                    tr(
                        "pool {name} must be at least 1, got {value}",
                        name=name,
                        value=getattr(self, name),
                    )
                )
        if self.newcomers < 0:
            raise InvalidValueError(
                tr("pool newcomers must be 0 or more, got {newcomers}", newcomers=self.newcomers)
            )

    # IPython prints a dataclass by its own repr unless the class itself says otherwise.
    _repr_pretty_ = ShownAsTable._repr_pretty_

    def table(self) -> Table:
        """The settings in words, as the notebook shows them."""
        return fields_table(
            _("the simulated pool"),
            (
                ("players", self.players, _("players at the start")),
                ("years", self.years, _("years simulated")),
                ("rounds", self.rounds, _("rounds of random pairings a year (one rating period)")),
                ("newcomers", self.newcomers, _("juniors joining each year")),
                ("mean", self.mean, _("mean true strength at the start")),
                ("sd", self.sd, _("spread of the strengths (standard deviation)")),
                ("junior_share", self.junior_share, _("share of juniors in the starting pool")),
                ("junior_offset", self.junior_offset, _("juniors' mean strength below the mean")),
                ("improvement", self.improvement, _("a junior's gain in strength a year")),
                ("seed", self.seed, _("random seed: the same seed gives the same pool")),
                ("top", self.top, _("the top players followed (FIDE 1982 12.3 b)")),
            ),
        )


@dataclass(frozen=True)
class GameChange:
    """One game's share of a player's change: ``k * (score - expected)`` (or the upset
    rule's change for a win), plus the bonus."""

    expected: Fraction
    k: int
    change: Fraction
    bonus: Fraction
    upset: bool


def game_change(
    rules: PoolRules, player: SimPlayer, opponent: Fraction, score: int, year: int
) -> GameChange:
    """What one game gives ``player`` (rating before the period) against an opponent rated
    ``opponent``, under ``rules``."""
    expected = rules.expected(player.rating, opponent)
    k = rules.k(player, year)
    change = k * (score - expected)
    upset = False
    if rules.upset is not None and score == 1:
        alternative = rules.upset(player.rating, opponent)
        if alternative > change:
            change, upset = alternative, True
    paid = rules.bonus(player) if rules.bonus is not None else Fraction(0)
    return GameChange(expected, k, change, paid, upset)


@dataclass(frozen=True)
class PoolRun:
    """A simulated pool: ``snapshots[y]`` is the pool after year ``y`` (0: the start),
    ``years`` the 12.3 checks of each year as :class:`YearStats` and ``history`` their table,
    ``cohort`` the ids of the fixed cohort."""

    rules: PoolRules
    config: PoolConfig
    snapshots: tuple[tuple[SimPlayer, ...], ...]
    cohort: tuple[str, ...]
    bonus_paid: tuple[Fraction, ...]
    history: Table = field(repr=False)
    years: tuple[YearStats, ...] = field(default=(), repr=False)

    def series(self, measure: str) -> list[float]:
        """One value a year of the measure ``measure`` (a column of the history: ``cohort
        drift``, ``top mean``, ``bonus paid`` ...)."""
        name = measure_field(measure)
        return [float(getattr(stats, name)) for stats in self.years]

    def ratings(self, year: int) -> list[float]:
        return [float(p.rating) for p in self.snapshots[year]]

    def cohort_mean(self, year: int) -> Fraction:
        members = set(self.cohort)
        ratings = [p.rating for p in self.snapshots[year] if p.id in members]
        return Fraction(sum(ratings)) / len(ratings)

    def top_mean(self, year: int) -> Fraction:
        ratings = sorted((p.rating for p in self.snapshots[year]), reverse=True)
        best = ratings[: self.config.top]
        return Fraction(sum(best)) / len(best)

    def mean(self, year: int) -> Fraction:
        ratings = [p.rating for p in self.snapshots[year]]
        return Fraction(sum(ratings)) / len(ratings)


@dataclass(frozen=True)
class YearStats:
    """The checks of FIDE 1982 12.3 for one year of a run (year 0: the start): the fixed
    cohort's average and its drift, the top players' average, the distribution (median, 10th
    and 90th percentiles) and the bonus paid that year.  Each field names its column of
    :func:`history`; :func:`ratingkit.notebook.plots.pools.plot_drift` draws a field by that
    name."""

    year: int = shown_as("year")
    players: int = shown_as("players")
    mean: float = shown_as("mean")
    cohort_mean: float = shown_as("cohort mean")
    cohort_drift: float = shown_as("cohort drift")
    cohort_gap: float = shown_as("cohort strength - rating")
    top_mean: float = shown_as("top mean")
    median: float = shown_as("median")
    p10: float = shown_as("p10")
    p90: float = shown_as("p90")
    bonus_paid: float = shown_as("bonus paid")


HISTORY_COLUMNS = shown_columns(YearStats)
#: The field of :class:`YearStats` behind each column of the history.
_MEASURES = {f.metadata["column"]: f.name for f in fields(YearStats)}


def measure_field(name: str) -> str:
    """The :class:`YearStats` field of the measure ``name``; an unknown name is an error that
    lists the known ones."""
    if name not in _MEASURES:
        raise InvalidValueError(
            tr(
                "unknown pool measure {name!r} (known: {measures})",
                name=name,
                measures=", ".join(_MEASURES),
            )
        )
    return _MEASURES[name]


def _initial_pool(rules: PoolRules, config: PoolConfig, rng: random.Random) -> list[SimPlayer]:
    players = []
    for index in range(config.players):
        junior = rng.random() < config.junior_share
        if junior:
            age = rng.randint(12, 17)
            strength = rng.gauss(config.mean - config.junior_offset, config.sd * 0.75)
            games = rng.randint(0, 29)
        else:
            age = rng.randint(21, 55)
            strength = rng.gauss(config.mean, config.sd)
            games = rng.randint(30, 400)
        rating = Fraction(round(strength))
        players.append(
            SimPlayer(
                f"p{index + 1}",
                strength,
                rating,
                age,
                games,
                ever_2400=rating >= 2400,
                bonus_games=rules.bonus_counter(games),
            )
        )
    return players


def _newcomers(config: PoolConfig, rng: random.Random, year: int, first: int) -> list[SimPlayer]:
    new = []
    for index in range(config.newcomers):
        strength = rng.gauss(config.mean - config.junior_offset, config.sd * 0.75)
        new.append(
            SimPlayer(
                f"p{first + index}",
                strength,
                Fraction(round(strength)),
                rng.randint(12, 15),
                0,
                joined=year,
            )
        )
    return new


def pairings(ids: Sequence[str], rng: random.Random) -> list[tuple[str, str]]:
    """One round of random pairings (the last player sits out when the count is odd)."""
    order = list(ids)
    rng.shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]


def simulate(rules: PoolRules | str, config: PoolConfig | None = None) -> PoolRun:
    """Simulate the pool under ``rules`` (a :class:`PoolRules` or a name of
    :data:`POOL_RULES`).  The same config and seed give the same pool and the same games
    under every rule set (the outcomes depend on true strengths only)."""
    if isinstance(rules, str):
        try:
            rules = POOL_RULES[rules]
        except KeyError:
            raise InvalidValueError(
                tr(
                    "unknown pool rules {rules!r} (known: {pool_rules})",
                    rules=rules,
                    pool_rules=", ".join(POOL_RULES),
                )
            ) from None
    config = config or PoolConfig()
    rng = random.Random(config.seed)
    pool = _initial_pool(rules, config, rng)
    cohort = tuple(p.id for p in pool if 25 <= p.age <= 40 and p.games >= 30)
    snapshots = [tuple(pool)]
    paid_by_year = [Fraction(0)]
    next_id = config.players + 1
    for year in range(1, config.years + 1):
        by_id = {p.id: p for p in pool}
        totals = {p.id: Fraction(0) for p in pool}
        played = dict.fromkeys(by_id, 0)
        bonus_counter = {p.id: p.bonus_games for p in pool}
        paid = Fraction(0)
        for _round in range(config.rounds):
            for white, black in pairings(list(by_id), rng):
                a, b = by_id[white], by_id[black]
                score = 1 if rng.random() < logistic(a.strength - b.strength) else 0
                for player, opponent, result in ((a, b, score), (b, a, 1 - score)):
                    # Rule 9 is checked game by game: the counter moves inside the period.
                    current = replace(player, bonus_games=bonus_counter[player.id])
                    part = game_change(rules, current, opponent.rating, result, year)
                    totals[player.id] += part.change + part.bonus
                    paid += part.bonus
                    played[player.id] += 1
                    bonus_counter[player.id] = rules.bonus_counter(bonus_counter[player.id] + 1)
        new_pool = []
        for player in pool:
            change = totals[player.id]
            new_rating = player.rating + (rules.round(change) if rules.round else change)
            if rules.floor is not None:
                new_rating = max(Fraction(rules.floor), new_rating)
            strength = player.strength + (config.improvement if player.age < 21 else 0)
            new_pool.append(
                replace(
                    player,
                    rating=new_rating,
                    strength=strength,
                    age=player.age + 1,
                    games=player.games + played[player.id],
                    ever_2400=player.ever_2400 or new_rating >= 2400,
                    bonus_games=bonus_counter[player.id],
                )
            )
        new_pool += _newcomers(config, rng, year, next_id)
        next_id += config.newcomers
        pool = new_pool
        snapshots.append(tuple(pool))
        paid_by_year.append(paid)
    run = PoolRun(rules, config, tuple(snapshots), cohort, tuple(paid_by_year), Table("", ()))
    run = replace(run, years=year_stats(run))
    return replace(run, history=history(run))


def year_stats(run: PoolRun) -> tuple[YearStats, ...]:
    """One :class:`YearStats` a year: the three checks of FIDE 1982 12.3 (fixed cohort, top
    players, distribution as median and 10th/90th percentiles) and the bonus paid that year."""
    members = set(run.cohort)
    start = run.cohort_mean(0)
    stats = []
    for year, snapshot in enumerate(run.snapshots):
        ratings = [float(p.rating) for p in snapshot]
        cohort = [p for p in snapshot if p.id in members]
        deciles = statistics.quantiles(ratings, n=10)
        strength = sum(p.strength for p in cohort) / len(cohort)
        stats.append(
            YearStats(
                year=year,
                players=len(snapshot),
                mean=float(run.mean(year)),
                cohort_mean=float(run.cohort_mean(year)),
                cohort_drift=float(run.cohort_mean(year) - start),
                cohort_gap=strength - float(run.cohort_mean(year)),
                top_mean=float(run.top_mean(year)),
                median=statistics.median(ratings),
                p10=deciles[0],
                p90=deciles[-1],
                bonus_paid=float(run.bonus_paid[year]),
            )
        )
    return tuple(stats)


def history(run: PoolRun) -> Table:
    """The view of :func:`year_stats`: one row a year, a column per :class:`YearStats`
    field."""
    rows = tuple(detail_cells(stats) for stats in run.years)
    formats = {c: "{:.1f}" for c in HISTORY_COLUMNS if c not in ("year", "players")}
    title = tr("{rules}: the drift checks of FIDE 1982 12.3, year by year", rules=run.rules.title)
    return Table(title, HISTORY_COLUMNS, rows, formats)


def drift_summary(runs: Mapping[str, PoolRun] | Sequence[PoolRun]) -> Table:
    """One row per run: the change over the whole simulation of the cohort's average, the top
    players' average and the pool's median, and the bonus paid in all."""
    items = runs.values() if isinstance(runs, Mapping) else runs
    rows: list[Mapping[str, object]] = []
    for run in items:
        last = len(run.snapshots) - 1
        rows.append(
            {
                "rules": run.rules.name,
                "years": last,
                "players at the end": len(run.snapshots[last]),
                "cohort drift": float(run.cohort_mean(last) - run.cohort_mean(0)),
                f"top {run.config.top} drift": float(run.top_mean(last) - run.top_mean(0)),
                "mean drift": float(run.mean(last) - run.mean(0)),
                "bonus paid": float(sum(run.bonus_paid)),
            }
        )
    columns = tuple(rows[0]) if rows else ("rules",)
    formats = {c: "{:+.1f}" for c in columns if "drift" in c} | {"bonus paid": "{:.1f}"}
    title = _("drift over the simulation (FIDE 1982 12.3)")
    return Table(title, columns, tuple(rows), formats)
