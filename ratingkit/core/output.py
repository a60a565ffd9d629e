"""What ratingkit writes for others to open: CSV cells a spreadsheet cannot run, text that a
terminal shows as text, and report files written where the user meant (issue 14, point 16).

* :func:`protect_cell` / :func:`unprotect_cell`: a text cell that begins with ``=``, ``+``,
  ``-``, ``@``, a tab or a carriage return is a formula to a spreadsheet; it is written with a
  leading apostrophe (OWASP's advice on CSV injection), and ratingkit's own readers remove
  that apostrophe again, so that a file ratingkit wrote reads back equal.  Numbers stay
  numbers: ``-9`` (a number, or text that is just a number) is written as it is.
* :func:`terminal_text`: control characters (ESC and the rest of C0 and C1, DEL, and the
  Unicode controls that reorder text) are dropped from text meant for a terminal; newlines
  stay.
* :func:`write_output`: the file of ``--output``.  A missing folder, a folder, one of the
  inputs: a clean error.  A device or a FIFO is written to, never replaced.  A symbolic link
  is followed and its target replaced (the link stays).  A regular file is replaced all at
  once (a temporary file beside it, then a rename), keeping its permissions.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from ..core.i18n import tr
from .errors import RatingkitError

#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV
#: Injection"): ``=``, ``+``, ``-``, ``@``, tab and carriage return.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Text that is only a number (``-9``, ``+12``, ``-0.5``): a spreadsheet reads it as that
#: number, not as a formula, so it is written as it is.
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


def protect_cell(value: object) -> object:
    """``value`` as a CSV cell that a spreadsheet shows instead of running: text beginning with
    one of :data:`FORMULA_STARTS` (and text that already begins with an apostrophe followed by
    one of them or another apostrophe, so that reading back is exact) gets a leading ``'``.
    Numbers, and text that is just a number, are returned unchanged."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        if _PLAIN_NUMBER.fullmatch(value):
            return value
        return "'" + value
    if value.startswith("'") and value[1:2] and value[1] in (*FORMULA_STARTS, "'"):
        return "'" + value
    return value


def unprotect_cell(text: str) -> str:
    """The inverse of :func:`protect_cell` for a cell read from a CSV file: one leading
    apostrophe before a formula character or another apostrophe is removed."""
    if text.startswith("'") and text[1:2] and text[1] in (*FORMULA_STARTS, "'"):
        return text[1:]
    return text


def protect_row(row: Iterable[object]) -> list[object]:
    """:func:`protect_cell` of every cell of a CSV row."""
    return [protect_cell(cell) for cell in row]


# C0 controls but newline, DEL, C1 controls, and the bidirectional embeddings, overrides and
# isolates (U+202A-U+202E, U+2066-U+2069) that make a terminal show text in another order.
_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CELL_SPACES = re.compile("[\t\n\r\x0b\x0c]")


#: The ASCII controls of :data:`_CONTROLS` (all but newline), as bytes.
_ASCII_CONTROLS = bytes([*range(0x0A), *range(0x0B, 0x20), 0x7F])
#: Characters of a long text looked at a time by :func:`terminal_text`'s first look.
_LOOK = 1 << 20


def terminal_text(text: str) -> str:
    """``text`` without control characters (newlines are kept).  A long ASCII text (a report
    of 100,000 games is some 40 MB) is first looked at a megabyte at a time for an ASCII
    control, in C without the regular expression: the text itself where there is none."""
    if len(text) > _LOOK and text.isascii():
        for start in range(0, len(text), _LOOK):
            data = text[start : start + _LOOK].encode("ascii")
            if len(data.translate(None, _ASCII_CONTROLS)) != len(data):
                break
        else:
            return text
    return _CONTROLS.sub("", text)


#: A line break and the blanks around it (also U+2028, U+2029 and the other breaks that
#: ``str.splitlines`` knows), which :func:`one_line` turns into one space.
_BREAKS = re.compile(r"\s*[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+\s*")


def one_line(text: str) -> str:
    """An error message for the terminal: one line (line breaks and the blanks around them
    become one space) without control characters.  A message should be one line where it is
    made; this is the guarantee where it is printed."""
    return terminal_text(_BREAKS.sub(" ", text.strip()))


def terminal_cell(text: str) -> str:
    """A table cell for a terminal: tabs and line breaks become spaces (a cell is one line),
    other control characters are dropped."""
    if text.isprintable():  # the usual case, checked in C: nothing to do
        return text
    return terminal_text(_CELL_SPACES.sub(" ", text))


# -- the --output file -----------------------------------------------------------------------


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _input_files(inputs: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files read: each input, and the files inside an input that is a folder (a CSV
    pair's games.csv, players.csv, event.csv)."""
    files = []
    for item in inputs:
        path = Path(item)
        files.append(path)
        if path.is_dir():
            files.extend(p for p in path.iterdir() if p.is_file())
    return files


def check_output(
    path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()
) -> Path:
    """The file that writing ``path`` writes (a symbolic link's target), after the checks:
    a clean :class:`~ratingkit.core.errors.RatingkitError` for a folder, a missing folder, or
    one of ``inputs``."""
    given = Path(path)
    target = Path(os.path.realpath(given))
    if target.is_dir():
        raise RatingkitError(
            tr("--output {path}: is a folder; name a file to write the report to", path=path)
        )
    folder = target.parent
    if not folder.is_dir():
        # The folder as the user wrote it, or a symbolic link's target folder.
        written = given.parent if str(given.parent) else Path(".")
        where = written if Path(os.path.realpath(written)) == folder else folder
        raise RatingkitError(
            tr(
                ("--output {path}: the folder {where} does not exist (create it first)"),
                path=path,
                where=where,
            )
        )
    for item in _input_files(inputs):
        if item.exists() and _same_file(item, target):
            raise RatingkitError(
                tr(
                    (
                        "--output {path}: is the input file {item}; writing the report "
                        "there would destroy it (choose another file)"
                    ),
                    path=path,
                    item=item,
                )
            )
    return target


def write_output(
    path: str | os.PathLike[str], text: str, inputs: Iterable[str | os.PathLike[str]] = ()
) -> None:
    """Write ``text`` (UTF-8) to ``path`` as :func:`check_output` allows, by
    :func:`atomic_write`; a failure of the system (no permission, a full disk) is a clean
    error."""
    target = check_output(path, inputs)
    try:
        atomic_write(target, text)
    except OSError as exc:
        raise RatingkitError(
            tr("--output {path}: cannot write: {strerror}", path=path, strerror=exc.strerror or exc)
        ) from None


def replace_file(target: Path, text: str, mode: int | None = None) -> None:
    """Write ``text`` to the regular file ``target`` all at once: a temporary file in the same
    folder, renamed over it.  ``mode`` is the permission bits to keep (an existing file's);
    a new file gets ``0o666`` less the umask, as any new file.  An existing file that may not
    be written is refused (as a shell's ``>`` would be), even where its folder would allow
    the rename; a file that may be written in a folder that may not is written in place."""
    if mode is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
    try:
        fd, temp = _create_beside(target, 0o666 if mode is None else 0o600)
    except PermissionError:
        if mode is None:
            raise
        with open(target, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _create_beside(target: Path, mode: int) -> tuple[int, Path]:
    """A new hidden file next to ``target``, opened for writing (``mode`` less the umask)."""
    for _ in range(100):
        temp = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target.parent))


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either wholly new or untouched; a
    symbolic link is followed (its target is replaced, the link stays), a device or FIFO is
    written into (as a shell's ``>`` does; replacing ``/dev/null`` with a regular file would
    break the system, and a FIFO's reader would never get the text)."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with open(target, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return
    replace_file(target, text, None if mode is None else stat.S_IMODE(mode))


# -- values as JSON, pandas and CSV want them --------------------------------------------


def plain(value: object) -> object:
    """A value as JSON and pandas want it: Fractions and Decimals become floats, dates ISO."""
    if isinstance(value, Fraction | Decimal):
        return float(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if hasattr(value, "value") and hasattr(value, "name") and not isinstance(value, str):
        return plain(value.value)  # enums
    return value


def csv_cell(value: object) -> object:
    """A value as a CSV cell: :func:`plain`, empty for None, yes/no, a list space-separated."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return value


__all__ = [
    "FORMULA_STARTS",
    "atomic_write",
    "check_output",
    "csv_cell",
    "plain",
    "protect_cell",
    "protect_row",
    "replace_file",
    "terminal_cell",
    "terminal_text",
    "unprotect_cell",
    "write_output",
]
