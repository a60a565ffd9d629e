"""The ledger: import, rating periods, publication, history; refusals, atomicity, locking.

The rating itself is the business of the rule sets; these tests use a small stand-in rule set
(``toy``: 10 points per game of score minus one half, unrated players enter at 1500) whose
numbers the tests recompute by hand, so that what is checked here is the ledger's bookkeeping.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import DATA, ROOT
from older_ledgers import undo_schema_5

from ratingkit import cli, formats
from ratingkit import registry as rulesets
from ratingkit.core import outcome_codec
from ratingkit.core.outcome import (
    EventKey,
    EventOutcome,
    GameKind,
    Outcome,
    PlayerOutcome,
    Rule,
    Status,
    shown_as,
)
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.report import CheckTable
from ratingkit.core.ruleset import RuleSetMembers, events_of
from ratingkit.formats import Format
from ratingkit.formats.csvpair import read_csv_pair
from ratingkit.services import ledger
from ratingkit.services.ledger import ImportErrors, Ledger, LedgerBusyError, LedgerError

LEDGER_DATA = DATA / "ledger"


#: The toy's rule, cited in each player's detail.
TOY_RULE = Rule("toy 1", "10 points per point over one half a game")

outcome_codec.allow_module(__name__)  # the ledger stores the toy's details


@dataclass(frozen=True)
class ToyDetail:
    """The toy's per-player detail: points over one half a game, and the rule."""

    margin: Fraction = shown_as("margin")
    rule: Rule = shown_as("rule", str)

    def explain(self) -> str:
        return f"{self.margin} points over one half a game ({self.rule})"


@dataclass(frozen=True)
class ToyRules(RuleSetMembers):
    name: str = "toy"
    title: str = "toy rules for ledger tests"
    document: str = "tests/test_ledger.py"
    valid_from: date | None = None
    valid_until: date | None = None
    game: GameKind = GameKind.CHESS
    rates_score_tables: bool = False
    #: Seconds to wait per event (the kill -9 test needs a rating that takes a while).
    delay: float = 0.0

    def _outcome(self, event, players, position: int) -> Outcome:
        """The toy's outcome of one event: the rating before is the state's where it has one
        (an earlier event of the same run), else the event's."""
        time.sleep(self.delay)
        state = {r.id: r for r in players} if players is not None else {}
        results, records = [], []
        for player in event.players:
            games = event.played_games_of(player.id)
            score = sum((Fraction(g.score_of(player.id)) for g in games), Fraction(0))
            known = state.get(player.id)
            before = known.rating if known and known.rating is not None else player.rating
            margin = score - Fraction(len(games), 2)
            change = 10 * margin if before is not None else None
            after = int(before + change) if before is not None and change is not None else 1500
            total = (known.games if known and known.games else 0) + len(games)
            results.append(
                PlayerOutcome(
                    id=player.id,
                    name=player.name,
                    rating_before=before,
                    games=len(games),
                    score=score,
                    expected=Fraction(len(games), 2),
                    change=change,
                    rating_after=after,
                    status=Status.RATED if before is not None else Status.FIRST_RATING,
                    detail=ToyDetail(margin, TOY_RULE),
                )
            )
            records.append(PlayerRecord(id=player.id, name=player.name, rating=after, games=total))
        part = EventOutcome(EventKey.of(event, position), tuple(results))
        return Outcome(
            self.name,
            event.name,
            tuple(results),
            (part,),
            new_state=PlayerFile(tuple(records)),
        )

    def outcome(self, events, players=None) -> Outcome:
        """One event after the other, each with the state the previous one left."""
        events, _alone = events_of(events)
        state = players
        parts, results = [], []
        for position, event in enumerate(events):
            outcome = self._outcome(event, state, position)
            parts.extend(outcome.events)
            results.extend(outcome.players)  # each event's results, as FESA lists them
            known = {r.id: r for r in state} if state is not None else {}
            known.update({r.id: r for r in outcome.new_state})
            state = PlayerFile(tuple(known.values()))
        return Outcome(
            self.name,
            " + ".join(e.name for e in events),
            tuple(results),
            tuple(parts),
            new_state=state,
        )

    def check(self, event, players=None):
        return CheckTable.of(())


@pytest.fixture
def toy(monkeypatch):
    rulesets.rule_sets()  # load the built-in rule sets first: they must stay registered
    monkeypatch.setattr(rulesets, "_REGISTRY", dict(rulesets._REGISTRY))
    rulesets.register(ToyRules())
    rulesets.register(ToyRules(name="slow-toy", delay=0.4))


@pytest.fixture
def files(tmp_path):
    target = tmp_path / "files"
    shutil.copytree(LEDGER_DATA, target)
    return target


@pytest.fixture
def book(toy, tmp_path):
    with Ledger.create(tmp_path / "club.sqlite", "toy") as opened:
        yield opened


def _count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_create_refuses_an_existing_file_and_unknown_rules(toy, tmp_path):
    path = tmp_path / "x.sqlite"
    Ledger.create(path, "toy").close()
    with pytest.raises(LedgerError, match="file exists"):
        Ledger.create(path, "toy")
    with pytest.raises(rulesets.UnknownRuleSetError):
        Ledger.create(tmp_path / "y.sqlite", "nope")
    assert not (tmp_path / "y.sqlite").exists()
    with pytest.raises(LedgerError, match="no ledger here"):
        Ledger(tmp_path / "z.sqlite")


def test_schema_is_versioned(book):
    version = book._connection.execute("PRAGMA user_version").fetchone()[0]
    assert version == ledger.SCHEMA_VERSION == len(ledger.MIGRATIONS)


def test_import_creates_then_matches_players_by_id(book, files):
    first = book.import_file(files / "spring-games.csv", files / "state.csv")
    assert (first.period, first.games, first.players_created) == ("2024-01", 4, 4)
    second = book.import_file(files / "summer-games.csv")
    # a, b and d are known by their own ids; e is new.
    assert (second.period, second.players_matched, second.players_created) == ("2024-02", 3, 1)
    assert "imported 'spring' as event 1 into period 2024-01" in str(first)


def test_import_of_the_same_file_twice_is_refused(book, files):
    book.import_file(files / "spring-games.csv")
    with pytest.raises(ImportErrors, match="already imported as event 1"):
        book.import_file(files / "spring-games.csv")


def test_import_with_errors_applies_nothing_and_lists_them_all(book, files):
    (files / "spring-games.csv").write_text("round,white,black,result\n1,a,b,9-9\n")
    (files / "bad-state.csv").write_text("id,games\na,many\n")
    with pytest.raises(ImportErrors) as info:
        book.import_file(files / "spring-games.csv", files / "bad-state.csv", period="2024-13")
    errors = info.value.errors
    assert len(errors) == 2
    assert "spring-games.csv, line 2, field result: unknown result '9-9'" in errors[0]
    assert "bad-state.csv, line 2, field games" in errors[1]
    assert _count(book.path, "events") == 0 and _count(book.path, "players") == 0


def test_import_needs_a_period_when_the_file_has_no_date(book, files):
    (files / "spring-games.csv").write_text("round,white,black,result\n1,a,b,1-0\n")
    with pytest.raises(ImportErrors, match="give the period with --period"):
        book.import_file(files / "spring-games.csv")
    with pytest.raises(ImportErrors, match="YYYY-MM, got '2024-13'"):
        book.import_file(files / "spring-games.csv", period="2024-13")
    assert book.import_file(files / "spring-games.csv", period="2023-12").period == "2023-12"


def test_ambiguous_names_are_refused(book, files, monkeypatch):
    # A format whose ids are start numbers: players are matched on names.
    monkeypatch.setattr(formats, "_FORMATS", dict(formats.formats()))
    formats.register_format(
        Format("by-name", "test", (".names",), lambda p: replace(read_csv_pair(p), local_ids=True))
    )
    book.import_file(files / "spring-games.csv")
    (files / "players.csv").write_text("id,name,rating\n1,Ann,1600\n2,Ann,1610\n")
    (files / "games.csv").write_text("round,white,black,result,date\n1,1,2,1-0,2024-03-01\n")
    book.import_file(files / "games.csv", period="2024-03", input_format="csv")
    (files / "x-games.csv").write_text("round,white,black,result,date\n1,1,2,1-0,2024-04-01\n")
    (files / "x-players.csv").write_text("id,name,rating\n1,Ann,1600\n2,Bob,1500\n")
    with pytest.raises(ImportErrors, match="'Ann' matches ledger players 1, 5"):
        book.import_file(files / "x-games.csv", input_format="by-name")


def test_rating_periods_carries_state_forward(book, files):
    book.import_file(files / "spring-games.csv", files / "state.csv")
    book.import_file(files / "summer-games.csv")
    book.rate_period("2024-01")
    spring = {r["name"]: r for r in book.published_list("2024-01").rows}
    # Toy rules: Ann 1.5/2 -> 1600 + 10 * (1.5 - 1) = 1605; Bob 1/2 -> 1500; Cid 0.5/2 ->
    # 1395; Dan unrated enters at 1500.  Games: Ann 40 + 2, Bob 12 + 2 (from state.csv).
    assert {n: r["rating"] for n, r in spring.items()} == {
        "Ann": 1605,
        "Bob": 1500,
        "Cid": 1395,
        "Dan": 1500,
    }
    assert (spring["Ann"]["games"], spring["Bob"]["games"], spring["Cid"]["games"]) == (42, 14, 2)
    assert spring["Dan"]["new"] and not spring["Ann"]["new"]
    book.rate_period("2024-02")
    summer = {r["name"]: r for r in book.published_list("2024-02").rows}
    # Ann starts at her published 1605 (not the file's 1600) and loses her one game to Dan:
    # 1605 + 10 * (0 - 1/2) = 1600; Dan 1500 + 10 * (1 - 1/2) = 1505.
    assert summer["Ann"]["rating"] == 1600 and summer["Dan"]["rating"] == 1505
    assert summer["Cid"]["rating"] == 1395 and not summer["Cid"]["played"]
    # Eve comes with a rating (1450) from her file: new to the ledger, not newly rated.
    # She lost to Bob: 1450 + 10 * (0 - 1/2) = 1445.
    assert summer["Eve"]["rating"] == 1445 and not summer["Eve"]["new"]


def test_history_lists_every_event_of_a_player(book, files):
    book.import_file(files / "spring-games.csv")
    book.import_file(files / "summer-games.csv")
    book.rate_period("2024-01")
    book.rate_period("2024-02")
    history = book.history("a")
    assert history.column("event") == ["spring", "summer"]
    assert history.column("rating_before") == [1600, 1605]
    assert history.column("rating_after") == [1605, 1600]
    assert book.history("Ann").rows == history.rows
    with pytest.raises(LedgerError, match="no player 'Zed'"):
        book.history("Zed")


def test_refusals_and_replace(book, files):
    book.import_file(files / "spring-games.csv")
    book.import_file(files / "summer-games.csv")
    with pytest.raises(LedgerError, match="period 2024-01 has events that are not rated"):
        book.rate_period("2024-02")
    book.rate_period("2024-01")
    book.rate_period("2024-02")
    with pytest.raises(LedgerError, match="already rated; use --replace"):
        book.rate_period("2024-01")
    before = book.published_list("2024-02").rows
    reports = book.rate_period("2024-01", replace=True)
    assert [r.title for r in reports] == ["spring", "summer"]  # the later period too
    assert book.published_list("2024-02").rows == before
    assert [r["period"] for r in book.periods().rows] == ["2024-01", "2024-02"]
    with pytest.raises(LedgerError, match="not rated; nothing is published"):
        book.published_list("2024-05")


def test_a_second_writer_waits_then_fails_clearly(book, files, monkeypatch):
    monkeypatch.setattr(ledger, "BUSY_TIMEOUT_SECONDS", 0.2)
    other = sqlite3.connect(book.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with Ledger(book.path) as second, pytest.raises(LedgerBusyError, match="another"):
            second.import_file(files / "spring-games.csv")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert book.import_file(files / "spring-games.csv").event_id == 1


def test_kill_minus_9_during_rating_leaves_the_last_committed_state(toy, tmp_path, files):
    path = tmp_path / "big.sqlite"
    with Ledger.create(path, "slow-toy") as book:
        for index in range(6):
            (files / f"e{index}-games.csv").write_text(
                f"round,white,black,result,date\n1,a,b,1-0,2024-01-{index + 10}\n"
            )
            shutil.copy(files / "spring-players.csv", files / f"e{index}-players.csv")
            book.import_file(files / f"e{index}-games.csv")
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import test_ledger as t; from ratingkit import registry as rulesets;"
        " from ratingkit.services.ledger import Ledger;"
        " rulesets.register(t.ToyRules(name='slow-toy', delay=0.4));"
        "Ledger(sys.argv[2]).rate_period('2024-01')"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(Path(__file__).parent), str(path)]
    )
    time.sleep(1.6)  # several events rated, and their results written, inside the transaction
    assert process.poll() is None, "the rating finished before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    with Ledger(path) as book:
        assert book.integrity_check() == "ok"
        assert book.periods().rows[0]["rated"] is None
        assert _count(path, "player_results") == 0 and _count(path, "published") == 0
        book.rate_period("2024-01")  # and the ledger still works
        assert _count(path, "player_results") == 6 * 4  # every listed player of 6 events


def test_cli_db_commands(toy, files, tmp_path, capsys):
    path = str(tmp_path / "cli.sqlite")
    assert cli.main(["db", "init", path, "--rules", "toy"]) == 0
    assert (
        cli.main(
            [
                "db",
                "import",
                path,
                str(files / "spring-games.csv"),
                "--players",
                str(files / "state.csv"),
            ]
        )
        == 0
    )
    assert "into period 2024-01" in capsys.readouterr().out
    assert cli.main(["db", "rate", path, "--period", "2024-01"]) == 0
    assert "rating list 2024-01 (toy)" in capsys.readouterr().out
    assert cli.main(["db", "list", path, "--period", "2024-01", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # The player's own id (the files' id), never the ledger's number unless asked for.
    assert lines[0] == "id,name,rating,games,played,new,inactive"
    assert lines[1].startswith("a,Ann,1605,42,yes,no,no")
    assert cli.main(["db", "history", path, "Ann", "--format", "json"]) == 0
    assert '"rating_after": 1605' in capsys.readouterr().out
    assert cli.main(["db", "rate", path, "--period", "2024-01"]) == 2
    assert "already rated; use --replace" in capsys.readouterr().err
    assert cli.main(["db", "rate", path, "--period", "2024-01", "--replace"]) == 0
    assert cli.main(["db", "init", path, "--rules", "toy"]) == 2
    assert "file exists" in capsys.readouterr().err


# -- With the real rule sets -------------------------------------------------------------------

SEASON = LEDGER_DATA / "season"


def _games_in(files: list[Path], player: str) -> int:
    """Games a player has in CSV games files, counted here from the files themselves."""
    count = 0
    for file in files:
        for line in file.read_text().splitlines()[1:]:
            _, white, black, *_ = line.split(",")
            count += player in (white, black)
    return count


@pytest.fixture
def season(tmp_path):
    book = Ledger.create(tmp_path / "season.sqlite", "fesa")
    files = sorted(SEASON.glob("*-games.csv"))
    book.import_file(files[0], SEASON / "players.csv")
    for file in files[1:]:
        book.import_file(file)
    for row in book.periods().rows:
        book.rate_period(row["period"])
    yield book, files
    book.close()


def test_the_player_file_registers_every_player(season):
    book, _ = season
    registered = (SEASON / "players.csv").read_text().splitlines()[1:]
    assert _count(book.path, "players") >= len(registered)
    for line in registered:
        pid, name = line.split(",")[:2]
        assert book.find_player(pid) == book.find_player(name)


def test_new_players_enter_the_list_once_fesa_rates_them(season):
    # Peeters Lotte (be01) plays one 5-round event in January and another in February:
    # FESA rule 3 keeps her unrated below 9 games, so she is listed (and new) in February.
    book, files = season
    january = [f for f in files if f.name.startswith("2024-01")]
    february = [f for f in files if f.name.startswith("2024-02")]
    assert _games_in(january, "be01") == 5 and _games_in(january + february, "be01") == 10
    assert "Peeters Lotte" not in book.published_list("2024-01").column("name")
    unlisted = {r["name"]: r for r in book.published_list("2024-01", everyone=True).rows}
    assert unlisted["Peeters Lotte"]["games"] == 5 and not unlisted["Peeters Lotte"]["listed"]
    listed = {r["name"]: r for r in book.published_list("2024-02").rows}
    assert listed["Peeters Lotte"]["new"] and listed["Peeters Lotte"]["games"] == 10
    march = {r["name"]: r for r in book.published_list("2024-03").rows}
    assert not march["Peeters Lotte"]["new"]  # new only once


def test_a_season_history_follows_the_reports(season):
    book, _ = season
    history = book.history("es01").rows
    assert [r["period"] for r in history] == ["2024-03", "2024-04", "2024-04"]
    # Each event starts from the rating the previous one left (FESA rule 11).
    assert history[1]["rating_before"] == history[0]["rating_after"]
    assert history[2]["rating_before"] == history[1]["rating_after"]


def test_inactive_after_twelve_months_without_a_game(book, files):
    book.import_file(files / "spring-games.csv")  # 2024-01: a, b, c, d play
    (files / "late-games.csv").write_text("round,white,black,result,date\n1,a,b,1-0,2025-01-11\n")
    (files / "late-players.csv").write_text("id,name,rating\na,Ann,1600\nb,Bob,1500\n")
    book.import_file(files / "late-games.csv")
    book.rate_period("2024-01")
    book.rate_period("2025-01")
    listed = {r["name"]: r for r in book.published_list("2025-01").rows}
    assert not listed["Ann"]["inactive"]
    assert listed["Cid"]["inactive"]  # last game 2024-01, twelve months before


def test_fide_rating_period_history_per_event(toy, tmp_path, files):
    # Two events in one period under FIDE 2014: one rounding for the period (8.57), while the
    # history shows each event's own K * (w - We).
    book = Ledger.create(tmp_path / "fide.sqlite", "fide-2014")
    (files / "second-games.csv").write_text(
        "round,white,black,result,date\n1,a,c,1-0,2024-01-27\n1,b,d,1/2-1/2,2024-01-27\n"
    )
    shutil.copy(files / "spring-players.csv", files / "second-players.csv")
    book.import_file(files / "spring-games.csv", files / "state.csv")
    book.import_file(files / "second-games.csv")
    report = book.rate_period("2024-01")[0]
    ann = str(book.find_player("a"))  # outcomes name players by their ledger ids
    rated = report.outcome.player(ann)
    history = book.history("a").rows
    assert [r["event"] for r in history] == ["spring", "second"]
    changes = [r["change"] for r in history]
    assert sum(changes) == pytest.approx(float(rated.change))
    assert history[0]["rating_after"] == history[1]["rating_after"] == rated.rating_after
    book.close()


# -- Outcomes stored by event id; the guard ----------------------------------------------------


def _club_night(folder: Path, day: str, games: str) -> Path:
    """A CSV pair of an event called "club night" (every such event has that name)."""
    folder.mkdir()
    (folder / "event.csv").write_text(
        f"field,value\nname,club night\ntype,round robin\nstart,{day}\nend,{day}\nrounds,1\n"
    )
    (folder / "players.csv").write_text(
        "id,name,rating,games,born\na,Ann,1600,100,1980-01-01\nb,Bob,1500,100,1980-01-01\n"
        "c,Cid,1400,100,1980-01-01\nd,Dan,1700,100,1980-01-01\n"
    )
    (folder / "games.csv").write_text("round,white,black,result,date\n" + games)
    return folder / "games.csv"


@pytest.fixture
def two_club_nights(tmp_path):
    """Two events of one name in January 2024: Ann beats Bob on the 3rd, Ann loses to Dan on
    the 6th (Bob and Cid draw)."""
    first = _club_night(tmp_path / "n1", "2024-01-03", "1,a,b,1-0,2024-01-03\n")
    second = _club_night(
        tmp_path / "n2", "2024-01-06", "1,a,d,0-1,2024-01-06\n1,b,c,1/2-1/2,2024-01-06\n"
    )
    return first, second


def test_two_events_of_one_name_in_a_period_each_show_their_own_numbers(
    toy, tmp_path, two_club_nights
):
    # Regression: the history found an event's numbers by the title "event: NAME" (or the
    # rows whose event is NAME), so both club nights showed the second one's numbers.
    first, second = two_club_nights
    with Ledger.create(tmp_path / "l.sqlite", "toy") as book:
        book.import_file(first)
        book.import_file(second)
        book.rate_period("2024-01")  # two events: rated together (rate_events)
        history = book.history("Ann").rows
    # Toy rules, one after the other: 1600 + 10 * (1 - 1/2) = 1605, then
    # 1605 + 10 * (0 - 1/2) = 1600.
    assert [r["event"] for r in history] == ["club night", "club night"]
    assert [r["rating_before"] for r in history] == [1600, 1605]
    assert [r["score"] for r in history] == [1, 0]
    assert [r["change"] for r in history] == [5, -5]
    assert [r["rating_after"] for r in history] == [1605, 1600]


def test_two_fide_events_of_one_name_in_a_period_each_show_their_own_numbers(
    tmp_path, two_club_nights
):
    # The same under FIDE 2014: K 20 (8.56: 30 games or more, under 2400, not a junior).
    # Table 8.1(b): a difference of 100 gives PD 0.64 to the higher rated, 0.36 to the lower.
    # Ann (1600) beats Bob (1500): 20 * (1 - 0.64) = 7.2; Ann loses to Dan (1700):
    # 20 * (0 - 0.36) = -7.2; one rounding for the period (8.57): 1600 + 0 = 1600.
    first, second = two_club_nights
    with Ledger.create(tmp_path / "l.sqlite", "fide-2014") as book:
        book.import_file(first)
        book.import_file(second)
        book.rate_period("2024-01")
        history = book.history("Ann").rows
    assert [float(r["expected"]) for r in history] == [0.64, 0.36]
    assert [float(r["change"]) for r in history] == pytest.approx([7.2, -7.2])
    assert [r["rating_after"] for r in history] == [1600, 1600]


def test_each_event_s_outcome_is_stored_typed_under_its_ledger_id(book, files):
    book.import_file(files / "spring-games.csv")
    book.rate_period("2024-01")
    # The results are stored per player (typed columns); the event's whole typed outcome is
    # recomputed from the stored inputs when asked for, and comes back through the codec as
    # it went in.
    assert _count(book.path, "player_results") == 4 and _count(book.path, "outcomes") == 0
    part = book.event_outcome(1)
    assert outcome_codec.loads(outcome_codec.dumps(part)) == part
    assert isinstance(part, EventOutcome) and part.key.name == "spring"
    ann = next(p for p in part.players if p.name == "Ann")
    # Ann 1.5/2: margin 1.5 - 1 = 1/2, exact; the detail comes back as the toy's own type.
    assert ann.detail == ToyDetail(Fraction(1, 2), TOY_RULE)
    assert isinstance(ann.score, Fraction) and ann.score == Fraction(3, 2)
    assert ann.status is Status.RATED
    dan = next(p for p in part.players if p.name == "Dan")
    assert dan.status is Status.FIRST_RATING and dan.rating_after == 1500
    with pytest.raises(LedgerError, match="no event 7"):
        book.event_outcome(7)
    book.import_file(files / "summer-games.csv")
    with pytest.raises(LedgerError, match="is not rated yet"):
        book.event_outcome(2)


def _chess_trf(path, encoding=None):
    """The TRF reader, with the reader's word that a TRF is a chess file where it does not
    give it yet (``Event.game``)."""
    from ratingkit.formats.trf import read_trf

    event = read_trf(path) if encoding is None else read_trf(path, encoding=encoding)
    return event if event.game is not None else replace(event, game=GameKind.CHESS)


SWISS = ROOT / "examples" / "karl-mala-2005-swiss.trf"


def test_a_chess_swiss_is_refused_by_a_shogi_ledger(tmp_path, monkeypatch):
    # Regression: a FIDE Swiss imported into a FESA ledger was rated: dan grades for chess
    # players.  The ledger runs the one guard (core.ruleset.guard) at import.
    monkeypatch.setattr(formats, "_FORMATS", dict(formats.formats()))
    formats.register_format(Format("chess-trf", "test", (".trf",), _chess_trf))
    path = tmp_path / "fesa.sqlite"
    with Ledger.create(path, "fesa") as book, pytest.raises(ImportErrors) as info:
        book.import_file(SWISS, period="2005-07", input_format="chess-trf")
    assert "fesa rates shogi; this event is chess" in str(info.value)
    for table in ("players", "events", "participants", "games", "packed_games"):
        assert _count(path, table) == 0, table


@pytest.mark.skipif(
    formats.read_event(SWISS).game is None,
    reason="the TRF reader does not set Event.game yet",
)
def test_a_chess_swiss_read_by_the_trf_reader_is_refused_by_a_shogi_ledger(tmp_path):
    path = tmp_path / "fesa.sqlite"
    with Ledger.create(path, "fesa") as book, pytest.raises(ImportErrors, match="rates shogi"):
        book.import_file(SWISS, period="2005-07")
    assert _count(path, "events") == 0


def test_the_guard_runs_again_when_a_period_is_rated(tmp_path, files):
    # An event stored before the ledger guarded its imports, whose reader said chess: rating
    # the period under FESA is refused, and nothing is stored.
    path = tmp_path / "fesa.sqlite"
    with Ledger.create(path, "fesa") as book:
        book.import_file(files / "spring-games.csv")
        book._connection.execute("UPDATE events SET game = 'chess'")
        with pytest.raises(rulesets.RuleSetCannotRateError, match="fesa rates shogi"):
            book.rate_period("2024-01")
    for table in ("periods", "results", "outcomes", "state", "published"):
        assert _count(path, table) == 0, table


def test_a_ledger_of_schema_1_is_migrated_and_its_history_still_read(toy, tmp_path, files):
    # A ledger rated before outcomes were stored: its results rows are plain JSON objects.
    path = tmp_path / "old.sqlite"
    with Ledger.create(path, "toy") as book:
        book.import_file(files / "spring-games.csv")
        book.rate_period("2024-01")
    with sqlite3.connect(path) as connection:
        # Back to schema 1: without what schemas 2 to 5 added.
        undo_schema_5(connection)
        connection.execute("DROP TABLE outcomes")
        connection.execute("DROP TABLE player_results")
        for index in (
            "state_by_player",
            "participants_by_player",
            "published_by_player",
            "players_by_own_id",
        ):
            connection.execute(f"DROP INDEX {index}")
        for table, column in (
            ("events", "game"),
            ("events", "games_digest"),
            ("players", "arrived_rated"),
            ("players", "sex"),
            ("players", "own_id"),
        ):
            connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        # Schema 1 kept each result as a JSON object in ``results``.
        connection.execute(
            "INSERT INTO results VALUES ('2024-01', 1, 1, ?)",
            (
                '{"rating_before": 1600, "games": 2, "score": 1.5, "expected": 1.0, '
                '"change": 5.0, "rating_after": 1605}',
            ),
        )
        connection.execute("PRAGMA user_version = 1")
    with Ledger(path) as book:
        assert book._connection.execute("PRAGMA user_version").fetchone()[0] == 7
        (row,) = book.history("Ann").rows
        assert (row["rating_before"], row["change"], row["rating_after"]) == (1600, 5.0, 1605)
        book.import_file(files / "summer-games.csv")
        book.rate_period("2024-02")  # and it goes on with outcomes
        assert book.history("Ann").column("rating_after") == [1605, 1600]


def test_a_season_s_outcomes_come_back_as_fesa_s_own_types(season):
    from ratingkit.fesa.outcome import FesaPlayer

    book, _ = season
    part = book.event_outcome(1)
    assert part.players and all(isinstance(p.detail, FesaPlayer) for p in part.players)
    assert all(isinstance(p.status, Status) for p in part.players)
    assert "rule" in part.players[0].detail.explain()
