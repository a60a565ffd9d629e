"""The numpy kernel both fronts of the engine share: PD of table 8.1b by ``searchsorted``
(FIDE 2014 8.54), the per-player sums of a set of games by ``bincount`` (8.55) and 8.57's
rounding, exactly, in hundredths."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ...core.tables import D_TO_PD, D_TO_PD_BEYOND

#: Band ends of table 8.1b and the PD of the higher rated player (hundredths), with the
#: value beyond the last band appended.
BAND_ENDS = np.array([high for _, high, _ in D_TO_PD], dtype=np.int64)
PD_HIGHER = np.array([h for _, _, h in D_TO_PD] + [D_TO_PD_BEYOND], dtype=np.int64)


def pd_hundredths(difference: np.ndarray, cap: int | None = None) -> np.ndarray:
    """PD of table 8.1b in hundredths for integer differences (already capped): positive for
    the higher rated player H, negative for L (who gets 100 minus H's).  With ``cap`` (the
    differences lie within it), the band of every D from -cap to cap is found once by
    ``searchsorted`` and the games look their D up in that table."""
    if cap is not None:
        # One look-up a game in the signed table of D = -cap .. cap.
        by_difference: np.ndarray = _signed_up_to(cap)[difference + cap]
        return by_difference
    higher = PD_HIGHER[np.searchsorted(BAND_ENDS, np.abs(difference), side="left")]
    points: np.ndarray = np.where(difference >= 0, higher, 100 - higher)
    return points


_HIGHER_BY_CAP: dict[int, np.ndarray] = {}


def _higher_up_to(cap: int) -> np.ndarray:
    """H's PD (hundredths) for |D| = 0 .. cap, from the band ends by searchsorted."""
    table = _HIGHER_BY_CAP.get(cap)
    if table is None:
        table = PD_HIGHER[np.searchsorted(BAND_ENDS, np.arange(cap + 1), side="left")]
        _HIGHER_BY_CAP[cap] = table
    return table


_SIGNED_BY_CAP: dict[int, np.ndarray] = {}


def _signed_up_to(cap: int) -> np.ndarray:
    """PD (hundredths) of the player whose D is -cap .. cap, at index D + cap: H's for D >= 0,
    100 minus H's for L (table 8.1b)."""
    table = _SIGNED_BY_CAP.get(cap)
    if table is None:
        higher = _higher_up_to(cap)
        table = np.concatenate([100 - higher[:0:-1], higher])
        _SIGNED_BY_CAP[cap] = table
    return table


def games_digest(
    white: np.ndarray, black: np.ndarray, halves: np.ndarray, rating: np.ndarray
) -> str:
    """The period's :class:`EventKey` digest: 16 hex digits of a SHA-256 of its games and
    ratings."""
    import hashlib

    digest = hashlib.sha256()
    for array in (white, black, halves, rating):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:16]


def per_player_counts(
    rated: np.ndarray,
    raw: np.ndarray,
    rw: np.ndarray,
    rb: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    cap: int,
    count: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Per player: the games the cap limited (8.54) and the games against an unrated opponent
    that are not rated (8.52)."""
    over = np.abs(raw) > cap
    capped = np.bincount(rw[over], minlength=count) + np.bincount(rb[over], minlength=count)
    mine_w = rated[white] & ~rated[black]
    mine_b = rated[black] & ~rated[white]
    unrated = np.bincount(white[mine_w], minlength=count) + np.bincount(
        black[mine_b], minlength=count
    )
    return capped, unrated


def _both_sides(
    white: np.ndarray,
    black: np.ndarray,
    count: int,
    white_value: np.ndarray | None = None,
    black_value: np.ndarray | None = None,
) -> np.ndarray:
    """Per player, the sum over his games of his side's value (a game each without values)."""
    summed = np.bincount(white, weights=white_value, minlength=count) + np.bincount(
        black, weights=black_value, minlength=count
    )
    whole: np.ndarray = summed.astype(np.int64)
    return whole


@dataclass(frozen=True)
class RatedSums:
    """Per player (by position): the sums over his games against rated opponents (8.52) that
    FIDE 2014 8.55 reads, all exact integers; ``raw``: each game's D before the cap, white's
    rating minus black's (8.54).  The opponents' ratings (Rc, for the report) are summed when
    first read."""

    #: games
    n: np.ndarray
    #: score in half points
    w2: np.ndarray
    #: We in hundredths (the sum of PD of table 8.1b)
    we: np.ndarray
    raw: np.ndarray
    #: the games (positions) and the ratings the sums were made of
    white: np.ndarray
    black: np.ndarray
    rating: np.ndarray

    @cached_property
    def opp(self) -> np.ndarray:
        """The sum of the opponents' ratings (Rc = opp / n)."""
        count = len(self.n)
        return _both_sides(
            self.white, self.black, count, self.rating[self.black], self.rating[self.white]
        )


def rated_sums(
    white: np.ndarray,
    black: np.ndarray,
    white_halves: np.ndarray,
    rating: np.ndarray,
    count: int,
    cap: int,
) -> RatedSums:
    """Both sides of every game at once: D capped at ``cap`` (8.54), PD by table 8.1b, and
    the sums of :class:`RatedSums` by ``bincount`` over ``count`` players.  The games are
    between rated players (positions into ``rating``); white's score in half points."""
    raw = rating[white] - rating[black]
    pd_white = pd_hundredths(np.clip(raw, -cap, cap), cap)
    return RatedSums(
        n=_both_sides(white, black, count),
        w2=_both_sides(white, black, count, white_halves, 2 - white_halves),
        we=_both_sides(white, black, count, pd_white, 100 - pd_white),
        raw=raw,
        white=white,
        black=black,
        rating=rating,
    )


def change_hundredths(k: np.ndarray, w2: np.ndarray, we: np.ndarray) -> np.ndarray:
    """K * (w - We) of 8.55 in hundredths, exactly: w is w2 / 2 points = 50 * w2 hundredths."""
    change: np.ndarray = k * (50 * w2 - we)
    return change


def round_hundredths(hundredths: np.ndarray) -> np.ndarray:
    """8.57: hundredths to the nearest whole number, .5 away from zero, exactly."""
    whole: np.ndarray = np.sign(hundredths) * ((np.abs(hundredths) + 50) // 100)
    return whole
