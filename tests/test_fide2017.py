"""FIDE between 2014 and 2024 (issue 14 point 7): ``fide-2022`` clause by clause, the window of
the 2017 text that ``--rules fide`` refuses, and the family's dates.

Every expected number is derived here with plain arithmetic from the clause texts of FIDE Handbook
B.02 of 1 January 2022 (quoted at each test) and from tables 8.1a/8.1b as printed in the 2014
seed (tests/data copy; the 2022 text keeps them as 8.1.1/8.1.2), never from ratingkit."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import pytest
from conftest import ROOT
from fide_by_hand import dp, half_away
from fide_by_hand import pd_uncapped as pd

from ratingkit import cli, rate
from ratingkit.core.errors import RuleSetCannotRateError
from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.players import PlayerFile
from ratingkit.fide.rules2014 import FIDE_2014, PlayerState
from ratingkit.fide.rules2022 import DOCUMENT_2017, FIDE_2022, GAP_2017
from ratingkit.fide.rules2024 import FIDE_2024
from ratingkit.registry import families, family_gaps, get_rule_set, rule_set_in_force
from ratingkit.services.versions import VERSIONS, dispatch_table, validity_table, versions_table


def _event(players, results, kind=EventType.SWISS, start=date(2023, 5, 1), name="test"):
    """results: (round, white, black, white score)."""
    games = [Game(r, w, b, s, 1 - s) for r, w, b, s in results]
    return Event(
        name,
        tuple(Player(i, i.upper(), r) for i, r in players),
        tuple(games),
        type=kind,
        start=start,
    )


def _state(*ids, strong=()):
    """K state: 100 games before, born 1980; ``strong`` ids have reached 2400 (K 10)."""
    return PlayerFile.from_records(
        [
            {
                "id": i,
                "games": 100,
                "born": "1980-01-01",
                "ever_2400": "yes" if i in strong else "no",
            }
            for i in (*ids, *strong)
        ]
    )


# -- the family's dates ------------------------------------------------------------------------


def test_the_2022_rule_set_and_its_dates():
    """FIDE Handbook B.02: "effective from 1 January 2022 till 29 February 2024"; the 2014 text
    "effective from 1 July 2014 till 30 June 2017"."""
    assert get_rule_set("fide-2022") is FIDE_2022
    assert (FIDE_2022.valid_from, FIDE_2022.valid_until) == (date(2022, 1, 1), date(2024, 2, 29))
    assert (FIDE_2014.valid_from, FIDE_2014.valid_until) == (date(2014, 7, 1), date(2017, 6, 30))
    assert (GAP_2017.valid_from, GAP_2017.valid_until) == (date(2017, 7, 1), date(2021, 12, 31))
    assert families()["fide"] == ("fide-2014", "fide-2022", "fide-2024", "fide-2025")
    assert family_gaps("fide") == (GAP_2017,)
    assert "fide-2017" not in families()["fide"]


@pytest.mark.parametrize(
    "day, name",
    [
        (date(2017, 6, 30), "fide-2014"),
        (date(2022, 1, 1), "fide-2022"),
        (date(2024, 2, 29), "fide-2022"),
        (date(2024, 3, 1), "fide-2024"),
    ],
)
def test_fide_at_the_boundaries(day, name):
    assert rule_set_in_force("fide", day).name == name
    assert get_rule_set("fide", day=day).name == name


@pytest.mark.parametrize("day", [date(2017, 7, 1), date(2019, 5, 4), date(2021, 12, 31)])
def test_fide_refuses_the_window_of_the_2017_text(day):
    """No silent fallback: the error names the text in force and the window."""
    with pytest.raises(RuleSetCannotRateError) as caught:
        get_rule_set("fide", day=day)
    message = str(caught.value)
    assert day.isoformat() in message
    assert "FIDE Rating Regulations effective from 1 July 2017 till 31 December 2021" in message
    assert "2017-07-01 to 2021-12-31" in message
    assert "does not rate the event under another version" in message


def _trf_with_date(tmp_path, day: str):
    source = (ROOT / "examples" / "round-robin-two-unrated.trf").read_text(encoding="utf-8")
    lines = [line for line in source.splitlines() if not line.startswith(("042", "052"))]
    lines.insert(1, f"042 {day}")
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_rules_fide_refuses_a_2019_event(tmp_path, capsys):
    path = _trf_with_date(tmp_path, "2019/05/04")
    assert cli.main(["rate", str(path), "--rules", "fide"]) == 2
    err = capsys.readouterr().err
    assert "1 July 2017 till 31 December 2021" in err and "Traceback" not in err
    assert cli.main(["check", str(path), "--rules", "fide"]) == 2
    assert "1 July 2017 till 31 December 2021" in capsys.readouterr().err
    # Named explicitly, the event is rated under the rule set the user chose.
    assert cli.main(["rate", str(path), "--rules", "fide-2014"]) == 0


def test_cli_rules_fide_rates_a_2023_event_under_2022(tmp_path, capsys):
    path = _trf_with_date(tmp_path, "2023/03/06")
    assert cli.main(["rate", str(path), "--rules", "fide", "--format", "json"]) == 0
    picked = capsys.readouterr().out
    assert cli.main(["rate", str(path), "--rules", "fide-2022", "--format", "json"]) == 0
    assert picked == capsys.readouterr().out
    assert '"rules": "fide-2022"' in picked


def test_cli_rules_lists_2022_and_the_refused_window(capsys):
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^fide-2022 +FIDE Rating Regulations 1 January 2022", out, re.M)
    assert "[in force from 2022-01-01 to 2024-02-29]" in out
    assert "[in force from 2014-07-01 to 2017-06-30]" in out
    assert "2017-07-01 to 2021-12-31: no rule set, events refused" in out
    assert re.search(r"^fide +the one of fide-2014, fide-2022, fide-2024, fide-2025", out, re.M)


def test_validity_and_dispatch_tables():
    rows = validity_table().rows
    assert [(r["rule set"], r["in force from"], r["in force until"]) for r in rows] == [
        ("fide-2014", date(2014, 7, 1), date(2017, 6, 30)),
        (None, date(2017, 7, 1), date(2021, 12, 31)),
        ("fide-2022", date(2022, 1, 1), date(2024, 2, 29)),
        ("fide-2024", date(2024, 3, 1), date(2025, 9, 30)),
        ("fide-2025", date(2025, 10, 1), None),
    ]
    assert DOCUMENT_2017 in rows[1]["title"]
    days = [date(2017, 6, 30), date(2017, 7, 1), date(2022, 1, 1), date(2024, 3, 1)]
    table = dispatch_table(days)
    assert [r["rule set"] for r in table.rows] == ["fide-2014", None, "fide-2022", "fide-2024"]
    assert "1 July 2017" in table.rows[1]["note"] and table.rows[0]["note"] == ""


def test_versions_table_sets_the_changed_clauses_side_by_side():
    table = versions_table()
    assert table.columns == ("clause", *VERSIONS)
    by_clause = {r["clause"]: r for r in table.rows}
    assert by_clause["in force"]["fide-2022"] == "2022-01-01 to 2024-02-29"
    assert by_clause["in force"]["fide-2017"].startswith("2017-07-01 to 2021-12-31")
    assert all(
        by_clause[c]["fide-2017"] == "text not established" for c in by_clause if c != "in force"
    )
    assert "once per tournament" in by_clause["400-point rule"]["fide-2022"]
    assert "every game" in by_clause["400-point rule"]["fide-2014"]
    assert by_clause["floor"]["fide-2022"] == "1000" and by_clause["floor"]["fide-2024"] == "1400"
    assert "8.58 iteration" in by_clause["round robins: unrated players"]["fide-2014"]
    assert "no iteration" in by_clause["round robins: unrated players"]["fide-2022"]
    assert by_clause["games against unrated opponents"]["fide-2022"] == "8.3.1: never rated"


# -- 8.3.1: the 400-point rule once per tournament ---------------------------------------------

#: A 2700 player (K 10: 2400 reached) beats three players far below him and draws a 2650.
BIG = [("h", 2700), ("o1", 2200), ("o2", 1900), ("o3", 1877), ("o4", 2650)]
BIG_GAMES = [
    (1, "h", "o1", 1),
    (2, "h", "o2", 1),
    (3, "o3", "h", 0),
    (4, "h", "o4", Fraction(1, 2)),
]


def test_the_400_point_rule_once_per_tournament():
    """8.3.1 (2022): "A difference in rating of more than 400 points shall be counted for rating
    purposes as though it were a difference of 400 points. In any tournament, a player may
    benefit from only one upgrade under this rule, for the game in which the rating difference is
    greatest."  Aldren-like h: only the game against o3 (D 823, the greatest) counts as 400; 500
    and 800 count as they are.  2014 8.54 caps all three."""
    event = _event(BIG, BIG_GAMES)
    players = _state("o1", "o2", "o3", strong=("h", "o4"))
    new = rate(event, "fide-2022", players)
    old = rate(event, "fide-2014", players)
    w = Fraction(7, 2)
    we_2022 = pd(500) + pd(800) + pd(400) + pd(50)
    we_2014 = pd(400) + pd(400) + pd(400) + pd(50)
    assert (
        new.outcome.player("h").detail.we == we_2022
        and old.outcome.player("h").detail.we == we_2014
    )
    assert new.outcome.player("h").rating_after == 2700 + half_away(10 * (w - we_2022))
    assert old.outcome.player("h").rating_after == 2700 + half_away(10 * (w - we_2014))
    capped = [g["opponent"] for g in new.games.rows if g["id"] == "h" and g["capped"]]
    assert capped == ["o3"]


def test_the_lower_rated_side_keeps_the_cap_in_every_game():
    """8.3.1 read here: the cap is an upgrade only for the player above (his opponent's rating is
    raised to his own - 400); for the player more than 400 below, every such game counts as
    -400, as in 2014 (PD 0.08 instead of 0.00 at -800)."""
    event = _event(BIG, BIG_GAMES)
    players = _state("o1", "o2", "o3", strong=("h", "o4"))
    new = rate(event, "fide-2022", players)
    for pid, rating in (("o1", 2200), ("o2", 1900), ("o3", 1877)):
        assert new.outcome.player(pid).detail.we == pd(-400)
        assert new.outcome.player(pid).rating_after == rating + half_away(20 * (0 - pd(-400)))


def test_a_player_far_below_two_opponents_has_both_games_capped():
    """The lower-rated side again, with two such games in one event: both count as -400."""
    event = _event([("z", 1800), ("h", 2700), ("o4", 2650)], [(1, "h", "z", 1), (2, "z", "o4", 0)])
    report = rate(event, "fide-2022", _state("z", strong=("h", "o4")))
    assert report.outcome.player("z").detail.we == 2 * pd(-400)
    assert report.outcome.player("z").rating_after == 1800 + half_away(20 * (0 - 2 * pd(-400)))


def test_once_per_tournament_in_a_rating_period():
    """Two tournaments in one period: one upgrade in each ("In any tournament"), the change
    rounded once for the period."""
    first = _event(BIG, BIG_GAMES, name="first")
    second = _event(
        [("h", 2700), ("o5", 1800), ("o6", 1850)],
        [(1, "h", "o5", 1), (2, "o6", "h", Fraction(1, 2))],
        start=date(2023, 5, 20),
        name="second",
    )
    players = _state("o1", "o2", "o3", "o5", "o6", strong=("h", "o4"))
    report = FIDE_2022.rate_events([first, second], players)
    first_dr = Fraction(7, 2) - (pd(500) + pd(800) + pd(400) + pd(50))
    # second: D 900 against o5 is the greatest, so that game counts as 400; 850 does not.
    second_dr = Fraction(3, 2) - (pd(400) + pd(850))
    h = report.outcome.player("h")
    assert h.rating_after == 2700 + half_away(10 * (first_dr + second_dr))
    capped = [
        (g["event"], g["opponent"]) for g in report.games.rows if g["id"] == "h" and g["capped"]
    ]
    assert capped == [("first", "o3"), ("second", "o5")]


# -- 8.2: the initial rating from rated opponents only -----------------------------------------

OPPONENTS = (1902, 1877, 1884, 2012, 1832)


def _newcomer(scores, extra_unrated_win=True):
    players = [("x", None), ("y", None)] + [(f"o{i}", r) for i, r in enumerate(OPPONENTS)]
    results = [(i + 1, "x", f"o{i}", s) for i, s in enumerate(scores)]
    if extra_unrated_win:
        results.append((len(scores) + 1, "x", "y", 1))
    return _event(players, results)


def test_initial_rating_plus_20_per_half_point_from_rated_opponents_only():
    """8.2.2 "Ra is the average rating of the player's rated opponents"; 8.2.3 "If they score
    more than 50%, then Ru = Ra + 20 for each half point scored over 50%".  x scores 3.5/5
    against the rated players and also beats the unrated y: that game counts for nothing."""
    event = _newcomer([1, 1, 1, Fraction(1, 2), 0])
    report = rate(event, "fide-2022", _state(*[f"o{i}" for i in range(5)]))
    ra = Fraction(sum(OPPONENTS), 5)
    half_points_over = 2 * Fraction(7, 2) - 5
    assert report.outcome.player("x").detail.ru_exact == ra + 20 * half_points_over
    assert report.outcome.player("x").rating_after == half_away(ra + 20 * half_points_over)
    assert report.outcome.player("x").detail.n == 5
    assert report.outcome.player("y").rating_after is None  # no rated opponent


def test_initial_rating_below_50_percent_and_the_floor():
    """8.2.3 "If they score less than 50%, then Ru = Ra + dp"; floor 1000: an Ru below it is not
    published (2014 publishes it)."""
    event = _newcomer([1, Fraction(1, 2), 0, 0, 0], extra_unrated_win=False)
    state = _state(*[f"o{i}" for i in range(5)])
    ra = Fraction(sum(OPPONENTS), 5)
    assert rate(event, "fide-2022", state).outcome.player("x").rating_after == half_away(
        ra + dp(1.5, 5)
    )
    weak = [("x", None), *[(f"o{i}", 1010 + 10 * i) for i in range(5)]]
    low = _event(weak, [(i + 1, "x", f"o{i}", 1 if i == 0 else 0) for i in range(5)])
    ru = Fraction(sum(1010 + 10 * i for i in range(5)), 5) + dp(1, 5)
    assert half_away(ru) < 1000
    assert rate(low, "fide-2022", state).outcome.player("x").rating_after is None
    assert rate(low, "fide-2014", state).outcome.player("x").rating_after == half_away(ru)


def test_a_rating_below_1000_is_not_published():
    event = _event([("r", 1005), ("s", 1050), ("t", 1050)], [(1, "r", "s", 0), (2, "t", "r", 1)])
    state = _state("r", "s", "t")
    after = 1005 + half_away(20 * (0 - 2 * pd(-45)))
    assert after < 1000
    assert rate(event, "fide-2022", state).outcome.player("r").rating_after is None
    assert rate(event, "fide-2014", state).outcome.player("r").rating_after == after


# -- round robins with an unrated player: "2005 where the 2022 text gives 2004" ----------------

RR_RATINGS = {"a": 2016, "b": 1910, "c": 1991, "d": 2017}
RR_RESULTS = {
    ("u", "a"): 1,
    ("u", "b"): 1,
    ("u", "c"): Fraction(1, 2),
    ("u", "d"): 0,
    ("a", "b"): Fraction(1, 2),
    ("a", "c"): 1,
    ("a", "d"): 0,
    ("b", "c"): 1,
    ("b", "d"): Fraction(1, 2),
    ("c", "d"): 1,
}


def _round_robin():
    players = [("u", None), *RR_RATINGS.items()]
    results = [(k + 1, w, b, s) for k, ((w, b), s) in enumerate(RR_RESULTS.items())]
    return _event(players, results, kind=EventType.ROUND_ROBIN, start=date(2023, 4, 1))


def _score(pid):
    return sum(
        (s if w == pid else 1 - s for (w, b), s in RR_RESULTS.items() if pid in (w, b)),
        Fraction(0),
    )


def _ru_2014():
    """2014 8.21b/8.22-8.25 and the 8.58 iteration as fide-2014 records its decision: pass 1
    over the rated players (Ra = Rar - dpa * n/(n+1)); each later pass over all players, u with
    the previous pass's Ru, until the rounded Ru repeat.  Every player plays 4 games."""
    n = 4
    score = _score("u")
    ratings = [Fraction(r) for r in RR_RATINGS.values()]
    dps = [dp(_score(pid), 4) for pid in RR_RATINGS]
    previous, ru = None, None
    while True:
        if ru is None:
            rar, dpa = sum(ratings) / 4, Fraction(sum(dps), 4)
        else:
            rar, dpa = (sum(ratings) + ru) / 5, Fraction(sum(dps) + dp(score, 4), 5)
        ra = rar - dpa * Fraction(n, n + 1)
        assert score > 2  # 8.23: Ra + 20 for each half point above 50%
        ru = ra + 20 * (2 * score - 4)
        if half_away(ru) == previous:
            return half_away(ru)
        previous = half_away(ru)


def test_round_robin_2014_gives_2005_where_2022_gives_2004():
    """RULES.md section 5's kind of case (the original event is not known; this one is made up):
    2022 8.2.2 takes the average of u's rated opponents, 2014 the tournament average and the
    iteration.  The event starts in 2023, so --rules fide takes fide-2022."""
    event = _round_robin()
    assert get_rule_set("fide", day=event.start) is FIDE_2022
    ra = Fraction(sum(RR_RATINGS.values()), 4)
    expected_2022 = half_away(ra + 20 * (2 * _score("u") - 4))
    assert (expected_2022, _ru_2014()) == (2004, 2005)
    # u has 4 games, one short of the 5 a first rating needs (2014 7.14, 2022 7.1.4): the Ru
    # is computed and shown, and nothing is published.
    for rules, expected in (("fide-2022", expected_2022), ("fide-2014", 2005)):
        row = rate(event, rules)["u"]
        assert (row["Ru"], row["rating_after"]) == (expected, None)
        assert row["status"] == "not published: 4 of 5 games"


def test_round_robin_games_against_the_unrated_player_are_not_rated_from_2022():
    """8.3.1 "For each game played against a rated player": a's game against u is not rated
    (2014 8.52 rated it, with u's Ru)."""
    event = _round_robin()
    state = _state(*RR_RATINGS)
    new = rate(event, "fide-2022", state)
    old = rate(event, "fide-2014", state)
    assert new.outcome.player("a").detail.n == 3 and old.outcome.player("a").detail.n == 4
    w = Fraction(3, 2)  # a: 1/2 against b, 1 against c, 0 against d
    we = pd(2016 - 1910) + pd(2016 - 1991) + pd(2016 - 2017)
    assert new.outcome.player("a").rating_after == 2016 + half_away(20 * (w - we))
    notes = [g["note"] for g in new.games.rows if g["id"] == "a" and g["opponent"] == "u"]
    assert notes and notes[0].startswith("8.3.1")
    assert any("in round robins too" in note for note in new.notes)


# -- 8.3.3: K ----------------------------------------------------------------------------------


def test_k_juniors_until_the_end_of_the_year_of_their_18th_birthday():
    """8.3.3 "K = 40 for all players until the end of the year of their 18th birthday, as long as
    their rating remains under 2300" (2014 8.56: "until their 18th birthday")."""
    state = PlayerState(games=100, born=date(2005, 3, 15))
    on = date(2023, 11, 1)  # 18 since March 2023, and 2023 is the year of the 18th birthday
    assert FIDE_2022.choose_k(1800, state, on, 5).k == 40
    assert FIDE_2014.choose_k(1800, state, on, 5).k == 20
    assert FIDE_2022.choose_k(1800, state, date(2024, 1, 2), 5).k == 20


def test_k_times_n_at_most_700():
    """8.3.3 "If the number of games (n) ... multiplied by K ... exceeds 700, then K shall be the
    largest whole number such that K x n does not exceed 700."  2014 has no such limit."""
    state = PlayerState(games=10)
    expected = max(k for k in range(1, 41) if k * 20 <= 700)
    choice = FIDE_2022.choose_k(1800, state, date(2023, 5, 1), 20)
    assert (choice.k, expected) == (35, 35)
    assert "8.3.3" in choice.rule and "2024" not in choice.rule
    assert FIDE_2014.choose_k(1800, state, date(2023, 5, 1), 20).k == 40


def test_first_rating_minimum_and_the_decision_notes():
    """7.1.4: a first rating rests on at least 5 games against rated opponents (issue 14 point 8:
    the value fide-2022 carries for the publication rule)."""
    assert FIDE_2022.first_rating_min_games == 5
    notes = " ".join(FIDE_2022.decision_notes(_round_robin()))
    for clause in (
        "8.2.1-8.2.3",
        "8.3.1",
        "8.3.3",
        "7.1.4",
        "floor 1000",
        "without the 2014 text's iteration",
    ):
        assert clause in notes
    # fide-2024 keeps every 400-point cap: the once-per-event limit was abolished in 2024.
    event = _event(BIG, BIG_GAMES, start=date(2024, 5, 1))
    players = _state("o1", "o2", "o3", strong=("h", "o4"))
    assert rate(event, FIDE_2024.name, players).outcome.player("h").detail.we == 3 * pd(400) + pd(
        50
    )


def test_the_vectorised_period_refuses_the_2022_rules():
    """engine.rate_period computes the 2014 clauses only: it refuses fide-2022 rather than cap
    every game."""
    import pandas

    from ratingkit import rate_period
    from ratingkit.core.errors import RatingkitError

    games = pandas.DataFrame({"white": ["h"], "black": ["o1"], "result": [1.0]})
    players = pandas.DataFrame({"id": ["h", "o1"], "rating": [2700, 2200]})
    with pytest.raises(RatingkitError, match="rate_period rates FIDE 2014 periods only"):
        rate_period(games, players, FIDE_2022)
