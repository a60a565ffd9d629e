"""Small file helpers: reading text with a clear error, writing all-or-nothing."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError, Location


def read_text(path: str | os.PathLike[str]) -> str:
    """A text file's content (UTF-8, falling back to Latin-1 as old TRF files use it)."""
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", Location(str(path)), str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", Location(str(path)), str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", Location(str(path)), str(path)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either wholly new or untouched."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
