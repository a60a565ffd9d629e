"""A player of FIDE's rating lists and the checks of his values, which the list's reader
(:mod:`.fidelist`: the TXT and the XML) and its writer (:mod:`.fidelist_write`) share: the
lists' kinds, :class:`ListedPlayer`, :class:`RatingList`, the flag, :class:`ListLimits` and each
value's range and form (see :mod:`.fidelist`'s notes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..core.errors import (
    InputError,
    InvalidValueError,
    Location,
    MalformedLineError,
    shown,
)
from ..core.fastbuild import build
from ..core.i18n import N_, _, tr

#: The rating lists FIDE publishes.
KINDS: tuple[str, ...] = ("standard", "rapid", "blitz")


def check_list_kind(kind: str) -> None:
    """Refuses a rating list FIDE does not publish (one of :data:`KINDS`)."""
    if kind not in KINDS:
        raise InvalidValueError(
            tr(
                "unknown rating list {kind!r}; FIDE publishes {kinds}",
                kind=kind,
                kinds=", ".join(KINDS),
            ),
            None,
            kind,
        )


#: What this module reads, for the errors on a file that is neither.
LAYOUTS_READ = N_(
    "ratingkit reads FIDE's rating list downloads: the fixed-width TXT (a header line "
    "'ID Number  Name  Fed Sex Tit WTit OTit FOA ... B-day Flag' as in players_list_foa.txt "
    "or standard_rating_list.txt) and the XML (<playerslist><player>...</player>"
    "</playerslist> as in players_list_xml_foa.xml)"
)

_RATING_RANGE = (0, 4000)
_GAMES_RANGE = (0, 999)
_K_RANGE = (1, 99)  # the TXT's K column holds two digits
_BORN_RANGE = (1800, 2100)

_FEDERATION = re.compile(r"[A-Z]{3}")
_TITLE = re.compile(r"[A-Za-z]{1,4}")
_OTHER_TITLES = re.compile(r"[A-Za-z][A-Za-z,]{0,13}")
_FOA = re.compile(r"[A-Za-z]{1,3}")
_MONTH = re.compile(r"[A-Za-z]{3}[0-9]{2}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

#: Gives the location of a player's value by its key (the TXT column, the XML element).
_At = Callable[[str], Location]


@dataclass(frozen=True)
class ListedPlayer:
    """One player of a FIDE rating list, in the list's own terms.

    ``rating``, ``games`` and ``k`` are those of the list read (standard, rapid or blitz);
    ``None`` where the list gives none.  ``flag`` is the flag text as written (``i``, ``w``,
    ``wi``); ``inactive`` and ``woman`` say what it means.  A player built with an empty flag
    gets the flag his ``inactive`` and ``woman`` say; a flag that says otherwise is an
    :class:`~ratingkit.core.errors.InvalidValueError`."""

    fide_id: str
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    rating: int | None = None
    games: int | None = None
    k: int | None = None
    born: int | None = None
    inactive: bool = False
    woman: bool = False
    flag: str = ""
    #: The FIDE Online Arena title (column FOA, element ``foa_title``).
    foa_title: str = ""
    location: Location | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.flag:
            object.__setattr__(self, "flag", flag_text(self.inactive, self.woman))
            return
        inactive, woman = parse_flag(self.flag, self.location)
        if (inactive, woman) != (self.inactive, self.woman):
            raise InvalidValueError(
                tr(
                    (
                        "player {fide_id}: flag {flag!r} says inactive={flag_inactive}, "
                        "woman={flag_woman}, but the player has inactive={inactive}, "
                        "woman={woman}"
                    ),
                    fide_id=self.fide_id,
                    flag=self.flag,
                    flag_inactive=inactive,
                    flag_woman=woman,
                    inactive=self.inactive,
                    woman=self.woman,
                ),
                self.location,
                self.flag,
            )


@dataclass(frozen=True)
class RatingList:
    """A FIDE rating list read from a file: ``layout`` is ``"txt"`` or ``"xml"``,
    ``list_kind`` the list read (``standard``, ``rapid``, ``blitz``), ``period`` the month
    label the file gives (a single TXT list's rating column, ``"JAN23"``), else ``None``."""

    players: tuple[ListedPlayer, ...]
    source: str
    layout: str
    list_kind: str
    period: str | None = None
    #: The encoding the file was read in (``utf-8``, ``cp1252`` ...).
    encoding: str | None = None

    def __len__(self) -> int:
        return len(self.players)

    def by_id(self) -> dict[str, ListedPlayer]:
        """The players by FIDE id."""
        return {p.fide_id: p for p in self.players}


def flag_text(inactive: bool, woman: bool) -> str:
    """FIDE's flag for a player: ``w`` a woman, ``i`` inactive, ``wi`` both, ``""`` none."""
    return ("w" if woman else "") + ("i" if inactive else "")


def parse_flag(text: str, location: Location | None = None) -> tuple[bool, bool]:
    """(inactive, woman) of a flag: ``i``, ``w``, ``wi`` (or ``iw``), or empty."""
    flag = text
    if len(set(flag)) != len(flag) or not set(flag) <= {"i", "w"}:
        raise InvalidValueError(
            tr(
                ("flag {text} is not one of FIDE's flags (i: inactive, w: woman, wi: both)"),
                text=shown(text),
            ),
            location,
            text,
        )
    return "i" in flag, "w" in flag


#: The largest list file read out of a ZIP archive (FIDE's largest, the combined XML, is
#: well under it): a guard against an archive that unpacks to more than a list can be.
ZIP_MEMBER_LIMIT = 2 * 1024**3


@dataclass(frozen=True)
class ListLimits:
    """The caps on a rating list file, so that a hostile file (a ZIP bomb, a 200 MB name)
    is refused with one line instead of filling memory.  FIDE's own files are far inside
    them: its combined XML unpacks to about 600 MB, its TXT packs about 10:1, its longest
    value is a name of 60 characters and its longest line 163."""

    #: Bytes a ZIP archive's list file may unpack to (counted while reading: the header's
    #: size may lie).
    unpacked_bytes: int = ZIP_MEMBER_LIMIT
    #: Unpacked bytes for each packed byte of a ZIP archive's list file, counted while
    #: reading past the first mebibyte.
    ratio: int = 200
    #: Characters one value (a TXT column, an XML element's text) may hold.
    field_chars: int = 1_000
    #: Characters a TXT line may hold, and bytes of XML between two ``>``.
    line_chars: int = 65_536


LIST_LIMITS = ListLimits()


def _too_long(what: str, limits: ListLimits, where: Location) -> InputError:
    """A value longer than the cap (a hostile file: FIDE's longest value is a name of 60
    characters)."""
    return InvalidValueError(
        tr(
            (
                "{what} is longer than {limit:,} characters, the most a rating list's value "
                "is read to"
            ),
            what=what,
            limit=limits.field_chars,
        ),
        where,
        "",
    )


def _player(cells: Mapping[str, str], kind: str, where: Location, at: _At) -> ListedPlayer:
    """A player from his values by key (id, name, fed, sex, tit, wtit, otit, foa, rating,
    games, k, born, flag), each checked; ``at`` gives a value's location (called only for an
    error: a list has a million players)."""
    get = cells.get
    sex = get("sex", "")
    if sex not in ("", "M", "F"):
        raise InvalidValueError(tr("sex {sex} is not M or F", sex=shown(sex)), at("sex"), sex)
    flag = get("flag", "")
    inactive, woman = _FLAGS[flag] if flag in _FLAGS else parse_flag(flag, at("flag"))
    return build(
        ListedPlayer,
        {
            "fide_id": _check_id(get("id", ""), at),
            "name": _check_name(get("name", ""), at),
            "federation": _check_text(get("fed", ""), _FEDERATION, N_("federation"), "fed", at),
            "sex": sex,
            "title": _check_text(get("tit", ""), _TITLE, N_("title"), "tit", at),
            "women_title": _check_text(get("wtit", ""), _TITLE, N_("women's title"), "wtit", at),
            "other_titles": _check_text(
                get("otit", ""), _OTHER_TITLES, N_("other titles"), "otit", at
            ),
            "rating": _number(get("rating", ""), _RATING_RANGE, N_("rating"), "rating", at),
            "games": _number(get("games", ""), _GAMES_RANGE, N_("games"), "games", at),
            "k": _number(get("k", ""), _K_RANGE, N_("K"), "k", at),
            "born": _born(get("born", ""), at),
            "inactive": inactive,
            "woman": woman,
            "flag": flag,
            "foa_title": _check_text(get("foa", ""), _FOA, N_("FOA title"), "foa", at),
            "location": where,
        },
    )


#: The flags FIDE writes, read at once (any other goes through parse_flag's checks).
_FLAGS: Mapping[str, tuple[bool, bool]] = {
    "": (False, False),
    "i": (True, False),
    "w": (False, True),
    "wi": (True, True),
}


def _check_id(text: str, at: _At) -> str:
    if not text:
        raise MalformedLineError(tr("no FIDE id"), at("id"), text)
    if not (text.isascii() and text.isdigit()) or len(text) > 14:
        raise InvalidValueError(
            tr("FIDE id {text} is not a number of at most 14 digits", text=shown(text)),
            at("id"),
            text,
        )
    return text


def _check_name(text: str, at: _At) -> str:
    if not text:
        raise MalformedLineError(tr("no name"), at("name"), text)
    return text


def _check_text(text: str, pattern: re.Pattern[str], what: str, key: str, at: _At) -> str:
    if text and not (text.isascii() and pattern.fullmatch(text)):
        raise InvalidValueError(
            tr("{what} {text} is not one FIDE writes", what=_(what), text=shown(text)),
            at(key),
            text,
        )
    return text


def _number(text: str, bounds: tuple[int, int], what: str, key: str, at: _At) -> int | None:
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise InvalidValueError(
            tr("{what} {text} is not a whole number", what=_(what), text=shown(text)), at(key), text
        )
    value = int(text)
    low, high = bounds
    if not low <= value <= high:
        raise InvalidValueError(
            tr(
                ("{what} {number} is out of range (FIDE's lists have {low} to {high})"),
                what=_(what),
                number=value,
                low=low,
                high=high,
            ),
            at(key),
            text,
        )
    return value


def _born(text: str, at: _At) -> int | None:
    if text and set(text) == {"0"}:
        return None  # 0000: the birth year is not given
    return _number(text, _BORN_RANGE, N_("birth year"), "born", at)


#: The combined TXT's rating column of each list.
_RATING_LABEL = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}
