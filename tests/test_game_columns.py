"""Issue 28 part 3: an event read from a plain CSV games file keeps its games as columns
(ratingkit.core.game_columns) and makes its Game objects only when ``event.games`` is asked
for.  The general path stays the one that decides: each test reads the same files with the
column-wise reader made to decline them (the row-by-row reader then reads every file into an
event built by ``Event(...)``, with games) and shows that every consumer gets the same thing
from both: the events, their games and locations, digests, copies, refusals, the game's
guess, the stored cells and dates, and the ledger row by row."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from datetime import date
from pathlib import Path

import pytest
from test_import_columns import _import_all, _tables, generated_season, write_pair

from ratingkit.core.errors import RatingkitError
from ratingkit.core.game_columns import (
    GameColumns,
    all_pairs_met_in,
    event_with_columns,
    game_columns,
    game_count,
    game_dates,
)
from ratingkit.core.model import Bye, ByeKind, Event, Game, Play, Player, all_pairs_met, with_game
from ratingkit.core.notes import GameKind
from ratingkit.core.ruleset import event_game
from ratingkit.formats import csvpair, read_event
from ratingkit.services.ledger.importing import _plain_game_cells

GAME_FIELDS = [f.name for f in dataclasses.fields(Game)]


def _read_both(files: list[Path], monkeypatch) -> tuple[list[Event], list[Event]]:
    """The events read with the column path and, the column-wise reader declining every file,
    with the general one."""
    by_columns = [read_event(f) for f in files]
    with monkeypatch.context() as patched:
        patched.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
        by_rows = [read_event(f) for f in files]
    return by_columns, by_rows


def _random_plain_season(folder: Path, seed: int) -> list[Path]:
    """Plain games files drawn at random: a round robin, Swiss events with and without dates
    and byes, every played and forfeit result code."""
    rng = random.Random(seed)
    players = [(f"q{n}", f"Q {n}", str(1400 + 9 * n), "") for n in range(10)]
    files = []
    for number in range(6):
        chosen = rng.sample(players, 4 if number == 0 else 10)
        games = []
        if number == 0:  # every pair once: a round robin
            ids = [p[0] for p in chosen]
            pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
            for round_, (white, black) in enumerate(pairs, start=1):
                result = rng.choice(("1-0", "=", "0-1"))
                games.append((str(round_), white, black, result, "2025-01-0" + str(round_)))
        else:
            for round_ in range(1, rng.randint(2, 6)):
                rng.shuffle(chosen)
                dated = round_ == 1 or rng.random() < 0.5  # the first: the event's period
                day = f"2025-0{number}-1{round_}" if dated else ""
                for white, black in zip(chosen[:8:2], chosen[1:8:2], strict=True):
                    result = rng.choice(("1-0", "0-1", "1/2-1/2", "=", "+/-", "-/+", "-/-"))
                    games.append((str(round_), white[0], black[0], result, day))
                if number % 2:
                    games.append((str(round_), chosen[8][0], "", rng.choice("HFUZ"), day))
        files.append(write_pair(folder, f"r{number}", chosen, games))
    return files


@pytest.mark.parametrize("season", ["generated", "random"])
def test_the_column_event_is_the_general_paths_event(tmp_path, monkeypatch, season):
    files = (
        generated_season(tmp_path)
        if season == "generated"
        else _random_plain_season(tmp_path, seed=34)
    )
    by_columns, by_rows = _read_both(files, monkeypatch)
    for fast, slow in zip(by_columns, by_rows, strict=True):
        # An event file's fields are applied by dataclasses.replace, which makes the games.
        kept = fast.origin.event_file is None
        assert (game_columns(fast) is not None) == kept and game_columns(slow) is None
        # Counted and dated from the columns, before any game is made.
        assert game_count(fast) == len(slow.games)
        assert game_dates(fast) == {g.date for g in slow.games} - {None}
        assert event_game(fast) == event_game(slow)
        assert ("games" not in fast.__dict__) == kept
        assert fast == slow and fast.digest == slow.digest and hash(fast) == hash(slow)
        assert [g.location for g in fast.games] == [g.location for g in slow.games]
        assert [vars(g) for g in fast.games] == [vars(g) for g in slow.games]
        # Each object's fields in its class's order, as its constructor sets them.
        assert all(list(vars(g)) == GAME_FIELDS for g in fast.games)
        assert all(list(vars(g.location)) == ["file", "line", "column"] for g in fast.games)
        assert [b.location for b in fast.byes] == [b.location for b in slow.byes]
        assert fast.games is fast.games  # made once
        assert repr(fast) == repr(slow)


def test_a_consumer_gets_the_games_the_columns_hold(tmp_path, monkeypatch):
    """Each consumer that reads the columns against the same consumer reading the general
    path's games (and, where the games are counted by hand, the file): a column made wrong
    (a round, a player, a score or a date of another game) fails here."""
    files = _random_plain_season(tmp_path, seed=7)
    by_columns, by_rows = _read_both(files, monkeypatch)
    for fast, slow in zip(by_columns, by_rows, strict=True):
        columns = game_columns(fast)
        assert columns is not None
        ids = {p.id: number for number, p in enumerate(slow.players, start=10)}
        assert columns.plain_cells(ids) == _plain_game_cells(slow.games, ids)
        assert all_pairs_met_in(len(fast.players), columns) == all_pairs_met(
            len(slow.players), slow.games
        )
        games_lines = Path(str(fast.source)).read_text().splitlines()[1:]
        played = [line.split(",") for line in games_lines if line.split(",")[3] not in "HFUZ"]
        # The file's own cells, game by game: rounds, players and dates as written.
        assert list(columns.rounds) == [int(cells[0]) for cells in played]
        assert list(zip(columns.whites, columns.blacks, strict=True)) == [
            (c[1], c[2]) for c in played
        ]
        assert [d.isoformat() if d else "" for d in columns.dates] == [c[4] for c in played]
    # The first event is a round robin (every pair of its 4 players once): detected alike.
    assert by_columns[0].type == by_rows[0].type
    assert all_pairs_met_in(4, game_columns(by_columns[0]))  # type: ignore[arg-type]


def test_the_ledger_stores_the_same_rows_from_the_columns(tmp_path, monkeypatch):
    files = _random_plain_season(tmp_path, seed=11)
    _import_all(tmp_path / "columns.sqlite", files)
    monkeypatch.setattr(csvpair, "_read_games_by_columns", lambda *args: None)
    _import_all(tmp_path / "rows.sqlite", files)
    by_columns, by_rows = _tables(tmp_path / "columns.sqlite"), _tables(tmp_path / "rows.sqlite")
    assert by_columns == by_rows
    # Each plain event's games packed in one row with their count (schema 6), others rows.
    stored = len(by_columns["games"]) + sum(row[1] for row in by_columns["packed_games"])
    assert stored == sum(
        1
        for f in files
        for line in f.read_text().splitlines()[1:]
        if line.split(",")[3] not in "HFUZ"
    )


def test_copies_of_a_column_event_are_the_general_paths_copies(tmp_path, monkeypatch):
    """dataclasses.replace and copy: the same event as from the general path (replace builds
    its games and checks them as Event always did); deepcopy and pickle refuse both alike
    (an event's mappings are read-only proxies)."""
    (fast,), (slow,) = _read_both(generated_season(tmp_path)[:1], monkeypatch)
    assert dataclasses.replace(fast, name="x") == dataclasses.replace(slow, name="x")
    assert game_columns(dataclasses.replace(fast, name="x")) is None
    assert copy.copy(fast) == slow and game_columns(copy.copy(fast)) is game_columns(fast)
    for made in (copy.deepcopy, pickle.dumps):
        assert _refusal(lambda made=made: made(fast), TypeError) == _refusal(
            lambda made=made: made(slow), TypeError
        )
    # with_game (the reader's guess of the game) copies the event as it is: columns too.
    assert with_game(fast, GameKind.SHOGI, "x") == with_game(slow, GameKind.SHOGI, "x")
    assert game_columns(with_game(fast, GameKind.SHOGI, "x")) is game_columns(fast)
    assert not hasattr(fast, "no_such_field")
    with pytest.raises(AttributeError, match="'Event' object has no attribute 'nope'"):
        _ = fast.nope  # type: ignore[attr-defined]


def _columns(rounds: list[int], pairs: list[tuple[str, str]]) -> GameColumns:
    count = len(rounds)
    return GameColumns(
        source="g.csv",
        lines=tuple(range(2, count + 2)),
        rounds=tuple(rounds),
        whites=tuple(w for w, _b in pairs),
        blacks=tuple(b for _w, b in pairs),
        white_scores=(1.0,) * count,
        black_scores=(0.0,) * count,
        plays=(Play.PLAYED,) * count,
        dates=(date(2025, 1, 1),) * count,
    )


def _refusal(make, kind: type[Exception] = RatingkitError) -> tuple[str, str]:
    with pytest.raises(kind) as raised:
        make()
    return type(raised.value).__name__, str(raised.value)


@pytest.mark.parametrize(
    ("rounds", "pairs", "byes", "event_rounds"),
    [
        # a player not in the list (core.model: every game's players are listed)
        ([1, 1], [("a", "b"), ("c", "zed")], (), None),
        # two games of one player in round 2, and a bye in a round he played
        ([1, 2, 2], [("a", "b"), ("a", "c"), ("b", "a")], (), None),
        ([1], [("a", "b")], (Bye(1, "a", ByeKind.HALF_POINT),), None),
        # a game beyond the event's rounds, and one before round 1's
        ([1, 4], [("a", "b"), ("b", "c")], (), 3),
        ([0, 1], [("a", "b"), ("b", "c")], (), 3),
    ],
)
def test_a_column_event_that_fails_its_checks_is_refused_as_the_event_refuses_it(
    rounds, pairs, byes, event_rounds
):
    columns = _columns(rounds, pairs)
    players = tuple(Player(pid, pid.upper(), 1500) for pid in "abc")
    fields = {"name": "e", "players": players, "byes": byes, "rounds": event_rounds}
    fields["source"] = "g.csv"
    assert _refusal(lambda: event_with_columns(columns, **fields)) == _refusal(
        lambda: Event(games=columns.games(), **fields)
    )


def test_a_column_event_that_passes_its_checks_keeps_its_columns():
    columns = _columns([1, 2, 3], [("a", "b"), ("b", "c"), ("c", "a")])
    players = tuple(Player(pid, pid.upper(), 1500) for pid in "abc")
    event = event_with_columns(columns, name="e", players=players, rounds=3, source="g.csv")
    assert game_columns(event) is columns
    general = Event(name="e", players=players, games=columns.games(), rounds=3, source="g.csv")
    assert event == general and event.digest == general.digest
    assert [g.location.line for g in event.games] == [2, 3, 4]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "body",
    [
        "1,a,b,1-0,2025-01-02\n2,b,c,=,2025-01-03",  # no line end after the last line
        "1,a,b,1-0,2025-01-02\n2,b,c,=,2025-01-03\n\n",  # an empty line at the end
        "1,a,b,1-0,2025-01-02\n\n2,b,c,=,2025-01-03\n",  # an empty line between two games
        "1,a,b,1-0,2025-01-02\n 2 ,b,c,=,\n",  # spaces: every cell stripped
        "1,a,,H,\n1,b,c,1-0,2025-01-02\n2,a,b,0-1,\n",  # a bye among the games
    ],
)
def test_each_games_line_keeps_its_number(tmp_path, monkeypatch, body):
    """The lines the column reader numbers (a range where every line from 2 on is a game):
    each game's location is the general path's, and worked by hand for the first file."""
    folder = tmp_path / "ev"
    folder.mkdir()
    (folder / "players.csv").write_text("id,name,rating\na,A,1800\nb,B,\nc,C,1700\n")
    (folder / "games.csv").write_text("round,white,black,result,date\n" + body)
    (fast,), (slow,) = _read_both([folder / "games.csv"], monkeypatch)
    assert game_columns(fast) is not None
    assert fast == slow
    assert [g.location for g in fast.games] == [g.location for g in slow.games]
    assert [b.location for b in fast.byes] == [b.location for b in slow.byes]
    if body.startswith("1,a,b,1-0,2025-01-02\n2,"):
        assert [g.location.line for g in fast.games] == [2, 3]  # type: ignore[union-attr]


def test_the_import_of_a_plain_pair_makes_no_game_object(tmp_path, monkeypatch):
    """The import's consumers (the event's checks, the guard, the dates, the stored cells and
    the digest, the summary's count) read the columns: none of them asks for event.games."""
    files = _random_plain_season(tmp_path, seed=13)
    made: list[int] = []
    real = GameColumns.games

    def counted(self: GameColumns) -> tuple[object, ...]:
        made.append(len(self))
        return real(self)

    monkeypatch.setattr(GameColumns, "games", counted)
    _import_all(tmp_path / "l.sqlite", files)
    assert made == []
    # The spy does count where the games are asked for.
    assert len(read_event(files[1]).games) == sum(made) > 0


def test_a_space_in_a_line_is_found_as_str_strip_sees_it():
    # The column reader strips cells only where the text has a space of some kind but the
    # line end: an ASCII text is looked through for its spaces, any other by a pattern; both
    # against str.isspace() as the oracle, every character of the BMP in an ASCII and in a
    # non-ASCII text.
    from ratingkit.formats.csvpair import _spaced

    for code in range(0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue
        expected = char.isspace() and char != "\n"
        assert _spaced(f"1,p1\n{char}x") is expected, hex(code)
        assert _spaced(f"1,Ä\n{char}x") is expected, hex(code)
    assert _spaced("round,white\n1,p1\n") is False
