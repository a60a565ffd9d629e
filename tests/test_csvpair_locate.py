"""Where a CSV pair's players file is looked for (formats/csvpair.py ``read_pair_roster``):
``NAME-players.csv`` beside ``NAME-games.csv``, else ``players.csv`` beside it, else the roster
the user named (``--players``); none of them is an error naming the games file and the path
looked for.  The file system is asked once a file; these hold what it answers."""

from __future__ import annotations

import pytest

from ratingkit.core.errors import RatingkitError
from ratingkit.formats.csvpair import locate_pair, read_pair_roster

GAMES = "round,white,black,result\n1,a,b,1-0\n"


def _players(name: str) -> str:
    return f"id,name,rating\na,{name},2000\nb,Bob,1900\n"


def test_the_named_sibling_wins_over_players_csv(tmp_path):
    (tmp_path / "ev-games.csv").write_text(GAMES)
    (tmp_path / "ev-players.csv").write_text(_players("Sibling"))
    (tmp_path / "players.csv").write_text(_players("Generic"))
    games, players, roster = read_pair_roster(tmp_path / "ev-games.csv")
    assert (games.name, players.name) == ("ev-games.csv", "ev-players.csv")
    assert roster.records[0].name == "Sibling"
    assert locate_pair(tmp_path / "ev-games.csv") == (games, players)


def test_players_csv_beside_a_games_file_without_a_sibling(tmp_path):
    (tmp_path / "ev-games.csv").write_text(GAMES)
    (tmp_path / "players.csv").write_text(_players("Generic"))
    _games, players, roster = read_pair_roster(tmp_path / "ev-games.csv", roster=tmp_path / "x")
    assert players.name == "players.csv"
    assert roster.records[0].name == "Generic"


def test_the_roster_is_read_where_no_players_file_lies_beside(tmp_path):
    (tmp_path / "ev-games.csv").write_text(GAMES)
    (tmp_path / "club.csv").write_text(_players("Roster"))
    _games, players, roster = read_pair_roster(
        tmp_path / "ev-games.csv", roster=tmp_path / "club.csv"
    )
    assert players == tmp_path / "club.csv"
    assert roster.records[0].name == "Roster"


@pytest.mark.parametrize("roster", [None, "missing.csv"])
def test_no_players_file_names_the_games_file_and_the_path_looked_for(tmp_path, roster):
    (tmp_path / "ev-games.csv").write_text(GAMES)
    given = tmp_path / roster if roster else None
    with pytest.raises(RatingkitError) as caught:
        read_pair_roster(tmp_path / "ev-games.csv", roster=given)
    looked_for = given if given is not None else tmp_path / "players.csv"
    message = str(caught.value)
    assert str(tmp_path / "ev-games.csv") in message
    assert f"looked for {looked_for}" in message
    assert ("--players" in message) == (roster is None)
    assert "\n" not in message
