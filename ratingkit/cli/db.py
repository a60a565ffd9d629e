"""``ratingkit db``: a rating list kept in a ledger (one SQLite file): its subcommands'
parsers and what each one does (:mod:`ratingkit.services.ledger`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import RatingkitError, names_a_place, placed
from ..core.i18n import _, tr, trn
from ..services.listing import LIST_FORMATS
from .shared import _add_encoding, _columns, _Parser, _render

if TYPE_CHECKING:
    from ..services.ledger import Ledger


def _add_db_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    db = commands.add_parser("db", help=_("keep a rating list in a ledger (one SQLite file)"))
    sub = db.add_subparsers(dest="db_command", required=True, metavar="DB_COMMAND")
    init = sub.add_parser("init", help=_("create a new ledger for a rule set"))
    init.add_argument("ledger")
    init.add_argument("--rules", required=True, metavar="NAME")
    # Gone (issue 16): the list follows the rule set's own publication rules; refused with
    # the reason rather than left to argparse's "unrecognized arguments".
    init.add_argument("--min-games", type=int, help=argparse.SUPPRESS)
    fide_list = sub.add_parser(
        "import-list", help=_("import FIDE's rating list (TXT or XML download) as the state")
    )
    fide_list.add_argument("ledger")
    fide_list.add_argument("input", help=_("FIDE's rating list file (TXT or XML)"))
    _add_encoding(fide_list)
    load = sub.add_parser(
        "import", help=_("import event files (and player state) as one operation: all or nothing")
    )
    load.add_argument("ledger")
    load.add_argument("input", nargs="+", metavar="INPUT")
    load.add_argument(
        "--players",
        metavar="FILE",
        help=_(
            "player file with state; also the roster of a games file with no players file beside it"
        ),
    )
    load.add_argument("--period", metavar="YYYY-MM", help=_("default: the event's end date"))
    load.add_argument("--input-format", metavar="NAME")
    load.add_argument(
        "--replace",
        action="store_true",
        help=_("import into a rated period, re-rating it and every later rated period"),
    )
    _add_encoding(load)
    rate = sub.add_parser("rate", help=_("rate every event of a period and publish the list"))
    rate.add_argument("ledger")
    rate.add_argument("--period", required=True, metavar="YYYY-MM")
    rate.add_argument(
        "--replace", action="store_true", help=_("re-rate a rated period and every later one")
    )
    listing = sub.add_parser("list", help=_("the list published for a period"))
    listing.add_argument("ledger")
    listing.add_argument("--period", required=True, metavar="YYYY-MM")
    listing.add_argument("--format", choices=LIST_FORMATS, default="table")
    listing.add_argument("--output", metavar="FILE", help=_("write to FILE (needed for xlsx)"))
    listing.add_argument(
        "--everyone", action="store_true", help=_("also the players not listed yet")
    )
    listing.add_argument(
        "--ledger-ids", action="store_true", help=_("show the ledger's own player numbers")
    )
    history = sub.add_parser("history", help=_("every event and change of one player"))
    history.add_argument("ledger")
    history.add_argument("player", help=_("FIDE id, the player's own id, name, or #N"))
    history.add_argument("--format", choices=("table", "csv", "json"), default="table")
    events = sub.add_parser("events", help=_("the imported events: ids, files, periods, state"))
    events.add_argument("ledger")
    remove = sub.add_parser("remove", help=_("take an imported event out of the ledger"))
    remove.add_argument("ledger")
    remove.add_argument("event", type=int, help=_("the event's id ('db events' lists them)"))
    remove.add_argument(
        "--replace",
        action="store_true",
        help=_("its period is rated: re-rate it and every later rated period without it"),
    )
    periods = sub.add_parser("periods", help=_("the periods with events and whether rated"))
    periods.add_argument("ledger")


#: ``db rate`` prints the list it published up to this many players (a FIDE month has
#: 100,000: then it says how to see it).
LISTED_ON_SCREEN = 60

#: The db commands that only read: they open the ledger read-only (a read-only file, another
#: process writing).
_READING = frozenset({"list", "history", "events", "periods"})


def _cmd_db(args: argparse.Namespace) -> str:
    from ..services.ledger import Ledger
    from ..services.listing import render_list, write_list

    if args.db_command == "init":
        if args.min_games is not None:
            raise RatingkitError(
                tr(
                    "--min-games is no longer needed: a player enters the list once "
                    "the rule set publishes a rating for him (FIDE Rating "
                    "Regulations 2014, 7.14: 5 games against rated players; FIDE "
                    "1982, 9.14: 9 games; FESA rule 3: 9 games, not all won or all "
                    "lost)"
                )
            )
        Ledger.create(args.ledger, args.rules).close()
        return (
            tr(
                "created ledger {ledger} for rule set {rules}; a player is listed once "
                "the rule set publishes a rating for him",
                ledger=args.ledger,
                rules=args.rules,
            )
            + "\n"
        )
    if args.db_command == "import" and args.players is not None and len(args.input) > 1:
        # A player file is one event's roster and state: which file it is for is not guessed.
        raise RatingkitError(
            trn(
                "--players gives the player file of one event file, and {count} was given: "
                "import each with its own --players",
                "--players gives the player file of one event file, and {count} were given: "
                "import each with its own --players",
                count=len(args.input),
            )
        )
    # Every command checks the ledger's integrity first (issue 16, 8): a damaged ledger is
    # neither written nor listed.
    with (
        Ledger(args.ledger, write=args.db_command not in _READING, check=True) as ledger,
        # What the ledger's stored values give when they are damaged where integrity_check
        # cannot see it (a bit flipped inside a text) is one line naming the ledger too.
        _naming_the_ledger(
            ledger.path,
            f"db {args.db_command}",
            inputs=_inputs_of(args),
        ),
    ):
        if args.db_command == "import":
            return _import(ledger, args)
        if args.db_command == "import-list":
            return f"{ledger.import_list(args.input, args.encoding)}\n"
        if args.db_command == "rate":
            ledger.rate_period(args.period, replace=args.replace)
            table = ledger.published_list(args.period)
            events = sum(1 for e in ledger.event_rows() if e.period == args.period)
            done = (
                tr(
                    "rated {period}: {events} event(s), {listed} players listed",
                    period=args.period,
                    events=events,
                    listed=len(table),
                )
                + "\n"
            )
            if len(table) > LISTED_ON_SCREEN:
                command = f"ratingkit db list {args.ledger} --period {args.period}"
                return done + tr("(the list: {command})", command=command) + "\n"
            return done + "\n" + _render(table, "table")
        if args.db_command == "list":
            if args.output:
                return write_list(
                    ledger,
                    args.period,
                    args.format,
                    args.output,
                    everyone=args.everyone,
                    ledger_ids=args.ledger_ids,
                )
            rendered = render_list(
                ledger,
                args.period,
                args.format,
                everyone=args.everyone,
                ledger_ids=args.ledger_ids,
                width=_columns(args),
            )
            if isinstance(rendered, bytes):
                raise RatingkitError(
                    tr(
                        "--format {format} writes a binary file: give --output FILE",
                        format=args.format,
                    )
                )
            return rendered
        if args.db_command == "history":
            return _render(ledger.history(args.player), args.format, _columns(args))
        if args.db_command == "events":
            return _render(ledger.events(), "table", _columns(args))
        if args.db_command == "remove":
            return ledger.remove_event(args.event, replace=args.replace) + "\n"
        return _render(ledger.periods(), "table", _columns(args))


def _inputs_of(args: argparse.Namespace) -> list[str]:
    """The files a command reads besides the ledger (db import's inputs and --players,
    import-list's list)."""
    given = getattr(args, "input", None)
    inputs = given if isinstance(given, list) else [given]
    return [str(p) for p in (*inputs, getattr(args, "players", None)) if p]


def _import(ledger: Ledger, args: argparse.Namespace) -> str:
    """``db import``: one file with its player file (``--players``), or every INPUT as one
    operation (``Ledger.import_files``: all or nothing), each file's line and, for several,
    the total's."""
    if args.players is not None:
        summary = ledger.import_file(
            args.input[0],
            args.players,
            args.period,
            args.input_format,
            args.encoding,
            replace=args.replace,
        )
        return f"{summary}\n"
    done = ledger.import_files(
        args.input, args.period, args.input_format, args.encoding, replace=args.replace
    )
    return f"{done}\n"


@contextmanager
def _naming_the_ledger(path: Path, doing: str, inputs: Sequence[str]) -> Iterator[None]:
    """SQLite's and the stored values' failures as one line (``sqlite_errors``), and a
    refusal of the model's that names no file (a stored game whose score a flipped bit
    changed: "scores must be 1, 0.5 or 0") prefixed with the ledger's path.  With ``inputs``
    (db import, import-list) only the prefixing: the readers' own errors name their file."""
    from ..services.ledgerfile import LedgerError, sqlite_errors

    try:
        with nullcontext() if inputs else sqlite_errors(path, doing):
            yield
    except RatingkitError as exc:
        text = str(exc)
        if names_a_place(text, [str(path), *inputs]):
            raise
        if isinstance(exc, LedgerError):
            # The ledger's own refusal ("no player '-x' in the ledger"): which ledger.
            raise placed(exc, str(path)) from exc
        raise LedgerError(tr("{path}: {doing}: {text}", path=path, doing=doing, text=text)) from exc
