"""fide.engine.persons (issue 28, part 3): the period's persons read slot by slot with numpy
instead of a loop a slot, and the event that began last (FIDE 2014 7.1) from each event's date
read once.  Each is held to an independent oracle: the event-by-event path's
publication._began_last, and the persons' loop written out here."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_month_speed_paths import _events_with_rounds_out_of_order

from ratingkit import get_rule_set
from ratingkit.core.model import Event, Player
from ratingkit.fide.engine.parts import began_last_of
from ratingkit.fide.engine.persons import period_persons
from ratingkit.fide.publication import _began_last

_DAYS = st.one_of(st.none(), st.sampled_from([date(2025, 3, d) for d in (1, 2, 5)]))


# No deadline: the machine's load, not the code, sets an example's time (generated events).
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(_DAYS, _DAYS), min_size=1, max_size=6),
    st.data(),
)
def test_began_last_of_picks_the_event_publication_picks(dates, draw):
    # An event ends on or after its start (the model's check): the pair in order.
    ordered = [sorted(pair) if None not in pair else pair for pair in dates]
    events = [
        Event(name=f"E{i}", players=(), games=(), start=start, end=end)
        for i, (start, end) in enumerate(ordered)
    ]
    own = draw.draw(st.lists(st.integers(0, len(events) - 1), min_size=1, max_size=5))
    # The exact path's pick among (event, part, state) items; the part marks the index.
    picked = _began_last([(events[number], index, None) for index, number in enumerate(own)])
    began = [event.start or event.end for event in events]
    assert began_last_of(own, began) == picked[1]


def test_began_last_of_by_hand():
    march = [date(2025, 3, 2), None, date(2025, 3, 2), date(2025, 3, 1)]
    assert began_last_of([0, 3], march) == 0  # the latest date
    assert began_last_of([0, 2, 3], march) == 1  # equal dates: the later given
    assert began_last_of([1, 1], march) == 1  # none dated: the last
    assert began_last_of([3, 1], march) == 0  # an undated event never wins over a dated one


def _oracle(data):
    """The persons as the loop a slot made them before (issue 28, part 3, seventh round)."""
    person_of, person_slots, first_player, last, slot_person, list_rating_of = (
        {},
        [],
        [],
        [],
        [],
        [],
    )
    for d in data:
        for i, player in enumerate(d.event.players):
            state = d.states[player.id]
            key = state.key or player.id
            number = person_of.get(key)
            if number is None:
                number = person_of[key] = len(person_slots)
                person_slots.append([])
                first_player.append(player)
                last.append((player, state))
            else:
                last[number] = (player, state)
            person_slots[number].append(d.offset + i)
            slot_person.append(number)
            list_rating_of.append(state.list_rating)
    return list(person_of), person_slots, first_player, last, slot_person, list_rating_of


# Events of players "0".."9" whose state's key is a person's ("k0".."k3") or None (his id).
_EVENT = st.lists(
    st.tuples(st.integers(0, 9), st.one_of(st.none(), st.sampled_from(["k0", "k1", "k2", "k3"]))),
    max_size=6,
    unique_by=lambda pair: pair[0],
)


# No deadline: the machine's load, not the code, sets an example's time (generated events).
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_EVENT, min_size=1, max_size=5))
def test_period_persons_are_those_of_the_loop_a_slot(events):
    data, offset = [], 0
    for number, players in enumerate(events):
        listed = tuple(Player(str(pid), f"P{pid}", 2000 + pid) for pid, _key in players)
        states = {
            str(pid): SimpleNamespace(key=key, list_rating=(1900 + pid if key else None))
            for pid, key in players
        }
        event = Event(name=f"E{number}", players=listed, games=())
        data.append(SimpleNamespace(event=event, states=states, offset=offset))
        offset += len(listed)
    keys, person_slots, first_player, last, slot_person, list_rating_of = period_persons(data)
    expected = _oracle(data)
    assert keys == expected[0]
    assert person_slots == expected[1]
    assert [p.id for p in first_player] == [p.id for p in expected[2]]
    assert [(p.id, s) for p, s in last] == [(p.id, s) for p, s in expected[3]]
    assert isinstance(slot_person, np.ndarray) and slot_person.tolist() == expected[4]
    assert list_rating_of == expected[5]


# No deadline: the machine's load, not the code, sets an example's time (generated events).
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_events_with_rounds_out_of_order(), st.data())
def test_played_games_of_some_slots_are_played_games_of_each(events, draw):
    """EventData.played_games_of_slots for some of an event's slots (its unrated players,
    FIDE 2014 8.21), which reads only the games one of them plays: each slot's played games
    as the general path, played_games_of, lists them."""
    from ratingkit.fide.engine.period import _prepare

    data = _prepare(get_rule_set("fide-2014"), events, None)
    assert not isinstance(data, str)
    for d in data:
        every = range(d.offset, d.offset + len(d.event.players))
        slots = draw.draw(st.lists(st.sampled_from(list(every)), unique=True))
        some = d.played_games_of_slots(d.side_lists(), slots)
        assert some == {slot: d.played_games_of(slot) for slot in slots}


def test_part_values_of_a_period_without_a_rated_player_are_its_parts():
    """A period whose players are all unrated (FIDE 2014 8.21: no K is chosen, 8.56) gives
    each event's part values as its part objects hold them (the ledger's rate of such a
    period: tests/ledger_fault_runs.py's steps)."""
    from test_month_speed_paths import _parts_of

    from ratingkit.core.model import EventType, Game
    from ratingkit.core.outcome import part_values
    from ratingkit.fide.engine.period import rate_period_fast, vectorised_reason

    rules = get_rule_set("fide-2014")
    events = []
    for number in range(2):
        players = tuple(Player(f"u{i}", f"Unrated {i}", None) for i in range(4))
        games = (Game(1, "u0", "u1", 1.0, 0.0), Game(1, "u2", "u3", 0.5, 0.5))
        events.append(
            Event(name=f"Club {number}", players=players, games=games, type=EventType.SWISS)
        )
    assert vectorised_reason(rules, events, None) is None
    outcome = rate_period_fast(rules, events, None)
    assert part_values(outcome) == _parts_of(outcome)
