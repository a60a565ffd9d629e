"""FIDE rating periods, first ratings and the 2024 clauses that the 2014 text lacked.

Expected values come from the texts, computed here with the seed's tables (the helpers of
tests/test_fide2014.py read them from the seed), never from ratingkit:

* 7.1 (2014 and 2024): "the list ... incorporates all rated play during the rating period into
  the previous list": new rating = previous list + the period's rounded total change (8.55c,
  8.57), an event begun under an older list being rated with that list's rating.  Two real
  cases from FIDE's published calculations (ratings.fide.com/calculations.phtml, data from
  /a_indv_calculation.php), as recorded on 2026-10-09 in the public repository
  zugzwang-foundation/Chess-ELO-Rating, tests/fixtures/fide_calculator/ (cases F-M03 of
  published_multi_event_periods.json and F-P03 of published_calculations.json, with the
  players' published list ratings); and cases built from the text.
* FIDE Rating Regulations effective 1 July 2014, 7.14 (transcript at
  kinabaluchess.com/wordpress/rating/): "A rating for a player new to the list shall be published
  only if it meets the following criteria: ... a minimum of 5 games ... The condition of a
  minimum of 5 games need not be met in one tournament. Results from other tournaments played
  within consecutive rating periods of not more than 26 months are pooled to obtain the initial
  rating."  2024 7.1.4: the same, at least 5 games against rated opponents.
* 2024 8.3.1 "for each game played against a rated player"; 6.1 a match in which one player is
  unrated is not rated; 6.2 in a match over a set number of games, the games after one player
  has won are not rated; 8.3.3 K as FIDE applies it (RULES.md section 5).
* 2024 1.1-1.2 (FIDE Handbook B.02, effective 1 March 2024, quoted from the Handbook at
  shakkitupa.munpalsta.net, 25.02.2025): "Where at least one of the players in the game has a
  rating of 2400 or higher, each player must have a minimum of 120 minutes.  Where at least one
  of the players in the game has a rating 1800 or higher, each player must have a minimum of 90
  minutes.  Where both of the players in the game are rated below 1800, each player must have a
  minimum of 60 minutes.  1.2 Where a certain number of moves is specified in the first time
  control, it shall be at least 30 moves."
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pandas as pd
import pytest
from conftest import ROOT
from fide_by_hand import dp, half_away
from fide_by_hand import pd as pd_capped

import ratingkit
from ratingkit import rate_period
from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.players import PlayerFile, parse_player_csv, write_player_csv
from ratingkit.fide.rules2014 import FIDE_2014, PlayerState
from ratingkit.fide.rules2022 import FIDE_2022
from ratingkit.fide.rules2024 import FIDE_2024, FIDE_2025
from ratingkit.formats.trf import read_trf


def _event(name, players, results, start, end=None, kind=EventType.SWISS, **extra):
    """results: (round, white, black, white score)."""
    return Event(
        name,
        tuple(Player(i, i.upper(), r) for i, r in players),
        tuple(Game(r, w, b, s, 1 - s) for r, w, b, s in results),
        type=kind,
        start=start,
        end=end or start,
        extra=extra,
    )


def _state(rows):
    return PlayerFile.from_records(rows, "players.csv")


ADULTS = [{"id": i, "games": 100, "born": "1980-01-01", "ever_2400": "no"} for i in "bcdefgh"]

# Event A began in February under the February list (a 2000) and ended in March; event B began
# in March under the March list (a 2012, which holds his other February events).  Both are
# rated on the April list.
A = _event(
    "A",
    [("a", 2000), ("b", 1950), ("c", 2050)],
    [(1, "a", "b", 1.0), (2, "c", "a", 0.0)],
    date(2025, 2, 20),
    date(2025, 3, 2),
)
B = _event(
    "B",
    [("a", 2012), ("d", 2012), ("e", 2100)],
    [(1, "a", "d", 0.5), (2, "e", "a", 1.0)],
    date(2025, 3, 10),
)
K = 20  # 100 games, adult, under 2400 (8.56)
CHANGE_A = K * ((1 - pd_capped(2000 - 1950)) + (1 - pd_capped(2000 - 2050)))  # 0.43 + 0.57
CHANGE_B = K * ((Fraction(1, 2) - pd_capped(0)) + (0 - pd_capped(2012 - 2100)))  # 0 - 0.38


# FIDE's published calculation for the December 2025 list, case F-M03 (FIDE id 1304070, born
# 1952): https://ratings.fide.com/a_indv_calculation.php?id_number=1304070&rating_period=2025-12-01
# Lists: October 2025 2023, November 2025 2024, December 2025 1972.  (opponent rating as FIDE
# used it, score) per game; FIDE's Ro and K*chg per tournament.
F_M03 = (
    (
        "World Senior Chess Championships 2025 - Over 65",
        date(2025, 10, 21),
        date(2025, 11, 1),
        2023,
        "-51.20",
        [
            (1709, 1),
            (2213, 0.5),
            (2192, 0),
            (1851, 0),
            (1861, 0),
            (1818, 0.5),
            (1693, 0),
            (1771, 0.5),
            (1809, 0.5),
            (1799, 1),
            (1844, 1),
        ],
    ),
    (
        "SGM 2025-2026 Round 1-2",
        date(2025, 11, 1),
        date(2025, 11, 22),
        2024,
        "-4.20",
        [(1864, 0.5)],
    ),
    (
        "NMM 2.Liga 2025-26 round 1",
        date(2025, 11, 17),
        date(2025, 11, 21),
        2024,
        "3.80",
        [(1770, 1)],
    ),
)
# Case F-P03 (FIDE id 2064871, born 2002), the December 2025 list: lists October 2499, November
# 2505, December 2507; the first event began on 31 October under the October list.
F_P03 = (
    (
        "2nd Annual ACA Thanksgiving Open",
        date(2025, 10, 31),
        date(2025, 11, 2),
        2499,
        "2.10",
        [(2099, 1), (2322, 1), (2422, 1), (2325, 0.5), (2255, 0.5)],
    ),
    (
        "1st Annual Washington Dulles Open",
        date(2025, 11, 7),
        date(2025, 11, 9),
        2505,
        "2.90",
        [(2105, 1), (2105, 1), (2237, 0.5), (2134, 1), (2813, 0.5)],
    ),
    (
        "2025 Northern Virginia Open - Championship",
        date(2025, 11, 21),
        date(2025, 11, 23),
        2505,
        "-3.10",
        [(2105, 1), (2105, 1), (2105, 1), (2400, 0), (2118, 1)],
    ),
)


# Case F-M02 (FIDE id 4317874, born 1997), the November 2025 list: October list 1620, November
# 1621; FIDE rated both October events with Ro 1617 (not the list's 1620).
F_M02 = (
    (
        "2025 North Shore Spring Tournament 2-5",
        date(2025, 10, 1),
        date(2025, 10, 22),
        1617,
        "-1.60",
        [(1651, 0), (1525, 1)],
    ),
    (
        "Merv Morrison Memorial 2025",
        date(2025, 10, 25),
        date(2025, 10, 27),
        1617,
        "2.20",
        [(2017, 0), (1451, 1), (1854, 0), (1800, 0.5), (1935, 0)],
    ),
)


def _published_events(case):
    events = []
    for name, start, end, ro, _, games in case:
        players = [("p", ro)] + [(f"o{i}", r) for i, (r, _) in enumerate(games)]
        results = [(i + 1, "p", f"o{i}", s) for i, (_, s) in enumerate(games)]
        events.append(_event(name, players, results, start, end))
    return events


def test_7_1_fide_published_calculation_f_m03():
    events = _published_events(F_M03)
    players = _state([{"id": "p", "rating": 2024, "games": 1000, "born": "1952"}])
    outcome = FIDE_2025.outcome(events, players)
    for (name, *_, k_chg, _), part in zip(F_M03, outcome.events, strict=True):
        assert part.key.name == name and part.players[0].detail.k_change == Fraction(k_chg)
    assert outcome.player("p").change == Fraction("-51.60")  # FIDE's total
    # FIDE's December list: 1972 = November's 2024 - 52 (the old way gave 2023 - 52 = 1971).
    assert outcome.player("p").rating_after == 1972
    # Without the list rating in the player file: the event that began last (2024) gives it.
    alone = FIDE_2025.outcome(events, _state([{"id": "p", "games": 1000, "born": "1952"}]))
    assert alone.player("p").rating_after == 1972


def test_7_1_fide_published_calculation_f_p03():
    events = _published_events(F_P03)
    state = {"id": "p", "rating": 2505, "games": 1000, "born": "2002", "ever_2400": "yes"}
    outcome = FIDE_2025.outcome(events, _state([state]))
    for (name, *_, k_chg, _), part in zip(F_P03, outcome.events, strict=True):
        assert part.key.name == name and part.players[0].detail.k_change == Fraction(k_chg)
    assert outcome.player("p").change == Fraction("1.90")
    assert outcome.player("p").rating_after == 2507  # November 2505 + 2 (the old way: 2499 + 2)


def test_hand_computation_of_the_two_events():
    assert (Fraction(20), Fraction(-38, 5)) == (CHANGE_A, CHANGE_B)
    assert half_away(CHANGE_A + CHANGE_B) == 12


def test_7_1_period_total_goes_onto_the_previous_list_from_the_player_file():
    players = _state([{"id": "a", "rating": 2012, "games": 100, "born": "1980-01-01"}, *ADULTS])
    outcome = FIDE_2014.outcome([A, B], players)
    a = outcome.player("a")
    assert a.change == CHANGE_A + CHANGE_B
    # Previous list 2012 + 12; the old way (first event's Ro 2000 + 12) gave 2012.
    assert a.rating_after == 2012 + 12 == 2024
    assert a.detail.list_rating == 2012 and a.detail.list_rating_from == "player file"
    assert outcome.new_state.by_id("a").rating == 2024
    # Each event was rated with its own list's rating.
    event_a = outcome.events[0]
    assert event_a.key.name == "A"
    assert [p.detail.ro for p in event_a.players] == [2000, 1950, 2050]
    notes = [str(n) for n in outcome.notes]
    assert any(n.startswith("7.1: 'A'") and "2012 (player file)" in n for n in notes)


def test_7_1_without_a_player_file_rating_the_event_that_began_last_gives_the_list():
    for order in ([A, B], [B, A]):
        outcome = FIDE_2014.outcome(order, _state([*ADULTS, {"id": "a", "games": 100}]))
        assert outcome.player("a").rating_after == 2012 + 12  # B began last: 2012
        assert outcome.player("a").detail.list_rating_from == "B (the event that began last)"


def test_7_1_the_same_under_fide_2024():
    players = _state([{"id": "a", "rating": 2012, "games": 100, "born": "1980-01-01"}, *ADULTS])
    # K * n <= 700 does not bite with 4 games; the same tables (8.1.2 = 2014 8.1b).
    assert FIDE_2024.outcome([A, B], players).player("a").rating_after == 2024


def test_7_1_one_event_begun_under_the_older_list():
    players = _state([{"id": "a", "rating": 2012, "games": 100, "born": "1980-01-01"}, *ADULTS])
    outcome = FIDE_2014.outcome(A, players)
    a = outcome.player("a")
    assert a.detail.ro == 2000 and a.detail.k_change == CHANGE_A
    assert a.rating_after == 2012 + 20
    notes = [str(n) for n in outcome.notes]
    assert any(n.startswith("7.1: 'A': new rating = previous list 2012") for n in notes)


# -- First ratings: at least 5 games, pooled over 26 months ---------------------------------------


OPP = [("o1", 1900), ("o2", 2000), ("o3", 2100), ("o4", 1800), ("o5", 2200)]


def _newcomer(name, opponents, scores, day):
    results = [
        (i + 1, "x", o, s) for i, ((o, _), s) in enumerate(zip(opponents, scores, strict=True))
    ]
    return _event(name, [("x", None), *opponents], results, day)


def test_2014_7_14_karl_mala_newcomer_with_two_games_is_not_published():
    event = read_trf(ROOT / "examples" / "karl-mala-2005-swiss.trf")
    outcome = ratingkit.outcome(event, "fide-2014")
    grosse = outcome.player("179")  # Grosse, Bodo: 2 games against rated opponents (it gave 1968)
    assert grosse.name == "Grosse,Bodo" and grosse.detail.n == 2
    assert grosse.rating_after is None
    assert grosse.detail.status_text == "not published: 2 of 5 games"
    opponents = sorted(
        next(p.rating for p in event.players if p.id == g.opponent_of("179"))
        for g in event.played_games_of("179")
        if next(p.rating for p in event.players if p.id == g.opponent_of("179")) is not None
    )
    record = outcome.new_state.by_id("Grosse,Bodo")
    kept = record.extra["pending_results"].split()
    assert sorted(int(item.split(":")[0]) for item in kept) == opponents
    assert record.rating is None


def test_first_rating_pooled_with_the_results_kept_by_the_new_state():
    first = _newcomer("one", OPP[:3], (1.0, 0.5, 0.0), date(2025, 1, 12))
    outcome = FIDE_2014.outcome(first, _state([]))
    assert outcome.player("x").rating_after is None
    assert outcome.player("x").detail.status_text == "not published: 3 of 5 games"
    # The new state goes through a player file (as a later run reads it).
    text = write_player_csv(outcome.new_state)
    assert "pending_results" in text.splitlines()[0]
    state = parse_player_csv(text, "state.csv")
    assert state.by_id("x").extra["pending_results"] == (
        "1900:1@2025-01-12 2000:0.5@2025-01-12 2100:0@2025-01-12"
    )
    second = _newcomer("two", OPP[3:], (1.0, 0.0), date(2025, 4, 5))
    later = FIDE_2014.outcome(second, state)
    # 8.3: all 5 games as one Swiss event: Rc = 10000/5 = 2000, 2.5 of 5 = 50%: Ru = Rc (8.22).
    assert later.player("x").detail.n == 5 and later.player("x").rating_after == 2000
    assert later.new_state.by_id("x").extra == {}
    # 2024 7.1.4 with 8.2 of 2024: two hypothetical 1800 draws, p = 3.5/7 = 50%, dp 0.
    ra = Fraction(10000 + 3600, 7)
    assert FIDE_2024.outcome(second, state).player("x").rating_after == half_away(
        ra + dp(Fraction(7, 2), 7)
    )


def test_first_rating_in_one_period_pools_the_events_and_the_kept_results():
    kept = _state([{"id": "x", "pending_results": "1900:0@2024-12-01"}])
    one = _newcomer("one", OPP[1:3], (1.0, 1.0), date(2025, 1, 12))
    two = _newcomer("two", OPP[3:], (0.5, 0.5), date(2025, 2, 2))
    x = FIDE_2014.outcome([one, two], kept).player("x")
    # 3 of 5 against 1900, 2000, 2100, 1800, 2200: Rc 2000, one half point above 50% (8.23).
    assert x.detail.n == 5 and x.rating_after == 2000 + 20 * 1


def test_results_older_than_26_months_are_not_pooled():
    kept = _state([{"id": "x", "pending_results": "1500:0@2022-12-20 2000:1@2023-02-01"}])
    event = _newcomer("now", OPP[:4], (1.0, 0.5, 0.0, 0.5), date(2025, 3, 1))
    outcome = FIDE_2014.outcome(event, kept)
    # December 2022 is 27 months before March 2025: dropped; February 2023 (25) is kept.
    assert outcome.player("x").detail.n == 5
    rc = Fraction(1900 + 2000 + 2100 + 1800 + 2000, 5)
    assert outcome.player("x").rating_after == half_away(rc + 20 * 1)  # 3 of 5: 8.23
    notes = [str(n) for n in outcome.notes]
    assert any("1 earlier result(s)" in n and "26 months" in n for n in notes)


def test_the_minimum_is_a_field_of_the_rule_set():
    assert FIDE_2014.first_rating_min_games == FIDE_2024.first_rating_min_games == 5
    nine = replace(FIDE_2014, first_rating_min_games=9)
    event = _newcomer("one", OPP, (1.0, 0.5, 0.0, 0.5, 0.5), date(2025, 1, 12))
    assert FIDE_2014.outcome(event).player("x").rating_after is not None
    assert nine.outcome(event).player("x").detail.status_text == "not published: 5 of 9 games"


def test_engine_pools_and_keeps_results_as_the_event_path():
    players = pd.DataFrame(
        {
            "id": ["x", "y", *[o for o, _ in OPP]],
            "name": ["X", "Y", *[o.upper() for o, _ in OPP]],
            "rating": [None, None, *[float(r) for _, r in OPP]],
            "games": [None, None, *[100.0] * 5],
            "pending_results": ["1900:1@2024-11-02 2000:0@2024-11-02", None, *[None] * 5],
        }
    )
    games = pd.DataFrame(
        {
            "round": [1, 2, 3, 1, 2],
            "white": ["x", "o2", "x", "y", "o4"],
            "black": ["o1", "x", "o3", "o5", "y"],
            "result": [0.5, 0.0, 1.0, 0.5, 1.0],
        }
    )
    on = date(2025, 1, 31)
    report = rate_period(games, players, on=on)
    event = Event(
        "period",
        tuple(
            Player(r.id, r.name, None if r.rating != r.rating else int(r.rating))
            for r in players.itertuples()
        ),
        tuple(
            Game(int(g.round), g.white, g.black, g.result, 1 - g.result) for g in games.itertuples()
        ),
        start=on,
        end=on,
    )
    records = [
        {"id": r.id, "name": r.name, "games": None if r.games != r.games else int(r.games)}
        | ({"pending_results": r.pending_results} if isinstance(r.pending_results, str) else {})
        for r in players.itertuples()
    ]
    reference = FIDE_2014.outcome(event, PlayerFile.from_records(records))
    for ours, theirs in zip(report.outcome.players, reference.players, strict=True):
        assert (ours.id, ours.rating_after) == (theirs.id, theirs.rating_after)
        for field in ("n", "w", "rc", "ru", "status_text"):
            assert getattr(ours.detail, field) == getattr(theirs.detail, field), field
    assert report.new_state.records == reference.new_state.records
    # x: 2 kept + 3 now = 5 games, 1 + 2.5 = 3.5 points against 1900, 2000, 1900, 2000, 2100:
    # Rc 9900/5 = 1980, two half points above 50% (8.23).
    assert report.outcome.player("x").rating_after == 1980 + 20 * 2
    # y: 2 games, kept for later.
    assert report.outcome.player("y").detail.status_text == "not published: 2 of 5 games"
    assert report.new_state.by_id("y").extra["pending_results"] == (
        "2200:0.5@2025-01-31 1800:0@2025-01-31"
    )


# -- 2024: 8.3.1, 6.1, 6.2, 8.3.3, 1.1-1.2 ---------------------------------------------------------


def _example(name):
    from ratingkit.core.players import read_player_file
    from ratingkit.formats import read_event

    event = read_event(ROOT / "examples" / name)
    return event, read_player_file(event.origin.player_file)


def test_8_3_1_junior_double_round_robin_games_against_the_unrated_player_are_not_rated():
    event, players = _example("fide-junior-double-rr-2025")
    outcome = ratingkit.outcome(event, "fide-2025", players)
    against_u = [g for g in outcome.games if g.opponent == "u"]
    assert len(against_u) == 18
    assert all(g.rated is False and g.detail.note.startswith("8.3.1") for g in against_u)
    for player in event.players:
        if player.rating is not None:
            assert outcome.player(player.id).detail.n == 16
    # Petrov himself is rated from his 18 games against rated opponents (8.2 of 2024).
    u = outcome.player("u")
    assert u.detail.n == 18 and u.rating_after is not None


def test_6_1_a_match_with_an_unrated_player_is_not_rated():
    match = _event(
        "match",
        [("a", 2000), ("u", None)],
        [(r, "a" if r % 2 else "u", "u" if r % 2 else "a", 0.5) for r in range(1, 7)],
        date(2025, 5, 1),
        kind=EventType.MATCH,
    )
    outcome = FIDE_2024.outcome(match, _state([{"id": "a", "games": 100}]))
    assert outcome.player("a").detail.n == 0 and outcome.player("u").detail.n == 0
    assert outcome.games and all(g.detail.note.startswith("6.1") for g in outcome.games)


def test_6_2_games_after_the_match_was_won_are_not_rated():
    # 6 games: a wins the first four (4 > 6/2 after round 4), then draws two.
    results = [(r, "a", "b", 1.0) for r in range(1, 5)] + [(5, "a", "b", 0.5), (6, "b", "a", 0.5)]
    match = _event(
        "match",
        [("a", 2000), ("b", 2000)],
        results,
        date(2025, 5, 1),
        kind=EventType.MATCH,
        match_games=6,
    )
    state = _state([{"id": i, "games": 100, "born": "1980-01-01"} for i in "ab"])
    outcome = FIDE_2024.outcome(match, state)
    a = outcome.player("a")
    assert a.detail.n == 4
    assert a.detail.k_change == 20 * 4 * (1 - pd_capped(0))  # 40
    assert a.rating_after == 2040
    late = [g for g in outcome.games if g.round in (5, 6)]
    assert len(late) == 4 and all(g.detail.note.startswith("6.2") for g in late)
    rules = {row["rule"] for row in FIDE_2024.check(match, state).rows}
    assert "6.2" in rules
    # The 2014 rule set (its seed has no such clause) still rates all six.
    assert FIDE_2014.outcome(match, state).player("a").detail.n == 6


def test_8_3_3_k_10_from_2400_before_30_games_and_k_20_for_a_junior_once_2300():
    on = date(2025, 6, 1)
    strong = PlayerState(games=10, born=date(1990, 1, 1))
    assert FIDE_2024.choose_k(2405, strong, on, 10).k == 10
    assert FIDE_2014.choose_k(2405, strong, on, 10).k == 40  # 8.56 as printed: 40 first
    reached = PlayerState(games=10, born=date(1990, 1, 1), ever_2400=True)
    assert FIDE_2025.choose_k(2380, reached, on, 10).k == 10
    junior = PlayerState(games=100, born=date(2010, 3, 1), ever_2300=True)
    assert FIDE_2024.choose_k(2250, junior, on, 10).k == 20
    assert FIDE_2014.choose_k(2250, junior, on, 10).k == 40
    assert FIDE_2024.choose_k(2250, replace(junior, ever_2300=False), on, 10).k == 40


def test_ever_2300_is_read_and_carried_in_the_new_state():
    state = parse_player_csv(
        "id,games,born,ever_2300\na,100,2010-03-01,no\nb,100,1980-01-01,\n", "players.csv"
    )
    assert state.by_id("a").ever_2300 is False
    event = _event("e", [("a", 2295), ("b", 2295)], [(1, "a", "b", 1.0)], date(2025, 6, 1))
    outcome = FIDE_2024.outcome(event, state)
    # a: junior, K 40 (2295 < 2300): 40 * (1 - 0.50) = 20: 2315, so ever_2300 becomes yes.
    assert outcome.player("a").rating_after == 2315
    new = parse_player_csv(write_player_csv(outcome.new_state), "new.csv")
    assert new.by_id("a").ever_2300 is True
    assert new.by_id("b").ever_2300 is False  # 2295 - 10 = 2285


@pytest.mark.parametrize("rules", [FIDE_2024, FIDE_2022], ids=lambda r: r.name)
def test_1_1_and_1_2_rate_of_play_in_check(rules):
    """2022 and 2024 1.1-1.2 (the 2022 text's from the federations' lists of its changes)."""
    event = _event(
        "quick",
        [("a", 2450), ("b", 2000), ("c", 1900), ("d", 1700)],
        [(1, "a", "b", 0.5), (1, "c", "d", 0.5), (2, "b", "d", 1.0)],
        date(2025, 6, 1),
        minutes=90,
        first_control_moves=25,
    )
    table = rules.check(event, _state([]))
    rows = {row["rule"]: row for row in table.rows}
    # 120 needed (2450); the others need 90.  By name: _event names a player by his id in capitals.
    assert rows["1.1"]["games"] == "1: r1 A - B"
    assert "120 are needed" in rows["1.1"]["problem"]
    assert "at least 30" in rows["1.2"]["problem"]
    plain = replace(event, extra={})
    assert "not checked for lack of data: 1.1" in rules.check(plain, _state([])).title
    assert len(FIDE_2014.check(event, _state([])).rows) == 0


def test_the_ledger_pools_the_kept_results_in_its_next_period(tmp_path):
    from ratingkit.services.ledger import Ledger

    players = "id,name,rating\nx,Xu,\n" + "".join(f"{o},{o.upper()},{r}\n" for o, r in OPP)
    for name, rows in (
        ("jan", [("o1", "1-0"), ("o2", "1/2-1/2"), ("o3", "0-1")]),
        ("feb", [("o4", "1-0"), ("o5", "0-1")]),
    ):
        day = "2025-01-12" if name == "jan" else "2025-02-09"
        lines = [f"{i},x,{o},{r},{day}" for i, (o, r) in enumerate(rows, 1)]
        (tmp_path / f"{name}-games.csv").write_text(
            "round,white,black,result,date\n" + "\n".join(lines) + "\n"
        )
        (tmp_path / f"{name}-players.csv").write_text(players)
    book = Ledger.create(tmp_path / "book.sqlite", "fide-2014")
    book.import_file(tmp_path / "jan-games.csv")
    book.import_file(tmp_path / "feb-games.csv")
    x = str(book.find_player("x"))
    january = book.rate_period("2025-01")[0].outcome.player(x)
    assert january.detail.status_text == "not published: 3 of 5 games"
    february = book.rate_period("2025-02")[0].outcome.player(x)
    # 8.3 over both months: Rc 10000/5 = 2000, 2.5 of 5 = 50%: Ru = Rc (8.22).
    assert february.detail.n == 5 and february.rating_after == 2000
    book.close()


def test_7_1_fide_published_calculation_f_m02_the_list_rating_comes_from_the_player_file():
    events = _published_events(F_M02)
    outcome = FIDE_2025.outcome(events, _state([{"id": "p", "rating": 1620, "games": 1000}]))
    for (name, *_, k_chg, _), part in zip(F_M02, outcome.events, strict=True):
        assert part.key.name == name and part.players[0].detail.k_change == Fraction(k_chg)
    assert outcome.player("p").change == Fraction("0.60")
    # FIDE's November list: 1621 = October's 1620 + 1 (the events' Ro 1617 + 1 would be 1618).
    assert outcome.player("p").rating_after == 1621


# -- The clause the K rule texts name (8.56 of 2014; 8.3.3 of 2022, 2024, 2025) -----------------


K_STATES = [
    PlayerState(games=100, born=date(1980, 1, 1), ever_2400=False),  # adult under 2400: 20
    PlayerState(games=12, born=date(1980, 1, 1), ever_2400=False),  # fewer than 30 games: 40
    PlayerState(games=100, born=date(2010, 5, 1), ever_2400=False),  # a junior: 40
    PlayerState(games=100, born=date(1980, 1, 1), ever_2400=True),  # reached 2400: 10
]


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(FIDE_2014, "8.56"), (FIDE_2022, "8.3.3"), (FIDE_2024, "8.3.3"), (FIDE_2025, "8.3.3")],
)
def test_k_rule_texts_name_the_clause_of_their_own_text(rules, clause):
    # The K rule is 8.56 in the 2014 text and 8.3.3 in the 2022 and 2024 texts.
    other = "8.3.3" if clause == "8.56" else "8.56"
    for state in K_STATES:
        rule = rules.choose_k(2000, state, date(2025, 3, 1), 4).rule
        assert rule.startswith(f"{clause}: ") and other not in rule and "2024" not in rule, rule
    # 8.3.3 K * n <= 700: 40 x 20 games = 800 > 700 (2022, 2024; not in 2014).
    limited = rules.choose_k(2000, K_STATES[1], date(2025, 3, 1), 20).rule
    assert ("8.3.3 K * n <= 700" in limited) is (clause == "8.3.3"), limited


def test_k_rule_column_of_the_report_names_8_3_3_under_fide_2024():
    players = _state([{"id": "a", "games": 12, "born": "1980-01-01"}, *ADULTS])
    for rules, clause in ((FIDE_2014, "8.56"), (FIDE_2024, "8.3.3"), (FIDE_2022, "8.3.3")):
        report = rules.rate(B, players)
        assert report["a"]["K rule"] == f"{clause}: new player, 12 games before (< 30)"
        assert report["d"]["K rule"] == f"{clause}: rating under 2400"


# -- A first rating held back: the pooled results shown as one event (8.3) ----------------------


def test_not_published_first_rating_shows_rc_and_ru_of_the_pooled_results():
    kept = _state([{"id": "x", "pending_results": "1900:1"}])
    event = _newcomer("now", [("o2", 2000)], (0.0,), date(2025, 3, 1))
    x = FIDE_2014.outcome(event, kept).player("x")
    assert x.detail.status_text == "not published: 2 of 5 games" and x.rating_after is None
    # 8.21a: Rc = (1900 + 2000) / 2 = 1950; 1 of 2 = 50%: Ru = Rc (8.22).
    assert (x.detail.n, x.detail.w) == (2, 1)
    assert x.detail.rc == Fraction(1900 + 2000, 2) == 1950
    assert x.detail.ru == 1950


@pytest.mark.parametrize("item", ["１９００:1", "1900:１", "٢٠٠٠:0"])
def test_pending_results_read_ascii_digits_only(item):
    from ratingkit.core.errors import RatingkitError

    state = parse_player_csv(f"id,pending_results\nx,{item}\n", "state.csv")
    event = _newcomer("now", OPP[:1], (1.0,), date(2025, 3, 1))
    with pytest.raises(RatingkitError) as caught:
        FIDE_2014.rate(event, state)
    text = str(caught.value)
    assert "state.csv" in text and "line 2" in text and repr(item) in text, text
