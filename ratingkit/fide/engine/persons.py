"""The period's persons and their K, read slot by slot (a slot: one player of one event, in
the order of the events and their player lists): who is one person across the period's events
(FIDE 2014 7.1, 8.3) and the K of each rated slot (8.56), chosen once per distinct combination
of what it reads.  Split from :mod:`ratingkit.fide.engine.period` (issue 28, part 3)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.model import Player
from ..event import reference_date
from ..formula import KChoice
from ..state import PlayerState
from .parts import EventData, began_last_of

if TYPE_CHECKING:
    from ..rulesets import Fide2014


def k_choices(rules: Fide2014, data: list[EventData]) -> tuple[list[KChoice], list[int]]:
    """K (8.56) per player and event, chosen once per distinct combination of what it reads:
    the distinct choices and each slot's (0 for an unrated player)."""
    choices: list[KChoice] = []
    found: dict[tuple[Any, ...], int] = {}
    choice_list: list[int] = []
    for d in data:
        on = reference_date(d.event)
        for player in d.event.players:
            if player.rating is None:
                choice_list.append(0)
                continue
            s = d.states[player.id]
            # 8.56 reads the rating only against 2400 and 2300 (ratingkit.fide.formula
            # k_factor): its class, not its value, tells the choices apart.
            combination = (
                player.rating >= 2400,
                player.rating < 2300,
                s.k,
                s.games,
                s.born,
                s.born_year_only,
                s.ever_2400,
                s.ever_2300,
                on,
            )
            number = found.get(combination)
            if number is None:
                number = found[combination] = len(choices)
                choices.append(rules.choose_k(player.rating, s, on, 0))
            choice_list.append(number)
    return choices, choice_list


def period_persons(
    data: list[EventData],
) -> tuple[
    list[str],
    list[list[int]],
    list[Player],
    list[tuple[Player, PlayerState]],
    np.ndarray,
    list[int | None],
]:
    """Each person of the period (7.1, 8.3: his player-file key, else his id): the keys in
    order of first appearance, each one's slots, first and last player and state, each slot's
    person, and each slot's list rating from the player file."""
    # Slot by slot (the events' player lists in order: slot = offset + place), in plain
    # lists; a month's 200,000 slots once each, the persons' lists by numpy.
    slot_players: list[Player] = []
    slot_states: list[PlayerState] = []
    for d in data:
        players = d.event.players
        slot_players += players
        slot_states += map(d.states.__getitem__, [p.id for p in players])
    person_of: dict[str, int] = {}
    number_of = person_of.setdefault
    # Each slot's person: the next number where his key is new (setdefault's default is the
    # count of persons before the slot, read before the key goes in).
    slot_person_list = [
        number_of(state.key or player.id, len(person_of))
        for player, state in zip(slot_players, slot_states, strict=True)
    ]
    keys = list(person_of)
    slot_person = np.array(slot_person_list, dtype=np.int64).reshape(len(slot_person_list))
    # Each person's slots in order: the slots sorted by person (stable: in slot order).
    order = np.argsort(slot_person, kind="stable")
    counts = np.bincount(slot_person, minlength=len(keys))
    ends = np.cumsum(counts)
    starts = ends - counts
    order_list: list[int] = order.tolist()
    person_slots = [order_list[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
    first_player = [slot_players[s] for s in order[starts].tolist()]
    last = [(slot_players[s], slot_states[s]) for s in order[ends - 1].tolist()]
    list_rating_of = [state.list_rating for state in slot_states]
    return keys, person_slots, first_player, last, slot_person, list_rating_of


def person_ro(
    own: list[int],
    list_rating_of: list[int | None],
    rating_list: list[int],
    event_list: list[int],
    event_began: list[date | None],
) -> tuple[int, int | None, list[int]]:
    """7.1: the rating a rated person's period change goes onto, given his slots ``own``:
    the previous list's rating (the player file's: the first of his slots that has one), else
    his Ro in the event that began last (:func:`~ratingkit.fide.engine.parts.began_last_of`,
    each event's date in ``event_began``); with the number of that event (None: the list's)
    and his Ro in each of his events, in order."""
    if len(own) == 1:  # most persons play one event of the period
        first = own[0]
        ros = [rating_list[first]]
        list_rating = list_rating_of[first]
        if list_rating is not None:
            return list_rating, None, ros
        return ros[0], event_list[first], ros
    ros = list(map(rating_list.__getitem__, own))
    for slot in own:  # the first of his slots with a list rating
        list_rating = list_rating_of[slot]
        if list_rating is not None:
            return list_rating, None, ros
    own_events = [event_list[s] for s in own]
    last_index = began_last_of(own_events, event_began)
    return ros[last_index], own_events[last_index], ros
