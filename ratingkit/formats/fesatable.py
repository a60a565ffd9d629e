"""FESA's fixed-width result table (format ``fesa``; the FESA rating rules, "Result table
format").

::

    Nr Name                      Nat  Grade  ELO    1   2   3 MMS Pts   +/-
     1 Tanaka         Aiko       NL   1 Dan  1710   3+  2+  0-  1  3   +12
     3 Moreau         Jules      FR          1180*  1-  4+  2=  0  1.5
    Promoting Tanaka Aiko to 2 Dan

One row a player: start number, name (last name, then first name, in the columns under
``Name``), federation, grade, ``ELO`` (the rating before the event; with a trailing ``*`` the
player is rated by performance and the value is his *new* rating), one cell a round (the
opponent's number followed by ``+``, ``-`` or ``=``; ``0-``/``0+``/``0=`` an unplayed round),
``MMS``, ``Pts`` and ``+/-`` (the published, rounded change; empty in a table not yet rated).
FESA pairs by McMahon: ``MMS`` is the player's McMahon start score and ``Pts`` the McMahon
score, MMS plus the points of the round cells (a game 1, 1/2 or 0; an unplayed ``0+`` 1,
``0=`` 1/2, ``0-`` 0).  A row whose ``Pts`` is not MMS plus those points, or a table with no
player rows, is an error.  ``Promoting <Name> to <grade>`` lines follow the table.  Lines
before the header may give ``Event: ...``, ``Date: YYYY-MM-DD`` and ``Time control: 30+30``,
or FESA's own title line ``Championnat de France 2024 : 2024-04-20/21`` (the event's name,
first and last day).

Players are identified by their start number; the player file joins on the name as written
(``Tanaka Aiko``), so two rows may not share a start number or a name.  Published values are
kept in ``player.extra`` (``published_change``, ``published_rating``, ``mms`` and ``pts``) and
``event.extra["published_promotions"]`` so that the rating report can compare them.

Hostile input ends in a :class:`~ratingkit.core.errors.RatingkitError` that names the line: a
start number has at most 6 digits, a rating or change lies within +-4000 (FESA ratings may
fall below zero; nothing floors a player's own rating), points are multiples of 1/2.  A UTF-8
byte-order mark and CR/LF line ends are ignored; a tab where the columns are read by position
(up to ``Nat``) is an error, since its width is anybody's guess.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import NoReturn

from ..core.errors import (
    DuplicatePlayerError,
    InputError,
    InvalidValueError,
    Location,
    MalformedLineError,
    UnknownPlayerError,
)
from ..core.fastbuild import build, collector_paused
from ..core.fileio import Reads, read_text_into, reads_origin
from ..core.i18n import N_, _, tr
from ..core.model import (
    Bye,
    ByeKind,
    Event,
    EventOrigin,
    EventType,
    Game,
    GameEntry,
    Play,
    Player,
    assemble_games,
    is_complete_round_robin,
)
from ..core.outcome import GameKind
from ..core.players import normalise_name
from ..core.shogi import parse_grade
from ..core.values import parse_date
from . import Format, register_format
from .fesatable_values import _DIGITS, _halves_text, _halves_value, _shown
from .fesatable_values import MAX_START_DIGITS as MAX_START_DIGITS
from .fesatable_values import RATING_LIMIT as RATING_LIMIT

# The writer's names, importable from here as before issue 27's split.
from .fesatable_write import mcmahon_table as mcmahon_table
from .fesatable_write import write_fesa_table as write_fesa_table

_HEADER = re.compile(r"^\s*Nr\s+Name\b.*\bELO\b")
_CELL = re.compile(r"^([0-9]{1,6})([+=-])$")
_PROMOTING = re.compile(r"^\s*Promoting\s+(.*)$", re.IGNORECASE)
_ELO = re.compile(r"^(-?[0-9]+)(\*?)$")
_CHANGE = re.compile(r"^[+-]?[0-9]{1,5}$")
_NUMBER = re.compile(r"^(-?)([0-9]{0,6})(?:([.,])([0-9]{1,3}))?(½?)$")
_HALVES_WRITTEN = re.compile(r"^(-?)([0-9]+)/2$")
_GAP = re.compile(r"\S {2,}(?=\S)")
_TITLE_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:/[0-9]{1,2})?$")
_META = re.compile(r"^\s*(Event|Date|Time control)\s*:(.*)$", re.IGNORECASE)
_GRADE_WORD = re.compile(r"^([0-9]+)([A-Za-z]+)\.?$")

#: A round cell's sign: the player's points in halves, and the kind of an unplayed round.
_HALVES = {"+": 2, "=": 1, "-": 0}
_BYE_KINDS = {"+": ByeKind.FULL_POINT, "=": ByeKind.HALF_POINT, "-": ByeKind.ZERO_POINT}
_GAME_ENTRY: dict[str, object] = {"colour": None, "play": Play.PLAYED, "bye": None}
_BYE_ENTRY: dict[str, object] = {"colour": None, "play": Play.PLAYED}


def _sniff(path: Path, head: str) -> bool:
    # A UTF-8 byte-order mark does not change what the file is.
    return any(_HEADER.match(line) for line in head.lstrip("\ufeff").splitlines()[:20])


def read_fesa_table(path: str | Path, encoding: str | None = None) -> Event:
    """Read a FESA table: UTF-8, else the code page detected, or ``encoding`` if given (see
    :mod:`ratingkit.core.fileio`); the event's ``origin.encoding`` says which, and
    ``origin.read_notes`` when it is not UTF-8."""
    source = str(path)
    reads: Reads = []
    text = read_text_into(path, encoding, reads)
    return parse_fesa_table(text, source, Path(path).stem, origin=reads_origin(reads))


def _parse_half(text: str, where: Location, what: str) -> int:
    """A score (``MMS``, ``Pts``) in halves: a multiple of 1/2 within +-4000, written ``3``,
    ``3.5``, ``3,5``, ``3½`` or, as FESA's program prints a fraction, ``7/2``; anything else
    (``nan``, ``inf``, ``1e9``) is an error."""
    halves_written = _HALVES_WRITTEN.match(text)  # FESA's program writes 7 1/2 as "7/2"
    if halves_written and len(halves_written.group(2)) <= 5:
        halves = int(halves_written.group(2))
        if halves <= 2 * RATING_LIMIT:
            return -halves if halves_written.group(1) else halves
    match = _NUMBER.match(text)
    if match:
        sign, whole, _sep, decimals, half = match.groups()
        fraction = (decimals or "").rstrip("0")
        if (whole or decimals or half) and not (half and decimals) and fraction in ("", "5"):
            halves = 2 * int(whole or "0") + (1 if fraction == "5" or half else 0)
            if halves <= 2 * RATING_LIMIT:
                return -halves if sign else halves
    raise InvalidValueError(
        tr(
            (
                "{what} must be a multiple of 1/2 between -{rating_limit} and "
                "{rating_limit} (e.g. 3 or 3.5), got {text!r}"
            ),
            what=what,
            rating_limit=RATING_LIMIT,
            text=_shown(text),
        ),
        where,
        text,
    )


def _column(header: str, word: str) -> int | None:
    """Where the header's column ``word`` starts (a whole word), or None."""
    match = re.search(rf"(?<!\S){re.escape(word)}(?!\S)", header)
    return match.start() if match else None


def parse_fesa_table(
    text: str,
    source: str = "<fesa table>",
    name: str = "event",
    *,
    origin: EventOrigin | None = None,
) -> Event:
    """The event of a FESA table's text (``source`` names the file in errors, ``name`` is the
    event's name unless an ``Event:`` line gives one; ``origin``: what
    :func:`read_fesa_table` knows of the file and its encoding)."""
    with collector_paused():
        return _parse(text, source, name, origin or EventOrigin())


def _parse(text: str, source: str, name: str, origin: EventOrigin) -> Event:
    """The table's steps, in the order a reader meets them: the text, the lines before the
    header (event, date, time control, title), the header (the columns), each line after it
    (a player row or a promotion), then what needs every row (names' layout, opponents,
    promotions, the games) and the event."""
    lines = _text_lines(text, source)
    header_index = _find_header(lines, source)
    preamble = _read_preamble(lines[:header_index])
    columns = _read_columns(lines[header_index], Location(source, header_index + 1))
    table = _Rows(source, columns)
    for number, line in enumerate(lines[header_index + 1 :], start=header_index + 2):
        if not line.strip():
            continue
        promo = _PROMOTING.match(line)
        if promo:
            table.read_promotion(promo, line, number)
        else:
            table.read_player_row(line, number)
    players = table.players()
    table.check_opponents()
    promotions = table.promotions()
    games, byes = assemble_games(table.entries)
    return _event(
        name,
        source,
        lines,
        preamble,
        columns,
        players,
        games,
        byes,
        promotions,
        origin,
        table.games_of,
    )


def _text_lines(text: str, source: str) -> list[str]:
    """The table's lines (a UTF-8 byte-order mark and CR/LF line ends ignored); a NUL byte is
    refused: the file is not a text table."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(
            tr("NUL byte: not a text table (save the table as UTF-8 text)"),
            Location(source, line),
            "\\x00",
        )
    return text.split("\n")


def _find_header(lines: list[str], source: str) -> int:
    """The index of the header line ``Nr Name ... ELO ...``."""
    header_index = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
    if header_index is None:
        raise MalformedLineError(
            tr("no header line 'Nr Name ... ELO ...' found"), Location(source, 1), _shown(lines[0])
        )
    return header_index


@dataclass(frozen=True)
class _Preamble:
    """The lines before the header: ``Event:``, ``Date:``, ``Time control:`` (value and line
    number, by lower-case field name) and FESA's title line (name, dates, line number)."""

    meta: Mapping[str, tuple[str, int]]
    title: tuple[str, str, int] | None


def _read_preamble(lines: list[str]) -> _Preamble:
    meta: dict[str, tuple[str, int]] = {}
    title: tuple[str, str, int] | None = None
    for number, line in enumerate(lines, start=1):
        match = _META.match(line)
        if match:
            meta[match.group(1).lower()] = (match.group(2).strip(), number)
        elif line.strip() and title is None:
            # FESA's own tables begin with "<event> : <first day>[/<last day>]".
            event_name, colon, when = line.strip().rpartition(" : ")
            if colon and event_name.strip() and _TITLE_DATE.match(when.strip()):
                title = (event_name.strip(), when.strip(), number)
    return _Preamble(meta, title)


@dataclass(frozen=True)
class _Columns:
    """What the header says: where the name and ``Nat`` columns start, how many round
    columns follow ``ELO``, and whether ``MMS`` and ``+/-`` columns follow them."""

    text: str
    at: Location
    name_start: int
    nat_start: int
    rounds: int
    has_mms: bool
    has_change: bool


def _read_columns(header: str, header_at: Location) -> _Columns:
    # The start number and the name are read by position (the columns under 'Nr' and
    # 'Name', up to 'Nat'), and a tab has no fixed width: refuse it there.
    if "\t" in header[: header.find("ELO")]:
        raise MalformedLineError(
            tr(
                "the header has a tab before 'ELO'; a FESA table is fixed width "
                "(the name is read from the columns under 'Name', up to 'Nat'): "
                "write it with spaces"
            ),
            header_at,
            _shown(header.strip()),
        )
    words = header.split()
    name_start = _column(header, "Name")
    nat_start = _column(header, "Nat")
    if "ELO" not in words:
        found = next((w for w in words if "ELO" in w), "")
        raise MalformedLineError(
            tr(
                "the header needs a column headed exactly 'ELO', found {found!r}",
                found=_shown(found),
            ),
            header_at,
            found,
        )
    elo_start = _column(header, "ELO")
    if (
        name_start is None
        or nat_start is None
        or elo_start is None
        or not name_start < nat_start < elo_start
    ):
        raise MalformedLineError(
            tr(
                "the header needs the columns 'Nr Name Nat ... ELO' in that "
                "order (a 'Nat' column after 'Name', before 'ELO')"
            ),
            header_at,
            _shown(header.strip()),
        )
    after_elo = words[words.index("ELO") + 1 :]
    rounds = 0
    for word in after_elo:
        if word != str(rounds + 1):
            break
        rounds += 1
    tail = after_elo[rounds:]
    return _Columns(
        text=header,
        at=header_at,
        name_start=name_start,
        nat_start=nat_start,
        rounds=rounds,
        has_mms="MMS" in tail or "MM" in tail,
        has_change="+/-" in tail,
    )


@dataclass(frozen=True)
class _Row:
    """A player row as read, before the names' layout is known."""

    pid: str
    name: str
    rating: int | None
    nat: str | None
    extra: dict[str, object]
    name_cells: str


class _Rows:
    """The lines after the header, read one by one: the player rows (their games as
    :class:`GameEntry` records, to be paired) and the promotions."""

    def __init__(self, source: str, columns: _Columns) -> None:
        self.source = source
        self.columns = columns
        self.rows: list[_Row] = []
        self.entries: list[GameEntry] = []
        self.cells_of: dict[str, list[str]] = {}
        self.promotion_lines: list[tuple[str, str, int]] = []
        self.row_lines: dict[str, int] = {}
        self.name_lines: dict[str, tuple[str, int]] = {}
        self.games_of: dict[str, int] = {}

    # -- a promotion line ----------------------------------------------------------------
    def read_promotion(self, promo: re.Match[str], line: str, number: int) -> None:
        """``Promoting <Name> to <grade>``."""
        who, _unused, grade_text = promo.group(1).strip().rpartition(" to ")
        if not who.strip():
            raise MalformedLineError(
                tr("expected 'Promoting <Name> to <grade>'"),
                Location(self.source, number),
                _shown(line.strip()),
            )
        grade = parse_grade(_shown(grade_text), Location(self.source, number, "grade"))
        self.promotion_lines.append((who.strip(), grade.name, number))

    # -- a player row --------------------------------------------------------------------
    def read_player_row(self, line: str, number: int) -> None:
        """Start number, name, then Nat, grade and ELO, the round cells, and MMS, Pts and
        +/-."""
        where = Location(self.source, number)
        pid = self._start_number(line, number, where)
        full_name, name_cells = self._name(line, pid, number, where)
        tokens = line[self.columns.nat_start :].split()
        nat, grade, rating, published_rating, i = self._nat_grade_elo(tokens, pid, number)
        rounds = self.columns.rounds
        cells = tokens[i : i + rounds]
        points = self._round_cells(cells, pid, full_name, line, number, where)
        extra: dict[str, object] = {"start_number": int(pid)}
        if grade is not None:
            extra["grade"] = grade
        if published_rating is not None:
            extra["published_rating"] = published_rating
        self._scores(tokens[i + rounds :], pid, full_name, points, number, where, extra)
        self.rows.append(_Row(pid, full_name, rating, nat, extra, name_cells))
        self.row_lines[pid] = number

    def _start_number(self, line: str, number: int, where: Location) -> str:
        """The start number under ``Nr`` (1 to 999,999), used once, and the row's columns
        lined up with the header's up to ``Nat``."""
        name_start, nat_start = self.columns.name_start, self.columns.nat_start
        lead = re.match(r"\s*([0-9]*)", line).group(1)  # type: ignore[union-attr]
        if len(lead) > MAX_START_DIGITS:
            raise InvalidValueError(
                tr(
                    (
                        "start number {start!r}: start numbers run from 1 to {highest:,} "
                        "(0 stands for no opponent)"
                    ),
                    start=_shown(lead),
                    highest=10**MAX_START_DIGITS - 1,
                ),
                Location(self.source, number, "Nr"),
                _shown(lead),
            )
        start = line[:name_start].strip()
        if not _DIGITS.match(start):
            raise MalformedLineError(
                tr(
                    "expected a player row starting with his number, got {row!r}",
                    row=_shown(line.strip(), 30),
                ),
                where,
                _shown(line.strip()),
            )
        if len(start) > MAX_START_DIGITS or int(start) == 0:
            raise InvalidValueError(
                tr(
                    (
                        "start number {start!r}: start numbers run from 1 to {highest:,} "
                        "(0 stands for no opponent)"
                    ),
                    start=_shown(start),
                    highest=10**MAX_START_DIGITS - 1,
                ),
                Location(self.source, number, "Nr"),
                _shown(start),
            )
        pid = str(int(start))
        if len(line) > name_start and not (
            line[name_start - 1].isspace() or line[name_start].isspace()
        ):
            raise MalformedLineError(
                tr(
                    "the start number runs into the 'Name' column (the row's columns "
                    "do not line up with the header's)"
                ),
                where,
                _shown(line.strip()),
            )
        if "\t" in line[:nat_start]:
            raise MalformedLineError(
                tr(
                    (
                        "player {pid}: a tab before the 'Nat' column; a FESA table is "
                        "fixed width (the name is read from the columns under 'Name', up "
                        "to 'Nat'): write it with spaces"
                    ),
                    pid=pid,
                ),
                where,
                _shown(line.strip()),
            )
        if pid in self.row_lines:
            raise DuplicatePlayerError(
                tr(
                    ("start number {pid} is used twice (line {first_line} and this line)"),
                    pid=pid,
                    first_line=self.row_lines[pid],
                ),
                Location(self.source, number, "Nr"),
                pid,
            )
        return pid

    def _name(self, line: str, pid: str, number: int, where: Location) -> tuple[str, str]:
        """The name in the columns under ``Name`` (up to ``Nat``), and those columns as
        written; two rows may not share a name (the player file joins on it)."""
        name_start, nat_start = self.columns.name_start, self.columns.nat_start
        name_cells = line[name_start:nat_start]
        full_name = " ".join(name_cells.split())
        if not full_name:
            raise MalformedLineError(
                tr("player {pid} has no name in the columns under 'Name'", pid=pid), where, pid
            )
        if (
            len(line) > nat_start
            and not line[nat_start - 1].isspace()
            and not line[nat_start].isspace()
        ):
            raise MalformedLineError(
                tr(
                    (
                        "player {pid}: the name runs into the 'Nat' column (the row's "
                        "columns do not line up with the header's)"
                    ),
                    pid=pid,
                ),
                where,
                _shown(line[name_start:].strip()),
            )
        key = normalise_name(full_name)
        if key in self.name_lines:
            other, other_line = self.name_lines[key]
            raise DuplicatePlayerError(
                tr(
                    (
                        "players {first} and {second} are both named {name!r} (line "
                        "{first_line} and this line); the player file joins on the name, "
                        "so the table must tell them apart"
                    ),
                    first=other,
                    second=pid,
                    name=_shown(full_name),
                    first_line=other_line,
                ),
                Location(self.source, number, "Name"),
                full_name,
            )
        self.name_lines[key] = (pid, number)
        return full_name, name_cells

    def _nat_grade_elo(
        self, tokens: list[str], pid: str, number: int
    ) -> tuple[str | None, str | None, int | None, int | None, int]:
        """Nat, grade and ELO (each may be missing): the federation, the grade's name, the
        rating before (or, with a ``*``, the published rating after), and the index of the
        first round cell."""
        i = 0
        nat = None
        if i < len(tokens) and tokens[i].isalpha():
            nat = tokens[i]
            i += 1
        grade_text = None
        if i + 1 < len(tokens) and _DIGITS.match(tokens[i]) and tokens[i + 1].isalpha():
            grade_text = f"{tokens[i]} {tokens[i + 1]}"
            i += 2
        elif i < len(tokens) and _GRADE_WORD.match(tokens[i]):
            grade_text = tokens[i]
            i += 1
        grade = None
        if grade_text is not None:
            # parse_grade reads the number; more than two digits is no grade of FESA's.
            digits = re.match(r"[0-9]+", grade_text).group()  # type: ignore[union-attr]
            grade = parse_grade(
                grade_text if len(digits) <= 2 else _shown(grade_text, 12),
                Location(self.source, number, "Grade"),
            ).name
        rating = None
        published_rating = None
        elo = _ELO.match(tokens[i]) if i < len(tokens) else None
        if elo:
            value, star = elo.groups()
            if len(value.lstrip("-")) > 5 or abs(int(value)) > RATING_LIMIT:
                raise InvalidValueError(
                    tr(
                        (
                            "player {pid}: rating {rating} is out of range (a FESA rating "
                            "lies between -{rating_limit} and {rating_limit})"
                        ),
                        pid=pid,
                        rating=_shown(value),
                        rating_limit=RATING_LIMIT,
                    ),
                    Location(self.source, number, "ELO"),
                    _shown(value),
                )
            if star:
                published_rating = int(value)
            else:
                rating = int(value)
            i += 1
        return nat, grade, rating, published_rating, i

    def _round_cells(
        self, cells: list[str], pid: str, full_name: str, line: str, number: int, where: Location
    ) -> int:
        """One cell a round: the opponent's number and ``+``, ``-`` or ``=`` (``0`` an
        unplayed round); each becomes a :class:`GameEntry`.  The points, in halves."""
        rounds = self.columns.rounds
        if len(cells) < rounds:
            raise MalformedLineError(
                tr(
                    ("player {pid} ({name}): {cells} round cells, the header has {rounds}"),
                    pid=pid,
                    name=_shown(full_name),
                    cells=len(cells),
                    rounds=rounds,
                ),
                where,
                _shown(line.strip()),
            )
        source = self.source
        entries = self.entries
        points = 0  # in halves
        played = 0
        for round_, cell in enumerate(cells, start=1):
            match = _CELL.match(cell)
            # Tens of thousands of cells in a big table: the frozen records are built
            # without their per-field setattr (the same objects, see ratingkit.core.fastbuild).
            at = build(Location, {"file": source, "line": number, "column": f"round {round_}"})
            if not match:
                _bad_cell(cell, at)
            opponent, sign = match.groups()
            halves = _HALVES[sign]
            points += halves
            opponent = str(int(opponent))
            fields: dict[str, object]
            if opponent == "0":
                fields = {**_BYE_ENTRY, "opponent": None, "bye": _BYE_KINDS[sign]}
            elif opponent == pid:
                raise InvalidValueError(
                    tr(
                        "player {pid} cannot play himself (round {round} cell {cell!r})",
                        pid=pid,
                        round=round_,
                        cell=cell,
                    ),
                    at,
                    cell,
                )
            else:
                fields = {**_GAME_ENTRY, "opponent": opponent}
                played += 1
            fields.update(round=round_, player=pid, score=halves / 2, location=at)
            entries.append(build(GameEntry, fields))
        self.games_of[pid] = played
        self.cells_of[pid] = cells
        return points

    def _scores(
        self,
        rest: list[str],
        pid: str,
        full_name: str,
        points: int,
        number: int,
        where: Location,
        extra: dict[str, object],
    ) -> None:
        """``MMS`` (where the header has it), ``Pts`` (checked: MMS plus the round cells'
        points) and ``+/-`` (where the header has it); nothing may follow."""
        source, columns = self.source, self.columns
        mms = None
        if columns.has_mms and rest:
            mms = _parse_half(rest.pop(0), Location(source, number, "MMS"), "MMS")
            extra["mms"] = _halves_value(mms)
        if rest:
            pts_text = rest.pop(0)
            pts = _parse_half(pts_text, Location(source, number, "Pts"), "Pts")
            extra["pts"] = _halves_value(pts)
            _check_pts(
                pid, full_name, pts, mms, points, columns.has_mms, Location(source, number, "Pts")
            )
        if columns.has_change and rest:
            change = rest.pop(0)
            if not _CHANGE.match(change) or abs(int(change)) > RATING_LIMIT:
                raise InvalidValueError(
                    tr(
                        (
                            "cannot read the change {change!r} (expected e.g. +12, -2, 0, "
                            "within +-{rating_limit})"
                        ),
                        change=_shown(change),
                        rating_limit=RATING_LIMIT,
                    ),
                    Location(source, number, "+/-"),
                    _shown(change),
                )
            extra["published_change"] = int(change)
        if rest:
            unexpected = " ".join(rest)
            raise MalformedLineError(
                tr("unexpected text {text!r} after the last column", text=_shown(unexpected)),
                where,
                _shown(unexpected),
            )

    # -- what needs every row ------------------------------------------------------------
    def players(self) -> list[Player]:
        """The players, each with his name's layout (last and first name).  FESA's program
        pads every last name to the longest one and one space, so the column where most
        rows' first names start (after a gap of two or more spaces) is where each row's
        last name ends, the longest one's too."""
        starts = Counter(m.end() for row in self.rows if (m := _GAP.search(row.name_cells)))
        first_column = starts.most_common(1)[0][0] if starts else None
        players = []
        for row in self.rows:
            row.extra["name_layout"] = _name_layout(row.name_cells, first_column)
            players.append(
                Player(
                    id=row.pid,
                    name=row.name,
                    rating=row.rating,
                    federation=row.nat,
                    extra=row.extra,
                )
            )
        if not players:
            raise MalformedLineError(
                tr("no player rows: no line after the header starts with a start number"),
                self.columns.at,
                _shown(self.columns.text.strip()),
            )
        return players

    def check_opponents(self) -> None:
        """Every round cell names a player of the table."""
        for entry in self.entries:
            if entry.opponent is not None and entry.opponent not in self.row_lines:
                cell = self.cells_of[entry.player][entry.round - 1]
                raise UnknownPlayerError(
                    tr(
                        ("round cell {cell!r} names player {opponent}, who is not in the table"),
                        cell=cell,
                        opponent=entry.opponent,
                    ),
                    entry.location,
                    cell,
                )

    def promotions(self) -> list[tuple[str, str]]:
        """The promotions (name as written, grade), each of a player of the table."""
        promotions: list[tuple[str, str]] = []
        for who, grade, number in self.promotion_lines:
            if normalise_name(who) not in self.name_lines:
                raise UnknownPlayerError(
                    tr("promotion of {name!r}, who is not in the table", name=_shown(who)),
                    Location(self.source, number),
                    _shown(who),
                )
            promotions.append((who, grade))
        return promotions


def _bad_cell(cell: str, at: Location) -> NoReturn:
    """A round cell that is not ``<number><sign>``: a handicap cell is named as such."""
    if "(" in cell:
        raise MalformedLineError(
            tr(
                (
                    "round cell {cell!r} gives a handicap: handicap games are not "
                    "read from FESA tables; give the event as a CSV pair with "
                    "handicap and giver columns"
                ),
                cell=_shown(cell),
            ),
            at,
            _shown(cell),
        )
    raise MalformedLineError(
        tr(
            (
                "cannot read round cell {cell!r} (expected the opponent's "
                "number and +, - or =, e.g. 12+)"
            ),
            cell=_shown(cell),
        ),
        at,
        _shown(cell),
    )


def _event(
    name: str,
    source: str,
    lines: list[str],
    preamble: _Preamble,
    columns: _Columns,
    players: list[Player],
    games: tuple[Game, ...],
    byes: tuple[Bye, ...],
    promotions: list[tuple[str, str]],
    origin: EventOrigin,
    games_of: Mapping[str, int],
) -> Event:
    """The event: its name and dates (an ``Event:`` and a ``Date:`` line, else the title
    line), what the table publishes, and its type (round robin when every pair met)."""
    meta, title = preamble.meta, preamble.title
    extra_event: dict[str, object] = {"rounds_in_header": columns.rounds}
    origin = replace(origin, game_evidence=N_("a FESA table"))
    if promotions:
        extra_event["published_promotions"] = tuple(promotions)
    start_date = None
    if "date" in meta:
        value, number = meta["date"]
        start_date = parse_date(value, Location(source, number, "Date"))
    if "time control" in meta:
        extra_event["time_control"] = meta["time control"][0]
    end_date = None
    if "event" in meta:
        name = meta["event"][0]
        extra_event["title_line"] = True
    elif title is not None:
        name, when, number = title
        extra_event["title"] = lines[number - 1].strip()
        if start_date is None:
            start_date, end_date = _title_dates(when, Location(source, number))
    # A complete round robin needs every player to have met the n - 1 others: a table where
    # somebody played fewer games is Swiss without comparing every pair of players.
    n = len(players)
    maybe_round_robin = n >= 2 and all(games_of.get(p.id, 0) >= n - 1 for p in players)
    event = Event(
        name=name,
        players=tuple(players),
        games=games,
        byes=byes,
        rounds=columns.rounds,
        type=EventType.SWISS,
        start=start_date,
        end=end_date,
        source=source,
        extra=extra_event,
        origin=replace(origin, type_note=_("event type swiss (detected from the table)")),
        local_ids=True,
        # A FESA tournament table is of a shogi event (FESA rule 1).
        game=GameKind.SHOGI,
    )
    if maybe_round_robin and is_complete_round_robin(event):
        event = replace(
            event,
            type=EventType.ROUND_ROBIN,
            origin=replace(origin, type_note=_("event type round robin (detected from the table)")),
        )
    return event


def _name_layout(cells: str, first_column: int | None) -> tuple[str, str]:
    """Last and first name of a row's name columns: split at the table's first-name column
    where the row has a space before it and a letter in it, else at its first gap of two or
    more spaces."""
    if (
        first_column is not None
        and 0 < first_column < len(cells)
        and cells[first_column - 1] == " "
        and not cells[first_column].isspace()
        and cells[:first_column].strip()
    ):
        return (" ".join(cells[:first_column].split()), " ".join(cells[first_column:].split()))
    parts = [x for x in re.split(r"\s{2,}", cells.strip()) if x]
    return (parts[0] if parts else "", " ".join(parts[1:]))


def _title_dates(when: str, where: Location) -> tuple[date, date | None]:
    """The first and last day of a FESA title line's ``2024-04-20/21`` (a last day below the
    first is in the next month)."""
    first, _unused, last = when.partition("/")
    start = parse_date(first, where)
    if not last:
        return start, None
    day = int(last)
    year, month = (
        (start.year, start.month)
        if day >= start.day
        else (
            start.year + (start.month == 12),
            start.month % 12 + 1,
        )
    )
    try:
        return start, date(year, month, day)
    except ValueError:
        raise InvalidValueError(
            tr("impossible last day {last!r} in the title's dates {when!r}", last=last, when=when),
            where,
            when,
        ) from None


def _check_pts(
    pid: str,
    name: str,
    pts: int,
    mms: int | None,
    points: int,
    has_mms: bool,
    where: Location,
) -> None:
    """``Pts`` is the McMahon score: ``MMS`` plus the points of the round cells (a game 1, 1/2
    or 0; an unplayed round ``0+`` 1, ``0=`` 1/2, ``0-`` 0).  A table without an MMS column
    counts MMS 0.  Every score here is counted in halves."""
    start = mms if mms is not None else 0
    if pts == start + points:
        return
    if has_mms:
        message = tr(
            "player {pid} ({name}): Pts {pts} in the file, but MMS {mms} + the round cells' "
            "{points} points = {total} (Pts is the McMahon score, MMS plus the points; a game "
            "counts 1, 1/2 or 0; an unplayed round 0+ 1, 0= 1/2, 0- 0)",
            pid=pid,
            name=_shown(name),
            pts=_halves_text(pts),
            mms=_halves_text(start),
            points=_halves_text(points),
            total=_halves_text(start + points),
        )
    else:
        message = tr(
            "player {pid} ({name}): Pts {pts} in the file, but the round cells give {points} "
            "(a game counts 1, 1/2 or 0; an unplayed round 0+ 1, 0= 1/2, 0- 0); the table has "
            "no MMS column",
            pid=pid,
            name=_shown(name),
            pts=_halves_text(pts),
            points=_halves_text(points),
        )
    raise InvalidValueError(message, where, _halves_text(pts))


register_format(
    Format(
        name="fesa",
        description=N_("FESA result table (fixed width: Nr Name Nat Grade ELO rounds MMS Pts +/-)"),
        suffixes=(".fesa",),
        read=read_fesa_table,
        sniff=_sniff,
        write=write_fesa_table,
    )
)
