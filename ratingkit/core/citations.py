"""Concepts that shared code cites, and the table that maps them onto a document's clauses.

Code shared between rule sets (the FIDE package serves the texts of 2014, 2022, 2024 and
2025) never writes a clause number: it cites a :class:`Concept` ("the unrated opponent",
"the rating-difference cap") and asks the rule set in force for its :class:`Rule`.  Each
document has one :class:`Citations` table that names, for every concept it decides, its own
clause and words (the 2014 text's "8.52" rates unrated opponents in round robins; the 2024
text's "8.3.1" rates no such game).  A concept the document has no clause for is cited by a
label the document's explanation lists as no clause, never by another text's number.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .outcome import Rule

__all__ = ["Citations", "Concept"]


class Concept(enum.Enum):
    """What a shared computation decides, whatever a document numbers it."""

    #: A rated player's game against an unrated opponent (whether and when it is rated).
    UNRATED_OPPONENT = "unrated opponent"
    #: The event's note on those games.
    UNRATED_OPPONENTS_NOTE = "unrated opponents' games"
    #: An unrated player who scores 0 in his first event is not counted.
    ZERO_IN_FIRST_EVENT = "zero in the first event"
    #: His opponent's game against him: the opponent's result is not counted either.
    OPPONENT_NOT_COUNTED = "opponent not counted"
    #: His own game against such a player, in the vectorised path's words.
    RESULT_NOT_COUNTED = "result not counted"
    #: An unrated player's average of opponents counts rated opponents only.
    RATED_OPPONENTS_ONLY = "rated opponents only"
    #: A rated opponent's game counts towards the unrated player's average.
    COUNTS_TOWARDS_AVERAGE = "counts towards the average"
    #: A round robin's tournament average for its unrated players (2014 8.21b).
    ROUND_ROBIN_AVERAGE = "round robin average"
    #: The round robin's iteration of the unrated players' ratings (2014 8.58).
    ROUND_ROBIN_ITERATION = "round robin iteration"
    #: A player first rated during the event counts as unrated for his opponents.
    FIRST_RATED_DURING_EVENT = "first rated during the event"
    #: Earlier temporary ratings of unrated players are ignored.
    TEMPORARY_RATINGS = "temporary ratings"
    #: A first rating computed from all his games as one event.
    FIRST_RATING_AS_ONE_EVENT = "first rating as one event"
    #: The list incorporates the period's change into the previous list's rating.
    PREVIOUS_LIST = "previous list"
    #: The rating-difference cap (400 points).
    DIFFERENCE_CAP = "rating-difference cap"
    #: The K rules.
    K_RULE = "K rule"
    #: A first rating's least number of games (and the pooling of results).
    FIRST_RATING_GAMES = "first rating games"
    #: The initial rating's rule when one clause states all its cases.
    INITIAL_RATING = "initial rating"


@dataclass(frozen=True)
class Citations:
    """One document's table: each concept it decides as its own clause and words."""

    #: The document, as its explanation names it (for the error below).
    document: str
    rules: Mapping[Concept, Rule]

    def cite(self, concept: Concept) -> Rule:
        """The document's clause and words for ``concept``."""
        try:
            return self.rules[concept]
        except KeyError:
            # A programming error, not bad input: a shared computation cited a concept this
            # document's table does not name.
            raise LookupError(f"{self.document} has no citation for {concept.value!r}") from None

    def clause(self, concept: Concept) -> str:
        """The document's clause number for ``concept``."""
        return self.cite(concept).clause

    def replacing(self, document: str, **changed: Rule) -> Citations:
        """This table with the concepts named (by member name) cited otherwise: an amended
        text (FIDE 2025 amends 8.3.1 of 2024)."""
        rules = dict(self.rules)
        for name, rule in changed.items():
            rules[Concept[name]] = rule
        return Citations(document, rules)
