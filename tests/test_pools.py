"""ratingkit.services.pools: simulated pools for FIDE 1982 12.3's drift checks and FESA's bonus
(rule 9). The properties asserted are derived here: a zero-sum update conserves the pool's
average exactly, the bonus raises it by exactly what was paid, rounding moves it by at most half
a point a player; single games are recomputed from table 8.1b (test_fide2014.pd) and the FESA
formulas written out with plain arithmetic."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from fide_by_hand import pd

from ratingkit.core.errors import InvalidValueError
from ratingkit.core.pool import table_expected_within
from ratingkit.notebook.plots.pools import plot_distribution, plot_drift
from ratingkit.services.pools import (
    FESA_POOL,
    FIDE_1982_POOL,
    FIDE_2014_POOL,
    PoolConfig,
    PoolRules,
    SimPlayer,
    drift_summary,
    game_change,
    pairings,
    simulate,
)

SMALL = PoolConfig(players=30, years=4, rounds=4, newcomers=0, seed=7, top=10)


def _constant_k(player, year) -> int:
    return 20


ZERO_SUM = PoolRules(
    "zero-sum",
    "K = 20, table 8.1b, no rounding",
    table_expected_within(400),
    _constant_k,
    round=None,
)


def test_table_expectation_is_symmetric():
    """PD(D) + PD(-D) = 1 for every difference: the premise of the conservation test."""
    expected = table_expected_within(400)
    for d in range(-800, 801, 7):
        assert (
            expected(Fraction(2000 + d), Fraction(2000))
            + expected(Fraction(2000), Fraction(2000 + d))
            == 1
        )


def test_constant_k_without_newcomers_conserves_the_average_exactly():
    """Each game gives K(s - E) to one side and K((1 - s) - (1 - E)) to the other: with one K
    for everybody, a symmetric expectation and no rounding, the pool's sum never moves."""
    run = simulate(ZERO_SUM, SMALL)
    start = run.mean(0)
    assert all(run.mean(year) == start for year in range(len(run.snapshots)))
    assert run.ratings(SMALL.years) != run.ratings(0)  # ratings did move


def test_rounding_moves_the_average_by_at_most_half_a_point_a_year():
    run = simulate(replace(ZERO_SUM, round=FIDE_2014_POOL.round), SMALL)
    for year in range(1, SMALL.years + 1):
        assert abs(run.mean(year) - run.mean(year - 1)) <= Fraction(1, 2)


def test_the_bonus_raises_the_pool_by_exactly_what_was_paid():
    """FESA rule 9 creates points: with a zero-sum game update the pool's sum grows each year
    by the bonus paid, so the average by bonus / players."""
    rules = replace(ZERO_SUM, bonus=FESA_POOL.bonus)
    config = replace(SMALL, mean=1500, sd=300)
    run = simulate(rules, config)
    for year in range(1, config.years + 1):
        grown = sum(p.rating for p in run.snapshots[year]) - sum(
            p.rating for p in run.snapshots[year - 1]
        )
        assert grown == run.bonus_paid[year] > 0
        assert run.mean(year) - run.mean(year - 1) == run.bonus_paid[year] / config.players


def test_bonus_is_rule_9_game_by_game():
    """(1800 - tr)/200 per game while fewer than 100 rated games; none from 1800 up."""
    player = SimPlayer("x", 1400, Fraction(1400), 30, 99, bonus_games=99)
    assert game_change(FESA_POOL, player, Fraction(1400), 0, 1).bonus == Fraction(400, 200)
    assert game_change(FESA_POOL, replace(player, bonus_games=100), Fraction(1400), 0, 1).bonus == 0
    rich = replace(player, rating=Fraction(1800), bonus_games=0)
    assert game_change(FESA_POOL, rich, Fraction(1400), 0, 1).bonus == 0


def test_counter_of_rule_9_stops_the_bonus_inside_a_period():
    """Rule 9 is checked game by game: each player is paid only for the games that bring his
    counter (bonus_games) up to 100, counted here from the starting counters."""
    # rule 9's bonus with its counter, which stops at 100 (FESA's pool says where)
    rules = replace(
        ZERO_SUM, bonus=FESA_POOL.bonus, bonus_games_counted=FESA_POOL.bonus_games_counted
    )
    # 40 players (even): everybody plays every one of the 8 rounds of the year.
    config = PoolConfig(players=40, years=1, rounds=8, newcomers=0, seed=3, mean=1500, sd=300)
    run = simulate(rules, config)
    start = run.snapshots[0]
    cut = [p for p in start if 0 < 100 - p.bonus_games < config.rounds and p.rating < 1800]
    assert cut, "the seed must give a player whose counter reaches 100 inside the year"
    expected = sum(
        min(config.rounds, max(0, 100 - p.bonus_games)) * max(Fraction(0), (1800 - p.rating) / 200)
        for p in start
    )
    assert run.bonus_paid[1] == expected
    assert {p.id: p.bonus_games for p in run.snapshots[1]} == {
        p.id: min(100, p.bonus_games + config.rounds) for p in start
    }


def test_fide_1982_game_uses_the_350_point_rule_and_k_25():
    """10.61: an opponent more than 350 points away counts as 350 away; 10.64: K = 25 before
    30 games."""
    player = SimPlayer("x", 2000, Fraction(2000), 30, 10)
    part = game_change(FIDE_1982_POOL, player, Fraction(2500), 1, 1)
    assert part.k == 25
    assert part.expected == pd(-350)
    assert part.change == 25 * (1 - pd(-350))
    established = replace(player, games=30)
    assert game_change(FIDE_1982_POOL, established, Fraction(2000), 0, 1).k == 15
    assert (
        game_change(FIDE_1982_POOL, replace(established, ever_2400=True), Fraction(2000), 0, 1).k
        == 10
    )


def test_fide_2014_game_uses_the_400_point_cap_and_k_40_for_juniors():
    """8.54: |D| > 400 counts as 400; 8.56: 40 under 18 (rating < 2300), 20, 10 from 2400."""
    junior = SimPlayer("j", 2000, Fraction(2000), 15, 100)
    part = game_change(FIDE_2014_POOL, junior, Fraction(2600), 1, 1)
    assert part.k == 40 and part.expected == pd(-400)
    assert part.change == 40 * (1 - pd(-400))
    adult = replace(junior, age=30)
    assert game_change(FIDE_2014_POOL, adult, Fraction(2000), 0, 1).k == 20
    assert (
        game_change(FIDE_2014_POOL, replace(adult, rating=Fraction(2400)), Fraction(2000), 0, 1).k
        == 10
    )


def test_fesa_upset_rule_a_replaces_a_smaller_win():
    """Rule (A): a win 200 points up gives k * 200 / 160 = 28 * 1.25 = 35 at tr 1500 (k = 28
    for 1280-1559), more than formula (1)'s 28 * (1 - 1/(1 + 10^(200/400))) = 21.3."""
    player = SimPlayer("x", 1500, Fraction(1500), 30, 200, bonus_games=100)
    part = game_change(FESA_POOL, player, Fraction(1700), 1, 1)
    formula = 28 * (1 - 1 / (1 + 10 ** (200 / 400)))
    assert 21.2 < formula < 21.3
    assert part.upset and part.change == 35
    small = game_change(FESA_POOL, player, Fraction(1550), 1, 1)  # d' = 8.75 < d
    assert not small.upset
    assert abs(float(small.change) - 28 * (1 - 1 / (1 + 10 ** (50 / 400)))) < 1e-9


def test_seeded_and_the_same_games_under_every_rule_set():
    one = simulate("fide-1982", SMALL)
    again = simulate("fide-1982", SMALL)
    other = simulate("fide-2014", SMALL)
    assert one.history.to_records() == again.history.to_records()
    # Outcomes depend on true strengths only: the same pool evolves under both rule sets.
    assert [[p.strength for p in s] for s in one.snapshots] == [
        [p.strength for p in s] for s in other.snapshots
    ]
    assert (
        simulate("fide-1982", replace(SMALL, seed=8)).history.to_records()
        != one.history.to_records()
    )


def test_cohort_and_top_are_the_12_3_checks():
    """12.3: a fixed cohort of established players aged 25-40, and the top players."""
    run = simulate("fide-2014", replace(SMALL, newcomers=3))
    start = {p.id: p for p in run.snapshots[0]}
    assert run.cohort == tuple(p for p, q in start.items() if 25 <= q.age <= 40 and q.games >= 30)
    last = run.snapshots[-1]
    best = sorted((p.rating for p in last), reverse=True)[:10]
    assert run.top_mean(len(run.snapshots) - 1) == sum(best) / Fraction(10)
    row = run.history.rows[-1]
    cohort = [p.rating for p in last if p.id in set(run.cohort)]
    assert row["cohort mean"] == float(sum(cohort) / Fraction(len(cohort)))
    assert row["players"] == SMALL.players + 3 * SMALL.years


def test_juniors_improve_and_adults_do_not():
    run = simulate("fide-2014", replace(SMALL, improvement=50))
    before = {p.id: p for p in run.snapshots[0]}
    after = {p.id: p for p in run.snapshots[1]}
    for pid, player in before.items():
        step = 50 if player.age < 21 else 0
        assert after[pid].strength == player.strength + step


def test_pairings_pair_each_player_once():
    import random

    pairs = pairings([str(i) for i in range(7)], random.Random(1))
    seen = [p for pair in pairs for p in pair]
    assert len(pairs) == 3 and len(set(seen)) == 6


def test_drift_summary_and_history_agree():
    runs = {name: simulate(name, SMALL) for name in ("fide-1982", "fesa")}
    summary = {r["rules"]: r for r in drift_summary(runs).rows}
    for name, run in runs.items():
        assert summary[name]["cohort drift"] == run.history.rows[-1]["cohort drift"]
    assert summary["fide-1982"]["bonus paid"] == 0


def test_bad_config_and_unknown_rules():
    with pytest.raises(InvalidValueError, match="players"):
        PoolConfig(players=0)
    with pytest.raises(InvalidValueError, match="'elo'"):
        simulate("elo", SMALL)


def test_plots_draw_one_line_per_run_and_one_histogram_per_year():
    runs = {name: simulate(name, SMALL) for name in ("fide-1982", "fide-2014")}
    ax = plot_drift(runs, "top mean")
    assert [
        line.get_label() for line in ax.get_lines() if not line.get_label().startswith("_")
    ] == [
        "fide-1982",
        "fide-2014",
    ]
    assert list(ax.get_lines()[0].get_ydata()) == runs["fide-1982"].history.column("top mean")
    ax = plot_distribution(runs["fide-1982"], [0, 4])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["year 0", "year 4"]


# -- the pools are the rule sets' own formulas --------------------------------------------------


def test_a_pool_takes_the_rule_sets_own_parameters():
    """The pools are made from the rule sets: a FIDE 2014 rule set with another cap counts an
    opponent 600 points up as that many points up (8.54's parameter); a FESA rule set that
    rounds halves up rounds a period's +2.5 to 3 where FESA's half-even gives 2."""
    from ratingkit.fesa import FESA
    from ratingkit.fide.rules2014 import FIDE_2014

    player = SimPlayer("x", 2000, Fraction(2000), 30, 100)
    narrower = replace(FIDE_2014, cap=350).pool_rules()
    assert game_change(narrower, player, Fraction(2600), 1, 1).expected == pd(-350)
    assert game_change(FIDE_2014_POOL, player, Fraction(2600), 1, 1).expected == pd(-400)
    assert FESA_POOL.round(Fraction(5, 2)) == 2
    assert replace(FESA, rounding="half-up").pool_rules().round(Fraction(5, 2)) == 3


def test_pool_titles_name_the_clauses():
    assert FIDE_1982_POOL.title == "FIDE 1982: K 25/15/10 (10.64), 350-point rule (10.61)"
    assert FIDE_2014_POOL.title == "FIDE 2014: K 40/20/10 (8.56), 400-point cap (8.54)"


def test_year_stats_are_the_history_as_values():
    """Each year's 12.3 checks as typed values: the history's rows are their view, and a
    measure is read by its column's name."""
    run = simulate("fide-2014", SMALL)
    assert [s.year for s in run.years] == list(range(SMALL.years + 1))
    for stats, row in zip(run.years, run.history.rows, strict=True):
        assert stats.top_mean == float(run.top_mean(stats.year)) == row["top mean"]
        assert stats.cohort_drift == row["cohort drift"]
    assert run.series("bonus paid") == [0.0] * (SMALL.years + 1)
    with pytest.raises(InvalidValueError, match="'elo drift'"):
        run.series("elo drift")
