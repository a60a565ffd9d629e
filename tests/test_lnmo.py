"""The LNMO club rule set (seed 004), a test per rule.  Every expected number is recomputed in
the test from the seed's tables (copied below from the seed, not from ratingkit)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from conftest import ROOT

from ratingkit.core.errors import InvalidValueError, RatingkitError
from ratingkit.core.model import Event, Game, Handicap, Player, Special
from ratingkit.core.players import parse_player_csv, write_player_csv
from ratingkit.formats import read_event
from ratingkit.lnmo import (
    LNMO,
    LnmoRules,
    bonus_threshold,
    change_for,
    change_table,
    grade_for_rating,
    handicap_grade,
    kinte_limit,
    kyu,
    parse_grade,
    qualification_ladder,
)
from ratingkit.registry import get_rule_set

# The seed's table 1 and rule 2, typed from seed 004.
SEED_TABLE_1 = {7: 1100, 8: 1000, 9: 900, 10: 800, 11: 700, 12: 600}
SEED_TABLE_1.update({13: 500, 14: 400, 15: 300, 16: 200, 17: 100, 18: 0})
SEED_STRONGER = {0: 16, 1: 12, 2: 8, 3: 4, 4: 1}  # D > 4: 0
SEED_WEAKER = {1: 20, 2: 24, 3: 28, 4: 31}  # D > 4: 32

DAY = date(2010, 9, 2)


def seed_change(winner_kyu: int, loser_kyu: int) -> int:
    d = abs(winner_kyu - loser_kyu)
    if winner_kyu <= loser_kyu:
        return SEED_STRONGER.get(d, 0)
    return SEED_WEAKER.get(d, 32)


def roster(**grades) -> list[Player]:
    """Players from id=grade or id=(grade, rating) or id=("fesa", grade)."""
    players = []
    for pid, value in grades.items():
        extra: dict[str, object] = {}
        rating = None
        if isinstance(value, tuple) and value[0] == "fesa":
            extra["prior_grade"] = value[1]
        elif isinstance(value, tuple):
            extra["grade"], rating = value
        else:
            extra["grade"] = value
        players.append(Player(pid, pid.title(), rating=rating, extra=extra))
    return players


def game(n, white, black, result="1-0", *, when=DAY, event="Evening", rnd=None, **extra):
    white_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    special = {"sennichite": Special.SENNICHITE, "jishogi": Special.JISHOGI_REPLAYED}.get(result)
    handicap = extra.pop("handicap", None)
    giver = extra.pop("giver", white)
    return Game(
        n,
        white,
        black,
        white_score,
        1.0 - white_score,
        special=special,
        handicap=Handicap(handicap, giver) if handicap else None,
        date=when,
        extra={"event": event, "event_round": rnd or n, **{k: str(v) for k, v in extra.items()}},
    )


def rate(players, games, rules=LNMO, state=None):
    return rules.rate(Event("club", tuple(players), tuple(games)), state)


def outcome_of(players, games, rules=LNMO, state=None):
    """What the rules compute (the typed outcome), for the tests of numbers."""
    return rules.outcome(Event("club", tuple(players), tuple(games)), state)


# -- rule 1: table 1 -------------------------------------------------------------------------


def test_rule_1_grade_rating_table_matches_the_seed():
    for k, rating in SEED_TABLE_1.items():
        assert kyu(k).table_rating == rating
        assert grade_for_rating(rating) == kyu(k)
        assert grade_for_rating(rating - 1) == kyu(min(k + 1, 18))


def test_rule_1_grades_that_do_not_exist_are_refused():
    assert parse_grade("12 kyu") == kyu(12) and parse_grade("20 кю") == kyu(20)
    for text in ("6 kyu", "21 kyu", "1 dan", "twelve"):
        with pytest.raises(InvalidValueError, match="grade"):
            parse_grade(text)
    assert parse_grade("1 dan", fesa=True).label == "FESA 1 dan"


# -- rule 2: the change table ----------------------------------------------------------------


def test_rule_2_change_table_is_the_seeds():
    for d, value in SEED_STRONGER.items():
        assert change_for(d, stronger_won=True) == value
    for d, value in SEED_WEAKER.items():
        assert change_for(d, stronger_won=False) == value
    assert change_for(5, True) == 0 and change_for(9, True) == 0
    assert change_for(5, False) == 32 and change_for(13, False) == 32
    table = change_table()
    assert table.rows[12 - 7]["15 kyu"] == seed_change(12, 15)  # stronger wins, D=3: 4
    assert table.rows[15 - 7]["12 kyu"] == seed_change(15, 12)  # weaker wins, D=3: 28


@pytest.mark.parametrize(("winner", "loser"), [(12, 12), (12, 14), (14, 12), (9, 16), (16, 9)])
def test_rule_2_winner_gains_and_loser_loses_the_table_value(winner, loser):
    result = outcome_of(
        roster(w=f"{winner} kyu", lo=f"{loser} kyu"),
        [game(1, "w", "lo")],
        rules=LnmoRules(name="probe"),
    )
    value = seed_change(winner, loser)
    threshold = 20 + 3 * 1
    gain = 2 * value if value > threshold else value  # rule 2b, one round
    assert result.player("w").change == gain
    assert result.player("w").rating_after == SEED_TABLE_1[winner] + gain
    assert result.player("lo").change == -value
    (side,) = result.games_of("w")
    assert side.detail.difference == abs(winner - loser) and side.detail.table == value


def test_rule_2_a_plain_draw_changes_nothing_and_says_why():
    report = rate(roster(a="12 kyu", b="14 kyu"), [game(1, "a", "b", "1/2-1/2")])
    assert report.outcome.player("a").change is None
    assert report.games.rows[0]["reason"].startswith("draw: a shogi game is won")


def test_rule_2a_sennichite_and_jishogi_change_nothing():
    report = rate(
        roster(a="12 kyu", b="14 kyu"),
        [game(1, "a", "b", "sennichite"), game(2, "b", "a", "jishogi")],
    )
    assert (
        report.outcome.player("a").change is None and report.outcome.player("a").rating_after == 600
    )
    reasons = [r["reason"] for r in report.games.rows]
    assert reasons.count("sennichite: no change (2a)") == 2
    assert reasons.count("jishogi: no change (2a)") == 2


# -- rule 2b: the event bonus ----------------------------------------------------------------


def test_rule_2b_a_gain_above_20_plus_3_rounds_is_doubled():
    # 14 kyu beats two 13 kyu players (weaker wins, D=1) in a 3-round event.
    players = roster(a="14 kyu", b="13 kyu", c="13 kyu", d="14 kyu")
    games = [game(1, "a", "b"), game(2, "a", "c"), game(3, "d", "b")]
    a = outcome_of(players, games).player("a")
    gain = SEED_WEAKER[1] * 2
    assert gain > bonus_threshold(3) == 20 + 3 * 3
    assert a.change == 2 * gain
    assert a.detail.bonus == gain
    report = rate(players, games)
    assert "bonus doubled" in report["a"]["why"]
    event_row = next(r for r in report.section("events").rows if r["player"] == "a")
    assert (event_row["threshold"], event_row["gain"]) == (29, gain)


def test_rule_2b_a_gain_equal_to_the_threshold_and_losses_are_not_doubled():
    # 16 (D=0) + 12 (stronger, D=1) + 1 (stronger, D=4) = 29 = 20 + 3 * 3: not above.
    result = outcome_of(
        roster(a="12 kyu", b="12 kyu", c="13 kyu", d="16 kyu"),
        [game(1, "a", "b"), game(2, "a", "c"), game(3, "a", "d")],
    )
    gain = SEED_STRONGER[0] + SEED_STRONGER[1] + SEED_STRONGER[4]
    assert gain == bonus_threshold(3)
    assert result.player("a").change == gain and result.player("a").detail.bonus == 0
    assert result.player("d").change == -SEED_STRONGER[4]
    loser = outcome_of(
        roster(a="12 kyu", b="16 kyu", c="15 kyu"),
        [game(1, "b", "a"), game(2, "c", "a")],
    )
    assert loser.player("a").change == -(SEED_WEAKER[4] + SEED_WEAKER[3])


# -- rule 1a: promotion ----------------------------------------------------------------------


def test_rule_1a_promotion_on_reaching_the_grade_rating():
    report = rate(roster(a=("12 kyu", 690), b="12 kyu"), [game(1, "a", "b")])
    assert 690 + SEED_STRONGER[0] >= SEED_TABLE_1[11]
    assert report.outcome.player("a").detail.grade_after.label == "11 kyu"
    assert report.section("promotions").rows[0]["how"].startswith("rating 706 reached 700")
    short = rate(roster(a=("12 kyu", 680), b="12 kyu"), [game(1, "a", "b")])
    assert 680 + 16 < 700 and short.outcome.player("a").detail.grade_after.label == "12 kyu"


def test_rule_1a_promotion_applies_after_the_bonus():
    # 12 kyu at 650 beats two 11 kyu players (weaker, D=1): 40 > 26 -> doubled to 80: 730.
    a = outcome_of(
        roster(a=("12 kyu", 650), b="11 kyu", c="11 kyu", d="12 kyu"),
        [game(1, "a", "b"), game(2, "a", "c"), game(2, "d", "b")],
    ).player("a")
    assert a.rating_after == 650 + 2 * (2 * SEED_WEAKER[1])
    assert a.detail.grade_after == kyu(11)


def test_rule_1a_qualification_win_promotes_to_the_grade_of_the_handicap():
    players = roster(dk=("fesa", "1 dan"), a=("11 kyu", 720))
    report = rate(players, [game(1, "dk", "a", "0-1", handicap="RB", kind="qualification")])
    assert report.outcome.player("a").detail.grade_after.label == "10 kyu"
    # D = 1 dan (rank 0) - 11 kyu (rank -11) = 11 > 4: the weaker wins 32; raised to 800.
    assert report.outcome.player("a").change == SEED_WEAKER.get(11, 32)
    assert 720 + 32 < 800 and report.outcome.player("a").rating_after == SEED_TABLE_1[10]
    assert "qualification game won at RB" in report.section("promotions").rows[0]["how"]
    kept = rate(
        players,
        [game(1, "dk", "a", "0-1", handicap="RB", kind="qualification")],
        rules=LnmoRules(name="probe", raise_rating_on_qualification=False),
    )
    assert kept["a"]["rating_after"] == 720 + 32


def test_rule_1a_the_candidate_may_move_first_and_a_kinte_loss_is_a_lost_attempt():
    players = roster(dk=("fesa", "1 dan"), a="11 kyu")
    won = rate(
        players, [game(1, "a", "dk", "1-0", handicap="RB", giver="dk", kind="qualification")]
    )
    assert won.outcome.player("a").detail.grade_after.label == "10 kyu"
    # 11 kyu: the second illegal move loses (5), whatever the board said.
    lost = rate(
        players,
        [game(1, "a", "dk", "1-0", handicap="RB", giver="dk", kind="qualification", kinte_white=2)],
    )
    assert lost.outcome.player("a").detail.grade_after.label == "11 kyu"
    assert lost.outcome.player("a").change == -SEED_STRONGER.get(
        11, 0
    )  # D = 11: the stronger won, 0


def test_rule_1a_ladder_has_the_seeds_handicaps_and_13_kyu_unknown():
    ladder = {r["grade"]: r["handicap"] for r in qualification_ladder().rows}
    assert ladder["7 kyu"] == "B" and ladder["8 kyu"] == "R" and ladder["9 kyu"] == "RL"
    assert ladder["10 kyu"] == "RB" and ladder["11 kyu"] == "RBLL"
    assert ladder["12 kyu"] == "RBLLNN" and ladder["14 kyu"] == "(SGKG)"
    assert ladder["15 kyu"] == "(GKG)" and ladder["16 kyu"] == "(GK)" and ladder["17 kyu"] == "(K)"
    assert ladder["13 kyu"] == "unknown"
    assert ladder["19 kyu"] == "no game" and ladder["20 kyu"] == "no game"
    assert list(ladder) == [f"{k} kyu" for k in range(20, 6, -1)]
    # The seed writes 12 kyu also as what the giver keeps: (SGKGS).
    assert handicap_grade("(SGKGS)") == 12 and handicap_grade("gk g") == 15


def test_rule_1a_13_kyu_qualification_is_reported_unknown_not_invented():
    players = roster(dk=("fesa", "1 dan"), a="14 kyu")
    with pytest.raises(InvalidValueError, match="no qualification handicap for 13 kyu"):
        rate(players, [game(1, "dk", "a", "0-1", kind="qualification")])


def test_rule_1a_a_handicap_for_a_grade_already_held_is_refused():
    players = roster(dk=("fesa", "1 dan"), a="10 kyu")
    with pytest.raises(InvalidValueError, match="already holds 10 kyu"):
        rate(players, [game(1, "dk", "a", "0-1", handicap="RBLL", kind="qualification")])
    with pytest.raises(InvalidValueError, match="not a qualification handicap"):
        rate(players, [game(1, "dk", "a", "0-1", handicap="L", kind="qualification")])


# -- rule 1b: waits between qualification games -----------------------------------------------


def _qualification(n, when, result):
    return game(n, "dk", "a", result, when=when, handicap="(GKG)", kind="qualification")


@pytest.mark.parametrize(("first", "wait", "ok"), [("1-0", 2, False), ("1-0", 3, True)])
def test_rule_1b_three_days_after_a_lost_qualification_game(first, wait, ok):
    players = roster(dk=("fesa", "1 dan"), a="16 kyu")
    games = [_qualification(1, DAY, first), _qualification(2, DAY + timedelta(wait), "0-1")]
    if ok:
        assert rate(players, games)["a"]["grade_after"] == "15 kyu"
    else:
        with pytest.raises(InvalidValueError, match=r"too soon.*allowed from 2010-09-05"):
            rate(players, games)


def test_rule_1b_a_drawn_qualification_game_is_not_won():
    players = roster(dk=("fesa", "1 dan"), a="16 kyu")
    games = [_qualification(1, DAY, "sennichite"), _qualification(2, DAY + timedelta(2), "0-1")]
    with pytest.raises(InvalidValueError, match="too soon"):
        rate(players, games)
    report = rate(players, games[:1])
    assert report.outcome.player("a").detail.grade_after.label == "16 kyu"
    assert any("not won, so the next try waits 3 days" in n for n in report.notes)


def test_rule_1b_the_next_day_after_a_won_one():
    players = roster(dk=("fesa", "1 dan"), a="17 kyu")
    won = game(1, "dk", "a", "0-1", handicap="(GK)", kind="qualification")
    same_day = game(2, "dk", "a", "0-1", handicap="(GKG)", kind="qualification")
    with pytest.raises(InvalidValueError, match="too soon"):
        rate(players, [won, same_day])
    next_day = game(2, "dk", "a", "0-1", when=DAY + timedelta(1), handicap="(GKG)",
                    kind="qualification")  # fmt: skip
    assert rate(players, [won, next_day])["a"]["grade_after"] == "15 kyu"


# -- rule 3: initial ratings, 3a first event, 3b rating from 17 kyu -----------------------------


def test_rule_3_initial_rating_from_the_grade_and_3a_first_rated_event():
    report = rate(
        roster(a="9 kyu", b="9 kyu"),
        [game(1, "a", "b", when=date(2010, 8, 18)), game(2, "b", "a", when=date(2010, 8, 19))],
    )
    assert report.outcome.player("a").rating_before == SEED_TABLE_1[9]
    assert (
        report.outcome.player("b").change == SEED_STRONGER[0]
    )  # only the game of 19 August counts
    assert "before the first rated event 2010-08-19 (3а)" in report.games.rows[0]["reason"]
    assert any("initial rating from table 1" in n for n in report.notes)


def test_rule_3b_no_rating_below_17_kyu_but_the_opponent_is_rated():
    report = rate(roster(a="18 kyu", b="17 kyu"), [game(1, "a", "b")])
    assert (
        report.outcome.player("a").rating_before is None
        and report.outcome.player("a").rating_after is None
    )
    assert report.outcome.player("b").change == -SEED_WEAKER[1]
    issued = rate(
        roster(dk=("fesa", "1 dan"), a="18 kyu"),
        [game(1, "dk", "a", "0-1", handicap="(K)", kind="qualification")],
    )
    assert issued.outcome.player("a").detail.grade_after.label == "17 kyu"
    assert issued.outcome.player("a").rating_after == SEED_TABLE_1[17]


def test_rule_3b_a_rating_below_17_kyu_is_refused():
    with pytest.raises(InvalidValueError, match="issued from 17 kyu"):
        rate(roster(a=("18 kyu", 50), b="17 kyu"), [game(1, "a", "b")])


# -- rule 4: agreed beforehand; 4a handicap games ------------------------------------------------


def test_rule_4_only_agreed_games_are_rated_and_the_default_is_printed():
    players = roster(a="12 kyu", b="12 kyu")
    report = rate(players, [game(1, "a", "b", agreed="no")])
    assert (
        report.outcome.player("a").change is None
        and report.games.rows[0]["reason"] == "not agreed (4)"
    )
    default = rate(players, [game(1, "a", "b")])
    assert default.outcome.player("a").change == SEED_STRONGER[0]
    assert any("no 'agreed' column: 1 game(s) taken as agreed=yes" in n for n in default.notes)
    strict = rate(players, [game(1, "a", "b")], rules=LnmoRules(name="p", agreed_by_default=False))
    assert strict.outcome.player("a").change is None


def test_rule_4a_handicap_games_rated_only_in_handicap_events_and_qualification():
    players = roster(a="10 kyu", b="14 kyu")
    outside = rate(players, [game(1, "a", "b", handicap="R")])
    assert outside.outcome.player("a").change is None
    assert outside.games.rows[0]["reason"] == "handicap outside handicap event (4a)"
    inside = rate(players, [game(1, "a", "b", handicap="R", kind="handicap")])
    assert inside.outcome.player("a").change == SEED_STRONGER[4]


# -- rule 5: illegal moves -----------------------------------------------------------------------


@pytest.mark.parametrize(("grade", "limit"), [(7, 1), (9, 1), (10, 2), (14, 2), (15, 3), (20, 3)])
def test_rule_5_the_losing_illegal_move_by_grade(grade, limit):
    assert kinte_limit(kyu(grade)) == limit


def test_rule_5_a_kinte_loss_overrides_the_board_result():
    # 14 kyu's second illegal move loses; the record says he won on the board.
    report = rate(roster(a="14 kyu", b="12 kyu"), [game(1, "a", "b", "1-0", kinte_white=2)])
    assert report.outcome.player("a").change == -SEED_STRONGER[2]
    assert "kinte loss: a 2 of 2 (5)" in report.games.rows[0]["reason"]
    kept = rate(roster(a="15 kyu", b="12 kyu"), [game(1, "a", "b", "1-0", kinte_white=2)])
    assert kept.outcome.player("a").change == 2 * SEED_WEAKER[3]  # 28 > 23: doubled (2b)


def test_rule_5_both_players_at_their_losing_count_is_refused():
    with pytest.raises(InvalidValueError, match="both players reached"):
        rate(roster(a="9 kyu", b="9 kyu"), [game(1, "a", "b", kinte_white=1, kinte_black=1)])


# -- rule 6: a FESA grade --------------------------------------------------------------------


def test_rule_6_a_fesa_grade_replaces_the_lnmo_record():
    players = parse_player_csv(
        "id,name,grade,rating,prior_grade\na,A,9 kyu,950,3 kyu\nb,B,8 kyu,,\n"
    )
    report = rate(roster(a="9 kyu", b="8 kyu"), [game(1, "a", "b")], state=players)
    assert (
        report.outcome.player("a").detail.grade_before.label == "FESA 3 kyu"
        and report.outcome.player("a").rating_after is None
    )
    # D = 8 kyu - FESA 3 kyu = 5 grades: the stronger wins 0.
    assert report.outcome.player("b").change == -SEED_STRONGER.get(5, 0)
    assert any("rule 6" in n for n in report.notes)


# -- seasons -------------------------------------------------------------------------------------


def test_events_are_rated_in_date_order_with_the_grades_they_began_with():
    players = roster(a=("12 kyu", 690), b="12 kyu", c="11 kyu")
    later = game(2, "a", "c", when=DAY + timedelta(7), event="Evening 2", rnd=1)
    report = rate(players, [later, game(1, "a", "b", rnd=1)])
    # Evening 1: +16 -> 706, 11 kyu; Evening 2 then meets 11 kyu at D=0: +16.
    assert report.outcome.player("a").rating_after == 690 + 16 + 16
    assert report.summary["games rated"] == 2 and report.summary["events"] == 2
    assert [g.detail.difference for g in report.outcome.games if g.player == "a"] == [0, 0]


def test_a_season_replays_from_new_state():
    players = roster(dk=("fesa", "1 dan"), a="16 kyu", b="16 kyu")
    first = [_qualification(1, DAY, "1-0"), game(2, "a", "b", when=DAY, event="E1", rnd=1)]
    second = [game(3, "b", "a", when=DAY + timedelta(7), event="E2", rnd=1)]
    whole = rate(players, first + second)
    part = rate(players, first)
    state = parse_player_csv(write_player_csv(part.new_state))
    replay = LNMO.rate(Event("club", tuple(players), tuple(second)), state)
    assert (
        replay.outcome.player("a").rating_after
        == whole.outcome.player("a").rating_after
        == 200 + 16 - 16
    )
    record = {r.id: r for r in part.new_state}["a"]
    assert record.extra["last_qualification"] == "2010-09-02"
    assert record.extra["last_qualification_result"] == "lost"
    too_soon = [_qualification(4, DAY + timedelta(2), "0-1")]
    with pytest.raises(InvalidValueError, match="too soon"):
        LNMO.rate(Event("club", tuple(players), tuple(too_soon)), state)


def test_a_rating_at_or_below_zero_survives_the_player_file():
    players = roster(a=("17 kyu", 10), b="17 kyu")
    report = rate(players, [game(1, "b", "a")])
    assert report.outcome.player("a").rating_after == 10 - 16
    state = parse_player_csv(write_player_csv(report.new_state))
    # The next evening's roster gives no rating: the state's (one rating before an event).
    again = rate(roster(a="17 kyu", b="17 kyu"), [game(1, "a", "b", "0-1")], state=state)
    assert (
        again.outcome.player("a").rating_before == -6
        and again.outcome.player("a").rating_after == -22
    )


def test_rate_events_threads_the_state():
    players = roster(a=("12 kyu", 690), b="12 kyu")
    e1 = Event("one", tuple(players), (game(1, "a", "b", rnd=1),))
    # The second event's players give no rating: the state the first left (issue 24).
    later = roster(a="12 kyu", b="12 kyu")
    e2 = Event("two", tuple(later), (game(1, "b", "a", when=DAY + timedelta(1), rnd=1),))
    report = LNMO.rate_events([e1, e2])
    assert report.outcome.player("a").rating_after == 690 + 16 - 20  # 11 kyu loses to 12 kyu: D=1
    with pytest.raises(RatingkitError):
        LNMO.rate_events([])


def test_registered_and_the_example_club_is_reproduced():
    assert get_rule_set("lnmo") is LNMO
    report = LNMO.rate(read_event(ROOT / "examples" / "lnmo-club"))
    # Anya, 12 kyu 680: evening 1 wins D=0, D=2 stronger, D=2 weaker = 48 > 29 -> 96.
    evening_1 = SEED_STRONGER[0] + SEED_STRONGER[2] + SEED_WEAKER[2]
    assert report.section("events").rows[0]["gain"] == evening_1
    # Then 11 kyu: loses to 10 kyu (D=1, stronger won 12); wins a handicap-cup game v 12 kyu (12).
    assert report.outcome.player("anya").rating_after == 680 + 2 * evening_1 - 12 + 12
    assert (
        report.outcome.player("anya").detail.grade_before.label,
        report.outcome.player("anya").detail.grade_after.label,
    ) == ("12 kyu", "11 kyu")
    # Gleb: 16 kyu loses a qualification game, wins one 4 days later at (GKG): 15 kyu.
    assert report.outcome.player("gleb").detail.grade_after.label == "15 kyu"
    assert report.outcome.player("dasha").rating_after == 100


def test_check_lists_the_games_rules_4_and_4a_leave_unrated():
    players = roster(a="10 kyu", b="14 kyu", c="12 kyu", d="12 kyu")
    games = [game(1, "a", "b", handicap="R"), game(1, "c", "d", agreed="no")]
    table = LNMO.check(Event("club", tuple(players), tuple(games)))
    assert {(r["rule"], r["problem"]) for r in table.rows} == {
        ("4a", "1 game: handicap outside handicap event (4a)"),
        ("4", "1 game: not agreed (4)"),
    }
    clean = LNMO.check(Event("club", tuple(players), (game(1, "a", "b"),)))
    assert clean.rows == ()


@pytest.mark.parametrize("text", ["9" * 5000, "9" * 5000 + " kyu", "² kyu"])
def test_a_grade_with_absurd_digits_is_a_clear_error(text):
    with pytest.raises(InvalidValueError, match="cannot read grade"):
        parse_grade(text)
