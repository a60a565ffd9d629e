"""A rule set from outside ratingkit (issue 27): a plain Elo with a fixed K, defined here and
registered through the entry point group ``ratingkit.rule_sets`` by tests/test_outside_rule_set.py.

Its rule: expected score E = 1 / (1 + 10 ** ((Ro - R) / 400)) per game, change K * (W - We)
with K = 20, rounded to a whole point; an unrated player enters at 1500.  It uses only the
public members of ratingkit.core (the protocol, the outcome, the report built from it)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from ratingkit.core import outcome_codec
from ratingkit.core.outcome import (
    EventKey,
    EventOutcome,
    GameKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    shown_as,
)
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.report import CheckTable
from ratingkit.core.ruleset import RuleSetMembers, events_of

K = 20
ELO_RULE = Rule("elo 1", "K * (W - We), K = 20")
outcome_codec.allow_module(__name__)  # the ledger stores its details


@dataclass(frozen=True)
class EloDetail:
    k: int = shown_as("K")
    rule: Rule = shown_as("rule", str)


class EloState:
    """The state is the rating alone."""

    columns: tuple[str, ...] = ()
    differing_rating = None

    def read(self, record: PlayerRecord) -> int | None:
        return record.rating

    def write(self, record: PlayerRecord, state: int | None) -> PlayerRecord:
        return replace(record, rating=state)


ELO_STATE = EloState()


def expected(own: int, opponent: int) -> float:
    return 1 / (1 + 10 ** ((opponent - own) / 400))


@dataclass(frozen=True)
class PlainElo(RuleSetMembers):
    name: str = "plain-elo"
    title: str = "plain Elo, K = 20 (an outside rule set of the tests)"
    document: str = "tests/elo_rule_set.py"
    valid_from: date | None = None
    valid_until: date | None = None
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = False
    #: One codec for every instance (a class attribute, not a field).
    state = ELO_STATE

    def _outcome(self, event, players, position: int) -> Outcome:
        known = {r.id: r for r in players} if players is not None else {}
        before = {
            p.id: (known[p.id].rating if p.id in known and known[p.id].rating else p.rating) or 1500
            for p in event.players
        }
        results, records = [], []
        for player in event.players:
            games = event.played_games_of(player.id)
            score = sum((Fraction(g.score_of(player.id)) for g in games), Fraction(0))
            opponents = [g.black if g.white == player.id else g.white for g in games]
            we = sum(expected(before[player.id], before[o]) for o in opponents)
            change = round(K * (float(score) - we))
            results.append(
                PlayerOutcome(
                    id=player.id,
                    name=player.name,
                    rating_before=before[player.id],
                    games=len(games),
                    score=score,
                    expected=Fraction(we).limit_denominator(10000),
                    change=change,
                    rating_after=before[player.id] + change,
                    status=Status.RATED,
                    detail=EloDetail(K, ELO_RULE),
                )
            )
            records.append(
                PlayerRecord(id=player.id, name=player.name, rating=before[player.id] + change)
            )
        part = EventOutcome(EventKey.of(event, position), tuple(results))
        return Outcome(
            self.name, event.name, tuple(results), (part,), new_state=PlayerFile(tuple(records))
        )

    def outcome(self, events, players=None) -> Outcome:
        events, _alone = events_of(events)
        state, parts, results = players, [], []
        for position, event in enumerate(events):
            outcome = self._outcome(event, state, position)
            parts.extend(outcome.events)
            results.extend(outcome.players)
            known = {r.id: r for r in state} if state is not None else {}
            known.update({r.id: r for r in outcome.new_state})
            state = PlayerFile(tuple(known.values()))
        return Outcome(
            self.name,
            " + ".join(e.name for e in events),
            tuple(results),
            tuple(parts),
            new_state=state,
        )

    def check(self, event, players=None):
        return CheckTable.of(())


PLAIN_ELO = PlainElo()
#: What the entry point names (a sequence of rule sets, or one).
RULE_SETS = (PLAIN_ELO,)
