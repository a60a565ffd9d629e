"""FIDE's Tournament Report File, TRF-16 (and TRF-2026, which keeps the same ``001`` layout).

Player lines (tag ``001``), 1-based columns (FIDE's TRF-16 format):

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

Each game is written by both players; the two records are paired with the checks of
:func:`ratingkit.core.model.assemble_games`, so a game that the two players record differently is
an error naming both places.  The points field must be what the round cells add up to, the
FIDE id digits (or blank) and given to one player only, the rating 0 to 4000, numbers ASCII
digits (``'²'.isdigit()`` is true), the ``052`` date not before the ``042`` date, a player line
free of tabs and control characters, a line at most :data:`MAX_ROUNDS` rounds long and the
file at most :data:`MAX_CELLS` round cells: a file that says otherwise is refused at that line
and column, quoting the value.  A UTF-8 byte-order mark and CR or CRLF line ends are read as
plain text.  Every other line (``012`` name, ``022`` city, ``042``/``052`` dates, ``092``
type, TRF-2026's new tags, ``XX?`` extensions) is kept in ``event.extra["trf_tags"]`` (read
as :class:`~ratingkit.core.extras.TrfHeader`) and
written back.  Trailing spaces may be missing: rounds after the end of a line are blank
(``Z``).

A line that only stands for the bye (FIDE's own example ends with start rank 284
"spielfrei") is not a player: :func:`_drop_bye_placeholders` says exactly when, leaves it out
and says so in a note (``event.origin.type_note``, which every report prints, and
``event.origin.notes_beside_type``); ``event.extra["trf_bye_placeholders"]`` keeps (start rank,
name, rounds) so that :func:`write_trf` writes the line back.

The writer is :mod:`ratingkit.formats.trf_writer`; the layout both read is
:mod:`ratingkit.formats.trf_layout`. Their names stay importable from here.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.errors import (
    ConflictingGameError,
    DuplicatePlayerError,
    InvalidValueError,
    Location,
    MalformedLineError,
    UnknownResultError,
)
from ..core.extras import TrfRow
from ..core.fastbuild import collector_paused
from ..core.fileio import Reads, read_text_into, reads_origin
from ..core.i18n import N_, _, tr
from ..core.model import (
    Bye,
    ByeKind,
    Colour,
    Event,
    EventOrigin,
    EventType,
    Game,
    GameEntry,
    Play,
    Player,
    is_complete_round_robin,
)
from ..core.model import _pair as pair_records
from ..core.outcome import GameKind
from ..core.values import parse_date, parse_points
from . import Format, csvpair, register_format
from .trf_layout import _CONTROL_IN_PLAYER_LINE as _CONTROL_IN_PLAYER_LINE
from .trf_layout import _CONTROL_IN_TAG_LINE as _CONTROL_IN_TAG_LINE
from .trf_layout import BYE_RESULT_CODES as BYE_RESULT_CODES
from .trf_layout import FIELDS as FIELDS
from .trf_layout import FIRST_ROUND_COLUMN as FIRST_ROUND_COLUMN
from .trf_layout import KNOWN_RESULTS as KNOWN_RESULTS
from .trf_layout import MAX_RATING as MAX_RATING
from .trf_layout import MAX_ROUNDS as MAX_ROUNDS
from .trf_layout import PLAYED_CODES as PLAYED_CODES
from .trf_layout import ROUND_WIDTH as ROUND_WIDTH
from .trf_layout import SEPARATORS as SEPARATORS
from .trf_layout import _digits as _digits
from .trf_layout import round_column as round_column
from .trf_writer import _birth_date as _birth_date
from .trf_writer import _date_or_none as _date_or_none
from .trf_writer import _date_text as _date_text
from .trf_writer import _fixed as _fixed
from .trf_writer import _placeholder_lines as _placeholder_lines
from .trf_writer import _player_line as _player_line
from .trf_writer import _put as _put
from .trf_writer import _result_code as _result_code
from .trf_writer import _start_ranks as _start_ranks
from .trf_writer import _writable as _writable
from .trf_writer import write_trf as write_trf

# The CSV pair registers first, so that the built-in formats keep BUILTIN_MODULES' order even
# when this module is imported on its own.
assert csvpair

#: The most round cells (players x rounds) a file is read with: 9,999 players (the most a
#: 4-column start rank can number) of 30 rounds, or FIDE's 284-player example with a line of
#: 999 rounds, read in about 2 s.  Without a bound, one long line in a big file would give
#: every player a bye in each of its rounds: far more work than the file's size.
MAX_CELLS = 300_000

#: A points field: ASCII digits with an optional decimal (``5``, ``5.5``, ``5,5``) or ``½``.
_POINTS = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,2})?|[0-9]{0,3}½")


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
    if key.strip() == "club":
        # What write_trf writes for a club event (TRF has no word for it).
        return EventType.CLUB
    return None


def read_trf(path: str | Path, encoding: str | None = None) -> Event:
    """Read a TRF file into an :class:`~ratingkit.core.model.Event` (ids are start ranks).

    The file is UTF-8, else the code page detected (an old TRF's Latin-1 reads as its
    superset Windows-1252), or ``encoding`` if given (see :mod:`ratingkit.core.fileio`); the
    event's ``origin.encoding`` says which, and ``origin.read_notes`` when it is not UTF-8."""
    source = str(path)
    _refuse_nul_bytes(path, source)
    reads: Reads = []
    text = read_text_into(path, encoding, reads)
    return parse_trf(text, source, origin=reads_origin(reads))


def _refuse_nul_bytes(path: str | Path, source: str) -> None:
    """A NUL byte is named by its line and column (a TRF is text; the generic check of
    :func:`ratingkit.core.fileio.read_text` names only the file)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return  # read_text names the problem
    at = data.find(b"\x00")
    if at < 0:
        return
    line = data.count(b"\n", 0, at) + 1
    column = at - data.rfind(b"\n", 0, at)
    raise MalformedLineError(
        tr(
            "NUL byte: a TRF is a text file (UTF-8 or Latin-1; a UTF-16 file "
            "must be saved as UTF-8)"
        ),
        Location(source, line, column),
        "\\x00",
    )


@dataclass
class _Row:
    """One ``001`` line while it is read: its line number, player, text and round cells."""

    number: int
    player: Player
    line: str
    entries: list[GameEntry]


def parse_trf(text: str, source: str = "<trf>", *, origin: EventOrigin | None = None) -> Event:
    """Parse TRF text; every error names the line and column.  ``origin``: what
    :func:`read_trf` knows of the file and its encoding."""
    # The cycle collector walks every cell object again as the heap grows (40% of the time of
    # a 9,999-player file, bench/read_big_trf.py); the reader builds no reference cycles.
    with collector_paused():
        return _parse_trf(text, source, origin or EventOrigin())


def _trf_lines(
    text: str, source: str
) -> tuple[list[tuple[str, str]], list[int], list[tuple[int, str]]]:
    """The file's tag lines (tag and value, and their line numbers) and its player lines
    (tag 001, with their line numbers), each line checked for control characters and its
    form; a file without a player line is refused."""
    tags: list[tuple[str, str]] = []
    tag_lines: list[int] = []
    player_lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        tag = line[:3]
        bad = (_CONTROL_IN_PLAYER_LINE if tag == "001" else _CONTROL_IN_TAG_LINE).search(line)
        if bad:
            raise MalformedLineError(
                _control_message(bad.group()),
                Location(source, number, bad.start() + 1),
                bad.group(),
            )
        if tag == "001":
            if _round_count(line) > MAX_ROUNDS:
                raise MalformedLineError(
                    tr(
                        (
                            "the line is {length:,} characters long, {rounds:,} "
                            "rounds; a TRF line holds at most {max_rounds} rounds (it ends "
                            "by column {last_column:,})"
                        ),
                        length=len(line),
                        rounds=_round_count(line),
                        max_rounds=MAX_ROUNDS,
                        last_column=round_column(MAX_ROUNDS + 1) - 1,
                    ),
                    Location(source, number, round_column(MAX_ROUNDS + 1)),
                    line[round_column(MAX_ROUNDS + 1) - 1 :][:20],
                )
            player_lines.append((number, line))
        else:
            if len(line) > 3 and line[3] != " ":
                raise MalformedLineError(
                    tr(
                        ("a tag line must have a space after its 3-character tag, got {start!r}"),
                        start=line[:8],
                    ),
                    Location(source, number, 4),
                    line[:8],
                )
            tags.append((tag, line[4:]))
            tag_lines.append(number)
    if not player_lines:
        raise MalformedLineError(tr("no player lines (tag 001) in the file"), Location(source), "")
    return tags, tag_lines, player_lines


def _parse_trf(text: str, source: str, read_origin: EventOrigin) -> Event:
    # A UTF-8 byte-order mark (read_text drops it; text handed in directly may keep it) and
    # Windows or old Mac line ends.
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    tags, tag_lines, player_lines = _trf_lines(text, source)

    rows: list[_Row] = []
    seen: dict[str, int] = {}
    fide_ids: dict[str, tuple[str, int]] = {}
    for number, line in player_lines:
        player = _player(line, number, source)
        if player.id in seen:
            raise DuplicatePlayerError(
                tr(
                    "start rank {start_rank} is used twice (first on line {first_line})",
                    start_rank=player.id,
                    first_line=seen[player.id],
                ),
                Location(source, number, 5),
                player.id,
            )
        if player.fide_id is not None:
            if player.fide_id in fide_ids:
                first_rank, first_line = fide_ids[player.fide_id]
                raise DuplicatePlayerError(
                    tr(
                        (
                            "FIDE id {fide_id} is given to two players: start rank "
                            "{first_rank} (line {first_line}) and start rank {start_rank} "
                            "(this line)"
                        ),
                        fide_id=player.fide_id,
                        first_rank=first_rank,
                        first_line=first_line,
                        start_rank=player.id,
                    ),
                    Location(source, number, FIELDS["FIDE id"][0]),
                    player.fide_id,
                )
            fide_ids[player.fide_id] = (player.id, number)
        seen[player.id] = number
        rows.append(_Row(number, player, line, []))

    rounds = max(_round_count(row.line) for row in rows)
    if len(rows) * rounds > MAX_CELLS:
        longest = max(rows, key=lambda row: len(row.line))
        raise MalformedLineError(
            tr(
                (
                    "{players:,} players of {rounds} rounds (this line's) make "
                    "{cells:,} round cells, more than a TRF is read with "
                    "({limit:,}: 9,999 players of 30 rounds)"
                ),
                players=len(rows),
                rounds=rounds,
                cells=len(rows) * rounds,
                limit=MAX_CELLS,
            ),
            Location(source, longest.number, round_column(rounds)),
            rounds,
        )
    for row in rows:
        row.entries = _row_entries(row, rounds, source, seen)
    rows, placeholders = _drop_bye_placeholders(rows)
    games, byes = _games_and_byes(rows)
    points: dict[str, float] = defaultdict(float)
    for game in games:
        points[game.white] += game.white_score
        points[game.black] += game.black_score
    allocated = set()
    for bye in byes:
        points[bye.player] += bye.points
        if bye.kind is ByeKind.PAIRING_ALLOCATED:
            allocated.add(bye.player)
    players = []
    for row in rows:
        pid = row.player.id
        players.append(_check_points(row.player, points[pid], pid in allocated, source, row.number))

    name = ""
    start = end = None
    start_line = end_line = None
    type_text = None
    for (tag, value), number in zip(tags, tag_lines, strict=True):
        where = Location(source, number, 5)
        if tag == "012":
            name = value.strip()
        elif tag == "042" and value.strip():
            start, start_line = parse_date(value, where), number
        elif tag == "052" and value.strip():
            end, end_line = parse_date(value, where), number
        elif tag == "092":
            type_text = value.strip()
    if start is not None and end is not None and end < start:
        raise InvalidValueError(
            tr(
                (
                    "the event ends ({end}, line 052) before it starts ({start}, "
                    "line 042 on line {start_line})"
                ),
                end=end.isoformat(),
                start=start.isoformat(),
                start_line=start_line,
            ),
            Location(source, end_line, 5),
            end.isoformat(),
        )
    given = event_type_from_text(type_text) if type_text else None
    if given is not None:
        type_note = tr(
            "event type {type} (from the 092 line {text!r})", type=_(given.value), text=type_text
        )
        event_type = given
    else:
        event_type = EventType.SWISS
        type_note = _("event type swiss (detected: not every pair of players met)")
    notes = tuple(_placeholder_note(p, byes) for p in placeholders)
    extra: dict[str, object] = {"trf_tags": tuple(tags)}
    origin = replace(
        read_origin,
        type_note="; ".join((type_note, *notes)),
        notes_beside_type=notes,
        game_evidence=N_("a FIDE TRF file"),
    )
    if placeholders:
        extra["trf_bye_placeholders"] = tuple(
            (int(p.player.id), p.player.name, p.rounds) for p in placeholders
        )
    event = Event(
        name=name or Path(source).stem,
        players=tuple(players),
        games=games,
        byes=byes,
        type=event_type,
        start=start,
        end=end,
        rounds=rounds,
        source=source,
        extra=extra,
        origin=origin,
        local_ids=True,
        # TRF is FIDE's tournament report format: a chess event.
        game=GameKind.CHESS,
    )
    # Every player of a complete round robin meets the n - 1 others: with fewer rounds, or
    # fewer games than n (n - 1) / 2, it is not one (checked first: the full test compares
    # every pair of players).
    n = len(players)
    possible = rounds >= n - 1 and len(games) >= n * (n - 1) // 2
    if given is None and possible and is_complete_round_robin(event):
        type_note = _("event type round robin (detected: every pair of players met equally often)")
        origin = replace(origin, type_note="; ".join((type_note, *notes)))
        event = replace(event, type=EventType.ROUND_ROBIN, origin=origin)
    return event


def _control_message(char: str) -> str:
    if char == "\t":
        return _("a tab in a player line: TRF fields are fixed columns, write spaces instead")
    if char == "\x00":
        return _("NUL byte: a TRF is a text file")
    return tr(
        "control character {character!r} (U+{code:04X}): a TRF line holds text only",
        character=char,
        code=ord(char),
    )


@dataclass(frozen=True)
class _Placeholder:
    player: Player
    line: int
    #: Rounds in which it stands for another player's pairing-allocated bye.
    rounds: tuple[int, ...]


def _names_nobody(line: str) -> bool:
    """Only a start rank and a name: sex, title, federation blank; rating, FIDE id, birth
    date and points blank or zero; and the rank 0, outside the standings (real players are
    ranked from 1; a blank rank, as in files without ranks, is not enough)."""
    if any(_field(line, name).strip() for name in ("sex", "title", "federation")):
        return False
    if not _field(line, "rank").strip() or _field(line, "rank").strip("0 "):
        return False
    zeros = ("rating", "FIDE id", "birth date", "points")
    return all(_field(line, name).strip("0./-, ") == "" for name in zeros)


def _scores_nothing(entry: GameEntry) -> bool:
    """A zero-point bye (blank, ``Z``, ``0000 - -``) or a lost forfeit (``-``)."""
    if entry.opponent is None:
        return entry.bye is ByeKind.ZERO_POINT
    return entry.play is Play.FORFEIT and entry.score == 0.0


def _drop_bye_placeholders(rows: list[_Row]) -> tuple[list[_Row], list[_Placeholder]]:
    """Start-rank lines that only stand for the bye (Swiss-Chess's "spielfrei", FIDE's own
    example TRF): left out, and the rounds other players have against them made their byes.

    A line is such a placeholder when all of these hold:

    1. it names no one: only a start rank and a name (sex, title, federation, rating, FIDE id
       and birth date blank or zero), its points are blank or zero and its rank is 0 (it
       stands outside the standings: players are ranked from 1);
    2. it scores nothing and plays no game: each of its cells is a zero-point bye (blank,
       ``Z``, ``0000 - -``) or a lost forfeit (``-``) against a player whose cell for that
       round is a won forfeit (``+``) against it;
    3. every cell of another player that names it is a won forfeit (``+``), and its own
       cell for that round is that forfeit's loss or a zero-point bye;
    4. it stands for a bye at least once: another player's cell names it (3), or it has an
       explicit ``0000 - -`` (or ``0000 - Z``) cell in a round in which another player has
       the pairing-allocated bye (``0000 - +``, ``U``).

    A won forfeit against a placeholder becomes a pairing-allocated bye (``U``, 1 point: as
    the old-style ``0000 - +``), so each player's points field still adds up.
    """
    candidates = {
        row.player.id: row
        for row in rows
        if _names_nobody(row.line) and all(_scores_nothing(e) for e in row.entries)
    }
    if not candidates:
        return rows, []
    by_id = {row.player.id: row for row in rows}
    pointing: dict[str, list[GameEntry]] = {pid: [] for pid in candidates}
    allocated_rounds: set[int] = set()
    for row in rows:
        if row.player.id in candidates:
            continue
        for entry in row.entries:
            if entry.opponent in candidates:
                pointing[entry.opponent].append(entry)
            elif entry.opponent is None and entry.bye is ByeKind.PAIRING_ALLOCATED:
                allocated_rounds.add(entry.round)
    found: list[_Placeholder] = []
    for pid, row in candidates.items():
        stands_for: set[int] = set()
        ok = True
        for entry in pointing[pid]:
            own = row.entries[entry.round - 1]
            won = entry.play is Play.FORFEIT and entry.score == 1.0
            ok = ok and won and own.opponent in (None, entry.player)
            stands_for.add(entry.round)
        for own in row.entries:
            if own.opponent is not None:
                other = by_id[own.opponent].entries[own.round - 1]
                ok = ok and other.opponent == pid and other.play is Play.FORFEIT
                ok = ok and other.score == 1.0
            elif own.round in allocated_rounds and _cell(row.line, own.round).strip():
                stands_for.add(own.round)
        if ok and stands_for:
            found.append(_Placeholder(row.player, row.number, tuple(sorted(stands_for))))
    if not found:
        return rows, []
    dropped = {p.player.id for p in found}
    kept = []
    for row in rows:
        if row.player.id in dropped:
            continue
        if any(e.opponent in dropped for e in row.entries):
            row.entries = [
                GameEntry(
                    e.round,
                    e.player,
                    None,
                    None,
                    1.0,
                    bye=ByeKind.PAIRING_ALLOCATED,
                    location=e.location,
                )
                if e.opponent in dropped
                else e
                for e in row.entries
            ]
        kept.append(row)
    return kept, found


def _placeholder_note(placeholder: _Placeholder, byes: Iterable[Bye]) -> str:
    rounds = set(placeholder.rounds)
    byes_of: dict[int, list[str]] = defaultdict(list)
    for bye in byes:
        if bye.round in rounds and bye.kind is ByeKind.PAIRING_ALLOCATED:
            byes_of[bye.round].append(bye.player)
    where = ", ".join(
        tr("round {round} (player {players})", round=r, players=_(" and ").join(byes_of[r]))
        if byes_of[r]
        else tr("round {round}", round=r)
        for r in placeholder.rounds
    )
    player = placeholder.player
    return tr(
        "start rank {start_rank} ({name!r}, line {line}) only stands for the pairing-allocated "
        "bye of {rounds}: it names no one (no rating, FIDE id or birth date), has no game and "
        "no point, so it is not a player and is left out of the event and its ratings; those "
        "rounds are the byes (U, 1 point) of the players who had them",
        start_rank=player.id,
        name=player.name,
        line=placeholder.line,
        rounds=where,
    )


def _games_and_byes(rows: list[_Row]) -> tuple[tuple[Game, ...], tuple[Bye, ...]]:
    """Each game from the two cells that record it, in one pass over the cells: a game must
    be recorded by both players (else both cells are named) and the two records must agree
    (:func:`ratingkit.core.model.assemble_games`' checks, one game at a time).  Games whose cells
    give no colour (``- +`` forfeits) are marked, so that they are written back the same way
    (white is then the player listed first)."""
    by_id = {row.player.id: row for row in rows}
    order = {row.player.id: index for index, row in enumerate(rows)}
    games: list[Game] = []
    byes: list[Bye] = []
    for index, row in enumerate(rows):
        for entry in row.entries:
            if entry.opponent is None:
                byes.append(
                    Bye(entry.round, entry.player, entry.bye or ByeKind.ZERO_POINT, entry.location)
                )
                continue
            other = by_id[entry.opponent].entries[entry.round - 1]
            if other.opponent != entry.player:
                says = (
                    tr("player {pid}", pid=other.opponent)
                    if other.opponent
                    else _("no game (a bye)")
                )
                raise ConflictingGameError(
                    tr(
                        (
                            "round {round}: player {player} records a game against "
                            "{opponent}, whose cell for that round names {cell_says}"
                        ),
                        round=entry.round,
                        player=entry.player,
                        opponent=entry.opponent,
                        cell_says=says,
                    ),
                    entry.location or Location(),
                    other.location or Location(),
                    entry.opponent,
                )
            if order[entry.opponent] < index:
                continue  # paired from the other player's line
            game = pair_records(entry, other)
            if entry.colour is None or other.colour is None:
                game = replace(game, extra={"trf_colour": "-"})
            games.append(game)
    games.sort(key=lambda g: (g.round, g.white))
    byes.sort(key=lambda b: (b.round, b.player))
    return tuple(games), tuple(byes)


def _check_points(
    player: Player, points: float, pairing_bye: bool, source: str, line: int
) -> Player:
    """The points field (columns 81-84) must be the sum of the round cells: games and
    forfeits as scored (``1 + W`` 1, ``= D`` 0.5, ``0 - L`` 0), byes ``H`` 0.5, ``F`` and
    ``U`` (old style ``0000 - +``) 1, ``Z`` (blank, ``0000 - -``) 0.  A file that says
    otherwise is refused: which of the two is wrong is for the arbiter to say."""
    given = TrfRow.of(player).points
    if given is None:
        return player
    if points != given:
        hint = ""
        if pairing_bye:
            hint = _(
                "; if the tournament scored his pairing-allocated bye otherwise, write that "
                "round as the bye it was scored as (H 0.5, Z 0)"
            )
        raise InvalidValueError(
            tr(
                (
                    "player {id} ({name}): the points field says {given:g} but the "
                    "round cells add up to {points:g} (games and forfeits as scored; "
                    "byes H 0.5, F and U or '0000 - +' 1, Z or blank 0){hint}"
                ),
                id=player.id,
                name=player.name,
                given=given,
                points=points,
                hint=hint,
            ),
            Location(source, line, FIELDS["points"][0]),
            given,
        )
    return replace(player, extra={k: v for k, v in player.extra.items() if k != "trf_points"})


def _round_count(line: str) -> int:
    width = len(line) - (FIRST_ROUND_COLUMN - 1)
    return max(0, -(-width // ROUND_WIDTH))


def _cell(line: str, round_: int) -> str:
    first = round_column(round_)
    return line[first - 1 : first - 1 + ROUND_WIDTH].ljust(ROUND_WIDTH)


def _player(line: str, number: int, source: str) -> Player:
    def at(column: int) -> Location:
        return Location(source, number, column)

    points_end = FIELDS["points"][1]
    if len(line) < points_end:
        raise MalformedLineError(
            tr(
                (
                    "player line is truncated: it ends at column {last_column}, "
                    "before the end of the points field (columns 81-84)"
                ),
                last_column=len(line),
            ),
            at(len(line) + 1),
            line[-20:],
        )
    for column in SEPARATORS:
        if column <= len(line) and line[column - 1] != " ":
            raise MalformedLineError(
                tr(
                    (
                        "column {column} must be blank (fields are fixed columns; "
                        "shifted line?), found {found!r}"
                    ),
                    column=column,
                    found=line[column - 1],
                ),
                at(column),
                line[column - 1],
            )
    start_rank = _field(line, "start rank").strip()
    if not _digits(start_rank) or int(start_rank) == 0:
        raise InvalidValueError(
            tr(
                ("start rank must be a positive number in columns 5-8, got {start_rank!r}"),
                start_rank=start_rank,
            ),
            at(5),
            start_rank,
        )
    name = _field(line, "name").strip()
    if not name:
        raise InvalidValueError(tr("the player's name (columns 15-47) is empty"), at(15), "")
    rating_text = _field(line, "rating").strip()
    rating = None
    if rating_text:
        if not _digits(rating_text) or int(rating_text) > MAX_RATING:
            raise InvalidValueError(
                tr(
                    (
                        "rating must be a number from 0 to {max_rating} in columns 49-52 "
                        "(0 or blank: unrated), got {rating_text!r}"
                    ),
                    max_rating=MAX_RATING,
                    rating_text=rating_text,
                ),
                at(49),
                rating_text,
            )
        rating = int(rating_text) or None
    born_text = _field(line, "birth date").strip()
    born = None
    extra: dict[str, object] = {}
    year_only = re.match(r"^([0-9]{4})(?:[/.-]00[/.-]00)?$", born_text)
    if year_only and int(year_only.group(1)):
        # "1985/00/00" or "1985": FIDE often knows only the year.
        born = parse_date(year_only.group(1), at(70), year_only=True)
        extra["born_year_only"] = True
    elif born_text and born_text.strip("0./- ") != "":
        born = parse_date(born_text, at(70), year_only=True)
    fide_id = _field(line, "FIDE id").strip()
    if fide_id and not _digits(fide_id):
        raise InvalidValueError(
            tr(
                ("FIDE id must be digits in columns 58-68 (or blank), got {fide_id!r}"),
                fide_id=fide_id,
            ),
            at(FIELDS["FIDE id"][0]),
            fide_id,
        )
    points_text = _field(line, "points").strip()
    if points_text:
        if not _POINTS.fullmatch(points_text):
            raise InvalidValueError(
                tr(
                    (
                        "points must be a number such as 5, 5.5 or 5,5 in columns 81-84, "
                        "got {points_text!r}"
                    ),
                    points_text=points_text,
                ),
                at(81),
                points_text,
            )
        # Checked against the round cells once they are read (_check_points).
        extra["trf_points"] = parse_points(points_text, at(81))
    rank_text = _field(line, "rank").strip()
    if rank_text:
        if not _digits(rank_text):
            raise InvalidValueError(
                tr(
                    "rank must be a number in columns 86-89, got {rank_text!r}", rank_text=rank_text
                ),
                at(86),
                rank_text,
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
        fide_id=fide_id.lstrip("0") or None,
        extra=extra,
    )


#: A round cell of a played game or forfeit as nearly every cell is: opponent right-aligned in
#: columns 1-4 of the cell, colour ``w`` or ``b``, result (read by :func:`_round_entry`'s
#: rules, faster; anything else goes the long way, which names what is wrong).
_USUAL_CELL = re.compile(r" {0,3}([0-9]{1,4}) ([wb]) ([10=+\-])  ")
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}


def _row_entries(row: _Row, rounds: int, source: str, ids: dict[str, int]) -> list[GameEntry]:
    """The line's round cells, 1 to ``rounds``, as :func:`_round_entry` reads them."""
    line, number, pid = row.line, row.number, row.player.id
    entries = []
    usual = _USUAL_CELL.fullmatch
    for round_ in range(1, rounds + 1):
        first = FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_ - 1)
        match = usual(line[first - 1 : first - 1 + ROUND_WIDTH].ljust(ROUND_WIDTH))
        if match:
            opponent = match[1].lstrip("0")
            if opponent and opponent != pid and opponent in ids:
                score, play = PLAYED_CODES[match[3]]
                entries.append(
                    GameEntry(
                        round_,
                        pid,
                        opponent,
                        _COLOURS[match[2]],
                        score,
                        play,
                        location=Location(source, number, first),
                    )
                )
                continue
        entries.append(_round_entry(line, number, source, pid, round_, ids))
    return entries


def _round_entry(
    line: str, number: int, source: str, pid: str, round_: int, ids: dict[str, int]
) -> GameEntry:
    first = round_column(round_)
    cell = _cell(line, round_)
    here = Location(source, number, first)
    if not cell.strip():
        return GameEntry(round_, pid, None, None, 0.0, bye=ByeKind.ZERO_POINT, location=here)
    present = len(line) - (first - 1)
    if present < 7:
        raise MalformedLineError(
            tr(
                (
                    "round {round} is truncated: the line ends at column "
                    "{last_column} inside the round's cell "
                    "(opponent {opponent_from}-{opponent_to}, "
                    "colour {colour_column}, result {result_column})"
                ),
                round=round_,
                last_column=len(line),
                opponent_from=first,
                opponent_to=first + 3,
                colour_column=first + 5,
                result_column=first + 7,
            ),
            Location(source, number, len(line) + 1),
            cell.rstrip(),
        )
    for offset in (4, 6, 8, 9):
        if cell[offset] != " ":
            raise MalformedLineError(
                tr(
                    (
                        "round {round}: column {column} must be blank, found {found!r} "
                        "(opponent in {opponent_from}-{opponent_to}, "
                        "colour at {colour_column}, result at {result_column})"
                    ),
                    round=round_,
                    column=first + offset,
                    found=cell[offset],
                    opponent_from=first,
                    opponent_to=first + 3,
                    colour_column=first + 5,
                    result_column=first + 7,
                ),
                Location(source, number, first + offset),
                cell,
            )
    opponent_text = cell[:4].strip()
    colour_text = cell[5]
    result = cell[7]
    result_at = Location(source, number, first + 7)
    if opponent_text and not _digits(opponent_text):
        raise InvalidValueError(
            tr(
                ("round {round}: opponent must be a start rank, got {opponent_text!r}"),
                round=round_,
                opponent_text=opponent_text,
            ),
            here,
            opponent_text,
        )
    colour = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, " ": None}.get(colour_text.lower())
    if colour is None and colour_text not in "- ":
        raise InvalidValueError(
            tr(
                ("round {round}: colour must be w, b, - or blank, got {colour_text!r}"),
                round=round_,
                colour_text=colour_text,
            ),
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
                tr(
                    (
                        "round {round}: result {code!r} needs an opponent (byes are H F "
                        "U Z, or + - with opponent 0000)"
                    ),
                    round=round_,
                    code=code,
                ),
                result_at,
                code,
            )
        return GameEntry(round_, pid, None, None, kind.points, bye=kind, location=here)
    if code.upper() in BYE_RESULT_CODES:
        raise UnknownResultError(
            tr(
                ("round {round}: bye code {code!r} cannot have an opponent ({opponent_text})"),
                round=round_,
                code=code,
                opponent_text=opponent_text,
            ),
            result_at,
            code,
        )
    if code not in PLAYED_CODES:
        raise UnknownResultError(
            tr(
                ("round {round}: unknown result {code!r} (expected one of {known_results})"),
                round=round_,
                code=code,
                known_results=KNOWN_RESULTS,
            ),
            result_at,
            code,
        )
    if opponent not in ids:
        raise InvalidValueError(
            tr(
                ("round {round}: opponent {opponent_text} is not the start rank of any player"),
                round=round_,
                opponent_text=opponent_text,
            ),
            here,
            opponent_text,
        )
    if opponent == pid:
        raise InvalidValueError(
            tr("round {round}: player {pid} is paired against himself", round=round_, pid=pid),
            here,
            opponent_text,
        )
    score, play = PLAYED_CODES[code]
    return GameEntry(round_, pid, opponent, colour, score, play, location=here)


def _sniff(path: Path, head: str) -> bool:
    if path.is_dir():
        return False
    # A UTF-8 byte-order mark and Windows line ends do not change what the file is.
    lines = [line for line in head.removeprefix("\ufeff").splitlines() if line.strip()]
    starts = bool(lines) and lines[0][:4] in ("012 ", "001 ")
    if not starts and not any(line.startswith("001 ") for line in lines):
        return False
    return all(re.match(r"^[0-9A-Z]{3}( |$)", line) for line in lines[:5])


register_format(
    Format(
        name="trf",
        description=N_("FIDE Tournament Report File (TRF-16; TRF-2026 with the same 001 layout)"),
        suffixes=(".trf",),
        read=read_trf,
        sniff=_sniff,
        write=write_trf,
    )
)
