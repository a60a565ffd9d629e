"""FESA's typed results: per player, per game, per promotion and per event.

What :meth:`FesaRules.rate`, :meth:`FesaRules.rate_events` and :meth:`FesaRules.replay`
compute before anything is printed.  A :class:`~ratingkit.core.outcome.PlayerOutcome` of a
FESA report carries a :class:`FesaPlayer` detail (category of rule 3, career games, bonus of
rule 9, upsets of rule (A), performance of rules 5-7, grades and promotions of rules 2 and 10);
a :class:`~ratingkit.core.outcome.GameOutcome` a :class:`FesaGame` (formula (1) term by term);
an :class:`~ratingkit.core.outcome.EventOutcome` a :class:`FesaEvent` (the passes of the
fixed-point iteration of rules 8 and 11, the promotions, the parameters used).

Every field that a report prints names its column with
:func:`~ratingkit.core.outcome.shown_as`: the report's columns come from these classes
(:mod:`ratingkit.fesa.views`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.i18n import N_, _, tr
from ..core.outcome import (
    EventKey,
    EventOutcome,
    GameOutcome,
    Number,
    Outcome,
    PlayerOutcome,
    PrintedFacts,
    Rule,
    shown_as,
)
from ..core.shogi import GRADES, grade_name, shown_grade_name

if TYPE_CHECKING:
    from .formula import Performance


class Category(enum.Enum):
    """A player's category in an event (FESA rule 3), by his games with this event."""

    #: 18 games or more (rule 3): formula (1), rule (A), the bonus of rule 9.
    ESTABLISHED = N_("established")
    #: 9 to 17 games (rule 3): formula (1) as established, promoted only on UB of the grade
    #: above the next (rule 10).
    PROVISIONAL = N_("provisional")
    #: Fewer than 9 games, or only wins or only losses so far (rule 3): the performance
    #: rating of rules 5-7.
    UNRATED = N_("unrated")

    def __str__(self) -> str:
        return self.value

    @property
    def rule(self) -> Rule:
        return _CATEGORY_RULES[self]


_CATEGORY_RULES = {
    Category.ESTABLISHED: Rule("rule 3", N_("18 games or more: established")),
    Category.PROVISIONAL: Rule("rule 3", N_("9 to 17 games: provisional")),
    Category.UNRATED: Rule(
        "rule 3", N_("fewer than 9 games, or no mixed results yet: unrated (performance rating)")
    ),
}


class PromotionPath(enum.Enum):
    """How a player was promoted (FESA rule 10, and FESA's program's look-ahead)."""

    #: Rule 10 (a): the tested rating reached UB of the next grade.
    UB = "(a)"
    #: Rule 10 (b): N_MP consecutive games at or above MP of the next grade.
    MP_RUN = "(b)"
    #: Rule 10 (c): N_LB consecutive games at or above LB, one of them at or above MP.
    LB_RUN = "(c)"
    #: Rule 10 for a provisional player: UB of the grade above the next.
    PROVISIONAL = "provisional"
    #: FESA's program: 20 imaginary games after the event, each losing k, would still promote.
    LOOKAHEAD = "look-ahead"

    def __str__(self) -> str:
        return self.value

    @property
    def rule(self) -> Rule:
        return _PATH_RULES[self]


_PATH_RULES = {
    PromotionPath.UB: Rule("rule 10 (a)", N_("reached UB of the next grade")),
    PromotionPath.MP_RUN: Rule("rule 10 (b)", N_("consecutive games at or above MP")),
    PromotionPath.LB_RUN: Rule(
        "rule 10 (c)", N_("consecutive games at or above LB, one at or above MP")
    ),
    PromotionPath.PROVISIONAL: Rule(
        "rule 10", N_("provisional player: reached UB of the grade above the next")
    ),
    PromotionPath.LOOKAHEAD: Rule(
        "FESA's program", N_("look-ahead: 20 imaginary games each losing k would still promote")
    ),
}

#: The grade from which a promotion needs the Japan Shogi Association's approval (5 dan).
JSA_GRADE = GRADES[-2].number


def _category_text(category: Category) -> str:
    """A category as a report cell, in the language now in force."""
    return _(category.value)


@dataclass(frozen=True)
class Promotion:
    """One promotion of rule 10: from and to (grade numbers, :mod:`ratingkit.core.shogi`), the
    path in words, and the game that triggered it: its round (None for the look-ahead, and
    for a game before this event's, which FESA's program tests again for a player still
    unrated), the player's career game number and the rating it was tested at (rule 11: the
    event's change spread evenly over its games, exact)."""

    player: str = shown_as("id")
    name: str = shown_as(N_("name"))
    from_grade: int = shown_as(N_("from_grade"), grade_name)
    to_grade: int = shown_as(N_("to_grade"), grade_name)
    #: The path as the report prints it, e.g. ``"(a) reached UB 1800"``.
    path: str = shown_as(N_("path"))
    round: int | None = shown_as(N_("round"))
    career_game: int = shown_as(N_("career_game"))
    tested_rating: Fraction = shown_as(N_("tested_rating"))
    #: The path of rule 10 (or FESA's look-ahead) as a value.
    kind: PromotionPath = PromotionPath.UB

    @property
    def needs_jsa_approval(self) -> bool:
        """5 and 6 dan need the Japan Shogi Association's approval (rule 10)."""
        return self.to_grade >= JSA_GRADE

    @property
    def note(self) -> str:
        if self.needs_jsa_approval:
            return _("5 and 6 dan need the Japan Shogi Association's approval (rule 10)")
        return ""

    @property
    def rule(self) -> Rule:
        return Rule(self.kind.rule.clause, self.path)

    def explain(self) -> str:
        if self.round is not None:
            where = tr(
                "in round {round} (career game {career_game})",
                round=self.round,
                career_game=self.career_game,
            )
        elif self.kind is PromotionPath.LOOKAHEAD:
            where = tr("after the event (career game {career_game})", career_game=self.career_game)
        else:
            where = tr(
                "at career game {career_game}, a game before this event tested again "
                "(FESA's program)",
                career_game=self.career_game,
            )
        return tr(
            "promoted from {from_grade} to {to_grade} {where}, tested at {tested}: "
            "{clause}, {path}",
            from_grade=shown_grade_name(self.from_grade),
            to_grade=shown_grade_name(self.to_grade),
            where=where,
            tested=_number(self.tested_rating),
            clause=self.kind.rule.clause,
            path=self.path,
        )


def _number(value: Number | None) -> str:
    if value is None:
        return ""
    number = float(value)
    if number == int(number):
        return str(int(number))
    return f"{number:.2f}"


def _last_grade(promotions: tuple[Promotion, ...]) -> str:
    return grade_name(promotions[-1].to_grade) if promotions else ""


def _rating_of(performance: Performance) -> int:
    return performance.rating


def _event_name(key: EventKey) -> str:
    return key.name


@dataclass(frozen=True)
class FesaPlayer:
    """A player's FESA detail in one event (the report's player columns, in this order)."""

    category: Category = shown_as(N_("category"), _category_text)
    #: His game count of rule 3 with this event (rule 7's fictitious games included).
    career_games: int = shown_as(N_("career_games"))
    #: The bonus of rule 9 over the event (exact; a float in a replay).
    bonus: Number = shown_as(N_("bonus"))
    #: Games where d' of rule (A) replaced d.
    upsets: int = shown_as(N_("upsets"))
    #: Rules 5-7: an unrated player's performance (None for anyone else).
    performance: Performance | None = shown_as(N_("performance"), _rating_of)
    #: The grade he held before (grade number; ``NO_GRADE`` for none) and after (rule 10).
    grade_before: int = shown_as(N_("grade_before"), grade_name)
    grade_after: int = shown_as(N_("grade_after"), grade_name)
    #: The promotions of this event, in order (the report shows the last one's grade).
    promotions: tuple[Promotion, ...] = shown_as(N_("promotion"), _last_grade)
    #: What the event's table published, where it did (a FESA table's ``+/-`` and ``ELO*``).
    published_change: int | None = shown_as(N_("published_change"), default=None)
    published_rating: int | None = shown_as(N_("published_rating"), default=None)
    #: Computed minus published (rating, else change); None where nothing can be compared.
    difference: int | None = shown_as(N_("difference"), default=None)
    #: The grade the table published as a promotion ("" none), None: no list published.
    published_promotion: str | None = shown_as(N_("published_promotion"), default=None)
    #: The event (set where several events are rated together).
    event: EventKey | None = shown_as(N_("event"), _event_name, default=None)
    #: The bonus counter of rule 9 after the event.
    bonus_games: int = 0
    #: Passes of the event's fixed-point iteration (rules 8 and 11).
    passes: int = 0
    #: Whether rule 7's two fictitious games were added (a prior grade, no games).
    fictitious_games: bool = False
    #: FESA's program's rating of a newcomer without a played game (1, or his prior grade's MP).
    no_game_rating: bool = False
    #: k of formula (1) at his rating before the event, for an established player (else None).
    formula_k: int | None = None

    @property
    def rule(self) -> Rule:
        """The rule his category comes from (rule 3)."""
        return self.category.rule

    @property
    def rated_by_performance(self) -> bool:
        """Whether his rating is his performance rating (rules 3 and 5-7: an unrated
        player), which a FESA table marks with ``*``."""
        return self.category is Category.UNRATED

    def explain(self) -> str:
        """Why his rating changed, in short, as a comparison of rule sets shows it: k of
        formula (1) (or his category), the bonus of rule 9, the upsets of rule (A), the
        promotion of rule 10.  :meth:`derivation` says it step by step."""
        parts = [
            tr("k={formula_k} (formula (1))", formula_k=self.formula_k)
            if self.formula_k is not None
            else str(self.category)
        ]
        if self.bonus:
            parts.append(tr("bonus {bonus:+.2f} (rule 9)", bonus=float(self.bonus)))
        if self.upsets:
            parts.append(tr("{upsets} upset win(s) (rule A)", upsets=self.upsets))
        if self.promotions:
            parts.append(
                tr("promoted to {grade}", grade=shown_grade_name(self.promotions[-1].to_grade))
            )
        return "; ".join(parts)

    def derivation(self) -> str:
        """Why his rating changed, step by step, citing the FESA ELO rating system's clauses."""
        parts = [
            tr(
                "{category} ({clause}: {career_games} games)",
                category=self.category,
                clause=self.category.rule.clause,
                career_games=self.career_games,
            )
        ]
        if self.no_game_rating:
            parts.append(
                tr(
                    "no game played: rated as FESA's program rates a newcomer without a game "
                    "(the FESA ELO rating system gives him no rating)"
                )
            )
        elif self.performance is not None:
            parts.append(
                tr(
                    "performance rating {rating} of rules 5-7 ({how})",
                    rating=self.performance.rating,
                    how=self.performance.how,
                )
            )
        else:
            parts.append(tr("formula (1) game by game with a running unrounded rating (rule 11)"))
            if self.upsets:
                parts.append(
                    tr(
                        "{upsets} win(s) rated by rule (A): d' = k(or - tr)/160 exceeded d",
                        upsets=self.upsets,
                    )
                )
            if self.bonus:
                parts.append(
                    tr(
                        "bonus of rule 9: {bonus} (under 1800, fewer than 100 rated games)",
                        bonus=_number(self.bonus),
                    )
                )
        if self.promotions:
            parts.extend(p.explain() for p in self.promotions)
        elif self.grade_before == self.grade_after:
            parts.append(
                tr("grade {grade} kept (rule 10)", grade=shown_grade_name(self.grade_after))
            )
        if self.difference:
            parts.append(
                tr(
                    "differs from the published value by {difference:+d}",
                    difference=self.difference,
                )
            )
        return "; ".join(parts)


@dataclass(frozen=True)
class FesaGame:
    """One player's side of one game, formula (1) term by term (the report's game columns).

    An unrated player's side (rules 5-7) has the performance rating as ``tr`` and no k, d,
    bonus or change (None)."""

    result: float = shown_as(N_("result"))
    #: The opponent's post-event rating, floored at 400 (rules 8 and 11).
    opponent_rating: int = shown_as(N_("opponent_rating"))
    #: Rule 12: "gives rook (2.5)" / "receives ..." or "".
    handicap: str = shown_as(N_("handicap"))
    effective_rating: Number = shown_as(N_("effective_rating"))
    tr: Number = shown_as("tr")
    k: int | None = shown_as("k")
    expected: Number = shown_as(N_("expected"))
    d: Number | None = shown_as("d")
    #: Rule (A): d' for a win, None otherwise.
    d_upset: Number | None = shown_as(N_("d_upset"))
    upset: bool | None = shown_as(N_("upset"))
    bonus: Number | None = shown_as(N_("bonus"))
    #: The bonus counter's value for this game (rule 9), where it gave a bonus.
    bonus_game: int | None = shown_as(N_("bonus_game"))
    change: Number | None = shown_as(N_("change"))
    tr_after: Number | None = shown_as(N_("tr_after"))
    note: str = shown_as(N_("note"))


@dataclass(frozen=True)
class IterationPass:
    """One pass of the fixed-point iteration of rules 8 and 11: the players whose rating
    changed in it (sorted ids)."""

    number: int
    changed: tuple[str, ...]


@dataclass(frozen=True)
class Unsettled:
    """An iteration that did not reach a fixed point: why, and each player whose rating
    alternates, with the values it takes."""

    why: str
    alternating: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def rule(self) -> Rule:
        return Rule("rules 8 and 11", N_("the fixed-point iteration did not settle"))


@dataclass(frozen=True)
class FesaEvent:
    """One event's FESA values (the report's summary and its sections)."""

    players: int
    rated_games: int
    passes: int
    per_game_rounding: bool
    solver: str
    lookahead: bool
    provisional_offset: int
    nsr: bool
    rounding: str = "half-even"
    iterations: tuple[IterationPass, ...] = ()
    promotions: tuple[Promotion, ...] = ()
    unsettled: Unsettled | None = None

    @property
    def settled(self) -> bool:
        return self.unsettled is None

    @property
    def facts(self) -> PrintedFacts:
        """What a printable report prints of the event (core.outcome.EventFacts)."""
        return PrintedFacts(players=self.players)


@dataclass(frozen=True)
class FesaReplay:
    """A replay's totals (``Outcome.detail`` of :meth:`FesaRules.replay`)."""

    events: int
    passes: int


#: The outcome types of FESA's rule sets.
FesaPlayerOutcome = PlayerOutcome[FesaPlayer]
FesaGameOutcome = GameOutcome[FesaGame]
#: An outcome's own detail: one event's values, a replay's totals, or none (events rated one
#: after the other: each event's part has its own).
FesaSummary = FesaEvent | FesaReplay | None
FesaEventOutcome = EventOutcome[FesaPlayer, FesaGame, FesaEvent]
FesaOutcome = Outcome[FesaPlayer, FesaGame, FesaSummary, FesaEvent]

#: Rule (A): a win whose d' exceeded d.
UPSET_RULE = Rule("rule (A)", N_("d' = k(or - tr)/160 replaced d"))

__all__ = [
    "UPSET_RULE",
    "Category",
    "FesaEvent",
    "FesaEventOutcome",
    "FesaGame",
    "FesaGameOutcome",
    "FesaOutcome",
    "FesaPlayer",
    "FesaPlayerOutcome",
    "FesaReplay",
    "FesaSummary",
    "IterationPass",
    "Promotion",
    "PromotionPath",
    "Unsettled",
]
