"""Several event files imported into the ledger as one operation (``Ledger.import_files``):
one write transaction for them all, all or nothing, and a rated period re-rated once."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from ...core.i18n import tr, trn
from ..ledgerfile import LedgerError
from .checking import check_file
from .common import FilesImportErrors, ImportErrors
from .importing import ImportSummary, LedgerImporting


@dataclass(frozen=True)
class ImportTotal:
    """What an import of several files did, added up."""

    files: int
    games: int
    players_matched: int
    players_created: int
    #: The periods re-rated once at the end (an import with ``replace`` into a rated period).
    rerated: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = ", ".join(
            (
                trn("imported {count} file", "imported {count} files", count=self.files),
                trn("{count} game", "{count} games", count=self.games),
                trn(
                    "{count} player matched",
                    "{count} players matched",
                    count=self.players_matched,
                ),
                trn("{count} new player", "{count} new players", count=self.players_created),
            )
        )
        if self.rerated:
            text += "; " + tr("re-rated {periods}", periods=", ".join(self.rerated))
        return text


@dataclass(frozen=True)
class FilesImported:
    """What ``import_files`` did: each file's summary, in the order given, and the total."""

    files: tuple[ImportSummary, ...]
    total: ImportTotal

    def __str__(self) -> str:
        """Each file's line, and for several files the total's."""
        lines = [str(summary) for summary in self.files]
        if len(self.files) > 1:
            lines.append(str(self.total))
        return "\n".join(lines)


class LedgerBatchImporting(LedgerImporting):
    """The import of several files at once (:meth:`import_files`) beside the one file's."""

    def import_files(
        self,
        paths: Iterable[str | os.PathLike[str]],
        period: str | None = None,
        input_format: str | None = None,
        encoding: str | None = None,
        *,
        replace: bool = False,
    ) -> FilesImported:
        """Import event files (each read as :meth:`import_file` reads one, with the player
        file beside it) as one operation: one write transaction, each file read and stored
        in turn (one event held at a time).  All or nothing: when any file has an error,
        nothing of any file is applied, and every file is still checked (a failed file's
        rows are rolled back to its savepoint) so that one :class:`FilesImportErrors` lists
        every bad file's errors; a single file's are its :class:`ImportErrors`, as
        :meth:`import_file` gives them.  A file given twice (or the same file under two
        names) is refused as a copy of the earlier one.  With ``replace``, the rated periods
        concerned are re-rated once, at the end, from the earliest of them."""
        connection = self._connection
        # A savepoint keeps the pages its file changes in a statement journal, a temporary
        # file by default: 1.6 GB written for a FIDE month's 2,000 files, though each file's
        # pages are under a megabyte.  Held in memory for the batch (set outside the
        # transaction, as SQLite requires), then as it was.
        temp_store = int(connection.execute("PRAGMA temp_store").fetchone()[0])
        connection.execute("PRAGMA temp_store = MEMORY")
        try:
            return self._import_files(paths, period, input_format, encoding, replace=replace)
        finally:
            connection.execute(f"PRAGMA temp_store = {temp_store}")

    def _import_files(
        self,
        paths: Iterable[str | os.PathLike[str]],
        period: str | None,
        input_format: str | None,
        encoding: str | None,
        *,
        replace: bool,
    ) -> FilesImported:
        summaries: list[ImportSummary] = []
        failed: list[tuple[str, tuple[str, ...]]] = []
        #: The digest of each file stored so far, with its name: a later copy names it.
        earlier: dict[str, str] = {}
        #: The event each file stored so far became, with its name (the same games again).
        earlier_events: dict[int, str] = {}
        rerate_from: str | None = None
        count = 0
        with self._write() as db:
            for path in paths:
                count += 1
                db.execute("SAVEPOINT import_file")
                try:
                    checked = check_file(self.rules, path, None, period, input_format, encoding)
                    summary, from_period, digest = self._store_checked(
                        checked, replace=replace, earlier=earlier, earlier_events=earlier_events
                    )
                except ImportErrors as exc:
                    # This file's rows go; the later files are still checked (nothing of any
                    # file is applied: the transaction is rolled back at the end).
                    db.execute("ROLLBACK TO import_file")
                    db.execute("RELEASE import_file")
                    failed.append((str(path), exc.errors))
                    continue
                db.execute("RELEASE import_file")
                earlier[digest] = checked.source
                earlier_events[summary.event_id] = checked.source
                summaries.append(summary)
                if from_period is not None:
                    rerate_from = min(from_period, rerate_from or from_period)
            if count == 0:
                raise LedgerError(tr("no event files given to import"))
            if failed:
                if count == 1:
                    raise ImportErrors(*failed[0])
                raise FilesImportErrors(count, failed)
            rerated: tuple[str, ...] = ()
            if rerate_from is not None:
                self._rerate_from(rerate_from)
                rerated = self._last_rerated
        total = ImportTotal(
            len(summaries),
            sum(s.games for s in summaries),
            sum(s.players_matched for s in summaries),
            sum(s.players_created for s in summaries),
            rerated,
        )
        return FilesImported(tuple(summaries), total)
