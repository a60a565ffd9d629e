"""The typed outcome of FIDE's rule sets since 2014 (``report.outcome``): statuses, K and its
rule, the cap and the unrated-opponent exclusions as Rule values, each event's own part keyed
by position and content, check's findings.  Expected numbers come from the seed's tables
(tests/fide_by_hand.py) with plain arithmetic, as in test_fide2014, never from ratingkit."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pandas as pd
import pytest
from conftest import DATA
from fide_by_hand import dp, half_away
from fide_by_hand import pd as table_pd
from test_fide2014 import STATE, _event, _swiss_with_unrated

from ratingkit import rate_period
from ratingkit.core.model import EventType
from ratingkit.core.outcome import EventKey, GameRef, NoteKind, Rule, Status
from ratingkit.core.report import CheckTable
from ratingkit.fide.outcome import FideGame, FidePlayer
from ratingkit.fide.rules2014 import FIDE_2014
from ratingkit.fide.rules2024 import FIDE_2024
from ratingkit.formats.trf import read_trf


def test_rated_player_k_its_rule_and_the_numbers_of_8_55():
    event = _event(
        [("a", 2000), ("b", 1900), ("c", 2100), ("d", 2000)],
        [(1, "a", "b", 1.0), (2, "c", "a", 0.5), (3, "a", "d", 0.0)],
    )
    outcome = FIDE_2014.rate(event, STATE).outcome
    a = outcome.player("a")
    expected = (1 - table_pd(100)) + (Fraction(1, 2) - table_pd(-100)) + (0 - table_pd(0))
    assert a.status is Status.RATED
    assert isinstance(a.detail, FidePlayer)
    assert a.detail.k == 20 and a.detail.k_rule == Rule("8.56", "rating under 2400")
    assert a.detail.k_change == 20 * expected == a.change
    assert a.detail.w_minus_we == expected
    assert (a.detail.n, a.detail.w) == (3, Fraction(3, 2))
    assert a.detail.rc == Fraction(1900 + 2100 + 2000, 3)
    assert a.rating_after == 2000 + half_away(20 * expected) and a.delta == half_away(20 * expected)
    assert "K=20 (8.56: rating under 2400)" in a.detail.explain()


def test_the_cap_is_a_rule_on_the_game_and_in_explain():
    # Player 1 of the example Swiss (2558) met 1895, 2079 and 2149: 663, 479, 409 > 400.
    report = FIDE_2014.rate(read_trf(DATA / "fide-example1.trf"))
    outcome = report.outcome
    games = [g for g in outcome.games_of("1") if g.rated]
    capped = [g for g in games if g.detail.capped is not None]
    assert sorted(g.detail.d_uncapped for g in capped) == [409, 479, 663]
    assert all(g.detail.capped == Rule("8.54", "D capped at 400") for g in capped)
    assert all(g.detail.d == 400 and g.detail.pd == table_pd(400) for g in capped)
    assert all(g.reason == Rule("8.54", "D capped at 400") for g in capped)
    one = outcome.player("1").detail
    assert one.games_capped == 3 and one.k == 10
    assert "400-point cap (8.54) in 3 games" in one.explain()


def test_unrated_opponents_not_rated_8_52_and_the_statuses_of_8_2():
    outcome = FIDE_2014.rate(_swiss_with_unrated((1.0, 1.0, 0.5)), STATE).outcome
    u = outcome.player("u")
    # Ru by 8.23, but 3 games: below the 5 of 7.14, not published.
    assert u.status is Status.NOT_PUBLISHED and u.rating_after is None
    rc = Fraction(2100 + 2000 + 1900, 3)
    assert u.detail.rc == rc and u.detail.ru == 2000 + 20 * 2
    assert u.rating_before is None and u.delta is None
    b = outcome.player("b")
    assert b.detail.n == 0 and b.change == 0
    rule = Rule("8.52", "opponent unrated (only round robins rate these games)")
    assert b.detail.not_rated == ((rule, 1),)
    assert "1 game not rated (8.52: opponent unrated" in b.detail.derivation()
    side = next(g for g in outcome.games_of("b"))
    assert side.rated is False and side.reason == rule
    # v (unrated) met only unrated u: no rated opponent, no Ru (8.21a).
    assert outcome.player("v").status is Status.NOT_RATED
    zero = FIDE_2014.rate(_swiss_with_unrated((0.0, 0.0, 0.0)), STATE).outcome
    assert zero.player("u").status is Status.NOT_RATED and zero.player("u").detail.not_counted


def test_a_first_rating_below_5_games_is_not_published():
    event = _event(
        [("u", None), ("b", 2100), ("c", 2000)], [(1, "u", "b", 1.0), (2, "u", "c", 0.5)]
    )
    u = FIDE_2014.rate(event, STATE).outcome.player("u")
    assert u.status is Status.NOT_PUBLISHED and u.rating_after is None
    assert u.detail.status_text == "not published: 2 of 5 games"


def test_same_named_events_in_one_period_have_their_own_keys_and_numbers():
    # Two events named "test" (tests/test_fide2014 _event): a beats b in the first, loses to
    # c in the second; each event's own K * (w - We) from table 8.1b.
    first = _event([("a", 2000), ("b", 1900)], [(1, "a", "b", 1.0)])
    second = _event([("a", 2000), ("c", 2100)], [(1, "a", "c", 0.0)], start=date(2015, 7, 1))
    report = FIDE_2014.rate_events([first, second], STATE)
    outcome = report.outcome
    one, two = outcome.events
    assert one.key.name == two.key.name == "test"
    assert one.key != two.key and (one.key.position, two.key.position) == (0, 1)
    assert one.key == EventKey.of(first, 0) and two.key == EventKey.of(second, 1)
    a1 = next(p for p in one.players if p.id == "a").detail
    a2 = next(p for p in two.players if p.id == "a").detail
    assert a1.k_change == 20 * (1 - table_pd(100))
    assert a2.k_change == 20 * (0 - table_pd(-100))
    assert {g.event for g in outcome.games} == {one.key, two.key}
    assert {p.detail.person for p in one.players} == {"a", "b"}  # the period's row ids
    # The period's total is the sum of the events' own numbers, rounded once (8.57).
    a = outcome.player("a")
    assert a.change == a1.k_change + a2.k_change
    assert a.rating_after == 2000 + half_away(a1.k_change + a2.k_change)
    assert a.detail.events == 2 and a.detail.list_rating == 2000


def test_period_first_rating_over_two_events_8_3():
    first = _event(
        [("u", None), ("b", 2100), ("c", 2000)], [(1, "u", "b", 1.0), (2, "u", "c", 0.0)]
    )
    second = _event(
        [("u", None), ("d", 1800), ("e", 1900), ("f", 1700)],
        [(1, "u", "d", 0.0), (2, "u", "e", 0.0), (3, "u", "f", 0.5)],
    )
    outcome = FIDE_2014.rate_events([first, second], STATE).outcome
    u = outcome.player("u")
    rc = Fraction(2100 + 2000 + 1800 + 1900 + 1700, 5)
    assert u.status is Status.FIRST_RATING
    assert u.detail.rc == rc and u.rating_after == half_away(rc + dp(Fraction(3, 2), 5)) == 1751
    notes = [n for n in outcome.notes if n.rule is not None and n.rule.clause == "8.3"]
    assert len(notes) == 1 and notes[0].players == ("u",) and notes[0].kind is NoteKind.RULE


def test_check_findings_carry_the_rules():
    table = FIDE_2014.check(_swiss_with_unrated((1.0, 0.5, 0.0)), STATE)
    assert isinstance(table, CheckTable)
    rules = {f.rule.clause: f for f in table.findings}
    assert rules["8.52"].rule == Rule(
        "8.52", "opponent unrated (only round robins rate these games)"
    )
    assert len(rules["8.52"].games) == 3 and rules["8.52"].breaks_validity is False
    assert rules["8.21a"].games == (GameRef(4, "u", "v"),)
    # The view's rows are the findings' (the rule's clause).
    assert [row["rule"] for row in table.rows] == [f.rule.clause for f in table.findings]


def test_check_rate_of_play_findings_break_validity():
    event = _event([("a", 2450), ("b", 2000)], [(1, "a", "b", 0.5)], start=date(2025, 6, 1))
    from dataclasses import replace

    event = replace(event, extra={"minutes": 90})
    table = FIDE_2024.check(event, STATE)
    finding = next(f for f in table.findings if f.rule.clause == "1.1")
    assert finding.breaks_validity and finding.games == (GameRef(1, "a", "b"),)


def test_k_defaults_are_notes_naming_the_players():
    event = _event([("a", 2000), ("b", 1900)], [(1, "a", "b", 1.0)])
    outcome = FIDE_2014.rate(event).outcome
    defaults = outcome.notes_of(NoteKind.DEFAULT)
    games = next(n for n in defaults if "no games count" in n.text)
    assert set(games.players) == {"a", "b"}
    assert outcome.player("a").detail.k_assumed[0] == "no games count: taken as 30 or more"


def test_round_robin_iteration_is_in_the_event_detail():
    event = _event(
        [("u", None), ("a", 2000), ("b", 2100), ("c", 1900)],
        [
            (1, "u", "a", 1.0),
            (2, "u", "b", 0.5),
            (3, "u", "c", 0.5),
            (1, "b", "c", 0.5),
            (2, "a", "c", 0.5),
            (3, "a", "b", 0.5),
        ],
        kind=EventType.ROUND_ROBIN,
    )
    outcome = FIDE_2014.rate(event, STATE).outcome
    detail = outcome.detail
    assert detail.event_type is EventType.ROUND_ROBIN and detail.converged
    first_pass = next(p for p in detail.passes if p.pass_number == 1 and p.id == "u")
    # 8.21b pass 1: Rar and dpa over the rated players a (1 of 3), b and c (1.5 of 3 each).
    dpa = Fraction(dp(Fraction(1), 3) + 2 * dp(Fraction(3, 2), 3), 3)
    assert dpa == Fraction(-125, 3)
    assert first_pass.rar == Fraction(2000 + 2100 + 1900, 3) and first_pass.dpa == dpa


def test_the_vectorised_period_fills_the_outcome():
    players = pd.DataFrame({"id": ["a", "b", "u"], "rating": [2000, 2500, None]})
    games = pd.DataFrame({"white": ["a", "a"], "black": ["b", "u"], "result": [1.0, 1.0]})
    report = rate_period(games, players, on=date(2025, 1, 1))
    outcome = report.outcome
    a = outcome.player("a")
    # D = 2000 - 2500 = -500, capped at -400 (8.54): PD 0.08; the game against u is not
    # rated (8.52).
    assert a.detail.k == 20 and a.change == 20 * (1 - table_pd(-400))
    assert a.detail.games_capped == 1
    assert a.detail.not_rated == (
        (Rule("8.52", "opponent unrated (only round robins rate these games)"), 1),
    )
    assert outcome.player("u").status is Status.NOT_RATED  # 0 against a rated player: 8.21
    sides = [g for g in outcome.games if g.player == "a"]
    assert isinstance(sides[0].detail, FideGame) and sides[0].detail.capped == Rule(
        "8.54", "D capped at 400"
    )
    assert len(outcome.events) == 1 and outcome.events[0].key.name == "rating period"
    assert report["a"]["K*(w-We)"] == a.detail.k_change


def test_explain_reads_as_the_comparison_has_always_explained_a_fide_row():
    from ratingkit.services.compare import explain

    report = FIDE_2014.rate(read_trf(DATA / "fide-example1.trf"))
    for player in report.outcome.players:
        if not player.detail.not_rated:
            assert explain(player) == player.detail.explain()
            if player.status is Status.RATED:
                # the words the comparison has always shown (tests/test_compare.py pins them)
                assert player.detail.explain().startswith(f"K={player.detail.k} (8.5")


def test_the_outcomes_round_trip_through_the_ledger_codec():
    codec = pytest.importorskip("ratingkit.core.outcome_codec")
    swiss = read_trf(DATA / "fide-example1.trf")
    rr = _event(
        [("u", None), ("a", 2000), ("b", 2100)],
        [(1, "u", "a", 1.0), (2, "u", "b", 0.5), (3, "a", "b", 0.5)],
        kind=EventType.ROUND_ROBIN,
    )
    outcomes = [
        FIDE_2014.rate(rr, STATE).outcome,
        FIDE_2024.rate(swiss).outcome,
        FIDE_2014.rate_events([rr, rr], STATE).outcome,
    ]
    players = pd.DataFrame({"id": ["a", "b", "u"], "rating": [2000, 2500, None]})
    games = pd.DataFrame({"white": ["a", "a"], "black": ["b", "u"], "result": [1.0, 1.0]})
    outcomes.append(rate_period(games, players, on=date(2025, 1, 1)).outcome)
    for outcome in outcomes:
        back = codec.loads(codec.dumps(outcome))
        assert back == outcome and back.events == outcome.events
        assert back.new_state == outcome.new_state
