"""The typed outcome of the FIDE 1982-2000 rules (seed 003), checked against the worked
example 10.68 as the document prints it and RULES.md section 2 decodes it: the same numbers
tests/test_fide1982.py pins on the printed report, here read from the typed values (Rc2 2373
for A, Ru2 1935 for I ...), with the statuses, rules, notes and findings as values."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import ROOT

from ratingkit.core.errors import InvalidValueError
from ratingkit.core.model import Event, EventType, Game, Play, Player
from ratingkit.core.outcome import EventKey, GameRef, NoteKind, Rule, Status
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.report import CheckTable
from ratingkit.core.ruleset import StateCodec
from ratingkit.fide1982 import (
    FIDE_1982,
    FIDE_1982_LITERAL,
    STATE_CODEC,
    Fide1982Event,
    Fide1982PeriodPlayer,
    Fide1982Player,
    Fide1982State,
    Method,
    score_event,
)
from ratingkit.formats import read_event

EXAMPLE = ROOT / "examples" / "fide-1982-berger.csv"

# The example 10.68 (seed 003), as RULES.md section 2 decodes it: Rc, Rc2, D, PD, We, DR, K
# of the rated players ...
RATED = {
    "A": (2320, 2373, 227, "0.79", "7.11", "8.9", 10),
    "B": (2331, 2350, 150, "0.70", "6.30", "7.0", 10),
    "D": (2342, 2348, 52, "0.57", "5.13", "8.7", 10),
    "F": (2370, 2359, -209, "0.23", "2.07", "28.95", 15),
    "G": (2353, 2353, -53, "0.43", "3.87", "-13.05", 15),
    "J": (2353, 2353, -53, "0.43", "3.87", "-43.05", 15),
}
# ... and Rc (= Ra), Ru, Rc2, Ru2 of the unrated ones; the seed's text below the table names
# the rule of each Ru: C and E above 50% (10.23), H and I below (Rc + dp, no n/(n+1)).
UNRATED = {
    "C": (2348, 2411, 2355, 2418, Rule("10.23")),
    "E": (2348, 2386, 2352, 2390, Rule("10.23")),
    "H": (2348, 2128, 2332, 2112, Rule("10.68", "Rc + dp")),
    "I": (2348, 1997, 2286, 1935, Rule("10.68", "Rc + dp")),
}


def _example():
    return read_event(EXAMPLE)


def test_the_example_rated_players_typed_values():
    outcome = FIDE_1982.rate(_example()).outcome
    assert outcome is not None
    for pid, (rc, rc2, d, pd, we, dr, k) in RATED.items():
        player = outcome.player(pid)
        detail = player.detail
        assert isinstance(detail, Fide1982Player)
        assert (detail.Rc, detail.Rc2, detail.D, detail.K) == (rc, rc2, d, k), pid
        assert (detail.PD, detail.We, detail.DR) == (Fraction(pd), Fraction(we), Fraction(dr))
        assert player.expected == detail.We and player.change == detail.DR
        assert player.rating_after == round(player.rating_before + Fraction(dr))
        assert player.status is Status.RATED and player.games == 9
        assert detail.k_rule is not None and detail.k_rule.clause == "10.64"
        assert detail.Ru is None and detail.Ru2 is None
    # 10.21 p and dp of A: 8 of 9 = 0.89, dp 351 (table 10.1a: 0.89 -> 351).
    a = outcome.player("A").detail
    assert a.p == Fraction(89, 100) and a.dp == 351


def test_the_example_unrated_players_typed_values():
    outcome = FIDE_1982.rate(_example()).outcome
    assert outcome is not None
    for pid, (rc, ru, rc2, ru2, rule) in UNRATED.items():
        player = outcome.player(pid)
        detail = player.detail
        assert (detail.Rc, detail.Ru, detail.Rc2, detail.Ru2) == (rc, ru, rc2, ru2), pid
        assert detail.ru_rule == rule
        assert player.rating_before is None and player.change is None
    # 10.32: C, E, H published rounded to 0 or 5; 10.31: I's 1935 is below 2005.
    assert [outcome.player(p).rating_after for p in "CEHI"] == [2420, 2390, 2110, None]
    assert [outcome.player(p).status for p in "CEHI"] == [Status.FIRST_RATING] * 3 + [
        Status.NOT_PUBLISHED
    ]
    rn = outcome.player("I").detail.new_player
    assert rn is not None and rn.rule.clause == "10.31" and rn.pooled == ((1935, 9),)


def test_the_example_event_values_and_the_350_point_rule():
    """10.21: Rar 2375, dpa 29.5, Ra 2348; the text below the table: for C, I counts as 2061;
    for A, F, H and I count as 2250 (2600 - 350)."""
    event = _example()
    outcome = FIDE_1982.rate(event).outcome
    assert outcome is not None
    (part,) = outcome.events
    assert part.key == EventKey.of(event, 0)
    detail = part.detail
    assert isinstance(detail, Fide1982Event) and detail is outcome.detail
    assert detail.method is Method.ROUND_ROBIN
    assert (detail.Rar, detail.dpa, detail.Ra, detail.n, detail.players) == (
        2375,
        Fraction(59, 2),
        2348,
        9,
        10,
    )
    for_c = {c.opponent: c.counted_as for c in detail.clamps if c.player == "C"}
    for_a = {c.opponent: c.counted_as for c in detail.clamps if c.player == "A"}
    assert for_c == {"I": 2061} and for_a == {"F": 2250, "H": 2250, "I": 2250}
    i_for_a = next(c for c in detail.clamps if c.player == "A" and c.opponent == "I")
    assert (i_for_a.reference, i_for_a.rating, i_for_a.adjustment) == (2600, 1997, 253)
    # Rc2(A) = Rc + the adjustments / n = 2320 + (100 + 122 + 253) / 9 = 2372.8 -> 2373.
    assert outcome.player("A").detail.adjustment == 100 + 122 + 253


def test_the_literal_rule_set_gives_h_the_10_25_factor():
    """10.25 as written: Ru(H) = 2348 - 220 * 9/10 = 2150 (RULES.md section 2)."""
    outcome = FIDE_1982_LITERAL.rate(_example()).outcome
    assert outcome is not None
    h = outcome.player("H").detail
    assert h.Ru == 2150 and h.ru_rule == Rule("10.25")


def test_the_report_columns_come_from_the_detail():
    report = FIDE_1982.rate(_example())
    assert report.outcome is not None
    for player in report.outcome.players:
        row = report[player.id]
        assert row.get("Rc2") == player.detail.Rc2 and row.get("Ru2") == player.detail.Ru2
        assert row["status"] == player.detail.status
    assert report["H"]["Ru rule"] == "10.68: Rc + dp"


def test_explain_cites_the_clauses():
    """explain(): the status when not plain "rated", K of 10.64 (A: 30 games assumed and
    2400 reached: 10), the rule of Ru; derivation(): the computation with its clauses."""
    outcome = FIDE_1982.rate(_example()).outcome
    assert outcome is not None
    assert outcome.player("A").detail.explain() == "K=10"
    assert outcome.player("I").detail.explain() == (
        "new player (10.31): Rn 1935.0 is below 2005: the results are deleted; Ru by 10.68: Rc + dp"
    )
    a = outcome.player("A").detail.derivation()
    assert "Rc2 2373" in a and "10.61" in a and "+8.90" in a and "10.64" in a
    i = outcome.player("I").detail.derivation()
    assert "Ru2 1935" in i and "10.31" in i
    low = score_event([("a", 2003, 0), ("b", 2300, 3), ("c", 2250, 2), ("d", 2200, 1)])
    low_outcome = FIDE_1982.rate(low).outcome
    assert low_outcome is not None
    assert low_outcome.player("a").detail.explain() == "below 2001: leaves the list (9.21); K=15"


def test_notes_are_values_with_kinds():
    event = score_event([("x", 2400, 1), ("y", 2300, 0), ("z", None, 2)])
    outcome = FIDE_1982.rate(event).outcome
    assert outcome is not None
    rules = [n.rule for n in outcome.notes_of(NoteKind.RULE)]
    assert rules and rules[0] is not None and rules[0].clause == "6.31"
    assert outcome.detail.method is Method.NOT_RATED
    assert all(p.status is Status.NOT_RATED for p in outcome.players)
    assert outcome.player("z").detail.not_rated_by.clause == "6.31"
    # The K default of 10.64 (no player file): a DEFAULT note naming the players.
    example = FIDE_1982.rate(_example()).outcome
    assert example is not None
    (k_note,) = [n for n in example.notes_of(NoteKind.DEFAULT) if n.rule.clause == "10.64"]
    assert set(k_note.players) == set("ABDFGJ")


def test_check_returns_findings():
    """6.42: an unrated player who met 3 rated opponents in a Swiss is not rated."""
    table = FIDE_1982.check(read_event(EXAMPLE))
    assert isinstance(table, CheckTable) and table.findings == ()
    players = tuple(Player(p, p, r) for p, r in [("a", 2400), ("b", 2300), ("c", 2200)])
    games = (Game(1, "d", "a", 1.0, 0.0), Game(2, "b", "d", 0.0, 1.0), Game(3, "d", "c", 0.5, 0.5))
    swiss = Event("s", (*players, Player("d", "d")), games, type=EventType.SWISS)
    (finding,) = FIDE_1982.check(swiss).findings
    assert finding.rule.clause == "6.42" and finding.rule.text
    assert finding.games == (GameRef(1, "d", "a"), GameRef(2, "b", "d"), GameRef(3, "d", "c"))
    assert not finding.breaks_validity


def test_game_sides_say_why_they_are_not_rated():
    players = tuple(Player(p, p, r) for p, r in [("a", 2400), ("b", 2300), ("c", 2200)])
    games = (Game(1, "a", "b", 1.0, 0.0, play=Play.FORFEIT), Game(2, "b", "c", 0.5, 0.5))
    event = Event("s", players, games, type=EventType.SWISS, extra={"minutes": 150})
    outcome = FIDE_1982.rate(event).outcome
    assert outcome is not None
    forfeit = [g for g in outcome.games if g.round == 1]
    assert len(forfeit) == 2 and all(not g.rated for g in forfeit)
    assert {g.reason.clause for g in forfeit if g.reason} == {"5.1"}
    assert all(g.rated and g.reason is None for g in outcome.games if g.round == 2)


def test_the_state_codec_reads_and_writes():
    codec: StateCodec[Fide1982State] = STATE_CODEC
    record = PlayerRecord(id="U", rating=None, extra={"ru_results": "2280x5 2400x10"})
    state = codec.read(record)
    assert state.ru_results == ((2280, 5), (2400, 10))
    written = codec.write(PlayerRecord(id="U"), replace(state, ru_results=((2300, 4),)))
    assert written.extra["ru_results"] == "2300x4"
    assert codec.read(written).ru_results == ((2300, 4),)


def test_a_period_outcome_keys_its_events():
    """10.65: two events of one name in a period get two keys; A's DR add up."""
    second = score_event([("A", 2600, 3), ("P", 2500, 2), ("Q", 2400, 1), ("R", 2300, 0)])
    first = replace(_example(), name="event")
    second = replace(second, name="event")
    report = FIDE_1982.rate_events([first, second], PlayerFile(()))
    outcome = report.outcome
    assert outcome is not None
    keys = [e.key for e in outcome.events]
    assert keys == [EventKey.of(first, 0), EventKey.of(second, 1)] and keys[0] != keys[1]
    a = outcome.player("A")
    assert isinstance(a.detail, Fide1982PeriodPlayer) and a.detail.events == 2
    in_events = [p.detail.DR for e in outcome.events for p in e.players if p.id == "A"]
    assert a.change == sum(in_events, Fraction(0)) and a.status is Status.RATED
    assert a.change == Fraction("8.9") + in_events[1]
    assert outcome.new_state is report.new_state


def test_a_field_that_is_not_a_number_is_named():
    event = replace(_example(), extra={**_example().extra, "minutes": "two hours"})
    with pytest.raises(InvalidValueError, match="'minutes' must be a number, got 'two hours'"):
        FIDE_1982.check(event)
