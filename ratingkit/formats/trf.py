"""FIDE's Tournament Report File, TRF-16 (and TRF-2026, which keeps the same ``001`` layout).

Player lines (tag ``001``), 1-based columns (RULES.md section 5):

=========  ===========================================================
1-3        ``001``
5-8        start rank (the player's id in the event)
10         sex
11-13      title (old files write one letter: ``g``, ``m``, ``f``, ``wf``)
15-47      name
49-52      rating (blank or 0: unrated)
54-56      federation
58-68      FIDE id
70-79      birth date (``1969/12/06``, ``1969.12.06``, ``28. 07. 2005`` ...)
81-84      points
86-89      rank (may be blank)
92+10(r-1) round r: opponent's start rank in 4 columns (``0000`` or blank: no opponent),
           colour at +5 (``w``, ``b``, ``-`` or blank), result at +7
=========  ===========================================================

Results: ``1 = 0`` played (the only rated ones); ``+ -`` forfeits; ``W D L`` games that lasted
less than one move; ``H F U Z`` byes, blank = ``Z``.  An old-style ``0000 - +`` (a bye written
as a forfeit win) is read as a pairing-allocated bye ``U`` and ``0000 - -`` as ``Z``.

Each game is written by both players; the two records are paired with
:func:`ratingkit.model.assemble_games`, so a game that the two players record differently is
an error naming both places.  Every other line (``012`` name, ``022`` city, ``042``/``052``
dates, ``092`` type, TRF-2026's new tags, ``XX?`` extensions) is kept in
``event.extra["trf_tags"]`` and written back.  Trailing spaces may be missing: rounds after
the end of a line are blank (``Z``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from ..errors import (
    ConflictingGameError,
    InvalidValueError,
    Location,
    MalformedLineError,
    UnknownResultError,
)
from ..fileio import read_text
from ..model import (
    ByeKind,
    Colour,
    Event,
    EventType,
    GameEntry,
    Play,
    Player,
    assemble_games,
    is_complete_round_robin,
)
from ..values import parse_date, parse_points
from . import Format, csvpair, register_format

# The CSV pair registers first, so that the built-in formats keep BUILTIN_MODULES' order even
# when this module is imported on its own.
assert csvpair

#: 1-based (first, last) columns of the fields of a ``001`` line.
FIELDS: dict[str, tuple[int, int]] = {
    "start rank": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "name": (15, 47),
    "rating": (49, 52),
    "federation": (54, 56),
    "FIDE id": (58, 68),
    "birth date": (70, 79),
    "points": (81, 84),
    "rank": (86, 89),
}
#: Columns that separate fields and must be blank.
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10

#: Result code -> (own score, play).
PLAYED_CODES: dict[str, tuple[float, Play]] = {
    "1": (1.0, Play.PLAYED),
    "=": (0.5, Play.PLAYED),
    "0": (0.0, Play.PLAYED),
    "+": (1.0, Play.FORFEIT),
    "-": (0.0, Play.FORFEIT),
    "W": (1.0, Play.UNDER_ONE_MOVE),
    "D": (0.5, Play.UNDER_ONE_MOVE),
    "L": (0.0, Play.UNDER_ONE_MOVE),
}
BYE_RESULT_CODES = {"H": ByeKind.HALF_POINT, "F": ByeKind.FULL_POINT}
BYE_RESULT_CODES |= {"U": ByeKind.PAIRING_ALLOCATED, "Z": ByeKind.ZERO_POINT}
KNOWN_RESULTS = "1 = 0 + - W D L H F U Z (blank = Z)"


def round_column(round_: int) -> int:
    """First column of round ``round_``'s cell (RULES.md section 5: 92 + 10 (r - 1))."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_ - 1)


def _field(line: str, name: str) -> str:
    first, last = FIELDS[name]
    return line[first - 1 : last]


def event_type_from_text(text: str) -> EventType | None:
    """The pairing system named in a ``092`` line, or None when it does not say."""
    key = text.lower().replace("-", " ")
    if "swiss" in key or "schweizer" in key:
        return EventType.SWISS
    if "team" in key or "mannschaft" in key:
        return EventType.TEAM
    if "round robin" in key or "berger" in key or "rundenturnier" in key or "scheveningen" in key:
        return EventType.ROUND_ROBIN
    if "match" in key:
        return EventType.MATCH
    return None


def read_trf(path: str | Path) -> Event:
    """Read a TRF file into an :class:`~ratingkit.model.Event` (ids are start ranks)."""
    source = str(path)
    return parse_trf(read_text(path), source)


def parse_trf(text: str, source: str = "<trf>") -> Event:
    """Parse TRF text; every error names the line and column."""
    tags: list[tuple[str, str]] = []
    player_lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        tag = line[:3]
        if tag == "001":
            player_lines.append((number, line))
        else:
            if len(line) > 3 and line[3] != " ":
                raise MalformedLineError(
                    f"a tag line must have a space after its 3-character tag, got {line[:8]!r}",
                    Location(source, number, 4),
                    line[:8],
                )
            tags.append((tag, line[4:]))
    if not player_lines:
        raise MalformedLineError("no player lines (tag 001) in the file", Location(source), "")

    players: list[Player] = []
    cells: list[tuple[int, str, str]] = []  # (line number, player id, line)
    seen: dict[str, int] = {}
    for number, line in player_lines:
        player = _player(line, number, source)
        if player.id in seen:
            raise MalformedLineError(
                f"start rank {player.id} is used twice (first on line {seen[player.id]})",
                Location(source, number, 5),
                player.id,
            )
        seen[player.id] = number
        players.append(player)
        cells.append((number, player.id, line))

    rounds = max(_round_count(line) for _, _, line in cells)
    entries: list[GameEntry] = []
    for number, pid, line in cells:
        for round_ in range(1, rounds + 1):
            entries.append(_round_entry(line, number, source, pid, round_, seen))
    _check_opponents_agree(entries)
    games, byes = assemble_games(entries)
    # Games whose cells give no colour ("- +" forfeits): remembered so that they are written
    # back the same way (white is then the player listed first).
    uncoloured = {
        (e.round, frozenset((e.player, e.opponent)))
        for e in entries
        if e.opponent is not None and e.colour is None
    }
    games = tuple(
        replace(g, extra={**g.extra, "trf_colour": "-"})
        if (g.round, frozenset(g.players)) in uncoloured
        else g
        for g in games
    )
    players = [_drop_matching_points(p, games, byes) for p in players]

    name = ""
    start = end = None
    type_text = None
    for tag, value in tags:
        where = Location(source, _tag_line(text, tag), 5)
        if tag == "012":
            name = value.strip()
        elif tag == "042" and value.strip():
            start = parse_date(value, where)
        elif tag == "052" and value.strip():
            end = parse_date(value, where)
        elif tag == "092":
            type_text = value.strip()
    extra: dict[str, object] = {"trf_tags": tuple(tags)}
    event = Event(
        name=name or Path(source).stem,
        players=tuple(players),
        games=games,
        byes=byes,
        start=start,
        end=end,
        rounds=rounds,
        source=source,
        local_ids=True,
    )
    given = event_type_from_text(type_text) if type_text else None
    if given is not None:
        note = f"event type {given.value} (from the 092 line {type_text!r})"
        event_type = given
    elif is_complete_round_robin(event):
        event_type = EventType.ROUND_ROBIN
        note = "event type round robin (detected: every pair of players met equally often)"
    else:
        event_type = EventType.SWISS
        note = "event type swiss (detected: not every pair of players met)"
    extra["type_note"] = note
    return replace(event, type=event_type, extra=extra)


def _check_opponents_agree(entries: list[GameEntry]) -> None:
    """Each game must be recorded by both players: name both cells when it is not."""
    cells = {(e.round, e.player): e for e in entries}
    for entry in entries:
        if entry.opponent is None:
            continue
        other = cells[(entry.round, entry.opponent)]
        if other.opponent != entry.player:
            says = f"player {other.opponent}" if other.opponent else "no game (a bye)"
            raise ConflictingGameError(
                f"round {entry.round}: player {entry.player} records a game against "
                f"{entry.opponent}, whose cell for that round names {says}",
                entry.location or Location(),
                other.location or Location(),
                entry.opponent,
            )


def _drop_matching_points(player: Player, games, byes) -> Player:
    given = player.extra.get("trf_points")
    if given is None:
        return player
    points = sum(g.score_of(player.id) for g in games if g.involves(player.id))
    points += sum(b.points for b in byes if b.player == player.id)
    if points != given:
        return player
    return replace(player, extra={k: v for k, v in player.extra.items() if k != "trf_points"})


def _tag_line(text: str, tag: str) -> int | None:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith(tag):
            return number
    return None


def _round_count(line: str) -> int:
    width = len(line) - (FIRST_ROUND_COLUMN - 1)
    return max(0, -(-width // ROUND_WIDTH))


def _player(line: str, number: int, source: str) -> Player:
    def at(column: int) -> Location:
        return Location(source, number, column)

    points_end = FIELDS["points"][1]
    if len(line) < points_end:
        raise MalformedLineError(
            f"player line is truncated: it ends at column {len(line)}, before the end of the "
            f"points field (columns 81-84)",
            at(len(line) + 1),
            line[-20:],
        )
    for column in SEPARATORS:
        if column <= len(line) and line[column - 1] != " ":
            raise MalformedLineError(
                f"column {column} must be blank (fields are fixed columns; shifted line?), "
                f"found {line[column - 1]!r}",
                at(column),
                line[column - 1],
            )
    start_rank = _field(line, "start rank").strip()
    if not start_rank.isdigit() or int(start_rank) == 0:
        raise InvalidValueError(
            f"start rank must be a positive number in columns 5-8, got {start_rank!r}",
            at(5),
            start_rank,
        )
    name = _field(line, "name").strip()
    if not name:
        raise InvalidValueError("the player's name (columns 15-47) is empty", at(15), "")
    rating_text = _field(line, "rating").strip()
    rating = None
    if rating_text:
        if not rating_text.isdigit():
            raise InvalidValueError(
                f"rating must be a number in columns 49-52, got {rating_text!r}",
                at(49),
                rating_text,
            )
        rating = int(rating_text) or None
    born_text = _field(line, "birth date").strip()
    born = None
    extra: dict[str, object] = {}
    year_only = re.match(r"^(\d{4})(?:[/.-]00[/.-]00)?$", born_text)
    if year_only and int(year_only.group(1)):
        # "1985/00/00" or "1985": FIDE often knows only the year.
        born = parse_date(year_only.group(1), at(70), year_only=True)
        extra["born_year_only"] = True
    elif born_text and born_text.strip("0./- ") != "":
        born = parse_date(born_text, at(70), year_only=True)
    points_text = _field(line, "points").strip()
    if points_text:
        # Checked against the games once they are read; kept only when it differs.
        extra["trf_points"] = parse_points(points_text, at(81))
    rank_text = _field(line, "rank").strip()
    if rank_text:
        if not rank_text.isdigit():
            raise InvalidValueError(
                f"rank must be a number in columns 86-89, got {rank_text!r}", at(86), rank_text
            )
        extra["rank"] = int(rank_text)
    return Player(
        id=str(int(start_rank)),
        name=name,
        rating=rating,
        federation=_field(line, "federation").strip() or None,
        title=_field(line, "title").strip() or None,
        sex=_field(line, "sex").strip() or None,
        born=born,
        fide_id=_field(line, "FIDE id").strip().lstrip("0") or None,
        extra=extra,
    )


def _round_entry(
    line: str, number: int, source: str, pid: str, round_: int, ids: dict[str, int]
) -> GameEntry:
    first = round_column(round_)
    cell = line[first - 1 : first - 1 + ROUND_WIDTH].ljust(ROUND_WIDTH)
    here = Location(source, number, first)
    if not cell.strip():
        return GameEntry(round_, pid, None, None, 0.0, bye=ByeKind.ZERO_POINT, location=here)
    present = len(line) - (first - 1)
    if present < 7:
        raise MalformedLineError(
            f"round {round_} is truncated: the line ends at column {len(line)} inside the "
            f"round's cell (opponent {first}-{first + 3}, colour {first + 5}, result "
            f"{first + 7})",
            Location(source, number, len(line) + 1),
            cell.rstrip(),
        )
    for offset in (4, 6, 8, 9):
        if cell[offset] != " ":
            raise MalformedLineError(
                f"round {round_}: column {first + offset} must be blank, found "
                f"{cell[offset]!r} (opponent in {first}-{first + 3}, colour at {first + 5}, "
                f"result at {first + 7})",
                Location(source, number, first + offset),
                cell,
            )
    opponent_text = cell[:4].strip()
    colour_text = cell[5]
    result = cell[7]
    result_at = Location(source, number, first + 7)
    if opponent_text and not opponent_text.isdigit():
        raise InvalidValueError(
            f"round {round_}: opponent must be a start rank, got {opponent_text!r}",
            here,
            opponent_text,
        )
    colour = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, " ": None}.get(colour_text.lower())
    if colour is None and colour_text not in "- ":
        raise InvalidValueError(
            f"round {round_}: colour must be w, b, - or blank, got {colour_text!r}",
            Location(source, number, first + 5),
            colour_text,
        )
    opponent = str(int(opponent_text)) if opponent_text and int(opponent_text) else None
    code = result if result != " " else "Z"
    if code.upper() in "WDLHFUZ":
        code = code.upper()
    if opponent is None:
        kind = BYE_RESULT_CODES.get(code.upper())
        if code == "+":
            kind = ByeKind.PAIRING_ALLOCATED
        elif code == "-":
            kind = ByeKind.ZERO_POINT
        if kind is None:
            raise UnknownResultError(
                f"round {round_}: result {code!r} needs an opponent (byes are H F U Z, or + - "
                f"with opponent 0000)",
                result_at,
                code,
            )
        return GameEntry(round_, pid, None, None, kind.points, bye=kind, location=here)
    if code.upper() in BYE_RESULT_CODES:
        raise UnknownResultError(
            f"round {round_}: bye code {code!r} cannot have an opponent ({opponent_text})",
            result_at,
            code,
        )
    if code not in PLAYED_CODES:
        raise UnknownResultError(
            f"round {round_}: unknown result {code!r} (expected one of {KNOWN_RESULTS})",
            result_at,
            code,
        )
    if opponent not in ids:
        raise InvalidValueError(
            f"round {round_}: opponent {opponent_text} is not the start rank of any player",
            here,
            opponent_text,
        )
    if opponent == pid:
        raise InvalidValueError(
            f"round {round_}: player {pid} is paired against himself", here, opponent_text
        )
    score, play = PLAYED_CODES[code]
    return GameEntry(round_, pid, opponent, colour, score, play, location=here)


# -- writing ---------------------------------------------------------------------------------


def _result_code(score: float, play) -> str:
    for code, (s, p) in PLAYED_CODES.items():
        if s == score and p is play:
            return code
    raise InvalidValueError(f"no TRF code for score {score} ({play.value})", None, score)


def _put(chars: list[str], first: int, text: str) -> None:
    for offset, char in enumerate(text):
        chars[first - 1 + offset] = char


def _fixed(text: str, width: int, *, right: bool = False, what: str = "") -> str:
    if len(text) > width:
        raise InvalidValueError(
            f"{what} {text!r} does not fit in {width} columns of a TRF line", None, text
        )
    return text.rjust(width) if right else text.ljust(width)


def write_trf(event: Event) -> str:
    """The event as TRF-16 text.  Player ids must be start ranks (1, 2, 3 ...) or are
    numbered in the order of ``event.players``; reading the text back gives the same event."""
    numbers = _start_ranks(event)
    rounds = event.round_count
    lines: list[str] = []
    tags = list(event.extra.get("trf_tags") or ())
    present = {tag for tag, _ in tags}
    if "012" not in present:
        tags.insert(0, ("012", event.name))
    for tag, date_value in (("042", event.start), ("052", event.end)):
        if tag not in present and date_value is not None:
            tags.append((tag, ""))
    if "092" not in present and not event.extra.get("trf_tags"):
        label = {EventType.ROUND_ROBIN: "Individual: Round robin", EventType.SWISS: "Swiss"}
        tags.append(("092", label.get(event.type, event.type.value)))
    for tag, value in tags:
        if tag == "012" and value.strip() != event.name:
            value = event.name
        for date_tag, wanted in (("042", event.start), ("052", event.end)):
            if tag == date_tag and wanted is not None and _date_or_none(value) != wanted:
                value = wanted.strftime("%Y/%m/%d")
        lines.append(f"{tag} {value}".rstrip())

    cells: dict[tuple[str, int], str] = {}
    for game in event.games:
        for pid, colour in ((game.white, "w"), (game.black, "b")):
            opponent = numbers[game.opponent_of(pid)]
            shown = "-" if game.extra.get("trf_colour") == "-" else colour
            code = _result_code(game.score_of(pid), game.play)
            cells[(pid, game.round)] = f"{opponent:>4} {shown} {code}"
    for bye in event.byes:
        cells[(bye.player, bye.round)] = (
            "" if bye.kind is ByeKind.ZERO_POINT else f"0000 - {bye.kind.value}"
        )
    for player in event.players:
        chars = [" "] * (round_column(rounds + 1) - 1)
        fields = {
            "start rank": _fixed(str(numbers[player.id]), 4, right=True, what="start rank"),
            "sex": _fixed(player.sex or "", 1, what="sex"),
            "title": _fixed(player.title or "", 3, right=True, what="title"),
            "name": _fixed(player.name, 33, what="name"),
            "rating": _fixed(str(player.rating or ""), 4, right=True, what="rating"),
            "federation": _fixed(player.federation or "", 3, what="federation"),
            "FIDE id": _fixed(player.fide_id or "", 11, right=True, what="FIDE id"),
            "birth date": _birth_date(player),
            "points": _fixed(f"{_points(event, player):.1f}", 4, right=True, what="points"),
            "rank": _fixed(str(player.extra.get("rank", "")), 4, right=True, what="rank"),
        }
        chars[0:3] = "001"
        for name, text in fields.items():
            _put(chars, FIELDS[name][0], text)
        for round_ in range(1, rounds + 1):
            _put(chars, round_column(round_), cells.get((player.id, round_), ""))
        lines.append("".join(chars).rstrip())
    return "\n".join(lines) + "\n"


def _birth_date(player: Player) -> str:
    if player.born is None:
        return ""
    if player.extra.get("born_year_only"):
        return f"{player.born.year:04d}/00/00"
    return player.born.strftime("%Y/%m/%d")


def _date_or_none(text: str):
    try:
        return parse_date(text)
    except InvalidValueError:
        return None


def _points(event: Event, player: Player) -> float:
    given = player.extra.get("trf_points")
    return float(given) if given is not None else event.points(player.id)


def _start_ranks(event: Event) -> dict[str, int]:
    ids = [p.id for p in event.players]
    if all(i.isdigit() and int(i) > 0 for i in ids) and len({int(i) for i in ids}) == len(ids):
        return {i: int(i) for i in ids}
    return {pid: index for index, pid in enumerate(ids, start=1)}


def _sniff(path: Path, head: str) -> bool:
    if path.is_dir():
        return False
    lines = [line for line in head.split("\n") if line.strip()]
    starts = bool(lines) and lines[0][:4] in ("012 ", "001 ")
    if not starts and not any(line.startswith("001 ") for line in lines):
        return False
    return all(re.match(r"^[0-9A-Z]{3}( |$)", line) for line in lines[:5])


register_format(
    Format(
        name="trf",
        description="FIDE Tournament Report File (TRF-16; TRF-2026 with the same 001 layout)",
        suffixes=(".trf",),
        read=read_trf,
        sniff=_sniff,
        write=write_trf,
    )
)
