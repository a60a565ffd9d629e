"""Issue 27 part 1: the outcome is what a rule set returns.  ``outcome(events, players)`` is
the protocol; ``rate`` and ``rate_events`` are its view (``report_of``), built once in
:class:`ratingkit.core.ruleset.RuleSetMembers`; every report carries its outcome."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

import ratingkit
from ratingkit import cli
from ratingkit.core.report import Report
from ratingkit.registry import get_rule_set

EXAMPLES = ROOT / "examples"

#: One example event for each family of built-in rule sets.
CASES = [
    ("fide-2014", "round-robin-two-unrated.trf"),
    ("fide-2024", "karl-mala-2005-swiss.trf"),
    ("fide-1982", "fide-1982-berger.csv"),
    ("fesa", "fesa-spring-cup.txt"),
    ("lnmo", "lnmo-club"),
]


@pytest.mark.parametrize(("rules", "example"), CASES)
def test_the_report_shows_the_outcome_the_rule_set_computes(rules, example):
    event = ratingkit.read_event(EXAMPLES / example)
    rule_set = get_rule_set(rules)
    computed = rule_set.outcome(event)
    # rate() is the view of outcome(): the same values, not a second computation
    assert rule_set.rate(event).outcome == computed
    assert ratingkit.outcome(event, rules) == computed
    assert ratingkit.rate(event, rules).outcome == computed
    # the view has one player row per player outcome, in the outcome's order
    report = rule_set.report_of(computed)
    assert [row["id"] for row in report.players.rows] == [p.id for p in computed.players]


def test_several_events_are_rated_together_as_one_outcome():
    """FIDE 2014 7.1: one rating period's events are one outcome, each event's part keyed by
    its position."""
    events = [
        ratingkit.read_event(EXAMPLES / "round-robin-two-unrated.trf"),
        ratingkit.read_event(EXAMPLES / "karl-mala-2005-swiss.trf"),
    ]
    rule_set = get_rule_set("fide-2014")
    period = rule_set.outcome(events)
    assert [part.key.position for part in period.events] == [0, 1]
    assert rule_set.rate_events(events).outcome.players == period.players


def test_a_report_cannot_be_built_without_its_outcome():
    with pytest.raises(TypeError, match="outcome"):
        Report.build(title="t", rules="r", rows=[])  # type: ignore[call-arg]


def test_player_shows_every_game_he_played_under_fide_1982(capsys):
    """--player reads the outcome's game sides: under FIDE 1982 (one game row a game, the
    white side's) the player's games as black are listed too."""
    path = EXAMPLES / "round-robin-two-unrated.trf"
    event = ratingkit.read_event(path)
    played = [g for g in event.games if "1" in (g.white, g.black)]
    assert any(g.black == "1" for g in played)
    argv = ["rate", str(path), "--rules", "fide-1982", "--player", "1", "--format", "json"]
    assert cli.main(argv) == 0
    shown = json.loads(capsys.readouterr().out)["games"]
    assert len(shown) == len(played) == 7
    assert sorted((g["round"], g["white"], g["black"]) for g in shown) == sorted(
        (g.round, g.white, g.black) for g in played
    )
