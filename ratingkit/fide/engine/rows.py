"""A rating period read from the ledger's rows straight into the engine's arrays, without an
``Event``'s million ``Game`` objects (issue 28: a FIDE month is 1,000,000 games).

The ledger (:mod:`ratingkit.services.ledger.rating`) hands each event's head (an
:class:`~ratingkit.core.model.Event` with its players and byes and no games) and its games as
plain values to :func:`event_rows`, one event at a time; :func:`rate_period_rows` rates the
period as :func:`ratingkit.fide.engine.period.rate_period_or_reason` rates the same events
built with their games, value for value (tests/test_ledger_rows.py), or gives the reason why
the engine cannot (then the ledger builds the events and rates them the exact way)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ...core.fastbuild import collector_paused
from ...core.i18n import tr
from ...core.model import Event
from ...core.outcome import DigestLater, EventKey
from ...core.players import PlayerFile
from ..state import ratings_from_file, waiting_for_first_rating
from .lazy import FideOutcome
from .parts import PLAYS, EventData
from .period import _rate_period, _rules_reason, event_data

if TYPE_CHECKING:
    from ..rulesets import Fide2014


class GameColumns(NamedTuple):
    """An event's games as the ledger stores them, column by column in the event's order:
    round, white's and black's place in the event's player list, their half points, how the
    game ended (a :data:`~ratingkit.fide.engine.parts.PLAYS` code) and its day (an ordinal,
    or None)."""

    rounds: np.ndarray
    white: np.ndarray
    black: np.ndarray
    white_halves: np.ndarray
    black_halves: np.ndarray
    plays: np.ndarray
    days: list[int | None]


@dataclass(frozen=True)
class EventRows:
    """One event of a period: the event with the ratings the player file fills in
    (:func:`~ratingkit.fide.state.ratings_from_file`) and no games, its games as columns and
    whether a game has a shogi handicap or result."""

    event: Event
    games: GameColumns
    shogi: bool

    def digest(self) -> str:
        """The event's content digest: :attr:`Event.digest` of the event with its games
        (tests/test_event_key_digest.py), computed where its key's digest is read
        (:class:`~ratingkit.core.outcome.DigestLater`)."""
        games = self.games
        ids = [p.id for p in self.event.players]
        values = [play.value for play in PLAYS]
        content = tuple(
            zip(
                games.rounds.tolist(),
                [ids[place] for place in games.white.tolist()],
                [ids[place] for place in games.black.tolist()],
                games.white_halves.tolist(),
                games.black_halves.tolist(),
                [values[code] for code in games.plays.tolist()],
                repeat(None),
                repeat(None),
                games.days,
                strict=False,  # the two repeats are endless
            )
        )
        return self.event.digest_with(content)


def has_repeat(keys: np.ndarray) -> bool:
    """Whether a value comes twice in ``keys`` (integers): marked in an array as long as
    the largest key where the keys are small and not negative (an event's round and place,
    a few thousand: ten times ``np.unique``'s time on a FIDE month's 2,000 events), else by
    ``np.unique``.  tests/test_event_rows_repeat.py holds it to a set of the values."""
    if not len(keys):
        return False
    lowest, highest = int(keys.min()), int(keys.max())
    if lowest >= 0 and highest < 8 * len(keys) + 64:
        seen = np.zeros(highest + 1, np.bool_)
        seen[keys] = True
        return int(np.count_nonzero(seen)) != len(keys)
    return len(np.unique(keys)) != len(keys)


def event_rows(
    head: Event,
    games: GameColumns,
    players: PlayerFile | None,
    shogi: bool = False,
    *,
    waiting: bool | None = None,
) -> EventRows | None:
    """The event ``head`` (players and byes, no games) with its ``games``, or None where a
    game breaks one of the model's checks of an event (a place outside the player list, a
    player against himself or twice in a round, a round outside the event's rounds): the
    caller then builds the event, whose own check says what is wrong and where.  ``waiting``:
    :func:`~ratingkit.fide.state.waiting_for_first_rating` of ``players``, read once a period
    by the caller (None: read here)."""
    rounds, white, black = games.rounds, games.white, games.black
    players_n = len(head.players)
    if len(rounds):
        sides = np.concatenate([white, black])
        if sides.min() < 0 or sides.max() >= players_n or bool(np.any(white == black)):
            return None
        if head.rounds is not None and (rounds.min() < 1 or rounds.max() > head.rounds):
            return None
    # Event._check_one_game_per_round: no player twice in one round, games and byes.
    places = {p.id: place for place, p in enumerate(head.players)}
    bye_rounds = np.array([bye.round for bye in head.byes], np.int64)
    bye_places = np.array([places.get(bye.player, -1) for bye in head.byes], np.int64)
    taken = np.concatenate([rounds, rounds, bye_rounds])
    who = np.concatenate([white, black, bye_places])
    if len(taken) and has_repeat(taken * (players_n + 1) + who):
        return None
    event = ratings_from_file(head, players, waiting=waiting)
    return EventRows(event, games, shogi)


def rate_period_rows(
    rules: Fide2014, events: Sequence[EventRows], players: PlayerFile | None
) -> FideOutcome | str:
    """The period rated by the engine from its rows, or why the engine cannot rate it (the
    reasons of :func:`ratingkit.fide.engine.period.vectorised_reason`)."""
    reason = _rules_reason(rules)
    if reason is not None:
        return reason
    if not events:
        return tr("no events: a rating period needs at least one")
    with collector_paused():
        data: list[EventData] = []
        offset = 0
        kind: dict[str, bool] = {}
        for position, rows in enumerate(events):
            event, games = rows.event, rows.games
            # The digest when first read: the ledger's rate reads only the position.
            key = EventKey(position, DigestLater(rows.digest), event.name)
            columns = (
                games.rounds,
                games.white,
                games.black,
                games.white_halves,
                games.black_halves,
                games.plays,
            )
            item = event_data(event, position, key, offset, columns, rows.shogi, players, kind)
            if isinstance(item, str):
                return item
            data.append(item)
            offset += len(event.players)
        return _rate_period(rules, [d.event for d in data], players, data)


def rate_stored_period(
    rules: Fide2014,
    events: Sequence[tuple[Event, tuple[Any, ...]]],
    players: PlayerFile | None,
) -> FideOutcome | None:
    """:meth:`ratingkit.fide.rulesets.Fide2014.rate_rows`: a period of several events, each
    its head and its games' columns (the fields of :class:`GameColumns`, in order), rated by
    the engine; None where it would not rate it as the event-by-event path does (another
    text, a reason of :func:`~ratingkit.fide.engine.period.vectorised_reason`, a game the
    model's checks of an event refuse): the caller builds the events."""
    if len(events) < 2 or _rules_reason(rules) is not None:
        return None
    read = []
    waiting = players is not None and waiting_for_first_rating(players)
    for head, columns in events:
        rows = event_rows(head, GameColumns(*columns), players, waiting=waiting)
        if rows is None:
            return None
        read.append(rows)
    outcome = rate_period_rows(rules, read, players)
    return None if isinstance(outcome, str) else outcome
