"""ratingkit.services.compare reads the rule sets' typed outcomes (``Report.outcome``): the
published change (``PlayerOutcome.delta``), the status and the detail's ``explain()``, never a
printed column or a note.  The rule sets here are stand-ins whose outcomes are given in the
test (built with ``Report.from_outcome``), so every expected value is the test's own input;
the guard is :func:`ratingkit.core.ruleset.cannot_rate`, the one every caller uses."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from conftest import ROOT

import ratingkit
from ratingkit.core.model import Event
from ratingkit.core.outcome import (
    GameKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    shown_as,
    shown_columns,
)
from ratingkit.core.players import PlayerFile
from ratingkit.core.report import Report
from ratingkit.core.ruleset import guard
from ratingkit.notebook.plots.compare import change_points
from ratingkit.notebook.widgets.compare import CompareWhatIf, changed_ratings, deltas
from ratingkit.services.compare import compare, explain

PLAIN = ROOT / "examples" / "club-evening-plain"


@dataclass(frozen=True)
class StubDetail:
    k: int = shown_as("K")
    rule: Rule = shown_as("K rule", str)

    def explain(self) -> str:
        return f"K={self.k} ({self.rule})"


@dataclass(frozen=True)
class Given:
    """What the stand-in rule set gives a player: rating after, expected, change, status."""

    after: int | None
    expected: Fraction | None
    change: Fraction | None
    status: Status = Status.RATED


@dataclass(frozen=True)
class Stub:
    """A rule set whose outcome is given: each player's rating after and status."""

    name: str
    given: dict[str, Given] = field(hash=False)
    game: GameKind = GameKind.CHESS
    title: str = "a stand-in rule set"
    document: str = "none"
    valid_from: date | None = None
    valid_until: date | None = None
    rates_score_tables: bool = False
    calls: list[int] = field(default_factory=list, hash=False, compare=False)

    def rate(self, event: Event, players: PlayerFile | None = None) -> Report:
        return self.report_of(self.outcome(event, players))

    def report_of(self, outcome: Outcome) -> Report:
        return Report.from_outcome(
            outcome, detail_columns=shown_columns(StubDetail), formats={"K": "{:d}"}
        )

    def outcome(self, event: Event, players: PlayerFile | None = None) -> Outcome:
        guard(self, [event], players)
        self.calls.append(1)
        result = []
        for player in event.players:
            given = self.given[player.id]
            result.append(
                PlayerOutcome(
                    id=player.id,
                    name=player.name,
                    rating_before=player.rating,
                    games=len(event.played_games_of(player.id)),
                    score=Fraction(event.points(player.id)),
                    expected=given.expected,
                    change=given.change,
                    rating_after=given.after,
                    status=given.status,
                    detail=StubDetail(20, Rule("8.56", "rating under 2400")),
                )
            )
        return Outcome(self.name, self.title, tuple(result))

    def rate_events(self, events, players=None) -> Report:
        raise NotImplementedError

    def check(self, event, players=None):
        raise NotImplementedError


def _event() -> Event:
    return ratingkit.read_event(PLAIN)


def _given() -> dict[str, Given]:
    # Ratings of players.csv: ada 1950, ben 1720, cleo 1580, dev 1410, eli 1260, fay 1130.
    return {
        "ada": Given(1962, Fraction(4), Fraction(23, 2)),
        "ben": Given(1715, Fraction(3), Fraction(-5)),
        "cleo": Given(1580, Fraction(5, 2), Fraction(0)),
        "dev": Given(1402, None, None),
        "eli": Given(None, Fraction(2), Fraction(3), Status.NOT_PUBLISHED),
        "fay": Given(1131, Fraction(1), Fraction(1, 3)),
    }


def test_delta_gainers_and_losers_come_from_the_outcome():
    stub = Stub("stub", _given())
    comparison = compare(_event(), [stub])
    assert comparison.delta("stub", "ada") == 1962 - 1950
    assert comparison.delta("stub", "ben") == 1715 - 1720
    assert comparison.delta("stub", "eli") is None  # nothing published
    assert comparison.gainers("stub") == ["ada", "fay"]
    assert comparison.losers("stub") == ["ben", "dev"]
    row = next(r for r in comparison.table.rows if r["id"] == "dev")
    assert (row["stub before"], row["stub after"], row["stub delta"]) == (1410, 1402, -8)


def test_why_is_the_details_explanation_and_the_status():
    comparison = compare(_event(), [Stub("stub", _given())])
    rows = {r["id"]: r for r in comparison.detail.rows}
    assert rows["ada"]["why"] == "K=20 (8.56: rating under 2400)"
    # The detail's words are the why (a system's explain() names a status itself) ...
    assert rows["eli"]["why"] == "K=20 (8.56: rating under 2400)"
    event = _event()
    points = event.points("ada")
    assert rows["ada"]["score-expected"] == Fraction(points) - 4
    assert rows["dev"]["score-expected"] is None  # no expectation given
    assert rows["ada"]["delta"] == 12 and rows["eli"]["delta"] is None
    player = comparison.outcome("stub").player("fay")
    assert explain(player) == "K=20 (8.56: rating under 2400)"
    # ... and a detail that does not explain itself leaves the status.
    assert explain(replace(player, detail=None)) == ""
    eli = comparison.outcome("stub").player("eli")
    assert explain(replace(eli, detail=None)) == "not published"


def test_the_guard_decides_and_the_verdict_keeps_its_words():
    """A shogi rule set on an event said to be chess is refused by the guard before it is
    called; a score table is refused by the guard for a rule set that rates games."""
    shogi = Stub("stub-shogi", _given(), game=GameKind.SHOGI)
    chess = Stub("stub-chess", _given())
    comparison = compare(_event(), [chess, shogi], game="chess")
    verdicts = {r["rules"]: r["verdict"] for r in comparison.verdicts.rows}
    assert verdicts == {
        "stub-chess": "rates",
        "stub-shogi": "cannot rate: stub-shogi rates shogi; this event is chess (game chess given)",
    }
    assert shogi.calls == [] and chess.calls == [1]
    assert dict(comparison.refused) == {"stub-shogi": verdicts["stub-shogi"]}
    assert comparison.game is GameKind.CHESS
    score_table = ratingkit.read_event(ROOT / "examples" / "fide-1982-berger.csv")
    refused = compare(score_table, [Stub("stub-chess", {})]).verdicts.rows[0]["verdict"]
    assert refused.startswith("cannot rate: ")
    assert "a score table gives only each player's total" in refused


def test_an_event_of_neither_game_is_rated_by_both():
    event = _event()
    comparison = compare(event, [Stub("a", _given()), Stub("b", _given(), game=GameKind.SHOGI)])
    assert comparison.game is None
    assert list(comparison.reports) == ["a", "b"]


def test_plot_points_come_from_the_outcome():
    comparison = compare(_event(), [Stub("stub", _given())])
    event = _event()
    points = {pid: (x, y) for x, y, pid in change_points(comparison, "stub")}
    assert set(points) == {"ada", "ben", "cleo", "eli", "fay"}  # dev: no expectation
    assert points["ada"] == (float(Fraction(event.points("ada")) - 4), 11.5)
    assert points["fay"][1] == float(Fraction(1, 3))


def test_widget_values_are_read_from_the_outcomes():
    first = compare(_event(), [Stub("stub", _given())])
    moved = {**_given(), "ada": Given(1970, Fraction(4), Fraction(20))}
    second = compare(_event(), [Stub("stub", moved)])
    assert changed_ratings(first, second) == {("stub", "ada"): (1962, 1970)}
    assert deltas(second)["stub"]["ada"] == 20


def test_an_error_in_an_update_leaves_the_what_if_widget_responsive(monkeypatch):
    """The busy flag is reset in ``finally``: after picking a game failed half-way, changing a
    result still recomputes every rule set."""
    stub = Stub("stub", _given())
    widget = CompareWhatIf(_event(), [stub])
    calls = len(stub.calls)

    def broken():
        raise RuntimeError("no such game")

    monkeypatch.setattr(widget, "_current_game", broken)
    with pytest.raises(RuntimeError, match="no such game"):
        widget.game.value = (4, "ada", "dev")
    assert not widget.is_busy
    monkeypatch.undo()
    widget.result.value = "1-0" if widget.result.value != "1-0" else "0-1"
    assert len(stub.calls) == calls + 1  # the edit was rated
    assert repr(widget) == "<CompareWhatIf>"
