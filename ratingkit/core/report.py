"""Reports: what a rating computation returns, one row per player plus the detail behind it.

A :class:`Report` holds

* ``players``: one row per player; the common columns come first, in the order of
  :data:`COMMON_COLUMNS`, then the rule set's own (K, Rc, Ru, bonus, grade ...);
* ``games``: the per-game detail (opponent, rating used, D, PD or expectation, change);
* ``summary``: event-level values (Rar, dpa, Ra, the event type used ...);
* ``notes``: defaults that were assumed and decisions taken, in words, so that nothing is
  guessed silently;
* ``sections``: further tables (iterations, promotions, checks);
* ``new_state``: the players' state after the event (rating, games, K state, grade, counters)
  as a :class:`~ratingkit.core.players.PlayerFile`, so that the next event can be rated with it
  and a season replayed event after event.

It renders as HTML in Jupyter, as text in a terminal, and converts to pandas, CSV and JSON.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import wraps
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import RatingkitError
from .fastbuild import collector_paused
from .grade_names import localized_grade
from .i18n import N_, _, current_language, decimal_separator, language_of, localized_number, tr
from .outcome import Finding, GameOutcome, Outcome, player_row
from .output import csv_cell, plain, protect_row, terminal_cell, terminal_text

if TYPE_CHECKING:
    import pandas as pd

    from .players import PlayerFile

#: The columns every rule set's player table starts with, in this order.  ``change`` is the
#: unrounded change; ``rating_after`` the new rating after the rule set's rounding;
#: ``rating_before`` is empty (None) for an unrated player.
COMMON_COLUMNS: tuple[str, ...] = (
    N_("id"),
    N_("name"),
    N_("rating_before"),
    N_("games"),
    N_("score"),
    N_("expected"),
    N_("change"),
    N_("rating_after"),
)


#: Columns that hold a rating as published: shown as integers.
RATING_COLUMNS: frozenset[str] = frozenset(
    {
        N_("rating_before"),
        N_("rating_after"),
        N_("rating"),
        N_("Ro"),
        N_("Rn"),
        N_("published_rating"),
        N_("Ru rounded"),
    }
)
#: Columns that hold a change of rating, or a rating in the middle of a computation (FESA's
#: running tr): shown with at most two decimals.
CHANGE_COLUMNS: frozenset[str] = frozenset(
    {
        N_("change"),
        N_("d"),
        N_("d_upset"),
        N_("upset"),
        N_("bonus"),
        N_("tr"),
        N_("tr_after"),
        N_("effective_rating"),
        N_("tested_rating"),
        N_("performance"),
    }
)
#: A text cell longer than this leaves its column: the cell shows its start (the whole text
#: as a tooltip) and a details row under the player's row shows it in full.
LONG_TEXT = 48


_Render = TypeVar("_Render", bound=Callable[..., str])


def rendering(render: _Render) -> _Render:
    """``render`` with the language now in force looked up once for the whole rendering
    instead of once a cell (the environment and the locale were read for every number of a
    100,000-game report: most of its time), and the cycle collector paused while it makes
    its many rows and cells, none of them in a reference cycle (a fifth of the text's time
    at that size; :func:`~ratingkit.core.fastbuild.collector_paused`)."""

    @wraps(render)
    def rendered(*args: Any, **kwargs: Any) -> str:
        with language_of(current_language()), collector_paused():
            return render(*args, **kwargs)

    return rendered  # type: ignore[return-value]


def _no_negative_zero(text: str) -> str:
    """ "-0", "-0.0", "-0.00" (a small negative value rounded away) without the minus."""
    if text.startswith("-") and text[1:].strip("0.") == "" and any(c == "0" for c in text):
        return text[1:]
    return text


#: Words an outcome keeps in English (values a program reads: the event type of
#: ``EventType``, the performance solver) that a table or a summary shows in the language;
#: grades are shown by :func:`~ratingkit.core.grade_names.localized_grade`.
VALUE_WORDS: frozenset[str] = frozenset(
    {
        N_("round robin"),
        N_("swiss"),
        N_("team"),
        N_("match"),
        N_("club"),
        N_("exact"),
        N_("newton32"),
        # FESA's categories (rule 3), as its outcomes keep them
        N_("established"),
        N_("provisional"),
    }
)


def shown_words(value: str) -> str:
    """A text value in the language now in force: a grade with its unit translated, one of
    :data:`VALUE_WORDS` translated, anything else (names, ids) as it is."""
    if not value or current_language() == "en":
        return value
    if value in VALUE_WORDS:
        return _(value)
    if value[0].isdigit() or value[0] in "Fn":
        return localized_grade(value)
    return value


def format_cell(value: object, fmt: str | None = None, column: str | None = None) -> str:
    """How a value is shown in text and HTML tables, in the language now in force (a decimal
    comma in Russian and Turkish, "да" for True).  ``fmt`` (the table's format of the
    column) comes first; without one, a column of :data:`RATING_COLUMNS` shows an integer and
    one of :data:`CHANGE_COLUMNS` at most two decimals.  No value shows as "-0"."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        # a list of decimals with decimal commas is separated by semicolons
        separator = "; " if decimal_separator() == "," else ", "
        return separator.join(format_cell(v) for v in value)
    if isinstance(value, int | float):
        return localized_number(_number_cell(value, fmt, column))
    if isinstance(value, str):
        return shown_words(value)
    return str(value)


def _number_cell(value: int | float, fmt: str | None, column: str | None) -> str:
    """A number as :func:`format_cell` shows it, the English way (a decimal point)."""
    if fmt is not None:
        shown = fmt.format(value)
        # a small negative value rounded to zero shows as zero does ("+0.00", not "-0.00")
        return fmt.format(type(value)(0)) if _no_negative_zero(shown) != shown else shown
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if column in RATING_COLUMNS:
            return _no_negative_zero(f"{value:.0f}")
        if column in CHANGE_COLUMNS and value != int(value):
            return _no_negative_zero(f"{value:.2f}".rstrip("0").rstrip("."))
        if value == int(value) and abs(value) < 1e15:
            shown = str(int(value)) if abs(value) >= 100 else f"{value:.1f}".rstrip("0").rstrip(".")
            return _no_negative_zero(shown)
        return _no_negative_zero(f"{value:.4f}".rstrip("0").rstrip("."))
    return str(value)


def rating_text(value: object) -> str:
    """A rating in a sentence: the integer, or "no rating" where there is none (a player not
    rated, or whose rating is not published yet)."""
    return _("no rating") if value is None else format_cell(value, column="rating")


#: The columns of :func:`fields_table`.
FIELDS_COLUMNS: tuple[str, ...] = (N_("field"), N_("value"), N_("meaning"))


def fields_table(title: str, fields: Sequence[tuple[str, object, str]]) -> Table:
    """A value's fields as a two-column table (what it means, its value): how a small result
    (a formula's gap, a simulation's settings) shows in a notebook instead of its repr."""
    return Table(
        title,
        FIELDS_COLUMNS,
        tuple(
            {"field": name, "value": value, "meaning": meaning} for name, value, meaning in fields
        ),
    )


class ShownAsTable:
    """Mixin: a value shown in Jupyter (HTML and plain text) as its :meth:`table`."""

    def table(self) -> Table:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self.table().to_html()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.table().to_text())


#: The longest note a text report prints (about four lines of a terminal): a longer one is
#: cut at a word and says where it is whole (the JSON and HTML reports keep every note).
NOTE_LENGTH = 300


def brief_note(text: str) -> str:
    """``text``, or its start cut at a word so that it and the pointer to the whole note
    take at most :data:`NOTE_LENGTH` characters."""
    if len(text) <= NOTE_LENGTH:
        return text
    pointer = " … " + _("(the whole note: --format json or html)")
    cut = text[: NOTE_LENGTH - len(pointer)].rsplit(" ", 1)[0].rstrip(";,:( ")
    return cut + pointer


def _short(text: str) -> str:
    """The start of a long text, cut at a word, for a narrow column."""
    cut = text[: LONG_TEXT * 2 // 3].rsplit(" ", 1)[0].rstrip(";,:(")
    return cut + " …"


@dataclass(frozen=True, repr=False)
class Table:
    """A titled table: column names and rows (mappings from column to value)."""

    title: str
    columns: tuple[str, ...]
    rows: Sequence[Mapping[str, object]] = ()
    formats: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", tuple(self.columns))
        object.__setattr__(self, "rows", tuple(MappingProxyType(dict(r)) for r in self.rows))
        object.__setattr__(self, "formats", MappingProxyType(dict(self.formats)))
        declared = frozenset(self.columns)
        for index, row in enumerate(self.rows):
            if not declared.issuperset(row):
                unknown = set(row) - declared
                raise RatingkitError(
                    tr(
                        (
                            "table {title!r} row {row} has columns {unknown} that the "
                            "table does not declare"
                        ),
                        title=self.title,
                        row=index + 1,
                        unknown=sorted(unknown),
                    )
                )

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Mapping[str, object]]:
        return iter(self.rows)

    def column(self, name: str) -> list[object]:
        if name not in self.columns:
            raise KeyError(name)
        return [row.get(name) for row in self.rows]

    def to_frame(self) -> pd.DataFrame:
        """The table as a pandas DataFrame (columns in order)."""
        import pandas as pd

        return pd.DataFrame(
            [{c: plain(r.get(c)) for c in self.columns} for r in self.rows],
            columns=list(self.columns),
        )

    def to_records(self) -> list[dict[str, object]]:
        return [{c: plain(r.get(c)) for c in self.columns} for r in self.rows]

    @rendering
    def to_text(self, width: int | None = None) -> str:
        """The table as aligned text for a terminal: control characters in a cell (a name
        with ESC sequences) are dropped, tabs and line breaks become spaces.  With ``width``
        (a terminal's columns) the table fits it: text cells longer than
        :data:`TEXT_CELL_WIDTH` are wrapped onto more lines, and columns that still do not fit
        go into a further block that repeats the first (key) columns (id and name)."""
        cells = _Cells.of(self)
        # The columns are English keys (CSV, JSON and pandas keep them); text and HTML show
        # them in the language now in force.
        columns = [terminal_cell(column_label(c)) for c in self.columns]
        title = [terminal_text(_(self.title))] if self.title else []
        if width is not None:
            keys = key_indices(self.columns)
            lines = [*_wrapped(title, width), *_fitted(columns, cells, width, keys)]
        else:
            widths = [max(len(c), w) for c, w in zip(columns, cells.natural, strict=True)]
            lines = list(title)
            lines.append("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
            lines.append("  ".join("-" * w for w in widths))
            for row in cells:
                lines.append("  ".join(_align(v, w) for v, w in zip(row, widths, strict=True)))
            lines = [line.rstrip() for line in lines]
        del cells  # not held while the lines are joined (30 MB for 100,000 games)
        return "\n".join(lines)

    def _shown_rows(self) -> Iterable[Mapping[str, object]]:
        """The rows a rendering reads (a :class:`LazyTable` lays them out for it alone)."""
        return self.rows

    def _shown_values(self) -> Iterable[Sequence[object]]:
        """Each row's values in the order of the columns, for a rendering."""
        keys = self.columns
        return (tuple(map(row.get, keys)) for row in self._shown_rows())

    def to_csv(self) -> str:
        """The table as CSV; a text cell that a spreadsheet would run as a formula gets a
        leading apostrophe (:func:`ratingkit.core.output.protect_cell`)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(protect_row(self.columns))
        for row in self.rows:
            writer.writerow(protect_row(csv_cell(row.get(c)) for c in self.columns))
        return buffer.getvalue()

    @rendering
    def to_html(self) -> str:
        """The table as HTML.  A long text (a rule's explanation) does not stretch its
        column into a wall of tall rows: the cell shows its start, cut with "…", and the
        whole text as a tooltip (``title``); it is not repeated on a further row (the full
        account is the player's derivation)."""
        head = "".join(f"<th>{html.escape(column_label(c))}</th>" for c in self.columns)
        body = []
        for row in self.rows:
            cells = []
            for c in self.columns:
                text = format_cell(row.get(c), self.formats.get(c), c)
                if len(text) > LONG_TEXT and isinstance(plain(row.get(c)), str):
                    cells.append(
                        f'<td title="{html.escape(text)}">{html.escape(_short(text))}</td>'
                    )
                else:
                    cells.append(f"<td>{html.escape(text)}</td>")
            body.append(f"<tr>{''.join(cells)}</tr>")
        caption = f"<caption>{html.escape(_(self.title))}</caption>" if self.title else ""
        return (
            f'<table class="ratingkit-table">{caption}<thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Table {self.title!r}: {len(self)} rows x {len(self.columns)} columns>"


class LazyTable(Table):
    """A :class:`Table` whose rows are built on first access (and whose pandas frame can come
    straight from arrays): what a fast path returns, so that a report nobody prints costs
    nothing to lay out (FIDE's vectorised period, FESA's replay)."""

    _length: int

    def __init__(
        self,
        title: str,
        columns: Sequence[str],
        length: int,
        build_rows: Callable[[], Iterable[Mapping[str, object]]],
        build_frame: Callable[[], pd.DataFrame] | None = None,
        formats: Mapping[str, str] | None = None,
        build_values: Callable[[], Iterable[Sequence[object]]] | None = None,
    ) -> None:
        """``build_values``, where given, gives each row's values in the order of the
        columns (what ``build_rows`` gives as mappings), for a rendering without the rows'
        mappings."""
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "columns", tuple(columns))
        object.__setattr__(self, "formats", MappingProxyType(dict(formats or {})))
        object.__setattr__(self, "_length", length)
        object.__setattr__(self, "_build_rows", build_rows)
        object.__setattr__(self, "_build_frame", build_frame)
        object.__setattr__(self, "_build_values", build_values)
        object.__setattr__(self, "_rows", None)

    @property
    def rows(self) -> tuple[Mapping[str, object], ...]:
        built: tuple[Mapping[str, object], ...] | None = self.__dict__["_rows"]
        if built is None:
            built = tuple(MappingProxyType(dict(r)) for r in self.__dict__["_build_rows"]())
            object.__setattr__(self, "_rows", built)
        return built

    def __len__(self) -> int:
        return self._length

    def _shown_rows(self) -> Iterable[Mapping[str, object]]:
        """The rows if they were read, else laid out again for a rendering alone, without
        keeping them (100,000 games' rows are some 150 MB)."""
        built: tuple[Mapping[str, object], ...] | None = self.__dict__["_rows"]
        if built is not None:
            return built
        rows: Iterable[Mapping[str, object]] = self.__dict__["_build_rows"]()
        return rows

    def _shown_values(self) -> Iterable[Sequence[object]]:
        build_values = self.__dict__["_build_values"]
        if build_values is None or self.__dict__["_rows"] is not None:
            return Table._shown_values(self)
        values: Iterable[Sequence[object]] = build_values()
        return values

    def to_frame(self) -> pd.DataFrame:
        build_frame = self.__dict__["_build_frame"]
        if build_frame is not None:
            frame: pd.DataFrame = build_frame()
            return frame
        return Table.to_frame(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self.title, self.columns, self.rows) == (other.title, other.columns, other.rows)

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True, repr=False)
class CheckTable(Table):
    """What ``check`` returns: the findings as values (:class:`~ratingkit.core.outcome.Finding`)
    and their view, one row per finding with the columns ``rule`` (its clause), ``problem``
    and ``games``.  No findings: the event is valid."""

    findings: tuple[Finding, ...] = ()
    #: The players' names by id, with which the findings' games are shown
    #: (:func:`~ratingkit.core.outcome.game_text`).
    names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "names", MappingProxyType(dict(self.names)))

    @classmethod
    def of(
        cls,
        findings: Iterable[Finding],
        title: str = N_("check"),
        names: Mapping[str, str] | None = None,
    ) -> CheckTable:
        """The table of ``findings``, their games shown with the players' ``names``."""
        found = tuple(findings)
        named = dict(names or {})
        rows = tuple(
            {"rule": f.rule.clause, "problem": _(f.problem), "games": f.games_text(named)}
            for f in found
        )
        return cls(title, CHECK_COLUMNS, rows, {}, found, named)


#: The columns of :class:`CheckTable`.
CHECK_COLUMNS: tuple[str, ...] = (N_("rule"), N_("problem"), N_("games"))


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
    def of(cls, table: Table) -> _Cells:
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


@dataclass(frozen=True, repr=False)
class Report:
    """The result of rating an event (or a period) under one rule set."""

    title: str
    rules: str
    players: Table
    games: Table | None = None
    summary: Mapping[str, object] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    sections: tuple[Table, ...] = ()
    new_state: PlayerFile | None = None
    #: The typed result this report shows (:mod:`ratingkit.core.outcome`); what every
    #: program reads instead of the printed tables.  Every report is the view of one.
    outcome: Outcome[Any, Any] = field(kw_only=True)
    #: How the games table lays out one of the outcome's game sides (None: the report keeps
    #: no such function; its game rows, if any, are one per side in the outcome's order).
    game_row: Callable[[GameOutcome[Any]], Mapping[str, object]] | None = field(
        default=None, kw_only=True, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "summary", MappingProxyType(dict(self.summary)))
        object.__setattr__(self, "notes", tuple(self.notes))
        object.__setattr__(self, "sections", tuple(self.sections))
        if self.players.columns[: len(COMMON_COLUMNS)] != COMMON_COLUMNS:
            raise RatingkitError(
                tr(
                    ("report player table must start with {common_columns}, got {columns}"),
                    common_columns=COMMON_COLUMNS,
                    columns=self.players.columns[: len(COMMON_COLUMNS)],
                )
            )

    @classmethod
    def build(
        cls,
        *,
        title: str,
        rules: str,
        rows: Iterable[Mapping[str, object]],
        extra_columns: Sequence[str] = (),
        game_rows: Iterable[Mapping[str, object]] = (),
        game_columns: Sequence[str] = (),
        summary: Mapping[str, object] | None = None,
        notes: Iterable[str] = (),
        sections: Iterable[Table] = (),
        formats: Mapping[str, str] | None = None,
        new_state: PlayerFile | None = None,
        outcome: Outcome[Any, Any],
    ) -> Report:
        """Assemble a report from plain rows; the common columns are put first."""
        columns = COMMON_COLUMNS + tuple(c for c in extra_columns if c not in COMMON_COLUMNS)
        players = Table(N_("players"), columns, tuple(rows), formats or {})
        games = Table(N_("games"), tuple(game_columns), tuple(game_rows)) if game_columns else None
        return cls(
            title,
            rules,
            players,
            games,
            summary or {},
            tuple(notes),
            tuple(sections),
            new_state,
            outcome=outcome,
        )

    @classmethod
    def from_outcome(
        cls,
        outcome: Outcome[Any, Any],
        *,
        detail_columns: Sequence[str] = (),
        game_columns: Sequence[str] = (),
        game_row: Callable[[GameOutcome[Any]], Mapping[str, object]] | None = None,
        summary: Mapping[str, object] | None = None,
        sections: Iterable[Table] = (),
        formats: Mapping[str, str] | None = None,
        game_values: Callable[[GameOutcome[Any]], Sequence[object]] | None = None,
    ) -> Report:
        """The view of an outcome: one row per player (the common cells, then the detail's
        columns, :func:`~ratingkit.core.outcome.player_row`), the game rows ``game_row``
        makes of each game side, the notes' words, and the system's summary and sections.
        The game rows are laid out when they are first read (a ledger that rates a month of
        a million games stores the outcome and never prints them)."""
        report = cls.build(
            title=outcome.title,
            rules=outcome.rules,
            rows=[player_row(p) for p in outcome.players],
            extra_columns=detail_columns,
            game_rows=(),
            game_columns=game_columns,
            summary=summary,
            notes=[str(note) for note in outcome.notes],
            sections=sections,
            formats=formats,
            new_state=outcome.new_state,
            outcome=outcome,
        )
        if game_row is None or not game_columns:
            return report
        report = replace(report, game_row=game_row)
        games = outcome.games

        def rows() -> list[Mapping[str, object]]:
            return [game_row(g) for g in games]

        # A game side's values in the order of the game columns (``game_values``, where
        # given: what ``game_row`` lays out), for the text without the rows' mappings.
        values = None if game_values is None else lambda: map(game_values, games)
        table = LazyTable("games", game_columns, len(games), rows, build_values=values)
        return replace(report, games=table)

    # -- access ------------------------------------------------------------------------------
    def row(self, player_id: str) -> Mapping[str, object]:
        """The player row of ``player_id``."""
        for row in self.players.rows:
            if row.get("id") == player_id:
                return row
        raise KeyError(player_id)

    def __getitem__(self, player_id: str) -> Mapping[str, object]:
        return self.row(player_id)

    def section(self, title: str) -> Table:
        for table in self.sections:
            if table.title == title:
                return table
        raise KeyError(title)

    def to_frame(self) -> pd.DataFrame:
        """The player table as a pandas DataFrame, indexed by nothing (``id`` is a column)."""
        return self.players.to_frame()

    def games_frame(self) -> pd.DataFrame:
        """The per-game detail as a pandas DataFrame."""
        import pandas as pd

        return self.games.to_frame() if self.games is not None else pd.DataFrame()

    # -- rendering ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "rules": self.rules,
            "summary": {k: plain(v) for k, v in self.summary.items()},
            "notes": list(self.notes),
            "players": self.players.to_records(),
            "games": self.games.to_records() if self.games is not None else [],
            "sections": {t.title: t.to_records() for t in self.sections},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    def to_csv(self) -> str:
        return self.players.to_csv()

    @rendering
    def to_text(
        self, *, details: bool = True, width: int | None = None, games_limit: int | None = None
    ) -> str:
        """The report as text for a terminal; no control character of the input (a name or
        an event title with ESC sequences) reaches it.  With ``width`` every line fits that
        many columns (:meth:`Table.to_text`; the notes wrapped).  With ``games_limit`` a
        games table of more rows is left out and a line says so (the CLI's table format:
        200,000 game rows are some 40 MB that no terminal shows usefully)."""
        # The summary's keys are English (a program reads them); shown in the language.
        label = "  " + _("note:") + " "
        if width is None:
            parts = [f"{self.title} ({self.rules})"]
            if self.summary:
                parts.append(
                    "\n".join(f"  {_(str(k))}: {format_cell(v)}" for k, v in self.summary.items())
                )
            if self.notes:
                parts.append("\n".join(f"{label}{brief_note(n)}" for n in self.notes))
        else:
            parts = ["\n".join(_wrapped([f"{self.title} ({self.rules})"], width))]
            if self.summary:
                summary = [
                    "\n".join(_wrapped([f"  {_(str(k))}: {format_cell(v)}"], width, "    "))
                    for k, v in self.summary.items()
                ]
                parts.append("\n".join(summary))
            if self.notes:
                notes = [
                    "\n".join(_wrapped([f"{label}{terminal_text(brief_note(n))}"], width, label))
                    for n in self.notes
                ]
                parts.append("\n".join(notes))
        parts.append(self.players.to_text(width))
        if details:
            parts.extend(t.to_text(width) for t in self.sections)
            if self.games is not None and len(self.games):
                if games_limit is not None and len(self.games) > games_limit:
                    left_out = tr(
                        "{count} game rows are not shown here (more than {limit}): --player "
                        "shows one player's games, --all-games every row, and --format csv or "
                        "json gives them all",
                        count=len(self.games),
                        limit=games_limit,
                    )
                    parts.append("\n".join(_wrapped([left_out], width)) if width else left_out)
                else:
                    parts.append(self.games.to_text(width))
        # Each part followed by an empty line, the last by the final line break: one join
        # (a 100,000-game report is some 40 MB of text).
        return terminal_text("\n".join([piece for part in parts for piece in (part, "")]))

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        games = len(self.games) if self.games is not None else 0
        return (
            f"<Report {self.rules} {self.title!r}: {len(self.players)} players, {games} game "
            f"rows, {len(self.notes)} notes>"
        )

    @rendering
    def _repr_html_(self) -> str:
        out = [f"<h4>{html.escape(self.title)} <small>({html.escape(self.rules)})</small></h4>"]
        if self.summary:
            items = "".join(
                f"<tr><th>{html.escape(_(str(k)))}</th><td>{html.escape(format_cell(v))}</td></tr>"
                for k, v in self.summary.items()
            )
            out.append(f'<table class="ratingkit-summary">{items}</table>')
        if self.notes:
            out.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in self.notes) + "</ul>")
        out.append(self.players.to_html())
        for table in self.sections:
            out.append(
                f"<details><summary>{html.escape(_(table.title))}</summary>"
                f"{table.to_html()}</details>"
            )
        if self.games is not None and len(self.games):
            out.append(
                "<details><summary>"
                + html.escape(tr("per-game detail ({rows} rows)", rows=len(self.games)))
                + "</summary>"
                f"{self.games.to_html()}</details>"
            )
        return "\n".join(out)
