"""The typed results of the FIDE 1982-2000 rules: what one player, one game and one event
come to, before anything is printed.

* :class:`Fide1982Player`: a player's values of the average method (10.6): p, dp, Rc, Rc2,
  Ru, Ru2 and the rule that gave Ru, D, PD, We, K, DR, and the printed status text; each
  field names its printed column with :func:`~ratingkit.core.outcome.shown_as`, so the
  report's columns come from it (in field order: the columns of the 10.68 table);
* :class:`Fide1982PeriodPlayer`: a player's total over a rating period (10.65, 10.66);
* :class:`Fide1982Game`: one game side (rated or not, and by which rule);
* :class:`Fide1982Event`: the event-level values (the method, n, Rar, dpa, Ra) and the
  350-point rule's adjustments (10.61, the second pass of 10.68) as :class:`Clamp` values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.i18n import N_, _, tr
from ..core.outcome import (
    EventOutcome,
    GameOutcome,
    Outcome,
    PlayerOutcome,
    PrintedFacts,
    Rule,
    shown_as,
)


class Method(enum.Enum):
    """How an event was rated."""

    #: A rule of 1.x-6.x or 10.67 left the whole event unrated.
    NOT_RATED = "not rated"
    #: A complete round robin: Ra of 10.21, Rc of 10.61, the second pass of 10.68.
    ROUND_ROBIN = "round robin"
    #: Swiss, team and match events (and a round robin rated as a Swiss, 6.43).
    SWISS = "swiss"

    def __str__(self) -> str:
        return self.value


#: The printed method of each kind (the summary's ``method``).
METHOD_TEXT = {
    Method.ROUND_ROBIN: N_("round robin, average method (10.21, 10.61, 10.68)"),
    Method.SWISS: N_("average method for Swiss, team and match events (10.61, 10.2)"),
}


@dataclass(frozen=True)
class Clamp:
    """One opponent counted within 350 points of a player (10.61; in a round robin the
    second pass of 10.68): ``reference`` is the player's own rating (or his first Ru)."""

    player: str
    reference: int
    opponent: str
    rating: int
    counted_as: int

    @property
    def adjustment(self) -> int:
        """How much the opponent's rating moved: counted as minus rating."""
        return self.counted_as - self.rating


@dataclass(frozen=True)
class NewPlayer:
    """What 10.3-10.32 and 9.14 made of a new player's pooled results ``(Ru, games)``."""

    pooled: tuple[tuple[int, int], ...]
    games: int
    #: The weighted average of the pooled Ru's (10.3); None without a game.
    average: Fraction | None
    published: int | None
    rule: Rule


def _rule_cell(rule: Rule) -> str:
    return str(rule)


@dataclass(frozen=True)
class Fide1982Player:
    """A player's values in one event, the columns of the 10.68 table.

    A rated player has p, dp (round robin), Rc, Rc2, D, PD, We, K, DR; an unrated one Rc,
    Ru (first pass), Rc2 and Ru2 (second pass) and the rule Ru comes from.  ``status`` is the
    printed text (the typed status is :attr:`PlayerOutcome.status`)."""

    #: His score in percent of his games, to two places (round robin, rated players).
    p: Fraction | None = shown_as("p", default=None)
    #: dp of table 10.1a for p (round robin, rated players).
    dp: int | None = shown_as("dp", default=None)
    #: The first Rc: (Ra(n+1) - R)/n (10.61) or Ra (an unrated player) in a round robin, the
    #: plain average of his opponents in a Swiss.
    Rc: int | None = shown_as("Rc", default=None)
    #: Rc with every opponent counted within 350 points (10.61; 10.68 second pass).
    Rc2: int | None = shown_as("Rc2", default=None)
    #: An unrated player's first Ru (10.22-10.25).
    Ru: int | None = shown_as("Ru", default=None)
    #: His Ru from Rc2 (the one that counts).
    Ru2: int | None = shown_as("Ru2", default=None)
    #: The rule his Ru comes from (10.22, 10.23, 10.24, 10.25, "10.68: Rc + dp", or 6.1 for an
    #: unrated player without a point).
    ru_rule: Rule | None = shown_as(N_("Ru rule"), _rule_cell, default=None)
    #: D = R - Rc2.
    D: int | None = shown_as("D", default=None)
    #: PD of table 10.1b for D.
    PD: Fraction | None = shown_as("PD", default=None)
    #: We = PD * games.
    We: Fraction | None = shown_as("We", default=None)
    #: K of 10.64.
    K: int | None = shown_as("K", default=None)
    #: DR = K * (W - We), unrounded.
    DR: Fraction | None = shown_as("DR", default=None)
    #: The printed status ("rated", "new player (9.14): ...", "no rated games (rule 6.1)" ...).
    status: str = shown_as(N_("status"), _, default="")
    # -- not printed in the player table --------------------------------------------------
    #: The rule that chose K (10.64), with a default assumed where the player file is silent.
    k_rule: Rule | None = None
    #: True when K had to be assumed: no games count in a player file (10.64: taken as
    #: established, 30 games or more).
    k_assumed: bool = False
    #: The sum of the 350-point adjustments of his opponents (10.68 second pass).
    adjustment: int = 0
    #: The rule that left him unrated in this event (6.1, 6.42, a rule of the whole event).
    not_rated_by: Rule | None = None
    #: A new player's pooled results and what 10.3-10.32 made of them.
    new_player: NewPlayer | None = None
    #: 10.4: the rating he is listed at after an Olympiad.
    olympiad: int | None = None
    #: 9.21: his new rating is below the list's floor and he leaves the list.
    leaves_list: bool = False

    @property
    def k(self) -> int | None:
        """The K in force (10.64), as every system's detail names it for the ledger's list."""
        return self.K

    def explain(self) -> str:
        """Why his rating changed, in short, as a comparison of rule sets shows it: the status
        when it is not plain "rated" (9.14, 9.21, 10.31, 10.32, 10.4 ...), K (10.64), the
        rule of his Ru (10.22-10.25, 10.68), e.g. ``"below 2001: leaves the list (9.21);
        K=15"``.  :meth:`derivation` gives the computation step by step."""
        parts: list[str] = []
        if self.status and self.status != "rated":
            parts.append(self.status)
        if self.K is not None:
            parts.append(f"K={self.K}")
        if self.ru_rule is not None:
            parts.append(tr("Ru by {ru_rule}", ru_rule=self.ru_rule))
        return "; ".join(parts)

    def derivation(self) -> str:
        """How his rating changed (or why it did not), step by step, citing the clauses."""
        if self.DR is not None and self.We is not None and self.K is not None:
            parts = [
                tr(
                    "Rc2 {Rc2} (opponents within 350 points, 10.61), D {D}, PD {pd:.2f} "
                    "(table 10.1b), We {we:.2f}; DR = K * (W - We) = {K} * (W - "
                    "{we:.2f}) = {dr:+.2f} (10.6)",
                    Rc2=self.Rc2,
                    D=self.D,
                    pd=float(self.PD or 0),
                    we=float(self.We),
                    K=self.K,
                    dr=float(self.DR),
                )
            ]
            if self.k_rule is not None:
                parts.append(f"K = {self.K} ({self.k_rule})")
            if self.leaves_list:
                parts.append(
                    tr("his new rating is below the list's floor: he leaves the list (9.21)")
                )
            return "; ".join(parts)
        if self.Ru2 is not None:
            text = tr(
                "unrated: Ru {Ru} from Rc {Rc}, then Ru2 {Ru2} from Rc2 {Rc2} ({ru_rule})",
                Ru=self.Ru,
                Rc=self.Rc,
                Ru2=self.Ru2,
                Rc2=self.Rc2,
                ru_rule=self.ru_rule,
            )
            if self.new_player is not None:
                text += f"; {self.new_player.rule}"
            if self.olympiad is not None:
                text += tr(
                    "; listed at {olympiad} after the Olympiad (10.4)", olympiad=self.olympiad
                )
            return text
        if self.not_rated_by is not None:
            return tr("not rated in this event ({not_rated_by})", not_rated_by=self.not_rated_by)
        return tr("not rated in this event")


@dataclass(frozen=True)
class Fide1982PeriodPlayer:
    """A player's total over a rating period (10.65: the changes of its events add up, the
    new rating is Ro + sum(DR), rounded once, 10.66; a new player's results pool, 10.3)."""

    events: int = shown_as(N_("events"), default=0)
    DR: Fraction | None = shown_as("DR", default=None)
    status: str = shown_as(N_("status"), _, default="")
    new_player: NewPlayer | None = None
    leaves_list: bool = False

    def explain(self) -> str:
        """Why his rating changed over the period, in short: the status when it is not plain
        "rated" (9.14, 9.21, 10.31, 10.32).  :meth:`derivation` says more."""
        return self.status if self.status and self.status != "rated" else ""

    def derivation(self) -> str:
        """How his rating changed over the period, in words, citing the clauses."""
        if self.DR is not None:
            text = tr(
                "the DR of his {events} event(s) add up to {total:+.2f}, rounded once "
                "(10.65, 10.66)",
                events=self.events,
                total=float(self.DR),
            )
            if self.leaves_list:
                text += tr("; below the list's floor he leaves the list (9.21)")
            return text
        if self.new_player is not None:
            return tr("new player: {rule}", rule=self.new_player.rule)
        return tr("not rated in the period")


@dataclass(frozen=True)
class Fide1982Game:
    """One game side: the game as printed (round, colours, result)."""

    white: str
    black: str
    result: str
    #: 2.1: why the game is not a game of chess (a shogi handicap, a shogi result).
    not_chess: str | None = None


@dataclass(frozen=True)
class Fide1982Event:
    """An event's values: how it was rated, the round robin's n, Rar, dpa and Ra (10.21), the
    350-point rule's adjustments, and what could not be checked for lack of data."""

    method: Method
    #: The rule that left the whole event unrated (``Method.NOT_RATED``).
    not_rated_by: Rule | None = None
    players: int | None = None
    #: n: the number of opponents in a round robin.
    n: int | None = None
    Rar: Fraction | None = None
    dpa: Fraction | None = None
    Ra: Fraction | int | None = None
    #: Games per player in a round robin (cycles x n).
    games: int | None = None
    clamps: tuple[Clamp, ...] = ()
    unchecked: tuple[str, ...] = ()

    @property
    def facts(self) -> PrintedFacts:
        """What a printable report prints of the event (core.outcome.EventFacts)."""
        return PrintedFacts(players=self.players)

    @property
    def method_text(self) -> str:
        """The printed method."""
        if self.method is Method.NOT_RATED:
            return tr(
                "not rated (rule {clause})",
                clause=self.not_rated_by.clause if self.not_rated_by else "?",
            )
        return _(METHOD_TEXT[self.method])


#: The typed outcomes of this system.
Fide1982PlayerOutcome = PlayerOutcome[Fide1982Player]
Fide1982GameOutcome = GameOutcome[Fide1982Game]
Fide1982EventOutcome = EventOutcome[Fide1982Player, Fide1982Game, Fide1982Event]
Fide1982Outcome = Outcome[Fide1982Player, Fide1982Game, Fide1982Event, Fide1982Event]
#: A period's outcome: its ``players`` have a :class:`Fide1982PeriodPlayer` detail, the
#: players of its ``events`` a :class:`Fide1982Player` one (``Outcome`` has one player detail
#: type for both, hence ``Any``); the period has no detail of its own (None), its events have
#: theirs.
Fide1982PeriodOutcome = Outcome[Any, Fide1982Game, None, Fide1982Event]

__all__ = [
    "METHOD_TEXT",
    "Clamp",
    "Fide1982Event",
    "Fide1982EventOutcome",
    "Fide1982Game",
    "Fide1982GameOutcome",
    "Fide1982Outcome",
    "Fide1982PeriodOutcome",
    "Fide1982PeriodPlayer",
    "Fide1982Player",
    "Fide1982PlayerOutcome",
    "Method",
    "NewPlayer",
]
