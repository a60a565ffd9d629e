"""The plain CSV pair: ``games.csv`` and ``players.csv``.

``games.csv`` has the header ``round,white,black,result``; results are ``1-0``, ``0-1``,
``1/2-1/2`` (or ``=``), the forfeits ``+/-``, ``-/+``, ``-/-``, and for a bye the codes
``H`` (half point), ``F`` (full point), ``U`` (pairing-allocated) or ``Z`` (zero) with the
``black`` cell empty.  Optional columns: ``date``, ``special`` (sennichite, jishogi replayed,
jishogi by points, illegal move), ``handicap`` with ``giver`` (``white``, ``black`` or the
giver's id); any other column is kept with the game for the rule sets that use it.

``players.csv`` has ``id,name,rating`` (an empty rating means unrated) and may carry any
column of the player file (see :mod:`ratingkit.core.players`), which then serves as the player
file when ``--players`` is not given; ``fide_id`` gives the player's FIDE id (two players with
one FIDE id are refused).  A column ratingkit does not know is an error.

Both files may be separated by ``,``, ``;`` or tabs (the header line tells) and be in UTF-8 or
a Windows code page (detected, or given as ``encoding``); see :mod:`ratingkit.core.fileio`.  The
event's ``origin.encoding`` is the games file's encoding and ``origin.read_notes`` says
which files were not read as UTF-8.

Event-level fields (time control, dates, rounds per day ...) may stand in a side file
``event.csv`` (or ``NAME-event.csv``) with the header ``field,value``; see
:mod:`ratingkit.formats.eventfields`.

The input path is either the games file (its players file is ``players.csv`` beside it, or
``NAME-players.csv`` beside ``NAME-games.csv``) or a directory holding both.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache
from operator import attrgetter, methodcaller, ne
from pathlib import Path
from types import MappingProxyType

from ..core.errors import InvalidValueError, Location, MalformedLineError, RatingkitError
from ..core.fastbuild import collector_paused, maker
from ..core.fileio import (
    FIELD_LIMIT,
    Reads,
    detect_delimiter,
    encoding_notes,
    files_read,
    header_cells,
    main_encoding,
    read_csv_table,
    read_text_into,
)
from ..core.game_columns import GameColumns, all_pairs_met_in, event_with_columns
from ..core.i18n import N_, _, tr
from ..core.model import (
    BYE_CODES,
    Bye,
    ByeKind,
    Event,
    EventOrigin,
    EventType,
    Game,
    Handicap,
    Play,
    Player,
    Special,
    all_pairs_met,
    parse_result,
    with_game,
)
from ..core.output import protect_row
from ..core.plain_players import RATINGS_READ, plain_roster_players
from ..core.players import EXTRA_COLUMNS, KNOWN_COLUMNS, PlayerFile, parse_player_csv
from ..core.ruleset import event_game
from ..core.values import MAX_ROUND, parse_date, parse_round
from . import Format, register_format
from .eventfields import apply_fields, read_sidecar

GAME_COLUMNS = ("round", "white", "black", "result")
OPTIONAL_GAME_COLUMNS = ("date", "special", "handicap", "giver")
PLAYER_STATE_COLUMNS = ("games", "born", "k", "ever_2400", "grade", "prior_grade")
#: A record with none of the state columns (the players file carries no state).
_NO_STATE = (None,) * len(PLAYER_STATE_COLUMNS)
#: The state columns an event's player keeps in ``extra`` (his birth date is a field).
_EXTRA_STATE = tuple(c for c in PLAYER_STATE_COLUMNS if c != "born")
_extra_state_of = attrgetter(*_EXTRA_STATE)
_NO_EXTRA_STATE = (None,) * len(_EXTRA_STATE)
#: The columns a players file may have (core.players.check_columns takes these).
_ROSTER_COLUMNS = frozenset((*KNOWN_COLUMNS, *EXTRA_COLUMNS))
#: A plain players file read straight into the players (core.plain_players); False sends it
#: through its records (``players_from_roster``), the path tests/test_plain_players.py holds
#: the fast one against.
_ROSTER_FAST = True


def locate_pair(path: Path) -> tuple[Path, Path]:
    """The games file and the players file for an input path."""
    games_path, players_path, _found = _located_pair(path)
    return games_path, players_path


def _located_pair(path: Path) -> tuple[Path, Path, bool]:
    """:func:`locate_pair`, and whether the players file is known to exist (the file system
    asked once a file: a FIDE month is 2,000 pairs)."""
    if path.is_dir():
        return path / "games.csv", path / "players.csv", False
    name = path.name
    if "games" in name:
        sibling = path.with_name(name.replace("games", "players"))
        if sibling.exists():
            return path, sibling, True
    return path, path.with_name("players.csv"), False


def read_pair_roster(
    path: Path,
    encoding: str | None = None,
    reads: Reads | None = None,
    roster: Path | None = None,
) -> tuple[Path, Path, PlayerFile]:
    """The games file and the players file of a pair, and the players file read as a roster;
    an error naming the games file when there is no players file beside it and no ``roster``
    (a players file named by the user, ``--players``) is given.  ``reads`` collects how the
    players file was decoded."""
    games_path, players_path, text = _roster_text(path, encoding, reads, roster)
    return games_path, players_path, parse_player_csv(text, str(players_path))


def _roster_text(
    path: Path, encoding: str | None, reads: Reads | None, roster: Path | None
) -> tuple[Path, Path, str]:
    """:func:`read_pair_roster`'s files and the players file's text, not parsed yet."""
    games_path, players_path, found = _located_pair(path)
    if not found:
        found = players_path.exists()
        if roster is not None and not found:
            players_path = Path(roster)
            found = players_path.exists()
    if not found:
        hint = _("; name one with --players") if roster is None else ""
        raise MalformedLineError(
            tr(
                ("no players file beside the games file (looked for {players_path}){hint}"),
                players_path=players_path,
                hint=hint,
            ),
            Location(str(games_path)),
            str(players_path),
        )
    return games_path, players_path, read_text_into(players_path, encoding, reads)


@collector_paused()
def read_csv_pair(
    path: str | Path,
    event_type: EventType | None = None,
    encoding: str | None = None,
    roster: str | Path | None = None,
) -> Event:
    """Read a CSV pair into an :class:`~ratingkit.core.model.Event`.

    Without ``event_type`` the type is detected: a round robin when every pair of players
    met equally often, else a Swiss.  The detection is recorded in ``event.origin.type_note``.
    ``encoding`` overrides the detected encoding of every file of the pair; ``roster`` is the
    players file to read when none lies beside the games file.
    """
    reads: Reads = []
    games_path, players_path, roster_text = _roster_text(
        Path(path), encoding, reads, Path(roster) if roster is not None else None
    )
    # A plain players file (core.plain_players: no state column, so no player file with
    # state either) read straight into the players, without a record a row; any other as the
    # player file's records, then the players.
    players = plain_roster_players(
        roster_text, str(players_path), Player, RATINGS_READ, _ROSTER_COLUMNS, KNOWN_COLUMNS
    )
    has_state = False
    if players is None or not _ROSTER_FAST:
        listed = parse_player_csv(roster_text, str(players_path))
        players = players_from_roster(listed)
        state_of = attrgetter(*PLAYER_STATE_COLUMNS)
        has_state = any(cells != _NO_STATE for cells in map(state_of, listed))
    known_ids = {p.id for p in players}
    games_text = read_text_into(games_path, encoding, reads)
    games, byes = _read_games(games_text, str(games_path), known_ids)
    if players_path == (Path(roster) if roster is not None else None):
        # A roster named by the user (a club's members, --players) lists more people than
        # played: the event's players are those with a game or a bye.
        if isinstance(games, GameColumns):
            taking_part = games.players()
        else:
            taking_part = {g.white for g in games} | {g.black for g in games}
        taking_part |= {b.player for b in byes}
        players = [p for p in players if p.id in taking_part]
    name = (
        games_path.parent.name
        if games_path.name == "games.csv"
        else games_path.stem.replace("-games", "").replace("_games", "")
    )
    # Event-level fields (time control, dates, ...) from a side file ``event.csv``.
    fields = read_sidecar(games_path, encoding=encoding, reads=reads)
    # The type is decided before the event is built, so that it is built (and checked) once.
    if event_type is not None:
        kind, note = event_type, tr("event type {type} (given)", type=_(event_type.value))
    elif (
        all_pairs_met_in(len(players), games)
        if isinstance(games, GameColumns)
        else all_pairs_met(len(players), games)
    ):
        kind = EventType.ROUND_ROBIN
        note = _("event type round robin (detected: every pair of players met equally often)")
    else:
        kind, note = (
            EventType.SWISS,
            _("event type swiss (detected: not every pair of players met)"),
        )
    origin = EventOrigin(
        files=files_read(reads),  # the games, players and event files
        encoding=main_encoding(reads),
        read_notes=encoding_notes(reads),
        type_note=note,
        player_file=str(players_path) if has_state else None,
    )
    attributes: dict[str, object] = dict(
        name=name or "event",
        players=tuple(players),
        byes=byes,
        type=kind,
        source=str(games_path),
        origin=origin,
    )
    event = (
        event_with_columns(games, **attributes)
        if isinstance(games, GameColumns)
        else Event(games=games, **attributes)  # type: ignore[arg-type]
    )
    event = apply_fields(event, fields)
    if event_type is not None and "type" in fields:
        event = _with_type(event, event_type, note)  # given outright: wins over the side file
    return with_guessed_game(event)


def with_guessed_game(event: Event) -> Event:
    """A copy of a game list with :attr:`Event.game` set from what it shows: shogi when it
    has handicap games, shogi results (sennichite, jishogi, an illegal move) or players with
    shogi grades, as :func:`ratingkit.core.ruleset.event_game` guesses; the event itself when
    it shows neither game (a plain game list), or when an event file gave its game."""
    if event.game is not None:
        return event
    game, evidence = event_game(event)
    if game is None:
        return event
    return with_game(event, game, evidence)


def players_from_roster(roster: PlayerFile) -> list[Player]:
    """The event's players from a players file: every row needs an id; the state columns
    (games, k, grade ...) and unknown columns go to ``Player.extra``."""
    players: list[Player] = []
    append = players.append
    make_player = maker(Player)
    for record in roster:
        cells = record.__dict__
        record_id = cells["id"]
        if not record_id:
            raise InvalidValueError(
                tr("every player in the players file needs an id"), record.location, record.name
            )
        extra = dict(cells["extra"])
        state = _extra_state_of(record)
        if state != _NO_EXTRA_STATE:  # most players files carry no state
            for column, value in zip(_EXTRA_STATE, state, strict=True):
                if value is not None:
                    extra[column] = value
        # Player(...) without its __init__ (fastbuild.maker: a month's files are 200,000
        # rows): its __post_init__ wraps ``extra``, a dictionary made here, after the columns
        # it names are taken out of it (the arguments are read left to right).
        player = make_player(
            id=record_id,
            name=cells["name"] or record_id,
            rating=cells["rating"],
            federation=extra.pop("federation", None) or None,
            title=extra.pop("title", None) or None,
            sex=extra.pop("sex", None) or None,
            born=cells["born"],
            fide_id=extra.pop("fide_id", None) or None,
            extra=MappingProxyType(extra),
            location=cells["location"],
        )
        append(player)
    return players


def _with_type(event: Event, event_type: EventType, note: str) -> Event:
    return replace(event, type=event_type, origin=replace(event.origin, type_note=note))


def _read_games(
    text: str, source: str, known_ids: set[str]
) -> tuple[GameColumns | tuple[Game, ...], tuple[Bye, ...]]:
    """The games and byes of a games file: read column-wise where the file is plain
    (:func:`_read_games_by_columns`, the games as columns), else (or where a value is
    refused) row by row, whose checks and messages are the reader's."""
    read = _read_games_by_columns(text, source, known_ids)
    return read if read is not None else _read_games_by_rows(text, source, known_ids)


#: The columns of a games file the column-wise reader takes; any other (special, handicap,
#: a rule set's own column) sends the file to the row-by-row reader.
_PLAIN_COLUMNS = frozenset((*GAME_COLUMNS, "date"))
#: What the column-wise reader leaves to the csv module: quotes, the apostrophe of a
#: protected cell (core.output.unprotect_cell), NUL (a lone CR is looked for apart).
_NOT_PLAIN = ('"', "'", "\x00")
_Outcome = tuple[float, float, Play] | ByeKind
#: Any white space str.strip() removes (re's \s is the same Unicode set), but a line end.
_SPACE_IN_LINE = re.compile(r"[^\S\n]")


def _read_games_by_columns(
    text: str, source: str, known_ids: set[str]
) -> tuple[GameColumns, tuple[Bye, ...]] | None:
    """A plain games file read a column at a time: each distinct round, result and date is
    parsed once, the ids checked as sets, the games kept as columns (Game objects are made
    only if the event's ``games`` are asked for: core.game_columns); None (the row-by-row
    reader's turn, which then refuses the first bad value with its line) where the file is
    not plain or any value is not one the reader takes as it stands.  A FIDE month is a
    million games."""
    text = text.lstrip("\ufeff")
    # Lines end in LF or CRLF (a lone CR, which the csv module reads as a line end, is its).
    if "\r" in text:  # (core.fileio's texts have none: a quick look, not a replacing scan)
        text = text.replace("\r\n", "\n")
    if any(mark in text for mark in _NOT_PLAIN) or "\r" in text:
        return None
    lines = text.split("\n")
    if not lines[0] or (len(text) > FIELD_LIMIT and max(map(len, lines)) > FIELD_LIMIT):
        return None  # no header line, or a cell the csv module refuses: its messages
    delimiter = detect_delimiter(lines[0])
    # The header line through the reader's own table (an empty file, a column named twice or
    # missing refused with its messages).
    header, _rows = read_csv_table(lines[0], source, _("the games file"), GAME_COLUMNS)
    if not set(header) <= _PLAIN_COLUMNS:
        return None
    # Without a space of any kind but the line ends (most files a program wrote), no line is
    # blank but an empty one and no cell has a space to strip.
    spaced = _spaced(text)
    body = lines[1:]
    if body and body[-1] == "":
        body.pop()  # the file's last line end
    numbers: Sequence[int]
    if spaced or "" in body:
        numbers = [n for n, line in enumerate(body, start=2) if (line.strip() if spaced else line)]
        body = [lines[n - 1] for n in numbers]
    else:  # no blank line: the lines from 2 on, in order
        numbers = range(2, len(body) + 2)
    # Every line has the header's cells (no quote can hide a delimiter): the lines' cells
    # split at once, a column every len(header)-th cell.
    width = len(header)
    if not body or not _cells_in_every_line(body, delimiter, width):
        return None
    cells = delimiter.join(body).split(delimiter)
    columns = {
        name: [cell.strip() for cell in cells[at::width]] if spaced else cells[at::width]
        for at, name in enumerate(header)
    }
    parsed = _plain_values(columns, known_ids)
    if parsed is None:
        return None
    rounds, results, dates = parsed
    byes: list[Bye] = []
    days = columns.get("date") or [""] * len(numbers)
    day_of: dict[str, date | None] = {"": None, **dates}  # an empty cell: no date
    round_texts, whites, blacks, codes = (columns[c] for c in ("round", "white", "black", "result"))
    if any(isinstance(outcome, ByeKind) for outcome in results.values()):
        # The byes out of the columns (a FIDE month has none): the rest are the games.
        game_rows = []
        for row, (line, round_text, white, black, code) in enumerate(
            zip(numbers, round_texts, whites, blacks, codes, strict=True)
        ):
            outcome = results[code]
            if isinstance(outcome, ByeKind):
                byes.append(
                    Bye(rounds[round_text], white or black, outcome, Location(source, line))
                )
            else:
                game_rows.append(row)
        numbers = [numbers[row] for row in game_rows]
        kept = (round_texts, whites, blacks, codes, days)
        round_texts, whites, blacks, codes, days = ([c[row] for row in game_rows] for c in kept)
    outcomes = list(map(results.__getitem__, codes))
    white_scores, black_scores, plays = zip(*outcomes, strict=True) if outcomes else ((), (), ())
    games = GameColumns(
        source=source,
        lines=numbers if isinstance(numbers, range) else tuple(numbers),
        rounds=tuple(map(rounds.__getitem__, round_texts)),
        whites=tuple(whites),
        blacks=tuple(blacks),
        white_scores=white_scores,
        black_scores=black_scores,
        plays=plays,
        dates=tuple(map(day_of.__getitem__, days)),
    )
    return games, tuple(byes)


def _cells_in_every_line(body: list[str], delimiter: str, width: int) -> bool:
    """Whether every line of ``body`` has ``width - 1`` delimiters: for an ASCII text (most)
    its delimiters and line ends alone (``bytes.translate`` deleting every other byte, one
    pass in C) against that many a line, else a count a line (_CELLS_AT_ONCE False: always)."""
    if _CELLS_AT_ONCE and len(delimiter) == 1 and delimiter.isascii():
        joined = "\n".join(body)
        if joined.isascii():
            others = _OTHER_BYTES.get(delimiter)
            if others is None:
                kept = {ord(delimiter), ord("\n")}
                others = _OTHER_BYTES[delimiter] = bytes(set(range(256)) - kept)
            marks = joined.encode("ascii").translate(None, others)
            return marks == ((delimiter * (width - 1) + "\n") * len(body))[:-1].encode("ascii")
    return set(map(methodcaller("count", delimiter), body)) == {width - 1}


#: Every byte but a delimiter and the line end, by delimiter (_cells_in_every_line).
_OTHER_BYTES: dict[str, bytes] = {}
#: False counts the delimiters a line: the path tests/test_csvpair_cells_check.py holds it to.
_CELLS_AT_ONCE = True


#: The ASCII characters str.strip() removes but the line end (LF).
_ASCII_SPACES = (" ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _spaced(text: str) -> bool:
    """Whether ``text`` has a white space of any kind but a line end: an ASCII text (most)
    looked through for each of its nine spaces (faster than the pattern), any other by
    :data:`_SPACE_IN_LINE`."""
    if text.isascii():
        return any(space in text for space in _ASCII_SPACES)
    return _SPACE_IN_LINE.search(text) is not None


def _plain_values(
    columns: Mapping[str, list[str]], known_ids: set[str]
) -> tuple[dict[str, int], dict[str, _Outcome], dict[str, date]] | None:
    """Each distinct round, result and date of a games file's columns parsed once, or None
    where any of them, a player id or a row's players is one the row-by-row reader refuses."""
    whites, blacks, codes = columns["white"], columns["black"], columns["result"]
    white_ids, black_ids = set(whites), set(blacks)
    if not (white_ids | black_ids) - {""} <= known_ids:
        return None
    try:
        rounds = {text: parse_round(text) for text in set(columns["round"])}
        results: dict[str, _Outcome] = {
            code: BYE_CODES[code.upper()] if code.upper() in BYE_CODES else parse_result(code)
            for code in set(codes)
        }
        dates = {text: parse_date(text) for text in set(columns.get("date", ())) if text}
    except RatingkitError:
        return None
    if not any(isinstance(outcome, ByeKind) for outcome in results.values()):
        # No bye: every row is a game, which names two different players.
        if "" in white_ids or "" in black_ids or not all(map(ne, whites, blacks)):
            return None
        return rounds, results, dates
    for white, black, code in zip(whites, blacks, codes, strict=True):
        if isinstance(results[code], ByeKind):
            # A bye names one player, in either column (as the row reader takes it).
            if bool(white) == bool(black):
                return None
        elif not white or not black or white == black:
            return None
    return rounds, results, dates


def _read_games_by_rows(
    text: str, source: str, known_ids: set[str]
) -> tuple[tuple[Game, ...], tuple[Bye, ...]]:
    header, rows = read_csv_table(text, source, _("the games file"), GAME_COLUMNS)
    games: list[Game] = []
    byes: list[Bye] = []
    extra_columns = [c for c in header if c not in GAME_COLUMNS + OPTIONAL_GAME_COLUMNS]
    # A file has few distinct results and dates: each is parsed once (a FIDE month is a
    # million games).  Locations are made only where a value is refused or a game stored.
    results: dict[str, tuple[float, float, Play]] = {}
    dates: dict[str, date] = {}
    for row in rows:
        line, cells = row.line, row.cells

        def at(column: str, line: int = line) -> Location:
            return Location(source, line, column)

        text_round = cells["round"]
        # The plain case (a few ASCII digits) without the parser's call: a FIDE month is a
        # million games.  Anything else, a round of 0 or of 10^12 too, is parse_round's to
        # refuse with its line and value.
        round_ = (
            int(text_round)
            if len(text_round) <= 3 and text_round.isascii() and text_round.isdigit()
            else 0
        )
        if not 1 <= round_ <= MAX_ROUND:
            round_ = parse_round(text_round, at("round"))
        for column in ("white", "black"):
            pid = cells[column]
            if pid and pid not in known_ids:
                raise InvalidValueError(
                    tr("player {pid!r} is not in the players file", pid=pid), at(column), pid
                )
        result = cells["result"]
        if result.upper() in BYE_CODES:
            player = cells["white"] or cells["black"]
            if not player or (cells["white"] and cells["black"]):
                raise InvalidValueError(
                    tr(
                        "a bye ({result}) names exactly one player, in the white column",
                        result=result,
                    ),
                    at("black"),
                    result,
                )
            byes.append(Bye(round_, player, BYE_CODES[result.upper()], Location(source, line)))
            continue
        if not cells["white"] or not cells["black"]:
            raise InvalidValueError(
                tr("a game needs both a white and a black player"),
                at("white" if not cells["white"] else "black"),
                "",
            )
        parsed = results.get(result)
        if parsed is None:
            parsed = results[result] = parse_result(result, at("result"))
        white_score, black_score, play = parsed
        extra = {k: cells[k] for k in extra_columns if cells[k] != ""} if extra_columns else {}
        day_text = cells.get("date")
        day = None
        if day_text:
            day = dates.get(day_text)
            if day is None:
                day = dates[day_text] = parse_date(day_text, at("date"))
        special_text = cells.get("special", "")
        special = Special.parse(special_text, at("special")) if special_text else None
        handicap = None
        if cells.get("handicap"):
            giver = cells.get("giver", "")
            giver = {"white": cells["white"], "black": cells["black"]}.get(giver.lower(), giver)
            if giver not in (cells["white"], cells["black"]):
                raise InvalidValueError(
                    tr(
                        (
                            "handicap giver {giver!r} must be white, black or the id of one of "
                            "the two players"
                        ),
                        giver=cells.get("giver", ""),
                    ),
                    at("giver"),
                    cells.get("giver", ""),
                )
            handicap = Handicap(cells["handicap"], giver)
        games.append(
            Game(
                round=round_,
                white=cells["white"],
                black=cells["black"],
                white_score=white_score,
                black_score=black_score,
                play=play,
                special=special,
                handicap=handicap,
                date=day,
                extra=extra,
                location=Location(source, line),
            )
        )
    return tuple(games), tuple(byes)


def write_games_csv(event: Event) -> str:
    """The games file of an event (players are written by :func:`write_players_csv`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(GAME_COLUMNS)
    rows = [(g.round, g.white, g.black, g.result_code) for g in event.games]
    rows += [(b.round, b.player, "", b.kind.value) for b in event.byes]
    for row in sorted(rows, key=lambda r: (r[0], r[1])):
        writer.writerow(protect_row(row))
    return buffer.getvalue()


def write_players_csv(event: Event) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(("id", "name", "rating"))
    for player in event.players:
        rating = "" if player.rating is None else player.rating
        writer.writerow(protect_row((player.id, player.name, rating)))
    return buffer.getvalue()


def header_columns(path: Path, head: str) -> list[str]:
    """The header columns of a games file (``head``), or of ``games.csv`` in a folder."""
    if path.is_dir():
        games = path / "games.csv"
        if not games.exists():
            return []
        with games.open("rb") as handle:
            head = handle.read(4096).decode("utf-8", errors="replace")
    return list(_head_columns(head))


@lru_cache(maxsize=4)
def _head_columns(head: str) -> tuple[str, ...]:
    """The header columns of a file's first 4 KiB (asked by each CSV format's sniffer in
    turn, of the same head: a FIDE month is 2,000 files)."""
    lines = head.lstrip("\ufeff").splitlines()
    first = lines[0] if lines else ""
    return tuple(c.replace(" ", "") for c in header_cells(first))


def _sniff(path: Path, head: str) -> bool:
    columns = header_columns(path, head)
    return all(c in columns for c in GAME_COLUMNS)


def resemblance(columns: tuple[str, ...]) -> Callable[[Path, str], float]:
    """A :attr:`~ratingkit.formats.Format.resemblance` for a games file: the share of
    ``columns`` that its header has."""

    def measure(path: Path, head: str) -> float:
        have = set(header_columns(path, head))
        return sum(c in have for c in columns) / len(columns)

    return measure


register_format(
    Format(
        name="csv",
        description=N_("games.csv (round,white,black,result) with players.csv (id,name,rating)"),
        suffixes=(".csv",),
        read=read_csv_pair,
        sniff=_sniff,
        write=write_games_csv,
        resemblance=resemblance(GAME_COLUMNS),
    )
)
