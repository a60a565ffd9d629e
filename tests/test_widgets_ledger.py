"""The ledger browser, driven from Python: pick a period and a player, check what it shows.

The ledger is the example of ``examples/national-list/``: FIDE's February 2024 list (written
by hand in FIDE's TXT layout), the March Open and the April club championship (its games file
with the club's roster given as ``players``), rated under FIDE 2014."""

from __future__ import annotations

import pytest
from conftest import ROOT

from ratingkit.notebook.widgets.base import Widget
from ratingkit.notebook.widgets.ledger import LedgerBrowser
from ratingkit.services.ledger import Ledger

EXAMPLE = ROOT / "examples" / "national-list"

# FIDE Rating Regulations 2014, table 8.1b: the expected score of the lower-rated player for
# a rating difference D (a difference above 400 counts as 400, 8.1 note).
PD_LOWER = {(358, 374): 0.10, (77, 83): 0.39, (189, 197): 0.25, (392, 411): 0.08}


def pd_lower(difference: int) -> float:
    difference = min(difference, 400)
    return next(p for (lo, hi), p in PD_LOWER.items() if lo <= difference <= hi)


@pytest.fixture()
def ledger(tmp_path):
    book = Ledger.create(tmp_path / "national.sqlite", "fide-2014")
    book.import_list(EXAMPLE / "fide-list-2024-02.txt")
    book.import_file(EXAMPLE / "2024-03-march-open-games.csv")
    book.import_file(EXAMPLE / "2024-04-club-championship.csv", EXAMPLE / "club-roster.csv")
    book.rate_period("2024-03")
    book.rate_period("2024-04")
    yield book
    book.close()


def moe_in_march() -> tuple[float, float, int]:
    """Moe, Ingrid (1790 on FIDE's February list, K 40) in the March Open: a draw with Lund
    (2150), wins over Strand (1870) and Haugen (1985), a loss to Dahl (2310), all rated on
    the February list.  FIDE 2014 8.21-8.23: change = K * (score - sum of PD)."""
    expected = pd_lower(2150 - 1790) + pd_lower(1870 - 1790) + pd_lower(1985 - 1790) + pd_lower(400)
    change = 40 * (2.5 - expected)
    return round(expected, 2), round(change, 1), int(1790 + change + 0.5)


def test_the_periods_are_the_rated_ones_and_the_last_is_shown(ledger):
    browser = LedgerBrowser(ledger)
    assert isinstance(browser, Widget) and repr(browser) == "<LedgerBrowser>"
    assert list(browser.period.options) == ["2024-03", "2024-04"]
    assert browser.values["period"] == "2024-04" and browser.values["error"] is None
    # Eleven players on the list: ten from FIDE's list, and Ruud, new, once rated.
    assert len(browser.values["list"]) == 11
    assert [e["name"] for e in browser.values["events"]] == ["2024-04-club-championship"]
    assert "Ruud, Emil" in browser.player.options and "Moe, Ingrid" in browser.player.options


def test_a_player_s_row_history_and_plot(ledger):
    expected, change, after = moe_in_march()
    assert (expected, change, after) == (0.82, 67.2, 1857)
    browser = LedgerBrowser(ledger)
    browser.choose(period="2024-03", player="9100061")  # her FIDE id
    values = browser.values
    assert values["player"] == "Moe, Ingrid"
    assert values["highlighted"]["rating"] == after and values["highlighted"]["K"] == 40
    (march,) = values["history"]
    assert (march["rating_before"], march["games"], march["score"]) == (1790, 4, 2.5)
    assert round(float(march["expected"]), 2) == expected
    assert round(float(march["change"]), 1) == change
    # She plays no game in April: her rating stands (FIDE 2014 8.1: a change needs games).
    assert values["ratings"] == {"2024-03": after, "2024-04": after}
    assert "background:#fff3b0" in browser.output.value
    assert browser.output.value.count("background:#fff3b0") == 1
    assert "history of Moe, Ingrid" in browser.output.value
    (line,) = browser.figure.axes[0].get_lines()
    assert list(line.get_ydata()) == [after, after]
    assert browser.plot.value.lstrip().startswith("<?xml") and "<svg" in browser.plot.value


def test_the_player_by_fide_id_or_name_is_the_same_player(ledger):
    # (The federation's own id N107 in the event files is not known to the ledger for a
    # player who came from FIDE's list: he is keyed by his FIDE id.)
    browser = LedgerBrowser(ledger, period="2024-03")
    for text in ("Moe, Ingrid", " 9100061 ", "moe, ingrid"):
        browser.player.value = text
        assert browser.values["player"] == "Moe, Ingrid", text
        assert browser.values["error"] is None


def test_a_player_not_listed_in_the_period(ledger):
    # Ruud, Emil, unrated, played 4 games in March: FIDE 2014 7.14 asks at least 5 games
    # against rated players before a first rating, so he is not on the March list.
    browser = LedgerBrowser(ledger, period="2024-03", player="N111")
    assert browser.values["player"] == "Ruud, Emil"
    assert browser.values["highlighted"] is None
    assert "Ruud, Emil is not on the list of 2024-03" in browser.output.value
    assert browser.values["ratings"]["2024-03"] is None
    browser.period.value = "2024-04"  # 9 games by April: listed, and new
    assert browser.values["highlighted"]["new"] is True
    assert browser.values["ratings"]["2024-04"] is not None


def test_an_unknown_player_shows_the_ledger_s_message(ledger):
    browser = LedgerBrowser(ledger, period="2024-03")
    browser.player.value = "Nobody, Known"
    assert browser.values["player"] is None and browser.values["history"] == []
    assert "no player 'Nobody, Known' in the ledger" in browser.error
    assert browser.values["error"] == browser.error
    assert "no player" in browser.output.value and "Traceback" not in browser.output.value
    assert "background:#fff3b0" not in browser.output.value
    assert browser.figure is None and browser.plot.value == ""
    browser.player.value = "Lund, Ola"  # and the widget recovers
    assert browser.error is None and browser.values["player"] == "Lund, Ola"
    assert not browser.is_busy


def test_a_ledger_with_nothing_rated(tmp_path):
    with Ledger.create(tmp_path / "empty.sqlite", "fide-2014") as book:
        browser = LedgerBrowser(book, player="Anyone")
        assert browser.values["list"] == []
        assert "no period of this ledger is rated yet" in browser.output.value


def test_the_events_and_periods_without_their_times(ledger):
    from ratingkit.notebook.widgets.ledger import events_table, periods_table

    events = events_table(ledger)
    assert [(e["name"], e["period"], e["games"], e["rated"]) for e in events.rows] == [
        ("2024-03-march-open", "2024-03", 16, True),  # 16 lines in its games file
        ("2024-04-club-championship", "2024-04", 15, True),  # 6 players, 5 rounds: 15
    ]
    assert "imported" not in events.columns and "state" not in events.columns
    assert len(events_table(ledger, "2024-04")) == 1
    assert periods_table(ledger).rows[0] == {"period": "2024-03", "events": 1, "rated": True}
