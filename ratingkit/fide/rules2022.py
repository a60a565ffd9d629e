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

:func:`ratingkit.services.versions.versions_table` sets the versions' changed clauses side by
side; :func:`ratingkit.services.versions.dispatch_table` shows what ``--rules fide`` does on given
days (a view over the registry, above the rating systems).
"""

from __future__ import annotations

from .rulesets import DOCUMENT_2017, DOCUMENT_2022, FIDE_2022, GAP_2017, Fide2022

__all__ = [
    "DOCUMENT_2017",
    "DOCUMENT_2022",
    "FIDE_2022",
    "GAP_2017",
    "Fide2022",
]
