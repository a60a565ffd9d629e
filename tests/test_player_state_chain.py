"""Issue 24, part 4: one rule for a player file, on every path.

A property, for every built-in rule set: rating event A with ``--players P0 --save-state S``
and then event B with ``--players S`` (the command line) gives the same ratings and the same
state as a ledger that imports A (with ``--players P0``) and B and rates their periods.  The
two paths share no code above the rule sets: the command line reads files and writes the
state's CSV, the ledger stores players, events and state in SQLite and builds the events back
from its rows; each side is the other's independent computation.

The events are generated: players from the player file and newcomers, random pairings and
results.  Event files give a player's rating the way officers write them: empty (the player
file or the state gives it), the same as the state's, or, under FIDE 2014-2025, another one
(7.1: the event is rated with its own, the change goes onto the player file's).  A rating of
its own that the rule set does not allow (FESA, LNMO, FIDE 1982) is refused by both paths,
naming both ratings, and the ledger is left as it was.
"""

from __future__ import annotations

import contextlib
import csv
import io
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from ratingkit import cli
from ratingkit.core.errors import RatingkitError
from ratingkit.core.players import PlayerFile, read_player_file
from ratingkit.registry import get_rule_set
from ratingkit.services.ledger import Ledger

#: Each built-in rule set with the kind of player file its players need.
RULE_SETS = {
    "fide-2014": "fide",
    "fide-2022": "fide",
    "fide-2024": "fide",
    "fide-2025": "fide",
    "fide-1982": "fide-1982",
    "fide-1982-literal": "fide-1982",
    "fesa": "fesa",
    "fesa-2011": "fesa",
    "fesa-program": "fesa",
    "fesa-nsr": "fesa",
    "lnmo": "lnmo",
}

SETTINGS = settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_every_built_in_rule_set_is_covered():
    from ratingkit.builtin import BUILTIN_RULE_SETS

    assert {rules.name for rules in BUILTIN_RULE_SETS} == set(RULE_SETS)


# -- generating the files ---------------------------------------------------------------------


def _rating(draw, kind: str) -> int | None:
    low, high = {"fide": (1500, 2300), "fide-1982": (2100, 2500), "fesa": (800, 2200)}[kind]
    return draw(st.one_of(st.none(), st.integers(low, high)))


def _record(draw, kind: str, pid: str) -> dict[str, object]:
    """A player file's row for ``kind`` (the columns its rule sets read)."""
    row: dict[str, object] = {"id": pid, "name": f"Player {pid.upper()}"}
    if kind == "lnmo":
        kyu = draw(st.integers(7, 16))
        row["grade"] = f"{kyu} kyu"
        if draw(st.booleans()):  # a rating of its own (else table 1's, rules 3, 3a)
            row["rating"] = (18 - kyu) * 100 + draw(st.integers(-40, 40))
        return row
    rating = _rating(draw, kind)
    row["rating"] = rating
    row["games"] = draw(st.integers(0, 60)) if rating is not None else draw(st.integers(0, 3))
    if kind == "fide":
        row["born"] = draw(st.sampled_from(["1970-05-01", "2010-02-03"]))
    return row


def _write_csv(path: Path, rows: list[dict[str, object]]) -> None:
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, columns, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({c: "" if row.get(c) is None else row[c] for c in columns})


def _games(draw, ids: list[str], day: str) -> list[dict[str, object]]:
    games = []
    for round_ in range(1, draw(st.integers(2, 3)) + 1):
        order = draw(st.permutations(ids))
        for white, black in zip(order[::2], order[1::2], strict=False):
            result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2"]))
            games.append(
                {"round": round_, "white": white, "black": black, "result": result, "date": day}
            )
    return games


def _event(folder: Path, name: str, day: str, players, games) -> Path:
    folder.mkdir()
    (folder / "event.csv").write_text(
        f"field,value\nname,{name}\ntype,swiss\nstart,{day}\nend,{day}\n", encoding="utf-8"
    )
    _write_csv(folder / "players.csv", players)
    _write_csv(folder / "games.csv", games)
    return folder


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(args))
    return status, out.getvalue(), err.getvalue()


# -- the two paths ----------------------------------------------------------------------------


def _ledger_state(book: Ledger) -> dict[str, object]:
    """The ledger's state after its last rated period, by the players' own ids."""
    own = dict(book._connection.execute("SELECT id, own_id FROM players").fetchall())
    state = book._state_before("9999-12")
    return {own[int(pid)]: record for pid, record in state.items()}


def _cells(record, columns: tuple[str, ...]) -> dict[str, str]:
    """The record's rating and the rule set's state columns, as the player file writes them."""
    cells = {"rating": record.rating}
    for column in columns:
        value = getattr(record, column, None) if column != "extra" else None
        if value is None:
            value = record.extra.get(column)
        if isinstance(value, bool):
            value = "yes" if value else "no"
        cells[column] = None if value in (None, "") else str(value)
    return cells


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@SETTINGS
@given(data=st.data())
def test_rate_then_save_state_equals_the_ledger(name, data):
    kind = RULE_SETS[name]
    rules = get_rule_set(name)
    draw = data.draw
    pool = [f"p{i}" for i in range(draw(st.integers(4, 7)))]
    known = draw(st.lists(st.sampled_from(pool), min_size=2, unique=True))
    p0 = [_record(draw, kind, pid) for pid in pool if pid in known]
    p0_rating = {row["id"]: row.get("rating") for row in p0}
    newcomers_a = [f"n{i}" for i in range(draw(st.integers(0, 2)))]
    in_a = draw(st.lists(st.sampled_from(known), min_size=2, unique=True)) + newcomers_a
    if len(in_a) % 2:
        in_a = in_a[:-1] if len(in_a) > 2 else [*in_a, "n9"]
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        _write_csv(root / "p0.csv", p0)

        grades: dict[str, str] = {}

        def entry(pid: str, rating: int | None) -> dict[str, object]:
            row: dict[str, object] = {"id": pid, "name": f"Player {pid.upper()}"}
            row["rating"] = rating
            if kind == "lnmo" and not pid.startswith("p"):  # a newcomer, with his grade
                grade = grades.get(pid) or f"{draw(st.integers(12, 16))} kyu"
                row["grade"] = grades.setdefault(pid, grade)
            return row

        a_players = []
        for pid in in_a:
            if pid in p0_rating:  # the player file's rating, or none: the file gives it
                given = draw(st.sampled_from([None, p0_rating[pid]]))
            else:
                given = _rating(draw, kind) if kind != "lnmo" else None
            a_players.append(entry(pid, given))
        event_a = _event(root / "a", "A", "2025-01-11", a_players, _games(draw, in_a, "2025-01-11"))
        state_1 = root / "s1.csv"
        status, _out, err = _run(
            "rate", str(event_a), "--rules", name, "--players", str(root / "p0.csv"),
            "--save-state", str(state_1), "--format", "csv",
        )  # fmt: skip
        assert status == 0, err
        s1 = {r.id: r for r in read_player_file(state_1)}
        # Every player of the player file is carried forward; every one of A is in it.
        assert set(s1) >= set(in_a) | set(known)

        # B: players of A, of the player file only, and newcomers.
        newcomers_b = [f"m{i}" for i in range(draw(st.integers(0, 2)))]
        in_b = draw(
            st.lists(st.sampled_from(sorted(set(pool) | set(in_a))), min_size=2, unique=True)
        )
        in_b = [pid for pid in in_b if pid in s1 or pid not in pool] + newcomers_b
        if len(in_b) % 2:
            in_b = [*in_b, "m9"]
        if len(in_b) < 2:
            in_b = [*in_b, "m8", "m7"][:2] if len(in_b) == 0 else [*in_b, "m8"]
        conflict = None
        b_players = []
        for pid in in_b:
            state = s1[pid].rating if pid in s1 else None
            if pid in s1:
                choices = [None] + ([state] if state is not None else [])
                if state is not None:
                    choices.append(state + 7)  # another rating: 7.1, or refused
                given = draw(st.sampled_from(choices))
                if given is not None and given != state and conflict is None:
                    conflict = pid
            else:
                given = _rating(draw, kind) if kind != "lnmo" else None
            b_players.append(entry(pid, given))
        event_b = _event(root / "b", "B", "2025-02-15", b_players, _games(draw, in_b, "2025-02-15"))
        state_2 = root / "s2.csv"
        status, _out, err = _run(
            "rate", str(event_b), "--rules", name, "--players", str(state_1),
            "--save-state", str(state_2), "--format", "csv",
        )  # fmt: skip
        refused = conflict is not None and rules.state.differing_rating is None
        event("refused" if refused else "a rating of its own (7.1)" if conflict else "agreeing")

        for path in sorted(root.rglob("*.csv")):
            note(f"{path.relative_to(root)}:\n{path.read_text()}")
        with Ledger.create(root / "ledger.sqlite", name) as book:
            book.import_file(event_a, root / "p0.csv")
            book.import_file(event_b)
            book.rate_period("2025-01")
            if refused:
                # The one rule on both paths: an error naming both ratings, nothing applied.
                assert status == cli.EXIT_INPUT_ERROR and len(err.strip().splitlines()) == 1
                assert "has the rating" in err and str(s1[conflict].rating) in err
                assert not state_2.exists()
                before = book.published_list("2025-01", everyone=True).rows
                with pytest.raises(RatingkitError, match="has the rating"):
                    book.rate_period("2025-02")
                assert [r["period"] for r in book.periods().rows if r["rated"]] == ["2025-01"]
                assert book.published_list("2025-01", everyone=True).rows == before
                return
            assert status == 0, err
            book.rate_period("2025-02")
            ledger = _ledger_state(book)
        cli_state = {r.id: r for r in read_player_file(state_2)}
        columns = tuple(c for c in rules.state.columns if c not in ("born", "prior_grade"))
        for pid in sorted(set(in_a) | set(in_b)):
            assert pid in cli_state and pid in ledger, pid
            assert _cells(cli_state[pid], columns) == _cells(ledger[pid], columns), pid


def test_the_issue_s_files_rate_everyone_from_the_player_file(tmp_path):
    """The files of the issue: ``players.csv`` beside the games holds only id and name, the
    player file p0.csv the ratings.  ``rate`` rates everyone from p0.csv (FIDE 2014: K 20,
    100 games, born 1990, under 2400, 8.56), and ``--save-state`` writes the rating."""
    from fide_by_hand import half_away, pd

    event = tmp_path / "ev"
    event.mkdir()
    (event / "players.csv").write_text("id,name\na,Ann\nb,Bob\nc,Cid\nd,Dee\n")
    (event / "games.csv").write_text(
        "round,white,black,result\n1,a,b,1-0\n1,c,d,1/2-1/2\n2,b,c,0-1\n2,d,a,1/2-1/2\n"
    )
    (event / "event.csv").write_text("field,value\ntype,swiss\nstart,2016-03-01\n")
    ratings = {"a": 2071, "b": 1950, "c": 1800, "d": 2000}
    names = {"a": "Ann", "b": "Bob", "c": "Cid", "d": "Dee"}
    (tmp_path / "p0.csv").write_text(
        "id,name,rating,games,born,ever_2400\n"
        + "".join(f"{p},{names[p]},{r},100,1990-01-01,no\n" for p, r in ratings.items())
    )
    state = tmp_path / "s.csv"
    status, out, err = _run(
        "rate", str(event), "--players", str(tmp_path / "p0.csv"), "--rules", "fide-2014",
        "--save-state", str(state), "--format", "csv",
    )  # fmt: skip
    assert status == 0, err
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out))}
    assert {p: int(r["rating_before"]) for p, r in rows.items()} == ratings
    # Ann: a win against Bob (D 121) and a draw with Dee (D 71).
    ann = 20 * ((1 - pd(2071 - 1950)) + (Fraction(1, 2) - pd(2071 - 2000)))
    assert int(rows["a"]["rating_after"]) == 2071 + half_away(ann)
    saved = {r.id: r for r in read_player_file(state)}
    assert saved["a"].rating == 2071 + half_away(ann)
    assert {p: r.rating for p, r in saved.items()} == {
        p: int(r["rating_after"]) for p, r in rows.items()
    }
    assert all(r.games == 102 and r.born is not None for r in saved.values())
    assert isinstance(read_player_file(state), PlayerFile)
