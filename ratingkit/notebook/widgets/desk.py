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
from dataclasses import dataclass, replace
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
from ...core.outcome import GameKind, GameOutcome, Outcome, PlayerOutcome, Status
from ...core.output import csv_cell, plain, protect_cell
from ...core.players import PlayerFile, carry_forward, read_player_file, write_player_csv
from ...core.printable import printable_html
from ...core.report import CheckTable, Report, Table, format_cell
from ...core.ruleset import (
    SCORE_TABLE,
    GameCalculation,
    RuleSet,
    cannot_rate,
    event_game,
    guard,
    in_force_text,
)
from ...documents import clause_html
from ...formats import detect_format, read_event, write_event
from ...formats.fesatable import write_fesa_table
from ...formats.xlsx import table_workbook_bytes
from ...registry import families, get_rule_set, rule_set_in_force, rule_sets
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

#: The most one upload may hold, its files together (issue 26): the served configurations
#: let a websocket message of this size through (tornado's ``websocket_max_message_size``),
#: and the desk refuses more with a message in the page.
MAX_UPLOAD_BYTES = 50 * 1024 * 1024

#: The longest file name the file systems the desk writes to hold, in bytes (POSIX NAME_MAX).
NAME_MAX_BYTES = 255

#: Rows a long table of the page shows until "show all" or a search (issue 26: the widget
#: state of any event stays under 1 MB).
FIRST_ROWS = 50

#: Players the "why" picker offers at once (the ones the search finds, else the first).
PLAYER_CHOICES = 100

#: An event whose report has more rows (players and game sides) than this has its downloads
#: made when asked, one at a time, instead of carried in the page at once.
DOWNLOADS_AT_ONCE_ROWS = 1_000

#: The steps of reading and rating an upload, as the progress bar names them.
READING_STEPS = (
    N_("writing the uploaded files"),
    N_("reading the event"),
    N_("finding the rule sets that can rate it"),
)
RATING_STEPS = (
    N_("checking the event"),
    N_("rating"),
    N_("laying out the report"),
    N_("explaining the first player's change"),
)


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


def _shown_name(name: str) -> str:
    """A file name as a message shows it: quoted, control characters escaped, a long one cut
    (the message stays one line)."""
    shown = repr(name)
    return shown if len(shown) <= 60 else shown[:50] + "…" + shown[-8:]


def _safe_name(name: str) -> str:
    """The uploaded file's own name, without folders; a name no file system holds (a NUL
    byte, more than 255 bytes) is a RatingkitError that says why."""
    base = Path(name.replace("\\", "/")).name
    if base in {"", ".", ".."}:
        raise RatingkitError(tr("{name}: not a file name", name=_shown_name(name)))
    if "\x00" in base:
        raise RatingkitError(
            tr("{name}: a file name cannot hold a NUL byte", name=_shown_name(name))
        )
    try:
        size = len(base.encode("utf-8"))
    except UnicodeEncodeError:
        raise RatingkitError(
            tr("{name}: the file name is not valid Unicode", name=_shown_name(name))
        ) from None
    if size > NAME_MAX_BYTES:
        raise RatingkitError(
            tr(
                "{name}: the file name is {size} bytes long; a file name holds at most {limit}: "
                "rename the file",
                name=_shown_name(name),
                size=size,
                limit=NAME_MAX_BYTES,
            )
        )
    return base


def upload_size_error(files: Sequence[Upload]) -> str | None:
    """Why an upload is too big to read in the page (None when it is not)."""
    size = sum(len(content) for _name, content in files)
    if size <= MAX_UPLOAD_BYTES:
        return None
    return tr(
        "the upload holds {size} MB; the desk reads files of up to {limit} MB: rate this one "
        "with the command line (ratingkit rate)",
        size=localized_number(f"{size / 1024 / 1024:.1f}"),
        limit=MAX_UPLOAD_BYTES // 1024 // 1024,
    )


def one_line(text: str) -> str:
    """A message as one line of the page (line breaks and runs of spaces become one space)."""
    return " ".join(text.split())


def failure_text(error: BaseException) -> str:
    """What the page says of a failure that is not ratingkit's own error (an operating
    system's refusal, a bug): its kind and its words, one line."""
    words = one_line(str(error)) or _("no message")
    return tr("{kind}: {words}", kind=type(error).__name__, words=words)


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
    carried = event.origin.player_file
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
    event: Event,
    players: PlayerFile | None = None,
    fmt: str | None = None,
    usable: Sequence[RuleSet] | None = None,
) -> tuple[RuleSet, str]:
    """The rule set the desk picks first and why: the one in force on the event's start date
    for its game (FIDE's family for chess, FESA's for shogi), LNMO's for LNMO club records,
    FIDE 1982 for a score table (the only text rating totals).  ``usable``: the rule sets
    :func:`usable_rule_sets` found, where the caller has them (asked again otherwise)."""
    if usable is None:
        usable = usable_rule_sets(event, players)[0]
    if not usable:
        raise RatingkitError(tr("{name}: no rule set can rate this event", name=event.name))
    by_name = {r.name: r for r in usable}
    day = event.start
    # Each rule set says what it is the desk's default for (RuleSet.desk_default_for).
    for_score_table = [r for r in usable if SCORE_TABLE in r.desk_default_for]
    for_format = [r for r in usable if fmt is not None and fmt in r.desk_default_for]
    if event.score_only and for_score_table:
        rules = for_score_table[0]
        return rules, tr(
            "a score table gives each player's total only, and of the rule sets only "
            "{title} rate totals",
            title=_(rules.title),
        )
    if for_format:
        rules = for_format[0]
        return rules, tr(
            "files of the {format} format are rated by the {title} ({document})",
            format=fmt,
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
        for rules in usable:
            if game.value in rules.desk_default_for and _in_force(rules, day):
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
        N_("encoding"): event.origin.encoding,
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
    # Each player's unrated game sides gathered in one pass over the games (games_of for
    # every player is a pass each: 30 s for 10,000 players and 200,000 game sides).
    unrated_of: dict[str, list[GameOutcome[Any]]] = {}
    for game in outcome.games:
        if not game.rated:
            unrated_of.setdefault(game.player, []).append(game)
    for player in outcome.players:
        if player.rating_before is not None and player.status is Status.RATED:
            continue
        unrated_games = unrated_of.get(player.id, [])
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


#: Games a finding's row names before it says how many more there are.
FINDING_GAMES = 20


def _finding_games(finding: Any, names: Mapping[str, str]) -> str:
    if finding.all_games or len(finding.games) <= FINDING_GAMES:
        return "; ".join(finding.games_text(names))
    first = replace(finding, games=finding.games[:FINDING_GAMES])
    more = tr("and {count} more", count=len(finding.games) - FINDING_GAMES)
    return "; ".join([*first.games_text(names), more])


def findings_rows(table: CheckTable) -> list[dict[str, object]]:
    """One row per finding: the rule, the problem, the games (the first
    :data:`FINDING_GAMES` of a long list, then how many more) and the effect."""
    return [
        {
            "rule": f.rule.clause,
            "problem": f.problem,
            "games": _finding_games(f, table.names),
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


#: The downloads the desk offers, in the order it shows them.
EXPORT_KINDS = ("csv", "xlsx", "html", "fesa", "trf", "players")


def exports(
    loaded: Loaded,
    report: Report,
    separator: str = ";",
    decimal: str = ",",
    kinds: Sequence[str] = EXPORT_KINDS,
) -> tuple[dict[str, Export], dict[str, str]]:
    """The downloads of a rated event, by kind (only the ``kinds`` asked for are made), and
    the kinds not offered with the reason."""
    stem = _stem(loaded.event.name)
    found: dict[str, Export] = {}
    missing: dict[str, str] = {}
    if "csv" in kinds:
        found["csv"] = Export(
            f"{stem}-report.csv",
            "text/csv",
            table_csv(report.players, separator, decimal).encode(),
        )
    if "xlsx" in kinds:
        tables = [report.players, *report.sections]
        if report.games is not None and len(report.games):
            tables.append(report.games)
        found["xlsx"] = Export(
            f"{stem}-report.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            table_workbook_bytes(tables),
        )
    if "html" in kinds:
        # The printable report (one event a page; the browser prints it to PDF).
        document = getattr(get_rule_set(report.rules), "document", "")
        found["html"] = Export(
            f"{stem}-report.html", "text/html", printable_html(report, str(document)).encode()
        )
    game, _evidence = event_game(loaded.event, loaded.players)
    written = get_rule_set(report.rules).written_formats
    if game is GameKind.SHOGI and "fesa" not in written:
        missing["fesa"] = tr(
            "a rated FESA table is written for FESA's rule sets, not {rules}", rules=report.rules
        )
        missing["trf"] = _("a TRF is FIDE's chess format; this event is shogi")
    elif game is GameKind.SHOGI:
        if "fesa" in kinds:
            try:
                text = write_fesa_table(loaded.event, report)
                found["fesa"] = Export(f"{stem}-rated.txt", "text/plain", text.encode())
            except RatingkitError as exc:
                missing["fesa"] = str(exc)
        missing.setdefault("trf", _("a TRF is FIDE's chess format; this event is shogi"))
    elif "trf" in kinds:
        try:
            found["trf"] = Export(
                f"{stem}.trf", "text/plain", write_event(loaded.event, "trf").encode()
            )
        except RatingkitError as exc:
            missing["trf"] = str(exc)
    if report.new_state is None:
        missing["players"] = _("the rule set gives no player file after the event")
    elif "players" in kinds:
        # As --save-state writes it: the player file carried forward (core.players).
        after = carry_forward(loaded.players, report.new_state)
        found["players"] = Export(
            f"{stem}-players-after.csv", "text/csv", write_player_csv(after).encode()
        )
    return found, missing


def offered_exports(loaded: Loaded, report: Report) -> tuple[str, ...]:
    """The kinds of download the event can have (the rule set and the game decide; what
    :func:`exports` leaves out with a reason is not offered)."""
    game, _evidence = event_game(loaded.event, loaded.players)
    kinds = ["csv", "xlsx", "html"]
    if game is GameKind.SHOGI:
        if "fesa" in get_rule_set(report.rules).written_formats:
            kinds.append("fesa")
    else:
        kinds.append("trf")
    if report.new_state is not None:
        kinds.append("players")
    return tuple(kinds)


def report_rows(report: Report) -> int:
    """The rows a report lays out: its players and its game sides (what its downloads and
    its tables cost)."""
    return len(report.players) + (len(report.games) if report.games is not None else 0)


#: The buttons' words for each download made when asked.
EXPORT_LABELS = {
    "csv": N_("report as CSV"),
    "xlsx": N_("report as XLSX"),
    "html": N_("printable report"),
    "fesa": N_("rated FESA table"),
    "trf": N_("event as TRF"),
    "players": N_("player file after the event"),
}


# -- long tables: their first rows, a search, "show all" ------------------------------------------


def matching_rows(
    rows: Sequence[Mapping[str, object]], search: str = ""
) -> list[Mapping[str, object]]:
    """The rows of the player the search names: his id or a part of his name (any case);
    a table without id and name columns is searched in its text cells.  No search: every
    row."""
    wanted = search.strip().casefold()
    if not wanted:
        return list(rows)

    def found(row: Mapping[str, object]) -> bool:
        keys = [k for k in ("id", "name", "player", "white", "black") if k in row]
        cells = [row.get(k) for k in keys] if keys else list(row.values())
        return any(wanted in str(plain(c)).casefold() for c in cells if c is not None)

    return [row for row in rows if found(row)]


def shown_rows(
    rows: Sequence[Mapping[str, object]],
    search: str = "",
    show_all: bool = False,
    limit: int = FIRST_ROWS,
) -> tuple[list[Mapping[str, object]], str]:
    """The rows a long table shows (those the search finds, the first ``limit`` of them
    unless ``show_all``) and the line that says what is left out ("" when nothing is)."""
    found = matching_rows(rows, search)
    if search.strip():
        line = tr(
            "rows found for {search!r}: {found} of {total}",
            search=search.strip(),
            found=len(found),
            total=len(rows),
        )
    else:
        line = ""
    if show_all or len(found) <= limit:
        return found, line
    return found[:limit], tr(
        "rows shown: the first {shown} of {total}; search for a player, or show all",
        shown=limit,
        total=len(found),
    )


def _limited_table(table: Table, search: str, show_all: bool, limit: int) -> tuple[str, str]:
    rows, line = shown_rows(table.rows, search, show_all, limit)
    shown = Table(table.title, table.columns, rows, table.formats)
    return shown.to_html(), line


def _line_html(line: str) -> str:
    return f'<p class="ratingkit-rows"><i>{html.escape(line)}</i></p>' if line else ""


def report_html(
    report: Report, search: str = "", show_all: bool = False, limit: int = FIRST_ROWS
) -> str:
    """The report as the desk shows it: what ``Report._repr_html_`` shows, its long tables
    cut to their first ``limit`` rows (or the rows of the player ``search`` finds; every row
    with ``show_all``) with a line that says so, and a per-game detail longer than ``limit``
    left to the "why" section and the downloads (100,000 game rows are some 40 MB of HTML)."""
    out = [f"<h4>{html.escape(report.title)} <small>({html.escape(report.rules)})</small></h4>"]
    if report.summary:
        items = "".join(
            f"<tr><th>{html.escape(_(str(k)))}</th><td>{html.escape(format_cell(v))}</td></tr>"
            for k, v in report.summary.items()
        )
        out.append(f'<table class="ratingkit-summary">{items}</table>')
    notes = list(report.notes)
    if notes:
        kept = notes if show_all else notes[:limit]
        out.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in kept) + "</ul>")
        if len(kept) < len(notes):
            out.append(
                _line_html(
                    tr(
                        "notes shown: the first {shown} of {total}; show all for the rest",
                        shown=len(kept),
                        total=len(notes),
                    )
                )
            )
    table, line = _limited_table(report.players, search, show_all, limit)
    out.append(table + _line_html(line))
    for section in report.sections:
        table, line = _limited_table(section, search, show_all, limit)
        out.append(
            f"<details><summary>{html.escape(_(section.title))}</summary>"
            f"{table}{_line_html(line)}</details>"
        )
    if report.games is not None and len(report.games):
        summary = html.escape(tr("per-game detail ({rows} rows)", rows=len(report.games)))
        if len(report.games) <= limit:
            body = report.games.to_html()
        else:
            body = _line_html(
                _(
                    "too many rows to show here: a player's games are under \"Why did my "
                    'rating change?", and every row is in the XLSX download'
                )
            )
        out.append(f"<details><summary>{summary}</summary>{body}</details>")
    return "\n".join(out)


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
        self.search = w.Text(continuous_update=False, layout=w.Layout(width="420px"))
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
