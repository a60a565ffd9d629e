"""services.ledger.rating's ``_participants`` (issue 28, part 3): each event's players, built
field by field straight into the object's dictionary, are the players the ``Player``
constructor makes from the same stored rows (fields, repr, key order, shared keys)."""

from __future__ import annotations

import json
import sys
from dataclasses import fields
from datetime import date
from pathlib import Path

from ratingkit.core.model import Player
from ratingkit.services.ledger import Ledger

ROOT = Path(__file__).resolve().parents[1]
NATIONAL = ROOT / "examples" / "national-list"


def _constructed(book: Ledger, period: str) -> dict[int, list[Player]]:
    """The general way: each stored participant given to ``Player(...)``, with his event
    start number in ``extra`` and his ledger id as the identity (no fide_id)."""
    found: dict[int, list[Player]] = {}
    for (
        event_id,
        player_id,
        local_id,
        rating,
        extra,
        name,
        fed,
        title,
        born,
    ) in book._connection.execute(
        "SELECT pa.event_id, pa.player_id, pa.local_id, pa.rating, pa.extra, pl.name,"
        " pl.federation, pl.title, pl.born FROM participants pa, events e, players pl"
        " WHERE e.id = pa.event_id AND pl.id = pa.player_id AND e.period = ?"
        " ORDER BY pa.rowid",
        (period,),
    ):
        found.setdefault(event_id, []).append(
            Player(
                id=str(player_id),
                name=name,
                rating=rating,
                federation=fed,
                title=title,
                born=date.fromisoformat(born) if born else None,
                extra={**json.loads(extra), "start_number": local_id},
            )
        )
    return found


def test_participants_are_the_constructors_players(tmp_path):
    book = Ledger.create(tmp_path / "book.sqlite", "fide-2014")
    book.import_list(NATIONAL / "fide-list-2024-02.txt")
    book.import_file(NATIONAL / "2024-03-march-open-games.csv")
    book.import_file(NATIONAL / "2024-03-rapid-evening-games.csv")
    book.import_file(NATIONAL / "2024-04-club-championship.csv", NATIONAL / "club-roster.csv")
    names = [f.name for f in fields(Player)]
    seen_born = seen_federation = False
    with book:
        for period in book._known_periods():
            fast = book._participants(period)
            general = _constructed(book, period)
            assert fast == general
            assert fast.keys() == general.keys()
            for event_id, players in fast.items():
                for made, built in zip(players, general[event_id], strict=True):
                    assert repr(made) == repr(built)
                    assert list(vars(made)) == names
                    assert dict(made.extra) == dict(built.extra)
                    assert type(made.extra) is type(built.extra)
                    # The dictionary shares its keys with the constructor's objects.
                    assert sys.getsizeof(vars(made)) == sys.getsizeof(vars(built))
                    seen_born = seen_born or made.born is not None
                    seen_federation = seen_federation or made.federation is not None
    assert sum(len(p) for p in general.values()) > 0
    assert seen_born and seen_federation
