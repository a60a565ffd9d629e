"""TRF-16 reader and writer (RULES.md section 5), on FIDE's own example file."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from conftest import DATA

from ratingkit.cli import main
from ratingkit.core.errors import (
    ConflictingGameError,
    InputError,
    RatingkitError,
    UnknownResultError,
)
from ratingkit.core.model import ByeKind, EventOrigin, EventType, Play
from ratingkit.formats import detect_format, read_event, write_event
from ratingkit.formats.trf import parse_trf, read_trf, round_column, write_trf

EXAMPLE = DATA / "fide-example1.trf"
TEXT = EXAMPLE.read_text(encoding="utf-8")
LINES = TEXT.split("\n")
#: What read_trf records of a UTF-8 file's encoding, which parse_trf (given text) cannot know.
READ_AS_UTF8 = EventOrigin(encoding="utf-8", files=(str(EXAMPLE),))


def read_as(event, like):
    """``event`` as if read from the file ``like`` was read from (the source and the files
    read are the only things a file's path changes)."""
    return replace(event, source=like.source, origin=replace(event.origin, files=like.origin.files))


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
    assert "092" in event.origin.type_note
    # 284 player lines (062 284), one of which is the bye placeholder "spielfrei".
    assert sum(line.startswith("001") for line in LINES) == 284
    assert len(event.players) == 283
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
    assert parse_trf(stripped, str(EXAMPLE), origin=READ_AS_UTF8) == read_trf(EXAMPLE)


def test_blank_rank_is_read_as_no_rank():
    index = _line_of(1)
    lines = list(LINES)
    lines[index] = lines[index][:85] + "    " + lines[index][89:]
    event = parse_trf("\n".join(lines))
    assert "rank" not in event.player("1").extra


def test_writing_back_reads_back_to_the_same_event(tmp_path):
    event = read_trf(EXAMPLE)
    text = write_trf(event)
    assert parse_trf(text, str(EXAMPLE), origin=READ_AS_UTF8) == event
    target = tmp_path / "again.trf"
    target.write_text(write_event(event, "trf"), encoding="utf-8")
    assert read_as(read_event(target), event) == event


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
    again = parse_trf(write_trf(event), event.source, origin=EventOrigin(encoding="utf-8"))
    assert read_as(again, event) == event


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


def _with_field(start_rank: int, first: int, text: str) -> list[str]:
    """FIDE's file with ``text`` written into player ``start_rank``'s line from column
    ``first`` on."""
    index = _line_of(start_rank)
    lines = list(LINES)
    lines[index] = lines[index][: first - 1] + text + lines[index][first - 1 + len(text) :]
    return lines


def test_points_field_that_contradicts_the_round_cells_exits_2(tmp_path, capsys):
    """Player 1's cells are 1 1 1 1 1 = = (6.0, his points field); 9.0 is refused at the
    points field (column 81), quoting both numbers."""
    assert LINES[_line_of(1)][80:84] == " 6.0"
    lines = _with_field(1, 81, " 9.0")
    err = _run_and_expect_exit_2(
        _broken(tmp_path, lines), tmp_path, capsys, f"line {_line_of(1) + 1}, column 81", "9"
    )
    assert "says 9 but the round cells add up to 6" in err
    with pytest.raises(InputError, match="column 81"):
        parse_trf("\n".join(lines))


def test_points_count_byes_and_forfeits_as_trf_scores_them():
    """The cells of FIDE's file that are not 1 = 0, each with the player's points field:
    forfeits (+ 1, - 0), the old-style bye "0000 - +" (1) and "0000 - -" (0), a blank round
    (Z, 0); all agree, and a bye rewritten as H (0.5) must move the points field too."""
    event = read_trf(EXAMPLE)
    assert event.points("153") == float(LINES[_line_of(153)][80:84])  # "13 - +" forfeit win
    assert event.points("13") == 0.0  # "153 - -"
    assert event.points("282") == 1.0  # four losses, "0000 - +" and two losses
    assert event.points("276") == 1.0  # round 1 blank (Z), two draws
    round5 = round_column(5)
    half_bye = _with_field(282, round5, "0000 - H")
    with pytest.raises(InputError, match="says 1 but the round cells add up to 0.5"):
        parse_trf("\n".join(half_bye))
    # A tournament that scored the pairing-allocated bye 0.5: the message says what to write.
    half_point = _with_field(282, 81, " 0.5")
    with pytest.raises(InputError, match=r"says 0.5 but .* add up to 1 .*write that round as"):
        parse_trf("\n".join(half_point))
    fixed = half_bye[:]
    index = _line_of(282)
    fixed[index] = fixed[index][:80] + " 0.5" + fixed[index][84:]
    assert parse_trf("\n".join(fixed)).points("282") == 0.5


def test_fide_id_must_be_digits(tmp_path, capsys):
    """Columns 58-68 hold the FIDE id: digits, or blank (player 146 has none)."""
    lines = _with_field(1, 58, "   34abc422")
    err = _run_and_expect_exit_2(
        _broken(tmp_path, lines), tmp_path, capsys, f"line {_line_of(1) + 1}, column 58"
    )
    assert "'34abc422'" in err
    with pytest.raises(InputError, match="FIDE id must be digits"):
        parse_trf("\n".join(lines))
    assert read_trf(EXAMPLE).player("146").fide_id is None


# -- the bye placeholder ("spielfrei", start rank 284 of FIDE's example) ----------------------


def _cell_text(start_rank: int, round_: int) -> str:
    line = LINES[_line_of(start_rank)]
    first = round_column(round_) - 1
    return line[first : first + 8]


def _file_points(line: str) -> float:
    return float(line[80:84])


def test_the_example_files_spielfrei_line_is_a_bye_placeholder():
    """Line 297 of FIDE's example: start rank 284 "spielfrei", nothing but a name, points 0.0,
    rank 0, blank cells but "0000 - -" in round 5, the round of player 282's bye "0000 - +";
    no cell of the file names 284.  It is not a player: 283 players are read, and a note says
    why 284 is left out."""
    line = LINES[_line_of(284)]
    assert line[14:47].strip() == "spielfrei" and line[48:79].strip() == ""
    assert (line[80:84], line[85:89]) == (" 0.0", "   0")
    assert [_cell_text(284, r).strip() for r in range(1, 8)] == ["", "", "", "", "0000 - -", "", ""]
    assert _cell_text(282, 5) == "0000 - +"
    assert not any(" 284 " in x[91:] for x in LINES if x.startswith("001") and x != line)

    event = read_trf(EXAMPLE)
    assert "284" not in event.player_ids and len(event.players) == 283
    assert not any(b.player == "284" for b in event.byes)
    assert event.extra["trf_bye_placeholders"] == ((284, "spielfrei", (5,)),)
    note = event.origin.type_note
    assert "start rank 284 ('spielfrei', line 297) only stands for the pairing-allocated" in note
    assert "round 5 (player 282)" in note
    assert event.origin.notes_beside_type == (note.split("; ", 1)[1],)
    # Every other line is read as before: its byes are its blank or "0000" cells, and its
    # points are its points field (counted here from the text itself).
    players = [x for x in LINES if x.startswith("001") and x != line]
    blank_or_bye = sum(
        1
        for x in players
        for r in range(1, 8)
        if not x[round_column(r) - 1 : round_column(r) + 3].strip().strip("0")
    )
    assert len(event.byes) == blank_or_bye == 21
    for x in players:
        assert event.points(x[4:8].strip()) == _file_points(x), x[:40]


def test_the_placeholder_is_in_no_report_and_no_ledger(tmp_path):
    from ratingkit.services.ledger import Ledger, LedgerError

    out = tmp_path / "report.txt"
    # --columns 400: the note on one line (the report wraps at 100 columns by default)
    command = ["rate", str(EXAMPLE), "--rules", "fide-2014", "--columns", "400"]
    assert main([*command, "--output", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    assert "spielfrei" in report  # in the note only
    assert "note: event type swiss" in report and "only stands for the pairing-allocated bye" in (
        report
    )
    rows = [x for x in report.split("\n") if "spielfrei" in x]
    assert len(rows) == 1 and "note:" in rows[0]
    # --type replaces the type note, not the placeholder's.
    given = tmp_path / "given.txt"
    command = ["rate", str(EXAMPLE), "--rules", "fide-2014", "--type", "swiss"]
    assert main([*command, "--columns", "400", "--output", str(given)]) == 0
    text = given.read_text(encoding="utf-8")
    assert "event type swiss (given)" in text and "only stands for the pairing-allocated" in text
    book = Ledger.create(tmp_path / "ledger.sqlite", "fide-2014")
    summary = book.import_file(EXAMPLE)
    assert summary.players_created == 283
    assert book.find_player("Vasquez,Rodrigo")
    with pytest.raises(LedgerError, match="no player 'spielfrei'"):
        book.find_player("spielfrei")
    book.close()


def _placeholder_variant(own_cell: str) -> str:
    """FIDE's file with player 282's round-5 bye written as a forfeit win against the
    placeholder (" 284 w +", as programs that pair the bye against a "spielfrei" player
    write it) and the placeholder's round-5 cell replaced by ``own_cell``."""
    lines = _with_field(282, round_column(5), " 284 w +")
    index = _line_of(284)
    first = round_column(5) - 1
    lines[index] = lines[index][:first] + own_cell.ljust(8) + lines[index][first + 8 :]
    return "\n".join(lines)


@pytest.mark.parametrize("own_cell", [" 282 b -", ""])
def test_a_forfeit_against_the_placeholder_is_a_bye(own_cell):
    """Round 5 of 282 against 284 as a forfeit win: 284 is still left out, and 282's round 5
    is his pairing-allocated bye, so his points field (1.0: four losses, the bye, two losses)
    still adds up.  The placeholder's own cell may give the forfeit's loss or nothing."""
    event = parse_trf(_placeholder_variant(own_cell), "x.trf")
    assert len(event.players) == 283 and "284" not in event.player_ids
    bye = next(b for b in event.byes if b.player == "282" and b.round == 5)
    assert bye.kind is ByeKind.PAIRING_ALLOCATED
    assert event.points("282") == _file_points(LINES[_line_of(282)]) == 1.0
    assert not any(g.involves("282") and g.round == 5 for g in event.games)
    assert "round 5 (player 282)" in event.origin.type_note


@pytest.mark.parametrize(
    "column, text, why",
    [
        (49, "1500", "a rating: someone"),
        (58, "    4600000", "a FIDE id: someone"),
        (70, "1990/01/01", "a birth date: someone"),
        (54, "GER", "a federation: someone"),
        (86, "    ", "a blank rank: maybe a file without ranks"),
        (86, " 284", "ranked: in the standings"),
        (round_column(5), "        ", "no cell stands for a bye"),
        (round_column(4), "0000 - -", None),  # a second explicit cell where nobody has a bye
    ],
)
def test_what_is_not_a_bye_placeholder(column, text, why):
    """The rule is narrow: a line that names someone, or with nothing that stands for a bye,
    stays a player (with no games: as the file says).  An explicit "0000 - -" in a round in
    which nobody has the bye is simply a zero-point bye of the placeholder; it still stands for
    the round-5 bye, so that one is kept out as before."""
    event = parse_trf("\n".join(_with_field(284, column, text)))
    if why is None:
        assert "284" not in event.player_ids
    else:
        assert "284" in event.player_ids, why
        assert "trf_bye_placeholders" not in event.extra
        assert event.player("284").name == "spielfrei"


def test_a_played_game_makes_the_line_a_player():
    """A placeholder plays no game: 284 given a lost game against 282 in round 5 (282 winning
    it instead of the bye) is a player."""
    lines = _with_field(282, round_column(5), " 284 w 1")
    lines[_line_of(284)] = _with_field(284, round_column(5), " 282 b 0")[_line_of(284)]
    event = parse_trf("\n".join(lines))
    assert "284" in event.player_ids
    assert any(g.involves("284") for g in event.played_games_of("282"))


def test_the_placeholder_is_written_back():
    """write_trf writes the placeholder line again, "0000 - -" opposite the bye it stood for:
    the text reads back to the same event (the same note, the same 283 players)."""
    event = read_trf(EXAMPLE)
    text = write_trf(event)
    line = next(x for x in text.split("\n") if x.startswith("001  284"))
    assert line[14:47].strip() == "spielfrei"
    assert line[round_column(5) - 1 : round_column(5) + 7] == "0000 - -"
    assert parse_trf(text, str(EXAMPLE), origin=READ_AS_UTF8) == event
    # The forfeit form is written back in the neutral form and reads back the same event.
    variant = parse_trf(_placeholder_variant(" 282 b -"), str(EXAMPLE))
    assert parse_trf(write_trf(variant), str(EXAMPLE)) == variant


# -- hostile input (issue 14): a RatingkitError naming file, line, column and value ------------


def _refused(lines: list[str] | str, line: int, column: int, *needles: str) -> str:
    """parse_trf refuses the text with a RatingkitError that starts with the place."""
    text = lines if isinstance(lines, str) else "\n".join(lines)
    with pytest.raises(RatingkitError) as caught:
        parse_trf(text, "x.trf")
    message = str(caught.value)
    assert message.startswith(f"x.trf, line {line}, column {column}: "), message
    for needle in needles:
        assert needle in message, message
    return message


@pytest.mark.parametrize("points", ["nan", " inf", "-inf", "1e99", "  ²", "6.0x"])
def test_points_that_are_no_number_are_refused(points):
    _refused(_with_field(1, 81, points.rjust(4)[:4]), _line_of(1) + 1, 81, "points must be")


@pytest.mark.parametrize(
    "column, text, what",
    [
        (5, "   ²", "start rank"),
        (49, "   ²", "rating"),
        (86, "   ²", "rank"),
        (round_column(1), "   ²", "opponent"),
        (58, "         ²2", "FIDE id"),
    ],
)
def test_a_superscript_digit_is_no_digit(column, text, what):
    """'²'.isdigit() is True but int('²') fails: fields are read as ASCII digits."""
    message = _refused(_with_field(1, column, text), _line_of(1) + 1, column, what)
    assert "²" in message


@pytest.mark.parametrize("rating", ["4001", "9999"])
def test_a_rating_above_4000_is_refused(rating):
    _refused(_with_field(1, 49, rating), _line_of(1) + 1, 49, "from 0 to 4000", repr(rating))


def test_a_rating_of_10_to_the_23_does_not_fit_its_columns():
    index = _line_of(1)
    lines = list(LINES)
    lines[index] = lines[index][:48] + "1" + "0" * 23 + lines[index][72:]
    _refused(lines, index + 1, 53, "must be blank")


def test_a_line_of_40000_rounds_is_refused_before_its_cells_are_read():
    """Today's reproduction: one line of 40,000 rounds (each a bye) took 55 s and 1.3 GB.
    No tournament has more than 999 rounds: the line is refused at round 1000's column."""
    index = _line_of(1)
    lines = list(LINES)
    lines[index] = lines[index].ljust(round_column(8) - 1) + "0000 - H  " * (40_000 - 7)
    _refused(lines, index + 1, round_column(1000), "40,000 rounds", "at most 999 rounds")


def test_too_many_round_cells_are_refused(monkeypatch):
    """players x rounds is bounded too (a 9,999-player file of one 999-round line would give
    every player 999 byes): FIDE's file of 284 x 7 cells, with the bound set to 284 x 6."""
    from ratingkit.formats import trf

    monkeypatch.setattr(trf, "MAX_CELLS", 284 * 6)
    longest = max(range(len(LINES)), key=lambda i: len(LINES[i]) if LINES[i][:3] == "001" else 0)
    _refused(LINES, longest + 1, round_column(7), "284 players of 7 rounds", "1,988 round cells")


def test_two_players_with_one_fide_id_are_refused_naming_both_lines():
    assert LINES[_line_of(1)][57:68] == "    3400042"
    message = _refused(
        _with_field(5, 58, "    3400042"), _line_of(5) + 1, 58, "FIDE id 3400042", "two players"
    )
    assert f"start rank 1 (line {_line_of(1) + 1})" in message and "start rank 5" in message


def test_two_lines_with_one_start_rank_are_refused():
    message = _refused(_with_field(2, 5, "   1"), _line_of(2) + 1, 5, "start rank 1 is used twice")
    assert f"first on line {_line_of(1) + 1}" in message


def test_a_player_paired_against_himself_is_refused():
    _refused(
        _with_field(1, round_column(1), "   1"),
        _line_of(1) + 1,
        round_column(1),
        "player 1 is paired against himself",
    )


def test_an_event_that_ends_before_it_starts_is_refused():
    lines = list(LINES)
    assert lines[4] == "052 31. 07. 2005"
    lines[4] = "052 27. 07. 2005"
    _refused(lines, 5, 5, "ends (2005-07-27, line 052) before it starts (2005-07-28")


@pytest.mark.parametrize(
    "char, needle", [("\x00", "NUL byte"), ("\t", "a tab"), ("\x1b", "control character")]
)
def test_control_characters_in_a_player_line_are_refused(char, needle):
    index = _line_of(2)
    lines = list(LINES)
    lines[index] = lines[index][:47] + char + lines[index][48:]
    _refused(lines, index + 1, 48, needle)


def test_a_nul_byte_in_the_file_is_named_by_line_and_column(tmp_path):
    index = _line_of(3)
    data = TEXT.encode("utf-8")
    at = data.index(LINES[index].encode()) + 20
    path = tmp_path / "nul.trf"
    path.write_bytes(data[:at] + b"\x00" + data[at + 1 :])
    with pytest.raises(RatingkitError, match=rf"nul.trf, line {index + 1}, column 21: NUL byte"):
        read_trf(path)


def test_a_tab_in_a_tag_line_is_kept():
    lines = list(LINES)
    lines[1] = "022 Frankfurt\t(Main) /GER"
    event = parse_trf("\n".join(lines))
    assert ("022", "Frankfurt\t(Main) /GER") in event.extra["trf_tags"]
    assert parse_trf(write_trf(event)) == event


def test_crlf_and_a_byte_order_mark_change_nothing(tmp_path):
    """A TRF saved on Windows (CRLF), with a UTF-8 byte-order mark, and not named .trf: it is
    recognised as TRF and read to the same event."""
    expected = read_trf(EXAMPLE)
    path = tmp_path / "event.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.replace("\n", "\r\n").encode("utf-8"))
    assert detect_format(path).name == "trf"
    assert read_as(read_event(path), expected) == expected
    text = "\ufeff" + TEXT.replace("\n", "\r\n")
    assert parse_trf(text, str(EXAMPLE), origin=READ_AS_UTF8) == expected


def test_a_file_cut_before_its_players_is_refused():
    with pytest.raises(RatingkitError, match="x.trf: no player lines"):
        parse_trf(TEXT[: TEXT.index("\n001")], "x.trf")


@pytest.mark.parametrize(
    "change, needle",
    [
        ({"name": "Smith\nJohn"}, "control character"),
        ({"rating": 5000}, "not from 0 to 4000|out of range"),
        ({"fide_id": "34OO042"}, "not digits"),
        ({"fide_id": "14101068"}, "given to two players|is given to both"),  # player 2's
        ({"name": "  "}, "has no name"),
    ],
)
def test_the_writer_refuses_what_the_reader_would_refuse(change, needle):
    """Either the event cannot be built (the model refuses a duplicate FIDE id or a rating
    beyond 4000 whatever the reader) or the writer refuses it."""
    event = read_trf(EXAMPLE)
    with pytest.raises(RatingkitError, match=needle):
        write_trf(event.with_player(replace(event.player("1"), **change)))
    with pytest.raises(RatingkitError, match="ends .* before it starts"):
        write_trf(replace(read_trf(EXAMPLE), end=date(2005, 7, 1)))


def test_a_bad_date_is_named_on_its_own_line():
    """Errors in tag lines name the line they are on: here the second of two 042 lines (the
    reader used to name the first line that had the tag)."""
    lines = list(LINES)
    lines[5:5] = ["042 31. 02. 2005"]
    _refused(lines, 6, 5, "impossible date '31. 02. 2005'")


def test_the_writer_keeps_the_order_of_the_players():
    """Found by the property tests: lines in the order of the file (start rank 9 first), not
    sorted by start rank."""
    text = "\n".join(
        ["012 A", *(f"001 {r:>4}      A{r:<32}" + " " * 33 + " 0.0" for r in (9, 2, 3))]
    )
    event = parse_trf(text)
    assert event.player_ids == ("9", "2", "3")
    assert parse_trf(write_trf(event)).player_ids == ("9", "2", "3")
