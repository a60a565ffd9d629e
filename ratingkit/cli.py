"""The command line: ``ratingkit rate``, ``check``, ``rules``, ``formats``.

``check`` exits 1 when the event breaks a rule of the rule set, 0 when it breaks none.
Bad input ends with a one-line ``ratingkit: error: ...`` message on stderr and exit status 2,
never a traceback; nothing is written when an error occurs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from . import __version__
from .errors import RatingkitError
from .fileio import atomic_write_text
from .formats import formats, read_event
from .model import Event, EventType
from .playerfile import PlayerFile, read_player_file
from .report import Report, Table
from .rulesets import get_rule_set, rule_sets

EXIT_RULES_BROKEN = 1
EXIT_INPUT_ERROR = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ratingkit",
        description="Rate chess and shogi events exactly as the rating documents define it.",
    )
    parser.add_argument("--version", action="version", version=f"ratingkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    rate = commands.add_parser("rate", help="rate an event file under a rule set")
    rate.add_argument(
        "input",
        nargs="+",
        help="event file (games.csv of a CSV pair, or a folder with one); several files are "
        "rated together as the rule set prescribes (one rating period, or one after the other)",
    )
    rate.add_argument(
        "--rules", required=True, metavar="NAME", help="rule set name (see 'ratingkit rules')"
    )
    rate.add_argument(
        "--players",
        metavar="FILE",
        help="player file with state: id,name,rating,games,born,k,ever_2400,...",
    )
    rate.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        default="table",
        help="output format (default: table)",
    )
    rate.add_argument("--output", metavar="FILE", help="write the report here instead of stdout")
    rate.add_argument(
        "--input-format",
        metavar="NAME",
        help="input format (default: detected; see 'ratingkit formats')",
    )
    rate.add_argument(
        "--type",
        choices=[t.value.replace(" ", "-") for t in EventType],
        help="event type, where the file does not say (default: detected)",
    )

    check = commands.add_parser("check", help="list the rules an event breaks")
    check.add_argument("input", help="event file")
    check.add_argument("--rules", required=True, metavar="NAME", help="rule set name")
    check.add_argument("--players", metavar="FILE", help="player file with state")
    check.add_argument("--input-format", metavar="NAME", help="input format (default: detected)")
    check.add_argument("--format", choices=("table", "csv", "json"), default="table")

    commands.add_parser("rules", help="list the rule sets and the documents they implement")
    commands.add_parser("formats", help="list the event file formats that can be read")
    return parser


def _cmd_rules() -> str:
    known = rule_sets()
    if not known:
        return "No rule sets are installed yet.\n"
    lines = []
    for name, rules in known.items():
        valid = ""
        if rules.valid_from or rules.valid_until:
            start = rules.valid_from.isoformat() if rules.valid_from else "..."
            end = rules.valid_until.isoformat() if rules.valid_until else "..."
            valid = f"  [in force {start} to {end}]"
        lines.append(f"{name:<12} {rules.title}{valid}\n{'':<12} {rules.document}")
    return "\n".join(lines) + "\n"


def _cmd_formats() -> str:
    return "".join(
        f"{f.name:<8} {' '.join(f.suffixes):<10} {f.description}\n" for f in formats().values()
    )


def _read(path: str, input_format: str | None, event_type: str | None = None) -> Event:
    event = read_event(path, input_format)
    if event_type:
        parsed = EventType.parse(event_type)
        note = f"event type {parsed.value} (given)"
        event = replace(event, type=parsed, extra={**event.extra, "type_note": note})
    return event


def _players_for(args: argparse.Namespace, event: Event) -> PlayerFile | None:
    player_path = args.players or event.extra.get("player_file")
    return read_player_file(player_path) if player_path else None


def _render(result: Report | Table, output_format: str) -> str:
    if output_format == "csv":
        return result.to_csv()
    if output_format == "json":
        if isinstance(result, Table):
            return json.dumps(result.to_records(), indent=2, ensure_ascii=False) + "\n"
        return result.to_json() + "\n"
    return result.to_text() + ("" if isinstance(result, Report) else "\n")


def _cmd_rate(args: argparse.Namespace) -> str:
    events = [_read(path, args.input_format, args.type) for path in args.input]
    rules = get_rule_set(args.rules)
    players = _players_for(args, events[0])
    if len(events) == 1:
        return _render(rules.rate(events[0], players), args.format)
    rate_events = getattr(rules, "rate_events", None)
    if rate_events is None:
        raise RatingkitError(f"rule set {rules.name!r} rates one event at a time; give one file")
    return _render(rate_events(events, players), args.format)


def _cmd_check(args: argparse.Namespace) -> tuple[str, int]:
    event = _read(args.input, args.input_format)
    rules = get_rule_set(args.rules)
    check = getattr(rules, "check", None)
    if check is None:
        raise RatingkitError(f"rule set {rules.name!r} has no event checks")
    table = check(event, _players_for(args, event))
    if not table.rows and args.format == "table":
        # The title may say what could not be checked (e.g. for lack of dates): show it.
        title = f"  {table.title}\n" if table.title else ""
        return f"{event.name}: no rule of {rules.name} is broken\n{title}", 0
    return _render(table, args.format), EXIT_RULES_BROKEN if table.rows else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "rules":
            text = _cmd_rules()
        elif args.command == "formats":
            text = _cmd_formats()
        elif args.command == "check":
            text, status = _cmd_check(args)
            sys.stdout.write(text)
            return status
        else:
            text = _cmd_rate(args)
            if args.output:
                atomic_write_text(Path(args.output), text)
                return 0
    except RatingkitError as exc:
        print(f"ratingkit: error: {exc}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
