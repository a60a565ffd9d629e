"""A FIDE 2014 rating period rated with numpy wherever the period allows it, with the numbers
the event-by-event path (:func:`ratingkit.fide.publication.rate_period`) gives.

:func:`vectorised_reason` says whether a period can be rated so (None), or why not, citing the
clause; :func:`rate_period_fast` rates it: every rated player's games of every event at once
(D, the 400-point cap of 8.54, PD of table 8.1b in hundredths, K * (w - We) of 8.55 as an exact
integer of hundredths per event, summed per person and rounded once, 8.57), the unrated
players' Rc and Ru (8.21a, 8.22-8.24) and the first ratings (7.14, 8.3) by the same functions
the event-by-event path calls, one player at a time.

The outcome is the one :func:`~ratingkit.fide.publication.rate_period` returns, value for
value: the period's players, one :class:`~ratingkit.core.outcome.EventOutcome` per event (in
input order, keyed by :meth:`EventKey.of`) with each player's part of it, the game sides, the
notes and the new state.  An event's players and game sides, the period's game sides and the
new state's records are made when they are first read (a FIDE month is a million games), and
:func:`fast_period_report` lays the report's tables out when they are read.
:meth:`ratingkit.fide.rulesets.Fide2014.rate_events` calls :func:`rate_period_or_reason` and
falls back to the event-by-event path where it gives a reason (``step_by_step=True``: always)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple, TypeVar, cast

import numpy as np

from ...core.citations import Concept
from ...core.fastbuild import collector_paused
from ...core.i18n import N_, _, tr
from ...core.model import Event, EventType, Player
from ...core.outcome import (
    DigestLater,
    EventKey,
    EventOutcome,
    Note,
    NoteKind,
    PartValues,
    PlayerOutcome,
    Rule,
    Status,
    attach_part_values,
    event_digest,
    k_in_force,
)
from ...core.players import PlayerFile, PlayerRecord
from ..event import (
    NOT_COUNTED,
    event_detail,
    reference_date,
    unrated_opponents_note,
    zero_in_first_event_note,
)
from ..formula import KChoice
from ..outcome import FideEvent, FideGame, FidePeriod, FidePlayer
from ..publication import (
    _decisions,
    _dedupe,
    _period_unrated,
    _read_notes,
    _waiting_note,
    first_rating_step,
    period_decision,
)
from ..state import (
    Pending,
    PlayerState,
    games_after,
    ratings_from_file_all,
    read_states,
    state_record,
)
from .kernel import change_hundredths, rated_sums, round_hundredths
from .lazy import (
    FideOutcome,
    LazyPeriodOutcome,
    PersonValues,
    all_game_sides,
    attach_person_values,
    later,
    lazy_event_outcome,
    lazy_player_file,
)
from .parts import (
    HALF_POINTS,
    PART_NOT_READ,
    PLAY_CODES,
    PLAYED_CODE,
    RATING_FRACTIONS,
    EventData,
    Fractions,
    UnratedParts,
    as_fraction,
    cap_rule_of,
    event_games_builder,
    event_k_default_notes,
    event_players_builder,
    named_note,
    named_note_form,
)
from .persons import k_choices, period_persons, person_ro

if TYPE_CHECKING:
    from ..rulesets import Fide2014


T = TypeVar("T")

#: Why a rated player's game is not rated (the words of :mod:`ratingkit.fide.event`).


# -- the predicate -----------------------------------------------------------------------------


def vectorised_reason(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> str | None:
    """None when :func:`rate_period_fast` gives exactly what the event-by-event path gives for
    this period; else why not, in words that cite the clause."""
    events = ratings_from_file_all(events, players)
    prepared = _prepare(rules, events, players)
    return prepared if isinstance(prepared, str) else None


def _rules_reason(rules: Fide2014) -> str | None:
    """Why the engine is not exact for ``rules``, as the rule set says it
    (:meth:`ratingkit.fide.rulesets.Fide2014.engine_refusal`), or None."""
    return rules.engine_refusal()


@dataclass(frozen=True)
class _Totals:
    """Per person: the sums over his events (rated games, half points, We and the opponents'
    ratings in hundredths or points, games capped, K * (w - We) in hundredths)."""

    n: list[int]
    w2: list[int]
    we: list[int]
    used: list[int]
    capped: list[int]
    change: list[int]


_WHITE = attrgetter("white")
_BLACK = attrgetter("black")
_WHITE_SCORE = attrgetter("white_score")
_BLACK_SCORE = attrgetter("black_score")
_PLAY = attrgetter("play")
_ROUND = attrgetter("round")


def _prepare(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> str | list[EventData]:
    """The reason the period cannot be rated fast, or its events' data."""
    reason = _rules_reason(rules)
    if reason is not None:
        return reason
    if not events:
        return tr("no events: a rating period needs at least one")
    data: list[EventData] = []
    offset = 0
    kind: dict[str, bool] = {}
    for position, event in enumerate(events):
        games = event.games
        place = {p.id: i for i, p in enumerate(event.players)}.__getitem__
        size = len(games)
        halves = (2 * np.fromiter(map(_WHITE_SCORE, games), np.float64, size)).astype(np.int64)
        columns = (
            np.fromiter(map(_ROUND, games), np.int64, size),
            np.fromiter(map(place, map(_WHITE, games)), np.int64, size),
            np.fromiter(map(place, map(_BLACK, games)), np.int64, size),
            halves,
            (2 * np.fromiter(map(_BLACK_SCORE, games), np.float64, size)).astype(np.int64),
            np.fromiter(map(PLAY_CODES.__getitem__, map(_PLAY, games)), np.int8, size),
        )
        shogi = any(g.handicap is not None or g.special is not None for g in games)
        # EventKey.of's key, its digest computed when first read (DigestLater).
        key = EventKey(position, DigestLater(partial(event_digest, event)), event.name)
        item = event_data(event, position, key, offset, columns, shogi, players, kind)
        if isinstance(item, str):
            return item
        data.append(item)
        offset += len(event.players)
    return data


def event_data(
    event: Event,
    position: int,
    key: EventKey,
    offset: int,
    columns: tuple[np.ndarray, ...],
    shogi: bool,
    players: PlayerFile | None,
    kind: dict[str, bool],
) -> EventData | str:
    """One event's data for the engine, or why the engine cannot rate it
    (:func:`event_reason`, :func:`persons_reason`): its games as ``columns`` (round, white's
    and black's place in the event's player list, their half points, how each game ended: a
    :data:`~ratingkit.fide.engine.parts.PLAYS` code), its players placed from ``offset`` in
    the period's arrays.  The one place both fronts (events, a store's rows) make it."""
    reason = event_reason(event, shogi)
    if reason is not None:
        return reason
    states, notes = read_states(event, players)
    reason = persons_reason(event, states, kind)
    if reason is not None:
        return reason
    rounds, white, black, white_halves, black_halves, plays = columns
    return EventData(
        event,
        position,
        states,
        notes,
        offset,
        white + offset,
        black + offset,
        white_halves,
        plays == PLAYED_CODE,
        {p.id: offset + i for i, p in enumerate(event.players)},
        key,
        rounds,
        black_halves,
        plays,
    )


def event_reason(event: Event, shogi: bool) -> str | None:
    """Why the engine cannot rate ``event`` (its type, its players' ratings), or None;
    ``shogi``: whether the event has games with a shogi handicap or a shogi result."""
    if event.score_only:
        return tr("{name!r} is a score table: FIDE 2014 section 8 rates games", name=event.name)
    if event.type is EventType.ROUND_ROBIN and any(p.rating is None for p in event.players):
        return tr(
            "{name!r} is a round robin with unrated players (FIDE 2014 8.52, 8.21b, "
            "8.58: the rated players' games against them count with their Ru from the "
            "iteration)",
            name=event.name,
        )
    if shogi:
        return tr(
            "{name!r} has games with a shogi handicap or a shogi result: they are not "
            "chess games (listed, not rated, by the event-by-event path)",
            name=event.name,
        )
    return None


def persons_reason(
    event: Event, states: dict[str, PlayerState], kind: dict[str, bool]
) -> str | None:
    """Why the engine cannot rate ``event``'s players as the state and the period's events
    before it have them (``kind``: whether each person was rated in them, updated here)."""
    for p in event.players:
        state = states[p.id]
        if p.rating is not None and state.first_rated is not None:
            return tr(
                "{name!r} has a first_rated date (FIDE 2014 8.4: a player first rated "
                "during an event counts as unrated for his opponents)",
                name=p.name,
            )
        key = state.key or p.id
        rated = p.rating is not None
        if kind.setdefault(key, rated) is not rated:
            return tr(
                "{name!r} is rated in one event of the period and unrated in another "
                "(FIDE 2014 8.53, 7.1: only the events where he is rated change his "
                "rating)",
                name=p.name,
            )
    return None


# -- rating ------------------------------------------------------------------------------------


def rate_period_fast(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> FideOutcome:
    """One rating period as :func:`ratingkit.fide.publication.rate_period` rates it, with
    numpy; raises :class:`ValueError` where :func:`vectorised_reason` gives a reason."""
    events = ratings_from_file_all(events, players)
    prepared = _prepare(rules, events, players)
    if isinstance(prepared, str):
        from ...core.errors import RatingkitError

        raise RatingkitError(
            tr("the vectorised period cannot rate this period: {prepared}", prepared=prepared)
        )
    return _rate(rules, events, players, prepared)


def rate_period_or_reason(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> FideOutcome | str:
    """The period rated by :func:`rate_period_fast`, or the reason of
    :func:`vectorised_reason` why not (the period is read once for both), with the cycle
    collector paused."""
    with collector_paused():
        events = ratings_from_file_all(events, players)
        prepared = _prepare(rules, events, players)
        if isinstance(prepared, str):
            return prepared
        return _rate_period(rules, events, players, prepared)


def _rate(
    rules: Fide2014,
    events: Sequence[Event],
    players: PlayerFile | None,
    data: list[EventData],
) -> FideOutcome:
    """The period's outcome, with the cycle collector paused while its many small objects
    are made (none of them in a cycle)."""
    with collector_paused():
        return _rate_period(rules, events, players, data)


def _rate_period(
    rules: Fide2014,
    events: Sequence[Event],
    players: PlayerFile | None,
    data: list[EventData],
) -> FideOutcome:
    cap = rules.cap
    cap_rule = cap_rule_of(rules)
    slots: list[Player] = [p for d in data for p in d.event.players]
    total = len(slots)
    slot_event = np.repeat(
        np.arange(len(data), dtype=np.int64), [len(d.event.players) for d in data]
    )
    # Plain lists, then arrays: a generator fed to np.fromiter is twice the time a month.
    slot_ratings = [p.rating for p in slots]
    rated = np.array([r is not None for r in slot_ratings], bool).reshape(total)
    rating = np.array([r or 0 for r in slot_ratings], np.int64).reshape(total)
    white = np.concatenate([d.white for d in data]) if data else np.zeros(0, np.int64)
    black = np.concatenate([d.black for d in data])
    halves = np.concatenate([d.white_halves for d in data])
    played = np.concatenate([d.played for d in data])

    # The unrated players, event by event (8.21: who scores 0 in his first event is not
    # counted; the first event depends on the events before): their parts, in Python.
    disregarded, unrated_parts, counted, zero_of_event = _unrated_first_pass(rules, data, total)

    # Rated players: every game between two rated players, both sides at once (8.52-8.57).
    both = played & rated[white] & rated[black]
    rw, rb, h = white[both], black[both], halves[both]
    sums = rated_sums(rw, rb, h, rating, total, cap)
    n, w2, we, used, raw = sums.n, sums.w2, sums.we, sums.opp, sums.raw
    over = np.abs(raw) > cap
    capped = np.bincount(rw[over], minlength=total) + np.bincount(rb[over], minlength=total)
    # Games of rated players against unrated opponents: not rated (8.52), or against an
    # opponent not counted (8.21).
    mixed_w = played & rated[white] & ~rated[black]
    mixed_b = played & rated[black] & ~rated[white]
    opp_w, opp_b = black[mixed_w], white[mixed_b]
    me_w, me_b = white[mixed_w], black[mixed_b]
    not_counted_w, not_counted_b = disregarded[opp_w], disregarded[opp_b]
    vs_not_counted = np.bincount(me_w[not_counted_w], minlength=total) + np.bincount(
        me_b[not_counted_b], minlength=total
    )
    vs_unrated = np.bincount(me_w[~not_counted_w], minlength=total) + np.bincount(
        me_b[~not_counted_b], minlength=total
    )

    # K (8.56) per player and event, once per distinct combination of what it reads.
    choices, choice_list = k_choices(rules, data)
    choice_of = np.array(choice_list, dtype=np.int64)
    k_of = np.array([c.k for c in choices] or [0], dtype=np.int64)[choice_of]
    # K * (w - We) in hundredths (8.55); a player's unrated events add nothing.
    change_h = np.where(rated, change_hundredths(k_of, w2, we), 0)
    event_after = rating + round_hundredths(change_h)

    def not_rated_of(slot: int) -> tuple[tuple[Rule, int], ...]:
        a, b = int(vs_not_counted[slot]), int(vs_unrated[slot])
        if not a and not b:
            return ()
        if not a:
            return ((rules.cite(Concept.UNRATED_OPPONENT), b),)
        if not b:
            return ((rules.cite(Concept.OPPONENT_NOT_COUNTED), a),)
        # Both: in the order the player's games give them first (round order).
        d = data[int(slot_event[slot])]
        order: dict[Rule, int] = {}
        for game in d.played_games_of(slot):
            opp = d.opponent(game, slot)
            if not rated[opp]:
                why = rules.cite(
                    Concept.OPPONENT_NOT_COUNTED if disregarded[opp] else Concept.UNRATED_OPPONENT
                )
                order[why] = order.get(why, 0) + 1
        return tuple(order.items())

    lists = _Totals(
        n=n.tolist(),
        w2=w2.tolist(),
        we=we.tolist(),
        used=used.tolist(),
        capped=capped.tolist(),
        change=change_h.tolist(),
    )
    after_list: list[int] = event_after.tolist()
    fraction = Fractions()

    def rated_part(slot: int, person: str | None) -> PlayerOutcome[FidePlayer]:
        player = slots[slot]
        choice = choices[choice_list[slot]]
        games_n, halves, hundredths = lists.n[slot], lists.w2[slot], lists.we[slot]
        w = fraction(halves, 2)
        expected = fraction(hundredths, 100)
        change = fraction(lists.change[slot], 100)
        ro = player.rating
        return PlayerOutcome(
            player.id,
            player.name,
            ro,
            games_n,
            w,
            expected,
            change,
            after_list[slot],
            Status.RATED,
            FidePlayer(
                ro=ro,
                rc=fraction(lists.used[slot], games_n) if games_n else None,
                n=games_n,
                w=w,
                we=expected,
                w_minus_we=fraction(50 * halves - hundredths, 100),
                ks=(choice.k,),
                k_change=change,
                k_rules=(choice.k_rule,),
                status_text=N_("rated"),
                k_assumed=choice.assumed,
                cap_rule=cap_rule,
                games_capped=lists.capped[slot],
                not_rated=not_rated_of(slot),
                person=person,
            ),
        )

    # The played games of unrated players not counted (8.21) list no side of their own.
    silent = np.bincount(
        slot_event[white[played & disregarded[white]]], minlength=len(data)
    ) + np.bincount(slot_event[black[played & disregarded[black]]], minlength=len(data))

    # -- each event's part and notes -------------------------------------------------------
    notes: list[Note] = [period_decision(events)]
    note_form = named_note_form()  # translated once for the period, not once a note
    game_values: dict[tuple[int, int, int], tuple[Fraction, Fraction, Fraction]] = {}
    event_outcomes: list[EventOutcome[FidePlayer, FideGame, FideEvent]] = []
    for d in data:
        event = d.event
        read = _event_notes(
            rules, d, zero_of_event.get(d.position, []), slots, choices, choice_list
        )
        notes.extend(named_note(note, event.name, note_form) for note in read)
        event_outcomes.append(
            lazy_event_outcome(
                d.key,
                notes=tuple(read),
                detail=event_detail(event),
                build_players=event_players_builder(d, rated_part, unrated_parts),
                build_games=event_games_builder(
                    rules, d, choices, choice_list, disregarded, unrated_parts, game_values
                ),
                sides=2 * len(d.white) - int(silent[d.position]),
            )
        )

    # -- each person's period (7.1, 8.3) -----------------------------------------------------
    keys, person_slots, first_player, last, slot_person, list_rating_of = period_persons(data)
    persons = len(keys)

    def per_person(values: np.ndarray) -> list[int]:
        summed = np.bincount(slot_person, weights=values, minlength=persons)
        result: list[int] = summed.astype(np.int64).tolist()
        return result

    totals = _Totals(
        n=per_person(n),
        w2=per_person(w2),
        we=per_person(we),
        used=per_person(used),
        capped=per_person(capped),
        change=per_person(change_h),
    )
    rating_list: list[int] = rating.tolist()
    event_list: list[int] = slot_event.tolist()
    some_not_rated: list[bool] = ((vs_not_counted + vs_unrated) > 0).tolist()
    k_summaries: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[Rule, ...], tuple[str, ...]]]
    k_summaries = {}

    def k_summary(
        own: list[int],
    ) -> tuple[tuple[int, ...], tuple[Rule, ...], tuple[str, ...]]:
        if len(own) == 1:  # most persons play one event of the period
            used_choices: tuple[int, ...] = (choice_list[own[0]],)
        else:
            used_choices = tuple(dict.fromkeys([choice_list[s] for s in own]))
        found_summary = k_summaries.get(used_choices)
        if found_summary is None:
            picked = [choices[c] for c in used_choices]
            found_summary = k_summaries[used_choices] = (
                tuple(sorted({c.k for c in picked})),
                tuple(dict.fromkeys(c.k_rule for c in picked)),
                tuple(dict.fromkeys(a for c in picked for a in c.assumed)),
            )
        return found_summary

    # Translated once for the period (an event), not once a player (a month lists 100,000).
    from_player_file = tr("player file")
    # 7.1's note of a person whose events' Ro differ: filled for each person it names.
    differing_ro_template = _(
        "7.1: {name!r} is rated with Ro {names} in the events; the "
        "period's change goes onto the previous list's rating {ro} "
        "({source})"
    )
    # Each event's words as the one that began last, made once an event when first needed.
    began_last_texts: list[str | None] = [None] * len(data)

    def began_last_text(event_number: int) -> str:
        name = data[event_number].event.name
        text = began_last_texts[event_number] = tr("{name} (the event that began last)", name=name)
        return text

    # 8.57: each person's total change in hundredths rounded once, half away from zero.
    whole_change: list[int] = round_hundredths(np.array(totals.change, np.int64)).tolist()
    event_began = [d.event.start or d.event.end for d in data]

    def period_rated(number: int, key: str, player: Player, own: list[int]) -> _Published:
        """7.1: the previous list's rating + the period's rounded total, as
        :func:`ratingkit.fide.publication._period_rated` makes it: what is published and the
        note where the events' Ro differ, now; the result itself when first read
        (:func:`rated_outcome`: a month has 100,000 persons, the ledger stores values)."""
        ro, began_last, ros = person_ro(own, list_rating_of, rating_list, event_list, event_began)
        if began_last is None:
            source = from_player_file
        else:
            source = began_last_texts[began_last] or began_last_text(began_last)
        if ros.count(ro) != len(ros):  # an event's Ro differs from the one the change goes on
            notes.append(
                Note(
                    NoteKind.RULE,
                    differing_ro_template.format(
                        name=player.name,
                        names=", ".join(str(r) for r in ros),
                        ro=ro,
                        source=source,
                    ),
                    rules.cite(Concept.PREVIOUS_LIST),
                    (key,),
                )
            )
        after, status = rules.publish(ro + whole_change[number])
        return _Published(ro, source, after, status)

    def rated_outcome(
        number: int, key: str, player: Player, own: list[int], published: _Published
    ) -> PlayerOutcome[FidePlayer]:
        ro, after = published.ro, published.after
        games_n = totals.n[number]
        halves, hundredths = totals.w2[number], totals.we[number]
        w = fraction(halves, 2)
        expected = fraction(hundredths, 100)
        change = fraction(totals.change[number], 100)
        ks, k_rules, k_assumed = k_summary(own)
        not_rated: dict[Rule, int] = {}
        for s in own:
            if some_not_rated[s]:
                for rule, count in not_rated_of(s):
                    not_rated[rule] = not_rated.get(rule, 0) + count
        return PlayerOutcome(
            key,
            player.name,
            ro,
            games_n,
            w,
            expected,
            change,
            after,
            Status.RATED if after is not None else Status.NOT_PUBLISHED,
            FidePlayer(
                ro=ro,
                rc=fraction(totals.used[number], games_n) if games_n else None,
                n=games_n,
                w=w,
                we=expected,
                w_minus_we=fraction(50 * halves - hundredths, 100),
                ks=ks,
                k_change=change,
                k_rules=k_rules,
                status_text=published.status or N_("rated"),
                list_rating=ro,
                list_rating_from=published.source,
                events=len(own),
                k_assumed=k_assumed,
                cap_rule=cap_rule,
                games_capped=totals.capped[number],
                not_rated=tuple(not_rated.items()),
            ),
        )

    rated_list: list[bool] = rated.tolist()
    disregarded_list: list[bool] = disregarded.tolist()
    dates = [x for x in (reference_date(e) for e in events) if x is not None]
    on = max(dates) if dates else None
    # Each person's result: an unrated person's now (it writes notes and carries results),
    # a rated person's when the players are first read (what is published is known now).
    period_players: list[PlayerOutcome[FidePlayer] | _Published] = []
    carried: dict[str, tuple[Pending, ...]] = {}
    waiting: list[tuple[str, int, str]] = []
    for number, key in enumerate(keys):
        own = person_slots[number]
        player = first_player[number]
        if rated_list[own[0]]:
            period_players.append(period_rated(number, key, player, own))
            continue
        state = last[number][1]
        own_counted = [s for s in own if not disregarded_list[s]]
        # _period_unrated reads an event's part (its own Ru) only where one event alone has
        # games against rated opponents; elsewhere it pools the pairs (8.3), and
        # first_rating_step reads the pairs: the other parts are not made here.
        alone = sum(1 for s in own_counted if counted[s]) == 1
        unrated = [
            (
                data[event_list[s]].event,
                counted[s],
                unrated_parts[s] if alone and counted[s] else PART_NOT_READ,
            )
            for s in own_counted
        ]
        # 8.3's pooled W and Rc from the integer sums (the pairs' own fractions the same).
        pooled = unrated_parts.pooled_sums(own_counted)
        outcome = _period_unrated(key, player, unrated, notes, rules, pooled)
        outcome = first_rating_step(
            rules,
            key,
            player.name,
            outcome,
            unrated,
            state.pending,
            on,
            notes,
            carried,
            waiting,
        )
        period_players.append(outcome)
    notes.extend(_waiting_note(rules, waiting))
    notes.extend(_decisions(rules, events[0]))
    notes = _dedupe(notes)

    results = _PersonResults(
        keys,
        period_players,
        person_slots,
        first_player,
        last,
        totals.n,
        carried,
        rated_outcome,
        k_of.tolist(),
    )
    period_outcome = LazyPeriodOutcome(
        rules=rules.name,
        title=tr(
            "rating period of {events_count} event(s): {label}",
            events_count=len(events),
            label=rules.label,
        ),
        players=later(results.players, persons),
        events=tuple(event_outcomes),
        notes=tuple(notes),
        detail=FidePeriod(len(events)),
        games=later(all_game_sides),
        new_state=lazy_player_file(results.state, persons, "new state after the rating period"),
    )
    # Not a field of the outcome (its codec and equality leave it out): read through
    # part_values by a caller that wants the parts' numbers without the parts.
    attach_part_values(
        period_outcome,
        _part_values_builder(
            data, unrated_parts, lists, after_list, fraction, choices, choice_list
        ),
    )
    attach_person_values(period_outcome, results.values)
    return period_outcome


class _Published(NamedTuple):
    """A rated person's period as published (7.1): Ro, where it came from, the rating
    published and the status where none is."""

    ro: int
    source: str
    after: int | None
    status: str | None


@dataclass(frozen=True)
class _PersonResults:
    """Each person's period result: made (an unrated person's) or published (a rated
    person's, his result made when first read), and what is read of them."""

    keys: list[str]
    made: list[PlayerOutcome[FidePlayer] | _Published]
    person_slots: list[list[int]]
    first_player: list[Player]
    last: list[tuple[Player, PlayerState]]
    games: list[int]
    carried: dict[str, tuple[Pending, ...]]
    rated_outcome: Callable[[int, str, Player, list[int], _Published], PlayerOutcome[FidePlayer]]
    #: Each rated slot's K (8.56).
    slot_k: list[int]

    def players(self, _outcome: object) -> tuple[PlayerOutcome[FidePlayer], ...]:
        """The outcome's players, in order."""
        return tuple(
            self.rated_outcome(
                number, key, self.first_player[number], self.person_slots[number], made
            )
            if isinstance(made, _Published)
            else made
            for number, (key, made) in enumerate(zip(self.keys, self.made, strict=True))
        )

    def state(self) -> list[PlayerRecord]:
        """The new state's records (7.1, 7.14), in order."""
        records: list[PlayerRecord] = []
        append = records.append
        carried = self.carried
        games = self.games
        # In one pass over the persons (a month has 100,000), the lists zipped.
        for number, (key, made, (player, state)) in enumerate(
            zip(self.keys, self.made, self.last, strict=True)
        ):
            after: int | None
            games_n: int | None
            if isinstance(made, _Published):
                after, games_n = made.after, games[number]
            else:
                after, games_n = made.rating_after, made.detail.n
            count = games_after(player, state, after, games_n)
            append(state_record(key, player.name, after, count, state, carried.get(key, ())))
        return records

    def values(self) -> list[PersonValues]:
        """Each person's :class:`PersonValues`, in order."""
        found: list[PersonValues] = []
        append = found.append
        slot_k = self.slot_k
        for key, made, own in zip(self.keys, self.made, self.person_slots, strict=True):
            if isinstance(made, _Published):
                if len(own) == 1:  # most persons play one event: his K is his slot's
                    append(PersonValues(key, made.after, slot_k[own[0]]))
                    continue
                # k_summary's Ks: the distinct K of his slots' choices (8.56), each slot's K
                # being its choice's; one K is in force, several none.
                ks = {slot_k[s] for s in own}
                append(PersonValues(key, made.after, ks.pop() if len(ks) == 1 else None))
            else:
                append(PersonValues(key, made.rating_after, k_in_force(made)))
        return found


def _part_values_builder(
    data: list[EventData],
    unrated_parts: UnratedParts,
    lists: _Totals,
    after_list: list[int],
    fraction: Fractions,
    choices: list[KChoice],
    choice_list: list[int],
) -> Callable[[], list[list[PartValues]]]:
    def build_part_values() -> list[list[PartValues]]:
        """Each event's players' parts as values, from the arrays (the rated players) and
        the unrated players' parts' values (:meth:`UnratedParts.values`): what
        ``rated_part`` and the unrated parts would hold, without their objects."""
        # Locals and plain lists: a FIDE month reads 1,000,000 slots here.
        games_list = lists.n
        # Each slot's W, We and K * (w - We) as fractions, made in bulk (unrated slots' too,
        # unread: their values come from their parts).
        scores = fraction.each(lists.w2, 2)
        expected = fraction.each(lists.we, 100)
        changes = fraction.each(lists.change, 100)
        # An unrated slot's choice is 0, its K its part's (a period without a rated player
        # has no choice: the 0 stands in, replaced below).
        k_list = [choice.k for choice in choices] or [0]
        slot_k = [k_list[choice] for choice in choice_list]
        # A rated slot's values, column by column into tuples made in C (no call a slot).
        part = cast(Callable[[tuple[object, ...]], PartValues], partial(tuple.__new__, PartValues))
        found: list[list[PartValues]] = []
        for d in data:
            players = d.event.players
            start, end = d.offset, d.offset + len(players)
            values = list(
                map(
                    part,
                    zip(
                        [player.id for player in players],
                        [player.rating for player in players],
                        games_list[start:end],
                        scores[start:end],
                        expected[start:end],
                        changes[start:end],
                        after_list[start:end],
                        repeat(Status.RATED),
                        slot_k[start:end],
                    ),
                )
            )
            # The unrated slots: their parts' values.
            for slot in _unrated_slots(players, start):
                games, score, after, status, k = unrated_parts.values(slot)
                values[slot - start] = PartValues(
                    players[slot - start].id, None, games, score, None, None, after, status, k
                )
            found.append(values)
        return found

    return build_part_values


def _unrated_first_pass(
    rules: Fide2014, data: list[EventData], total: int
) -> tuple[
    np.ndarray,
    UnratedParts,
    dict[int, list[tuple[Fraction, Fraction]]],
    dict[int, list[int]],
]:
    """The unrated players, event by event (8.21: who scores 0 in his first event is not
    counted; the first event depends on the events before): by slot, who is not counted, the
    parts (made, or to make when read), the pairs (opponent's rating, score) against rated
    opponents of those counted, and by event the slots not counted."""
    disregarded = np.zeros(total, dtype=bool)
    unrated_parts = UnratedParts(rules)
    counted: dict[int, list[tuple[Fraction, Fraction]]] = {}
    zero_of_event: dict[int, list[int]] = {}
    seen_unrated: set[str] = set()
    rating_fractions = RATING_FRACTIONS
    for d in data:
        event, states = d.event, d.states
        became: list[str] = []
        players = event.players
        offset = d.offset
        # d.opponent and d.halves_of, read from lists made for this event only (dropped
        # with the next event: kept for a whole period, they weigh on its peak memory).
        sides: tuple[list[int], list[int], list[int], list[int]] | None = None
        games_of: dict[int, list[int]] = {}
        for i, player in enumerate(players):
            if player.rating is not None:
                continue
            slot = offset + i
            state = states[player.id]
            if sides is None:
                sides = d.side_lists()
                games_of = d.played_games_of_slots(sides, _unrated_slots(players, offset))
            whites, blacks, white_halves, black_halves = sides
            mine = games_of[slot]
            pairs = []
            half_points = 0
            rating_sum = 0
            for game in mine:
                if whites[game] == slot:
                    opponent_rating = players[blacks[game] - offset].rating
                    half = white_halves[game]
                else:
                    opponent_rating = players[whites[game] - offset].rating
                    half = black_halves[game]
                if opponent_rating is not None:
                    half_points += half
                    rating_sum += opponent_rating
                    # as_fraction's remembered fraction, read without a call a game
                    fraction = rating_fractions.get(opponent_rating)
                    if fraction is None:
                        fraction = as_fraction(opponent_rating)
                    pairs.append((fraction, HALF_POINTS[half]))
            first = not state.games and not state.pending and state.key not in seen_unrated
            if pairs and half_points == 0 and first:
                disregarded[slot] = True
                zero_of_event.setdefault(d.position, []).append(slot)
                unrated_parts.made[slot] = PlayerOutcome(
                    player.id,
                    player.name,
                    None,
                    len(mine),
                    Fraction(0),
                    None,
                    None,
                    None,
                    Status.NOT_RATED,
                    FidePlayer(status_text=NOT_COUNTED, not_counted=True, person=state.key),
                )
                if mine:
                    became.append(state.key or player.id)
                continue
            counted[slot] = pairs
            unrated_parts.later[slot] = (player, pairs, half_points, rating_sum, state.key)
            unrated_parts.sums[slot] = (half_points, rating_sum)
            if pairs:
                became.append(state.key or player.id)
        seen_unrated.update(became)

    return disregarded, unrated_parts, counted, zero_of_event


def _unrated_slots(players: Sequence[Player], offset: int) -> list[int]:
    return [offset + i for i, player in enumerate(players) if player.rating is None]


def _event_notes(
    rules: Fide2014,
    d: EventData,
    zero: list[int],
    slots: list[Player],
    choices: list[KChoice],
    choice_list: list[int],
) -> list[Note]:
    """An event's notes: what was read, the players not counted (8.21), the games against
    unrated opponents (8.52), the defaults assumed for K (8.56)."""
    event = d.event
    result_notes: list[Note] = []
    if zero:
        result_notes.append(
            zero_in_first_event_note(
                rules,
                [slots[s].id for s in zero],
                [slots[s].name for s in zero],
                _round_robin(event),
            )
        )
    if any(p.rating is None for p in event.players):
        unrated_note = unrated_opponents_note(rules, _round_robin(event))
        if unrated_note is not None:
            result_notes.append(unrated_note)
    read = _dedupe([*_read_notes(event), *d.state_notes, *result_notes])
    # The event's own slots only: a slice to the end copied the rest of the period's
    # (a month of 2,000 events copied 200 million entries).
    players = event.players
    read += event_k_default_notes(players, choice_list[d.offset : d.offset + len(players)], choices)
    return read


def _round_robin(event: Event) -> bool:
    return event.type is EventType.ROUND_ROBIN
