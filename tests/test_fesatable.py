"""The FESA result table format (RULES.md section 3, "Result table format")."""

from __future__ import annotations

import shutil

import pytest
from conftest import DATA

from ratingkit.cli import main
from ratingkit.errors import (
    ConflictingGameError,
    InputError,
    InvalidValueError,
    UnknownPlayerError,
)
from ratingkit.formats import detect_format, formats, read_event, write_event
from ratingkit.model import ByeKind
from ratingkit.playerfile import read_player_file
from ratingkit.rulesets import get_rule_set

formats()  # the built-in formats register in their listed order before this module's import
from ratingkit.formats.fesatable import parse_fesa_table, write_fesa_table  # noqa: E402

FESA_DIR = DATA / "fesa"
HEADER = "Nr Name                      Nat  Grade  ELO    1   2 MMS Pts   +/-"


def test_rules_md_example_is_read():
    event = read_event(FESA_DIR / "fesa-example-rated.txt")
    assert detect_format(FESA_DIR / "fesa-example-rated.txt").name == "fesa"
    tanaka = event.player("1")
    assert tanaka.name == "Tanaka Aiko"
    assert tanaka.rating == 1710
    assert tanaka.federation == "NL"
    assert tanaka.extra["grade"] == "1 dan"
    assert tanaka.extra["published_change"] == 12
    # 1180* : rated by performance; the value is his new rating, not a rating before.
    moreau = event.player("3")
    assert moreau.rating is None and moreau.extra["published_rating"] == 1180
    assert "grade" not in moreau.extra
    assert event.player("4").extra["grade"] == "10 kyu"
    # Round cells: 1 beat 3 in round 1, 2 and 3 drew in round 3, 0- is an unplayed round.
    r1 = next(g for g in event.games if g.round == 1 and g.involves("1"))
    assert r1.opponent_of("1") == "3" and r1.score_of("1") == 1.0
    r3 = next(g for g in event.games if g.round == 3 and g.involves("2"))
    assert r3.score_of("2") == 0.5
    assert {(b.round, b.player, b.kind) for b in event.byes} == {
        (3, "1", ByeKind.ZERO_POINT),
        (3, "4", ByeKind.ZERO_POINT),
    }
    assert event.points("2") == 1.5


def test_round_trip_of_unrated_and_rated_tables():
    for name in ("fesa-example-rated.txt", "fesa-spring-cup.txt", "fesa-spring-cup-rated.txt"):
        text = (FESA_DIR / name).read_text()
        assert write_event(read_event(FESA_DIR / name), "fesa") == text


def test_writer_fills_a_rated_table_from_a_report():
    event = read_event(FESA_DIR / "fesa-spring-cup.txt")
    players = read_player_file(FESA_DIR / "fesa-spring-cup-players.csv")
    report = get_rule_set("fesa").rate(event, players)
    text = write_fesa_table(event, report)
    assert text == (FESA_DIR / "fesa-spring-cup-rated.txt").read_text()
    # Moreau is rated by performance: his ELO cell carries his new rating with a '*'.
    moreau = next(line for line in text.splitlines() if "Moreau" in line)
    assert f"{report['3']['rating_after']}*" in moreau
    tanaka = next(line for line in text.splitlines() if "Tanaka" in line and "Nr" not in line)
    change = report["1"]["rating_after"] - report["1"]["rating_before"]
    assert tanaka.endswith(f"{change:+d}")
    assert "Promoting Tanaka Aiko to 2 Dan" in text


def test_unrated_table_has_empty_change_and_elo_cells():
    event = read_event(FESA_DIR / "fesa-spring-cup.txt")
    assert event.player("3").rating is None
    assert all("published_change" not in p.extra for p in event.players)
    assert event.extra["time_control"] == "30+30"
    assert event.start.isoformat() == "2026-04-18"
    assert event.name == "Spring Cup (invented example)"


def _table(*rows: str) -> str:
    return "\n".join([HEADER, *rows]) + "\n"


def test_round_cell_naming_a_missing_player():
    text = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  7-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  0  0",
    )
    with pytest.raises(UnknownPlayerError, match=r"t.txt, line 2, field round 2: .*'7-'") as err:
        parse_fesa_table(text, "t.txt")
    assert err.value.value == "7-"


def test_game_recorded_differently_by_the_two_players():
    text = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1+  0-  0  1",
    )
    with pytest.raises(ConflictingGameError, match="line 2.*line 3"):
        parse_fesa_table(text, "t.txt")


def test_unknown_grade_in_the_table():
    text = _table(
        " 1 Tanaka         Aiko       NL   9 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  0  0",
    )
    with pytest.raises(InvalidValueError, match=r"line 2, field Grade: unknown grade '9 Dan'"):
        parse_fesa_table(text, "t.txt")


def test_bad_round_cell_and_bad_promotion_line():
    text = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2x  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  0  0",
    )
    with pytest.raises(InputError, match="round cell .2x."):
        parse_fesa_table(text, "t.txt")
    text = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  0  0",
        "Promoting Nobody Here to 2 Dan",
    )
    with pytest.raises(UnknownPlayerError, match="line 4: promotion of 'Nobody Here'"):
        parse_fesa_table(text, "t.txt")


def _cli_error(tmp_path, capsys, text, *extra):
    table = tmp_path / "bad.txt"
    table.write_text(text)
    out = tmp_path / "report.txt"
    status = main(["rate", str(table), "--rules", "fesa", "--output", str(out), *extra])
    assert status == 2
    assert not out.exists()
    err = capsys.readouterr().err
    assert err.startswith("ratingkit: error: ") and err.count("\n") == 1
    return err


def test_cli_bad_tables_exit_2_and_write_nothing(tmp_path, capsys):
    missing = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  7-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  0  0",
    )
    assert "line 2" in _cli_error(tmp_path, capsys, missing)
    grade = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Pawn 1390   1-  0-  0  0",
    )
    assert "'3 Pawn'" in _cli_error(tmp_path, capsys, grade)


def test_cli_unknown_handicap_exits_2(tmp_path, capsys):
    folder = tmp_path / "hc"
    folder.mkdir()
    (folder / "players.csv").write_text("id,name,rating,games\ng,Giver,1862,40\nr,Taker,1500,40\n")
    (folder / "games.csv").write_text(
        "round,white,black,result,handicap,giver\n1,g,r,0-1,queen,g\n"
    )
    out = tmp_path / "report.txt"
    status = main(["rate", str(folder), "--rules", "fesa", "--output", str(out)])
    assert status == 2 and not out.exists()
    err = capsys.readouterr().err
    assert "games.csv, line 2" in err and "'queen'" in err


def test_cli_rates_a_table_with_its_player_file(tmp_path, capsys):
    for name in ("fesa-spring-cup.txt", "fesa-spring-cup-players.csv"):
        shutil.copy(FESA_DIR / name, tmp_path / name)
    status = main(
        [
            "rate",
            str(tmp_path / "fesa-spring-cup.txt"),
            "--rules",
            "fesa",
            "--players",
            str(tmp_path / "fesa-spring-cup-players.csv"),
            "--format",
            "csv",
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("id,name,rating_before,games,score,expected,change")
    assert "Tanaka Aiko" in out


def test_cli_conflicting_records_exit_2(tmp_path, capsys):
    conflict = _table(
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1=  0-  0  0.5",
    )
    err = _cli_error(tmp_path, capsys, conflict)
    assert "line 2" in err and "line 3" in err


def test_names_written_with_a_comma_match_promotions_and_player_files(tmp_path):
    text = _table(
        " 1 Tanaka,        Aiko       NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg,          Lars       SE   3 Kyu  1390   1-  0-  0  0",
        "Promoting Tanaka Aiko to 2 Dan",
    )
    event = parse_fesa_table(text, "t.txt")
    assert event.player("1").name == "Tanaka, Aiko"
    players = tmp_path / "p.csv"
    players.write_text("name,rating,games,bonus_games\nTanaka Aiko,1700,50,100\n")
    report = get_rule_set("fesa").rate(event, read_player_file(players))
    assert report["1"]["rating_before"] == 1700  # the player file's rating, joined by name
    assert report["1"]["published_promotion"] == "2 dan"
