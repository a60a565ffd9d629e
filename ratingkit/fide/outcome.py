"""FIDE's typed details: what the 2014 family of rule sets (fide-2014, fide-2022, fide-2024,
fide-2025) and the vectorised period compute for a player, a game and an event, before
anything is printed.

* :class:`FidePlayer`: FIDE's calculation (Ro, Rc, n, w, We, w-We, K, K*(w-We)), the K rule as
  a :class:`~ratingkit.core.outcome.Rule`, an unrated player's Ru (exact and rounded), the
  printed status, and for a rating period the previous list's rating and where it comes from
  (7.1); :meth:`FidePlayer.explain` says in words why the rating moved;
* :class:`FideGame`: one side of one game: the opponent's rating, the rating used, the cap
  (8.54; 2022-2025 8.3.1) as a Rule or None, D before and after the cap, PD, score - PD, the
  note;
* :class:`FideEvent`: the event type, its dates, its players and rated players (the report's
  summary); the 8.21b table and the 8.58 passes of a round robin;
* :class:`FidePeriod`: a rating period's event count.

Every field named with :func:`~ratingkit.core.outcome.shown_as` is a report column: the views
(:mod:`ratingkit.fide.views`) print these, nothing else.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..core.i18n import N_, _, tr, trn
from ..core.model import EventType
from ..core.outcome import (
    EventOutcome,
    Outcome,
    PlayerOutcome,
    PrintedFacts,
    Rule,
    Status,
    shown_as,
)

__all__ = [
    "DpRow",
    "FideEvent",
    "FideEventDetail",
    "FideEventOutcome",
    "FideGame",
    "FideOutcome",
    "FidePeriod",
    "FidePlayer",
    "FidePlayerOutcome",
    "IterationPass",
    "Status",
    "VectorisedPeriod",
    "cells_with_none",
]


def _show_k(values: tuple[int, ...]) -> int | str | None:
    """The K column: the K, or the Ks of a period's events as "20/40"."""
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return "/".join(str(k) for k in values)


def _show_rules(rules: tuple[Rule, ...]) -> str | None:
    """The K rule column: the rule's words, or a period's rules joined by "; "."""
    if not rules:
        return None
    return "; ".join(str(rule) for rule in rules)


def _show_clause(rule: Rule) -> str:
    return rule.clause


@dataclass(frozen=True)
class FidePlayer:
    """FIDE's calculation for one player in one event, or over a rating period."""

    #: The rating the player was rated with (8.5; a period: the previous list's, 7.1).
    ro: int | None = shown_as("Ro", default=None)
    #: The average rating of the opponents counted (the rated player's rating used in each
    #: game; an unrated player's Rc of 8.21a, or his Ra of 8.21b in a round robin).
    rc: Fraction | None = shown_as("Rc", default=None)
    n: int | None = shown_as("n", default=None)
    w: Fraction | None = shown_as("w", default=None)
    we: Fraction | None = shown_as("We", default=None)
    w_minus_we: Fraction | None = shown_as("w-We", default=None)
    #: K of each event (8.56; 2022-2025 8.3.3): one value for an event, the distinct Ks of a
    #: period's events in increasing order; see :attr:`k`.
    ks: tuple[int, ...] = shown_as("K", _show_k, default=())
    #: K * (w - We), unrounded (8.55); a period: the sum over its events.
    k_change: Fraction | None = shown_as("K*(w-We)", default=None)
    #: The rule that gave K (one per distinct rule of a period's events); see :attr:`k_rule`.
    k_rules: tuple[Rule, ...] = shown_as(N_("K rule"), _show_rules, default=())
    #: An unrated player's Ru before rounding (8.22-8.25; 2024 8.2) and rounded (8.57).
    ru_exact: Fraction | None = shown_as(N_("Ru exact"), default=None)
    ru: int | None = shown_as("Ru", default=None)
    #: The status as printed ("rated", "not counted (8.21)", "unrated: Ru by 8.23: ...").
    status_text: str = shown_as(N_("status"), _, default="rated")
    #: A period (7.1): the previous list's rating the total goes onto, and where it is from.
    list_rating: int | None = shown_as(N_("list rating"), default=None)
    list_rating_from: str | None = shown_as(N_("list rating from"), default=None)
    #: A period: the events the player played in.
    events: int | None = shown_as(N_("events"), default=None)
    # -- not printed: what explain() says -------------------------------------------------
    #: The defaults assumed for K where the player file says nothing.
    k_assumed: tuple[str, ...] = ()
    #: The rule of the cap (8.54; 8.3.1) and the number of games it limited.
    cap_rule: Rule | None = None
    games_capped: int = 0
    #: The rules that left some of the player's games unrated, with the number of games.
    not_rated: tuple[tuple[Rule, int], ...] = ()
    #: An unrated player: the rule his Ru comes from (8.22-8.25; 8.3; 2024 8.2).
    ru_rule: str | None = None
    #: 8.21: an unrated player with 0 in his first event, not counted.
    not_counted: bool = False
    #: Who the player is across a period's events (his FIDE id, the player file's id, else
    #: his event id; in a TRF file his name): the id of his row in a period's ``players``,
    #: while an event's own part (``outcome.events``) lists him by his event id.
    person: str | None = None

    @property
    def k(self) -> int | None:
        """K, when the player had one K (always in one event); None otherwise."""
        return self.ks[0] if len(self.ks) == 1 else None

    @property
    def k_rule(self) -> Rule | None:
        """The rule that gave K, when there is one."""
        return self.k_rules[0] if len(self.k_rules) == 1 else None

    def explain(self) -> str:
        """Why the rating changed, in short, as a comparison of rule sets shows it: the status
        when not plainly rated, K and its rule (8.56; 8.3.3), the 400-point cap (8.54;
        8.3.1).  :meth:`derivation` adds the games left unrated and the previous list."""
        parts: list[str] = []
        if self.status_text != "rated":
            parts.append(self.status_text)
        if self.ks:
            parts.append(
                f"K={_show_k(self.ks)}"
                + (f" ({_show_rules(self.k_rules)})" if self.k_rules else "")
            )
        if self.games_capped and self.cap_rule is not None:
            parts.append(
                trn(
                    "400-point cap ({clause}) in {count} game",
                    "400-point cap ({clause}) in {count} games",
                    clause=self.cap_rule.clause,
                    count=self.games_capped,
                )
            )
        return "; ".join(parts)

    def derivation(self) -> str:
        """:meth:`explain`, then the games left unrated and why (an unrated opponent, 8.52 or
        8.3.1; 8.21), and in a period the previous list the change goes onto (7.1)."""
        parts = [self.explain()] if self.explain() else []
        for rule, count in self.not_rated:
            parts.append(
                trn(
                    "{count} game not rated ({rule})",
                    "{count} games not rated ({rule})",
                    count=count,
                    rule=rule,
                )
            )
        if self.list_rating is not None and self.list_rating_from:
            parts.append(
                tr(
                    "the change goes onto the previous list's {list_rating} "
                    "({list_rating_from}, 7.1)",
                    list_rating=self.list_rating,
                    list_rating_from=self.list_rating_from,
                )
            )
        return "; ".join(parts)


FidePlayerOutcome = PlayerOutcome[FidePlayer]


@dataclass(frozen=True)
class FideGame:
    """One player's side of one game as FIDE rates it."""

    name: str = shown_as(N_("name"), default="")
    opponent_name: str = shown_as(N_("opponent name"), default="")
    opponent_rating: int | None = shown_as(N_("opponent rating"), default=None)
    #: The opponent's rating as used: his rating, the rating the cap puts in its place, or an
    #: unrated opponent's Ru (8.52, 8.58).
    rating_used: int | None = shown_as(N_("rating used"), default=None)
    #: The clause of the cap when it limited D (8.54; 2022-2025 8.3.1), else None.
    capped: Rule | None = shown_as(N_("capped"), _show_clause, default=None)
    d_uncapped: int | None = shown_as(N_("D uncapped"), default=None)
    d: int | None = shown_as("D", default=None)
    pd: Fraction | None = shown_as("PD", default=None)
    score_minus_pd: Fraction | None = shown_as(N_("score-PD"), default=None)
    #: The game's note as printed (why it is not rated, or how it counted).
    note: str | None = shown_as(N_("note"), default=None)


@dataclass(frozen=True)
class DpRow:
    """8.21b: one player's p and dp in a round robin."""

    id: str
    name: str
    rating: int | None
    games: int
    score: Fraction
    p: Fraction
    dp: int
    in_pass_1: bool


@dataclass(frozen=True)
class IterationPass:
    """8.58: one unrated player's Ra and Ru in one pass of the iteration."""

    pass_number: int
    players_averaged: int
    rar: Fraction
    dpa: Fraction
    id: str
    name: str
    n: int
    ra: Fraction
    score: Fraction
    p: Fraction
    rule: str
    dp: int | None
    ru: Fraction
    ru_rounded: int


@dataclass(frozen=True)
class FideEvent:
    """One event's values: what the report's summary shows, and a round robin's 8.21b table
    and 8.58 passes."""

    event_type: EventType = shown_as(N_("event type"), lambda t: t.value)
    start: date | None = shown_as(N_("start"), default=None)
    end: date | None = shown_as(N_("end"), default=None)
    players: int = shown_as(N_("players"), default=0)
    rated_players: int = shown_as(N_("rated players"), default=0)
    #: The round robin's 8.21b dp table and 8.58 passes (empty elsewhere).
    dp_rows: tuple[DpRow, ...] = ()
    passes: tuple[IterationPass, ...] = ()
    #: The iteration stopped at its limit with the rounded Ru still moving.
    converged: bool = True
    #: The event's name (for the sections' titles).
    name: str = ""

    @property
    def facts(self) -> PrintedFacts:
        """What a printable report prints of the event (core.outcome.EventFacts)."""
        return PrintedFacts(self.event_type, self.start, self.end, self.players)


@dataclass(frozen=True)
class FidePeriod:
    """A rating period's values (the report's summary)."""

    events: int = shown_as(N_("events"), default=0)


@dataclass(frozen=True)
class VectorisedPeriod:
    """The vectorised period's values (the report's summary)."""

    games: int = shown_as(N_("games"), default=0)
    players: int = shown_as(N_("players"), default=0)
    rated_players: int = shown_as(N_("rated players"), default=0)
    rated_games: int = shown_as(N_("rated games"), default=0)
    games_capped: int = shown_as(N_("games capped (8.54)"), default=0)
    reference_date: date | None = shown_as(N_("reference date"), default=None)


#: An outcome's own detail: one event's values, a period's, or the vectorised period's.
FideSummary = FideEvent | FidePeriod | VectorisedPeriod
#: An event's own detail (``EventOutcome.detail``): the event's values, or, for the one event
#: of a period the engine rated from frames (ratingkit.fide.engine.frames), the vectorised
#: period's values (that event is the whole period).
FideEventDetail = FideEvent | VectorisedPeriod
#: One event's part of what a FIDE rule set computes.
FideEventOutcome = EventOutcome[FidePlayer, FideGame, FideEventDetail]
#: What a FIDE rule set computes.
FideOutcome = Outcome[FidePlayer, FideGame, FideSummary, FideEventDetail]


def cells_with_none(detail: FideSummary) -> dict[str, object]:
    """Every printed column of a detail with its shown value, None included (a summary lists
    every item, an empty one too)."""
    cells: dict[str, object] = {}
    for f in dataclasses.fields(detail):
        column = f.metadata.get("column")
        if column is None:
            continue
        value = getattr(detail, f.name)
        show = f.metadata.get("show")
        cells[column] = show(value) if show is not None and value is not None else value
    return cells
