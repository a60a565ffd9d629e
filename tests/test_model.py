from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from ratingkit.errors import (
    ConflictingGameError,
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    UnknownPlayerError,
    UnknownResultError,
)
from ratingkit.model import (
    Bye,
    ByeKind,
    Colour,
    Event,
    EventType,
    Game,
    GameEntry,
    Handicap,
    Play,
    Player,
    Special,
    assemble_games,
    parse_result,
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
