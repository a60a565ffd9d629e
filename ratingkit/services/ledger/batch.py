"""Several event files imported into the ledger as one operation (``Ledger.import_files``):
one write transaction for them all, all or nothing, and a rated period re-rated once."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from ...core.errors import RatingkitError
from ...core.i18n import tr, trn
from ...core.ruleset import RuleSet
from ..ledgerfile import LedgerError
from .checking import CheckedFile, check_file
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


class _ReaderFault(Exception):
    """A fault of a reader's own (not a :class:`RatingkitError`) while a file of the batch was
    read inside the write transaction, carried past ``sqlite_errors``, which takes any
    ``ValueError`` or ``TypeError`` there for a damaged ledger, to be raised as it was."""

    def __init__(self, original: Exception) -> None:
        super().__init__(str(original))
        self.original = original


def _checked(
    rules: RuleSet,
    path: str | os.PathLike[str],
    period: str | None,
    input_format: str | None,
    encoding: str | None,
) -> CheckedFile:
    """:func:`check_file` of a file of the batch, a reader's own fault carried as
    :class:`_ReaderFault`."""
    try:
        return check_file(rules, path, None, period, input_format, encoding)
    except RatingkitError:
        raise
    except Exception as exc:
        raise _ReaderFault(exc) from exc


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
        # A savepoint keeps the pages its file changes in a statement journal, held in memory
        # (services.ledgerfile sets PRAGMA temp_store when it opens a ledger for writing: a
        # temporary file would take 1.6 GB for a FIDE month's 2,000 files).
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]  # one file named alone, not its name's characters
        try:
            return self._import_files(paths, period, input_format, encoding, replace=replace)
        except _ReaderFault as fault:
            # Raised as it was (a fault of ratingkit's own), past the transaction's
            # translation of a ValueError into "the ledger is damaged": the ledger is not.
            raise fault.original from None

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
                    checked = _checked(self.rules, path, period, input_format, encoding)
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
