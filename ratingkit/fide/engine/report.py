"""The report of a period the engine rated, its tables laid out when read."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.i18n import current_language, tr
from ...core.notes import Note
from ...core.outcome import player_row
from ...core.report import COMMON_COLUMNS, LazyTable, Report, Table
from ..outcome import FideEvent, FideEventOutcome, FidePeriod, cells_with_none
from .lazy import FideOutcome, LazyEventOutcome, known_length

if TYPE_CHECKING:
    pass


# -- the report --------------------------------------------------------------------------------


def fast_period_report(outcome: FideOutcome) -> Report:
    """The report :func:`ratingkit.fide.views.period_report` makes of the period, with its
    tables laid out only when they are read."""
    from ..views import FIDE_COLUMNS, FORMATS, GAME_COLUMNS, PERIOD_COLUMNS, fide_cells, game_row

    detail = outcome.detail
    assert isinstance(detail, FidePeriod)
    columns = ("id", "name", *FIDE_COLUMNS)
    sections: list[Table] = []
    for event in outcome.events:

        def rows(event: FideEventOutcome = event) -> list[dict[str, object]]:
            return [fide_cells(player, columns) for player in event.players]

        sections.append(
            LazyTable(
                tr("event: {event}", event=event.key.name),
                columns,
                _players_count(event),
                rows,
                formats=FORMATS,
            )
        )
    player_columns = COMMON_COLUMNS + tuple(c for c in PERIOD_COLUMNS if c not in COMMON_COLUMNS)
    players = LazyTable(
        "players",
        player_columns,
        _length(outcome, "players"),
        lambda: [player_row(p) for p in outcome.players],
        formats=FORMATS,
    )
    sides = sum(_sides_count(event) for event in outcome.events)
    games = LazyTable("games", GAME_COLUMNS, sides, lambda: [game_row(g) for g in outcome.games])
    return Report(
        title=outcome.title,
        rules=outcome.rules,
        players=players,
        games=games,
        summary=cells_with_none(detail),
        notes=note_texts(outcome.notes),
        sections=tuple(sections),
        new_state=outcome.new_state,
        outcome=outcome,
    )


def note_texts(notes: Iterable[object]) -> tuple[str, ...]:
    """``str(note)`` of each note.  In English a :class:`~ratingkit.core.notes.Note`'s words
    are its text as made (``Note.__str__``: ``_`` gives an English text back unchanged), taken
    so without ``_`` asking for the language once for each note (a season's rate has 15,000
    of them); another language, or a note of another class, goes the general way
    (tests/test_note_texts.py holds the two ways to each other)."""
    if current_language() != "en":
        return tuple(str(note) for note in notes)
    plain = str.__str__
    return tuple(plain(note.text) if type(note) is Note else str(note) for note in notes)


def _players_count(event: FideEventOutcome) -> int:
    detail = event.detail
    return detail.players if isinstance(detail, FideEvent) else len(event.players)


def _sides_count(event: FideEventOutcome) -> int:
    """The event's game sides, without making them where the count is known."""
    if isinstance(event, LazyEventOutcome) and event.sides is not None:
        return event.sides
    return len(event.games)


def _length(outcome: FideOutcome, name: str) -> int:
    """How many items the outcome's field ``name`` holds, without making them where the
    engine knows it (:func:`ratingkit.fide.engine.lazy.known_length`)."""
    known = known_length(outcome, name)
    return known if known is not None else len(getattr(outcome, name))
