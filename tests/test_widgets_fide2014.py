"""The FIDE 2014 explorer and plot, driven from Python as a user would drive them.  Expected
numbers come from the seed's table 8.1b (read in test_fide2014) with plain arithmetic."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

from conftest import DATA
from fide_by_hand import half_away, pd
from test_fide2014 import STATE

from ratingkit.core.model import Event, EventType, Game, Player
from ratingkit.formats.trf import read_trf
from ratingkit.notebook.plots.fide2014 import plot_cap
from ratingkit.notebook.widgets.fide2014 import Fide2014Explorer, set_player_state


def _small():
    players = (Player("a", "Anna", 2000), Player("b", "Boris", 1900), Player("c", "Chen", 2450))
    games = (Game(1, "a", "b", 1.0, 0.0), Game(2, "c", "a", 0.5, 0.5))
    return Event("small", players, games, type=EventType.SWISS, end=date(2015, 6, 1))


def test_changing_a_result_updates_both_players():
    explorer = Fide2014Explorer(_small(), STATE, player="a")
    before = (1 - pd(100)) + (Fraction(1, 2) - pd(-400))
    assert explorer.values["row"]["K*(w-We)"] == 20 * before
    assert explorer.game.value == (1, "a", "b")
    assert explorer.result.value == "1-0"
    explorer.result.value = "0-1"
    after = (0 - pd(100)) + (Fraction(1, 2) - pd(-400))
    assert explorer.values["row"]["K*(w-We)"] == 20 * after
    changed = explorer.values["changed"]
    assert changed["a"] == (2000 + half_away(20 * before), 2000 + half_away(20 * after))
    assert changed["b"][1] == 1900 + half_away(20 * (1 - pd(-100)))
    assert "Boris" in explorer.output.value


def test_forfeit_removes_the_game_from_the_rating():
    explorer = Fide2014Explorer(_small(), STATE, player="a")
    explorer.result.value = "+/-"
    assert explorer.values["row"]["n"] == 1
    assert explorer.values["row"]["K*(w-We)"] == 20 * (Fraction(1, 2) - pd(-400))


def test_k_state_controls():
    explorer = Fide2014Explorer(_small(), STATE, player="a")
    w_we = (1 - pd(100)) + (Fraction(1, 2) - pd(-400))
    explorer.games.value = 12  # 8.56: fewer than 30 games -> 40
    assert explorer.values["row"]["K"] == 40
    assert explorer.values["row"]["K*(w-We)"] == 40 * w_we
    explorer.games.value = 100
    explorer.born.value = date(2000, 1, 1)  # 15 on 2015-06-01, rating < 2300 -> 40
    assert explorer.values["row"]["K"] == 40
    explorer.born.value = date(1980, 1, 1)
    explorer.ever_2400.value = True  # once 2400, K = 10
    assert explorer.values["row"]["K"] == 10
    explorer.k.value = 20  # explicit K wins
    assert explorer.values["row"]["K"] == 20
    assert "K given in the player file" in explorer.output.value


def test_unknown_games_count_is_a_stated_default():
    explorer = Fide2014Explorer(_small(), None, player="a")
    assert explorer.games_known.value is False and explorer.games.disabled
    assert "no games count" in " ".join(explorer.report.notes)
    explorer.games_known.value = True
    explorer.games.value = 3
    assert explorer.values["row"]["K"] == 40


def test_set_player_state_keys_on_fide_id():
    player = Player("1", "Vasquez,Rodrigo", 2558, fide_id="3400042")
    players = set_player_state(None, player, games=50)
    assert players.by_id("3400042").games == 50


def test_explorer_on_the_example_swiss_player_menu():
    event = read_trf(DATA / "fide-example1.trf")
    explorer = Fide2014Explorer(event)
    assert explorer.player.value == "1"
    assert len(explorer.game.options) == 7
    assert explorer.values["changed"] == {}


def test_plot_cap_marks_the_capped_games():
    event = read_trf(DATA / "fide-example1.trf")
    from ratingkit import rate

    report = rate(event, "fide-2014")
    ax = plot_cap(report, "1")
    lines = {line.get_label(): line for line in ax.get_lines()}
    capped = lines["games beyond 400 (capped)"]
    # Player 1 (2558) met 1895, 2079 and 2149: real differences 663, 479, 409.
    assert sorted(capped.get_xdata()) == [409, 479, 663]
    assert list(capped.get_ydata()) == [0.92, 0.92, 0.92]
    assert "3 of 7 games capped" in ax.get_title()


def test_an_unusual_k_from_the_player_file_survives_other_edits():
    from ratingkit.core.players import PlayerFile

    players = PlayerFile.from_records(
        [{"id": "a", "games": 100, "k": 15}, {"id": "b", "games": 100}, {"id": "c", "games": 100}]
    )
    explorer = Fide2014Explorer(_small(), players, player="a")
    assert explorer.k.value == 15 and explorer.values["row"]["K"] == 15
    explorer.ever_2400.value = True
    assert explorer.values["row"]["K"] == 15
