"""The officer's desk: upload an event file (and a player file), see what was read, pick the
rule set, see ``check``'s findings and the report, ask "why did my rating change", and take the
results away as downloads.

Everything the page shows comes from ratingkit: the uploaded bytes are written under their
own names into a temporary folder and read by :func:`ratingkit.formats.read_event` (every
reader, its format and encoding detection); the rule set is rated through the guard; the
numbers are the outcome's values (:mod:`ratingkit.core.outcome`).  A bad file shows the
reader's message (file, line, value) in the page, never a traceback.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
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
from ...core.model import Event
from ...core.outcome import GameKind, Outcome, PlayerOutcome, Status
from ...core.output import csv_cell, plain, protect_cell
from ...core.players import PlayerFile, carry_forward, read_player_file, write_player_csv
from ...core.printable import printable_html
from ...core.report import CheckTable, Report, Table
from ...core.ruleset import (
    GameCalculation,
    RuleSet,
    cannot_rate,
    event_game,
    families,
    get_rule_set,
    guard,
    in_force_text,
    rule_set_in_force,
    rule_sets,
)
from ...documents import clause_html
from ...formats import detect_format, read_event, write_event
from ...formats.fesatable import write_fesa_table
from ...formats.xlsx import table_workbook_bytes
from .base import Widget

#: (file name, content) of one uploaded file.
Upload = tuple[str, bytes]

#: An example the desk offers: its event file(s) and its player file (or None).
Example = tuple[Sequence[str | Path], str | Path | None]


def desk_examples(folder: Path) -> dict[str, Example]:
    """The examples of ratingkit's ``examples/`` folder (``folder``) the desk's notebook
    offers, by their labels (English, marked for the catalogs: the list shows them in the
    language)."""
    return {
        N_("FIDE round robin, two unrated (TRF, 2015)"): (
            [folder / "round-robin-two-unrated.trf"],
            None,
        ),
        N_("FIDE swiss (CSV pair, 2025)"): (
            [
                folder / "fide-autumn-open-2025" / n
                for n in ("games.csv", "players.csv", "event.csv")
            ],
            None,
        ),
        N_("FESA Spring Cup (FESA table and player file)"): (
            [folder / "fesa-spring-cup.txt"],
            folder / "fesa-spring-cup-players.csv",
        ),
        N_("FESA: Championnat de France, Nantes 2025"): ([folder / "cdf-2025-nantes.txt"], None),
        N_("FIDE 1982 score table (Berger)"): ([folder / "fide-1982-berger.csv"], None),
        N_("LNMO club records"): (
            [folder / "lnmo-club" / n for n in ("games.csv", "players.csv")],
            None,
        ),
    }


#: The typed values the desk shows as words (the games, event types and what became of a
#: player: the enums' English values, translated where shown).
SHOWN_WORDS = (
    N_("chess"),
    N_("shogi"),
    N_("round robin"),
    N_("swiss"),
    N_("team"),
    N_("match"),
    N_("club"),
    N_("rated"),
    N_("first rating"),
    N_("not published"),
    N_("not rated"),
)

#: Shogi rule sets by preference: the one in force on the event's date is the default.
SHOGI_DEFAULTS = ("fesa", "fesa-2011")


# -- reading the uploads --------------------------------------------------------------------------


def uploaded_files(value: object) -> list[Upload]:
    """The (name, bytes) of an ``ipywidgets.FileUpload`` value (a tuple of dicts with ``name``
    and ``content`` in ipywidgets 8; a dict by name in ipywidgets 7)."""
    if isinstance(value, Mapping):
        items: list[Any] = [{"name": k, **v} for k, v in value.items()]
    else:
        items = list(value or ())  # type: ignore[call-overload]
    return [(str(item["name"]), bytes(item["content"])) for item in items]


@dataclass(frozen=True)
class Loaded:
    """What the desk read: the event, the player file (uploaded, else the event's own players
    file with state), the format that read the event and the names of the uploaded files."""

    event: Event
    players: PlayerFile | None
    format: str
    event_file: str
    files: tuple[str, ...]
    player_file: str | None


def _safe_name(name: str) -> str:
    base = Path(name.replace("\\", "/")).name
    if base in {"", ".", ".."}:
        raise RatingkitError(tr("{name!r}: not a file name", name=name))
    return base


def _is_side_file(name: str) -> bool:
    """A CSV pair's players file or event-fields file, read beside its games file."""
    lowered = name.lower()
    return lowered.endswith(("players.csv", "event.csv"))


def load_uploads(
    event_files: Sequence[Upload], player_files: Sequence[Upload], folder: Path
) -> Loaded:
    """Write the uploads into ``folder`` under their names and read them as ratingkit's CLI
    does (``read_event(path, roster=player file)``; the player file is the uploaded one, else
    the event's own players file with state).  Errors name the uploaded file, not the folder."""
    if not event_files:
        raise RatingkitError(tr("no event file uploaded"))
    try:
        return _load(event_files, player_files, folder)
    except RatingkitError as exc:
        raise RatingkitError(_without_folder(str(exc), folder)) from None


def _without_folder(text: str, folder: Path) -> str:
    for prefix in (f"{folder}/player-file/", f"{folder}/", str(folder)):
        text = text.replace(prefix, "")
    # the CLI's option, in the desk's words
    return text.replace("name one with --players", _("upload it as the player file"))


def _load(event_files: Sequence[Upload], player_files: Sequence[Upload], folder: Path) -> Loaded:
    names = [_safe_name(name) for name, _content in event_files]
    if len(set(names)) != len(names):
        raise RatingkitError(
            tr("two uploaded files have one name: {names}", names=", ".join(names))
        )
    for name, (_name, content) in zip(names, event_files, strict=True):
        (folder / name).write_bytes(content)
    main = [n for n in names if not _is_side_file(n)] if len(names) > 1 else names
    if len(main) != 1:
        raise RatingkitError(
            tr(
                (
                    "{main_count} event files uploaded ({main}): upload one event: a "
                    "TRF, a FESA table, a score table, or a CSV pair (games.csv with "
                    "its players.csv, and event.csv if it has one)"
                ),
                main_count=len(main),
                main=", ".join(main) or _("only side files"),
            )
        )
    event_path = folder / main[0]
    player_path: Path | None = None
    if player_files:
        (folder / "player-file").mkdir(exist_ok=True)
        player_name = _safe_name(player_files[0][0])
        player_path = folder / "player-file" / player_name
        player_path.write_bytes(player_files[0][1])
    fmt = detect_format(event_path).name
    event = read_event(event_path, roster=player_path)
    carried = event.extra.get("player_file")
    players: PlayerFile | None = None
    if player_path is not None:
        players = read_player_file(player_path)
    elif carried:
        players = read_player_file(str(carried))
    return Loaded(
        event,
        players,
        fmt,
        main[0],
        tuple(names),
        player_path.name
        if player_path is not None
        else (Path(str(carried)).name if carried else None),
    )


# -- the rule set ---------------------------------------------------------------------------------


def usable_rule_sets(
    event: Event, players: PlayerFile | None = None
) -> tuple[list[RuleSet], dict[str, str]]:
    """The rule sets that can rate the event (the guard's answer) and, for the others, why
    not (said once, not offered)."""
    usable: list[RuleSet] = []
    refused: dict[str, str] = {}
    for name, rules in rule_sets().items():
        why = cannot_rate(rules, event, players)
        if why is None:
            usable.append(rules)
        else:
            refused[name] = why.reason if getattr(why, "reason", None) else str(why)
    return usable, refused


def _in_force(rules: RuleSet, day: date) -> bool:
    return (rules.valid_from is None or rules.valid_from <= day) and (
        rules.valid_until is None or day <= rules.valid_until
    )


def _period(rules: RuleSet) -> str:
    return in_force_text(rules)


def default_rule_set(
    event: Event, players: PlayerFile | None = None, fmt: str | None = None
) -> tuple[RuleSet, str]:
    """The rule set the desk picks first and why: the one in force on the event's start date
    for its game (FIDE's family for chess, FESA's for shogi), LNMO's for LNMO club records,
    FIDE 1982 for a score table (the only text rating totals)."""
    usable, _refused = usable_rule_sets(event, players)
    if not usable:
        raise RatingkitError(tr("{name}: no rule set can rate this event", name=event.name))
    by_name = {r.name: r for r in usable}
    day = event.start
    if event.score_only and "fide-1982" in by_name:
        rules = by_name["fide-1982"]
        return rules, tr(
            "a score table gives each player's total only, and of the rule sets only "
            "{title} rate totals",
            title=_(rules.title),
        )
    if fmt == "club" and "lnmo" in by_name:
        rules = by_name["lnmo"]
        return rules, tr(
            "LNMO club records are rated by the {title} ({document})",
            title=_(rules.title),
            document=_(rules.document),
        )
    game, evidence = event_game(event, players)
    if day is None:
        rules = usable[0]
        return rules, tr(
            "the event has no start date, so no text in force can be told; {name} "
            "({title}) is the first rule set that can rate it: pick the one you mean",
            name=rules.name,
            title=_(rules.title),
        )
    if game is GameKind.SHOGI:
        for name in SHOGI_DEFAULTS:
            if name in by_name and _in_force(by_name[name], day):
                rules = by_name[name]
                return rules, tr(
                    "{title}: {period}; the event ({evidence}) began on {day}",
                    title=_(rules.title),
                    period=_period(rules),
                    evidence=evidence,
                    day=day.isoformat(),
                )
    else:
        for family in families():
            try:
                rules = rule_set_in_force(family, day)
            except RatingkitError:
                fallback = usable[0]
                known = ", ".join(
                    f"{name} ({_period(rule_sets()[name])})" for name in families()[family]
                )
                return fallback, tr(
                    "ratingkit implements no {family} text in force on {day} (the event's "
                    "start; it has {known}); {name} ({title}) is preselected: pick the one "
                    "you mean",
                    family=family.upper(),
                    day=day.isoformat(),
                    known=known,
                    name=fallback.name,
                    title=_(fallback.title),
                )
            if rules.name in by_name:
                return rules, tr(
                    "{document}: {period}; the event began on {day}",
                    document=_(rules.document),
                    period=_period(rules),
                    day=day.isoformat(),
                )
    rules = usable[0]
    return rules, tr(
        "no rule set of its game was in force on {day}; {name} is the first that can rate "
        "it: pick the one you mean",
        day=day.isoformat(),
        name=rules.name,
    )


# -- what was read, the findings, the report ------------------------------------------------------


def read_summary(loaded: Loaded) -> dict[str, object]:
    """What was read: the files, format, encoding, name, dates, game, type, the counts."""
    event = loaded.event
    game, evidence = event_game(event, loaded.players)
    return {
        N_("files"): ", ".join(loaded.files),
        N_("format"): loaded.format,
        N_("encoding"): event.extra.get("encoding"),
        N_("player file"): loaded.player_file or _("none"),
        N_("event"): event.name,
        N_("dates"): _(" to ").join(d.isoformat() for d in (event.start, event.end) if d)
        or _("none"),
        N_("game"): f"{_(game.value)} ({evidence})" if game else evidence,
        N_("type"): _(event.type.value) if event.type else _("not given"),
        N_("players"): len(event.players),
        N_("rated before"): sum(1 for p in event.players if p.is_rated),
        N_("games"): len(event.games),
        N_("byes"): len(event.byes),
    }


def unrated_rows(event: Event, outcome: Outcome[Any, Any]) -> list[dict[str, object]]:
    """Every player who had no rating before or was not rated as an established player, what
    became of him (the outcome's status) and the rules that left games of his unrated."""
    rows: list[dict[str, object]] = []
    for player in outcome.players:
        if player.rating_before is not None and player.status is Status.RATED:
            continue
        unrated_games = [g for g in outcome.games_of(player.id) if not g.rated]
        reasons = sorted({str(g.reason) for g in unrated_games if g.reason is not None})
        rows.append(
            {
                N_("id"): player.id,
                N_("name"): player.name,
                N_("rating before"): _("none")
                if player.rating_before is None
                else player.rating_before,
                N_("became"): player.status.value,
                N_("rating after"): _("none")
                if player.rating_after is None
                else player.rating_after,
                N_("games not rated"): len(unrated_games),
                N_("games not rated by"): "; ".join(reasons),
            }
        )
    return rows


def findings_rows(table: CheckTable) -> list[dict[str, object]]:
    return [
        {
            "rule": f.rule.clause,
            "problem": f.problem,
            "games": "; ".join(f.games_text(table.names)),
            "effect": _("breaks the event's validity")
            if f.breaks_validity
            else _("games not rated"),
        }
        for f in table.findings
    ]


# -- why did my rating change ---------------------------------------------------------------------


def _number(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, int | float | Fraction | Decimal):
        return float(value)
    return None


#: The columns of :func:`findings_rows` (English keys, translated where shown).
FINDINGS_COLUMNS = (N_("rule"), N_("problem"), N_("games"), N_("effect"))

#: The columns of :func:`why_rows` before and after the rule set's own calculation columns.
WHY_COLUMNS = (N_("round"), N_("opponent"), N_("score"), N_("rated"))
WHY_TAIL = (N_("contribution"), N_("rule"))


def _calculation_of(outcome: Outcome[Any, Any]) -> GameCalculation | None:
    try:
        rules = get_rule_set(outcome.rules)
    except RatingkitError:
        return None
    return rules if isinstance(rules, GameCalculation) else None


def why_rows(
    outcome: Outcome[Any, Any], player_id: str, rules: RuleSet | None = None
) -> list[dict[str, object]]:
    """Every game side of the player: the round, the opponent, the score, whether it was rated,
    then the rule set's own calculation of the game (its ``game_calculation``, e.g. FIDE's
    D, PD and score-PD, FESA's expected score and d, from the game's typed detail), its
    contribution to the change (the outcome's value) and the rule applied to it.  ``rules``
    is the rule set that rated the outcome (looked up by its name where not given)."""
    names = {p.id: p.name for p in outcome.players}
    if rules is None:
        calculation = _calculation_of(outcome)
    else:
        calculation = rules if isinstance(rules, GameCalculation) else None
    rows = []
    for game in outcome.games_of(player_id):
        row: dict[str, object] = {
            "round": game.round,
            "opponent": names.get(game.opponent, game.opponent),
            "score": _number(game.score),
            "rated": game.rated,
        }
        if calculation is not None:
            for column, value in calculation.game_calculation(game).items():
                if column not in row and column not in WHY_TAIL:
                    row[column] = plain(value)
        row["contribution"] = _number(game.change)
        row["rule"] = str(game.reason) if game.reason is not None else ""
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Waterfall:
    """A player's way from the old rating to the new: each rated game's contribution, then
    what no game gives (``other``: a bonus, an event-level rule) and the rounding."""

    start: float
    steps: tuple[tuple[str, float], ...]
    end: float


def waterfall(outcome: Outcome[Any, Any], player_id: str) -> Waterfall | None:
    """The waterfall of a player rated before and after (None otherwise: a first rating has
    no old value to start from)."""
    player: PlayerOutcome[Any] = outcome.player(player_id)
    if player.rating_before is None or player.rating_after is None:
        return None
    names = {p.id: p.name for p in outcome.players}
    steps: list[tuple[str, float]] = []
    games_total = 0.0
    for game in outcome.games_of(player_id):
        change = _number(game.change)
        if change is None or not game.rated:
            continue
        games_total += change
        steps.append((f"r{game.round} {names.get(game.opponent, game.opponent)}", change))
    change = _number(player.change)
    if change is not None and abs(change - games_total) > 1e-9:
        steps.append((_("not from one game"), change - games_total))
        games_total = change
    rounding = player.rating_after - player.rating_before - games_total
    if abs(rounding) > 1e-9:
        steps.append((_("rounding"), rounding))
    return Waterfall(float(player.rating_before), tuple(steps), float(player.rating_after))


def waterfall_svg(fall: Waterfall, title: str = "") -> str:
    from matplotlib.figure import Figure

    from ..plots.desk import plot_rating_waterfall

    figure = Figure(figsize=(max(6.0, 0.5 * (len(fall.steps) + 2) + 2), 4.0))
    plot_rating_waterfall(fall.start, fall.steps, fall.end, ax=figure.subplots(), title=title)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


# -- exports ---------------------------------------------------------------------------------------


def table_csv(table: Table, separator: str = ";", decimal: str = ",") -> str:
    """A table as CSV with the separator and the decimal mark a spreadsheet of the user's
    locale reads; text a spreadsheet would run as a formula gets a leading apostrophe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\n")
    writer.writerow([protect_cell(c) for c in table.columns])
    for row in table.rows:
        cells: list[object] = []
        for column in table.columns:
            value = csv_cell(row.get(column))
            if isinstance(value, float | int) and not isinstance(value, bool):
                cells.append(str(value).replace(".", decimal))
            else:
                cells.append(protect_cell(value))
        writer.writerow(cells)
    return buffer.getvalue()


@dataclass(frozen=True)
class Export:
    """One download: its file name, media type and bytes."""

    filename: str
    media_type: str
    data: bytes

    def link(self) -> str:
        encoded = base64.b64encode(self.data).decode("ascii")
        return (
            f'<a class="ratingkit-download" download="{html.escape(self.filename)}" '
            f'href="data:{self.media_type};base64,{encoded}" target="_blank" '
            f'style="{LINK_STYLE}">&#x2B07; {html.escape(self.filename)}</a>'
        )


#: A download link drawn as a button.
LINK_STYLE = (
    "display:inline-block;margin:2px 6px 2px 0;padding:4px 10px;border:1px solid #90a4ae;"
    "border-radius:3px;background:#eceff1;color:#1a237e;text-decoration:none"
)


def _stem(name: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.strip())
    return "-".join(filter(None, keep.split("-")))[:60] or "event"


def exports(
    loaded: Loaded, report: Report, separator: str = ";", decimal: str = ","
) -> tuple[dict[str, Export], dict[str, str]]:
    """The downloads of a rated event, by kind, and the kinds not offered with the reason."""
    stem = _stem(loaded.event.name)
    found: dict[str, Export] = {}
    missing: dict[str, str] = {}
    found["csv"] = Export(
        f"{stem}-report.csv", "text/csv", table_csv(report.players, separator, decimal).encode()
    )
    tables = [report.players, *report.sections]
    if report.games is not None and len(report.games):
        tables.append(report.games)
    found["xlsx"] = Export(
        f"{stem}-report.xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        table_workbook_bytes(tables),
    )
    # The printable report (one event a page; the browser prints it to PDF).
    document = getattr(get_rule_set(report.rules), "document", "")
    found["html"] = Export(
        f"{stem}-report.html", "text/html", printable_html(report, str(document)).encode()
    )
    game, _evidence = event_game(loaded.event, loaded.players)
    if game is GameKind.SHOGI and not report.rules.startswith("fesa"):
        missing["fesa"] = tr(
            "a rated FESA table is written for FESA's rule sets, not {rules}", rules=report.rules
        )
        missing["trf"] = _("a TRF is FIDE's chess format; this event is shogi")
    elif game is GameKind.SHOGI:
        try:
            text = write_fesa_table(loaded.event, report)
            found["fesa"] = Export(f"{stem}-rated.txt", "text/plain", text.encode())
        except RatingkitError as exc:
            missing["fesa"] = str(exc)
        missing.setdefault("trf", _("a TRF is FIDE's chess format; this event is shogi"))
    else:
        try:
            found["trf"] = Export(
                f"{stem}.trf", "text/plain", write_event(loaded.event, "trf").encode()
            )
        except RatingkitError as exc:
            missing["trf"] = str(exc)
    if report.new_state is not None:
        # As --save-state writes it: the player file carried forward (core.players).
        after = carry_forward(loaded.players, report.new_state)
        found["players"] = Export(
            f"{stem}-players-after.csv", "text/csv", write_player_csv(after).encode()
        )
    else:
        missing["players"] = _("the rule set gives no player file after the event")
    return found, missing


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


class OfficersDesk(Widget):
    """The desk: uploads, what was read, the rule set, findings, the report, "why", downloads.

    ``values`` holds what the page shows as values: ``loaded``, ``summary``, ``rules``,
    ``reason``, ``findings``, ``report``, ``unrated``, ``player``, ``why``, ``waterfall``,
    ``exports`` (kind -> :class:`Export`), ``not_exported`` and ``error`` (the message a bad
    file gave, else None)."""

    def __init__(self, examples: Mapping[str, Example] | None = None) -> None:
        self.examples = dict(examples or {})
        self.language = w.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
            value=current_language(),
            layout=w.Layout(width="220px"),
        )
        self.example = w.Dropdown(
            options=[("", ""), *((label, label) for label in self.examples)],
            layout=w.Layout(width="420px", display="" if self.examples else "none"),
            style={"description_width": "initial"},
        )
        self.event_upload = w.FileUpload(multiple=True)
        self.player_upload = w.FileUpload(multiple=False)
        self.rules = w.Dropdown(layout=w.Layout(width="420px"))
        self.player = w.Dropdown(layout=w.Layout(width="420px"))
        self.separator = w.Dropdown(options=[("", ";"), ("", ",")])
        self.decimal = w.Dropdown(options=[("", ","), ("", ".")])
        self.intro = w.HTML()
        self.message = w.HTML()
        self.summary = w.HTML()
        self.reason = w.HTML()
        self.findings = w.HTML()
        self.output = w.HTML()  # the report
        self.why = w.HTML()
        self.plot = w.HTML()
        self.downloads = w.HTML()
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
                self.output,
                heading["Why did my rating change?"],
                self.player,
                self.why,
                self.plot,
                heading["Downloads"],
                w.HBox([self.separator, self.decimal]),
                self.downloads,
            ],
            layout=w.Layout(display="none"),
        )
        self.view = w.VBox(
            [
                self.language,
                self.intro,
                w.HBox([self.event_upload, self.player_upload, self.example]),
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
        self.player_upload.description = _("player file")
        self.rules.description = _("rule set")
        self.player.description = _("player")
        self.separator.description = _("CSV")
        self.decimal.description = _("numbers")
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
        self._rate()
        if player is not None and player in dict(self.player.options).values():
            self.player.value = player
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
        self.message.value = (
            f'<p class="ratingkit-error" style="color:#b71c1c"><b>'
            f"{html.escape(_('Cannot read the file:'))}</b> {html.escape(error)}</p>"
            if error
            else ""
        )
        for part in (self.summary, self.reason, self.findings, self.output, self.why):
            part.value = ""
        self.plot.value = ""
        self.downloads.value = ""
        self.results.layout.display = "none"

    # -- events --------------------------------------------------------------------------------
    def _on_upload(self, _change: object = None) -> None:
        files = uploaded_files(self.event_upload.value)
        if not files:
            return
        self.load(files, uploaded_files(self.player_upload.value))

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
        an example's own folder, else "uploaded event", never the temporary folder's name)."""
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
        self._root = Path(tempfile.mkdtemp(prefix="ratingkit-desk-"))
        self._folder = self._root / _safe_name(name or "uploaded event")
        self._folder.mkdir()
        try:
            loaded = load_uploads(event_files, player_files, self._folder)
            usable, refused = usable_rule_sets(loaded.event, loaded.players)
            default, reason = default_rule_set(loaded.event, loaded.players, loaded.format)
        except RatingkitError as exc:
            self._reset(str(exc))
            return
        self._reset()
        self.results.layout.display = ""
        self._values.update(loaded=loaded, default=default.name, reason=reason, refused=refused)
        self.summary.value = _summary_html(read_summary(loaded))
        self._reason_text = reason
        with self.busy():
            self.rules.options = _rule_options(usable)
            self.rules.value = default.name
        self._rate()

    def _on_rules(self, _change: object = None) -> None:
        if self.is_busy or self.rules.value is None:
            return
        self._rate()

    def _rate(self) -> None:
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
        try:
            guard(rules, [loaded.event], loaded.players)
            table = rules.check(loaded.event, loaded.players)
            report = rules.rate(loaded.event, loaded.players)
        except RatingkitError as exc:
            self._values.update(rules=rules.name, report=None, error=str(exc))
            self.message.value = (
                f'<p class="ratingkit-error" style="color:#b71c1c"><b>'
                f"{html.escape(_('Cannot rate:'))}</b> "
                f"{html.escape(_without_folder(str(exc), self._folder or Path('.')))}</p>"
            )
            return
        self.message.value = ""
        assert report.outcome is not None
        findings = findings_rows(table)
        unrated = unrated_rows(loaded.event, report.outcome)
        self._values.update(
            rules=rules.name, findings=table.findings, report=report, unrated=unrated, error=None
        )
        self.findings.value = (
            _html_table(
                findings,
                rule_cells=[clause_html(rules.name, f.rule, f.rule.clause) for f in table.findings],
            )
            if findings
            else f"<p>{html.escape(tr('no rule of {rules} is broken', rules=rules.name))}</p>"
        )
        folder = self._folder or Path(".")
        self.output.value = _without_folder(report._repr_html_(), folder) + (
            f"<h4>{html.escape(_('not rated as established players'))}</h4>" + _html_table(unrated)
            if unrated
            else ""
        )
        with self.busy():
            self.player.options = [(f"{p.name} ({p.id})", p.id) for p in report.outcome.players]
            self.player.value = report.outcome.players[0].id if report.outcome.players else None
        self._on_player()
        self._export()

    def _on_player(self, _change: object = None) -> None:
        if self.is_busy:
            return
        report: Report | None = self._values.get("report")
        if report is None or report.outcome is None or self.player.value is None:
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
        found, missing = exports(
            self._values["loaded"], self._values["report"], self.separator.value, self.decimal.value
        )
        if "html" in found and self._folder is not None:
            # the printable report's notes name the uploaded files, not the temporary folder
            page = found["html"]
            text = _without_folder(page.data.decode("utf-8"), self._folder)
            found["html"] = Export(page.filename, page.media_type, text.encode("utf-8"))
        self._values.update(exports=found, not_exported=missing)
        links = "".join(export.link() for export in found.values())
        notes = "".join(
            f"<li>{html.escape(kind)}: {html.escape(text)}</li>" for kind, text in missing.items()
        )
        self.downloads.value = f"<p>{links}</p>" + (f"<ul>{notes}</ul>" if notes else "")

    def __del__(self) -> None:
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)


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
    "table_csv",
    "unrated_rows",
    "uploaded_files",
    "usable_rule_sets",
    "waterfall",
    "why_rows",
]
