"""``ratingkit.rate_period`` on awkward frames (issue 14, point 15): an unrated player who met
rated opponents only as black is rated; non-finite, huge or non-scalar ratings, games, K,
results and ids are refused with an error naming the frame, the column, the row and the
value (a rating of 1e30 came out as -9223372036854775807)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ratingkit import RatingkitError, rate_period
from ratingkit.core.errors import InvalidValueError


def _players(**columns):
    base = {"id": ["x", "y", "z", "v", "w", "u"], "rating": [2000, 1800, 1900, 2100, 1700, None]}
    base.update(columns)
    return pd.DataFrame(base)


# u (unrated) beats x and y and draws z, v and w: 5 games, the fewest a first rating needs
# (2014 7.14).  Ra = (2000 + 1800 + 1900 + 2100 + 1700) / 5 = 1900.  FIDE 2014 8.23: p = 3.5 / 5
# is above 50% by 1 point, two half points: Ru = Ra + 2 * 20 = 1940.
OPPONENTS = ["x", "y", "z", "v", "w"]
AS_BLACK = pd.DataFrame({"white": OPPONENTS, "black": ["u"] * 5, "result": [0, 0, 0.5, 0.5, 0.5]})
AS_WHITE = pd.DataFrame({"white": ["u"] * 5, "black": OPPONENTS, "result": [1, 1, 0.5, 0.5, 0.5]})


def test_an_unrated_player_who_met_rated_opponents_only_as_black_is_rated():
    report = rate_period(AS_BLACK, _players())
    assert report.outcome.player("u").rating_after == 1940
    assert report.outcome.player("u").score == 3.5


def test_the_colours_do_not_change_an_unrated_players_rating():
    black = rate_period(AS_BLACK, _players()).outcome.player("u")
    white = rate_period(AS_WHITE, _players()).outcome.player("u")
    assert black.rating_after == white.rating_after == 1940


def test_ratings_k_and_games_at_their_bounds_are_accepted():
    games = pd.DataFrame({"white": ["x"], "black": ["y"], "result": [1]})
    players = pd.DataFrame(
        {"id": ["x", "y"], "rating": [4000, 1], "k": [40, 10], "games": [100_000, 0]}
    )
    report = rate_period(games, players)
    # 8.54: |D| = 3999 counts as 400, PD 0.92 for the higher (table 8.1b); 40 * 0.08 = 3.2.
    assert report.outcome.player("x").rating_after == 4003


GAME = pd.DataFrame({"white": ["x"], "black": ["y"], "result": [1]})


@pytest.mark.parametrize(
    ("frame", "column", "value", "words"),
    [
        ("players", "rating", 1e30, "whole number from 1 to 4000"),
        ("players", "rating", 4001, "whole number from 1 to 4000"),
        ("players", "rating", np.inf, "finite number"),
        ("players", "rating", -np.inf, "finite number"),
        ("players", "rating", "inf", "finite number"),
        ("players", "rating", [2000], "must be a number"),
        ("players", "rating", True, "must be a number"),
        ("players", "rating", {"elo": 2000}, "must be a number"),
        ("players", "k", 1e20, "whole number from 1 to 40"),
        ("players", "k", np.inf, "finite number"),
        ("players", "games", 1e30, "whole number from 0 to 100000"),
        ("players", "games", np.inf, "finite number"),
        ("players", "games", (3,), "must be a number"),
        ("players", "id", ["x"], "player id must be text or a number"),
        ("players", "id", np.inf, "player id must be text or a number"),
        ("players", "id", True, "player id must be text or a number"),
        ("games", "white", ["x"], "player id must be text or a number"),
        ("games", "result", np.inf, "finite number"),
        ("games", "result", [1], "must be a number"),
    ],
)
def test_a_bad_value_is_refused_naming_frame_column_row_and_value(frame, column, value, words):
    players = _players(games=[10, 10, 10, 10, 10, None], k=[None] * 6)
    games = GAME.copy()
    target = players if frame == "players" else games
    target[column] = target[column].astype(object)
    target.at[0, column] = value
    with pytest.raises(InvalidValueError) as caught:
        rate_period(games, players)
    message = str(caught.value)
    assert words in message
    assert f"{frame}, field {column}" in message
    assert "row 1" in message
    assert repr(value)[:6] in message or str(value)[:6] in message
    assert isinstance(caught.value, RatingkitError)
