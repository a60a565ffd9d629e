"""The command line: ``ratingkit rate``, ``check``, ``rules``, ``formats``.

``check`` exits 1 when something breaks the event's validity
(:attr:`~ratingkit.core.outcome.Finding.breaks_validity`), 0 when nothing does; games that a
rule simply leaves unrated are listed as information.  ``rate --save-state FILE`` writes the
new state as a player file, ``--format html`` the printable report
(:mod:`ratingkit.core.printable`), ``--player ID`` one player's row and games; the table
format fits ``--columns`` (default: the terminal's width, else 100).  Rule set names are
case-insensitive, and a mistyped one gets "did you mean"
(:func:`ratingkit.registry.canonical_name`).
Bad input ends with a one-line ``ratingkit: error: ...`` message on stderr and exit status 2,
never a traceback; nothing is written when an error occurs.  The message names its file (a
rule set's refusal gets the event's file in front, :func:`ratingkit.core.errors.naming`) and
is printed as one line (:func:`ratingkit.core.output.one_line`); a bug is one line too, with
exit status 3.  A player id beginning with "-" and a digit (``db history LEDGER -1-1``,
``--player -1-1``) is a value, not an option.  ``--output`` refuses a folder, a
missing folder and the input files; it writes into a device or FIFO and through a symbolic
link (:func:`ratingkit.core.output.write_output`).  Text for a terminal has no control characters.
``--encoding`` (``rate``, ``check``, ``db import``) names the input files' encoding where the
detection (UTF-8, else a code page, :mod:`ratingkit.core.fileio`) should not decide; an unknown
name is an error before any file is read.

Here: the parser, ``rate``, ``check``, ``rules``, ``formats``, ``explain`` and ``main``; ``db``
is :mod:`ratingkit.cli.db`, ``rate --player`` :mod:`ratingkit.cli.one_player`, and what the
commands share (exit statuses, ``--columns``, the rendering) :mod:`ratingkit.cli.shared`:
their names stay importable from here (issue 27 part 4: no module over 1,000 lines).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from .. import __version__
from ..core.errors import RatingkitError, naming
from ..core.fileio import check_encoding, read_text_as
from ..core.i18n import N_, _, checked_language, current_language, language_of, tr
from ..core.model import Event, EventType
from ..core.outcome import Finding, Note, NoteKind, Rule, game_fields
from ..core.output import (
    check_output,
    one_line,
    terminal_text,
    write_output,
)
from ..core.players import (
    PlayerFile,
    carry_forward,
    merge_rosters,
    parse_player_csv,
    state_records,
    write_player_csv,
)
from ..core.printable import printable_html
from ..core.report import Report, Table
from ..core.ruleset import RuleSet, guard, in_force_text, out_of_force_note
from ..formats import formats, read_event
from ..registry import canonical_name, families, family_gaps, get_rule_set, rule_sets
from .db import _READING as _READING
from .db import LISTED_ON_SCREEN as LISTED_ON_SCREEN
from .db import _add_db_commands, _cmd_db
from .db import _naming_the_ledger as _naming_the_ledger
from .one_player import _one_player
from .one_player import _shown_games as _shown_games
from .one_player import _shown_row as _shown_row
from .shared import _DASHED_VALUE as _DASHED_VALUE
from .shared import DEFAULT_COLUMNS as DEFAULT_COLUMNS
from .shared import ENCODING_HELP as ENCODING_HELP
from .shared import (
    EXIT_INPUT_ERROR,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_RULES_BROKEN,
    _add_encoding,
    _columns,
    _Parser,
    _render,
)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ratingkit",
        description=_("Rate chess and shogi events exactly as the rating documents define it."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"ratingkit {__version__}",
        help=_("show program's version number and exit"),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    rate = commands.add_parser("rate", help=_("rate an event file under a rule set"))
    rate.add_argument(
        "input",
        nargs="+",
        help=_(
            "event file (games.csv of a CSV pair, or a folder with one); several files are "
            "rated together as the rule set prescribes (one rating period, or one after the other)"
        ),
    )
    rate.add_argument(
        "--rules", required=True, metavar="NAME", help=_("rule set name (see 'ratingkit rules')")
    )
    rate.add_argument(
        "--players",
        metavar="FILE",
        help=_("player file with state: id,name,rating,games,born,k,ever_2400,..."),
    )
    rate.add_argument(
        "--format",
        choices=("table", "csv", "json", "html"),
        default="table",
        help=_(
            "output format (default: table); json includes the new state; html is the "
            "printable report (one event a page)"
        ),
    )
    rate.add_argument("--output", metavar="FILE", help=_("write the report here instead of stdout"))
    rate.add_argument(
        "--save-state",
        metavar="FILE",
        help=_(
            "write the players' state after the event(s) here: a player file that --players "
            "reads for the next event"
        ),
    )
    rate.add_argument(
        "--player",
        metavar="ID",
        help=_("show one player's report row and his games (his id, or his name)"),
    )
    rate.add_argument(
        "--columns",
        type=int,
        metavar="N",
        help=_("fit the table format into N columns (default: the terminal's width, else 100)"),
    )
    rate.add_argument(
        "--all-games",
        action="store_true",
        help=tr(
            "the table format shows every game row (by default it leaves them out above "
            "{limit} and says so)",
            limit=TEXT_GAME_ROWS,
        ),
    )
    rate.add_argument(
        "--input-format",
        metavar="NAME",
        help=_("input format (default: detected; see 'ratingkit formats')"),
    )
    rate.add_argument(
        "--type",
        choices=[t.value.replace(" ", "-") for t in EventType],
        help=_("event type, where the file does not say (default: detected)"),
    )
    _add_encoding(rate)

    check = commands.add_parser("check", help=_("list the rules an event breaks"))
    check.add_argument("input", help=_("event file"))
    check.add_argument("--rules", required=True, metavar="NAME", help=_("rule set name"))
    check.add_argument("--players", metavar="FILE", help=_("player file with state"))
    check.add_argument("--input-format", metavar="NAME", help=_("input format (default: detected)"))
    check.add_argument("--format", choices=("table", "csv", "json"), default="table")
    check.add_argument(
        "--columns",
        type=int,
        metavar="N",
        help=_("fit N columns (default: the terminal's, else 100)"),
    )
    _add_encoding(check)

    _add_db_commands(commands)

    commands.add_parser("rules", help=_("list the rule sets and the documents they implement"))
    commands.add_parser("formats", help=_("list the event file formats that can be read"))

    explain = commands.add_parser(
        "explain",
        help=_("a rule in the document's own words (Russian or Turkish) and in English"),
    )
    explain.add_argument("rules", metavar="RULESET", help=_("rule set name, e.g. fide-2014"))
    explain.add_argument("clause", metavar="CLAUSE", help=_("clause as cited, e.g. 8.54, 'rule 9'"))
    explain.add_argument("--format", choices=("text", "json"), default="text")
    explain.add_argument(
        "--columns",
        type=int,
        metavar="N",
        help=_("wrap to N columns (default: the terminal's, else 100)"),
    )
    return parser


#: ``ratingkit rules`` fits a terminal of this many columns.
RULES_COLUMNS = 100


def _cmd_rules() -> str:
    known = rule_sets()
    if not known:
        return _("No rule sets are installed yet.") + "\n"
    width = max(len(name) for name in [*known, *families()]) + 1

    def entry(name: str, *paragraphs: str, tail: str = "") -> str:
        """The name, then each paragraph wrapped to RULES_COLUMNS under the first column;
        ``tail`` (the dates in force) ends the first paragraph, unbroken."""
        out: list[str] = []
        for index, paragraph in enumerate(paragraphs):
            wrapped = textwrap.wrap(
                paragraph,
                RULES_COLUMNS,
                initial_indent=f"{name if not out else '':<{width}} ",
                subsequent_indent=" " * (width + 3),
                break_on_hyphens=False,
            )
            if index == 0 and tail:
                if len(wrapped[-1]) + 1 + len(tail) <= RULES_COLUMNS:
                    wrapped[-1] += " " + tail
                else:
                    wrapped.append(" " * (width + 3) + tail)
            out.extend(wrapped)
        return "\n".join(out)

    lines = []
    for name, rules in known.items():
        valid = ""
        if rules.valid_from or rules.valid_until:
            valid = tr("[{in_force}]", in_force=in_force_text(rules))
        lines.append(entry(name, _(rules.title), _(rules.document), tail=valid))
    for family, members in families().items():
        gaps = [
            tr(
                "{start} to {end}: no rule set, events refused ({document}: {reason})",
                start=gap.valid_from.isoformat(),
                end=gap.valid_until.isoformat(),
                document=_(gap.document),
                reason=_(gap.reason),
            )
            for gap in family_gaps(family)
        ]
        lines.append(
            entry(
                family,
                tr(
                    "the one of {members} in force on the event's start date",
                    members=", ".join(members),
                ),
                *gaps,
            )
        )
    return "\n".join(lines) + "\n"


def _cmd_explain(args: argparse.Namespace) -> str:
    """``ratingkit explain RULESET CLAUSE``: the clause quoted from the document, beside the
    English (:func:`ratingkit.documents.explain`)."""
    from ..documents import explain, explanation_json, format_explanation

    found = explain(args.rules, args.clause)
    if args.format == "json":
        return explanation_json(found)
    return terminal_text(format_explanation(found, _columns(args)))


def _cmd_formats(width: int | None = None) -> str:
    """One format a line: its name, its suffixes, and what it reads, wrapped to ``width``
    (:data:`DEFAULT_COLUMNS`) under the description's column."""
    width = width or DEFAULT_COLUMNS
    lines = []
    for f in formats().values():
        lead = f"{f.name:<8} {' '.join(f.suffixes):<10} "
        lines.extend(
            textwrap.wrap(
                _(f.description),
                width,
                initial_indent=lead,
                subsequent_indent=" " * len(lead),
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines) + "\n"


def _read(
    path: str,
    input_format: str | None,
    event_type: str | None = None,
    encoding: str | None = None,
    roster: str | None = None,
) -> Event:
    """An event file as read; ``roster`` (``--players``) is the players file of a games file
    that has none beside it."""
    event = read_event(path, input_format, encoding, roster)
    if event_type:
        parsed = EventType.parse(event_type)
        # What the reader noted besides the type (a TRF's bye placeholder) stays.
        notes = event.origin.notes_beside_type
        note = "; ".join((tr("event type {type} (given)", type=_(parsed.value)), *notes))
        event = replace(event, type=parsed, origin=replace(event.origin, type_note=note))
    return event


def _files_read(event: Event) -> tuple[str, ...]:
    """Every file the event's reader read, as it recorded them (``Event.origin.files``)."""
    return event.origin.files


def _player_path(args: argparse.Namespace, event: Event) -> str | None:
    if args.players:
        return str(args.players)
    return event.origin.player_file  # the event's own players file with state


def _players_for(args: argparse.Namespace, event: Event) -> PlayerFile | None:
    return _players_and_note(args, [event])[0]


def _players_and_note(
    args: argparse.Namespace, events: Sequence[Event]
) -> tuple[PlayerFile | None, str | None]:
    """The player file (``--players``, else the event's players file with state) and the
    report's note on its encoding when it was not read as UTF-8 and is not one of the files
    the events' own notes already name."""
    if args.players or len(events) == 1:
        player_path = _player_path(args, events[0])
        if not player_path:
            return None, None
        decoded = read_text_as(player_path, args.encoding)
        players = parse_player_csv(decoded.text, str(player_path))
        note = decoded.note(str(player_path))
        if note is not None and Path(player_path).resolve() in _files_noted(events):
            note = None  # the reader's own note on the file says it
        return players, note
    return _rosters_of(args, events)


def _rosters_of(
    args: argparse.Namespace, events: Sequence[Event]
) -> tuple[PlayerFile | None, str | None]:
    """Several events without --players: each event's own players file, in the order the
    events began, gives the state of the players it lists (playerfile.merge_rosters); the
    ratings in them are the events' own, which the events carry."""
    began = sorted(events, key=lambda e: (e.start is None, e.start or e.end))
    paths = [e.origin.player_file for e in began]
    rosters = [
        parse_player_csv(read_text_as(path, args.encoding).text, path)
        for path in dict.fromkeys(str(p) for p in paths if p)
    ]
    if not rosters:
        return None, None
    return merge_rosters(rosters), _(
        "no --players: the events' own players files give each player's state (games, birth "
        "date, K ...) from the first event he plays; their ratings are each event's own, and "
        "an event's rating must be the one the events before it left unless the rules say "
        "otherwise (FIDE Rating Regulations 2024, 7.1: the previous list's rating is then the "
        "one in the event that began last); give the state before the events with --players"
    )


def _files_noted(events: Sequence[Event]) -> set[Path]:
    """The files whose encoding the events' own notes give: every file their readers read
    (``Event.origin.files``), for a reader notes each file it read that is not UTF-8
    (``Event.origin.read_notes``, :func:`ratingkit.formats.eventfields.with_read_notes`)."""
    return {Path(name).resolve() for event in events for name in _files_read(event)}


def _cmd_rate(args: argparse.Namespace) -> tuple[str, list[str]]:
    """The rendered report and the files it was computed from (which --output must not
    overwrite)."""
    events = [
        _read(path, args.input_format, args.type, args.encoding, args.players)
        for path in args.input
    ]
    inputs = [
        *args.input,
        *filter(None, (_player_path(args, event) for event in events)),
        *(file for event in events for file in _files_read(event)),
    ]
    _refuse_repeated(args.input, events)
    if args.output:
        check_output(args.output, inputs)  # before the work, and again when writing
    if args.save_state:
        check_output(args.save_state, inputs)
        if args.output and Path(args.output).resolve() == Path(args.save_state).resolve():
            raise RatingkitError(
                tr("--save-state {save_state} is the --output file too", save_state=args.save_state)
            )
    # The rating step's refusals (a round robin without rated players, a chess event under
    # shogi rules) name the event by its title: they are given its file in front.
    with naming(args.input, also=inputs):
        rules = _rules_for(args.rules, events)
        players, note = _players_and_note(args, events)
        guard(rules, events, players)  # chess against shogi, score tables
        if len(events) == 1:
            report = rules.rate(events[0], players)
        else:
            report = rules.rate_events(events, players)
    if note is not None:
        report = _noted(report, NoteKind.READ, [note])  # the player file's encoding
    if args.rules not in families():
        outside = [n for n in (out_of_force_note(rules, e) for e in events) if n]
        report = _noted(report, NoteKind.OUT_OF_FORCE, outside)
    _warn(report)
    # The state for the next event: the player file's players, those who played with their
    # new state (every column the rule set's codec writes, the rating too).
    new_state = carry_forward(players, report.new_state) if report.new_state else None
    if args.save_state:
        if new_state is None:
            raise RatingkitError(
                tr("--save-state: rule set {name} gives no new state", name=rules.name)
            )
        write_output(args.save_state, write_player_csv(new_state), inputs)
    width = _columns(args)
    if args.player is not None:
        return _one_player(report, args.player, args.format, width), inputs
    if args.format == "json":
        data = report.to_dict()
        data["new_state"] = state_records(new_state) if new_state else None
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n", inputs
    if args.format == "html":
        return printable_html(report, rules.document), inputs
    if args.format == "table":
        limit = None if args.all_games else TEXT_GAME_ROWS
        return report.to_text(width=width, games_limit=limit), inputs
    return _render(report, args.format), inputs


#: The width of the table format when stdout is not a terminal and --columns is not given.
#: rounds has 5,500; a 10,000-player event's 200,000 rows are some 40 MB of text).
TEXT_GAME_ROWS = 20_000


def _warn(report: Report) -> None:
    """The report's warnings (:data:`NoteKind.WARNING`: a player file that mostly does not
    match the event, an iteration that did not settle) on stderr too: the report keeps them
    among its notes, and whatever the format, the officer sees them."""
    for note in report.outcome.notes:
        if note.kind is NoteKind.WARNING:
            text = tr("ratingkit: warning: {message}", message=terminal_text(str(note)))
            print(text, file=sys.stderr)


def _noted(report: Report, kind: NoteKind, texts: Sequence[str]) -> Report:
    """``report`` with more notes: in its view and, as :class:`Note` values, in its outcome."""
    if not texts:
        return report
    notes = (*report.outcome.notes, *(Note(kind, text) for text in texts))
    outcome = replace(report.outcome, notes=notes)
    return replace(report, notes=(*report.notes, *texts), outcome=outcome)


def _refuse_repeated(paths: Sequence[str], events: Sequence[Event]) -> None:
    """The same event given twice (``ev`` and ``ev/games.csv`` too) would be rated twice: every
    game counted twice.  An event is known by the first file its reader read."""
    seen: dict[Path, str] = {}
    for path, event in zip(paths, events, strict=True):
        files = _files_read(event) or (path,)
        key = Path(files[0]).resolve()
        if key in seen:
            raise RatingkitError(
                tr(
                    (
                        "{path}: the same event is given twice ({seen} and {path}); its "
                        "games would be rated twice"
                    ),
                    path=path,
                    seen=seen[key],
                )
            )
        seen[key] = path


def _rules_for(name: str, events: Sequence[Event]) -> RuleSet:
    """The named rule set; a family name (``fide``) picks the one in force on the events'
    start date (all events of a run must fall under the same one)."""
    if name not in families():
        return get_rule_set(name)
    chosen = []
    for event in events:
        if event.start is None:
            where = event.source or event.name
            raise RatingkitError(
                tr(
                    (
                        "{where}: the event has no start date, so --rules {name} cannot "
                        "tell which rule set was in force; name one of {families}"
                    ),
                    where=where,
                    name=name,
                    families=", ".join(families()[name]),
                )
            )
        chosen.append(get_rule_set(name, day=event.start))
    if len({r.name for r in chosen}) > 1:
        raise RatingkitError(
            tr(
                "--rules {name}: the events fall under different rule sets ({chosen}); rate "
                "them separately",
                name=name,
                chosen=", ".join(
                    f"{e.name}: {r.name}" for e, r in zip(events, chosen, strict=True)
                ),
            )
        )
    return chosen[0]


def _cmd_check(args: argparse.Namespace) -> tuple[str, int]:
    event = _read(args.input, args.input_format, encoding=args.encoding, roster=args.players)
    with naming([args.input], also=_files_read(event)):
        rules = _rules_for(args.rules, [event])
        players = _players_for(args, event)
        guard(rules, [event], players)  # a chess event is not checked under shogi rules
        table = rules.check(event, players)
    findings: tuple[Finding, ...] = getattr(table, "findings", ())
    if not findings:
        # A view without typed findings (a program's own rule set): every row is broken.
        if not table.rows and args.format == "table":
            # The title may say what could not be checked (e.g. for lack of dates): show it.
            width = _columns(args)
            wrapped = textwrap.wrap(
                _(table.title) if table.title else "",
                width,
                initial_indent="  ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
            title = "".join(f"{line}\n" for line in wrapped)
            fine = tr("{event}: no rule of {rules} is broken", event=event.name, rules=rules.name)
            fine = textwrap.fill(fine, width, break_on_hyphens=False)
            return f"{fine}\n{title}", 0
        return _render(table, args.format, _columns(args)), EXIT_RULES_BROKEN if table.rows else 0
    status = EXIT_RULES_BROKEN if any(f.breaks_validity for f in findings) else 0
    # The players' names by id: the event's, then those the check gives (a season's).
    named = {p.id: p.name or p.id for p in event.players}
    named.update(getattr(table, "names", {}))
    if args.format != "table":
        records: list[dict[str, object]] = [
            {
                "rule": f.rule.clause,
                "rule_text": f.rule.text,
                "problem": f.problem,
                "games": f.games_text(named),
                "breaks_validity": f.breaks_validity,
            }
            for f in findings
        ]
        if args.format == "json":
            for record, f in zip(records, findings, strict=True):
                # The games' structured fields: round, players' ids and names, event, line.
                record["all_games"] = f.all_games
                record["game_refs"] = [game_fields(g, named) for g in f.games]
            return json.dumps(records, indent=2, ensure_ascii=False) + "\n", status
        pairs = zip(records, findings, strict=True)
        rows = [dict(r, games="; ".join(f.games_text(named))) for r, f in pairs]
        return Table("check", tuple(records[0]), rows).to_csv(), status
    width = _columns(args)
    out = [_(table.title)] if table.title else []
    breaking = [f for f in findings if f.breaks_validity]
    information = [f for f in findings if not f.breaks_validity]
    if breaking:
        out += ["", _("Breaks the event's validity (exit status 1):")]
        out.append(_findings_table(breaking, named, width))
    else:
        out += ["", tr("{event}: no rule of {rules} is broken", event=event.name, rules=rules.name)]
    if information:
        out += ["", _("Not rated by a rule (information; the event stays valid):")]
        out.append(_findings_table(information, named, width))
    return "\n".join(
        textwrap.fill(line, width) if width and "\n" not in line else line for line in out
    ) + "\n", status


#: A finding's games shown in the table format: how many, and the first ones.
GAMES_SHOWN = 4


def _findings_table(found: Sequence[Finding], named: Mapping[str, str], width: int | None) -> str:
    """One row per rule: its clause, what it says or the problem, the games concerned with
    the players by name (:meth:`Finding.games_text`; several findings of one rule, e.g. one
    per player, are one row)."""
    by_rule: dict[Rule, list[Finding]] = {}
    for finding in found:
        by_rule.setdefault(finding.rule, []).append(finding)
    rows = []
    for rule, group in by_rule.items():
        if len(group) == 1:
            problem = _(group[0].problem.removeprefix(f"{rule.clause}: "))
            items = group[0].games_text(named)
        else:
            # A rule's text is marked with N_ where the rule is made: shown in the language.
            problem = _(rule.text) if rule.text else _(group[0].problem)
            items = [g for f in group for g in f.games_text(named)] or [_(f.problem) for f in group]
        listed = "; ".join(items[:GAMES_SHOWN]) + (" ..." if len(items) > GAMES_SHOWN else "")
        if any(f.all_games for f in group):
            concerns = _("all games")
        else:
            concerns = f"{len(items)}: {listed}" if items else ""
        rows.append({"rule": rule.clause, "what": problem, "concerns": concerns})
    return Table("", (N_("rule"), N_("what"), N_("concerns")), rows).to_text(width)


LANG_HELP = N_(
    "language of the messages and reports: en, ru or tr (default: the RATINGKIT_LANG "
    "environment variable, then the locale, then English)"
)


def _add_language(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on the command and on every subcommand, so that it may come anywhere."""
    parser.add_argument("--lang", metavar="LANG", help=_(LANG_HELP))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                _add_language(sub)


def _language_in(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a command line, read before the parser is built (so that the help
    texts and the parser's own errors are in that language too)."""
    chosen = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            chosen = argv[index + 1]
        elif word.startswith("--lang="):
            chosen = word.removeprefix("--lang=")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        chosen = _language_in(words)
        if chosen is not None:
            checked_language(chosen, "--lang")
        current_language()  # a RATINGKIT_LANG that names no language of ours is refused
    except RatingkitError as exc:
        # Not translated: the language itself is what is wrong.
        print(f"ratingkit: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    with language_of(chosen):
        try:
            return _main(words)
        except KeyboardInterrupt:
            print(_("ratingkit: interrupted"), file=sys.stderr)
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            # The reader of stdout went away (``| head``): nothing more to say, and Python's
            # own flush at exit must not print a traceback either.
            _stdout_to_nowhere()
            return EXIT_INPUT_ERROR
        except Exception as exc:
            # A bug, not bad input: still one line, no traceback (issue 25, 5), and a status of
            # its own, so that a script and the tests can tell it from a refused file.
            message = tr(
                (
                    "ratingkit: internal error: {kind}: {message} (a bug of ratingkit, not "
                    "of your files; please report it with the command line and the files)"
                ),
                kind=type(exc).__name__,
                message=one_line(str(exc))[:300],
            )
            print(message, file=sys.stderr)
            return EXIT_INTERNAL_ERROR


def _stdout_to_nowhere() -> None:
    """stdout onto the null device, so that the interpreter's last flush of a closed pipe
    is silent."""
    import os

    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


#: argparse's own texts (the usage line, the headings, its errors), marked here so that the
#: catalogs hold them: argparse looks each one up with ``argparse._`` (:func:`_argparse_speaking`).
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


@contextmanager
def _argparse_speaking() -> Iterator[None]:
    """argparse's texts in the language in force while the parser is built and reads the
    command line (in English they are argparse's own)."""
    names = vars(argparse)  # argparse's module globals: its ``_`` is gettext's
    own = names["_"]
    names["_"] = _
    try:
        yield
    finally:
        names["_"] = own


def _main(argv: Sequence[str]) -> int:
    with _argparse_speaking():
        parser = _parser()
        _add_language(parser)
        args = parser.parse_args(argv)
    try:
        if getattr(args, "encoding", None) is not None:
            check_encoding(args.encoding)  # before any file is read
        if getattr(args, "rules", None) is not None:
            # FIDE-2014 is fide-2014; a mistyped name is refused with "did you mean"
            args.rules = canonical_name(args.rules)
        if args.command == "rules":
            text = _cmd_rules()
        elif args.command == "formats":
            text = _cmd_formats(_columns(args))
        elif args.command == "explain":
            text = _cmd_explain(args)
        elif args.command == "db":
            text = _cmd_db(args)
        elif args.command == "check":
            text, status = _cmd_check(args)
            _write_stdout(text, args)
            return status
        else:
            text, inputs = _cmd_rate(args)
            if args.output:
                write_output(args.output, text, inputs)
                return 0
    except RatingkitError as exc:
        # The one place errors are printed: one line, whatever the message holds.
        print(tr("ratingkit: error: {message}", message=one_line(str(exc))), file=sys.stderr)
        return EXIT_INPUT_ERROR
    _write_stdout(text, args)
    return 0


def _write_stdout(text: str, args: argparse.Namespace) -> None:
    """``text`` on stdout, without control characters when it is text (the table format,
    the messages of ``db``, ``check``, ``rules``) or when stdout is a terminal; CSV and JSON
    going to a file or a pipe are written exactly."""
    isatty = getattr(sys.stdout, "isatty", None)
    text_format = getattr(args, "format", "table") == "table"
    if text_format or (isatty is not None and isatty()):
        text = terminal_text(text)
    # A megabyte at a time: the whole text is not encoded at once (a 100,000-game report is
    # some 40 MB).
    for start in range(0, len(text), _WRITE_CHUNK):
        sys.stdout.write(text[start : start + _WRITE_CHUNK])


#: Characters written to stdout at a time.
_WRITE_CHUNK = 1 << 20
