"""An event's key with its digest computed when first read (issue 28, part 3): the ledger's rate
of a FIDE month reads only its events' positions, so the engine's keys of a period read from
rows (fide.engine.rows) hold a DigestLater.  The key stays the key made with the text: equal,
the same hash, order, repr and codec; and the text is, byte for byte, Event.digest of the same
event built with its Game objects (the content digest stored and compared elsewhere)."""

from __future__ import annotations

import copy
import pickle
from datetime import date

import numpy as np

from ratingkit import get_rule_set
from ratingkit.core.model import Event, EventType, Game, Play, Player
from ratingkit.core.outcome import DigestLater, EventKey
from ratingkit.core.outcome_codec import dumps, loads
from ratingkit.fide.engine.parts import PLAY_CODES
from ratingkit.fide.engine.rows import GameColumns, event_rows, rate_stored_period


def _counted(text: str) -> tuple[DigestLater, list[int]]:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return text

    return DigestLater(make), calls


def test_a_key_with_its_digest_later_is_the_key_with_the_text():
    made = EventKey(3, "0123456789abcdef", "Open")
    later, calls = _counted("0123456789abcdef")
    deferred = EventKey(3, later, "Open")
    assert calls == []  # nothing computed until read
    assert deferred == made and hash(deferred) == hash(made)
    assert (
        repr(deferred)
        == repr(made)
        == ("EventKey(position=3, digest='0123456789abcdef', name='Open')")
    )
    assert str(deferred) == "4:Open"
    assert calls == [1]  # computed once, kept
    assert deferred.digest == "0123456789abcdef" and calls == [1]
    other, _calls = _counted("fedcba9876543210")
    assert EventKey(3, other, "Open") != made  # the digest is compared
    assert sorted([EventKey(3, other, "b"), made]) == [made, EventKey(3, "fedcba9876543210", "b")]


def test_a_key_with_its_digest_later_is_stored_and_copied_as_the_text():
    made = EventKey(0, "00ff00ff00ff00ff", "Club")
    deferred = EventKey(0, _counted("00ff00ff00ff00ff")[0], "Club")
    assert dumps(deferred) == dumps(made)
    assert loads(dumps(deferred)) == made
    unread = EventKey(0, _counted("00ff00ff00ff00ff")[0], "Club")
    assert pickle.loads(pickle.dumps(unread)) == made
    assert copy.deepcopy(EventKey(0, _counted("00ff00ff00ff00ff")[0], "Club")) == made


# Two events written twice, by hand: once as Game objects (the slow way, Event.digest), once
# as the columns a store keeps (places in the player list, half points, a Play code, days).
_PLAYERS = (
    Player("10", "Ann", 2100),
    Player("11", "Bob", 1950),
    Player("12", "Cid", None),
    Player("13", "Dan", 2230, fide_id=4100013),
)
# round, white's place, black's place, white's and black's half points, how it ended, day
_GAMES = (
    (1, 0, 1, 2, 0, Play.PLAYED, date(2025, 3, 1)),
    (1, 2, 3, 1, 1, Play.PLAYED, date(2025, 3, 1)),
    (2, 3, 0, 0, 2, Play.FORFEIT, None),
    (2, 1, 2, 1, 1, Play.UNDER_ONE_MOVE, date(2025, 3, 2)),
    (3, 0, 2, 0, 0, Play.FORFEIT, date(2025, 3, 3)),
)


def _built(name: str) -> Event:
    games = tuple(
        Game(round_, _PLAYERS[w].id, _PLAYERS[b].id, wh / 2, bh / 2, play, date=day)
        for round_, w, b, wh, bh, play, day in _GAMES
    )
    return Event(
        name=name,
        players=_PLAYERS,
        games=games,
        type=EventType.SWISS,
        rounds=3,
        start=date(2025, 3, 1),
        end=date(2025, 3, 3),
    )


def _head_and_columns(name: str) -> tuple[Event, GameColumns]:
    head = Event(
        name=name,
        players=_PLAYERS,
        games=(),
        type=EventType.SWISS,
        rounds=3,
        start=date(2025, 3, 1),
        end=date(2025, 3, 3),
    )
    columns = GameColumns(
        np.array([g[0] for g in _GAMES], np.int64),
        np.array([g[1] for g in _GAMES], np.int64),
        np.array([g[2] for g in _GAMES], np.int64),
        np.array([g[3] for g in _GAMES], np.int64),
        np.array([g[4] for g in _GAMES], np.int64),
        np.array([PLAY_CODES[g[5]] for g in _GAMES], np.int8),
        [g[6].toordinal() if g[6] is not None else None for g in _GAMES],
    )
    return head, columns


def test_an_event_s_rows_digest_is_event_digest_of_the_event_built_with_its_games():
    head, columns = _head_and_columns("Spring open")
    rows = event_rows(head, columns, None)
    assert rows is not None
    assert rows.digest() == _built("Spring open").digest
    # Another name, another text (the digest reads the content, not only the games).
    assert rows.digest() != _built("Autumn open").digest


def test_the_engine_s_keys_from_rows_are_the_keys_of_the_events_built():
    rules = get_rule_set("fide-2014")
    names = ("Spring open", "Spring rapid")
    stored = [_head_and_columns(name) for name in names]
    outcome = rate_stored_period(rules, [(head, tuple(cols)) for head, cols in stored], None)
    assert outcome is not None
    keys = [event.key for event in outcome.events]
    assert keys == [EventKey.of(_built(name), i) for i, name in enumerate(names)]
    assert [key.digest for key in keys] == [_built(name).digest for name in names]
