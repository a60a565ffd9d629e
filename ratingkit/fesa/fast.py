"""FESA's speed tricks, each giving the typed outcome the exact path gives.

* the passes of every event's fixed-point iteration run on the float path of :mod:`.passes`
  (:func:`~ratingkit.fesa.passes.quick_outcome`), whose names this module also offers;
* :class:`ReplayStore`: the player file while events are rated one after the other, indexed
  by id and name instead of copied after every event;
* :class:`KnownStates`: the state each record written in this run was written from, by the
  record's identity, so that the next event of its player reads no string;
* :func:`rate_in_turn` (``rate_events``: every event with its full detail) and
  :func:`replay_events` (``replay``: the ratings, categories, grades and new state of
  ``rate_events`` without the game detail), with the cycle collector paused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core.errors import Location, RatingkitError
from ..core.fastbuild import build, collector_paused
from ..core.i18n import tr
from ..core.model import Event
from ..core.outcome import EventKey, EventOutcome, Note, NoteKind, Outcome, PlayerOutcome
from ..core.players import (
    MatchKey,
    PlayerFile,
    PlayerMatch,
    PlayerRecord,
    file_match_keys,
    normalise_name,
)
from .event import (
    RatedEvent,
    event_summary,
    held_grade,
    new_state,
    player_detail,
    promotion_of,
    promotions,
    rate_event,
    status_of,
)
from .outcome import FesaEvent, FesaGame, FesaOutcome, FesaPlayer, FesaReplay, Promotion

# The passes' names that tests and callers import from here, where they were defined before
# issue 27's split (:mod:`.passes`).
from .passes import PassOutcomes as PassOutcomes
from .passes import exact_formula_outcome as exact_formula_outcome
from .passes import exact_performance_outcome as exact_performance_outcome
from .passes import fraction as fraction
from .passes import quick_compute
from .passes import quick_outcome as quick_outcome
from .state import STATE_KEYS, FesaState, rating_of, state_of, write_record
from .steps import Computed, Prepared, fixed_point, prepare, unsettled_note

if TYPE_CHECKING:
    from .rulesets import FesaRules


# -- the player file while events are rated one after the other -----------------------------


class ReplayStore:
    """The player file while a history is rated: look-ups by id and name, and the order a
    chain of ``rate`` calls gives its new state (each event's players first, in event order,
    then the records it did not touch), without copying the file after every event."""

    def __init__(self, players: PlayerFile | None):
        self.source = players.source if players is not None else None
        self.order: dict[int, tuple[int, int, int]] = {}
        self.records: dict[int, PlayerRecord] = {}
        self.ids: dict[str, PlayerRecord] = {}
        self.names: dict[str, PlayerRecord] | None = None
        self.with_id = 0
        self.id_count: dict[str, int] = {}
        for index, record in enumerate(players.records if players is not None else ()):
            self._add(record, (1, index, 0), first=False)

    def _add(self, record: PlayerRecord, key: tuple[int, int, int], first: bool = True) -> None:
        """Add a record; ``first``: it comes before every record already there."""
        self.records[id(record)] = record
        self.order[id(record)] = key
        if record.id:
            self.with_id += 1
        if record.id is not None:
            self.id_count[record.id] = self.id_count.get(record.id, 0) + 1
            if first:
                self.ids[record.id] = record
            else:
                self.ids.setdefault(record.id, record)
        if self.names is not None and record.name is not None:
            self.names[normalise_name(record.name)] = record

    def _remove(self, record: PlayerRecord) -> None:
        del self.records[id(record)]
        del self.order[id(record)]
        if record.id:
            self.with_id -= 1
        if record.id is not None:
            self.id_count[record.id] -= 1
            if self.ids.get(record.id) is record:
                del self.ids[record.id]
                if self.id_count[record.id]:  # another record with that id (a rare file)
                    for other in self._ordered():
                        if other.id == record.id:
                            self.ids[record.id] = other
                            break
        if self.names is not None and record.name is not None:
            self.names = None  # rebuilt when next needed (names need not be unique)

    def _ordered(self) -> list[PlayerRecord]:
        return [self.records[k] for k in sorted(self.order, key=self.order.__getitem__)]

    def match(self, pairs: Iterable[tuple[str, str]], *, by_name: bool = False) -> PlayerMatch:
        """As :meth:`PlayerFile.match`: the key is the one matcher's
        (:func:`~ratingkit.core.players.file_match_keys`); each index keeps the first record
        of a key in file order, as :func:`~ratingkit.core.players.match_by_keys` chooses."""
        (key,) = file_match_keys(by_name, self.with_id > 0)
        use_names = key is MatchKey.NAME
        if use_names and self.names is None:
            self.names = {}
            for record in reversed(self._ordered()):
                if record.name is not None:
                    self.names[normalise_name(record.name)] = record
        index = self.names if use_names else self.ids
        assert index is not None
        found: dict[str, PlayerRecord] = {}
        unmatched: list[str] = []
        names: list[str] = []
        for player_id, name in pairs:
            match = index.get(normalise_name(name) if use_names else player_id)
            if match is None:
                unmatched.append(player_id)
                names.append(name)
            else:
                found[player_id] = match
        rows = len(self.records)
        return PlayerMatch(str(key), found, tuple(unmatched), self.source, {}, rows, tuple(names))

    def replace(
        self, used: Iterable[PlayerRecord], new_records: Sequence[PlayerRecord], event_index: int
    ) -> None:
        for record in {id(r): r for r in used}.values():
            self._remove(record)
        for position, record in enumerate(new_records):
            self._add(record, (0, -event_index, position))

    def player_file(self) -> PlayerFile:
        return PlayerFile(tuple(self._ordered()), self.source)


class KnownStates:
    """The state each record written in this run was written from, by the record's identity:
    the next event of its player takes it instead of reading the record's strings again (a
    record whose player entry carries values of its own, or that holds columns the state
    does not cover, is read as usual)."""

    def __init__(self) -> None:
        self.states: dict[int, tuple[PlayerRecord, FesaState]] = {}

    def remember(self, records: Sequence[PlayerRecord], states: Sequence[FesaState]) -> None:
        for record, state in zip(records, states, strict=True):
            if record.rating is not None and STATE_KEYS.isdisjoint(record.extra):
                self.states[id(record)] = (record, state)

    def state_for(
        self, player: Any, record: PlayerRecord | None, source: Location | None
    ) -> FesaState:
        """As :func:`~ratingkit.fesa.state.state_of`, from the state a record was written
        from where this run wrote it."""
        if record is not None and not player.extra:
            entry = self.states.pop(id(record), None)
            if entry is not None and entry[0] is record:
                known = entry[1]
                # The one rule: the state this run carried to the event (its record's rating
                # is known.rating) and the event's own rating agree, or the event gives none.
                _rating, note = rating_of(player, record, source)
                # In the order of FesaState's fields, as its own __init__ would set them.
                return build(
                    FesaState,
                    {
                        "id": player.id,
                        "name": player.name,
                        "rating": known.rating,
                        "games": known.games,
                        "bonus_games": known.bonus_games,
                        "grade": known.grade,
                        "prior_grade": known.prior_grade,
                        "lb_run": known.lb_run,
                        "mp_run": known.mp_run,
                        "lb_run_mp": known.lb_run_mp,
                        "results": known.results,
                        "record": record,
                        "notes": (note,) if note is not None else (),
                        # a state this run wrote has its counts: nothing assumed (rule 9)
                        "assumed": (),
                    },
                )
        return state_of(player, record, source)


# -- rate_events: every event with its full detail ------------------------------------------


def rate_in_turn(
    rules: FesaRules, events: Sequence[Event], players: PlayerFile | None
) -> tuple[tuple[RatedEvent, ...], PlayerFile]:
    """Rate events one after the other with every detail, each with the state the previous
    one left (rule 11), as a chain of ``rate`` calls would: the events' outcomes and the
    final player file."""
    with collector_paused():
        store = ReplayStore(players)
        known = KnownStates()
        rated = []
        for index, event in enumerate(events):
            one = rate_event(
                rules,
                event,
                store,
                key=EventKey.of(event, index),
                together=True,
                state_for=known.state_for,
            )
            store.replace(one.used, one.records, index)
            known.remember(one.records, one.states)
            rated.append(one)
        return tuple(rated), store.player_file()


# -- replay: a season or a whole history, fast ----------------------------------------------


def replay_events(
    rules: FesaRules, events: Sequence[Event], players: PlayerFile | None = None
) -> FesaOutcome:
    """Rate events one after the other, each with its fixed-point iteration, fast.

    The ratings, categories, performances, grades, promotions and the new state are those of
    :meth:`FesaRules.rate_events` (``tests/test_fesa.py`` shows it on a synthetic history).
    What makes it fast: each pass of an event's iteration computes the players' changes in
    float arithmetic (:func:`quick_outcome`), recomputes only the players whose opponents
    changed, carries each player's state from the record it wrote to his next event
    (:class:`KnownStates`), keeps the player file indexed instead of copying it after every
    event (:class:`ReplayStore`), and pauses the cycle collector
    (:func:`ratingkit.core.fastbuild.collector_paused`).  The outcome has one player outcome
    per player and event: ``expected``, ``change`` and ``bonus`` are floats here (within about
    1e-9 of the exact values, which :meth:`FesaRules.rate` gives with every game's detail),
    and no game detail."""
    if not events:
        raise RatingkitError(tr("no events to replay"))
    with collector_paused():
        return _replay(rules, events, players)


def _replay(rules: FesaRules, events: Sequence[Event], players: PlayerFile | None) -> FesaOutcome:
    store = ReplayStore(players)
    known = KnownStates()
    state_for = known.state_for
    all_players: list[PlayerOutcome[FesaPlayer]] = []
    event_outcomes: list[EventOutcome[FesaPlayer, FesaGame, FesaEvent]] = []
    notes: list[Note] = []
    total_passes = 0
    for event_index, event in enumerate(events):
        key = EventKey.of(event, event_index)
        prepared = prepare(rules, event, store, state_for, lean=True)
        states, games, categories = prepared.states, prepared.games, prepared.categories

        def compute(pid: str, post: dict[str, int], prepared: Prepared = prepared) -> Computed:
            return quick_compute(rules, prepared, pid, post)

        found = fixed_point(rules, prepared, compute, rows=False)
        outcomes, passes, unsettled = found.outcomes, found.passes, found.unsettled
        total_passes += passes
        event_notes: tuple[Note, ...] = ()
        if unsettled is not None:
            note = Note(
                NoteKind.WARNING,
                unsettled_note(unsettled, states),
                unsettled.rule,
                tuple(pid for pid, _ in unsettled.alternating),
            )
            event_notes = (note,)
            notes.append(replace(note, text=tr("{name}: {text}", name=event.name, text=note.text)))
        records_out = []
        states_out = []
        these: list[PlayerOutcome[FesaPlayer]] = []
        event_promotions: list[Promotion] = []
        for player in event.players:
            pid = player.id
            state = states[pid]
            outcome = outcomes[pid]
            category = categories[pid]
            played = games[pid]
            counters, found_here = promotions(rules, state, outcome, category, played)
            promoted = tuple([promotion_of(state, f) for f in found_here]) if found_here else ()
            if promoted:
                event_promotions.extend(promoted)
            expected = outcome.expected
            change = outcome.change
            detail = player_detail(
                outcome,
                category,
                held_grade(rules, state),
                counters.grade,
                promoted,
                passes,
                key,
            )
            these.append(
                build(
                    PlayerOutcome,
                    {
                        "id": pid,
                        "name": player.name,
                        "rating_before": state.rating,
                        "games": len(played),
                        # 0, 0.5 and 1 add up exactly in floats: the same as the Fraction sum
                        "score": sum([g[1] for g in prepared.plain[pid]], 0.0),
                        "expected": None if expected is None else float(expected),
                        "change": None if change is None else float(change),
                        "rating_after": outcome.rating_after,
                        "status": status_of(state, outcome, len(played)),
                        "detail": detail,
                    },
                )
            )
            after = new_state(state, outcome, counters, category, played)
            record = write_record(state.record, after, None if prepared.by_name else pid)
            records_out.append(record)
            states_out.append(after)
        known.remember(records_out, states_out)
        store.replace(prepared.records.values(), records_out, event_index)
        all_players.extend(these)
        event_outcomes.append(
            EventOutcome(
                key,
                tuple(these),
                (),
                event_notes,
                event_summary(rules, event, games, passes, event_promotions, unsettled),
            )
        )
    notes.insert(
        0,
        Note(
            NoteKind.DECISION,
            tr(
                "{events_count} events replayed one after the other "
                "({total_passes} passes of the fixed-point iteration in "
                "all); expected and change are floats here, ratings, "
                "categories, grades and the new state are exact (rate an "
                "event for its full detail)",
                events_count=len(events),
                total_passes=total_passes,
            ),
        ),
    )
    return Outcome(
        rules=rules.name,
        title=tr("{events_count} events replayed", events_count=len(events)),
        players=tuple(all_players),
        events=tuple(event_outcomes),
        notes=tuple(notes),
        detail=FesaReplay(len(events), total_passes),
        new_state=store.player_file(),
    )


__all__ = [
    "KnownStates",
    "ReplayStore",
    "quick_compute",
    "quick_outcome",
    "rate_in_turn",
    "replay_events",
]
