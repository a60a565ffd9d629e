"""The score table: a round robin given as players, ratings and points only.

Old rating reports (FIDE 1982-2000 11.31, the worked example 10.68) carry each player's total
rather than the games.  A score table is one CSV file::

    # start: 1990-05-02
    # minutes: 150
    id,name,rating,points
    A,Player A,2600,8
    C,Player C,,7

``rating`` empty (or 0) means unrated; ``points`` may be written ``7``, ``7.5``, ``7,5`` or
``7½``.  The table may be separated by ``;`` (as Excel saves it where the decimal mark is a
comma: ``7,5`` then needs no quotes), ``,`` (an unquoted ``7,5`` is then two cells: the error
says to quote it or write ``7.5``) or tabs, and be in UTF-8 or a Windows code page (see
:mod:`ratingkit.core.fileio`).  ``id`` or ``name`` may be left out (the other one serves for
both).  Any column of the player file (``games``, ``born``, ``k``, ``ever_2400`` ...) may
follow; the file then also serves as the player file (a column ratingkit does not know is an
error, and so is a player given twice).  Lines ``# field: value`` before the header give
event fields (see :mod:`ratingkit.formats.eventfields`), as may a side file ``NAME-event.csv``.

The event is a round robin in which each pair met ``cycles`` times (default 1), so the points
must add up to ``cycles * N * (N - 1) / 2`` for N players, and nobody can have more than
``cycles * (N - 1)``; otherwise the file is rejected with the numbers.  The event has no games:
each player's points stand in ``player.extra["points"]``, and ``event.score_only`` is
true, which the rule sets that rate from totals (FIDE 1982 10.6) read.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from ..core.errors import DuplicatePlayerError, InvalidValueError, Location, MalformedLineError
from ..core.extras import Competition, PlayerFileFacts, RateOfPlay, ScoreTableRow
from ..core.fastbuild import collector_paused
from ..core.fileio import (
    Reads,
    files_read,
    header_cells,
    main_encoding,
    read_csv_table,
    read_text_into,
)
from ..core.i18n import N_, _, tr
from ..core.model import Event, EventOrigin, EventType, Player
from ..core.outcome import GameKind
from ..core.output import protect_row
from ..core.players import _record, check_columns, check_unnamed
from ..core.values import parse_points
from . import Format, register_format
from .eventfields import (
    apply_fields,
    check_dates,
    check_game,
    parse_fields,
    read_sidecar,
    with_read_notes,
)

REQUIRED_COLUMNS = ("rating", "points")
STATE_COLUMNS = ("games", "born", "k", "ever_2400", "grade", "prior_grade")


def _split(text: str, source: str) -> tuple[list[tuple[str, str, Location]], int, str]:
    """The ``# field: value`` lines, the line number of the header and the CSV text from the
    header on."""
    lines = text.split("\n")
    fields = []
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if line.startswith("#"):
            body = line[1:].strip()
            if body:
                if ":" not in body:
                    raise MalformedLineError(
                        tr("an event field line reads '# field: value', got {found!r}", found=line),
                        Location(source, index + 1),
                        line,
                    )
                name, value = body.split(":", 1)
                fields.append((name, value, Location(source, index + 1)))
        elif line:
            break
        index += 1
    return fields, index + 1, "\n".join(lines[index:])


def points_of(player: Player) -> Fraction:
    """A score table player's points (exact)."""
    points = ScoreTableRow.of(player).points
    if points is None:
        raise InvalidValueError(
            tr("player {id!r}: the score table gives no points", id=player.id),
            player.location,
            player.id,
        )
    return points


@collector_paused()
def read_score_csv(path: str | Path, encoding: str | None = None) -> Event:
    """Read a score table into a score-only round robin :class:`~ratingkit.core.model.Event`
    (``encoding`` overrides the detected one)."""
    file = Path(path)
    source = str(file)
    reads: Reads = []
    pairs, header_line, body = _split(read_text_into(file, encoding, reads), source)
    fields = parse_fields(pairs)
    side = read_sidecar(file, generic=False, encoding=encoding, reads=reads)
    for key in side:
        if key in fields:
            raise InvalidValueError(
                tr(
                    "event field {key!r} is given both in the file and in {side}",
                    key=key,
                    side=side["_source"],
                ),
                Location(source),
                key,
            )
    fields.update(side)
    if "start" in fields and "end" in fields:
        check_dates(fields, Location(source))
    header, rows = read_csv_table(body, source, _("the score table"), first_line=header_line)
    check_columns(header, source, "the score table", also=("points",), line=header_line)
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing or ("id" not in header and "name" not in header):
        need = "id or name, rating, points"
        raise MalformedLineError(
            tr(
                "the header lacks {missing} (a score table needs {need})",
                missing=", ".join(missing) or "id or name",
                need=need,
            ),
            Location(source, header_line),
            ",".join(header),
        )
    check_unnamed(header, rows, source)
    players: list[Player] = []
    has_state = False
    seen: dict[str, int] = {}
    for row in rows:
        line = row.line
        location = Location(source, line)
        cells = dict(row.cells)
        points = parse_points(cells.pop("points"), Location(source, line, "points"))
        record = _record(cells, location)
        has_state = has_state or any(getattr(record, c) is not None for c in STATE_COLUMNS)
        facts = PlayerFileFacts.of(record.extra)
        extra: dict[str, object] = {
            k: v for k, v in record.extra.items() if k not in PlayerFileFacts.KEYS
        }
        extra.update(
            {
                c: getattr(record, c)
                for c in STATE_COLUMNS
                if c != "born" and getattr(record, c) is not None
            }
        )
        extra["points"] = points
        pid = record.id or record.name or ""  # _record refuses a row with neither
        if pid in seen:
            raise DuplicatePlayerError(
                tr(
                    "player {pid!r} appears twice (first on line {first_line})",
                    pid=pid,
                    first_line=seen[pid],
                ),
                location,
                pid,
            )
        seen[pid] = line
        players.append(
            Player(
                id=pid,
                name=record.name or pid,
                rating=record.rating,
                federation=facts.federation,
                title=facts.title,
                born=record.born,
                fide_id=facts.fide_id,
                extra={**extra, "line": line},
                location=location,
            )
        )
    if len(players) < 2:
        raise InvalidValueError(
            tr(
                "a score table needs at least 2 players, got {players}",
                players=len(players),
            ),
            Location(source, header_line),
            len(players),
        )
    origin = EventOrigin(
        files=files_read(reads),
        encoding=main_encoding(reads),
        type_note=_("event type round robin (a score table is a round robin)"),
        player_file=source if has_state else None,
        game_evidence=N_("a FIDE score table"),
    )
    event = Event(
        name=file.stem,
        players=tuple(players),
        games=(),
        type=EventType.ROUND_ROBIN,
        source=source,
        origin=origin,
        local_ids=True,
        score_only=True,
        # A score table is the FIDE 1982 form of a chess round robin.
        game=GameKind.CHESS,
    )
    check_game(fields, GameKind.CHESS, _("a score table (FIDE 1982) is a chess event"), source)
    event = apply_fields(event, fields)
    event = with_read_notes(event, reads)
    if "cycles" not in event.extra:
        event = replace(event, extra={**event.extra, "cycles": 1})
    check_totals(event)
    return event


def _line_of(player: Player) -> int | None:
    """The line of the table a player was read from (None for a player built in Python)."""
    return ScoreTableRow.of(player).line


def check_totals(event: Event) -> None:
    """The points of a score table must be those of a complete round robin."""
    given = Competition.of(event).cycles
    cycles = 1 if given is None else int(given)
    count = len(event.players)
    most = cycles * (count - 1)
    for player in event.players:
        if points_of(player) > most:
            raise InvalidValueError(
                tr(
                    (
                        "player {id!r} has {points:g} points, more than the {games} "
                        "games a round robin of {count} players gives him"
                    ),
                    id=player.id,
                    points=float(points_of(player)),
                    games=most,
                    count=count,
                ),
                Location(event.source, _line_of(player), "points"),
                float(points_of(player)),
            )
    total = sum((points_of(p) for p in event.players), Fraction(0))
    expected = Fraction(cycles * count * (count - 1), 2)
    if total != expected:
        kind = {1: _("single"), 2: _("double")}.get(cycles) or tr("{cycles}-fold", cycles=cycles)
        raise InvalidValueError(
            tr(
                (
                    "the points add up to {total:g}, but a {kind} round robin of "
                    "{count} players gives {expected:g}"
                ),
                total=float(total),
                kind=kind,
                count=count,
                expected=float(expected),
            ),
            Location(event.source, None, "points"),
            float(total),
        )


def write_score_csv(event: Event) -> str:
    """A score-only event as a score table (event fields as ``# field: value`` lines)."""
    buffer = io.StringIO()
    for key in ("name", "start", "end"):
        value = getattr(event, key)
        if value is not None and key != "name":
            buffer.write(f"# {key}: {value.isoformat()}\n")
    rate, competition = RateOfPlay.of(event), Competition.of(event)
    fields = {
        "cycles": competition.cycles,
        "minutes": rate.minutes,
        "rounds_per_day": rate.rounds_per_day,
        "hours_per_day": rate.hours_per_day,
        "championship": competition.championship,
    }
    for key, value in fields.items():
        if value is not None and not (key == "cycles" and value == 1):
            buffer.write(f"# {key}: {value}\n")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(("id", "name", "rating", "points"))
    for player in event.players:
        points = (
            points_of(player)
            if ScoreTableRow.of(player).points is not None
            else Fraction(event.points(player.id))
        )
        writer.writerow(
            protect_row(
                (
                    player.id,
                    player.name,
                    "" if player.rating is None else player.rating,
                    f"{float(points):g}",
                )
            )
        )
    return buffer.getvalue()


def _header(head: str) -> list[str]:
    """The header columns of a score table's first 4 KiB (after the ``#`` lines)."""
    for line in head.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        return header_cells(stripped)
    return []


def _sniff(path: Path, head: str) -> bool:
    if path.is_dir():
        return False
    columns = _header(head)
    return all(c in columns for c in REQUIRED_COLUMNS) and "white" not in columns


def _resemblance(path: Path, head: str) -> float:
    """How much a file looks like a score table: the share of its required columns (id or
    name, rating, points) in the header."""
    if path.is_dir():
        return 0.0
    columns = _header(head)
    if "white" in columns:
        return 0.0
    have = sum(c in columns for c in REQUIRED_COLUMNS) + ("id" in columns or "name" in columns)
    return have / (len(REQUIRED_COLUMNS) + 1)


register_format(
    Format(
        name="scorecsv",
        description=N_(
            "score table of a round robin: id,name,rating,points (rating empty: unrated)"
        ),
        suffixes=(".csv",),
        read=read_score_csv,
        sniff=_sniff,
        write=write_score_csv,
        resemblance=_resemblance,
    )
)
