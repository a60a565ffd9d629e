"""An independent reference for :meth:`ratingkit.core.report.Table.to_text`, written from the
rules the layout promises (the docstrings and comments of ``ratingkit/core/text_layout.py``
and ``Table.to_text``, README.md's "The table format fits the terminal", ARCHITECTURE.md),
not from the layout's code.  The code builds blocks and widens columns in running loops; this
reference picks each block as the longest run of columns that fits, and gives out the spare
width in closed form.  Two tools:

- :func:`table_text` lays a table out by the rules below, for the tests that compare texts;
- :func:`layout_faults` reads a laid-out text and checks the properties that every layout
  must have, whatever it chooses where the rules leave a choice open (the Hypothesis property
  test in ``tests/test_report.py``).

The rules (a "span" of some columns is their widths plus two spaces between each two):

R1  A cell's text is :func:`format_cell`'s, with :func:`terminal_cell`'s cleaning; a header is
    the column key in the language in force, underscores shown as spaces.
R2  Without a width, each column is as wide as its header or widest cell, each cell aligned by
    itself: a number (``float`` reads it, a decimal comma and a ``*`` allowed) to the right,
    anything else to the left.
R3  With a width, a column is numeric when each of its cells is a number or empty; a numeric
    column's cells go right, the others' left, and a numeric column is never made narrower
    than its widest cell (save the terminal's width itself).
R4  A text column starts at most ``max(8, min(TEXT_CELL_WIDTH, width // 3))`` wide (never
    narrower than its header, never wider than it needs): a longer cell is wrapped
    (``TEXT_CELL_WIDTH``: "a text cell longer than this is wrapped").
R5  The key columns are the table's leading columns named in ``KEY_COLUMNS``.  They take at
    most half the width: the longest run of them whose span, with the two spaces after it, is
    at most ``width // 2`` is kept, and at least the first one.
R6  The other columns, in order, are cut into blocks; each block is the keys and then as many
    next columns as fit the width (at least one).  A table whose columns are all keys is one
    block.
R7  Room left in a block (the width less the block's span) widens its wrapped non-key columns
    by turns, one character each in the order of the columns, none past its widest cell.
R8  Each block is its header line (headers cut to their columns), a rule of dashes and the
    rows; a cell longer than its column is wrapped at spaces (Python's ``textwrap``, not at
    hyphens: a longer word is cut) and the row takes the lines of its tallest cell; columns are
    two spaces apart, lines have no trailing spaces, and a blank line comes between blocks.
R9  A title comes first, wrapped to the width.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from ratingkit.core.i18n import _, decimal_separator
from ratingkit.core.output import terminal_cell, terminal_text
from ratingkit.core.report import TEXT_CELL_WIDTH, Table, format_cell

#: The leading columns every block repeats (R5; text_layout.KEY_COLUMNS' documented list).
KEYS = ("id", "FIDE id", "name", "player", "event", "event id", "period", "round")
GAP = "  "


def is_number(text: str) -> bool:
    """R2: a cell ``float`` reads once its stars are gone and a decimal comma is a point."""
    candidate = text.replace("*", "")
    if decimal_separator() == ",":
        candidate = candidate.replace(",", ".", 1)
    try:
        float(candidate)
        return True
    except ValueError:
        return False


def span(widths: Sequence[int]) -> int:
    return sum(widths) + len(GAP) * max(len(widths) - 1, 0)


@dataclass(frozen=True)
class _Grid:
    """A table as the texts the layout shows (R1) and each column's facts."""

    labels: list[str]
    rows: list[list[str]]
    title: list[str]
    key_count: int  # the leading key columns, before R5 drops any

    @classmethod
    def of(cls, table: Table) -> _Grid:
        rows = [
            [terminal_cell(format_cell(row.get(c), table.formats.get(c), c)) for c in table.columns]
            for row in table.rows
        ]
        labels = [terminal_cell(_(c).replace("_", " ")) for c in table.columns]
        title = [terminal_text(_(table.title))] if table.title else []
        key_count = next(
            (n for n, c in enumerate(table.columns) if c not in KEYS), len(table.columns)
        )
        return cls(labels, rows, title, key_count)

    def column(self, i: int) -> list[str]:
        return [row[i] for row in self.rows]

    def natural(self, i: int) -> int:
        return max(len(text) for text in [self.labels[i], *self.column(i)])

    def numeric(self, i: int) -> bool:
        return all(is_number(text) for text in self.column(i) if text)


def _start_width(grid: _Grid, i: int, width: int) -> int:
    """R3 and R4."""
    if grid.numeric(i):
        return min(grid.natural(i), width)
    cap = max(8, min(TEXT_CELL_WIDTH, width // 3))
    return min(grid.natural(i), max(cap, len(grid.labels[i])), width)


def _kept_keys(widths: Sequence[int], key_count: int, width: int) -> list[int]:
    """R5: the longest run of the keys whose span and two spaces are within half the width."""
    for count in range(key_count, 1, -1):
        if span(widths[:count]) + len(GAP) <= width // 2:
            return list(range(count))
    return list(range(min(key_count, 1)))


def _blocks(widths: Sequence[int], keys: list[int], width: int) -> list[list[int]]:
    """R6: each block the keys and the longest run of the next columns that fits."""
    others = [i for i in range(len(widths)) if i not in keys]
    blocks: list[list[int]] = []
    start = 0
    while start < len(others):
        candidates = [others[start:end] for end in range(start + 1, len(others) + 1)]
        fitting = [c for c in candidates if span([widths[i] for i in keys + c]) <= width]
        taken = fitting[-1] if fitting else candidates[0]
        blocks.append(keys + taken)
        start += len(taken)
    return blocks or [keys]


def _widened(needs: Sequence[int], room: int) -> list[int]:
    """R7 in closed form: what each of some columns (short of their widest cell by ``needs``)
    gains when ``room`` characters are given one a turn in order.  After ``rounds`` whole
    turns a column has gained ``min(need, rounds)``; the turn that runs out gives one more to
    the first columns still short."""
    if room <= 0:
        return [0] * len(needs)
    rounds = 0
    while rounds < max(needs, default=0) and sum(min(n, rounds + 1) for n in needs) <= room:
        rounds += 1
    left = room - sum(min(n, rounds) for n in needs)
    gains = []
    for need in needs:
        extra = 1 if need > rounds and left > 0 else 0
        left -= extra
        gains.append(min(need, rounds) + extra)
    return gains


def _wrapped_cell(text: str, width: int) -> list[str]:
    """R8: a cell within its column is one line; a longer one is wrapped."""
    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]


def _block_lines(grid: _Grid, block: list[int], widths: dict[int, int]) -> list[str]:
    lines = [GAP.join(grid.labels[i][: widths[i]].ljust(widths[i]) for i in block).rstrip()]
    lines.append(GAP.join("-" * widths[i] for i in block))
    numeric = {i: grid.numeric(i) for i in block}
    for row in grid.rows:
        pieces = {i: _wrapped_cell(row[i], widths[i]) for i in block}
        height = max((len(p) for p in pieces.values()), default=1)  # a row is one line at least
        for depth in range(height):
            texts = []
            for i in block:
                text = pieces[i][depth] if depth < len(pieces[i]) else ""
                texts.append(text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i]))
            lines.append(GAP.join(texts).rstrip())
    return lines


def _fitted(grid: _Grid, width: int) -> list[str]:
    start = [_start_width(grid, i, width) for i in range(len(grid.labels))]
    keys = _kept_keys(start, grid.key_count, width)
    out: list[str] = []
    for number, block in enumerate(_blocks(start, keys, width)):
        short = [i for i in block if i not in keys and start[i] < grid.natural(i)]
        room = width - span([start[i] for i in block])
        gains = _widened([grid.natural(i) - start[i] for i in short], room)
        widths = {i: start[i] for i in block} | {
            i: start[i] + gain for i, gain in zip(short, gains, strict=True)
        }
        out.extend([""] * bool(number) + _block_lines(grid, block, widths))
    return out


def table_text(table: Table, width: int | None = None) -> str:
    """``table.to_text(width)`` laid out by the rules R1 to R9 above."""
    grid = _Grid.of(table)
    if width is not None:
        return "\n".join(_title_lines(grid, width) + _fitted(grid, width))
    count = len(grid.labels)
    widths = [grid.natural(i) for i in range(count)]
    lines = [*grid.title, GAP.join(grid.labels[i].ljust(widths[i]) for i in range(count))]
    lines.append(GAP.join("-" * w for w in widths))
    for row in grid.rows:
        cells = zip(row, widths, strict=True)
        lines.append(GAP.join(t.rjust(w) if is_number(t) else t.ljust(w) for t, w in cells))
    return "\n".join(line.rstrip() for line in lines)


def _title_lines(grid: _Grid, width: int) -> list[str]:
    """R9."""
    wrap = textwrap.wrap
    return [line for t in grid.title for line in (wrap(t, width, break_on_hyphens=False) or [""])]


# -- the properties of any layout ------------------------------------------------------------


def _squeezed(text: str) -> str:
    return "".join(text.split())


@dataclass
class _Reading:
    """A laid-out text read back block by block against a table's cells, with what is wrong."""

    grid: _Grid
    width: int
    lines: list[str]
    keys: list[int]
    faults: list[str]
    at: int = 0

    def fault(self, what: str) -> None:
        self.faults.append(f"line {self.at + 1}: {what}")

    def take_title(self) -> None:
        """R9: the title's characters, whole and in order, on lines within the width."""
        target = _squeezed(" ".join(self.grid.title))
        if not self.grid.title:
            return
        shown = ""
        while shown != target and self.at < len(self.lines):
            shown += _squeezed(self.lines[self.at])
            self.at += 1
        if shown != target:
            self.fault(f"the title {target!r} is not shown whole: {shown!r}")

    def take_block(self, own: list[int]) -> None:
        block = self.keys + own
        if self.at + 1 >= len(self.lines):
            self.fault("a block without its header and rule")
            return
        header, rule = self.lines[self.at], self.lines[self.at + 1]
        widths = [len(piece) for piece in rule.split(GAP)] if rule else []
        if len(widths) != len(block) or set(rule.replace(GAP, "")) - {"-"}:
            self.fault(f"the rule {rule!r} does not have the {len(block)} columns {block}")
            return
        self.check_widths(block, widths)
        kept = widths[: len(self.keys)]
        if len(kept) > 1 and span(kept) + len(GAP) > self.width // 2:
            self.fault(f"the {len(kept)} keys take more than half of {self.width}")
        labels = [self.grid.labels[i][:w] for i, w in zip(block, widths, strict=True)]
        self.check_line(header, widths, labels)
        self.at += 2
        for row in self.grid.rows:
            self.take_row(block, widths, row)

    def check_widths(self, block: list[int], widths: list[int]) -> None:
        grid, width = self.grid, self.width
        for i, w in zip(block, widths, strict=True):
            if grid.numeric(i) and w != min(grid.natural(i), width):
                self.fault(f"the numbers of column {i} are wrapped at {w}")
            if w > grid.natural(i):
                self.fault(f"column {i} is {w} wide, wider than its widest cell")
        if span(widths) > width and len(block) > len(self.keys) + 1:
            self.fault(f"a block {span(widths)} wide, over {width}, with more than one column")
        spare = span(widths) < width
        if spare and any(
            w < grid.natural(i) for i, w in zip(block, widths, strict=True) if i not in self.keys
        ):
            self.fault("a column is wrapped while its block has room left")

    def check_line(self, line: str, widths: list[int], texts: list[str] | None) -> list[str]:
        """A line's pieces by the columns' places; ``texts``, each piece's text to the left."""
        if len(line) > span(widths) or line != line.rstrip():
            self.fault(f"{line!r} runs past its columns or ends in spaces")
        padded = line.ljust(span(widths))
        pieces, start = [], 0
        for number, w in enumerate(widths):
            if number and padded[start - len(GAP) : start] != GAP:
                self.fault(f"{line!r}: no two spaces before column {number}")
            pieces.append(padded[start : start + w])
            start += w + len(GAP)
        if texts is not None and pieces != [t.ljust(w) for t, w in zip(texts, widths, strict=True)]:
            self.fault(f"the header {line!r} is not {texts}")
        return pieces

    def take_row(self, block: list[int], widths: list[int], row: list[str]) -> None:
        """R8: every cell whole across the row's lines, in order; a cell within its column on
        the row's first line, numbers to the right and texts to the left."""
        targets = [_squeezed(row[i]) for i in block]
        shown = [""] * len(block)
        first: list[str] = []
        height = 0
        while (height == 0 or shown != targets) and self.at < len(self.lines):
            pieces = self.check_line(self.lines[self.at], widths, None)
            first = first or pieces
            shown = [s + _squeezed(p) for s, p in zip(shown, pieces, strict=True)]
            self.at += 1
            height += 1
            if any(not t.startswith(s) for s, t in zip(shown, targets, strict=True)):
                break
        if height == 0 or shown != targets:
            self.fault(f"the row {row} is not shown whole: {shown}")
            return
        for i, w, piece in zip(block, widths, first, strict=True):
            text = row[i]
            if len(text) <= w and text.strip():
                aligned = text.rjust(w) if self.grid.numeric(i) else text.ljust(w)
                if piece != aligned:
                    self.fault(f"the cell {text!r} is shown as {piece!r}")


def _read(grid: _Grid, width: int, lines: list[str], kept: int) -> list[str]:
    """The faults of ``lines`` read as a layout whose blocks repeat the first ``kept`` keys."""
    reading = _Reading(grid, width, lines, list(range(kept)), [])
    reading.take_title()
    others = list(range(kept, len(grid.labels)))
    first = True
    while first or others:
        if not first:
            if reading.at >= len(lines) or lines[reading.at] != "":
                reading.fault("no blank line before a further block")
                break
            reading.at += 1
        if reading.at + 1 >= len(lines):
            reading.fault(f"the columns {others} are not shown")
            break
        rule = lines[reading.at + 1]
        count = (len(rule.split(GAP)) if rule else 0) - kept
        if others and count < 1:
            reading.fault("a block without a column of its own")
            break
        reading.take_block(others[:count])
        others = others[count:]
        first = False
        if reading.faults:
            break
    if not reading.faults and reading.at != len(lines):
        reading.fault(f"more lines than the table: {lines[reading.at :]}")
    return reading.faults


def layout_faults(table: Table, width: int, text: str) -> list[str]:
    """What is wrong with ``text`` as ``table`` laid out for ``width`` columns: the
    properties every layout must have, whatever it chooses where the rules leave a choice.

    - the title and every cell shown whole, their characters in order, a cell that fits its
      column on one line aligned (R8, R9); the headers cut to their columns;
    - the columns in order, each key in every block, each other column in one block; a
      block a blank line after the one before (R6, R8);
    - no line over the width, unless its block has one column of its own (R6); no line
      runs past its block's columns or ends in spaces;
    - the keys kept take at most half the width (R5), the first key at least;
    - numbers never wrapped (R3); no column wider than its widest cell; no column wrapped in
      a block with room left (R7).
    """
    grid = _Grid.of(table)
    lines = text.split("\n")
    tried = []
    # Which keys the blocks repeat is read from the text: each count of the leading keys.
    for kept in range(grid.key_count, min(grid.key_count, 1) - 1, -1):
        faults = _read(grid, width, lines, kept)
        if not faults:
            return []
        tried.append(faults)
    return min(tried, key=len)
