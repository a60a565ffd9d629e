"""fide.state.new_state_record (the new state's records built field by field, issue 28 part
3) gives the record the codec's general path gives: FideStateCodec.write of the state onto a
record of the key, name and rating, made by the constructors (PlayerRecord, FideState).
FIDE 2014 8.56's games count, birth date, K and the 2400 flag, 2024 8.3.3's 2300 flag, 7.14's
results waiting for a first rating."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from datetime import date
from fractions import Fraction
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratingkit.core.players import PlayerRecord
from ratingkit.fide.state import (
    FIDE_STATE,
    PENDING_COLUMN,
    FideState,
    PlayerState,
    new_state_record,
    state_record,
)

_FLAGS = st.none() | st.booleans()
_PENDING = st.lists(
    st.tuples(
        st.none() | st.dates(date(2000, 1, 1), date(2030, 12, 31)),
        st.integers(0, 4000).map(Fraction),
        st.sampled_from((Fraction(0), Fraction(1, 2), Fraction(1))),
    ),
    max_size=3,
).map(tuple)


def _general(key, name, rating, state: FideState) -> PlayerRecord:
    return FIDE_STATE.write(PlayerRecord(id=key, name=name, rating=rating), state)


def _same_record(fast: PlayerRecord, general: PlayerRecord) -> None:
    assert fast == general
    assert repr(fast) == repr(general)
    assert list(vars(fast)) == [f.name for f in fields(PlayerRecord)] == list(vars(general))
    assert type(fast.extra) is MappingProxyType is type(general.extra)
    assert dict(fast.extra) == dict(general.extra)
    assert fast.location is None is general.location
    with pytest.raises(FrozenInstanceError):
        fast.rating = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        fast.extra["x"] = "y"  # type: ignore[index]


@settings(max_examples=300, deadline=None)
@given(
    st.none() | st.text(min_size=1, max_size=5),
    st.text(max_size=5),
    st.none() | st.integers(1000, 2900),
    st.none() | st.integers(0, 500),
    st.none() | st.dates(date(1930, 1, 1), date(2020, 12, 31)),
    st.none() | st.sampled_from((10, 20, 40)),
    _FLAGS,
    _FLAGS,
    _PENDING,
)
def test_new_state_record_is_the_codecs_record(
    key, name, rating, games, born, k, ever_2400, ever_2300, pending
) -> None:
    state = FideState(games, born, k, ever_2400, ever_2300, pending)
    fast = new_state_record(key, name, rating, games, born, k, ever_2400, ever_2300, pending)
    _same_record(fast, _general(key, name, rating, state))
    _same_record(FIDE_STATE.new_record(key, name, rating, state), fast)


def test_state_record_worked_by_hand() -> None:
    """A player rated 2405 after the period (8.56: 2400 reached, the flags set) and one still
    unrated whose results wait (7.14): the records written out by hand."""
    before = PlayerState(games=30, born=date(2001, 2, 3), k=20, ever_2400=False, key="7")
    rated = state_record("7", "Lind Eva", 2405, 39, before)
    _same_record(
        rated,
        PlayerRecord(
            id="7",
            name="Lind Eva",
            rating=2405,
            games=39,
            born=date(2001, 2, 3),
            k=20,
            ever_2400=True,
            ever_2300=True,
        ),
    )
    waiting = ((date(2025, 3, 14), Fraction(1850), Fraction(1, 2)),)
    unrated = state_record("8", "Moreau Jules", None, None, PlayerState(key="8"), waiting)
    _same_record(
        unrated,
        PlayerRecord(id="8", name="Moreau Jules", extra={PENDING_COLUMN: "1850:0.5@2025-03-14"}),
    )
    # Two records without extra columns share one read-only mapping: neither can change it.
    other = state_record("9", "Ito Ken", 1500, 9, PlayerState(key="9"))
    assert dict(other.extra) == {} == dict(rated.extra)


def test_read_states_differing_rating_note_is_the_constructors() -> None:
    """7.1: the event's rating 2400 differs from the player file's 2410; read_states' note
    (built field by field) equals Note() of the text written out by hand."""
    from ratingkit.core.model import Event, Player
    from ratingkit.core.notes import Note, NoteKind
    from ratingkit.core.players import PlayerFile
    from ratingkit.fide.state import read_states

    file = PlayerFile((PlayerRecord(id="1", name="Tanaka Aiko", rating=2410),), "players.csv")
    event = Event(name="Open", players=(Player("1", "Tanaka Aiko", rating=2400),), games=())
    _states, notes = read_states(event, file)
    expected = Note(
        NoteKind.RULE,
        "'Tanaka Aiko': the player file's rating 2410 is the previous list's: the event is "
        "rated with its own 2400 (and its K), the change goes onto 2410 (7.1)",
        FIDE_STATE.differing_rating,
        ("1",),
    )
    assert notes[0] == expected
    assert repr(notes[0]) == repr(expected)
    assert list(vars(notes[0])) == list(vars(expected))
    assert str(notes[0]) == str(expected)


@settings(max_examples=300, deadline=None)
@given(
    st.text(min_size=1, max_size=4),
    st.text(min_size=1, max_size=6),
    st.none() | st.text(max_size=4),
    st.booleans(),
)
def test_person_key_value_is_the_one_person_key(pid, name, fide_id, local_ids) -> None:
    """read_states' key of a player without a record (core.person_keys.person_key_value, no
    PersonKey made) is the one key of a person, core.players.person_key's value: a FIDE id
    (an empty one is none), else the own id, else where ids are start numbers the name in
    NFC (a decomposed name included)."""
    from ratingkit.core.model import Player
    from ratingkit.core.person_keys import person_key_value
    from ratingkit.core.players import person_key

    player = Player(pid, name, fide_id=fide_id)
    assert person_key_value(player, local_ids) == person_key(player, local_ids).value
    decomposed = Player(pid, "Zoe\u0301", fide_id=None)
    assert person_key_value(decomposed, True) == "Zo\u00e9" == person_key(decomposed, True).value
