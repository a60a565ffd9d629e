"""The officer's desk: upload an event file (and a player file), see what was read, pick the
rule set, see ``check``'s findings and the report, ask "why did my rating change", and take the
results away as downloads.

Everything the page shows comes from ratingkit: the uploaded bytes are written under their
own names into a temporary folder and read by :func:`ratingkit.formats.read_event` (every
reader, its format and encoding detection); the rule set is rated through the guard; the
numbers are the outcome's values (:mod:`ratingkit.core.outcome`).  A bad file shows the
reader's message (file, line, value) in the page, never a traceback.

Here: the widget (:class:`OfficersDesk`).  Reading the uploads and choosing the rule set are
:mod:`~ratingkit.notebook.widgets.desk_loading`, the tables
:mod:`~ratingkit.notebook.widgets.desk_tables`, the downloads
:mod:`~ratingkit.notebook.widgets.desk_exports`; their names stay importable from here.
"""

from __future__ import annotations

import html
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ...core.errors import RatingkitError
from ...core.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    current_language,
    localized_number,
    set_language,
    tr,
)
from ...core.output import plain
from ...core.report import CheckTable, Report
from ...core.ruleset import (
    RuleSet,
    guard,
)
from ...documents import clause_html
from ...registry import rule_sets
from .base import Widget
from .desk_exports import EXPORT_KINDS, EXPORT_LABELS, Export, exports, offered_exports, report_rows
from .desk_exports import LINK_STYLE as LINK_STYLE
from .desk_exports import table_csv as table_csv
from .desk_loading import (
    DOWNLOADS_AT_ONCE_ROWS,
    MAX_UPLOAD_BYTES,
    PLAYER_CHOICES,
    RATING_STEPS,
    READING_STEPS,
    SHOWN_WORDS,
    Example,
    Loaded,
    Upload,
    _safe_name,
    _without_folder,
    default_rule_set,
    failure_text,
    load_uploads,
    one_line,
    upload_size_error,
    uploaded_files,
    usable_rule_sets,
)
from .desk_loading import FIRST_ROWS as FIRST_ROWS
from .desk_loading import NAME_MAX_BYTES as NAME_MAX_BYTES
from .desk_loading import desk_examples as desk_examples
from .desk_tables import FINDING_GAMES as FINDING_GAMES
from .desk_tables import FINDINGS_COLUMNS as FINDINGS_COLUMNS
from .desk_tables import WHY_COLUMNS as WHY_COLUMNS
from .desk_tables import WHY_TAIL as WHY_TAIL
from .desk_tables import Waterfall as Waterfall
from .desk_tables import (
    _line_html,
    _number,
    findings_rows,
    read_summary,
    report_html,
    shown_rows,
    unrated_rows,
    waterfall,
    waterfall_svg,
    why_rows,
)
from .desk_tables import matching_rows as matching_rows

# -- the widget ------------------------------------------------------------------------------------


def _html_table(
    rows: Sequence[Mapping[str, object]],
    columns: Sequence[str] = (),
    rule_cells: Sequence[str] | None = None,
) -> str:
    """Rows as an HTML table; ``rule_cells``: the HTML of each row's ``rule`` cell (the cited
    clause with the document's words as a hover, :func:`ratingkit.documents.clause_html`)."""
    if not rows:
        return ""
    columns = list(columns) or list(rows[0])
    head = "".join(f"<th>{html.escape(_(c))}</th>" for c in columns)

    def cell(i: int, r: Mapping[str, object], c: str) -> str:
        if c == "rule" and rule_cells is not None:
            return f"<td>{rule_cells[i]}</td>"
        return f"<td>{html.escape(_word(_shown(r.get(c)), c))}</td>"

    body = "".join(
        "<tr>" + "".join(cell(i, r, c) for c in columns) + "</tr>" for i, r in enumerate(rows)
    )
    return f'<table class="ratingkit-table"><tr>{head}</tr>{body}</table>'


def _word(text: str, column: str) -> str:
    """A status (the "became" column) in the language now in force; other cells as given."""
    return _(text) if column == "became" and text in SHOWN_WORDS else text


def _shown(value: object) -> str:
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        if value == int(value):
            return str(int(value))
        return localized_number(f"{value:.2f}")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _signed(value: float) -> str:
    return localized_number(f"{value:+.2f}")


#: A control's label as wide as its text: at ipywidgets' default label width the Russian
#: "система правил" and "найти игрока" were cut to "система ..." and "найти иг...".
_WHOLE_LABEL = {"description_width": "initial"}


class OfficersDesk(Widget):
    """The desk: uploads, what was read, the rule set, findings, the report, "why", downloads.

    ``values`` holds what the page shows as values: ``loaded``, ``summary``, ``rules``,
    ``reason``, ``findings``, ``report``, ``unrated``, ``player``, ``why``, ``waterfall``,
    ``exports`` (kind -> :class:`Export`), ``not_exported`` and ``error`` (the message a bad
    file gave, else None).

    At size (issue 26): long tables show their first :data:`FIRST_ROWS` rows, the rows of
    the player the search finds, or every row after "show all"; the "why" picker offers the
    players the search finds; a big event's downloads are made when their button is pressed;
    a progress bar names the step of reading and rating under way."""

    def __init__(self, examples: Mapping[str, Example] | None = None) -> None:
        self.examples = dict(examples or {})
        self.language = w.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
            value=current_language(),
            layout=w.Layout(width="220px"),
            style=_WHOLE_LABEL,
        )
        self.example = w.Dropdown(
            options=[("", ""), *((label, label) for label in self.examples)],
            layout=w.Layout(width="420px", display="" if self.examples else "none"),
            style={"description_width": "initial"},
        )
        # As wide as their labels: at the default width the Russian "файл(ы) турнира (0)" was
        # cut short.
        self.event_upload = w.FileUpload(multiple=True, layout=w.Layout(width="auto"))
        self.player_upload = w.FileUpload(multiple=False, layout=w.Layout(width="auto"))
        self.rules = w.Dropdown(layout=w.Layout(width="420px"), style=_WHOLE_LABEL)
        self.player = w.Dropdown(layout=w.Layout(width="420px"), style=_WHOLE_LABEL)
        self.separator = w.Dropdown(options=[("", ";"), ("", ",")], style=_WHOLE_LABEL)
        self.decimal = w.Dropdown(options=[("", ","), ("", ".")], style=_WHOLE_LABEL)
        self.search = w.Text(
            continuous_update=False, layout=w.Layout(width="420px"), style=_WHOLE_LABEL
        )
        self.show_all = w.ToggleButton(value=False)
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="300px"))
        self.step = w.HTML()
        self.progress_box = w.HBox([self.progress, self.step], layout=w.Layout(display="none"))
        self.intro = w.HTML()
        self.message = w.HTML()
        self.summary = w.HTML()
        self.reason = w.HTML()
        self.findings = w.HTML()
        self.output = w.HTML()  # the report
        self.choices = w.HTML()  # what the player picker leaves out
        self.why = w.HTML()
        self.plot = w.HTML()
        self.downloads = w.HTML()
        #: The buttons of a big event's downloads, made when pressed (kind -> button).
        self.export_buttons: dict[str, Any] = {}
        self.export_box = w.HBox()
        self._folder: Path | None = None
        self._root: Path | None = None
        self._values: dict[str, Any] = {}
        #: The headings (English text -> its widget), translated by :meth:`_label`.
        self.headings: dict[str, Any] = {
            text: w.HTML()
            for text in (
                N_("What was read"),
                N_("Rule set"),
                N_("Check"),
                N_("Report"),
                N_("Why did my rating change?"),
                N_("Downloads"),
            )
        }
        self._label()
        self.language.observe(self._on_language, names="value")
        self.example.observe(self._on_example, names="value")
        self.event_upload.observe(self._on_upload, names="value")
        self.player_upload.observe(self._on_upload, names="value")
        self.rules.observe(self._on_rules, names="value")
        self.player.observe(self._on_player, names="value")
        self.separator.observe(self._on_export_options, names="value")
        self.decimal.observe(self._on_export_options, names="value")
        self.search.observe(self._on_search, names="value")
        self.show_all.observe(self._on_search, names="value")
        heading = self.headings

        #: Everything below the uploads: hidden until an event is read.
        self.results = w.VBox(
            [
                heading["What was read"],
                self.summary,
                heading["Rule set"],
                self.rules,
                self.reason,
                heading["Check"],
                self.findings,
                heading["Report"],
                w.HBox([self.search, self.show_all]),
                self.output,
                heading["Why did my rating change?"],
                self.player,
                self.choices,
                self.why,
                self.plot,
                heading["Downloads"],
                w.HBox([self.separator, self.decimal]),
                self.downloads,
                self.export_box,
            ],
            layout=w.Layout(display="none"),
        )
        self.view = w.VBox(
            [
                self.language,
                self.intro,
                w.HBox([self.event_upload, self.player_upload, self.example]),
                self.progress_box,
                self.message,
                self.results,
            ]
        )
        self._reset()

    def _label(self) -> None:
        """Every label, heading and choice of the desk in the language now in force."""
        self.language.description = _("language")
        self.example.description = _("or an example")
        self._relabel(
            self.example, [(_("(choose)"), ""), *((_(label), label) for label in self.examples)]
        )
        self._relabel(self.separator, [(_("; (semicolon)"), ";"), (_(", (comma)"), ",")])
        self._relabel(self.decimal, [(_("decimal comma"), ","), (_("decimal point"), ".")])
        self.event_upload.description = _("event file(s)")
        # Without a tooltip of its own the button's title reads "null" (issue 26, 4).
        self.event_upload.tooltip = tr(
            "choose the event's file (a CSV pair: its files together), up to {limit} MB",
            limit=MAX_UPLOAD_BYTES // 1024 // 1024,
        )
        self.player_upload.description = _("player file")
        self.player_upload.tooltip = _("choose a player file with the players' state (optional)")
        self.rules.description = _("rule set")
        self.player.description = _("player")
        self.separator.description = _("CSV")
        self.decimal.description = _("numbers")
        self.search.description = _("find a player")
        self.search.placeholder = _("a name or an id")
        self.show_all.description = _("show all")
        self.show_all.tooltip = _("show every row of the long tables (slower for a big event)")
        for kind, button in self.export_buttons.items():
            button.description = _(EXPORT_LABELS[kind])
        for text, widget in self.headings.items():
            widget.value = f"<h3>{html.escape(_(text))}</h3>"
        self.intro.value = "<p>{}</p>".format(
            html.escape(
                _(
                    "Upload an event: a TRF, a FESA table, a score table, LNMO club records, "
                    "or a CSV pair (games.csv and players.csv, both at once). A player file "
                    "with the players' state is optional."
                )
            )
        )

    def _relabel(self, dropdown: Any, options: list[tuple[str, str]]) -> None:
        """New labels for a dropdown's choices, its value kept (no handler runs)."""
        value = dropdown.value
        with self.busy():
            dropdown.options = options
            if value is not None and value in {v for _label, v in options}:
                dropdown.value = value

    def _on_language(self, _change: object = None) -> None:
        """Speak the chosen language: the labels, then what was read, the reason, the
        findings, the report and the "why" again, for the same event, rule set and player."""
        set_language(self.language.value)
        self._label()
        loaded: Loaded | None = self._values.get("loaded")
        if loaded is None:
            error = self._values.get("error")
            if error:
                self._reset(error)
            return
        chosen, player = self.rules.value, self.player.value
        usable, refused = usable_rule_sets(loaded.event, loaded.players)
        _default, reason = default_rule_set(loaded.event, loaded.players, loaded.format)
        self._values.update(reason=reason, refused=refused)
        self._relabel(self.rules, _rule_options(usable))
        self.summary.value = _summary_html(read_summary(loaded))
        self._rate(player)
        assert self.rules.value == chosen

    # -- values --------------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, Any]:
        return dict(self._values)

    def _reset(self, error: str | None = None) -> None:
        self._values = {"error": error, "loaded": None, "report": None}
        with self.busy():
            self.rules.options = []
            self.player.options = []
            self.search.value = ""
            self.show_all.value = False
        self.message.value = (
            f'<p class="ratingkit-error" style="color:#b71c1c"><b>'
            f"{html.escape(_('Cannot read the file:'))}</b> {html.escape(one_line(error))}</p>"
            if error
            else ""
        )
        for part in (self.summary, self.reason, self.findings, self.output, self.why):
            part.value = ""
        self.choices.value = ""
        self.plot.value = ""
        self.downloads.value = ""
        self.export_buttons = {}
        self.export_box.children = ()
        self.results.layout.display = "none"

    # -- progress ------------------------------------------------------------------------------
    def _begin(self, steps: Sequence[str]) -> None:
        """Show the progress bar for these steps (each a text marked with ``N_``)."""
        self.progress.max = len(steps)
        self.progress.value = 0
        self.progress_box.layout.display = ""

    def _stepping(self, step: str) -> None:
        """The step now under way: named beside the bar, which shows the steps done."""
        self.step.value = f"<i>{html.escape(_(step))}…</i>"

    def _stepped(self) -> None:
        self.progress.value = min(self.progress.value + 1, self.progress.max)

    def _end(self) -> None:
        self.progress_box.layout.display = "none"
        self.step.value = ""

    # -- events --------------------------------------------------------------------------------
    def _on_upload(self, _change: object = None) -> None:
        try:
            files = uploaded_files(self.event_upload.value)
            players = uploaded_files(self.player_upload.value)
        except Exception as exc:  # every failure of an upload is shown (issue 26, 4)
            self._reset(failure_text(exc))
            return
        if not files:
            return
        self.load(files, players)

    def _on_example(self, _change: object = None) -> None:
        if self.is_busy or not self.example.value:
            return
        event_paths, player_path = self.examples[self.example.value]
        self.load(
            [(Path(p).name, Path(p).read_bytes()) for p in event_paths],
            [(Path(player_path).name, Path(player_path).read_bytes())] if player_path else [],
            name=Path(event_paths[0]).parent.name if len(event_paths) > 1 else None,
        )

    def load(
        self,
        event_files: Sequence[Upload],
        player_files: Sequence[Upload] = (),
        name: str | None = None,
    ) -> None:
        """Read uploaded files (what the upload buttons call): show what was read, pick the
        default rule set and rate; a bad file shows its error instead.  ``name`` is the
        folder the files are read from (readers name a CSV pair's or a club's event after it:
        an example's own folder, else "uploaded event", never the temporary folder's name).

        Every failure shows one line in the page and leaves the desk ready for the next
        upload (issue 26, 4): ratingkit's own errors with their file, line and value; a file
        name no file system holds as what is wrong with it; anything else (the operating
        system's refusal, a bug) as its kind and words."""
        self._begin([*READING_STEPS, *RATING_STEPS])
        try:
            loaded, usable, refused, default, reason = self._read(event_files, player_files, name)
        except RatingkitError as exc:
            self._end()
            self._reset(str(exc))
            return
        except Exception as exc:  # every failure of an upload is shown (issue 26, 4)
            self._end()
            self._reset(failure_text(exc))
            return
        self._reset()
        self.results.layout.display = ""
        self._values.update(loaded=loaded, default=default.name, reason=reason, refused=refused)
        self.summary.value = _summary_html(read_summary(loaded))
        self._reason_text = reason
        with self.busy():
            self.rules.options = _rule_options(usable)
            self.rules.value = default.name
        self._rate(progress_begun=True)

    def _read(
        self, event_files: Sequence[Upload], player_files: Sequence[Upload], name: str | None
    ) -> tuple[Loaded, list[RuleSet], dict[str, str], RuleSet, str]:
        too_big = upload_size_error([*event_files, *player_files])
        if too_big is not None:
            raise RatingkitError(too_big)
        self._stepping(READING_STEPS[0])
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
            self._root = None
        self._root = Path(tempfile.mkdtemp(prefix="ratingkit-desk-"))
        self._folder = self._root / _safe_name(name or "uploaded event")
        self._folder.mkdir()
        self._stepped()
        self._stepping(READING_STEPS[1])
        loaded = load_uploads(event_files, player_files, self._folder)
        self._stepped()
        self._stepping(READING_STEPS[2])
        usable, refused = usable_rule_sets(loaded.event, loaded.players)
        default, reason = default_rule_set(loaded.event, loaded.players, loaded.format, usable)
        self._stepped()
        return loaded, usable, refused, default, reason

    def _on_rules(self, _change: object = None) -> None:
        if self.is_busy or self.rules.value is None:
            return
        self._rate()

    def _rate(self, player: str | None = None, progress_begun: bool = False) -> None:
        """Check and rate the event under the chosen rule set and show it all; ``player``:
        the player whose change the "why" shows (else the first)."""
        if not progress_begun:
            self._begin(RATING_STEPS)
        try:
            self._rated(player)
        except Exception as exc:  # a failure is shown, the desk stays usable
            text = str(exc) if isinstance(exc, RatingkitError) else failure_text(exc)
            self._cannot_rate(text)
        finally:
            self._end()

    def _cannot_rate(self, text: str) -> None:
        self._values.update(report=None, error=text)
        self.message.value = (
            f'<p class="ratingkit-error" style="color:#b71c1c"><b>'
            f"{html.escape(_('Cannot rate:'))}</b> "
            f"{html.escape(one_line(_without_folder(text, self._folder or Path('.'))))}</p>"
        )

    def _rated(self, player: str | None) -> None:
        loaded: Loaded = self._values["loaded"]
        rules = rule_sets()[self.rules.value]
        refused: dict[str, str] = self._values["refused"]
        is_default = rules.name == self._values["default"]
        chosen = _("default") if is_default else _("chosen")
        why = self._values["reason"] if is_default else _("picked by hand")
        refused_html = "".join(
            f"<li>{html.escape(name)}: {html.escape(text)}</li>" for name, text in refused.items()
        )
        self.reason.value = (
            f"<p><b>{html.escape(rules.name)}</b> ({chosen}): {html.escape(why)}</p>"
            + (
                f"<details><summary>{html.escape(_('rule sets that cannot rate this event'))}"
                "</summary>"
                f"<ul>{refused_html}</ul></details>"
                if refused_html
                else ""
            )
        )
        self._values.update(rules=rules.name)
        try:
            self._stepping(RATING_STEPS[0])
            guard(rules, [loaded.event], loaded.players)
            table = rules.check(loaded.event, loaded.players)
            self._stepped()
            self._stepping(RATING_STEPS[1])
            report = rules.rate(loaded.event, loaded.players)
            self._stepped()
        except RatingkitError as exc:
            self._values.update(report=None, error=str(exc))
            self._cannot_rate(str(exc))
            return
        self._stepping(RATING_STEPS[2])
        self.message.value = ""
        unrated = unrated_rows(loaded.event, report.outcome)
        self._values.update(report=report, findings=table.findings, unrated=unrated, error=None)
        self._values.update(findings_table=table)
        self._show_tables()
        self._stepped()
        self._stepping(RATING_STEPS[3])
        self._offer_players(player)
        self._on_player()
        self._stepped()
        self._export()

    def _show_tables(self) -> None:
        """The findings and the report as the search and "show all" have them."""
        report: Report = self._values["report"]
        table: CheckTable = self._values["findings_table"]
        rules = report.rules
        search, show_all = self.search.value, self.show_all.value
        findings = findings_rows(table)
        if findings:
            shown, line = shown_rows(findings, "", show_all)
            cells = [clause_html(rules, f.rule, f.rule.clause) for f in table.findings]
            self.findings.value = _html_table(shown, rule_cells=cells[: len(shown)]) + _line_html(
                line
            )
        else:
            text = tr("no rule of {rules} is broken", rules=rules)
            self.findings.value = f"<p>{html.escape(text)}</p>"
        folder = self._folder or Path(".")
        unrated = self._values["unrated"]
        unrated_html = ""
        if unrated:
            shown, line = shown_rows(unrated, search, show_all)
            unrated_html = (
                f"<h4>{html.escape(_('not rated as established players'))}</h4>"
                + _html_table(shown)
                + _line_html(line)
            )
        self.output.value = (
            _without_folder(report_html(report, search, show_all), folder) + unrated_html
        )

    def _offer_players(self, keep: str | None = None) -> None:
        """The "why" picker's players: those the search finds (every player without one),
        the first :data:`PLAYER_CHOICES` of them; ``keep`` stays picked where offered."""
        report: Report = self._values["report"]
        players = report.outcome.players
        wanted = self.search.value.strip().casefold()
        found = [
            p
            for p in players
            if not wanted or wanted in p.id.casefold() or wanted in p.name.casefold()
        ]
        offered = found[:PLAYER_CHOICES]
        keep = keep if keep is not None else self.player.value
        if keep is not None and keep not in {p.id for p in offered}:
            kept = [p for p in players if p.id == keep]
            offered = kept + offered if kept and not wanted else offered
        with self.busy():
            self.player.options = [(f"{p.name} ({p.id})", p.id) for p in offered]
            ids = {p.id for p in offered}
            self.player.value = keep if keep in ids else (offered[0].id if offered else None)
        left_out = len(found) - min(len(found), PLAYER_CHOICES)
        self.choices.value = (
            _line_html(
                tr(
                    "players offered: {shown} of {total}; find a player above to offer others",
                    shown=PLAYER_CHOICES,
                    total=len(found),
                )
            )
            if left_out > 0
            else ""
        )

    def _on_search(self, _change: object = None) -> None:
        """The long tables and the "why" picker for the search and "show all"."""
        if self.is_busy or self._values.get("report") is None:
            return
        self._show_tables()
        before = self.player.value
        self._offer_players(None if self.search.value.strip() else before)
        if self.player.value != before:
            self._on_player()

    def _on_player(self, _change: object = None) -> None:
        if self.is_busy:
            return
        report: Report | None = self._values.get("report")
        if report is None or self.player.value is None:
            return
        outcome = report.outcome
        player = outcome.player(self.player.value)
        rows = why_rows(outcome, player.id, rule_sets().get(self._values.get("rules", "")))
        fall = waterfall(outcome, player.id)
        self._values.update(player=player.id, why=rows, waterfall=fall)
        total = sum(r["contribution"] for r in rows if r["rated"] and r["contribution"] is not None)  # type: ignore[misc]
        change = _number(player.change)
        none = _("none")
        text = tr(
            "{name}: rating before {before}, after {after} ({status}); change {change}; the "
            "rated games' contributions add up to {total}",
            name=player.name,
            before=_shown(player.rating_before) or none,
            after=_shown(player.rating_after) or none,
            status=_(player.status.value),
            change=_signed(change) if change is not None else none,
            total=_signed(total),
        )
        lines = [f"<p>{html.escape(text)}</p>"]
        if not rows:
            text = _("no game rows: the rule set rates this event from totals")
            lines.append(f"<p>{html.escape(text)}</p>")
        reasons = [clause_html(outcome.rules, g.reason) for g in outcome.games_of(player.id)]
        self.why.value = "".join(lines) + _html_table(
            [
                {
                    **r,
                    "contribution": _signed(r["contribution"])  # type: ignore[arg-type]
                    if r["contribution"] is not None
                    else "",
                }
                for r in rows
            ],
            rule_cells=reasons,
        )
        self.plot.value = waterfall_svg(fall, player.name) if fall is not None else ""

    def _on_export_options(self, _change: object = None) -> None:
        if not self.is_busy and self._values.get("report") is not None:
            self._export()

    def _export(self) -> None:
        """The downloads: a small event's all at once, as links; a big event's as buttons,
        each making its file when pressed (the page then holds that one file's link)."""
        loaded: Loaded = self._values["loaded"]
        report: Report = self._values["report"]
        if report_rows(report) <= DOWNLOADS_AT_ONCE_ROWS:
            self._show_exports(EXPORT_KINDS)
            return
        _found, missing = exports(loaded, report, kinds=())
        self._values.update(exports={}, not_exported=missing)
        self.downloads.value = _exports_html({}, missing)
        buttons = {}
        for kind in offered_exports(loaded, report):
            button = w.Button(description=_(EXPORT_LABELS[kind]), icon="download")
            button.on_click(lambda _button, kind=kind: self._on_export_button(kind))
            buttons[kind] = button
        self.export_buttons = buttons
        self.export_box.children = tuple(buttons.values())

    def _on_export_button(self, kind: str) -> None:
        self._begin([N_("making the download")])
        self._stepping(N_("making the download"))
        try:
            self._show_exports((kind,))
        except Exception as exc:  # a failure is shown, the desk stays usable
            text = str(exc) if isinstance(exc, RatingkitError) else failure_text(exc)
            self.downloads.value = (
                '<p class="ratingkit-error" style="color:#b71c1c">'
                f"{html.escape(one_line(text))}</p>"
            )
        finally:
            self._end()

    def _show_exports(self, kinds: Sequence[str]) -> None:
        found, missing = exports(
            self._values["loaded"],
            self._values["report"],
            self.separator.value,
            self.decimal.value,
            kinds=kinds,
        )
        if "html" in found and self._folder is not None:
            # the printable report's notes name the uploaded files, not the temporary folder
            page = found["html"]
            text = _without_folder(page.data.decode("utf-8"), self._folder)
            found["html"] = Export(page.filename, page.media_type, text.encode("utf-8"))
        self._values.update(exports=found, not_exported=missing)
        self.downloads.value = _exports_html(found, missing)

    def __del__(self) -> None:
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)


def _exports_html(found: Mapping[str, Export], missing: Mapping[str, str]) -> str:
    links = "".join(export.link() for export in found.values())
    notes = "".join(
        f"<li>{html.escape(kind)}: {html.escape(text)}</li>" for kind, text in missing.items()
    )
    return f"<p>{links}</p>" + (f"<ul>{notes}</ul>" if notes else "")


def _rule_options(usable: Sequence[RuleSet]) -> list[tuple[str, str]]:
    """The rule set picker's choices: each rule set's name and title (in the language now in
    force where the catalogs have it)."""
    return [(f"{r.name}: {_(r.title)}", r.name) for r in usable]


def _summary_html(summary: Mapping[str, object]) -> str:
    items = "".join(
        f"<tr><th style='text-align:left'>{html.escape(_(k))}</th>"
        f"<td>{html.escape(_shown(v))}</td></tr>"
        for k, v in summary.items()
    )
    return f'<table class="ratingkit-summary">{items}</table>'


__all__ = [
    "EXPORT_KINDS",
    "MAX_UPLOAD_BYTES",
    "Export",
    "Loaded",
    "OfficersDesk",
    "Waterfall",
    "default_rule_set",
    "desk_examples",
    "exports",
    "findings_rows",
    "load_uploads",
    "read_summary",
    "report_html",
    "shown_rows",
    "table_csv",
    "unrated_rows",
    "uploaded_files",
    "usable_rule_sets",
    "waterfall",
    "why_rows",
]
