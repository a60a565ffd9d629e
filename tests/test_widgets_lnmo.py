"""The club-evening table widget and the LNMO plots, driven from Python."""

from __future__ import annotations

from conftest import ROOT

from ratingkit.core.players import read_player_file
from ratingkit.notebook.plots.lnmo import plot_bonus_threshold, plot_change_heatmap
from ratingkit.notebook.widgets.lnmo import ClubEveningTable

PLAYERS = read_player_file(ROOT / "examples" / "lnmo-club" / "players.csv")
# Seed 004 rule 2, typed from the seed.
STRONGER = {0: 16, 1: 12, 2: 8, 3: 4, 4: 1}
WEAKER = {1: 20, 2: 24, 3: 28, 4: 31}


def _enter(table, index, white, black, result, round_=1):
    row = table.rows[index]
    row["round"].value = round_
    row["white"].value = white
    row["black"].value = black
    row["result"].value = result


def test_entering_games_rates_the_evening():
    table = ClubEveningTable(PLAYERS)
    assert table.values["anya"]["change"] is None  # no games yet
    _enter(table, 0, "anya", "boris", "1-0")  # 12 kyu v 12 kyu
    assert table.values["anya"]["change"] == STRONGER[0]
    assert table.values["boris"]["rating_after"] == 600 - STRONGER[0]
    _enter(table, 1, "anya", "egor", "1-0", round_=2)  # 12 kyu beats 10 kyu: weaker, D=2
    gain = STRONGER[0] + WEAKER[2]
    assert gain > 20 + 3 * 2  # rule 2b: doubled
    assert table.values["anya"]["change"] == 2 * gain
    assert table.values["anya"]["rating_after"] == 680 + 2 * gain
    assert table.values["anya"]["grade_after"] == "11 kyu"  # 760 >= 700 (1a)
    assert "grade after" in table.output.value and "11 kyu" in table.output.value


def test_illegal_moves_and_agreement_in_the_table():
    table = ClubEveningTable(PLAYERS, [dict(white="vera", black="gleb", result="1-0")])
    assert table.values["vera"]["change"] == STRONGER[2]  # 14 kyu beats 16 kyu
    table.rows[0]["kinte_white"].value = 2  # 14 kyu: the second illegal move loses (5)
    assert table.values["vera"]["change"] == -WEAKER[2]  # the weaker won, D=2
    assert table.values["gleb"]["change"] == 2 * WEAKER[2]  # 24 > 23: doubled (2b)
    table.rows[0]["agreed"].value = False  # rule 4
    assert table.values["vera"]["change"] is None
    assert "not agreed (4)" in table.output.value


def test_a_player_twice_in_a_round_shows_the_error():
    table = ClubEveningTable(PLAYERS)
    _enter(table, 0, "anya", "boris", "1-0")
    _enter(table, 1, "anya", "vera", "0-1")
    assert table.values == {} and "two games or byes in round 1" in table.error
    assert "two games" in table.output.value
    table.rows[1]["round"].value = 2
    assert table.error is None


def test_heatmap_shows_the_table_and_threshold_bars():
    ax = plot_change_heatmap(kyus=range(10, 15))
    image = ax.images[0].get_array()
    # Row 10 kyu beats column 14 kyu: stronger wins, D=4; row 14 beats 10: weaker wins, D=4.
    assert image[0][4] == STRONGER[4] and image[4][0] == WEAKER[4]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["10", "11", "12", "13", "14"]
    bars = plot_bonus_threshold(rounds=range(1, 10))
    assert [p.get_height() for p in bars.patches] == [20 + 3 * n for n in range(1, 10)]


def test_the_table_is_a_widget_that_reads_the_typed_outcome():
    from ratingkit.core.outcome import Status
    from ratingkit.notebook.widgets.base import Widget

    table = ClubEveningTable(PLAYERS, [dict(white="anya", black="boris", result="1-0")])
    assert isinstance(table, Widget) and repr(table) == "<ClubEveningTable>"
    assert not table.is_busy
    assert table.outcome is table.report.outcome
    anya = table.evenings["anya"]
    assert (anya.rating_before, anya.change, anya.status) == (680, STRONGER[0], Status.RATED)
    assert table.evenings["dasha"].status is Status.NOT_RATED  # 18 kyu: no rating (3b)
    # Filling the rows at once rates the evening once, with the busy flag reset after.
    table.set_games([dict(white="boris", black="anya", result="1-0")])
    assert not table.is_busy and table.values["boris"]["change"] == STRONGER[0]
    assert table.values["anya"]["change"] == -STRONGER[0]


def test_event_gains_plot_reads_the_typed_outcome():
    from ratingkit.formats import read_event
    from ratingkit.lnmo import LNMO
    from ratingkit.notebook.plots.lnmo import plot_event_gains

    outcome = LNMO.rate(read_event(ROOT / "examples" / "lnmo-club")).outcome
    ax = plot_event_gains(outcome)
    gains, bonuses = ax.containers[0], ax.containers[1]
    # Anya in Evening 1: D=0 16 + stronger D=2 8 + weaker D=2 24 = 48 > 20 + 3 * 3: doubled.
    anya = STRONGER[0] + STRONGER[2] + WEAKER[2]
    assert gains.patches[0].get_height() == anya and bonuses.patches[0].get_height() == anya
    assert ax.get_xticklabels()[0].get_text() == "anya\nEvening 1"
