"""The ledger's IntegrityError of issue 14, point 14, found by fuzzing the readers into a
ledger: rating a period whose event has FIDE ids (every real TRF) failed with
``sqlite3.IntegrityError: FOREIGN KEY constraint failed`` in ``Ledger._rate_one``, because the
FIDE rule sets key their new state by FIDE id.  Now it rates; two players of one file with
one FIDE id are refused at import; anything the ledger still cannot store is a clean
``LedgerError`` and the ledger is left as it was (one transaction)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from conftest import ROOT

from ratingkit import RatingkitError
from ratingkit import registry as rulesets
from ratingkit.core.outcome import EventKey, EventOutcome, Outcome, PlayerOutcome, Status
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.core.ruleset import RuleSetMembers, events_of
from ratingkit.formats import read_event
from ratingkit.services.ledger import Ledger, LedgerError

KARL_MALA = ROOT / "examples" / "karl-mala-2005-swiss.trf"


def _count(path: Path, table: str) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_a_trf_with_fide_ids_is_rated_in_a_ledger_each_state_under_its_own_player(tmp_path):
    path = tmp_path / "fide.sqlite"
    with Ledger.create(path, "fide-2014") as book:
        book.import_file(KARL_MALA, period="2005-07")
        book.rate_period("2005-07")  # IntegrityError before
        listed = {row["name"]: row["rating"] for row in book.published_list("2005-07").rows}
        fide_ids = dict(book._connection.execute("SELECT name, fide_id FROM players"))
    # The ledger's bookkeeping against the same event rated directly: each player's list
    # rating is the rating fide-2014 gives him (found by his FIDE id, as the file has them).
    event = read_event(KARL_MALA)
    direct = rulesets.get_rule_set("fide-2014").outcome(event)
    by_fide = {p.fide_id: p for p in event.players if p.fide_id}
    checked = 0
    for rated in direct.players:
        player = event.player(rated.id)
        if player.fide_id is None or rated.rating_after is None or player.rating is None:
            continue
        assert fide_ids[player.name] == player.fide_id
        assert listed[player.name] == rated.rating_after, player.name
        checked += 1
    assert checked > 100 and len(by_fide) > 100


def test_two_players_with_one_fide_id_are_refused_at_import_and_nothing_is_stored(tmp_path):
    lines = KARL_MALA.read_text(encoding="latin-1").splitlines(keepends=True)
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    first, second = lines[players[0]], lines[players[1]]
    # TRF 001 columns 58-68 hold the FIDE id: player 2 gets player 1's.
    lines[players[1]] = second[:57] + first[57:68] + second[68:]
    copy = tmp_path / "twice.trf"
    copy.write_text("".join(lines), encoding="latin-1")
    fide_id = first[57:68].strip()
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book, pytest.raises(RatingkitError, match=fide_id):
        book.import_file(copy, period="2005-07")
    for table in ("players", "events", "participants", "games", "packed_games"):
        assert _count(path, table) == 0, table


@dataclass(frozen=True)
class _StrayState(RuleSetMembers):
    """A rule set whose new state names a player the ledger does not have."""

    name: str = "stray-state"
    title: str = "returns state for an unknown player (test stand-in)"
    document: str = "tests/test_ledger_integrity.py"
    valid_from: date | None = None
    valid_until: date | None = None

    def outcome(self, events, players=None):
        # Every rule set returns its typed outcome (the protocol); this one's new state names a
        # stranger.
        event = events_of(events)[0][0]
        players_out = tuple(
            PlayerOutcome(
                p.id, p.name, p.rating, 0, 0, None, None, p.rating, Status.RATED, detail=None
            )
            for p in event.players
        )
        state = PlayerFile((PlayerRecord(id="987654", name="nobody", rating=1500),))
        outcome = Outcome(
            self.name,
            event.name,
            players_out,
            (EventOutcome(EventKey.of(event), players_out),),
            new_state=state,
        )
        return outcome


@pytest.fixture
def stray(monkeypatch):
    rulesets.rule_sets()
    monkeypatch.setattr(rulesets, "_REGISTRY", dict(rulesets._REGISTRY))
    rulesets.register(_StrayState())


def test_state_the_ledger_cannot_place_is_a_clean_error_and_changes_nothing(stray, tmp_path):
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "stray-state") as book:
        book.import_file(ROOT / "tests" / "data" / "ledger" / "spring-games.csv")
        period = book.periods().rows[0]["period"]
        with pytest.raises(LedgerError, match="987654"):
            book.rate_period(period)
    for table in ("periods", "state", "published", "results"):
        assert _count(path, table) == 0, table


def test_a_value_beyond_sqlite_integers_is_a_clean_error_and_changes_nothing(tmp_path):
    # A rating beyond SQLite's integers: the CSV reader refuses it now (ratings 0-4000), before
    # the ledger's own guard against an OverflowError is reached; either way the import is a
    # clean error and leaves the ledger as it was.
    folder = tmp_path / "pair"
    folder.mkdir()
    (folder / "players.csv").write_text(
        "id,name,rating\na,A,99999999999999999999\nb,B,1500\n", encoding="utf-8"
    )
    (folder / "games.csv").write_text("round,white,black,result\n1,a,b,1-0\n", encoding="utf-8")
    path = tmp_path / "l.sqlite"
    with Ledger.create(path, "fide-2014") as book, pytest.raises(RatingkitError):
        book.import_file(folder, period="2024-01")
    for table in ("players", "events", "participants", "games", "packed_games"):
        assert _count(path, table) == 0, table
