"""What the LNMO rules compute, as typed values, before anything is printed.

* :class:`LnmoPlayer`: a player's grade before and after, his bonus (rule 2b), the reasons
  his rating changed (:class:`BonusDoubled`, :class:`Promotion`, :class:`UnratedGames`), his
  promotions and his last qualification game (rule 1b);
* :class:`LnmoGame`: one player's side of one game: the unit it belongs to, its kind, both
  grades, D, the case of rule 2, the result after rule 5, the table value, the reasons as
  :class:`~ratingkit.core.outcome.Rule` values, the line of the records;
* :class:`EventBonus`: a player's gain in one event, its threshold and bonus (rule 2b);
* :class:`Promotion`: a grade change (rule 1a) and how it came (:class:`PromotionWay`);
* :class:`LnmoSeason`: the units rated (events and qualification games, :class:`Unit`), the
  bonuses and the promotions, in the order they were rated.

Every field that the report prints names its column with
:func:`~ratingkit.core.outcome.shown_as`; the report's columns come from these fields.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from ..core.i18n import N_, _, tr, trn
from ..core.outcome import EventKey, PrintedFacts, Rule, shown_as
from .formula import Grade


class Kind(enum.Enum):
    """The kind of a game in the club records (column ``kind``)."""

    def __str__(self) -> str:
        return str(self.value)

    #: An even game of an event.
    RATED = N_("rated")
    #: A game of a handicap event (rule 4a).
    HANDICAP = N_("handicap")
    #: A qualification game against a club instructor (rule 1a).
    QUALIFICATION = N_("qualification")


class UnitKind(enum.Enum):
    """What is rated as one unit: an event (the games sharing an ``event`` name) or one
    qualification game."""

    def __str__(self) -> str:
        return str(self.value)

    EVENT = "event"
    QUALIFICATION = "qualification"


class Case(enum.Enum):
    """Rule 2's case of a game, from the side of one player."""

    def __str__(self) -> str:
        return str(self.value)

    STRONGER_WON = N_("stronger won")
    WEAKER_WON = N_("weaker won")
    STRONGER_LOST = N_("stronger lost")
    WEAKER_LOST = N_("weaker lost")
    EQUAL = N_("equal grades")
    DRAW = N_("draw")
    #: Not decided on the board (not played).
    UNDECIDED = ""


class Result(enum.Enum):
    """A player's result after rule 5 (a kinte loss overrides the board)."""

    def __str__(self) -> str:
        return str(self.value)

    WIN = N_("win")
    LOSS = N_("loss")
    DRAW = N_("draw")

    @classmethod
    def of(cls, score: float) -> Result:
        return {1.0: cls.WIN, 0.0: cls.LOSS}.get(score, cls.DRAW)


# -- the reasons a game is rated or not, as rules -----------------------------------------------

#: Rule 2: the game changed the ratings.
RATED = Rule("2", N_("rated"))
#: Rule 2: only a game played changes a rating.
NOT_PLAYED = Rule("2", N_("not played"))
#: Rule 4: both players must agree beforehand.
NOT_AGREED = Rule("4", N_("not agreed"))
#: Rule 4a: handicap games count only in handicap events and as qualification games.
HANDICAP_OUTSIDE = Rule("4a", N_("handicap outside handicap event"))
#: Rule 2a.
SENNICHITE = Rule("2a", N_("sennichite: no change"))
#: Rule 2a.
JISHOGI = Rule("2a", N_("jishogi: no change"))
#: Rules 2 and 2a: a shogi game is won, or ends in sennichite or jishogi.
DRAW = Rule("2, 2a", N_("draw: a shogi game is won or ends in sennichite or jishogi"))
#: Rule 3b: no rating below 17 kyu.
NO_RATING_BELOW_17_KYU = Rule("3b", N_("no rating below 17 kyu"))
#: Rule 6: a FESA grade replaces the LNMO rating.
FESA_GRADE = Rule("6", N_("FESA grade: no LNMO rating"))
#: The summary of a player's unrated games when no reason was recorded.
NOT_RATED = Rule("2", N_("not rated"))

#: The reasons printed without their clause (as the report has always printed them).
_WITHOUT_CLAUSE = frozenset({RATED, NOT_PLAYED, DRAW, NOT_RATED})


def before_first_rated(first: date) -> Rule:
    """Rule 3a: a game before the first rated event."""
    return Rule("3а", tr("before the first rated event {first}", first=first))


def reason_text(rule: Rule) -> str:
    """A reason as the report prints it: ``"not agreed (4)"``, ``"rated"``."""
    # The texts are marked with N_ where the rules are made: shown in the language here.
    if rule in _WITHOUT_CLAUSE:
        return _(rule.text)
    return f"{_(rule.text)} ({rule.clause})"


def reasons_text(rules: tuple[Rule, ...]) -> str:
    return "; ".join(reason_text(rule) for rule in rules)


@dataclass(frozen=True)
class KinteLoss:
    """Rule 5: ``player`` reached his losing illegal move (``count`` of ``limit``)."""

    player: str
    count: int
    limit: int

    @property
    def rule(self) -> Rule:
        return Rule(
            "5",
            tr(
                "kinte loss: {player} {count} of {limit}",
                player=self.player,
                count=self.count,
                limit=self.limit,
            ),
        )


def _enum_text(value: enum.Enum) -> str:
    """An enum's value as a report cell, in the language now in force."""
    return _(str(value.value))


def _label(grade: Grade) -> str:
    return grade.label


# -- units, games, bonuses, promotions ---------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """One unit rated at once: an event of the club records, or one qualification game."""

    #: The file (event) of the records it came from.
    source: EventKey
    kind: UnitKind
    #: The ``event`` column.
    name: str
    #: Its first date (None: undated records).
    day: date | None
    #: Rule 2b: the highest round number in its records (None for a qualification game).
    rounds: int | None = None


@dataclass(frozen=True)
class LnmoGame:
    """One player's side of one game, as rule 2 rated it."""

    day: date | None = shown_as(N_("date"))
    #: The name of the unit (the ``event`` column).
    event: str = shown_as(N_("event"))
    #: The round within the unit (``event_round``).
    round: int = shown_as(N_("round"))
    kind: Kind = shown_as(N_("kind"), _enum_text)
    grade: Grade = shown_as(N_("grade"), _label)
    opponent_grade: Grade = shown_as(N_("opponent_grade"), _label)
    #: Rule 2: the grade difference.
    difference: int = shown_as("D")
    case: Case = shown_as(N_("case"), _enum_text)
    result: Result = shown_as(N_("result"), _enum_text)
    #: Rule 2's table value (None: the game was not decided).
    table: int | None = shown_as(N_("table"))
    #: The reasons, in order: "rated" first for a rated game, then what rules 2a-6 said.
    reasons: tuple[Rule, ...] = shown_as(N_("reason"), reasons_text)
    #: The line of the club records.
    line: int | None = shown_as(N_("line"))
    unit: UnitKind = UnitKind.EVENT
    kinte: KinteLoss | None = None


@dataclass(frozen=True)
class EventBonus:
    """A player's gain in one event and rule 2b's bonus."""

    event: str = shown_as(N_("event"))
    day: date | None = shown_as(N_("date"))
    player: str = shown_as(N_("player"))
    rounds: int = shown_as(N_("rounds"))
    #: Rule 2b: 20 + 3 * rounds.
    threshold: int = shown_as(N_("threshold"))
    #: The net sum of the player's changes in the event.
    gain: int = shown_as(N_("gain"))
    #: The points added by doubling (0 when not doubled).
    bonus: int = shown_as(N_("bonus"))
    #: ``Rule("2b", "bonus doubled")`` when the gain was doubled, else None.
    reason: Rule | None = shown_as(N_("reason"), reason_text)
    rating_before: int | None = shown_as(N_("rating_before"))
    rating_after: int | None = shown_as(N_("rating_after"))
    source: EventKey | None = None

    @property
    def doubled(self) -> bool:
        return self.reason is not None


#: Rule 2b.
BONUS_DOUBLED = Rule("2b", N_("bonus doubled"))


class PromotionPath(enum.Enum):
    """How rule 1a promotes: on reaching a grade's rating, or by a qualification game."""

    def __str__(self) -> str:
        return str(self.value)

    RATING = N_("rating")
    QUALIFICATION = N_("qualification game")


@dataclass(frozen=True)
class RatingRaised:
    """The rating set on promotion by a qualification game: issued from table 1 (3b) when
    there was none, or raised to the new grade's table-1 rating (a decision of
    ``raise_rating_on_qualification``)."""

    before: int | None
    after: int

    @property
    def issued(self) -> bool:
        return self.before is None

    def __str__(self) -> str:
        if self.before is None:
            return tr("rating issued: {after} (table 1, 3b)", after=self.after)
        return tr("rating {before} -> {after} (table 1)", before=self.before, after=self.after)


@dataclass(frozen=True)
class PromotionWay:
    """How a promotion came (rule 1a)."""

    path: PromotionPath
    #: RATING: the rating that reached ``reached``, the new grade's table-1 rating.
    rating: int | None = None
    reached: int | None = None
    #: QUALIFICATION: the handicap played and the instructor who gave it.
    handicap: str | None = None
    giver: str | None = None
    raised: RatingRaised | None = None

    @property
    def rule(self) -> Rule:
        if self.path is PromotionPath.RATING:
            return Rule("1а", N_("promotion on reaching the grade's rating"))
        return Rule("1а", N_("promotion by a qualification game won"))

    def __str__(self) -> str:
        if self.path is PromotionPath.RATING:
            return tr(
                "rating {rating} reached {reached} (1a)", rating=self.rating, reached=self.reached
            )
        text = tr(
            "qualification game won at {handicap} against {giver} (1a)",
            handicap=self.handicap,
            giver=self.giver,
        )
        return f"{text}; {self.raised}" if self.raised is not None else text


@dataclass(frozen=True)
class Promotion:
    """A grade change by rule 1a."""

    player: str = shown_as(N_("player"))
    day: date | None = shown_as(N_("date"))
    event: str = shown_as(N_("event"))
    before: Grade = shown_as(N_("from"), _label)
    after: Grade = shown_as(N_("to"), _label)
    how: PromotionWay = shown_as(N_("how"), str)

    @property
    def rule(self) -> Rule:
        return self.how.rule

    def __str__(self) -> str:
        """The words of the player's ``why`` cell."""
        if self.how.path is PromotionPath.RATING:
            return tr(
                "{before} -> {after} on rating {rating} (1a)",
                before=self.before,
                after=self.after,
                rating=self.how.rating,
            )
        return tr(
            "{before} -> {after}: qualification game won at {handicap} (1a)",
            before=self.before,
            after=self.after,
            handicap=self.how.handicap,
        )


@dataclass(frozen=True)
class BonusDoubled:
    """Rule 2b in a player's ``why``: his gain in ``event`` was above the threshold."""

    event: str
    gain: int
    threshold: int

    @property
    def rule(self) -> Rule:
        return BONUS_DOUBLED

    def __str__(self) -> str:
        return tr(
            "bonus doubled in {event!r}: gain {gain} > {threshold} (2b)",
            event=self.event,
            gain=self.gain,
            threshold=self.threshold,
        )


@dataclass(frozen=True)
class UnratedGames:
    """A count of a player's games that changed nothing, by the first reason."""

    rule: Rule
    games: int

    def __str__(self) -> str:
        return trn(
            "{count} game without change: {reason}",
            "{count} games without change: {reason}",
            count=self.games,
            reason=reason_text(self.rule),
        )


#: One reason in a player's ``why`` cell.
WhyPart = BonusDoubled | Promotion | UnratedGames


def why_text(parts: tuple[WhyPart, ...]) -> str:
    return "; ".join(str(part) for part in parts)


@dataclass(frozen=True)
class Qualification:
    """A player's last qualification game (rule 1b: the wait before the next one)."""

    day: date
    won: bool


@dataclass(frozen=True)
class LnmoPlayer:
    """A player's LNMO detail."""

    grade_before: Grade = shown_as(N_("grade_before"), _label)
    grade_after: Grade = shown_as(N_("grade_after"), _label)
    #: Rule 2b: the points added by doubling, over all events.
    bonus: int = shown_as(N_("bonus"))
    why: tuple[WhyPart, ...] = shown_as(N_("why"), why_text)
    promotions: tuple[Promotion, ...] = ()
    #: The last qualification game after the run (1b), if any.
    qualification: Qualification | None = None
    #: Rules 3, 3a: the rating before was taken from table 1 by grade.
    initial_rating: bool = False
    #: Rule 6: the player holds a FESA grade (no LNMO rating).
    fesa: bool = False

    @property
    def unrated_games(self) -> tuple[UnratedGames, ...]:
        return tuple(part for part in self.why if isinstance(part, UnratedGames))

    def explain(self) -> str:
        """Why the rating and grade changed, in short: the report's ``why`` cell (the bonuses,
        promotions and games without change, with their rules), as a comparison shows it.
        :meth:`derivation` says it in full sentences."""
        return why_text(self.why)

    def derivation(self) -> str:
        """Why the rating and grade changed, in words, citing the LNMO rules."""
        parts: list[str] = []
        if self.fesa:
            parts.append(
                tr(
                    "holds {grade_before}: no LNMO rating (LNMO rules 6); the FESA grade "
                    "gives D against his opponents",
                    grade_before=self.grade_before,
                )
            )
        elif self.initial_rating:
            rating = self.grade_before.table_rating
            parts.append(
                tr(
                    "initial rating {rating} from table 1 for {grade_before} (LNMO rules 3, 3a)",
                    rating=rating,
                    grade_before=self.grade_before,
                )
            )
        elif not self.grade_before.is_rated:
            parts.append(
                tr(
                    "{grade_before}: no rating below 17 kyu (LNMO rules 3b)",
                    grade_before=self.grade_before,
                )
            )
        for part in self.why:
            if isinstance(part, BonusDoubled):
                parts.append(
                    tr(
                        "in {event!r} the gain {gain} was above 20 + 3 x rounds = "
                        "{threshold}, so it was doubled (LNMO rules 2b)",
                        event=part.event,
                        gain=part.gain,
                        threshold=part.threshold,
                    )
                )
            elif isinstance(part, Promotion):
                parts.append(_promotion_words(part))
            else:
                parts.append(
                    trn(
                        "{count} game changed nothing: {text} (LNMO rules {clause})",
                        "{count} games changed nothing: {text} (LNMO rules {clause})",
                        count=part.games,
                        text=_(part.rule.text),
                        clause=part.rule.clause,
                    )
                )
        if self.grade_before == self.grade_after:
            parts.append(tr("grade {grade_after} kept", grade_after=self.grade_after))
        if not self.fesa and self.grade_after.is_rated:
            parts.append(tr("each rated game changed the rating by the table of D (LNMO rules 2)"))
        return "; ".join(parts)


def _promotion_words(promotion: Promotion) -> str:
    how = promotion.how
    text = tr("promoted {before} -> {after}: ", before=promotion.before, after=promotion.after)
    if how.path is PromotionPath.RATING:
        return text + tr(
            "rating {rating} reached {reached} (LNMO rules 1a)",
            rating=how.rating,
            reached=how.reached,
        )
    text += tr(
        "qualification game won at {handicap} against {giver} (LNMO rules 1a)",
        handicap=how.handicap,
        giver=how.giver,
    )
    raised = how.raised
    if raised is None:
        return text
    if raised.before is None:
        return text + tr("; rating {after} issued from table 1 (LNMO rules 3b)", after=raised.after)
    return text + (
        tr(
            "; rating {before} raised to {after}, table 1's rating of {grade} (a "
            "decision: the LNMO rules do not say)",
            before=raised.before,
            after=raised.after,
            grade=promotion.after,
        )
    )


@dataclass(frozen=True)
class LnmoSeason:
    """The season-level values: the units rated and, in the order they happened, the
    bonuses of rule 2b and the promotions of rule 1a."""

    units: tuple[Unit, ...] = ()
    bonuses: tuple[EventBonus, ...] = ()
    promotions: tuple[Promotion, ...] = ()
    #: Rule 4: the games taken as agreed (or not) because the records have no 'agreed' column.
    agreed_defaulted: int = 0
    #: Distinct games that changed a rating.
    games_rated: int = 0

    @property
    def events(self) -> int:
        return sum(1 for unit in self.units if unit.kind is UnitKind.EVENT)

    @property
    def qualification_games(self) -> int:
        return sum(1 for unit in self.units if unit.kind is UnitKind.QUALIFICATION)

    @property
    def facts(self) -> PrintedFacts:
        """What a printable report prints of the event (core.outcome.EventFacts): nothing (the
        units' values have no event type, dates or player count of their own)."""
        return PrintedFacts()


__all__ = [
    "BONUS_DOUBLED",
    "DRAW",
    "FESA_GRADE",
    "HANDICAP_OUTSIDE",
    "JISHOGI",
    "NOT_AGREED",
    "NOT_PLAYED",
    "NOT_RATED",
    "NO_RATING_BELOW_17_KYU",
    "RATED",
    "SENNICHITE",
    "BonusDoubled",
    "Case",
    "EventBonus",
    "Kind",
    "KinteLoss",
    "LnmoGame",
    "LnmoPlayer",
    "LnmoSeason",
    "Promotion",
    "PromotionPath",
    "PromotionWay",
    "Qualification",
    "RatingRaised",
    "Result",
    "Unit",
    "UnitKind",
    "UnratedGames",
    "WhyPart",
    "before_first_rated",
    "reason_text",
    "reasons_text",
    "why_text",
]
