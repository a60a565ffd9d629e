"""Writing a FIDE rating list: :func:`format_rating_list_txt`, the single list's TXT layout
with FIDE's widths (see :mod:`.fidelist`'s notes), which :func:`~.fidelist.read_rating_list`
reads back.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.errors import (
    InputError,
    InvalidValueError,
    Location,
    shown,
)
from ..core.i18n import tr
from .fidelist_values import (
    _CONTROL,
    _MONTH,
    _RATING_LABEL,
    ListedPlayer,
    _player,
    check_list_kind,
)

#: The single list's columns as FIDE lays them out: (header name, width), the width being the
#: distance from the name's start to the next name's start (see the module's notes).
_SINGLE_LAYOUT: tuple[tuple[str, int], ...] = (
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Sex", 4),
    ("Tit", 5),
    ("WTit", 5),
    ("OTit", 15),
    ("FOA", 4),
    ("<rating>", 6),
    ("Gms", 4),
    ("K", 3),
    ("B-day", 6),
    ("Flag", 4),
)


def format_rating_list_txt(
    players: Iterable[ListedPlayer], kind: str = "standard", month_label: str | None = None
) -> str:
    """The players as FIDE's single-list TXT download (``standard_rating_list.txt``): FIDE's
    header line and one line per player in FIDE's column widths (see the module's notes).

    ``month_label`` names the rating column as FIDE does (``JAN23``); without it the column
    is named after the list (``SRtng``, ``RRtng``, ``BRtng``), which :func:`read_rating_list`
    reads as that list.  A value that the layout cannot hold (a name longer than 60
    characters, a title longer than its column, two players with one FIDE id ...) is an
    :class:`~ratingkit.core.errors.InvalidValueError` naming the player and the value."""
    check_list_kind(kind)
    if month_label is None:
        label = _RATING_LABEL[kind]
    elif _MONTH.fullmatch(month_label):
        label = month_label
    else:
        raise InvalidValueError(
            tr(
                ("month label {month_label} is not a month as FIDE writes it (JAN23)"),
                month_label=shown(month_label),
            ),
            None,
            month_label,
        )
    header = "".join(
        (label if name == "<rating>" else name).ljust(width) for name, width in _SINGLE_LAYOUT
    )
    lines = [header.rstrip()]
    seen: set[str] = set()
    for player in players:
        if player.fide_id in seen:
            raise InvalidValueError(
                tr("FIDE id {fide_id} is given twice", fide_id=player.fide_id),
                player.location,
                player.fide_id,
            )
        seen.add(player.fide_id)
        lines.append(_txt_line(player))
    return "\n".join(lines) + "\n"


def _txt_line(player: ListedPlayer) -> str:
    values = (
        player.fide_id,
        player.name,
        player.federation,
        player.sex,
        player.title,
        player.women_title,
        player.other_titles,
        player.foa_title,
        _int_text(player.rating),
        _int_text(player.games),
        _int_text(player.k),
        _int_text(player.born),
        player.flag,
    )
    _check_writable(player)
    cells = []
    for (name, width), value in zip(_SINGLE_LAYOUT, values, strict=True):
        if len(value) >= width and name != "Flag":
            raise InvalidValueError(
                tr(
                    (
                        "player {fide_id}: {field} {text} does not fit FIDE's column "
                        "of {width} characters"
                    ),
                    fide_id=player.fide_id,
                    field=name.strip("<>"),
                    text=shown(value),
                    width=width - 1,
                ),
                player.location,
                value,
            )
        cells.append(value.ljust(width))
    return "".join(cells)


def _int_text(value: int | None) -> str:
    return "" if value is None else str(value)


def _check_writable(player: ListedPlayer) -> None:
    """The checks the reader applies, so that what is written reads back as it is."""
    where = Location(None, None, f"player {player.fide_id}")

    def at(_key: str) -> Location:
        return where

    name = player.name
    if name != name.strip() or _CONTROL.search(name) or not name:
        raise InvalidValueError(
            tr(
                (
                    "player {fide_id}: name {name} is empty, has a control character "
                    "or spaces at an end"
                ),
                fide_id=player.fide_id,
                name=shown(name),
            ),
            player.location,
            name,
        )
    cells = {
        "id": player.fide_id,
        "name": name,
        "fed": player.federation,
        "sex": player.sex,
        "tit": player.title,
        "wtit": player.women_title,
        "otit": player.other_titles,
        "foa": player.foa_title,
        "rating": _int_text(player.rating),
        "games": _int_text(player.games),
        "k": _int_text(player.k),
        "born": _int_text(player.born),
        "flag": player.flag,
    }
    for key in ("rating", "games", "k", "born"):
        value = getattr(player, key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidValueError(
                tr(
                    "player {fide_id}: {field} {text} is not a whole number",
                    fide_id=player.fide_id,
                    field=key,
                    text=shown(value),
                ),
                player.location,
                value,
            )
    if player.born is not None and player.born == 0:
        raise InvalidValueError(
            tr(
                ("player {fide_id}: birth year 0 reads back as not given; write None"),
                fide_id=player.fide_id,
            ),
            player.location,
            player.born,
        )
    try:
        _player(cells, "standard", where, at)
    except InputError as error:
        raise InvalidValueError(
            tr(
                ("player {fide_id} ({name!r}) cannot be written in FIDE's layout: {reason}"),
                fide_id=player.fide_id,
                name=player.name,
                reason=error.reason,
            ),
            player.location,
            error.value,
        ) from None
