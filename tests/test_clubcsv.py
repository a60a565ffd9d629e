"""The LNMO club records (format ``club``) and the command line on them."""

from __future__ import annotations

import shutil

import pytest
from conftest import ROOT

from ratingkit.cli import main
from ratingkit.core.errors import InvalidValueError, MalformedLineError, UnknownResultError
from ratingkit.core.model import EventType, Play, Special
from ratingkit.formats import detect_format, read_event
from ratingkit.lnmo import game_terms

EXAMPLE = ROOT / "examples" / "lnmo-club"
PLAYERS = "id,name,grade,prior_grade\ndk,DK,,1 dan\na,A,12 kyu,\nb,B,14 kyu,\nc,C,16 kyu,\n"
HEADER = "date,event,round,white,black,result"


@pytest.fixture
def club(tmp_path):
    target = tmp_path / "club"
    target.mkdir()
    (target / "players.csv").write_text(PLAYERS)
    return target


def _games(club, text):
    (club / "games.csv").write_text(text)
    return club / "games.csv"


def test_the_club_format_wins_over_the_plain_csv_pair():
    assert detect_format(EXAMPLE).name == "club"
    assert detect_format(EXAMPLE / "games.csv").name == "club"
    assert detect_format(ROOT / "tests" / "data" / "csv-small").name == "csv"


def test_reads_the_example_season():
    event = read_event(EXAMPLE)
    assert event.type is EventType.CLUB
    assert event.extra["events"] == ("Evening 1", "Qualification", "Evening 2", "Handicap cup")
    assert event.origin.player_file.endswith("players.csv")
    assert (event.start.isoformat(), event.end.isoformat()) == ("2010-09-02", "2010-09-16")
    # Evening 1 has rounds 1-3; the season numbers them 1-3 and goes on from there.
    first = [g for g in event.games if g.extra["event"] == "Evening 1"]
    assert sorted({g.round for g in first}) == [1, 2, 3]
    later = [g for g in event.games if g.extra["event"] == "Evening 2"]
    assert {g.extra["event_round"] for g in later} == {1, 2}
    assert min(g.round for g in later) > 3
    sennichite = next(g for g in event.games if g.special is Special.SENNICHITE)
    assert (sennichite.white, sennichite.black) == ("vera", "dasha")
    handicap = next(g for g in event.games if g.handicap and g.handicap.kind == "R")
    assert handicap.handicap.giver == "egor"
    terms = game_terms(next(g for g in event.games if g.extra.get("kinte_black")))
    assert terms.kinte_black == 3 and terms.agreed is True and terms.kind == "rated"


def test_the_giver_defaults_to_the_stronger_grade(club):
    event = read_event(_games(club, f"{HEADER},kind,handicap\n2010-09-02,Q,1,b,dk,1-0,"
                                    "qualification,RB\n"))  # fmt: skip
    assert event.games[0].handicap.giver == "dk"


def test_several_events_may_reuse_round_numbers(club):
    text = f"{HEADER}\n2010-09-02,E1,1,a,b,1-0\n2010-09-09,E2,1,a,b,0-1\n"
    event = read_event(_games(club, text))
    assert [g.round for g in event.games] == [1, 2]


@pytest.mark.parametrize(
    ("text", "error", "where", "value"),
    [
        (f"{HEADER}\n2010-09-02,E,1,a,b,1/2-1/2\n", UnknownResultError, "line 2, field result",
         "1/2-1/2"),
        (f"{HEADER},kinte_white\n2010-09-02,E,1,a,b,+/-,1\n", InvalidValueError,
         "line 2, field kinte_white", "not played"),
        (f"{HEADER},agreed\n2010-09-02,E,1,a,b,1-0,\n", InvalidValueError, "line 2, field agreed",
         "yes or no"),
        (f"{HEADER},kind\n2010-09-02,E,1,a,b,1-0,blitz\n", InvalidValueError,
         "line 2, field kind", "'blitz'"),
        (f"{HEADER}\n2010-09-02,E,1,a,x,1-0\n", InvalidValueError, "line 2, field black", "'x'"),
        (f"{HEADER},handicap\n2010-09-02,E,1,a,a2,1-0,R\n", InvalidValueError, "line 2", "a2"),
        ("date,round,white,black,result\n", MalformedLineError, "line 1", "event"),
        (f"{HEADER},giver\n2010-09-02,E,1,a,b,1-0,a\n", InvalidValueError, "line 2, field giver",
         "without a handicap"),
    ],
)  # fmt: skip
def test_bad_games_name_file_line_field_and_value(club, text, error, where, value):
    with pytest.raises(error) as caught:
        read_event(_games(club, text), "club")
    message = str(caught.value)
    assert "games.csv" in message and where in message and value in message


def test_a_grade_that_does_not_exist_names_the_players_file_row(club):
    (club / "players.csv").write_text("id,name,grade\na,A,12 kyu\nb,B,6 kyu\n")
    with pytest.raises(InvalidValueError, match=r"players.csv, line 3, field grade: grade '6 kyu'"):
        read_event(_games(club, f"{HEADER}\n2010-09-02,E,1,a,b,1-0\n"))


def test_forfeits_are_read_and_not_rated(club):
    event = read_event(_games(club, f"{HEADER}\n2010-09-02,E,1,a,b,+/-\n"))
    assert event.games[0].play is Play.FORFEIT


# -- the command line ----------------------------------------------------------------------------


def test_cli_rates_the_example_and_writes_the_report(tmp_path, capsys):
    out = tmp_path / "report.txt"
    assert main(["rate", str(EXAMPLE), "--rules", "lnmo", "--output", str(out)]) == 0
    text = out.read_text()
    assert "grade before" in text and "bonus doubled (2b)" in text
    assert "handicap outside handicap event (4a)" in text and "kinte loss" in text


@pytest.mark.parametrize(
    ("players", "games", "message"),
    [
        ("id,name,grade\na,A,12 kyu\nb,B,21 kyu\n", f"{HEADER}\n2010-09-02,E,1,a,b,1-0\n",
         "players.csv, line 3, field grade: grade '21 kyu' does not exist"),
        (PLAYERS, f"{HEADER},kind,handicap\n2010-09-02,Q,1,dk,c,1-0,qualification,(GKG)\n"
         "2010-09-04,Q,1,dk,c,0-1,qualification,(GKG)\n",
         "games.csv, line 3, field date: qualification game of 'c' on 2010-09-04 is too soon"),
        (PLAYERS, f"{HEADER},kinte_black\n2010-09-02,E,1,a,b,-/+,2\n",
         "games.csv, line 2, field kinte_black: illegal-move count '2' for a game that was not "
         "played"),
    ],
)  # fmt: skip
def test_cli_bad_input_exits_2_naming_the_row_and_writes_nothing(
    club, tmp_path, capsys, players, games, message
):
    (club / "players.csv").write_text(players)
    _games(club, games)
    out = tmp_path / "report.txt"
    assert main(["rate", str(club), "--rules", "lnmo", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ratingkit: error: ") and message in err and err.count("\n") == 1
    assert not out.exists()


def test_cli_rates_several_files_one_after_the_other(tmp_path, capsys):
    first, second = tmp_path / "one", tmp_path / "two"
    shutil.copytree(EXAMPLE, first)
    second.mkdir()
    # The club's roster again, without its ratings: the first evenings' state gives them (a
    # rating of its own would have to be that one: one rating before an event, issue 24).
    roster = (EXAMPLE / "players.csv").read_text(encoding="utf-8").splitlines()
    (second / "players.csv").write_text(
        "\n".join(",".join(c for i, c in enumerate(line.split(",")) if i != 3) for line in roster)
        + "\n",
        encoding="utf-8",
    )
    (second / "games.csv").write_text(f"{HEADER}\n2010-09-23,Evening 3,1,anya,egor,1-0\n")
    assert main(["rate", str(first), str(second), "--rules", "lnmo", "--format", "csv"]) == 0
    rows = {line.split(",")[0]: line.split(",") for line in capsys.readouterr().out.splitlines()}
    # After the example Anya is 11 kyu at 776 and Egor 10 kyu: the weaker wins at D=1: +20.
    assert rows["anya"][7] == str(776 + 20)
