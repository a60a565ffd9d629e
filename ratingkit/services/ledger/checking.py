"""An event file read and checked for the ledger before anything is stored: its event, its
player file, the period it goes into, and every error found (:func:`check_file`).  One file's
import (``Ledger.import_file``) and several files' (``Ledger.import_files``) both read each
file through it, so that a file is refused alike on its own and in a batch."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ...core.errors import RatingkitError
from ...core.game_columns import game_dates
from ...core.i18n import tr
from ...core.model import Event
from ...core.players import (
    PlayerFile,
    PlayerMatch,
    RatingConflictError,
    differing_rating_rule,
    rating_before,
    read_player_file,
)
from ...core.ruleset import RuleSet, guard
from ...formats import read_event, unrecognised
from .common import ImportErrors, _period_of, parse_period


@dataclass(frozen=True)
class CheckedFile:
    """An event file read and checked: nothing in it refused what the ledger does not need to
    know (its players' matching and the duplicate checks are the store's, inside the write
    transaction)."""

    path: str | os.PathLike[str]
    source: str
    event: Event
    period: str
    player_file: PlayerFile | None
    #: The event's players matched to ``player_file`` (None without one).
    state: PlayerMatch | None


def check_file(
    rules: RuleSet,
    path: str | os.PathLike[str],
    players: str | os.PathLike[str] | None = None,
    period: str | None = None,
    input_format: str | None = None,
    encoding: str | None = None,
) -> CheckedFile:
    """Read ``path`` (with its player file) and check it for the ledger of ``rules``; every
    error found is raised at once as one :class:`ImportErrors` naming the file."""
    source = str(path)
    errors: list[str] = []
    event: Event | None = None
    player_file: PlayerFile | None = None
    try:
        event = read_event(path, input_format, encoding, roster=players)
    except RatingkitError as exc:
        # A players file given for its pair is no format's file: the reader's error then
        # says only which format came closest; a recognised file's own error stands.
        hint = _players_file_given(Path(path)) if unrecognised(exc) else None
        errors.append(hint or str(exc))
    if players is None and event is not None:
        players = event.origin.player_file  # a players.csv that carries state
    if players is not None:
        try:
            player_file = read_player_file(players, encoding)
        except RatingkitError as exc:
            errors.append(str(exc))
    if event is None:
        raise ImportErrors(source, errors)
    if period is not None:
        try:
            period = parse_period(period)
        except RatingkitError as exc:
            errors.append(str(exc))
    else:
        day = event.end or event.start or last_game_date(event)
        if day is None:
            errors.append(
                tr(
                    "{source}: the file gives no date; give the period with --period",
                    source=source,
                )
            )
        else:
            period = _period_of(day)
    try:
        # What the rule set cannot rate (a chess event in a shogi ledger, a score table
        # under a rule set that rates games) is refused now, not when the period is rated.
        guard(rules, [event], player_file)
    except RatingkitError as exc:
        errors.append(str(exc))
    # The event's players matched to the player file once, for the ratings' check here
    # and for their state stored with the event (LedgerImporting._store_event).
    state = (
        player_file.match([(p.id, p.name) for p in event.players], by_name=event.local_ids)
        if player_file is not None
        else None
    )
    if state is not None:
        # A player's rating in the event and in the player file: one rating before the
        # event (core.players.rating_before), refused now where they differ and the rule
        # set does not allow it.
        errors.extend(_rating_conflicts(rules, event, state, source))
    if errors:
        raise ImportErrors(source, errors)
    assert period is not None
    return CheckedFile(path, source, event, period, player_file, state)


def first_game_date(event: Event) -> date | None:
    """The first day the event's games were played on (None: no game gives one)."""
    return min(game_dates(event), default=None)


def last_game_date(event: Event) -> date | None:
    """The last day the event's games were played on (None: no game gives one)."""
    return max(game_dates(event), default=None)


def _rating_conflicts(rules: RuleSet, event: Event, match: PlayerMatch, source: str) -> list[str]:
    """The players whose rating in ``event`` and in the player file (``match``, the event's
    players matched to it) the one rule (:func:`~ratingkit.core.players.rating_before`)
    refuses, one message each."""
    rule = differing_rating_rule(rules)
    errors = []
    for player in event.players:
        try:
            rating_before(player, match.records.get(player.id), rule, event_place=source)
        except RatingConflictError as exc:
            errors.append(str(exc))
    return errors


def _players_file_given(path: Path) -> str | None:
    """Where an unreadable ``path`` is a CSV pair's players file (``NAME-players.csv`` beside
    ``NAME-games.csv``, or ``players.csv`` beside ``games.csv``: a glob such as
    ``events/*.csv`` gives both), the one-line error saying to give its games file, which
    reads it; else None (the reader's own error stands)."""
    name = path.name
    if "players" not in name or not path.is_file():
        return None
    games = path.with_name(name.replace("players", "games"))
    if not games.is_file():
        return None
    return tr(
        "{source}: this is the players file of the CSV pair {games}; give the games file (or "
        "the pair's folder), which reads its players file with it",
        source=path,
        games=games,
    )
