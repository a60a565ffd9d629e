"""ratingkit.services.compare: one event under every rule set, side by side; a rule set that cannot
rate the event says why and is never dropped. Numbers are recomputed here from the example files
with table 8.1b (test_fide2014.pd, read from the seed's table) and plain arithmetic."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest
from conftest import ROOT
from fide_by_hand import half_away, pd

import ratingkit
from ratingkit.core.errors import RatingkitError
from ratingkit.core.players import read_player_file
from ratingkit.registry import get_rule_set, rule_sets
from ratingkit.services.compare import (
    UnknownGameError,
    can_rate,
    compare,
    event_game,
    rule_set_game,
)

EXAMPLES = ROOT / "examples"
PLAIN = EXAMPLES / "club-evening-plain"


def _verdicts(comparison) -> dict[str, str]:
    return {row["rules"]: row["verdict"] for row in comparison.verdicts.rows}


def _plain_ratings() -> dict[str, int]:
    with (PLAIN / "players.csv").open() as handle:
        return {row["id"]: int(row["rating"]) for row in csv.DictReader(handle)}


def _plain_games() -> list[tuple[str, str, Fraction]]:
    scores = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2-1/2": Fraction(1, 2)}
    with (PLAIN / "games.csv").open() as handle:
        return [(r["white"], r["black"], scores[r["result"]]) for r in csv.DictReader(handle)]


def test_every_rule_set_asked_for_has_a_verdict():
    """Nothing is dropped silently: each registered rule set has a row, "rates" or "cannot
    rate: reason"."""
    event = ratingkit.read_event(EXAMPLES / "fide-1982-berger.csv")
    comparison = compare(event)
    verdicts = _verdicts(comparison)
    assert set(verdicts) == set(rule_sets())
    for name, verdict in verdicts.items():
        assert verdict == "rates" or verdict.startswith("cannot rate: "), name
    assert set(comparison.reports) == {n for n, v in verdicts.items() if v == "rates"}


def test_score_table_rated_by_fide_1982_only():
    """A score table has no games: fide-2014 refuses it (its own RuleSetCannotRateError is
    quoted); the shogi systems do not rate chess."""
    event = ratingkit.read_event(EXAMPLES / "fide-1982-berger.csv")
    verdicts = _verdicts(compare(event))
    assert verdicts["fide-1982"] == "rates"
    assert "score table gives only each player's total" in verdicts["fide-2014"]
    assert (
        verdicts["fesa"]
        == "cannot rate: fesa rates shogi; this event is chess (a FIDE score table)"
    )
    assert verdicts["lnmo"].startswith("cannot rate: lnmo rates shogi")


def test_trf_swiss_is_chess_and_shogi_systems_say_so():
    event = ratingkit.read_event(EXAMPLES / "round-robin-two-unrated.trf")
    assert event_game(event) == ("chess", "a FIDE TRF file")
    verdicts = _verdicts(compare(event, ["fide-2014", "fesa", "lnmo"]))
    assert verdicts["fide-2014"] == "rates"
    assert "fesa rates shogi; this event is chess" in verdicts["fesa"]
    assert "lnmo rates shogi; this event is chess" in verdicts["lnmo"]


def test_handicap_event_is_shogi_and_lnmo_refuses_a_dan_grade():
    """Handicaps and sennichite are shogi: FIDE cannot rate them; LNMO knows 7-20 kyu only
    (seed rules 1, 1a) and its own error is quoted."""
    event = ratingkit.read_event(EXAMPLES / "fesa-handicap-club")
    game, evidence = event_game(event)
    assert game == "shogi"
    assert "handicap games" in evidence and "sennichite" in evidence
    verdicts = _verdicts(compare(event, ["fide-2014", "fesa", "fesa-2011", "lnmo"]))
    assert verdicts["fesa"] == verdicts["fesa-2011"] == "rates"
    assert verdicts["fide-2014"].startswith(
        "cannot rate: fide-2014 rates chess; this event is shogi"
    )
    assert "'2 dan'" in verdicts["lnmo"]


def test_grades_in_the_player_file_make_an_event_shogi():
    event = ratingkit.read_event(EXAMPLES / "fesa-spring-cup.txt")
    players = read_player_file(EXAMPLES / "fesa-spring-cup-players.csv")
    assert event_game(event, players)[0] == "shogi"


def test_plain_csv_pair_is_rated_by_fide_2014_and_fesa():
    event = ratingkit.read_event(PLAIN)
    assert event_game(event)[0] is None
    comparison = compare(event, ["fide-2014", "fesa", "lnmo"])
    verdicts = _verdicts(comparison)
    assert verdicts["fide-2014"] == verdicts["fesa"] == "rates"
    assert "has no grade" in verdicts["lnmo"]  # LNMO rates by grades, the file has none
    assert list(comparison.reports) == ["fide-2014", "fesa"]


def test_side_by_side_fide_2014_change_recomputed_from_table_8_1b():
    """FIDE 2014 8.5x on the plain club evening: K = 20 (no player file: the default the
    report names), PD from table 8.1b with |D| capped at 400 (8.54), change rounded half away
    from zero (8.57).  The joined table carries exactly these numbers."""
    event = ratingkit.read_event(PLAIN)
    comparison = compare(event, ["fide-2014", "fesa"])
    ratings, games = _plain_ratings(), _plain_games()
    for pid, rating in ratings.items():
        score = sum((s if w == pid else 1 - s) for w, b, s in games if pid in (w, b))
        expected = sum(
            pd(rating - ratings[b if w == pid else w]) for w, b, _ in games if pid in (w, b)
        )
        row = next(r for r in comparison.table.rows if r["id"] == pid)
        assert row["score"] == score
        assert row["fide-2014 before"] == rating
        assert row["fide-2014 delta"] == half_away(20 * (score - expected)), pid
        assert row["fide-2014 after"] == rating + half_away(20 * (score - expected))


def test_side_by_side_joins_each_report_unchanged():
    event = ratingkit.read_event(PLAIN)
    comparison = compare(event, ["fide-2014", "fesa"])
    own = ratingkit.rate(event, "fesa")
    for row in comparison.table.rows:
        mine = own.row(row["id"])
        assert row["fesa after"] == mine["rating_after"]
        assert row["fesa delta"] == mine["rating_after"] - mine["rating_before"]
        assert comparison.delta("fesa", row["id"]) == row["fesa delta"]


def test_gainers_and_losers():
    event = ratingkit.read_event(PLAIN)
    comparison = compare(event, ["fide-2014"])
    ratings, games = _plain_ratings(), _plain_games()
    gains = []
    for pid, rating in ratings.items():
        score = sum((s if w == pid else 1 - s) for w, b, s in games if pid in (w, b))
        expected = sum(
            pd(rating - ratings[b if w == pid else w]) for w, b, _ in games if pid in (w, b)
        )
        gains.append((pid, score - expected))
    assert comparison.gainers("fide-2014") == [p for p, g in gains if g > 0]
    assert comparison.losers("fide-2014") == [p for p, g in gains if g < 0]


def test_why_names_k_and_the_8_54_cap():
    """The detail names K and its rule (8.56) and counts the games where |D| > 400 (8.54),
    counted here from the ratings."""
    event = ratingkit.read_event(PLAIN)
    comparison = compare(event, ["fide-2014"])
    ratings, games = _plain_ratings(), _plain_games()
    for row in comparison.detail.rows:
        pid = row["id"]
        capped = sum(1 for w, b, _ in games if pid in (w, b) and abs(ratings[w] - ratings[b]) > 400)
        assert row["why"].startswith("K=20 (8.56")
        if capped:
            assert (
                f"400-point cap (8.54) in {capped} game" + ("" if capped == 1 else "s")
                in row["why"]
            )
        else:
            assert "8.54" not in row["why"]
        assert row["score-expected"] == Fraction(row["score"]) - Fraction(row["expected"])


def test_why_names_the_fesa_bonus_of_rule_9():
    """FESA rule 9: (1800 - tr)/200 for a player under 1800 with fewer than 100 games."""
    event = ratingkit.read_event(EXAMPLES / "fesa-handicap-club")
    detail = compare(event, ["fesa"]).detail
    rows = {r["id"]: r for r in detail.rows}
    assert "bonus" not in rows["kato"]["why"]  # 1862: above 1800
    assert "k=24" in rows["kato"]["why"]  # formula (1): k = 24 for 1560 <= tr < 1920
    ortiz = rows["ortiz"]["why"]
    assert "bonus +" in ortiz and "(rule 9)" in ortiz


def test_game_override_and_unknown_game():
    event = ratingkit.read_event(PLAIN)
    verdicts = _verdicts(compare(event, ["fide-2014", "fesa"], game="chess"))
    assert verdicts["fide-2014"] == "rates"
    assert verdicts["fesa"].startswith("cannot rate: fesa rates shogi")
    with pytest.raises(UnknownGameError, match="'go'"):
        compare(event, ["fesa"], game="go")


def test_rule_set_games():
    assert rule_set_game(get_rule_set("fide-1982-literal")) == "chess"
    assert rule_set_game(get_rule_set("fesa-nsr")) == "shogi"
    assert rule_set_game(get_rule_set("lnmo")) == "shogi"


def test_can_rate_is_the_verdict_table():
    event = ratingkit.read_event(PLAIN)
    table = can_rate(event, ["fide-2014", "lnmo"])
    assert table.columns == ("rules", "title", "game", "verdict")
    assert [r["verdict"] == "rates" for r in table.rows] == [True, False]


def test_unknown_rule_set_is_an_error():
    event = ratingkit.read_event(PLAIN)
    with pytest.raises(RatingkitError, match="no-such"):
        compare(event, ["no-such"])


def test_per_rule_set_player_files():
    """A mapping gives each rule set its own player file."""
    event = ratingkit.read_event(EXAMPLES / "fesa-spring-cup.txt")
    players = read_player_file(EXAMPLES / "fesa-spring-cup-players.csv")
    comparison = compare(event, ["fesa"], {"fesa": players})
    assert comparison.reports["fesa"].to_dict() == ratingkit.rate(event, "fesa", players).to_dict()


def test_the_cli_refuses_a_chess_file_under_a_shogi_rule_set(capsys):
    # A FIDE TRF is a chess event: FESA (shogi) must not hand out dan grades for it.
    from conftest import ROOT

    from ratingkit.cli import main

    trf = ROOT / "examples" / "round-robin-two-unrated.trf"
    assert main(["rate", str(trf), "--rules", "fesa"]) == 2
    assert "fesa rates shogi; this event is chess (a FIDE TRF file)" in capsys.readouterr().err
    assert main(["rate", str(trf), "--rules", "fide-2014"]) == 0
