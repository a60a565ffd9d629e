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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import wraps
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from .cells import CHANGE_COLUMNS as CHANGE_COLUMNS
from .cells import RATING_COLUMNS as RATING_COLUMNS
from .cells import VALUE_WORDS as VALUE_WORDS
from .cells import _no_negative_zero as _no_negative_zero
from .cells import _number_cell as _number_cell
from .cells import format_cell as format_cell
from .cells import rating_text as rating_text
from .cells import shown_words as shown_words
from .errors import RatingkitError
from .fastbuild import collector_paused
from .i18n import N_, _, current_language, language_of, tr
from .outcome import Finding, GameOutcome, Outcome, player_row
from .output import csv_cell, plain, protect_row, terminal_cell, terminal_text
from .text_layout import KEY_COLUMNS as KEY_COLUMNS
from .text_layout import TEXT_CELL_WIDTH as TEXT_CELL_WIDTH
from .text_layout import ColumnText as ColumnText
from .text_layout import _align as _align
from .text_layout import _all_numbers as _all_numbers
from .text_layout import _Cells as _Cells
from .text_layout import _column_text as _column_text
from .text_layout import _fitted as _fitted
from .text_layout import _is_number as _is_number
from .text_layout import _plain_float_text as _plain_float_text
from .text_layout import _wrapped as _wrapped
from .text_layout import column_label as column_label
from .text_layout import key_indices as key_indices

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
        go into a further block that repeats the first (key) columns (id and name).  That
        holds from 40 columns, the least the CLI takes: below, a block of the keys and one
        column may be wider than ``width`` (a block has at least one column of its own)."""
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
        an event title with ESC sequences) reaches it.  With ``width`` (40 or more) every line
        fits that many columns (:meth:`Table.to_text`; the notes wrapped).  With ``games_limit`` a
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
