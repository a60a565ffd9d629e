"""The rule-set protocol, the registry, and the guard every rating goes through.

A rule set is a frozen dataclass of parameters (caps, K rules, rounding, version) that offers
what :class:`RuleSet` lists; each rating system's package defines its named instances, and
:mod:`ratingkit.builtin` lists them.  ``ratingkit rules`` lists the registry; ``ratingkit rate
--rules NAME`` looks a name up.  :func:`guard` refuses what a rule set cannot rate (a chess
event under a shogi rule set, a score table under a rule set that rates games) before it
tries, for every caller alike.
"""

from __future__ import annotations

import difflib
import importlib.metadata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..core.i18n import _, tr
from .errors import RatingkitError, RuleSetCannotRateError, UnknownRuleSetError
from .model import Special
from .outcome import GameKind

if TYPE_CHECKING:
    from .model import Event, Game
    from .outcome import GameOutcome, Rule
    from .players import PlayerFile, PlayerRecord
    from .report import CheckTable, Report

S = TypeVar("S")


class StateCodec(Protocol[S]):
    """How a rating system reads its players' state from a player file and writes it back:
    typed values in, typed values out (no string is parsed twice)."""

    @property
    def columns(self) -> tuple[str, ...]:
        """The player-file columns it reads and writes beyond ``id``, ``name``, ``rating``."""
        ...

    @property
    def differing_rating(self) -> Rule | None:
        """The clause under which an event's rating may differ from the player file's: the
        event is rated with its own, and the change goes onto the player file's (FIDE
        2014-2025 7.1: the previous list).  None: the two must agree, and a difference is an
        error naming both (:func:`ratingkit.core.players.rating_before`, the one rule)."""
        ...

    def read(self, record: PlayerRecord) -> S:
        """The state a player file's record holds."""
        ...

    def write(self, record: PlayerRecord, state: S) -> PlayerRecord:
        """``record`` with ``state`` written into it (a new record)."""
        ...


@runtime_checkable
class RuleSet(Protocol):
    """What every rule set offers: who it is, when its document was in force, the game it
    rates, and how it rates, checks and carries state.  Every method returns a view (a
    :class:`~ratingkit.core.report.Report` or a :class:`~ratingkit.core.report.CheckTable`)
    that carries the typed result (``report.outcome``, ``table.findings``)."""

    # Read-only members (a frozen dataclass's fields satisfy them).
    @property
    def name(self) -> str:
        """Registry name, e.g. ``"fide-2014"``."""
        ...

    @property
    def title(self) -> str:
        """One-line title, e.g. ``"FIDE Rating Regulations 2014, section 8"``."""
        ...

    @property
    def document(self) -> str:
        """The document it implements, with its date."""
        ...

    @property
    def valid_from(self) -> date | None:
        """First day the rules were in force (None: open)."""
        ...

    @property
    def valid_until(self) -> date | None:
        """Last day the rules were in force (None: open)."""
        ...

    @property
    def game(self) -> GameKind:
        """The game it rates."""
        ...

    @property
    def state(self) -> StateCodec[Any]:
        """How it reads its players' state from a player file and writes it back."""
        ...

    @property
    def rates_score_tables(self) -> bool:
        """True if it rates an event that gives only each player's total (a score table)."""
        ...

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """Rate one event; never mutates its inputs."""
        ...

    def rate_events(self, events: Sequence[Event], players: PlayerFile | None = None) -> Report:
        """Rate several events together as the rules prescribe (FIDE: one rating period;
        FESA and LNMO: one after the other, each with the state the previous one left)."""
        ...

    def check(self, event: Event, players: PlayerFile | None = None) -> CheckTable:
        """The event's validity under the rules: one finding per rule broken."""
        ...

    # What the consumers ask of a rule set, the rule set says (issue 27): none of them
    # compares its name or its class.  :class:`RuleSetMembers` gives each one its default.

    @property
    def desk_default_for(self) -> frozenset[str]:
        """The events the officer's desk preselects it for when it is in force on the
        event's start: :data:`SCORE_TABLE`, a format's name (``"club"``: LNMO's club
        records) or a game (``"shogi"``).  Empty: it is preselected only as the member of
        its family in force (FIDE's texts) or never."""
        ...

    @property
    def written_formats(self) -> frozenset[str]:
        """The event formats whose rated form it writes (FESA's rated table: ``"fesa"``)."""
        ...

    @property
    def lineage(self) -> str | None:
        """The organisation whose successive texts it is one of, compared side by side (the
        versions widget: ``"fide"`` for FIDE 1982-2000 and 2014-2025); None: none."""
        ...

    def listed(self, record: PlayerRecord) -> bool:
        """Whether a rating list shows the player whose state is ``record`` (the ledger's
        list): its own rule where it has one (FESA rule 3), else once he has a rating."""
        ...


#: :attr:`RuleSet.desk_default_for`'s word for an event that gives only each player's total.
SCORE_TABLE = "score-table"


class RuleSetMembers:
    """The defaults of :class:`RuleSet`'s members that only some rule sets set: a rule set's
    class derives from it (python-chess's variants carry their metadata the same way) and
    overrides what its rules say.  A plain class, so that a frozen dataclass deriving from
    it gets no extra field."""

    desk_default_for: frozenset[str] = frozenset()
    written_formats: frozenset[str] = frozenset()
    lineage: str | None = None

    def listed(self, record: PlayerRecord) -> bool:
        """Listed once the rule set has given him a rating (FIDE 2014 7.14 and 2024 7.1.4
        publish none below 5 games against rated opponents, FIDE 1982 9.14 none below 9
        games: until then the state holds no rating)."""
        return record.rating is not None


@runtime_checkable
class GameCalculation(Protocol):
    """A rule set whose report shows each game side's own calculation (FIDE's D, PD and
    score-PD; FESA's formula (1) term by term; LNMO's grade difference and rule 2's table
    value): the cells of its ``views.game_row`` that belong to the calculation, read from the
    game's typed detail.  The officer's desk shows them in its "why did my rating change"
    table."""

    def game_calculation(self, game: GameOutcome[Any]) -> Mapping[str, object]:
        """The calculation cells of one game side, by the system's own column names (None
        where the game has no such value, e.g. an unrated game's D)."""
        ...


def not_a_chess_game(game: Game) -> str | None:
    """Why a chess rule set leaves a game of shogi data unrated (a handicap, or a shogi result:
    sennichite, jishogi, illegal move), or None for an ordinary game."""
    if game.handicap is not None:
        return _("shogi handicap game: not a chess game")
    if game.special is not None:
        return tr("shogi result ({special}): not a chess game", special=game.special.value)
    return None


@dataclass(frozen=True)
class FamilyGap:
    """Days of a family for which no rule set implements the text then in force: an event
    that starts on one of them is refused, never rated under another member."""

    valid_from: date
    valid_until: date
    #: The text in force then, by name (what the user would need).
    document: str
    #: Why there is no rule set for it.
    reason: str


_REGISTRY: dict[str, RuleSet] = {}
#: Families: a name that stands for the member in force on a day (``fide`` -> fide-2014 ...).
_FAMILIES: dict[str, tuple[str, ...]] = {}
#: The days of each family that no member covers, because their text is not implemented.
_GAPS: dict[str, tuple[FamilyGap, ...]] = {}
_loaded = False


def register(rule_set: RuleSet) -> RuleSet:
    """Add a rule set to the registry (its name must be new) and return it."""
    existing = _REGISTRY.get(rule_set.name)
    if existing is not None and existing is not rule_set:
        raise RatingkitError(tr("rule set name {name!r} is already registered", name=rule_set.name))
    _REGISTRY[rule_set.name] = rule_set
    return rule_set


def _load_builtins() -> None:
    """Add the built-in rule sets (:data:`ratingkit.builtin.BUILTIN_RULE_SETS`) on first use:
    the core does not import the rating systems, which build on it."""
    global _loaded
    if not _loaded:
        _loaded = True
        from .. import builtin

        for rule_set in builtin.BUILTIN_RULE_SETS:
            register(rule_set)
        for family, members in builtin.BUILTIN_FAMILIES.items():
            register_family(family, members)
        for family, gaps in builtin.BUILTIN_GAPS.items():
            for gap in gaps:
                register_family_gap(family, gap)
        _load_entry_points()


#: The entry point group through which a package outside ratingkit adds its rule sets: each
#: entry point names a rule set, or a sequence of them (``[project.entry-points.
#: "ratingkit.rule_sets"] elo = "my_elo:RULE_SETS"``).
ENTRY_POINT_GROUP = "ratingkit.rule_sets"


def _load_entry_points() -> None:
    """Register the rule sets installed packages declare under :data:`ENTRY_POINT_GROUP`;
    one that does not load, or is no rule set, is refused by its entry point's name."""
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = entry.load()
        except Exception as exc:  # any error of a foreign package, named in one line
            raise RatingkitError(
                tr(
                    "entry point {entry!r} ({value}) of group {group} does not load: {error}",
                    entry=entry.name,
                    value=entry.value,
                    group=ENTRY_POINT_GROUP,
                    error=f"{type(exc).__name__}: {exc}",
                )
            ) from None
        for rule_set in loaded if isinstance(loaded, list | tuple) else (loaded,):
            if not isinstance(rule_set, RuleSet):
                raise RatingkitError(
                    tr(
                        (
                            "entry point {entry!r} ({value}) of group {group} gives {given!r}, "
                            "which is not a rule set (ratingkit.core.ruleset.RuleSet)"
                        ),
                        entry=entry.name,
                        value=entry.value,
                        group=ENTRY_POINT_GROUP,
                        given=rule_set,
                    )
                )
            register(rule_set)


def rule_sets() -> Mapping[str, RuleSet]:
    """All registered rule sets by name, in registration order."""
    _load_builtins()
    return dict(_REGISTRY)


def register_family(family: str, members: tuple[str, ...]) -> None:
    """Let ``family`` stand for whichever of the named rule sets is in force on a day."""
    _FAMILIES[family] = tuple(members)


def register_family_gap(family: str, gap: FamilyGap) -> FamilyGap:
    """Record days of ``family`` that no member covers (the text of that time is missing):
    :func:`rule_set_in_force` refuses them with a message naming the text."""
    if gap not in _GAPS.get(family, ()):
        _GAPS[family] = (*_GAPS.get(family, ()), gap)
    return gap


def families() -> Mapping[str, tuple[str, ...]]:
    """The family names and their members."""
    _load_builtins()
    return dict(_FAMILIES)


def family_gaps(family: str) -> tuple[FamilyGap, ...]:
    """The days of a family that no member covers, in date order."""
    _load_builtins()
    return tuple(sorted(_GAPS.get(family, ()), key=lambda g: g.valid_from))


def _in_force(rules: RuleSet, day: date) -> bool:
    return (rules.valid_from is None or rules.valid_from <= day) and (
        rules.valid_until is None or day <= rules.valid_until
    )


def in_force_text(rules: RuleSet) -> str:
    """The dates a rule set's document is in force, an open end said in words ("in force
    from 2025-10-01"), never as a literal "..."."""
    start = rules.valid_from.isoformat() if rules.valid_from else None
    end = rules.valid_until.isoformat() if rules.valid_until else None
    if start and end:
        return tr("in force from {start} to {end}", start=start, end=end)
    if start:
        return tr("in force from {start}", start=start)
    if end:
        return tr("in force until {end}", end=end)
    return _("in force at any date")


def out_of_force_note(rules: RuleSet, event: Event) -> str | None:
    """A note when a rule set named by hand rates an event that began outside the dates its
    document was in force (the officer may mean it: re-rating under older rules), else None."""
    if event.start is None or _in_force(rules, event.start):
        return None
    start = rules.valid_from.isoformat() if rules.valid_from else "..."
    end = rules.valid_until.isoformat() if rules.valid_until else "..."
    return tr(
        (
            "{event} began on {day}, outside the dates {rules} was in force ({start} to "
            "{end}): rated under {rules} as asked"
        ),
        event=event.name,
        day=event.start.isoformat(),
        rules=rules.name,
        start=start,
        end=end,
    )


def rule_set_in_force(family: str, day: date) -> RuleSet:
    """The member of ``family`` whose validity dates contain ``day``."""
    _load_builtins()
    family = {f.casefold(): f for f in _FAMILIES}.get(family.casefold(), family)
    if family not in _FAMILIES:
        raise UnknownRuleSetError(family, sorted(_FAMILIES))
    for gap in _GAPS.get(family, ()):
        if gap.valid_from <= day <= gap.valid_until:
            raise RuleSetCannotRateError(
                tr(
                    (
                        "--rules {family}: the event starts on {day}, under the text in "
                        "force from {valid_from} to {valid_until}, the {document}; "
                        "ratingkit has no rule set for that text ({reason}), and it does "
                        "not rate the event under another version; name a rule set with "
                        "--rules to rate it under that one"
                    ),
                    family=family,
                    day=day.isoformat(),
                    valid_from=gap.valid_from.isoformat(),
                    valid_until=gap.valid_until.isoformat(),
                    document=gap.document,
                    reason=gap.reason,
                )
            )
    members = [get_rule_set(name) for name in _FAMILIES[family]]
    found = [rules for rules in members if _in_force(rules, day)]
    if len(found) != 1:
        listed = ", ".join(
            tr(
                "{rules} ({valid_from} to {valid_until})",
                rules=r.name,
                valid_from=r.valid_from or "...",
                valid_until=r.valid_until or "...",
            )
            for r in members
        )
        for gap in _GAPS.get(family, ()):
            listed += "; " + tr(
                "{valid_from} to {valid_until} refused (no rule set)",
                valid_from=gap.valid_from,
                valid_until=gap.valid_until,
            )
        if not found:
            message = tr(
                (
                    "no rule set of {family!r} is in force on {day}: {listed}; "
                    "name the rule set with --rules"
                ),
                family=family,
                day=day.isoformat(),
                listed=listed,
            )
        else:
            message = tr(
                (
                    "more than one rule set of {family!r} is in force on {day}: {listed}; "
                    "name the rule set with --rules"
                ),
                family=family,
                day=day.isoformat(),
                listed=listed,
            )
        raise RatingkitError(message)
    return found[0]


def get_rule_set(name: str, day: date | None = None) -> RuleSet:
    """The rule set registered as ``name``; :class:`UnknownRuleSetError` lists the others.
    A family name (``fide``) gives the member in force on ``day`` (the event's start date),
    which is then required.  Names are case-insensitive (``FIDE-2014``); an unknown one is
    refused with the closest names (:func:`canonical_name`)."""
    _load_builtins()
    name = canonical_name(name)
    if name in _FAMILIES and name not in _REGISTRY:
        if day is None:
            raise RatingkitError(
                tr(
                    (
                        "rule set {name!r} picks the rules in force on the event's start "
                        "date, and the event has no start date; name one of {families}"
                    ),
                    name=name,
                    families=", ".join(_FAMILIES[name]),
                )
            )
        return rule_set_in_force(name, day)
    return _REGISTRY[name]


def canonical_name(name: str) -> str:
    """The registered name of a rule set or a family that ``name`` spells, letter case aside
    (``FIDE-2014`` is ``fide-2014``, ``FIDE`` the family ``fide``).  An unknown name raises
    :class:`UnknownRuleSetError` listing every name, the families too, with the closest ones
    as "did you mean" (:func:`difflib.get_close_matches`: ``fide2014`` -> ``fide-2014``)."""
    _load_builtins()
    known = [*_REGISTRY, *(f for f in _FAMILIES if f not in _REGISTRY)]
    if name in known:
        return name
    folded = {k.casefold(): k for k in known}
    found = folded.get(name.strip().casefold())
    if found is not None:
        return found
    close = difflib.get_close_matches(name.strip().casefold(), list(folded), n=3, cutoff=0.6)
    raise UnknownRuleSetError(name, sorted(known), [folded[c] for c in close])


# -- the guard: what must hold before a rule set rates an event --------------------------------


class UnknownGameError(RatingkitError):
    """A game other than chess or shogi was named."""


#: Every special ending of the model is a shogi one (sennichite, jishogi, illegal move).
_SHOGI_SPECIALS = frozenset(Special)


def event_game(event: Event, players: PlayerFile | None = None) -> tuple[GameKind | None, str]:
    """The game an event is and the evidence, e.g. ``(GameKind.SHOGI, "handicap games")``;
    ``(None, ...)`` when the event shows neither game (a plain game list with ratings).

    The reader's word comes first (``Event.game``: a TRF or a score table is chess, a FESA
    table or LNMO club records shogi), then ``event.extra["game"]``, then what the games and
    players show."""
    if event.game is not None:
        # The reader says what told it (``extra["game_evidence"]``: "a FIDE TRF file" ...).
        # The readers mark their words with N_: shown in the language here.
        evidence = event.extra.get("game_evidence")
        return event.game, _(str(evidence)) if evidence else tr(
            "a {game} file", game=_(event.game.value)
        )
    given = event.extra.get("game")
    if given:
        text = str(given).strip().lower()
        try:
            game = GameKind(text)
        except ValueError:
            raise UnknownGameError(
                tr(
                    "{source}: unknown game {given!r}",
                    source=event.source or event.name,
                    given=given,
                )
            ) from None
        return game, tr("the event says game {game}", game=_(game.value))
    shogi: list[str] = []
    chess: list[str] = []
    if any(g.handicap is not None for g in event.games):
        shogi.append(_("handicap games"))
    specials = sorted({g.special.value for g in event.games if g.special in _SHOGI_SPECIALS})
    if specials:
        shogi.append(", ".join(specials))
    graded = [p.name for p in event.players if p.extra.get("grade")]
    if players is not None:
        graded += [r.name or r.id or "" for r in players.records if r.grade or r.prior_grade]
    if graded:
        shogi.append(_("players with shogi grades"))
    if event.score_only:
        chess.append(_("a FIDE score table"))
    if shogi and chess:
        return None, tr("signs of both games ({signs})", signs="; ".join(chess + shogi))
    if shogi:
        return GameKind.SHOGI, "; ".join(shogi)
    if chess:
        return GameKind.CHESS, "; ".join(chess)
    return None, _("no sign of chess or shogi (a plain game list): every rule set may rate it")


def cannot_rate(
    rule_set: RuleSet, event: Event, players: PlayerFile | None = None
) -> RuleSetCannotRateError | None:
    """Why ``rule_set`` cannot rate ``event`` before it tries (a chess event under a shogi
    rule set or the other way round; a score table under a rule set that rates games), or
    None."""
    where = event.source or event.name
    # a score table first: it says more than 'this event is chess' (FIDE 1982 rates it)
    if event.score_only and not rule_set.rates_score_tables:
        reason = tr(
            (
                "a score table gives only each player's total; rule set "
                "{rules!r} rates games (the score table is for fide-1982)"
            ),
            rules=rule_set.name,
        )
        return RuleSetCannotRateError(f"{where}: {reason}", reason=reason, where=where)
    game, evidence = event_game(event, players)
    if game is not None and rule_set.game != game:
        reason = tr(
            "{rules} rates {rules_game}; this event is {game} ({evidence})",
            rules=rule_set.name,
            rules_game=_(rule_set.game.value),
            game=_(game.value),
            evidence=evidence,
        )
        return RuleSetCannotRateError(
            f"{where}: {reason}", reason=reason, where=where, wrong_game=True
        )
    return None


def guard(rule_set: RuleSet, events: Sequence[Event], players: PlayerFile | None = None) -> None:
    """Run every guard before ``rule_set`` rates ``events``: the one entry point the CLI,
    :func:`ratingkit.rate`, the ledger, comparisons and the widgets call."""
    for event in events:
        refused = cannot_rate(rule_set, event, players)
        if refused is not None:
            raise refused
