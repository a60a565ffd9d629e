"""The club records of the LNMO shogi club (format ``club``): ``games.csv`` and ``players.csv``.

``games.csv`` has the header ``date,event,round,white,black,result`` and lists the club's games
over any number of evenings and events; optional columns:

========== ===============================================================================
kind       ``rated`` (default), ``handicap`` (a game of a handicap event) or
           ``qualification`` (a qualification game against a club instructor, rule 1a)
handicap   the handicap played (qualification: as rule 1a writes it, ``RB``, ``(GKG)`` ...)
giver      who gives the handicap: ``white``, ``black`` or an id (default: the player with
           the stronger grade in ``players.csv``)
kinte_white, kinte_black
           illegal moves of each player in the game, take-backs counted as the club counts
           them (rules 5, 5a)
agreed     yes/no: both players agreed beforehand that the game is rated (rule 4)
========== ===============================================================================

Results: ``1-0``, ``0-1``, the forfeits ``+/-``, ``-/+``, ``-/-``, and ``sennichite`` or
``jishogi`` (rule 2a: no change).  A plain draw is refused: a shogi game ends in a win,
sennichite or jishogi.  Other columns are kept with the game.

``players.csv`` is the player file of :mod:`ratingkit.core.players` with ``id,name,grade`` (the
LNMO grade, 7 to 20 kyu), ``rating`` where it differs from the grade's table-1 rating, and
``prior_grade`` for a FESA grade (rule 6).  It serves as the player file of the rating.

The games of several events share round numbers, so each game's ``round`` in the event model
is its place in the season (by date, event and round); the file's round is kept in
``game.extra["event_round"]``.  The input path is the games file or the folder holding both
files, as for the plain CSV pair.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.clubterms import game_terms, parse_grade
from ..core.errors import InvalidValueError, Location, UnknownResultError
from ..core.fastbuild import collector_paused
from ..core.fileio import Reads, files_read, main_encoding, read_csv_table, read_text_into
from ..core.i18n import N_, _, tr
from ..core.model import Event, EventOrigin, EventType, Game, Handicap, Special, parse_result
from ..core.outcome import GameKind
from ..core.players import PlayerFile
from ..core.values import parse_date, parse_round
from . import Format, register_format
from .csvpair import header_columns, players_from_roster, read_pair_roster, resemblance
from .eventfields import with_read_notes

GAME_COLUMNS = ("date", "event", "round", "white", "black", "result")
SPECIAL_RESULTS = {"sennichite": Special.SENNICHITE, "jishogi": Special.JISHOGI_REPLAYED}


@collector_paused()
def read_club(path: str | Path, encoding: str | None = None) -> Event:
    """Read the club's records into one :class:`~ratingkit.core.model.Event` (type ``club``);
    ``encoding`` overrides the detected encoding of both files."""
    reads: Reads = []
    games_path, _unused, roster = read_pair_roster(Path(path), encoding, reads)
    name = games_path.parent.name if games_path.name == "games.csv" else games_path.stem
    text = read_text_into(games_path, encoding, reads)
    event = club_event(text, roster, name or "club", str(games_path))
    origin = replace(event.origin, files=files_read(reads), encoding=main_encoding(reads))
    return with_read_notes(replace(event, origin=origin), reads)


def club_event(
    games_text: str, roster: PlayerFile, name: str = "club", source: str = "<games>"
) -> Event:
    """The club's games (the text of a ``games.csv``) with their players (a player file with
    ``id,name,grade``) as one event.  ``read_club`` reads both from files; the club-evening
    widget builds them from its table."""
    grades = {}
    for record in roster:
        where = record.location or Location(roster.source)
        if record.grade:
            grades[record.id] = parse_grade(record.grade, Location(where.file, where.line, "grade"))
        if record.prior_grade:  # rule 6: a FESA grade replaces the LNMO one
            grades[record.id] = parse_grade(
                record.prior_grade, Location(where.file, where.line, "prior_grade"), fesa=True
            )
    players = players_from_roster(roster)
    rows = _read_rows(games_text, source, {p.id for p in players})
    # A season's place for each (date, event, round): the event model's round number.
    first_seen: dict[str, int] = {}
    for row in rows:
        index = first_seen.setdefault(row["event"], len(first_seen))
        row["key"] = (row["date"], index, row["round"])
    place = {key: index for index, key in enumerate(sorted({r["key"] for r in rows}), start=1)}
    games = [_game(row, place, grades) for row in rows]
    for game in games:
        game_terms(game)  # check kind, agreed and the kinte counts now, with their lines
    dates = [g.date for g in games if g.date]
    origin = EventOrigin(
        type_note=tr(
            "club records: {events} event(s) over {dates} date(s), rated in date order",
            events=len(first_seen),
            dates=len(set(dates)),
        ),
        game_evidence=N_("LNMO club records"),
        player_file=roster.source or None,
    )
    return Event(
        name=name,
        players=tuple(players),
        games=tuple(sorted(games, key=_season_order)),
        type=EventType.CLUB,
        start=min(dates, default=None),
        end=max(dates, default=None),
        source=source,
        extra={"events": tuple(first_seen)},
        origin=origin,
        # The LNMO club plays shogi.
        game=GameKind.SHOGI,
    )


def _season_order(game: Game) -> tuple[int, int]:
    """A club game's place in the season, then its line in the games file (every game read
    from the file has its location)."""
    line = game.location.line if game.location is not None else None
    return (game.round, line or 0)


def _read_rows(text: str, source: str, known_ids: set[str]) -> list[dict[str, Any]]:
    _header, table = read_csv_table(text, source, _("the games file"), GAME_COLUMNS)
    rows = []
    for row in table:
        line, cells = row.line, row.cells

        def at(column: str, line: int = line) -> Location:
            return Location(source, line, column)

        if not cells["date"]:
            raise InvalidValueError(tr("every game needs a date"), at("date"), "")
        if not cells["event"]:
            raise InvalidValueError(tr("every game needs an event name"), at("event"), "")
        round_ = parse_round(cells["round"], at("round"))
        for column in ("white", "black"):
            pid = cells[column]
            if not pid:
                raise InvalidValueError(
                    tr("the {column} player is missing", column=column), at(column), ""
                )
            if pid not in known_ids:
                raise InvalidValueError(
                    tr("player {pid!r} is not in the players file", pid=pid), at(column), pid
                )
        rows.append(
            {
                "cells": cells,
                "date": parse_date(cells["date"], at("date")),
                "event": cells["event"],
                "round": round_,
                "location": Location(source, line),
            }
        )
    return rows


def _game(row: dict[str, Any], place: dict[str, Any], grades: dict[str | None, Any]) -> Game:
    cells = row["cells"]
    where: Location = row["location"]

    def at(column: str) -> Location:
        return Location(where.file, where.line, column)

    result = cells["result"].lower()
    special = SPECIAL_RESULTS.get(result)
    if special is not None:
        white_score, black_score, play = 0.5, 0.5, parse_result("1/2-1/2")[2]
    else:
        white_score, black_score, play = parse_result(cells["result"], at("result"))
        if white_score == 0.5:
            raise UnknownResultError(
                tr(
                    (
                        "result {result!r}: a shogi game is won, lost, or ends in "
                        "sennichite or jishogi (write which)"
                    ),
                    result=cells["result"],
                ),
                at("result"),
                cells["result"],
            )
    handicap = None
    if cells.get("giver") and not cells.get("handicap"):
        raise InvalidValueError(
            tr(
                "giver {giver!r} without a handicap: write the handicap played",
                giver=cells["giver"],
            ),
            at("giver"),
            cells["giver"],
        )
    if cells.get("handicap"):
        giver = cells.get("giver", "")
        if giver:
            giver = {"white": cells["white"], "black": cells["black"]}.get(giver.lower(), giver)
            if giver not in (cells["white"], cells["black"]):
                raise InvalidValueError(
                    tr(
                        (
                            "handicap giver {giver!r} must be white, black or the id of one "
                            "of the two players"
                        ),
                        giver=cells["giver"],
                    ),
                    at("giver"),
                    cells["giver"],
                )
        else:
            white, black = grades.get(cells["white"]), grades.get(cells["black"])
            if white is None or black is None or white == black:
                raise InvalidValueError(
                    tr(
                        (
                            "handicap {handicap!r}: say who gives it in a 'giver' column (the "
                            "players' grades do not tell)"
                        ),
                        handicap=cells["handicap"],
                    ),
                    at("handicap"),
                    cells["handicap"],
                )
            giver = cells["white"] if white.rank > black.rank else cells["black"]
        handicap = Handicap(cells["handicap"], giver)
    extra = {
        k: v
        for k, v in cells.items()
        if k not in (*GAME_COLUMNS, "handicap", "giver") and (v != "" or k == "agreed")
    }
    extra.update(event=row["event"], event_round=row["round"])
    return Game(
        round=place[row["key"]],
        white=cells["white"],
        black=cells["black"],
        white_score=white_score,
        black_score=black_score,
        play=play,
        special=special,
        handicap=handicap,
        date=row["date"],
        extra=extra,
        location=where,
    )


def _sniff(path: Path, head: str) -> bool:
    columns = set(header_columns(path, head))
    return {"date", "event"} <= columns and {"white", "black", "result"} <= columns


register_format(
    Format(
        name="club",
        description=N_(
            "LNMO club records: games.csv (date,event,round,white,black,result,kind,"
            "handicap,kinte_white,kinte_black,agreed) with players.csv (id,name,grade)"
        ),
        suffixes=(),
        read=read_club,
        sniff=_sniff,
        resemblance=resemblance(GAME_COLUMNS),
        # Club records are CSV pairs with date and event columns: they are sniffed before
        # the plain CSV pair.
        priority=10,
    )
)
