"""FESA's fixed-width result table (format ``fesa``; RULES.md section 3).

::

    Nr Name                      Nat  Grade  ELO    1   2   3 MMS Pts   +/-
     1 Tanaka         Aiko       NL   1 Dan  1710   3+  2+  0-  1  2   +12
     3 Moreau         Jules      FR          1180*  1-  4+  2=  0  1.5
    Promoting Tanaka Aiko to 2 Dan

One row a player: start number, name (last name, then first name, in the columns under
``Name``), federation, grade, ``ELO`` (the rating before the event; with a trailing ``*`` the
player is rated by performance and the value is his *new* rating), one cell a round (the
opponent's number followed by ``+``, ``-`` or ``=``; ``0-``/``0+``/``0=`` an unplayed round),
``MMS``, ``Pts`` and ``+/-`` (the published, rounded change; empty in a table not yet rated).
``Pts`` must be the points of the round cells (an unplayed ``0+`` counts 1, ``0=`` 1/2, ``0-``
0); a table whose ``Pts`` contradicts them, or with no player rows, is an error.
``Promoting <Name> to <grade>`` lines follow the table.  Lines before the header may give
``Event: ...``, ``Date: YYYY-MM-DD`` and ``Time control: 30+30``.

Players are identified by their start number; the player file joins on the name as written
(``Tanaka Aiko``).  Published values are kept in ``player.extra`` (``published_change``,
``published_rating``) and ``event.extra["published_promotions"]`` so that the rating report
can compare them.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import InvalidValueError, Location, MalformedLineError, UnknownPlayerError
from ..fileio import read_text
from ..model import ByeKind, Event, GameEntry, Player, assemble_games, is_complete_round_robin
from ..playerfile import normalise_name
from ..shogi import display_grade, parse_grade
from ..values import parse_date, parse_points
from . import Format, register_format

_HEADER = re.compile(r"^\s*Nr\s+Name\b.*\bELO\b")
_CELL = re.compile(r"^(\d+)([+=-])$")
_PROMOTING = re.compile(r"^\s*Promoting\s+(.+?)\s+to\s+(.+?)\s*$", re.IGNORECASE)
_ELO = re.compile(r"^(\d+)(\*?)$")
_CHANGE = re.compile(r"^[+-]?\d+$")
_META = re.compile(r"^\s*(Event|Date|Time control)\s*:\s*(.*?)\s*$", re.IGNORECASE)


def _sniff(path: Path, head: str) -> bool:
    return any(_HEADER.match(line) for line in head.splitlines()[:20])


def read_fesa_table(path: str | Path) -> Event:
    source = str(path)
    return parse_fesa_table(read_text(path), source, Path(path).stem)


def parse_fesa_table(text: str, source: str = "<fesa table>", name: str = "event") -> Event:
    lines = text.split("\n")
    header_index = next((i for i, line in enumerate(lines) if _HEADER.match(line)), None)
    if header_index is None:
        raise MalformedLineError(
            "no header line 'Nr Name ... ELO ...' found", Location(source, 1), lines[0][:40]
        )
    meta: dict[str, str] = {}
    for number, line in enumerate(lines[:header_index], start=1):
        match = _META.match(line)
        if match:
            meta[match.group(1).lower()] = (match.group(2), number)
    header = lines[header_index]
    words = header.split()
    if "Nat" not in words:
        raise MalformedLineError(
            "the header needs a 'Nat' column after 'Name'",
            Location(source, header_index + 1),
            header,
        )
    name_start = header.index("Name")
    nat_start = header.index(" Nat") + 1
    after_elo = words[words.index("ELO") + 1 :]
    rounds = 0
    for word in after_elo:
        if not word.isdigit():
            break
        rounds += 1
    tail = after_elo[rounds:]
    has_mms = "MMS" in tail
    has_change = "+/-" in tail

    players: list[Player] = []
    entries: list[tuple[GameEntry, str, Location]] = []
    promotions: list[tuple[str, str]] = []
    promotion_lines: list[tuple[str, str, int]] = []
    row_lines: dict[str, int] = {}
    for number, line in enumerate(lines[header_index + 1 :], start=header_index + 2):
        if not line.strip():
            continue
        where = Location(source, number)
        promo = _PROMOTING.match(line)
        if promo:
            grade = parse_grade(promo.group(2), Location(source, number, "grade"))
            promotion_lines.append((promo.group(1), grade.name, number))
            continue
        start = line[:name_start].strip()
        if not start.isdigit():
            raise MalformedLineError(
                f"expected a player row starting with his number, got {line.strip()[:30]!r}",
                where,
                line.strip(),
            )
        pid = str(int(start))
        full_name = " ".join(line[name_start:nat_start].split())
        tokens = line[nat_start:].split()
        i = 0
        nat = None
        if i < len(tokens) and tokens[i].isalpha():
            nat = tokens[i]
            i += 1
        grade_text = None
        if i + 1 < len(tokens) and tokens[i].isdigit() and tokens[i + 1].isalpha():
            grade_text = f"{tokens[i]} {tokens[i + 1]}"
            i += 2
        elif i < len(tokens) and re.match(r"^\d+[A-Za-z]+$", tokens[i]):
            grade_text = tokens[i]
            i += 1
        grade = None
        if grade_text is not None:
            grade = parse_grade(grade_text, Location(source, number, "Grade")).name
        rating = None
        published_rating = None
        if i < len(tokens) and _ELO.match(tokens[i]):
            value, star = _ELO.match(tokens[i]).groups()
            if star:
                published_rating = int(value)
            else:
                rating = int(value)
            i += 1
        cells = tokens[i : i + rounds]
        if len(cells) < rounds:
            raise MalformedLineError(
                f"player {pid} ({full_name}): {len(cells)} round cells, the header has {rounds}",
                where,
                line.strip(),
            )
        for round_, cell in enumerate(cells, start=1):
            match = _CELL.match(cell)
            at = Location(source, number, f"round {round_}")
            if not match:
                raise MalformedLineError(
                    f"cannot read round cell {cell!r} (expected the opponent's number and "
                    "+, - or =, e.g. 12+)",
                    at,
                    cell,
                )
            opponent, sign = match.groups()
            score = {"+": 1.0, "=": 0.5, "-": 0.0}[sign]
            if int(opponent) == 0:
                kind = {"+": ByeKind.FULL_POINT, "=": ByeKind.HALF_POINT, "-": ByeKind.ZERO_POINT}
                entry = GameEntry(round_, pid, None, None, score, bye=kind[sign], location=at)
            else:
                entry = GameEntry(round_, pid, str(int(opponent)), None, score, location=at)
            entries.append((entry, cell, at))
        i += rounds
        rest = tokens[i:]
        extra: dict[str, object] = {"start_number": int(pid)}
        if grade is not None:
            extra["grade"] = grade
        if published_rating is not None:
            extra["published_rating"] = published_rating
        if has_mms and rest:
            extra["mms"] = rest.pop(0)
        if rest:
            extra["points"] = parse_points(rest.pop(0), Location(source, number, "Pts"))
        if has_change and rest:
            change = rest.pop(0)
            if not _CHANGE.match(change):
                raise InvalidValueError(
                    f"cannot read the change {change!r} (expected e.g. +12, -2, 0)",
                    Location(source, number, "+/-"),
                    change,
                )
            extra["published_change"] = int(change)
        if rest:
            raise MalformedLineError(
                f"unexpected text {' '.join(rest)!r} after the last column",
                where,
                " ".join(rest),
            )
        name_cells = line[name_start:nat_start]
        parts = [x for x in re.split(r"\s{2,}", name_cells.strip()) if x]
        extra["name_layout"] = (parts[0] if parts else "", " ".join(parts[1:]))
        players.append(Player(id=pid, name=full_name, rating=rating, federation=nat, extra=extra))
        row_lines.setdefault(pid, number)

    if not players:
        raise MalformedLineError(
            "no player rows: no line after the header starts with a start number",
            Location(source, header_index + 1),
            header.strip(),
        )
    ids = {p.id for p in players}
    if len(ids) != len(players):
        seen: set[str] = set()
        for p in players:
            if p.id in seen:
                raise InvalidValueError(
                    f"start number {p.id} is used twice", Location(source), p.id
                )
            seen.add(p.id)
    for entry, cell, at in entries:
        if entry.opponent is not None and entry.opponent not in ids:
            raise UnknownPlayerError(
                f"round cell {cell!r} names player {entry.opponent}, who is not in the table",
                at,
                cell,
            )
    names = {normalise_name(p.name): p for p in players}
    for who, grade, number in promotion_lines:
        if normalise_name(who) not in names:
            raise UnknownPlayerError(
                f"promotion of {who!r}, who is not in the table", Location(source, number), who
            )
        promotions.append((who, grade))
    games, byes = assemble_games(e for e, _, _ in entries)
    extra_event: dict[str, object] = {"rounds_in_header": rounds}
    if promotions:
        extra_event["published_promotions"] = tuple(promotions)
    start_date = None
    if "date" in meta:
        value, number = meta["date"]
        start_date = parse_date(value, Location(source, number, "Date"))
    if "time control" in meta:
        extra_event["time_control"] = meta["time control"][0]
    if "event" in meta:
        name = meta["event"][0]
        extra_event["title_line"] = True
    event = Event(
        name=name,
        players=tuple(players),
        games=games,
        byes=byes,
        rounds=rounds,
        start=start_date,
        source=source,
        extra=extra_event,
        local_ids=True,
    )
    _check_points(event, row_lines, source)
    from dataclasses import replace

    kind = "round robin" if is_complete_round_robin(event) else "swiss"
    return replace(
        event,
        type=event.detected_type(),
        extra={**event.extra, "type_note": f"event type {kind} (detected from the table)"},
    )


def _check_points(event: Event, row_lines: dict[str, int], source: str) -> None:
    """``Pts`` must be the points of the round cells: a game 1, 1/2 or 0; an unplayed round
    ``0+`` 1, ``0=`` 1/2, ``0-`` 0 (as the writer counts them).  ``MMS`` is not checked."""
    for player in event.players:
        written = player.extra.get("points")
        if written is None:
            continue
        counted = event.points(player.id)
        if written != counted:
            raise InvalidValueError(
                f"player {player.id} ({player.name}): Pts {_points_text(written)} in the file, "
                f"but the round cells give {_points_text(counted)} (a game counts 1, 1/2 or 0; "
                "an unplayed round 0+ 1, 0= 1/2, 0- 0)",
                Location(source, row_lines[player.id], "Pts"),
                _points_text(written),
            )


# -- writing ---------------------------------------------------------------------------------


def _cells(event: Event, pid: str) -> list[str]:
    rounds = event.round_count
    out = ["0-"] * rounds
    for game in event.games:
        if game.involves(pid):
            sign = {1.0: "+", 0.5: "=", 0.0: "-"}[game.score_of(pid)]
            out[game.round - 1] = f"{game.opponent_of(pid)}{sign}"
    for bye in event.byes:
        if bye.player == pid:
            out[bye.round - 1] = "0" + {1.0: "+", 0.5: "=", 0.0: "-"}[bye.points]
    return out


def _points_text(points: float) -> str:
    return str(int(points)) if points == int(points) else f"{points:g}"


def write_fesa_table(event: Event, report=None) -> str:
    """The event as a FESA table.  Without ``report`` the table is as read (a table not yet
    rated stays unrated); with a FESA rating report, ``ELO`` gets a ``*`` and the new rating for
    players rated by performance, ``+/-`` the rounded change and ``Promoting`` lines follow.

    Players are written with their start numbers as ids (the ids must be numbers)."""
    for p in event.players:
        if not p.id.isdigit():
            raise InvalidValueError(
                f"a FESA table numbers its players; id {p.id!r} is not a number", None, p.id
            )
    rounds = event.round_count
    has_mms = any("mms" in p.extra for p in event.players)
    header = f"{'Nr':<2} {'Name':<26}{'Nat':<3}{'Grade':>7}{'ELO':>5} "
    header += "".join(f"{r:>4}" for r in range(1, rounds + 1))
    header += (" MMS" if has_mms else "") + " Pts   +/-"
    lines = []
    if event.extra.get("title_line"):
        lines.append(f"Event: {event.name}")
        if event.start is not None:
            lines.append(f"Date: {event.start.isoformat()}")
        if event.extra.get("time_control"):
            lines.append(f"Time control: {event.extra['time_control']}")
        lines.append("")
    lines.append(header.rstrip())
    promotions: list[tuple[str, str]] = []
    rows = {}
    if report is not None:
        rows = {row["id"]: row for row in report.players.rows}
        for row in report.section("promotions").rows:
            promotions.append((row["name"], row["to_grade"]))
    elif event.extra.get("published_promotions"):
        promotions = list(event.extra["published_promotions"])
    for p in sorted(event.players, key=lambda p: int(p.id)):
        last, first = p.extra.get("name_layout") or _split_name(p.name)
        grade_text = ""
        if p.extra.get("grade"):
            grade_text = display_grade(parse_grade(str(p.extra["grade"])).number)
        change = ""
        star = False
        elo = p.rating
        if report is not None:
            row = rows[p.id]
            # A player rated by performance, or (fesa-program) a newcomer without a game
            # given 1 or his prior grade's MP, as FESA's program marks them.
            if row["category"] == "unrated" and (
                row["games"] or (row["rating_before"] is None and row["rating_after"] is not None)
            ):
                star, elo = True, row["rating_after"]
            elif row["games"] and row["rating_before"] is not None:
                change = f"{row['rating_after'] - row['rating_before']:+d}"
                change = "0" if change == "+0" else change
        else:
            if p.extra.get("published_rating") is not None:
                star, elo = True, p.extra["published_rating"]
            if p.extra.get("published_change") is not None:
                value = int(p.extra["published_change"])
                change = "0" if value == 0 else f"{value:+d}"
        line = f"{p.id:>2} {last:<15}{first:<11}{(p.federation or ''):<3}{grade_text:>7}"
        line += f"{'' if elo is None else elo:>6}{'*' if star else ' '}"
        line += "".join(f"{c:>4}" for c in _cells(event, p.id))
        if has_mms:
            line += f"{p.extra.get('mms', '0')!s:>3}"
        line += f"  {_points_text(event.points(p.id)):<3}{change:>4}"
        lines.append(line.rstrip())
    for who, grade in promotions:
        grade_text = display_grade(parse_grade(str(grade)).number)
        lines.append(f"Promoting {who} to {grade_text}")
    return "\n".join(lines) + "\n"


def _split_name(name: str) -> tuple[str, str]:
    parts = name.split(maxsplit=1)
    return (parts[0], parts[1] if len(parts) > 1 else "")


register_format(
    Format(
        name="fesa",
        description="FESA result table (fixed width: Nr Name Nat Grade ELO rounds MMS Pts +/-)",
        suffixes=(".fesa",),
        read=read_fesa_table,
        sniff=_sniff,
        write=write_fesa_table,
    )
)
