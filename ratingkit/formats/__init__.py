"""Readers and writers of event files, found by name, suffix or content.

Each format module registers a :class:`Format`; :func:`read_event` picks the reader from the
``format`` argument, else from the file's suffix and first lines.  New formats plug in with
:func:`register_format` and a line in :data:`BUILTIN_MODULES`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import UnknownFormatError
from ..fileio import check_text_file
from ..model import Event

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
    read: Callable[[Path], Event]
    #: Given the path and the first 4 KiB of text ("" for a directory), whether it is ours.
    sniff: Callable[[Path, str], bool] | None = None
    write: Callable[[Event], str] | None = None
    #: Formats with a higher priority are sniffed first: a format that recognises a special
    #: case of another's files (club records are CSV pairs with more columns) says so here.
    priority: int = 0


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
    # In the order of BUILTIN_MODULES, whichever module happened to be imported first (then
    # formats registered by other code, in their order).
    order = {module: i for i, module in enumerate(BUILTIN_MODULES)}
    ranked = sorted(_FORMATS.values(), key=lambda f: order.get(f.read.__module__, len(order)))
    return {f.name: f for f in ranked}


def _head(path: Path) -> str:
    if path.is_dir():
        return ""
    try:
        with path.open("rb") as handle:
            return handle.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return ""


def detect_format(path: str | os.PathLike[str]) -> Format:
    """The format of ``path``: by content first, then by suffix."""
    file = Path(path)
    known = formats()
    if not file.exists():
        raise UnknownFormatError(f"{path}: file not found")
    check_text_file(file)
    if file.is_dir():
        # The CSV pairs of a directory (games.csv, players.csv, event.csv).
        for member in sorted(file.glob("*.csv")):
            check_text_file(member)
    head = _head(file)
    by_priority = sorted(known.values(), key=lambda f: -f.priority)
    for fmt in by_priority:
        if fmt.sniff is not None and fmt.sniff(file, head):
            return fmt
    for fmt in known.values():
        if file.suffix.lower() in fmt.suffixes:
            return fmt
    names = ", ".join(f"{f.name} ({' '.join(f.suffixes)})" for f in known.values())
    raise UnknownFormatError(f"{path}: cannot tell the file's format; known formats: {names}")


def read_event(path: str | os.PathLike[str], format: str | None = None) -> Event:
    """Read an event file.  ``format`` names the format; by default it is detected."""
    check_text_file(path)
    if format is None:
        fmt = detect_format(path)
    else:
        known = formats()
        if format not in known:
            raise UnknownFormatError(f"unknown format {format!r}; known: {', '.join(known)}")
        fmt = known[format]
    return fmt.read(Path(path))


def write_event(event: Event, format: str) -> str:
    """The text of ``event`` in ``format``."""
    known = formats()
    fmt = known.get(format)
    if fmt is None or fmt.write is None:
        writable = [f.name for f in known.values() if f.write is not None]
        raise UnknownFormatError(f"cannot write format {format!r}; writable: {writable}")
    return fmt.write(event)
