"""The period's persons and their K, read slot by slot (a slot: one player of one event, in
the order of the events and their player lists): who is one person across the period's events
(FIDE 2014 7.1, 8.3) and the K of each rated slot (8.56), chosen once per distinct combination
of what it reads.  Split from :mod:`ratingkit.fide.engine.period` (issue 28, part 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.model import Player
from ..event import reference_date
from ..formula import KChoice
from ..state import PlayerState
from .parts import EventData

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
    person_of: dict[str, int] = {}
    person_slots: list[list[int]] = []
    first_player: list[Player] = []
    last: list[tuple[Player, PlayerState]] = []
    slot_person_list: list[int] = []
    list_rating_of: list[int | None] = []
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
            slot_person_list.append(number)
            list_rating_of.append(state.list_rating)
    keys = list(person_of)
    slot_person = np.array(slot_person_list, dtype=np.int64)
    return keys, person_slots, first_player, last, slot_person, list_rating_of
