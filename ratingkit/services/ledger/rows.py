"""The ledger's answers as typed, frozen rows: what its queries return (:mod:`.queries`).  A
table to print or show is built from them by :mod:`.views`; code reads their attributes,
never a printed column name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

#: A number of a player's result as stored (an exact fraction where the rule set keeps one).
Number = int | float | Fraction | None


@dataclass(frozen=True)
class EventRow:
    """One imported event."""

    event_id: int
    period: str
    name: str
    start: str | None
    end: str | None
    type: str
    players: int
    games: int
    #: The path the event was read from, as given at import.
    source: str | None
    #: When it was imported (ISO 8601, UTC).
    imported: str
    #: When its period was rated (ISO 8601, UTC), or None while it is not.
    rated_at: str | None

    @property
    def rated(self) -> bool:
        return self.rated_at is not None


@dataclass(frozen=True)
class PeriodRow:
    """One period that has events or is rated."""

    period: str
    events: int
    #: When it was rated (ISO 8601, UTC), or None while it is not.
    rated_at: str | None

    @property
    def rated(self) -> bool:
        return self.rated_at is not None


@dataclass(frozen=True)
class ListRow:
    """One player on a period's published list (or, asked for everyone, carried unlisted)."""

    ledger_id: int
    #: The id his files give him (a federation's member number).
    own_id: str | None
    fide_id: str | None
    name: str
    federation: str | None
    title: str | None
    #: The published rating; for a player not listed, the rating he carries into his next
    #: event (FESA rule 3: an unrated player's performance rating).
    rating: int | None
    #: What the rule set's list counts (its state codec's ``list_games``,
    #: :class:`ratingkit.core.ruleset.ListGames`): FIDE's the rated games of the list's
    #: period, 0 for none (FIDE 1982 9.12; FIDE's published lists, their TXT ``Gms``); FESA's and
    #: LNMO's the count his state keeps (FESA rule 3), None where it keeps none.
    games: int | None
    #: What the list shows of his state, by the rule set's codec column (schema 5's
    #: ``published.state``): FIDE's ``k`` (the K in force, 2014 8.56), FESA's and LNMO's
    #: ``grade``; an empty value is left out.
    state: Mapping[str, object]
    played: bool
    listed: bool
    new: bool
    inactive: bool


@dataclass(frozen=True)
class HistoryRow:
    """A player's result in one rated event: his part of it and the rating published after."""

    period: str
    event_id: int
    event: str
    rating_before: Number
    games: Number
    score: Number
    expected: Number
    change: Number
    rating_after: Number


@dataclass(frozen=True)
class PlayerHistory:
    """Every rated event of one player, in order."""

    ledger_id: int
    name: str
    #: How users know him: his own id and FIDE id, else the ledger's number ``#N``.
    shown_id: str
    rows: tuple[HistoryRow, ...]
