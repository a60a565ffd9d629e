"""The FESA result table format (RULES.md section 3, "Result table format")."""

from __future__ import annotations

import shutil
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import DATA
from fesa_by_hand import SPRING_CUP_FORMULA, spring_cup

from ratingkit.cli import main
from ratingkit.core.errors import (
    ConflictingGameError,
    InputError,
    InvalidValueError,
    MalformedLineError,
    RatingkitError,
    UnknownPlayerError,
)
from ratingkit.core.model import ByeKind, Event, EventType, Game, Player
from ratingkit.core.players import read_player_file
from ratingkit.formats import detect_format, formats, read_event, write_event
from ratingkit.registry import get_rule_set

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
    """The rated Spring Cup table: every +/- cell, every new rating and the promotion are
    worked out by hand (tests/fesa_by_hand.py: formula (1), k, rule (A), rule 9, the fixed
    point over post-event ratings with the 400 floor, event totals rounded half to even, the
    performance rating of rules 5-7); the writer must produce exactly that table, which is
    kept as fesa-spring-cup-rated.txt for the format round trip."""
    after, _changes = spring_cup()
    event = read_event(FESA_DIR / "fesa-spring-cup.txt")
    players = read_player_file(FESA_DIR / "fesa-spring-cup-players.csv")
    report = get_rule_set("fesa").rate(event, players)
    text = write_fesa_table(event, report)
    assert text == (FESA_DIR / "fesa-spring-cup-rated.txt").read_text()

    rows = {}
    for line in text.splitlines():
        tokens = line.split()
        if tokens and tokens[0].isdigit():
            rows[tokens[0]] = tokens
    for pid, (before, _counter) in SPRING_CUP_FORMULA.items():
        change = after[pid] - before
        assert str(before) in rows[pid], pid  # ELO: the rating before the event
        assert int(rows[pid][-1]) == change, pid  # +/-: the rounded change
        assert before + int(rows[pid][-1]) == after[pid]
    # Moreau is rated by performance: his ELO cell carries his new rating with a '*' and his
    # +/- cell is empty (the row ends with Pts).
    assert f"{after['3']}*" in rows["3"]
    assert rows["3"][-1] == "3"
    # Hand values of this table: -5, +13, 1562*, +40, -11, +13.
    assert [after[pid] - SPRING_CUP_FORMULA[pid][0] for pid in "12456"] == [-5, 13, 40, -11, 13]
    assert after["3"] == 1562

    # Rule 10 (c) for Tanaka (1 dan; target 2 dan: LB 1800, MP 1860, #LB 14; the player file
    # has lb_run 12 with a game at MP): the change spread over 4 games tests him at
    # 1834 + r * change / 4, all between LB and MP, so game 2 is the 14th in the LB run.
    tested = [Fraction(1834) + Fraction(r * (after["1"] - 1834), 4) for r in (1, 2, 3, 4)]
    assert all(1800 <= x < 1860 for x in tested)
    # After the promotion 3 dan's LB 1920 is out of reach.  Nobody else comes near his next
    # grade: Berg (3 kyu) below 2 kyu's LB 1460, Weber (12 kyu) below 11 kyu's LB 720;
    # provisional Novak (10 kyu) below 8 kyu's UB 1040 and Rossi (4 kyu) below 2 kyu's
    # UB 1560; Moreau is unrated (no grade).
    assert after["1"] < 1920
    assert after["2"] < 1460 and after["6"] < 720 and after["4"] < 1040 and after["5"] < 1560
    promotions = [line for line in text.splitlines() if line.startswith("Promoting")]
    assert promotions == ["Promoting Tanaka Aiko to 2 Dan"]


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


def test_pts_is_mms_plus_the_points_of_the_round_cells():
    """FESA pairs by McMahon: Pts = MMS + the round cells' points (the FESA rating rules,
    "Result table format"; their example: Tanaka, 3+ 2+ 0- = 2 points, MMS 1, Pts 3)."""
    event = read_event(FESA_DIR / "fesa-example-rated.txt")
    tanaka = event.player("1")
    assert (tanaka.extra["mms"], tanaka.extra["pts"]) == (1, 3)
    assert event.points("1") == 2  # the points stay the points; MMS is only the start score
    # The Spring Cup's McMahon start scores 4, 3, 0, 0, 2, 0 and its points 3.5, 2.5, 3,
    # 1.5, 1.5, 0 (counted from the cells in the file) give Pts 7.5, 5.5, 3, 1.5, 3.5, 0.
    cup = read_event(FESA_DIR / "fesa-spring-cup.txt")
    assert [cup.player(pid).extra["mms"] for pid in "123456"] == [4, 3, 0, 0, 2, 0]
    assert [cup.points(pid) for pid in "123456"] == [3.5, 2.5, 3, 1.5, 1.5, 0]
    assert [cup.player(pid).extra["pts"] for pid in "123456"] == [7.5, 5.5, 3, 1.5, 3.5, 0]


def _mcmahon_table(player_1_pts: str) -> str:
    # The player 1 of the 2024 national championship: five wins and a loss, MMS 1,
    # Pts 6.  His opponents 2-7 each play him once and sit out the other rounds (0-).
    header = "Nr Name                      Nat  Grade  ELO    1   2   3   4   5   6 MMS Pts   +/-"
    rows = [
        f" 1 Alpha          Anna       NL   1 Dan  1800{'':1}"
        + "".join(f"{c:>4}" for c in ("2+", "3+", "4+", "5+", "6+", "7-"))
        + f"  1  {player_1_pts}"
    ]
    for pid in range(2, 8):
        cells = ["0-"] * 6
        cells[pid - 2] = "1+" if pid == 7 else "1-"
        won = 1 if pid == 7 else 0
        rows.append(
            f" {pid} Player{pid}        Bob        SE   3 Kyu  1400 "
            + "".join(f"{c:>4}" for c in cells)
            + f"  0  {won}"
        )
    return "\n".join([header, *rows]) + "\n"


def test_a_real_tables_pts_five_wins_a_loss_and_mms_1_give_6():
    event = parse_fesa_table(_mcmahon_table("6"), "t.txt")
    assert event.points("1") == 5 and event.player("1").extra["pts"] == 6
    # The old reading (Pts = the points alone) is refused, quoting Pts, MMS and the points.
    with pytest.raises(InvalidValueError, match=r"^t.txt, line 2, field Pts: ") as err:
        parse_fesa_table(_mcmahon_table("5"), "t.txt")
    message = str(err.value)
    assert "Pts 5 in the file, but MMS 1 + the round cells' 5 points = 6" in message
    assert err.value.value == "5"


def test_pts_contradicting_mms_and_the_round_cells_is_an_error():
    # Tanaka's cells 2+ 3= 0+ give 1 + 1/2 + 1 (an unplayed 0+ counts 1) = 2.5; with MMS 0,
    # Pts must be 2.5, not 9.5.
    header = "Nr Name                      Nat  Grade  ELO    1   2   3 MMS Pts   +/-"
    rows = [
        " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  3=  0+  0  9.5",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  3+  0  1",
        " 3 Novak          Pavel      CZ  10 Kyu   850   0=  1=  2-  0  1",
    ]
    with pytest.raises(InvalidValueError, match=r"^t.txt, line 2, field Pts: ") as err:
        parse_fesa_table("\n".join([header, *rows]) + "\n", "t.txt")
    message = str(err.value)
    assert "Pts 9.5 in the file" in message and "MMS 0 + the round cells' 2.5 points" in message
    assert err.value.value == "9.5"
    # The same rows with Pts 2.5 are read; Berg's 0- and Novak's 0= count 0 and 1/2.
    good = [rows[0].replace("9.5", "2.5"), *rows[1:]]
    event = parse_fesa_table("\n".join([header, *good]) + "\n", "t.txt")
    assert [event.points(pid) for pid in "123"] == [2.5, 1, 1]
    # Without an MMS column, Pts is the points (MMS counts 0).
    plain = [r.rsplit("  0  ", 1)[0] + "  " + r.rsplit("  0  ", 1)[1] for r in good]
    assert plain[0].endswith("0+  2.5")
    event = parse_fesa_table("\n".join([header.replace(" MMS", ""), *plain]) + "\n", "t.txt")
    assert [event.points(pid) for pid in "123"] == [2.5, 1, 1]
    bad = [plain[0].replace("2.5", "3.5"), *plain[1:]]
    with pytest.raises(InvalidValueError, match="Pts 3.5 in the file, but the round cells give"):
        parse_fesa_table("\n".join([header.replace(" MMS", ""), *bad]) + "\n", "t.txt")


def test_cli_pts_contradicting_mms_and_the_round_cells_exit_2(tmp_path, capsys):
    text = (FESA_DIR / "fesa-spring-cup.txt").read_text()
    tanaka = " 1 Tanaka         Aiko       NL   1 Dan  1834   4+  2=  3+  5+  4  7.5"
    assert tanaka in text  # MMS 4 + 1 + 1/2 + 1 + 1 = 7.5
    err = _cli_error(tmp_path, capsys, text.replace(tanaka, tanaka[:-3] + "3.5"))
    assert "bad.txt, line 6, field Pts" in err
    assert "Pts 3.5 in the file, but MMS 4 + the round cells' 3.5 points = 7.5" in err


def test_the_writer_writes_mms_and_pts_as_mms_plus_points():
    # An event from elsewhere has no start scores: MMS 0 and Pts = the points.
    players = (Player("1", "Tanaka Aiko", 1710), Player("2", "Berg Lars", 1390))
    event = Event("e", players, (Game(1, "1", "2", 1.0, 0.0), Game(2, "2", "1", 0.5, 0.5)))
    text = write_fesa_table(event)
    rows = [line.split() for line in text.splitlines()[1:]]
    assert rows[0][-2:] == ["0", "1.5"] and rows[1][-2:] == ["0", "0.5"]
    # With start scores the writer adds them: MMS 2 + 1.5 = 3.5.
    event = event.with_player(replace(players[0], extra={"mms": 2}))
    rows = [line.split() for line in write_fesa_table(event).splitlines()[1:]]
    assert rows[0][-2:] == ["2", "3.5"]
    assert parse_fesa_table(write_fesa_table(event)).player("1").extra["pts"] == 3.5


def test_a_header_without_player_rows_is_an_error(tmp_path, capsys):
    with pytest.raises(MalformedLineError, match=r"^t.txt, line 1: no player rows"):
        parse_fesa_table(HEADER + "\n\n", "t.txt")
    err = _cli_error(tmp_path, capsys, "Event: Empty\n\n" + HEADER + "\n")
    assert "bad.txt, line 3: no player rows" in err


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
    players.write_text("name,games,bonus_games\nTanaka Aiko,5,100\n")
    report = get_rule_set("fesa").rate(event, read_player_file(players))
    # The player file's 5 games, joined by name: 6 games with this one, unrated (rule 3).
    assert report["1"]["rating_before"] == 1710 and report["1"]["category"] == "unrated"
    assert report["1"]["published_promotion"] == "2 dan"
    # A rating of its own that is not the table's is an error naming both (issue 24).
    players.write_text("name,rating,games,bonus_games\nTanaka Aiko,1700,50,100\n")
    with pytest.raises(RatingkitError) as error:
        get_rule_set("fesa").rate(event, read_player_file(players))
    assert str(error.value).startswith(f"{players}, line 2, field rating: 'Tanaka, Aiko' has")
    assert "1700" in str(error.value) and "but 1710 in the event (t.txt" in str(error.value)


# -- hostile input (issue 14, point 14): a clear error naming file and line, or a table read --

GOOD = _table(
    " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  0-  0  1",
    " 2 Berg           Lars       SE   3 Kyu  1390   1-  0+  0  1",
)


def _refused(text: str, line: int, *words: str) -> InputError:
    with pytest.raises(InputError) as err:
        parse_fesa_table(text, "t.txt")
    message = str(err.value)
    assert message.startswith(f"t.txt, line {line}"), message
    for word in words:
        assert word in message, message
    assert len(message) < 400  # long values are cut short
    return err.value


def test_the_good_table_reads():
    event = parse_fesa_table(GOOD, "t.txt")
    assert event.points("1") == 1 and event.points("2") == 1


def test_a_tab_before_nat_is_an_error_not_a_traceback():
    _refused(GOOD.replace("      Nat", "\tNat", 1), 1, "tab")
    _refused(GOOD.replace("Aiko       NL", "Aiko\tNL"), 2, "tab", "player 1")


def test_elo_with_a_colon_in_the_header():
    _refused(GOOD.replace(" ELO ", " ELO:", 1), 1, "'ELO'", "'ELO:'")


def test_a_5000_digit_start_number():
    text = GOOD.replace(" 2 Berg", "9" * 5000 + " Berg")
    err = _refused(text, 3, "start numbers run from 1 to 999,999")
    assert len(str(err.value)) < 50
    _refused(GOOD.replace(" 2 Berg", " 0 Berg"), 3, "start number '0'")
    _refused(GOOD.replace(" 2 Berg", "222Berg"), 3, "the start number runs into the 'Name'")


def test_absurd_ratings_changes_and_scores():
    _refused(GOOD.replace("1390", "99999999"), 3, "rating 99999999 is out of range", "4000")
    _refused(GOOD.replace("1390", "4001"), 3, "rating 4001 is out of range")
    # A FESA rating may lie below zero (nothing floors a player's own rating).
    assert parse_fesa_table(GOOD.replace(" 1390", "  -12"), "t.txt").player("2").rating == -12
    _refused(GOOD.replace("0-  0  1", "0-  0  1 +" + "9" * 400), 2, "change")
    for value in ("nan", "inf", "-inf", "1e9", "0x10", "1.25", "½½", "9" * 5000):
        _refused(GOOD.replace("0+  0  1", f"0+  0  {value}"), 3, "Pts must be a multiple of 1/2")
        _refused(GOOD.replace("0+  0  1", f"0+  {value}  1"), 3, "MMS must be a multiple of 1/2")
    # Halves written as ,5 or ½ are read: Berg's MMS 0.5 + 1 point = Pts 1.5.
    for mms, pts in (("0.5", "1.5"), ("0,5", "1,5"), ("½", "1½")):
        event = parse_fesa_table(GOOD.replace("0+  0  1", f"0+  {mms}  {pts}"), "t.txt")
        assert (event.player("2").extra["mms"], event.player("2").extra["pts"]) == (0.5, 1.5)


def test_nul_bytes_truncation_crlf_and_a_bom():
    _refused(GOOD.replace("Berg", "Be\x00rg"), 3, "NUL")
    # Truncated in the middle of a row, or right after the header.
    cut = GOOD[: GOOD.index("1390") + 6]
    _refused(cut, 3, "0 round cells, the header has 2")
    _refused(GOOD.split("\n")[0] + "\n", 1, "no player rows")
    _refused(GOOD[:10], 1, "no header line")
    crlf = parse_fesa_table(GOOD.replace("\n", "\r\n"), "t.txt")
    bom = parse_fesa_table("\ufeff" + GOOD, "t.txt")
    assert crlf == parse_fesa_table(GOOD, "t.txt") == bom


def test_a_bom_does_not_change_how_the_file_is_recognised(tmp_path):
    path = tmp_path / "table.txt"  # no .fesa suffix: recognised by the header alone
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert detect_format(path).name == "fesa"
    assert read_event(path).player("1").name == "Tanaka Aiko"
    path.write_bytes(b"\xef\xbb\xbf" + (FESA_DIR / "fesa-spring-cup.txt").read_bytes())
    assert detect_format(path).name == "fesa"


def test_long_lines_give_short_messages():
    err = _refused(GOOD.replace("0-  0  1", "0-  0  1 +5" + " 5+" * 100_000), 2, "unexpected")
    assert len(str(err.value)) < 50
    # A header of 40,000 rounds with rows that have 2 of them.
    wide = GOOD.replace("   1   2 MMS", "".join(f" {r}" for r in range(1, 40_001)) + " MMS")
    _refused(wide, 2, "round cells, the header has 40000")
    long_promotion = GOOD + "Promoting " + "x " * 50_000 + "to 2 Dan\n"
    _refused(long_promotion, 4, "promotion of")


def test_duplicate_players_and_a_player_meeting_himself():
    twice = GOOD + " 2 Weber          Jonas      DE  12 Kyu   655   0-  0-  0  0\n"
    _refused(twice, 4, "start number 2 is used twice (line 3 and this line)")
    same_name = GOOD + " 3 Berg           Lars       DE  12 Kyu   655   0-  0-  0  0\n"
    _refused(same_name, 4, "players 2 and 3 are both named 'Berg Lars' (line 3")
    himself = GOOD.replace("2+  0-  0  1", "2+  1+  0  2")
    _refused(himself, 2, "player 1 cannot play himself (round 2 cell '1+')")


def test_superscript_and_other_unicode_digits_are_not_numbers():
    _refused(GOOD.replace(" 2 Berg", " ² Berg"), 3, "expected a player row")
    _refused(GOOD.replace("1-  0+", "1-  ²+"), 3, "cannot read round cell '²+'")
    _refused(GOOD.replace("1390", "¹³⁹⁰"), 3, "cannot read round cell")


def test_a_row_whose_name_runs_into_the_nat_column():
    # The old writer's long names pushed the row to the right of the header's columns.
    text = _table(
        " 1 Vandenberghe-LambrechtsMarie      NL   1 Dan  1710   2+  0-  0  1",
        " 2 Berg           Lars       SE   3 Kyu  1390   1-  0+  0  1",
    )
    _refused(text, 2, "the name runs into the 'Nat' column")


# -- what the writer writes, the reader reads back (issue 14, point 15) ------------------------


def _two_player_event(first_name: str, second_name: str, first_id: str = "1") -> Event:
    players = (Player(first_id, first_name, 1710, "NL"), Player("2", second_name, 1390, "BE"))
    return Event("e", players, (Game(1, first_id, "2", 1.0, 0.0),))


def test_long_names_are_written_so_that_they_read_back():
    for name in ("Schwarzenegger-Habsburg Maria Theresia", "Vandenberghe-Lambrechts Marie"):
        event = _two_player_event(name, "Berg Lars")
        back = parse_fesa_table(write_fesa_table(event), "t.txt")
        assert back.player("1").name == name
        assert back.player("1").federation == "NL" and back.player("1").rating == 1710
        assert back.player("2").name == "Berg Lars"
        # Written again, the table is the same text.
        assert write_fesa_table(back) == write_fesa_table(event)


def test_1000_players_do_not_glue_round_cells_together():
    players = tuple(Player(str(i), f"Player{i} Given", 1500) for i in range(1, 1001))
    # Round 1: 1 v 1000, 2 v 999, ...: cells such as "1000+" and "999-" are 5 characters.
    games = tuple(Game(1, str(i), str(1001 - i), 1.0, 0.0) for i in range(1, 501))
    event = Event("big", players, games)
    text = write_fesa_table(event)
    assert " 1000+" in text and " 1-" in text
    back = parse_fesa_table(text, "t.txt")
    assert {(g.white, g.black) for g in back.games} == {(g.white, g.black) for g in games}
    assert back.player("1000").name == "Player1000 Given"


# -- real published tables (tests/data/fesa/README.md says where they come from) -------------

REAL_2024 = FESA_DIR / "cdf-2024-angers.txt"
REAL_2025 = FESA_DIR / "cdf-2025-nantes.txt"


def _rows_by_hand(path):
    """The table's rows split by hand, independently of the reader: (number, MMS or 0, Pts,
    points of the round cells in halves), from the tokens between the ELO and the end."""
    lines = path.read_bytes().decode("iso-8859-1").splitlines()
    header = next(line for line in lines if line.startswith("Nr Name"))
    rounds = sum(1 for word in header.split() if word.isdigit())
    has_mms = "MMS" in header.split()
    rows = []
    for line in lines:
        tokens = line.split()
        if not tokens or not tokens[0].isdigit():
            continue
        first = next(i for i, t in enumerate(tokens) if t[-1] in "+-=" and t[:-1].isdigit())
        cells, after = tokens[first : first + rounds], tokens[first + rounds :]
        assert all(c[-1] in "+-=" and c[:-1].isdigit() for c in cells), line
        mms = int(after[0]) if has_mms else 0
        pts = int(after[1] if has_mms else after[0])
        halves = sum({"+": 2, "=": 1, "-": 0}[c[-1]] for c in cells)
        rows.append((tokens[0], mms, pts, halves))
    return rows


def test_the_real_2024_championship_reads_and_every_pts_is_mms_plus_points():
    rows = _rows_by_hand(REAL_2024)
    assert len(rows) == 46
    # Counted by hand from the published rows: Pts = MMS + points on every one of them (the
    # old reading, Pts = points alone, holds on none of the rows with MMS 1).
    assert all(2 * pts == 2 * mms + halves for _, mms, pts, halves in rows)
    assert sum(1 for _, mms, _, _ in rows if mms == 1) == 24  # rows 1-13, 16, 19-23, 27, 29-31, 38
    event = read_event(REAL_2024)
    assert detect_format(REAL_2024).name == "fesa"
    assert (event.name, event.start.isoformat(), event.end.isoformat()) == (
        "Championnat de France d'Angers et Open 2024",
        "2024-04-20",
        "2024-04-21",
    )
    assert len(event.players) == 46 and event.round_count == 6
    for number, mms, pts, halves in rows:
        player = event.player(number)
        assert (player.extra.get("mms", 0), player.extra["pts"]) == (mms, pts)
        assert 2 * event.points(number) == halves
    # Player 1 as the issue quotes him: five wins and a loss, MMS 1, Pts 6; +7 published.
    nguyen = event.player("1")
    assert nguyen.name == "Nguyen Anh Tuan" and nguyen.rating == 1862
    assert event.points("1") == 5 and nguyen.extra["published_change"] == 7
    # ISO 8859-1 names, a rating by performance (1*), the published promotions.
    assert event.player("3").name == "Weimann Célestin"
    assert event.player("45").name == "Massis Anaïs"
    assert event.player("45").extra["published_rating"] == 1
    assert event.player("45").rating is None
    assert len(event.extra["published_promotions"]) == 13
    assert event.extra["published_promotions"][0] == ("Weimann Célestin", "1 kyu")


def test_the_real_2025_table_without_an_mms_column_has_pts_equal_to_the_points():
    rows = _rows_by_hand(REAL_2025)
    assert len(rows) == 32 and all(mms == 0 and 2 * pts == halves for _, mms, pts, halves in rows)
    event = read_event(REAL_2025)
    assert len(event.players) == 32 and event.round_count == 6
    assert event.player("28").name == "Le Hecho Ladjal Younès"  # a last name filling its column
    assert event.player("31").extra["published_change"] == 181


def test_real_tables_written_by_ratingkit_read_back_as_the_same_event():
    for path in (REAL_2024, REAL_2025):
        event = read_event(path)
        back = parse_fesa_table(write_fesa_table(event), "again.txt")
        assert [(p.id, p.name, p.rating, p.federation) for p in back.players] == [
            (p.id, p.name, p.rating, p.federation) for p in event.players
        ]
        assert {(g.round, g.white, g.black, g.white_score) for g in back.games} == {
            (g.round, g.white, g.black, g.white_score) for g in event.games
        }
        assert [p.extra["pts"] for p in back.players] == [p.extra["pts"] for p in event.players]
        assert (back.name, back.start, back.end) == (event.name, event.start, event.end)


def test_halves_as_fesas_program_prints_them_and_handicap_cells():
    # FESA's program prints a score of 7 1/2 as a Lisp fraction, "7/2": Berg's MMS 1/2 and one
    # point make Pts 3/2.
    event = parse_fesa_table(GOOD.replace("0+  0  1", "0+  1/2  3/2"), "t.txt")
    assert (event.player("2").extra["mms"], event.player("2").extra["pts"]) == (0.5, 1.5)
    _refused(GOOD.replace("0+  0  1", "0+  0  3/4"), 3, "Pts must be a multiple of 1/2")
    # A cell with a handicap mark, as FESA's program writes one ("2+(-r )").
    err = _refused(GOOD.replace("2+  0-", "2+(-r )  0-"), 2, "gives a handicap", "CSV pair")
    assert err.value == "2+(-r"


def test_the_last_and_first_name_columns_of_a_real_table():
    # FESA pads every last name to the longest one and a single space: "Christoffersen" (the
    # longest) and "Le Hecho Ladjal" are followed by one space only.
    event = read_event(REAL_2024)
    assert event.player("19").extra["name_layout"] == ("Christoffersen", "Terje")
    assert event.player("1").extra["name_layout"] == ("Nguyen", "Anh Tuan")
    assert event.player("37").extra["name_layout"] == ("Le Quoc", "Odile")
    assert read_event(REAL_2025).player("28").extra["name_layout"] == ("Le Hecho Ladjal", "Younès")


def test_a_complete_round_robin_is_detected_and_a_swiss_table_is_not():
    # 1 v 2 (round 1), 1 v 3 (round 2), 2 v 3 (round 3): every pair met once.
    rr = "\n".join(
        [
            "Nr Name                      Nat  Grade  ELO    1   2   3 MMS Pts   +/-",
            " 1 Tanaka         Aiko       NL   1 Dan  1710   2+  3+  0-  0  2",
            " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-  3=  0  0.5",
            " 3 Novak          Pavel      CZ  10 Kyu   850   0-  1-  2=  0  0.5",
        ]
    )
    event = parse_fesa_table(rr + "\n", "t.txt")
    assert event.type is EventType.ROUND_ROBIN
    assert event.origin.type_note == "event type round robin (detected from the table)"
    # Drop the game 2 v 3: Berg and Novak met only Tanaka, so the table is Swiss.
    swiss = rr.replace("0-  3=  0  0.5", "0-  0-  0  0").replace("1-  2=  0  0.5", "1-  0-  0  0")
    event = parse_fesa_table(swiss + "\n", "t.txt")
    assert event.type is EventType.SWISS
    assert event.origin.type_note == "event type swiss (detected from the table)"


def test_mcmahon_table_pts_is_mms_plus_points():
    """Issue 14: player 1 of the 2024 national championship, five wins and a loss, MMS 1,
    Pts 6; the example table's Tanaka: 4+ 2= 3+ 5+ (3.5 points), MMS 4, Pts 7.5."""
    from ratingkit.formats.fesatable import mcmahon_table

    angers = mcmahon_table(read_event(DATA / "fesa" / "cdf-2024-angers.txt")).rows[0]
    assert (angers["Nr"], angers["MMS"], angers["points"], angers["Pts"]) == ("1", 1, 5, 6)
    spring = {
        r["Nr"]: r for r in mcmahon_table(read_event(DATA / "fesa" / "fesa-spring-cup.txt")).rows
    }
    assert (spring["1"]["MMS"], spring["1"]["points"], spring["1"]["Pts"]) == (4, 3.5, 7.5)
    assert (spring["3"]["MMS"], spring["3"]["points"], spring["3"]["Pts"]) == (0, 3, 3)
