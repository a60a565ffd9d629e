"""Writing FIDE's Tournament Report File, TRF-16 (:func:`write_trf`): the text that
:func:`ratingkit.formats.trf.read_trf` reads back as the same event, refusing what the reader
would refuse."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from ..core.errors import InvalidValueError
from ..core.extras import BirthAndFirstRating, TrfGame, TrfHeader, TrfRow
from ..core.i18n import N_, _, tr
from ..core.model import ByeKind, Event, EventType, Play, Player
from ..core.values import parse_date
from .trf_layout import (
    _CONTROL_IN_PLAYER_LINE,
    _CONTROL_IN_TAG_LINE,
    FIELDS,
    MAX_RATING,
    MAX_ROUNDS,
    PLAYED_CODES,
    _digits,
    round_column,
)


def _result_code(score: float, play: Play) -> str:
    for code, (s, p) in PLAYED_CODES.items():
        if s == score and p is play:
            return code
    raise InvalidValueError(
        tr("no TRF code for score {score} ({play})", score=score, play=play.value), None, score
    )


def _put(chars: list[str], first: int, text: str) -> None:
    for offset, char in enumerate(text):
        chars[first - 1 + offset] = char


def _fixed(text: str, width: int, *, right: bool = False, what: str = "") -> str:
    if len(text) > width:
        raise InvalidValueError(
            tr(
                "{what} {text!r} does not fit in {width} columns of a TRF line",
                what=_(what),
                text=text,
                width=width,
            ),
            None,
            text,
        )
    _writable(text, what)
    return text.rjust(width) if right else text.ljust(width)


def _writable(text: str, what: str) -> str:
    """Text with a line break, a tab or another control character would break the file's
    lines or shift its columns: refused, as the reader refuses it."""
    bad = _CONTROL_IN_PLAYER_LINE.search(text)
    if bad:
        raise InvalidValueError(
            tr(
                (
                    "{what} {text!r} holds the control character {group!r}, which a "
                    "TRF line cannot hold"
                ),
                what=_(what),
                text=text,
                group=bad.group(),
            ),
            None,
            text,
        )
    return text


def write_trf(event: Event) -> str:
    """The event as TRF-16 text.  Player ids must be start ranks (1, 2, 3 ...) or are
    numbered in the order of ``event.players``; reading the text back gives the same event.
    What the reader would refuse (a rating above 4000, a FIDE id that is not digits or is
    given twice, an event that ends before it starts, a name with a line break) is refused
    here too."""
    numbers = _start_ranks(event)
    rounds = event.round_count
    if rounds > MAX_ROUNDS:
        raise InvalidValueError(
            tr(
                "{rounds} rounds: a TRF line holds at most {max_rounds}",
                rounds=rounds,
                max_rounds=MAX_ROUNDS,
            ),
            None,
            rounds,
        )
    if event.start is not None and event.end is not None and event.end < event.start:
        raise InvalidValueError(
            tr(
                "the event ends ({end}) before it starts ({start})",
                end=event.end.isoformat(),
                start=event.start.isoformat(),
            ),
            None,
            event.end.isoformat(),
        )
    lines: list[str] = []
    given_tags = TrfHeader.of(event).tags
    tags = list(given_tags)
    present = {tag for tag, _ in tags}
    if "012" not in present:
        tags.insert(0, ("012", event.name))
    for tag, date_value in (("042", event.start), ("052", event.end)):
        if tag not in present and date_value is not None:
            tags.append((tag, ""))
    if "092" not in present and not given_tags:
        label = {EventType.ROUND_ROBIN: "Individual: Round robin", EventType.SWISS: "Swiss"}
        tags.append(("092", label.get(event.type, event.type.value)))
    for tag, value in tags:
        if tag == "012" and value.strip() != event.name:
            value = event.name
        for date_tag, wanted in (("042", event.start), ("052", event.end)):
            if tag == date_tag and wanted is not None and _date_or_none(value) != wanted:
                value = _date_text(wanted)
        if _CONTROL_IN_TAG_LINE.search(value):
            _writable(value, f"the {tag} line")
        lines.append(f"{tag} {value}".rstrip())

    cells: dict[tuple[str, int], str] = {}
    points: dict[str, float] = defaultdict(float)
    for game in event.games:
        for pid, colour in ((game.white, "w"), (game.black, "b")):
            opponent = numbers[game.opponent_of(pid)]
            shown = "-" if TrfGame.of(game).colour_unknown else colour
            code = _result_code(game.score_of(pid), game.play)
            cells[(pid, game.round)] = f"{opponent:>4} {shown} {code}"
            points[pid] += game.score_of(pid)
    for bye in event.byes:
        cells[(bye.player, bye.round)] = (
            "" if bye.kind is ByeKind.ZERO_POINT else f"0000 - {bye.kind.value}"
        )
        points[bye.player] += bye.points
    last_blank = not any(cells.get((p.id, rounds)) for p in event.players)
    if rounds and event.players and last_blank:
        # Blank cells at the end of the lines would lose the last round: it is written out.
        cells[(event.players[0].id, rounds)] = "0000 - Z"
    fide_ids: dict[str, str] = {}
    player_lines: list[tuple[int, str]] = []
    for player in event.players:
        if player.rating is not None and not 0 <= player.rating <= MAX_RATING:
            raise InvalidValueError(
                tr(
                    ("player {id} ({name}): rating {rating} is not from 0 to {max_rating}"),
                    id=player.id,
                    name=player.name,
                    rating=player.rating,
                    max_rating=MAX_RATING,
                ),
                None,
                player.rating,
            )
        if player.fide_id:
            if not _digits(player.fide_id):
                raise InvalidValueError(
                    tr(
                        "player {id} ({name}): FIDE id {fide_id!r} is not digits",
                        id=player.id,
                        name=player.name,
                        fide_id=player.fide_id,
                    ),
                    None,
                    player.fide_id,
                )
            if player.fide_id in fide_ids:
                raise InvalidValueError(
                    tr(
                        "FIDE id {fide_id} is given to two players: {first_rank} and {start_rank}",
                        fide_id=player.fide_id,
                        first_rank=fide_ids[player.fide_id],
                        start_rank=player.id,
                    ),
                    None,
                    player.fide_id,
                )
            fide_ids[player.fide_id] = player.id
        if not player.name.strip():
            raise InvalidValueError(tr("player {id} has no name", id=player.id), None, player.id)
        row = TrfRow.of(player)
        total = row.points if row.points is not None else points[player.id]
        rank = row.rank if row.rank is not None else ""
        fields = {
            "start rank": _fixed(str(numbers[player.id]), 4, right=True, what=N_("start rank")),
            "sex": _fixed(player.sex or "", 1, what=N_("sex")),
            "title": _fixed(player.title or "", 3, right=True, what=N_("title")),
            "name": _fixed(player.name, 33, what=N_("name")),
            "rating": _fixed(str(player.rating or ""), 4, right=True, what=N_("rating")),
            "federation": _fixed(player.federation or "", 3, what=N_("federation")),
            "FIDE id": _fixed(player.fide_id or "", 11, right=True, what=N_("FIDE id")),
            "birth date": _birth_date(player),
            "points": _fixed(f"{total:.1f}", 4, right=True, what=N_("points")),
            "rank": _fixed(str(rank), 4, right=True, what=N_("rank")),
        }
        round_cells = [cells.get((player.id, r), "") for r in range(1, rounds + 1)]
        player_lines.append((numbers[player.id], _player_line(fields, round_cells)))
    for rank, line in _placeholder_lines(event, set(numbers.values()), rounds):
        # Before the first player of a higher start rank; the players keep their order.
        at = next((i for i, (n, _) in enumerate(player_lines) if n > rank), len(player_lines))
        player_lines.insert(at, (rank, line))
    lines.extend(line for _, line in player_lines)
    return "\n".join(lines) + "\n"


def _player_line(fields: dict[str, str], round_cells: list[str]) -> str:
    chars = [" "] * (round_column(len(round_cells) + 1) - 1)
    chars[0:3] = "001"
    for name, text in fields.items():
        _put(chars, FIELDS[name][0], text)
    for round_, cell in enumerate(round_cells, start=1):
        _put(chars, round_column(round_), cell)
    return "".join(chars).rstrip()


def _placeholder_lines(event: Event, used: set[int], rounds: int) -> list[tuple[int, str]]:
    """The bye placeholders the reader left out (:attr:`TrfHeader.bye_placeholders`), written
    back as ``0000 - -`` opposite the byes they stood for: the file reads back the same."""
    lines = []
    for rank, name, stood_for in TrfHeader.of(event).bye_placeholders:
        if rank in used or rank > 9999 or any(r > rounds for r in stood_for):
            continue
        fields = {
            "start rank": f"{rank:>4}",
            "name": _fixed(name, 33, what=N_("name")),
            "points": " 0.0",
            "rank": "   0",
        }
        round_cells = ["0000 - -" if r in stood_for else "" for r in range(1, rounds + 1)]
        lines.append((rank, _player_line(fields, round_cells)))
    return lines


def _date_text(value: date) -> str:
    return f"{value.year:04d}/{value.month:02d}/{value.day:02d}"


def _birth_date(player: Player) -> str:
    if player.born is None:
        return ""
    if BirthAndFirstRating.of(player).born_year_only:
        return f"{player.born.year:04d}/00/00"
    return _date_text(player.born)


def _date_or_none(text: str) -> date | None:
    try:
        return parse_date(text)
    except InvalidValueError:
        return None


def _start_ranks(event: Event) -> dict[str, int]:
    ids = [p.id for p in event.players]
    if all(_digits(i) and i == str(int(i)) and int(i) > 0 for i in ids):
        return {i: int(i) for i in ids}
    return {pid: index for index, pid in enumerate(ids, start=1)}
