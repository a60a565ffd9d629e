"""The widgets of notebooks 07 and 08: a simulated pool's size, years, K rules and seed; one
event under the FIDE texts chosen.  Each shows what the package computes for its controls
(the widget's own bookkeeping is what is tested: the same call made here gives the same
rows), and says what it cannot do in one line."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from conftest import ROOT

from ratingkit.core.players import read_player_file
from ratingkit.formats import read_event
from ratingkit.notebook.widgets.pools import PoolExplorer
from ratingkit.notebook.widgets.versions import FideVersions
from ratingkit.services.pools import PoolConfig, drift_summary, simulate
from ratingkit.services.versions import rate_side_by_side

SMALL = PoolConfig(players=30, years=2, rounds=3, newcomers=2, top=10)


def test_the_pool_explorer_simulates_what_its_controls_say():
    explorer = PoolExplorer(config=SMALL)
    assert explorer.values["rules"] == ("fide-1982", "fide-2014")
    explorer.choose(players=40, years=3, seed=7, rules=["fide-2014", "fesa"])
    config = replace(SMALL, players=40, years=3, seed=7)
    expected = drift_summary({n: simulate(n, config) for n in ("fide-2014", "fesa")})
    assert explorer.values["config"] == config
    assert explorer.values["summary"] == [dict(r) for r in expected.rows]
    assert "<svg" in explorer.plot.value
    again = PoolExplorer(config=SMALL)
    again.choose(players=40, years=3, seed=7, rules=["fide-2014", "fesa"])
    assert again.values["summary"] == explorer.values["summary"]  # the seed decides


def test_the_pool_explorer_says_what_it_cannot_do():
    explorer = PoolExplorer(config=SMALL)
    explorer.choose(rules=[])
    assert explorer.values["error"] == "choose at least one of the K rules to simulate"
    assert "choose at least one" in explorer.output.value and explorer.plot.value == ""
    explorer.choose(rules=["fide-1982"])
    assert explorer.values["error"] is None and explorer.values["summary"]


def _autumn():
    event = read_event(ROOT / "examples" / "fide-autumn-open-2025")
    return event, read_player_file(event.origin.player_file)


def test_fide_versions_rates_the_chosen_event_under_the_chosen_texts():
    event, players = _autumn()
    widget = FideVersions({"autumn open": (event, players)})
    # 1 October 2025 onwards: the amendment of the 400-point rule is in force.
    assert event.start >= date(2025, 10, 1) and widget.values["in_force"] == "fide-2025"
    widget.choose(rules=["fide-2014", "fide-2025"])
    table = rate_side_by_side(event, ("fide-2014", "fide-2025"), players)
    assert widget.values["rows"] == [dict(r) for r in table.rows]
    widget.choose(rules=[])
    assert widget.values["error"] == "choose at least one FIDE text"
