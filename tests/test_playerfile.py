from __future__ import annotations

from datetime import date

import pytest

from ratingkit.core.errors import DuplicatePlayerError, InvalidValueError, MalformedLineError
from ratingkit.core.players import PlayerFile, normalise_name, parse_player_csv, read_player_file


def test_reads_every_known_column(tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(
        "id,name,rating,games,born,k,ever_2400,grade,prior_grade,club\n"
        '7,"Tanaka, Aiko",1710,25,2009-04-01,40,no,1 dan,2 kyu,Leiden\n'
    )
    record = read_player_file(path).records[0]
    assert record.id == "7" and record.name == "Tanaka, Aiko"
    assert (record.rating, record.games, record.k, record.ever_2400) == (1710, 25, 40, False)
    assert record.born == date(2009, 4, 1)
    assert (record.grade, record.prior_grade) == ("1 dan", "2 kyu")
    assert record.extra == {"club": "Leiden"}


def test_empty_cells_are_none():
    record = parse_player_csv("id,name,rating,games\nx,X,,\n").records[0]
    assert record.rating is None and record.games is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id,name,games\nx,X,many\n", "players.csv, line 2, field games: games must be a whole"),
        ("id,name,ever_2400\nx,X,perhaps\n", "field ever_2400: expected yes/no"),
        ("id,name,born\nx,X,2001-13-01\n", "field born: impossible date"),
        ("id,name,k\nx,X,0\n", "K must be positive"),
        ("id,name\nx,X,extra\n", "line 2: expected 2 fields"),
        ("rating\n2000\n", "line 1: the header must name an 'id' or 'name'"),
    ],
)
def test_bad_values_name_line_and_field(text, message):
    with pytest.raises((InvalidValueError, MalformedLineError), match=message):
        parse_player_csv(text, "players.csv")


def test_duplicate_ids():
    with pytest.raises(DuplicatePlayerError, match="line 3: id 'x' appears twice"):
        parse_player_csv("id,name\nx,A\nx,B\n", "p.csv")


def test_match_by_id_and_by_name():
    file = PlayerFile.from_records(
        [{"id": "1", "name": "Tanaka Aiko", "games": 30}, {"id": "2", "name": "Berg, Lars"}],
        "p.csv",
    )
    by_id = file.match([("1", "x"), ("3", "y")])
    assert by_id.key == "id" and set(by_id.records) == {"1"} and by_id.unmatched == ("3",)
    assert "not found: 3" in by_id.note()
    by_name = file.match([("9", "tanaka  aiko"), ("8", "Berg Lars")], by_name=True)
    assert by_name.key == "name" and by_name.records["8"].id == "2"


def test_files_without_ids_join_on_names():
    file = parse_player_csv("name,games\nAnn,3\n")
    assert file.match([("17", "ANN")]).records["17"].games == 3


def test_normalise_name():
    assert normalise_name(" Tanaka,  Aiko ") == normalise_name("tanaka aiko")


def test_written_state_reads_back():
    from ratingkit.core.players import write_player_csv

    original = parse_player_csv(
        "id,name,rating,games,born,ever_2400,grade,note\n"
        "1,Ann,2401,35,2001-02-03,yes,,3\n2,Bob,,,,,4 kyu,\n",
        "p.csv",
    )
    text = write_player_csv(original)
    assert text.splitlines()[0] == "id,name,rating,games,born,ever_2400,grade,note"
    assert parse_player_csv(text, "p.csv").records == original.records


# -- Issue 14, point 14: values that read but no rule allows ------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # A rating of 10^23: ratings run from 0 to 4000 (the range).
        (f"id,rating\nx,{10**23}\n", "field rating: rating '1000.* out of range .24 digits"),
        ("id,rating\nx,4001\n", "line 2, field rating: rating '4001' is out of range"),
        # K as the FIDE texts set it (10, 15, 20, 25, 30, 40), not 10^20.
        (f"id,k\nx,{10**20}\n", "line 2, field k: K '1000.* is out of range .21 digits"),
        ("id,k\nx,41\n", "line 2, field k: K 41 is not a K factor of the FIDE regulations"),
        ("id,games\nx,1000000\n", "line 2, field games: games 1000000 is more than"),
    ],
)
def test_values_beyond_the_rules_are_refused(text, message):
    with pytest.raises(InvalidValueError, match=message):
        parse_player_csv(text, "players.csv")


@pytest.mark.parametrize("k", [10, 15, 20, 25, 30, 40])
def test_every_fide_k_factor_is_accepted(k):
    assert parse_player_csv(f"id,k\nx,{k}\n").records[0].k == k


def test_a_cell_of_140000_characters_is_a_clean_error():
    """Issue 14: `_csv.Error: field larger than field limit` came out as a traceback."""
    text = 'id,name\nx,"' + "a" * 140_000 + '"\n'
    with pytest.raises(MalformedLineError, match="players.csv, line 2: the player file cannot be"):
        parse_player_csv(text, "players.csv")


def test_a_rating_read_before_is_refused_again_at_each_row_and_file_that_gives_it():
    # A rating text is read once (a month's files repeat the same ratings); a refused one
    # is refused at each row that gives it, naming that file, line and cell.
    ok = parse_player_csv("id,rating\na,1800\nb,1800\nc,0\n", "first.csv")
    assert [r.rating for r in ok] == [1800, 1800, None]
    for source, text, line in (
        ("one.csv", "id,rating\na,1800\nb,4001\n", 3),
        ("two.csv", "id,name,rating\nx,X,1800\ny,Y,2000\nz,Z,4001\n", 4),
    ):
        with pytest.raises(InvalidValueError) as refused:
            parse_player_csv(text, source)
        assert str(refused.value).startswith(f"{source}, line {line}, field rating: rating '4001'")
        assert refused.value.value == "4001"
