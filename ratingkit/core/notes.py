"""The small values that a reader, the event model and a rule set all write: the game an event
is (:class:`GameKind`), a note (:class:`Note`, its :class:`NoteKind`, the :class:`Rule` it
cites) and the digest of an event's content (:func:`content_digest`).

They lie below :mod:`ratingkit.core.model`, :mod:`ratingkit.core.players` and
:mod:`ratingkit.core.outcome`, which all use them, so that none of those imports another in a
circle; :mod:`ratingkit.core.outcome` offers them under its name too.
"""

from __future__ import annotations

import enum
import hashlib
import marshal
from dataclasses import dataclass

from .i18n import N_, _

__all__ = ["GameKind", "Note", "NoteKind", "Rule", "content_digest"]


class GameKind(enum.Enum):
    """The game an event is, and the game a rule set rates."""

    CHESS = N_("chess")
    SHOGI = N_("shogi")

    def __str__(self) -> str:
        return self.value


class NoteKind(enum.Enum):
    """What a note is about."""

    #: What reading the files found (encoding, the event type detected, players matched).
    READ = N_("read")
    #: A default assumed where the input says nothing (no player file: K taken as ...).
    DEFAULT = N_("default")
    #: A documented decision on a point the rules leave open.
    DECISION = N_("decision")
    #: A rule applied to some players or games (the 400-point cap, a K group, an iteration).
    RULE = N_("rule")
    #: The rule set was named for an event outside the dates its document was in force.
    OUT_OF_FORCE = N_("out of force")
    #: Something the officer should look at (a fixed point that did not settle ...).
    WARNING = N_("warning")

    def __str__(self) -> str:
        """The kind in words, in the language now in force (``value`` is the English key)."""
        return _(self.value)


@dataclass(frozen=True)
class Rule:
    """A clause of a document and what it says, e.g. ``Rule("8.54", "D capped at 400")``.

    ``clause`` is the number as the document prints it ("8.3.1", "10.61", "rule 9", "4a");
    ``text`` says what it did here, in words (English, marked with ``N_`` where it is made).
    Printed as ``"8.54: D capped at 400"``, the text in the language now in force.
    """

    clause: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.clause}: {_(self.text)}" if self.text else self.clause


@dataclass(frozen=True)
class Note:
    """A note of a report as a value: its kind, its words, the rule and the players."""

    kind: NoteKind
    text: str
    rule: Rule | None = None
    #: Ids of the players it concerns (empty: the whole event).
    players: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The note's words in the language now in force (``text`` is kept as made).

        Always a plain ``str``: ``str(note)`` given a ``str`` subclass back (a reader's
        ``ReadNote`` as the text) would call that object's ``__init__`` again with this note."""
        return str.__str__(_(self.text))


def content_digest(content: tuple[object, ...]) -> str:
    """The digest of a tuple of plain values (str, int, None, tuples of them): ``marshal``'s
    version 2, which writes every value out (no references by identity, so equal content gives
    equal bytes however its objects are shared), hashed with BLAKE2b."""
    data = marshal.dumps(content, 2)  # type: ignore[arg-type]  # plain values, checked by marshal
    return hashlib.blake2b(data, digest_size=8).hexdigest()
