"""The LNMO typed outcome (ratingkit.lnmo.outcome): the values behind the report, checked
against the LNMO rules' numbers (table 1, rule 2, rule 2b), typed below from the document."""

from __future__ import annotations

from datetime import date

from ratingkit.core.outcome import EventKey, Rule, detail_cells, shown_columns
from ratingkit.lnmo.formula import kyu
from ratingkit.lnmo.outcome import (
    NOT_AGREED,
    RATED,
    BonusDoubled,
    Case,
    EventBonus,
    Kind,
    LnmoGame,
    LnmoPlayer,
    Promotion,
    PromotionPath,
    PromotionWay,
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
        "2 game(s) without change: not agreed (4)"
    )
    assert str(promotion.how) == "rating 706 reached 700 (1a)"
    words = detail.explain()
    assert "LNMO rules 2b" in words and "LNMO rules 1a" in words and "LNMO rules 4" in words
    assert EventKey  # the key type the outcome's events use
