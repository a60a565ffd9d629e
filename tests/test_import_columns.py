"""Issue 28 part 3: a plain CSV pair's games file is read column-wise
(ratingkit.formats.csvpair._read_games_by_columns) and stored in the ledger in bulk.  The
row-by-row reader stays the one that decides: these tests force it (the column-wise reader
made to decline every file) and show that both give the same event, the same refusal word for
word, and the same ledger, table by table and row by row.  The new players' ids and the games
digest are checked against oracles worked here, not against ratingkit's output."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from older_ledgers import games_as_rows

from ratingkit.core.errors import RatingkitError
from ratingkit.formats import csvpair, read_event
from ratingkit.services.ledger import Ledger
from ratingkit.services.ledger.common import _games_digest

RESULTS = ("1-0", "0-1", "1/2-1/2", "=", "+/-", "-/+", "-/-", " 1-0 ")
BYES = ("H", "F", "U", "Z", "h")


@pytest.fixture
def rows_only(monkeypatch):
    """The column-wise reader declines every file: the row-by-row reader reads them all."""
    monkeypatch.setattr(csvpair, "_read_games_by_columns", lambda *args: None)


def _used_column_wise(monkeypatch) -> list[bool]:
    """Records, for each games file read, whether the column-wise reader took it."""
    taken: list[bool] = []
    real = csvpair._read_games_by_columns

    def spy(*args):
        read = real(*args)
        taken.append(read is not None)
        return read

    monkeypatch.setattr(csvpair, "_read_games_by_columns", spy)
    return taken


def write_pair(
    folder: Path,
    name: str,
    players: list[tuple[str, str, str, str]],
    games: list[tuple[str, str, str, str, str]],
    *,
    delimiter: str = ",",
    newline: str = "\n",
    encoding: str = "utf-8",
) -> Path:
    """A CSV pair written by hand: players (id, name, rating, fide_id) and games (round,
    white, black, result, date)."""
    sep = delimiter
    player_lines = [f"id{sep}name{sep}rating{sep}fide_id", *(sep.join(p) for p in players)]
    game_lines = [f"round{sep}white{sep}black{sep}result{sep}date", *(sep.join(g) for g in games)]
    (folder / f"{name}-players.csv").write_bytes(
        (newline.join(player_lines) + newline).encode(encoding)
    )
    games_file = folder / f"{name}-games.csv"
    games_file.write_bytes((newline.join(game_lines) + newline).encode(encoding))
    return games_file


def generated_season(folder: Path, seed: int = 28) -> list[Path]:
    """Eight events drawn from one pool: unrated players, players with and without a FIDE id,
    draws, the three forfeits, byes (in the white and in the black column), ``;`` files with
    an event file giving hours_per_day with a decimal comma, a CRLF file, a Windows-1251 file
    with Cyrillic names, NFD names."""
    rng = random.Random(seed)
    pool = []
    for number in range(60):
        name = f"Player {number}"
        if number % 7 == 0:
            name = unicodedata.normalize("NFD", f"Çelik Şükrü {number}")
        if number % 11 == 0:
            name = f"Иванов Пётр {number}"
        rating = "" if number % 5 == 0 else str(1500 + 13 * number)
        fide_id = str(41_000_000 + number) if number % 3 else ""
        pool.append((f"p{number:03d}", name, rating, fide_id))
    files = []
    for event in range(8):
        encoding = "cp1251" if event == 5 else "utf-8"
        fits = [p for p in pool if encoding == "utf-8" or p[1].isascii() or "Иванов" in p[1]]
        chosen = rng.sample(fits, 12)
        players = list(chosen)
        games = []
        for round_ in range(1, 6):
            day = f"2024-03-0{round_}"
            rng.shuffle(chosen)
            for white, black in zip(chosen[:10:2], chosen[1:10:2], strict=True):
                games.append((str(round_), white[0], black[0], rng.choice(RESULTS), day))
            games.append((str(round_), chosen[10][0], "", rng.choice(BYES), day))
            games.append((str(round_), "", chosen[11][0], rng.choice(BYES), ""))
        delimiter = ";" if event % 3 == 1 else ","
        newline = "\r\n" if event % 4 == 2 else "\n"
        games_file = write_pair(
            folder,
            f"ev{event}",
            players,
            games,
            delimiter=delimiter,
            newline=newline,
            encoding=encoding,
        )
        if delimiter == ";":
            # FIDE 1982 3.1's hours of play, written as an office in Europe writes 7.5.
            (folder / f"ev{event}-event.csv").write_text("field;value\nhours_per_day;7,5\n")
        files.append(games_file)
    return files


def test_the_generated_season_is_read_column_wise_and_alike_by_rows(tmp_path, monkeypatch):
    files = generated_season(tmp_path)
    taken = _used_column_wise(monkeypatch)
    by_columns = [read_event(f) for f in files]
    assert taken == [True] * len(files)  # every file of the season was plain
    monkeypatch.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
    by_rows = [read_event(f) for f in files]
    for fast, slow in zip(by_columns, by_rows, strict=True):
        assert fast == slow
        # Locations are not compared by Game's equality: every game's and bye's line too.
        assert [g.location for g in fast.games] == [g.location for g in slow.games]
        assert [b.location for b in fast.byes] == [b.location for b in slow.byes]
        assert [dict(g.extra) for g in fast.games] == [dict(g.extra) for g in slow.games]
    # The files hold what the season wrote: 5 rounds of 5 games and 2 byes an event.
    assert [len(e.games) for e in by_columns] == [25] * 8
    assert [len(e.byes) for e in by_columns] == [10] * 8


HEADER = "round,white,black,result,date\n"
PLAYERS = "id,name,rating\na,Ann,1800\nb,Bob,\nc,Cid,1700\n"

#: Games files that are messy or hostile: each is read (or refused) alike by both readers.
MESSY_GAMES = {
    "a plain file": HEADER + "1,a,b,1-0,2024-01-02\n2,b,c,=,2024-01-03\n",
    "a bad round": HEADER + "1,a,b,1-0,2024-01-02\nx,b,c,=,2024-01-03\n",
    "round 0": HEADER + "0,a,b,1-0,\n",
    "round with spaces and zeros": HEADER + " 01 ,a,b,1-0,\n0002,b,c,0-1,\n",
    "an unknown player": HEADER + "1,a,b,1-0,\n1,c,zed,0-1,\n",
    "an unknown result": HEADER + "1,a,b,1:0,\n",
    "a bad date": HEADER + "1,a,b,1-0,2024-13-40\n",
    "other date forms": HEADER + "1,a,b,1-0,02.01.2024\n2,b,c,0-1,2024/01/03\n",
    "a bye naming two players": HEADER + "1,a,b,H,\n",
    "a bye with no player": HEADER + "1,,,F,\n",
    "a bye in the black column": HEADER + "1,,c,U,\n1,a,b,1-0,\n",
    "a game with one player": HEADER + "1,a,,1-0,\n",
    "a player playing himself": HEADER + "1,a,a,1-0,\n",
    "two games in a round": HEADER + "1,a,b,1-0,\n1,a,c,1-0,\n",
    "a decimal comma splitting a row": "round,white,black,result,points\n1,a,b,1-0,0,5\n",
    "a semicolon file": "round;white;black;result\n1;a;b;1/2-1/2\n2;c;a;+/-\n",
    "a tab file": "round\twhite\tblack\tresult\n1\ta\tb\t0-1\n",
    "blank and empty lines": HEADER + "\n1,a,b,1-0,\n   \n,,,,\n2,b,c,0-1,\n\n",
    "a blank first line": "\n" + HEADER + "1,a,b,1-0,\n",
    "an empty file": "",
    "only a header": HEADER,
    "a missing column": "round,white,result\n1,a,1-0\n",
    "a column named twice": "round,white,black,result,white\n1,a,b,1-0,a\n",
    "a quoted cell": HEADER + '1,"a",b,1-0,\n',
    "a quote left open": HEADER + '1,"a,b,1-0,\n2,b,c,0-1,\n',
    "a protected cell": HEADER + "1,a,b,'=,\n",
    "a lone carriage return": HEADER + "1,a,b,1-0,\r2,b,c,0-1,\n",
    "CRLF lines": HEADER.replace("\n", "\r\n") + "1,a,b,1-0,\r\n",
    # A file without spaces is split without stripping: each kind of space sends it back.
    "CRLF lines with an empty one": HEADER.replace("\n", "\r\n")
    + "1,a,b,1-0,2024-01-02\r\n\r\n2,b,c,0-1,\r\n",
    "a no-break space around an id": HEADER + "1,\xa0a,b,1-0,\n2,b,c\u2003,0-1,\n",
    "a vertical tab and a form feed": HEADER + "1,a,b\x0b,1-0,\n\x0c\n2,b,c,0-1,\n",
    "a line of a unit separator": HEADER + "1,a,b,1-0,\n\x1f\n",
    "a byte order mark": "\ufeff" + HEADER + "1,a,b,1-0,\n",
    "a row too short": HEADER + "1,a,b,1-0\n",
    "an extra column": "round,white,black,result,board\n1,a,b,1-0,3\n",
    "a shogi special": "round,white,black,result,special\n1,a,b,1-0,sennichite\n",
    "a huge cell": HEADER + "1,a,b," + "1" * 140_000 + ",\n",
    "a NUL": HEADER + "1,a,b,1-0,\x00\n",
    "an NFD id": "round,white,black,result\n1," + unicodedata.normalize("NFD", "é") + ",b,1-0\n",
}


def _read_or_refusal(games_file: Path) -> object:
    try:
        event = read_event(games_file)
    except RatingkitError as exc:
        return ("refused", type(exc).__name__, str(exc))
    return (
        event,
        [g.location for g in event.games],
        [b.location for b in event.byes],
        [dict(g.extra) for g in event.games],
        event.origin,
    )


@pytest.mark.parametrize("name", sorted(MESSY_GAMES))
def test_a_messy_games_file_is_read_or_refused_alike_by_both_readers(tmp_path, monkeypatch, name):
    folder = tmp_path / "ev"
    folder.mkdir()
    (folder / "games.csv").write_bytes(MESSY_GAMES[name].encode("utf-8"))
    (folder / "players.csv").write_text(PLAYERS + unicodedata.normalize("NFC", "é") + ",E,\n")
    by_columns = _read_or_refusal(folder / "games.csv")
    monkeypatch.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
    assert _read_or_refusal(folder / "games.csv") == by_columns


def _declined(text: str) -> bool:
    """Whether the column-wise reader leaves a games file to the row reader (a header it
    refuses is refused by the row reader's own table, read_csv_table, with its message)."""
    try:
        return csvpair._read_games_by_columns(text, "games.csv", {"a", "b", "c"}) is None
    except RatingkitError:
        return False


def test_the_column_wise_reader_declines_what_it_does_not_take():
    """The files it leaves to the row reader, so that the row reader's message is given:
    the values the row reader refuses, quoted or protected cells, other columns."""
    declined = {name for name, text in MESSY_GAMES.items() if text and _declined(text)}
    assert declined >= {
        "a bad round",
        "round 0",
        "an unknown player",
        "an unknown result",
        "a bad date",
        "a bye naming two players",
        "a bye with no player",
        "a game with one player",
        "a player playing himself",
        "a decimal comma splitting a row",
        "a row too short",
        "a quoted cell",
        "a quote left open",
        "a protected cell",
        "a lone carriage return",
        "an extra column",
        "a shogi special",
        "a huge cell",
        "a NUL",
    }
    taken = {"a plain file", "a semicolon file", "a tab file", "CRLF lines", "a byte order mark"}
    assert not declined & taken


def _tables(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table of a ledger, every row (the clocks left out: when it was created and
    when each event was imported)."""
    connection = sqlite3.connect(path)
    try:
        names = [
            r[0]
            for r in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        tables = {}
        for name in names:
            columns = [r[1] for r in connection.execute(f"PRAGMA table_info({name})")]
            kept = ", ".join(c for c in columns if c != "imported")
            rows = connection.execute(f"SELECT {kept} FROM {name} ORDER BY rowid").fetchall()
            tables[name] = [r for r in rows if name != "settings" or r[0] != "created"]
        return tables
    finally:
        connection.close()


def _import_all(path: Path, files: list[Path]) -> None:
    with Ledger.create(path, "fide-2014") as ledger:
        for games_file in files:
            ledger.import_file(games_file)


def test_the_column_wise_import_stores_what_the_row_import_stores(tmp_path, monkeypatch):
    files = generated_season(tmp_path)
    _import_all(tmp_path / "columns.sqlite", files)
    monkeypatch.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
    _import_all(tmp_path / "rows.sqlite", files)
    by_columns, by_rows = _tables(tmp_path / "columns.sqlite"), _tables(tmp_path / "rows.sqlite")
    assert by_columns.keys() == by_rows.keys()
    for name in by_columns:
        assert by_columns[name] == by_rows[name], name
    # Every event plain: its games packed, one row an event (schema 6), their count stored.
    stored_games = len(by_columns["games"]) + sum(row[1] for row in by_columns["packed_games"])
    assert stored_games == 8 * 25 and len(by_columns["byes"]) == 8 * 10


def test_new_players_get_ids_in_the_order_they_first_appear(tmp_path):
    """The ledger's players, worked by hand from the files: an event's players in the order of
    its players file, each new one the next id (SQLite's INTEGER PRIMARY KEY on a lone
    insert), a player met before keeping his id."""
    files = generated_season(tmp_path)
    _import_all(tmp_path / "l.sqlite", files)
    expected: dict[str, int] = {}
    for games_file in files:
        players_file = games_file.with_name(games_file.name.replace("games", "players"))
        text = players_file.read_bytes()
        lines = text.decode("utf-8" if text.isascii() or b"\xd0" in text else "cp1251").splitlines()
        separator = ";" if ";" in lines[0] else ","
        for line in lines[1:]:
            own_id, _name, _rating, fide_id = line.split(separator)
            key = f"fide:{fide_id}" if fide_id else f"id:{own_id}"
            expected.setdefault(key, len(expected) + 1)
    connection = sqlite3.connect(tmp_path / "l.sqlite")
    stored = dict(connection.execute("SELECT key, id FROM players"))
    connection.close()
    assert stored == expected


def _old_games_digest(kind, start, end, players, games, byes) -> str:
    """The games digest as the ledger has always written it (schema 3 on), restated from its
    definition: an independent oracle for the faster one."""
    lines = sorted(
        "\t".join(
            (
                str(g[0]),
                str(g[1]),
                str(g[2]),
                str(round(2 * float(g[3]))),
                str(round(2 * float(g[4]))),
                *("" if v is None else str(v) for v in g[5:]),
            )
        )
        for g in games
    )
    head = [kind, start or "", end or "", ",".join(map(str, sorted(players)))]
    tail = sorted("\t".join("" if v is None else str(v) for v in b) for b in byes)
    text = "\n".join([*head, *lines, "byes", *tail])
    return hashlib.sha256(text.encode()).hexdigest()


def _random_game_cells(rng: random.Random, special: bool) -> tuple[object, ...]:
    """A game's stored cells: round, white, black, the two scores, the play, then (with
    ``special``) the special ending, the handicap and its giver, and the date."""
    head = (
        rng.randint(1, 11),
        rng.randint(1, 99),
        rng.randint(1, 99),
        rng.choice((0.0, 0.5, 1.0, 0, 1)),
        rng.choice((0.0, 0.5, 1.0)),
        rng.choice(("played", "forfeit")),
    )
    if not special:
        return (*head, rng.choice((None, "2024-03-01", "2024-03-02")))
    ending = (rng.choice((None, "sennichite")), rng.choice((None, "lance")), rng.choice((None, 7)))
    return (*head, *ending, rng.choice((None, "2024-03-01")))


def test_the_games_digest_is_the_text_it_always_was():
    rng = random.Random(3)
    for _ in range(50):
        games = [_random_game_cells(rng, special=True) for _ in range(rng.randint(0, 30))]
        byes = [(1, rng.randint(1, 99), "H") for _ in range(rng.randint(0, 3))]
        players = rng.sample(range(1, 200), 10)
        args = ("swiss", "2024-03-01", None, players, games, byes)
        assert _games_digest(*args) == _old_games_digest(*args)


def test_a_plain_events_games_digest_is_the_text_it_always_was():
    """A plain event's games (no special ending, handicap or giver) are given to the digest
    as their seven plain cells: the oracle reads them with the three empty cells put back
    between the play and the date."""
    rng = random.Random(5)
    for _ in range(50):
        plain_games = [_random_game_cells(rng, special=False) for _ in range(rng.randint(0, 30))]
        full_games = [(*g[:6], None, None, None, g[6]) for g in plain_games]
        byes = [(1, rng.randint(1, 99), "H") for _ in range(rng.randint(0, 3))]
        players = rng.sample(range(1, 200), 10)
        digest = _games_digest("swiss", "2024-03-01", None, players, plain_games, byes, plain=True)
        assert digest == _old_games_digest("swiss", "2024-03-01", None, players, full_games, byes)


def _stored_forms(path: Path) -> tuple[int, int]:
    """How many ``games`` rows and packed events (schema 6) the ledger holds."""
    connection = sqlite3.connect(path)
    try:
        return tuple(  # type: ignore[return-value]
            connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for table in ("games", "packed_games")
        )
    finally:
        connection.close()


def _stored_games(path: Path) -> list[tuple[object, ...]]:
    """The stored games as ``games`` rows: a packed event's (schema 6) read back as rows by
    tests/older_ledgers.py's own reader of the layout, inside a transaction never
    committed."""
    connection = sqlite3.connect(path)
    games_as_rows(connection)
    rows = connection.execute(
        "SELECT e.name, g.round, w.local_id, b.local_id, g.white_score, g.black_score, g.play,"
        " g.special, g.handicap, g.handicap_giver, g.date, g.extra, typeof(g.white_score),"
        " typeof(g.special), typeof(g.handicap_giver)"
        " FROM games g JOIN events e ON e.id = g.event_id"
        " JOIN participants w ON w.event_id = g.event_id AND w.player_id = g.white"
        " JOIN participants b ON b.event_id = g.event_id AND b.player_id = g.black"
        " ORDER BY g.rowid"
    ).fetchall()
    connection.close()
    return rows


def test_the_games_rows_are_the_files_games_in_file_order(tmp_path):
    """What the ledger holds of the games, worked by hand from the files: a chess event with
    no special ending, handicap or extra cell (stored as one packed row, schema 6) and an
    event with a shogi special on its second game (a ``games`` row a game, each cell bound),
    both in the file's order with NULLs and an empty ``{}`` where the file gives nothing."""
    players = [("a", "A", "1800", ""), ("b", "B", "1700", ""), ("c", "C", "", "")]
    plain = write_pair(
        tmp_path,
        "plain",
        players,
        [("2", "b", "a", "0-1", "2024-03-02"), ("1", "a", "c", "1/2-1/2", "2024-03-01")],
    )
    (tmp_path / "shogi-players.csv").write_text("id,name\nx,X\ny,Y\nz,Z\n")
    shogi = tmp_path / "shogi-games.csv"
    shogi.write_text(
        "round,white,black,result,special,date\n"
        "1,x,y,1-0,,2024-03-05\n"
        "2,y,z,1/2-1/2,sennichite,2024-03-06\n"
        "3,z,x,0-1,,\n"
    )
    with Ledger.create(tmp_path / "l.sqlite", "fesa") as ledger:
        ledger.import_file(shogi)
    with Ledger.create(tmp_path / "c.sqlite", "fide-2014") as ledger:
        ledger.import_file(plain)
    assert _stored_forms(tmp_path / "c.sqlite") == (0, 1)
    assert _stored_forms(tmp_path / "l.sqlite") == (3, 0)
    nulls = (None, None, None, "{}", "real", "null", "null")
    assert _stored_games(tmp_path / "c.sqlite") == [
        ("plain", 2, "b", "a", 0.0, 1.0, "played", *nulls[:3], "2024-03-02", *nulls[3:]),
        ("plain", 1, "a", "c", 0.5, 0.5, "played", *nulls[:3], "2024-03-01", *nulls[3:]),
    ]
    assert _stored_games(tmp_path / "l.sqlite") == [
        ("shogi", 1, "x", "y", 1.0, 0.0, "played", *nulls[:3], "2024-03-05", *nulls[3:]),
        (
            "shogi",
            2,
            "y",
            "z",
            0.5,
            0.5,
            "played",
            "sennichite",
            None,
            None,
            "2024-03-06",
            "{}",
            "real",
            "text",
            "null",
        ),
        ("shogi", 3, "z", "x", 0.0, 1.0, "played", *nulls[:3], None, *nulls[3:]),
    ]
