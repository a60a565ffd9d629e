"""Writing a FESA result table (format ``fesa``; the FESA rating rules, "Result table
format"): :func:`write_fesa_table`, and :func:`mcmahon_table`, each player's McMahon score as
the table gives it.  The reader is :mod:`.fesatable`, which registers the format with both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import InvalidValueError
from ..core.extras import (
    FesaTableHeader,
    FesaTableRow,
    PublishedPromotions,
    PublishedRow,
    RateOfPlay,
)
from ..core.i18n import N_, _, tr
from ..core.model import Event, Player
from ..core.outcome import promotions_of, rated_by_performance
from ..core.shogi import display_grade, parse_grade
from .fesatable_values import (
    _DIGITS,
    MAX_START_DIGITS,
    RATING_LIMIT,
    _halves_text,
    _halves_value,
    _shown,
)

if TYPE_CHECKING:
    from ..core.report import Report, Table


def _cells_and_points(event: Event) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Each player's round cells and points (in halves), in one pass over the games and
    byes."""
    rounds = event.round_count
    cells = {p.id: ["0-"] * rounds for p in event.players}
    points = {p.id: 0 for p in event.players}
    signs = {1.0: "+", 0.5: "=", 0.0: "-"}
    for game in event.games:
        for pid in game.players:
            score = game.score_of(pid)
            cells[pid][game.round - 1] = f"{game.opponent_of(pid)}{signs[score]}"
            points[pid] += int(score * 2)
    for bye in event.byes:
        cells[bye.player][bye.round - 1] = "0" + signs[bye.points]
        points[bye.player] += int(bye.points * 2)
    return cells, points


def _check_writable(event: Event) -> None:
    for p in event.players:
        if not (_DIGITS.match(p.id) and len(p.id) <= MAX_START_DIGITS and str(int(p.id)) == p.id):
            raise InvalidValueError(
                tr(
                    (
                        "a FESA table numbers its players from 1 to {highest:,}; id "
                        "{id!r} is not such a number"
                    ),
                    highest=10**MAX_START_DIGITS - 1,
                    id=_shown(p.id),
                ),
                None,
                p.id,
            )
        if p.id == "0":
            raise InvalidValueError(
                tr("a FESA table numbers its players from 1 (0 stands for no opponent)"), None, p.id
            )
        if not " ".join(p.name.split()):
            raise InvalidValueError(tr("player {id} has no name", id=p.id), None, p.id)
        if p.federation and not p.federation.isalpha():
            raise InvalidValueError(
                tr(
                    ("player {id}: a FESA table's Nat is letters only, got {federation!r}"),
                    id=p.id,
                    federation=p.federation,
                ),
                None,
                p.federation,
            )
        published = PublishedRow.of(p).rating
        for what, value in ((N_("rating"), p.rating), (N_("rating"), published)):
            if value is not None and abs(int(value)) > RATING_LIMIT:
                raise InvalidValueError(
                    tr(
                        (
                            "player {id}: {what} {rating} is out of range (a FESA rating lies "
                            "between -{rating_limit} and {rating_limit})"
                        ),
                        id=p.id,
                        what=_(what),
                        rating=value,
                        rating_limit=RATING_LIMIT,
                    ),
                    None,
                    value,
                )


def _layout(player: Player) -> tuple[str, str]:
    """Last and first name as the row writes them: the layout read from a table where it
    still gives the player's name, else the first word and the rest."""
    name = " ".join(player.name.split())
    layout = FesaTableRow.of(player).name_layout
    if layout and " ".join(f"{layout[0]} {layout[1]}".split()) == name:
        return (" ".join(layout[0].split()), " ".join(layout[1].split()))
    parts = name.split(maxsplit=1)
    return (parts[0], parts[1] if len(parts) > 1 else "")


def _mms_halves(player: Player) -> int:
    """The player's McMahon start score in halves (0 where he has none)."""
    value = FesaTableRow.of(player).mms
    try:
        halves = float(value) * 2
        if halves == int(halves) and abs(halves) <= 2 * RATING_LIMIT:
            return int(halves)
    except (TypeError, ValueError, OverflowError):
        pass
    raise InvalidValueError(
        tr(
            ("player {id}: MMS must be a multiple of 1/2 within +-{rating_limit}, got {mms!r}"),
            id=player.id,
            rating_limit=RATING_LIMIT,
            mms=value,
        ),
        None,
        value,
    )


def mcmahon_table(event: Event) -> Table:
    """Each player's McMahon score as a FESA table gives it: ``MMS`` (the start score, 0 where
    the table has no MMS column), the points of his round cells (a game 1, 1/2 or 0; an
    unplayed ``0+`` 1, ``0=`` 1/2, ``0-`` 0) and ``Pts``, their sum (the value the table
    carries where it was read from one, which the reader has checked)."""
    from ..core.report import Table

    _cells, points = _cells_and_points(event)
    rows = []
    for p in sorted(
        event.players, key=lambda p: (not p.id.isdigit(), int(p.id) if p.id.isdigit() else 0, p.id)
    ):
        mms = _mms_halves(p)
        pts = FesaTableRow.of(p).pts
        rows.append(
            {
                "Nr": p.id,
                "name": p.name,
                "MMS": _halves_value(mms),
                "points": _halves_value(points[p.id]),
                "Pts": pts if pts is not None else _halves_value(mms + points[p.id]),
            }
        )
    return Table(
        tr("{event}: Pts = MMS + points (McMahon score)", event=event.name),
        ("Nr", "name", "MMS", "points", "Pts"),
        tuple(rows),
    )


def write_fesa_table(event: Event, report: Report | None = None) -> str:
    """The event as a FESA table.  Without ``report`` the table is as read (a table not yet
    rated stays unrated); with a FESA rating report, ``ELO`` gets a ``*`` and the new rating for
    players rated by performance, ``+/-`` the rounded change and ``Promoting`` lines follow.

    ``MMS`` is the McMahon start score the event's players carry
    (:class:`~ratingkit.core.extras.FesaTableRow`, 0 where absent) and ``Pts`` the McMahon
    score, MMS plus the player's points.  Columns widen as the values need (long names,
    4-digit start numbers), so that what is written reads back as the same event.  Players
    are written with their start numbers as ids (the ids must be numbers from 1)."""
    _check_writable(event)
    rounds = event.round_count
    cells, points = _cells_and_points(event)
    promotions: list[tuple[str, str]] = []
    # The report's typed outcome: each player's result and category (FESA rule 3) and the
    # event's promotions of rule 10, in the order they happened.
    results: dict[str, Any] = {}
    if report is not None:
        outcome = report.outcome
        results = {player.id: player for player in outcome.players}
        for promotion in promotions_of(outcome.detail):
            promoted = (str(promotion.name), display_grade(promotion.to_grade))
            # One line a player: a player promoted several grades in one event is published
            # with the last (FESA's program replaces his previous line).
            if promotions and promotions[-1][0] == promoted[0]:
                promotions[-1] = promoted
            else:
                promotions.append(promoted)
    else:
        promotions = list(PublishedPromotions.of(event).promotions)

    rows = []
    for p in sorted(event.players, key=lambda p: int(p.id)):
        last, first = _layout(p)
        grade_text = ""
        published_row = PublishedRow.of(p)
        if published_row.grade:
            grade_text = display_grade(parse_grade(published_row.grade).number)
        change = ""
        star = False
        elo: Any = p.rating
        if report is not None:
            result = results[p.id]
            # A player rated by performance, or (fesa-program) a newcomer without a game
            # given 1 or his prior grade's MP, as FESA's program marks them.
            if rated_by_performance(result) and (
                result.games or (result.rating_before is None and result.rating_after is not None)
            ):
                star, elo = True, result.rating_after
            elif result.games and result.rating_before is not None:
                change = f"{result.rating_after - result.rating_before:+d}"
                change = "0" if change == "+0" else change
        else:
            if published_row.rating is not None:
                star, elo = True, published_row.rating
            if published_row.change is not None:
                value = published_row.change
                change = "0" if value == 0 else f"{value:+d}"
        mms = _mms_halves(p)
        rows.append(
            {
                "id": p.id,
                "last": last,
                "first": first,
                "nat": p.federation or "",
                "grade": grade_text,
                "elo": "" if elo is None else str(elo),
                "star": "*" if star else " ",
                "cells": cells[p.id],
                "mms": _halves_text(mms),
                "pts": _halves_text(mms + points[p.id]),
                "change": change,
            }
        )

    def width(key: str, least: int, pad: int = 0) -> int:
        return max([least, *(len(r[key]) + pad for r in rows)])

    # The defaults are FESA's own widths; a wider value widens its column, and two spaces
    # keep the last name apart from the first (the reader splits the name there).
    nr_w = width("id", 2)
    last_w = width("last", 15, 2)
    first_w = width("first", 11, 1)
    nat_w = width("nat", 3)
    grade_w = width("grade", 7, 1)
    elo_w = width("elo", 6, 1)
    cell_w = max([4, *(len(c) + 1 for r in rows for c in r["cells"])])
    mms_w = width("mms", 3, 1)
    pts_w = width("pts", 3)
    # Pts is left-aligned, +/- right-aligned: a space between them where Pts fills its column.
    change_w = width("change", 4, 1 if width("pts", 0) >= pts_w else 0)

    header = f"{'Nr':<{nr_w}} {'Name':<{last_w + first_w}}{'Nat':<{nat_w}}"
    header += f"{'Grade':>{grade_w}}{'ELO':>{elo_w - 1}} "
    header += "".join(f"{r:>{cell_w}}" for r in range(1, rounds + 1))
    header += " MMS Pts   +/-"
    lines = []
    table_header = FesaTableHeader.of(event)
    if table_header.title_line:
        lines.append(f"Event: {event.name}")
        if event.start is not None:
            lines.append(f"Date: {event.start.isoformat()}")
        time_control = RateOfPlay.of(event).time_control
        if time_control:
            lines.append(f"Time control: {time_control}")
        lines.append("")
    elif table_header.title:
        lines.append(table_header.title)
    lines.append(header.rstrip())
    for r in rows:
        line = f"{r['id']:>{nr_w}} {r['last']:<{last_w}}{r['first']:<{first_w}}"
        line += f"{r['nat']:<{nat_w}}{r['grade']:>{grade_w}}{r['elo']:>{elo_w}}{r['star']}"
        line += "".join(f"{c:>{cell_w}}" for c in r["cells"])
        line += f"{r['mms']:>{mms_w}}  {r['pts']:<{pts_w}}{r['change']:>{change_w}}"
        lines.append(line.rstrip())
    for who, grade in promotions:
        grade_text = display_grade(parse_grade(str(grade)).number)
        lines.append(f"Promoting {who} to {grade_text}")
    return "\n".join(lines) + "\n"
