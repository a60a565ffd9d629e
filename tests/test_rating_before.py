"""Issue 24: the one rule for a player's rating before an event
(``core.players.rating_before``), and names matched the way people type them (part 5).

The rule, as the issue states it: the event's rating when the player file gives none or the
same; the player file's when the event gives none; a difference an error naming the player,
both ratings and both places, unless the rule set declares it (FIDE 2024 7.1: the event is
rated with the rating of the list in force when it began, the change goes onto the previous
list's)."""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st
from older_ledgers import undo_schema_5

from ratingkit import cli
from ratingkit.core.errors import Location
from ratingkit.core.model import Event, Game, Player
from ratingkit.core.outcome import NoteKind, Rule
from ratingkit.core.players import (
    PlayerFile,
    PlayerRecord,
    RatingConflictError,
    RatingFrom,
    carry_forward,
    differing_rating_rule,
    match_warning,
    normalise_name,
    rating_before,
    with_ratings_before,
)
from ratingkit.registry import get_rule_set
from ratingkit.services.ledger import ImportErrors, Ledger

RULE_7_1 = Rule("7.1", "the change goes onto the previous list")
AT = Location("p0.csv", 3)


def _player(rating, pid="a", name="Ann Alpha"):
    return Player(pid, name, rating, location=Location("ev/players.csv", 2))


def _record(rating, pid="a", name="Ann Alpha"):
    return PlayerRecord(id=pid, name=name, rating=rating, location=AT)


# -- the rule ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "file", "rule", "rating", "source"),
    [
        (None, None, None, None, RatingFrom.NEITHER),
        (2000, None, None, 2000, RatingFrom.EVENT),
        (None, 2071, None, 2071, RatingFrom.FILE),  # the issue: 2071 is his rating
        (2071, 2071, None, 2071, RatingFrom.EVENT),
        (2000, 2071, RULE_7_1, 2000, RatingFrom.EVENT_ONTO_FILE),  # 7.1: the event's rates
        (None, 2071, RULE_7_1, 2071, RatingFrom.FILE),
    ],
)
def test_the_rule(event, file, rule, rating, source):
    decided = rating_before(_player(event), _record(file), rule)
    assert (decided.rating, decided.file_rating, decided.source) == (rating, file, source)
    assert decided.rule == (rule if source is RatingFrom.EVENT_ONTO_FILE else None)
    assert rating_before(_player(event), None, rule).rating == event  # no record


def test_a_difference_no_rule_allows_is_one_line_naming_both():
    with pytest.raises(RatingConflictError) as error:
        rating_before(_player(2000), _record(2071), None, event_place="ev")
    text = str(error.value)
    assert "\n" not in text
    assert text.startswith(
        "p0.csv, line 3, field rating: 'Ann Alpha' has the rating 2071 in the player file"
    )
    assert "2000 in the event (ev/players.csv, line 2)" in text
    assert error.value.value == 2071 and error.value.location == replace(AT, column="rating")
    # A record read from no file (a state a run carried): the phrase given names it.
    carried = PlayerRecord(id="a", name="Ann Alpha", rating=2071)
    player = Player("a", "Ann Alpha", 2000)
    with pytest.raises(
        RatingConflictError,
        match=r"^'Ann Alpha' has the rating 2071 in the state A left but 2000 in the event "
        r"\(b\.csv\)",
    ):
        rating_before(player, carried, None, event_place="b.csv", state_place="in the state A left")


def test_each_rule_set_declares_whether_its_event_rating_may_differ():
    # FIDE 2014-2025: 7.1 (the previous list); FIDE 1982, FESA, LNMO: one rating.
    declared = {name: differing_rating_rule(get_rule_set(name)) for name in _BUILTIN}
    assert {n for n, r in declared.items() if r is not None} == {
        "fide-2014",
        "fide-2022",
        "fide-2024",
        "fide-2025",
    }
    assert declared["fide-2014"].clause == "7.1"
    assert differing_rating_rule(object()) is None  # a rule set with no state codec


_BUILTIN = [
    "fide-2014",
    "fide-2022",
    "fide-2024",
    "fide-2025",
    "fide-1982",
    "fide-1982-literal",
    "fesa",
    "fesa-2011",
    "fesa-program",
    "fesa-nsr",
    "lnmo",
]


def test_an_event_gets_the_player_file_s_ratings_where_it_gives_none():
    event = Event(
        "E",
        (_player(None), _player(1900, "b", "Bob Beta"), _player(None, "c", "Cid")),
        (Game(1, "a", "b", 1.0, 0.0),),
        source="ev",
    )
    records = {"a": _record(2071), "b": _record(1900, "b", "Bob Beta")}
    filled = with_ratings_before(event, records, None, "p0.csv")
    assert [p.rating for p in filled.players] == [2071, 1900, None]
    (note,) = filled.origin.read_notes
    assert note.players == ("a",) and "Ann Alpha 2071" in note
    assert event.players[0].rating is None  # the input is not changed
    # Nothing to fill: the event itself.
    assert with_ratings_before(event, {"b": records["b"]}, None, "p0.csv") is event
    with pytest.raises(RatingConflictError):
        with_ratings_before(event, {"b": _record(1950, "b", "Bob Beta")}, None, "p0.csv")
    allowed = with_ratings_before(event, {"b": _record(1950, "b", "Bob Beta")}, RULE_7_1)
    assert allowed is event  # 7.1: the event keeps its own


def test_fide_8_53_a_rating_the_state_never_published_is_ignored():
    """A player whose state has him unrated, results waiting (7.14), and whom the event gives a
    rating: an earlier temporary rating of an unrated player, ignored (8.53), with a note."""
    event = Event(
        "E",
        (Player("n", "Nina", 1419), Player("a", "Abe", 2000)),
        (Game(1, "n", "a", 1.0, 0.0),),
        start=date(2016, 2, 1),
    )
    state = PlayerFile(
        (
            PlayerRecord(id="n", name="Nina", extra={"pending_results": "2000:1@2016-01-10"}),
            PlayerRecord(id="a", name="Abe", rating=2000, games=50),
        ),
        "state.csv",
    )
    outcome = get_rule_set("fide-2014").outcome(event, state)
    assert outcome.player("n").rating_before is None
    assert any("8.53" in str(n) and "Nina 1419" in str(n) for n in outcome.notes)


# -- --save-state carries the player file forward ------------------------------------------


def test_carry_forward_keeps_the_players_who_did_not_play():
    before = PlayerFile(
        (
            PlayerRecord(id="a", name="Ann", rating=2000),
            PlayerRecord(id="b", name="Bob", rating=1900),
            PlayerRecord(name="Cid", rating=1800),  # no id: by name
            PlayerRecord(id="x7", name="Dee", extra={"fide_id": "14101068"}),
        ),
        "p0.csv",
    )
    after = PlayerFile(
        (
            PlayerRecord(id="a", name="Ann", rating=2010),
            PlayerRecord(id="Cid", name="CID", rating=1790),  # a TRF keys him by his name
            PlayerRecord(id="14101068", name="Dee", rating=1500),  # keyed by his FIDE id
            PlayerRecord(id="e", name="Eve", rating=1600),  # new
        ),
        "new state",
    )
    merged = carry_forward(before, after)
    assert [(r.id, r.rating) for r in merged] == [
        ("a", 2010),
        ("b", 1900),
        ("Cid", 1790),
        ("14101068", 1500),
        ("e", 1600),
    ]
    assert carry_forward(None, after) is after


# -- part 5: names as people type them ------------------------------------------------------


def test_names_compare_after_nfc_and_case_folding():
    composed = "Müller Jörg"
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed and len(decomposed) == len(composed) + 2
    assert normalise_name(decomposed) == normalise_name(composed) == "müller jörg"
    assert normalise_name("MÜLLER,  Jörg") == "müller jörg"
    assert normalise_name("Straße") == normalise_name("STRASSE")
    # Decomposed Turkish letters too (case folding is not Turkish: "I" folds to "i", not "ı").
    assert normalise_name("İlkay Işık") == normalise_name(
        unicodedata.normalize("NFD", "İlkay Işık")
    )


@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20))
def test_the_name_key_is_one_for_every_unicode_spelling(text):
    key = normalise_name(text)
    for form in ("NFC", "NFD"):
        assert normalise_name(unicodedata.normalize(form, text)) == key
    assert normalise_name(key) == key
    assert unicodedata.is_normalized("NFC", key)


def test_the_warning_needs_both_sides_to_miss():
    # A federation's list (most rows not playing) and a file of a few players' state are
    # usual; a file of which most rows and most of the event's players miss each other is not.
    assert match_warning("f", rows=1000, rows_matched=20, players=20, missing=[]) is None
    assert match_warning("f", rows=7, rows_matched=7, players=283, missing=["x"] * 276) is None
    note = match_warning("f", rows=3, rows_matched=0, players=2, missing=["Ann", "Bob"])
    assert note is not None and note.kind is NoteKind.WARNING
    assert "rows matched: 0 of 3" in note.text and "not found: 2 of 2: Ann, Bob" in note.text
    assert match_warning("f", rows=2, rows_matched=1, players=2, missing=["Bob"]) is None


FESA_HEADER = "Nr Name                      Nat  Grade  ELO    1   2  MMS Pts   +/-"


def _fesa_table(tmp_path, name: str):
    row = f" 1 {name.ljust(25)} DE   1 Dan  1710   2+  0-   0  1"
    other = " 2 Berg           Lars       SE   3 Kyu  1390   1-  0-   0  0"
    path = tmp_path / "cup.txt"
    path.write_text("\n".join([FESA_HEADER, row, other]) + "\n", encoding="utf-8")
    return path


def test_a_decomposed_name_in_a_fesa_table_finds_the_composed_one(tmp_path, capsys):
    nfd = (
        unicodedata.normalize("NFD", "Müller") + "         " + unicodedata.normalize("NFD", "Jörg")
    )
    table = _fesa_table(tmp_path, nfd)
    players = tmp_path / "players.csv"
    players.write_text(
        "name,games,bonus_games\nMüller Jörg,5,100\nBerg Lars,40,100\n", encoding="utf-8"
    )
    assert cli.main(["rate", str(table), "--rules", "fesa", "--players", str(players)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "2 players matched by name" in " ".join(out.split())  # the notes are wrapped
    # His 5 games from the file: 6 with this one, unrated (rule 3), not established.
    assert cli.main(["rate", str(table), "--rules", "fesa", "--players", str(players),
                     "--format", "json", "--player", "1"]) == 0  # fmt: skip
    assert '"category": "unrated"' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "word", "counts"),
    [
        ("en", "warning", "rows matched: 0 of 2"),
        ("ru", "предупреждение", "совпавшие строки: 0 из 2"),
        ("tr", "uyarı", "eşleşen satırlar: 0/2"),
    ],
)
def test_a_player_file_that_mostly_misses_is_a_warning_with_the_count(
    tmp_path, capsys, lang, word, counts
):
    table = _fesa_table(tmp_path, "Mueller        Joerg")
    players = tmp_path / "players.csv"
    players.write_text("name,games\nMüller Jörg,5\nSomeone Else,40\n", encoding="utf-8")
    args = ["rate", str(table), "--rules", "fesa", "--players", str(players), "--lang", lang]
    assert cli.main(args) == 0
    out, err = capsys.readouterr()
    assert err.startswith(f"ratingkit: {word}: {players}: ") and counts in err
    assert "Mueller Joerg, Berg Lars" in err and len(err.strip().splitlines()) == 1
    assert counts in " ".join(out.split())  # and among the report's notes


# -- the ledger --------------------------------------------------------------------------------


def test_the_ledger_refuses_an_import_whose_ratings_differ_from_its_player_file(tmp_path):
    (tmp_path / "games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2024-01-10\n")
    (tmp_path / "players.csv").write_text("id,name,rating\na,Ann,1600\nb,Bob,\n")
    (tmp_path / "state.csv").write_text("id,name,rating\na,Ann,1650\nb,Bob,1500\n")
    with Ledger.create(tmp_path / "l.sqlite", "fesa") as book:
        with pytest.raises(ImportErrors) as error:
            book.import_file(tmp_path / "games.csv", tmp_path / "state.csv")
        assert f"{tmp_path / 'state.csv'}, line 2, field rating: 'Ann' has the rating 1650" in str(
            error.value
        )
        assert len(book.events()) == 0  # nothing applied
        with sqlite3.connect(book.path) as connection:
            assert connection.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0
        # Bob's rating from the player file, where the event gives none: FESA rates him.
        (tmp_path / "state.csv").write_text("id,name,rating\na,Ann,1600\nb,Bob,1500\n")
        book.import_file(tmp_path / "games.csv", tmp_path / "state.csv")
        book.rate_period("2024-01")
        assert book.history("b").rows[0]["rating_before"] == 1500


def test_schema_4_keys_a_decomposed_name_as_the_composed_one(tmp_path):
    path = tmp_path / "l.sqlite"
    composed = "Müller Jörg"
    decomposed = unicodedata.normalize("NFD", composed)
    with Ledger.create(path, "fesa") as book:
        (tmp_path / "games.csv").write_text(
            "round,white,black,result,date\n1,1,2,1-0,2024-01-10\n", encoding="utf-8"
        )
        (tmp_path / "players.csv").write_text(
            f"id,name,rating\n1,{decomposed},1600\n2,Berg Lars,1500\n", encoding="utf-8"
        )
        book.import_file(tmp_path / "games.csv")
    # As a ledger of schema 3 stored it: the key of the decomposed text.
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE players SET name_key = ? WHERE name = ?", (decomposed.casefold(), decomposed)
        )
        undo_schema_5(connection)
        connection.execute("PRAGMA user_version = 3")
    with Ledger(path) as book:
        assert book._connection.execute("PRAGMA user_version").fetchone()[0] == 7
        assert book.find_player(composed) == book.find_player(decomposed)


def test_a_run_of_published_tables_with_events_missing_between_them_is_refused(capsys):
    """Two real FESA tables a year apart, rated in one run: between them FESA rated other
    events, so the rating the first leaves a player with is not the ELO the second table
    publishes for him (Pucher Olivier: 1887 in the 2025 table).  The error names the state
    the earlier event left and the event's file, in one line, and nothing is rated."""
    from pathlib import Path

    data = Path(__file__).parent / "data" / "fesa"
    code = cli.main(
        [
            "rate",
            str(data / "cdf-2024-angers.txt"),
            str(data / "cdf-2025-nantes.txt"),
            "--rules",
            "fesa",
        ]
    )
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    (line,) = err.strip().splitlines()
    assert "'Pucher Olivier' has the rating" in line
    assert "in the state the events before it left but 1887 in the event" in line
    assert "cdf-2025-nantes.txt" in line
