"""The registry of rule sets: the names ``ratingkit rules`` lists and ``--rules NAME`` finds.

It lives above the rating systems: it loads :mod:`ratingkit.builtin`'s list (which imports every
system) on first use, and a program adds its own rule set with :func:`register`.  The core
(:mod:`ratingkit.core.ruleset`: the protocol, the guard) imports neither, so no rating system
depends on another through it.

:data:`SYSTEMS` is the one list of the package's rating systems (issue 27, part 3): the
catalogs' domain of their texts (:data:`ratingkit.core.i18n.DOMAINS`, given their packages
here when the registry is imported), the documents ``ratingkit explain`` quotes
(:data:`ratingkit.documents.DOCUMENTS`) and FIDE's versions side by side
(:data:`ratingkit.services.versions.VERSIONS`, from the family and its gaps) are derived from
it and from the rule sets registered here.
"""

from __future__ import annotations

import difflib
import importlib.metadata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from . import builtin
from .core import outcome_codec
from .core.errors import RatingkitError, RuleSetCannotRateError, UnknownRuleSetError
from .core.i18n import add_catalog_sources, tr
from .core.ruleset import FamilyGap, RuleSet, in_force

__all__ = [
    "SYSTEMS",
    "RatingSystem",
    "canonical_name",
    "documents",
    "families",
    "family_gaps",
    "get_rule_set",
    "register",
    "register_family",
    "register_family_gap",
    "rule_set_in_force",
    "rule_sets",
]


@dataclass(frozen=True)
class RatingSystem:
    """A rating system's package inside ratingkit and what is derived from it."""

    #: The package under ``ratingkit/`` (``fesa``); its texts go into :attr:`catalog_domain`.
    package: str
    #: Its documents' data files in ``ratingkit/documents/`` (without ``.json``): the
    #: originals ``ratingkit explain`` quotes.
    documents: tuple[str, ...] = ()
    #: The gettext domain of its texts (``ratingkit/locale/<domain>.pot``).
    catalog_domain: str = "rules"


#: The package's rating systems, the one list (see the module's text): a new system's package
#: is added here and its rule sets in :mod:`ratingkit.builtin`.
SYSTEMS: tuple[RatingSystem, ...] = (
    RatingSystem("fide", ("fide-2014",)),
    RatingSystem("fide1982", ("fide-1982",)),
    RatingSystem("fesa", ("fesa",)),
    RatingSystem("lnmo", ("lnmo",)),
)

for _system in SYSTEMS:
    # the package and its subpackages (fide/engine)
    add_catalog_sources(
        _system.catalog_domain, (f"{_system.package}/*.py", f"{_system.package}/*/*.py")
    )
    # its typed details, stored by the ledger
    outcome_codec.allow_package(f"ratingkit.{_system.package}")


def documents() -> tuple[str, ...]:
    """The documents' data files of every rating system, in :data:`SYSTEMS`' order."""
    return tuple(key for system in SYSTEMS for key in system.documents)


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
    """Add the built-in rule sets (:data:`ratingkit.builtin.BUILTIN_RULE_SETS`) on first use,
    so that importing the registry costs nothing until a rule set is looked up."""
    global _loaded
    if not _loaded:
        _loaded = True
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
    found = [rules for rules in members if in_force(rules, day)]
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
