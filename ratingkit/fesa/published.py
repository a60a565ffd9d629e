"""Re-rating a FESA table as FESA published it: the state assumed before the event, and the
published values beside the computed ones."""

from __future__ import annotations

from ..core.errors import InvalidValueError, Location
from ..core.extras import PublishedRow
from ..core.i18n import tr
from ..core.model import Event
from ..core.players import PlayerFile
from .formula import BONUS_GAMES
from .rulesets import FESA, FesaRules
from .state import FesaState
from .steps import categorise, event_games, player_outcome
from .views import published_comparison

#: The game count :func:`state_from_published_table` gives an established player (rule 3:
#: 18 or more; at least 100, so that a counter of 100 means no bonus).
PUBLISHED_TABLE_GAMES = BONUS_GAMES


def state_from_published_table(event: Event, rules: FesaRules | None = None) -> PlayerFile:
    """A player file for re-rating a FESA table as FESA published it (``ELO`` and ``+/-``
    filled in), which does not carry the players' state before the event.  Assumptions:

    * a player whose ``ELO`` has no ``*`` is established (rule 3: 18 games or more; here
      ``games`` 100) with that ``ELO`` as his rating before the event and his grade as held;
    * his bonus counter of rule 9 is read off the table: 0 (the bonus on every game of the
      event) where formula (1), rule (A) and the bonus of rule 9 against the opponents'
      *published* post-event ratings (rules 8 and 11: ``ELO`` plus ``+/-``, or the starred
      ``ELO``) round to his published ``+/-``, else 100 (no bonus);
    * a player whose ``ELO`` has a ``*`` (rated by performance) is new: no rating, no game, no
      previous results, his grade as a prior grade (rule 7).  A starred player whose published
      rating rests on results of earlier events that the table does not show is therefore not
      reproduced.

    The records are matched on the players' names, as a FESA table's player file is."""
    rules = rules or FESA
    post: dict[str, int] = {}
    for p in event.players:
        row = PublishedRow.of(p)
        if row.rating is not None:
            post[p.id] = row.rating
        elif p.rating is not None and row.change is not None:
            post[p.id] = p.rating + row.change
        elif p.rating is not None and not any(
            g.is_played and p.id in g.players for g in event.games
        ):
            post[p.id] = p.rating
        else:
            raise InvalidValueError(
                tr(
                    (
                        "player {id} ({name}): the table gives no published rating after "
                        "the event (ELO with * or +/-): it is not a rated, published "
                        "FESA table"
                    ),
                    id=p.id,
                    name=p.name,
                ),
                Location(event.source) if event.source else None,
                p.name,
            )
    new = {p.id for p in event.players if PublishedRow.of(p).rating is not None}
    states = {
        p.id: FesaState(p.id, p.name, None, 0, 0)
        if p.id in new
        else FesaState(p.id, p.name, p.rating, PUBLISHED_TABLE_GAMES, 0)
        for p in event.players
    }
    played, _eras = event_games(rules, event, states)
    rows: list[dict[str, object]] = []
    for p in event.players:
        grade = PublishedRow.of(p).grade or ""
        if p.id in new:
            rows.append({"name": p.name, "games": 0, "prior_grade": grade, "bonus_games": 0})
            continue
        state = states[p.id]
        category = categorise(state, len(played[p.id]))
        with_bonus = player_outcome(rules, state, category, played[p.id], post)
        counter = 0 if with_bonus.rating_after == post[p.id] else BONUS_GAMES
        rows.append(
            {
                "name": p.name,
                "rating": p.rating,
                "games": PUBLISHED_TABLE_GAMES,
                "grade": grade,
                "bonus_games": counter,
            }
        )
    return PlayerFile.from_records(rows, f"{event.source or event.name}: state assumed")


__all__ = ["PUBLISHED_TABLE_GAMES", "published_comparison", "state_from_published_table"]
