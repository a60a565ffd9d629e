"""Every reader says which game an event is (``Event.game``, issue 15).

The formats fix the game: TRF-16 is FIDE's tournament report and a score table the FIDE 1982
form of a round robin (chess); a FESA tournament table (FESA rule 1) and the LNMO club records
are shogi.  A plain CSV pair is shogi when it shows shogi (handicaps, sennichite, jishogi, an
illegal move, shogi grades), else it says nothing (None); an event file's ``game`` field says
it outright."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import DATA, ROOT

from ratingkit.core.errors import InvalidValueError
from ratingkit.core.outcome import GameKind
from ratingkit.core.ruleset import event_game
from ratingkit.formats import read_event

EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize(
    ("path", "game", "evidence"),
    [
        ("round-robin-two-unrated.trf", GameKind.CHESS, "a FIDE TRF file"),
        ("karl-mala-2005-swiss.trf", GameKind.CHESS, "a FIDE TRF file"),
        ("fide-1982-berger.csv", GameKind.CHESS, "a FIDE score table"),
        ("fesa-spring-cup.txt", GameKind.SHOGI, "a FESA table"),
        ("lnmo-club", GameKind.SHOGI, "LNMO club records"),
        (
            "fesa-handicap-club",
            GameKind.SHOGI,
            "handicap games; sennichite; players with shogi grades",
        ),
    ],
)
def test_each_format_sets_its_game(path: str, game: GameKind, evidence: str) -> None:
    event = read_event(EXAMPLES / path)
    assert event.game is game
    # The guard's evidence is what the reader saw, as the CLI has always printed it.
    assert event_game(event) == (game, evidence)


def test_a_plain_game_list_shows_no_game() -> None:
    for path in ("club-evening-plain", "fide-autumn-open-2025"):
        event = read_event(EXAMPLES / path)
        assert event.game is None, path
    assert read_event(DATA / "csv-small" / "games.csv").game is None


def _pair(tmp_path: Path, games: str, players: str = "id,name,rating\na,A,2000\nb,B,1900\n"):
    folder = tmp_path / "pair"
    folder.mkdir()
    (folder / "games.csv").write_text(games, encoding="utf-8")
    (folder / "players.csv").write_text(players, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("games", "players", "evidence"),
    [
        ("round,white,black,result,special\n1,a,b,1/2-1/2,sennichite\n", None, "sennichite"),
        (
            "round,white,black,result,special\n1,a,b,1/2-1/2,jishogi\n",
            None,
            "jishogi replayed",
        ),
        ("round,white,black,result,special\n1,a,b,1-0,illegal move\n", None, "illegal move"),
        (
            "round,white,black,result,handicap,giver\n1,a,b,1-0,rook,a\n",
            None,
            "handicap games",
        ),
        (
            "round,white,black,result\n1,a,b,1-0\n",
            "id,name,rating,grade\na,A,2000,2 dan\nb,B,1900,1 kyu\n",
            "players with shogi grades",
        ),
    ],
)
def test_a_csv_pair_that_shows_shogi_is_shogi(tmp_path, games, players, evidence) -> None:
    folder = _pair(tmp_path, games, *([players] if players else []))
    event = read_event(folder / "games.csv")
    assert event.game is GameKind.SHOGI
    assert event_game(event) == (GameKind.SHOGI, evidence)


def test_a_plain_csv_pair_is_neither(tmp_path) -> None:
    event = read_event(_pair(tmp_path, "round,white,black,result\n1,a,b,1/2-1/2\n") / "games.csv")
    assert event.game is None
    assert event_game(event)[0] is None


def test_the_event_file_says_the_game(tmp_path) -> None:
    folder = _pair(tmp_path, "round,white,black,result\n1,a,b,1-0\n")
    (folder / "event.csv").write_text("field,value\ngame,Shogi\n", encoding="utf-8")
    event = read_event(folder / "games.csv")
    assert event.game is GameKind.SHOGI
    assert event.extra["game"] == "shogi"
    assert event_game(event) == (GameKind.SHOGI, "the event says game shogi")
    # The file's word wins over what the games show: a handicap game in a file said to be
    # chess stays a chess event (whose chess rule set leaves that game unrated).
    (folder / "games.csv").write_text(
        "round,white,black,result,handicap,giver\n1,a,b,1-0,rook,a\n", encoding="utf-8"
    )
    (folder / "event.csv").write_text("field,value\ngame,chess\n", encoding="utf-8")
    assert read_event(folder / "games.csv").game is GameKind.CHESS


def test_an_unknown_game_names_file_line_and_value(tmp_path) -> None:
    folder = _pair(tmp_path, "round,white,black,result\n1,a,b,1-0\n")
    (folder / "event.csv").write_text("field,value\nname,x\ngame,go\n", encoding="utf-8")
    with pytest.raises(InvalidValueError) as caught:
        read_event(folder / "games.csv")
    message = str(caught.value)
    assert "unknown game 'go' (expected chess, shogi)" in message
    assert "event.csv" in message and "line 3" in message


def test_a_score_table_said_to_be_shogi_is_refused(tmp_path) -> None:
    table = tmp_path / "berger.csv"
    shutil.copy(EXAMPLES / "fide-1982-berger.csv", table)
    (tmp_path / "berger-event.csv").write_text("field,value\ngame,shogi\n", encoding="utf-8")
    with pytest.raises(InvalidValueError, match="say game shogi, but a score table"):
        read_event(table)
    (tmp_path / "berger-event.csv").write_text("field,value\ngame,chess\n", encoding="utf-8")
    assert read_event(table).game is GameKind.CHESS
