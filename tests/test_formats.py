"""The format registry and the plain CSV pair."""

from __future__ import annotations

import shutil

import pytest
from conftest import DATA

from ratingkit.cli import main
from ratingkit.core.errors import (
    ConflictingGameError,
    InvalidValueError,
    MalformedLineError,
    UnknownFormatError,
    UnknownResultError,
)
from ratingkit.core.model import ByeKind, EventType, Play
from ratingkit.formats import detect_format, formats, read_event, write_event
from ratingkit.formats.csvpair import read_csv_pair, write_players_csv


@pytest.fixture
def pair(tmp_path):
    target = tmp_path / "club"
    shutil.copytree(DATA / "csv-small", target)
    return target


def _write(pair, games: str):
    (pair / "games.csv").write_text(games)
    return pair / "games.csv"


def test_reads_the_pair(pair):
    event = read_event(pair / "games.csv")
    assert event.name == "club"
    assert [p.id for p in event.players] == ["a", "b", "c", "d"]
    assert event.player("c").rating is None
    assert event.player("a").federation == "ENG"
    assert len(event.games) == 6
    forfeit = next(g for g in event.games if g.round == 3 and g.white == "a")
    assert forfeit.play is Play.FORFEIT and forfeit.white_score == 1.0
    assert event.points("a") == 2.5
    # Every pair met once: a round robin, and the report will say it was detected.
    assert event.type is EventType.ROUND_ROBIN
    assert "detected" in event.origin.type_note
    # The players file carries state (games, born), so it serves as the player file too.
    assert event.origin.player_file.endswith("players.csv")


def test_a_directory_reads_like_its_games_file(pair):
    assert read_event(pair) == read_event(pair / "games.csv")


def test_named_pair(tmp_path):
    (tmp_path / "open-games.csv").write_text("round,white,black,result\n1,x,y,0-1\n")
    (tmp_path / "open-players.csv").write_text("id,name,rating\nx,X,1500\ny,Y,1600\n")
    event = read_event(tmp_path / "open-games.csv")
    assert event.name == "open" and event.games[0].black_score == 1.0


def test_byes_and_type_override(pair):
    path = _write(pair, "round,white,black,result\n1,a,b,1-0\n1,c,,H\n1,d,,U\n")
    event = read_csv_pair(path, EventType.SWISS)
    assert event.type is EventType.SWISS
    assert {(b.player, b.kind) for b in event.byes} == {
        ("c", ByeKind.HALF_POINT),
        ("d", ByeKind.PAIRING_ALLOCATED),
    }


def test_optional_columns_and_extras(pair):
    path = _write(
        pair,
        "round,white,black,result,date,special,handicap,giver,kind\n"
        "1,a,b,1/2-1/2,2024-05-01,sennichite,,,rated\n"
        "1,c,d,0-1,2024-05-01,,rook,black,handicap\n",
    )
    event = read_event(path)
    first, second = event.games
    assert first.special.value == "sennichite" and first.extra == {"kind": "rated"}
    assert second.handicap.giver == "d" and second.handicap.kind == "rook"


@pytest.mark.parametrize(
    ("games", "error", "message"),
    [
        (
            "round,white,black,result\n1,a,b,2-0\n",
            UnknownResultError,
            "games.csv, line 2, field result: unknown result '2-0'",
        ),
        (
            "round,white,black,result\n1,a,zed,1-0\n",
            InvalidValueError,
            "line 2, field black: player 'zed' is not in the players file",
        ),
        ("round,white,black,result\n1,a,b\n", MalformedLineError, "line 2: expected 4 fields"),
        (
            "round,white,black,result\none,a,b,1-0\n",
            InvalidValueError,
            "field round: round must be a whole number, got 'one'",
        ),
        ("round,white,result\n", MalformedLineError, "line 1: the header lacks column"),
        (
            "round,white,black,result\n1,a,b,1-0\n1,a,c,1-0\n",
            ConflictingGameError,
            "two games or byes in round 1",
        ),
        ("round,white,black,result\n1,a,b,H\n", InvalidValueError, "names exactly one player"),
        (
            "round,white,black,result,handicap,giver\n1,a,b,1-0,rook,c\n",
            InvalidValueError,
            "field giver: handicap giver 'c'",
        ),
    ],
)
def test_bad_games_name_line_and_value(pair, games, error, message):
    with pytest.raises(error, match=message):
        read_event(_write(pair, games))


def test_missing_players_file(tmp_path):
    (tmp_path / "games.csv").write_text("round,white,black,result\n")
    with pytest.raises(MalformedLineError, match="no players file"):
        read_event(tmp_path / "games.csv")


@pytest.mark.parametrize("where", ["games", "players"])
def test_a_utf16_csv_exits_2_naming_the_file(pair, tmp_path, capsys, where):
    """A spreadsheet's "Unicode text" (UTF-16) is refused by name, whichever file of the pair
    it is and however the pair is given (games file, directory, --format)."""
    target = pair / f"{where}.csv"
    target.write_bytes(target.read_text(encoding="utf-8").encode("utf-16"))
    out = tmp_path / "report.txt"
    for given in (pair / "games.csv", pair):
        for extra in ([], ["--format", "csv"]):
            status = main(
                ["rate", str(given), "--rules", "fide-2014", "--output", str(out), *extra]
            )
            err = capsys.readouterr().err
            assert status == 2 and not out.exists()
            assert f"cannot read {target}: not a text file in UTF-8 or Latin-1" in err
            assert err.count("\n") == 1 and "players file" not in err


def test_detection_and_unknown_formats(tmp_path, pair):
    assert detect_format(pair / "games.csv").name == "csv"
    other = tmp_path / "notes.xyz"
    other.write_text("hello")
    with pytest.raises(UnknownFormatError, match="notes.xyz: cannot tell"):
        read_event(other)
    with pytest.raises(UnknownFormatError, match="unknown format 'pgn'"):
        read_event(other, "pgn")
    with pytest.raises(UnknownFormatError, match="file not found"):
        read_event(tmp_path / "absent.csv")
    assert "csv" in formats()


def test_writing_reads_back_to_the_same_event(pair, tmp_path):
    event = read_event(pair / "games.csv")
    out = tmp_path / "copy"
    out.mkdir()
    (out / "games.csv").write_text(write_event(event, "csv"))
    (out / "players.csv").write_text(write_players_csv(event))
    again = read_event(out)
    assert again.games == event.games
    assert [(p.id, p.name, p.rating) for p in again.players] == [
        (p.id, p.name, p.rating) for p in event.players
    ]


def test_a_higher_priority_format_is_sniffed_first(tmp_path):
    # Club records are CSV pairs with date and event columns: both formats recognise them,
    # and the club format's priority decides.
    from ratingkit.formats.csvpair import _sniff as csv_sniff

    (tmp_path / "games.csv").write_text("date,event,round,white,black,result\n")
    head = (tmp_path / "games.csv").read_text()
    assert csv_sniff(tmp_path / "games.csv", head)
    assert detect_format(tmp_path / "games.csv").name == "club"
    assert formats()["club"].priority > formats()["csv"].priority


def test_readers_say_when_ids_are_start_numbers(pair):
    from conftest import ROOT

    assert not read_event(pair).local_ids
    for name in ("karl-mala-2005-swiss.trf", "fesa-spring-cup.txt", "fide-1982-berger.csv"):
        assert read_event(ROOT / "examples" / name).local_ids, name
