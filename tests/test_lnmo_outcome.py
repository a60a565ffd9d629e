"""The LNMO typed outcome (ratingkit.lnmo.outcome): the values behind the report, checked
against the LNMO rules' numbers (table 1, rule 2, rule 2b), typed below from the document."""

from __future__ import annotations

from datetime import date

import pytest

from ratingkit.core.model import Event, Game, Handicap, Player, Special
from ratingkit.core.outcome import (
    EventKey,
    NoteKind,
    Rule,
    Status,
    detail_cells,
    shown_columns,
)
from ratingkit.lnmo import CODEC, LNMO
from ratingkit.lnmo.formula import kyu
from ratingkit.lnmo.outcome import (
    BONUS_DOUBLED,
    HANDICAP_OUTSIDE,
    NO_RATING_BELOW_17_KYU,
    NOT_AGREED,
    RATED,
    BonusDoubled,
    Case,
    EventBonus,
    Kind,
    KinteLoss,
    LnmoGame,
    LnmoPlayer,
    LnmoSeason,
    Promotion,
    PromotionPath,
    PromotionWay,
    Qualification,
    RatingRaised,
    Result,
    UnratedGames,
    reason_text,
)

# LNMO rules, table 1 and rule 2 (typed from the document).
TABLE_1 = {7: 1100, 8: 1000, 9: 900, 10: 800, 11: 700, 12: 600}
TABLE_1.update({13: 500, 14: 400, 15: 300, 16: 200, 17: 100, 18: 0})
STRONGER = {0: 16, 1: 12, 2: 8, 3: 4, 4: 1}


def test_the_detail_names_the_columns_the_report_prints():
    assert shown_columns(LnmoPlayer) == ("grade_before", "grade_after", "bonus", "why")
    assert shown_columns(LnmoGame) == (
        "date", "event", "round", "kind", "grade", "opponent_grade", "D", "case", "result",
        "table", "reason", "line",
    )  # fmt: skip
    assert shown_columns(EventBonus) == (
        "event", "date", "player", "rounds", "threshold", "gain", "bonus", "reason",
        "rating_before", "rating_after",
    )  # fmt: skip
    assert shown_columns(Promotion) == ("player", "date", "event", "from", "to", "how")


def test_reasons_are_rules_printed_as_the_report_always_printed_them():
    assert Rule("4", "not agreed") == NOT_AGREED and reason_text(NOT_AGREED) == "not agreed (4)"
    assert reason_text(RATED) == "rated"
    game = LnmoGame(
        date(2010, 9, 2), "Evening", 1, Kind.RATED, kyu(12), kyu(12), 0, Case.EQUAL,
        Result.WIN, STRONGER[0], (RATED,), 2,
    )  # fmt: skip
    cells = detail_cells(game)
    assert cells["kind"] == "rated" and cells["grade"] == "12 kyu" and cells["table"] == 16
    assert cells["reason"] == "rated" and cells["case"] == "equal grades"


def test_the_why_cell_and_explain_come_from_typed_parts():
    # 12 kyu at 690 wins at D=0: +16 -> 706 >= 700, table 1's 11 kyu: promoted (1a).
    rating = 690 + STRONGER[0]
    promotion = Promotion(
        "a", date(2010, 9, 2), "Evening", kyu(12), kyu(11),
        PromotionWay(PromotionPath.RATING, rating=rating, reached=TABLE_1[11]),
    )  # fmt: skip
    detail = LnmoPlayer(
        kyu(12),
        kyu(11),
        48,
        (BonusDoubled("Evening", 48, 29), promotion, UnratedGames(NOT_AGREED, 2)),
    )
    assert detail_cells(detail)["why"] == (
        "bonus doubled in 'Evening': gain 48 > 29 (2b); 12 kyu -> 11 kyu on rating 706 (1a); "
        "2 games without change: not agreed (4)"
    )
    assert str(promotion.how) == "rating 706 reached 700 (1a)"
    words = detail.derivation()
    assert "LNMO rules 2b" in words and "LNMO rules 1a" in words and "LNMO rules 4" in words


# -- the outcome of rating: typed values against the numbers of the LNMO rules ---------------------

WEAKER = {1: 20, 2: 24, 3: 28, 4: 31}  # rule 2, the weaker wins; D > 4: 32


def _roster(**grades):
    players = []
    for pid, value in grades.items():
        extra: dict[str, object] = {}
        rating = None
        if isinstance(value, tuple) and value[0] == "fesa":
            extra["prior_grade"] = value[1]
        elif isinstance(value, tuple):
            extra["grade"], rating = value
        else:
            extra["grade"] = value
        players.append(Player(pid, pid.title(), rating=rating, extra=extra))
    return tuple(players)


DAY = date(2010, 9, 2)


def _game(n, white, black, result="1-0", *, when=DAY, event="Evening", rnd=None, **extra):
    white_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    handicap = extra.pop("handicap", None)
    giver = extra.pop("giver", white)
    return Game(
        n, white, black, white_score, 1.0 - white_score,
        special=Special.SENNICHITE if result == "sennichite" else None,
        handicap=Handicap(handicap, giver) if handicap else None,
        date=when,
        extra={"event": event, "event_round": rnd or n, **{k: str(v) for k, v in extra.items()}},
    )  # fmt: skip


def _outcome(players, games, rules=LNMO):
    report = rules.rate(Event("club", players, tuple(games)))
    assert report.outcome is not None
    return report.outcome


def test_table_1_initial_ratings_are_typed_first_ratings_with_a_rule_note():
    outcome = _outcome(_roster(a="9 kyu", b="9 kyu"), [_game(1, "a", "b")])
    a = outcome.player("a")
    assert a.rating_before == TABLE_1[9] and a.detail.initial_rating
    assert a.status is Status.FIRST_RATING
    assert a.change == STRONGER[0] and a.rating_after == TABLE_1[9] + STRONGER[0]
    (note,) = [n for n in outcome.notes_of(NoteKind.RULE) if n.rule and n.rule.clause == "3, 3а"]
    assert note.players == ("a", "b")
    rated = _outcome(_roster(a=("9 kyu", 905), b="9 kyu"), [_game(1, "a", "b")])
    assert rated.player("a").status is Status.RATED


def test_rule_2_game_sides_carry_d_the_case_and_the_table_value():
    # 14 kyu beats 11 kyu: the weaker wins at D = 3: 28 (rule 2); 28 > 23 is doubled (2b).
    outcome = _outcome(_roster(a="14 kyu", b="11 kyu"), [_game(1, "a", "b")])
    a, b = outcome.games_of("a")[0], outcome.games_of("b")[0]
    assert (a.detail.difference, a.detail.table, a.change) == (3, WEAKER[3], WEAKER[3])
    assert a.detail.case is Case.WEAKER_WON and b.detail.case is Case.STRONGER_LOST
    assert a.detail.result is Result.WIN and b.change == -WEAKER[3]
    assert a.rated and a.reason is None and a.detail.reasons == (RATED,)
    assert a.detail.kind is Kind.RATED and a.detail.grade == kyu(14)
    assert outcome.player("a").change == 2 * WEAKER[3]


def test_rule_2b_bonus_is_an_event_bonus_value():
    # 14 kyu beats two 13 kyu players (weaker, D=1) in 3 rounds: 40 > 29, doubled.
    outcome = _outcome(
        _roster(a="14 kyu", b="13 kyu", c="13 kyu", d="14 kyu"),
        [_game(1, "a", "b"), _game(2, "a", "c"), _game(3, "d", "b")],
    )
    season = outcome.detail
    assert isinstance(season, LnmoSeason)
    bonus = next(b for b in season.bonuses if b.player == "a")
    assert (bonus.rounds, bonus.threshold, bonus.gain) == (3, 20 + 3 * 3, 2 * WEAKER[1])
    assert bonus.doubled and bonus.reason == BONUS_DOUBLED and bonus.bonus == 2 * WEAKER[1]
    assert bonus.rating_after == TABLE_1[14] + 4 * WEAKER[1]
    a = outcome.player("a").detail
    assert a.bonus == 2 * WEAKER[1]
    assert a.why == (BonusDoubled("Evening", 2 * WEAKER[1], 29),)
    assert "LNMO rules 2b" in a.derivation()


def test_rule_1a_promotions_are_typed():
    outcome = _outcome(_roster(a=("12 kyu", 690), b="12 kyu"), [_game(1, "a", "b")])
    (promotion,) = outcome.player("a").detail.promotions
    assert (promotion.before, promotion.after) == (kyu(12), kyu(11))
    assert promotion.how.path is PromotionPath.RATING
    assert (promotion.how.rating, promotion.how.reached) == (690 + STRONGER[0], TABLE_1[11])
    assert promotion.rule.clause == "1а"
    players = _roster(dk=("fesa", "1 dan"), a=("11 kyu", 720))
    won = _outcome(players, [_game(1, "dk", "a", "0-1", handicap="RB", kind="qualification")])
    (promotion,) = won.player("a").detail.promotions
    assert promotion.how.path is PromotionPath.QUALIFICATION
    assert (promotion.how.handicap, promotion.how.giver) == ("RB", "dk")
    # D = 11 > 4: the weaker wins 32; 752 is raised to table 1's 800 for 10 kyu.
    assert promotion.how.raised == RatingRaised(720 + 32, TABLE_1[10])
    assert won.player("a").detail.qualification == Qualification(DAY, True)
    assert won.player("dk").status is Status.NOT_RATED and won.player("dk").detail.fesa


def test_rule_3b_no_rating_below_17_kyu_and_a_rating_issued():
    outcome = _outcome(_roster(a="18 kyu", b="17 kyu"), [_game(1, "a", "b")])
    a = outcome.player("a")
    assert a.status is Status.NOT_RATED and a.rating_after is None
    side = outcome.games_of("a")[0]
    assert side.reason == NO_RATING_BELOW_17_KYU and not side.rated
    issued = _outcome(
        _roster(dk=("fesa", "1 dan"), a="18 kyu"),
        [_game(1, "dk", "a", "0-1", handicap="(K)", kind="qualification")],
    )
    a = issued.player("a")
    assert a.status is Status.FIRST_RATING and a.rating_after == TABLE_1[17]
    assert a.detail.promotions[0].how.raised == RatingRaised(None, TABLE_1[17])


def test_rules_4_and_5_reasons_and_check_findings_are_rules():
    players = _roster(a="10 kyu", b="14 kyu", c="12 kyu", d="12 kyu")
    games = [_game(1, "a", "b", handicap="R"), _game(1, "c", "d", agreed="no")]
    outcome = _outcome(players, games)
    assert outcome.games_of("a")[0].reason == HANDICAP_OUTSIDE
    assert outcome.games_of("c")[0].reason == NOT_AGREED
    assert outcome.player("c").detail.unrated_games == (UnratedGames(NOT_AGREED, 1),)
    table = LNMO.check(Event("club", players, tuple(games)))
    assert {f.rule for f in table.findings} == {HANDICAP_OUTSIDE, NOT_AGREED}
    assert all(not f.breaks_validity and len(f.games) == 1 for f in table.findings)
    # Rule 5: 14 kyu's second illegal move loses, whatever the board said.
    kinte = _outcome(_roster(a="14 kyu", b="12 kyu"), [_game(1, "a", "b", kinte_white=2)])
    side = kinte.games_of("a")[0]
    assert side.detail.kinte == KinteLoss("a", 2, 2) and side.detail.result is Result.LOSS
    assert side.change == -STRONGER[2] and side.reason == Rule("5", "kinte loss: a 2 of 2")


def test_events_are_keyed_by_position_and_each_has_its_part():
    players = _roster(a=("12 kyu", 690), b="12 kyu")
    e1 = Event("club", players, (_game(1, "a", "b", rnd=1),))
    # The second event's players give no rating: the state the first left (issue 24).
    later = _roster(a="12 kyu", b="12 kyu")
    e2 = Event("club", later, (_game(1, "b", "a", when=date(2010, 9, 3), rnd=1),))
    outcome = LNMO.rate_events([e1, e2]).outcome
    assert outcome is not None
    first, second = outcome.events
    assert (first.key, second.key) == (EventKey.of(e1, 0), EventKey.of(e2, 1))
    assert first.key != second.key and first.key.name == second.key.name == "club"
    # 12 kyu at 690 wins D=0: 706 and 11 kyu; then loses to 12 kyu (D=1, the weaker won): -20.
    a1 = next(p for p in first.players if p.id == "a")
    a2 = next(p for p in second.players if p.id == "a")
    assert (a1.rating_before, a1.rating_after) == (690, 690 + STRONGER[0])
    assert (a2.rating_before, a2.rating_after) == (690 + STRONGER[0], 690 + STRONGER[0] - WEAKER[1])
    assert a1.detail.grade_after == kyu(11) == a2.detail.grade_before
    b1 = next(p for p in first.players if p.id == "b")
    b2 = next(p for p in second.players if p.id == "b")
    assert b1.status is Status.FIRST_RATING and b2.status is Status.RATED  # table 1, then his
    assert {g.event for g in second.games} == {second.key}


def test_the_state_codec_writes_what_it_reads():
    players = _roster(a=("17 kyu", 10), b="17 kyu", dk=("fesa", "1 dan"))
    games = [_game(1, "b", "a"), _game(2, "dk", "b", "0-1", handicap="(GKG)", kind="qualification",
                                         when=date(2010, 9, 3))]  # fmt: skip
    outcome = _outcome(players, games)
    assert outcome.new_state is not None
    states = {record.id: CODEC.read(record) for record in outcome.new_state}
    assert states["a"].rating == 10 - STRONGER[0]  # at or below 0 survives (lnmo_rating)
    assert states["b"].grade == kyu(15) and states["b"].last_qualification == date(2010, 9, 3)
    assert states["b"].last_qualification_won is True
    assert states["dk"].grade.fesa and states["dk"].rating is None
    assert CODEC.columns[:2] == ("grade", "prior_grade")


def test_the_core_guard_refuses_a_chess_event_when_rate_is_called_directly():
    from ratingkit.core.errors import RuleSetCannotRateError
    from ratingkit.core.outcome import GameKind

    players = _roster(a="12 kyu", b="12 kyu")
    chess = Event("swiss", players, (_game(1, "a", "b"),), game=GameKind.CHESS)
    with pytest.raises(RuleSetCannotRateError, match="lnmo rates shogi; this event is chess"):
        LNMO.rate(chess)
    with pytest.raises(RuleSetCannotRateError, match="lnmo rates shogi"):
        LNMO.check(chess)


def test_the_outcome_is_stored_and_read_back_as_the_same_values():
    from conftest import ROOT

    from ratingkit.formats import read_event

    codec = pytest.importorskip("ratingkit.core.outcome_codec")  # the ledger's codec
    outcome = LNMO.rate(read_event(ROOT / "examples" / "lnmo-club")).outcome
    back = codec.loads(codec.dumps(outcome))
    assert back == outcome
    assert back.games[0].detail.kind is Kind.RATED and back.player("anya").status is Status.RATED
