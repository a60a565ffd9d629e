"""The command line: ``ratingkit rate``, ``ratingkit rules``, ``ratingkit formats``.

Bad input ends with a one-line ``ratingkit: error: ...`` message on stderr and exit status 2,
never a traceback; nothing is written when an error occurs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .errors import RatingkitError
from .fileio import atomic_write_text
from .formats import formats, read_event
from .model import EventType
from .playerfile import read_player_file
from .rulesets import get_rule_set, rule_sets

EXIT_INPUT_ERROR = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ratingkit",
        description="Rate chess and shogi events exactly as the rating documents define it.",
    )
    parser.add_argument("--version", action="version", version=f"ratingkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    rate = commands.add_parser("rate", help="rate an event file under a rule set")
    rate.add_argument("input", help="event file (games.csv of a CSV pair, or a folder with one)")
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


def _cmd_rate(args: argparse.Namespace) -> str:
    event = read_event(args.input, args.input_format)
    if args.type:
        from dataclasses import replace

        event_type = EventType.parse(args.type)
        event = replace(
            event,
            type=event_type,
            extra={**event.extra, "type_note": f"event type {event_type.value} (given)"},
        )
    rules = get_rule_set(args.rules)
    player_path = args.players or event.extra.get("player_file")
    players = read_player_file(player_path) if player_path else None
    report = rules.rate(event, players)
    if args.format == "csv":
        return report.to_csv()
    if args.format == "json":
        return report.to_json() + "\n"
    return report.to_text()


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "rules":
            text = _cmd_rules()
        elif args.command == "formats":
            text = _cmd_formats()
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
