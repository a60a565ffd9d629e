"""Publication: from the events' computations to the ratings published.

* one event (:func:`rate_one`): 7.1, the change goes onto the previous list's rating; 7.14
  (2024 7.1.4), a first rating only from 5 games against rated opponents, pooled over 26
  months, the results below it kept in ``pending_results``; the floor (2022 1000, 2024 1400);
* a rating period (:func:`rate_period`): each event's K * sum(dR) added up and rounded once
  (8.55c, 8.57) onto the previous list's rating (7.1); an unrated player's first rating over
  all his games as one event (8.3).

Both return the typed :class:`~ratingkit.fide.outcome.FideOutcome`; the report is its view
(:mod:`ratingkit.fide.views`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.citations import Concept
from ..core.errors import RatingkitError
from ..core.i18n import N_, tr
from ..core.model import Event, Player, event_notes
from ..core.outcome import (
    EventOutcome,
    GameOutcome,
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
)
from ..core.players import PlayerFile
from ..core.rounding import round_half_away_from_zero
from .event import EventResult, group_k_defaults, rate_event, rated_games, reference_date
from .formula import exact_sum
from .outcome import FideEvent, FideGame, FideOutcome, FidePeriod, FidePlayer
from .state import (
    Pending,
    PlayerState,
    games_after,
    ratings_from_file,
    ratings_from_file_all,
    read_states,
    state_record,
)

if TYPE_CHECKING:
    from .rulesets import Fide2014

__all__ = ["FirstRating", "as_one_event", "period_games", "rate_one", "rate_period"]


@dataclass(frozen=True)
class FirstRating:
    """What publication does to a new player's computed values (7.14; 2024 7.1.4; 8.3): the
    rating published (None: not published), the status, and, where results were pooled
    (8.3), the values over all of them."""

    rating_after: int | None
    status_text: str
    n: int | None = None
    w: Fraction | None = None
    rc: Fraction | None = None
    ru_exact: Fraction | None = None
    ru: int | None = None
    rule: str | None = None

    @property
    def pooled(self) -> bool:
        return self.n is not None

    def apply(self, player: PlayerOutcome[FidePlayer]) -> PlayerOutcome[FidePlayer]:
        detail = replace(player.detail, status_text=self.status_text)
        games, score = player.games, player.score
        if self.n is not None and self.w is not None:
            detail = replace(
                detail,
                n=self.n,
                w=self.w,
                rc=self.rc,
                ru_exact=self.ru_exact,
                ru=self.ru,
                ru_rule=self.rule or detail.ru_rule,
            )
            games, score = self.n, self.w
        status = Status.FIRST_RATING if self.rating_after is not None else Status.NOT_PUBLISHED
        return replace(
            player,
            games=games,
            score=score,
            rating_after=self.rating_after,
            status=status,
            detail=detail,
        )


def _dedupe(notes: Iterable[Note]) -> list[Note]:
    """The notes without repeats (by their words), in order."""
    seen: set[str] = set()
    out = []
    for note in notes:
        if note.text not in seen:
            seen.add(note.text)
            out.append(note)
    return out


def _read_notes(event: Event) -> list[Note]:
    return [Note(NoteKind.READ, text) for text in event_notes(event)]


def _decisions(rules: Fide2014, event: Event) -> list[Note]:
    return [Note(NoteKind.DECISION, text) for text in rules.decision_notes(event)]


def _waiting_note(rules: Fide2014, waiting: Sequence[tuple[str, int, str]]) -> list[Note]:
    text = rules.not_published_note([(name, n) for name, n, _ in waiting])
    if text is None:
        return []
    rule = Rule(rules.first_rating_clause, N_("first rating from 5 games"))
    return [Note(NoteKind.RULE, text, rule, tuple(pid for _, _, pid in waiting))]


def rate_one(rules: Fide2014, event: Event, players: PlayerFile | None) -> FideOutcome:
    """One event: its computation, then publication (7.1, 7.14; the floor)."""
    event = ratings_from_file(event, players)
    states, notes = read_states(event, players)
    first = {pid for pid, s in states.items() if not s.games and not s.pending}
    result = rate_event(event, states, rules, first)
    notes = [*_read_notes(event), *notes, *result.notes]
    on = reference_date(event)
    carried: dict[str, tuple[Pending, ...]] = {}
    waiting: list[tuple[str, int, str]] = []
    final: list[PlayerOutcome[FidePlayer]] = []
    for player in event.players:
        outcome = result.players[player.id]
        state = states[player.id]
        if player.rating is not None:
            outcome = _onto_previous_list(rules, player, outcome, state, notes)
        elif not outcome.detail.not_counted:
            now = [(on, r, s) for r, s in result.counted.get(player.id, [])]
            update, keep, first_notes = rules.first_rating(
                player.name, now, state.pending, on, player.id
            )
            notes.extend(first_notes)
            if update is not None:
                outcome = update.apply(outcome)
            if keep:
                carried[player.id] = keep
                waiting.append((player.name, len(keep), player.id))
        final.append(outcome)
    notes.extend(_waiting_note(rules, waiting))
    notes.extend(_decisions(rules, event))
    notes = _dedupe(notes) + group_k_defaults(result.k_defaults)
    records = []
    for player, outcome in zip(event.players, final, strict=True):
        state = states[player.id]
        rating = outcome.rating_after
        count = games_after(player, state, rating, outcome.detail.n)
        records.append(
            state_record(state.key, player.name, rating, count, state, carried.get(player.id, ()))
        )
    players_out = tuple(final)
    detail = result.detail()
    return Outcome(
        rules=rules.name,
        title=tr("{event}: {rules} rating", event=event.name, rules=rules.label),
        players=players_out,
        events=(EventOutcome(result.key, players_out, tuple(result.games), tuple(notes), detail),),
        games=tuple(result.games),
        notes=tuple(notes),
        detail=detail,
        new_state=PlayerFile(tuple(records), "new state after " + event.name),
    )


def _onto_previous_list(
    rules: Fide2014,
    player: Player,
    outcome: PlayerOutcome[FidePlayer],
    state: PlayerState,
    notes: list[Note],
) -> PlayerOutcome[FidePlayer]:
    """7.1: the change goes onto the previous list's rating (the player file's), when it
    differs from the rating the event was rated with."""
    base = state.list_rating
    if base is None or base == player.rating or outcome.detail.k_change is None:
        return outcome
    change = round_half_away_from_zero(outcome.detail.k_change)
    after, status = rules.publish(base + change)
    notes.append(
        Note(
            NoteKind.RULE,
            tr(
                "7.1: {name!r}: new rating = previous list {base} (player "
                "file) {change:+d} = {after} (the event was rated with its "
                "Ro {rating})",
                name=player.name,
                base=base,
                change=change,
                after=base + change,
                rating=player.rating,
            ),
            rules.cite(Concept.PREVIOUS_LIST),
            (player.id,),
        )
    )
    return replace(
        outcome,
        rating_after=after,
        status=Status.RATED if after is not None else Status.NOT_PUBLISHED,
        detail=replace(outcome.detail, status_text=status or N_("rated")),
    )


# -- a rating period ---------------------------------------------------------------------------


@dataclass
class _Person:
    """One person's events in a period."""

    player: Player
    unrated: list[tuple[Event, list[tuple[Fraction, Fraction]], PlayerOutcome[FidePlayer]]] = field(
        default_factory=list
    )
    rated: list[tuple[Event, PlayerOutcome[FidePlayer], PlayerState]] = field(default_factory=list)


def period_games(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> dict[str, int] | None:
    """Rated games of each person over the period's events, for K * n <= 700 (2022-2025
    8.3.3); None for rules without that limit (2014), which need no count."""
    if rules.k_times_n_max is None:
        return None
    games: dict[str, int] = {}
    for event in events:
        states, _ = read_states(event, players)
        first = {pid for pid, s in states.items() if not s.games}
        for pid, n in rated_games(event, states, rules, first).items():
            key = states[pid].key
            if key is not None:
                games[key] = games.get(key, 0) + n
    return games


def period_decision(events: Sequence[Event]) -> Note:
    """A rating period's first note: the order of its events and how the period is summed
    (8.55c, 8.57, 7.1); the numpy engine's periods say the same."""
    return Note(
        NoteKind.DECISION,
        tr("rating period: events in the order given: ")
        + "; ".join(e.name for e in events)
        + tr(
            ". K and the games count come from the player file's state at the start of the "
            "period for every event; each event's K * sum(dR) is added up and rounded once "
            "and added to the previous list's rating (7.1): the player file's rating "
            "where it gives one, else the rating the player has in the event that began last "
            "(column 'list rating from')"
        ),
    )


def rate_period(
    rules: Fide2014, events: Sequence[Event], players: PlayerFile | None
) -> FideOutcome:
    """One rating period: K * sum(dR) per event, one rounding for the period (8.55c, 8.57);
    unrated players' first rating over all their games as one event (8.3)."""
    if not events:
        raise RatingkitError(tr("rate_events needs at least one event"))
    events = ratings_from_file_all(events, players)
    notes: list[Note] = [period_decision(events)]
    per_person: dict[str, _Person] = {}
    seen_unrated_events: set[str] = set()
    last_state: dict[str, tuple[Player, PlayerState]] = {}
    counts = period_games(rules, events, players)
    event_outcomes: list[EventOutcome[FidePlayer, FideGame, FideEvent]] = []
    games: list[GameOutcome[FideGame]] = []
    for position, event in enumerate(events):
        states, state_notes = read_states(event, players)
        first = set()
        for pid, state in states.items():
            if not state.games and not state.pending and state.key not in seen_unrated_events:
                first.add(pid)
        result = rate_event(event, states, rules, first, counts, position)
        read = _dedupe([*_read_notes(event), *state_notes, *result.notes])
        read += group_k_defaults(result.k_defaults)
        for note in read:
            notes.append(replace(note, text=tr("{name}: {text}", name=event.name, text=note.text)))
        games.extend(result.games)
        _collect(event, states, result, per_person, last_state, seen_unrated_events)
        event_outcomes.append(
            EventOutcome(
                result.key,
                tuple(result.players[p.id] for p in event.players),
                tuple(result.games),
                tuple(read),
                result.detail(),
            )
        )
    period_players: list[PlayerOutcome[FidePlayer]] = []
    carried: dict[str, tuple[Pending, ...]] = {}
    waiting: list[tuple[str, int, str]] = []
    dates = [d for d in (reference_date(e) for e in events) if d is not None]
    on = max(dates) if dates else None
    for key, person in per_person.items():
        player = person.player
        state = last_state[key][1]
        if person.rated and person.unrated:
            notes.append(
                Note(
                    NoteKind.RULE,
                    tr("{name!r} is unrated in ", name=player.name)
                    + ", ".join(e.name for e, _, _ in person.unrated)
                    + tr(" and rated in ")
                    + ", ".join(e.name for e, _, _ in person.rated)
                    + tr(": only the events where he is rated change his rating"),
                    None,
                    (key,),
                )
            )
        if person.rated:
            rated_state = next(
                (st for _, _, st in person.rated if st.list_rating is not None), state
            )
            period_players.append(
                _period_rated(key, player, person.rated, notes, rules, rated_state.list_rating)
            )
            continue
        outcome = _period_unrated(key, player, person.unrated, notes, rules)
        outcome = first_rating_step(
            rules,
            key,
            player.name,
            outcome,
            person.unrated,
            state.pending,
            on,
            notes,
            carried,
            waiting,
        )
        period_players.append(outcome)
    notes.extend(_waiting_note(rules, waiting))
    by_key = {p.id: p for p in period_players}
    records = []
    for key, (player, state) in last_state.items():
        outcome = by_key[key]
        rating = outcome.rating_after
        count = games_after(player, state, rating, outcome.detail.n)
        records.append(state_record(key, player.name, rating, count, state, carried.get(key, ())))
    notes.extend(_decisions(rules, events[0]))
    notes = _dedupe(notes)
    return Outcome(
        rules=rules.name,
        title=tr(
            "rating period of {events_count} event(s): {label}",
            events_count=len(events),
            label=rules.label,
        ),
        players=tuple(period_players),
        events=tuple(event_outcomes),
        games=tuple(games),
        notes=tuple(notes),
        detail=FidePeriod(len(events)),
        new_state=PlayerFile(tuple(records), "new state after the rating period"),
    )


def first_rating_step(
    rules: Fide2014,
    key: str,
    name: str,
    outcome: PlayerOutcome[FidePlayer],
    unrated: Sequence[tuple[Event, Sequence[tuple[Fraction, Fraction]], Any]],
    pending: Sequence[Pending],
    on: date | None,
    notes: list[Note],
    carried: dict[str, tuple[Pending, ...]],
    waiting: list[tuple[str, int, str]],
) -> PlayerOutcome[FidePlayer]:
    """An unrated person's period outcome after the first-rating rule (2014 7.14, 2024
    7.1.4): his results of the period (``unrated``: each event with its counted pairs)
    pooled with those kept from earlier periods (``pending``); published from enough games,
    else kept (``carried``, ``waiting``), and then the 8.3 computation over the period's
    events is not a rating yet (its notes go).  ``notes``, ``carried`` and ``waiting`` are
    the period's own lists, added to here."""
    if outcome.detail.not_counted:
        return outcome
    if not pending and sum([len(pairs) for _, pairs, _ in unrated]) >= rules.first_rating_min_games:
        # 7.14 (2024 7.1.4): enough games of this period alone and none kept: the period's
        # values stand, nothing is carried, no note (first_rating's answer then, read here
        # without the pooled list it takes: a month has thousands of unrated persons).
        return outcome
    # Each event's date read once, not once a pair (a month has thousands of unrated persons).
    now = [
        (on_event, r, s)
        for event, pairs, _ in unrated
        if pairs
        for on_event in (reference_date(event),)
        for r, s in pairs
    ]
    update, keep, first_notes = rules.first_rating(name, now, pending, on, key)
    notes.extend(first_notes)
    if update is not None:
        outcome = update.apply(outcome)
    if keep:
        carried[key] = keep
        waiting.append((name, len(keep), key))
        notes[:] = [n for n in notes if not _as_one_event_note_of(n, key)]
    return outcome


def _collect(
    event: Event,
    states: dict[str, PlayerState],
    result: EventResult,
    per_person: dict[str, _Person],
    last_state: dict[str, tuple[Player, PlayerState]],
    seen_unrated_events: set[str],
) -> None:
    """Each person's part of one event, for the period's totals."""
    for player in event.players:
        outcome = result.players[player.id]
        state = states[player.id]
        key = state.key or player.id
        last_state[key] = (player, state)
        person = per_person.setdefault(key, _Person(player))
        if player.rating is None:
            if outcome.games:
                seen_unrated_events.add(key)
            if not outcome.detail.not_counted:
                person.unrated.append((event, result.counted.get(player.id, []), outcome))
        else:
            person.rated.append((event, outcome, state))


_AS_ONE_EVENT = "results as one event"


def _as_one_event_note_of(note: Note, key: str) -> bool:
    return note.rule is not None and note.rule.text == _AS_ONE_EVENT and note.players == (key,)


def _began_last(
    rated: Sequence[tuple[Event, PlayerOutcome[FidePlayer], PlayerState]],
) -> tuple[Event, PlayerOutcome[FidePlayer], PlayerState]:
    """The event that began last: the latest start (else end) date; among equal or missing
    dates, the later in the order given."""
    dated = [(i, item) for i, item in enumerate(rated) if (item[0].start or item[0].end)]
    if not dated:
        return rated[-1]

    def when(
        pair: tuple[int, tuple[Event, PlayerOutcome[FidePlayer], PlayerState]],
    ) -> tuple[date | None, int]:
        event = pair[1][0]
        return (event.start or event.end, pair[0])

    return max(dated, key=when)[1]


def _period_rated(
    key: str,
    player: Player,
    rated: Sequence[tuple[Event, PlayerOutcome[FidePlayer], PlayerState]],
    notes: list[Note],
    rules: Fide2014,
    list_rating: int | None = None,
) -> PlayerOutcome[FidePlayer]:
    """7.1: the new rating is the previous list's rating + the period's rounded total."""
    if list_rating is not None:
        ro, source = list_rating, tr("player file")
    else:
        last_event, last, _ = _began_last(rated)
        ro = last.detail.ro or 0
        source = tr("{name} (the event that began last)", name=last_event.name)
    details = [outcome.detail for _, outcome, _ in rated]
    if any(d.ro != ro for d in details):
        notes.append(
            Note(
                NoteKind.RULE,
                tr(
                    "7.1: {name!r} is rated with Ro {names} in the events; the "
                    "period's change goes onto the previous list's rating {ro} "
                    "({source})",
                    name=player.name,
                    names=", ".join(str(d.ro) for d in details),
                    ro=ro,
                    source=source,
                ),
                rules.cite(Concept.PREVIOUS_LIST),
                (key,),
            )
        )
    n = sum(d.n or 0 for d in details)
    w = sum((d.w or Fraction(0) for d in details), Fraction(0))
    we = sum((d.we or Fraction(0) for d in details), Fraction(0))
    change = sum((d.k_change or Fraction(0) for d in details), Fraction(0))
    ks = tuple(sorted({k for d in details for k in d.ks}))
    used = [(d.rc or Fraction(0)) * (d.n or 0) for d in details if d.n]
    after, status = rules.publish(ro + round_half_away_from_zero(change))
    not_rated: dict[Rule, int] = {}
    for d in details:
        for rule, count in d.not_rated:
            not_rated[rule] = not_rated.get(rule, 0) + count
    return PlayerOutcome(
        key,
        player.name,
        ro,
        n,
        w,
        we,
        change,
        after,
        Status.RATED if after is not None else Status.NOT_PUBLISHED,
        FidePlayer(
            ro=ro,
            rc=sum(used, Fraction(0)) / n if n else None,
            n=n,
            w=w,
            we=we,
            w_minus_we=w - we,
            ks=ks,
            k_change=change,
            k_rules=tuple(dict.fromkeys(r for d in details for r in d.k_rules)),
            status_text=status or N_("rated"),
            list_rating=ro,
            list_rating_from=source,
            events=len(rated),
            k_assumed=tuple(dict.fromkeys(a for d in details for a in d.k_assumed)),
            cap_rule=details[0].cap_rule,
            games_capped=sum(d.games_capped for d in details),
            not_rated=tuple(not_rated.items()),
        ),
    )


def _period_unrated(
    key: str,
    player: Player,
    unrated: Sequence[tuple[Event, list[tuple[Fraction, Fraction]], PlayerOutcome[FidePlayer]]],
    notes: list[Note],
    rules: Fide2014,
    sums: tuple[int, int] | None = None,
) -> PlayerOutcome[FidePlayer]:
    """An unrated player's period: no game against a rated opponent (no Ru), one event's Ru,
    or 8.3 over several events as one.  ``sums``: the score in half points and the ratings'
    sum of all his pairs, where the caller holds them as integers (the FIDE engine): W and
    Rc from them (:meth:`Fide2014.initial_rating`), not a fraction a pair."""
    counted = [(event, pairs, outcome) for event, pairs, outcome in unrated if pairs]
    events = len(unrated)
    if not counted:
        return PlayerOutcome(
            key,
            player.name,
            None,
            0,
            0,
            None,
            None,
            None,
            Status.NOT_RATED,
            FidePlayer(status_text=N_("no Ru"), events=events),
        )
    if len(counted) == 1:
        _, pairs, one = counted[0]
        w = Fraction(sums[0], 2) if sums is not None else exact_sum(s for _, s in pairs)
        d = one.detail
        return PlayerOutcome(
            key,
            player.name,
            None,
            len(pairs),
            w,
            None,
            None,
            d.ru,
            Status.FIRST_RATING if d.ru is not None else Status.NOT_RATED,
            FidePlayer(
                rc=d.rc,
                n=len(pairs),
                w=w,
                ru_exact=d.ru_exact,
                ru=d.ru,
                status_text=d.status_text,
                events=events,
                ru_rule=d.ru_rule,
            ),
        )
    pairs = [pair for _, ps, _ in counted for pair in ps]
    first, note = as_one_event(
        rules,
        player.name,
        pairs,
        tr("in {counted_count} events", counted_count=len(counted)),
        tr("over {counted_count} events", counted_count=len(counted)),
        key,
        sums,
    )
    notes.append(note)
    # first.apply of a part without games (FidePlayer(events=events)), built at once: a
    # month pools hundreds of unrated persons and replace() makes each value twice.
    return PlayerOutcome(
        key,
        player.name,
        None,
        len(pairs),
        first.w,
        None,
        None,
        first.rating_after,
        Status.FIRST_RATING if first.rating_after is not None else Status.NOT_PUBLISHED,
        FidePlayer(
            n=first.n,
            w=first.w,
            rc=first.rc,
            ru_exact=first.ru_exact,
            ru=first.ru,
            status_text=first.status_text,
            events=events,
            ru_rule=first.rule or None,
        ),
    )


def as_one_event(
    rules: Fide2014,
    name: str,
    pairs: Sequence[tuple[Fraction, Fraction]],
    games_from: str,
    status_from: str,
    player: str,
    sums: tuple[int, int] | None = None,
) -> tuple[FirstRating, Note]:
    """8.3: a first rating from all the (opponent rating, score) pairs as if one event: the
    values and the note (``sums``: the pairs' half points and ratings' sum, as
    :func:`_period_unrated` reads them)."""
    n = len(pairs)
    w = Fraction(sums[0], 2) if sums is not None else exact_sum(s for _, s in pairs)
    rc, value, rule = rules.initial_rating(pairs, sums)
    ru = round_half_away_from_zero(value)
    published, status = rules.publish(ru, initial=True)
    # 8.3 of the 2014 text; 7.1.4 of the later ones (results pooled as one)
    cited = Rule(rules.citations.clause(Concept.FIRST_RATING_AS_ONE_EVENT), _AS_ONE_EVENT)
    note = Note(
        NoteKind.RULE,
        tr(
            "{clause}: {name!r}: {n} games ({games_from}) as one event: Rc "
            "{rc:.2f}, score {score}, Rn {ru} ({rule})",
            clause=cited.clause,
            name=name,
            n=n,
            games_from=games_from,
            rc=float(rc),
            score=float(w),
            ru=ru,
            rule=rule,
        ),
        cited,
        (player,),
    )
    first = FirstRating(
        published,
        status
        or tr("unrated: Rn by 8.3 {status_from}, {rule}", status_from=status_from, rule=rule),
        n,
        w,
        rc,
        value,
        ru,
        f"8.3 {status_from}, {rule}",
    )
    return first, note


def first_rating(
    rules: Fide2014,
    name: str,
    now: Sequence[Pending],
    pending: Sequence[Pending],
    on: date | None,
    player: str = "",
) -> tuple[FirstRating | None, tuple[Pending, ...], list[Note]]:
    """A new player's first published rating (7.14; 2024 7.1.4) from this run's counted
    results ``now`` and the results kept from earlier periods ``pending`` (those older
    than ``first_rating_pool_months`` before ``on`` are dropped).

    Returns (update, carried, notes): ``update`` replaces the player's computed values (None:
    keep them: no earlier results and enough games), ``carried`` are the results the new
    state keeps (below the minimum: nothing is published and they wait)."""
    from .formula import months_between

    notes: list[Note] = []
    clause = rules.first_rating_clause
    rule = Rule(clause, N_("first rating"))
    kept = tuple(pending)
    if kept and on is not None:
        kept = tuple(
            item
            for item in kept
            if item[0] is None or months_between(item[0], on) < rules.first_rating_pool_months
        )
        if len(kept) < len(pending):
            notes.append(
                Note(
                    NoteKind.RULE,
                    tr(
                        "{label} {clause}: {name!r}: {count} earlier result(s) from "
                        "before the last {first_rating_pool_months} months are not "
                        "pooled",
                        label=rules.label,
                        clause=clause,
                        name=name,
                        count=len(pending) - len(kept),
                        first_rating_pool_months=rules.first_rating_pool_months,
                    ),
                    rule,
                    (player,),
                )
            )
    items = kept + tuple(now)
    n = len(items)
    if n == 0:
        return None, kept, notes
    if n >= rules.first_rating_min_games and not kept:
        return None, (), notes  # enough games of this period alone: its values stand
    if n < rules.first_rating_min_games:
        status = tr(
            "not published: {n} of {first_rating_min_games} games",
            n=n,
            first_rating_min_games=rules.first_rating_min_games,
        )
        if not kept:
            return FirstRating(None, status), items, notes
        w = exact_sum(s for _, _, s in items)
        # 8.3: the pooled results as one event, as in the published case below: Rc and Ru
        # from all of them, not from this event's games alone.
        rc, value, ru_rule = rules.initial_rating([(r, sc) for _, r, sc in items])
        update = FirstRating(
            None, status, n, w, rc, value, round_half_away_from_zero(value), ru_rule
        )
        return update, items, notes
    pooled, note = as_one_event(
        rules,
        name,
        [(r, s) for _, r, s in items],
        tr("{kept_count} kept from earlier periods", kept_count=len(kept)),
        tr("with {kept_count} earlier results", kept_count=len(kept)),
        player,
    )
    notes.append(note)
    return pooled, (), notes
