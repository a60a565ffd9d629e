"""ratingkit: rating systems computed exactly as their documents define them.

The pieces:

* :mod:`ratingkit.model`: players, games, byes, events (immutable);
* :mod:`ratingkit.expected`: expected-score formulas and FIDE's printed tables;
* :mod:`ratingkit.engine`: a vectorised FIDE 2014 rating period (:func:`rate_period`);
* :mod:`ratingkit.report`: the report type every rule set returns;
* :mod:`ratingkit.rulesets`: the registry of rule sets;
* :mod:`ratingkit.formats`: readers and writers of event files;
* :mod:`ratingkit.playerfile`: the player file with state the event files lack;
* :mod:`ratingkit.widgets` and :mod:`ratingkit.plots`: what the notebooks display.
"""

from .errors import RatingkitError
from .formats import read_event
from .model import Bye, Event, EventType, Game, Player
from .playerfile import PlayerFile, read_player_file
from .report import Report, Table
from .rulesets import get_rule_set, rule_sets

__version__ = "0.1.0"


def rate(event: Event, rules: str, players: PlayerFile | None = None) -> Report:
    """Rate ``event`` under the rule set named ``rules`` (a chess event is refused by a shogi
    rule set and the other way round)."""
    from .compare import require_same_game

    rule_set = get_rule_set(rules)
    require_same_game(event, rule_set, players)
    return rule_set.rate(event, players)


def rate_period(games, players, rules: str = "fide-2014", **options) -> Report:
    """Rate a whole rating period from pandas frames, vectorised (see
    :func:`ratingkit.engine.rate_period`)."""
    from .engine import rate_period as engine_rate_period

    return engine_rate_period(games, players, rules, **options)


__all__ = [
    "Bye",
    "Event",
    "EventType",
    "Game",
    "Player",
    "PlayerFile",
    "RatingkitError",
    "Report",
    "Table",
    "__version__",
    "get_rule_set",
    "rate",
    "rate_period",
    "read_event",
    "read_player_file",
    "rule_sets",
]
