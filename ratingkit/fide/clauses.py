"""FIDE's texts name their own clauses: one :class:`~ratingkit.core.citations.Citations`
table per document.

The FIDE package's computations are shared by the texts of 2014, 2022, 2024 and 2025; they
cite a :class:`~ratingkit.core.citations.Concept` and the rule set in force gives its
document's clause and words from its table here.  The 2014 numbers are section 8 of the
Russian text (``ratingkit/documents/fide-2014.json``); the 2022 and 2024 numbers those of
FIDE Handbook B.02 as ``ratingkit/documents/fide-later.json`` lists them.  Where a later text's
number for a rule it keeps was not established (the 2014 8.4 and 8.53), the table cites a
label that its explanation lists as no clause, never the 2014 number.  The 2017 text has no
table: it has no rule set (``GAP_2017``).
"""

from __future__ import annotations

from ..core.citations import Citations, Concept
from ..core.i18n import N_
from ..core.outcome import Rule

__all__ = ["CITATIONS_2014", "CITATIONS_2022", "CITATIONS_2024", "CITATIONS_2025"]

#: FIDE Rating Regulations effective 1 July 2014, section 8.
CITATIONS_2014 = Citations(
    "FIDE Rating Regulations 2014",
    {
        Concept.UNRATED_OPPONENT: Rule(
            "8.52", N_("opponent unrated (only round robins rate these games)")
        ),
        Concept.UNRATED_OPPONENTS_NOTE: Rule(
            "8.52", N_("games against unrated opponents rated in round robins only")
        ),
        Concept.ZERO_IN_FIRST_EVENT: Rule(
            "8.21", N_("an unrated player with 0 in his first event is not counted")
        ),
        Concept.OPPONENT_NOT_COUNTED: Rule("8.21", N_("opponent's result not counted")),
        Concept.RESULT_NOT_COUNTED: Rule("8.21", N_("his result is not counted")),
        Concept.RATED_OPPONENTS_ONLY: Rule("8.21a", N_("Rc counts rated opponents only")),
        Concept.COUNTS_TOWARDS_AVERAGE: Rule("8.21a", N_("counts towards Rc")),
        Concept.ROUND_ROBIN_AVERAGE: Rule("8.21b", N_("counts towards Ru (8.21b, 8.58)")),
        Concept.ROUND_ROBIN_ITERATION: Rule("8.58", N_("iteration")),
        Concept.FIRST_RATED_DURING_EVENT: Rule("8.4", N_("first rated during the event")),
        Concept.TEMPORARY_RATINGS: Rule("8.53", N_("earlier temporary ratings are ignored")),
        Concept.FIRST_RATING_AS_ONE_EVENT: Rule("8.3"),
        Concept.PREVIOUS_LIST: Rule("7.1", N_("the change goes onto the previous list")),
        Concept.DIFFERENCE_CAP: Rule("8.54"),
        Concept.K_RULE: Rule("8.56"),
        Concept.FIRST_RATING_GAMES: Rule("7.14"),
    },
)

#: The later texts' labels for the 2014 rules they keep without an established number.
_FIRST_RATED_LATER = Rule("first rated during the event", N_("counts as unrated for his opponents"))
_TEMPORARY_LATER = Rule("earlier temporary ratings", N_("earlier temporary ratings are ignored"))
#: 8.3.1 "for each game played against a rated player" (2022; 2024 and 2025 alike).
_UNRATED_LATER = Rule("8.3.1", N_("games against unrated opponents are not rated"))

#: FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024.
CITATIONS_2022 = Citations(
    "FIDE Rating Regulations 1 January 2022",
    {
        Concept.UNRATED_OPPONENT: _UNRATED_LATER,
        Concept.UNRATED_OPPONENTS_NOTE: _UNRATED_LATER,
        Concept.ZERO_IN_FIRST_EVENT: Rule(
            "8.2.1", N_("an unrated player with 0 in his first event is not counted")
        ),
        Concept.OPPONENT_NOT_COUNTED: Rule("8.2.1", N_("opponent's result not counted")),
        Concept.RESULT_NOT_COUNTED: Rule("8.2.1", N_("his result is not counted")),
        Concept.RATED_OPPONENTS_ONLY: Rule("8.2.2", N_("Ra counts rated opponents only")),
        Concept.COUNTS_TOWARDS_AVERAGE: Rule("8.2.2", N_("counts towards Ra")),
        Concept.FIRST_RATED_DURING_EVENT: _FIRST_RATED_LATER,
        Concept.TEMPORARY_RATINGS: _TEMPORARY_LATER,
        Concept.FIRST_RATING_AS_ONE_EVENT: Rule("7.1.4"),
        Concept.PREVIOUS_LIST: Rule("7.1", N_("the change goes onto the previous list")),
        Concept.DIFFERENCE_CAP: Rule("8.3.1"),
        Concept.K_RULE: Rule("8.3.3"),
        Concept.FIRST_RATING_GAMES: Rule("7.1.4"),
        Concept.INITIAL_RATING: Rule("8.2.3"),
    },
)

#: FIDE Rating Regulations effective 1 March 2024: the 2022 numbering of these concepts.
CITATIONS_2024 = CITATIONS_2022.replacing("FIDE Rating Regulations 1 March 2024")

#: The amendment of 1 October 2025 changes 8.3.1 (the cap only below 2650), not its number.
CITATIONS_2025 = CITATIONS_2024.replacing(
    "FIDE Rating Regulations 1 March 2024, amended 1 October 2025"
)
