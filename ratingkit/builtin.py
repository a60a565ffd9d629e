"""The built-in rule sets, listed: what ``ratingkit rules`` shows and ``--rules NAME`` finds.

Nothing registers itself by being imported; this tuple is the list (a program adds its own rule
set with :func:`ratingkit.registry.register`).
"""

from __future__ import annotations

from .core.ruleset import FamilyGap, RuleSet
from .fesa import FESA, FESA_2011, FESA_NSR, FESA_PROGRAM
from .fide.rules2014 import FIDE_2014
from .fide.rules2022 import FIDE_2022, GAP_2017
from .fide.rules2024 import FIDE_2024, FIDE_2025
from .fide1982 import FIDE_1982, FIDE_1982_LITERAL
from .lnmo import LNMO

#: Every built-in rule set, in the order ``ratingkit rules`` lists them.
BUILTIN_RULE_SETS: tuple[RuleSet, ...] = (
    FIDE_2014,
    FIDE_1982,
    FIDE_1982_LITERAL,
    FESA,
    FESA_2011,
    FESA_PROGRAM,
    FESA_NSR,
    LNMO,
    FIDE_2022,
    FIDE_2024,
    FIDE_2025,
)

#: Names that stand for the member in force on the event's start date.
BUILTIN_FAMILIES: dict[str, tuple[str, ...]] = {
    "fide": ("fide-2014", "fide-2022", "fide-2024", "fide-2025"),
}

#: The days of a family that no member covers, because their text is not implemented.
BUILTIN_GAPS: dict[str, tuple[FamilyGap, ...]] = {"fide": (GAP_2017,)}
