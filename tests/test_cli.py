"""The command line, in process (main) and as a real subprocess (exit codes, stderr)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import date

import pytest
from conftest import DATA, ROOT
from fide_by_hand import half_away, pd

from ratingkit import RatingkitError, cli
from ratingkit import registry as rulesets
from ratingkit.core.outcome import Note, NoteKind, Outcome, PlayerOutcome, Status, shown_as
from ratingkit.core.report import Report, Table
from ratingkit.core.ruleset import RuleSetMembers, events_of


@dataclass(frozen=True)
class _Matched:
    """Whether the player file matched the player (the stand-in's one detail column)."""

    matched: bool = shown_as("matched")


@dataclass(frozen=True)
class _CountingRules(RuleSetMembers):
    """A stand-in rule set that reports each player's points, to test the CLI's plumbing."""

    name: str = "points-only"
    title: str = "points only (test stand-in)"
    document: str = "tests/test_cli.py"
    valid_from: date | None = date(2020, 1, 1)
    valid_until: date | None = None

    def _players(self, event, players, prefix=""):
        return tuple(
            PlayerOutcome(
                id=prefix + p.id,
                name=p.name,
                rating_before=p.rating,
                games=len(event.played_games_of(p.id)),
                score=event.points(p.id),
                expected=None,
                change=None,
                rating_after=p.rating,
                status=Status.NOT_RATED,
                detail=_Matched(
                    players is not None and p.id in players.match([(p.id, p.name)]).records
                ),
            )
            for p in event.players
        )

    def outcome(self, events, players=None):
        several, alone = events_of(events)
        if not alone:
            raise RatingkitError(f"rule set {self.name!r} rates one event at a time; give one file")
        event = several[0]
        note = Note(NoteKind.READ, event.origin.type_note or "")
        return Outcome(self.name, event.name, self._players(event, players), notes=(note,))

    def check(self, event, players=None):
        raise RatingkitError(f"rule set {self.name!r} has no event checks")


@dataclass(frozen=True)
class _CheckingRules(_CountingRules):
    """A stand-in that checks (forfeits break a made-up rule 5.1) and rates several events
    together (one report row per player per event)."""

    name: str = "checking"

    def check(self, event, players=None):
        rows = [
            {"rule": "5.1", "problem": f"round {g.round}: forfeit", "games": g.round}
            for g in event.games
            if not g.is_played
        ]
        return Table("checks", ("rule", "problem", "games"), rows)

    def outcome(self, events, players=None):
        several, alone = events_of(events)
        if alone:
            return super().outcome(events, players)
        rows = tuple(p for e in several for p in self._players(e, players, f"{e.name}:"))
        return Outcome(self.name, "period", rows)


@pytest.fixture
def stand_in(monkeypatch):
    rulesets.rule_sets()  # load the built-in rule sets first: they must stay registered afterwards
    monkeypatch.setattr(rulesets, "_REGISTRY", dict(rulesets._REGISTRY))
    rulesets.register(_CountingRules())
    rulesets.register(_CheckingRules())


@pytest.fixture
def pair(tmp_path):
    target = tmp_path / "club"
    shutil.copytree(DATA / "csv-small", target)
    return target


def _run(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-m", "ratingkit", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_rules_lists_the_registry(stand_in, capsys):
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "points-only" in out and "in force from 2020-01-01]" in out


def test_rules_runs_as_a_command():
    result = _run("rules")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_formats_lists_csv(capsys):
    assert cli.main(["formats"]) == 0
    assert capsys.readouterr().out.startswith("csv")


def test_rate_table_csv_json(stand_in, pair, capsys):
    assert cli.main(["rate", str(pair / "games.csv"), "--rules", "points-only"]) == 0
    table = capsys.readouterr().out
    assert "club (points-only)" in table and "round robin (detected" in table
    assert cli.main(["rate", str(pair), "--rules", "points-only", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("id,name,rating_before,games,score,expected,change,rating_after")
    assert lines[1].startswith("a,Ann,2100,2,2.5,")
    assert (
        cli.main(
            ["rate", str(pair), "--rules", "points-only", "--format", "json", "--type", "swiss"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["notes"] == ["event type swiss (given)"]
    # players.csv carries state columns, so it was used as the player file.
    assert all(row["matched"] for row in data["players"])


def test_output_file(stand_in, pair, tmp_path):
    out = tmp_path / "report.csv"
    assert (
        cli.main(
            ["rate", str(pair), "--rules", "points-only", "--format", "csv", "--output", str(out)]
        )
        == 0
    )
    assert out.read_text().startswith("id,name")


def test_unknown_rule_set_exits_2_naming_the_known(stand_in, pair, capsys):
    assert cli.main(["rate", str(pair), "--rules", "fidee"]) == 2
    err = capsys.readouterr().err
    # issue 17: the closest names first ("did you mean"), the family fide listed too
    assert err.startswith(
        "ratingkit: error: unknown rule set 'fidee' (did you mean 'fide'?); available:"
    )
    assert "points-only" in err


def test_malformed_csv_exits_2_with_one_line_naming_the_line(pair, tmp_path):
    (pair / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n2,a,c,1:0\n")
    out = tmp_path / "report.txt"
    result = _run("rate", str(pair / "games.csv"), "--rules", "fide-2014", "--output", str(out))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert "games.csv, line 3, field result: unknown result '1:0'" in lines[0]
    assert "Traceback" not in result.stderr
    assert not out.exists()  # nothing written


def test_missing_file_and_bad_player_file_exit_2(stand_in, pair, tmp_path, capsys):
    assert cli.main(["rate", str(tmp_path / "none.csv"), "--rules", "points-only"]) == 2
    assert "file not found" in capsys.readouterr().err
    bad = tmp_path / "state.csv"
    bad.write_text("id,games\na,lots\n")
    assert cli.main(["rate", str(pair), "--rules", "points-only", "--players", str(bad)]) == 2
    assert "state.csv, line 2, field games" in capsys.readouterr().err


def test_failed_rating_leaves_an_existing_output_untouched(stand_in, pair, tmp_path):
    out = tmp_path / "report.csv"
    out.write_text("previous report\n")
    (pair / "games.csv").write_text("round,white,black,result\n1,a,b,x\n")
    assert cli.main(["rate", str(pair), "--rules", "points-only", "--output", str(out)]) == 2
    assert out.read_text() == "previous report\n"


def test_check_lists_broken_rules_and_exits_1(stand_in, pair, capsys):
    assert cli.main(["check", str(pair), "--rules", "checking"]) == 1
    out = capsys.readouterr().out
    assert "5.1" in out and "round 3: forfeit" in out
    assert cli.main(["check", str(pair), "--rules", "checking", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out) == [
        {"rule": "5.1", "problem": "round 3: forfeit", "games": 3}
    ]


def test_check_of_a_valid_event_exits_0(stand_in, pair, capsys):
    (pair / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n")
    assert cli.main(["check", str(pair), "--rules", "checking"]) == 0
    assert "no rule of checking is broken" in capsys.readouterr().out


def test_check_needs_a_rule_set_with_checks(stand_in, pair, capsys):
    assert cli.main(["check", str(pair), "--rules", "points-only"]) == 2
    assert "has no event checks" in capsys.readouterr().err


def test_several_inputs_are_rated_together(stand_in, pair, tmp_path, capsys):
    second = tmp_path / "second"
    shutil.copytree(pair, second)
    args = ["rate", str(pair), str(second), "--format", "csv", "--rules"]
    assert cli.main([*args, "checking"]) == 0
    ids = [line.split(",")[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert ids[:2] == ["club:a", "club:b"] and ids[4:6] == ["second:a", "second:b"]
    assert cli.main([*args, "points-only"]) == 2
    assert "rates one event at a time" in capsys.readouterr().err


def _period_pair(folder, name, start, end, ratings, games):
    folder.mkdir()
    (folder / "event.csv").write_text(
        f"field,value\nname,{name}\ntype,swiss\nstart,{start}\nend,{end}\nrounds,2\n"
    )
    (folder / "players.csv").write_text(
        "id,name,rating,games,born\n"
        + "".join(f"{i},{n},{r},100,1980-01-01\n" for i, (n, r) in ratings.items())
    )
    (folder / "games.csv").write_text("round,white,black,result\n" + games)
    return folder


def test_a_period_of_pairs_goes_onto_the_rating_of_the_event_that_began_last(tmp_path, capsys):
    """FIDE 2024 7.1: each event's players.csv gives the rating *in that event*; without
    --players the previous list's rating is the one of the event that began last (B: 2010),
    whatever order the events are given in (it was the first event's players file)."""
    a = _period_pair(
        tmp_path / "a",
        "Event A",
        "2024-04-28",
        "2024-05-03",
        {"x": ("Xavier", 2000), "y": ("Yann", 1900), "z": ("Zoe", 2100), "w": ("Walt", 1800)},
        "1,x,y,1-0\n1,z,w,1-0\n2,x,z,1-0\n2,y,w,1/2-1/2\n",
    )
    b = _period_pair(
        tmp_path / "b",
        "Event B",
        "2024-05-10",
        "2024-05-12",
        {"x": ("Xavier", 2010), "y": ("Yann", 1890), "z": ("Zoe", 2100), "w": ("Walt", 1800)},
        "1,x,w,1-0\n1,z,y,0-1\n2,x,y,1-0\n2,w,z,1/2-1/2\n",
    )
    # Xavier, K 20 (100 games, under 2400; 8.56): four wins, each event at its own Ro.
    change = 20 * ((1 - pd(100)) + (1 - pd(-100)) + (1 - pd(210)) + (1 - pd(120)))
    expected = 2010 + half_away(change)
    for order in ([a, b], [b, a]):
        assert cli.main(["rate", *map(str, order), "--rules", "fide", "--format", "json"]) == 0
        rows = json.loads(capsys.readouterr().out)["players"]
        xavier = next(row for row in rows if row["name"] == "Xavier")
        assert xavier["rating_after"] == expected
        assert xavier["list rating"] == 2010


def test_a_rule_set_named_outside_its_dates_says_so(tmp_path, capsys):
    """fide-2014 was in force until 2017-06-30 (FIDE Handbook B.02's archive); an officer may
    still re-rate a 2019 event under it, and the report says that it was asked for."""
    folder = _period_pair(
        tmp_path / "late",
        "Late Open",
        "2019-05-01",
        "2019-05-02",
        {"x": ("Xavier", 2000), "y": ("Yann", 1900)},
        "1,x,y,1-0\n2,y,x,1/2-1/2\n",
    )
    assert cli.main(["rate", str(folder), "--rules", "fide-2014"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the note is wrapped to 100 columns
    assert "began on 2019-05-01, outside the dates fide-2014 was in force" in out
    assert "(2014-07-01 to 2017-06-30)" in out


def test_rules_fits_a_terminal_of_100_columns(capsys):
    assert cli.main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert any("[in force from 2014-07-01 to 2017-06-30]" in line for line in lines)


def _one_game_pair(tmp_path):
    return _period_pair(
        tmp_path / "v",
        "V",
        "2024-05-10",
        "2024-05-12",
        {"x": ("Xavier", 2000), "y": ("Yann", 1900)},
        "1,x,y,1-0\n",
    )


@pytest.mark.parametrize("target", ["players.csv", "event.csv"])
def test_output_onto_a_file_the_pair_reader_read_beside_its_games_is_refused(
    tmp_path, capsys, target
):
    """Given as its games file, a CSV pair still reads players.csv and event.csv beside it:
    --output onto either would destroy an input (a reviewer's case: it was overwritten)."""
    folder = _one_game_pair(tmp_path)
    before = (folder / target).read_bytes()
    code = cli.main(["rate", str(folder / "games.csv"), "--rules", "fide-2024",
                     "--output", str(folder / target)])  # fmt: skip
    assert code == 2
    assert "is the input file" in capsys.readouterr().err
    assert (folder / target).read_bytes() == before


def test_the_same_event_given_twice_is_refused(tmp_path, capsys):
    folder = _one_game_pair(tmp_path)
    assert cli.main(["rate", str(folder), str(folder / "games.csv"), "--rules", "fide"]) == 2
    assert "the same event is given twice" in capsys.readouterr().err


def test_the_cli_s_notes_go_into_the_report_and_its_outcome():
    from ratingkit.core.outcome import Note, NoteKind, Outcome

    outcome = Outcome("toy", "club", (), notes=(Note(NoteKind.RULE, "8.54 applied"),))
    report = Report.from_outcome(outcome)
    noted = cli._noted(report, NoteKind.READ, ["players.csv: read as Windows-1251 (detected)"])
    assert noted.notes == ("8.54 applied", "players.csv: read as Windows-1251 (detected)")
    assert noted.outcome is not None
    assert noted.outcome.notes[1] == Note(
        NoteKind.READ, "players.csv: read as Windows-1251 (detected)"
    )
    assert cli._noted(report, NoteKind.READ, []) is report


def test_the_table_format_leaves_out_game_rows_above_the_limit(monkeypatch, capsys):
    """A 10,000-player event has some 200,000 game rows: the table format says how many it
    leaves out and how to see them; --all-games shows them; --player still shows his."""
    monkeypatch.setattr(cli, "TEXT_GAME_ROWS", 5)
    event = str(ROOT / "examples" / "karl-mala-2005-swiss.trf")
    assert cli.main(["rate", event, "--rules", "fide-2014"]) == 0
    short = capsys.readouterr().out
    assert "game rows are not shown here (more than 5): --player" in short.replace("\n", " ")
    assert cli.main(["rate", event, "--rules", "fide-2014", "--all-games"]) == 0
    full = capsys.readouterr().out
    assert "not shown here" not in full and len(full.splitlines()) > len(short.splitlines()) + 5
    assert cli.main(["rate", event, "--rules", "fide-2014", "--format", "csv"]) == 0
    assert "not shown here" not in capsys.readouterr().out


# -- issue 25, part 5: errors a person understands ------------------------------------------


def _one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ratingkit: error: "), err
    return lines[0]


def test_an_error_message_with_line_breaks_is_printed_as_one_line(monkeypatch, capsys):
    def refuse() -> str:
        raise RatingkitError("first part\nsecond part\r\n  third")

    monkeypatch.setattr(cli, "_cmd_rules", refuse)
    assert cli.main(["rules"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert _one_error_line(captured.err) == "ratingkit: error: first part second part third"


def test_a_bug_is_one_line_with_a_status_of_its_own(monkeypatch, capsys):
    def broken() -> str:
        raise KeyError("no such key\nat all")

    monkeypatch.setattr(cli, "_cmd_rules", broken)
    assert cli.main(["rules"]) == cli.EXIT_INTERNAL_ERROR == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("ratingkit: internal error: KeyError: 'no such key\\nat all' (a bug")


def test_ctrl_c_is_one_line_and_status_130(monkeypatch, capsys):
    def interrupted() -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_cmd_rules", interrupted)
    assert cli.main(["rules"]) == 130
    assert capsys.readouterr().err == "ratingkit: interrupted\n"


def _club(tmp_path, name: str, players: str, games: str, event: str = ""):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "players.csv").write_text(players)
    (folder / "games.csv").write_text(games)
    if event:
        (folder / "event.csv").write_text(event)
    return folder


def test_a_round_robin_without_rated_players_names_its_file(tmp_path, capsys):
    # FIDE 2014 8.21b: an unrated player's rating in a round robin needs Rar, the average
    # rating of the rated players; with none there is nothing to rate from.  The event's
    # title ("Club RR") is not its file: the message names the file the event was read from.
    folder = _club(
        tmp_path,
        "evening",
        "id,name,rating\na,Ann,\nb,Ben,\nc,Cid,\n",
        "round,white,black,result\n1,a,b,1-0\n2,b,c,1-0\n3,c,a,1-0\n",
        "field,value\nname,Club RR\ntype,round robin\n",
    )
    assert cli.main(["rate", str(folder), "--rules", "fide-2014"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert line.startswith(f"ratingkit: error: {folder / 'games.csv'}: a round robin without ")
    assert "cannot rate its unrated players (8.21b needs Rar)" in line


def test_a_rule_set_refusal_names_the_file(stand_in, pair, capsys):
    # The stand-in's check refuses without naming a file: the CLI puts the file given in front.
    assert cli.main(["check", str(pair), "--rules", "points-only"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert line == f"ratingkit: error: {pair}: rule set 'points-only' has no event checks"
    trf = ROOT / "examples" / "karl-mala-2005-swiss.trf"
    assert cli.main(["check", str(trf), "--rules", "lnmo"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert str(trf) in line and "lnmo rates shogi" in line


@pytest.fixture
def dashed_ledger(tmp_path, capsys):
    """A ledger whose player's own id begins with "-" (``-1-1``)."""
    folder = _club(
        tmp_path,
        "dash",
        "id,name,rating\n-1-1,Ada Minus,1800\nb,Ben,1700\n",
        "round,white,black,result\n1,-1-1,b,1-0\n",
    )
    ledger = tmp_path / "dash.sqlite"
    assert cli.main(["db", "init", str(ledger), "--rules", "fide-2014"]) == 0
    assert cli.main(["db", "import", str(ledger), str(folder), "--period", "2024-01"]) == 0
    assert cli.main(["db", "rate", str(ledger), "--period", "2024-01"]) == 0
    capsys.readouterr()
    return ledger, folder


@pytest.mark.parametrize("words", [["-1-1"], ["--", "-1-1"]])
def test_db_history_takes_an_id_beginning_with_a_dash(dashed_ledger, capsys, words):
    ledger, _ = dashed_ledger
    assert cli.main(["db", "history", str(ledger), *words]) == 0
    out = capsys.readouterr().out
    # FIDE 2014 8.5: Ro 1800 v 1700, D = 100, PD (table 8.1b) 0.64, K = 20 (no games count,
    # under 2400): 20 x (1 - 0.64) = 7.2, the new rating 1807.
    assert out.splitlines()[0] == "history of Ada Minus (id -1-1)"
    assert "0.64     7.2          1807" in out


def test_rate_player_takes_an_id_beginning_with_a_dash(dashed_ledger, capsys):
    _, folder = dashed_ledger
    for words in (["--player", "-1-1"], ["--player=-1-1"]):
        assert cli.main(["rate", str(folder), "--rules", "fide-2014", *words]) == 0
        out = capsys.readouterr().out
        assert "id             -1-1" in out and "Ada Minus" in out


def test_a_ledger_refusal_names_the_ledger(dashed_ledger, capsys):
    ledger, _ = dashed_ledger
    assert cli.main(["db", "history", str(ledger), "--", "-x"]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert line.startswith(f"ratingkit: error: {ledger}: no player '-x' in the ledger")
    assert cli.main(["db", "remove", str(ledger), "7"]) == 2
    assert _one_error_line(capsys.readouterr().err).startswith(f"ratingkit: error: {ledger}: ")


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        ("", "games.csv: the file is empty"),
        (
            "round,white,black,result\n1000000000000,a,b,1-0\n",
            "games.csv, line 2, field round: round must be at most 999, got 1000000000000 "
            "(a typing or column mistake?)",
        ),
        (
            'round,white,black,result\n1,"a,b,1-0\n2,b,a,1-0\n',
            "games.csv, line 2: a quote opened on this line is not closed (its cell runs on "
            "to line 3): '1,\"a,b,1-0'",
        ),
    ],
    ids=["empty", "round-10^12", "open-quote"],
)
def test_bad_files_end_with_one_line_on_stderr_and_status_2(tmp_path, games, expected):
    folder = _club(tmp_path, "ev", "id,name,rating\na,Ann,1800\nb,Ben,1700\n", games)
    result = _run("rate", str(folder), "--rules", "fide-2014")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    line = _one_error_line(result.stderr)
    assert line.startswith(f"ratingkit: error: {folder}") and line.endswith(expected)


def test_a_command_line_argparse_cannot_read_is_one_line(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["rate", "games.csv"])  # no --rules
    assert done.value.code == 2
    assert capsys.readouterr().err == (
        "ratingkit rate: error: the following arguments are required: --rules "
        "('ratingkit rate --help' shows how to use it)\n"
    )
