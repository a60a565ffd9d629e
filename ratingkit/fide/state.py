"""FIDE's player state: what a player file says about a player (games count, birth date, K,
ever_2400, ever_2300 and the results waiting for a first rating), read and written by ONE
codec (:data:`FIDE_STATE`), and how an event's players are found in the file.

* 8.56 (2022-2025 8.3.3): K needs the games count, the birth date, whether the rating once
  reached 2400 (and from 2024 2300), or K itself;
* 7.14 (2024 7.1.4): results against rated opponents wait for a first rating in the column
  ``pending_results`` (:func:`parse_pending`, :func:`format_pending`);
* 7.1: the player file's rating is the previous list's, onto which the change goes; where
  the event gives a player no rating, the player file's is his rating before the event
  (:func:`ratings_from_file`, the one rule of :func:`ratingkit.core.players.rating_before`);
* 8.4: ``first_rated`` says when a player's first rating was published;
* 8.53: earlier temporary ratings of unrated players are ignored: the state never keeps one
  (an unrated player's results wait in ``pending_results`` for his first rating, 7.14; his
  Ru of one event is not written as a rating), so a player file's ``rating`` is a published
  rating; and a rating the event gives a player whom the file has as unrated, his results
  waiting, is such a temporary rating: ignored, with a note.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from types import MappingProxyType

from ..core.citations import Concept
from ..core.errors import InvalidValueError, Location
from ..core.extras import BirthAndFirstRating
from ..core.fastbuild import build, maker
from ..core.i18n import N_, _, tr
from ..core.model import Event, Player, ReadNote
from ..core.outcome import Note, NoteKind, Rule
from ..core.person_keys import person_key_value
from ..core.players import (
    MatchKey,
    PlayerFile,
    PlayerRecord,
    match_warning,
    matched_by,
    with_ratings_before,
    with_read_note,
)
from ..core.players import (
    person_key as core_person_key,
)
from ..core.ruleset import ListGames
from ..core.values import parse_date
from .clauses import CITATIONS_2014

__all__ = [
    "FIDE_STATE",
    "PENDING_COLUMN",
    "FideState",
    "FideStateCodec",
    "Pending",
    "PlayerState",
    "find_record",
    "format_pending",
    "games_after",
    "new_state_record",
    "parse_pending",
    "person_key",
    "ratings_from_file",
    "ratings_from_file_all",
    "read_states",
    "record_finder",
    "state_record",
    "waiting_for_first_rating",
]

#: The player file column that carries the results waiting for a first rating from one run
#: (or ledger period) to the next (7.14; 2024 7.1.4).
PENDING_COLUMN = "pending_results"

#: One result kept for a first rating: (the day the event ended, opponent's rating, score).
Pending = tuple[date | None, Fraction, Fraction]


def parse_pending(text: str, location: Location | None = None) -> tuple[Pending, ...]:
    """The ``pending_results`` cell: one item per game against a rated opponent, separated by
    spaces, each ``RATING:SCORE@YYYY-MM-DD`` (the opponent's rating used, the score 1, 0.5 or
    0, the day the event ended; ``@date`` may be left out), e.g.
    ``1850:1@2025-03-14 1720:0.5@2025-03-14``."""
    items: list[Pending] = []
    for item in text.split():
        head, _, day = item.partition("@")
        rating_text, colon, score_text = head.partition(":")
        rating: int | None = None
        score: Fraction | None = None
        # ASCII digits only: int() and Fraction() would also read full-width or other Unicode
        # digits ("１９００").
        if _ASCII_RATING.fullmatch(rating_text) and _ASCII_SCORE.fullmatch(score_text):
            try:
                rating = int(rating_text)
                score = Fraction(score_text.replace(",", "."))
            except ZeroDivisionError:
                rating, score = None, None
        if not colon or rating is None or not 0 <= rating <= 4000 or score not in _SCORES:
            raise InvalidValueError(
                f"{PENDING_COLUMN} must read like '1850:1@2025-03-14 1720:0.5@2025-03-14' "
                "(opponent rating 0-4000, score 1, 0.5 or 0, the date), got " + repr(item),
                location,
                item,
            )
        assert score is not None
        items.append((parse_date(day, location) if day else None, Fraction(rating), score))
    return tuple(items)


_SCORES = (Fraction(0), Fraction(1, 2), Fraction(1))
_ASCII_RATING = re.compile(r"[0-9]+")
_ASCII_SCORE = re.compile(r"[0-9]+(?:[.,][0-9]+)?|[0-9]+/[0-9]+")


def format_pending(items: Iterable[Pending]) -> str:
    """The ``pending_results`` cell for (date, opponent rating, score) items."""
    out = []
    for day, rating, score in items:
        text = f"{int(rating)}:{'0.5' if score == Fraction(1, 2) else int(score)}"
        out.append(text + (f"@{day.isoformat()}" if day is not None else ""))
    return " ".join(out)


# -- the codec ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class FideState:
    """The state a FIDE player file holds for a player beyond his rating (None: not given)."""

    games: int | None = None
    born: date | None = None
    k: int | None = None
    ever_2400: bool | None = None
    ever_2300: bool | None = None
    pending: tuple[Pending, ...] = ()


class FideStateCodec:
    """Reads a player file record's FIDE state and writes one back (a new record)."""

    columns: tuple[str, ...] = ("games", "born", "k", "ever_2400", "ever_2300", PENDING_COLUMN)
    #: 7.1 (2024 7.1): an event that began under an older list is rated with that list's
    #: rating (the event's), and its change goes onto the previous list's (the player file's).
    #: (7.1 in every FIDE text: the 2014 table stands for all of them here.)
    differing_rating: Rule | None = CITATIONS_2014.cite(Concept.PREVIOUS_LIST)
    #: The columns of its state a published list shows, with their headings: the K (FIDE
    #: 2014 8.56, 2024 8.3.3), stored by the ledger per player and period.
    list_columns: tuple[tuple[str, str], ...] = ((N_("K"), "k"),)
    #: The list's games are the rated games of its period, not the state's count (FIDE's
    #: published lists and their TXT ``Gms``, as FIDE 1982 9.12 says: "games in the period";
    #: the state's ``games`` is the count 8.56's K is decided by).
    list_games: ListGames = ListGames.PERIOD

    def read(self, record: PlayerRecord) -> FideState:
        return FideState(
            games=record.games,
            born=record.born,
            k=record.k,
            ever_2400=record.ever_2400,
            ever_2300=record.ever_2300,
            pending=self.read_pending(record),
        )

    def read_pending(self, record: PlayerRecord) -> tuple[Pending, ...]:
        """:meth:`read`'s ``pending`` alone (7.14): the state's other fields are the record's
        own (:func:`read_states` takes them from it, without a :class:`FideState` for each
        of a month's 200,000 players)."""
        text = record.extra.get(PENDING_COLUMN)
        if not text:
            return ()
        where = record.location
        if where is not None:
            where = replace(where, column=PENDING_COLUMN)
        return parse_pending(str(text), where)

    def new_record(
        self, key: str | None, name: str, rating: int | None, state: FideState
    ) -> PlayerRecord:
        """:meth:`write` of ``state`` onto a record of nothing but ``key``, ``name`` and
        ``rating``, made at once (a FIDE month writes 100,000 of them: one record each, not
        an empty one and its copy)."""
        return new_state_record(
            key,
            name,
            rating,
            state.games,
            state.born,
            state.k,
            state.ever_2400,
            state.ever_2300,
            state.pending,
        )

    def write(self, record: PlayerRecord, state: FideState) -> PlayerRecord:
        extra = {k: v for k, v in record.extra.items() if k != PENDING_COLUMN}
        if state.pending:
            extra[PENDING_COLUMN] = format_pending(state.pending)
        return replace(
            record,
            games=state.games,
            born=state.born,
            k=state.k,
            ever_2400=state.ever_2400,
            ever_2300=state.ever_2300,
            extra=extra,
        )


#: The one codec of FIDE's state.
FIDE_STATE = FideStateCodec()

#: The extra columns of a record that has none: one read-only mapping all such records share
#: (nothing holds its dict, so nothing can change it).
_NO_EXTRA: Mapping[str, str] = MappingProxyType({})

#: A PlayerRecord and a PlayerState built without their constructors (fastbuild.maker): a
#: FIDE month reads 200,000 players' states and writes 100,000 records.
_make_record = maker(PlayerRecord)


def new_state_record(
    key: str | None,
    name: str,
    rating: int | None,
    games: int | None,
    born: date | None,
    k: int | None,
    ever_2400: bool | None,
    ever_2300: bool | None,
    pending: tuple[Pending, ...],
) -> PlayerRecord:
    """:meth:`FideStateCodec.new_record` of a state given field by field, the record built by
    :func:`~ratingkit.core.fastbuild.maker` (its ``extra`` already read-only: what
    ``PlayerRecord.__post_init__`` makes), without a :class:`FideState` first: a period
    writes one for each person (tests/test_state_record_fast.py holds it to the
    constructor)."""
    extra = MappingProxyType({PENDING_COLUMN: format_pending(pending)}) if pending else _NO_EXTRA
    # PlayerRecord's fields in the class's order (id, name, rating, games, born, k,
    # ever_2400, grade, prior_grade, ever_2300, extra, location), positional: a FIDE month
    # writes 100,000 of them.
    return _make_record(
        key, name, rating, games, born, k, ever_2400, None, None, ever_2300, extra, None
    )


# -- one event's players ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerState:
    """What the player file says about an event's player (None: not given), and who he is."""

    games: int | None = None
    born: date | None = None
    ever_2400: bool | None = None
    k: int | None = None
    first_rated: date | None = None
    #: The rating once reached 2300 (2024 8.3.3 as FIDE applies it: a junior's K 40 ends).
    ever_2300: bool | None = None
    #: The player file's rating: the previous list's rating (7.1), None where not given.
    list_rating: int | None = None
    #: Results kept for a first rating (7.14 / 7.1.4): (date, opponent rating, score).
    pending: tuple[Pending, ...] = ()
    #: The birth date gives only the year (TRF ``1985/00/00``): taken as 1 January.
    born_year_only: bool = False
    key: str | None = None
    matched: str | None = None


#: ``PlayerState(...)`` built by :func:`~ratingkit.core.fastbuild.maker`, its fields in the
#: class's order (tests/test_matcher_fast_path.py holds it to the constructor).
_player_state = maker(PlayerState)


def person_key(player: Player, event: Event) -> str:
    """Who the player is across the events of a period: his FIDE id, else his id, except in
    TRF files, whose ids are start ranks: there his name, composed (Unicode NFC: a name one
    file writes decomposed is the same person; the key is also the new state's id, so it keeps
    the name's spelling and case)."""
    return core_person_key(player, event.local_ids).value


def find_record(player: Player, players: PlayerFile) -> tuple[PlayerRecord | None, str | None]:
    """The player file's record for an event's player and how it was found, by the one
    matcher (:meth:`~ratingkit.core.players.PlayerFile.matcher`): on his FIDE id, then on
    the event id (when the names agree or the file has none), then on the name."""
    if not players.records:
        # Nobody to find (a ledger's first month of players rated by their event files):
        # the matcher would try its three keys for each of a month's 200,000 players.
        return None, None
    return record_finder(players)(player)


def record_finder(
    players: PlayerFile,
) -> Callable[[Player], tuple[PlayerRecord | None, str | None]]:
    """:func:`find_record` in ``players`` as a function, the matcher asked for once (an
    event's players are looked up one after the other)."""
    find = players.matcher(keys=_FIDE_KEYS, same_name=True).find

    def found_in_file(player: Player) -> tuple[PlayerRecord | None, str | None]:
        found = find(player.id, player.name, player.fide_id)  # find_player's call, inlined
        key = found.key
        # The id's text by identity: an enum's value is a Python-level look-up.
        return found.record, (_BY_ID if key is MatchKey.ID else key.value if key else None)

    return found_in_file


#: FIDE's order of keys: a FIDE id names one person wherever he plays.
_FIDE_KEYS = (MatchKey.FIDE_ID, MatchKey.ID, MatchKey.NAME)
_BY_ID = MatchKey.ID.value


def ratings_from_file(
    event: Event, players: PlayerFile | None, *, waiting: bool | None = None
) -> Event:
    """The event with the rating before it of each player it lists without one and the
    player file rates: his published rating (the one rule,
    :func:`ratingkit.core.players.with_ratings_before`; 7.1 lets an event's own rating differ
    from the file's, see :data:`FideStateCodec.differing_rating`).  The event itself when the
    file fills in nothing.  ``waiting``: :func:`waiting_for_first_rating` of ``players``,
    when the caller has it (None: read here)."""
    if players is None:
        return event
    if not players.records:
        return event  # nobody to find: no rating to fill in, none waiting (7.14)
    if waiting is None:
        waiting = waiting_for_first_rating(players)
    find = record_finder(players)  # the event's look-ups, the matcher asked for once
    if waiting:
        event = _temporary_ratings_ignored(event, players, find)
    return with_ratings_before(
        event,
        lambda player: find(player)[0],
        FIDE_STATE.differing_rating,
        players.source,
    )


def ratings_from_file_all(events: Iterable[Event], players: PlayerFile | None) -> list[Event]:
    """:func:`ratings_from_file` of each event, the player file read once for results
    waiting for a first rating (a scan of every record: once a period, not once an event)."""
    waiting = players is not None and waiting_for_first_rating(players)
    return [ratings_from_file(event, players, waiting=waiting) for event in events]


def waiting_for_first_rating(players: PlayerFile) -> bool:
    """Whether the player file has an unrated player whose results wait for a first rating
    (7.14): only then can an event's rating of a player be a temporary one (8.53)."""
    return any(r.rating is None and r.extra.get(PENDING_COLUMN) for r in players)


#: 8.53, as :func:`ratings_from_file` applies it.
TEMPORARY_RATINGS = CITATIONS_2014.cite(Concept.TEMPORARY_RATINGS)


def _temporary_ratings_ignored(
    event: Event,
    players: PlayerFile,
    find: Callable[[Player], tuple[PlayerRecord | None, str | None]],
) -> Event:
    """8.53: earlier temporary ratings of unrated players are ignored.  A player the player
    file has as unrated, his results waiting for a first rating (``pending_results``, 7.14),
    has no published rating: a rating the event gives him is such a temporary one, and he is
    rated as unrated (his results pooled with the waiting ones), with a note.  The caller
    has seen that the file has such a player (:func:`waiting_for_first_rating`)."""
    dropped: list[Player] = []
    for player in event.players:
        if player.rating is None:
            continue
        record = find(player)[0]
        if record is not None and record.rating is None and record.extra.get(PENDING_COLUMN):
            dropped.append(player)
    if not dropped:
        return event
    texts = ", ".join(f"{p.name} {p.rating}" for p in dropped)
    note = ReadNote(
        tr(
            "{source} has these players unrated, their results waiting for a first rating "
            "(7.14): the ratings the event gives them ({players}) were never published and "
            "are ignored (8.53: earlier temporary ratings of unrated players are ignored)",
            source=players.source or _("player file"),
            players=texts,
        ),
        TEMPORARY_RATINGS,
        tuple(p.id for p in dropped),
    )
    ids = {p.id for p in dropped}
    unrated = tuple(replace(p, rating=None) if p.id in ids else p for p in event.players)
    return with_read_note(replace(event, players=unrated), note)


def read_states(
    event: Event, players: PlayerFile | None
) -> tuple[dict[str, PlayerState], list[Note]]:
    """Each player's state from the player file: matched on FIDE id, then id, then name."""
    states: dict[str, PlayerState] = {}
    notes: list[Note] = []
    missing: list[str] = []
    missing_ids: list[str] = []
    rows_matched: set[int] = set()
    how_counts: dict[str, int] = {}
    local_ids = event.local_ids
    # Nobody to find (a ledger's first month: 200,000 players, an empty state): the matcher
    # is not asked (find_record would answer None for each).
    find = record_finder(players) if players is not None and players.records else None
    differing_template: str | None = None
    read_pending = FIDE_STATE.read_pending
    differing_rule = FIDE_STATE.differing_rating
    for player in event.players:
        own = BirthAndFirstRating.of(player)
        record, how = find(player) if find is not None else (None, None)
        if record is None or how is None:
            if players is not None:
                missing.append(player.name)
                missing_ids.append(player.id)
            # PlayerState's fields in the class's order (games, born, ever_2400, k,
            # first_rated, ever_2300, list_rating, pending, born_year_only, key, matched):
            # positional, as a FIDE month's first period makes 200,000 of them.
            states[player.id] = _player_state(
                None,
                player.born,
                None,
                None,
                None,
                None,
                None,
                (),
                own.born_year_only,
                person_key_value(player, local_ids),
                None,
            )
            continue
        how_counts[how] = how_counts.get(how, 0) + 1
        rows_matched.add(id(record))
        first = BirthAndFirstRating.of(record.extra).first_rated or own.first_rated
        first_date = None
        if first:
            where = record.location
            if where is not None:
                where = replace(where, column="first_rated")
            first_date = parse_date(str(first), where)
        rated = player.rating is not None
        if record.rating is not None and rated and record.rating != player.rating:
            if differing_template is None:
                # 7.1's note translated once for the event, filled for each player it names
                # (a season's events have thousands of them).
                differing_template = _(
                    "{name!r}: the player file's rating {rating} is the previous "
                    "list's: the event is rated with its own {event_rating} (and its "
                    "K), the change goes onto {rating} (7.1)"
                )
            # Note(NoteKind.RULE, text, 7.1, (player.id,)) built as fastbuild builds (a
            # season has 7,825 of them; tests/test_state_record_fast.py holds it to Note()).
            notes.append(
                build(
                    Note,
                    {
                        "kind": NoteKind.RULE,
                        "text": differing_template.format(
                            name=player.name,
                            rating=record.rating,
                            event_rating=player.rating,
                        ),
                        "rule": differing_rule,
                        "players": (player.id,),
                    },
                )
            )
        # FIDE_STATE.read's fields, taken from the record without a FideState between.
        pending = read_pending(record)
        born = record.born
        states[player.id] = _player_state(
            record.games,
            born or player.born,
            record.ever_2400,
            record.k,
            first_date,
            record.ever_2300,
            record.rating if rated else None,
            () if rated else pending,
            born is None and own.born_year_only,
            record.id or person_key_value(player, local_ids),
            how,
        )
    if players is not None:
        source = players.source or tr("player file")
        text = ", ".join(matched_by(how, count) for how, count in how_counts.items())
        note = tr("{where}: {matched}", where=source, matched=text or _("no player matched"))
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            note += tr(
                "; not found ({missing_count}): {shown} (defaults assumed for them)",
                missing_count=len(missing),
                shown=shown,
            )
        notes.append(Note(NoteKind.READ, note))
        warning = match_warning(
            players.source,
            rows=len(players),
            rows_matched=len(rows_matched),
            players=len(event.players),
            missing=missing,
            ids=missing_ids,
        )
        if warning is not None:
            notes.append(warning)
    else:
        notes.append(
            Note(
                NoteKind.DEFAULT, _("no player file: defaults assumed for K (see the notes below)")
            )
        )
    return states, notes


def games_after(
    player: Player, state: PlayerState, rating: int | None, played: int | None
) -> int | None:
    """The games count after an event or period: a newly rated player counts from 0; an
    unknown count stays unknown (its K assumption is printed again next time, not turned into
    a count of a few games that would make K 40)."""
    if player.rating is None and rating is not None:
        return (state.games or 0) + (played or 0)
    if player.rating is None:  # still unrated: his results wait (7.14), nothing was rated
        return state.games
    if state.games is not None:
        return state.games + (played or 0)
    return None


def state_record(
    key: str | None,
    name: str,
    rating: int | None,
    games: int | None,
    state: PlayerState,
    carried: tuple[Pending, ...] = (),
) -> PlayerRecord:
    """A record of the new state: rating, games count, the K flags ``ever_2400`` and
    ``ever_2300`` (set once the rating reaches them) and the results waiting for a first
    rating (7.14; 2024 7.1.4)."""
    ever = bool(state.ever_2400) or (rating is not None and rating >= 2400)
    ever_2300 = bool(state.ever_2300) or (rating is not None and rating >= 2300)
    return new_state_record(
        key,
        name,
        rating,
        games,
        state.born,
        state.k,
        ever if rating is not None else state.ever_2400,
        ever_2300 if rating is not None else state.ever_2300,
        tuple(carried),
    )
