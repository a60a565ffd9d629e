"""The what-if widget and the comparison plot, driven from Python as a user would drive them.
Expected numbers: FIDE 2014 recomputed with table 8.1b (test_fide2014.pd) and plain
arithmetic; FESA from its own rule set called on the edited event."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from conftest import ROOT
from fide_by_hand import half_away, pd
from test_compare import _plain_games, _plain_ratings

import ratingkit
from ratingkit.notebook.plots.compare import change_points, plot_change_vs_surprise
from ratingkit.notebook.widgets.compare import CompareWhatIf
from ratingkit.services.compare import compare

PLAIN = ROOT / "examples" / "club-evening-plain"


def _fide_delta(games, ratings, pid) -> int:
    score = sum((s if w == pid else 1 - s) for w, b, s in games if pid in (w, b))
    expected = sum(
        pd(ratings[pid] - ratings[b if w == pid else w]) for w, b, _ in games if pid in (w, b)
    )
    return half_away(20 * (score - expected))


def test_moving_one_result_moves_every_system():
    """Round 4, Ada Brandt - Dev Rao was 0-1; made 1-0, both players move under each system."""
    event = ratingkit.read_event(PLAIN)
    widget = CompareWhatIf(event, ["fide-2014", "fesa", "lnmo"])
    widget.game.value = (4, "ada", "dev")
    assert widget.result.value == "0-1"
    assert widget.values["changed"] == {}
    widget.result.value = "1-0"
    ratings = _plain_ratings()
    games = [(w, b, (1 if (w, b) == ("ada", "dev") else s)) for w, b, s in _plain_games()]
    delta = widget.values["delta"]
    for pid in ratings:
        assert delta["fide-2014"][pid] == _fide_delta(games, ratings, pid), pid
    fesa = ratingkit.rate(event.with_result(4, "ada", "dev", "1-0"), "fesa")
    for row in fesa.players.rows:
        assert delta["fesa"][row["id"]] == row["rating_after"] - row["rating_before"]
    changed = widget.values["changed"]
    assert {("fide-2014", "ada"), ("fide-2014", "dev"), ("fesa", "ada"), ("fesa", "dev")} <= set(
        changed
    )
    new_ada = ratings["ada"] + _fide_delta(games, ratings, "ada")
    assert (
        f"fide-2014 ada {ratings['ada'] + _fide_delta(_plain_games(), ratings, 'ada')} → {new_ada}"
        in (widget.output.value)
    )
    # lnmo is left out (its table has no columns), its reason said once
    assert "lnmo after" not in widget.output.value
    assert "left out, as they cannot rate this event" in widget.output.value
    assert widget.output.value.count("has no grade") == 1


def test_picking_a_game_changes_nothing():
    event = ratingkit.read_event(PLAIN)
    widget = CompareWhatIf(event, ["fide-2014"])
    before = widget.output.value
    widget.game.value = (3, "ben", "fay")
    assert widget.result.value == "0-1"
    assert widget.values["changed"] == {}
    assert widget.output.value == before


def test_the_original_event_is_not_changed():
    event = ratingkit.read_event(PLAIN)
    widget = CompareWhatIf(event, ["fide-2014"])
    widget.game.value = (1, "ada", "fay")
    widget.result.value = "0-1"
    assert widget.event is not event
    assert next(g for g in event.games if g.round == 1 and g.white == "ada").result_code == "1-0"


def test_plot_points_are_score_minus_expected_and_change():
    comparison = compare(ratingkit.read_event(PLAIN), ["fide-2014", "fesa"])
    points = {pid: (x, y) for x, y, pid in change_points(comparison, "fide-2014")}
    ratings, games = _plain_ratings(), _plain_games()
    for pid in ratings:
        score = sum((s if w == pid else 1 - s) for w, b, s in games if pid in (w, b))
        expected = sum(
            pd(ratings[pid] - ratings[b if w == pid else w]) for w, b, _ in games if pid in (w, b)
        )
        x, y = points[pid]
        assert x == float(score - expected)
        assert y == float(20 * (score - expected))  # one K: a line of slope 20 through 0
    ax = plot_change_vs_surprise(comparison)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["fide-2014", "fesa"]
    assert len(ax.collections) == 2


def test_plot_names_a_system_without_expectation():
    comparison = compare(ratingkit.read_event(ROOT / "examples" / "lnmo-club"), ["lnmo"])
    assert change_points(comparison, "lnmo") == []
    ax = plot_change_vs_surprise(comparison)
    assert "lnmo: no expected score" in ax.get_legend().get_texts()[0].get_text()
