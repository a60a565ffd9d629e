"""The vectorised FIDE 2014 period (ratingkit.rate_period, the numpy engine of
ratingkit.fide.engine) against the seed's tables and against the per-event path of fide-2014
on the same games."""

from __future__ import annotations

import random
import re
from datetime import date
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from conftest import DATA

import ratingkit
from ratingkit import rate_period
from ratingkit.core.errors import (
    DuplicatePlayerError,
    InvalidValueError,
    MalformedLineError,
    RatingkitError,
    UnknownPlayerError,
    UnknownResultError,
)
from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.report import COMMON_COLUMNS
from ratingkit.fide.engine.kernel import pd_hundredths
from ratingkit.fide.rules2014 import PLAYER_COLUMNS
from ratingkit.registry import get_rule_set

SEED = (DATA / "fide-2014-section-8.txt").read_text(encoding="utf-8")
ON = date(2020, 6, 30)


def _seed_bands():
    text = SEED[SEED.index("8.1b Таблица") : SEED.index("8.2.")]
    rows = re.findall(r"(\d+)-(\d+)\t([01]),(\d\d)\t", text)
    return [(int(lo), int(hi), int(a) * 100 + int(b)) for lo, hi, a, b in rows]


BANDS = _seed_bands()


def seed_pd(d: int) -> Fraction:
    """PD of the seed's table 8.1b after the 400 cap of 8.54 (independent of ratingkit)."""
    d = max(-400, min(400, d))
    for lo, hi, h in BANDS:
        if lo <= abs(d) <= hi:
            return Fraction(h if d >= 0 else 100 - h, 100)
    return Fraction(1) if d >= 0 else Fraction(0)


def half_away(x: Fraction) -> int:
    n = int(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n


def test_8_1b_lookup_by_searchsorted_matches_the_seed_table():
    """FIDE 2014 8.1b: every D from -800 to 800 (before the cap) gives the seed's PD."""
    d = np.arange(-800, 801)
    looked_up = pd_hundredths(d)
    for x, value in zip(d.tolist(), looked_up.tolist(), strict=True):
        table = None
        for lo, hi, h in BANDS:
            if lo <= abs(x) <= hi:
                table = h if x >= 0 else 100 - h
        if table is None:
            table = 100 if x >= 0 else 0
        assert value == table, x


def test_worked_period_by_plain_arithmetic():
    """8.54-8.57 on a small period: D capped at 400, PD from the seed's table, K from 8.56
    (K given, new player, junior, 2400 reached), the change rounded once, .5 away from zero."""
    players = pd.DataFrame(
        {
            "id": ["a", "b", "c", "d"],
            "name": ["Anna", "Boris", "Chen", "Dora"],
            "rating": [2000, 2500, 1500, 2210],
            "games": [50, 200, 100, 12],
            "born": ["1980-01-01", "1970-05-05", "2005-07-01", "1990-02-02"],
            "ever_2400": ["no", "yes", "no", "no"],
        }
    )
    games = pd.DataFrame(
        {
            "white": ["a", "b", "c", "d", "a"],
            "black": ["b", "c", "d", "a", "c"],
            "result": [0.5, 1, 0, 0.5, 1],
        }
    )
    report = rate_period(games, players, on=ON)
    # K by 8.56: Anna 20; Boris 10 (2400 or more); Chen 40 (under 18 on 2020-06-30, born
    # 2005-07-01, so 14); Dora 40 (12 games before, fewer than 30).
    k = {"a": 20, "b": 10, "c": 40, "d": 40}
    rating = dict(zip(players.id, players.rating, strict=True))
    w = dict.fromkeys(k, Fraction(0))
    we = dict.fromkeys(k, Fraction(0))
    for white, black, result in zip(games.white, games.black, games.result, strict=True):
        w[white] += Fraction(result)
        w[black] += 1 - Fraction(result)
        we[white] += seed_pd(rating[white] - rating[black])
        we[black] += seed_pd(rating[black] - rating[white])
    outcome = report.outcome
    for pid in k:
        player = outcome.player(pid)
        assert player.detail.k == k[pid]
        assert player.detail.w == w[pid] and player.detail.we == we[pid]
        assert player.change == k[pid] * (w[pid] - we[pid])
        assert player.rating_after == rating[pid] + half_away(k[pid] * (w[pid] - we[pid]))
    # 8.54: Boris (2500) against Chen (1500): D = 1000 is used as 400: PD 0.92 and 0.08.
    assert seed_pd(1000) == Fraction(92, 100)
    capped = [g.detail for g in outcome.games if g.player == "b" and g.opponent == "c"]
    assert capped[0].capped.clause == "8.54" and capped[0].d == 400
    assert capped[0].rating_used == 2100


def _random_period(seed: int, n_players: int, rounds: int, unrated_share: float = 0.0):
    rng = random.Random(seed)
    rows = []
    for i in range(n_players):
        unrated = rng.random() < unrated_share
        rating = None if unrated else rng.randint(1000, 2750)
        games = rng.choice([None, 0, 5, 29, 30, 31, 80, 400])
        born = rng.choice(
            [None, date(1970, 3, 4), date(2003, 7, 1), date(2002, 6, 30), date(2008, 12, 31)]
        )
        ever = rng.choice([None, True, False])
        k = rng.choice([None] * 8 + [10, 15])
        rows.append(
            {
                "id": f"p{i:03d}",
                "name": f"Player {i}",
                "rating": rating,
                "games": games,
                "born": born,
                "ever_2400": ever,
                "k": k,
            }
        )
    ids = [r["id"] for r in rows]
    game_rows = []
    for round_ in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            game_rows.append(
                {"round": round_, "white": a, "black": b, "result": rng.choice([1, 0.5, 0])}
            )
    return pd.DataFrame(rows), pd.DataFrame(game_rows)


def _event(players: pd.DataFrame, games: pd.DataFrame, name="period") -> Event:
    return Event(
        name,
        tuple(
            Player(r.id, r.name, None if r.rating is None or r.rating != r.rating else r.rating)
            for r in players.astype(object).itertuples()
        ),
        tuple(
            Game(int(g.round), g.white, g.black, float(g.result), 1.0 - float(g.result))
            for g in games.itertuples()
        ),
        type=EventType.SWISS,
        start=ON,
        end=ON,
    )


def _player_file(players: pd.DataFrame) -> PlayerFile:
    def value(x):
        return None if x is None or (isinstance(x, float) and x != x) else x

    records = []
    for r in players.astype(object).itertuples():
        records.append(
            PlayerRecord(
                id=r.id,
                name=r.name,
                rating=None if value(r.rating) is None else int(r.rating),
                games=None if value(r.games) is None else int(r.games),
                born=value(r.born),
                ever_2400=value(r.ever_2400),
                k=None if value(r.k) is None else int(r.k),
            )
        )
    return PlayerFile(tuple(records), "players")


COMPARED = COMMON_COLUMNS + tuple(c for c in PLAYER_COLUMNS if c not in COMMON_COLUMNS)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_identical_to_the_per_event_path(seed):
    """8.5: rate_period gives fide-2014's rows (K 40/20/10 and K given, juniors, the 400 cap
    of 8.54) and new state for the same games rated as one event."""
    players, games = _random_period(seed, 60, 9)
    report = rate_period(games, players, on=ON)
    reference = get_rule_set("fide-2014").rate(_event(players, games), _player_file(players))
    assert len(report.players) == len(reference.players.rows)
    for ours, theirs in zip(report.players.rows, reference.players.rows, strict=True):
        assert {c: ours.get(c) for c in COMPARED} == {c: theirs.get(c) for c in COMPARED}
    assert {row["K"] for row in reference.players.rows} >= {10, 20, 40}
    rules = {str(row["K rule"]) for row in reference.players.rows}
    assert any("under 18" in r for r in rules) and any("new player" in r for r in rules)
    assert any("K given" in r for r in rules)
    assert any(g["capped"] == "8.54" for g in reference.games.rows if g["rated"])
    assert report.new_state.records == reference.new_state.records
    keys = ("round", "id", "opponent", "D uncapped", "D", "PD", "score-PD", "capped", "rated")
    ours = sorted(tuple(str(g.get(c)) for c in keys) for g in report.games.rows)
    theirs = sorted(tuple(str(g.get(c)) for c in keys) for g in reference.games.rows)
    assert ours == theirs


def test_unrated_players_as_the_per_event_path_rates_them():
    """8.52 and 8.21a-8.24 (not a round robin): games against unrated opponents are not rated;
    unrated players get Ru from their rated opponents, or nothing (8.21: zero score in the
    first event; no rated opponent); the same as fide-2014 on one event."""
    players, games = _random_period(7, 50, 7, unrated_share=0.3)
    # One unrated newcomer who loses every game: 8.21, not counted.
    players.loc[0, ["rating", "games"]] = [None, None]
    games.loc[games.white == players.id[0], "result"] = 0
    games.loc[games.black == players.id[0], "result"] = 1
    report = rate_period(games, players, on=ON)
    reference = get_rule_set("fide-2014").rate(_event(players, games), _player_file(players))
    statuses = set()
    for ours, theirs in zip(report.players.rows, reference.players.rows, strict=True):
        assert {c: ours.get(c) for c in COMPARED} == {c: theirs.get(c) for c in COMPARED}
        statuses.add(str(theirs["status"]).split(":")[0])
    assert {"rated", "unrated", "not counted"} <= statuses
    assert report.new_state.records == reference.new_state.records


def test_identical_to_rate_events_over_a_period_of_two_events():
    """8.55c and 8.57 over a rating period: K * sum(dR) per event added up and rounded once,
    as fide-2014's rate_events does."""
    players, games = _random_period(11, 40, 8)
    first = games[games["round"] <= 4]
    second = games[games["round"] > 4]
    events = [_event(players, first, "one"), _event(players, second, "two")]
    reference = get_rule_set("fide-2014").rate_events(events, _player_file(players))
    report = rate_period(games, players, on=ON)
    columns = ("id", "rating_before", "games", "score", "expected", "change", "rating_after")
    columns += ("Rc", "n", "w", "We", "K")
    for ours, theirs in zip(report.players.rows, reference.players.rows, strict=True):
        assert {c: ours.get(c) for c in columns} == {c: theirs.get(c) for c in columns}


def test_to_frame_from_the_arrays_equals_the_rows():
    players, games = _random_period(5, 30, 5)
    report = rate_period(games, players, on=ON)
    frame = report.to_frame()
    for row, record in zip(report.players.rows, frame.to_dict("records"), strict=True):
        assert record["id"] == row["id"] and record["K"] == row["K"]
        assert record["change"] == pytest.approx(float(row["change"]))
        assert record["rating_after"] == row["rating_after"]


def test_exported_from_the_package_and_input_frames_unchanged():
    players, games = _random_period(3, 20, 3)
    before = (players.copy(), games.copy())
    report = ratingkit.rate_period(games, players, on=ON)
    assert report.rules == "fide-2014"
    pd.testing.assert_frame_equal(players, before[0])
    pd.testing.assert_frame_equal(games, before[1])


def test_notes_state_the_defaults_assumed():
    players = pd.DataFrame({"id": ["a", "b"], "rating": [1800, 1900]})
    games = pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]})
    report = rate_period(games, players)
    text = " ".join(report.notes)
    assert "K=20 assumed (no games count: taken as 30 or more) for 2 player(s)" in text
    assert "8.52" in text and "no reference date" in text


PLAYERS = pd.DataFrame({"id": ["a", "b", "c"], "rating": [1800, 1900, None]})


@pytest.mark.parametrize(
    ("games", "players", "error", "words"),
    [
        (
            pd.DataFrame({"white": ["a", "x"], "black": ["b", "a"], "result": [1, 0]}),
            PLAYERS,
            UnknownPlayerError,
            ["row 2", "'x'", "white"],
        ),
        (
            pd.DataFrame({"white": ["a", "b"], "black": ["b", "a"], "result": [1, "1-0"]}),
            PLAYERS,
            InvalidValueError,
            ["row 2", "'1-0'", "result"],
        ),
        (
            pd.DataFrame({"white": ["a", "b"], "black": ["b", "a"], "result": [1, 2]}),
            PLAYERS,
            UnknownResultError,
            ["row 2", "2", "result"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["a"], "result": [1]}),
            PLAYERS,
            InvalidValueError,
            ["row 1", "'a'", "himself"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["b"]}),
            PLAYERS,
            MalformedLineError,
            ["result"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]}),
            pd.DataFrame({"id": ["a", "b", "a"], "rating": [1800, 1900, 2000]}),
            DuplicatePlayerError,
            ["row 3", "'a'", "row 1"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]}),
            pd.DataFrame({"id": ["a", "b"], "rating": [1800, 1900.5]}),
            InvalidValueError,
            ["row 2", "1900.5", "rating"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]}),
            pd.DataFrame({"id": ["a", "b"], "rating": [1800, 1900], "born": ["x", None]}),
            InvalidValueError,
            ["row 1", "'x'", "born"],
        ),
        (
            pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]}),
            pd.DataFrame({"id": ["a", "b"], "rating": [1800, 1900], "ever_2400": ["y", "?"]}),
            InvalidValueError,
            ["row 2", "'?'", "ever_2400"],
        ),
    ],
)
def test_bad_input_names_row_and_value(games, players, error, words):
    with pytest.raises(error) as caught:
        rate_period(games, players)
    assert all(w in str(caught.value) for w in words), str(caught.value)


def test_other_rule_sets_are_refused():
    games = pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]})
    with pytest.raises(RatingkitError, match="fide-2014"):
        rate_period(games, PLAYERS, rules="fesa")


def test_unknown_result_shows_the_value_not_its_repr():
    games = pd.DataFrame({"white": ["a"], "black": ["b"], "result": [np.float64(0.25)]})
    with pytest.raises(UnknownResultError) as caught:
        rate_period(games, PLAYERS)
    text = str(caught.value)
    assert "unknown result 0.25 (" in text and "np.float64" not in text, text


@pytest.mark.parametrize("born", [["1980-01-01", "not a date"], ["1980-01-01", ["1980"]]])
def test_an_unreadable_birth_date_names_row_and_value(born):
    players = pd.DataFrame({"id": ["a", "b"], "rating": [1800, 1900], "born": born})
    games = pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]})
    with pytest.raises(InvalidValueError) as caught:
        rate_period(games, players)
    assert str(caught.value).startswith("players, field born: row 2: cannot read the birth date")


@pytest.mark.parametrize("rules", ["fesa", get_rule_set("fesa"), get_rule_set("fide-2024")])
def test_other_rule_sets_are_refused_with_one_message_naming_them(rules):
    games = pd.DataFrame({"white": ["a"], "black": ["b"], "result": [1]})
    name = rules if isinstance(rules, str) else rules.name
    with pytest.raises(RatingkitError) as caught:
        rate_period(games, PLAYERS, rules=rules)
    assert str(caught.value) == (
        f"rate_period rates FIDE 2014 periods only (rules='fide-2014'), got {name!r}; rate it "
        f"with get_rule_set({name!r}).rate_events(events, players)"
    )


def test_a_dropped_period_report_leaves_no_reference_cycle():
    """The lazily built outcome's builders must not refer back to it: a cycle would keep every
    period's arrays alive until the cyclic collector runs (seen as slow, uneven periods)."""
    import gc

    games = pd.DataFrame({"white": ["a", "b"], "black": ["b", "c"], "result": [1.0, 0.5]})
    players = pd.DataFrame({"id": ["a", "b", "c"], "rating": [2000, 1900, 1800]})
    gc.collect()
    gc.disable()
    try:
        report = rate_period(games, players)
        assert report.outcome is not None and len(report.outcome.games) == 4
        del report
        assert gc.collect() == 0
    finally:
        gc.enable()
