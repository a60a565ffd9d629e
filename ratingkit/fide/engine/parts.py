"""An event's players and game sides, made from the engine's arrays when first read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...core.citations import Concept
from ...core.expected import table_pd_exact
from ...core.fastbuild import build as make_frozen
from ...core.i18n import N_, tr
from ...core.model import Event, Player
from ...core.outcome import (
    EventKey,
    GameOutcome,
    Note,
    PlayerOutcome,
    Rule,
    Status,
)
from ..event import (
    citation_note,
    no_ru_outcome,
    ru_outcome,
)
from ..formula import KChoice
from ..outcome import FideGame, FidePlayer
from ..state import PlayerState

if TYPE_CHECKING:
    from ..rulesets import Fide2014


@dataclass
class EventData:
    """One event's slots (its players, in order) and its games as arrays."""

    event: Event
    position: int
    states: dict[str, PlayerState]
    state_notes: list[Note]
    offset: int
    # games, by slot (global index of the player among all events' players)
    white: np.ndarray
    black: np.ndarray
    white_halves: np.ndarray
    played: np.ndarray
    #: The slot of each player id of the event.
    index: dict[str, int]


def cap_rule_of(rules: Fide2014) -> Rule:
    return Rule(rules.cap_rule, tr("D capped at {cap}", cap=rules.cap))


class UnratedParts:
    """The unrated players' parts of their events, by slot: made at once for those not
    counted (8.21), else when first read (Rc and Ru of 8.21a-8.24)."""

    def __init__(self, rules: Fide2014) -> None:
        self.rules = rules
        self.made: dict[int, PlayerOutcome[FidePlayer]] = {}
        self.later: dict[int, tuple[Player, list[tuple[Fraction, Fraction]], int, str | None]]
        self.later = {}

    def __getitem__(self, slot: int) -> PlayerOutcome[FidePlayer]:
        part = self.made.get(slot)
        if part is None:
            player, pairs, halves, person = self.later.pop(slot)
            part = self.made[slot] = _unrated_part(self.rules, player, pairs, halves, person)
        return part

    def unread(self, slot: int) -> PlayerOutcome[FidePlayer]:
        """The part where nobody reads it: made if it was, else a stand-in without its Ru."""
        part = self.made.get(slot)
        if part is not None:
            return part
        player, pairs, halves, person = self.later[slot]
        return PlayerOutcome(
            player.id,
            player.name,
            None,
            len(pairs),
            Fraction(halves, 2),
            None,
            None,
            None,
            Status.NOT_RATED,
            FidePlayer(person=person),
        )


#: A score of 0, 1 or 2 half points as a fraction (made once: fractions are immutable).
HALF_POINTS = (Fraction(0), Fraction(1, 2), Fraction(1))
_RATINGS: dict[int, Fraction] = {}


def as_fraction(rating: int) -> Fraction:
    """An opponent's rating as a fraction, made once per rating."""
    value = _RATINGS.get(rating)
    if value is None:
        value = _RATINGS[rating] = Fraction(rating)
    return value


def _unrated_part(
    rules: Fide2014,
    player: Player,
    pairs: list[tuple[Fraction, Fraction]],
    halves: int,
    person: str | None,
) -> PlayerOutcome[FidePlayer]:
    """An unrated player's part of a Swiss event (8.21a, 8.22-8.24), as
    :func:`ratingkit.fide.event.unrated_player_ru` makes it (``halves``: his score in half
    points)."""
    n = len(pairs)
    w = Fraction(halves, 2)
    if n == 0:
        return no_ru_outcome(player.id, player.name, n, w, person)
    initial = rules.initial_rating(pairs)
    return ru_outcome(rules, player.id, player.name, n, w, initial, person)


def event_players_builder(
    d: EventData,
    rated_part: Callable[[int, str | None], PlayerOutcome[FidePlayer]],
    unrated_parts: UnratedParts,
) -> Callable[[], tuple[PlayerOutcome[FidePlayer], ...]]:
    def build() -> tuple[PlayerOutcome[FidePlayer], ...]:
        return tuple(
            rated_part(d.offset + i, d.states[p.id].key)
            if p.rating is not None
            else unrated_parts[d.offset + i]
            for i, p in enumerate(d.event.players)
        )

    return build


_PD: dict[int, Fraction] = {}


def _pd(d: int) -> Fraction:
    value = _PD.get(d)
    if value is None:
        value = _PD[d] = table_pd_exact(d)
    return value


def event_games_builder(
    rules: Fide2014,
    d: EventData,
    choices: list[KChoice],
    choice_list: list[int],
    disregarded: np.ndarray,
    unrated_parts: UnratedParts,
    shared: dict[tuple[int, int, int], tuple[Fraction, Fraction, Fraction]],
) -> Callable[[], tuple[GameOutcome[FideGame], ...]]:
    """The event's game sides in the order :func:`ratingkit.fide.event.rate_event` lists them:
    the games not played, then each rated player's games, then each unrated player's
    (``shared``: PD, score - PD and K * (score - PD) by K, half points and D, made once for
    the period's events)."""
    cap = rules.cap
    cap_rule = cap_rule_of(rules)

    def build() -> tuple[GameOutcome[FideGame], ...]:
        values = shared
        event = d.event
        key = EventKey.of(event, d.position)
        by_id = {p.id: p for p in event.players}
        silent = {
            d.offset + i for i in np.flatnonzero(disregarded[d.offset : d.offset + len(by_id)])
        }
        sides: list[GameOutcome[FideGame]] = []
        for game in event.games:
            if game.is_played:
                continue
            why = Rule(f"not played ({game.play.value})", N_("only 1 = 0 results are rated"))
            for pid in game.players:
                me, you = by_id[pid], by_id[game.opponent_of(pid)]
                sides.append(
                    GameOutcome(
                        key,
                        game.round,
                        pid,
                        you.id,
                        Fraction(game.score_of(pid)),
                        False,
                        why,
                        None,
                        FideGame(me.name, you.name, you.rating, note=str(why)),
                    )
                )
        for i, me in enumerate(event.players):
            if me.rating is None:
                continue
            ro = me.rating
            k = choices[choice_list[d.offset + i]].k
            for game in event.played_games_of(me.id):
                you = by_id[game.opponent_of(me.id)]
                half = int(2 * game.score_of(me.id))
                score = HALF_POINTS[half]
                if you.rating is None:
                    why = rules.cite(
                        Concept.OPPONENT_NOT_COUNTED
                        if d.index[you.id] in silent
                        else Concept.UNRATED_OPPONENT
                    )
                    sides.append(
                        GameOutcome(
                            key,
                            game.round,
                            me.id,
                            you.id,
                            score,
                            False,
                            why,
                            None,
                            FideGame(me.name, you.name, None, note=str(why)),
                        )
                    )
                    continue
                raw = ro - you.rating
                is_capped = abs(raw) > cap
                diff = max(-cap, min(cap, raw)) if is_capped else raw
                made = values.get((k, half, diff))
                if made is None:
                    pd = _pd(diff)
                    made = values[(k, half, diff)] = (pd, score - pd, k * (score - pd))
                pd, dr, change = made
                # make_frozen (fastbuild.build): the same frozen values without their __init__
                # (tests/test_fastbuild.py), for the many game sides of a period.
                detail = make_frozen(
                    FideGame,
                    {
                        "name": me.name,
                        "opponent_name": you.name,
                        "opponent_rating": you.rating,
                        "rating_used": ro - diff if is_capped else you.rating,
                        "capped": cap_rule if is_capped else None,
                        "d_uncapped": raw,
                        "d": diff,
                        "pd": pd,
                        "score_minus_pd": dr,
                        "note": None,
                    },
                )
                sides.append(
                    make_frozen(
                        GameOutcome,
                        {
                            "event": key,
                            "round": game.round,
                            "player": me.id,
                            "opponent": you.id,
                            "score": score,
                            "rated": True,
                            "reason": cap_rule if is_capped else None,
                            "change": change,
                            "detail": detail,
                        },
                    )
                )
        for i, me in enumerate(event.players):
            if me.rating is not None or disregarded[d.offset + i]:
                continue
            for game in event.played_games_of(me.id):
                you = by_id[game.opponent_of(me.id)]
                score = HALF_POINTS[int(2 * game.score_of(me.id))]
                if you.rating is None:
                    rated_only = rules.cite(Concept.RATED_OPPONENTS_ONLY)
                    why, counts, note = rated_only, False, str(rated_only)
                else:
                    towards = rules.cite(Concept.COUNTS_TOWARDS_AVERAGE)
                    why, counts, note = towards, True, citation_note(towards)
                sides.append(
                    GameOutcome(
                        key,
                        game.round,
                        me.id,
                        you.id,
                        score,
                        counts,
                        why,
                        None,
                        FideGame(me.name, you.name, you.rating, note=note),
                    )
                )
        return tuple(sides)

    return build


def began_last_index(events: Sequence[Event]) -> int:
    """The event that began last (publication._began_last): the latest start (else end)
    date; among equal or missing dates, the later in the order given."""
    dated = [(i, e.start or e.end) for i, e in enumerate(events) if (e.start or e.end)]
    if not dated:
        return len(events) - 1
    return max(dated, key=lambda pair: (pair[1], pair[0]))[0]
