"""Event-level data that a game list or a score table does not carry.

The FIDE 1982 validity rules (1.x-6.x) need facts about the event itself: the time control,
the dates, the rounds per day, whether a match was over a fixed number of games.  An event
file carries them as ``field,value`` pairs:

* in a score table (:mod:`ratingkit.formats.scorecsv`) as ``# field: value`` lines before the
  header;
* in a side file with the header ``field,value``: ``event.csv`` in a CSV pair's folder (or
  ``NAME-event.csv`` beside ``NAME-games.csv``), ``NAME-event.csv`` beside a score table
  ``NAME.csv``.

Known fields (case and the spelling of spaces do not matter):

================ ====================================================================
name             the event's name
type             round robin, swiss, team, match or club
start, end       first and last day (YYYY-MM-DD or DD.MM.YYYY)
rounds           number of rounds
minutes          time per player for all moves, assuming 60 moves (FIDE 1982 1.1, 2024 1.1)
first_control_moves  moves of the first time control, where it names a number (FIDE 2024 1.2)
rounds_per_day   most rounds played on one day (FIDE 1982 3.1; game dates also tell)
hours_per_day    most hours of play on one day (FIDE 1982 3.1)
cycles           how often each pair met in a round robin (1 single, 2 double; 6.32)
match_games      the number of games a match was scheduled over (FIDE 1982 6.5)
championship     ``national`` or ``national women`` (FIDE 1982 6.33)
scheveningen     yes/no (FIDE 1982 6.4, 10.67)
league           yes/no: a league longer than 90 days (FIDE 1982 4.11)
olympiad         ``open`` or ``women`` (FIDE 1982 10.4)
game             ``chess`` or ``shogi``: the game the event is (:attr:`Event.game`)
================ ====================================================================

An unknown field or a value that cannot be read is an error naming the file, line and value,
and so is an end before the start.  The side file may be separated by ``,``, ``;`` or a tab and
be in UTF-8 or a Windows code page, as the event file is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.errors import InvalidValueError, Location, MalformedLineError
from ..core.fileio import Reads, encoding_notes, read_csv_table, read_text_into
from ..core.i18n import _, tr
from ..core.model import Event, EventType
from ..core.outcome import GameKind
from ..core.values import parse_bool, parse_date, parse_int, parse_round

#: Fields that become attributes of the Event; the others go to ``Event.extra`` (``game``
#: both: :attr:`Event.game`, and its name in ``extra["game"]``).
EVENT_ATTRIBUTES = ("name", "type", "start", "end", "rounds", "game")
INT_FIELDS = (
    "rounds",
    "minutes",
    "rounds_per_day",
    "cycles",
    "match_games",
    "first_control_moves",
)
BOOL_FIELDS = ("scheveningen", "league")
KNOWN_FIELDS = (
    "name",
    "type",
    "start",
    "end",
    "rounds",
    "minutes",
    "rounds_per_day",
    "hours_per_day",
    "cycles",
    "match_games",
    "championship",
    "scheveningen",
    "league",
    "olympiad",
    "first_control_moves",
    "game",
)
_CHOICES = {
    "championship": ("national", "national women"),
    "olympiad": ("open", "women"),
}


def normalise_field(name: str) -> str:
    return "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())


def parse_field(name: str, text: str, location: Location) -> tuple[str, object]:
    """One field: its normalised name and its parsed value."""
    key = normalise_field(name)
    if key not in KNOWN_FIELDS:
        raise InvalidValueError(
            tr(
                "unknown event field {name!r} (known: {known})",
                name=name.strip(),
                known=", ".join(KNOWN_FIELDS),
            ),
            location,
            name,
        )
    raw = text.strip()
    at = Location(location.file, location.line, key)
    if not raw:
        raise InvalidValueError(tr("event field {key!r} has no value", key=key), at, text)
    value: object
    if key == "type":
        value = EventType.parse(raw, at)
    elif key == "game":
        try:
            value = GameKind(raw.lower())
        except ValueError:
            names = ", ".join(g.value for g in GameKind)
            raise InvalidValueError(
                tr("unknown game {raw!r} (expected {names})", raw=raw, names=names), at, raw
            ) from None
    elif key in ("start", "end"):
        value = parse_date(raw, at)
    elif key in ("rounds", "rounds_per_day"):
        value = parse_round(raw, at, what=key)
    elif key in INT_FIELDS:
        value = parse_int(raw, at, what=key)
        if value < 1:
            raise InvalidValueError(
                tr("{key} must be 1 or more, got {raw!r}", key=key, raw=raw), at, raw
            )
    elif key == "hours_per_day":
        # A day has 24 hours: nan, inf and 1e400 (which float() reads) are refused too.
        if not re.fullmatch(r"[0-9]{1,2}(?:[.,][0-9]{1,3})?", raw):
            raise InvalidValueError(
                tr("hours_per_day must be a number, got {raw!r}", raw=raw), at, raw
            )
        value = float(raw.replace(",", "."))
        if not 0 < value <= 24:
            raise InvalidValueError(
                tr("hours_per_day must be more than 0 and at most 24, got {raw!r}", raw=raw),
                at,
                raw,
            )
    elif key in BOOL_FIELDS:
        value = parse_bool(raw, at)
    elif key in _CHOICES:
        value = " ".join(raw.lower().split())
        if value not in _CHOICES[key]:
            raise InvalidValueError(
                tr(
                    "{key} must be one of {choices}, got {raw!r}",
                    key=key,
                    choices=", ".join(_CHOICES[key]),
                    raw=raw,
                ),
                at,
                raw,
            )
    else:
        value = raw
    return key, value


def parse_fields(pairs: Iterable[tuple[str, str, Location]]) -> dict[str, object]:
    """Parse ``(field, value, location)`` triples; a field given twice is an error."""
    fields: dict[str, object] = {}
    where: dict[str, Location] = {}
    for name, text, location in pairs:
        key, value = parse_field(name, text, location)
        if key in fields:
            raise InvalidValueError(
                tr("event field {key!r} is given twice", key=key), location, name
            )
        fields[key] = value
        where[key] = location
    check_dates(fields, where.get("end") or where.get("start"))
    return fields


def check_dates(fields: Mapping[str, object], location: Location | None) -> None:
    """An event cannot end before it starts."""
    start, end = fields.get("start"), fields.get("end")
    if start is not None and end is not None and end < start:  # type: ignore[operator]
        raise InvalidValueError(
            tr("the event ends ({end}) before it starts ({start})", end=end, start=start),
            location,
            str(end),
        )


def sidecar_path(path: Path, generic: bool = True) -> Path | None:
    """The side file with event fields for an event file, if there is one: ``NAME-event.csv``
    beside ``NAME-games.csv`` or ``NAME.csv``, else (with ``generic``, for a CSV pair's folder)
    ``event.csv``."""
    folder = path.is_dir()  # asked once (a FIDE month is 2,000 files)
    directory = path if folder else path.parent
    candidates = []
    if not folder:
        stem = path.stem
        for suffix in ("-games", "_games", "-players", "_players"):
            stem = stem.removesuffix(suffix)
        candidates.append(directory / f"{stem}-event.csv")
    if generic:
        candidates.append(directory / "event.csv")
    for candidate in candidates:
        if candidate.exists() and candidate != path:
            return candidate
    return None


def read_sidecar(
    path: Path, generic: bool = True, encoding: str | None = None, reads: Reads | None = None
) -> dict[str, object]:
    """The fields of the side file beside ``path`` (an empty dict when there is none);
    ``reads`` collects how it was decoded."""
    side = sidecar_path(path, generic)
    if side is None:
        return {}
    source = str(side)
    header, rows = read_csv_table(
        read_text_into(side, encoding, reads), source, _("the event file")
    )
    if header != ["field", "value"]:
        raise MalformedLineError(
            tr(
                "an event file needs the header 'field,value', got {header!r}",
                header=",".join(header),
            ),
            Location(source, 1),
            ",".join(header),
        )
    pairs = [(row.cells["field"], row.cells["value"], Location(source, row.line)) for row in rows]
    fields = parse_fields(pairs)
    fields["_source"] = source
    return fields


def apply_fields(event: Event, fields: Mapping[str, object]) -> Event:
    """A copy of ``event`` with the fields applied: name, type, dates and rounds become
    attributes, everything else goes to ``event.extra``."""
    if not fields:
        return event
    # The attributes' values are of the attributes' types (parse_field made them so).
    changes: dict[str, Any] = {k: fields[k] for k in EVENT_ATTRIBUTES if k in fields}
    extra = dict(event.extra)
    extra.update({k: v for k, v in fields.items() if k not in EVENT_ATTRIBUTES and k != "_source"})
    origin = event.origin
    if "_source" in fields:
        origin = replace(origin, event_file=str(fields["_source"]))
    given_type = fields.get("type")
    if isinstance(given_type, EventType):
        where = origin.event_file or _("the event fields")
        type_note = tr(
            "event type {type} (given in {where})", type=_(given_type.value), where=where
        )
        origin = replace(origin, type_note=type_note)
    game = fields.get("game")
    if isinstance(game, GameKind):
        extra["game"] = game.value
        origin = replace(origin, game_evidence=f"the event says game {game.value}")
    if "start" in fields or "end" in fields:
        dates = {"start": changes.get("start", event.start), "end": changes.get("end", event.end)}
        event_file = origin.event_file
        check_dates(dates, Location(event_file) if event_file else None)
    return replace(event, **changes, extra=extra, origin=origin)


def check_game(
    fields: Mapping[str, object], game: GameKind, why: str, source: str | None = None
) -> None:
    """Refuse event fields whose ``game`` contradicts the format (``why`` says which game the
    format is; ``source``: the file the fields came from, unless a side file gave them)."""
    given = fields.get("game")
    if given is None or given == game:
        return
    where = fields.get("_source") or source
    raise InvalidValueError(
        tr("the event fields say game {given}, but {why}", given=given, why=why),
        Location(str(where), None, "game") if where else None,
        str(given),
    )


def with_read_notes(event: Event, reads: Reads) -> Event:
    """A copy of ``event`` whose ``origin.read_notes`` say which of the files read were not
    UTF-8 (see :func:`ratingkit.core.fileio.encoding_notes`); the event itself if all were."""
    notes = encoding_notes(reads)
    if not notes:
        return event
    return replace(event, origin=replace(event.origin, read_notes=notes))
