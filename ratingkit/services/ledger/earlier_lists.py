"""What the lists published before a period say of each player, as the ledger's publishing
reads them (:meth:`ratingkit.services.ledger.rating.LedgerRating._publish`): whether one
listed him, the last period he played in, the first list that published him (the list's new
and inactive flags: FIDE 1982 9.23 as the ledger applies it), kept from one period's
publishing to the next while they are still the ledger's (issue 28: a season's lists read
once, not once a period)."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Sequence
from typing import Any

__all__ = ["EarlierLists"]


#: The connection's own mark of the lists an :class:`EarlierLists` holds: a TEMP table, no
#: part of the ledger's file, written in the rating's transaction, so that a rating rolled
#: back takes its mark with it.
_LISTS_MARK = "temp.ratingkit_lists_read"
_MARKS = itertools.count(1)


class EarlierLists:
    """Each player's lists before a period, as :meth:`LedgerRating._publish` reads them:
    whether one listed him, the last period he played in, the first that published him; and
    which lists these are (the last period and the mark that vouches for them).  Owned by
    the ledger's rating, which adds each list it publishes (:meth:`with_list`)."""

    def __init__(
        self,
        ever_listed: set[int],
        last_played: dict[int, str],
        first_published: dict[int, str],
    ) -> None:
        self.ever_listed = ever_listed
        self.last_played = last_played
        self.first_published = first_published
        #: The last period these lists include, the connection's data version then and
        #: the mark written with them (None: not kept).
        self.upto: str | None = None
        self.version: int | None = None
        self.mark: int | None = None

    @classmethod
    def read(cls, db: sqlite3.Connection, period: str) -> EarlierLists:
        """The lists before ``period``, in one pass over them."""
        ever_listed: set[int] = set()
        last_played: dict[int, str] = {}
        first_published: dict[int, str] = {}
        for player_id, was_listed, last_period, first_period in db.execute(
            "SELECT player_id, MAX(listed), MAX(CASE WHEN played = 1 THEN period END),"
            " MIN(period) FROM published WHERE period < ? GROUP BY player_id",
            (period,),
        ):
            if was_listed == 1:
                ever_listed.add(player_id)
            if last_period is not None:
                last_played[player_id] = last_period
            first_published[player_id] = first_period
        return cls(ever_listed, last_played, first_published)

    def with_list(
        self, db: sqlite3.Connection, period: str, rows: Sequence[tuple[Any, ...]]
    ) -> EarlierLists:
        """These lists and the one of ``period`` just published (``rows``: the published
        rows, ``played`` and ``listed`` their sixth and seventh values), kept for the
        next period; ``period`` comes after every list here (a rating deletes the later
        ones first).  The sets are taken over, not copied (a FIDE month lists 100,000)."""
        # Not these lists any more until all is done: an error half-way (the transaction
        # then rolled back) must not leave them vouched for by the mark before.
        self.upto = None
        for row in rows:
            player_id = row[1]
            if row[5]:
                self.last_played[player_id] = period
            if row[6]:
                self.ever_listed.add(player_id)
            self.first_published.setdefault(player_id, period)
        mark = next(_MARKS)  # one of its own: never a mark an earlier rating wrote
        db.execute(f"CREATE TABLE IF NOT EXISTS {_LISTS_MARK} (mark INTEGER NOT NULL)")
        db.execute(f"DELETE FROM {_LISTS_MARK}")
        db.execute(f"INSERT INTO {_LISTS_MARK} VALUES (?)", (mark,))
        version = db.execute("PRAGMA data_version").fetchone()[0]
        self.upto, self.mark, self.version = period, mark, version
        return self

    def still_before(self, db: sqlite3.Connection, period: str) -> bool:
        """Whether these are still the ledger's lists before ``period``: no other connection
        has written the ledger since (its data version), the last list before ``period`` is
        the last one here (none was deleted or added in between), and the rating that
        published it was not rolled back (its mark is still there)."""
        if self.upto is None or db.execute("PRAGMA data_version").fetchone()[0] != self.version:
            return False
        last = db.execute("SELECT MAX(period) FROM published WHERE period < ?", (period,))
        if last.fetchone()[0] != self.upto:
            return False
        try:
            mark = db.execute(f"SELECT mark FROM {_LISTS_MARK}").fetchone()
        except sqlite3.OperationalError:  # no mark: the rating that wrote it rolled back
            return False
        return mark is not None and mark[0] == self.mark
