"""Readers and writers of event files, found by name, suffix or content.

Each format module registers a :class:`Format`; :func:`read_event` picks the reader from the
``format`` argument, else from the file's first lines and suffix.  New formats plug in with
:func:`register_format` and a line in :data:`BUILTIN_MODULES`.

Detection ignores a UTF-8 byte-order mark.  When no format recognises a file, the format it
resembles most (its :attr:`Format.resemblance`, e.g. three of the four columns of a games
file) is tried, and its own error says what is wrong ("the header lacks column(s) round").
"""

from __future__ import annotations

import codecs
import importlib
import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import is_ as op_is
from pathlib import Path

from ..core.errors import InputError, Location, RatingkitError, UnknownFormatError
from ..core.fileio import check_text_file, require_text
from ..core.i18n import _, tr
from ..core.model import Event

# Not event formats (a rating list is no event, a workbook is a view of a table): exported
# here, outside the registry and read_event.
from .fidelist import ListedPlayer as ListedPlayer
from .fidelist import RatingList as RatingList
from .fidelist import format_rating_list_txt as format_rating_list_txt
from .fidelist import read_rating_list as read_rating_list
from .xlsx import write_table_xlsx as write_table_xlsx

#: Modules that define and register the built-in formats.
BUILTIN_MODULES: tuple[str, ...] = (
    "ratingkit.formats.csvpair",
    "ratingkit.formats.trf",
    "ratingkit.formats.scorecsv",
    "ratingkit.formats.fesatable",
    "ratingkit.formats.clubcsv",
)


@dataclass(frozen=True)
class Format:
    """A file format: how to recognise it, read it and (optionally) write it."""

    name: str
    description: str
    suffixes: tuple[str, ...]
    #: Reads a file; a reader that takes an ``encoding`` keyword can be given one.
    read: Callable[..., Event]
    #: Given the path and the first 4 KiB of text ("" for a directory), whether it is ours.
    sniff: Callable[[Path, str], bool] | None = None
    write: Callable[[Event], str] | None = None
    #: Formats with a higher priority are sniffed first: a format that recognises a special
    #: case of another's files (club records are CSV pairs with more columns) says so here.
    priority: int = 0
    #: Given the path and the first 4 KiB of text, how much the file looks like this format
    #: (0 to 1: the share of the format's marks it has, such as its required columns), used
    #: to name the closest format when none recognises the file.  Without it, a matching
    #: suffix counts 0.3.
    resemblance: Callable[[Path, str], float] | None = None


_FORMATS: dict[str, Format] = {}
_loaded = False


def register_format(fmt: Format) -> Format:
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> dict[str, Format]:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_MODULES:
            importlib.import_module(module)
    return dict(_ranked()[1])


#: The registered formats as last ranked, by name in order and by priority: ranked again only
#: when a format was registered (read_event asks at every event: a FIDE month is 2,000).
_RANKED: list[tuple[tuple[Format, ...], dict[str, Format], tuple[Format, ...]]] = []


def _ranked() -> tuple[tuple[Format, ...], dict[str, Format], tuple[Format, ...]]:
    registered = tuple(_FORMATS.values())
    if _RANKED:
        last = _RANKED[0]
        if len(last[0]) == len(registered) and all(map(op_is, last[0], registered)):
            return last
    # In the order of BUILTIN_MODULES, whichever module happened to be imported first (then
    # formats registered by other code, in their order).
    order = {module: i for i, module in enumerate(BUILTIN_MODULES)}
    ranked = sorted(registered, key=lambda f: order.get(f.read.__module__, len(order)))
    by_name = {f.name: f for f in ranked}
    by_priority = tuple(sorted(by_name.values(), key=lambda f: -f.priority))
    _RANKED[:] = [(registered, by_name, by_priority)]
    return _RANKED[0]


def _head(path: Path) -> str:
    """The first 4 KiB of a file as text, without a UTF-8 byte-order mark (a code page's
    letters, which sniffing does not need, become U+FFFD)."""
    if path.is_dir():
        return ""
    try:
        with path.open("rb") as handle:
            data = handle.read(4096)
    except OSError:
        return ""
    return data.removeprefix(codecs.BOM_UTF8).decode("utf-8", errors="replace")


def _resemblance(fmt: Format, path: Path, head: str) -> float:
    if fmt.resemblance is not None:
        try:
            return float(fmt.resemblance(path, head))
        except (OSError, ValueError):
            return 0.0
    return 0.3 if path.suffix.lower() in fmt.suffixes else 0.0


def detect_format(path: str | os.PathLike[str]) -> Format:
    """The format of ``path``: by content first, then by suffix (see :func:`closest_format`
    for a file that no format recognises)."""
    return _detect(Path(path))[0]


def _detect(file: Path, checked: bool = False, head: str | None = None) -> tuple[Format, bool]:
    """The format of a file, and whether it recognised the file (else it is the closest);
    ``checked``: the file's text already checked (:func:`read_event` checks it first);
    ``head``: the first 4 KiB of a regular file already read (:func:`read_event` reads it
    once: a FIDE month is 2,000 files)."""
    path = file
    formats()  # the built-in formats imported
    if head is None:
        if not file.exists():
            raise UnknownFormatError(tr("{path}: file not found", path=path))
        if not checked:
            check_text_file(file)
        if file.is_dir():
            # The CSV pairs of a directory (games.csv, players.csv, event.csv).
            for member in sorted(file.glob("*.csv")):
                check_text_file(member)
        head = _head(file)
    for fmt in _ranked()[2]:
        if fmt.sniff is not None and fmt.sniff(file, head):
            return fmt, True
    closest = closest_format(file, head)
    if closest is not None:
        return closest, False
    raise UnknownFormatError(
        tr(
            "{path}: cannot tell the file's format; known formats: {formats}",
            path=path,
            formats=_names(),
        )
    )


def _names() -> str:
    """The known formats with their suffixes; a format known by its content alone (club
    records: a folder of CSV files) has no suffix to show, and no empty brackets."""
    return ", ".join(
        f"{f.name} ({' '.join(f.suffixes)})" if f.suffixes else f.name for f in formats().values()
    )


def _refuse_empty(file: Path, data: bytes | None = None) -> None:
    """A file with nothing in it (or only blanks and a byte-order mark) is said to be empty:
    no format's guess about it would help.  In a folder, its CSV files are the event's files
    (a CSV pair, club records): an empty one is named.  ``data``: the file's bytes, already
    read."""
    if data is not None:
        head = data[:4096]
    elif file.is_dir():
        for member in sorted(file.glob("*.csv")):
            _refuse_empty(member)
        return
    elif not file.is_file():
        return
    else:
        try:
            with file.open("rb") as handle:
                head = handle.read(4096)
        except OSError:
            return
    if len(head) < 4096 and not head.removeprefix(codecs.BOM_UTF8).strip():
        raise InputError(_("the file is empty"), Location(str(file)), "")


def closest_format(path: Path, head: str) -> Format | None:
    """The format a file that no format recognises resembles most, or ``None`` when it
    resembles none (ties go to the higher priority, then to the format registered first)."""
    known = list(formats().values())
    scored = [(_resemblance(f, path, head), f.priority, -i, f) for i, f in enumerate(known)]
    best = max(scored, key=lambda t: t[:3], default=None)
    if best is None or best[0] <= 0:
        return None
    return best[3]


def read_event(
    path: str | os.PathLike[str],
    format: str | None = None,
    encoding: str | None = None,
    roster: str | os.PathLike[str] | None = None,
) -> Event:
    """Read an event file.  ``format`` names the format; by default it is detected.
    ``encoding`` overrides the detected encoding of the file (and of the files read with it).
    ``roster`` names the players file of a games file that has none beside it (the CSV pair;
    formats that carry their players ignore it).

    A file no format recognises is read by the format it resembles most: its error (a
    missing column, say) is raised as it is, with a note naming that format."""
    file = Path(path)
    # A regular file's bytes read once for the checks and the detection (a directory, or a
    # file that cannot be read, is left to them and to the reader, which name the problem).
    data = _bytes_of(file)
    if data is not None:
        require_text(data, path)  # check_text_file(path) on the bytes read
    else:
        check_text_file(path)
    _refuse_empty(file, data)
    head = (
        None
        if data is None
        else data[:4096].removeprefix(codecs.BOM_UTF8).decode("utf-8", errors="replace")
    )
    if format is not None:
        known = formats()
        if format not in known:
            raise UnknownFormatError(
                tr(
                    "unknown format {format!r}; known: {known}",
                    format=format,
                    known=", ".join(known),
                )
            )
        return _read_with(known[format], file, encoding, roster)
    fmt, recognised = _detect(file, checked=True, head=head)
    if recognised:
        return _read_with(fmt, file, encoding, roster)
    try:
        return _read_with(fmt, file, encoding, roster)
    except RatingkitError as exc:
        raise _closest_error(exc, fmt) from None


def _bytes_of(file: Path) -> bytes | None:
    """A regular file's bytes; None for anything else or a file that cannot be read."""
    try:
        return file.read_bytes() if file.is_file() else None
    except OSError:
        return None


def _closest_error(exc: RatingkitError, fmt: Format) -> RatingkitError:
    """The closest format's error, of its own class and with its location, saying that it
    comes from the closest format."""
    error = exc.__class__.__new__(exc.__class__)
    error.__dict__.update(exc.__dict__)
    note = tr(
        " [no format recognises the file; this is the error of the closest format, "
        "{format}: {description}]",
        format=fmt.name,
        description=_(fmt.description),
    )
    error.args = (f"{exc}{note}",)
    if hasattr(error, "reason"):
        error.reason = f"{error.reason}{note}"
    error.__dict__[_CLOSEST_FORMAT] = fmt.name
    return error


#: The attribute :func:`_closest_error` gives an error: the closest format's name.
_CLOSEST_FORMAT = "closest_format"


def unrecognised(error: RatingkitError) -> bool:
    """Whether ``error`` is :func:`read_event`'s for a file no format recognises (the closest
    format's error), not a recognised file's own."""
    return _CLOSEST_FORMAT in error.__dict__


def _read_with(
    fmt: Format, file: Path, encoding: str | None, roster: str | os.PathLike[str] | None = None
) -> Event:
    try:
        parameters = _parameters(fmt.read)
    except TypeError:  # a reader that cannot be hashed: its signature asked each time
        parameters = frozenset(inspect.signature(fmt.read).parameters)
    options: dict[str, object] = {}
    if roster is not None and "roster" in parameters:
        options["roster"] = roster
    if encoding is not None:
        if "encoding" not in parameters:
            raise UnknownFormatError(
                tr(
                    (
                        "{file}: the {name} reader takes no encoding; leave the encoding "
                        "to be detected"
                    ),
                    file=file,
                    name=fmt.name,
                )
            )
        options["encoding"] = encoding
    return fmt.read(file, **options)


@lru_cache(maxsize=64)
def _parameters(read: Callable[..., Event]) -> frozenset[str]:
    """The names a format's reader takes (asked at every event read; a reader is a function
    that does not change)."""
    return frozenset(inspect.signature(read).parameters)


def write_event(event: Event, format: str) -> str:
    """The text of ``event`` in ``format``."""
    known = formats()
    fmt = known.get(format)
    if fmt is None or fmt.write is None:
        writable = [f.name for f in known.values() if f.write is not None]
        raise UnknownFormatError(
            tr(
                "cannot write format {format!r}; writable: {writable}",
                format=format,
                writable=writable,
            )
        )
    return fmt.write(event)
