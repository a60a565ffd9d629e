"""ratingkit: rating systems computed exactly as their documents define them.

The pieces:

* :mod:`ratingkit.core.model`: players, games, byes, events (immutable);
* :mod:`ratingkit.core.expected`: expected-score formulas and FIDE's printed tables;
* :mod:`ratingkit.fide.engine`: the numpy FIDE 2014 engine (a rating period)
  (:func:`rate_period`);
* :mod:`ratingkit.core.outcome`: the typed outcome every rule set computes (:func:`outcome`);
* :mod:`ratingkit.core.report`: the report, the outcome's view (:func:`rate`);
* :mod:`ratingkit.registry`: the registry of rule sets (:mod:`ratingkit.core.ruleset`: what a
  rule set is, and the guard);
* :mod:`ratingkit.formats`: readers and writers of event files;
* :mod:`ratingkit.core.players`: the player file with state the event files lack;
* :mod:`ratingkit.notebook.widgets` and :mod:`ratingkit.notebook.plots`: what the notebooks display.
"""

from typing import Any

from .core.errors import RatingkitError, naming
from .core.model import Bye, Event, EventType, Game, Player
from .core.outcome import Outcome
from .core.players import PlayerFile, read_player_file
from .core.report import Report, Table
from .core.ruleset import guard
from .formats import read_event
from .registry import get_rule_set, rule_sets

__version__ = "0.1.0"


def outcome(event: Event, rules: str, players: PlayerFile | None = None) -> Outcome[Any, Any]:
    """What the rule set named ``rules`` computes for ``event``, typed (its
    :meth:`~ratingkit.core.ruleset.RuleSet.outcome`); what the rule set cannot rate (a chess
    event under a shogi rule set and the other way round, a score table under a rule set
    that rates games) is refused first, by :func:`ratingkit.core.ruleset.guard`."""
    rule_set = get_rule_set(rules)
    # A refusal names the event's file, as on the command line (issue 25, 5).
    with naming([event.source] if event.source else []):
        guard(rule_set, [event], players)
        return rule_set.outcome(event, players)


def rate(event: Event, rules: str, players: PlayerFile | None = None) -> Report:
    """The report of ``event`` under the rule set named ``rules``: the view of
    :func:`outcome`."""
    return get_rule_set(rules).report_of(outcome(event, rules, players))


def rate_period(games: Any, players: Any, rules: str = "fide-2014", **options: Any) -> Report:
    """Rate a whole rating period from pandas frames with the numpy engine (see
    :func:`ratingkit.fide.rate_period`, the adapter in front of
    :func:`ratingkit.fide.engine.frames.rate_frames`)."""
    from .fide import rate_period as fide_rate_period

    report: Report = fide_rate_period(games, players, rules, **options)
    return report


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
    "outcome",
    "rate",
    "rate_period",
    "read_event",
    "read_player_file",
    "rule_sets",
]
