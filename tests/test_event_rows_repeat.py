"""fide.engine.rows.has_repeat (issue 28, part 3): the check of Event._check_one_game_per_round
on an event's columns (no player twice in a round) marks small keys in an array instead of
``np.unique``; it says what a set of the values says, small keys or large, negative or not."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from ratingkit.fide.engine.rows import has_repeat

_KEYS = st.lists(
    st.one_of(st.integers(-3, 40), st.integers(-(2**40), 2**40)), max_size=60
) | st.lists(st.integers(0, 2000), max_size=300)


@given(_KEYS)
def test_has_repeat_is_a_set_s_answer(values):
    keys = np.array(values, np.int64)
    assert has_repeat(keys) is (len(set(values)) != len(values))


def test_has_repeat_by_hand():
    # Round 1, places 0-3 (keys round * 5 + place): 5, 6, 7, 8 distinct; a bye of place 2 in
    # round 1 (key 7 again) repeats it.
    assert not has_repeat(np.array([5, 6, 7, 8], np.int64))
    assert has_repeat(np.array([5, 6, 7, 8, 7], np.int64))
    assert not has_repeat(np.zeros(0, np.int64))
    # A bye of a player not in the event (place -1) and a huge round: the general way.
    assert not has_repeat(np.array([-1, 10**12, 4], np.int64))
    assert has_repeat(np.array([-1, 10**12, -1], np.int64))


def _columns(rounds, white, black):
    from ratingkit.fide.engine.rows import GameColumns

    count = len(rounds)
    return GameColumns(
        np.array(rounds, np.int64),
        np.array(white, np.int64),
        np.array(black, np.int64),
        np.full(count, 2, np.int64),
        np.zeros(count, np.int64),
        np.zeros(count, np.int8),
        [None] * count,
    )


def test_event_rows_refuses_a_player_twice_in_a_round():
    """Event._check_one_game_per_round on the columns: four players, round 1 with places 0-1
    and 2-3 is read; place 1 in two games of round 1, or a bye of place 0 in a round where
    he plays, gives None (the caller builds the event, whose check names the player)."""
    from ratingkit.core.model import Bye, ByeKind, Event, EventType, Player
    from ratingkit.fide.engine.rows import event_rows

    players = tuple(Player(str(i), f"P {i}", 2000 + i) for i in range(4))
    head = Event(name="E", players=players, games=(), type=EventType.SWISS, rounds=2)
    assert event_rows(head, _columns([1, 1], [0, 2], [1, 3]), None) is not None
    assert event_rows(head, _columns([1, 1], [0, 2], [1, 1]), None) is None
    with_bye = Event(
        name="E",
        players=players,
        games=(),
        type=EventType.SWISS,
        rounds=2,
        byes=(Bye(2, "0", ByeKind.FULL_POINT),),
    )
    assert event_rows(with_bye, _columns([1, 2], [0, 2], [1, 3]), None) is not None
    assert event_rows(with_bye, _columns([1, 2], [0, 0], [1, 3]), None) is None
