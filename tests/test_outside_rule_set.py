"""Issue 27: a rule set from outside ratingkit registers through the entry point group
``ratingkit.rule_sets`` and works in the CLI, the ledger, the desk and the comparison with no
edit to ratingkit.  The rule set is tests/elo_rule_set.py (a plain Elo, K = 20); its entry
point is declared by a tiny installed distribution (a dist-info folder) put on sys.path.

The numbers, by hand: Ann (1600) beats Bob (1400).  Ann's expected score is
1 / (1 + 10 ** ((1400 - 1600) / 400)) = 1 / (1 + 0.316228) = 0.759747; her change
20 * (1 - 0.759747) = 4.805, a whole 5: Ann 1605, Bob 1395."""

from __future__ import annotations

import pytest
from test_widgets_desk import desk_with

from ratingkit import cli
from ratingkit import registry as rulesets
from ratingkit.formats import read_event
from ratingkit.services.compare import compare


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The distribution ``plain-elo`` installed in a folder on sys.path, and a registry
    that loads again (the built-in rule sets, then the entry points)."""
    site = tmp_path / "site"
    info = site / "plain_elo-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plain-elo\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[ratingkit.rule_sets]\nplain-elo = elo_rule_set:RULE_SETS\n"
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(rulesets, "_REGISTRY", {})
    monkeypatch.setattr(rulesets, "_FAMILIES", {})
    monkeypatch.setattr(rulesets, "_GAPS", {})
    monkeypatch.setattr(rulesets, "_loaded", False)
    event = tmp_path / "event"
    event.mkdir()
    (event / "games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2024-01-13\n")
    (event / "players.csv").write_text("id,name,rating\na,Ann,1600\nb,Bob,1400\n")
    return event


def test_the_entry_point_registers_the_rule_set(installed):
    assert "plain-elo" in rulesets.rule_sets()
    assert "fide-2014" in rulesets.rule_sets()  # the built-in ones stay


def test_the_cli_lists_it_and_rates_with_it(installed, capsys):
    assert cli.main(["rules"]) == 0
    assert "plain-elo" in capsys.readouterr().out
    assert (
        cli.main(["rate", str(installed / "games.csv"), "--rules", "plain-elo", "--format", "csv"])
        == 0
    )
    rows = capsys.readouterr().out.splitlines()
    assert any(r.startswith("a,Ann,1600,") and ",1605," in r for r in rows), rows
    assert any(r.startswith("b,Bob,1400,") and ",1395," in r for r in rows), rows


def test_a_ledger_keeps_its_list(installed, tmp_path, capsys):
    path = str(tmp_path / "elo.sqlite")
    assert cli.main(["db", "init", path, "--rules", "plain-elo"]) == 0
    assert cli.main(["db", "import", path, str(installed / "games.csv")]) == 0
    assert cli.main(["db", "rate", path, "--period", "2024-01"]) == 0
    capsys.readouterr()
    assert cli.main(["db", "list", path, "--period", "2024-01", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("a,Ann,1605,") and lines[2].startswith("b,Bob,1395,"), lines


def test_the_comparison_rates_with_it(installed):
    event = read_event(installed / "games.csv")
    found = compare(event, ["plain-elo", "fide-2014"])
    after = {p.name: p.rating_after for p in found.reports["plain-elo"].outcome.players}
    assert after == {"Ann": 1605, "Bob": 1395}


def test_the_desk_offers_it_and_rates_an_example(installed):
    desk = desk_with(installed / "games.csv", installed / "players.csv")
    assert "plain-elo" in [value for _label, value in desk.rules.options]
    desk.rules.value = "plain-elo"
    after = {p.name: p.rating_after for p in desk.values["report"].outcome.players}
    assert after == {"Ann": 1605, "Bob": 1395}
