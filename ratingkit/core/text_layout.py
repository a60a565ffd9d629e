"""A table laid out as text for a terminal (:meth:`ratingkit.core.report.Table.to_text`): its
cells' texts made column by column (:func:`format_cell`'s rules in one loop), numbers to the
right, long text cells wrapped, and a table wider than the terminal cut into blocks of columns
that each repeat the key columns (a player's id and name)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from .cells import (
    CHANGE_COLUMNS,
    RATING_COLUMNS,
    _no_negative_zero,
    _number_cell,
    format_cell,
    shown_words,
)
from .i18n import _, current_language, decimal_separator, localized_number
from .output import terminal_cell


class LaidOutTable(Protocol):
    """What laying a table out reads of :class:`ratingkit.core.report.Table` (named here, not
    imported: the report builds on this module)."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    @property
    def formats(self) -> Mapping[str, str]: ...

    def _shown_values(self) -> Iterable[Sequence[object]]: ...


#: With a width to fit, a text cell longer than this is wrapped onto more lines.
TEXT_CELL_WIDTH = 30
#: The leading columns repeated in each block of a table too wide for the terminal: a row of
#: every block then says whose or which it is (a player's id, FIDE id and name; a games
#: table's event, round and player; the ledger's event and period).
KEY_COLUMNS = ("id", "FIDE id", "name", "player", "event", "event id", "period", "round")


def key_indices(columns: Sequence[str]) -> list[int]:
    """The positions of a table's key columns: the leading columns named in
    :data:`KEY_COLUMNS`, found by the columns' keys (not their words, which differ by
    language)."""
    keys = []
    for i, column in enumerate(columns):
        if column not in KEY_COLUMNS:
            break
        keys.append(i)
    return keys


def column_label(column: str) -> str:
    """A column's header in the language in force: its translation, or the English key with
    spaces for underscores, so that one table has one header style ("rating before" beside
    "opponent rating", not "rating_before")."""
    return _(column).replace("_", " ")


def _wrapped(lines: Iterable[str], width: int, indent: str = "") -> list[str]:
    """Each line wrapped to ``width``; the continuation lines are indented under the first
    line's text (``indent``: its label, e.g. ``"  note: "``)."""
    out: list[str] = []
    for line in lines:
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=" " * len(indent),
                break_on_hyphens=False,
            )
            or [""]
        )
    return out


def _is_number(text: str) -> bool:
    """A cell that holds a number (a decimal comma too): aligned to the right."""
    if decimal_separator() == ",":
        text = text.replace(",", ".", 1)
    try:
        float(text.replace("*", ""))
    except ValueError:
        return False
    return True


#: Cells that :func:`_is_number` finds numbers without being asked: plain decimals, by the
#: decimal separator in force.
_PLAIN_NUMBERS = {
    ".": re.compile(r"-?[0-9]+(?:\.[0-9]+)?").fullmatch,
    ",": re.compile(r"-?[0-9]+(?:[.,][0-9]+)?").fullmatch,
}


def _all_numbers(cells: Sequence[str]) -> bool:
    """Whether every cell is empty or a number (:func:`_is_number`)."""
    plain = _PLAIN_NUMBERS.get(decimal_separator())
    if plain is not None and all(map(plain, filter(None, cells))):
        return True
    return all(_is_number(c) or not c for c in cells)


#: Separates the cells of a row kept as one string while a table is laid out: no cell shown
#: in a terminal holds a control character (:func:`~ratingkit.core.output.terminal_cell`).
_SEPARATOR = "\x00"
#: Whole numbers a column remembers the text of (its few ratings, rounds, counts).
_KNOWN_NUMBERS = 4096


#: What :func:`_column_text` makes: the cells of some values, given a memo of the texts of
#: Fractions by identity (the values' own: valid while they are held), and whether every
#: value was a number or None without a format.
ColumnText = Callable[[Iterable[Any], dict[int, str]], tuple[list[str], bool]]


def _plain_float_text(value: float, in_rating: bool, in_change: bool) -> str:
    """A float without a format as :func:`_number_cell` shows it, before the language's
    decimal separator: a rating whole, a change to 2 places, a whole number as an int (to 1
    place under 100), anything else to 4 places, trailing zeros dropped."""
    if in_rating:
        return f"{value:.0f}"
    if in_change and value != int(value):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if value == int(value) and abs(value) < 1e15:
        return str(int(value)) if abs(value) >= 100 else f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _column_text(fmt: str | None, column: str) -> ColumnText:
    """``[terminal_cell(format_cell(value, fmt, column)) for value in values]`` for the
    values of one column, in the language in force when it is made, in one loop: strings,
    whole numbers, booleans, floats and Fractions without
    :func:`~ratingkit.core.output.plain`'s questions, a float by :func:`_number_cell`'s rules
    for this column, the text of whole numbers remembered, of Fractions in ``seen`` by their
    identity (``tests/test_report.py`` compares it with :func:`format_cell`); and whether
    every value was a number or None without a format (every cell then a number or empty,
    :func:`_is_number`)."""
    separator = decimal_separator()
    known: dict[int, str] = {}
    floats: dict[float, str] = {}
    in_rating, in_change = column in RATING_COLUMNS, column in CHANGE_COLUMNS
    yes, no = _("yes"), _("no")
    # Words shown in the language (shown_words: grades, event types), each looked up once.
    translated = current_language() != "en"
    words: dict[str, str] = {}

    def texts(values: Iterable[Any], seen: dict[int, str]) -> tuple[list[str], bool]:
        out: list[str] = []
        append = out.append
        numbers = fmt is None
        for value in values:
            kind = type(value)
            if kind is str:
                numbers = False
                if translated:
                    word = words.get(value)
                    if word is None:
                        word = shown_words(value)
                        if len(words) < _KNOWN_NUMBERS:
                            words[value] = word
                    value = word
                append(value if value.isprintable() else terminal_cell(value))
                continue
            if value is None:
                append("")
                continue
            if kind is int:
                shown: str | None = known.get(value)
                if shown is None:
                    shown = localized_number(_number_cell(value, fmt, column))
                    if len(known) < _KNOWN_NUMBERS:
                        known[value] = shown
                append(shown)
                continue
            if kind is bool:
                numbers = False
                append(yes if value else no)
                continue
            if kind is Fraction:
                key = id(value)
                shown = seen.get(key)
                if shown is not None:
                    append(shown)
                    continue
                # float(value), without Rational.__float__'s and the properties' calls: the
                # same quotient of the same ints
                value = value._numerator / value._denominator
            elif kind is not float:
                numbers = False
                append(terminal_cell(format_cell(value, fmt, column)))
                continue
            elif fmt is None:
                # A float shown before (a game's result: 0, 1/2 or 1); -0.0 and 0.0 are
                # shown alike without a format.
                shown = floats.get(value)
                if shown is not None:
                    append(shown)
                    continue
            # A float, as _number_cell shows it.
            if fmt is not None:
                shown = _number_cell(value, fmt, column)
            elif value != value:  # NaN
                append("")
                continue
            else:
                shown = _plain_float_text(value, in_rating, in_change)
            if shown.startswith("-"):
                shown = _no_negative_zero(shown)
            if separator != ".":
                shown = shown.replace(".", separator)
            if kind is Fraction:
                seen[key] = shown
            elif fmt is None and len(floats) < _KNOWN_NUMBERS:
                floats[value] = shown
            append(shown)
        return out, numbers

    return texts


class _Cells:
    """A table's rows as the text of their cells, each row kept as one string (the cells
    joined by :data:`_SEPARATOR`), with each column's widest cell and whether all its cells
    are numbers: what laying the table out needs, in a fifth of the memory of a list of
    cells a row.  The rows are read a chunk at a time and their cells made column by
    column."""

    #: Rows whose cells are made together, column by column.
    CHUNK = 2048

    def __init__(self, count: int) -> None:
        self.rows: list[str] = []
        self.natural = [0] * count
        self.numeric = [True] * count

    @classmethod
    def of(cls, table: LaidOutTable) -> _Cells:
        keys = table.columns
        texts = [_column_text(table.formats.get(c), c) for c in keys]
        # Columns that show a value alike share what they showed of a Fraction (one value in
        # two columns: a game's running rating after it and the next game's before it).
        kinds = [
            (None, c in RATING_COLUMNS, c in CHANGE_COLUMNS)
            if table.formats.get(c) is None
            else (table.formats.get(c), c)
            for c in keys
        ]
        found = cls(len(keys))
        chunk: list[Sequence[object]] = []
        for row in table._shown_values():
            chunk.append(row)
            if len(chunk) == cls.CHUNK:
                found._add(chunk, texts, kinds)
                chunk = []
        found._add(chunk, texts, kinds)
        return found

    def _add(
        self,
        chunk: list[Sequence[object]],
        texts: Sequence[ColumnText],
        kinds: Sequence[object],
    ) -> None:
        if not chunk:
            return
        natural, numeric = self.natural, self.numeric
        columns = []
        # The texts of this chunk's Fractions by identity (the chunk holds them meanwhile).
        seen: dict[object, dict[int, str]] = {kind: {} for kind in kinds}
        for i, (values, text) in enumerate(zip(zip(*chunk, strict=True), texts, strict=True)):
            cells, numbers = text(values, seen[kinds[i]])
            natural[i] = max(natural[i], max(map(len, cells)))
            if numeric[i] and not numbers:
                numeric[i] = _all_numbers(cells)
            columns.append(cells)
        if columns:
            self.rows.extend(map(_SEPARATOR.join, zip(*columns, strict=True)))
        else:
            self.rows.extend("" for _ in chunk)

    def __iter__(self) -> Iterator[list[str]]:
        if not self.natural:  # no columns: each row has no cell
            yield from ([] for _ in self.rows)
            return
        for row in self.rows:
            yield row.split(_SEPARATOR)

    def __len__(self) -> int:
        return len(self.rows)


def _fitted(
    columns: Sequence[str], cells: _Cells, width: int, keys: Sequence[int] = ()
) -> list[str]:
    """The header, rule and rows of a table, in blocks of columns that fit ``width``; every
    block starts with the key columns ``keys`` (:func:`key_indices`)."""
    count = len(columns)
    numeric = cells.numeric
    natural = [max(len(columns[i]), cells.natural[i]) for i in range(count)]
    cap = max(8, min(TEXT_CELL_WIDTH, width // 3))
    widths = [w if numeric[i] else min(w, max(cap, len(columns[i]))) for i, w in enumerate(natural)]
    widths = [min(w, width) for w in widths]
    keys = list(keys)
    # The keys take at most half the width: the rest is each block's own.
    while len(keys) > 1 and sum(widths[k] for k in keys) + 2 * len(keys) > width // 2:
        keys.pop()
    rest = [i for i in range(count) if i not in keys]
    blocks: list[list[int]] = []
    current = list(keys)
    used = sum(widths[i] for i in keys) + 2 * max(len(keys) - 1, 0)
    for i in rest:
        extra = widths[i] + (2 if current else 0)
        if current and used + extra > width and len(current) > len(keys):
            blocks.append(current)
            current = list(keys)
            used = sum(widths[k] for k in keys) + 2 * max(len(keys) - 1, 0)
            extra = widths[i] + (2 if current else 0)
        current.append(i)
        used += extra
    if len(current) > len(keys) or not blocks:
        blocks.append(current)
    for block in blocks:
        # Room left in a block: its wrapped columns widen by turns, up to their width.
        spare = width - sum(widths[i] for i in block) - 2 * (len(block) - 1)
        growing = [i for i in block if i not in keys and widths[i] < natural[i]]
        while spare > 0 and growing:
            for i in list(growing):
                if spare <= 0:
                    break
                widths[i] += 1
                spare -= 1
                if widths[i] >= natural[i]:
                    growing.remove(i)
    lines: list[str] = []
    for number, block in enumerate(blocks):
        if number:
            lines.append("")
        lines.append("  ".join(columns[i][: widths[i]].ljust(widths[i]) for i in block).rstrip())
        lines.append("  ".join("-" * widths[i] for i in block))
        # A row none of whose cells is wider than its column is one line, laid out by one
        # format; a cell that is (a column narrower than its widest cell) is wrapped.
        line = "  ".join(f"{{{i}:{'>' if numeric[i] else '<'}{widths[i]}}}" for i in block).format
        narrowed = [i for i in block if widths[i] < natural[i]]
        for row in cells:
            if not narrowed or not any(len(row[i]) > widths[i] for i in narrowed):
                lines.append(line(*row).rstrip())
                continue
            parts = [
                textwrap.wrap(row[i], widths[i], break_on_hyphens=False) or [""]
                if len(row[i]) > widths[i]
                else [row[i]]
                for i in block
            ]
            for depth in range(max(len(p) for p in parts)):
                pieces = []
                for i, part in zip(block, parts, strict=True):
                    text = part[depth] if depth < len(part) else ""
                    pieces.append(text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i]))
                lines.append("  ".join(pieces).rstrip())
    return lines


def _align(text: str, width: int) -> str:
    return text.rjust(width) if _is_number(text) else text.ljust(width)
