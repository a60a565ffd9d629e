"""TRF-16 reader and writer (RULES.md section 5), on FIDE's own example file."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from conftest import DATA

from ratingkit.cli import main
from ratingkit.errors import ConflictingGameError, InputError, UnknownResultError
from ratingkit.formats import detect_format, read_event, write_event
from ratingkit.formats.trf import parse_trf, read_trf, round_column, write_trf
from ratingkit.model import ByeKind, EventType, Play

EXAMPLE = DATA / "fide-example1.trf"
TEXT = EXAMPLE.read_text(encoding="utf-8")
LINES = TEXT.split("\n")


def _line_of(start_rank: int) -> int:
    """0-based index of a player's 001 line."""
    for index, line in enumerate(LINES):
        if line.startswith("001") and line[4:8].strip() == str(start_rank):
            return index
    raise KeyError(start_rank)


def test_reads_the_header_tags_and_the_quirky_dates():
    event = read_trf(EXAMPLE)
    assert event.name == "9. Karl-Mala-Gedenkturnier"
    # 042/052 are written "28. 07. 2005" in this file.
    assert (event.start, event.end) == (date(2005, 7, 28), date(2005, 7, 31))
    assert event.type is EventType.SWISS
    assert "092" in event.extra["type_note"]
    assert len(event.players) == 284
    assert event.round_count == 7


def test_player_fields_by_column():
    event = read_trf(EXAMPLE)
    first = event.player("1")
    assert (first.name, first.rating, first.federation) == ("Vasquez,Rodrigo", 2558, "CHI")
    assert first.title == "g"  # one-letter title of old files
    assert first.fide_id == "3400042"
    assert first.born == date(1969, 12, 6)
    assert first.extra["rank"] == 4
    assert event.player("69").title == "wf"
    assert event.player("204").sex == "f"
    assert event.player("146").rating is None  # blank rating: unrated
    # 062/072 of the file: 284 players, 146 rated.
    assert sum(p.rating is not None for p in event.players) == 146


def test_round_cells_result_codes():
    event = read_trf(EXAMPLE)
    # Player 1, round 1: "141 w 1".
    game = next(g for g in event.games if g.round == 1 and g.involves("1"))
    assert (game.white, game.black, game.white_score, game.play) == ("1", "141", 1.0, Play.PLAYED)
    # Player 13 round 1 "153 - -" and 153 "13 - +": a forfeit.
    forfeit = next(g for g in event.games if g.round == 1 and g.involves("13"))
    assert forfeit.play is Play.FORFEIT
    assert forfeit.score_of("153") == 1.0 and forfeit.score_of("13") == 0.0
    # Player 282 round 5 "0000 - +": an old-style bye scored 1.
    bye = next(b for b in event.byes if b.player == "282" and b.round == 5)
    assert bye.kind is ByeKind.PAIRING_ALLOCATED
    # Player 276 round 1 is blank: Z.
    blank = next(b for b in event.byes if b.player == "276" and b.round == 1)
    assert blank.kind is ByeKind.ZERO_POINT
    # Points in columns 81-84 agree with the games for every player of this file.
    assert all("trf_points" not in p.extra for p in event.players)


def test_trailing_spaces_may_be_missing():
    stripped = "\n".join(line.rstrip() for line in LINES)
    assert parse_trf(stripped, str(EXAMPLE)) == read_trf(EXAMPLE)


def test_blank_rank_is_read_as_no_rank():
    index = _line_of(1)
    lines = list(LINES)
    lines[index] = lines[index][:85] + "    " + lines[index][89:]
    event = parse_trf("\n".join(lines))
    assert "rank" not in event.player("1").extra


def test_writing_back_reads_back_to_the_same_event(tmp_path):
    event = read_trf(EXAMPLE)
    text = write_trf(event)
    assert parse_trf(text, str(EXAMPLE)) == event
    target = tmp_path / "again.trf"
    target.write_text(write_event(event, "trf"), encoding="utf-8")
    assert replace(read_event(target), source=event.source) == event


def test_written_lines_keep_the_columns():
    event = read_trf(EXAMPLE)
    line = next(x for x in write_trf(event).split("\n") if x.startswith("001    1 "))
    assert line[48:52] == "2558"
    start = round_column(1) - 1
    assert line[start : start + 4] == " 141" and line[start + 5] == "w" and line[start + 7] == "1"


def test_sniffing_and_suffix(tmp_path):
    other = tmp_path / "event.txt"
    other.write_text(TEXT, encoding="utf-8")
    assert detect_format(other).name == "trf"
    assert detect_format(EXAMPLE).name == "trf"


def _broken(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "broken.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _run_and_expect_exit_2(path: Path, tmp_path: Path, capsys, *needles: str) -> str:
    out = tmp_path / "report.txt"
    status = main(["rate", str(path), "--rules", "fide-2014", "--output", str(out)])
    err = capsys.readouterr().err
    assert status == 2
    assert not out.exists()
    assert err.count("\n") == 1 and "Traceback" not in err
    for needle in needles:
        assert needle in err
    return err


def test_truncated_line_exits_2_with_line_and_column(tmp_path, capsys):
    index = _line_of(5)
    lines = list(LINES)
    # Cut after round 3's opponent (columns 112-115): colour and result are missing.
    lines[index] = lines[index][: round_column(3) + 3]
    assert lines[index][-1] != " "
    err = _run_and_expect_exit_2(_broken(tmp_path, lines), tmp_path, capsys, "truncated")
    assert f"line {index + 1}" in err and f"column {round_column(3) + 4}" in err


def test_line_cut_before_the_points_is_truncated():
    index = _line_of(5)
    lines = list(LINES)
    lines[index] = lines[index][:64]  # inside the FIDE id (columns 58-68)
    assert lines[index][-1] != " "
    with pytest.raises(InputError, match=f"line {index + 1}, column 65"):
        parse_trf("\n".join(lines))


def test_unknown_result_code_exits_2(tmp_path, capsys):
    index = _line_of(1)
    lines = list(LINES)
    column = round_column(1) + 7
    lines[index] = lines[index][: column - 1] + "X" + lines[index][column:]
    _run_and_expect_exit_2(
        _broken(tmp_path, lines), tmp_path, capsys, f"line {index + 1}", f"column {column}", "'X'"
    )
    with pytest.raises(UnknownResultError):
        parse_trf("\n".join(lines))


def test_game_recorded_differently_exits_2(tmp_path, capsys):
    # Player 1 says he beat 141 in round 1; make 141 say he won too.
    index = _line_of(141)
    lines = list(LINES)
    column = round_column(1) + 7
    assert lines[index][column - 1] == "0"
    lines[index] = lines[index][: column - 1] + "1" + lines[index][column:]
    err = _run_and_expect_exit_2(_broken(tmp_path, lines), tmp_path, capsys, "do not add up")
    assert f"line {_line_of(1) + 1}" in err and f"line {index + 1}" in err
    assert f"column {round_column(1)}" in err
    with pytest.raises(ConflictingGameError):
        parse_trf("\n".join(lines))


def test_opponent_that_does_not_exist_exits_2(tmp_path, capsys):
    index = _line_of(1)
    lines = list(LINES)
    start = round_column(2)
    lines[index] = lines[index][: start - 1] + " 999" + lines[index][start + 3 :]
    _run_and_expect_exit_2(
        _broken(tmp_path, lines), tmp_path, capsys, "999", f"line {index + 1}", f"column {start}"
    )


def test_shifted_field_is_reported_with_its_column():
    index = _line_of(2)
    lines = list(LINES)
    lines[index] = lines[index][:47] + "X" + lines[index][48:]
    with pytest.raises(InputError, match=f"line {index + 1}, column 48"):
        parse_trf("\n".join(lines))


def test_round_robin_is_read_from_the_092_line():
    event = read_trf(DATA / "round-robin-two-unrated.trf")
    assert event.type is EventType.ROUND_ROBIN
    assert sum(p.rating is None for p in event.players) == 2
    assert parse_trf(write_trf(event), event.source) == event


def test_unknown_and_trf_2026_tags_are_kept_and_written_back():
    lines = list(LINES)
    lines[13:13] = ["XXR 7", "162 Swiss Dutch (TRF-2026 tag kept as it is)"]
    event = parse_trf("\n".join(lines))
    assert ("XXR", "7") in event.extra["trf_tags"]
    text = write_trf(event)
    assert "\nXXR 7\n" in text and "162 Swiss Dutch" in text
    assert parse_trf(text) == event


def test_birth_year_only_and_unknown_birth_date():
    lines = list(LINES)
    index = _line_of(74)  # Geske, born 1992.06.22 in the file
    lines[index] = lines[index][:69] + "1992/00/00" + lines[index][79:]
    other = _line_of(1)
    lines[other] = lines[other][:69] + "0000/00/00" + lines[other][79:]
    event = parse_trf("\n".join(lines))
    geske = event.player("74")
    assert geske.born == date(1992, 1, 1) and geske.extra["born_year_only"] is True
    assert event.player("1").born is None
    text = write_trf(event)
    assert "1992/00/00" in text
    assert parse_trf(text) == event


def test_lower_case_codes_of_games_under_one_move():
    lines = list(LINES)
    index = _line_of(1)
    column = round_column(1) + 7
    lines[index] = lines[index][: column - 1] + "w" + lines[index][column:]
    partner = _line_of(141)
    lines[partner] = lines[partner][: column - 1] + "l" + lines[partner][column:]
    event = parse_trf("\n".join(lines))
    game = next(g for g in event.games if g.round == 1 and g.involves("1"))
    assert game.play is Play.UNDER_ONE_MOVE and game.score_of("1") == 1.0


def test_forfeit_with_scheduled_colours_round_trips():
    lines = list(LINES)
    column = round_column(1) + 5
    for start_rank, colour in ((13, "b"), (153, "w")):
        index = _line_of(start_rank)
        lines[index] = lines[index][: column - 1] + colour + lines[index][column:]
    event = parse_trf("\n".join(lines))
    game = next(g for g in event.games if g.round == 1 and g.involves("13"))
    assert (game.white, game.black, game.play) == ("153", "13", Play.FORFEIT)
    assert "trf_colour" not in game.extra
    assert parse_trf(write_trf(event)) == event
    # In FIDE's file the same forfeit has no colour ("- -" / "- +") and is written back so.
    original = next(g for g in read_trf(EXAMPLE).games if g.round == 1 and g.involves("13"))
    assert original.extra["trf_colour"] == "-"
    assert " 153 - -" in write_trf(read_trf(EXAMPLE))


def test_one_sided_game_names_both_cells():
    # Player 2's round 2 opponent changed from 77 to 78: 78's cell names player 1.
    index = _line_of(2)
    lines = list(LINES)
    start = round_column(2)
    assert lines[index][start - 1 : start + 3] == "  77"
    lines[index] = lines[index][: start - 1] + "  78" + lines[index][start + 3 :]
    with pytest.raises(ConflictingGameError) as caught:
        parse_trf("\n".join(lines), "x.trf")
    message = str(caught.value)
    assert f"x.trf, line {index + 1}, column {start}" in message
    assert f"x.trf, line {_line_of(78) + 1}, column {start}" in message
    assert "names player 1" in message
