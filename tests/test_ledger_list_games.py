"""The games column of a ledger's published list is the rule set's (issue 28): FIDE's lists
keep each player's games of the list's period (FIDE's published lists; FIDE Rating
Regulations 1982-2000, 9.12), which FIDE's TXT download writes as ``Gms``;
FESA's list shows the career count its state keeps (FESA rule 3; held by
tests/test_ledger.py::test_new_players_enter_the_list_once_fesa_rates_them).  Every reader
of the list says the same number: the printed list, ``--everyone``, CSV, XLSX and FIDE's TXT.

The expected games are counted here from the event files themselves, never read from
ratingkit's output."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from ratingkit import cli
from ratingkit.core.ruleset import ListGames
from ratingkit.registry import get_rule_set
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger.common import state_list_games

#: FIDE's March 2024 list (seven players) as FIDE's TXT download lays it out.
FIDE_LIST = Path(__file__).parent / "data" / "ledger" / "fide-list" / "standard_rating_list.txt"

#: The forfeit codes of a games file: an unplayed game, which FIDE does not rate (only a
#: played 1-0, 1/2-1/2 or 0-1 is rated; TRF-16's codes: only 1 = 0 are rated).
FORFEITS = {"+/-", "-/+", "-/-"}

#: Two events of March 2024, by FIDE id: (round, white, black, result).
OPEN = [
    (1, "1503014", "700070", "1-0"),
    (1, "4804929", "5045886", "1/2-1/2"),
    (2, "700070", "4804929", "1-0"),
    (2, "5045886", "1503014", "0-1"),
    (3, "1503014", "4804929", "1/2-1/2"),
    (3, "700070", "5045886", "1-0"),
    (4, "4804929", "5045886", "+/-"),  # Kalshyan did not come: not played, not rated
]
MATCH = [(1, "1503014", "24699128", "1-0"), (2, "24699128", "1503014", "1/2-1/2")]


def _write_event(folder: Path, stem: str, games: list[tuple[int, str, str, str]]) -> Path:
    """``STEM-games.csv`` and its players file: each player by his FIDE id alone (no
    rating: FIDE's list gives it, FIDE 2014 7.1)."""
    ids = sorted({g[1] for g in games} | {g[2] for g in games})
    (folder / f"{stem}-players.csv").write_text(
        "id,name,rating,fide_id\n" + "".join(f"{i},Player {i},,{i}\n" for i in ids)
    )
    lines = [f"{r},{w},{b},{result},2024-03-{10 + r:02d}" for r, w, b, result in games]
    path = folder / f"{stem}-games.csv"
    path.write_text("round,white,black,result,date\n" + "\n".join(lines) + "\n")
    return path


def _rated_games_in(files: list[Path], fide_id: str) -> int:
    """A player's rated games in games files, counted here from the files: every game he
    has that was played (a forfeit is not)."""
    count = 0
    for file in files:
        for line in file.read_text().splitlines()[1:]:
            _round, white, black, result, _date = line.split(",")
            count += fide_id in (white, black) and result not in FORFEITS
    return count


@pytest.fixture
def march(tmp_path):
    files = [_write_event(tmp_path, "open", OPEN), _write_event(tmp_path, "match", MATCH)]
    path = tmp_path / "fide.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        book.import_list(FIDE_LIST)
        for file in files:
            book.import_file(file)
        book.rate_period("2024-03")
    return path, files


def test_a_fide_list_shows_each_player_s_rated_games_of_the_period(march, tmp_path, capsys):
    path, files = march
    # By hand: Carlsen 3 games in the open and 2 in the match, 5; Polgar 3; A-ALI and
    # Kalshyan 3 each (their round-4 forfeit is not played); Mueller 2 (the match).
    expected = {
        fide_id: _rated_games_in(files, fide_id)
        for fide_id in ("1503014", "700070", "4804929", "5045886", "24699128")
    }
    assert expected == {"1503014": 5, "700070": 3, "4804929": 3, "5045886": 3, "24699128": 2}
    # John (25121731) is on FIDE's list and played nothing in March: 0, as FIDE's TXT writes
    # a listed player's Gms (its download has 0, not a blank, for every player who did not
    # play: Carlsen's and Polgar's lines of the March list above).
    expected["25121731"] = 0
    assert _rated_games_in(files, "25121731") == 0

    with Ledger(path, write=False) as book:
        rows = {row.fide_id: row.games for row in book.list_rows("2024-03")}
        everyone = {row.fide_id: row.games for row in book.list_rows("2024-03", everyone=True)}
    # A-ALI's 13 on FIDE's February list are that list's period, not March's.
    assert rows == expected
    assert {k: v for k, v in everyone.items() if k in expected} == expected

    # The printed list (text), --everyone, CSV, XLSX and FIDE's TXT all read the same.
    base = ["db", "list", str(path), "--period", "2024-03"]
    assert cli.main(base) == 0
    printed = capsys.readouterr().out.splitlines()
    games_at = printed[1].index("games")
    # The table's first part (a list too wide for the terminal is split; the games are in
    # the first): its rows up to the blank line.
    first_part = printed[3 : printed.index("")]
    assert len(first_part) == len(expected)
    for line in first_part:
        fide_id = next(w for w in line.split() if w.isdigit())
        assert int(line[games_at : games_at + 5]) == expected[fide_id], line
    for extra in ([], ["--everyone"]):
        assert cli.main([*base, *extra, "--format", "csv"]) == 0
        shown = csv.DictReader(io.StringIO(capsys.readouterr().out))
        games = {r["FIDE id"]: int(r["games"]) for r in shown if r["FIDE id"] in expected}
        assert games == expected
    import openpyxl

    assert cli.main([*base, "--format", "xlsx", "--output", str(tmp_path / "l.xlsx")]) == 0
    sheet = [[c.value for c in row] for row in openpyxl.load_workbook(tmp_path / "l.xlsx").active]
    by_column = [dict(zip(sheet[0], row, strict=True)) for row in sheet[1:]]
    assert {r["FIDE id"]: r["games"] for r in by_column} == expected
    from ratingkit.formats.fidelist import read_rating_list

    assert cli.main([*base, "--format", "fide-txt", "--output", str(tmp_path / "l.txt")]) == 0
    capsys.readouterr()
    fide_txt = read_rating_list(tmp_path / "l.txt")
    assert {p.fide_id: p.games for p in fide_txt.players} == expected


@pytest.mark.parametrize(
    ("rules", "counted"),
    [
        # FIDE's published lists: the games rated in the list's period (their TXT's Gms).
        ("fide-2014", ListGames.PERIOD),
        ("fide-2022", ListGames.PERIOD),
        ("fide-2024", ListGames.PERIOD),
        ("fide-2025", ListGames.PERIOD),
        # FIDE 1982 9.12: "liste dönemindeki oyun sayısı", the games in the list's period.
        ("fide-1982", ListGames.PERIOD),
        # FESA rule 3 decides by the games a player has played; LNMO's state keeps its count.
        ("fesa", ListGames.STATE),
        ("lnmo", ListGames.STATE),
    ],
)
def test_each_rule_set_says_what_its_list_s_games_count(rules, counted):
    assert state_list_games(get_rule_set(rules)) is counted


def test_a_rule_set_whose_codec_says_nothing_lists_the_games_its_state_keeps():
    class Codec:
        columns = ()

    class Rules:
        state = Codec()

    assert state_list_games(Rules()) is ListGames.STATE  # type: ignore[arg-type]


def test_a_fide_1982_list_shows_the_games_of_its_own_period(tmp_path):
    # FIDE 1982 9.12: the list gives each player's games in the list's period.  January:
    # four rated players, four games; February: Abe and Bea meet once, Cal and Dan do not
    # play.  The February list: Abe 1, Bea 1, Cal 0, Dan 0 (not January's games again).
    people = "id,name,rating\na,Abe,2200\nb,Bea,2300\nc,Cal,2100\nd,Dan,2250\n"
    months = {
        "jan": [
            (1, "a", "b", "1-0"),
            (1, "c", "d", "0-1"),
            (2, "a", "c", "1/2-1/2"),
            (2, "b", "d", "1-0"),
        ],
        "feb": [(1, "b", "a", "1/2-1/2")],
    }
    files = {}
    for month, games in months.items():
        # February's roster gives no rating: the ledger's January list gives it (10.65).
        roster = people if month == "jan" else "id,name\na,Abe\nb,Bea\nc,Cal\nd,Dan\n"
        (tmp_path / f"{month}-players.csv").write_text(roster)
        lines = [
            f"{r},{w},{b},{res},2024-{'01' if month == 'jan' else '02'}-1{r}"
            for r, w, b, res in games
        ]
        files[month] = tmp_path / f"{month}-games.csv"
        files[month].write_text("round,white,black,result,date\n" + "\n".join(lines) + "\n")
    with Ledger.create(tmp_path / "l.sqlite", "fide-1982") as book:
        for month in months:
            book.import_file(files[month])
        book.rate_period("2024-01")
        book.rate_period("2024-02")
        for period, month in (("2024-01", "jan"), ("2024-02", "feb")):
            shown = {row.own_id: row.games for row in book.list_rows(period)}
            assert shown == {p: _rated_games_in([files[month]], p) for p in "abcd"}
        assert {row.own_id: row.games for row in book.list_rows("2024-02")} == {
            "a": 1,
            "b": 1,
            "c": 0,
            "d": 0,
        }
