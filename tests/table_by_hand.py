"""A table laid out as text the way ratingkit did it before issue 24 (every cell formatted by
:func:`~ratingkit.core.report.format_cell`, a list of cells a row): the reference that
``tests/test_report.py`` holds the fast layout of :meth:`Table.to_text` to.  Since issue 25
(part 4) a header shows a key's underscores as spaces, and every block of a split table starts
with the leading key columns (id, name, player) found by their keys, in every language."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ratingkit.core.i18n import _, decimal_separator
from ratingkit.core.output import terminal_cell, terminal_text
from ratingkit.core.report import TEXT_CELL_WIDTH, Table, _wrapped, format_cell

#: The leading columns every block repeats (issue 25, part 4: the player's id and name).
KEYS = ("id", "FIDE id", "name", "player", "event", "event id", "period", "round")


def is_number(text: str) -> bool:
    if decimal_separator() == ",":
        text = text.replace(",", ".", 1)
    try:
        float(text.replace("*", ""))
    except ValueError:
        return False
    return True


def fitted(
    columns: Sequence[str], cells: Sequence[Sequence[str]], width: int, keys: Sequence[int]
) -> list[str]:
    count = len(columns)
    numeric = [all(is_number(r[i]) or not r[i] for r in cells) for i in range(count)]
    natural = [max([len(columns[i])] + [len(r[i]) for r in cells]) for i in range(count)]
    cap = max(8, min(TEXT_CELL_WIDTH, width // 3))
    widths = [w if numeric[i] else min(w, max(cap, len(columns[i]))) for i, w in enumerate(natural)]
    widths = [min(w, width) for w in widths]
    keys = list(keys)
    while len(keys) > 1 and sum(widths[k] for k in keys) + 2 * len(keys) > width // 2:
        keys.pop()  # the keys take at most half the width
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
        for row in cells:
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


def align(text: str, width: int) -> str:
    return text.rjust(width) if is_number(text) else text.ljust(width)


def table_text(table: Table, width: int | None = None) -> str:
    """``table.to_text(width)`` as it was computed before issue 24."""
    cells = [
        [terminal_cell(format_cell(r.get(c), table.formats.get(c), c)) for c in table.columns]
        for r in table.rows
    ]
    columns = [terminal_cell(_(c).replace("_", " ")) for c in table.columns]
    title = [terminal_text(_(table.title))] if table.title else []
    if width is not None:
        keys = []
        for i, column in enumerate(table.columns):
            if column not in KEYS:
                break
            keys.append(i)
        return "\n".join([*_wrapped(title, width), *fitted(columns, cells, width, keys)])
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    lines = list(title)
    lines.append("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    lines.append("  ".join("-" * w for w in widths))
    for row in cells:
        lines.append("  ".join(align(v, w) for v, w in zip(row, widths, strict=True)))
    return "\n".join(line.rstrip() for line in lines)
