"""The matcher's fast path (core.players.PlayerMatcher.find, issue 28 part 3): where the id
decides at once (one record has it, and with FIDE 2014's same-name guard its name is none or
the player's as written) it answers without the general path, and its answer (record, key,
candidates) is the general path's, :func:`ratingkit.core.matching.match_by_keys` over the
matcher's own candidates, run here on the same input.  Where it must not apply (a FIDE id
that comes first, names that differ, two records of one id, start numbers, a name tried
first) the general path answers."""

from __future__ import annotations

import itertools

import pytest

from ratingkit.core import players as players_module
from ratingkit.core.extras import BirthAndFirstRating
from ratingkit.core.model import Player
from ratingkit.core.players import (
    PERSON_KEYS,
    Ambiguity,
    Found,
    MatchKey,
    PlayerFile,
    PlayerMatcher,
    PlayerRecord,
    match_by_keys,
)
from ratingkit.fide.state import find_record, record_finder

#: A ledger's state (ids its players carry) and the cases the fast path must leave alone:
#: two records of id 5, a record with no name, one whose name is the player's spelt
#: another way, a file keyed by FIDE ids (3400042) and a fide_id column (x7).
RECORDS = (
    PlayerRecord(id="1", name="Tanaka Aiko", rating=1710),
    PlayerRecord(id="2", name="Moreau Jules", rating=1180),
    PlayerRecord(id="3400042", name="Vasquez Rodrigo", rating=2558),
    PlayerRecord(id="x7", name="Lind Eva", extra={"fide_id": "14101068"}),
    PlayerRecord(id="5", name="Kato Ren"),
    PlayerRecord(id="5", name="Kato Ren", rating=1500),
    PlayerRecord(id="6", name=None, rating=1400),
    PlayerRecord(id="7", name="Nakamura, Sora"),
    PlayerRecord(id="8", name="Mori Yui"),
    PlayerRecord(id="9", name="Mori Yui"),
)

#: (id, name, FIDE id) as events give them.
QUERIES = [
    (pid, name, fide_id)
    for pid in ("1", "2", "5", "6", "7", "8", "x7", "3400042", "99")
    for name in ("Tanaka Aiko", "Moreau Jules", "Kato Ren", "nakamura sora", "Mori Yui", "Nobody")
    for fide_id in (None, "", "3400042", "14101068", "555")
]

KEY_ORDERS = [
    (MatchKey.ID, MatchKey.FIDE_ID, MatchKey.NAME),  # DEFAULT_KEYS: the id first
    PERSON_KEYS,  # FIDE id, id, name: FIDE's order, the ledger's
    (MatchKey.NAME, MatchKey.ID),  # the name first: never the fast path
    (MatchKey.ID,),
    (MatchKey.FIDE_ID, MatchKey.NAME, MatchKey.ID),
]


def general_path(matcher: PlayerMatcher, pid: str, name: str, fide: str | None) -> Found:
    """The matcher's answer without its fast path: the one decision over its candidates."""
    return match_by_keys(
        matcher.keys,
        lambda key: matcher._candidates(key, pid, name, fide),
        matcher.ambiguity,
    )


@pytest.mark.parametrize(
    ("keys", "local_ids", "same_name", "ambiguity"),
    list(itertools.product(KEY_ORDERS, (False, True), (False, True), tuple(Ambiguity))),
)
def test_the_fast_path_answers_as_the_general_path(keys, local_ids, same_name, ambiguity) -> None:
    matcher = PlayerMatcher(
        RECORDS, keys=keys, local_ids=local_ids, same_name=same_name, ambiguity=ambiguity
    )
    for pid, name, fide in QUERIES:
        expected = general_path(matcher, pid, name, fide)
        found = matcher.find(pid, name, fide)
        assert found == expected, (pid, name, fide)
        # The same objects, not equal copies: the ledger keys by record identity.
        assert found.record is expected.record
        assert all(a is b for a, b in zip(found.candidates, expected.candidates, strict=True))


def _general_path_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def counted(keys, lookup, ambiguity=Ambiguity.FIRST):
        calls.append("general")
        return match_by_keys(keys, lookup, ambiguity)

    monkeypatch.setattr(players_module, "match_by_keys", counted)
    return calls


def test_an_exact_id_hit_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _general_path_calls(monkeypatch)
    fide = PlayerMatcher(RECORDS, keys=PERSON_KEYS, same_name=True)
    record = RECORDS[0]
    assert fide.find("1", "Tanaka Aiko") == Found(record, MatchKey.ID, (record,))
    assert fide.find("6", "Anyone").record is RECORDS[6]  # a record with no name
    assert PlayerMatcher(RECORDS).find("1", "Somebody", "3400042").record is record
    assert calls == []


@pytest.mark.parametrize(
    ("pid", "name", "fide_id", "why"),
    [
        ("1", "Tanaka Aiko", "3400042", "a FIDE id, tried before the id"),
        ("1", "Moreau Jules", None, "names that differ (FIDE 2014's same-name guard)"),
        ("7", "nakamura sora", None, "the same name spelt another way: normalised there"),
        ("5", "Kato Ren", None, "two records of one id"),
        ("99", "Mori Yui", None, "no record has the id"),
    ],
)
def test_the_general_path_where_the_fast_path_must_not_apply(
    monkeypatch: pytest.MonkeyPatch, pid: str, name: str, fide_id: str | None, why: str
) -> None:
    calls = _general_path_calls(monkeypatch)
    matcher = PlayerMatcher(RECORDS, keys=PERSON_KEYS, same_name=True)
    matcher.find(pid, name, fide_id)
    assert calls == ["general"], why


def test_fide_find_record_and_its_finder_agree() -> None:
    """fide.state.find_record (FIDE's keys, the same-name guard) and the function
    read_states and ratings_from_file use, against the general path by hand: the key's text
    is the one the notes count (FIDE 2014's "matched by id")."""
    file = PlayerFile(RECORDS, "state")
    matcher = PlayerMatcher(RECORDS, keys=PERSON_KEYS, same_name=True)
    finder = record_finder(file)
    for pid, name, fide in QUERIES:
        player = Player(pid, name, fide_id=fide or None)
        expected = general_path(matcher, pid, name, fide or None)
        how = {MatchKey.ID: "id", MatchKey.FIDE_ID: "FIDE id", MatchKey.NAME: "name"}
        answer = (expected.record, how[expected.key] if expected.key else None)
        assert find_record(player, file) == answer == finder(player), player
    assert find_record(Player("1", "Tanaka Aiko"), PlayerFile(())) == (None, None)


def test_birth_and_first_rating_of_nothing_said_is_the_default() -> None:
    """BirthAndFirstRating.of shares one value where neither is said (FIDE 2014 8.54's
    first rating, a TRF's year of birth): equal to the class's defaults."""
    assert BirthAndFirstRating.of({}) == BirthAndFirstRating(False, None)
    assert BirthAndFirstRating.of({"first_rated": ""}) == BirthAndFirstRating(False, None)
    assert BirthAndFirstRating.of({"first_rated": "2024-03-01"}) == BirthAndFirstRating(
        False, "2024-03-01"
    )
    player = Player("1", "A", extra={"born_year_only": True})
    assert BirthAndFirstRating.of(player) == BirthAndFirstRating(True, None)
    assert BirthAndFirstRating.of(Player("1", "A")) == BirthAndFirstRating()


def test_read_states_gives_the_states_worked_by_hand() -> None:
    """fide.state.read_states (its states built field by field, not by the constructor)
    against each player's state written out by hand from the player file: FIDE 2014 8.56's
    games, birth date, K and 2400 flag, 2024 8.3.3's 2300 flag, 8.54's first rating, 7.1's
    list rating, 7.14's results waiting for a first rating, and the defaults of a player the
    file does not have (a TRF's year of birth only)."""
    from dataclasses import FrozenInstanceError, fields
    from datetime import date
    from fractions import Fraction

    from ratingkit.core.model import Event
    from ratingkit.fide.state import PlayerState, read_states

    file = PlayerFile(
        (
            PlayerRecord(
                id="1",
                name="Tanaka Aiko",
                rating=2410,
                games=120,
                born=date(1990, 5, 1),
                k=10,
                ever_2400=False,
                ever_2300=True,
                extra={"first_rated": "2010-07-01"},
            ),
            PlayerRecord(
                id="2",
                name="Moreau Jules",
                games=4,
                extra={"pending_results": "1850:1@2025-03-14"},
            ),
        ),
        "players.csv",
    )
    event = Event(
        name="Open",
        players=(
            Player("1", "Tanaka Aiko", rating=2400),
            Player("2", "Moreau Jules"),
            Player("3", "Lind Eva", born=date(2008, 1, 1), extra={"born_year_only": True}),
        ),
        games=(),
    )
    states, _notes = read_states(event, file)
    assert states["1"] == PlayerState(
        games=120,
        born=date(1990, 5, 1),
        ever_2400=False,
        k=10,
        first_rated=date(2010, 7, 1),
        ever_2300=True,
        list_rating=2410,
        key="1",
        matched="id",
    )
    assert states["2"] == PlayerState(
        games=4,
        pending=((date(2025, 3, 14), Fraction(1850), Fraction(1)),),
        key="2",
        matched="id",
    )
    assert states["3"] == PlayerState(born=date(2008, 1, 1), born_year_only=True, key="3")
    names = [f.name for f in fields(PlayerState)]
    for state in states.values():
        assert list(vars(state)) == names  # every field, in the class's order
        assert repr(state) == repr(PlayerState(**vars(state)))
        with pytest.raises(FrozenInstanceError):
            state.games = 0  # type: ignore[misc]
