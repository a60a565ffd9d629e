from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest

from ratingkit import registry as rulesets
from ratingkit.core.errors import RatingkitError, UnknownRuleSetError
from ratingkit.core.outcome import GameKind
from ratingkit.core.players import PlayerRecord
from ratingkit.core.ruleset import RuleSet, RuleSetMembers
from ratingkit.registry import get_rule_set, register, rule_sets


@dataclass(frozen=True)
class _Rules(RuleSetMembers):
    name: str = "probe"
    title: str = "probe rules"
    document: str = "none"
    valid_from: date | None = None
    valid_until: date | None = None
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = False
    state: object = None  # a StateCodec; not used by the registry

    def outcome(self, events, players=None):  # pragma: no cover - not called
        raise NotImplementedError

    def check(self, event, players=None):  # pragma: no cover - not called
        raise NotImplementedError


@dataclass(frozen=True)
class _OnlyRate:
    """A rule set of the old protocol: ``rate`` only."""

    name: str = "old"
    title: str = "old rules"
    document: str = "none"
    valid_from: date | None = None
    valid_until: date | None = None

    def rate(self, event, players=None):  # pragma: no cover - not called
        raise NotImplementedError


def test_the_protocol_asks_for_every_method_and_the_game():
    assert not isinstance(_OnlyRate(), RuleSet)


def test_every_built_in_rule_set_is_listed_and_complete():
    from ratingkit.builtin import BUILTIN_RULE_SETS

    names = [rules.name for rules in BUILTIN_RULE_SETS]
    assert names == list(rule_sets())[: len(names)]
    for rules in BUILTIN_RULE_SETS:
        assert isinstance(rules, RuleSet), rules.name
        assert isinstance(rules.game, GameKind), rules.name
        # each system's one codec of its state (the system's tests check what it reads)
        record = PlayerRecord(id="1", name="A", rating=600, grade="12 kyu")
        assert isinstance(rules.state.write(record, rules.state.read(record)), PlayerRecord)
        assert all(isinstance(column, str) for column in rules.state.columns), rules.name
    games = {rules.name: rules.game for rules in BUILTIN_RULE_SETS}
    # FIDE's texts are chess rules, FESA's and LNMO's shogi rules (their documents' titles)
    assert {n for n, g in games.items() if g is GameKind.CHESS} == {
        "fide-2014",
        "fide-2022",
        "fide-2024",
        "fide-2025",
        "fide-1982",
        "fide-1982-literal",
    }
    assert {n for n, g in games.items() if g is GameKind.SHOGI} == {
        "fesa",
        "fesa-2011",
        "fesa-program",
        "fesa-nsr",
        "lnmo",
    }


@pytest.fixture
def clean_registry(monkeypatch):
    rule_sets()  # load the built-in rule sets first: they must stay registered afterwards
    monkeypatch.setattr(rulesets, "_REGISTRY", dict(rulesets._REGISTRY))


def test_register_and_get(clean_registry):
    rules = register(_Rules())
    assert isinstance(rules, RuleSet)
    assert get_rule_set("probe") is rules
    assert "probe" in rule_sets()
    assert register(rules) is rules  # the same object again is fine


def test_a_name_is_registered_once(clean_registry):
    register(_Rules())
    with pytest.raises(RatingkitError, match="already registered"):
        register(_Rules(title="other"))


def test_unknown_name_lists_the_known_ones(clean_registry):
    register(_Rules())
    with pytest.raises(UnknownRuleSetError, match="unknown rule set 'nope'; available: .*probe"):
        get_rule_set("nope")


@pytest.mark.parametrize("name", ["fide-2014", "fesa", "lnmo"])
def test_rule_sets_that_rate_games_refuse_a_score_table(name):
    from conftest import ROOT

    from ratingkit.core.errors import RuleSetCannotRateError
    from ratingkit.formats import read_event

    event = read_event(ROOT / "examples" / "fide-1982-berger.csv")
    assert event.score_only
    with pytest.raises(RuleSetCannotRateError, match="gives only each player's total"):
        get_rule_set(name).rate(event)
    with pytest.raises(RuleSetCannotRateError):
        get_rule_set(name).rate_events([event])
