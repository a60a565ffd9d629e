"""The players' state a period's rating left, kept for the next period's rating while it is
still the ledger's (issue 28: a season's state read from the ledger once, not once a
period), as :meth:`ratingkit.services.ledger.rating.LedgerRating._state_and_texts_before`
would read it again: the same records, texts and order."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from operator import itemgetter

from ...core.players import PlayerRecord
from .common import _record_from_json
from .earlier_lists import EarlierLists

__all__ = ["KeptState"]


#: A stored item's player id (the newcomers' order), read in C (a FIDE month has 86,582).
_first = itemgetter(0)


class KeptState:
    """Each known player's record and stored text after the period ``upto``, and what vouches
    for them: the lists published with them (their mark, :class:`EarlierLists`) and the
    connection's count of rows changed then (any write since, an import, a deletion, a
    rating half-way, makes them no longer the ledger's)."""

    def __init__(
        self,
        records: dict[str, PlayerRecord],
        texts: dict[str, str],
        upto: str,
        lists_mark: int | None,
        changes: int,
    ) -> None:
        self.records = records
        self.texts = texts
        self.upto = upto
        self.lists_mark = lists_mark
        self.changes = changes

    @classmethod
    def after(
        cls,
        db: sqlite3.Connection,
        period: str,
        before: Mapping[str, PlayerRecord],
        texts_before: Mapping[str, str],
        stored: Iterable[tuple[int, str, PlayerRecord | None]],
        lists: EarlierLists | None,
    ) -> KeptState | None:
        """The state after ``period``: the state before it (``before``, ``texts_before``,
        not changed) with each record it stored (player id, text, and the record where it
        reads back equal to its text, else None: the text decoded, as the ledger's read
        does); None where a reader would not find it in this order or the lists published
        with it are not vouched for.

        The order: the ledger's read lists the players with a state at import first, then
        the others by id (each one's last stored row, grouped by player id).  A player new
        to the state has none at import (else he would be in ``before``): he comes after
        every player of ``before`` where his id is above all of theirs (players imported
        period after period: a season's newcomers), and the newcomers in id order; else
        (an id among theirs) nothing is kept."""
        if lists is None or lists.upto != period or lists.mark is None:
            return None
        records = dict(before)
        texts = dict(texts_before)
        newcomers: list[tuple[int, str, PlayerRecord | None]] = []
        for player_id, text, record in stored:
            key = str(player_id)
            if key not in records:
                newcomers.append((player_id, text, record))
                continue
            records[key] = record if record is not None else _record_from_json(text, player_id)
            texts[key] = text
        if newcomers:
            newcomers.sort(key=_first)
            if records and newcomers[0][0] <= max(map(int, records)):
                return None
            for player_id, text, record in newcomers:
                key = str(player_id)
                records[key] = record if record is not None else _record_from_json(text, player_id)
                texts[key] = text
        return cls(records, texts, period, lists.mark, db.total_changes)

    def still_before(self, db: sqlite3.Connection, period: str, lists: EarlierLists | None) -> bool:
        """Whether this is still the ledger's state before ``period``: nothing written by this
        connection since (its count of changed rows), the lists kept with it still the
        ledger's lists before ``period`` (no other connection wrote, no list deleted or added
        in between, the rating not rolled back: :meth:`EarlierLists.still_before`)."""
        return (
            lists is not None
            and db.total_changes == self.changes
            and lists.mark == self.lists_mark
            and lists.upto == self.upto
            and lists.still_before(db, period)
        )
