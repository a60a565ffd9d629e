"""fide.engine.report.note_texts (a period report's notes in English without asking for the
language once a note, issue 28 part 3) gives ``str(note)`` of each note, the general way,
in every language and for every class of note."""

from __future__ import annotations

import pytest

from ratingkit.core.i18n import language_of
from ratingkit.core.model import ReadNote
from ratingkit.core.notes import Note, NoteKind
from ratingkit.fide.engine.report import note_texts


class _Shouting(Note):
    """A note class with words of its own: the shortcut must not read its text."""

    def __str__(self) -> str:
        return self.text.upper()


def _notes() -> list[Note]:
    return [
        Note(NoteKind.RULE, "rated"),  # a text the catalogs translate
        Note(NoteKind.RULE, "'Tanaka Aiko': a text no catalog has (7.1)", None, ("1",)),
        Note(NoteKind.READ, ""),
        ReadNote("players.csv: 3 players matched by id"),
        _Shouting(NoteKind.DEFAULT, "k assumed"),
    ]


@pytest.mark.parametrize("language", ["en", "ru", "tr"])
def test_note_texts_are_str_of_each_note(language: str) -> None:
    notes = _notes()
    with language_of(language):
        expected = tuple(str(note) for note in notes)
        assert note_texts(notes) == expected
        assert all(type(text) is str for text in note_texts(notes))
    assert expected[-1] == "K ASSUMED"
    if language == "ru":
        assert expected[0] == "обсчитан"  # ratingkit/locale/ru/LC_MESSAGES/cli.po
    elif language == "en":
        assert expected[0] == "rated"
