"""ratingkit.core.outcome: the typed seam between the rules and what reads them, and the views
built from it (Report.from_outcome, CheckTable), the guard and the short reprs."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

import pytest
from conftest import ROOT

from ratingkit import read_event
from ratingkit.core.errors import RuleSetCannotRateError
from ratingkit.core.model import Event, Game, Player
from ratingkit.core.outcome import (
    EventKey,
    Finding,
    GameKind,
    GameRef,
    Note,
    NoteKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    detail_cells,
    game_fields,
    game_text,
    shown_as,
    shown_columns,
)
from ratingkit.core.report import COMMON_COLUMNS, CheckTable, Report
from ratingkit.core.ruleset import cannot_rate, event_game, guard
from ratingkit.registry import get_rule_set


@dataclass(frozen=True)
class _Detail:
    k: int = shown_as("K")
    k_rule: Rule = shown_as("K rule", str)
    hidden: int = 0  # no column: not shown


def _player(pid: str, before: int | None, after: int | None, k_rule: Rule) -> PlayerOutcome:
    return PlayerOutcome(
        id=pid,
        name=f"player {pid}",
        rating_before=before,
        games=2,
        score=Fraction(3, 2),
        expected=Fraction(1),
        change=Fraction(5),
        rating_after=after,
        status=Status.RATED if before is not None else Status.FIRST_RATING,
        detail=_Detail(20, k_rule),
    )


def _event(name: str, result: str = "1-0") -> Event:
    players = (Player("1", "A", 2000), Player("2", "B", 1900))
    white, black = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0)}[result]
    return Event(name, players, (Game(1, "1", "2", white, black),))


def test_detail_fields_name_their_columns_in_field_order():
    assert shown_columns(_Detail) == ("K", "K rule")
    cells = detail_cells(_Detail(40, Rule("8.56", "fewer than 30 games")))
    assert cells == {"K": 40, "K rule": "8.56: fewer than 30 games"}
    assert list(cells) == ["K", "K rule"]


def test_a_report_is_a_view_of_its_outcome():
    rule = Rule("8.56", "rating under 2400")
    outcome = Outcome(
        rules="toy",
        title="toy event",
        players=(_player("1", 2000, 2005, rule), _player("2", None, 1800, rule)),
        notes=(Note(NoteKind.DEFAULT, "no player file: K taken as 20", rule, ("1", "2")),),
    )
    report = Report.from_outcome(outcome, detail_columns=shown_columns(_Detail))
    assert report.outcome is outcome
    assert report.players.columns == (*COMMON_COLUMNS, "K", "K rule")
    assert report.row("1")["rating_after"] == 2005
    assert report.row("2")["rating_before"] is None
    assert report.row("1")["K rule"] == "8.56: rating under 2400"
    assert report.notes == ("no player file: K taken as 20",)
    assert outcome.player("1").delta == 5 and outcome.player("2").delta is None
    assert outcome.notes_of(NoteKind.DEFAULT)[0].players == ("1", "2")
    assert outcome.notes_of(NoteKind.DECISION) == ()


def test_outcomes_are_frozen():
    player = _player("1", 2000, 2005, Rule("8.56"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.rating_after = 1  # type: ignore[misc]


def test_two_events_of_one_name_have_different_keys():
    first, second = _event("Club night"), _event("Club night", "0-1")
    assert EventKey.of(first, 0) != EventKey.of(second, 1)
    # the content decides the digest, not the position or the name's spelling alone
    assert EventKey.of(first, 0).digest != EventKey.of(second, 0).digest
    assert EventKey.of(first, 0).digest == EventKey.of(_event("Club night"), 5).digest
    assert EventKey.of(first, 0).digest != EventKey.of(_event("Club night 2"), 0).digest


def test_the_digest_ignores_where_the_file_was_read_from():
    event = _event("Club night")
    moved = dataclasses.replace(event, source="/elsewhere/games.csv")
    assert EventKey.of(event).digest == EventKey.of(moved).digest


def test_check_table_carries_its_findings():
    finding = Finding(Rule("4", "not agreed"), "1 game(s): not agreed (4)", (GameRef(1, "a", "b"),))
    table = CheckTable.of([finding])
    assert table.findings == (finding,)
    assert [dict(r) for r in table.rows] == [
        {"rule": "4", "problem": "1 game(s): not agreed (4)", "games": ["r1 a-b"]}
    ]
    # With the players' names, the rows name them.
    named = CheckTable.of([finding], names={"a": "Aldren, Tomas", "b": "Cerny, Jan"})
    assert named.rows[0]["games"] == ["r1 Aldren, Tomas - Cerny, Jan"]
    assert len(CheckTable.of([])) == 0


def test_a_game_reference_is_shown_with_the_players_names():
    names = {"a": "Aldren, Tomas", "b": "Cerny, Jan"}
    assert game_text(GameRef(3, "a", "b"), names) == "r3 Aldren, Tomas - Cerny, Jan"
    assert game_text(GameRef(3, "a", "b")) == str(GameRef(3, "a", "b")) == "r3 a-b"
    # An id the mapping does not know is shown as it is.
    assert game_text(GameRef(3, "a", "z"), names) == "r3 Aldren, Tomas - z"
    spanning = GameRef(2, "b", "a", event="Spring cup", line=12)
    assert game_text(spanning, names) == "Spring cup r2 Cerny, Jan - Aldren, Tomas (line 12)"
    assert game_fields(spanning, names) == {
        "game": "Spring cup r2 Cerny, Jan - Aldren, Tomas (line 12)",
        "event": "Spring cup",
        "round": 2,
        "player": "b",
        "player_name": "Cerny, Jan",
        "opponent": "a",
        "opponent_name": "Aldren, Tomas",
        "line": 12,
    }
    every = Finding(Rule("4.1", "at most 90 days"), "100 days", all_games=True)
    assert every.games_text(names) == ["all"] and str(every) == "4.1: 100 days (all)"
    # A finding's games are references, never words to take apart again.
    with pytest.raises(TypeError, match="GameRef"):
        Finding(Rule("5.1"), "forfeit", ("r1 a-b",))  # type: ignore[arg-type]


def test_the_guard_refuses_a_chess_event_under_a_shogi_rule_set():
    trf = read_event(ROOT / "examples" / "karl-mala-2005-swiss.trf")
    game, _evidence = event_game(trf)
    assert game is GameKind.CHESS
    with pytest.raises(RuleSetCannotRateError, match="fesa rates shogi; this event is chess"):
        guard(get_rule_set("fesa"), [trf])
    assert cannot_rate(get_rule_set("fide-2014"), trf) is None


def test_the_guard_refuses_a_score_table_to_a_rule_set_that_rates_games():
    table = read_event(ROOT / "examples" / "fide-1982-berger.csv")
    refused = cannot_rate(get_rule_set("fide-2014"), table)
    assert refused is not None and "rates games" in str(refused)
    assert cannot_rate(get_rule_set("fide-1982"), table) is None


def test_reprs_are_one_short_line():
    event = read_event(ROOT / "examples" / "karl-mala-2005-swiss.trf")
    report = get_rule_set("fide-2014").rate(event)
    for value in (event, report, report.players):
        text = repr(value)
        assert "\n" not in text and len(text) < 200, text
    assert repr(event).startswith("<Event ")
    assert repr(report).startswith("<Report fide-2014 ")
