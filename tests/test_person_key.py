"""One key of a person and one matcher (issue 28 part 1): the FIDE period's grouping
(fide.state.person_key), the ledger's stored key and the CLI's --player all take them from
core.players.  The expected keys are worked by hand from the rule each docstring states."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ratingkit.core.model import Event, EventType, Player
from ratingkit.core.players import PersonKind, find_in_rows, person_key
from ratingkit.fide.state import person_key as fide_person_key
from ratingkit.services.ledger import Ledger

# "Müller" written decomposed (u + combining diaeresis), as one file may write it.
DECOMPOSED = "Mu\u0308ller, Hans"
COMPOSED = "M\u00fcller, Hans"


def _event(*players: Player, local_ids: bool) -> Event:
    return Event(name="e", players=players, games=(), type=EventType.SWISS, local_ids=local_ids)


@pytest.mark.parametrize(
    ("player", "local_ids", "kind", "value", "stored"),
    [
        # A FIDE id names the person wherever he plays (FIDE 2014 8.57's one rating per person).
        (
            Player("7", DECOMPOSED, fide_id="4100018"),
            True,
            PersonKind.FIDE_ID,
            "4100018",
            "fide:4100018",
        ),
        (
            Player("7", DECOMPOSED, fide_id="4100018"),
            False,
            PersonKind.FIDE_ID,
            "4100018",
            "fide:4100018",
        ),
        # Else the id his file gives him, when the file's ids are the players' own.
        (Player("be01", DECOMPOSED), False, PersonKind.OWN_ID, "be01", "id:be01"),
        # Start numbers: his name, composed, its case kept; the ledger keys names apart.
        (Player("7", DECOMPOSED), True, PersonKind.NAME, COMPOSED, None),
    ],
)
def test_the_one_key_of_a_person(player, local_ids, kind, value, stored):
    key = person_key(player, local_ids)
    assert (key.kind, key.value, key.stored) == (kind, value, stored)
    event = _event(player, local_ids=local_ids)
    # The FIDE period's grouping and the ledger's stored key are this key.
    assert fide_person_key(player, event) == value
    assert Ledger._player_key(player, event) == stored


def test_a_name_written_two_ways_is_one_person():
    player = Player("7", DECOMPOSED)
    assert person_key(player, True) == person_key(replace(player, name=COMPOSED), True)


ROWS = (
    {"id": "1", "name": "Ann"},
    {"id": "2", "name": "ANN"},
    {"id": "3", "name": "Bob"},
    {"id": "Bob", "name": "Cid"},
)


@pytest.mark.parametrize(
    ("text", "positions"),
    [
        ("3", [2]),  # by id
        ("bob", [2]),  # no id "bob": by name, case folded
        ("Bob", [3]),  # an id comes before a name
        ("ann", [0, 1]),  # two players of one name: ambiguous, both given for the message
        ("Zed", []),
    ],
)
def test_the_cli_player_is_found_by_the_one_matcher(text, positions):
    assert find_in_rows(ROWS, text) == positions
