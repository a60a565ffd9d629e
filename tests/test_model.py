from __future__ import annotations

import re
from dataclasses import FrozenInstanceError, replace

import pytest

from ratingkit.core.errors import (
    ConflictingGameError,
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    UnknownPlayerError,
    UnknownResultError,
)
from ratingkit.core.model import (
    Bye,
    ByeKind,
    Colour,
    Event,
    EventOrigin,
    EventType,
    Game,
    GameEntry,
    Handicap,
    Play,
    Player,
    Special,
    assemble_games,
    parse_result,
    with_game,
)


def _players(n: int) -> tuple[Player, ...]:
    return tuple(Player(str(i), f"P{i}", 2000 + 10 * i) for i in range(1, n + 1))


def _round_robin(n: int = 4) -> Event:
    players = _players(n)
    games = []
    ids = [p.id for p in players]
    round_ = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            round_ += 1
            games.append(Game(round_, a, b, 1.0, 0.0))
    return Event("rr", players, tuple(games))


def test_results_parse_from_white_side():
    assert parse_result("1-0") == (1.0, 0.0, Play.PLAYED)
    assert parse_result("=") == (0.5, 0.5, Play.PLAYED)
    assert parse_result("1/2-1/2") == (0.5, 0.5, Play.PLAYED)
    assert parse_result("-/+") == (0.0, 1.0, Play.FORFEIT)
    with pytest.raises(UnknownResultError, match="'2-0'"):
        parse_result("2-0", Location("games.csv", 5, "result"))


def test_game_validation():
    with pytest.raises(InvalidValueError, match="add up to 1"):
        Game(1, "a", "b", 1.0, 1.0)
    with pytest.raises(InvalidValueError, match="cannot play himself"):
        Game(1, "a", "a", 1.0, 0.0)
    with pytest.raises(InvalidValueError, match="handicap giver"):
        Game(1, "a", "b", 1.0, 0.0, handicap=Handicap("rook", "c"))
    double_forfeit = Game(1, "a", "b", 0.0, 0.0, play=Play.FORFEIT)
    assert not double_forfeit.is_played
    assert double_forfeit.result_code == "-/-"


def test_game_accessors():
    game = Game(3, "a", "b", 0.0, 1.0, special=Special.ILLEGAL_MOVE)
    assert game.sente == "a" and game.gote == "b"
    assert game.opponent_of("b") == "a"
    assert game.score_of("b") == 1.0
    assert game.result_code == "0-1"
    with pytest.raises(KeyError):
        game.score_of("z")


def test_specials_and_event_types_parse():
    assert Special.parse("kinte") is Special.ILLEGAL_MOVE
    assert Special.parse("") is None
    assert EventType.parse("round-robin") is EventType.ROUND_ROBIN
    assert EventType.parse("Swiss") is EventType.SWISS
    with pytest.raises(InvalidValueError, match="'knockout'"):
        EventType.parse("knockout")
    with pytest.raises(InvalidValueError, match="'draw by agreement'"):
        Special.parse("draw by agreement")


def test_bye_points():
    assert [k.points for k in ByeKind] == [0.5, 1.0, 1.0, 0.0]


def test_event_is_immutable_and_checks_players():
    event = _round_robin()
    with pytest.raises(FrozenInstanceError):
        event.name = "x"  # type: ignore[misc]
    with pytest.raises(DuplicatePlayerError, match="'1'"):
        Event("e", (Player("1", "A"), Player("1", "B")), ())
    with pytest.raises(UnknownPlayerError, match="'9'"):
        Event("e", _players(2), (Game(1, "1", "9", 1.0, 0.0),))
    with pytest.raises(ConflictingGameError, match="two games or byes in round 1"):
        Event("e", _players(3), (Game(1, "1", "2", 1.0, 0.0), Game(1, "1", "3", 1.0, 0.0)))
    with pytest.raises(ConflictingGameError):
        Event("e", _players(2), (Game(1, "1", "2", 1.0, 0.0),), (Bye(1, "1"),))


def test_event_names_the_first_unknown_player_and_the_first_clash_in_file_order():
    # The checks run on sets first (a FIDE month is a million games) and go through the games
    # in order only on failure: the error is the one a plain scan in file order meets first.
    def at(line: int) -> Location:
        return Location("games.csv", line)

    # Game 1's black '8' comes before game 2's white '9' (and '9' < '8' is not the order).
    with pytest.raises(UnknownPlayerError) as unknown:
        Event(
            "e",
            _players(4),
            (
                Game(1, "1", "8", 1.0, 0.0, location=at(2)),
                Game(1, "9", "2", 1.0, 0.0, location=at(3)),
            ),
        )
    assert unknown.value.value == "8"
    assert unknown.value.location == at(2)
    # Scanned as white, black game by game, then the byes: game 3's white '4' clashes with
    # game 2 (line 3) before game 3's black '1' clashes with game 1, and the bye comes last.
    with pytest.raises(ConflictingGameError) as clash:
        Event(
            "e",
            _players(4),
            (
                Game(1, "1", "2", 1.0, 0.0, location=at(2)),
                Game(1, "3", "4", 1.0, 0.0, location=at(3)),
                Game(1, "4", "1", 1.0, 0.0, location=at(4)),
            ),
            (Bye(1, "2", location=at(5)),),
        )
    assert clash.value.value == "4"
    assert (clash.value.first, clash.value.second) == (at(3), at(4))
    with pytest.raises(ConflictingGameError) as bye_clash:
        Event(
            "e",
            _players(3),
            (Game(2, "1", "2", 1.0, 0.0, location=at(2)),),
            (Bye(2, "3", location=at(3)), Bye(2, "3", location=at(4))),
        )
    assert (bye_clash.value.first, bye_clash.value.second) == (at(3), at(4))


def test_points_count_games_forfeits_and_byes():
    players = _players(3)
    event = Event(
        "e",
        players,
        (Game(1, "1", "2", 0.5, 0.5), Game(2, "1", "3", 1.0, 0.0, play=Play.FORFEIT)),
        (Bye(1, "3", ByeKind.FULL_POINT),),
    )
    assert event.points("1") == 1.5
    assert event.points("3") == 1.0
    assert len(event.played_games_of("1")) == 1
    assert event.round_count == 2


def test_round_robin_detection():
    assert _round_robin(4).detected_type() is EventType.ROUND_ROBIN
    swiss = Event("s", _players(4), (Game(1, "1", "2", 1.0, 0.0), Game(1, "3", "4", 1.0, 0.0)))
    assert swiss.detected_type() is EventType.SWISS


def test_with_result_returns_a_new_event():
    event = _round_robin(3)
    changed = event.with_result(1, "2", "1", "1-0")  # given from the other side
    assert event.games[0].white_score == 1.0  # the original is untouched
    assert changed.games[0].white == "1" and changed.games[0].white_score == 0.0
    with pytest.raises(UnknownPlayerError):
        event.with_result(9, "1", "2", "1-0")


def test_with_player_replaces_by_id():
    event = _round_robin(3)
    changed = event.with_player(Player("2", "P2", None))
    assert changed.player("2").rating is None
    assert event.player("2").rating == 2020


def test_assemble_pairs_both_records():
    here, there = Location("t.trf", 14), Location("t.trf", 15)
    games, byes = assemble_games(
        [
            GameEntry(1, "1", "2", Colour.WHITE, 1.0, location=here),
            GameEntry(1, "2", "1", Colour.BLACK, 0.0, location=there),
            GameEntry(1, "3", None, None, 1.0, bye=ByeKind.FULL_POINT),
        ]
    )
    assert games == (Game(1, "1", "2", 1.0, 0.0),)
    assert byes == (Bye(1, "3", ByeKind.FULL_POINT),)


def test_assemble_black_record_first():
    games, _ = assemble_games(
        [GameEntry(2, "2", "1", Colour.BLACK, 0.5), GameEntry(2, "1", "2", Colour.WHITE, 0.5)]
    )
    assert (games[0].white, games[0].black) == ("1", "2")


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (
            GameEntry(1, "1", "2", Colour.WHITE, 1.0),
            GameEntry(1, "2", "1", Colour.BLACK, 1.0),
            "do not add up",
        ),
        (
            GameEntry(1, "1", "2", Colour.WHITE, 1.0),
            GameEntry(1, "2", "1", Colour.WHITE, 0.0),
            "both records give colour",
        ),
        (
            GameEntry(1, "1", "2", Colour.WHITE, 1.0, Play.FORFEIT),
            GameEntry(1, "2", "1", Colour.BLACK, 0.0),
            "one record says forfeit",
        ),
    ],
)
def test_assemble_reports_disagreements_with_both_places(first, second, message):
    first = GameEntry(**{**first.__dict__, "location": Location("t.trf", 14)})
    second = GameEntry(**{**second.__dict__, "location": Location("t.trf", 20)})
    with pytest.raises(ConflictingGameError, match=message) as info:
        assemble_games([first, second])
    assert "t.trf, line 14" in str(info.value) and "t.trf, line 20" in str(info.value)


def test_assemble_one_sided_record():
    with pytest.raises(ConflictingGameError, match="records no game against '1'"):
        assemble_games([GameEntry(1, "1", "2", Colour.WHITE, 1.0, location=Location("t", 3))])


def test_events_games_and_players_are_hashable_values():
    event = _round_robin(3)
    assert len({event.games[0], Game(1, "1", "2", 1.0, 0.0)}) == 1
    assert hash(event) == hash(Event("rr", event.players, event.games))
    assert event.games_of("2") == tuple(g for g in event.games if g.involves("2"))


# -- Issue 14, point 14: events that are wrong although every value reads ------------------


def _roster(*ids, **kwargs):
    return tuple(Player(i, f"P{i}", **kwargs) for i in ids)


def test_two_players_with_one_fide_id_are_refused_with_both_places():
    first = Player("1", "Ann", fide_id="4100018", location=Location("p.csv", 2))
    second = Player("2", "Ann B.", fide_id="4100018", location=Location("p.csv", 5))
    with pytest.raises(DuplicatePlayerError) as caught:
        Event("e", (first, second), ())
    assert str(caught.value) == (
        "p.csv, line 5: FIDE id '4100018' is given to both 'Ann' and 'Ann B.' (first at "
        "p.csv, line 2): one person entered twice?"
    )


def test_duplicate_ids_name_the_line_of_each():
    first = Player("1", "Ann", location=Location("p.csv", 2))
    again = Player("1", "Bob", location=Location("p.csv", 4))
    with pytest.raises(
        DuplicatePlayerError, match=r"^p.csv, line 4: .* \(first at p.csv, line 2\)"
    ):
        Event("e", (first, again), ())


@pytest.mark.parametrize("rating", [10**23, 4001, -4001, float("nan"), float("inf"), "2000"])
def test_ratings_beyond_any_system_are_refused(rating):
    player = Player("1", "Ann", rating=rating, location=Location("p.csv", 3))
    with pytest.raises(InvalidValueError, match="^p.csv, line 3: player '1': rating"):
        Event("e", (player, Player("2", "Bob")), ())


def test_a_negative_rating_within_the_sanity_range_is_the_systems_business():
    # FESA and LNMO ratings may go below 0; their rule sets decide what that means.
    event = Event("e", (Player("1", "Ann", rating=-50), Player("2", "Bob")), ())
    assert event.player("1").rating == -50


def test_an_event_that_ends_before_it_starts():
    from datetime import date

    with pytest.raises(InvalidValueError, match=r"^t.csv: the event ends \(2024-03-01\) before"):
        Event(
            "e",
            _roster("a", "b"),
            (),
            start=date(2024, 3, 2),
            end=date(2024, 3, 1),
            source="t.csv",
        )


def test_round_nine_of_a_three_round_event():
    game = Game(9, "a", "b", 1.0, 0.0, location=Location("g.csv", 7))
    with pytest.raises(
        InvalidValueError, match=r"^g.csv, line 7: round 9 \('a' v 'b'\) in an event of 3"
    ):
        Event("e", _roster("a", "b"), (game,), rounds=3)
    bye = Bye(4, "a", ByeKind.FULL_POINT, Location("g.csv", 8))
    with pytest.raises(InvalidValueError, match="line 8: round 4 .bye of 'a'. in an event of 3"):
        Event("e", _roster("a", "b"), (), byes=(bye,), rounds=3)


def test_a_player_meeting_himself_names_the_line():
    with pytest.raises(InvalidValueError, match="^g.csv, line 4: player 'a' cannot play himself"):
        Game(1, "a", "a", 1.0, 0.0, location=Location("g.csv", 4))


def _pairwise_round_robin(event):
    """The definition, pair by pair (the quadratic check ratingkit used before): every pair of
    players met equally often, at least once."""
    from itertools import combinations

    if len(event.players) < 2:
        return False
    counts = {
        sum(1 for g in event.games if {g.white, g.black} == {a, b})
        for a, b in combinations(event.player_ids, 2)
    }
    return len(counts) == 1 and min(counts) >= 1


def test_round_robin_detection_agrees_with_the_pairwise_definition():
    import random

    from ratingkit.core.model import is_complete_round_robin

    generator = random.Random(14)
    for _ in range(300):
        count = generator.randint(0, 6)
        ids = [str(i) for i in range(count)]
        pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
        games = []
        cycles = generator.randint(1, 2)
        for _cycle in range(cycles):
            for a, b in pairs:
                if generator.random() < 0.9:
                    games.append((a, b))
        if pairs and generator.random() < 0.3:
            games.append(generator.choice(pairs))  # one pair meets once more
        event = Event(
            "e",
            _roster(*ids),
            tuple(Game(r + 1, a, b, 1.0, 0.0) for r, (a, b) in enumerate(games)),
        )
        assert is_complete_round_robin(event) == _pairwise_round_robin(event)


# -- the reader's notes are typed (issue 15) ---------------------------------------------------


def test_event_notes_are_read_notes_with_their_text(tmp_path):
    import json
    import pickle

    from ratingkit.core.model import ReadNote, event_notes
    from ratingkit.core.outcome import Note, NoteKind
    from ratingkit.formats import read_event

    folder = tmp_path / "club"
    folder.mkdir()
    # "Ö" in Windows-1252 (0xD6): not UTF-8, so the reader notes the encoding it read.
    (folder / "players.csv").write_bytes(b"id,name,rating\na,\xd6zt\xfcrk,2000\nb,B,1900\n")
    (folder / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n", encoding="utf-8")
    event = read_event(folder / "games.csv")
    notes = event_notes(event)
    texts = [
        "event type round robin (detected: every pair of players met equally often)",
        f"{folder / 'players.csv'}: read as Windows-1252 (detected)",
    ]
    assert [str(n) for n in notes] == texts
    assert all(isinstance(n, Note) and n.kind is NoteKind.READ for n in notes)
    assert [n.text for n in notes] == texts
    # Still the text wherever a note's words were used: equal to it, hashed as it, JSON.
    assert list(notes) == texts and set(notes) == set(texts)
    assert json.loads(json.dumps(list(notes))) == texts
    assert event.origin.read_notes == (texts[1],)
    assert isinstance(event.origin.read_notes[0], ReadNote)
    # An encoding note names its files and codec as values: nobody splits its words.
    assert notes[1].files == (str(folder / "players.csv"),)
    assert notes[1].encoding == "cp1252"
    assert notes[0].files == () and notes[0].encoding is None
    again = pickle.loads(pickle.dumps(notes[1]))
    assert again == notes[1] and again.kind is NoteKind.READ
    assert (again.files, again.encoding) == (notes[1].files, "cp1252")
    assert notes[1] == Note(NoteKind.READ, texts[1])
    assert notes[1] != Note(NoteKind.DEFAULT, texts[1])
    with pytest.raises(FrozenInstanceError):
        notes[0].text = "changed"  # type: ignore[misc]


def test_event_notes_of_an_event_built_in_python():
    from ratingkit.core.model import event_notes
    from ratingkit.core.outcome import NoteKind

    given = EventOrigin(type_note="given")
    event = Event("e", (Player("a", "A"), Player("b", "B")), (), origin=given)
    (note,) = event_notes(event)
    assert note.kind is NoteKind.READ and str(note) == "given"
    assert event_notes(Event("e", (Player("a", "A"),), ())) == ()


def test_with_game_is_replace_without_the_checks_again():
    from ratingkit.core.outcome import GameKind

    event = _round_robin(5)
    digest = event.digest  # cached before the copy: still the copy's
    copy = with_game(event, GameKind.SHOGI, "handicap games")
    evidence = EventOrigin(game_evidence="handicap games")
    assert copy == replace(event, game=GameKind.SHOGI, origin=evidence)
    assert copy.game is GameKind.SHOGI and copy.origin.game_evidence == "handicap games"
    assert copy.digest == digest == replace(event, game=GameKind.SHOGI).digest
    assert event.game is None and event.origin.game_evidence is None  # the event unchanged
    with pytest.raises(TypeError):
        copy.extra["x"] = 1  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        copy.game = None  # type: ignore[misc]


def test_printing_a_note_that_holds_a_reader_note_changes_neither():
    # str() of a note used to give the ReadNote object back, and Python then ran
    # ReadNote.__init__ on it again with the outer note: the reader's note became its own
    # text (a cycle; under a profiler, a RecursionError while the report was built).
    import cProfile

    from ratingkit.core.model import ReadNote
    from ratingkit.core.notes import Note, NoteKind

    read = ReadNote("type decided from the file's name")
    outer = Note(NoteKind.READ, read)
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        printed = [str(outer), str(read)]
    finally:
        profiler.disable()
    assert printed == ["type decided from the file's name"] * 2
    assert [type(text) for text in printed] == [str, str]
    assert type(read.text) is str and read.text == "type decided from the file's name"
    assert read == "type decided from the file's name" and outer.text is read


@pytest.mark.parametrize("rating", [None, -4000, 0, 4000, 1500.5, -3999.75])
def test_an_events_ratings_within_the_sanity_range_are_taken(rating):
    # The sanity range is -4000 to 4000 (core.model.RATING_SANITY_RANGE): its ends included.
    event = Event("e", (Player("1", "A", rating),), ())
    assert event.players[0].rating == rating


@pytest.mark.parametrize(
    ("rating", "message"),
    [
        (4001, "player '1': rating 4001 is out of range (-4000 to 4000)"),
        (-4001, "player '1': rating -4001 is out of range (-4000 to 4000)"),
        (10**30, f"player '1': rating {10**30} is out of range"),
        (float("nan"), "player '1': rating nan is out of range"),
        (4000.5, "player '1': rating 4000.5 is out of range"),
        (True, "player '1': rating must be a number, got True"),
        ("1500", "player '1': rating must be a number, got '1500'"),
    ],
)
def test_an_events_rating_outside_the_sanity_range_is_refused(rating, message):
    # A plain int in range is let through first (the common case); every other value takes
    # the checks that name it.
    with pytest.raises(InvalidValueError, match=re.escape(message)):
        Event("e", (Player("1", "A", rating, location=Location("p.csv", 2)),), ())


def test_a_player_without_a_location_is_named_by_the_events_file():
    # Event.__post_init__ names a player's refusal by his own location, else by the event's
    # file (one Location made for the event, not one for each player: a ledger's players
    # have none); a player with his own keeps it.
    bad = Player("2", "B", 5000)
    with pytest.raises(InvalidValueError) as caught:
        Event("e", (Player("1", "A", 1500), bad), (), source="month.csv")
    assert caught.value.location == Location("month.csv")
    assert str(caught.value).startswith("month.csv: player '2': rating 5000 is out of range")
    own = Player("2", "B", 5000, location=Location("p.csv", 3))
    with pytest.raises(InvalidValueError) as caught:
        Event("e", (Player("1", "A", 1500), own), (), source="month.csv")
    assert caught.value.location == Location("p.csv", 3)
    with pytest.raises(InvalidValueError) as caught:
        Event("e", (bad,), ())
    assert caught.value.location is None
