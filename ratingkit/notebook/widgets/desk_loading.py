"""The officer's desk (:mod:`ratingkit.notebook.widgets.desk`): its examples and settings,
the uploads written under their own names and read by ratingkit's readers, and the rule sets
that can rate what was read (the one in force first)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from ...core.errors import RatingkitError
from ...core.i18n import (
    N_,
    _,
    localized_number,
    tr,
)
from ...core.model import Event
from ...core.outcome import GameKind
from ...core.players import PlayerFile, read_player_file
from ...core.ruleset import (
    SCORE_TABLE,
    RuleSet,
    cannot_rate,
    event_game,
    in_force_text,
)
from ...formats import detect_format, read_event
from ...registry import families, rule_set_in_force, rule_sets

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
