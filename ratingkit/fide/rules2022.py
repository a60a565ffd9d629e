"""FIDE between 2014 and 2024: the texts of 1 July 2017 and of 1 January 2022 (FIDE Handbook B.02).

FIDE replaced the 2014 text (rule set ``fide-2014``) on 1 July 2017 and again on 1 January 2022;
the 2024 text (``fide-2024``) replaced the 2022 one on 1 March 2024.  The handbook lists them as
"effective from 1 July 2014 till 30 June 2017", "effective from 1 July 2017 till 31 December 2021
(with amendments effective from 1 February 2021)" and "effective from 1 January 2022 till
29 February 2024".

* **2017** (2017-07-01 to 2021-12-31): the text of sections 7 and 8 could not be established
  (no transcript of it was found; FIDE's own lists of the 2022 changes give only what 2022
  changed).  There is no ``fide-2017``: ``--rules fide`` refuses an event that starts in this
  window and names the missing text (:data:`GAP_2017`), and never rates it under another version.
* **2022** (2022-01-01 to 2024-02-29), rule set ``fide-2022``: the 2014 rule set with the
  clauses the 2022 text changed:

  - 8.2.2 "Ra is the average rating of the player's rated opponents", 8.2.3 +20 for each half
    point over 50%, below 50% Ra + dp: the initial rating comes from rated opponents only, in
    round robins too (no 2014 Ra = Rar - dpa * n/(n+1), no 8.58 iteration);
  - 8.3.1 "for each game played against a rated player": the rated players' games against
    unrated opponents are not rated, in round robins neither (2014 8.52 rated them there);
  - 8.3.1 "In any tournament, a player may benefit from only one upgrade under this rule, for
    the game in which the rating difference is greatest": the 400-point cap once per event;
  - 8.3.3 K 40/20/10, juniors "until the end of the year of their 18th birthday", K * n <= 700;
  - the floor 1000 (7.1.4, 7.2.1 in the 2024 numbering: a rating below it is not published);
  - 7.1.4 a first rating rests on at least 5 games against rated opponents
    (``first_rating_min_games``).

:func:`versions_table` sets the versions' changed clauses side by side; :func:`dispatch_table`
shows what ``--rules fide`` does on given days.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from ..core.errors import RatingkitError
from ..core.model import Event, EventType
from ..core.report import Table
from ..core.ruleset import (
    FamilyGap,
    families,
    family_gaps,
    get_rule_set,
    rule_set_in_force,
)
from .rules2014 import Fide2014

DOCUMENT_2017 = (
    "FIDE Rating Regulations effective from 1 July 2017 till 31 December 2021 (FIDE Handbook "
    "B.02, with amendments effective from 1 February 2021)"
)
DOCUMENT_2022 = (
    "FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024 (FIDE Handbook "
    "B.02): 8.2.2-8.2.3 initial rating from rated opponents only, 8.3.1 the 400-point rule once "
    "per tournament, 8.3.3 K * n <= 700, floor 1000"
)

#: 2017-07-01 to 2021-12-31: no rule set, ``--rules fide`` refuses these events.
GAP_2017 = FamilyGap(
    valid_from=date(2017, 7, 1),
    valid_until=date(2021, 12, 31),
    document=DOCUMENT_2017,
    reason="its sections 7 and 8 could not be established from FIDE's texts",
)


@dataclass(frozen=True)
class Fide2022(Fide2014):
    """FIDE Rating Regulations effective from 1 January 2022 till 29 February 2024."""

    name: str = "fide-2022"
    title: str = "FIDE Rating Regulations 1 January 2022"
    document: str = DOCUMENT_2022
    valid_from: date | None = date(2022, 1, 1)
    #: The day before the 2024 regulations came into force (rule set ``fide-2024``).
    valid_until: date | None = date(2024, 2, 29)
    label: str = "FIDE 2022"
    #: 8.2.2: Ra over the rated opponents, in round robins too (no 8.58 iteration).
    round_robin_iteration: bool = False
    #: 8.3.1 "for each game played against a rated player": never against an unrated one.
    rate_unrated_in_round_robins: bool = False
    unrated_opponent_note: str = (
        "8.3.1: opponent unrated (only games against rated players are rated, round robins too)"
    )
    cap_rule: str = "8.3.1"
    #: 8.3.1: "a player may benefit from only one upgrade under this rule" in a tournament.
    cap_once_per_event: bool = True
    #: No rating below this is published (7.1.4, 7.2.1 in the 2024 numbering).
    floor: int | None = 1000
    #: 8.3.3: 40/20/10 as in 2014, juniors "until the end of the year of their 18th
    #: birthday", then K * n <= 700 over the period's games (Fide2014.choose_k applies them).
    k_clause: str = "8.3.3"
    junior_until_year_end: bool = True
    k_times_n_max: int | None = 700
    #: 7.1.4: a first rating is published from this many games against rated opponents.
    first_rating_min_games: int = 5
    first_rating_clause: str = "7.1.4"
    #: 1.1 of the 2022 text: 120 minutes where a player is rated 2400 or more, 90 where one is
    #: rated 1800 or more, else 60 (the 2017 text had 2200 and 1600); 1.2: a first time control
    #: that names a number of moves names at least 30 (2017: 40).  From the lists of the
    #: changes of 1 January 2022 that federations published (US Chess; a Polish arbiters' blog
    #: giving the old and the new 1.1-1.2 side by side): the same as the 2024 text.
    minimum_minutes: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90), (0, 60))
    minimum_first_control_moves: int | None = 30

    def initial_rating(self, pairs):
        """8.2.2-8.2.3: Ra over the rated opponents; Ra at 50%, + 20 for each half point over
        50%, Ra + dp below (the 2014 arithmetic of 8.21a-8.24, under the 2022 numbers)."""
        ra, value, rule = super().initial_rating(pairs)
        return ra, value, re.sub(r"^8\.2[2-5]:", "8.2.3:", rule).replace("Rc + dp", "Ra + dp")

    def capped_games(self, rating: int, differences: Sequence[int]) -> set[int]:
        """8.3.1: a player more than 400 above his opponent (the cap raises the opponent's
        rating for him: an upgrade) has D capped in one game of the event only, the one with
        the greatest difference (the earliest of equal ones: the sum is the same); his other
        games use the real difference.  A player more than 400 below his opponent does not
        benefit from the cap: every such game counts as -400 (the first sentence of 8.3.1)."""
        if not self.cap_once_per_event:
            return super().capped_games(rating, differences)
        capped = {i for i, d in enumerate(differences) if d < -self.cap}
        upgrades = [i for i, d in enumerate(differences) if d > self.cap]
        if upgrades:
            capped.add(max(upgrades, key=lambda i: (differences[i], -i)))
        return capped

    def no_cap_note(self, rating: int) -> str:
        return (
            "8.3.1: one upgrade per tournament, in the game of the greatest difference; here the "
            "real difference counts"
        )

    def decision_notes(self, event: Event) -> list[str]:
        notes = [
            f"{self.label}: only played games are rated (TRF 1 = 0); 8.3.1: a difference of "
            "more than 400 counts as 400, but a player more than 400 above his opponent "
            "benefits from it in one game of the event only, the one with the greatest "
            "difference (read here: for the lower-rated player every such game counts as 400); "
            "the change is rounded to the nearest integer, .5 away from zero, once per event or "
            "period",
            "8.2.1-8.2.3: an unrated player with 0 in his first event is not counted; Ra is the "
            "average of his rated opponents, Ru = Ra at 50%, + 20 for each half point over 50% "
            "(of his games against rated opponents), Ra + dp below; Ru rounded .5 away from "
            "zero; round robins the same (no 8.58 iteration)",
            "8.3.1: the rated players' games against unrated opponents are not rated, in round "
            "robins neither",
            f"floor {self.floor}: a new rating or an Ru below it is not published (the player is "
            f"listed as unrated); 7.1.4: a first rating rests on at least "
            f"{self.first_rating_min_games} games against rated opponents",
            f"8.3.3: K 40 for fewer than 30 games, 20 below 2400, 10 once 2400 was reached, 40 "
            f"for juniors under 2300 until 31 December of the year of their 18th birthday; K * n "
            f"<= {self.k_times_n_max}: K = the largest whole number with K * n <= "
            f"{self.k_times_n_max} (n: the player's rated games in the event or period)",
        ]
        if event.type is EventType.ROUND_ROBIN:
            notes.append(
                "round robin: rated as a Swiss event is (8.2.2 and 8.3.1 name rated opponents "
                "only); game notes that cite 8.21a name the 2014 clause the 2022 text keeps"
            )
        return notes


FIDE_2022 = Fide2022()


# -- The versions side by side ---------------------------------------------------------------

#: The columns of :func:`versions_table`: the FIDE texts of 2014 to 2025.
VERSIONS = ("fide-2014", "fide-2017", "fide-2022", "fide-2024", "fide-2025")
CLAUSES = (
    "in force",
    "initial rating",
    "round robins: unrated players",
    "games against unrated opponents",
    "400-point rule",
    "K",
    "K * n",
    "floor",
    "first rating",
)


def _describe(rules) -> dict[str, str]:
    """The changed clauses of one rule set in words, from its fields (2014 or 2022 numbering)."""
    new = rules.valid_from is not None and rules.valid_from >= date(2022, 1, 1)
    n_initial, n_games, n_cap, n_k = (
        ("8.2.2-8.2.3", "8.3.1", "8.3.1", "8.3.3") if new else ("8.21-8.25", "8.52", "8.54", "8.56")
    )
    hypothetical = getattr(rules, "hypothetical_opponents", ())
    if hypothetical:
        initial = (
            f"Ra over the rated opponents + {len(hypothetical)} hypothetical "
            f"{'/'.join(str(h) for h in hypothetical)} (draws); Ru = Ra + dp, at most "
            f"{rules.initial_max}"
        )
    else:
        initial = (
            f"{n_initial}: average of the rated opponents; + 20 per half point over 50%, "
            "below: + dp"
        )
    if rules.round_robin_iteration:
        round_robin = "8.21b: Ra = Rar - dpa * n/(n+1) over the tournament, 8.58 iteration"
    else:
        round_robin = "as in a Swiss event: rated opponents only, no iteration"
    if rules.rate_unrated_in_round_robins:
        unrated = "8.52: rated in round robins only, with the opponent's Ru"
    else:
        unrated = f"{n_games}: never rated"
    if getattr(rules, "cap_once_per_event", False):
        cap = f"{n_cap}: 400 once per tournament (the game of the greatest difference)"
    elif getattr(rules, "cap_only_below", None) is not None:
        cap = f"{n_cap}: 400 in every game, for players rated below {rules.cap_only_below} only"
    else:
        cap = f"{n_cap}: 400 in every game"
    k_max = getattr(rules, "k_times_n_max", None)
    junior = "under 18" if k_max is None else "until the end of the year of the 18th birthday"
    floor = getattr(rules, "floor", None)
    minimum = getattr(rules, "first_rating_min_games", None)
    start = rules.valid_from.isoformat() if rules.valid_from else "..."
    end = rules.valid_until.isoformat() if rules.valid_until else "..."
    return {
        "in force": f"{start} to {end}",
        "initial rating": initial,
        "round robins: unrated players": round_robin,
        "games against unrated opponents": unrated,
        "400-point rule": cap,
        "K": f"{n_k}: 40 (< 30 games; juniors {junior}, < 2300) / 20 / 10 (2400 reached)",
        "K * n": f"{n_k}: K * n <= {k_max}" if k_max is not None else "no limit",
        "floor": str(floor) if floor is not None else "none (section 8 has none)",
        "first rating": (
            f"at least {minimum} games against rated opponents"
            if minimum
            else "no minimum in this rule set"
        ),
    }


def versions_table(versions: Sequence[str] = VERSIONS, family: str = "fide") -> Table:
    """The clauses that changed between FIDE's texts, one row per clause and one column per
    version: what each rule set does (from its own fields), and for a window without a rule
    set (``fide-2017``) the missing text."""
    gaps = {gap.valid_from.year: gap for gap in family_gaps(family)}
    columns = {}
    for name in versions:
        year = int(name.rsplit("-", 1)[1]) if name[-4:].isdigit() else None
        gap = gaps.get(year) if year is not None else None
        if name not in families().get(family, ()) and gap is not None:
            columns[name] = {
                "in force": f"{gap.valid_from.isoformat()} to {gap.valid_until.isoformat()} "
                "(no rule set: --rules fide refuses these events)"
            } | {clause: "text not established" for clause in CLAUSES[1:]}
        else:
            columns[name] = _describe(get_rule_set(name))
    rows = [{"clause": clause} | {v: columns[v][clause] for v in versions} for clause in CLAUSES]
    return Table("FIDE's texts side by side: the clauses that changed", ("clause", *versions), rows)


def dispatch_table(days: Iterable[date], family: str = "fide") -> Table:
    """What ``--rules fide`` does with an event that starts on each day: the rule set it
    picks, or why it refuses the event."""
    rows = []
    for day in days:
        try:
            rows.append({"start": day, "rule set": rule_set_in_force(family, day).name, "note": ""})
        except RatingkitError as error:
            rows.append({"start": day, "rule set": None, "note": str(error)})
    return Table(f"--rules {family} by the event's start date", ("start", "rule set", "note"), rows)


__all__ = [
    "CLAUSES",
    "DOCUMENT_2017",
    "DOCUMENT_2022",
    "FIDE_2022",
    "GAP_2017",
    "VERSIONS",
    "Fide2022",
    "dispatch_table",
    "versions_table",
]
