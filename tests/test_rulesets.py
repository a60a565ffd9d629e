from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pytest

from ratingkit.core import ruleset as rulesets
from ratingkit.core.errors import RatingkitError, UnknownRuleSetError
from ratingkit.core.ruleset import RuleSet, get_rule_set, register, rule_sets


@dataclass(frozen=True)
class _Rules:
    name: str = "probe"
    title: str = "probe rules"
    document: str = "none"
    valid_from: date | None = None
    valid_until: date | None = None

    def rate(self, event, players=None):  # pragma: no cover - not called
        raise NotImplementedError


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


def test_builtin_modules_register_their_rule_sets():
    known = rule_sets()
    for module in rulesets.BUILTIN_MODULES:
        assert any(type(r).__module__ == module for r in known.values()), module
    for name in ("fide-2014", "fide-1982", "fesa", "lnmo", "fide-2024", "fide-2025"):
        assert name in known


def test_a_broken_builtin_module_is_an_error_not_a_missing_rule_set(monkeypatch):
    monkeypatch.setattr(rulesets, "_REGISTRY", {})
    monkeypatch.setattr(rulesets, "_loaded", False)
    monkeypatch.setattr(rulesets, "BUILTIN_MODULES", ("tests.data_broken_rules",))
    with pytest.raises(ModuleNotFoundError, match="no_module_named_like_this"):
        rule_sets()


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
