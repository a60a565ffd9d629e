"""What a FESA table's reader (:mod:`.fesatable`) and its writer (:mod:`.fesatable_write`)
both know: the limits of its numbers, points counted in halves, a value as a message quotes it.
"""

from __future__ import annotations

import re

from ..core.values import RATING_MAX

_DIGITS = re.compile(r"^[0-9]+$")

#: Start numbers run from 1 to 999,999 (0 is the opponent of an unplayed round).
MAX_START_DIGITS = 6
#: A FESA rating, published change or start score beyond this is not a rating officer's
#: number but a corrupt file (the top of the grade table, 6 dan's UB, is 2640).
RATING_LIMIT = RATING_MAX


def _shown(text: str, limit: int = 40) -> str:
    """A value as an error message quotes it: long values cut short."""
    return text if len(text) <= limit else text[:limit] + "..."


def _halves_text(halves: int) -> str:
    """A score counted in halves as a table writes it: ``3``, ``3.5``, ``-0.5``."""
    if halves % 2 == 0:
        return str(halves // 2)
    return f"{'-' if halves < 0 else ''}{abs(halves) // 2}.5"


def _halves_value(halves: int) -> int | float:
    return halves // 2 if halves % 2 == 0 else halves / 2
