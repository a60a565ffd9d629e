from __future__ import annotations

import random
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from conftest import ROOT
from fuzz_inputs import SEEDS, Seed, cli_problems, cli_runs, hostile, mutate, place
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingkit.core import errors
from ratingkit.core.errors import (
    ConflictingGameError,
    InputError,
    Location,
    RatingkitError,
    RuleSetCannotRateError,
    UnknownRuleSetError,
    names_a_place,
    naming,
    placed,
    shown,
)
from ratingkit.core.output import one_line
from ratingkit.core.shogi import parse_grade
from ratingkit.core.values import MAX_ROUND, parse_round
from ratingkit.formats import read_event


def test_every_error_is_a_value_error():
    assert issubclass(RatingkitError, ValueError)
    assert issubclass(InputError, RatingkitError)


def test_location_text():
    assert str(Location("games.csv", 3, "result")) == "games.csv, line 3, field result"
    assert str(Location("a.trf", 14, 92)) == "a.trf, line 14, column 92"
    assert str(Location()) == "<input>"


def test_input_error_keeps_place_and_value():
    error = InputError("bad", Location("x.csv", 2), "v")
    assert str(error) == "x.csv, line 2: bad"
    assert error.value == "v"
    assert error.location.line == 2


def test_conflict_names_both_places():
    error = ConflictingGameError("scores disagree", Location("t.trf", 14), Location("t.trf", 20))
    assert "t.trf, line 14" in str(error) and "t.trf, line 20" in str(error)


def test_unknown_rule_set_lists_the_names():
    error = UnknownRuleSetError("fidee", ["fide-2014", "fesa"])
    assert str(error) == "unknown rule set 'fidee'; available: fide-2014, fesa"
    assert "none yet" in str(UnknownRuleSetError("x", []))


def test_a_long_value_is_named_by_its_start_and_length():
    assert shown("1 kyu") == "'1 kyu'"
    text = shown("x" * 3000)
    assert text.startswith("'xxxx") and text.endswith("... (3,000 characters)")
    assert len(text) < 100


def test_a_grade_of_thousands_of_characters_is_not_quoted_whole():
    with pytest.raises(errors.InvalidValueError) as caught:
        parse_grade("7" * 3000 + " kyu")
    assert len(str(caught.value)) < 300


# -- issue 25, part 5: errors a person understands ------------------------------------------


def test_one_line_joins_every_kind_of_line_break():
    assert one_line("a\nb") == "a b"
    assert one_line("a  \r\n  b\u2028c\x85d\n") == "a b c d"
    assert one_line("no break") == "no break"
    assert one_line("bell\x07 kept out") == "bell kept out"


def test_a_place_is_named_as_a_word_of_its_own():
    assert names_a_place("r/games.csv, line 2: bad", ["r"])
    assert names_a_place("a.trf: bad", ["/tmp/x/a.trf"])  # by its name alone
    assert not names_a_place("an error without the folder", ["r"])  # "r" inside words
    assert not names_a_place("abc.trf: bad", ["c.trf"])


def test_naming_puts_the_file_in_front_of_a_refusal_that_names_none():
    with pytest.raises(RuleSetCannotRateError) as caught, naming(["club/rr"]):
        raise RuleSetCannotRateError("Club RR: cannot rate", reason="cannot rate")
    assert str(caught.value) == "club/rr: Club RR: cannot rate"
    assert caught.value.reason == "cannot rate"  # the reason stays without a place
    assert caught.value.where == "club/rr"
    with pytest.raises(InputError) as named, naming(["club/rr"], also=["club/rr/games.csv"]):
        raise InputError("bad", Location("club/rr/games.csv", 3))
    assert str(named.value) == "club/rr/games.csv, line 3: bad"  # already named: unchanged


def test_placed_keeps_the_class_and_the_location():
    error = placed(InputError("bad", Location(None, 3), "v"), "x.csv")
    assert isinstance(error, InputError) and str(error) == "x.csv: line 3: bad"
    assert error.value == "v" and error.location.line == 3


def test_a_round_is_a_whole_number_from_1_to_the_cap():
    # The cap: the TRF reader's MAX_ROUNDS, 999 (a double round robin of 30 players has 58
    # rounds); at the cap a round is accepted, above it refused with its place and value.
    assert MAX_ROUND == 999
    assert parse_round("999") == 999
    assert parse_round(" 1 ") == 1
    where = Location("g.csv", 7, "round")
    with pytest.raises(errors.InvalidValueError) as caught:
        parse_round("1000000000000", where)
    assert str(caught.value) == (
        "g.csv, line 7, field round: round must be at most 999, got 1000000000000 "
        "(a typing or column mistake?)"
    )
    assert caught.value.value == 10**12
    with pytest.raises(errors.InvalidValueError, match="round must be 1 or more, got 0"):
        parse_round("0", where)
    with pytest.raises(errors.InvalidValueError, match="out of range"):
        parse_round("9" * 40, where)


def _pair(folder: Path, games: str, players: str = "id,name,rating\na,Ada,1800\nb,Ben,1700\n"):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players.csv").write_text(players)
    (folder / "games.csv").write_text(games)
    return folder


@pytest.mark.parametrize("round_", ["1000000000000", "1000"])
def test_a_csv_round_above_the_cap_is_refused_with_file_line_and_value(tmp_path, round_):
    folder = _pair(tmp_path / "ev", f"round,white,black,result\n1,a,b,1-0\n{round_},b,a,0-1\n")
    with pytest.raises(errors.InvalidValueError) as caught:
        read_event(folder)
    message = str(caught.value)
    assert message.startswith(f"{folder / 'games.csv'}, line 3, field round: ")
    assert f"got {round_}" in message


def test_a_csv_round_at_the_cap_is_read(tmp_path):
    folder = _pair(tmp_path / "ev", "round,white,black,result\n999,a,b,1-0\n")
    assert read_event(folder).games[0].round == 999


def test_a_club_round_above_the_cap_is_refused(tmp_path):
    folder = tmp_path / "club"
    shutil.copytree(ROOT / "examples" / "lnmo-club", folder)
    games = (folder / "games.csv").read_text().splitlines()
    header = games[0].split(",")
    cells = games[1].split(",")
    cells[header.index("round")] = "1000000000000"
    games[1] = ",".join(cells)
    (folder / "games.csv").write_text("\n".join(games) + "\n")
    with pytest.raises(errors.InvalidValueError) as caught:
        read_event(folder, "club")
    assert str(caught.value).startswith(f"{folder / 'games.csv'}, line 2, field round: ")


def test_an_event_field_of_rounds_above_the_cap_is_refused(tmp_path):
    folder = _pair(tmp_path / "ev", "round,white,black,result\n1,a,b,1-0\n")
    (folder / "event.csv").write_text("field,value\nrounds,1000000000000\n")
    with pytest.raises(errors.InvalidValueError, match="rounds must be at most 999"):
        read_event(folder)


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("name", ["event.csv", "event.trf", "event.txt"])
def test_an_empty_file_says_it_is_empty(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError) as caught:
        read_event(path)
    assert str(caught.value) == f"{path}: the file is empty"


def test_an_empty_file_of_a_folder_is_named(tmp_path):
    folder = _pair(tmp_path / "ev", "")
    with pytest.raises(InputError) as caught:
        read_event(folder)
    assert str(caught.value) == f"{folder / 'games.csv'}: the file is empty"


def test_the_known_formats_show_no_empty_brackets(tmp_path):
    # club records are recognised by their content (a folder), not by a suffix.
    path = tmp_path / "notes.bin"
    path.write_text("nothing any format knows\n")
    with pytest.raises(errors.UnknownFormatError) as caught:
        read_event(path)
    message = str(caught.value)
    assert "()" not in message
    assert message.endswith(
        "known formats: csv (.csv), trf (.trf), scorecsv (.csv), fesa (.fesa), club"
    )


def test_an_unclosed_quote_names_the_line_it_opened_on_in_one_line(tmp_path):
    folder = _pair(
        tmp_path / "ev",
        'round,white,black,result\n1,a,b,1-0\n2,"b,a,0-1\n3,a,b,1-0\n4,b,a,0-1\n',
    )
    with pytest.raises(errors.MalformedLineError) as caught:
        read_event(folder)
    message = str(caught.value)
    assert message == (
        f"{folder / 'games.csv'}, line 3: a quote opened on this line is not closed "
        "(its cell runs on to line 5): '2,\"b,a,0-1'"
    )


def test_a_row_of_thousands_of_characters_is_not_quoted_whole(tmp_path):
    folder = _pair(tmp_path / "ev", "round,white,black,result\n1,a,b," + "x," * 3000 + "\n")
    with pytest.raises(errors.MalformedLineError) as caught:
        read_event(folder)
    assert "expected 4 fields" in str(caught.value) and len(str(caught.value)) < 400


# -- hostile inputs through the command line ---------------------------------------------

EVENT_SEEDS = [s for s in SEEDS if s.reader == "event"]


def _original(seed: Seed) -> bytes:
    return (seed.path / seed.member if seed.member else seed.path).read_bytes()


@settings(
    derandomize=True,
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.sampled_from(EVENT_SEEDS), rnd=st.randoms(use_true_random=False))
def test_every_cli_failure_on_a_hostile_file_is_one_error_line_naming_the_file(seed, rnd):
    data = hostile(_original(seed), rnd)
    with tempfile.TemporaryDirectory(prefix="ratingkit-cli-fuzz-") as tmp:
        path = place(seed, data, Path(tmp))
        runs = cli_runs(seed, path)
        problems = [(r.words, p) for r in runs for p in cli_problems(r, seed, path)]
    assert not problems, (seed.label, problems, data[:1000])


def test_the_hostile_inputs_include_failures_of_every_kind():
    # The property above is not vacuous: among a few fixed mutations some are refused.
    statuses = set()
    rnd = random.Random(25)
    with tempfile.TemporaryDirectory(prefix="ratingkit-cli-fuzz-") as tmp:
        for seed in EVENT_SEEDS:
            data = mutate(_original(seed), rnd, ops=3)
            path = place(seed, data, Path(tmp))
            statuses |= {r.status for r in cli_runs(seed, path)}
    assert 2 in statuses


def test_an_impossible_date_says_why_in_ratingkits_words():
    from ratingkit.core.values import parse_date

    for text, why in (
        ("1966.0.13", "there is no month 0"),
        ("2023-02-29", "that month has 28 days"),  # 2023 is no leap year
        ("31.04.2020", "that month has 30 days"),
        ("0000-01-01", "year 0 is out of range"),
    ):
        with pytest.raises(errors.InvalidValueError) as caught:
            parse_date(text, Location("p.csv", 2, "born"))
        assert str(caught.value) == f"p.csv, line 2, field born: impossible date {text!r}: {why}"


def test_a_header_swollen_by_an_open_quote_is_refused_at_its_line(tmp_path):
    folder = _pair(
        tmp_path / "ev",
        "round,white,black,result\n1,a,b,1-0\n",
        players='id,"name,rating\na,Ada,1800\nb,Ben,1700\n',
    )
    with pytest.raises(errors.MalformedLineError) as caught:
        read_event(folder)
    assert str(caught.value) == (
        f"{folder / 'players.csv'}, line 1: a quote opened on this line is not closed "
        "(its cell runs on to line 3): 'id,\"name,rating'"
    )


def test_a_long_field_name_is_cut_to_one_line():
    where = str(Location("p.csv", 1, "name\nrating\n" + "x" * 500))
    assert "\n" not in where and len(where) < 120
    assert where.startswith("p.csv, line 1, field 'name\\nrating")


# -- the same hostile files in Russian and Turkish ----------------------------------------


def _file_words() -> set[str]:
    """The words files and options are written in, which stay English in every language:
    column and field names, event types, handicaps, format names, proper names."""
    from ratingkit.core.model import EventType
    from ratingkit.core.players import EXTRA_COLUMNS, KNOWN_COLUMNS
    from ratingkit.core.shogi import HANDICAP_NAMES
    from ratingkit.formats import clubcsv, csvpair, eventfields, formats

    names = [
        *KNOWN_COLUMNS,
        *EXTRA_COLUMNS,
        *csvpair.GAME_COLUMNS,
        *csvpair.OPTIONAL_GAME_COLUMNS,
        *csvpair.PLAYER_STATE_COLUMNS,
        *clubcsv.GAME_COLUMNS,
        *eventfields.KNOWN_FIELDS,
        *(t.value for t in EventType),
        *HANDICAP_NAMES,
        *formats(),
        "ratingkit FIDE FESA LNMO Tournament Report File byes blank",
    ]
    return {w.lower() for name in names for w in re.findall(r"[A-Za-z]+", str(name))}


def _template_words(line: str, data: bytes, folder: Path) -> set[str]:
    """The English words of an error line that come from ratingkit's own text: not the
    paths, not quoted values, not words of the file itself nor of the file formats."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", " ", line.replace(str(folder), " "))
    words = {w.lower() for w in re.findall(r"(?<![\w./-])[A-Za-z][a-z]{3,}(?![\w/-]|\.\w)", text)}
    own = data.decode("utf-8", "replace").lower()
    return {w for w in words if w not in own} - _file_words()


#: Hostile files: each event seed with a few fixed edits of :func:`fuzz_inputs.hostile`.
HOSTILE = [(seed, k) for seed in EVENT_SEEDS for k in range(4)]


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_every_cli_error_on_the_hostile_files_is_translated(language, tmp_path):
    untranslated, refused = [], 0
    for seed, k in HOSTILE:
        data = hostile(_original(seed), random.Random(k))
        path = place(seed, data, tmp_path)
        english = {run.words[2]: run.stderr for run in cli_runs(seed, path, "en")}
        for run in cli_runs(seed, path, language):
            if run.status != 2:
                continue
            refused += 1
            shared = _template_words(run.stderr, data, tmp_path) & _template_words(
                english[run.words[2]], data, tmp_path
            )
            if shared:
                untranslated.append((seed.label, sorted(shared), run.stderr.strip()[:300]))
    assert refused >= len(HOSTILE) // 2  # most of these files are refused: the sweep sees them
    assert not untranslated, untranslated
