"""The registry of rule sets.

A rule set is a frozen dataclass of parameters (caps, K rules, rounding, version) with a
``rate`` method; each rating-system module defines its named instances and registers them
here.  ``ratingkit rules`` lists the registry; ``ratingkit rate --rules NAME`` looks a name up.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .errors import RatingkitError, RuleSetCannotRateError, UnknownRuleSetError

if TYPE_CHECKING:
    from .model import Event
    from .players import PlayerFile
    from .report import Report

#: Modules that define and register the built-in rule sets.
BUILTIN_MODULES: tuple[str, ...] = (
    "ratingkit.fide.rules2014",
    "ratingkit.fide1982",
    "ratingkit.fesa",
    "ratingkit.lnmo",
    "ratingkit.fide.rules2022",
    "ratingkit.fide.rules2024",
)


@runtime_checkable
class RuleSet(Protocol):
    """What every rule set offers."""

    #: Registry name, e.g. ``"fide-2014"``.
    name: str
    #: One-line title, e.g. ``"FIDE Rating Regulations 2014, section 8"``.
    title: str
    #: The document it implements, with its date.
    document: str
    #: First and last day the rules were in force (None: open).
    valid_from: date | None
    valid_until: date | None

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        """Rate one event; never mutates its inputs."""
        ...


# Optional methods a rule set may offer (looked up with getattr by the CLI):
#
#   rate_events(events: Sequence[Event], players: PlayerFile | None) -> Report
#       several events rated together as the rules prescribe (FIDE: one rating period;
#       FESA and LNMO: one after the other, each with the state the previous one left).
#   check(event: Event, players: PlayerFile | None) -> Table
#       the event's validity under the rules: one row per rule broken, with the columns
#       "rule" (its number), "problem" (in words, with the numbers involved) and "games"
#       (which games are therefore not rated; may be empty).  No rows: the event is valid.


def require_games(event: Event, rule_set: str) -> None:
    """Refuse an event that gives only totals (a score table) to a rule set that rates games."""
    if event.score_only:
        raise RuleSetCannotRateError(
            f"{event.source or event.name}: a score table gives only each player's total; "
            f"rule set {rule_set!r} rates games (the score table is for fide-1982)"
        )


def not_a_chess_game(game) -> str | None:
    """Why a chess rule set leaves a game of shogi data unrated (a handicap, or a shogi result:
    sennichite, jishogi, illegal move), or None for an ordinary game."""
    if game.handicap is not None:
        return "shogi handicap game: not a chess game"
    if game.special is not None:
        return f"shogi result ({game.special.value}): not a chess game"
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
        raise RatingkitError(f"rule set name {rule_set.name!r} is already registered")
    _REGISTRY[rule_set.name] = rule_set
    return rule_set


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_MODULES:
            importlib.import_module(module)


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


def out_of_force_note(rules: RuleSet, event: Event) -> str | None:
    """A note when a rule set named by hand rates an event that began outside the dates its
    document was in force (the officer may mean it: re-rating under older rules), else None."""
    if event.start is None or _in_force(rules, event.start):
        return None
    start = rules.valid_from.isoformat() if rules.valid_from else "..."
    end = rules.valid_until.isoformat() if rules.valid_until else "..."
    return (
        f"{event.name} began on {event.start.isoformat()}, outside the dates {rules.name} was "
        f"in force ({start} to {end}): rated under {rules.name} as asked"
    )


def rule_set_in_force(family: str, day: date) -> RuleSet:
    """The member of ``family`` whose validity dates contain ``day``."""
    _load_builtins()
    if family not in _FAMILIES:
        raise UnknownRuleSetError(family, sorted(_FAMILIES))
    for gap in _GAPS.get(family, ()):
        if gap.valid_from <= day <= gap.valid_until:
            raise RuleSetCannotRateError(
                f"--rules {family}: the event starts on {day.isoformat()}, under the text in "
                f"force from {gap.valid_from.isoformat()} to {gap.valid_until.isoformat()}, "
                f"the {gap.document}; ratingkit has no rule set for that text "
                f"({gap.reason}), and it does not rate the event under another version; name a "
                "rule set with --rules to rate it under that one"
            )
    members = [get_rule_set(name) for name in _FAMILIES[family]]
    found = [rules for rules in members if _in_force(rules, day)]
    if len(found) != 1:
        listed = ", ".join(
            f"{r.name} ({r.valid_from or '...'} to {r.valid_until or '...'})" for r in members
        )
        for gap in _GAPS.get(family, ()):
            listed += f"; {gap.valid_from} to {gap.valid_until} refused (no rule set)"
        what = "no" if not found else "more than one"
        raise RatingkitError(
            f"{what} rule set of {family!r} is in force on {day.isoformat()}: {listed}; "
            "name the rule set with --rules"
        )
    return found[0]


def get_rule_set(name: str, day: date | None = None) -> RuleSet:
    """The rule set registered as ``name``; :class:`UnknownRuleSetError` lists the others.
    A family name (``fide``) gives the member in force on ``day`` (the event's start date),
    which is then required."""
    _load_builtins()
    if name in _FAMILIES and name not in _REGISTRY:
        if day is None:
            raise RatingkitError(
                f"rule set {name!r} picks the rules in force on the event's start date, and the "
                f"event has no start date; name one of {', '.join(_FAMILIES[name])}"
            )
        return rule_set_in_force(name, day)
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownRuleSetError(name, sorted(_REGISTRY)) from None
