"""The LNMO formulas: table 1 (grade <-> rating, rule 1), the grade difference D and rule 2's
change table, the bonus threshold of rule 2b, the losing illegal move of rule 5, and the
qualification handicaps of rule 1a."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta

# The grades are read by the club records' reader too, which imports no rule set.
from ..core.clubterms import (
    LNMO_KYU as LNMO_KYU,
)
from ..core.clubterms import (
    LOWEST_RATED_KYU as LOWEST_RATED_KYU,
)
from ..core.clubterms import (
    Grade as Grade,
)
from ..core.clubterms import (
    kyu as kyu,
)
from ..core.clubterms import (
    parse_grade as parse_grade,
)
from ..core.i18n import N_, tr

# -- Table 1 and the grades -------------------------------------------------------------------

#: Rule 1: the rating of each LNMO grade (kyu -> rating).
GRADE_RATING: Mapping[int, int] = {kyu: (18 - kyu) * 100 for kyu in range(7, 19)}
#: Rule 2: the change when the stronger player wins, by D = 0, 1, 2, 3, 4 (then 0).
STRONGER_WINS: tuple[int, ...] = (16, 12, 8, 4, 1)
#: Rule 2: the change when the weaker player wins, by D = 1, 2, 3, 4 (then 32).
WEAKER_WINS: tuple[int, ...] = (20, 24, 28, 31)
STRONGER_WINS_BEYOND = 0
WEAKER_WINS_BEYOND = 32

#: Rule 1a: the qualification handicap of each target grade.  Removed pieces are written as
#: letters (R rook, B bishop, L lance, N knight); "(SGKG)" lists what the giver keeps besides
#: his pawns.  13 kyu is missing from the LNMO rules; 19 and 20 kyu are not earned by a game.
QUALIFICATION: Mapping[int, str | None] = {
    7: "B",
    8: "R",
    9: "RL",
    10: "RB",
    11: "RBLL",
    12: "RBLLNN",
    13: None,
    14: "(SGKG)",
    15: "(GKG)",
    16: "(GK)",
    17: "(K)",
    18: N_("lone king"),
}
#: 1a: grades given without a game.
NO_GAME: Mapping[int, str] = {
    19: N_("knows the rules"),
    20: N_("can set up the starting position"),
}
#: 1a: what the giver keeps for 12 kyu, as the LNMO rules write it beside RBLLNN.
_ALIASES = {"(SGKGS)": "RBLLNN", "KING ONLY": "LONE KING", "BARE KING": "LONE KING"}

WAIT_AFTER_LOSS = timedelta(days=3)  # 1b
WAIT_AFTER_WIN = timedelta(days=1)  # 1b


def grade_for_rating(rating: int) -> Grade:
    """Rule 1a: the strongest table-1 grade whose rating ``rating`` reaches (18 kyu below 0)."""
    for k in range(7, 19):
        if rating >= GRADE_RATING[k]:
            return kyu(k)
    return kyu(18)


def change_for(difference: int, stronger_won: bool) -> int:
    """Rule 2: the points the winner gains (and the loser loses) at grade difference D >= 0.
    At D = 0 there is no stronger player: 16."""
    if difference < 0:
        raise ValueError(tr("D is a grade difference, never negative"))
    if stronger_won or difference == 0:
        return STRONGER_WINS[difference] if difference < 5 else STRONGER_WINS_BEYOND
    return WEAKER_WINS[difference - 1] if difference < 5 else WEAKER_WINS_BEYOND


def bonus_threshold(rounds: int) -> int:
    """Rule 2b: a total gain above 20 + 3 * rounds is doubled."""
    return 20 + 3 * rounds


def kinte_limit(grade: Grade) -> int:
    """Rule 5: the illegal move that loses: the first above 10 kyu, the second for 10-14 kyu,
    the third below 14 kyu."""
    if grade.rank > -10:
        return 1
    if grade.rank >= -14:
        return 2
    return 3


def _normal_handicap(text: str) -> str:
    key = re.sub(r"\s+", " ", text.strip().upper())
    key = _ALIASES.get(key, key)
    if key == "LONE KING":
        return key
    inner = key.strip("()").replace(" ", "")
    kept = "K" in inner
    return ("(" + "".join(sorted(inner)) + ")") if kept else "".join(sorted(inner))


def handicap_grade(text: str) -> int | None:
    """The target grade (kyu) of a qualification handicap as 1a writes it, or None."""
    wanted = _normal_handicap(text)
    for k, name in QUALIFICATION.items():
        if name is not None and _normal_handicap(name) == wanted:
            return k
    return None


def grade_difference(own: Grade, other: Grade) -> int:
    """Rule 2: D, the number of grades between two players (FESA grades on the same scale,
    rule 6)."""
    return abs(own.rank - other.rank)


def winner_is_stronger(winner: Grade, loser: Grade) -> bool:
    """Rule 2: whether the winner holds the higher grade (or the same one)."""
    return winner.rank >= loser.rank
