"""Issue 28, part 3 (sixth round): texts translated once an event or a period and filled
for each player (fide.state.read_states' 7.1 note) are the catalogs' texts, filled with each
player's own values, in the language in force at each event."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ratingkit.core.i18n import language_of
from ratingkit.core.model import Event, Player
from ratingkit.core.players import PlayerFile, PlayerRecord
from ratingkit.fide.state import read_states

LOCALE = Path(__file__).resolve().parent.parent / "ratingkit" / "locale"

#: FIDE 2014 7.1's note of a rating the event gives that differs from the player file's.
DIFFERING = (
    "{name!r}: the player file's rating {rating} is the previous list's: the event is rated "
    "with its own {event_rating} (and its K), the change goes onto {rating} (7.1)"
)


def catalog_text(language: str, message: str) -> str:
    """``message`` as the language's catalog has it, read from the .po file itself."""
    if language == "en":
        return message
    with (LOCALE / language / "LC_MESSAGES" / "rules.po").open("rb") as po:
        text = read_po(po, locale=language)[message].string
    assert text and text != message
    return str(text)


def event_and_file(first_name: str) -> tuple[Event, PlayerFile]:
    file = PlayerFile(
        (
            PlayerRecord(id="1", name=first_name, rating=2410),
            PlayerRecord(id="2", name="Moreau Jules", rating=1900),
            PlayerRecord(id="3", name="Lind Eva", rating=1700),
        ),
        "players.csv",
    )
    event = Event(
        name="Open",
        players=(
            Player("1", first_name, rating=2400),
            Player("2", "Moreau Jules", rating=1950),
            Player("3", "Lind Eva", rating=1700),  # the same rating: no note
        ),
        games=(),
    )
    return event, file


@pytest.mark.parametrize("language", ["en", "ru", "tr"])
def test_each_players_7_1_note_is_the_catalogs_text_filled_with_his_values(language):
    form = catalog_text(language, DIFFERING)
    event, file = event_and_file("Tanaka Aiko")
    with language_of(language):
        _states, notes = read_states(event, file)
    # The notes naming players: 7.1's (another counts the players matched by id).
    assert [(note.text, note.players) for note in notes if note.players] == [
        (form.format(name="Tanaka Aiko", rating=2410, event_rating=2400), ("1",)),
        (form.format(name="Moreau Jules", rating=1900, event_rating=1950), ("2",)),
    ]


def test_each_event_speaks_the_language_in_force_when_it_is_read():
    # The form is made once an event, never kept from an earlier event's language.
    seen = []
    for language in ("ru", "tr", "en", "ru"):
        event, file = event_and_file("Tanaka Aiko")
        with language_of(language):
            _states, notes = read_states(event, file)
        seen.append(notes[0].text)
    assert seen == [
        catalog_text(language, DIFFERING).format(name="Tanaka Aiko", rating=2410, event_rating=2400)
        for language in ("ru", "tr", "en", "ru")
    ]
    assert len(set(seen)) == 3
