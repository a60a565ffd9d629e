"""What the commands share: the exit statuses, the parser's class (a word beginning with "-"
and a digit is a value), the ``--encoding`` option, the width of the table format
(``--columns``) and the rendering of a report or a table as text, CSV or JSON."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from typing import NoReturn

from ..core.errors import RatingkitError
from ..core.i18n import N_, _, tr
from ..core.output import one_line
from ..core.report import Report, Table

EXIT_RULES_BROKEN = 1
EXIT_INPUT_ERROR = 2
#: Something failed that is no fault of the input: a bug (one line on stderr all the same).
EXIT_INTERNAL_ERROR = 3
#: Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

ENCODING_HELP = N_(
    "encoding of the input files (the event's files and the player file), for example "
    "cp1251 (Windows-1251, Russian), cp1254 (Windows-1254, Turkish), cp1252, utf-8; default: "
    "UTF-8 when a file decodes as UTF-8, else the code page detected.  The report's notes say "
    "which encoding a file not read as UTF-8 was read in"
)


def _add_encoding(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--encoding", metavar="CODEC", help=_(ENCODING_HELP))


#: A word that argparse should take as a value although it begins with "-": a player id such
#: as ``-1-1`` (argparse itself only takes ``-1`` and ``-1.5``, negative numbers, so).  No
#: option of ratingkit begins with "-" and a digit.
_DASHED_VALUE = re.compile(r"^-\d")


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but a word beginning with "-" and a digit is a value, not an
    unknown option: ``db history LEDGER -1-1`` and ``rate --player -1-1`` look that player
    up.  A value beginning with "-" and a letter is given as ``--player=-x`` or after ``--``
    (``db history LEDGER -- -x``).  The subcommands' parsers are of this class too
    (argparse makes them of their parent's class)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # argparse's own test for "a negative number, so a value" (its instance attribute).
        self._negative_number_matcher = _DASHED_VALUE

    def error(self, message: str) -> NoReturn:
        """A command line argparse cannot read is one line on stderr too (not the usage over
        several lines and then the error): what is wrong, and where the usage is."""
        text = tr(
            "{prog}: error: {message} ('{prog} --help' shows how to use it)",
            prog=self.prog,
            message=message,
        )
        self.exit(EXIT_INPUT_ERROR, one_line(text) + "\n")


def _render(result: Report | Table, output_format: str, width: int | None = None) -> str:
    """``result`` as CSV, JSON or text; the text fits ``width`` columns where given (the
    ledger's tables: :func:`_columns`)."""
    if output_format == "csv":
        return result.to_csv()
    if output_format == "json":
        if isinstance(result, Table):
            return json.dumps(result.to_records(), indent=2, ensure_ascii=False) + "\n"
        return result.to_json() + "\n"
    if isinstance(result, Report):
        return result.to_text(width=width)
    return result.to_text(width) + "\n"


DEFAULT_COLUMNS = 100
#: The most game rows the table format shows without --all-games (a 500-player open of 11


def _columns(args: argparse.Namespace) -> int:
    """The width the table format fits: --columns, else the terminal's when stdout is one,
    else :data:`DEFAULT_COLUMNS`."""
    if getattr(args, "columns", None) is not None:
        if args.columns < 40:
            raise RatingkitError(tr("--columns {columns}: give 40 or more", columns=args.columns))
        return int(args.columns)
    isatty = getattr(sys.stdout, "isatty", None)
    if not getattr(args, "output", None) and isatty is not None and isatty():
        return max(40, shutil.get_terminal_size((DEFAULT_COLUMNS, 24)).columns)
    return DEFAULT_COLUMNS
