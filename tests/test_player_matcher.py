"""The one player matcher (core.players.PlayerMatcher, issue 15): an event's players found in a
player file by id, then FIDE id, then name, with the rules the rule sets and the ledger apply
(start numbers are no key, FIDE 2014's same-name guard, ambiguous names)."""

from __future__ import annotations

import pytest

from ratingkit.core.model import Player
from ratingkit.core.players import (
    Ambiguity,
    Found,
    MatchKey,
    PlayerFile,
    PlayerMatcher,
    normalise_name,
)

FILE = PlayerFile.from_records(
    [
        {"id": "1", "name": "Tanaka, Aiko", "rating": "1710"},
        {"id": "2", "name": "Moreau Jules", "rating": "1180"},
        {"id": "3400042", "name": "Vasquez, Rodrigo", "rating": "2558"},
        {"id": "x7", "name": "Lind Eva", "fide_id": "14101068"},
        {"id": "8", "name": "Kato Ren"},
        {"id": "9", "name": "kato  ren", "rating": "1500"},
    ],
    source="players.csv",
)


def record(record_id: str):
    found = FILE.by_id(record_id)
    assert found is not None
    return found


def test_the_keys_in_order_id_fide_id_name() -> None:
    matcher = PlayerMatcher(FILE)
    assert matcher.find("2", "Moreau Jules") == Found(record("2"), MatchKey.ID, (record("2"),))
    # A FIDE id is the id of a file keyed by FIDE ids, or the file's fide_id column.
    found = matcher.find("17", "R. Vasquez", "3400042")
    assert (found.record, found.key) == (record("3400042"), MatchKey.FIDE_ID)
    found = matcher.find("17", "E. Lind", "14101068")
    assert (found.record, found.key) == (record("x7"), MatchKey.FIDE_ID)
    # Names compare without case, commas or repeated spaces.
    assert normalise_name("Tanaka, Aiko") == normalise_name("tanaka   AIKO") == "tanaka aiko"
    found = matcher.find("99", "tanaka   AIKO")
    assert (found.record, found.key) == (record("1"), MatchKey.NAME)
    assert matcher.find("99", "Nobody") == Found(None)
    # The id comes first: player 2's id wins over a name that is another record's.
    assert matcher.find("2", "Tanaka Aiko").record == record("2")


def test_start_numbers_are_no_key() -> None:
    # A TRF's start rank 1 is not the player file's player 1.
    matcher = PlayerMatcher(FILE, local_ids=True)
    assert matcher.keys == (MatchKey.FIDE_ID, MatchKey.NAME)
    assert matcher.find("1", "Moreau, Jules").record == record("2")
    assert matcher.find("1", "Somebody Else") == Found(None)
    assert matcher.find("1", "R. Vasquez", "3400042").record == record("3400042")


def test_same_name_guard_of_fide_2014() -> None:
    # An id matches only a record with the player's name (or none): else the name is tried.
    matcher = PlayerMatcher(FILE, same_name=True)
    assert matcher.find("1", "TANAKA Aiko").key is MatchKey.ID
    found = matcher.find("1", "Moreau Jules")
    assert (found.record, found.key) == (record("2"), MatchKey.NAME)
    unnamed = PlayerFile.from_records([{"id": "1", "rating": "2000"}])
    assert PlayerMatcher(unnamed, same_name=True).find("1", "Anyone").key is MatchKey.ID


def test_an_ambiguous_name() -> None:
    # Two records of one name ("Kato Ren" and "kato  ren"): the first in the file, as the
    # rule sets read it, or none when the caller refuses it (the ledger), with both listed.
    first = PlayerMatcher(FILE).find("55", "Kato Ren")
    assert first.record == record("8") and first.ambiguous
    assert first.candidates == (record("8"), record("9"))
    refused = PlayerMatcher(FILE, ambiguity=Ambiguity.REFUSE).find("55", "Kato Ren")
    assert refused.record is None and refused.key is MatchKey.NAME
    assert refused.candidates == (record("8"), record("9"))
    # Not ambiguous when the id decides.
    assert PlayerMatcher(FILE, ambiguity=Ambiguity.REFUSE).find("9", "Kato Ren").record == record(
        "9"
    )


def test_keys_chosen_by_the_caller() -> None:
    # FIDE 2014 tries the FIDE id first: a player whose id is another record's.
    matcher = PlayerMatcher(FILE, keys=(MatchKey.FIDE_ID, MatchKey.ID, MatchKey.NAME))
    assert matcher.find("2", "Vasquez", "3400042").record == record("3400042")
    assert PlayerMatcher(FILE, keys=(MatchKey.ID,)).find("99", "Tanaka Aiko") == Found(None)


def test_match_a_whole_event() -> None:
    players = [
        Player("1", "Tanaka, Aiko"),
        Player("5", "Vasquez Rodrigo", fide_id="3400042"),
        Player("6", "Nobody"),
    ]
    match = PlayerMatcher(FILE).match(players)
    assert match.records == {"1": record("1"), "5": record("3400042")}
    assert match.keys == {"1": MatchKey.ID, "5": MatchKey.FIDE_ID}
    assert match.unmatched == ("6",)
    assert match.note() == (
        "players.csv: 1 player matched by id, 1 player matched by FIDE id; not found: 6 "
        "(defaults assumed for them)"
    )
    pairs = PlayerMatcher(FILE, keys=(MatchKey.NAME,)).match([("a", "Lind Eva")])
    assert pairs.records == {"a": record("x7")} and pairs.keys == {"a": MatchKey.NAME}


def test_player_file_match_is_the_matcher_with_one_key() -> None:
    # As before: on id (no fall-back to the name), on name for start numbers, on name when
    # the file has no ids.
    by_id = FILE.match([("1", "Someone"), ("99", "Tanaka Aiko")])
    assert by_id.key == "id" and by_id.records == {"1": record("1")}
    assert by_id.unmatched == ("99",)
    assert by_id.note() == (
        "players.csv: 1 player matched by id; not found: 99 (defaults assumed for them)"
    )
    by_name = FILE.match([("1", "Moreau Jules")], by_name=True)
    assert by_name.key == "name" and by_name.records == {"1": record("2")}
    nameless = PlayerFile.from_records([{"name": "Ann"}, {"name": "ann"}])
    only_names = nameless.match([("7", "ANN")])
    assert only_names.key == "name" and only_names.records["7"] is nameless.records[0]
    # One matcher per set of rules, built once.
    assert FILE.matcher(local_ids=True) is FILE.matcher(local_ids=True)
    assert FILE.matcher(local_ids=True) is not FILE.matcher()


def _fide_2014_by_hand(player: Player, players: PlayerFile) -> tuple[object, str | None]:
    """FIDE 2014's matching as ratingkit did it before the one matcher (the oracle): his FIDE
    id as a record id, then the event id when the names agree or the record has none, then
    the name."""
    if player.fide_id and players.by_id(player.fide_id) is not None:
        return players.by_id(player.fide_id), "FIDE id"
    record = players.by_id(player.id)
    if record is not None and (
        record.name is None or normalise_name(record.name) == normalise_name(player.name)
    ):
        return record, "id"
    if players.by_name(player.name) is not None:
        return players.by_name(player.name), "name"
    return None, None


def test_fide_2014_finds_what_it_always_found() -> None:
    """FIDE 2014's find_record (now the one matcher with FIDE's keys and the same-name
    guard) against the matching it did before, player by player."""
    from ratingkit.fide.rules2014 import find_record

    players = [
        Player("1", "Tanaka Aiko"),
        Player("1", "Moreau Jules"),
        Player("2", "Someone", fide_id="3400042"),
        Player("8", "Kato Ren"),
        Player("9", "Kato Ren"),
        Player("77", "nobody"),
    ]
    for player in players:
        assert find_record(player, FILE) == _fide_2014_by_hand(player, FILE), player


@pytest.mark.parametrize("local_ids", [False, True])
def test_a_matcher_never_changes_the_file(local_ids: bool) -> None:
    before = FILE.records
    PlayerMatcher(FILE, local_ids=local_ids).match([Player("1", "Tanaka Aiko")])
    assert FILE.records == before
